//! gridtour's words in English and Japanese. Every text the window shows
//! and the command line prints, engine messages included, comes from a
//! Fluent file in `assets/i18n/` by its message id (`tr!("open")`,
//! `tr!("opened", source = name)`), never from a string in code. The
//! language is the process's (the command line sets it once from `--lang`
//! or the locale), unless a thread chooses its own: the window sets its
//! thread's at the start of each frame, and tests on parallel threads can
//! each speak their own.
//!
//! Square names, numbers and file names are the same in both languages and
//! are passed in as arguments.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

pub use fluent_bundle::FluentValue;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use fluent_syntax::ast::Entry;
use serde::{Deserialize, Serialize};

use crate::english::{TimeUnit, rough_duration_in};

/// A language gridtour speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Language {
    /// English.
    #[default]
    English,
    /// Japanese.
    Japanese,
}

impl Language {
    /// Every language, in the order of the window's language menu.
    pub const ALL: [Language; 2] = [Language::English, Language::Japanese];

    /// The language's name in itself, as the menu shows it whatever the
    /// window speaks.
    pub fn endonym(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Japanese => "日本語",
        }
    }

    fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Japanese => "ja",
        }
    }

    fn source(self) -> &'static str {
        match self {
            Language::English => include_str!("../assets/i18n/en.ftl"),
            Language::Japanese => include_str!("../assets/i18n/ja.ftl"),
        }
    }

    /// The language a POSIX locale name asks for (`ja_JP.UTF-8` gives
    /// Japanese), if the window speaks it.
    pub fn of_locale(locale: &str) -> Option<Language> {
        let language = locale.split(['_', '.', '@', '-']).next()?;
        Language::ALL
            .into_iter()
            .find(|candidate| candidate.tag().eq_ignore_ascii_case(language))
    }

    /// The system's language, as the usual variables give it (`LC_ALL`,
    /// then `LC_MESSAGES`, then `LANG`), or in a browser the page's
    /// `?lang=` or the browser's own; English when none is set or the
    /// window does not speak it.
    pub fn of_system() -> Language {
        match crate::platform::page_language() {
            Some(tag) => Language::of_locale(&tag).unwrap_or_default(),
            None => Self::of_variables(|name| std::env::var(name).ok()),
        }
    }

    /// The language the locale variables `get` returns ask for.
    pub fn of_variables(get: impl Fn(&str) -> Option<String>) -> Language {
        Self::locale(get)
            .and_then(|value| Language::of_locale(&value))
            .unwrap_or_default()
    }

    /// The locale the variables `get` returns set, the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set.
    fn locale(get: impl Fn(&str) -> Option<String>) -> Option<String> {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(get)
            .find(|value| !value.is_empty())
    }

    /// The language for a terminal, whose text is written in UTF-8: the
    /// system's, but English where the locale names another encoding
    /// (`ja_JP.eucJP`), in which Japanese would come out garbled.
    pub fn of_terminal() -> Language {
        Self::of_terminal_variables(|name| std::env::var(name).ok())
    }

    /// [`Language::of_terminal`] for the locale variables `get` returns.
    pub fn of_terminal_variables(get: impl Fn(&str) -> Option<String>) -> Language {
        let locale = Self::locale(&get).unwrap_or_default();
        let codeset = locale
            .split_once('.')
            .map(|(_, rest)| rest.split('@').next().unwrap_or(rest).to_ascii_lowercase());
        match codeset {
            Some(codeset) if codeset.replace('-', "") != "utf8" => Language::English,
            _ => Self::of_variables(get),
        }
    }
}

/// The process's language, for threads that have not chosen their own.
static PROCESS: AtomicU8 = AtomicU8::new(Language::English as u8);

thread_local! {
    static CURRENT: Cell<Option<Language>> = const { Cell::new(None) };
}

/// Makes `language` the one the texts of every thread that has not chosen
/// its own are in.
pub fn set_for_process(language: Language) {
    PROCESS.store(language as u8, Ordering::Relaxed);
}

/// Makes `language` the one this thread's texts are in.
pub fn set(language: Language) {
    CURRENT.with(|current| current.set(Some(language)));
}

/// Runs `work` with this thread's texts in `language`, then as before.
pub fn within<T>(language: Language, work: impl FnOnce() -> T) -> T {
    let before = CURRENT.with(|current| current.replace(Some(language)));
    let result = work();
    CURRENT.with(|current| current.set(before));
    result
}

/// The language this thread's texts are in.
pub fn current() -> Language {
    CURRENT.with(Cell::get).unwrap_or_else(|| {
        let stored = usize::from(PROCESS.load(Ordering::Relaxed));
        Language::ALL.get(stored).copied().unwrap_or_default()
    })
}

/// One language's messages: the Fluent bundle, and the messages that take
/// no arguments formatted once, so that labels can be `&'static str`.
struct Catalogue {
    bundle: FluentBundle<FluentResource>,
    plain: HashMap<String, String>,
}

impl Catalogue {
    fn load(language: Language) -> Catalogue {
        let resource = parsed(language);
        let tag = language.tag().parse().expect("a valid language tag");
        let mut bundle = FluentBundle::new_concurrent(vec![tag]);
        // Isolation marks around arguments would show as boxes in egui.
        bundle.set_use_isolating(false);
        let ids = message_ids(&resource);
        bundle
            .add_resource(resource)
            .unwrap_or_else(|errors| panic!("{}.ftl: {errors:?}", language.tag()));
        let plain = ids
            .into_iter()
            .filter_map(|id| {
                let pattern = bundle.get_message(&id)?.value()?;
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, None, &mut errors);
                errors.is_empty().then(|| (id, text.into_owned()))
            })
            .collect();
        Catalogue { bundle, plain }
    }
}

/// `language`'s Fluent file, parsed.
fn parsed(language: Language) -> FluentResource {
    FluentResource::try_new(language.source().to_owned())
        .unwrap_or_else(|(_, errors)| panic!("{}.ftl: {errors:?}", language.tag()))
}

/// The ids of the messages `resource` defines, in order.
fn message_ids(resource: &FluentResource) -> Vec<String> {
    resource
        .entries()
        .filter_map(|entry| match entry {
            Entry::Message(message) => Some(message.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

fn catalogue(language: Language) -> &'static Catalogue {
    static CATALOGUES: OnceLock<[Catalogue; 2]> = OnceLock::new();
    let all = CATALOGUES.get_or_init(|| Language::ALL.map(Catalogue::load));
    &all[language as usize]
}

/// The message `id` without arguments, in this thread's language. A
/// missing id shows as itself (a test makes sure none is missing).
pub fn text(id: &'static str) -> &'static str {
    catalogue(current())
        .plain
        .get(id)
        .map_or(id, String::as_str)
}

/// The message `id` with `args`, in this thread's language.
pub fn format(id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let catalogue = catalogue(current());
    let Some(pattern) = catalogue
        .bundle
        .get_message(id)
        .and_then(|message| message.value())
    else {
        return id.to_owned();
    };
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    let mut errors = Vec::new();
    catalogue
        .bundle
        .format_pattern(pattern, Some(&fluent_args), &mut errors)
        .into_owned()
}

/// A text: `tr!("open")` is a `&'static str`, `tr!("opened", source = name)`
/// a `String` with the arguments put in (strings as they are, numbers for
/// plural forms).
#[macro_export]
macro_rules! tr {
    ($id:literal) => {
        $crate::i18n::text($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::format(
            $id,
            &[$((stringify!($name), $crate::i18n::FluentValue::from($value))),+],
        )
    };
}

/// A duration in the largest unit that keeps it readable.
pub fn duration_words(seconds: f64) -> String {
    let (n, unit) = rough_duration_in(seconds);
    match unit {
        TimeUnit::Years => crate::tr!("duration-years", n = n),
        TimeUnit::Days => crate::tr!("duration-days", n = n),
        TimeUnit::Hours => crate::tr!("duration-hours", n = n),
        TimeUnit::Minutes => crate::tr!("duration-minutes", n = n),
        TimeUnit::Seconds if n == "1" => crate::tr!("duration-one-second").to_owned(),
        TimeUnit::Seconds => crate::tr!("duration-seconds", n = n),
    }
}

/// Names joined as a list is in this thread's language.
pub fn list_words(names: &[String]) -> String {
    names.join(crate::tr!("list-separator"))
}

#[cfg(test)]
mod engine_words_tests;
#[cfg(test)]
mod error_words_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_a_language_texts_are_in_it_and_then_as_before() {
        let before = current();
        let japanese = within(Language::Japanese, || duration_words(5.0));
        assert_eq!(japanese, "5 秒");
        assert_eq!(current(), before);
        assert_eq!(duration_words(5.0), "5 seconds");
    }

    #[test]
    fn one_second_is_singular() {
        assert_eq!(duration_words(1.2), "1 second");
        assert_eq!(duration_words(0.2), "0 seconds");
        assert_eq!(duration_words(5.0), "5 seconds");
        assert_eq!(duration_words(120.0), "2 minutes");
    }

    /// The ids and the argument names each message uses, from a source.
    fn messages(source: &str) -> Vec<(String, Vec<String>)> {
        let mut messages: Vec<(String, Vec<String>)> = Vec::new();
        for line in source.lines() {
            if let Some((id, _)) = line
                .starts_with(|c: char| c.is_ascii_lowercase())
                .then(|| line.split_once(" ="))
                .flatten()
            {
                messages.push((id.trim().to_owned(), Vec::new()));
            }
            let Some((_, arguments)) = messages.last_mut() else {
                continue;
            };
            for piece in line.split('$').skip(1) {
                let name: String = piece
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                    .collect();
                if !arguments.contains(&name) {
                    arguments.push(name);
                }
            }
        }
        for (_, arguments) in &mut messages {
            arguments.sort();
        }
        messages.sort();
        messages
    }

    #[test]
    fn a_terminal_in_another_encoding_than_utf8_is_spoken_to_in_english() {
        let locale =
            |value: &'static str| move |name: &str| (name == "LANG").then(|| value.to_owned());
        assert_eq!(
            Language::of_terminal_variables(locale("ja_JP.UTF-8")),
            Language::Japanese
        );
        assert_eq!(
            Language::of_terminal_variables(locale("ja_JP.utf8")),
            Language::Japanese
        );
        assert_eq!(
            Language::of_terminal_variables(locale("ja_JP")),
            Language::Japanese
        );
        assert_eq!(
            Language::of_terminal_variables(locale("ja_JP.eucJP")),
            Language::English
        );
        assert_eq!(
            Language::of_terminal_variables(locale("ja_JP.SJIS@x")),
            Language::English
        );
        assert_eq!(
            Language::of_terminal_variables(locale("C")),
            Language::English
        );
    }

    #[test]
    fn both_languages_have_the_same_messages_with_the_same_arguments() {
        let english = messages(Language::English.source());
        let japanese = messages(Language::Japanese.source());
        let ids = |messages: &[(String, Vec<String>)]| -> Vec<String> {
            messages.iter().map(|(id, _)| id.clone()).collect()
        };
        let (english_ids, japanese_ids) = (ids(&english), ids(&japanese));
        let missing: Vec<_> = english_ids
            .iter()
            .filter(|id| !japanese_ids.contains(id))
            .collect();
        let extra: Vec<_> = japanese_ids
            .iter()
            .filter(|id| !english_ids.contains(id))
            .collect();
        assert!(missing.is_empty(), "not in ja.ftl: {missing:?}");
        assert!(extra.is_empty(), "not in en.ftl: {extra:?}");
        for (english, japanese) in english.iter().zip(&japanese) {
            assert_eq!(english, japanese, "the arguments differ");
        }
        let mut unique = english_ids.clone();
        unique.dedup();
        assert_eq!(unique.len(), english_ids.len(), "an id is defined twice");
    }

    #[test]
    fn every_message_formats_without_errors_in_both_languages() {
        for language in Language::ALL {
            let catalogue = catalogue(language);
            for id in message_ids(&parsed(language)) {
                let message = catalogue.bundle.get_message(&id).expect("defined");
                assert!(message.value().is_some(), "{id} has no value");
            }
        }
    }

    /// Every id the code asks for, found by reading it.
    fn ids_in_code() -> Vec<String> {
        fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).expect("src") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    walk(&path, found);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let code = std::fs::read_to_string(&path).expect("readable");
                    // This reader's own text is no request for an id.
                    let code = match code.split_once("#[cfg(test)]\nmod tests") {
                        Some((before, _)) if path.ends_with("i18n.rs") => before.to_owned(),
                        _ => code,
                    };
                    for (at, call) in code.match_indices("tr!(") {
                        let word_before = code[..at]
                            .chars()
                            .next_back()
                            .is_some_and(|c| c.is_alphanumeric() || c == '_');
                        let rest = code[at + call.len()..].trim_start();
                        let quoted = rest.strip_prefix('"').filter(|_| !word_before);
                        if let Some((id, _)) = quoted.and_then(|rest| rest.split_once('"')) {
                            found.push(id.to_owned());
                        }
                    }
                }
            }
        }
        let mut found = Vec::new();
        walk(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut found,
        );
        found.sort();
        found.dedup();
        found
    }

    #[test]
    fn every_id_the_code_asks_for_is_in_both_files_and_every_message_is_used() {
        let asked = ids_in_code();
        assert!(asked.len() > 100, "the reader found only {}", asked.len());
        for language in Language::ALL {
            let defined = message_ids(&parsed(language));
            let missing: Vec<_> = asked.iter().filter(|id| !defined.contains(id)).collect();
            assert!(missing.is_empty(), "{language:?} lacks {missing:?}");
        }
        // The words of the command line's help are asked for by ids made
        // of clap's names; the help's own tests check those.
        let by_clap_names = ["cli-help-", "cli-heading-", "cli-about-"];
        let unused: Vec<_> = message_ids(&parsed(Language::English))
            .into_iter()
            .filter(|id| !asked.contains(id))
            .filter(|id| !by_clap_names.iter().any(|prefix| id.starts_with(prefix)))
            .collect();
        assert!(unused.is_empty(), "never asked for: {unused:?}");
    }

    #[test]
    fn locales_choose_the_language() {
        assert_eq!(Language::of_locale("ja_JP.UTF-8"), Some(Language::Japanese));
        assert_eq!(Language::of_locale("ja"), Some(Language::Japanese));
        assert_eq!(Language::of_locale("en_GB.UTF-8"), Some(Language::English));
        assert_eq!(Language::of_locale("C.UTF-8"), None);
        let vars = |all: &'static str, lang: &'static str| {
            move |name: &str| match name {
                "LC_ALL" => Some(all.to_owned()),
                "LANG" => Some(lang.to_owned()),
                _ => None,
            }
        };
        assert_eq!(
            Language::of_variables(vars("", "ja_JP.UTF-8")),
            Language::Japanese
        );
        assert_eq!(
            Language::of_variables(vars("C", "ja_JP.UTF-8")),
            Language::English,
            "LC_ALL wins over LANG"
        );
    }

    #[test]
    fn arguments_and_plurals_are_put_in() {
        set(Language::English);
        assert_eq!(tr!("opened", source = "a.json"), "Opened a.json.");
        set(Language::Japanese);
        assert_eq!(tr!("opened", source = "a.json"), "a.jsonを開きました。");
        set(Language::English);
    }
}
