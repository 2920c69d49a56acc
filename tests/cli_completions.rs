//! The command line's completions and manual page, made from its own
//! definitions, so that they name every subcommand and option there is.

use std::process::Command;

fn gridtour(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
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
    for (page, option) in [
        ("knight", r"\-\-checkpoint"),
        ("goishi", r"\-\-generate"),
        ("numbers", r"\-\-level"),
    ] {
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
        .env("LC_ALL", "C")
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
        .env("LC_ALL", "C")
        .arg("knigth")
        .output()
        .expect("the binary runs");
    assert_eq!(misspelt.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&misspelt.stderr),
        "gridtour: error: knigth: no such file, and no subcommand (they are knight, goishi, \
         numbers, completions, manual)\n"
    );
    let tour = gridtour(&["--threads", "1", "knight", "--size", "5x5"]);
    assert_eq!(tour.lines().count(), 5);
}

/// What the window is to open is told apart the way the window does it:
/// a file that exists is a file whatever its name; without a display, a
/// damaged link gets its own one-line error.
#[test]
fn files_links_and_file_urls_given_to_the_window_are_told_apart() {
    let folder = std::env::temp_dir().join(format!("gridtour-given-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");
    let named_like_a_url = folder.join("httpd-puzzle.txt");
    std::fs::write(&named_like_a_url, "not a puzzle").expect("written");
    fn given(what: &std::ffi::OsStr) -> gridtour::document::Given<'_> {
        gridtour::document::Given::of(what)
    }
    assert_eq!(
        given(named_like_a_url.as_os_str()),
        gridtour::document::Given::File(named_like_a_url.clone())
    );
    let url = format!("file://localhost{}", named_like_a_url.display());
    assert_eq!(
        given(url.as_ref()),
        gridtour::document::Given::File(named_like_a_url.clone())
    );
    let url = format!("file://{}", folder.join("a b.txt").display()).replace(' ', "%20");
    assert_eq!(
        given(url.as_ref()),
        gridtour::document::Given::File(folder.join("a b.txt"))
    );
    assert_eq!(
        given("https://puzz.link/p?goishi/4/4/1370".as_ref()),
        gridtour::document::Given::Link("https://puzz.link/p?goishi/4/4/1370")
    );
    let damaged = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .arg("gridtour:knight?size=8x8&start=a1&tour=0q")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs");
    assert_eq!(damaged.status.code(), Some(2));
    let error = String::from_utf8_lossy(&damaged.stderr);
    assert!(
        error.starts_with("gridtour: error: the link: knight link, column 41: tour:")
            && error.lines().count() == 1,
        "{error}"
    );
    std::fs::remove_dir_all(&folder).ok();
}

/// Help and the version are output like any other: a full disk is said,
/// a reader gone is the status of a closed pipe.
#[cfg(target_os = "linux")]
#[test]
fn help_that_cannot_be_written_is_not_a_success() {
    for flag in ["--help", "--version"] {
        let full = Command::new(env!("CARGO_BIN_EXE_gridtour"))
            .env("LC_ALL", "C")
            .arg(flag)
            .stdout(std::fs::File::create("/dev/full").expect("/dev/full"))
            .output()
            .expect("the binary runs");
        assert_eq!(full.status.code(), Some(2), "{flag}");
        let error = String::from_utf8_lossy(&full.stderr);
        assert!(error.contains("cannot write to standard output"), "{error}");
    }
}

/// Under a Japanese locale the help and the manual page speak Japanese,
/// as the messages do; `--lang` chooses.
#[test]
fn help_speaks_the_locale_s_language() {
    let in_japanese = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_gridtour"))
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", "ja_JP.UTF-8")
            .args(args)
            .output()
            .expect("the binary runs");
        assert!(output.status.success(), "{args:?}");
        String::from_utf8(output.stdout).expect("UTF-8")
    };
    let help = in_japanese(&["knight", "--help"]);
    assert!(help.starts_with("ナイトツアーを見つけ"), "{help}");
    assert!(help.contains("使い方: gridtour knight"), "{help}");
    assert_eq!(heading_of(&help, "--estimate"), "推定:");
    assert!(help.contains("（既定：warnsdorff）"), "{help}");
    assert!(!help.contains("Print help"), "{help}");
    let manual = in_japanese(&["manual", "goishi"]);
    assert!(
        manual.contains("解がちょうど一つの新しい問題を作ります"),
        "{manual}"
    );
    let chosen = in_japanese(&["--lang", "en", "numbers", "--help"]);
    assert!(chosen.contains("Usage: gridtour numbers"), "{chosen}");
    assert!(
        chosen.contains("A puzzle in text is a row a line"),
        "{chosen}"
    );
}
