//! The steps a pick search reports to whoever watches it think, and what
//! they are in a replay's terms.

use super::puzzle::Point;
use crate::replay::{Event, Rule};

/// One step of the pick search, for whoever watches it think (see
/// [`solve_watched`](super::solve_watched)). A trace replays: `Pick` takes
/// a stone by the rules (the first one anywhere), `Unpick` puts the last
/// one back, `Prune` names the last pick and changes nothing; at `Found`
/// the picks are the solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickStep {
    /// The stone at this point was picked.
    Pick(Point),
    /// The last pick, of the stone at this point, was taken back.
    Unpick(Point),
    /// No order of the stones left can finish after the last pick, at
    /// this point, as `rule` shows: it is given up at once.
    Prune {
        /// The point of the last pick.
        point: Point,
        /// Why no solution follows.
        rule: PickRule,
    },
    /// A new attempt begins, with a larger node budget and other
    /// tie-breaks (the picks are then taken back as it needs).
    Restart,
    /// The picks are a solution.
    Found,
}

/// Why the pick search gives a position up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickRule {
    /// A stone left can no longer be reached, more than one can only be
    /// the last pick, or the stones left fall apart into groups.
    Stranded,
    /// The same stones left, current stone and arrival were searched
    /// before and held no solution.
    Known,
}

impl PickRule {
    /// The rule's name in traces.
    pub fn label(self) -> &'static str {
        match self {
            PickRule::Stranded => "stranded",
            PickRule::Known => "known-dead",
        }
    }
}

impl PickStep {
    /// Step `number` (from 1) as a line of JSON, its keys in this order:
    /// `{"step":1,"event":"pick","point":[3,0]}`, with `"rule"` after the
    /// point of a pruning.
    pub fn json_line(self, number: u64) -> String {
        let at = |event: &str, point: Point| {
            format!(
                r#"{{"step":{number},"event":"{event}","point":[{},{}]"#,
                point.x, point.y
            )
        };
        let opening = match self {
            PickStep::Pick(point) => at("pick", point),
            PickStep::Unpick(point) => at("unpick", point),
            PickStep::Prune { point, rule } => {
                format!(r#"{},"rule":"{}""#, at("prune", point), rule.label())
            }
            PickStep::Restart => format!(r#"{{"step":{number},"event":"restart""#),
            PickStep::Found => format!(r#"{{"step":{number},"event":"found""#),
        };
        opening + "}"
    }
}

/// Whoever watches a pick search: called from the search's thread.
pub type PickWatcher<'w> = &'w (dyn Fn(PickStep) + Sync);

impl From<PickRule> for Rule {
    fn from(rule: PickRule) -> Rule {
        match rule {
            PickRule::Stranded => Rule::Stranded,
            PickRule::Known => Rule::Known,
        }
    }
}

impl From<PickStep> for Event {
    fn from(step: PickStep) -> Event {
        let cell = |point: Point| (point.x, point.y);
        match step {
            PickStep::Pick(point) => Event::Take(cell(point)),
            PickStep::Unpick(point) => Event::GiveBack(cell(point)),
            PickStep::Prune { point, rule } => Event::Prune {
                at: cell(point),
                rule: rule.into(),
            },
            PickStep::Restart => Event::Restart { clears: false },
            PickStep::Found => Event::Found,
        }
    }
}
