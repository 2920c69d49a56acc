//! Parsers of arguments that several subcommands take.

use gridtour::level::Level;
use gridtour::placed::quoted;
use gridtour::tr;

/// Parses a difficulty level by its name.
pub(super) fn parse_level(text: &str) -> Result<Level, String> {
    Level::ALL
        .into_iter()
        .find(|level| level.name() == text)
        .ok_or_else(|| tr!("cli-bad-level", value = quoted(text)))
}

/// Parses `10x10` into (width, height).
pub(super) fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || tr!("cli-bad-size", value = quoted(text));
    let (width, height) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((
        width.trim().parse().map_err(|_| bad())?,
        height.trim().parse().map_err(|_| bad())?,
    ))
}

/// Parses `--limit`: a count that stops at 0 solutions would say nothing.
pub(super) fn parse_limit(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(limit) if limit > 0 => Ok(limit),
        _ => Err(tr!("cli-bad-limit", value = quoted(text))),
    }
}
