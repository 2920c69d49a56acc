use gridtour::job::{Control, Outcome};
use gridtour::knight::*;
#[test]
#[ignore]
fn sweep() {
    for kind in TourKind::ALL {
        for (w, n) in (7..=30u32).map(|n| (3, n)).chain((5..=30).map(|n| (4, n))) {
            let board = Board::new(w, n).unwrap();
            let t = std::time::Instant::now();
            let mut worst = (0u64, Square::new(0, 0));
            let mut none = 0;
            for s in board.squares() {
                let c = Control::new();
                let job = std::thread::scope(|sc| {
                    let h = sc.spawn(|| solve(&board, s, kind, Algorithm::Backtrack, &c));
                    let t0 = std::time::Instant::now();
                    while !h.is_finished() {
                        std::thread::sleep(std::time::Duration::from_millis(5));
                        if t0.elapsed().as_secs() > 5 {
                            c.cancel();
                        }
                    }
                    h.join().unwrap()
                });
                match job {
                    Outcome::Done(SolveResult::Found(_)) => {}
                    Outcome::Done(SolveResult::NoTour(_)) => none += 1,
                    _ => {
                        println!("TIMEOUT {w}x{n} {kind:?} {s:?}");
                    }
                }
                let nodes = c.snapshot().nodes;
                if nodes > worst.0 {
                    worst = (nodes, s);
                }
            }
            println!(
                "{kind:?} {w}x{n}: {:?} worst nodes {:?} none {none}",
                t.elapsed(),
                worst
            );
        }
    }
}
