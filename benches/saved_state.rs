//! Saving and reading a player's state (medians are in
//! `target/criterion/*/new/estimates.json`).
//!
//! * `save/largest`: a save of a state as large as the window keeps (a
//!   walk of 40,000 squares, a million blocked squares, 1,000 shelf
//!   records), merged with another window's save first, written whole.
//! * `load/largest`: reading it back.
//! * `load/damaged_largest`: reading it back with one byte damaged in the
//!   middle, part by part around the damage.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gridtour::saved_state::{Saved, StateFile, Trouble};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Largest {
    walk: Vec<[u32; 2]>,
    blocked: Vec<[u32; 2]>,
    shelf: Vec<Record>,
    speed: f32,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Record {
    url: String,
    name: String,
    best_seconds: Option<f64>,
}

impl Saved for Largest {
    fn merge_from(&mut self, theirs: Self) {
        for record in theirs.shelf {
            if !self.shelf.iter().any(|mine| mine.url == record.url) {
                self.shelf.push(record);
            }
        }
    }
}

fn largest() -> Largest {
    Largest {
        walk: (0..40_000).map(|i| [i % 200, i / 200]).collect(),
        blocked: (0..1_000_000).map(|i| [i % 1000, i / 1000]).collect(),
        shelf: (0..1_000)
            .map(|i| Record {
                url: format!("https://puzz.link/p?goishi/12/12/{i:040}"),
                name: format!("generated puzzle (seed {i})"),
                best_seconds: Some(60.0 + f64::from(i)),
            })
            .collect(),
        speed: 8.0,
    }
}

fn saving(c: &mut Criterion) {
    let folder = std::env::temp_dir().join(format!("gridtour-bench-state-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let path = folder.join("state.json");
    let state = largest();
    let mut group = c.benchmark_group("save");
    group.sample_size(10);
    let (mut mine, mut theirs) = (StateFile::at(&path), StateFile::at(&path));
    let _: Option<Largest> = mine.load().state;
    let _: Option<Largest> = theirs.load().state;
    let mut round = 0;
    group.bench_function("largest", |b| {
        b.iter(|| {
            // Another window saved since: each save merges, then writes.
            round += 1;
            let mut other = state.clone();
            other.speed = round as f32;
            theirs.save(&mut other).expect("their save");
            let mut changed = state.clone();
            changed.walk[0] = [round, 0];
            mine.save(black_box(&mut changed)).expect("a save")
        })
    });
    group.finish();
    let size = std::fs::metadata(&path).expect("the file").len();
    println!("largest state: {size} bytes");
    let mut group = c.benchmark_group("load");
    group.sample_size(10);
    group.bench_function("largest", |b| {
        b.iter(|| StateFile::at(&path).load::<Largest>())
    });
    let mut damaged = std::fs::read(&path).expect("the file");
    let middle = damaged.len() / 2;
    damaged[middle] = b'x';
    std::fs::write(&path, &damaged).expect("written");
    group.bench_function("damaged_largest", |b| {
        b.iter(|| {
            std::fs::write(&path, &damaged).expect("written");
            let loaded = StateFile::at(&path).load::<Largest>();
            // The copy of the damaged file each read keeps aside.
            let Some(Trouble::PartlyRead {
                kept_as: Some(kept),
                ..
            }) = &loaded.trouble
            else {
                panic!("{:?}", loaded.trouble)
            };
            std::fs::remove_file(kept).expect("the copy");
            loaded
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&folder);
}

criterion_group!(benches, saving);
criterion_main!(benches);
