//! Counts measured once, so that the same request, counted again, knows
//! from its first step how long it will take and how much memory it will
//! need: a sweep's states at each step are the same on every machine, and
//! its steps' times differ from machine to machine by about one factor.
//!
//! The boards here are those whose counts take minutes; each was measured
//! with the release build as `BENCHMARKS.md` says (the machine, its cores
//! and memory, the command). A sweep whose states differ from the
//! profile's at any step (another version's scan) stops using it.

use super::super::progress::SweepPeak;
use super::layer::step_bytes;

/// One count, measured step by step.
pub(super) struct Profile {
    /// The request, in the words of the checkpoint files ("closed tours of
    /// 8x8").
    pub(super) request: &'static str,
    /// The threads it ran on.
    pub(super) threads: usize,
    /// The states carried into each step, from the first square on.
    pub(super) states: &'static [u64],
    /// The seconds each step took.
    pub(super) seconds: &'static [f32],
}

impl Profile {
    /// The steps of the sweep.
    pub(super) fn steps(&self) -> usize {
        self.states.len()
    }

    /// The states carried into the step at `position`.
    pub(super) fn states_at(&self, position: usize) -> u64 {
        self.states.get(position).copied().unwrap_or(0)
    }

    /// The seconds the step at `position` took.
    pub(super) fn seconds_of(&self, position: usize) -> f64 {
        self.seconds.get(position).copied().map_or(0.0, f64::from)
    }

    /// The seconds the steps before `position` took.
    pub(super) fn seconds_before(&self, position: usize) -> f64 {
        self.seconds[..position.min(self.seconds.len())]
            .iter()
            .copied()
            .map(f64::from)
            .sum()
    }

    /// The seconds the steps from `position` on took.
    pub(super) fn seconds_from(&self, position: usize) -> f64 {
        self.seconds_before(self.seconds.len()) - self.seconds_before(position)
    }

    /// The largest step from `position` on: the most states a step carries
    /// in, and the most memory a step takes.
    pub(super) fn peak_from(&self, position: usize) -> SweepPeak {
        let steps = position.min(self.steps())..self.steps();
        let made = |step: usize| self.states_at(step + 1) as f64;
        SweepPeak {
            states: steps
                .clone()
                .map(|step| self.states[step])
                .max()
                .unwrap_or(0),
            bytes: steps
                .map(|step| step_bytes(self.states[step] as f64, made(step)))
                .fold(0.0, f64::max) as u64,
        }
    }
}

/// The measured count of `request` (in the words of the checkpoint files),
/// if there is one.
pub(super) fn measured(request: &str) -> Option<&'static Profile> {
    MEASURED.iter().find(|profile| profile.request == request)
}

/// The measured counts.
#[rustfmt::skip]
const MEASURED: &[Profile] = &[
    // 13,267,364,410,532 (A001230); 17:11 in all, 4.6 GB at its peak, its
    // largest layers through disk (the default budget of 6 GiB).
    Profile {
        request: "closed tours of 8x8",
        threads: 2,
        states: &[
            1, 1, 1, 3, 6, 36, 171, 799, 3_810, 5_135, 7_577, 20_771, 53_453, 106_869, 205_257,
            388_439, 649_403, 835_891, 1_085_318, 1_945_189, 3_222_593, 5_247_993, 7_968_953,
            8_877_110, 8_885_734, 10_609_162, 13_085_044, 26_664_590, 51_498_053, 97_405_487,
            156_613_901, 134_540_413, 95_666_307, 88_255_170, 76_199_166, 120_666_226,
            185_099_065, 243_971_335, 272_378_693, 121_823_665, 56_221_742, 44_983_900,
            34_528_196, 34_594_428, 34_037_989, 28_071_985, 19_195_992, 14_224_117, 7_423_169,
            1_943_843, 358_774, 103_021, 20_068, 628, 32, 3, 0, 0, 0, 0, 0, 0, 0, 0,
        ],
        seconds: &[
            0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.001, 0.001, 0.001, 0.003, 0.012, 0.009, 0.025,
            0.118, 0.194, 0.106, 0.17, 0.237, 0.522, 0.724, 1.783, 1.95, 2.516, 0.973, 1.682,
            2.082, 7.214, 15.849, 71.941, 76.697, 86.789, 14.54, 25.407, 39.668, 95.665,
            151.679, 205.03, 112.243, 49.016, 6.082, 6.502, 4.608, 9.902, 7.146, 13.46, 8.539,
            7.11, 1.724, 0.516, 0.064, 0.155, 0.032, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0, 0.0,
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_8x8_is_measured_with_its_largest_step_and_its_time() {
        let profile = measured("closed tours of 8x8").expect("measured");
        assert_eq!(profile.steps(), 64);
        assert_eq!(profile.peak_from(0).states, 272_378_693);
        assert_eq!(profile.peak_from(40).states, 56_221_742);
        let whole = profile.seconds_from(0);
        assert!((whole - 1030.7).abs() < 0.1, "{whole}");
        assert!((profile.seconds_before(30) + profile.seconds_from(30) - whole).abs() < 1e-6);
        assert!(measured("open tours of 8x8").is_none());
    }
}
