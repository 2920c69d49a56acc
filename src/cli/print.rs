//! `--print`: puzzle sheets as PDF, for `goishi` and `numbers`.

use gridtour::output::Format;
use gridtour::placed::quoted;
use gridtour::print::{MOST_PUZZLES, ToPrint, check_sheet_for, print_sheet};
use gridtour::render::{Paper, SheetOptions};
use gridtour::tr;

use super::goishi::parse_size;
use super::{Failure, Output};

/// The most boards across or down a page.
const MOST_A_SIDE: u32 = 10;

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
                (1..=MOST_A_SIDE).contains(&across) && (1..=MOST_A_SIDE).contains(&down)
            })
            .ok_or_else(|| tr!("cli-bad-print", value = quoted(print), most = MOST_A_SIDE))?;
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
    /// Refuses a `--format` other than PDF, which is what a sheet is.
    pub fn check_format(&self, output: &Output) -> Result<(), String> {
        match output.format {
            Format::Text | Format::Pdf => Ok(()),
            _ => Err(tr!("cli-print-is-pdf").to_owned()),
        }
    }

    /// Refuses `--puzzles` for a sheet of the puzzles given, which makes
    /// no new ones.
    pub fn given_puzzles(&self) -> Result<(), String> {
        match self.puzzles {
            Some(_) => Err(tr!("cli-puzzles-needs-generate").to_owned()),
            None => Ok(()),
        }
    }

    /// Refuses a sheet that would not fit its pages, judged by a blank
    /// puzzle like the ones to be made, before any is made.
    pub fn check_fits(&self, sample: &ToPrint) -> Result<(), String> {
        check_sheet_for(sample, &self.layout, self.with_solutions)
            .map_err(|error| super::flag_error("--print", error))
    }

    /// Writes the sheet of `puzzles` where `output` says.
    pub fn emit(&self, puzzles: &[ToPrint], output: &Output) -> Result<(), Failure> {
        let bytes = print_sheet(puzzles, &self.layout, self.with_solutions)
            .map_err(|error| super::flag_error("--print", error))?;
        output.emit_as(Format::Pdf, &bytes)
    }
}
