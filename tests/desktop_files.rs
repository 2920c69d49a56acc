//! The desktop entry and the AppStream metadata validate with the
//! freedesktop tools (skipped where they are not installed, except under
//! CI, which installs them).

use std::path::Path;
use std::process::Command;

fn validates(tool: &str, args: &[&str], file: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    match Command::new(tool).args(args).arg(&path).output() {
        Ok(output) => assert!(
            output.status.success(),
            "{file}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ),
        Err(_) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: {tool} is not installed");
        }
        Err(error) => panic!("{tool} is needed under CI: {error}"),
    }
}

#[test]
fn the_desktop_entry_validates() {
    validates(
        "desktop-file-validate",
        &[],
        "assets/desktop/io.github.gridtour.desktop",
    );
}

#[test]
fn the_appstream_metadata_validates() {
    validates(
        "appstreamcli",
        &["validate", "--no-net"],
        "assets/desktop/io.github.gridtour.metainfo.xml",
    );
}

/// A double click on a knight link (`gridtour:knight?..`) in a desktop
/// opens it in the window: the entry handles the link's scheme and hands
/// the link over.
#[test]
fn the_desktop_entry_opens_knight_links() {
    let entry = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/desktop/io.github.gridtour.desktop"),
    )
    .expect("the desktop entry");
    let scheme = gridtour::knight::LINK_PREFIX
        .split(':')
        .next()
        .expect("a scheme");
    assert!(entry.contains(&format!("MimeType=x-scheme-handler/{scheme};")));
    assert!(entry.contains("Exec=gridtour %u"));
}
