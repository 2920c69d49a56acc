//! The Goishi mode as plain unit tests: commands in, state and effects
//! out, jobs run on the test's own thread.

use web_time::Instant;

use gridtour::goishi::{self, GenerateError, Level};
use gridtour::job::{Control, Outcome};

use super::*;
use crate::app::browse::BROWSE_LIMIT;
use crate::app::modes::goishi::settings::GoishiSettings;
use crate::app::modes::goishi::work::Request;
use crate::app::jobs::run_here;
use crate::app::modes::{Report, Work};

/// The puzzle of the pzprjs test suite: 6 x 7 points, 11 stones, one
/// solution.
const UNIQUE_URL: &str = "https://puzz.link/p?goishi/6/7/vsten1tvo";
/// 4 x 4, 10 stones, four solutions.
const FOUR_SOLUTIONS_URL: &str = "https://puzz.link/p?goishi/4/4/1370";

fn session_with(url: &str) -> GoishiSession {
    let mut session = GoishiSession::new(&GoishiSettings::default());
    give(&mut session, GoishiCommand::LoadUrl(url.to_owned()));
    session
}

/// Runs every job `effects` start to its end, as the window would in the
/// background, and hands the session what they report.
fn run(session: &mut GoishiSession, effects: Vec<Effect<GoishiJob>>) {
    for effect in effects {
        if let Effect::Advise(job) = effect {
            let ran = run_here(Work::Goishi(job));
            for report in ran.items.into_iter().chain(ran.result) {
                if let Report::Goishi(report) = report {
                    session.job_item(report);
                }
            }
        } else if let Effect::Start(job) = effect {
            let ran = run_here(Work::Goishi(job));
            for item in ran.items {
                if let Report::Goishi(item) = item {
                    session.job_item(item);
                }
            }
            match ran.result {
                Some(Report::Goishi(report)) => session.job_done(report, ran.label, ran.progress),
                other => panic!("the job ended without a Goishi report: {other:?}"),
            }
        }
    }
}

fn give(session: &mut GoishiSession, command: GoishiCommand) {
    let effects = session.apply(command);
    run(session, effects);
}

#[test]
fn the_first_run_shows_a_puzzle_with_one_solution() {
    let session = GoishiSession::new(&GoishiSettings::default());
    assert_eq!(
        (session.puzzle().width(), session.puzzle().height()),
        (6, 7)
    );
    assert_eq!(session.puzzle().stone_count(), 11);
    let control = Control::new();
    assert_eq!(
        goishi::count(session.puzzle(), None, &control),
        Outcome::Done(1)
    );
    assert_eq!(session.interaction(), Interaction::View);
}

#[test]
fn solve_animates_a_valid_order_through_the_history() {
    let mut session = session_with(UNIQUE_URL);
    give(&mut session, GoishiCommand::Solve);
    assert!(session.is_playing());
    assert_eq!(session.position(), (1, 11));
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::Last)),
    );
    goishi::validate(session.puzzle(), session.picks()).expect("valid order");
    assert_eq!(session.summary(), "Solved: all 11 stones picked.");
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!(session.position(), (10, 11));
    // Playback goes back to the empty board, before the first pick.
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::First)),
    );
    assert_eq!(session.position(), (0, 11));
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::Forward)),
    );
    assert_eq!(session.position(), (1, 11));
    assert!(session.can(&GoishiCommand::Common(Common::Step(Step::Back))));
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::Back)),
    );
    assert_eq!(session.position(), (0, 11));
    assert!(!session.can(&GoishiCommand::Common(Common::Step(Step::Back))));
}

#[test]
fn stone_edits_undo_and_redo() {
    let mut session = session_with(UNIQUE_URL);
    let before = session.puzzle().clone();
    give(
        &mut session,
        GoishiCommand::SetInteraction(Interaction::Edit),
    );
    let point = Point::new(0, 0);
    give(&mut session, GoishiCommand::Click(point));
    assert!(session.puzzle().has_stone(point));
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!(session.puzzle(), &before);
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::Redo)),
    );
    assert!(session.puzzle().has_stone(point));
    // Undo past the URL load returns to the example it replaced.
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::Undo)),
    );
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!(session.puzzle().stone_count(), 11);
    assert_eq!(session.source(), "cross-unique.txt");
}

#[test]
fn play_mode_refuses_illegal_picks_and_says_when_it_is_stuck() {
    let mut session = session_with(UNIQUE_URL);
    play(&mut session);
    assert_eq!(session.summary(), "Click a stone to start picking.");
    // (2,1) then (3,1): then down to (3,2)...
    give(&mut session, GoishiCommand::Click(Point::new(2, 1)));
    give(&mut session, GoishiCommand::Click(Point::new(0, 0)));
    let refusal = session
        .notice(Instant::now())
        .expect("a refusal")
        .text();
    assert!(refusal.starts_with("Not allowed: step 2:"), "{refusal}");
    give(&mut session, GoishiCommand::Click(Point::new(2, 4)));
    assert_eq!(session.picks().len(), 2);
    give(&mut session, GoishiCommand::Restart);
    assert!(session.picks().is_empty());
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::Undo)),
    );
    assert!(!session.picks().is_empty(), "undo brings the picks back");
}

#[test]
fn a_position_with_no_reachable_stone_is_called_stuck() {
    // (0,0) then (2,0): from there no stone lies up, down or further right,
    // and going back left is a reversal; (1,2) is left.
    let mut puzzle = Puzzle::new(3, 3).expect("3x3");
    for point in [Point::new(0, 0), Point::new(2, 0), Point::new(1, 2)] {
        puzzle.set_stone(point, true);
    }
    let mut session = GoishiSession::new(&GoishiSettings {
        puzzle: Some(format::to_url(&puzzle)),
        ..GoishiSettings::default()
    });
    play(&mut session);
    give(&mut session, GoishiCommand::Click(Point::new(0, 0)));
    // Dead already, though a pick is still legal.
    assert_eq!(
        session.summary(),
        "Dead end: the 2 stones left cannot all be picked from here. Undo to go back."
    );
    give(&mut session, GoishiCommand::Click(Point::new(2, 0)));
    assert_eq!(
        session.summary(),
        "Stuck: 1 stone is left and cannot be reached from the last pick."
    );
}

#[test]
fn not_unique_shows_two_different_solutions_to_switch_between() {
    let mut session = session_with(FOUR_SOLUTIONS_URL);
    give(&mut session, GoishiCommand::IsUnique);
    assert_eq!(
        session.answer().as_deref(),
        Some("Not unique: here are two different solutions (Previous / Next solution).")
    );
    assert_eq!(session.found(), Some((1, 2)));
    let first = session.line();
    give(&mut session, GoishiCommand::Common(Common::NextFound));
    let second = session.line();
    assert_ne!(first, second);
    for order in [&first, &second] {
        goishi::validate(session.puzzle(), order).expect("valid");
    }
    give(&mut session, GoishiCommand::Common(Common::PreviousFound));
    assert_eq!(session.line(), first);

    let mut unique = session_with(UNIQUE_URL);
    give(&mut unique, GoishiCommand::IsUnique);
    assert_eq!(
        unique.answer().as_deref(),
        Some("Unique: exactly one solution.")
    );
}

#[test]
fn counting_counts_and_keeps_solutions_for_browsing() {
    let mut session = GoishiSession::new(&GoishiSettings::default());
    give(&mut session, GoishiCommand::LoadExample(0));
    give(&mut session, GoishiCommand::CountSolutions);
    assert_eq!(session.answer().as_deref(), Some("7,256 solutions."));
    let (_, kept) = session.found().expect("kept");
    assert_eq!(kept, BROWSE_LIMIT);
    goishi::validate(session.puzzle(), &session.line()).expect("valid");
}

#[test]
fn generate_refuses_hopeless_sizes_at_once_and_names_its_seed() {
    let mut session = GoishiSession::new(&GoishiSettings::default());
    let effects = session.apply(GoishiCommand::Generate(Request {
        width: 4,
        height: 4,
        stones: 15,
        seed: 3,
        difficulty: None,
    }));
    assert_eq!(effects, Vec::new(), "no search starts");
    let refusal = session
        .notice(Instant::now())
        .expect("refused")
        .text();
    assert!(
        refusal.starts_with("Cannot generate: 15 stones"),
        "{refusal}"
    );

    give(
        &mut session,
        GoishiCommand::Generate(Request {
            width: 6,
            height: 6,
            stones: 10,
            seed: 7,
            difficulty: None,
        }),
    );
    assert_eq!(session.puzzle().stone_count(), 10);
    assert!(session.source().contains("seed 7"), "{}", session.source());
    assert!(session.answer().is_some_and(|a| a.contains("seed 7")));
}

#[test]
fn generate_makes_a_puzzle_of_the_level_asked_for() {
    let mut session = GoishiSession::new(&GoishiSettings::default());
    give(
        &mut session,
        GoishiCommand::Generate(Request {
            width: 14,
            height: 14,
            stones: 47,
            seed: 2,
            difficulty: Some(Level::Hard),
        }),
    );
    assert_eq!(session.puzzle().stone_count(), 47);
    let rating = match goishi::rate(session.puzzle(), &Control::new()) {
        Outcome::Done(rating) => rating.expect("solvable"),
        Outcome::Cancelled => unreachable!("not cancelled"),
    };
    assert_eq!(rating.level, Level::Hard);
    // The shelf keeps its level, and its name in the window's language.
    let url = goishi::format::to_url(session.puzzle());
    let record = session.shelf().get(&url).expect("on the shelf");
    assert_eq!(record.level.as_deref(), Some("hard"));
    assert_eq!(session.source(), "generated puzzle (seed 2)");
    let mut settings = GoishiSettings::default();
    session.remember(&mut settings);
    gridtour::i18n::set(gridtour::i18n::Language::Japanese);
    let again = GoishiSession::new(&settings);
    let worded = again.source();
    gridtour::i18n::set(gridtour::i18n::Language::English);
    assert_eq!(worded, "生成したパズル（シード 2）");
}

#[test]
fn generating_in_play_mode_goes_on_playing_and_names_the_level() {
    let mut session = GoishiSession::new(&GoishiSettings::default());
    give(
        &mut session,
        GoishiCommand::SetInteraction(Interaction::Play),
    );
    give(
        &mut session,
        GoishiCommand::Generate(Request {
            width: 6,
            height: 7,
            stones: 12,
            seed: 1,
            difficulty: Some(Level::Easy),
        }),
    );
    assert_eq!(session.puzzle().stone_count(), 12);
    assert_eq!(session.interaction(), Interaction::Play);
    let answer = session.answer().expect("said");
    assert!(answer.contains("rated easy"), "{answer}");
}

#[test]
fn a_failed_generation_says_failed_not_done() {
    let mut session = GoishiSession::new(&GoishiSettings::default());
    session.job_done(
        GoishiReport::Generated {
            result: Err(GenerateError::NoWalk {
                width: 4,
                height: 4,
                stones: 15,
            }),
            request: Request {
                width: 4,
                height: 4,
                stones: 15,
                seed: 9,
                difficulty: None,
            },
        },
        Said::new(|| "Generating".to_owned()),
        Progress::default(),
    );
    let ended = session.last_job().expect("ended");
    assert_eq!(ended.how.words(), "failed");
    let notice = session.notice(Instant::now()).expect("told").text();
    assert_eq!(
        notice,
        "Could not generate with seed 9: could not place 15 stones on the 4x4 board by a legal \
         walk; try fewer stones"
    );
    // Kept as its values, the notice reads in the language of the frame.
    gridtour::i18n::set(gridtour::i18n::Language::Japanese);
    let reworded = session.notice(Instant::now()).expect("told").text();
    gridtour::i18n::set(gridtour::i18n::Language::English);
    assert!(
        reworded.contains("シード 9") && reworded.contains("4x4"),
        "{reworded}"
    );
}

#[test]
fn the_order_on_show_survives_a_restart() {
    let mut session = session_with(UNIQUE_URL);
    give(&mut session, GoishiCommand::Solve);
    give(&mut session, GoishiCommand::Common(Common::Seek(6)));
    let mut settings = GoishiSettings::default();
    session.remember(&mut settings);
    let again = GoishiSession::new(&settings);
    assert_eq!(again.puzzle(), session.puzzle());
    assert_eq!(again.picks(), session.picks());
    assert_eq!(again.line(), session.line());
}

#[test]
fn a_count_is_not_stopped_by_an_edit_without_asking() {
    let mut session = GoishiSession::new(&GoishiSettings::default());
    let effects = session.apply(GoishiCommand::CountSolutions);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Start(GoishiJob::Count(_))]
    ));
    give(
        &mut session,
        GoishiCommand::SetInteraction(Interaction::Edit),
    );
    assert_eq!(
        session.apply(GoishiCommand::Click(Point::new(0, 0))),
        Vec::new()
    );
    assert!(session.question().is_some());
    assert_eq!(
        session.apply(GoishiCommand::Common(Common::Answer(true))),
        vec![Effect::Cancel]
    );
    assert!(session.puzzle().has_stone(Point::new(0, 0)));
}

#[test]
fn a_pasted_text_that_is_no_url_is_refused_as_a_url() {
    let mut session = GoishiSession::new(&GoishiSettings::default());
    let before = session.puzzle().clone();
    give(&mut session, GoishiCommand::LoadUrl("20".to_owned()));
    assert_eq!(session.puzzle(), &before);
    let (text, error) = session
        .notice(Instant::now())
        .map(|notice| (notice.text(), notice.error))
        .expect("a refusal");
    assert!(error);
    assert!(text.starts_with("URL:"), "{text}");
}

fn play(session: &mut GoishiSession) {
    give(session, GoishiCommand::SetInteraction(Interaction::Play));
}

#[test]
fn following_hints_from_the_start_solves_a_100_stone_puzzle() {
    let (puzzle, _) = goishi::walk_forward(25, 25, 100, &mut goishi::Rng::new(3)).unwrap();
    let mut session = session_with(&format::to_url(&puzzle));
    play(&mut session);
    while session.picks().len() < 100 {
        give(&mut session, GoishiCommand::Hint);
        let stone = session
            .hint()
            .expect("a hint while the game can be finished");
        give(&mut session, GoishiCommand::Click(stone));
        assert!(
            session.summary().contains("can still be finished") || session.picks().len() == 100
        );
    }
    assert_eq!(goishi::validate(&puzzle, session.picks()), Ok(()));
    let summary = session.summary();
    assert!(
        summary.starts_with("Solved in ")
            && summary.ends_with(" with hints: all 100 stones picked."),
        "{summary}"
    );
    assert_eq!(session.best_time(), None, "hints make no record");
    assert!(!session.can(&GoishiCommand::Hint));
}

#[test]
fn a_dead_end_is_announced_while_picks_are_still_legal() {
    // A walk-made puzzle and a first pick that leaves legal moves but no
    // way to finish.
    let (puzzle, dead_start) = (0..)
        .find_map(|seed| {
            let (puzzle, _) = goishi::walk_forward(8, 8, 20, &mut goishi::Rng::new(seed)).ok()?;
            let dead_start = puzzle.stones().into_iter().find(|&stone| {
                let mut game = Game::new(puzzle.clone());
                game.try_pick(stone).unwrap();
                !game.legal_picks().is_empty()
                    && goishi::finish(&game, &Control::new()) == Outcome::Done(None)
            })?;
            Some((puzzle, dead_start))
        })
        .expect("some walk-made puzzle has a dead first pick");
    let mut session = session_with(&format::to_url(&puzzle));
    play(&mut session);
    give(&mut session, GoishiCommand::Click(dead_start));
    assert!(
        session
            .summary()
            .starts_with("Dead end: the 19 stones left"),
        "{}",
        session.summary()
    );
    give(&mut session, GoishiCommand::Hint);
    assert_eq!(session.hint(), None);
    let notice = session.notice(Instant::now()).expect("the hint's answer");
    assert!(
        notice.text().starts_with("No pick leads to a solution"),
        "{}",
        notice.text()
    );
    // Undo brings back a position with a way on, and a hint for it.
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::Undo)),
    );
    give(&mut session, GoishiCommand::Hint);
    let first = session.hint().expect("a first pick that leads somewhere");
    let mut game = Game::new(puzzle);
    game.try_pick(first).unwrap();
    assert!(matches!(
        goishi::finish(&game, &Control::new()),
        Outcome::Done(Some(_))
    ));
}

#[test]
fn advice_is_asked_once_per_position_and_only_in_play_mode() {
    let mut session = session_with(UNIQUE_URL);
    let stone = session.puzzle().stones()[0];
    assert!(session.apply(GoishiCommand::Click(stone)).is_empty());
    play(&mut session);
    let effects = session.apply(GoishiCommand::Click(stone));
    assert!(
        matches!(effects[..], [Effect::Advise(GoishiJob::Finish(_))]),
        "{effects:?}"
    );
    assert!(session.apply(GoishiCommand::Hint).is_empty());
}

#[test]
fn rate_puts_the_level_in_the_answer_line() {
    let mut session = session_with(UNIQUE_URL);
    give(&mut session, GoishiCommand::Rate);
    let rated = match goishi::rate(session.puzzle(), &Control::new()) {
        Outcome::Done(Some(rating)) => rating,
        other => panic!("{other:?}"),
    };
    assert_eq!(session.answer(), Some(rated.to_string()));
}

#[test]
fn leaving_play_mode_or_changing_the_puzzle_ends_the_advice() {
    let mut session = session_with(UNIQUE_URL);
    let Outcome::Done(Some(solution)) = goishi::solve(session.puzzle(), &Control::new()) else {
        panic!("the puzzle has a solution");
    };
    let stone = solution[0];
    play(&mut session);
    let effects = session.apply(GoishiCommand::Click(stone));
    assert!(matches!(effects[..], [Effect::Advise(_)]), "{effects:?}");
    let effects = session.apply(GoishiCommand::SetInteraction(Interaction::View));
    assert_eq!(effects, vec![Effect::EndAdvice]);
    // Back in play on the same position: asked again.
    let effects = session.apply(GoishiCommand::SetInteraction(Interaction::Play));
    assert!(matches!(effects[..], [Effect::Advise(_)]), "{effects:?}");
    run(&mut session, effects);
    assert!(session.summary().contains("can still be finished"));
    // An edit puts the picks away and forgets the answer for the old puzzle;
    // the same first pick on the new puzzle is asked about anew.
    give(
        &mut session,
        GoishiCommand::SetInteraction(Interaction::Edit),
    );
    let corner = Point::new(0, 0);
    assert!(!session.puzzle().has_stone(corner));
    give(&mut session, GoishiCommand::Click(corner));
    play(&mut session);
    let effects = session.apply(GoishiCommand::Click(stone));
    assert!(matches!(effects[..], [Effect::Advise(_)]), "{effects:?}");
    assert_eq!(session.summary(), "Picked 1 of 12 stones.");
}

#[test]
fn a_hint_left_unanswered_is_not_given_later_unasked() {
    let mut session = session_with(UNIQUE_URL);
    play(&mut session);
    let effects = session.apply(GoishiCommand::Hint);
    assert!(matches!(effects[..], [Effect::Advise(_)]), "{effects:?}");
    // Out of play mode before the answer: the search ends...
    let effects = session.apply(GoishiCommand::SetInteraction(Interaction::View));
    assert_eq!(effects, vec![Effect::EndAdvice]);
    // ...and back in play mode nothing is searched until asked.
    assert!(
        session
            .apply(GoishiCommand::SetInteraction(Interaction::Play))
            .is_empty()
    );
    assert_eq!(session.hint(), None);
}

#[test]
fn the_last_job_is_forgotten_with_the_puzzle_it_spoke_of() {
    let mut session = session_with(FOUR_SOLUTIONS_URL);
    give(&mut session, GoishiCommand::IsUnique);
    assert!(
        session
            .last_job()
            .is_some_and(|end| end.label.to_string().contains("unique"))
    );
    give(&mut session, GoishiCommand::LoadExample(1));
    assert!(session.last_job().is_none());
}

#[test]
fn the_click_mode_and_the_puzzle_s_name_survive_a_restart() {
    let mut session = session_with(UNIQUE_URL);
    play(&mut session);
    let mut settings = GoishiSettings::default();
    session.remember(&mut settings);
    let again = GoishiSession::new(&settings);
    assert_eq!(again.interaction(), Interaction::Play);
    assert_eq!(again.source(), session.source());
    assert_ne!(again.source(), "last session's puzzle");
}

#[test]
fn check_says_whether_the_picks_can_still_be_finished_and_nothing_more() {
    let mut solved = session_with(UNIQUE_URL);
    give(&mut solved, GoishiCommand::Solve);
    let solution = solved.line().to_vec();
    for (first, finishable) in [(solution[0], true), (solution[1], false)] {
        let mut session = session_with(UNIQUE_URL);
        give(
            &mut session,
            GoishiCommand::SetInteraction(Interaction::Play),
        );
        give(&mut session, GoishiCommand::Click(first));
        give(&mut session, GoishiCommand::Check);
        let notice = session.notice(Instant::now()).expect("an answer");
        let expected = if finishable {
            "Check: all is well."
        } else {
            "Check: a dead end, the stones left cannot all be picked from here. Undo to go back."
        };
        assert_eq!(notice.text(), expected);
        assert_eq!(notice.error, !finishable);
        assert_eq!(session.hint(), None, "no pick given away");
    }
}

#[test]
fn the_clock_runs_from_the_first_pick_to_solved_and_the_best_time_is_kept() {
    let mut solver = session_with(UNIQUE_URL);
    give(&mut solver, GoishiCommand::Solve);
    let solution = solver.line().to_vec();

    let mut session = session_with(UNIQUE_URL);
    play(&mut session);
    session.in_view(true);
    assert_eq!(session.clock().reading(Instant::now()), None);
    give(&mut session, GoishiCommand::Click(solution[0]));
    assert!(session.clock().is_running());
    for &stone in &solution[1..] {
        give(&mut session, GoishiCommand::Click(stone));
    }
    assert!(!session.clock().is_running(), "stopped when solved");
    let summary = session.summary();
    assert!(summary.starts_with("Solved in 0:0"), "{summary}");
    let best = session.best_time().expect("a best time");
    assert!(best < Duration::from_secs(5));

    // The shelf, with the best time, survives a restart.
    let mut settings = GoishiSettings::default();
    session.remember(&mut settings);
    let again = GoishiSession::new(&settings);
    assert_eq!(again.best_time(), Some(best));
    let record = again
        .shelf()
        .records()
        .iter()
        .find(|record| record.url == UNIQUE_URL)
        .expect("on the shelf");
    assert!(record.solved);
    // The shipped puzzles are on the shelf too.
    assert!(again.shelf().records().len() >= EXAMPLES.len());
    // The solved game comes back saying its time, its clock stopped.
    assert_eq!(again.summary(), summary);
    assert!(again.clock().time_taken().is_some());

    // Restart: a new game, a new clock; the time shown stays the best.
    give(&mut session, GoishiCommand::Restart);
    assert_eq!(session.clock().reading(Instant::now()), None);

    // A game in progress comes back with its time, held until it is in
    // play and in view.
    give(&mut session, GoishiCommand::Click(solution[0]));
    std::thread::sleep(Duration::from_millis(20));
    session.remember(&mut settings);
    let saved = settings.clock.expect("a timed game");
    assert!(saved.seconds >= 0.02 && !saved.stopped, "{saved:?}");
    let mut again = GoishiSession::new(&settings);
    assert_eq!(again.picks().len(), 1);
    assert_eq!(
        again.clock().reading(Instant::now()),
        Some(Duration::from_secs_f64(saved.seconds))
    );
    assert!(!again.clock().is_running());
    again.in_view(true);
    assert!(again.clock().is_running());
}

#[test]
fn a_clock_out_of_view_holds() {
    let mut session = session_with(UNIQUE_URL);
    play(&mut session);
    let stone = session.legal_picks()[0];
    give(&mut session, GoishiCommand::Click(stone));
    session.in_view(false);
    assert!(!session.clock().is_running());
    session.in_view(true);
    assert!(session.clock().is_running());
    give(
        &mut session,
        GoishiCommand::SetInteraction(Interaction::View),
    );
    session.in_view(true);
    assert!(!session.clock().is_running(), "held out of play mode");
}

#[test]
fn a_puzzle_too_big_to_play_by_hand_stays_off_the_shelf() {
    let (big, _) = goishi::walk_forward(200, 200, 300, &mut goishi::Rng::new(1)).unwrap();
    let url = format::to_url(&big);
    let session = session_with(&url);
    assert_eq!(session.puzzle(), &big);
    assert!(session.shelf().get(&url).is_none());
    let small = session_with(UNIQUE_URL);
    assert!(small.shelf().get(UNIQUE_URL).is_some());
}

#[test]
fn a_notice_about_a_position_goes_when_the_player_moves_on() {
    let mut solved = session_with(UNIQUE_URL);
    give(&mut solved, GoishiCommand::Solve);
    let solution = solved.line().to_vec();
    let mut session = session_with(UNIQUE_URL);
    play(&mut session);
    give(&mut session, GoishiCommand::Click(solution[0]));
    give(&mut session, GoishiCommand::Check);
    let check = session
        .notice(Instant::now())
        .expect("the check")
        .text();
    assert_eq!(check, "Check: all is well.");
    // The summary says the rest can be picked; the check does not repeat it.
    let summary = session.summary();
    assert!(summary.ends_with("this can still be finished."), "{summary}");
    give(&mut session, GoishiCommand::Click(solution[1]));
    assert_ne!(
        session
            .notice(Instant::now())
            .map(|notice| notice.text()),
        Some(check),
        "the check spoke of the position before the pick"
    );
    // A refused pick, then Undo: the refusal spoke of the undone position.
    give(&mut session, GoishiCommand::Click(solution[0]));
    assert!(
        session
            .notice(Instant::now())
            .is_some_and(|notice| notice.error)
    );
    give(
        &mut session,
        GoishiCommand::Common(Common::Step(Step::Undo)),
    );
    assert_eq!(session.notice(Instant::now()), None);
}
