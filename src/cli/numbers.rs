//! `gridtour numbers`: knight's tour puzzles (numbered tours) solved,
//! counted, checked and generated.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use gridtour::document::{self, Document};
use gridtour::knight::{Board, NUMBERS_LINK_PREFIX, TourKind};
use gridtour::numbers::format::{self, ReadPuzzle};
use gridtour::numbers::link;
use gridtour::numbers::{self, Deduction, Filled, Generated, Level, NumbersPuzzle, Play};
use gridtour::output::{Format, Subject};
use gridtour::tr;

use super::args::{parse_level, parse_limit, parse_size};
use gridtour::print::{Game, Recipe, ToPrint};

use super::print::{PrintArgs, Printing};
use super::{Failure, Output, OutputArgs, progress, write_line};

/// Arguments of `gridtour numbers`.
#[derive(Debug, clap::Args)]
pub struct NumbersArgs {
    #[arg(required_unless_present = "generate")]
    pub puzzle: Vec<OsString>,
    #[arg(help_heading = "solving", long, conflicts_with_all = ["count", "check", "generate", "print"])]
    pub no_solution: bool,
    #[arg(help_heading = "solving", long, conflicts_with_all = ["check", "generate", "print"])]
    pub count: bool,
    #[arg(help_heading = "solving", long, conflicts_with_all = ["count", "check", "generate", "no_solution", "print"])]
    pub rate: bool,
    #[arg(help_heading = "solving", long, requires = "count", value_parser = parse_limit)]
    pub limit: Option<u64>,
    #[arg(
        help_heading = "solving",
        long,
        value_name = "ANSWER",
        conflicts_with_all = ["generate", "print"]
    )]
    pub check: Option<PathBuf>,
    #[arg(help_heading = "generating", long, value_name = "WxH", value_parser = parse_size, conflicts_with = "puzzle")]
    pub generate: Option<(u32, u32)>,
    #[arg(help_heading = "generating", long, requires = "generate")]
    pub closed: bool,
    #[arg(
        help_heading = "generating",
        long,
        requires = "generate",
        value_delimiter = ',',
        value_name = "SQUARES"
    )]
    pub blocked: Vec<String>,
    #[arg(help_heading = "generating", long, requires = "generate", value_parser = parse_level, default_value = "medium")]
    pub level: Level,
    #[arg(
        help_heading = "generating",
        long,
        requires = "generate",
        conflicts_with = "level"
    )]
    pub holes: bool,
    #[arg(help_heading = "generating", long, requires = "generate")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub print: PrintArgs,
}

/// Runs `gridtour numbers`.
pub fn run(args: NumbersArgs) -> Result<(), Failure> {
    let output = args.output.resolve()?;
    if !matches!(
        output.format,
        Format::Text | Format::Json | Format::Url | Format::Svg | Format::Png | Format::Pdf
    ) {
        return Err(tr!("cli-numbers-formats").to_owned().into());
    }
    if let Some(printing) = args.print.resolve()? {
        return print(&args, &printing, &output);
    }
    if let Some((width, height)) = args.generate {
        return generate(width, height, &args, &output);
    }
    let ReadPuzzle { puzzle, .. } = load(super::one_puzzle(&args.puzzle)?)?;
    if let Some(answer) = &args.check {
        return check(&puzzle, answer);
    }
    if args.count {
        let found = progress::watched(tr!("cli-counting"), |control| {
            numbers::count(&puzzle, args.limit, control)
        })?;
        return match args.limit {
            Some(limit) if found >= limit => {
                write_line(&tr!("cli-solutions-at-limit", count = found))
            }
            _ => write_line(&tr!("cli-solutions", count = found)),
        };
    }
    if args.rate {
        return rate(&puzzle);
    }
    if args.no_solution {
        return show(&puzzle, None, &output);
    }
    let solution = progress::watched(tr!("cli-solving"), |control| {
        numbers::solve(&puzzle, control)
    })?;
    match solution {
        Some(filled) if numbers::is_solution(&puzzle, &filled) => {
            show(&puzzle, Some(&filled), &output)
        }
        Some(_) => Err(tr!("cli-numbers-internal").to_owned().into()),
        None if output.format.is_picture() => {
            Err(tr!("cli-nothing-to-draw", why = tr!("cli-no-solution")).into())
        }
        None => write_line(tr!("cli-no-solution")),
    }
}

/// Writes how hard `puzzle` is to solve by hand, or why it is not rated.
fn rate(puzzle: &NumbersPuzzle) -> Result<(), Failure> {
    let rating = progress::watched(tr!("cli-rating"), |control| numbers::rate(puzzle, control))?;
    let Some(rating) = rating else {
        return Err(tr!("cli-numbers-not-rated").to_owned().into());
    };
    let found = |deduction| rating.count(deduction);
    write_line(&tr!(
        "cli-numbers-rating",
        level = rating.level().words(),
        next_to = found(Deduction::NextTo),
        reach = found(Deduction::Reach),
        two_ways = found(Deduction::TwoWays),
        only = found(Deduction::OnlyNumber),
        trials = found(Deduction::Trial)
    ))
}

/// The puzzle of a link, or in the file at `given` (whose name need not be
/// UTF-8), text or JSON.
fn load(given: &OsStr) -> Result<ReadPuzzle, String> {
    if let Some(text) = given
        .to_str()
        .filter(|text| text.trim_start().starts_with(NUMBERS_LINK_PREFIX))
    {
        let puzzle =
            link::parse(text).map_err(|error| tr!("cli-link-error", error = error.to_string()))?;
        return Ok(ReadPuzzle {
            puzzle,
            solution: None,
        });
    }
    let path = Path::new(given);
    // A picture gridtour drew carries its puzzle inside.
    if !Format::from_path(path).is_ok_and(Format::is_picture) {
        return format::load_path(path).map_err(|error| error.to_string());
    }
    let shown = path.display().to_string();
    match document::read_path(path).map_err(|error| error.to_string())? {
        Document::Numbers(read) => Ok(read),
        Document::Goishi(_) => Err(tr!("cli-goishi-not-numbers", path = shown)),
        Document::Tour(_) | Document::KnightLink(_) => {
            Err(tr!("cli-tour-not-numbers", path = shown))
        }
    }
}

/// Writes `puzzle`, solved with `solution` when there is one, as asked: the
/// text or JSON form, or a picture of the solution's tour.
fn show(puzzle: &NumbersPuzzle, solution: Option<&Filled>, output: &Output) -> Result<(), Failure> {
    let bytes = match output.format {
        Format::Json => format!("{}\n", format::to_json(puzzle, solution.map(Vec::as_slice))),
        Format::Text => format::to_text(puzzle, solution.map(Vec::as_slice)),
        // A link shares the puzzle, never its solution.
        Format::Url => format!("{}\n", link::to_link(puzzle)),
        // A solution is drawn as its tour, an unsolved puzzle as a sheet
        // to solve.
        _ => {
            let subject = match solution {
                Some(filled) => Subject::SolvedNumbers {
                    puzzle: puzzle.clone(),
                    solution: filled.clone(),
                },
                None => Subject::NumbersPuzzle(puzzle.clone()),
            };
            return output.emit(&subject.render(output.format, &output.picture)?);
        }
    };
    output.emit(bytes.as_bytes())
}

/// Checks the filled board in the file `answer` against `puzzle`: the
/// first rule it breaks, or the squares left empty, as the one-line error.
fn check(puzzle: &NumbersPuzzle, answer: &Path) -> Result<(), Failure> {
    let ReadPuzzle {
        puzzle: filled_in,
        solution,
    } = load(answer.as_os_str())?;
    let shown = answer.display().to_string();
    let same_board = filled_in.board() == puzzle.board();
    if !same_board {
        return Err(tr!("cli-numbers-other-board", path = shown).into());
    }
    let mut play = Play::new(puzzle.clone());
    let numbers: Filled = solution.unwrap_or_else(|| {
        let board = filled_in.board();
        board
            .squares()
            .map(|square| filled_in.given(square).unwrap_or(0))
            .collect()
    });
    for square in puzzle.board().squares() {
        let number = numbers[puzzle.board().index(square)];
        match puzzle.given(square) {
            Some(given) if number != given => {
                return Err(tr!(
                    "cli-numbers-given-changed",
                    path = shown,
                    square = puzzle.board().square_name(square),
                    given = given
                )
                .into());
            }
            Some(_) => {}
            None if number == 0 => {}
            None => {
                play.place(square, number)
                    .map_err(|refusal| in_file(&shown, refusal.words(puzzle.board())))?;
            }
        }
    }
    if let Some(rule) = play.broken().first() {
        return Err(in_file(&shown, rule.words(puzzle.board())).into());
    }
    let missing = play
        .numbers()
        .iter()
        .zip(puzzle.board().squares())
        .filter(|&(&number, square)| number == 0 && !puzzle.board().is_blocked(square));
    let missing = missing.count();
    if missing > 0 {
        return Err(in_file(&shown, tr!("numbers-answer-incomplete", missing = missing)).into());
    }
    debug_assert!(play.is_solved());
    write_line(&tr!("numbers-answer-valid", last = puzzle.last_number()))
}

/// `error` found in the file named `path`.
fn in_file(path: &str, error: String) -> String {
    tr!("cli-in-file", path = path, error = error)
}

/// The board and kind of tour of the puzzles to generate.
fn to_generate(width: u32, height: u32, args: &NumbersArgs) -> Result<(Board, TourKind), String> {
    let side = 1..=NumbersPuzzle::MAX_SIDE;
    if !side.contains(&width) || !side.contains(&height) {
        let error = numbers::PuzzleError::Size { width, height };
        return Err(super::flag_error("--generate", error));
    }
    let board = super::knight::build_board(&format!("{width}x{height}"), &args.blocked)?;
    let kind = if args.closed {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    Ok((board, kind))
}

/// Writes a sheet of new puzzles, or of the puzzles given, to print.
fn print(args: &NumbersArgs, printing: &Printing, output: &Output) -> Result<(), Failure> {
    let recipe = match args.generate {
        Some((width, height)) => {
            let (board, kind) = to_generate(width, height, args)?;
            let level = (!args.holes).then_some(args.level);
            Some(Recipe::Numbers { board, kind, level })
        }
        None => None,
    };
    let given = args.puzzle.iter().map(|given| {
        load(given).map(|ReadPuzzle { puzzle, .. }| ToPrint {
            game: Game::Numbers {
                puzzle,
                solution: None,
            },
            level: None,
            unique: None,
        })
    });
    printing.print(recipe, given, args.seed, output)
}

fn generate(width: u32, height: u32, args: &NumbersArgs, output: &Output) -> Result<(), Failure> {
    let (board, kind) = to_generate(width, height, args)?;
    let seed = super::seed_or_now(args.seed);
    let Generated { puzzle, solution } = progress::watched(tr!("cli-generating"), |control| {
        if args.holes {
            numbers::holey(&board, kind, seed, control)
        } else {
            numbers::generate(&board, kind, args.level, seed, control)
        }
    })?
    .map_err(|error| error.to_string())?;
    super::say_seed(args.seed, seed);
    // A generated puzzle is shown blank, except in JSON, which carries the
    // solution along for programs.
    let shown = (output.format == Format::Json).then_some(&solution);
    show(&puzzle, shown, output)
}
