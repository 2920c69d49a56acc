//! `gridtour goishi`: solve, count, check or generate Goishi Hiroi puzzles.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use gridtour::document::{self, Document};
use gridtour::goishi::format::{self, ParseError};
use gridtour::goishi::{self, Level, Puzzle};
use gridtour::output::{Format, Subject};
use gridtour::tr;

use gridtour::print::{Game, Recipe, ToPrint};

use super::args::{parse_level, parse_limit, parse_size};
use super::print::{PrintArgs, Printing};
use super::{Failure, Output, OutputArgs, progress, say_note, write_line};

/// Arguments of `gridtour goishi`.
#[derive(Debug, clap::Args)]
pub struct GoishiArgs {
    #[arg(required_unless_present = "generate")]
    pub puzzle: Vec<OsString>,
    #[arg(help_heading = "solving", long, conflicts_with_all = ["count", "check", "generate", "print"])]
    pub no_solution: bool,
    #[arg(help_heading = "solving", long, conflicts_with_all = ["check", "generate", "print"])]
    pub count: bool,
    #[arg(help_heading = "solving", long, conflicts_with_all = ["count", "rate", "check", "generate", "no_solution", "print"])]
    pub trace: bool,
    #[arg(
        help_heading = "solving",
        long,
        value_name = "STEPS",
        requires = "trace",
        default_value_t = 5000,
        value_parser = super::trace::parse_max_steps
    )]
    pub max_steps: u64,
    #[arg(help_heading = "solving", long, requires = "trace")]
    pub marks: bool,
    #[arg(help_heading = "solving", long, conflicts_with_all = ["count", "check", "generate", "no_solution", "print"])]
    pub rate: bool,
    #[arg(help_heading = "solving", long, requires = "count", value_parser = parse_limit)]
    pub limit: Option<u64>,
    #[arg(
        help_heading = "solving",
        long,
        value_name = "ORDER.json",
        conflicts_with_all = ["generate", "print"]
    )]
    pub check: Option<PathBuf>,
    #[arg(help_heading = "generating", long, value_name = "WxH", value_parser = parse_size, conflicts_with = "puzzle")]
    pub generate: Option<(u32, u32)>,
    #[arg(
        help_heading = "generating",
        long,
        requires = "generate",
        conflicts_with = "puzzle"
    )]
    pub stones: Option<usize>,
    #[arg(
        help_heading = "generating",
        long,
        requires = "generate",
        conflicts_with = "puzzle"
    )]
    pub seed: Option<u64>,
    #[arg(help_heading = "generating", long, requires = "generate", conflicts_with = "puzzle", value_parser = parse_level)]
    pub difficulty: Option<Level>,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub print: PrintArgs,
}

/// Runs `gridtour goishi`.
pub fn run(args: GoishiArgs) -> Result<(), Failure> {
    let output = args.output.resolve()?;
    if let Some(printing) = args.print.resolve()? {
        return print(&args, &printing, &output);
    }
    if let Some((width, height)) = args.generate {
        return generate(width, height, &args, &output);
    }
    let input = super::one_puzzle(&args.puzzle)?;
    let puzzle = load(input)?;
    if (args.count || args.rate || args.check.is_some()) && output.format != Format::Text {
        return Err(Failure::Message(
            "--format: --count, --rate and --check print one line of text".to_owned(),
        ));
    }
    if args.rate {
        output.not_a_file("a rating")?;
        rate(&puzzle)
    } else if args.count {
        output.not_a_file("a count")?;
        count(&puzzle, args.limit)
    } else if let Some(order_path) = &args.check {
        output.not_a_file("a check")?;
        check(&puzzle, order_path)
    } else if args.no_solution {
        show(puzzle, Vec::new(), &output)
    } else if args.trace {
        let mut scene = gridtour::render::Scene::goishi(&puzzle, &[])
            .with_numbers(output.picture.numbers.unwrap_or(true));
        let size = format!("{}x{}", puzzle.width(), puzzle.height());
        scene.title = Some(gridtour::tr!("trace-title-goishi", size = size));
        // The stones in line with the last pick, in the search's order.
        let stones_in_line = |replay: &gridtour::replay::Replay| {
            goishi::next_stones(&puzzle, replay).map_or_else(Vec::new, |(_, stones)| {
                stones
                    .into_iter()
                    .map(|(stone, _, state)| ((stone.x, stone.y), state))
                    .collect()
            })
        };
        let marks = args
            .marks
            .then_some(&stones_in_line as gridtour::render::MarksOf);
        let searched =
            super::trace::trace_steps(&output, (args.max_steps, marks), scene, |control, take| {
                let watcher =
                    |step: goishi::PickStep| take(step.into(), &|number| step.json_line(number));
                goishi::solve_watched(&puzzle, control, &watcher)
            })?;
        if let Some(None) = searched {
            say_note(tr!("cli-trace-no-solution"));
        }
        Ok(())
    } else {
        solve(puzzle, &output)
    }
}

/// The puzzle of a URL, or of a file (whose name need not be UTF-8): any
/// file gridtour writes, pictures included, read as the window reads it.
fn load(input: &OsStr) -> Result<Puzzle, String> {
    let url = input.to_str().filter(|input| {
        input.starts_with("http://") || input.starts_with("https://") || input.contains("?goishi/")
    });
    if let Some(url) = url {
        return format::parse_url(url).map_err(|error: ParseError| error.to_string());
    }
    let path = Path::new(input);
    match document::read_path(path).map_err(|error| error.to_string())? {
        Document::Goishi(loaded) => Ok(loaded.puzzle),
        Document::Numbers(_) => Err(tr!(
            "cli-numbers-not-goishi",
            path = path.display().to_string()
        )),
        Document::Tour(_) | Document::KnightLink(_) => {
            Err(tr!("cli-not-goishi", path = path.display().to_string()))
        }
    }
}

fn solve(puzzle: Puzzle, output: &Output) -> Result<(), Failure> {
    let Some(order) = progress::watched(tr!("cli-solving"), |control| {
        goishi::solve(&puzzle, control)
    })?
    else {
        if output.format.is_picture() {
            return Err(Failure::Message(tr!(
                "cli-nothing-to-draw",
                why = tr!("cli-no-solution")
            )));
        }
        write_line(tr!("cli-no-solution"))?;
        return Ok(());
    };
    goishi::validate(&puzzle, &order).map_err(|violation| {
        tr!(
            "cli-internal-broken-rule",
            violation = violation.to_string()
        )
    })?;
    show(puzzle, order, output)
}

/// Writes the puzzle with the picks of `order` made, as asked.
fn show(puzzle: Puzzle, order: Vec<goishi::Point>, output: &Output) -> Result<(), Failure> {
    let bytes = Subject::Goishi { puzzle, order }.render(output.format, &output.picture)?;
    output.emit(&bytes)
}

fn count(puzzle: &Puzzle, limit: Option<u64>) -> Result<(), Failure> {
    let found = progress::watched(tr!("cli-counting"), |control| {
        goishi::count(puzzle, limit, control)
    })?;
    match limit {
        Some(limit) if found >= limit => write_line(&tr!("cli-solutions-at-limit", count = found))?,
        _ => write_line(&tr!("cli-solutions", count = found))?,
    }
    Ok(())
}

fn rate(puzzle: &Puzzle) -> Result<(), Failure> {
    match progress::watched(tr!("cli-rating"), |control| goishi::rate(puzzle, control))? {
        Some(rating) => write_line(&rating.to_string())?,
        None => write_line(tr!("cli-no-solution-to-rate"))?,
    }
    Ok(())
}

fn check(puzzle: &Puzzle, order_path: &Path) -> Result<(), Failure> {
    let order = format::load_order_path(order_path).map_err(|error| error.to_string())?;
    goishi::validate(puzzle, &order).map_err(|violation| {
        tr!(
            "cli-invalid-order",
            path = order_path.display().to_string(),
            violation = violation.to_string()
        )
    })?;
    write_line(&tr!("cli-order-valid", stones = order.len()))?;
    Ok(())
}

/// The stones of a puzzle of `width` x `height` to generate, checked
/// against the level asked for.
fn stones_to_generate(width: u32, height: u32, args: &GoishiArgs) -> Result<usize, Failure> {
    let stones = args
        .stones
        .unwrap_or_else(|| goishi::default_stones(width, height));
    if let Some(level) = args.difficulty {
        goishi::level_refusal(width, height, stones, level)?;
    }
    Ok(stones)
}

/// Writes a sheet of new puzzles, or of the puzzles given, to print.
fn print(args: &GoishiArgs, printing: &Printing, output: &Output) -> Result<(), Failure> {
    let recipe = match args.generate {
        Some((width, height)) => Some(Recipe::Goishi {
            width,
            height,
            stones: stones_to_generate(width, height, args)?,
            level: args.difficulty,
        }),
        None => None,
    };
    let given = args.puzzle.iter().map(|input| {
        load(input).map(|puzzle| ToPrint {
            game: Game::Goishi {
                puzzle,
                solution: None,
            },
            level: None,
            unique: None,
        })
    });
    printing.print(recipe, given, args.seed, output)
}

fn generate(width: u32, height: u32, args: &GoishiArgs, output: &Output) -> Result<(), Failure> {
    let stones = stones_to_generate(width, height, args)?;
    let seed = super::seed_or_now(args.seed);
    let puzzle = progress::watched(tr!("cli-generating"), |control| {
        goishi::generate(width, height, stones, seed, args.difficulty, control)
    })??;
    super::say_seed(args.seed, seed);
    // A generated puzzle is shown blank, except in JSON, which carries the
    // solution along for programs.
    let order = match output.format {
        Format::Json => progress::watched(tr!("cli-solving"), |control| {
            goishi::solve(&puzzle, control)
        })?
        .unwrap_or_default(),
        _ => Vec::new(),
    };
    show(puzzle, order, output)
}
