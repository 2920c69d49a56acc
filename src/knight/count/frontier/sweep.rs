//! The sweep driver: runs the transfer step square after square over a
//! whole layer of states, in memory or through disk as the memory policy
//! says (see [`policy`](super::policy)), saving to and taking up from the
//! checkpoint file, and telling whoever watches where it is.

use std::collections::VecDeque;

use super::admissible::Admissible;
use super::checkpoint::{Position, Resumed, Saver, Worked};
use super::forecast::{Forecast, Outlook};
use super::layer::{self, Budget, Builder, Entry, Layer, Sink, Tally};
use super::policy::{self, Growth, Route, StepPlan};
use super::profile;
use super::scan::Scan;
use super::spill::{self, Carried};
use super::terms::{PARALLEL_THRESHOLD, Unavailable};
use super::transfer::Step;
use crate::job::{self, CHECK_INTERVAL, Control};
use crate::knight::count::file_error::SweepFileError;
use crate::knight::count::progress::{LayerFileWork, Phase, RanOut, SweepPass};

/// From this many states on (16 MiB in a checkpoint file), the progress
/// line says when a layer is being saved or read back.
const SHOWN_FILE_STATES: u64 = 1 << 20;

/// What a sweep may use besides the scan: memory, the control, and the
/// count's checkpoint file.
pub(super) struct Means<'s, 'c> {
    /// The bytes its state tables may take.
    pub(super) memory: u64,
    pub(super) control: &'s Control,
    pub(super) saver: &'s mut Saver<'c>,
}

/// Runs the sweep over the scan positions of the first `rows` rows, in at
/// most `memory` bytes of state tables, and passes `on_rows` the number of
/// tours of the board's first 1, 2, .. `rows` rows (see
/// [`Scan::shorter_boards`]; without it, all but the whole board's are 0),
/// each as soon as it is final. A tour's last edge is added, or its last
/// end retired, in its last row at the latest. Counts are added up as the
/// tally says; the pass is what the progress line shows.
///
/// A sweep the checkpoint file holds as finished is not run again: its
/// counts are passed on from the file. One it holds as under way goes on
/// from there, after passing on the counts it had passed. Otherwise it
/// starts afresh; every step it may be saved, and it is saved when it is
/// cancelled or runs out of memory.
pub(super) fn sweep(
    scan: &Scan,
    rows: usize,
    (tally, pass): (Tally, SweepPass),
    Means {
        memory,
        control,
        saver,
    }: Means,
    on_rows: &mut dyn FnMut(usize, u64),
) -> Result<(), Unavailable> {
    if let Some(reported) = saver.finished(tally, rows)? {
        for (rows, &found) in (1..).zip(reported) {
            on_rows(rows, found);
        }
        return Ok(());
    }
    let budget = Budget::new(memory);
    let last = scan.last_open.min(rows * scan.width - 1);
    // Where a large layer goes to or comes from the file, which can take a
    // minute, for whoever watches (a small one takes no time to speak of).
    let show_file = |doing: LayerFileWork, after_square: usize, states: u64| {
        if states >= SHOWN_FILE_STATES {
            control.set_detail(Phase::SweepFile {
                doing,
                after_square: after_square as u32,
                squares: last as u32 + 1,
                states,
            });
        }
    };
    if let Some((after_square, states, worked)) = saver.saved_layer(tally) {
        // The clock and counters go on from the save while it is read.
        if let Some(worked) = worked {
            control.taken_up(worked.ran, worked.nodes);
        }
        show_file(LayerFileWork::Reading, after_square, states);
    }
    // `on_disk`: whether the checkpoint file holds the layer as it stands.
    // Tours cover the whole board, or the first rows of it where shorter
    // boards count too, and are found within a window of their last open
    // square (the squares after the step's may all be finished already).
    let could_have_found = |rows: usize, tours: u64, next: usize| {
        let last_square = if rows == scan.rows {
            Some(scan.last_open)
        } else {
            (scan.shorter_boards && rows > 0).then(|| rows * scan.width - 1)
        };
        tours == 0
            || last_square.is_some_and(|square| next + scan.window() > square) && tally.holds(tours)
    };
    let states_at = |position: &Position| {
        let fits = position.tours.len() == scan.rows + 1
            && position.next <= last
            && position.reported <= position.next / scan.width
            && (position.tours.iter().enumerate())
                .all(|(rows, &tours)| could_have_found(rows, tours, position.next));
        fits.then(|| Admissible::at(scan, position.next, rows, tally))
    };
    let (mut carried, mut at, mut on_disk) = match saver.resume(
        (tally, &states_at),
        &budget,
        &control.resources().scratch_dir,
    ) {
        Ok(Some(Resumed { position, layer })) => (layer, position, true),
        Ok(None) => (
            Carried::InMemory(Layer::start(&budget, tally)),
            Position {
                tally,
                next: 0,
                tours: vec![0; scan.rows + 1],
                reported: 0,
                worked: None,
            },
            false,
        ),
        Err(error) => return Err(Unavailable::File(error)),
    };
    for rows in 1..=at.reported {
        on_rows(rows, at.tours[rows]);
    }
    let whole_board = rows == scan.rows;
    let mut forecast = Forecast::new(
        (at.next, last),
        (scan.width, scan.rows),
        profile::measured(saver.description()).filter(|_| whole_board),
        control.resources().threads,
    );
    let mut growth = Growth::new(scan.width);
    // Where the sweep is, for whoever watches.
    let show = |position: usize, states: u64, outlook: Option<Outlook>, spill, saver: &Saver| {
        control.set_detail(Phase::FrontierSweep {
            square: position as u32 + 1,
            squares: last as u32 + 1,
            width: scan.width as u32,
            states,
            pass,
            taken_up_after: saver.taken_up_after(),
            saved_after: saver.saved_after(),
            done_by: outlook.map(|outlook| outlook.done_by),
            peak: outlook.map(|outlook| outlook.peak),
            spill,
        });
    };
    for position in at.next..=last {
        // A save stands where the step begins: what the step does is lost
        // if it is cut short.
        at.worked = Some(Worked {
            ran: control.elapsed(),
            nodes: control.snapshot().nodes,
        });
        let step = scan.step(position, rows, tally);
        let states = carried.len();
        let in_memory = matches!(carried, Carried::InMemory(_));
        let layer_of = |held_elsewhere| policy::Layer {
            states,
            in_memory,
            held_elsewhere,
        };
        if !on_disk && saver.save_due(policy::is_large(layer_of(false), memory)) {
            show_file(LayerFileWork::Saving, at.next, states);
            saver.save(&at, &carried)?;
            on_disk = true;
        }
        let outlook = forecast.step_begins(control.elapsed(), states);
        let threads = if states >= PARALLEL_THRESHOLD as u64 {
            control.resources().threads
        } else {
            1
        };
        let expected = growth.expected(position, states);
        let free_disk = || crate::memory::free_disk(&control.resources().scratch_dir);
        let held_elsewhere = on_disk || !saver.saves();
        let StepPlan {
            free_as_read,
            mut route,
        } = policy::plan_step(layer_of(held_elsewhere), expected, memory, &free_disk);
        show(position, states, outlook, None, saver);
        let stepped = loop {
            let means = StepMeans {
                budget: &budget,
                control,
                threads,
                free_as_read,
                on_group: &|built, groups| {
                    let spill = Some((built as u32, groups as u32));
                    show(position, states, outlook, spill, saver);
                },
            };
            let outcome = match route {
                Route::InMemory => step.in_memory(carried, &means),
                Route::ThroughDisk(groups) => step.through_disk(carried, groups, &means),
                Route::Refused { .. } => Err(Stopped::OverBudget(Some(carried))),
            };
            match outcome {
                Ok(stepped) => break stepped,
                Err(Stopped::Failed(error)) => return Err(Unavailable::File(error)),
                // Out of memory in memory, with the layer kept whole: once
                // more through disk, where the next layer has all the memory.
                Err(Stopped::OverBudget(Some(whole))) if route == Route::InMemory => {
                    budget.forget_refusal();
                    carried = whole;
                    route = policy::second_try(expected, &free_disk);
                }
                // Cancelled, or out of memory with the layer partly freed
                // (or in more groups than are worth it): the count stands
                // where the step began, which the file holds already, or is
                // saved now (to be taken up, with more memory if need be).
                Err(Stopped::Cancelled(whole) | Stopped::OverBudget(whole)) => {
                    if let Some(whole) = whole.filter(|_| !on_disk) {
                        show_file(LayerFileWork::Saving, at.next, whole.len());
                        saver.save(&at, &whole)?;
                    }
                    if control.should_stop() {
                        return Err(Unavailable::Cancelled);
                    }
                    // What follows (a walk, or its refusal) is no sweep any more.
                    control.clear_detail();
                    let at = RanOut {
                        square: position as u32 + 1,
                        squares: last as u32 + 1,
                    };
                    return Err(match route {
                        Route::Refused {
                            short_of_disk: Some(free),
                        } => Unavailable::OverBudgetAndDisk { free, at },
                        _ => Unavailable::OverBudget { at },
                    });
                }
            }
        };
        for (total, found) in at.tours.iter_mut().zip(stepped.found) {
            *total = tally.add(*total, found);
        }
        let rows_done = if position == scan.last_open {
            scan.rows
        } else {
            (position + 1) / scan.width
        };
        while at.reported < rows_done {
            at.reported += 1;
            on_rows(at.reported, at.tours[at.reported]);
        }
        if position == last {
            break;
        }
        growth.record(position, states, stepped.next.len());
        carried = stepped.next;
        at.next = position + 1;
        on_disk = false;
    }
    // Done: nothing left to go.
    show(last, 0, None, None, saver);
    saver.finish(tally, at.tours[1..=at.reported].to_vec())?;
    Ok(())
}

/// What a step may use besides its layer.
pub(super) struct StepMeans<'m> {
    pub(super) budget: &'m Budget,
    pub(super) control: &'m Control,
    pub(super) threads: usize,
    /// Whether a layer in memory may be freed as it is read.
    pub(super) free_as_read: bool,
    /// Called as a step built on disk goes: the groups of the next layer
    /// built so far, and the groups in all.
    pub(super) on_group: &'m (dyn Fn(usize, usize) + Sync),
}

impl StepMeans<'_> {
    /// Whether the step is to stop short: cancelled, or out of memory.
    pub(super) fn stopped(&self) -> bool {
        self.control.should_stop() || self.budget.exceeded()
    }

    /// Why the step stopped short, with its layer if that is still whole.
    pub(super) fn stop(&self, whole: Option<Carried>) -> Stopped {
        match self.control.should_stop() {
            true => Stopped::Cancelled(whole),
            false => Stopped::OverBudget(whole),
        }
    }
}

/// A step that ran to its end: the next layer, and the tours it completed
/// by the rows they cover.
pub(super) struct Stepped {
    pub(super) next: Carried,
    pub(super) found: Vec<u64>,
}

/// Why a step stopped short. The layer it read comes back where it is
/// still whole (on disk, or kept in memory), so that the step can be tried
/// again or the layer saved.
pub(super) enum Stopped {
    Cancelled(Option<Carried>),
    OverBudget(Option<Carried>),
    /// A scratch file could not be written or read.
    Failed(SweepFileError),
}

impl From<SweepFileError> for Stopped {
    fn from(error: SweepFileError) -> Stopped {
        Stopped::Failed(error)
    }
}

/// Where a step's threads take the states they read from, a part or a
/// run at a time.
pub(super) enum Source<'l> {
    Memory(layer::Claims<'l>),
    Disk(spill::SpillReader<'l>),
}

impl Source<'_> {
    pub(super) fn read_next(&self, read: impl FnOnce(&[Entry])) -> bool {
        match self {
            Source::Memory(claims) => claims.read_next(read),
            Source::Disk(reader) => reader.read_next(read),
        }
    }

    /// Hands every state to `visit` on the step's threads: each thread
    /// begins with `begin(thread)`, visits the states it reads, and ends
    /// with `end(thread, ..)`, whose results come back. Threads stop early
    /// when the step is to stop. The states are counted as the control's
    /// nodes when they are `expanded`.
    pub(super) fn each_state<T, R: Send>(
        &self,
        means: &StepMeans,
        expanded: bool,
        begin: impl Fn(usize) -> T + Sync,
        visit: impl Fn(&mut T, &Entry) + Sync,
        end: impl Fn(usize, T) -> R + Sync,
    ) -> Vec<R> {
        job::on_threads(means.threads, |thread| {
            let mut state = begin(thread);
            while self.read_next(|run| {
                for (done, entry) in run.iter().enumerate() {
                    if (done as u64).is_multiple_of(CHECK_INTERVAL) && means.stopped() {
                        break;
                    }
                    visit(&mut state, entry);
                }
                if expanded {
                    means.control.add_nodes(run.len() as u64);
                }
            }) {}
            end(thread, state)
        })
    }
}

/// Runs `read` on a source made of the carried layer, and gives back what
/// is left of the layer: a layer in memory freed as it is read is gone
/// (its memory given back), else it is still whole.
pub(super) fn read_carried<R>(
    carried: Carried,
    means: &StepMeans,
    read: impl FnOnce(&Source) -> R,
) -> Result<(R, Option<Carried>), SweepFileError> {
    match carried {
        Carried::InMemory(layer) => {
            let source = Source::Memory(layer.claims(means.free_as_read, means.budget));
            let read = read(&source);
            let Source::Memory(claims) = source else {
                unreachable!("the source was made from claims")
            };
            let left = claims.into_layer();
            if means.free_as_read {
                left.release(means.budget);
                Ok((read, None))
            } else {
                Ok((read, Some(Carried::InMemory(left))))
            }
        }
        Carried::OnDisk(spilled) => {
            let source = Source::Disk(spilled.reader()?);
            let read = read(&source);
            if let Source::Disk(reader) = source {
                reader.finish()?;
            }
            Ok((read, Some(Carried::OnDisk(spilled))))
        }
    }
}

impl Step<'_> {
    /// Expands every state of `source` into the sinks that `sink_for`
    /// makes, one a thread, each closed by `close`: the tours completed, by
    /// the rows they cover.
    pub(super) fn expand_all<S: Sink>(
        &self,
        source: &Source,
        means: &StepMeans,
        sink_for: impl Fn() -> S + Sync,
        close: impl Fn(usize, S) + Sync,
    ) -> Vec<u64> {
        let rows = self.scan.rows + 1;
        source
            .each_state(
                means,
                true,
                |_| (sink_for(), vec![0u64; rows]),
                |(sink, found), entry| self.expand(entry.key, entry.count, sink, found),
                |thread, (sink, found)| {
                    close(thread, sink);
                    found
                },
            )
            .into_iter()
            .reduce(|mut total, thread_found| {
                for (total, found) in total.iter_mut().zip(thread_found) {
                    *total = self.tally.add(*total, found);
                }
                total
            })
            .unwrap_or_else(|| vec![0; rows])
    }

    /// Runs the step with the next layer built in memory, from a layer in
    /// memory (freed as it is read where it may be) or on disk.
    pub(super) fn in_memory(
        &self,
        carried: Carried,
        means: &StepMeans,
    ) -> Result<Stepped, Stopped> {
        // A step rarely more than doubles the states; the builder's parts
        // grow as needed either way.
        let sized_for = (carried.len() as usize).saturating_mul(2);
        let builder = Builder::new(sized_for, means.budget, self.tally);
        let (found, left) = read_carried(carried, means, |source| {
            let close = |thread, stager: layer::Stager| stager.flush_all(thread, means.threads);
            self.expand_all(source, means, || builder.stager(), close)
        })?;
        if means.stopped() {
            builder.abandon();
            return Err(means.stop(left));
        }
        if let Some(Carried::InMemory(layer)) = left {
            layer.release(means.budget);
        }
        Ok(Stepped {
            next: Carried::InMemory(builder.finish(means.threads)),
            found,
        })
    }

    /// Runs the step with the next layer built on disk, in `groups` groups
    /// (see [`spill`]): the layer is expanded once, each new state going
    /// to the scratch file of its group; then each group's file is read
    /// back and its states added up in memory, and the group appended to
    /// the next layer's scratch file. A group that runs out of memory is
    /// split in two and read again, the groups built before it kept. Built
    /// in one group, the next layer stays in memory.
    pub(super) fn through_disk(
        &self,
        carried: Carried,
        groups: usize,
        means: &StepMeans,
    ) -> Result<Stepped, Stopped> {
        let StepMeans {
            budget, on_group, ..
        } = *means;
        (on_group)(0, groups);
        let scratch = &means.control.resources().scratch_dir;
        let buckets = spill::Buckets::create(groups, means.threads, budget, scratch)?;
        let (found, left) = read_carried(carried, means, |source| {
            let close = |_, bucketer: spill::Bucketer| bucketer.close();
            self.expand_all(source, means, || buckets.bucketer(), close)
        })?;
        if means.stopped() {
            return Err(means.stop(left));
        }
        // Kept whole only for a save or a second try: the groups need the
        // memory. One on disk costs none.
        let left = match left {
            Some(Carried::InMemory(layer)) => {
                layer.release(budget);
                None
            }
            on_disk => on_disk,
        };
        let mut next = spill::NextLayer::new();
        for (index, (group, bucket)) in buckets.finish()?.into_iter().enumerate() {
            // The bucket holds each state as often as it was made, about
            // twice for each distinct one, like the sizing of a step's
            // builder in memory.
            let mut pending = VecDeque::from([(group, bucket.len() as usize)]);
            while let Some((group, sized_for)) = pending.pop_front() {
                let later = pending.len() + groups - index - 1;
                on_group(next.groups() + 1, next.groups() + 1 + later);
                let builder = Builder::for_group(sized_for, budget, self.tally, group.clone());
                let source = Source::Disk(bucket.reader()?);
                source.each_state(
                    means,
                    false,
                    |_| builder.stager(),
                    |stager, entry| stager.add(entry.key, entry.count),
                    |thread, stager| stager.flush_all(thread, means.threads),
                );
                if let Source::Disk(reader) = source {
                    reader.finish()?;
                }
                if !means.stopped() {
                    next.add(group, builder.finish(means.threads), budget, scratch)?;
                    continue;
                }
                builder.abandon();
                let halves = group.halves();
                let too_many = next.groups() + pending.len() + 2 > spill::MOST_GROUPS;
                if means.control.should_stop() || halves.is_none() || too_many {
                    return Err(means.stop(left));
                }
                budget.forget_refusal();
                for half in halves.into_iter().flatten().rev() {
                    pending.push_front((half, sized_for / 2));
                }
            }
        }
        Ok(Stepped {
            next: next.finish()?,
            found,
        })
    }
}
