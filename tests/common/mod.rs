//! What several integration tests share.

use std::path::PathBuf;

/// The Goishi Hiroi test puzzles with independently verified solution
/// counts (`index.tsv`). The project's shared puzzle set next to the
/// checkout is preferred, since it may have grown; `tests/data/goishi` is a
/// copy of it, so that a checkout on its own still runs every test.
pub fn goishi_data_dir() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = manifest.join("../shared/puzzles/goishi");
    if shared.join("index.tsv").is_file() {
        shared
    } else {
        manifest.join("tests/data/goishi")
    }
}
