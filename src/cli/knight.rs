//! `gridtour knight`: find one tour, count or estimate tours, or list the
//! start squares where the plain Warnsdorff rule fails.
//!
//! Values with a fixed vocabulary (`--algo`, `--format`) and square names
//! are parsed here rather than by clap, so that every mistake is reported
//! as the program's usual one-line error.

use gridtour::replay::{Event, Replay};
use std::time::Duration;

use gridtour::document::link_in_page_address;
use gridtour::job::{Checkpointing, Control, Outcome};
use gridtour::knight::count::SweepFileError;
use gridtour::knight::{
    self, Algorithm, Board, BoardLink, Count, NotCounted, Patience, Sampling, SolveResult, Square,
    TourKind, trace, warnsdorff_failing_starts,
};
use gridtour::output::{self, Format, Subject};
use gridtour::placed::quoted;
use gridtour::render::Scene;
use gridtour::tr;
use serde_json::json;

use super::{Failure, Output, OutputArgs, flag_error, progress, say_note, write_line};

/// Arguments of `gridtour knight`.
#[derive(Debug, clap::Args)]
pub struct KnightArgs {
    #[arg(value_name = "LINK")]
    link: Option<String>,
    #[arg(
        help_heading = "board",
        long,
        value_name = "WxH",
        required_unless_present = "link"
    )]
    size: Option<String>,
    #[arg(help_heading = "tour", long, value_name = "SQUARE")]
    start: Option<String>,
    #[arg(help_heading = "tour", 
        long,
        value_name = "SQUARE",
        requires = "start",
        conflicts_with_all = ["closed", "estimate", "failing_starts"]
    )]
    end: Option<String>,
    #[arg(help_heading = "tour", long)]
    closed: bool,
    #[arg(
        help_heading = "tour",
        long,
        value_name = "ALGO",
        default_value = "warnsdorff"
    )]
    algo: String,
    #[arg(help_heading = "tour", long, conflicts_with_all = ["count", "estimate", "failing_starts", "end"])]
    trace: bool,
    #[arg(
        help_heading = "tour",
        long,
        value_name = "STEPS",
        requires = "trace",
        default_value_t = 5000,
        value_parser = super::trace::parse_max_steps
    )]
    max_steps: u64,
    #[arg(help_heading = "tour", long, requires = "trace")]
    marks: bool,
    #[arg(
        help_heading = "board",
        long,
        value_name = "SQUARES",
        value_delimiter = ','
    )]
    blocked: Vec<String>,
    #[arg(help_heading = "counting", long, conflicts_with = "failing_starts")]
    count: bool,
    #[arg(help_heading = "counting", long, conflicts_with_all = ["start", "blocked"])]
    every_length: bool,
    #[arg(help_heading = "counting", long, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    #[arg(help_heading = "counting", long, value_name = "SECONDS", requires = "checkpoint", default_value_t = 300.0,
          value_parser = parse_interval)]
    checkpoint_every: f64,
    #[arg(help_heading = "counting", long)]
    force: bool,
    #[arg(help_heading = "estimating", long, conflicts_with_all = ["count", "failing_starts"])]
    estimate: bool,
    #[arg(help_heading = "estimating", long, requires = "estimate", default_value_t = 10.0, value_parser = parse_seconds)]
    seconds: f64,
    #[arg(
        help_heading = "estimating",
        long,
        requires = "estimate",
        default_value_t = 1
    )]
    seed: u64,
    #[arg(help_heading = "analysis", long, conflicts_with_all = ["start", "closed", "count"])]
    failing_starts: bool,
    #[command(flatten)]
    output: OutputArgs,
}

/// Runs `gridtour knight`.
pub fn run(args: KnightArgs) -> Result<(), Failure> {
    let link = args
        .link
        .as_deref()
        .map(|text| BoardLink::parse(link_in_page_address(text).unwrap_or(text)))
        .transpose()
        .map_err(|error| tr!("cli-link-error", error = error.to_string()))?;
    let board = match (&args.size, &link) {
        (Some(size), Some(link)) => {
            // The link's squares keep their names on the new size, as the
            // window keeps them on a resize; those off it are dropped.
            let mut board = build_board(size, &args.blocked)?;
            for square in link.board.blocked_squares() {
                if let Some(square) = Board::same_name_on(
                    square,
                    (link.board.width(), link.board.height()),
                    (board.width(), board.height()),
                ) {
                    board.set_blocked(square, true);
                }
            }
            board
        }
        (Some(size), None) => build_board(size, &args.blocked)?,
        (None, Some(link)) if args.blocked.is_empty() => link.board.clone(),
        (None, Some(link)) => {
            let size = format!("{}x{}", link.board.width(), link.board.height());
            build_board(&size, &args.blocked)?
        }
        (None, None) => unreachable!("clap asks for --size or a link"),
    };
    let output = args.output.resolve()?;
    let format = output.format;
    if format == Format::Pzprv3 {
        return Err(tr!("cli-pzprv3-not-knight").to_owned().into());
    }
    // Checked here: clap's `requires` counts a flag's default as given.
    for (given, flag) in [
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.force, "--force"),
        (args.every_length, "--every-length"),
    ] {
        if given && !args.count {
            return Err(Failure::Message(tr!("cli-goes-with-count", flag = flag)));
        }
    }
    if format == Format::Url && (args.count || args.estimate || args.failing_starts) {
        return Err(tr!("cli-link-not-for-count").to_owned().into());
    }
    let algorithm: Algorithm = args.algo.parse()?;
    let kind = match &link {
        _ if args.closed => TourKind::Closed,
        Some(link) => link.kind,
        None => TourKind::Open,
    };
    let start = match (&args.start, &link) {
        (Some(name), _) => Some(parse_square(&board, "--start", name)?),
        (None, Some(link)) => link
            .start
            .and_then(|start| {
                Board::same_name_on(
                    start,
                    (link.board.width(), link.board.height()),
                    (board.width(), board.height()),
                )
            })
            .filter(|&start| board.is_open(start)),
        (None, None) => None,
    };
    // The link's own tour, when nothing asked for another.
    let linked_tour = link
        .and_then(|link| link.tour())
        .filter(|tour| tour.board == board && tour.kind == kind && Some(tour.path[0]) == start);
    let end = args
        .end
        .as_deref()
        .map(|name| parse_square(&board, "--end", name))
        .transpose()?;
    if args.failing_starts {
        print_failing_starts(&board, &output)?;
    } else if args.estimate {
        one_line_only(&output, "an estimate", "--estimate")?;
        let sampling = Sampling {
            seconds: args.seconds,
            max_attempts: u64::MAX,
            seed: args.seed,
        };
        print_estimate(&board, start, kind, sampling, format)?;
    } else if args.count {
        one_line_only(&output, "a count", "--count")?;
        let patience = if args.force {
            Patience::Unlimited
        } else {
            COMMAND_LINE_PATIENCE
        };
        let checkpointing = args.checkpoint.map(|path| Checkpointing {
            path,
            every: Duration::from_secs_f64(args.checkpoint_every),
            wait_while_in_use: false,
        });
        if checkpointing.is_some() {
            // Ctrl+C then stops the count after a last save.
            progress::stop_on_interrupt()?;
        }
        if args.every_length {
            print_every_length(&board, kind, checkpointing, format)?;
        } else {
            let request = match (start, end) {
                (Some(start), Some(end)) => Request::Between(start, end),
                _ => Request::All(start, kind),
            };
            let counting = Counting {
                request,
                patience,
                checkpointing,
            };
            print_count(&board, counting, format)?;
        }
    } else if args.trace {
        let start = start_or_a1(&board, start)?;
        let steps = (args.max_steps, args.marks);
        print_trace(&board, (start, kind), algorithm, steps, &output)?;
    } else if let Some(tour) = linked_tour.filter(|_| end.is_none()) {
        let bytes = Subject::Tour(tour).render(format, &output.picture)?;
        output.emit(&bytes)?;
    } else {
        let start = start_or_a1(&board, start)?;
        print_tour(&board, start, end, kind, algorithm, &output)?;
    }
    Ok(())
}

/// The first square of a tour or search: `--start`, or a1 without it.
fn start_or_a1(board: &Board, start: Option<Square>) -> Result<Square, String> {
    match start {
        Some(start) => Ok(start),
        None => parse_square(board, "--start", "a1")
            .map_err(|error| tr!("cli-start-is-a1", error = error)),
    }
}

/// The board of `--size` with the squares of `--blocked`.
pub(super) fn build_board(size: &str, blocked: &[String]) -> Result<Board, String> {
    let mut board = Board::parse_size(size).map_err(|error| flag_error("--size", error))?;
    for name in blocked {
        let square = board
            .parse_square(name)
            .map_err(|error| flag_error("--blocked", error))?;
        board.set_blocked(square, true);
    }
    Ok(board)
}

/// The square `name` given to `flag`, which must be open.
fn parse_square(board: &Board, flag: &str, name: &str) -> Result<Square, String> {
    let square = board
        .parse_square(name)
        .map_err(|error| flag_error(flag, error))?;
    if board.is_blocked(square) {
        return Err(tr!("cli-square-blocked", flag = flag, name = quoted(name)));
    }
    Ok(square)
}

/// Prints a tour from `start` (to `end`, when given) or why there is none.
fn print_tour(
    board: &Board,
    start: Square,
    end: Option<Square>,
    kind: TourKind,
    algorithm: Algorithm,
    output: &Output,
) -> Result<(), Failure> {
    let format = output.format;
    let result = progress::watched(tr!("cli-searching"), |control| match end {
        Some(end) => knight::solve_between(board, start, end, control),
        None => knight::solve(board, start, kind, algorithm, control),
    })?;
    match result {
        SolveResult::Found(tour) => {
            let bytes = Subject::Tour(tour).render(format, &output.picture)?;
            output.emit(&bytes)?;
        }
        SolveResult::NoTour(reason) => {
            let line = match format {
                Format::Json => no_tour_json(board, start, kind, &reason.to_string()),
                _ => tr!(
                    "cli-no-tour",
                    kind = kind.label(),
                    start = board.square_name(start),
                    end = end.map_or(String::new(), |end| tr!(
                        "no-tour-exhausted-end",
                        end = board.square_name(end)
                    )),
                    size = format!("{}x{}", board.width(), board.height()),
                    reason = reason.to_string()
                ),
            };
            if format.is_picture() {
                return Err(Failure::Message(tr!("cli-nothing-to-draw", why = line)));
            }
            output.emit(format!("{line}\n").as_bytes())?;
        }
    }
    Ok(())
}

/// Prints the steps of the search for a tour from `start`, one JSON line
/// each as the search takes them, at most `max_steps` of them.
fn print_trace(
    board: &Board,
    (start, kind): (Square, TourKind),
    algorithm: Algorithm,
    (max_steps, marks): (u64, bool),
    output: &Output,
) -> Result<(), Failure> {
    // The moves tried and still to try from the knight's square.
    let moves = |replay: &Replay| {
        knight::next_moves::watched_moves(board, (algorithm, kind), replay).map_or_else(
            Vec::new,
            |moves| {
                moves
                    .moves
                    .into_iter()
                    .map(|(square, _, state)| ((square.x, square.y), state))
                    .collect()
            },
        )
    };
    let marks = marks.then_some(&moves as gridtour::render::MarksOf);
    let mut scene = Scene::knight_board(board).with_numbers(output.picture.numbers.unwrap_or(true));
    scene.title = Some(tr!(
        "trace-title-knight",
        algorithm = algorithm.words(),
        size = format!("{}x{}", board.width(), board.height())
    ));
    let stepped = std::sync::atomic::AtomicBool::new(false);
    // The path so far, for the squares each push will try from there.
    let mut path = Replay::new(1);
    let searched =
        super::trace::trace_steps(output, (max_steps, marks), scene, |control, take| {
            let mut watcher = |step: trace::Step| {
                stepped.store(true, std::sync::atomic::Ordering::Relaxed);
                let event = Event::from(step);
                path.apply(event);
                take(event, &|number| {
                    let squares = || -> Vec<Square> {
                        path.path()
                            .iter()
                            .map(|&(x, y)| Square::new(x, y))
                            .collect()
                    };
                    match step {
                        trace::Step::Push(_) => {
                            let search = (algorithm, kind);
                            let restarts = path.counters().restarts;
                            let tries = knight::next_moves::known_order(
                                board,
                                search,
                                &squares(),
                                restarts,
                            );
                            let beside = tries
                                .as_deref()
                                .map_or(trace::Beside::Nothing, trace::Beside::Tries);
                            trace::json_line(number, step, board, beside)
                        }
                        trace::Step::Prune { rule, .. } => {
                            let because = trace::pruned_squares(board, &squares(), kind, rule);
                            trace::json_line(number, step, board, trace::Beside::Because(&because))
                        }
                        _ => trace::json_line(number, step, board, trace::Beside::Nothing),
                    }
                });
            };
            knight::solve_watched(board, (start, kind), algorithm, control, &mut watcher)
        })?;
    match searched {
        // Theory may answer before any step: the trace is then empty.
        Some(SolveResult::NoTour(reason)) => {
            say_note(&tr!(
                "cli-trace-no-tour",
                kind = kind.label(),
                reason = reason.to_string()
            ));
        }
        Some(SolveResult::Found(_)) if !stepped.into_inner() => say_note(&tr!(
            "cli-trace-from-tiles",
            squares = gridtour::english::group_digits(knight::LARGE_BOARD_SQUARES as u64)
        )),
        _ => {}
    }
    Ok(())
}

/// The tour JSON layout with `"path": null` and the reason, so that a
/// program reading the output sees the same fields either way.
fn no_tour_json(board: &Board, start: Square, kind: TourKind, reason: &str) -> String {
    let blocked: Vec<[u32; 2]> = board
        .blocked_squares()
        .into_iter()
        .map(|s| [s.x, s.y])
        .collect();
    json!({
        "width": board.width(),
        "height": board.height(),
        "blocked": blocked,
        "closed": kind == TourKind::Closed,
        "start": [start.x, start.y],
        "path": null,
        "reason": reason,
    })
    .to_string()
}

/// The longest count the command line starts without `--force`.
const COMMAND_LINE_PATIENCE: Patience = Patience::Seconds(3600.0);

/// Which tours `--count` counts.
enum Request {
    /// Of this kind, from this square or undirected.
    All(Option<Square>, TourKind),
    /// Open tours from the first square to the second.
    Between(Square, Square),
}

/// How the count is asked for.
struct Counting {
    request: Request,
    patience: Patience,
    checkpointing: Option<Checkpointing>,
}

fn print_count(board: &Board, counting: Counting, format: Format) -> Result<(), Failure> {
    let Counting {
        request,
        patience,
        checkpointing,
    } = counting;
    let counted = progress::watched(tr!("cli-counting"), |control| {
        let scratch = &control.resources().scratch_dir;
        if !scratch.is_dir() {
            say_note(&tr!(
                "cli-note-no-scratch-folder",
                path = scratch.display().to_string()
            ));
        }
        save_progress(control, checkpointing.clone());
        match request {
            Request::All(start, kind) => knight::count(board, start, kind, patience, control),
            Request::Between(start, end) => {
                knight::count_between(board, start, end, patience, control)
            }
        }
    })
    .map_err(|message| unless_saved(message, checkpointing.as_ref()))?
    .map_err(|why| count_failure(&why, checkpointing.as_ref()))?;
    if format == Format::Json {
        write_line(&count_json(None, &counted))?;
    } else {
        let line = format!("{} {}", counted.digits(), counted.description);
        match &counted.because {
            Some(reason) => write_line(&tr!(
                "cli-count-because",
                count = line,
                reason = reason.to_string()
            ))?,
            None => write_line(&line)?,
        }
    }
    Ok(())
}

/// A count as one JSON object, keys in order: `board` (when given),
/// `description`, `tours`. The number is written out whole, however many
/// digits it has (JSON numbers have no size limit).
fn count_json(board: Option<&str>, counted: &Count) -> String {
    let board = board.map_or(String::new(), |name| format!("\"board\":{},", json!(name)));
    let because = counted.because.as_ref().map_or(String::new(), |reason| {
        format!(",\"because\":{}", json!(reason.to_string()))
    });
    format!(
        "{{{board}\"description\":{},\"tours\":{}{because}}}",
        json!(counted.description),
        counted.digits()
    )
}

/// Prints the tours of every board as wide as `board`'s shorter side and up
/// to its longer side long, one line each (text or a JSON object) as soon as
/// the sweep has counted it. A closed standard output stops the sweep.
fn print_every_length(
    board: &Board,
    kind: TourKind,
    checkpointing: Option<Checkpointing>,
    format: Format,
) -> Result<(), Failure> {
    let (width, height) = (board.width(), board.height());
    let (across, length) = (width.min(height), width.max(height));
    let name = |k: u32| {
        if width <= height {
            format!("{width}x{k}")
        } else {
            format!("{k}x{height}")
        }
    };
    let mut failure = None;
    let outcome = progress::watched(tr!("cli-counting"), |control| {
        save_progress(control, checkpointing.clone());
        knight::count_every_length(across, length, kind, control, &mut |k, counted| {
            let line = if format == Format::Json {
                count_json(Some(&name(k)), &counted)
            } else {
                format!("{} {} {}", name(k), counted.digits(), counted.description)
            };
            if failure.is_none()
                && let Err(error) = write_line(&line)
            {
                failure = Some(error);
                control.cancel();
            }
        })
    });
    if let Some(failure) = failure {
        return Err(failure);
    }
    outcome
        .map_err(|message| unless_saved(message, checkpointing.as_ref()))?
        .map_err(|why| count_failure(&why, checkpointing.as_ref()))
}

/// The one line of a count that gave no number, with what would let it
/// through: more memory, and where the checkpoint file holds its progress.
fn count_failure(why: &NotCounted, checkpointing: Option<&Checkpointing>) -> Failure {
    let saved = checkpointing
        .map(|checkpointing| &checkpointing.path)
        .filter(|path| path.is_file());
    let hint = match saved {
        Some(path) if why.more_memory_helps() => Some(tr!(
            "cli-count-hint-memory-resume",
            path = path.display().to_string()
        )),
        _ if why.more_memory_helps() => Some(tr!("cli-count-hint-memory").to_owned()),
        _ => None,
    };
    let line = match (why, hint) {
        (NotCounted::TooLong(too_long), hint) => tr!(
            "cli-count-too-long",
            // A sweep that ran out of room had started; the walk never did.
            started = if too_long.why.ran_out().is_some() {
                "yes"
            } else {
                "no"
            },
            why = too_long.to_string(),
            or = hint.map_or(String::new(), |hint| tr!("cli-count-or", hint = hint))
        ),
        (NotCounted::NoSweep(_), Some(hint)) => {
            tr!("cli-count-failed-hint", why = why.to_string(), hint = hint)
        }
        // Out of scratch room: the file holds the count as last saved.
        (
            NotCounted::File(SweepFileError::Scratch { .. } | SweepFileError::NoScratchFile { .. }),
            _,
        ) if let Some(path) = saved => {
            tr!(
                "cli-count-scratch-kept",
                why = why.to_string(),
                path = path.display().to_string()
            )
        }
        (other, _) => tr!("cli-count-failed", why = other.to_string()),
    };
    line.into()
}

/// Has the count save its progress, when `--checkpoint` asked for it.
fn save_progress(control: &Control, checkpointing: Option<Checkpointing>) {
    if let Some(checkpointing) = checkpointing {
        control.save_progress(checkpointing);
    }
}

/// The failure of a count that gave no number (`message`): when Ctrl+C
/// stopped a count that saves its progress, where to find it.
fn unless_saved(message: String, checkpointing: Option<&Checkpointing>) -> Failure {
    match checkpointing {
        Some(checkpointing) if progress::interrupted() => Failure::Interrupted(format!(
            "counting stopped; its progress is saved in {}, and the same command takes it up",
            checkpointing.path.display()
        )),
        _ => message.into(),
    }
}

/// Refuses a picture format or an output file for `what` (asked for by
/// `flag`), which is a number printed as one line of text or JSON.
fn one_line_only(output: &Output, what: &str, flag: &str) -> Result<(), Failure> {
    if output.format.is_picture() {
        return Err(Failure::Message(format!(
            "--format: {what} is a number; use text or json with {flag}"
        )));
    }
    output.not_a_file(what)?;
    Ok(())
}

/// Parses `--seconds`: a positive, finite number of seconds, at most a week.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 7.0 * 86_400.0 => Ok(seconds),
        _ => Err(format!(
            "expected a number of seconds above 0 and at most 604800 (a week), got '{text}'"
        )),
    }
}

/// Parses `--checkpoint-every`: seconds from 0 to a week.
fn parse_interval(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if (0.0..=7.0 * 86_400.0).contains(&seconds) => Ok(seconds),
        _ => Err(format!(
            "expected a number of seconds from 0 to 604800 (a week), got '{text}'"
        )),
    }
}

fn print_estimate(
    board: &Board,
    start: Option<Square>,
    kind: TourKind,
    sampling: Sampling,
    format: Format,
) -> Result<(), Failure> {
    let estimate = progress::watched(tr!("cli-estimating"), |control| {
        Outcome::Done(knight::estimate(board, start, kind, sampling, control))
    })?
    .map_err(|refusal| flag_error("--estimate", refusal))?;
    if format == Format::Json {
        // Without a completed tour there is no estimate (null), unless the
        // theory gave the answer, which is then exact and says why.
        // Below the tours a 95% interval needs, the range is a rough one.
        let known = estimate.exact_because.is_some() || estimate.completed > 0;
        let range = [estimate.low, estimate.high];
        let json = json!({
            "estimate": known.then_some(estimate.tours),
            "interval_95": estimate.has_interval().then_some(range),
            "rough_range": (known && !estimate.has_interval()).then_some(range),
            "exact_because": estimate.exact_because,
            "attempts": estimate.attempts,
            "completed": estimate.completed,
            "description": estimate.description,
        });
        write_line(&json.to_string())?;
    } else {
        write_line(&estimate.to_string())?;
    }
    Ok(())
}

/// One start square of the failing-starts analysis.
struct FailingStart {
    square: Square,
    /// Whether the default solver found a valid tour from this square, or
    /// why not. Only the verdict is kept: holding every tour would take
    /// memory growing with the square of the board.
    tour: Result<(), String>,
}

/// The failing starts as text, JSON, or a picture of the board with them
/// tinted.
fn print_failing_starts(board: &Board, output: &Output) -> Result<(), Failure> {
    let format = output.format;
    let failing = progress::watched(tr!("cli-trying-every-start"), |control| {
        warnsdorff_failing_starts(board, control)
    })?;
    if format.is_picture() {
        let scene = Scene::failing_starts(board, &failing);
        let bytes = output::picture(&scene, format, &output.picture, None)?;
        return output.emit(&bytes);
    }
    let analysis: Vec<FailingStart> = failing
        .into_iter()
        .map(|square| FailingStart {
            square,
            tour: default_open_tour(board, square),
        })
        .collect();
    let text = match format {
        Format::Json => failing_starts_json(board, &analysis) + "\n",
        _ => failing_starts_text(board, &analysis),
    };
    output.emit(text.as_bytes())
}

/// Whether the default solver finds a valid open tour from `start`, or why
/// not.
fn default_open_tour(board: &Board, start: Square) -> Result<(), String> {
    let result = progress::watched(tr!("cli-searching"), |control| {
        knight::solve(board, start, TourKind::Open, Algorithm::Warnsdorff, control)
    })?;
    match result {
        SolveResult::Found(tour) => knight::validate(board, &tour.path, TourKind::Open)
            .map_err(|error| tr!("cli-internal-invalid-tour", error = error.to_string())),
        SolveResult::NoTour(reason) => Err(reason.to_string()),
    }
}

fn failing_starts_text(board: &Board, analysis: &[FailingStart]) -> String {
    let mut text = tr!(
        "cli-failing-starts",
        count = analysis.len(),
        size = format!("{}x{}", board.width(), board.height())
    );
    text.push('\n');
    for entry in analysis {
        let verdict = match &entry.tour {
            Ok(_) => tr!("cli-failing-start-solved").to_owned(),
            Err(reason) => tr!("cli-failing-start-no-tour", reason = reason.as_str()),
        };
        text.push_str(&format!(
            "{} {}: {verdict}\n",
            board.index(entry.square),
            board.square_name(entry.square)
        ));
    }
    text
}

fn failing_starts_json(board: &Board, analysis: &[FailingStart]) -> String {
    let starts: Vec<_> = analysis
        .iter()
        .map(|entry| {
            json!({
                "index": board.index(entry.square),
                "square": board.square_name(entry.square),
                "start": [entry.square.x, entry.square.y],
                "solved": entry.tour.is_ok(),
                "reason": entry.tour.as_ref().err(),
            })
        })
        .collect();
    json!({ "width": board.width(), "height": board.height(), "failing_starts": starts })
        .to_string()
}
