//! The headless command line: argument definitions and the subcommands.

mod args;
pub mod goishi;
mod help;
pub mod knight;
pub mod numbers;
mod print;
mod progress;
mod trace;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use gridtour::atomic_write::{WriteError, write_atomic};
use gridtour::goishi::GenerateError;
use gridtour::i18n::Language;
use gridtour::job::Resources;
use gridtour::message::printable;
use gridtour::output::{Format, OutputError, PictureOptions};
use gridtour::placed::quoted;
use gridtour::render::Timing;
use gridtour::tr;

/// The program's arguments. Their words, in the chosen language, are put
/// in by [`command`].
#[derive(Debug, Parser)]
#[command(name = "gridtour", version)]
pub struct Cli {
    /// What to do headless; omit it to open the window.
    #[command(subcommand)]
    pub command: Option<Command>,
    #[arg(value_name = "FILE|LINK")]
    pub open: Option<std::ffi::OsString>,
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// Refuses what was given for the window to open when it names no file
/// and is no link or URL (most often a subcommand misspelt), and, when
/// there is no display for the window to say it on, a damaged link.
pub fn check_openable(open: &std::ffi::OsStr) -> Result<(), String> {
    let no_display = ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .all(|name| std::env::var_os(name).is_none_or(|value| value.is_empty()));
    let path = match gridtour::document::Given::of(open) {
        gridtour::document::Given::Link(link) => {
            return match gridtour::document::read_bytes(tr!("cli-the-link"), link.as_bytes()) {
                Err(error) if no_display && cfg!(target_os = "linux") => Err(error.to_string()),
                _ => Ok(()),
            };
        }
        gridtour::document::Given::File(path) => path,
    };
    if path.exists() {
        return Ok(());
    }
    let text = open.to_string_lossy();
    let shown = printable(&text);
    let subcommands: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|command| command.get_name().to_owned())
        .collect();
    Err(tr!(
        "cli-no-file-no-subcommand",
        given = shown,
        subcommands = subcommands.join(", ")
    ))
}

/// The command line's definition, worded in the chosen language.
pub use help::command;

/// The arguments of this run, parsed by [`command`]'s definition so that
/// a refusal, `--help` and `--version` speak the chosen language.
pub fn parse() -> Result<Cli, clap::Error> {
    Cli::from_arg_matches(&command().try_get_matches()?)
}

/// Options of every subcommand.
#[derive(Debug, clap::Args)]
pub struct GlobalArgs {
    #[arg(help_heading = "resources", long, global = true)]
    progress: bool,
    #[arg(help_heading = "resources", long, global = true, value_name = "SIZE")]
    memory: Option<String>,
    #[arg(help_heading = "resources", long, global = true, value_name = "DIR")]
    scratch: Option<std::path::PathBuf>,
    #[arg(help_heading = "resources", long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MOST_THREADS))]
    threads: Option<u16>,
    #[arg(long, global = true, value_name = "LANG", value_parser = ["en", "ja"])]
    lang: Option<String>,
}

/// The most threads `--threads` takes: beyond, a thread's share of the
/// work is too small to gain anything, and each costs memory and time to
/// start.
const MOST_THREADS: i64 = 1024;

/// The headless subcommands (what each does: `cli-about-*` in the Fluent
/// files).
#[derive(Debug, Subcommand)]
pub enum Command {
    Knight(knight::KnightArgs),
    Goishi(goishi::GoishiArgs),
    Numbers(numbers::NumbersArgs),
    Completions { shell: clap_complete::Shell },
    Manual { subcommand: Option<ManualPage> },
}

/// The subcommands with a manual page of their own.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ManualPage {
    /// `gridtour-knight(1)`.
    Knight,
    /// `gridtour-goishi(1)`.
    Goishi,
    /// `gridtour-numbers(1)`.
    Numbers,
}

/// Why a subcommand stopped before its end.
#[derive(Debug)]
pub enum Failure {
    /// A one-line message for standard error.
    Message(String),
    /// Whoever read standard output stopped reading (`| head`): there is
    /// nobody left to tell anything.
    OutputClosed,
    /// Ctrl+C stopped the work, which saved what it had done: a one-line
    /// message saying where.
    Interrupted(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Message(message)
    }
}

impl From<WriteError> for Failure {
    fn from(error: WriteError) -> Self {
        Failure::Message(error.to_string())
    }
}

impl From<OutputError> for Failure {
    fn from(error: OutputError) -> Self {
        Failure::Message(error.to_string())
    }
}

impl From<GenerateError> for Failure {
    fn from(error: GenerateError) -> Self {
        Failure::Message(error.to_string())
    }
}

/// Writes `text` to standard output. A reader that has gone away is
/// [`Failure::OutputClosed`]; any other failure to write (a full disk) is
/// a message saying so, never a panic.
pub fn write_out(text: &str) -> Result<(), Failure> {
    write_bytes(text.as_bytes())
}

/// [`write_out`] for bytes.
fn write_bytes(bytes: &[u8]) -> Result<(), Failure> {
    // Asked once: the answer cannot change while the program runs.
    static CLOSED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *CLOSED.get_or_init(standard_output_was_closed) {
        return Err(Failure::Message(
            tr!("cli-standard-output-closed").to_owned(),
        ));
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Err(Failure::OutputClosed),
        Err(error) => Err(Failure::Message(cannot_write_out(&error))),
    }
}

/// The one line for output that could not be written.
pub fn cannot_write_out(error: &std::io::Error) -> String {
    tr!(
        "cli-cannot-write-stdout",
        error = gridtour::message::SystemError::from(error).to_string()
    )
}

/// `error` about the value of `flag`, worded as one line.
pub fn flag_error(flag: &str, error: impl std::fmt::Display) -> String {
    tr!("cli-flag-error", flag = flag, error = error.to_string())
}

/// The one puzzle given, for the work that takes one (all but `--print`).
pub fn one_puzzle(given: &[std::ffi::OsString]) -> Result<&std::ffi::OsStr, String> {
    match given {
        [one] => Ok(one),
        [] => Err(tr!("cli-no-puzzle").to_owned()),
        _ => Err(tr!("cli-one-puzzle", given = given.len()).to_owned()),
    }
}

/// Writes a note to standard error, where it does not mix with the output.
/// Notes are a courtesy: a failed write is ignored.
pub fn say_note(note: &str) {
    let line = tr!("cli-note-line", note = note);
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The generator's seed: the one given, else one from the clock.
pub fn seed_or_now(given: Option<u64>) -> u64 {
    given.unwrap_or_else(|| {
        web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos() as u64)
    })
}

/// Says the seed a generator was given from the clock, so that the same
/// puzzle can be made again; on standard error, so that the puzzle alone
/// goes to the output.
pub fn say_seed(given: Option<u64>, seed: u64) {
    if given.is_none() {
        say_note(&tr!("cli-seed", seed = seed.to_string()));
    }
}

/// [`write_out`] with a line break after `line`.
pub fn write_line(line: &str) -> Result<(), Failure> {
    write_out(&format!("{line}\n"))
}

/// Where results go and how pictures are drawn; shared by `knight` and
/// `goishi`. Numbers and sizes are parsed here rather than by clap, so a
/// mistake is the program's usual one-line error naming the flag.
#[derive(Debug, clap::Args)]
pub struct OutputArgs {
    #[arg(help_heading = "output", long, value_name = "FORMAT")]
    format: Option<String>,
    #[arg(help_heading = "output", long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    #[arg(help_heading = "output", long, value_name = "PX")]
    cell: Option<String>,
    #[arg(help_heading = "output", long, overrides_with = "no_numbers")]
    numbers: bool,
    #[arg(help_heading = "output", long, overrides_with = "numbers")]
    no_numbers: bool,
    #[arg(help_heading = "output", long)]
    labels: bool,
    #[arg(help_heading = "output", long, value_name = "MOVES_PER_SECOND")]
    speed: Option<String>,
    #[arg(help_heading = "output", long, value_name = "URL")]
    web_base: Option<String>,
}

/// Where results go and how pictures are drawn, read and checked once,
/// before any work starts.
pub struct Output {
    /// The format asked for (text when none was).
    pub format: Format,
    /// Whether `--format` was given.
    pub format_given: bool,
    /// How pictures are drawn.
    pub picture: PictureOptions,
    /// The `--output` file, if any.
    file: Option<PathBuf>,
    /// The `--web-base` page a link is shown in, if any.
    web_base: Option<String>,
}

impl OutputArgs {
    /// The options, checked: every mistake is a one-line error naming its
    /// flag.
    pub fn resolve(&self) -> Result<Output, String> {
        let format = match &self.format {
            Some(format) => Format::parse(format).map_err(|error| flag_error("--format", error))?,
            None => Format::Text,
        };
        Ok(Output {
            format,
            format_given: self.format.is_some(),
            picture: self.picture()?,
            file: self.output.clone(),
            web_base: self.web_base(format)?,
        })
    }

    /// The `--web-base` page, checked: an http(s) address, given only
    /// with `--format link`.
    fn web_base(&self, format: Format) -> Result<Option<String>, String> {
        let Some(base) = &self.web_base else {
            return Ok(None);
        };
        if format != Format::Url {
            return Err(tr!("cli-web-base-needs-link").to_owned());
        }
        let base = base.trim();
        let web = gridtour::document::is_web_address(base);
        if !web || base.contains(|c: char| c.is_whitespace() || c.is_control()) {
            return Err(tr!("cli-bad-web-base", value = quoted(base)));
        }
        Ok(Some(base.to_owned()))
    }

    fn picture(&self) -> Result<PictureOptions, String> {
        let cell_px = self
            .cell
            .as_deref()
            .map(|text| match text.trim().parse::<u32>() {
                Ok(cell) if (1..=1000).contains(&cell) => Ok(cell),
                _ => Err(tr!("cli-bad-cell", value = quoted(text))),
            })
            .transpose()?;
        let timing = self
            .speed
            .as_deref()
            .map(|text| {
                let speed = text
                    .trim()
                    .parse::<f64>()
                    .map_err(|_| tr!("cli-bad-speed", value = quoted(text)))?;
                Timing::new(speed).map_err(|error| flag_error("--speed", error))
            })
            .transpose()?;
        let numbers = match (self.numbers, self.no_numbers) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        };
        Ok(PictureOptions {
            cell_px,
            numbers,
            labels: self.labels,
            timing,
        })
    }
}

impl Output {
    /// Sends `bytes` where they were asked to go: the `--output` file, or
    /// standard output unless that is a terminal and the format binary.
    pub fn emit(&self, bytes: &[u8]) -> Result<(), Failure> {
        self.emit_as(self.format, bytes)
    }

    /// Sends `bytes` in `format` where they were asked to go (see
    /// [`Output::emit`]).
    pub fn emit_as(&self, format: Format, bytes: &[u8]) -> Result<(), Failure> {
        let addressed;
        let bytes = match (&self.web_base, format) {
            (Some(page), Format::Url) => {
                let link = String::from_utf8_lossy(bytes);
                addressed = format!("{}\n", gridtour::document::page_address(page, link.trim()));
                addressed.as_bytes()
            }
            _ => bytes,
        };
        if let Some(path) = &self.file {
            return Ok(write_atomic(path, bytes)?);
        }
        if format.is_binary() && std::io::stdout().is_terminal() {
            return Err(Failure::Message(
                "a picture is binary and standard output is a terminal: give --output FILE (or redirect the output)"
                    .to_owned(),
            ));
        }
        write_bytes(bytes)
    }

    /// Refuses an `--output` given for a result that is not a file.
    pub fn not_a_file(&self, what: &str) -> Result<(), String> {
        match &self.file {
            Some(_) => Err(format!(
                "--output: {what} is printed, not written to a file"
            )),
            None => Ok(()),
        }
    }
}

/// Whether the program was started with standard output closed (`>&-`).
/// Rust's runtime then puts `/dev/null` there, opened for reading and
/// writing, so the output would vanish without a word; a shell's
/// `> /dev/null` opens it for writing only, which is left alone.
#[cfg(target_os = "linux")]
fn standard_output_was_closed() -> bool {
    // SAFETY: fstat, stat and fcntl only fill the buffers given and read
    // a NUL-terminated path; no memory is shared beyond the calls.
    unsafe {
        let flags = libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFL);
        if flags < 0 || flags & libc::O_ACCMODE != libc::O_RDWR {
            return false;
        }
        let mut output: libc::stat = std::mem::zeroed();
        let mut null: libc::stat = std::mem::zeroed();
        libc::fstat(libc::STDOUT_FILENO, &mut output) == 0
            && libc::stat(c"/dev/null".as_ptr(), &mut null) == 0
            && output.st_mode & libc::S_IFMT == libc::S_IFCHR
            && output.st_rdev == null.st_rdev
    }
}

/// Elsewhere a closed standard output is not told apart.
#[cfg(not(target_os = "linux"))]
fn standard_output_was_closed() -> bool {
    false
}

/// The one-line error for arguments clap refused. An argument that is not
/// UTF-8 is named by its place and the flag before it (clap says only that
/// one of them is not).
pub fn argument_error(error: &clap::Error) -> String {
    if error.kind() == clap::error::ErrorKind::InvalidUtf8 {
        let arguments: Vec<std::ffi::OsString> = std::env::args_os().collect();
        if let Some(place) = arguments
            .iter()
            .position(|argument| argument.to_str().is_none())
        {
            let shown = arguments[place].to_string_lossy();
            let shown = shown.into_owned();
            return match place
                .checked_sub(1)
                .and_then(|before| arguments[before].to_str())
            {
                Some(flag) if flag.starts_with('-') => {
                    tr!(
                        "cli-value-not-utf8",
                        place = place,
                        flag = flag,
                        shown = shown
                    )
                }
                _ => tr!("cli-argument-not-utf8", place = place, shown = shown),
            };
        }
    }
    worded(error).unwrap_or_else(|| one_line(&error.to_string()))
}

/// Clap's refusals that are common enough to word in the chosen language;
/// None for the rest, which clap words (in English).
fn worded(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let text = |kind: ContextKind| match error.get(kind)? {
        ContextValue::String(text) => Some(printable(text)),
        ContextValue::Strings(texts) => Some(printable(&texts.join(", "))),
        _ => None,
    };
    let tip = text(ContextKind::SuggestedArg)
        .or_else(|| text(ContextKind::SuggestedSubcommand))
        .map_or(String::new(), |similar| {
            tr!("cli-arg-similar", similar = similar)
        });
    let line = match error.kind() {
        ErrorKind::UnknownArgument => tr!("cli-arg-unknown", arg = text(ContextKind::InvalidArg)?),
        ErrorKind::InvalidSubcommand => tr!(
            "cli-arg-unknown-subcommand",
            name = text(ContextKind::InvalidSubcommand)?
        ),
        ErrorKind::InvalidValue => {
            let (arg, value) = (
                text(ContextKind::InvalidArg)?,
                text(ContextKind::InvalidValue)?,
            );
            match text(ContextKind::ValidValue) {
                _ if value.is_empty() => tr!("cli-arg-no-value", arg = arg),
                Some(valid) => tr!(
                    "cli-arg-not-one-of",
                    arg = arg,
                    value = value,
                    valid = valid
                ),
                None => tr!("cli-arg-bad-value", arg = arg, value = value, why = ""),
            }
        }
        ErrorKind::ValueValidation => tr!(
            "cli-arg-bad-value",
            arg = text(ContextKind::InvalidArg)?,
            value = text(ContextKind::InvalidValue)?,
            why = std::error::Error::source(error)
                .map_or(String::new(), |why| printable(&why.to_string()))
        ),
        ErrorKind::MissingRequiredArgument => {
            tr!("cli-arg-missing", args = text(ContextKind::InvalidArg)?)
        }
        ErrorKind::ArgumentConflict => {
            let arg = text(ContextKind::InvalidArg)?;
            match text(ContextKind::PriorArg) {
                Some(prior) if prior != arg => tr!("cli-arg-conflict", arg = arg, prior = prior),
                _ => tr!("cli-arg-repeated", arg = arg),
            }
        }
        _ => return None,
    };
    Some(line + &tip)
}

/// Folds clap's multi-line message into one line: its "error: " prefix and
/// the usage and "--help" hints that follow the message are dropped, and the
/// lines that name the offending arguments are joined on.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more information"))
        .filter(|line| !line.is_empty())
        .map(|line| line.strip_prefix("error: ").unwrap_or(line))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes the one-line error to standard error; if even that fails (a
/// full or closed stream), the exit status is all that is left to say it.
pub fn say_error(message: &str) {
    let line = tr!("cli-error-line", message = printable(message));
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Sets the language of the messages before the arguments are parsed, so
/// that a refusal of them speaks it too: the last `--lang` before a `--`,
/// else the locale's. Clap checks the value itself.
pub fn choose_language() {
    let mut chosen = None;
    let mut arguments = std::env::args_os().skip(1);
    while let Some(argument) = arguments.next() {
        match argument.to_str() {
            Some("--") => break,
            Some("--lang") => chosen = arguments.next().and_then(|value| value.into_string().ok()),
            Some(argument) if let Some(value) = argument.strip_prefix("--lang=") => {
                chosen = Some(value.to_owned());
            }
            _ => {}
        }
    }
    let language = chosen
        .as_deref()
        .and_then(Language::of_locale)
        .unwrap_or_else(Language::of_terminal);
    gridtour::i18n::set_for_process(language);
}

/// Applies the options that hold for the window and every subcommand, and
/// returns the resources they give the engines (also those of every
/// subcommand's work).
pub fn configure(global: &GlobalArgs) -> Result<Resources, String> {
    if global.progress {
        progress::log_when_redirected();
    }
    let mut resources = Resources::default();
    if let Some(size) = &global.memory {
        let bytes =
            gridtour::memory::parse_size(size).map_err(|error| flag_error("--memory", error))?;
        resources = resources.with_memory_budget(bytes);
    }
    if let Some(directory) = &global.scratch {
        if !directory.is_dir() {
            return Err(tr!(
                "cli-not-a-directory",
                flag = "--scratch",
                path = directory.display().to_string()
            ));
        }
        resources = resources.with_scratch_dir(directory.clone());
    }
    if let Some(threads) = global.threads {
        resources = resources.with_threads(usize::from(threads));
        if resources.threads < usize::from(threads) {
            say_note(&tr!(
                "cli-note-threads-limited",
                asked = threads,
                threads = resources.threads
            ));
        }
    }
    progress::work_with(resources.clone());
    Ok(resources)
}

/// Runs one subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    progress::end_cleanly_on_signals()?;
    match command {
        Command::Knight(args) => knight::run(args),
        Command::Goishi(args) => goishi::run(args),
        Command::Numbers(args) => numbers::run(args),
        Command::Completions { shell } => {
            let mut bytes = Vec::new();
            clap_complete::generate(shell, &mut help::command(), "gridtour", &mut bytes);
            write_bytes(&bytes)
        }
        Command::Manual { subcommand } => {
            let program = help::command();
            let page = match subcommand {
                None => program,
                Some(page) => {
                    let (name, page_name) = match page {
                        ManualPage::Knight => ("knight", "gridtour-knight"),
                        ManualPage::Goishi => ("goishi", "gridtour-goishi"),
                        ManualPage::Numbers => ("numbers", "gridtour-numbers"),
                    };
                    program
                        .find_subcommand(name)
                        .cloned()
                        .map(|command| command.name(page_name).version(env!("CARGO_PKG_VERSION")))
                        .ok_or_else(|| format!("no subcommand {name}"))?
                }
            };
            let mut bytes = Vec::new();
            clap_mangen::Man::new(page)
                .render(&mut bytes)
                .map_err(|error| tr!("cli-cannot-make-manual", error = error.to_string()))?;
            write_bytes(&bytes)
        }
    }
}
