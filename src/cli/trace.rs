//! `--trace` of both puzzles: a search's steps as JSON lines on standard
//! output as they happen, or drawn as an animated GIF or SVG, at most
//! `--max-steps` of them.

use std::sync::Mutex;

use gridtour::job::{Control, Outcome};
use gridtour::output::Format;
use gridtour::render::{self, MarksOf, Scene, Timing};
use gridtour::replay::Event;
use gridtour::tr;

use super::{Failure, Output, progress, write_line};

/// Parses `--max-steps`: a whole number of steps from 1 (a trace of no
/// steps would leave the search running unseen).
pub fn parse_max_steps(text: &str) -> Result<u64, String> {
    match text.trim().replace('_', "").parse::<u64>() {
        Ok(steps) if steps > 0 => Ok(steps),
        _ => Err(format!(
            "expected a whole number of steps from 1 up, got '{}'",
            gridtour::message::printable(text)
        )),
    }
}

/// What the search gives for each step: the step, and its JSON line from
/// its number.
pub type StepSink<'a> = dyn Fn(Event, &dyn Fn(u64) -> String) + Sync + 'a;

/// The steps taken so far, and whether the search offered more.
struct Taken {
    steps: u64,
    went_on: bool,
    failure: Option<Failure>,
    /// The steps, kept for a picture.
    drawn: Vec<Event>,
}

/// Runs `search` (called with the control and the sink for its steps) and
/// prints its steps as JSON lines, or draws them on `board` as the
/// animation `--format` asks for; what the search returned, unless the
/// trace stopped it first.
pub fn trace_steps<T>(
    output: &Output,
    (max_steps, marks): (u64, Option<MarksOf<'_>>),
    board: Scene,
    search: impl FnOnce(&Control, &StepSink<'_>) -> Outcome<T>,
) -> Result<Option<T>, Failure> {
    let picture = match output.format {
        Format::Text | Format::Json => false,
        Format::Gif | Format::AnimatedSvg if max_steps <= render::MOST_TRACE_STEPS => true,
        Format::Gif | Format::AnimatedSvg => {
            return Err(Failure::Message(format!(
                "--max-steps: a picture of a search holds at most {} steps",
                gridtour::english::group_digits(render::MOST_TRACE_STEPS)
            )));
        }
        _ => {
            return Err(Failure::Message(
                "--trace prints JSON lines, or draws a gif or an animated-svg".to_owned(),
            ));
        }
    };
    if !picture {
        if marks.is_some() {
            return Err(Failure::Message(tr!("cli-marks-need-picture").to_owned()));
        }
        output.not_a_file("a trace")?;
    }
    let taken = Mutex::new(Taken {
        steps: 0,
        went_on: false,
        failure: None,
        drawn: Vec::new(),
    });
    let searched = progress::watched(tr!("cli-searching"), |control| {
        let take = |event: Event, line_of: &dyn Fn(u64) -> String| {
            let mut taken = taken
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            // A search may take a few more steps before it sees the stop.
            taken.went_on |= taken.steps == max_steps;
            if taken.steps == max_steps || taken.failure.is_some() {
                return;
            }
            taken.steps += 1;
            let result = if picture {
                taken.drawn.push(event);
                Ok(())
            } else {
                write_line(&line_of(taken.steps))
            };
            if taken.steps == max_steps || result.is_err() {
                taken.failure = result.err();
                control.cancel();
            }
        };
        search(control, &take)
    });
    let taken = taken
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(failure) = taken.failure {
        return Err(failure);
    }
    if picture {
        draw(output, &board, &taken.drawn, marks)?;
    }
    if taken.went_on || (searched.is_err() && taken.steps == max_steps) {
        super::say_note(&tr!(
            "cli-trace-cut",
            steps = gridtour::english::group_digits(max_steps)
        ));
        return Ok(None);
    }
    searched.map(Some).map_err(Failure::from)
}

/// Draws `steps` on `board` as the animation `output` asks for, with
/// `marks` if given, and writes it.
fn draw(
    output: &Output,
    board: &Scene,
    steps: &[Event],
    marks: Option<MarksOf<'_>>,
) -> Result<(), Failure> {
    let options = &output.picture;
    let cell_px = options.cell_px_for(output.format, board.longest_side());
    let timing = options
        .timing
        .unwrap_or_else(|| Timing::for_path(steps.len()));
    let bytes = match output.format {
        Format::Gif => render::trace_gif(board, steps, cell_px, (timing, marks))
            .map_err(|error| Failure::Message(error.to_string()))?,
        _ => render::trace_svg(board, steps, cell_px, (timing, marks)).into_bytes(),
    };
    output.emit(&bytes)
}
