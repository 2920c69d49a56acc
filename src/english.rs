//! Small matters of English in the messages gridtour writes: articles,
//! and numbers, sizes and durations as a person reads them.

/// "a" or "an" before `number` written in digits, as the number is read
/// aloud: "an 8x8 board", "an 11 x 11 board", "an 800 x 600 pixel picture",
/// but "a 1000 x 1000 board".
pub fn indefinite_article(number: u64) -> &'static str {
    // The number is read from its highest group of three digits.
    let mut lead = number;
    while lead >= 1000 {
        lead /= 1000;
    }
    let eight_or_eleven = match lead {
        100..=999 => lead / 100 == 8,
        8 | 11 | 18 | 80..=89 => true,
        _ => false,
    };
    if eight_or_eleven { "an" } else { "a" }
}

/// Bytes in KiB below a MiB, else in MiB: "256 KiB", "6,026 MiB".
pub fn in_binary_units(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{} MiB", group_digits(bytes >> 20))
    }
}

/// A count as a person reads a rough figure: digits grouped up to a
/// billion, then powers of ten (`3.2e15`).
pub fn rough_count(n: u64) -> String {
    rough_size(n as f64)
}

/// [`rough_count`] of a number that may be beyond any integer type, or
/// even beyond the floating-point numbers (infinite).
pub fn rough_size(n: f64) -> String {
    if !n.is_finite() {
        "more than 1e308".to_owned()
    } else if n < 1e9 {
        group_digits(n.max(0.0) as u64)
    } else {
        format!("{n:.1e}")
    }
}

/// A number rounded to two significant digits, its digits grouped, for
/// a forecast that is no more precise: `520,000,000`; below 100 in full.
pub fn rough_amount(n: u64) -> String {
    if n < 100 {
        group_digits(n)
    } else {
        two_digits(n as f64)
    }
}

/// Bytes to two significant digits, in MiB below a GiB: `22 GiB`,
/// `1.5 GiB`, `310 MiB`.
pub fn rough_bytes(bytes: u64) -> String {
    const GIB: f64 = (1u64 << 30) as f64;
    if bytes as f64 >= GIB {
        format!("{} GiB", two_digits(bytes as f64 / GIB))
    } else {
        format!("{} MiB", two_digits(bytes as f64 / (1u64 << 20) as f64))
    }
}

/// A positive number rounded to two significant digits, with a decimal
/// only below ten: `1.3`, `22`, `520`.
fn two_digits(x: f64) -> String {
    if x < 10.0 {
        let rounded = format!("{x:.1}");
        rounded
            .strip_suffix(".0")
            .map_or(rounded.clone(), str::to_owned)
    } else {
        let scale = 10f64.powi(x.log10().floor() as i32 - 1);
        group_digits(((x / scale).round() * scale) as u64)
    }
}

/// A unit of [`rough_duration_in`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeUnit {
    /// Years of 365.25 days.
    Years,
    /// Days.
    Days,
    /// Hours.
    Hours,
    /// Minutes.
    Minutes,
    /// Seconds.
    Seconds,
}

impl TimeUnit {
    /// Every unit, largest first, with its length in seconds.
    const ALL: [(TimeUnit, f64); 5] = [
        (TimeUnit::Years, 365.25 * 86_400.0),
        (TimeUnit::Days, 86_400.0),
        (TimeUnit::Hours, 3_600.0),
        (TimeUnit::Minutes, 60.0),
        (TimeUnit::Seconds, 1.0),
    ];
}

/// A duration as an amount (digits grouped, or a power of ten past a
/// million) of the largest unit that keeps it readable, for any language
/// to name the unit.
pub fn rough_duration_in(seconds: f64) -> (String, TimeUnit) {
    let seconds = seconds.max(0.0);
    let (unit, size) = TimeUnit::ALL
        .into_iter()
        .find(|&(_, size)| seconds >= 2.0 * size)
        .unwrap_or((TimeUnit::Seconds, 1.0));
    let amount = seconds / size;
    let amount = if amount >= 1e6 {
        format!("{amount:.1e}")
    } else {
        group_digits(amount.round() as u64)
    };
    (amount, unit)
}

/// Writes a number with commas between groups of three digits.
pub fn group_digits(n: u64) -> String {
    group_decimal(&n.to_string())
}

/// A number written out in decimal digits, grouped in threes by commas.
pub fn group_decimal(digits: &str) -> String {
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_with_a_vowel_first_take_an() {
        for number in [
            8, 11, 18, 80, 84, 89, 800, 811, 899, 8_000, 11_000, 18_500, 80_000,
        ] {
            assert_eq!(indefinite_article(number), "an", "{number}");
        }
        for number in [
            0, 1, 7, 9, 10, 12, 17, 19, 28, 79, 90, 100, 108, 111, 118, 1_000, 1_800,
        ] {
            assert_eq!(indefinite_article(number), "a", "{number}");
        }
    }

    #[test]
    fn digits_are_grouped_by_three() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1000), "1,000");
        assert_eq!(group_digits(1234567), "1,234,567");
    }

    #[test]
    fn rough_figures_keep_two_digits_and_a_readable_unit() {
        assert_eq!(
            [
                999_999,
                1_000_000,
                102_332_998,
                1_349_000_000,
                13_267_364_410_532
            ]
            .map(rough_amount),
            [
                "1,000,000",
                "1,000,000",
                "100,000,000",
                "1,300,000,000",
                "13,000,000,000,000"
            ]
        );
        assert_eq!(
            [300 << 20, 4_400_000_000, 23_500_000_000].map(rough_bytes),
            ["300 MiB", "4.1 GiB", "22 GiB"]
        );
        assert_eq!(rough_duration_in(90.0), ("90".into(), TimeUnit::Seconds));
        assert_eq!(rough_duration_in(7_200.0), ("2".into(), TimeUnit::Hours));
        assert_eq!(rough_count(12_345), "12,345");
        assert_eq!(in_binary_units(256 << 10), "256 KiB");
        assert_eq!(in_binary_units(6_026 << 20), "6,026 MiB");
    }
}
