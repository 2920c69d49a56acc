//! The engines' messages in Japanese: each has words of its own, with no
//! English left in them.

use std::time::Duration;

use crate::goishi::{GenerateError, Phase as GoishiPhase, SizeOutOfRange};
use crate::i18n::{self, Language};
use crate::job::Progress;
use crate::knight::NoTour;
use crate::knight::{NotCounted, count::NoSweep};

/// `value` in English and in Japanese.
pub(super) fn in_both(value: &impl ToString) -> [String; 2] {
    Language::ALL.map(|language| {
        i18n::set(language);
        let words = value.to_string();
        i18n::set(Language::English);
        words
    })
}

/// That `japanese` is other words than `english`, with no English word
/// left in it.
pub(super) fn assert_japanese(english: &str, japanese: &str) {
    assert!(japanese != english && !japanese.is_ascii(), "{japanese}");
    let latin_words = japanese
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|word| word.len() > 1)
        .count();
    assert_eq!(latin_words, 0, "{japanese}");
}

/// One reason of every kind.
fn every_reason() -> Vec<NoTour> {
    let names = |names: &[&str]| names.iter().map(|name| (*name).to_owned()).collect();
    vec![
        NoTour::AllBlocked,
        NoTour::StartOffBoard {
            start: crate::knight::Square::new(9, 2),
            width: 5,
            height: 5,
        },
        NoTour::StartBlocked { start: "c3".into() },
        NoTour::OddClosed { squares: 25 },
        NoTour::UnbalancedClosed {
            dark: 13,
            light: 11,
        },
        NoTour::ClosedTooSmall,
        NoTour::UnbalancedOpen {
            dark: 14,
            light: 10,
        },
        NoTour::WrongStartColour {
            dark: 13,
            light: 12,
            start: "b1".into(),
        },
        NoTour::WrongStartColour {
            dark: 12,
            light: 13,
            start: "a1".into(),
        },
        NoTour::Schwenk { m: 4, n: 5 },
        NoTour::NoOpenRectangle { m: 4, n: 4 },
        NoTour::FourAcross { start: "b1".into() },
        NoTour::Unreachable {
            square: "a1".into(),
        },
        NoTour::ClosedThroughLeaves {
            leaves: names(&["a1", "h8"]),
        },
        NoTour::TooManyLeaves {
            leaves: names(&["a1", "h8", "a8"]),
        },
        NoTour::StartNotAnEnd {
            leaves: names(&["a1", "h8"]),
            start: "d4".into(),
        },
        NoTour::Disconnected {
            from: "a1".into(),
            to: "e5".into(),
            reached: 12,
            open: 20,
        },
        NoTour::ClosedCut {
            cut: "c2".into(),
            groups: 2,
        },
        NoTour::ThreeWayCut {
            cut: "c2".into(),
            groups: 3,
        },
        NoTour::ThreeLinks {
            links: names(&["a3", "c1", "e3"]),
        },
        NoTour::StartSplits { start: "c2".into() },
        NoTour::StartBetweenLinks {
            start: "c3".into(),
            links: names(&["b1", "e2"]),
        },
    ]
}

#[test]
fn every_reason_reads_in_japanese() {
    for reason in every_reason() {
        let [english, japanese] = in_both(&reason);
        assert_japanese(&english, &japanese);
    }
}

#[test]
fn count_refusals_read_in_japanese() {
    use crate::knight::TooLong;
    use crate::knight::count::RanOut;
    let at = RanOut {
        square: 30,
        squares: 64,
    };
    let sweeps = [
        NoSweep::OverBudget {
            budget: 1 << 30,
            at,
        },
        NoSweep::OverBudgetAndDisk {
            budget: 1 << 30,
            free: 5 << 30,
            at,
        },
        NoSweep::TooWide {
            width: 10,
            widest: 8,
        },
        NoSweep::TooLongForEveryLength { longest: 40 },
    ];
    let mut refusals: Vec<NotCounted> = sweeps.into_iter().map(NotCounted::NoSweep).collect();
    for why in sweeps {
        for estimated_nodes in [3.2e15, f64::INFINITY] {
            refusals.push(NotCounted::TooLong(TooLong {
                why,
                estimated_nodes,
                threads: 2,
                estimated_seconds: 3.0e7,
            }));
        }
    }
    for why in &refusals {
        let [english, japanese] = in_both(why);
        assert!(english.is_ascii(), "{english}");
        assert!(!japanese.is_ascii(), "{japanese}");
    }
}

#[test]
fn every_generation_refusal_has_its_words_in_both_languages() {
    let errors = [
        GenerateError::Size(SizeOutOfRange {
            width: 0,
            height: 5,
        }),
        GenerateError::StonesOutOfRange {
            width: 3,
            height: 3,
            stones: 10,
        },
        GenerateError::TooMany {
            stones: 5000,
            most: 2000,
        },
        GenerateError::TooFew {
            stones: 2,
            fewest: 3,
        },
        GenerateError::TooDense {
            width: 4,
            height: 4,
            stones: 14,
            most: 12,
        },
        GenerateError::BeyondReach {
            width: 4,
            height: 4,
            stones: 12,
            most: 9,
            chained: false,
            side: 6,
        },
        GenerateError::BeyondReach {
            width: 2,
            height: 2,
            stones: 3,
            most: 1,
            chained: false,
            side: 4,
        },
        GenerateError::NoWalk {
            width: 4,
            height: 4,
            stones: 15,
        },
        GenerateError::NotFound {
            width: 8,
            height: 8,
            stones: 40,
            level: Some(crate::goishi::Level::Hard),
            chained: true,
        },
        GenerateError::LevelOutOfReach {
            width: 8,
            height: 8,
            stones: 20,
            level: crate::goishi::Level::Hard,
            reached_with: crate::goishi::StoneCounts(0b11 << 26),
        },
        GenerateError::LevelOutOfReach {
            width: 6,
            height: 7,
            stones: 12,
            level: crate::goishi::Level::Hard,
            reached_with: crate::goishi::StoneCounts(0),
        },
        GenerateError::NoneOfLevel {
            width: 8,
            height: 8,
            stones: 30,
            level: crate::goishi::Level::Easy,
            attempts: 64,
        },
    ];
    for error in &errors {
        let [english, japanese] = in_both(error);
        assert!(english.is_ascii() && !english.is_empty(), "{english}");
        assert_japanese(&english, &japanese);
    }
}

#[test]
fn counters_read_in_japanese() {
    let progress = Progress {
        nodes: 1234,
        found: 5,
        elapsed: Duration::from_secs(75),
        ..Progress::default()
    }
    .with_detail(GoishiPhase::Composing {
        block: 3,
        blocks: 8,
    });
    let [_, japanese] = in_both(&progress);
    assert_eq!(
        japanese,
        "1,234 ノード、5 個発見、1:15 分、16/秒（ブロック 3/8 を作成中）"
    );
}
