//! The command line's completions and manual page, made from its own
//! definitions, so that they name every subcommand and option there is.

use std::process::Command;

fn gridtour(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn completions_and_the_manual_follow_the_options() {
    let bash = gridtour(&["completions", "bash"]);
    assert!(bash.contains("_gridtour()"), "a bash completion function");
    for option in ["--checkpoint", "--every-length", "--generate", "--threads"] {
        assert!(bash.contains(option), "{option} completes");
    }
    assert!(gridtour(&["completions", "zsh"]).starts_with("#compdef gridtour"));
    assert!(gridtour(&["completions", "fish"]).contains("complete -c gridtour"));
    let manual = gridtour(&["manual"]);
    assert!(manual.contains(".TH gridtour 1"), "a roff page");
    assert!(manual.contains("knight") && manual.contains("goishi"));
    // Each subcommand has a page of its own, with its options.
    for (page, option) in [("knight", r"\-\-checkpoint"), ("goishi", r"\-\-generate")] {
        let text = gridtour(&["manual", page]);
        assert!(text.contains(&format!(".TH gridtour-{page} 1")), "{page}");
        assert!(text.contains(option), "{page}: {option}");
    }
    let version = gridtour(&["--version"]);
    assert_eq!(
        version.trim(),
        format!("gridtour {}", env!("CARGO_PKG_VERSION"))
    );
    let error = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .args(["completions", "tcsh"])
        .output()
        .expect("the binary runs");
    assert_eq!(error.status.code(), Some(2));
}

/// Where an option is listed in `help`: the heading above it.
fn heading_of(help: &str, option: &str) -> String {
    let line = help
        .lines()
        .position(|line| line.trim_start().starts_with(option))
        .unwrap_or_else(|| panic!("{option} is not listed"));
    help.lines()
        .take(line)
        .filter(|line| line.ends_with(':') && !line.starts_with(' '))
        .last()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn help_groups_the_options_under_headings() {
    for (subcommand, option, heading) in [
        ("knight", "--size", "Board:"),
        ("knight", "--blocked", "Board:"),
        ("knight", "--start", "Tour:"),
        ("knight", "--closed", "Tour:"),
        ("knight", "--algo", "Tour:"),
        ("knight", "--trace", "Tour:"),
        ("knight", "--count", "Counting:"),
        ("knight", "--checkpoint-every", "Counting:"),
        ("knight", "--estimate", "Estimating:"),
        ("knight", "--failing-starts", "Analysis:"),
        ("knight", "--format", "Output:"),
        ("knight", "--progress", "Resources:"),
        ("knight", "--threads", "Resources:"),
        ("goishi", "--count", "Solving:"),
        ("goishi", "--trace", "Solving:"),
        ("goishi", "--generate", "Generating:"),
        ("goishi", "-o, --output", "Output:"),
        ("goishi", "--memory", "Resources:"),
    ] {
        let help = gridtour(&[subcommand, "--help"]);
        assert_eq!(heading_of(&help, option), heading, "{subcommand} {option}");
    }
}

/// A word that is neither a subcommand nor a file is refused on the
/// command line, not handed to the window; options before a subcommand
/// still go with it.
#[test]
fn a_misspelt_subcommand_is_refused_and_options_come_before_subcommands() {
    let misspelt = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .arg("knigth")
        .output()
        .expect("the binary runs");
    assert_eq!(misspelt.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&misspelt.stderr),
        "gridtour: error: knigth: no such file, and no subcommand (they are knight, goishi, \
         completions, manual)\n"
    );
    let tour = gridtour(&["--threads", "1", "knight", "--size", "5x5"]);
    assert_eq!(tour.lines().count(), 5);
}
