//! A job's memory goes back to the system when the job ends, so that the
//! window, which stays open, does not keep the tables of a cancelled count.
//! Alone in its own test binary: the process's resident memory is measured.

use std::time::Duration;

use gridtour::job::{self, Event, Resources};

/// The process's resident memory in MiB, from `/proc/self/status`.
fn resident_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

#[test]
fn a_finished_job_hands_its_memory_back() {
    let Some(before) = resident_mib() else {
        // CI runs on Linux, which has it.
        assert!(
            std::env::var_os("CI").is_none(),
            "/proc/self/status is needed under CI"
        );
        eprintln!("skipped: no /proc/self/status");
        return;
    };
    // 400 MiB in small blocks on four threads, each with a small block
    // made after them that outlives the job (its result): freed memory
    // below a live block stays with the allocator's arenas unless it is
    // asked to return it.
    let job = job::spawn(
        Resources::default(),
        |_| {},
        |_, _: &job::Emitter<Vec<Box<[u8]>>, ()>| {
            job::on_threads(4, |thread| {
                let blocks: Vec<Box<[u8]>> = (0..100 * 1024)
                    .map(|i| vec![(i + thread) as u8; 1000].into_boxed_slice())
                    .collect();
                let kept = vec![blocks.len() as u8; 16].into_boxed_slice();
                drop(blocks);
                kept
            })
        },
    );
    let mut peak = before;
    let kept = loop {
        match job.next_event(Duration::from_millis(20)) {
            Some(Event::Finished(outcome, _)) => break outcome,
            _ => peak = peak.max(resident_mib().unwrap_or(0)),
        }
    };
    std::thread::sleep(Duration::from_millis(100));
    let after = resident_mib().expect("still readable");
    eprintln!("resident: {before} MiB before, {peak} MiB at the peak seen, {after} MiB after");
    assert!(
        after < before + 100,
        "{after} MiB after the job, {before} MiB before"
    );
    drop(kept);
}
