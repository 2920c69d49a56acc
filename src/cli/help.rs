//! The words of `--help`, of the manual pages and of the completions, in
//! the chosen language. The argument definitions carry no text: each
//! command, argument and heading finds its words in the Fluent files, by
//! an id made of its command's name and its own (`cli-help-knight-size`),
//! or of its own alone when several commands share it (`cli-help-seed`).

use clap::{Arg, Command, CommandFactory};
use gridtour::i18n;
use gridtour::tr;

use super::Cli;

/// The command line's definition, worded in the current language.
pub fn command() -> Command {
    let mut command = worded(Cli::command());
    // Building adds clap's own help and version flags and its help
    // subcommand, which are worded after.
    command.build();
    built_ins_worded(command)
}

/// The words of the Fluent message `id`, if there is one.
fn words(id: &str) -> Option<String> {
    let text = i18n::format(id, &[]);
    (text != id).then_some(text)
}

/// The id of the help of `arg` of the command `command`: its own for that
/// command, else the one every command gives it.
fn help_id(command: &str, arg: &Arg) -> Option<String> {
    let id = arg.get_id().as_str().replace('_', "-");
    [format!("cli-help-{command}-{id}"), format!("cli-help-{id}")]
        .into_iter()
        .find(|id| words(id).is_some())
}

/// Examples of each subcommand, shown after its options: commands, which
/// read the same in every language.
fn examples(command: &str) -> &'static [&'static str] {
    match command {
        "knight" => &[
            "gridtour knight --size 8x8 --start b1",
            "gridtour knight --size 6x6 --start a1 --closed --format json",
            "gridtour knight --size 8x8 --start a1 --closed --format svg > tour.svg",
            "gridtour knight --size 16x16 --format gif --output tour.gif --speed 20",
            "gridtour knight --size 5x5 --start a1 --count",
            "gridtour knight --size 6x6 --count --closed",
            "gridtour knight --size 6x12 --count --closed --every-length",
            "gridtour knight --size 8x8 --estimate --seconds 60",
            "gridtour knight --size 8 --failing-starts",
        ],
        "goishi" => &[
            "gridtour goishi puzzle.txt",
            "gridtour goishi 'https://puzz.link/p?goishi/4/4/1370' --count",
            "gridtour goishi puzzle.txt --check order.json",
            "gridtour goishi puzzle.txt --rate",
            "gridtour goishi --generate 10x10 --stones 30 --seed 7",
            "gridtour goishi puzzle.txt --no-solution --format png --output sheet.png",
            "gridtour goishi puzzle.txt --format gif --output solution.gif",
            "gridtour goishi --generate 10x10 --stones 30 --puzzles 12 --print 3x4 --with-solutions -o sheet.pdf",
        ],
        "numbers" => &[
            "gridtour numbers assets/numbers/problem-a-4x5-closed.txt",
            "gridtour numbers puzzle.txt --count --limit 2",
            "gridtour numbers --generate 8x8 --closed --level hard --seed 7",
            "gridtour numbers --generate 6x6 --puzzles 6 --print 2x3 --with-solutions -o sheet.pdf",
        ],
        _ => &[],
    }
}

/// What follows a command's options: its examples, and a note of its own
/// (`cli-help-<command>-text-form`).
fn after_help(command: &str) -> Option<String> {
    let examples = examples(command);
    let mut text = (!examples.is_empty()).then(|| {
        let lines: Vec<String> = examples.iter().map(|line| format!("  {line}")).collect();
        format!("{}:\n{}", tr!("cli-help-examples"), lines.join("\n"))
    });
    if let Some(note) = words(&format!("cli-help-{command}-text-form")) {
        text = Some(match text {
            Some(text) => format!("{text}\n\n{note}"),
            None => note,
        });
    }
    text
}

/// clap's help layout, with "Usage" in the current language.
fn template() -> String {
    format!(
        "{{before-help}}{{about-with-newline}}\n{}: {{usage}}\n\n{{all-args}}{{after-help}}",
        tr!("cli-help-usage")
    )
}

/// The id of the heading `arg` is listed under: its own, else clap's
/// "Arguments" or "Options".
fn heading_id(arg: &Arg) -> String {
    let key = match arg.get_help_heading() {
        Some(key) => key,
        None if arg.is_positional() => "arguments",
        None => "options",
    };
    format!("cli-heading-{key}")
}

/// The heading `arg` is listed under, worded.
fn heading_of(arg: &Arg) -> String {
    let id = heading_id(arg);
    words(&id).unwrap_or(id)
}

/// `command` and its subcommands, each with its words.
fn worded(command: Command) -> Command {
    let name = command.get_name().to_owned();
    let mut command = command
        .about(words(&format!("cli-about-{name}")).unwrap_or_default())
        .long_about(None)
        .help_template(template())
        .subcommand_help_heading(tr!("cli-heading-commands"))
        .mut_args(|arg| {
            let mut help = help_id(&name, &arg)
                .and_then(|id| words(&id))
                .unwrap_or_default();
            let heading = heading_of(&arg);
            if !arg.get_action().takes_values() {
                return arg.help(help).long_help(None).help_heading(heading);
            }
            // clap says "[default: ..]" in English; the default is said
            // here, and the values the help names.
            if let Some(default) = arg.get_default_values().first() {
                let value = default.to_string_lossy().into_owned();
                help += &tr!("cli-help-default", value = value);
            }
            arg.help(help)
                .long_help(None)
                .help_heading(heading)
                .hide_default_value(true)
                .hide_possible_values(true)
        })
        .mut_subcommands(worded);
    if let Some(text) = after_help(&name) {
        command = command.after_help(text);
    }
    command
}

/// `command`, built, with clap's own flags and help subcommand worded.
fn built_ins_worded(command: Command) -> Command {
    let is_help = command.get_name() == "help";
    let mut command = command
        .mut_args(|arg| {
            let help = match arg.get_id().as_str() {
                "help" => tr!("cli-help-help"),
                "version" => tr!("cli-help-version"),
                "subcommand" if is_help => tr!("cli-help-help-subcommand"),
                _ => return arg,
            };
            let heading = heading_of(&arg);
            arg.help(help).long_help(None).help_heading(heading)
        })
        .mut_subcommands(built_ins_worded);
    if is_help {
        command = command
            .about(tr!("cli-about-help"))
            .help_template(template())
            .subcommand_help_heading(tr!("cli-heading-commands"));
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridtour::i18n::Language;

    /// Every command and argument of the command line, with the name of
    /// its command.
    fn every_arg(command: &Command, out: &mut Vec<(String, Arg)>) {
        for arg in command.get_arguments() {
            out.push((command.get_name().to_owned(), arg.clone()));
        }
        for subcommand in command.get_subcommands() {
            every_arg(subcommand, out);
        }
    }

    fn every_command<'c>(command: &'c Command, out: &mut Vec<&'c Command>) {
        out.push(command);
        for subcommand in command.get_subcommands() {
            every_command(subcommand, out);
        }
    }

    #[test]
    fn every_command_and_argument_has_words_in_both_languages() {
        for language in Language::ALL {
            i18n::set(language);
            let command = command();
            let mut commands = Vec::new();
            every_command(&command, &mut commands);
            for command in commands {
                let about = command.get_about().map(ToString::to_string);
                assert!(
                    about.is_some_and(|about| !about.is_empty() && !about.contains("cli-")),
                    "{language:?} {}",
                    command.get_name()
                );
            }
            let mut args = Vec::new();
            every_arg(&command, &mut args);
            assert!(args.len() > 50, "{}", args.len());
            for (name, arg) in args {
                let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
                let heading = arg.get_help_heading().unwrap_or_default();
                let what = format!("{language:?} {name} {}", arg.get_id());
                assert!(!help.is_empty() && !help.contains("cli-"), "{what}: {help}");
                assert!(!heading.is_empty() && !heading.contains("cli-"), "{what}");
                assert!(arg.get_long_help().is_none(), "{what}");
            }
        }
    }

    /// Every word of the help in the Fluent files is asked for, by a
    /// command or an argument, or by name in this file.
    #[test]
    fn every_word_of_the_help_is_used() {
        // The definition before its words are put in, headings as ids.
        let command = Cli::command();
        let mut asked: Vec<String> = include_str!("help.rs")
            .match_indices("tr!(\"")
            .filter_map(|(at, call)| include_str!("help.rs")[at + call.len()..].split_once('"'))
            .map(|(id, _)| id.to_owned())
            .collect();
        let mut commands = Vec::new();
        every_command(&command, &mut commands);
        for command in commands {
            let name = command.get_name();
            asked.push(format!("cli-about-{name}"));
            asked.push(format!("cli-help-{name}-text-form"));
        }
        let mut args = Vec::new();
        every_arg(&command, &mut args);
        for (name, arg) in args {
            asked.extend(help_id(&name, &arg));
            asked.push(heading_id(&arg));
        }
        let unused: Vec<&str> = include_str!("../../assets/i18n/en.ftl")
            .lines()
            .filter_map(|line| line.split_once(" = "))
            .map(|(id, _)| id)
            .filter(|id| {
                ["cli-help-", "cli-heading-", "cli-about-"]
                    .iter()
                    .any(|p| id.starts_with(p))
            })
            .filter(|id| !asked.iter().any(|asked| asked == id))
            .collect();
        assert!(unused.is_empty(), "never asked for: {unused:?}");
    }

    /// No word of clap's own English is left in the Japanese help.
    #[test]
    fn the_japanese_help_has_none_of_clap_s_english() {
        i18n::set(Language::Japanese);
        let mut root = command();
        let mut pages = vec![root.render_help().to_string()];
        for name in [
            "knight",
            "goishi",
            "numbers",
            "completions",
            "manual",
            "help",
        ] {
            let subcommand = root.find_subcommand_mut(name).expect("a subcommand");
            pages.push(subcommand.render_help().to_string());
        }
        for page in pages {
            for english in [
                "Usage",
                "Options",
                "Arguments",
                "Commands",
                "Print",
                "default",
                "possible",
                "Examples",
            ] {
                assert!(!page.contains(english), "{english} in\n{page}");
            }
            assert!(page.contains("使い方: "), "{page}");
        }
        i18n::set(Language::English);
    }
}
