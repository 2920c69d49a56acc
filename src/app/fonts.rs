//! The window's fonts: egui's own, and a Japanese font (a subset of Noto
//! Sans CJK JP, `assets/fonts/`) for the glyphs they lack. When the window
//! speaks Japanese the Japanese font comes first, so that its kana, kanji
//! and full-width punctuation sit on one baseline with the Latin letters
//! beside them; otherwise it is only the fallback for Japanese names.

use std::sync::Arc;

use eframe::egui::{FontData, FontDefinitions, FontFamily};

use gridtour::i18n::Language;

use gridtour::render::JAPANESE_FONT;

const JAPANESE_FONT_NAME: &str = "Noto Sans JP (gridtour subset)";

/// egui's fonts with the Japanese one, ordered for `language`.
pub fn definitions(language: Language) -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        JAPANESE_FONT_NAME.to_owned(),
        Arc::new(FontData::from_static(JAPANESE_FONT)),
    );
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        let list = fonts.families.entry(family.clone()).or_default();
        if language == Language::Japanese && family == FontFamily::Proportional {
            list.insert(0, JAPANESE_FONT_NAME.to_owned());
        } else {
            list.push(JAPANESE_FONT_NAME.to_owned());
        }
    }
    fonts
}

#[cfg(test)]
mod tests {
    use skrifa::MetadataProvider;

    use super::*;
    use crate::app::modes::Mode;

    #[test]
    fn the_japanese_font_has_every_character_the_japanese_texts_use() {
        let font = skrifa::FontRef::new(JAPANESE_FONT).expect("an OpenType font");
        let charmap = font.charmap();
        let mut texts = vec![include_str!("../../assets/i18n/ja.ftl")];
        texts.extend(Mode::ALL.map(|mode| mode.rules(Language::Japanese)));
        let missing: std::collections::BTreeSet<char> = texts
            .concat()
            .chars()
            .filter(|c| !c.is_control() && charmap.map(*c).is_none())
            .collect();
        assert!(
            missing.is_empty(),
            "run assets/fonts/make-subset: the font lacks {missing:?}"
        );
        assert!(charmap.map('碁').is_some() && charmap.map('拾').is_some());
    }
}
