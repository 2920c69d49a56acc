//! Each search's steps as a few lines of pseudocode, close to the lessons'
//! programs, and the line each step of its trace runs: a watched search
//! shows its code beside the board with that line lit.

use crate::knight::Algorithm;
use crate::replay::{Event, Landmark};
use crate::tr;

/// The searches whose code can be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    /// Plain depth-first search over the knight's moves in a fixed order.
    Dfs,
    /// Depth-first search in Warnsdorff order, with its pruning rules.
    Backtrack,
    /// Warnsdorff's greedy walk, its restarts and the open-to-closed
    /// rotation, with backtracking when every walk fails.
    Warnsdorff,
    /// The Goishi pick search from every stone.
    GoishiPicks,
}

/// What a line of code does, for the steps that run it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Does {
    /// No step runs it by itself (a heading, a loop).
    Frame,
    /// The path grows by a cell.
    Take,
    /// The path's last cell is given back.
    GiveBack,
    /// A cell with no move left.
    DeadEnd,
    /// A position given up by a rule.
    Prune,
    /// The path's tail reversed.
    Rotate,
    /// A new attempt.
    Restart,
    /// A solution.
    Found,
}

/// One line: how deep it is indented, what runs it, and its words.
struct Line {
    depth: u8,
    does: Does,
    words: fn() -> &'static str,
}

const fn line(depth: u8, does: Does, words: fn() -> &'static str) -> Line {
    Line { depth, does, words }
}

const DFS: [Line; 7] = [
    line(0, Does::Frame, || tr!("code-dfs-search")),
    line(1, Does::Take, || tr!("code-dfs-put")),
    line(1, Does::Found, || tr!("code-dfs-found")),
    line(1, Does::Frame, || tr!("code-dfs-each-move")),
    line(2, Does::Frame, || tr!("code-dfs-go")),
    line(1, Does::DeadEnd, || tr!("code-dfs-dead-end")),
    line(1, Does::GiveBack, || tr!("code-dfs-take-back")),
];

const BACKTRACK: [Line; 8] = [
    line(0, Does::Frame, || tr!("code-dfs-search")),
    line(1, Does::Take, || tr!("code-dfs-put")),
    line(1, Does::Found, || tr!("code-dfs-found")),
    line(1, Does::Prune, || tr!("code-backtrack-prune")),
    line(1, Does::Frame, || tr!("code-backtrack-order")),
    line(1, Does::Frame, || tr!("code-backtrack-each-move")),
    line(1, Does::DeadEnd, || tr!("code-dfs-dead-end")),
    line(1, Does::GiveBack, || tr!("code-dfs-take-back")),
];

const WARNSDORFF: [Line; 8] = [
    line(0, Does::Restart, || tr!("code-warnsdorff-start")),
    line(0, Does::Frame, || tr!("code-warnsdorff-repeat")),
    line(1, Does::Take, || tr!("code-warnsdorff-go")),
    line(0, Does::DeadEnd, || tr!("code-warnsdorff-stuck")),
    line(0, Does::Rotate, || tr!("code-warnsdorff-rotate")),
    line(0, Does::Found, || tr!("code-warnsdorff-found")),
    line(0, Does::Prune, || tr!("code-warnsdorff-fall-back")),
    line(1, Does::GiveBack, || tr!("code-warnsdorff-back")),
];

const GOISHI_PICKS: [Line; 7] = [
    line(0, Does::Restart, || tr!("code-goishi-each-first")),
    line(1, Does::Frame, || tr!("code-goishi-search")),
    line(2, Does::Take, || tr!("code-goishi-pick")),
    line(2, Does::Found, || tr!("code-goishi-found")),
    line(2, Does::Prune, || tr!("code-goishi-prune")),
    line(2, Does::Frame, || tr!("code-goishi-each-next")),
    line(2, Does::GiveBack, || tr!("code-goishi-take-back")),
];

impl Code {
    /// The code of the knight's search `algorithm`.
    pub fn of_knight(algorithm: Algorithm) -> Code {
        match algorithm {
            Algorithm::Warnsdorff => Code::Warnsdorff,
            Algorithm::Backtrack => Code::Backtrack,
            Algorithm::Dfs => Code::Dfs,
        }
    }

    fn table(self) -> &'static [Line] {
        match self {
            Code::Dfs => &DFS,
            Code::Backtrack => &BACKTRACK,
            Code::Warnsdorff => &WARNSDORFF,
            Code::GoishiPicks => &GOISHI_PICKS,
        }
    }

    /// The lines, each with how deep it is indented, in the language of
    /// the messages.
    pub fn lines(self) -> Vec<(u8, &'static str)> {
        self.table()
            .iter()
            .map(|line| (line.depth, (line.words)()))
            .collect()
    }

    /// Whether the search can come to moments of the kind `landmark`:
    /// its code has a line for them (plain DFS never prunes or restarts,
    /// the Goishi search never meets a dead end it did not prune).
    pub fn meets(self, landmark: Landmark) -> bool {
        let does = match landmark {
            Landmark::DeadEnd => Does::DeadEnd,
            Landmark::Backtrack => Does::GiveBack,
            Landmark::Prune => Does::Prune,
            Landmark::Restart => Does::Restart,
            Landmark::Solution => Does::Found,
        };
        self.table().iter().any(|line| line.does == does)
    }

    /// The line (from 0) that runs `event`, after which the path is
    /// `depth` cells long, if the code has one for it.
    pub fn line_of(self, event: Event, depth: usize) -> Option<usize> {
        let does = match event {
            // A walk's first square is where it starts.
            Event::Take(_) if depth == 1 && self == Code::Warnsdorff => Does::Restart,
            Event::Take(_) => Does::Take,
            Event::GiveBack(_) => Does::GiveBack,
            Event::DeadEnd(_) => Does::DeadEnd,
            Event::Prune { .. } => Does::Prune,
            Event::Rotate { .. } => Does::Rotate,
            Event::Restart { .. } => Does::Restart,
            Event::Found => Does::Found,
        };
        self.table().iter().position(|line| line.does == does)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goishi::{self, PickStep};
    use crate::job::Control;
    use crate::knight::{self, Board, TourKind, trace::Step};
    use crate::replay::Rule;

    /// The words of the line lit for `event`, deep in the path.
    fn lit(code: Code, event: Event) -> Option<&'static str> {
        code.line_of(event, 5).map(|line| code.lines()[line].1)
    }

    #[test]
    fn each_search_meets_only_the_moments_its_code_has() {
        let met = |code: Code| -> Vec<Landmark> {
            Landmark::ALL
                .into_iter()
                .filter(|&landmark| code.meets(landmark))
                .collect()
        };
        use Landmark::*;
        assert_eq!(met(Code::Dfs), [DeadEnd, Backtrack, Solution]);
        assert_eq!(met(Code::Backtrack), [DeadEnd, Backtrack, Prune, Solution]);
        assert_eq!(met(Code::Warnsdorff), Landmark::ALL);
        assert_eq!(
            met(Code::GoishiPicks),
            [Backtrack, Prune, Restart, Solution]
        );
    }

    #[test]
    fn each_step_lights_the_line_that_does_it() {
        let cell = (0, 0);
        let prune = Event::Prune {
            at: cell,
            rule: Rule::DeadEnds,
        };
        let table: [(Code, Event, Option<&str>); 16] = [
            (
                Code::Dfs,
                Event::Take(cell),
                Some("put the knight on square"),
            ),
            (
                Code::Dfs,
                Event::Found,
                Some("if every square is visited: a tour"),
            ),
            (
                Code::Dfs,
                Event::DeadEnd(cell),
                Some("no move left to try: a dead end"),
            ),
            (
                Code::Dfs,
                Event::GiveBack(cell),
                Some("take the knight back off square"),
            ),
            (Code::Dfs, prune, None),
            (
                Code::Backtrack,
                prune,
                Some("if a rule shows no tour can follow: give up here"),
            ),
            (
                Code::Backtrack,
                Event::DeadEnd(cell),
                Some("no move left to try: a dead end"),
            ),
            (
                Code::Warnsdorff,
                Event::Take(cell),
                Some("go to the free square with the fewest onward moves"),
            ),
            (
                Code::Warnsdorff,
                Event::Restart { clears: true },
                Some("put the knight on the start square"),
            ),
            (
                Code::Warnsdorff,
                Event::DeadEnd(cell),
                Some("stuck before the end: start again with the next tie-break"),
            ),
            (
                Code::Warnsdorff,
                Event::Rotate { kept: 3 },
                Some("closed tour: reverse the path's tail so that its end is next to the start"),
            ),
            (
                Code::Warnsdorff,
                Event::GiveBack(cell),
                Some("take the knight back"),
            ),
            (
                Code::GoishiPicks,
                Event::Restart { clears: false },
                Some("for each stone as the first pick:"),
            ),
            (Code::GoishiPicks, Event::Take(cell), Some("pick the stone")),
            (
                Code::GoishiPicks,
                Event::Prune {
                    at: cell,
                    rule: Rule::Known,
                },
                Some(
                    "if a stone left can no longer be reached, or this position failed before: give up here",
                ),
            ),
            (
                Code::GoishiPicks,
                Event::GiveBack(cell),
                Some("put the stone back"),
            ),
        ];
        for (code, event, words) in table {
            assert_eq!(lit(code, event), words, "{code:?} {event:?}");
        }
        let start = Code::Warnsdorff.line_of(Event::Take(cell), 1);
        assert_eq!(
            start,
            Code::Warnsdorff.line_of(Event::Restart { clears: true }, 0)
        );
    }

    /// Every step of a real search lights a line of its code.
    #[test]
    fn every_step_of_the_searches_has_its_line() {
        let board = Board::new(6, 6).expect("a board");
        let start = board.parse_square("a1").expect("a1");
        for (algorithm, kind) in [
            (Algorithm::Dfs, TourKind::Open),
            (Algorithm::Backtrack, TourKind::Closed),
            (Algorithm::Warnsdorff, TourKind::Closed),
        ] {
            let code = Code::of_knight(algorithm);
            let mut replay = crate::replay::Replay::new(16);
            let mut watcher = |step: Step| {
                let event = Event::from(step);
                replay.apply(event);
                let line = code.line_of(event, replay.path().len());
                assert!(line.is_some(), "{algorithm:?}: {event:?}");
            };
            let control = Control::new();
            let _ = knight::solve_watched(&board, (start, kind), algorithm, &control, &mut watcher);
            assert!(replay.counters().steps > 36, "{algorithm:?}");
        }
        let text = include_bytes!("../assets/goishi/four-solutions-4x4.txt");
        let puzzle = goishi::format::load_bytes("test", text)
            .expect("a puzzle")
            .puzzle;
        let watcher = |step: PickStep| {
            let event = Event::from(step);
            assert!(Code::GoishiPicks.line_of(event, 1).is_some(), "{event:?}");
        };
        let found = goishi::solve_watched(&puzzle, &Control::new(), &watcher);
        assert!(matches!(found, crate::job::Outcome::Done(Some(_))));
    }
}
