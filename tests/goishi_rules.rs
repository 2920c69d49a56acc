//! The rule checker and the play state: each rule is caught at the right
//! step, legal moves are offered, and undo takes picks back.

use gridtour::goishi::format;
use gridtour::goishi::{Game, Point, Puzzle, validate};

/// Stones at [0,0] [2,0] [4,0] / [2,1] / [0,2] [2,2] (x and y from 0).
fn puzzle() -> Puzzle {
    format::load_bytes("rules.txt", b"\"O O O\"\n\"  O  \"\n\"O O  \"\n")
        .unwrap()
        .puzzle
}

fn points(list: &[(u32, u32)]) -> Vec<Point> {
    list.iter().map(|&(x, y)| Point::new(x, y)).collect()
}

fn violation(order: &[(u32, u32)]) -> (usize, String) {
    let error = validate(&puzzle(), &points(order)).expect_err("the order breaks a rule");
    (error.step, error.to_string())
}

#[test]
fn accepts_valid_orders_including_passing_over_picked_stones() {
    validate(
        &puzzle(),
        &points(&[(4, 0), (2, 0), (2, 1), (2, 2), (0, 2), (0, 0)]),
    )
    .unwrap();
    // The last move passes over (2,0), picked at step 1.
    validate(
        &puzzle(),
        &points(&[(2, 0), (2, 1), (2, 2), (0, 2), (0, 0), (4, 0)]),
    )
    .unwrap();
}

#[test]
fn each_rule_is_reported_at_its_step() {
    assert_eq!(
        violation(&[(1, 0)]),
        (1, "step 1: (2,1) is not a stone".into())
    );
    assert_eq!(
        violation(&[(0, 0), (2, 1)]),
        (2, "step 2: (3,2) is not in line with (1,1)".into())
    );
    assert_eq!(
        violation(&[(0, 0), (4, 0)]),
        (2, "step 2: jumped over the stone at (3,1)".into())
    );
    assert_eq!(
        violation(&[(2, 0), (4, 0), (0, 0)]),
        (
            3,
            "step 3: reversed direction: moving left right after moving right".into()
        )
    );
    assert_eq!(
        violation(&[(2, 0), (2, 1), (2, 0)]),
        (
            3,
            "step 3: the stone at (3,1) is picked twice (first at step 1)".into()
        )
    );
    assert_eq!(
        violation(&[(0, 0), (2, 0)]),
        (
            3,
            "step 3: stones left: 4 stones were never picked, the first at (5,1)".into()
        )
    );
    assert_eq!(violation(&[(9, 9)]).0, 1);
    assert_eq!(violation(&[]).0, 1);
}

#[test]
fn game_offers_legal_picks_and_undoes() {
    let mut game = Game::new(puzzle());
    assert_eq!(game.legal_picks(), puzzle().stones());
    game.try_pick(Point::new(4, 0)).unwrap();
    assert_eq!(game.legal_picks(), points(&[(2, 0)]));
    game.try_pick(Point::new(2, 0)).unwrap();
    // Moving left, so right is a reversal: down to (2,1) or on to (0,0).
    let mut legal = game.legal_picks();
    legal.sort();
    assert_eq!(legal, points(&[(0, 0), (2, 1)]));
    let refused = game.try_pick(Point::new(4, 0)).unwrap_err();
    assert_eq!(refused.step, 3);
    assert_eq!(game.picks().len(), 2, "a refused pick changes nothing");
    assert_eq!(game.undo(), Some(Point::new(2, 0)));
    assert!(!game.is_picked(Point::new(2, 0)));
    assert!(game.is_picked(Point::new(4, 0)));
    for p in points(&[(2, 0), (2, 1), (2, 2), (0, 2), (0, 0)]) {
        assert!(!game.is_complete());
        assert!(game.legal_picks().contains(&p), "{p} should be legal");
        game.try_pick(p).unwrap();
    }
    assert!(game.is_complete());
    assert!(game.legal_picks().is_empty());
    validate(game.puzzle(), game.picks()).unwrap();
    while game.undo().is_some() {}
    assert!(game.picks().is_empty());
    assert_eq!(game.undo(), None);
}
