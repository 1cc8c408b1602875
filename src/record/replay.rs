//! Replaying a PGN game on the reference: the variant from the `Variant`
//! tag, the start from `FEN` (with `SetUp "1"`), every move resolved
//! against the legal moves and played, its `+`/`#` checked, and the result
//! tag compared with where the game stands at the end.

use std::fmt;

use crate::variant::{self, Game, RecordFormat, Status, VariantId};

use super::pgn::{Outcome, PgnGame};
use super::san::{claim_holds, resolve, san_body, suffix};
use super::RecordError;

/// The variant a `Variant` tag names.
///
/// # Errors
/// No tag (standard chess), or a variant the oracle does not cover.
pub fn variant_of(tag: Option<&str>) -> Result<VariantId, RecordError> {
    let Some(tag) = tag else {
        return Err(RecordError::NoVariantTag);
    };
    let key: String = tag
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    let Some(variant) = VariantId::ALL
        .into_iter()
        .find(|v| variant::info(*v).record.answers_to(*v, &key))
    else {
        return Err(RecordError::UnknownPgnVariant {
            tag: tag.to_string(),
        });
    };
    let record = &variant::info(variant).record;
    match record.format {
        RecordFormat::PgnSan(_) | RecordFormat::PgnCoordinates => Ok(variant),
        RecordFormat::Journal => Err(RecordError::JournalNotPgn { name: record.name }),
        RecordFormat::TurnRecord => Err(RecordError::TooManyPlayersForPgn {
            name: record.name,
            players: number_word(variant::info(variant).parties.len()),
        }),
    }
}

/// A small count in words, for messages.
fn number_word(count: usize) -> String {
    match count {
        3 => "three".to_string(),
        4 => "four".to_string(),
        5 => "five".to_string(),
        6 => "six".to_string(),
        _ => count.to_string(),
    }
}

/// The `Variant` tag values of the variants recorded in PGN, quoted.
pub(super) fn pgn_variant_names() -> String {
    VariantId::ALL
        .into_iter()
        .filter(|v| {
            matches!(
                variant::info(*v).record.format,
                RecordFormat::PgnSan(_) | RecordFormat::PgnCoordinates
            )
        })
        .map(|v| format!("\"{}\"", variant_tag(v)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `Variant` tag value regelwerk writes.
pub fn variant_tag(variant: VariantId) -> &'static str {
    variant::info(variant).record.name
}

/// The PGN result of a status: the sole winner's side, a draw, or `*`.
pub fn outcome_of(status: &Status) -> Outcome {
    match status {
        Status::Won { .. } => match status.sole_winner() {
            // Sovereign Chess's player 1 starts as White, player 2 as Black.
            Some("white" | "player1") => Outcome::WhiteWins,
            Some("black" | "player2") => Outcome::BlackWins,
            _ => Outcome::Unknown,
        },
        Status::Drawn { .. } => Outcome::Draw,
        Status::Ongoing => Outcome::Unknown,
    }
}

/// A replayed game.
pub struct Replayed {
    /// The variant.
    pub variant: VariantId,
    /// The start position (FEN).
    pub start: String,
    /// The moves in coordinates.
    pub actions: Vec<String>,
    /// The moves in SAN as regelwerk writes them (with suffixes).
    pub sans: Vec<String>,
    /// The game after the last move.
    pub game: Box<dyn Game>,
    /// How the result tag was accepted, in a sentence.
    pub result: String,
}

/// The first point where a PGN game and the rules disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discrepancy {
    /// The 1-based line of the file.
    pub line: usize,
    /// The move as PGN numbers it (`12.` or `12...`), with its text; or
    /// `header`, `result`.
    pub at: String,
    /// What is wrong.
    pub message: String,
    /// The position where it happened (FEN), if a game was set up.
    pub position: Option<String>,
}

impl fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}: {}", self.line, self.at, self.message)?;
        if let Some(fen) = &self.position {
            write!(f, "\n  position: {fen}")?;
        }
        Ok(())
    }
}

/// The side to move and the fullmove number of a FEN.
pub fn fen_move_number(fen: &str) -> (bool, u32) {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    // Sovereign Chess writes the side to move as 1/2 and the move number
    // as the seventh field.
    let numbered = matches!(fields.get(1), Some(&"1" | &"2"));
    let black = matches!(fields.get(1), Some(&"b" | &"2"));
    let at = if numbered { 6 } else { 5 };
    let number = fields.get(at).and_then(|n| n.parse().ok()).unwrap_or(1);
    (black, number)
}

/// Replays `pgn` on the reference.
///
/// Accepted results: when the game is over on the board, only its result
/// (`1-0`, `0-1`, `1/2-1/2`); when it goes on, `*`, and `1/2-1/2` when a
/// draw may be claimed in the final position (threefold repetition or the
/// fifty-move rule: python-chess ends games by fivefold repetition and the
/// 75-move rule, which imply both); any result when a `Termination` tag
/// says how the game ended off the board (resignation, time,
/// adjudication, agreement). The result tag and the movetext marker must
/// agree, and a `PlyCount` tag must count the moves.
///
/// # Errors
/// The first [`Discrepancy`].
pub fn replay(pgn: &PgnGame) -> Result<Replayed, Discrepancy> {
    let header = |message: String| Discrepancy {
        line: pgn.line,
        at: "header".to_string(),
        message,
        position: None,
    };
    let variant = variant_of(pgn.tag("Variant")).map_err(|error| header(error.to_string()))?;
    let fen = pgn.tag("FEN");
    if fen.is_some() && pgn.tag("SetUp").is_some_and(|s| s != "1") {
        return Err(header(
            "a [FEN] tag with [SetUp] other than \"1\"".to_string(),
        ));
    }
    let rulings: Vec<String> = pgn
        .tag(super::RULINGS_TAG)
        .map(|text| text.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    variant::open(variant, None, &rulings)
        .map_err(|e| header(format!("[{}]: {e}", super::RULINGS_TAG)))?;
    let mut game =
        variant::open(variant, fen, &rulings).map_err(|e| header(format!("[FEN]: {e}")))?;
    let start = game.position_text();
    let (mut black, mut number) = fen_move_number(&start);
    let mut actions = Vec::new();
    let mut sans = Vec::new();
    for token in &pgn.moves {
        let at = format!("{number}{} {}", if black { "..." } else { "." }, token.text);
        let before = game.position_text();
        let fail = |message: String| Discrepancy {
            line: token.line,
            at: at.clone(),
            message,
            position: Some(before.clone()),
        };
        if game.status().is_over() {
            return Err(fail(format!(
                "the game is already over ({}), no move may follow",
                game.status()
            )));
        }
        let resolved =
            resolve(game.as_ref(), &token.text).map_err(|error| fail(error.to_string()))?;
        let body =
            san_body(game.as_ref(), &resolved.action).map_err(|error| fail(error.to_string()))?;
        let report = game
            .play(&resolved.action)
            .map_err(|refusal| fail(format!("refused: {refusal}")))?;
        if !claim_holds(resolved.claim, &report) {
            return Err(fail(format!(
                "the move is marked `{}` but {}",
                token.text.chars().last().unwrap_or(' '),
                if report.checks.is_empty() {
                    "gives no check".to_string()
                } else {
                    format!("the game is {}", report.status)
                }
            )));
        }
        sans.push(format!("{body}{}", suffix(&report)));
        actions.push(resolved.action);
        if black {
            number += 1;
        }
        black = !black;
    }
    let end_line = pgn.moves.last().map_or(pgn.line, |m| m.line);
    let result_error = |message: String| Discrepancy {
        line: end_line,
        at: "result".to_string(),
        message,
        position: Some(game.position_text()),
    };
    let tag = match pgn.tag("Result") {
        Some(text) => Outcome::from_marker(text).ok_or_else(|| {
            result_error(format!(
                "[Result \"{text}\"] is no result (expected 1-0, 0-1, 1/2-1/2 or *)"
            ))
        })?,
        None => pgn.outcome,
    };
    if tag != pgn.outcome {
        return Err(result_error(format!(
            "[Result \"{tag}\"] but the movetext ends in {}",
            pgn.outcome
        )));
    }
    if let Some(count) = pgn.tag("PlyCount") {
        if count.parse::<usize>().ok() != Some(actions.len()) {
            return Err(result_error(format!(
                "[PlyCount \"{count}\"] but the game has {} moves",
                actions.len()
            )));
        }
    }
    let status = game.status();
    let board = outcome_of(&status);
    let result = if status.is_over() {
        if tag != board {
            return Err(result_error(format!(
                "the result is {tag} but the game is {status} ({board})"
            )));
        }
        format!("{tag}, {status}")
    } else if tag == Outcome::Unknown {
        "*, the game goes on".to_string()
    } else if tag == Outcome::Draw && game.special_actions().iter().any(|a| a == "claim") {
        format!("{tag}, a draw may be claimed in the final position")
    } else if let Some(termination) = pgn.tag("Termination") {
        format!("{tag}, ended off the board ([Termination \"{termination}\"])")
    } else {
        return Err(result_error(format!(
            "the result is {tag} but the game goes on ({} to move); \
             a game ended by resignation, time or adjudication needs a [Termination] tag",
            game.to_move().unwrap_or_default()
        )));
    };
    Ok(Replayed {
        variant,
        start,
        actions,
        sans,
        game,
        result,
    })
}
