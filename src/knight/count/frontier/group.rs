//! Groups of states, by bits of their hash: a step whose next layer does
//! not fit in memory builds it one group at a time (see `spill`), and a
//! table being built can be asked for one group's states (see `layer`).

use std::ops::Range;

/// The bits of a state's mixed hash that choose its group: bits 32 to 47,
/// which neither its part (the top bits, see `Builder::part_of`) nor its
/// slot (the low 32) depends on.
pub(super) fn group_bits(hash: u64) -> u32 {
    (hash >> 32 & 0xFFFF) as u32
}

/// The values of [`group_bits`].
const GROUP_VALUES: u64 = 1 << 16;

/// The states whose [`group_bits`] fall in a range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Group(Range<u32>);

impl Group {
    /// `groups` groups of about equal size that together hold every state,
    /// in order: the `i`th holds the states whose bits `b` have
    /// `b * groups / 2^16 == i` (see [`Group::index_of`]).
    pub(super) fn split_all(groups: usize) -> impl Iterator<Item = Group> {
        let groups = groups.clamp(1, GROUP_VALUES as usize) as u64;
        let bound = move |index: u64| (index * GROUP_VALUES).div_ceil(groups) as u32;
        (0..groups).map(move |index| Group(bound(index)..bound(index + 1)))
    }

    /// The index of the group of [`Group::split_all`]`(groups)` that holds
    /// the states with `bits`.
    pub(super) fn index_of(bits: u32, groups: usize) -> usize {
        (u64::from(bits) * groups as u64 / GROUP_VALUES) as usize
    }

    /// Whether the group holds every state.
    pub(super) fn is_everything(&self) -> bool {
        self.0.start == 0 && u64::from(self.0.end) == GROUP_VALUES
    }

    /// Whether the states with `bits` are in the group.
    pub(super) fn holds(&self, bits: u32) -> bool {
        self.0.contains(&bits)
    }

    /// The group in two, if it can be split.
    pub(super) fn halves(&self) -> Option<[Group; 2]> {
        let Range { start, end } = self.0;
        let middle = start + (end - start) / 2;
        (end - start >= 2).then_some([Group(start..middle), Group(middle..end)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_cover_every_value_once_and_agree_with_their_index() {
        for groups in [1, 2, 3, 7, 100, 256] {
            let all: Vec<Group> = Group::split_all(groups).collect();
            assert_eq!(all.len(), groups);
            assert_eq!(all[0].0.start, 0);
            assert_eq!(u64::from(all[groups - 1].0.end), GROUP_VALUES);
            for pair in all.windows(2) {
                assert_eq!(pair[0].0.end, pair[1].0.start);
            }
            for bits in 0..GROUP_VALUES as u32 {
                assert!(
                    all[Group::index_of(bits, groups)].holds(bits),
                    "{bits} of {groups}"
                );
            }
        }
        let [low, high] = Group::split_all(1).next().unwrap().halves().unwrap();
        assert_eq!((low.0, high.0), (0..1 << 15, 1 << 15..1 << 16));
        assert!(Group(5..6).halves().is_none());
    }
}
