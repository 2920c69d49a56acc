//! Counting and estimating the tours of the knight's board: the jobs, the
//! count on offer from a window closed during one, and the line that
//! says their result.

use super::*;

impl KnightSession {
    /// The count under way, to be taken up; `stopped` by a person.
    pub(super) fn count_under_way(&self, stopped: bool) -> UnfinishedCount {
        UnfinishedCount {
            start: self.counted_from.map(|square| [square.x, square.y]),
            closed: self.found_kind == TourKind::Closed,
            stopped,
        }
    }

    /// Takes up the count on offer, of the kind and from the square it
    /// counted.
    pub(super) fn take_up_count(&mut self) -> Vec<Effect<KnightJob>> {
        let Some(count) = self.unfinished.take() else {
            return Vec::new();
        };
        self.kind = count.kind();
        if let Some(start) = count.start() {
            self.count_start = Some(start);
        }
        self.count_from_start = count.start.is_some();
        self.start_counting(JobKind::Count)
    }

    /// A count stopped before its end, as `end` says: a sweep saves its
    /// progress (a walk cannot), and one a person stopped keeping it is
    /// offered to be taken up.
    pub(super) fn count_cut_short(&mut self, end: &JobEnd) {
        let sweeping = end.progress.detail::<Phase>().is_some_and(|phase| {
            matches!(phase, Phase::FrontierSweep { .. } | Phase::SweepFile { .. })
        });
        if matches!(end.how, How::CancelledKept) && sweeping {
            self.unfinished = Some(self.count_under_way(true));
        }
        self.count = Some(CountLine::CountCutShort(end.how.clone(), end.progress.clone()));
    }

    /// Whether counts are of tours from the chosen square, and that square.
    pub fn count_start(&self) -> (bool, Option<Square>) {
        (self.count_from_start, self.count_start)
    }

    /// The count under way when the window last closed, on offer to be
    /// taken up.
    pub fn unfinished_count(&self) -> Option<Tours> {
        let count = self.unfinished?;
        Some(Tours::of(self.board(), count.start(), count.kind()))
    }

    /// Whether the count on offer to be taken up was stopped by a person
    /// (else it was under way when the window closed).
    pub fn unfinished_was_stopped(&self) -> bool {
        self.unfinished.is_some_and(|count| count.stopped)
    }

    /// The result of the last count, while it still fits the board, in
    /// words.
    pub fn count(&self) -> Option<String> {
        self.count.as_ref().map(CountLine::words)
    }

    #[cfg(test)]
    /// Whether a count of this mode is running.
    pub fn is_counting(&self) -> bool {
        self.core.running == Some(JobKind::Count)
    }

    /// Puts away the count on offer, deleting its kept progress.
    pub(super) fn forget_unfinished(&mut self) -> Option<Effect<KnightJob>> {
        let count = self.unfinished.take()?;
        Some(Effect::Advise(KnightJob::ForgetCount {
            board: self.board().clone(),
            start: count.start(),
            kind: count.kind(),
        }))
    }

    /// Starts counting (`kind` [`JobKind::Count`]) or estimating the tours
    /// of the kind asked for, from the chosen square if counts are of
    /// tours from it.
    pub(super) fn start_counting(&mut self, kind: JobKind) -> Vec<Effect<KnightJob>> {
        let start = self.count_start.filter(|_| self.count_from_start);
        let (board, tours) = (self.board().clone(), Tours::of(self.board(), start, self.kind));
        self.core.running = Some(kind);
        if kind == JobKind::Estimate {
            self.count = Some(CountLine::Estimating(tours));
            return vec![Effect::Start(KnightJob::Estimate {
                board,
                start,
                kind: self.kind,
            })];
        }
        self.core.found.clear();
        self.found_kind = self.kind;
        self.counted_from = start;
        self.count = Some(CountLine::Counting(tours));
        vec![Effect::Start(KnightJob::Count {
            board,
            start,
            kind: self.kind,
        })]
    }
}
