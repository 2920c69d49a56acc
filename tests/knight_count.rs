use gridtour::job::{Control, Outcome};
use gridtour::knight::{count, Board, Square, TourKind};

fn counted(w: u32, h: u32, start: Option<Square>, kind: TourKind) -> u64 {
    let board = Board::new(w, h).unwrap();
    match count(&board, start, kind, &Control::new()) {
        Outcome::Done(c) => c.tours,
        Outcome::Cancelled => panic!(),
    }
}

#[test]
fn smoke() {
    let corner = Some(Square::new(0, 0));
    println!("3x4 corner {}", counted(3, 4, corner, TourKind::Open));
    println!("5x5 corner {}", counted(5, 5, corner, TourKind::Open));
    println!("4x5 undirected {}", counted(4, 5, None, TourKind::Open));
    println!("5x5 undirected {}", counted(5, 5, None, TourKind::Open));
    println!("6x6 closed {}", counted(6, 6, None, TourKind::Closed));
    println!("5x6 closed {}", counted(5, 6, None, TourKind::Closed));
    println!("3x10 closed {}", counted(3, 10, None, TourKind::Closed));
    println!("5x8 closed {}", counted(5, 8, None, TourKind::Closed));
    println!("6x6 open {}", counted(6, 6, None, TourKind::Open));
    println!("4x4 open {}", counted(4, 4, None, TourKind::Open));
}
