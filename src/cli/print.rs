//! `--print`: puzzle sheets as PDF, for `goishi` and `numbers`.

use gridtour::output::Format;
use gridtour::placed::quoted;
use gridtour::print::{
    MOST_PUZZLES, Recipe, ToPrint, check_sheet_for, print_sheet, skipped_note, solved,
};
use gridtour::render::{MOST_BOARDS_A_SIDE, Paper, SheetOptions};
use gridtour::tr;

use super::args::parse_size;
use super::{Failure, Output, progress};

/// How puzzles are printed. Numbers are parsed here rather than by clap,
/// so a mistake is the program's usual one-line error naming the flag.
#[derive(Debug, clap::Args)]
pub struct PrintArgs {
    #[arg(help_heading = "printing", long, value_name = "WxH")]
    print: Option<String>,
    #[arg(help_heading = "printing", long, value_name = "N", requires = "print")]
    puzzles: Option<String>,
    #[arg(help_heading = "printing", long, requires = "print")]
    with_solutions: bool,
    #[arg(help_heading = "printing", long, value_name = "S", requires = "print")]
    scale: Option<String>,
    #[arg(
        help_heading = "printing",
        long,
        value_name = "PAPER",
        requires = "print"
    )]
    paper: Option<String>,
}

/// A sheet to print, as asked.
pub struct Printing {
    pub layout: SheetOptions,
    pub with_solutions: bool,
    /// How many new puzzles to make (`--puzzles`), if that was asked.
    pub puzzles: Option<usize>,
}

impl PrintArgs {
    /// The sheet asked for, checked, or `None` without `--print`.
    pub fn resolve(&self) -> Result<Option<Printing>, String> {
        let Some(print) = &self.print else {
            return Ok(None);
        };
        let (across, down) = parse_size(print)
            .ok()
            .filter(|&(across, down)| {
                (1..=MOST_BOARDS_A_SIDE).contains(&across)
                    && (1..=MOST_BOARDS_A_SIDE).contains(&down)
            })
            .ok_or_else(|| {
                tr!(
                    "cli-bad-print",
                    value = quoted(print),
                    most = MOST_BOARDS_A_SIDE
                )
            })?;
        let puzzles = self
            .puzzles
            .as_deref()
            .map(|text| match text.trim().parse::<usize>() {
                Ok(count) if (1..=MOST_PUZZLES).contains(&count) => Ok(count),
                _ => Err(tr!(
                    "cli-bad-puzzles",
                    value = quoted(text),
                    most = MOST_PUZZLES
                )),
            })
            .transpose()?;
        let scale = match self.scale.as_deref() {
            None => 1.0,
            Some(text) => text
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|scale| *scale > 0.0 && *scale <= 10.0)
                .ok_or_else(|| tr!("cli-bad-scale", value = quoted(text)))?,
        };
        let paper = match self.paper.as_deref() {
            None => Paper::of_system(),
            Some(text) => Paper::parse(text).ok_or_else(|| {
                let names: Vec<&str> = Paper::ALL.iter().map(|paper| paper.name()).collect();
                tr!(
                    "cli-bad-paper",
                    value = quoted(text),
                    names = names.join(", ")
                )
            })?,
        };
        Ok(Some(Printing {
            layout: SheetOptions {
                across,
                down,
                paper,
                scale,
            },
            with_solutions: self.with_solutions,
            puzzles,
        }))
    }
}

impl Printing {
    /// Writes the sheet where `output` says: of `count` new puzzles of
    /// `recipe` (the first from `seed`), or of the puzzles `given`, solved
    /// first if the sheet shows solutions.
    pub fn print(
        &self,
        recipe: Option<Recipe>,
        given: impl Iterator<Item = Result<ToPrint, String>>,
        seed: Option<u64>,
        output: &Output,
    ) -> Result<(), Failure> {
        match output.format {
            Format::Pdf => {}
            Format::Text if !output.format_given => {}
            _ => return Err(tr!("cli-print-is-pdf").to_owned().into()),
        }
        let puzzles = match recipe {
            Some(recipe) => {
                // A sheet that cannot fit is refused before the work of
                // making its puzzles.
                let count = self.puzzles.unwrap_or(1);
                if let Some(blank) = recipe.blank() {
                    check_sheet_for(&blank, count, &self.layout, self.with_solutions)
                        .map_err(|error| super::flag_error("--print", error))?;
                }
                let first = super::seed_or_now(seed);
                let made = progress::watched(tr!("cli-generating"), |control| {
                    recipe.make(count, first, control, |_| {})
                })?
                .map_err(|error| error.to_string())?;
                if seed.is_none() {
                    super::say_note(&tr!("cli-seed-sheet", seed = first.to_string()));
                }
                if let Some(note) = skipped_note(&made.skipped) {
                    super::say_note(&note);
                }
                made.puzzles
            }
            None => {
                if self.puzzles.is_some() {
                    return Err(tr!("cli-puzzles-needs-generate").to_owned().into());
                }
                let puzzles = given.collect::<Result<Vec<_>, _>>()?;
                if self.with_solutions {
                    progress::watched(tr!("cli-solving"), |control| solved(puzzles, control))?
                } else {
                    puzzles
                }
            }
        };
        let bytes = print_sheet(&puzzles, &self.layout, self.with_solutions)
            .map_err(|error| super::flag_error("--print", error))?;
        output.emit_as(Format::Pdf, &bytes)
    }
}
