use gridtour::job::{Control, Outcome};
use gridtour::knight::{Board, Square, TourKind, count};
use std::time::Instant;

fn counted(w: u32, h: u32, start: Option<Square>, kind: TourKind) -> u64 {
    let board = Board::new(w, h).unwrap();
    let t = Instant::now();
    let r = match count(&board, start, kind, &Control::new()) {
        Outcome::Done(c) => c.tours,
        Outcome::Cancelled => panic!(),
    };
    println!("{w}x{h} {:?}", t.elapsed());
    r
}

#[test]
fn smoke() {
    let corner = Some(Square::new(0, 0));
    println!("6x6 closed {}", counted(6, 6, None, TourKind::Closed));
    println!("5x8 closed {}", counted(5, 8, None, TourKind::Closed));
    println!("6x6 open {}", counted(6, 6, None, TourKind::Open));
    println!("7x7 open {}", counted(7, 7, None, TourKind::Open));
}
