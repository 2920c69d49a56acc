//! The transfer step: what happens to one state at one square. This is
//! where the counting is done; everything else in the sweep moves states
//! around. A [`Step`] takes a state's [`Window`], decides which of the
//! square's knight-move edges to later squares join the tour (`successors`,
//! with [`join`] linking path ends), and retires the square when it leaves
//! the window (`retire`), ending states that can no longer become a tour.

use super::keys::{
    CODE_LATER_END, CODE_SPECIALS, DISTANCE_BITS, DONE, END_COLOUR_BIT, FIFTH_BITS_AT,
    INWARD_WIDEST_WINDOW, KeyFormat, Order, RADIX_FIELD_BITS, RADIX_FIELDS, SPARE, SquareOrder,
    TERMINAL, UNTOUCHED, WIDE_RADIX_FIELD_BITS, WIDE_RADIX_FIELDS, WIDEST_WINDOW, WINDOW_ROOM,
    radix_field_codes, radix_key,
};
use super::layer::{Sink, Tally};
use super::scan::{LaterMask, Scan, set_bits};

/// A decoded state: the window's slot codes.
#[derive(Clone, Copy)]
pub(super) struct Window {
    pub(super) mate: [u8; WINDOW_ROOM],
    /// In a sweep that follows the colours of open tours' ends (see
    /// [`Scan::follows_end_colours`]), while exactly one tour end is fixed:
    /// 1 when that end's colour differs from slot 0's square, else 0.
    /// Always 0 otherwise, so that equal situations get equal keys. Kept
    /// relative to slot 0, so that a step does the same to it in every row.
    pub(super) end_colour: u8,
}

impl Window {
    pub(super) fn decode(key: u64, slots: usize, format: KeyFormat) -> Window {
        let window = match format {
            KeyFormat::Distances => Window::from_codes(slots, |slot| {
                let fifth_bit = if slot < 2 {
                    (key >> (FIFTH_BITS_AT + slot)) & 1
                } else {
                    0
                };
                (key >> (DISTANCE_BITS * slot)) & ((1 << DISTANCE_BITS) - 1)
                    | fifth_bit << DISTANCE_BITS
            }),
            KeyFormat::Radix => {
                let mut codes = [0u64; INWARD_WIDEST_WINDOW];
                // One call a field: a sixth field would need a sixth call.
                const { assert!(RADIX_FIELDS.len() == 5) };
                radix_field_codes::<WIDEST_WINDOW, 0>(key, &mut codes);
                radix_field_codes::<WIDEST_WINDOW, 1>(key, &mut codes);
                radix_field_codes::<WIDEST_WINDOW, 2>(key, &mut codes);
                radix_field_codes::<WIDEST_WINDOW, 3>(key, &mut codes);
                radix_field_codes::<WIDEST_WINDOW, 4>(key, &mut codes);
                Window::from_codes(slots, |slot| codes[slot])
            }
            KeyFormat::WideRadix => {
                let mut codes = [0u64; INWARD_WIDEST_WINDOW];
                const { assert!(WIDE_RADIX_FIELDS.len() == 3) };
                radix_field_codes::<INWARD_WIDEST_WINDOW, 0>(key, &mut codes);
                radix_field_codes::<INWARD_WIDEST_WINDOW, 1>(key, &mut codes);
                radix_field_codes::<INWARD_WIDEST_WINDOW, 2>(key, &mut codes);
                Window::from_codes(slots, |slot| codes[slot])
            }
        };
        let end_colour = match format {
            KeyFormat::WideRadix => 0,
            KeyFormat::Distances | KeyFormat::Radix => (key >> END_COLOUR_BIT & 1) as u8,
        };
        Window {
            end_colour,
            ..window
        }
    }

    /// Encodes the window that starts at slot `from`, its squares taken in
    /// `order`, so that equal situations get equal keys.
    pub(super) fn encode(&self, from: usize, order: &impl SquareOrder, format: KeyFormat) -> u64 {
        debug_assert!(format != KeyFormat::WideRadix || self.end_colour == 0);
        let end_colour = u64::from(self.end_colour) << END_COLOUR_BIT;
        end_colour
            | match format {
                KeyFormat::Distances => {
                    let codes: [u8; 16] = self.codes(from, order);
                    let mut pairs = [0u8; 8];
                    for (pair, codes) in pairs.iter_mut().zip(codes.chunks_exact(2)) {
                        *pair = codes[0] & 0xF | codes[1] << DISTANCE_BITS;
                    }
                    let used_bits = DISTANCE_BITS * order.slots();
                    let fifth_bits = u64::from(codes[0] >> DISTANCE_BITS) << FIFTH_BITS_AT
                        | u64::from(codes[1] >> DISTANCE_BITS) << (FIFTH_BITS_AT + 1);
                    u64::from_le_bytes(pairs) & ((1 << used_bits) - 1) | fifth_bits
                }
                KeyFormat::Radix => {
                    let codes: [u8; WIDEST_WINDOW] = self.codes(from, order);
                    let (fields, bits) = (&RADIX_FIELDS, &RADIX_FIELD_BITS);
                    radix_key(&codes, order.slots(), WIDEST_WINDOW, fields, bits)
                }
                KeyFormat::WideRadix => {
                    let codes: [u8; INWARD_WIDEST_WINDOW] = self.codes(from, order);
                    let (fields, bits) = (&WIDE_RADIX_FIELDS, &WIDE_RADIX_FIELD_BITS);
                    radix_key(&codes, order.slots(), INWARD_WIDEST_WINDOW, fields, bits)
                }
            }
    }

    /// The codes of the window that starts at slot `from`, its squares
    /// taken in `order`, in `LANES` lanes whatever the window: each lane is
    /// worked out alike and without a branch, so that the compiler can do
    /// them side by side; lanes past the window hold codes of no meaning.
    pub(super) fn codes<const LANES: usize>(
        &self,
        from: usize,
        order: &impl SquareOrder,
    ) -> [u8; LANES] {
        let mut codes = [0u8; LANES];
        for (index, code) in codes.iter_mut().enumerate() {
            let mate = self.mate[(from + order.at(index)) % WINDOW_ROOM];
            let partner_index = order.at((mate as usize).wrapping_sub(from) % WINDOW_ROOM) as u8;
            let index = index as u8;
            // Written out: `saturating_sub` compiled to slower code here
            // (closed 6x8 a fifth slower).
            #[allow(clippy::implicit_saturating_sub)]
            let distance = if partner_index > index {
                partner_index - index
            } else {
                0
            };
            *code = if mate >= TERMINAL {
                UNTOUCHED - mate
            } else {
                CODE_LATER_END as u8 + distance
            };
        }
        codes
    }

    /// The window whose first `slots` squares have these codes.
    pub(super) fn from_codes(slots: usize, code_of: impl Fn(usize) -> u64) -> Window {
        let mut mate = [UNTOUCHED; WINDOW_ROOM];
        // No square reads another: an earlier end writes its later end's
        // slot too, and the later end leaves its own alone (writing the
        // spare slot instead), so the loop has no branch and no chain.
        for slot in 0..slots {
            let code = code_of(slot);
            let special = code < CODE_SPECIALS;
            let earlier_end = code > CODE_LATER_END;
            let partner =
                (slot + code as usize).wrapping_sub(CODE_LATER_END as usize) % WINDOW_ROOM;
            let own = if special {
                (u64::from(UNTOUCHED) - code) as u8
            } else {
                partner as u8
            };
            mate[if code == CODE_LATER_END { SPARE } else { slot }] = own;
            mate[if earlier_end { partner } else { SPARE }] = slot as u8;
        }
        mate[SPARE] = UNTOUCHED;
        Window {
            mate,
            end_colour: 0,
        }
    }

    pub(super) fn degree(&self, slot: usize) -> u8 {
        match self.mate[slot] {
            UNTOUCHED => 0,
            DONE => 2,
            _ => 1,
        }
    }

    /// The other end of the partial path that `slot` ends (itself when it is
    /// untouched), or `TERMINAL`.
    pub(super) fn far_end(&self, slot: usize) -> u8 {
        match self.mate[slot] {
            UNTOUCHED => slot as u8,
            other => other,
        }
    }

    /// A bit for each slot, up to [`WINDOW_ROOM`], whose code is `code`.
    /// `Step::retire` wants this for every choice of edges: a loop over
    /// the window's slots took a tenth of the time of open 7x7, four
    /// vector instructions take next to none.
    #[inline]
    pub(super) fn slots_with(&self, code: u8) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
            };
            const { assert!(WINDOW_ROOM == 32) };
            let halves = self.mate.as_ptr().cast::<__m128i>();
            // SAFETY: every x86_64 processor has SSE2, and both unaligned
            // loads read within the 32 bytes of `mate`.
            let (low, high) = unsafe {
                let wanted = _mm_set1_epi8(code as i8);
                let low = _mm_cmpeq_epi8(_mm_loadu_si128(halves), wanted);
                let high = _mm_cmpeq_epi8(_mm_loadu_si128(halves.add(1)), wanted);
                (_mm_movemask_epi8(low), _mm_movemask_epi8(high))
            };
            (low as u32 & 0xFFFF) | (high as u32 & 0xFFFF) << 16
        }
        #[cfg(not(target_arch = "x86_64"))]
        (self.mate.iter().enumerate()).fold(0, |mask, (slot, &mate)| {
            mask | u32::from(mate == code) << slot
        })
    }
}

/// What adding one edge did.
pub(super) enum Joined {
    /// Two partial paths (or squares) became one.
    Merged,
    /// The edge closed a cycle, or joined two paths whose far ends are both
    /// fixed tour ends: the edge set can only be a complete tour now.
    Completed,
}

/// Adds the edge between slot 0 and `slot`, or returns None when the edge
/// would give a square a third edge or close a cycle where none is wanted.
pub(super) fn join(window: &mut Window, slot: usize, cycles: bool) -> Option<Joined> {
    if window.mate[slot] == DONE {
        return None;
    }
    let (near_end, far_end) = (window.far_end(0), window.far_end(slot));
    if near_end as usize == slot || (near_end == TERMINAL && far_end == TERMINAL) {
        if cycles != (near_end != TERMINAL) {
            return None;
        }
        window.mate[0] = DONE;
        window.mate[slot] = DONE;
        return Some(Joined::Completed);
    }
    let (degree_here, degree_there) = (window.degree(0), window.degree(slot));
    if near_end != TERMINAL {
        window.mate[near_end as usize] = far_end;
    }
    if far_end != TERMINAL {
        window.mate[far_end as usize] = near_end;
    }
    if degree_here == 1 {
        window.mate[0] = DONE;
    }
    if degree_there == 1 {
        window.mate[slot] = DONE;
    }
    Some(Joined::Merged)
}

/// What [`Step::retire`] needs to know of a window's slots as a whole,
/// worked out once for all the choices of edges of a state.
#[derive(Clone, Copy)]
pub(super) struct Census {
    /// A bit for each finished slot. Slot 0 and those past the window are
    /// in no mask it meets.
    pub(super) done: u32,
    /// How many of the partial paths' far ends are fixed ends of the tour:
    /// joining paths moves such an end, and never adds or removes one.
    pub(super) fixed_ends: usize,
}

/// What became of a state once the processed square was retired.
pub(super) enum Retired {
    /// The choice of edges cannot be part of a tour.
    Invalid,
    /// The edges form a tour of the board's first `rows` rows (all of them
    /// unless the scan counts shorter boards too).
    Tour { rows: usize },
    /// The state carries on, with this many fixed ends of the tour.
    Continues { fixed_ends: usize },
}

/// The sweep's bookkeeping for one scan position.
pub(super) struct Step<'a> {
    pub(super) scan: &'a Scan,
    pub(super) position: usize,
    pub(super) cycles: bool,
    /// The order of the new states' mirror images, when they are counted
    /// together with them: where the rows swept so far are the mirror
    /// image of themselves, on a symmetric board.
    pub(super) mirror: Option<&'a Order>,
    /// The window slots (from 0) of squares that need two edges although
    /// the tour is open: by their colour, or as the path's ends are given
    /// (see [`Scan::needing_two_edges`]).
    pub(super) two_edges: u32,
    /// Whether the states follow the colour of the first fixed end (see
    /// [`Scan::follows_end_colours`]).
    pub(super) follows_end_colours: bool,
    /// The window slots of squares of slot 0's colour.
    pub(super) same_colour: u32,
    /// Whether the next square has the other colour than slot 0's: the
    /// next state's [`Window::end_colour`] is relative to it.
    pub(super) next_colour_differs: bool,
    pub(super) tally: Tally,
}

impl Scan {
    /// The step at `position` of a sweep of the first `rows` rows, adding
    /// up counts as `tally` says.
    pub(super) fn step(&self, position: usize, rows: usize, tally: Tally) -> Step<'_> {
        let needing = self.needing_two_edges(rows);
        let two_edges = (0..=self.window())
            .filter(|&slot| needing[self.colour(position + slot)])
            .filter(|&slot| !self.ends.contains(&(position + slot)))
            .fold(0, |mask, slot| mask | 1 << slot);
        Step {
            two_edges,
            ..self.step_in_any_row(position, rows, tally)
        }
    }

    /// The step at `position` of a sweep of the first `rows` rows, fit for
    /// the same column of every row (as a plan records it): the colours of
    /// the squares differ from row to row, so it leaves out the colour rule
    /// of [`Scan::needing_two_edges`], which only prunes states that would
    /// die later anyway. The colours of the ends (see
    /// [`Scan::follows_end_colours`]) are followed relative to the square
    /// being retired, the same in every row.
    pub(super) fn step_in_any_row(&self, position: usize, rows: usize, tally: Tally) -> Step<'_> {
        let colour = |slot: usize| self.colour(position + slot);
        Step {
            scan: self,
            position,
            cycles: self.cycles,
            mirror: self.mirror_orders[(position + 1) % self.width].as_ref(),
            two_edges: 0,
            follows_end_colours: self.follows_end_colours(rows),
            same_colour: (0..=self.window())
                .filter(|&slot| colour(slot) == colour(0))
                .fold(0, |mask, slot| mask | 1 << slot),
            next_colour_differs: colour(1) != colour(0),
            tally,
        }
    }
}

impl Step<'_> {
    /// Runs every choice of forward edges for one incoming state: tours
    /// completed are added to `tours` (by the rows they cover), continuing
    /// states to `next`.
    pub(super) fn expand(&self, key: u64, count: u64, next: &mut impl Sink, tours: &mut [u64]) {
        self.successors(
            key,
            |key| next.add(key, count),
            |rows| tours[rows] = self.tally.add(tours[rows], count),
        );
    }

    /// Runs every choice of forward edges for one incoming state: passes
    /// each state it carries on as to `onward`, and the rows covered by each
    /// tour it completes to `tour`.
    pub(super) fn successors(
        &self,
        key: u64,
        mut onward: impl FnMut(u64),
        mut tour: impl FnMut(usize),
    ) {
        let scan = self.scan;
        let window = Window::decode(key, scan.window(), scan.keys);
        let mut carry_on = |trial: &Window, fixed_ends: usize| {
            let key = trial.encode(1, &scan.in_order, scan.keys);
            let key = match self.mirror {
                Some(mirror_order) => {
                    // A mirror swaps the colours of rows of even length.
                    let mut mirrored = *trial;
                    if scan.width.is_multiple_of(2) && self.follows_one_end(fixed_ends) {
                        mirrored.end_colour ^= 1;
                    }
                    key.min(mirrored.encode(1, mirror_order, scan.keys))
                }
                None => key,
            };
            onward(key);
        };
        // Read once for all the choices: a choice's own window, just
        // written byte by byte, would make a wide read wait for the writes.
        let census = Census {
            done: window.slots_with(DONE),
            fixed_ends: window.slots_with(TERMINAL).count_ones() as usize,
        };
        if !scan.open[self.position] {
            let mut passed = window;
            self.move_end_colour_on(&mut passed, census.fixed_ends);
            carry_on(&passed, census.fixed_ends);
            return;
        }
        // Only edges to squares that can take one more; a cycle needs the
        // square to leave with exactly two edges, a path with one or two.
        let mut usable = [0u8; 4];
        let mut usable_len = 0;
        for &slot in &scan.forward[self.position] {
            if window.mate[slot as usize] != DONE {
                usable[usable_len] = slot;
                usable_len += 1;
            }
        }
        let usable = &usable[..usable_len];
        let need = 2 - window.degree(0) as usize;
        let mut try_edges = |edges: &[u8]| {
            let mut trial = window;
            let mut complete = false;
            let mut census = census;
            for &slot in edges {
                match join(&mut trial, slot as usize, self.cycles) {
                    None => return,
                    Some(Joined::Completed) => complete = true,
                    Some(Joined::Merged) => {}
                }
                census.done |= u32::from(trial.mate[slot as usize] == DONE) << slot;
            }
            match self.retire(&mut trial, complete, census) {
                Retired::Invalid => {}
                Retired::Tour { rows } => tour(rows),
                Retired::Continues { fixed_ends } => carry_on(&trial, fixed_ends),
            }
        };
        let fewest = if self.cycles {
            need
        } else {
            need.saturating_sub(1)
        };
        if fewest == 0 {
            try_edges(&[]);
        }
        if need >= 1 && fewest <= 1 {
            for &a in usable {
                try_edges(&[a]);
            }
        }
        if need == 2 {
            for (i, &a) in usable.iter().enumerate() {
                for &b in &usable[i + 1..] {
                    try_edges(&[a, b]);
                }
            }
        }
    }

    /// The window slots of squares that need two edges with `fixed_ends`
    /// ends fixed, the first of colour `end_colour` (see
    /// [`Window::end_colour`]): those of [`Step::two_edges`], and while one
    /// end is fixed in a sweep that follows its colour, the squares of
    /// that colour, which cannot be the other.
    pub(super) fn two_edges_with(&self, fixed_ends: usize, end_colour: u8) -> u32 {
        match (self.follows_one_end(fixed_ends), end_colour) {
            (false, _) => self.two_edges,
            (true, 0) => self.two_edges | self.same_colour,
            (true, _) => self.two_edges | !self.same_colour,
        }
    }

    /// Retires the processed square after its edges are chosen; `census`
    /// counts the window's finished squares and fixed ends.
    pub(super) fn retire(&self, window: &mut Window, complete: bool, census: Census) -> Retired {
        let Census { done, fixed_ends } = census;
        let scan = self.scan;
        let slots = scan.window();
        let is_required_end = scan.ends.contains(&self.position);
        let mut complete = complete;
        let mut new_fixed_end = false;
        // A square that needs two edges ends no path: this also keeps a
        // second end off the first one's colour.
        if self.two_edges_with(fixed_ends, window.end_colour) & 1 != 0 && window.degree(0) != 2 {
            return Retired::Invalid;
        }
        match window.mate[0] {
            UNTOUCHED => return Retired::Invalid,
            DONE if is_required_end => return Retired::Invalid,
            DONE => {}
            TERMINAL if self.cycles => return Retired::Invalid,
            TERMINAL => complete = true,
            _ if self.cycles => return Retired::Invalid,
            partner => {
                window.mate[partner as usize] = TERMINAL;
                // Required ends still ahead leave fewer ends free.
                let required_ahead = scan.ends.iter().filter(|&&e| e > self.position).count();
                if fixed_ends + 1 > 2 - required_ahead {
                    return Retired::Invalid;
                }
                // The first end is this square, of its own colour; with both
                // ends fixed there is no colour left to follow.
                window.end_colour = 0;
                new_fixed_end = true;
            }
        }
        if complete {
            // A required end must be behind.
            let end_passed = scan.ends.iter().all(|&e| e <= self.position);
            return match self.rows_covered(window) {
                Some(rows) if end_passed => Retired::Tour { rows },
                _ => Retired::Invalid,
            };
        }
        if self.position >= scan.last_open {
            return Retired::Invalid;
        }
        // A square ahead that can no longer get the edges it lacks: one of
        // the retired square's neighbours, which lost it, or a neighbour of
        // one of those that has just been finished.
        let later = &scan.later[self.position];
        let fixed_ends = fixed_ends + usize::from(new_fixed_end);
        let two_edges = self.two_edges_with(fixed_ends, window.end_colour);
        let least = |slot: usize| {
            if self.cycles || two_edges & 1 << slot != 0 {
                2
            } else {
                1
            }
        };
        // The most edges the square at `slot` can still end up with, or 2
        // if that is more: only fewer than 2 matters below, and the
        // baseline x86-64 build has no instruction for a full population
        // count.
        let reachable_degree = |slot: usize| {
            let LaterMask { in_window, beyond } = later[slot];
            let unfinished = in_window & !done;
            let up_to_two = usize::from(unfinished != 0)
                + usize::from(unfinished & unfinished.wrapping_sub(1) != 0);
            window.degree(slot) as usize + usize::from(beyond) + up_to_two
        };
        let starved = |slot: usize| {
            usize::from(window.degree(slot)) < least(slot) && reachable_degree(slot) < least(slot)
        };
        // Whether a square might have become a forced end of an open tour
        // (one that can get at most one edge in all) at this step. The
        // previous step found at most two ends, fixed or forced, in the
        // window; a square's most edges only drop where the retired square
        // or a square just finished was its neighbour, so only a new fixed
        // end, such a square, or the square entering the window can make
        // them more. Looking at them alone, not at the whole window, saved
        // a tenth of the time of open 7x7.
        let counts_ends = !self.cycles && scan.ends.is_empty();
        let short = |slot: usize| counts_ends && reachable_degree(slot) < 2;
        let entering = scan.may_end[self.position] & 1 << slots != 0;
        let mut more_ends = new_fixed_end || (entering && short(slots));
        for &neighbour in &scan.forward[self.position] {
            let neighbour = neighbour as usize;
            if starved(neighbour) {
                return Retired::Invalid;
            }
            more_ends |= short(neighbour);
            if window.mate[neighbour] == DONE {
                for slot in later[neighbour].offsets_in_window() {
                    if starved(slot) {
                        return Retired::Invalid;
                    }
                    more_ends |= short(slot);
                }
            }
        }
        // An open tour has two ends: the ends already fixed and the squares
        // ahead that can get only one more edge in all must not be more.
        if more_ends && counts_ends {
            // Squares with two neighbours beyond the window, or finished
            // ones, are not forced ends: only the others are looked at.
            // (Going through every square's neighbours one by one took a
            // fifth of the time recording open 6x12's plan.)
            let forced_ends = set_bits(scan.may_end[self.position] & !done)
                .filter(|&slot| reachable_degree(slot) < 2)
                .fold(0, |mask, slot| mask | 1 << slot);
            if forced_ends & two_edges != 0 || fixed_ends + forced_ends.count_ones() as usize > 2 {
                return Retired::Invalid;
            }
        }
        self.move_end_colour_on(window, fixed_ends);
        Retired::Continues { fixed_ends }
    }

    /// Whether a state with `fixed_ends` fixed ends keeps the colour of one
    /// in [`Window::end_colour`].
    pub(super) fn follows_one_end(&self, fixed_ends: usize) -> bool {
        self.follows_end_colours && fixed_ends == 1
    }

    /// Makes the window's [`Window::end_colour`] relative to the next
    /// square, which the next step's slot 0 will be.
    pub(super) fn move_end_colour_on(&self, window: &mut Window, fixed_ends: usize) {
        if self.follows_one_end(fixed_ends) {
            window.end_colour ^= u8::from(self.next_colour_differs);
        }
    }

    /// For a complete edge set: how many rows of the board it covers, or
    /// None when it is no tour. Every open square up to the end of those
    /// rows must have its edges already (squares beyond the window have
    /// none), and every square after them none; only a scan that counts
    /// shorter boards accepts fewer rows than the board has.
    pub(super) fn rows_covered(&self, window: &Window) -> Option<usize> {
        let scan = self.scan;
        let slots = scan.window();
        let in_window = |q: usize| q - self.position <= slots;
        let mut first_left = self.position + 1;
        while first_left <= scan.last_open
            && (!scan.open[first_left]
                || (in_window(first_left) && window.mate[first_left - self.position] == DONE))
        {
            first_left += 1;
        }
        if first_left > scan.last_open {
            return Some(scan.rows);
        }
        let untouched_after = (first_left..=scan.last_open)
            .take_while(|&q| in_window(q))
            .all(|q| window.mate[q - self.position] == UNTOUCHED);
        (scan.shorter_boards && first_left.is_multiple_of(scan.width) && untouched_after)
            .then_some(first_left / scan.width)
    }
}
