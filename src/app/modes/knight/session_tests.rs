//! The knight's tour mode as plain unit tests: commands in, state and
//! effects out, jobs run on the test's own thread.

use web_time::Instant;

use gridtour::job::{Control, Outcome};
use gridtour::knight::{self, Algorithm, Board, Sampling, SolveResult, Square, TourKind};

use super::*;
use crate::app::browse::BROWSE_LIMIT;
use crate::app::jobs::run_here;
use crate::app::modes::knight::settings::KnightSettings;
use crate::app::modes::{Report, Work};

fn session(width: u32, height: u32) -> KnightSession {
    KnightSession::new(&KnightSettings {
        width,
        height,
        ..KnightSettings::default()
    })
}

fn square(session: &KnightSession, name: &str) -> Square {
    session.board().parse_square(name).expect("square name")
}

/// Runs every job `effects` start to its end, as the window would in the
/// background, and hands the session what they report.
fn run(session: &mut KnightSession, effects: Vec<Effect<KnightJob>>) {
    for effect in effects {
        if let Effect::Start(job) = effect {
            let ran = run_here(Work::Knight(job));
            for item in ran.items {
                if let Report::Knight(item) = item {
                    session.job_item(item);
                }
            }
            match ran.result {
                Some(Report::Knight(report)) => session.job_done(report, ran.label, ran.progress),
                other => panic!("the job ended without a knight report: {other:?}"),
            }
        }
    }
}

/// A click on the square named `name`.
fn click(session: &mut KnightSession, name: &str) {
    let square = square(session, name);
    give(session, KnightCommand::Click(square));
}

fn give(session: &mut KnightSession, command: KnightCommand) {
    let effects = session.apply(command);
    run(session, effects);
}

/// Plays the walk on show to its end.
fn show_all(session: &mut KnightSession) {
    give(session, KnightCommand::Common(Common::Step(Step::Last)));
}

#[test]
fn a_click_solves_from_that_square_and_the_tour_plays_from_its_start() {
    let mut session = session(6, 6);
    let start = square(&session, "c3");
    give(&mut session, KnightCommand::Click(start));
    assert!(session.is_playing());
    assert_eq!(session.walk(), &[start]);
    show_all(&mut session);
    let tour = session.tour().expect("a tour");
    assert_eq!(tour.path[0], start);
    knight::validate(&tour.board, &tour.path, TourKind::Open).expect("valid");
    assert!(
        session
            .summary()
            .starts_with("Tour complete: open, from c3"),
        "{}",
        session.summary()
    );
}

#[test]
fn a_closed_tour_ends_back_on_its_start_and_exports_without_the_return() {
    let mut session = session(6, 6);
    give(&mut session, KnightCommand::SetKind(TourKind::Closed));
    let start = square(&session, "a1");
    give(&mut session, KnightCommand::Click(start));
    show_all(&mut session);
    assert_eq!(session.walk().len(), 37);
    assert_eq!(session.walk().last(), Some(&start));
    let tour = session.tour().expect("a closed tour");
    assert_eq!((tour.kind, tour.path.len()), (TourKind::Closed, 36));
    knight::validate(&tour.board, &tour.path, TourKind::Closed).expect("valid");
    assert!(
        session.summary().starts_with("Closed tour from a1"),
        "{}",
        session.summary()
    );
}

#[test]
fn the_animation_is_the_history_cursor() {
    let mut session = session(5, 5);
    click(&mut session, "a1");
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Pause)),
    );
    assert_eq!(session.position(), (1, 25));
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Forward)),
    );
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Forward)),
    );
    assert_eq!(session.position(), (3, 25));
    // Undo steps back like Back; redo forward like Forward.
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!(session.position(), (2, 25));
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Redo)),
    );
    assert_eq!(session.position(), (3, 25));
    give(&mut session, KnightCommand::Common(Common::Seek(20)));
    assert_eq!(session.position(), (20, 25));
    session.tick(1.0, 100.0, false);
    assert_eq!(session.position(), (20, 25), "not playing");
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Play)),
    );
    session.tick(1.0, 3.0, false);
    assert_eq!(session.position(), (23, 25));
    session.tick(10.0, 3.0, false);
    assert_eq!(session.position(), (25, 25));
    assert!(!session.is_playing());
}

#[test]
fn undo_and_redo_walk_one_history_of_edits_and_tours() {
    let mut session = session(6, 6);
    click(&mut session, "a1");
    show_all(&mut session);
    let first = session.tour().expect("first tour");
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Edit),
    );
    let blocked = square(&session, "f6");
    give(&mut session, KnightCommand::Click(blocked));
    assert!(session.board().is_blocked(blocked));
    assert!(session.walk().is_empty(), "an edit puts the tour away");
    // Undo brings the tour back, then steps back along it.
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    assert!(!session.board().is_blocked(blocked));
    assert_eq!(session.tour(), Some(first.clone()));
    assert_eq!(session.walk().len(), 36);
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!(session.walk().len(), 35);
    // Redo walks forward over the tour and the edit again.
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Redo)),
    );
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Redo)),
    );
    assert!(session.board().is_blocked(blocked));
    assert!(!session.can(&KnightCommand::Common(Common::Step(Step::Redo))));
    // A new edit after undo drops what was undone.
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    click(&mut session, "b2");
    assert!(!session.can(&KnightCommand::Common(Common::Step(Step::Redo))));
}

#[test]
fn clear_is_one_edit_and_undo_brings_every_square_back() {
    let mut session = session(6, 6);
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Edit),
    );
    for name in ["a1", "c3", "f6"] {
        click(&mut session, name);
    }
    let blocked = session.board().blocked_squares();
    give(&mut session, KnightCommand::ClearBlocked);
    assert!(session.board().is_full());
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!(session.board().blocked_squares(), blocked);
}

#[test]
fn squares_keep_their_chess_names_through_a_resize_and_its_undo() {
    let mut session = session(5, 5);
    let b1 = square(&session, "b1");
    give(&mut session, KnightCommand::Click(b1));
    give(&mut session, KnightCommand::CountFromStart(true));
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Edit),
    );
    click(&mut session, "e5");
    click(&mut session, "a2");
    give(
        &mut session,
        KnightCommand::Resize {
            width: 6,
            height: 6,
        },
    );
    let names = |session: &KnightSession| {
        session
            .board()
            .blocked_squares()
            .into_iter()
            .map(|s| session.board().square_name(s))
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&session), ["e5", "a2"]);
    let (only, start) = session.count_start();
    assert!(only);
    assert_eq!(
        start.map(|s| session.board().square_name(s)).as_deref(),
        Some("b1")
    );
    // Shrinking loses e5; undoing the shrink brings it back.
    give(
        &mut session,
        KnightCommand::Resize {
            width: 4,
            height: 4,
        },
    );
    assert_eq!(names(&session), ["a2"]);
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!((session.board().width(), session.board().height()), (6, 6));
    assert_eq!(names(&session), ["e5", "a2"]);
    // Undo of the first resize restores the 5x5 board as it was.
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!((session.board().width(), session.board().height()), (5, 5));
    assert_eq!(names(&session), ["e5", "a2"]);
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!(names(&session), ["e5"]);
}

#[test]
fn counting_uses_the_counter_and_keeps_a_bounded_browser() {
    let mut session = session(5, 5);
    give(&mut session, KnightCommand::CountTours);
    assert_eq!(
        session.count().as_deref(),
        Some("864 undirected open tours (each counted once, not once per direction).")
    );
    // All 864 fit in the browser; 6x6's 9,862 closed tours do not.
    assert_eq!(session.found(), Some((1, 864)));
    give(&mut session, KnightCommand::Common(Common::NextFound));
    assert_eq!(session.found(), Some((2, 864)));
    let tour = session.tour().expect("the browsed tour");
    knight::validate(&tour.board, &tour.path, TourKind::Open).expect("valid");

    let mut closed = self::session(6, 6);
    give(&mut closed, KnightCommand::SetKind(TourKind::Closed));
    give(&mut closed, KnightCommand::CountTours);
    assert!(
        closed
            .count()
            .is_some_and(|c| c.starts_with("9,862 undirected closed tours")),
        "{:?}",
        closed.count()
    );
    assert_eq!(closed.found(), Some((1, BROWSE_LIMIT)));
    // Open tours asked for: the count of closed ones goes.
    let mut reopened = self::session(6, 6);
    give(&mut reopened, KnightCommand::SetKind(TourKind::Closed));
    give(&mut reopened, KnightCommand::CountTours);
    give(&mut reopened, KnightCommand::SetKind(TourKind::Closed));
    assert!(reopened.count().is_some(), "the same kind keeps it");
    give(&mut reopened, KnightCommand::SetKind(TourKind::Open));
    assert_eq!(reopened.count(), None);
    let tour = closed.tour().expect("a browsed closed tour");
    knight::validate(&tour.board, &tour.path, TourKind::Closed).expect("valid");
}

#[test]
fn theory_answers_a_count_without_searching() {
    let mut session = session(4, 4);
    give(&mut session, KnightCommand::CountTours);
    assert!(
        session.count().is_some_and(|c| c.starts_with("No tours: ")),
        "{:?}",
        session.count()
    );
    let ended = session.last_job().expect("the count ended");
    assert!(
        ended.line().ends_with("done (no search was needed)"),
        "{}",
        ended.line()
    );
}

#[test]
fn a_click_while_counting_asks_before_stopping_the_count() {
    let mut session = session(8, 8);
    let effects = session.apply(KnightCommand::CountTours);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Start(KnightJob::Count { .. })]
    ));
    assert!(session.is_counting());
    let c3 = square(&session, "c3");
    assert_eq!(session.apply(KnightCommand::Click(c3)), Vec::new());
    let question = session.question().expect("a question").text.clone();
    assert!(question.contains("start a tour from c3"), "{question}");
    // No: the count goes on.
    assert_eq!(
        session.apply(KnightCommand::Common(Common::Answer(false))),
        Vec::new()
    );
    assert!(session.is_counting() && session.question().is_none());
    // Play mode never stops a count: its clicks change no board.
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Play),
    );
    assert_eq!(session.apply(KnightCommand::Click(c3)), Vec::new());
    assert!(session.question().is_none());
    assert_eq!(session.walk(), &[c3]);
    // Yes: the edit goes ahead and the count is stopped.
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Edit),
    );
    session.apply(KnightCommand::Click(c3));
    assert!(session.question().is_some());
    let effects = session.apply(KnightCommand::Common(Common::Answer(true)));
    assert_eq!(effects, vec![Effect::Cancel]);
    assert!(session.board().is_blocked(c3));
    assert!(!session.is_counting());
}

#[test]
fn play_mode_takes_only_legal_moves_and_says_why_not() {
    let mut session = session(5, 5);
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Play),
    );
    let now = Instant::now();
    let a1 = square(&session, "a1");
    give(&mut session, KnightCommand::Click(a1));
    click(&mut session, "a2");
    assert_eq!(
        session.notice(now).map(|n| n.text()),
        Some("a2 is not a knight's move from a1.".to_owned())
    );
    click(&mut session, "b3");
    click(&mut session, "a1");
    assert_eq!(
        session.notice(Instant::now()).map(|n| n.text()),
        Some("a1 was visited at move 1.".to_owned())
    );
    assert_eq!(session.walk().len(), 2);
    let hints = session.play_hints();
    let mut candidates: Vec<(String, u32)> = hints
        .candidates
        .iter()
        .map(|&(s, onward)| (session.board().square_name(s), onward))
        .collect();
    candidates.sort();
    // From b3: a5, c5, c1, d2, d4 (a1 is visited). Onward from a5 only
    // c4 (b3 is visited); from c1: a2, d3, e2; from c5: a4, d3, e4; from
    // d2: b1, e4, c4 (b3 visited, f... off the board).
    assert_eq!(
        candidates,
        [
            ("a5".into(), 1),
            ("c1".into(), 3),
            ("c5".into(), 3),
            ("d2".into(), 3),
            ("d4".into(), 3)
        ]
    );
    assert!(hints.unreachable.iter().all(|&dead| !dead));
}

#[test]
fn a_stuck_knight_is_told_so_and_unreachable_squares_are_marked() {
    // On 3x3 the middle square has no knight moves at all.
    let mut session = session(3, 3);
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Play),
    );
    let hints = session.play_hints();
    assert_eq!(hints, PlayHints::default());
    for name in ["a1", "b3", "c1", "a2", "c3", "b1", "a3", "c2"] {
        click(&mut session, name);
    }
    assert_eq!(session.walk().len(), 8);
    assert!(
        session
            .summary()
            .starts_with("Stuck on c2 after 8 of 9 squares"),
        "{}",
        session.summary()
    );
    let middle = session.board().index(square(&session, "b2"));
    assert!(session.play_hints().unreachable[middle]);
}

#[test]
fn a_tour_played_by_hand_completes_and_closes() {
    // A closed tour of 3x4 does not exist; use 5x6 from the solver, then
    // replay it by hand.
    let mut solver = session(6, 5);
    give(&mut solver, KnightCommand::SetKind(TourKind::Closed));
    click(&mut solver, "a1");
    show_all(&mut solver);
    let tour = solver.tour().expect("closed tour");

    let mut session = session(6, 5);
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Play),
    );
    for &s in &tour.path {
        give(&mut session, KnightCommand::Click(s));
    }
    assert!(
        session.summary().contains("Return to a1 to close it"),
        "{}",
        session.summary()
    );
    assert_eq!(session.tour().map(|t| t.kind), Some(TourKind::Open));
    give(&mut session, KnightCommand::Click(tour.path[0]));
    assert!(
        session.summary().starts_with("Closed tour from a1"),
        "{}",
        session.summary()
    );
    assert_eq!(session.tour().map(|t| t.kind), Some(TourKind::Closed));
    give(&mut session, KnightCommand::Click(tour.path[1]));
    assert_eq!(
        session.notice(Instant::now()).map(|n| n.text()),
        Some("The tour is complete.".to_owned())
    );
}

#[test]
fn taking_over_from_the_solver_branches_the_history() {
    let mut session = session(8, 8);
    click(&mut session, "a1");
    give(&mut session, KnightCommand::Common(Common::Seek(3)));
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Play),
    );
    let third = session.walk()[2];
    let other = session
        .board()
        .neighbours(third)
        .find(|&s| !session.walk().contains(&s) && Some(&s) != session.line().get(3))
        .expect("another move");
    give(&mut session, KnightCommand::Click(other));
    assert_eq!(session.line().len(), 4, "the solver's rest is dropped");
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!(session.position(), (3, 4));
    // Checking (d4 from...) the hints: the new square is a candidate.
    assert!(
        session
            .play_hints()
            .candidates
            .iter()
            .any(|&(s, _)| s == other)
    );
}

#[test]
fn the_walk_on_show_survives_a_restart() {
    let mut session = session(6, 6);
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Edit),
    );
    click(&mut session, "f6");
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Tour),
    );
    click(&mut session, "a2");
    give(&mut session, KnightCommand::Common(Common::Seek(10)));
    let mut settings = KnightSettings::default();
    session.remember(&mut settings);
    let again = KnightSession::new(&settings);
    assert_eq!(again.board(), session.board());
    assert_eq!(again.walk(), session.walk());
    assert_eq!(again.line(), session.line());
    // A stored walk that does not fit the board is dropped, not trusted.
    settings.walk = vec![[0, 0], [0, 1]];
    assert!(KnightSession::new(&settings).walk().is_empty());
}

#[test]
fn a_tour_from_a_file_replaces_the_board_and_undo_restores_it() {
    let mut session = session(8, 8);
    let mut board = Board::new(5, 5).expect("5x5");
    board.set_blocked(Square::new(4, 4), true);
    let tour = match knight::solve(
        &board,
        Square::new(0, 0),
        TourKind::Open,
        Algorithm::Backtrack,
        &Control::new(),
    ) {
        Outcome::Done(SolveResult::Found(tour)) => tour,
        other => panic!("{other:?}"),
    };
    click(&mut session, "a1");
    let effects = session.load_tour(tour.clone(), "t.json");
    assert_eq!(effects, Vec::new());
    assert_eq!(session.tour(), Some(tour));
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::First)),
    );
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    give(
        &mut session,
        KnightCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!(session.board().width(), 8);
}

#[test]
fn move_square_keeps_chess_names() {
    let b1_on_5 = Square::new(1, 4);
    assert_eq!(
        Board::same_name_on(b1_on_5, (5, 5), (6, 6)),
        Some(Square::new(1, 5))
    );
    assert_eq!(Board::same_name_on(Square::new(4, 0), (5, 5), (4, 4)), None);
    assert_eq!(Board::same_name_on(Square::new(0, 0), (5, 5), (5, 4)), None);
}

#[test]
fn estimate_tours_asks_for_the_board_as_counted_and_shows_the_interval() {
    let mut session = session(6, 6);
    let effects = session.apply(KnightCommand::EstimateTours);
    let [Effect::Start(KnightJob::Estimate { board, start, kind })] = effects.as_slice() else {
        panic!("{effects:?}");
    };
    assert_eq!((board.width(), board.height(), *start), (6, 6, None));
    assert!(!session.can(&KnightCommand::EstimateTours));
    // The job itself samples for a minute; a shorter one stands in for it.
    let sampling = Sampling {
        seconds: 60.0,
        max_attempts: 20_000,
        seed: 1,
    };
    let estimate = knight::estimate(board, *start, *kind, sampling, &Control::new()).unwrap();
    // The command line's words, said once; the window names what was
    // estimated in its own words (here without the parenthesis).
    let line = estimate
        .to_string()
        .replace(" (each cycle counted once)", "")
        .replace(" (each counted once, not once per direction)", "");
    session.job_done(
        KnightReport::Estimated {
            result: Ok(estimate),
            start: *start,
            kind: *kind,
        },
        Said::new(|| "Estimating".to_owned()),
        Progress::default(),
    );
    assert_eq!(session.count(), Some(line.clone()));
    assert!(line.contains("95% interval"), "{line}");
    assert!(session.can(&KnightCommand::EstimateTours));
    // A board edit during an estimate asks first, then stops it.
    session.apply(KnightCommand::EstimateTours);
    let resize = KnightCommand::Resize {
        width: 5,
        height: 5,
    };
    assert_eq!(session.apply(resize), Vec::new());
    let question = session.question().expect("a question").text.clone();
    assert!(question.starts_with("An estimate is running"), "{question}");
    let effects = session.apply(KnightCommand::Common(Common::Answer(true)));
    assert!(effects.contains(&Effect::Cancel), "{effects:?}");
}

#[test]
fn the_last_job_is_forgotten_when_play_starts_or_the_board_changes() {
    let mut session = session(5, 5);
    click(&mut session, "a1");
    assert!(session.last_job().is_some());
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Play),
    );
    assert!(session.last_job().is_none());
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Tour),
    );
    click(&mut session, "c3");
    assert!(session.last_job().is_some());
    give(
        &mut session,
        KnightCommand::Resize {
            width: 6,
            height: 6,
        },
    );
    assert!(session.last_job().is_none());
}

#[test]
fn the_click_mode_and_the_counting_square_survive_a_restart() {
    let mut session = session(5, 5);
    click(&mut session, "a1");
    give(&mut session, KnightCommand::CountFromStart(true));
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Play),
    );
    let mut settings = KnightSettings::default();
    session.remember(&mut settings);
    let again = KnightSession::new(&settings);
    assert_eq!(again.interaction(), Interaction::Play);
    assert_eq!(again.count_start(), (true, Some(square(&session, "a1"))));
}

/// A 5x5 session watching plain DFS from a1.
fn watching_dfs_from_a1() -> KnightSession {
    let mut session = session(5, 5);
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Watch),
    );
    give(&mut session, KnightCommand::SetAlgorithm(Algorithm::Dfs));
    click(&mut session, "a1");
    session
}

#[test]
fn plain_dfs_chosen_for_watching_is_kept_for_the_next_watch() {
    let mut session = watching_dfs_from_a1();
    // Stop watching: the status bar no longer speaks of that search.
    assert!(session.core.last_job.is_some());
    give(
        &mut session,
        KnightCommand::Common(Common::Watch(crate::app::session::WatchStep::Close)),
    );
    assert!(session.core.last_job.is_none());
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Tour),
    );
    assert_eq!(session.algorithm(), Algorithm::Backtrack, "a click solves");
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Watch),
    );
    assert_eq!(session.algorithm(), Algorithm::Dfs);
}

#[test]
fn a_watched_search_replays_to_its_tour_and_steps_back_and_forth() {
    use crate::app::session::WatchStep;
    use crate::app::watch::WATCH_SPEEDS;
    use gridtour::replay::Event;
    let mut session = watching_dfs_from_a1();
    // The search has ended, but the watch has not come to its tour.
    let watching = tr!("watching-from", algorithm = Algorithm::Dfs.words(), name = "a1");
    assert_eq!(session.summary(), watching);
    let a1 = square(&session, "a1");
    let tour = match knight::solve(
        session.board(),
        a1,
        TourKind::Open,
        Algorithm::Dfs,
        &Control::new(),
    ) {
        Outcome::Done(SolveResult::Found(tour)) => tour,
        other => panic!("5x5 has an open tour from a1: {other:?}"),
    };
    let watch = session.core.watch.as_mut().expect("watching");
    while watch.tick(1.0, *WATCH_SPEEDS.end()) {}
    let cells: Vec<(u32, u32)> = tour.path.iter().map(|s| (s.x, s.y)).collect();
    let replay = watch.replay();
    assert_eq!(replay.path(), cells);
    assert_eq!(replay.last(), Some(Event::Found));
    // Plain search takes 26,471 steps to its first 5x5 tour from a1.
    assert_eq!(replay.counters().steps, 26_471);
    // Every step pushes, pops, meets a dead end or finds: the pushes are
    // the pops and the path's 25 squares.
    let counters = replay.counters();
    assert_eq!(
        counters.steps,
        (counters.backtracks + 25) + counters.backtracks + counters.dead_ends + 1
    );
    assert!(counters.backtracks > 1_000, "{counters:?}");
    assert_eq!(session.summary(), tr!("watched-found"));
    let watch_step = |session: &mut KnightSession, step| {
        give(session, KnightCommand::Common(Common::Watch(step)));
        let replay = session.core.watch.as_ref().expect("watching").replay();
        (replay.counters().steps, replay.path().len())
    };
    assert_eq!(watch_step(&mut session, WatchStep::Back), (26_470, 25));
    assert_eq!(session.summary(), watching, "a step back from the tour");
    assert_eq!(watch_step(&mut session, WatchStep::Back), (26_469, 24));
    assert_eq!(watch_step(&mut session, WatchStep::Forward), (26_470, 25));
    assert!(session.core.watch.as_ref().is_some_and(|w| w.is_paused()));
    give(
        &mut session,
        KnightCommand::Common(Common::Watch(WatchStep::Close)),
    );
    assert!(session.core.watch.is_none());
    assert_ne!(session.summary(), tr!("watched-found"), "nothing on show");
}

#[test]
fn compared_searches_run_side_by_side_at_one_pace_to_their_first_tours() {
    use crate::app::modes::knight::work::Ended;
    use crate::app::session::WatchStep;
    use crate::app::watch::WATCH_SPEEDS;
    use gridtour::knight::first_steps;
    use gridtour::knight::trace::Step as TraceStep;
    use gridtour::replay::Event;
    let mut session = session(5, 5);
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Watch),
    );
    assert!(
        !session.can(&KnightCommand::CompareSearches),
        "no square yet"
    );
    click(&mut session, "a1");
    // Two searches at least.
    give(
        &mut session,
        KnightCommand::CompareWith(Algorithm::Warnsdorff, false),
    );
    give(&mut session, KnightCommand::CompareWith(Algorithm::Backtrack, false));
    assert_eq!(session.compare_with(), [Algorithm::Dfs]);
    assert!(!session.can(&KnightCommand::CompareSearches));
    give(&mut session, KnightCommand::CompareWith(Algorithm::Warnsdorff, true));
    give(&mut session, KnightCommand::CompareWith(Algorithm::Backtrack, true));
    assert_eq!(session.compare_with(), Algorithm::ALL, "in menu order");
    give(&mut session, KnightCommand::CompareSearches);
    assert!(session.core.watch.is_none(), "the comparison replaces the watch");
    let a1 = square(&session, "a1");
    let comparing = session.comparing().expect("comparing").clone();
    assert_eq!(
        (session.count_start().1, &comparing.algorithms[..]),
        (Some(a1), &Algorithm::ALL[..])
    );
    let ended = comparing.ended.expect("every search ended");
    // Each search's steps to its first tour, counted apart from the window.
    for (comparison, algorithm) in ended.iter().zip(Algorithm::ALL) {
        let alone = first_steps(session.board(), (a1, TourKind::Open), algorithm, 1_000_000);
        assert_eq!(alone.last(), Some(&TraceStep::Found));
        assert_eq!(
            (comparison.algorithm, comparison.steps, comparison.ended),
            (algorithm, alone.len() as u64, Ended::Found)
        );
    }
    assert_eq!(ended[2].steps, 26_471, "plain search, as watched alone");
    // Ten steps a second for a second: ten steps in every lane.
    let lanes = session.core.lanes.as_mut().expect("lanes");
    assert!(lanes.tick(1.0, 10.0));
    let shown = |session: &KnightSession| session.core.lanes.as_ref().expect("lanes").steps_shown();
    assert_eq!(shown(&session), [10, 10, 10]);
    give(&mut session, KnightCommand::Common(Common::Watch(WatchStep::Forward)));
    assert_eq!(shown(&session), [11, 11, 11]);
    let lanes = session.core.lanes.as_mut().expect("lanes");
    lanes.set_paused(false);
    while lanes.tick(1.0, *WATCH_SPEEDS.end()) {}
    let steps: Vec<u64> = ended.iter().map(|c| c.steps).collect();
    assert_eq!(shown(&session), steps);
    for watch in session.core.lanes.as_ref().expect("lanes").watches() {
        let replay = watch.replay();
        assert_eq!(replay.last(), Some(Event::Found));
        let tour: Vec<Square> = replay.path().iter().map(|&(x, y)| Square::new(x, y)).collect();
        knight::validate(session.board(), &tour, TourKind::Open).expect("a tour");
        // Every cell taken is a position of the tree.
        let counters = replay.counters();
        assert_eq!(replay.positions(), counters.backtracks + 25, "{counters:?}");
    }
    // Back from the end: the long search steps back, the others wait.
    give(&mut session, KnightCommand::Common(Common::Watch(WatchStep::Back)));
    let mut back = steps.clone();
    back[2] -= 1;
    assert_eq!(shown(&session), back);
    give(&mut session, KnightCommand::Common(Common::Watch(WatchStep::Close)));
    assert!(session.comparing().is_none() && session.core.lanes.is_none());
    // A click watches one search again.
    click(&mut session, "a1");
    assert!(session.core.watch.is_some());
}

#[test]
fn a_board_built_from_tiles_says_there_is_no_search_to_watch_and_shows_its_tour() {
    let mut session = session(100, 100);
    give(
        &mut session,
        KnightCommand::SetInteraction(Interaction::Watch),
    );
    click(&mut session, "a1");
    assert!(session.core.watch.is_none());
    assert_eq!(session.summary(), tr!("watched-built"));
    let tour = session.tour().expect("the built tour is on show");
    knight::validate(session.board(), &tour.path, TourKind::Open).expect("a tour");
}

#[test]
fn a_count_under_way_is_remembered_and_offered_at_the_next_start() {
    let mut session = session(6, 6);
    give(&mut session, KnightCommand::SetKind(TourKind::Closed));
    let effects = session.apply(KnightCommand::CountTours);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Start(KnightJob::Count { .. })]
    ));
    // The window closes during the count: its settings name it.
    let mut settings = KnightSettings::default();
    session.remember(&mut settings);
    let unfinished = settings.unfinished_count.expect("the count under way");
    assert_eq!((unfinished.kind(), unfinished.start()), (TourKind::Closed, None));
    // The next window offers it, worded for the board.
    let mut next = KnightSession::new(&settings);
    let offered = next.unfinished_count().expect("offered");
    assert_eq!(offered, Tours::of(next.board(), None, TourKind::Closed));
    // Ignored, the offer stays for the start after.
    let mut again = KnightSettings::default();
    next.remember(&mut again);
    assert_eq!(again.unfinished_count, Some(unfinished));
    // Taken up: the same count starts, and the offer is gone.
    assert!(next.can(&KnightCommand::TakeUpCount));
    let effects = next.apply(KnightCommand::TakeUpCount);
    assert_eq!(
        effects,
        [Effect::Start(KnightJob::Count {
            board: next.board().clone(),
            start: None,
            kind: TourKind::Closed,
        })]
    );
    assert_eq!(next.unfinished_count(), None);
    run(&mut next, effects);
    assert_eq!(
        next.count().as_deref(),
        Some("9,862 undirected closed tours (each cycle counted once).")
    );
    let mut done = KnightSettings::default();
    next.remember(&mut done);
    assert_eq!(done.unfinished_count, None, "a finished count is not offered");
}

#[test]
fn a_count_on_offer_is_forgotten_when_asked_or_when_the_board_changes() {
    let from_c3 = |session: &KnightSession| {
        let mut settings = KnightSettings::default();
        session.remember(&mut settings);
        settings.unfinished_count = Some(UnfinishedCount {
            start: Some([2, 5]),
            closed: false,
            stopped: false,
        });
        KnightSession::new(&settings)
    };
    let mut asked = from_c3(&session(8, 8));
    let c3 = square(&asked, "c3");
    assert_eq!(
        asked.apply(KnightCommand::ForgetCount),
        [Effect::Advise(KnightJob::ForgetCount {
            board: asked.board().clone(),
            start: Some(c3),
            kind: TourKind::Open,
        })]
    );
    assert_eq!(asked.unfinished_count(), None);
    assert!(!asked.can(&KnightCommand::TakeUpCount));
    // A new board size: the count was of the old board.
    let mut resized = from_c3(&session(8, 8));
    let old_board = resized.board().clone();
    let effects = resized.apply(KnightCommand::Resize {
        width: 7,
        height: 7,
    });
    assert!(
        effects.contains(&Effect::Advise(KnightJob::ForgetCount {
            board: old_board,
            start: Some(c3),
            kind: TourKind::Open,
        })),
        "{effects:?}"
    );
    assert_eq!(resized.unfinished_count(), None);
}

#[test]
fn a_watched_search_saves_as_an_animation_of_its_steps_so_far() {
    use crate::app::command::Effect;
    use crate::app::files::write_trace;
    use crate::app::session::WatchStep;
    let mut session = watching_dfs_from_a1();
    let save = KnightCommand::Common(Common::Watch(WatchStep::SaveAnimation));
    let watch = session.core.watch.as_mut().expect("watching");
    while watch.replay().counters().steps < 40 {
        watch.forward();
    }
    assert!(session.can(&save));
    let effects = session.apply(save);
    let [Effect::SaveTrace(export)] = effects.as_slice() else {
        panic!("{effects:?}")
    };
    let replay = session.core.watch.as_ref().expect("watching").replay();
    assert_eq!(export.events.len(), 40);
    assert_eq!(Some(&export.events[39]), replay.last().as_ref());
    assert_eq!((export.scene.width, export.scene.height), (5, 5));
    let folder = std::env::temp_dir().join(format!("gridtour-trace-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");
    write_trace(&folder.join("search.gif"), export).expect("a GIF");
    let gif = std::fs::read(folder.join("search.gif")).expect("written");
    assert!(gif.starts_with(b"GIF89a"));
    // Large enough to read, with a line above the board that names the
    // search (and, frame by frame, its step).
    assert_eq!(
        export.scene.title.as_deref(),
        Some("Plain depth-first search, 5x5")
    );
    let side = |at: usize| u16::from_le_bytes([gif[at], gif[at + 1]]);
    let (width, height) = (side(6), side(8));
    assert!(width >= 5 * 80 && height > 5 * 80, "{width}x{height}");
    write_trace(&folder.join("search.svg"), export).expect("an SVG");
    let svg = std::fs::read_to_string(folder.join("search.svg")).expect("written");
    assert!(svg.contains("<animate"), "an animation");
    let refused = write_trace(&folder.join("search.png"), export).expect_err("not a PNG");
    assert!(refused.contains(".gif"), "{refused}");
    let _ = std::fs::remove_dir_all(&folder);
}
