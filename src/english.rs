//! Small matters of English in the messages gridtour writes.

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

#[cfg(test)]
mod tests {
    use super::indefinite_article;

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
}
