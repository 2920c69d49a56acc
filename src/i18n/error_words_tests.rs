//! Errors from files, links, pictures, writes and a count's checkpoint in
//! Japanese: each has words of its own, with no English word left but the
//! names of formats, options and link fields, which are the same in both.

use std::fmt::Display;
use std::path::PathBuf;

use super::engine_words_tests::{assert_japanese, in_both};
use crate::atomic_write::{WriteError, WriteFailure};
use crate::document::OpenError;
use crate::goishi::format::{Awaited, ParseError, Problem, SideName};
use crate::goishi::{Broken, Direction, Level, Point, Rating, RuleViolation, SizeOutOfRange};
use crate::knight::count::{Damage, SweepFileError};
use crate::knight::{BadMove, BoardError, InvalidTour, LinkError, Side, TourFileError};
use crate::memory::NotASize;
use crate::output::OutputError;
use crate::render::PictureError;

/// Names that stay as they are in Japanese: formats, units, options and
/// their values, link fields, the program's name.
const NAMES: &[&str] = &[
    "pzprv3", "JSON", "MiB", "UTF", "PNG", "SVG", "GIF", "PDF", "pdf", "json", "txt", "svg", "png",
    "gif", "animated", "goishi", "gridtour", "knight", "size", "closed", "blocked", "start",
    "tour", "scratch", "DIR", "memory", "SIZE", "ckpt", "text", "url", "link", "givens", "numbers",
];

/// `error` in both languages: English, and Japanese with no Latin word
/// but [`NAMES`].
fn reads_in_japanese(error: &impl ToString) {
    let [english, japanese] = in_both(error);
    assert!(!english.is_empty(), "{error:?}", error = english);
    let mut without_names = japanese.clone();
    for name in NAMES {
        without_names = without_names.replace(name, "");
    }
    assert_japanese(&english, &without_names);
}

fn every_problem() -> Vec<Problem> {
    let size = SizeOutOfRange {
        width: 0,
        height: 3,
    };
    vec![
        Problem::CannotRead(std::io::Error::from(std::io::ErrorKind::NotFound).into()),
        Problem::TooLarge(32),
        Problem::InvalidUtf8,
        Problem::Binary,
        Problem::RowTooLong { columns: 4 },
        Problem::RowTooShort {
            found: 2,
            columns: 4,
        },
        Problem::SideOutOfRange {
            side: SideName::Rows,
            value: 2000,
            most: 1000,
        },
        Problem::NotASide {
            side: SideName::Columns,
            found: "〇".into(),
        },
        Problem::PickTwice(3),
        Problem::PickOutOfRange,
        Problem::Size(size),
        Problem::EndsBefore(Awaited::Header),
        Problem::EndsBefore(Awaited::PuzzleType),
        Problem::EndsBefore(Awaited::Side(SideName::Rows)),
        Problem::EndsBefore(Awaited::Row { row: 2, rows: 5 }),
        Problem::NotPzprv3,
        Problem::NotGoishi("〇".into()),
        Problem::UnknownPzprv3Cell("〇".into()),
        Problem::NoPencilBoxSize,
        Problem::UnknownPencilBoxCell("〇".into()),
        Problem::NotANumber("〇".into()),
        Problem::NotAnAnswerLine,
        Problem::AnswerOffBoard {
            row: 7,
            column: 1,
            columns: 3,
            rows: 3,
        },
        Problem::TooManyRows(1000),
        Problem::Empty,
        Problem::AllRowsEmpty,
        Problem::MissingQuote,
        Problem::TextAfterQuote,
        Problem::UnknownCharacter('〇'),
        Problem::RowPastMostPoints(1000),
        Problem::Json("〇".into()),
        Problem::StoneOffBoard {
            x: 5,
            y: 0,
            width: 3,
            height: 2,
        },
        Problem::StoneTwice { x: 1, y: 0 },
        Problem::NotAGoishiLink,
        Problem::LinkWithoutSide(SideName::Columns),
        Problem::AfterLinkBody("〇".into()),
        Problem::LinkBodyTooLong {
            columns: 3,
            rows: 3,
        },
        Problem::BadLinkDigit('〇'),
    ]
}

#[test]
fn every_file_and_link_problem_reads_in_japanese_with_its_place() {
    for problem in every_problem() {
        reads_in_japanese(&problem);
        let at = ParseError::new("盤.txt", 3, 7, problem.clone());
        let [english, japanese] = in_both(&at);
        assert!(english.starts_with("盤.txt:3:7: "), "{english}");
        assert!(japanese.starts_with("盤.txt:3:7："), "{japanese}");
        let whole = ParseError::new("盤.txt", 0, 0, problem);
        let [_, japanese] = in_both(&whole);
        assert!(japanese.starts_with("盤.txt："), "{japanese}");
    }
}

#[test]
fn knight_board_tour_and_link_errors_read_in_japanese() {
    let board = BoardError::OffBoard {
        name: "z9".into(),
        width: 8,
        height: 8,
    };
    let invalid = InvalidTour::NotAKnightMove {
        step: 3,
        from: "a1".into(),
        to: "a2".into(),
    };
    let mut errors: Vec<Box<dyn Display>> = vec![
        Box::new(BoardError::EmptySide { side: Side::Width }),
        Box::new(BoardError::SideTooLong {
            side: Side::Height,
            length: 5000,
        }),
        Box::new(BoardError::NotASize { text: "〇".into() }),
        Box::new(BoardError::NotASquare { name: "〇".into() }),
        Box::new(board.clone()),
    ];
    let invalid_tours = [
        InvalidTour::OffBoard {
            step: 2,
            square: "i1".into(),
        },
        InvalidTour::Blocked {
            step: 2,
            square: "c3".into(),
        },
        InvalidTour::Revisited {
            step: 4,
            square: "c3".into(),
            first: 2,
        },
        invalid.clone(),
        InvalidTour::WrongLength {
            visited: 3,
            open: 25,
        },
        InvalidTour::NotClosed {
            last: "e5".into(),
            first: "a1".into(),
        },
        InvalidTour::Empty,
    ];
    errors.extend(invalid_tours.map(|error| Box::new(error) as Box<dyn Display>));
    let tour_files = [
        TourFileError::NotJson {
            line: 2,
            column: 5,
            message: "〇".into(),
        },
        TourFileError::BlockedOffBoard {
            at: [9, 0],
            width: 8,
            height: 8,
        },
        TourFileError::StartNotFirst { at: [1, 2] },
        TourFileError::Ragged {
            line: 3,
            squares: 4,
            expected: 5,
        },
        TourFileError::NotANumber {
            line: 3,
            square: 2,
            text: "〇".into(),
        },
        TourFileError::Repeated { number: 7 },
        TourFileError::Invalid(invalid.clone()),
    ];
    errors.extend(tour_files.map(|error| Box::new(error) as Box<dyn Display>));
    let links = [
        LinkError::NotALink,
        LinkError::UnknownField {
            column: 17,
            name: "〇".into(),
            known: "size, closed, blocked, givens",
        },
        LinkError::RepeatedField {
            column: 30,
            name: "size",
        },
        LinkError::MissingSize,
        LinkError::Board {
            column: 22,
            field: "blocked",
            error: board,
        },
        LinkError::StartBlocked { column: 40 },
        LinkError::NotAYesOrNo { column: 25 },
        LinkError::TourWithoutStart,
        LinkError::NotAMove {
            column: 50,
            found: '9',
        },
        LinkError::BadMove {
            column: 51,
            step: 2,
            problem: BadMove::LeavesTheBoard,
        },
        LinkError::BadMove {
            column: 51,
            step: 2,
            problem: BadMove::LandsOnBlocked,
        },
        LinkError::BadMove {
            column: 51,
            step: 2,
            problem: BadMove::LandsOnVisited,
        },
        LinkError::NotATour(invalid),
    ];
    errors.extend(links.iter().map(|error| {
        let opened = OpenError::Link {
            source: "盤".into(),
            error: error.clone(),
        };
        Box::new(opened) as Box<dyn Display>
    }));
    errors.extend(links.map(|error| Box::new(error) as Box<dyn Display>));
    errors.push(Box::new(OpenError::ImageWithoutData {
        source: "絵".into(),
        image: "PNG",
    }));
    for error in &errors {
        reads_in_japanese(error);
    }
}

#[test]
fn write_picture_and_checkpoint_errors_read_in_japanese() {
    let path = PathBuf::from("/数/8x8.ckpt");
    let write = |reason| WriteError {
        path: path.clone(),
        reason,
    };
    let io = || std::io::Error::other("〇");
    let mut errors: Vec<Box<dyn Display>> = vec![
        Box::new(write(WriteFailure::NotAFile)),
        Box::new(write(WriteFailure::Folder)),
        Box::new(write(WriteFailure::SpecialFile("socket"))),
        Box::new(write(WriteFailure::SpecialFile("block-device"))),
        Box::new(write(WriteFailure::NoReader)),
        Box::new(write(WriteFailure::NoFolder("/数".into()))),
        Box::new(write(WriteFailure::Io(io()))),
        Box::new(write(WriteFailure::NotFlushed(io()))),
        Box::new(NotASize { text: "〇".into() }),
        Box::new(OutputError::UnknownFormat { text: "〇".into() }),
        Box::new(OutputError::NoFormatFor { path: path.clone() }),
        Box::new(OutputError::NotForTours),
        Box::new(OutputError::NotAPicture),
    ];
    let pictures = [
        PictureError::NoCellSize,
        PictureError::TooLarge {
            width: 40_000,
            height: 40_000,
            max_side: 32_768,
            max_pixels: 400_000_000,
            largest_cell: 0,
        },
        PictureError::TooLarge {
            width: 40_000,
            height: 400,
            max_side: 32_768,
            max_pixels: 400_000_000,
            largest_cell: 30,
        },
        PictureError::AnimationTooLarge {
            width: 9000,
            height: 9000,
            max_pixels: 40_000_000,
            largest_cell: 12.5,
        },
        PictureError::NoMemory {
            width: 9000,
            height: 9000,
        },
        PictureError::Speed {
            moves_per_second: 0.0,
            least: 0.1,
            most: 1000.0,
        },
        PictureError::Encoding {
            what: "png",
            message: "〇".into(),
        },
        PictureError::Encoding {
            what: "gif",
            message: "〇".into(),
        },
        PictureError::Encoding {
            what: "pdf",
            message: "〇".into(),
        },
        PictureError::PageTooLarge {
            width: 20_000,
            height: 900,
            most: 14_400,
            largest_cell: 20,
        },
        PictureError::Frame,
        PictureError::Font("〇".into()),
    ];
    errors.extend(pictures.map(|error| Box::new(error) as Box<dyn Display>));
    let damaged = |damage| SweepFileError::Damaged {
        path: path.clone(),
        damage,
    };
    let checkpoints = [
        SweepFileError::NoScratchFile {
            directory: "/数".into(),
            error: "〇".into(),
        },
        SweepFileError::Scratch {
            path: path.clone(),
            writing: true,
            error: "〇".into(),
            disk_full: true,
        },
        SweepFileError::Scratch {
            path: path.clone(),
            writing: false,
            error: "〇".into(),
            disk_full: false,
        },
        SweepFileError::Unreadable {
            path: path.clone(),
            error: "〇".into(),
        },
        SweepFileError::NotAFile { path: path.clone() },
        SweepFileError::InUse { path: path.clone() },
        SweepFileError::NotWritable { path: path.clone() },
        SweepFileError::NotACheckpoint { path: path.clone() },
        SweepFileError::OtherCount {
            path: path.clone(),
            held: "〇".into(),
            wanted: "〇".into(),
        },
        SweepFileError::OtherVersion {
            path: path.clone(),
            description: "〇".into(),
        },
        damaged(Damage::DoesNotFit),
        damaged(Damage::EndsEarly { at: 9 }),
        damaged(Damage::BadValue { at: 9 }),
        damaged(Damage::Checksum { before: 9 }),
        damaged(Damage::StatesDoNotFill),
        damaged(Damage::ImpossibleState { at: 9 }),
        SweepFileError::NotSaved {
            error: "〇".into(),
            earlier_kept: true,
        },
    ];
    errors.extend(checkpoints.map(|error| Box::new(error) as Box<dyn Display>));
    for error in &errors {
        reads_in_japanese(error);
    }
}

#[test]
fn broken_rules_and_ratings_read_in_japanese() {
    let at = Point::new(1, 2);
    let broken = [
        Broken::NotAStone { at },
        Broken::PickedTwice { at, first: 2 },
        Broken::NotInLine {
            at,
            from: Point::new(3, 4),
        },
        Broken::Reversed {
            moving: Direction::Up,
            after: Direction::Down,
        },
        Broken::JumpedOver { stone: at },
        Broken::StonesLeft {
            count: 3,
            first: at,
        },
    ];
    for broken in broken {
        reads_in_japanese(&RuleViolation { step: 5, broken });
    }
    for level in Level::ALL {
        reads_in_japanese(&Rating {
            decisions: 3,
            traps: 4,
            hardest: 1 << 20,
            level,
        });
    }
}
