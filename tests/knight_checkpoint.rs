//! Counts saved to a checkpoint file and taken up again: a count stopped
//! part-way and resumed gives the count of one uninterrupted run (the
//! published one), a file of another count or a damaged one is refused in
//! one line, and Ctrl+C on the command line saves before it stops.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use gridtour::job::{Checkpointing, Control, Outcome, Progress};
use gridtour::knight::count::{Phase, SweepFileError, SweepPass};
use gridtour::knight::{Board, NotCounted, Patience, TourKind, count, count_every_length};

/// A fresh directory for one test's files, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let path =
            std::env::temp_dir().join(format!("gridtour-checkpoint-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("a scratch directory");
        Scratch(path)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Every name in the directory, hidden ones included.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(&self.0)
            .expect("the scratch directory")
            .map(|entry| {
                entry
                    .expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A control that saves to `path` after every square.
fn saving_to(path: &Path) -> Control {
    saving_to_or_waiting(path, false)
}

/// A control that saves to `path` after every square, and waits for it
/// while another count holds it if `waits`.
fn saving_to_or_waiting(path: &Path, waits: bool) -> Control {
    let control = Control::new();
    control.save_progress(Checkpointing {
        path: path.to_path_buf(),
        every: Duration::ZERO,
        wait_while_in_use: waits,
    });
    control
}

/// The closed tours of `board`, counted with `control`.
fn closed_tours(board: &Board, control: &Control) -> Outcome<Result<u64, NotCounted>> {
    match count(board, None, TourKind::Closed, Patience::Unlimited, control) {
        Outcome::Done(counted) => Outcome::Done(counted.map(|counted| counted.tours)),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// Runs `work` with `control` and cancels it as soon as `stop_when` holds
/// for its progress; returns what the work returned.
fn cancelled_when<T: Send>(
    control: &Control,
    stop_when: &dyn Fn(&Progress) -> bool,
    work: impl FnOnce() -> T + Send,
) -> T {
    std::thread::scope(|scope| {
        let worker = scope.spawn(work);
        while !worker.is_finished() {
            if stop_when(&control.snapshot()) {
                control.cancel();
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        worker.join().expect("the count does not panic")
    })
}

/// Whether the sweep has got past `square` in its first pass.
fn past_square(square: u32) -> impl Fn(&Progress) -> bool {
    move |progress| {
        matches!(progress.detail(), Some(Phase::FrontierSweep { square: at, pass: SweepPass::Counting, .. })
            if *at > square)
    }
}

/// Counts the closed tours of 6x10 saving to `file`, and stops the count
/// once it is past `square`; returns the board.
fn stopped_closed_6x10(file: &Path, square: u32) -> Board {
    let board = Board::new(6, 10).unwrap();
    let control = saving_to(file);
    let stopped = cancelled_when(&control, &past_square(square), || {
        closed_tours(&board, &control)
    });
    assert_eq!(stopped, Outcome::Cancelled);
    board
}

#[test]
fn a_count_stopped_part_way_is_taken_up_and_gives_the_published_number() {
    let scratch = Scratch::new("resume");
    let file = scratch.file("6x10.count");
    let board = stopped_closed_6x10(&file, 30);
    assert!(file.is_file(), "the stopped count is saved");
    let second = saving_to(&file);
    // A175881: closed tours of 6x10.
    assert_eq!(
        closed_tours(&board, &second),
        Outcome::Done(Ok(239_187_240_144))
    );
    let Some(&Phase::FrontierSweep {
        taken_up_after: Some(swept),
        ..
    }) = second.snapshot().detail()
    else {
        panic!("not taken up: {:?}", second.snapshot().detail);
    };
    assert!(swept >= 30, "taken up after square {swept}");
    assert!(
        scratch.names().is_empty(),
        "a complete count leaves no file: {:?}",
        scratch.names()
    );
}

/// A window's count that finds its file held by the count stopped before
/// it, still saving, waits and then takes that count up.
#[test]
fn a_count_waits_for_its_file_and_takes_up_the_count_that_held_it() {
    let scratch = Scratch::new("wait");
    let file = scratch.file("6x10.count");
    let board = Board::new(6, 10).unwrap();
    let (first, second) = (saving_to(&file), saving_to_or_waiting(&file, true));
    let counted = std::thread::scope(|scope| {
        let holding = scope.spawn(|| closed_tours(&board, &first));
        while !past_square(20)(&first.snapshot()) {
            std::thread::sleep(Duration::from_millis(1));
        }
        first.pause();
        let waiting = scope.spawn(|| closed_tours(&board, &second));
        while !matches!(second.snapshot().detail(), Some(Phase::WaitingForFile)) {
            assert!(!waiting.is_finished(), "the second count did not wait");
            std::thread::sleep(Duration::from_millis(1));
        }
        first.cancel();
        assert_eq!(holding.join().unwrap(), Outcome::Cancelled);
        waiting.join().unwrap()
    });
    // A175881: closed tours of 6x10.
    assert_eq!(counted, Outcome::Done(Ok(239_187_240_144)));
    assert!(
        matches!(second.snapshot().detail(), Some(Phase::FrontierSweep { taken_up_after: Some(swept), .. }) if *swept >= 20),
        "{:?}",
        second.snapshot().detail
    );
}

#[test]
fn every_length_beyond_64_bits_stopped_in_a_later_sweep_gives_the_same_lines() {
    let scratch = Scratch::new("lengths");
    let file = scratch.file("3x50.count");
    let lines = |control: &Control| {
        let mut lines = Vec::new();
        let outcome = count_every_length(3, 50, TourKind::Closed, control, &mut |length, n| {
            lines.push((length, n.digits()));
        });
        (outcome, lines)
    };
    let (outcome, uninterrupted) = lines(&Control::new());
    assert_eq!(outcome, Outcome::Done(Ok(())));
    // Stopped in the first sweep, past the tours of 3x10 to 3x20; then,
    // taken up, in the second modular sweep, with the first sweeps in the
    // file as finished.
    let in_first_sweep = past_square(60);
    let in_second_prime = |progress: &Progress| {
        matches!(progress.detail(), Some(Phase::FrontierSweep {
            pass: SweepPass::Modulo { prime: 2, .. }, square, ..}) if *square > 60)
    };
    let stops: [&dyn Fn(&Progress) -> bool; 2] = [&in_first_sweep, &in_second_prime];
    for stop_when in stops {
        let control = saving_to(&file);
        let (outcome, before) = cancelled_when(&control, stop_when, || lines(&control));
        assert_eq!(outcome, Outcome::Cancelled);
        assert!(before.len() < uninterrupted.len());
        assert_eq!(before, uninterrupted[..before.len()]);
    }
    let (outcome, resumed) = lines(&saving_to(&file));
    assert_eq!(outcome, Outcome::Done(Ok(())));
    assert_eq!(resumed, uninterrupted);
    assert!(!file.exists());
}

#[test]
fn a_file_of_another_count_or_a_damaged_one_is_refused() {
    let scratch = Scratch::new("refused");
    let file = scratch.file("6x10.count");
    let board = stopped_closed_6x10(&file, 20);
    let saved = fs::read(&file).expect("the saved count");
    let refusal_error = |path: &Path, board: &Board| match closed_tours(board, &saving_to(path)) {
        Outcome::Done(Err(NotCounted::File(error))) => error,
        other => panic!("not refused: {other:?}"),
    };
    let refusal = |path: &Path, board: &Board| refusal_error(path, board).to_string();
    let other = refusal_error(&file, &Board::new(6, 9).unwrap());
    assert_eq!(
        other,
        SweepFileError::OtherCount {
            path: file.clone(),
            held: "closed tours of 6x10".into(),
            wanted: "closed tours of 6x9".into()
        }
    );
    assert!(
        other
            .to_string()
            .contains("holds a count of closed tours of 6x10, not of closed tours of 6x9"),
        "{other}"
    );
    assert_eq!(
        fs::read(&file).unwrap(),
        saved,
        "the other count's file is kept"
    );
    // One byte changed in the states, then one in the header.
    for at in [saved.len() - 100, 30] {
        let mut damaged = saved.clone();
        damaged[at] ^= 0x10;
        fs::write(&file, &damaged).unwrap();
        let error = refusal_error(&file, &board);
        assert!(
            matches!(&error, SweepFileError::Damaged { path, .. } if *path == file),
            "{error}"
        );
        let message = error.to_string();
        assert!(message.contains("is damaged"), "{message}");
        assert!(message.contains(&file.display().to_string()), "{message}");
    }
    for length in [saved.len() - 8, 100, 3] {
        fs::write(&file, &saved[..length]).unwrap();
        let message = refusal(&file, &board);
        assert!(message.contains("is damaged"), "{length}: {message}");
    }
    // A file whose states were keyed with labels, as gridtour saved them
    // before ("gtsweep1" first), is not read as one of today's keys.
    let mut labelled = saved.clone();
    labelled[..8].copy_from_slice(b"gtsweep1");
    fs::write(&file, &labelled).unwrap();
    let message = refusal(&file, &board);
    assert!(
        message.contains("is not a gridtour count checkpoint (or one of another version)"),
        "{message}"
    );
    fs::write(&file, "closed tours of 6x10, please\n").unwrap();
    let message = refusal(&file, &board);
    assert!(
        message.contains("is not a gridtour count checkpoint"),
        "{message}"
    );
    // A folder that does not exist is said before the count starts.
    let nowhere = scratch.file("no such folder").join("6x10.count");
    let control = saving_to(&nowhere);
    let message = refusal(&nowhere, &board);
    assert!(message.contains("does not exist"), "{message}");
    assert_eq!(control.snapshot().nodes, 0);
}

#[test]
fn ctrl_c_saves_the_count_and_the_same_command_takes_it_up() {
    let scratch = Scratch::new("interrupt");
    let file = scratch.file("6x12.count");
    let args = |file: &Path| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_gridtour"));
        command.env("LC_ALL", "C");
        command
            .args([
                "knight",
                "--size",
                "6x12",
                "--closed",
                "--count",
                "--checkpoint",
            ])
            .arg(file)
            .stdin(Stdio::null());
        command
    };
    // Saved every five minutes: the one save before it stops is Ctrl+C's.
    let running = args(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The file is written at once (an empty count), then again on Ctrl+C.
    let started = Instant::now();
    while !file.is_file() && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let empty = fs::metadata(&file).expect("the file at the start").len();
    std::thread::sleep(Duration::from_millis(1500));
    // SAFETY: kill only sends a signal to the child started above.
    unsafe {
        libc::kill(running.id() as i32, libc::SIGINT);
    }
    let output = running.wait_with_output().expect("the run ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(output.stdout.is_empty());
    assert!(
        stderr.contains("counting stopped; its progress is saved in"),
        "{stderr}"
    );
    assert!(fs::metadata(&file).unwrap().len() > empty, "states saved");
    took_up_closed_6x12(&args(&file).output().expect("the binary runs"));
    assert!(scratch.names().is_empty(), "{:?}", scratch.names());
}

/// Checks a run that took up a saved count of the closed tours of 6x12
/// and finished it.
fn took_up_closed_6x12(output: &Output) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("counting taken up from its checkpoint after square"),
        "{stderr}"
    );
    // A175881: closed tours of 6x12.
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "964730606632516 undirected closed tours (each cycle counted once)\n"
    );
}

#[test]
fn a_sweep_out_of_memory_is_saved_and_goes_on_with_more() {
    let scratch = Scratch::new("memory");
    let file = scratch.file("6x12.count");
    let run = |memory: &str, more: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gridtour"))
            .env("LC_ALL", "C")
            .args(["--memory", memory, "knight", "--size", "6x12", "--closed"])
            .args(["--count", "--checkpoint"])
            .arg(&file)
            .args(more)
            .output()
            .expect("the binary runs")
    };
    // With --force too: the saved sweep is not given up for a walk.
    // Too little even to build its layers on disk, in a few hundred groups.
    for more in [&[][..], &["--force"]] {
        let starved = run("64K", more);
        let stderr = String::from_utf8_lossy(&starved.stderr);
        assert_eq!(starved.status.code(), Some(2), "{more:?}: {stderr}");
        assert!(
            stderr.contains(
                "gridtour: error: counting: the frontier sweep ran out of room at square "
            ),
            "{more:?}: {stderr}"
        );
        assert!(
            stderr.ends_with(&format!(
                ": it needs more than the 64 KiB memory budget; with more --memory the sweep goes \
                 on from where {} holds it\n",
                file.display()
            )),
            "{more:?}: {stderr}"
        );
        assert!(file.is_file());
    }
    took_up_closed_6x12(&run("1G", &[]));
    assert!(!file.exists());
    // Every length at once says so too, after the lines it printed.
    let every_length = scratch.file("6x12-every.count");
    let starved = Command::new(env!("CARGO_BIN_EXE_gridtour"))
        .env("LC_ALL", "C")
        .args(["--memory", "64K", "knight", "--size", "6x12", "--closed"])
        .args(["--count", "--every-length", "--checkpoint"])
        .arg(&every_length)
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&starved.stderr);
    assert_eq!(starved.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.ends_with(&format!(
            "memory budget; with more --memory the sweep goes on from where {} holds it\n",
            every_length.display()
        )),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&starved.stdout).starts_with("6x1 0 "));
}
