//! SIGTERM (logout, `kill`) and SIGINT (Ctrl+C in the terminal that
//! started the window) close the window the normal way, so the boards and
//! settings are saved as on any close instead of the last seconds of work
//! being lost.

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// Calls `close` from a watcher thread each time the process receives
/// SIGTERM or SIGINT (instead of the default of dying on the spot).
pub fn on_termination(close: impl Fn() + Send + 'static) -> std::io::Result<()> {
    let mut signals = Signals::new([SIGTERM, SIGINT])?;
    std::thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            for _ in signals.forever() {
                close();
            }
        })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;

    #[test]
    fn sigterm_calls_the_closer_instead_of_killing_the_process() {
        let (sender, receiver) = mpsc::channel();
        on_termination(move || {
            let _ = sender.send(());
        })
        .expect("signal handler");
        // SAFETY: raise only sends a signal to this process, which the
        // handler just installed answers.
        unsafe {
            libc::raise(SIGTERM);
        }
        receiver
            .recv_timeout(Duration::from_secs(5))
            .expect("the closer ran");
    }
}
