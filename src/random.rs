//! Small, fast, reproducible randomness: the same seed gives the same
//! numbers on every platform, which generated puzzles and sampled
//! estimates rely on.

/// splitmix64: a tiny, well-mixing hash of a counter.
pub fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A small deterministic random number generator (splitmix64), so that a
/// seed always gives the same puzzle on every platform.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix64(self.state)
    }

    /// A number in `0.0..1.0`, from the top 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in `0..bound` (`bound` > 0), by multiply-and-shift: no
    /// division, and a bias too small to matter for board-sized bounds.
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }

    /// Puts `items` in a random order (Fisher-Yates), each order as likely.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffles_make_every_order_about_as_often() {
        let mut rng = Rng::new(7);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..6000 {
            let mut items = [0, 1, 2];
            rng.shuffle(&mut items);
            *seen.entry(items).or_insert(0) += 1;
        }
        assert_eq!(seen.len(), 6, "{seen:?}");
        assert!(seen.values().all(|&n| (850..1150).contains(&n)), "{seen:?}");
        let mut many: Vec<usize> = (0..100).collect();
        rng.shuffle(&mut many);
        assert_ne!(many, (0..100).collect::<Vec<_>>());
        many.sort_unstable();
        assert_eq!(many, (0..100).collect::<Vec<_>>());
    }
}
