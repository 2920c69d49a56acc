//! Where each number not yet laid can go (its domain), what those
//! domains rule out, and which number to lay next.

use super::*;

/// The squares some number can take, those two can, and those three can.
pub(super) fn covered<const WORDS: usize>(domains: &[Domain<WORDS>]) -> [SquareSet<WORDS>; 3] {
    let [mut once, mut twice, mut thrice] = [SquareSet::EMPTY; 3];
    for domain in domains {
        thrice = thrice | (twice & domain.squares);
        twice = twice | (once & domain.squares);
        once = once | domain.squares;
    }
    [once, twice, thrice]
}

/// Each number that can take `square`, laid there.
pub(super) fn placements_on<const WORDS: usize>(
    domains: &[Domain<WORDS>],
    square: usize,
) -> Vec<Placement> {
    domains
        .iter()
        .filter(|domain| domain.squares.contains(square))
        .map(|domain| Placement {
            run: domain.run,
            place: domain.place,
            square: square as u16,
        })
        .collect()
}

impl<const WORDS: usize> Search<'_, WORDS> {
    /// Finds the squares each number not yet laid can take, into
    /// `room.domains`, and whether the node can still be finished by what
    /// they tell (see the module's notes).
    pub(super) fn domains(&self, room: &mut Room<WORDS>) -> bool {
        let Room {
            domains,
            from_low,
            from_high,
            run_squares,
        } = room;
        domains.clear();
        run_squares.clear();
        let (mut once, mut twice) = (SquareSet::EMPTY, SquareSet::EMPTY);
        let (mut runs_once, mut runs_twice) = (SquareSet::EMPTY, SquareSet::EMPTY);
        for (index, run) in self.runs.iter().enumerate() {
            let left = run.left;
            let end = |number: Option<u32>| number.map(|k| self.at[k as usize]);
            match end(run.low) {
                Some(low) => self.spread(low, left, from_low),
                None => from_low.clear(),
            }
            match end(run.high) {
                Some(high) => self.spread(high, left, from_high),
                None => from_high.clear(),
            }
            let mut all = SquareSet::EMPTY;
            for place in 1..=left {
                let side = |layers: &Vec<SquareSet<WORDS>>, moves: u32| {
                    layers.get(moves as usize).copied().unwrap_or(self.free)
                };
                let mut squares = side(from_low, place) & side(from_high, left + 1 - place);
                if let Some((square, number)) = self.goal.barred
                    && number == run.number(place, self.last)
                {
                    squares.remove(square as usize);
                }
                if squares.is_empty() {
                    return false;
                }
                twice = twice | (once & squares);
                once = once | squares;
                all = all | squares;
                domains.push(Domain {
                    run: index,
                    place,
                    squares,
                });
            }
            runs_twice = runs_twice | (runs_once & all);
            runs_once = runs_once | all;
            run_squares.push(all);
        }
        if !(self.free & !once).is_empty() {
            return false;
        }
        let runs_fit = self
            .runs
            .iter()
            .zip(run_squares.iter())
            .all(|(run, all)| all.len() >= run.left && (*all & !runs_twice).len() <= run.left);
        runs_fit && self.regions_fit(run_squares)
    }

    /// Whether the free squares can still be filled. A run's numbers go on
    /// free squares in a row of knight's moves, so they all lie in one
    /// region of free squares; and since the colours alternate along it,
    /// its ends tell how many of each colour it takes. So every region
    /// must, for each colour, have no more squares than the runs that can
    /// reach it take, and no fewer than the runs that can reach it alone
    /// take.
    pub(super) fn regions_fit(&self, run_squares: &[SquareSet<WORDS>]) -> bool {
        let mut rest = self.free;
        while let Some(seed) = rest.first() {
            let mut region = SquareSet::single(seed);
            loop {
                let grown = (region | self.moves.from(region)) & self.free;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest = rest & !region;
            let size = [(region & !self.dark).len(), (region & self.dark).len()];
            let (mut can, mut only) = ([0u32; 2], [0u32; 2]);
            for (run, all) in self.runs.iter().zip(run_squares) {
                if (*all & region).is_empty() {
                    continue;
                }
                let takes = self.colours_taken(run);
                let alone = (*all & !region).is_empty();
                for colour in 0..2 {
                    can[colour] += takes[colour];
                    if alone {
                        only[colour] += takes[colour];
                    }
                }
            }
            if (0..2).any(|colour| can[colour] < size[colour] || only[colour] > size[colour]) {
                return false;
            }
        }
        true
    }

    /// How many light and dark squares `run` takes: its numbers alternate
    /// in colour away from either end.
    pub(super) fn colours_taken(&self, run: &Run) -> [u32; 2] {
        let end = run.low.or(run.high).map_or(0, |k| self.at[k as usize]);
        let end_dark = usize::from(self.dark.contains(end as usize));
        let mut takes = [0u32; 2];
        takes[1 - end_dark] = run.left.div_ceil(2);
        takes[end_dark] = run.left / 2;
        takes
    }

    /// The placements to try next, most forced first: the one square a
    /// number has left; the one number a square with two ways can hold
    /// (see [`Search::forced_by_ways`]); the one number that can take some
    /// square; each of the two numbers that alone can take some square;
    /// else every square of the number with the fewest (on the shortest
    /// run). `None` at a dead end.
    pub(super) fn choose(&self, domains: &[Domain<WORDS>]) -> Option<Vec<Placement>> {
        let fewest = domains
            .iter()
            .min_by_key(|domain| (domain.squares.len(), self.runs[domain.run].left))?;
        if fewest.squares.len() == 1 {
            return Some(self.placements_of(fewest));
        }
        if let Some(forced) = self.forced_by_ways(domains)? {
            return Some(vec![forced]);
        }
        let [once, twice, thrice] = covered(domains);
        let square = (once & !twice).first().or_else(|| {
            (fewest.squares.len() > 2)
                .then(|| (twice & !thrice).first())
                .flatten()
        });
        let Some(square) = square else {
            return Some(self.placements_of(fewest));
        };
        Some(placements_on(domains, square))
    }

    /// Each square of `domain`, fewest free neighbours first (Warnsdorff's
    /// order, which finds a first solution sooner).
    pub(super) fn placements_of(&self, domain: &Domain<WORDS>) -> Vec<Placement> {
        let mut order: Vec<(u8, u16)> = domain
            .squares
            .iter()
            .map(|square| (self.free_neighbours[square], square as u16))
            .collect();
        order.sort_unstable();
        order
            .into_iter()
            .map(|(_, square)| Placement {
                run: domain.run,
                place: domain.place,
                square,
            })
            .collect()
    }

    /// A free square with two ways in and out (free squares, or laid
    /// numbers still missing a neighbour in number) is entered and left by
    /// both, unless it ends an open tour: so next to a laid number `m` it
    /// holds `m - 1` or `m + 1`, or 1 or the last. A square with one way
    /// ends an open tour, beside that way. `None` if some such square can
    /// hold no number, or more squares have one way than the tour has ends
    /// to lay; else a square that can hold only one number, if there is
    /// one.
    pub(super) fn forced_by_ways(&self, domains: &[Domain<WORDS>]) -> Option<Option<Placement>> {
        let ends_left = if self.closed {
            0
        } else {
            u32::from(self.open_slot(1)) + u32::from(self.open_slot(self.last))
        };
        let mut lone_squares = 0;
        for square in self.free.iter() {
            let mut ways = 0;
            let mut ends = [0u32; 8];
            let mut laid = 0;
            for &next in &self.neighbours[square] {
                let m = self.number[next as usize];
                if m == 0 {
                    ways += 1;
                } else if self.open_slot(m - 1) || self.open_slot(m + 1) {
                    ways += 1;
                    ends[laid] = m;
                    laid += 1;
                }
            }
            let lone = ways == 1;
            if lone {
                lone_squares += 1;
                if lone_squares > ends_left {
                    return None;
                }
            } else if ways != 2 || laid == 0 {
                continue;
            }
            let wrap = |k: u32| {
                if k == 0 {
                    self.last
                } else if k > self.last {
                    1
                } else {
                    k
                }
            };
            let mut holds = None;
            let mut count = 0;
            for domain in domains
                .iter()
                .filter(|domain| domain.squares.contains(square))
            {
                let k = self.runs[domain.run].number(domain.place, self.last);
                let end = !self.closed && (k == 1 || k == self.last);
                let beside = ends[..laid].iter().all(|&m| {
                    (self.closed || m > 1) && wrap(m - 1) == k
                        || (self.closed || m < self.last) && wrap(m + 1) == k
                });
                let fits = if lone { end && beside } else { end || beside };
                if fits {
                    count += 1;
                    holds = Some(Placement {
                        run: domain.run,
                        place: domain.place,
                        square: square as u16,
                    });
                }
            }
            match count {
                0 => return None,
                1 => return Some(holds),
                _ => {}
            }
        }
        Some(None)
    }
}
