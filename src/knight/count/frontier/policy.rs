//! The sweep's memory and disk policy, as pure functions: given the
//! states a step reads, how many it should make, the memory budget and the
//! free disk, how the step runs (see [`plan_step`]): in memory, through
//! disk in groups, or not at all. The driver (`sweep`) only carries it out.

use super::layer::{BUILDING_BYTES, SLOT_BYTES};
use super::spill::{MOST_GROUPS, STATE_BYTES};

/// A layer that takes at most this fraction of the memory is kept whole
/// through its step, for a second try: freeing it would make little room.
const KEPT_FOR_A_SECOND_TRY: u64 = 8;

/// Bytes a state takes in the tables of a layer being built when memory is
/// short: tables up to seven-eighths full (see `Table`), and a little for
/// their growth.
const TIGHT_BYTES: u64 = 20;

/// How a step's next layer fits in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Room {
    /// Built in memory while the layer read is freed as it is read: the
    /// fastest way, and the only one that needs no disk.
    Enough,
    /// Built through disk in this many groups (see `spill`); in one, the
    /// next layer has all the memory to itself.
    Groups(usize),
}

/// How a step whose next layer should hold about `expected` states is run:
/// in memory where its tables fit at their roomy size in `in_memory` bytes
/// (the memory less the layer read, if that is kept whole), else through
/// disk, where the layer read takes no memory, in as many groups as their
/// tight size needs in half of `memory` (more than [`MOST_GROUPS`] when
/// that is what it would take).
pub(super) fn room_for(expected: u64, in_memory: u64, memory: u64) -> Room {
    if expected.saturating_mul(BUILDING_BYTES) <= in_memory {
        Room::Enough
    } else {
        // Half the memory a group: tables grow in steps, and a group that
        // outgrows the memory is read twice more.
        let groups = expected
            .saturating_mul(TIGHT_BYTES)
            .div_ceil((memory / 2).max(1));
        Room::Groups(groups.clamp(1, MOST_GROUPS as u64 + 1) as usize)
    }
}

/// The layer a step reads, as the policy sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Layer {
    /// Its states.
    pub(super) states: u64,
    /// Whether it is in memory (else in a scratch file).
    pub(super) in_memory: bool,
    /// Whether a copy is kept elsewhere (the checkpoint file holds it, or
    /// no checkpoint is kept), so that the step may free it as it reads.
    pub(super) held_elsewhere: bool,
}

/// What the sweep expects of the step's next layer (see [`Growth`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Expected {
    /// About this many states.
    pub(super) states: u64,
    /// Whether that is well foretold, by a step seen a row before.
    pub(super) foretold: bool,
}

/// Whether a layer of `states`, kept whole in memory through its step,
/// might not fit beside the next one's tables in `memory` bytes (a step
/// rarely more than doubles the states): such a layer is saved before its
/// step, so that the step may free it as it reads it.
pub(super) fn is_large(layer: Layer, memory: u64) -> bool {
    layer.in_memory && layer.states * (SLOT_BYTES + 2 * BUILDING_BYTES) > memory
}

/// How a step is to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct StepPlan {
    /// Whether the layer read is freed as it is read.
    pub(super) free_as_read: bool,
    /// Where the next layer is built.
    pub(super) route: Route,
}

/// Where a step builds its next layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Route {
    /// In memory.
    InMemory,
    /// Through disk, in this many groups.
    ThroughDisk(usize),
    /// Nowhere: it needs more groups than are worth it, or more disk than
    /// the scratch directory's free bytes (given when that is why).
    Refused {
        /// The scratch directory's free bytes, when too few.
        short_of_disk: Option<u64>,
    },
}

/// How a step that reads `layer` and should make `expected` states runs in
/// `memory` bytes; `free_disk` tells the bytes free in the scratch
/// directory (None when the system does not say), asked only when a step
/// would go through disk with a well-foretold size.
///
/// A layer held elsewhere is freed as it is read, where that matters and
/// the next one's size is well foretold. A small one, or one whose step
/// has not been seen a row before (the first rows grow unlike the later
/// ones), is kept whole: if the next one outgrows the memory after all,
/// the step runs again through disk (see [`second_try`]).
pub(super) fn plan_step(
    layer: Layer,
    expected: Expected,
    memory: u64,
    free_disk: &dyn Fn() -> Option<u64>,
) -> StepPlan {
    let free_as_read = layer.held_elsewhere
        && expected.foretold
        && layer.states * SLOT_BYTES > memory / KEPT_FOR_A_SECOND_TRY;
    let kept = match (free_as_read, layer.in_memory) {
        (false, true) => layer.states * SLOT_BYTES,
        _ => 0,
    };
    let room = room_for(expected.states, memory.saturating_sub(kept), memory);
    StepPlan {
        free_as_read,
        route: route(room, expected, free_disk),
    }
}

/// The route of a step that ran out of memory in memory with its layer
/// kept whole: once more through disk, where the next layer has all the
/// memory.
pub(super) fn second_try(expected: Expected, free_disk: &dyn Fn() -> Option<u64>) -> Route {
    route(Room::Groups(1), expected, free_disk)
}

/// The route `room` calls for. The free disk is weighed only against a
/// well-foretold size: a guess (taken up from a checkpoint, or in the
/// first rows) could refuse a step that fits; where the free space is not
/// known, the step is tried (and a write that finds the disk full says
/// so). A step through disk needs room for its buckets (each state about
/// twice) and the next layer.
fn route(room: Room, expected: Expected, free_disk: &dyn Fn() -> Option<u64>) -> Route {
    let Room::Groups(groups) = room else {
        return Route::InMemory;
    };
    let needed = expected.states.saturating_mul(3 * STATE_BYTES as u64);
    let short_of_disk = if expected.foretold {
        free_disk().filter(|&free| free < needed)
    } else {
        None
    };
    if groups > MOST_GROUPS || short_of_disk.is_some() {
        Route::Refused { short_of_disk }
    } else {
        Route::ThroughDisk(groups)
    }
}

/// How much each step multiplied the states the last time it was at the
/// same place in a row, to tell how large the next layer will be before it
/// is built (see [`room_for`]): from row to row, the steps at the
/// same column grow the states alike.
pub(super) struct Growth {
    /// Per column, the growth and the position it was seen at.
    pub(super) by_column: Vec<Option<(f64, usize)>>,
}

/// The growth assumed for a column not yet seen: a step rarely more than
/// doubles the states.
pub(super) const FIRST_GROWTH: f64 = 2.0;

/// How much more than its column's last growth a step is assumed to grow.
pub(super) const GROWTH_MARGIN: f64 = 1.1;

impl Growth {
    pub(super) fn new(width: usize) -> Growth {
        Growth {
            by_column: vec![None; width],
        }
    }

    /// The states expected after the step at `position`, which begins with
    /// `states`, and whether that is well foretold: by a growth seen in a
    /// row past the first two, whose steps grow the states unlike the
    /// later ones.
    pub(super) fn expected(&self, position: usize, states: u64) -> Expected {
        let width = self.by_column.len();
        let (growth, seen_at) = self.by_column[position % width].unwrap_or((FIRST_GROWTH, 0));
        Expected {
            states: (states as f64 * growth * GROWTH_MARGIN).ceil() as u64,
            foretold: seen_at >= 2 * width,
        }
    }

    /// The step at `position` went from `before` to `after` states.
    pub(super) fn record(&mut self, position: usize, before: u64, after: u64) {
        let width = self.by_column.len();
        self.by_column[position % width] = Some((after as f64 / before.max(1) as f64, position));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1 << 20;

    fn layer(states: u64, held_elsewhere: bool) -> Layer {
        Layer {
            states,
            in_memory: true,
            held_elsewhere,
        }
    }

    fn expected(states: u64, foretold: bool) -> Expected {
        Expected { states, foretold }
    }

    #[test]
    fn a_step_that_fits_runs_in_memory_and_keeps_a_small_layer() {
        let plan = plan_step(layer(1_000, true), expected(2_000, true), 64 * MIB, &|| {
            None
        });
        assert_eq!(
            plan,
            StepPlan {
                free_as_read: false,
                route: Route::InMemory
            }
        );
    }

    #[test]
    fn a_large_layer_held_elsewhere_is_freed_as_read_once_foretold() {
        let states = 8 * MIB / SLOT_BYTES * 2;
        let plan = plan_step(
            layer(states, true),
            expected(states, true),
            64 * MIB,
            &|| None,
        );
        assert!(plan.free_as_read);
        // A guess keeps it whole for a second try, and so does a layer no
        // file holds.
        assert!(
            !plan_step(
                layer(states, true),
                expected(states, false),
                64 * MIB,
                &|| None
            )
            .free_as_read
        );
        assert!(
            !plan_step(
                layer(states, false),
                expected(states, true),
                64 * MIB,
                &|| None
            )
            .free_as_read
        );
        assert!(is_large(layer(states * 4, true), 64 * MIB));
        assert!(!is_large(layer(1_000, true), 64 * MIB));
    }

    #[test]
    fn a_step_too_big_for_memory_goes_through_disk_in_groups() {
        let memory = 64 * MIB;
        let states = memory; // far more than fit
        let plan = plan_step(layer(1_000, true), expected(states, true), memory, &|| None);
        let Route::ThroughDisk(groups) = plan.route else {
            panic!("{plan:?}");
        };
        assert_eq!(groups as u64, (states * TIGHT_BYTES).div_ceil(memory / 2));
        assert_eq!(
            second_try(expected(states, true), &|| None),
            Route::ThroughDisk(1)
        );
    }

    #[test]
    fn a_step_is_refused_for_too_many_groups_or_too_little_disk() {
        let memory = MIB;
        let huge = expected(memory * 1_000, true);
        assert_eq!(
            plan_step(layer(1_000, true), huge, memory, &|| None).route,
            Route::Refused {
                short_of_disk: None
            }
        );
        let disk_bound = expected(memory, true);
        assert_eq!(
            plan_step(layer(1_000, true), disk_bound, memory, &|| Some(1_000)).route,
            Route::Refused {
                short_of_disk: Some(1_000)
            }
        );
        // A guessed size is tried whatever the disk says.
        assert!(matches!(
            plan_step(layer(1_000, true), expected(memory, false), memory, &|| {
                Some(1_000)
            })
            .route,
            Route::ThroughDisk(_)
        ));
        // Nor is the disk asked about for a step that fits in memory.
        let asked = std::cell::Cell::new(false);
        let free_disk = || {
            asked.set(true);
            None
        };
        plan_step(
            layer(1_000, true),
            expected(2_000, true),
            memory,
            &free_disk,
        );
        assert!(!asked.get());
    }

    #[test]
    fn growth_is_foretold_from_the_same_column_a_row_before() {
        let mut growth = Growth::new(4);
        let first = growth.expected(0, 100);
        assert!(
            !first.foretold && (220..=221).contains(&first.states),
            "{first:?}"
        );
        growth.record(1, 100, 300);
        // Seen in the first two rows only: a guess.
        let guessed = growth.expected(5, 100);
        assert!(
            !guessed.foretold && (330..=331).contains(&guessed.states),
            "{guessed:?}"
        );
        growth.record(9, 100, 150);
        let foretold = growth.expected(13, 100);
        assert!(
            foretold.foretold && (165..=166).contains(&foretold.states),
            "{foretold:?}"
        );
    }
}
