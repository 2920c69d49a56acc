//! The knight's tour puzzle mode as plain unit tests: commands in, state
//! and findings out, jobs run on the test's own thread.

use gridtour::i18n::{self, Language};
use gridtour::knight::TourKind;
use gridtour::numbers::Level;

use super::*;
use crate::app::command::Step;
use crate::app::jobs::run_here;
use crate::app::modes::numbers::work::Request;
use crate::app::modes::{Report, Work};

/// Runs every job `effects` start to its end, as the window would in the
/// background, and hands the session what it reports.
fn give(session: &mut NumbersSession, command: NumbersCommand) {
    for effect in session.apply(command) {
        if let Effect::Start(job) = effect {
            let ran = run_here(Work::Numbers(job));
            match ran.result {
                Some(Report::Numbers(report)) => session.job_done(report, ran.label, ran.progress),
                other => panic!("the job ended without a report: {other:?}"),
            }
        }
    }
}

fn article() -> NumbersSession {
    NumbersSession::new(&NumbersSettings::default())
}

fn at(session: &NumbersSession, name: &str) -> Square {
    session.board().parse_square(name).expect("a square")
}

#[test]
fn clicks_lay_the_smallest_missing_number_and_undo_takes_them_back() {
    let mut session = article();
    let (d4, c2) = (at(&session, "d4"), at(&session, "c2"));
    give(&mut session, NumbersCommand::Click(d4));
    give(&mut session, NumbersCommand::Click(c2));
    assert_eq!(session.play().number(d4), Some(2));
    assert_eq!(session.play().number(c2), Some(3));
    // Taking 2 back leaves 2 missing: the next click lays it.
    give(&mut session, NumbersCommand::Click(d4));
    assert_eq!(session.play().next_missing(), Some(2));
    give(&mut session, Common::Step(Step::Undo).into());
    assert_eq!(session.play().number(d4), Some(2));
    give(&mut session, Common::Step(Step::Undo).into());
    give(&mut session, Common::Step(Step::Undo).into());
    assert_eq!(session.play().next_missing(), Some(2));
    give(&mut session, Common::Step(Step::Redo).into());
    assert_eq!(session.play().number(d4), Some(2));
    // The given 1 stays whatever is clicked.
    let b5 = at(&session, "b5");
    give(&mut session, NumbersCommand::Click(b5));
    assert_eq!(session.play().number(b5), Some(1));
}

#[test]
fn a_finding_speaks_of_its_position_and_goes_when_the_board_moves_on() {
    let mut session = article();
    let (d4, a3) = (at(&session, "d4"), at(&session, "a3"));
    give(&mut session, NumbersCommand::Click(d4));
    give(&mut session, NumbersCommand::Click(a3));
    assert!(matches!(
        session.finding(),
        Some(Finding::Broken(_, Asked::Laid))
    ));
    assert_eq!(session.marked(), vec![d4, a3]);
    let laid = session.finding_words().expect("the rule broken");
    assert!(laid.starts_with("Against the rules: "), "{laid}");
    // Check and Hint name the same rule, each in its own words.
    give(&mut session, NumbersCommand::Check);
    let checked = session.finding_words().expect("the rule broken");
    assert!(checked.starts_with("Check: "), "{checked}");
    give(&mut session, NumbersCommand::Hint);
    let hinted = session.finding_words().expect("the rule broken");
    assert!(hinted.starts_with("Hint: first mend"), "{hinted}");
    assert_eq!(
        laid.strip_prefix("Against the rules: "),
        hinted.strip_prefix("Hint: first mend what breaks the rules: ")
    );
    give(&mut session, Common::Step(Step::Undo).into());
    assert_eq!(session.finding(), None);
    give(&mut session, NumbersCommand::Check);
    assert_eq!(session.finding(), Some(&Finding::CanFinish));
    give(&mut session, NumbersCommand::Hint);
    let c2 = at(&session, "c2");
    assert_eq!(
        session.finding(),
        Some(&Finding::Hint {
            number: 3,
            square: c2,
            forced_from: Some((2, d4)),
        })
    );
    give(&mut session, NumbersCommand::Restart);
    assert_eq!(session.finding(), None);
    assert_eq!(session.play().next_missing(), Some(2));
    give(&mut session, Common::Step(Step::Undo).into());
    assert_eq!(session.play().number(d4), Some(2));
}

#[test]
fn a_generated_puzzle_is_unique_named_by_its_seed_in_either_language_and_kept() {
    let mut session = article();
    let board = Board::new(6, 6).expect("a board");
    give(
        &mut session,
        NumbersCommand::Generate(Request {
            board,
            kind: TourKind::Closed,
            level: Some(Level::Hard),
            seed: 5,
        }),
    );
    let puzzle = session.play().puzzle().clone();
    assert_eq!(puzzle.kind(), TourKind::Closed);
    assert_eq!(
        gridtour::numbers::count(&puzzle, Some(2), &gridtour::job::Control::new()),
        gridtour::job::Outcome::Done(1)
    );
    i18n::set(Language::Japanese);
    let japanese = session.source();
    i18n::set(Language::English);
    assert_eq!(session.source(), "generated puzzle (seed 5)");
    assert!(japanese.contains("シード 5"), "{japanese}");
    // A hint needs no search: the generator's solution is kept.
    give(&mut session, NumbersCommand::Hint);
    assert!(matches!(session.finding(), Some(Finding::Hint { .. })));
    let mut settings = NumbersSettings::default();
    session.remember(&mut settings);
    let again = NumbersSession::new(&settings);
    assert_eq!(again.play().puzzle(), &puzzle);
    assert_eq!(again.source(), "generated puzzle (seed 5)");
}

#[test]
fn every_example_opens_and_is_named_by_its_board_in_both_languages() {
    let mut session = article();
    for index in 0..EXAMPLES.len() {
        give(&mut session, NumbersCommand::LoadExample(index));
        assert_eq!(session.source, Source::Example(index));
        let board = session.board();
        let size = format!("{}x{}", board.width(), board.height());
        let english = session.source();
        i18n::set(Language::Japanese);
        let japanese = session.source();
        i18n::set(Language::English);
        assert!(english.starts_with(&size), "{english}");
        assert!(japanese.starts_with(&size) && japanese != english, "{japanese}");
    }
    // The history holds every example: undo walks back to the first.
    for _ in 0..EXAMPLES.len() {
        give(&mut session, Common::Step(Step::Undo).into());
    }
    assert_eq!(session.source, Source::Article);
}

/// Fills the board with the numbers of `solution` by clicks, smallest
/// first.
fn solve_by_clicks(session: &mut NumbersSession, solution: &Filled) {
    let board = session.board().clone();
    let mut order: Vec<Square> = board.open_squares().collect();
    order.sort_by_key(|&square| solution[board.index(square)]);
    for square in order {
        if session.play().puzzle().given(square).is_none() {
            give(session, NumbersCommand::Click(square));
        }
    }
    assert!(session.play().is_solved());
}

#[test]
fn the_shelf_keeps_the_puzzles_met_their_levels_and_best_times() {
    let mut session = article();
    // The shipped puzzles are on it from the first run, with their levels.
    let records = session.shelf().records().to_vec();
    assert_eq!(records.len(), EXAMPLES.len());
    assert!(records.iter().all(|record| record.level.is_some()));
    let board = Board::new(5, 5).expect("a board");
    let request = Request {
        board,
        kind: TourKind::Open,
        level: Some(Level::Medium),
        seed: 3,
    };
    give(&mut session, NumbersCommand::Generate(request));
    let link = to_link(session.play().puzzle());
    let record = session.shelf().get(&link).expect("a generated puzzle is kept").clone();
    assert_eq!(record.level.as_deref(), Some("medium"));
    assert_eq!(Source::of_shelf_name(&record.name), Source::Generated(3));
    assert_eq!(session.shelf().records()[0].url, link, "the newest first");
    let solution = session.solution.clone().expect("the generator's solution");
    // A solve helped by a hint is solved, with no best time.
    give(&mut session, NumbersCommand::Hint);
    solve_by_clicks(&mut session, &solution);
    let record = session.shelf().get(&link).expect("kept");
    assert!(record.solved && record.best_seconds.is_none(), "{record:?}");
    // Started over and solved alone, it has one.
    give(&mut session, NumbersCommand::Restart);
    solve_by_clicks(&mut session, &solution);
    assert!(session.best_time().is_some());
    // The shelf survives a restart, and a click on it opens the puzzle.
    let mut settings = NumbersSettings::default();
    session.remember(&mut settings);
    let mut again = NumbersSession::new(&settings);
    give(&mut again, NumbersCommand::LoadExample(1));
    give(&mut again, NumbersCommand::OpenFromShelf(link.clone()));
    assert_eq!(to_link(again.play().puzzle()), link);
    assert_eq!(again.source, Source::Generated(3));
    assert!(again.best_time().is_some());
    // A link the shelf no longer has is refused in words.
    assert!(again.core.notice.is_none());
    give(&mut again, NumbersCommand::OpenFromShelf("gridtour:numbers?size=3x3".into()));
    assert_eq!(to_link(again.play().puzzle()), link);
    assert!(again.core.notice.is_some());
}

/// Each example's level in the menu is the one its puzzle rates; the
/// article's, with two solutions (one each way), is not rated.
#[test]
fn every_example_s_level_is_its_rating() {
    for (index, (name, _, level)) in EXAMPLES.iter().enumerate() {
        let (read, _) = example(index).expect("it reads");
        let rated = gridtour::numbers::rate(&read.puzzle, &gridtour::job::Control::new());
        match rated {
            gridtour::job::Outcome::Done(Some(rating)) => {
                assert_eq!(rating.level(), *level, "{name}")
            }
            _ => assert_eq!(index, 0, "{name} is not rated"),
        }
    }
}

#[test]
fn generate_makes_the_article_s_form_when_asked() {
    let mut session = article();
    let request = Request {
        board: Board::new(5, 5).expect("a board"),
        kind: TourKind::Closed,
        level: None,
        seed: 2,
    };
    give(&mut session, NumbersCommand::Generate(request));
    let puzzle = session.play().puzzle().clone();
    assert_eq!(puzzle.givens().len(), 1);
    assert!(!puzzle.board().blocked_squares().is_empty());
    assert_eq!(
        gridtour::numbers::count(&puzzle, Some(3), &gridtour::job::Control::new()),
        gridtour::job::Outcome::Done(2),
        "one closed tour, walked either way"
    );
    assert!(session.summary().contains("holes and the 1 alone"), "{}", session.summary());
    // Not rated: a closed one has two solutions, one each way.
    let link = to_link(&puzzle);
    assert_eq!(session.shelf().get(&link).and_then(|record| record.level.clone()), None);
}

#[test]
fn pencil_marks_toggle_undo_and_stay_with_their_game() {
    let mut session = article();
    let (d4, c2, b5) = (at(&session, "d4"), at(&session, "c2"), at(&session, "b5"));
    give(&mut session, NumbersCommand::Mark { square: d4, number: 5 });
    give(&mut session, NumbersCommand::Mark { square: d4, number: 2 });
    assert_eq!(session.marks(d4), [2, 5]);
    // A second mark of the same number takes it off; undo puts it back.
    give(&mut session, NumbersCommand::Mark { square: d4, number: 5 });
    assert_eq!(session.marks(d4), [2]);
    give(&mut session, Common::Step(Step::Undo).into());
    assert_eq!(session.marks(d4), [2, 5]);
    // Only empty squares take marks, of numbers the puzzle has.
    assert!(session.core.notice.is_none());
    give(&mut session, NumbersCommand::Mark { square: b5, number: 3 });
    assert!(session.core.notice.take().is_some(), "a given's square is refused");
    give(&mut session, NumbersCommand::Mark { square: c2, number: 99 });
    assert!(session.marks(b5).is_empty() && session.marks(c2).is_empty());
    assert!(session.core.notice.is_some());
    // Kept between runs; a restart clears them, and undo brings them back.
    let mut settings = NumbersSettings::default();
    session.remember(&mut settings);
    let mut again = NumbersSession::new(&settings);
    assert_eq!(again.marks(d4), [2, 5]);
    give(&mut again, NumbersCommand::Click(c2));
    give(&mut again, NumbersCommand::Restart);
    assert!(again.marks(d4).is_empty());
    give(&mut again, Common::Step(Step::Undo).into());
    assert_eq!(again.marks(d4), [2, 5]);
}

#[test]
fn saved_marks_and_names_are_kept_only_as_the_board_can_hold_them() {
    let mut settings = NumbersSettings::default();
    article().remember(&mut settings);
    let area = settings.marks.len();
    let last = article().play().puzzle().last_number();
    // A saved state may hold anything: marks of no number, beyond the
    // last, twice, and a million on one square; a name of ten million
    // characters.
    let mut marks = vec![0, u32::MAX, 3, 3, last + 1, 2];
    marks.extend((0..1_000_000).map(|mark| mark % (last + 5)));
    settings.marks = vec![Vec::new(); area];
    settings.marks[1] = marks;
    settings.source_name = Some("x".repeat(10_000_000));
    let session = NumbersSession::new(&settings);
    let square = session.board().squares().nth(1).expect("a square");
    let kept = session.marks(square);
    assert_eq!(kept, (1..=last).collect::<Vec<u32>>());
    let name = session.source.shelf_name();
    assert!(name.chars().count() <= gridtour::message::MAX_NAME_CHARS + 1, "{}", name.len());
}

#[test]
fn a_game_solved_after_a_hint_says_so() {
    for hinted in [false, true] {
        let mut session = article();
        let puzzle = session.play().puzzle().clone();
        let gridtour::job::Outcome::Done(Some(solution)) =
            gridtour::numbers::solve(&puzzle, &gridtour::job::Control::new())
        else {
            panic!("the article's puzzle is solved")
        };
        if hinted {
            give(&mut session, NumbersCommand::Hint);
        }
        let board = session.board().clone();
        for number in 2..=puzzle.last_number() {
            let square = board
                .squares()
                .find(|&square| solution[board.index(square)] == number)
                .expect("a square");
            if puzzle.given(square).is_none() {
                give(&mut session, NumbersCommand::Click(square));
            }
        }
        assert!(session.play().is_solved());
        let said = session.finding_words().expect("solved");
        assert!(said.starts_with("Solved in"), "{said}");
        assert_eq!(said.contains("with hints"), hinted, "{said}");
        // After a restart the game says the same, its clock stopped.
        let mut settings = NumbersSettings::default();
        session.remember(&mut settings);
        let again = NumbersSession::new(&settings);
        assert_eq!(again.finding_words().as_deref(), Some(said.as_str()));
        assert!(again.clock().time_taken().is_some());
    }
}

#[test]
fn a_game_in_progress_comes_back_with_its_clock() {
    let mut session = article();
    session.in_view(true);
    let square = session
        .board()
        .open_squares()
        .find(|&square| session.play().puzzle().given(square).is_none())
        .expect("an empty square");
    give(&mut session, NumbersCommand::Click(square));
    assert!(session.clock().is_running());
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut settings = NumbersSettings::default();
    session.remember(&mut settings);
    let saved = settings.clock.expect("a timed game");
    assert!(saved.seconds >= 0.02 && !saved.stopped, "{saved:?}");
    let mut again = NumbersSession::new(&settings);
    let now = Instant::now();
    assert_eq!(
        again.clock().reading(now),
        Some(std::time::Duration::from_secs_f64(saved.seconds))
    );
    assert!(!again.clock().is_running(), "held until in view");
    again.in_view(true);
    assert!(again.clock().is_running());
    // A board with no number laid has no clock to take up.
    give(&mut again, NumbersCommand::Restart);
    again.remember(&mut settings);
    assert_eq!(settings.clock, None);
}
