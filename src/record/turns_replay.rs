//! Replaying a turn record ([`super::turns`]) on the reference: the
//! variant and start from the headers, each turn's party checked against
//! the rules' order of play, its action played, the events it caused
//! compared with the ones written, and the `result` header compared with
//! where the game stands at the end.

use crate::variant::{self, Game, RecordFormat, VariantId};

use super::replay::{Discrepancy, Replayed};
use super::turns::{events_text, RecordResult, TurnRecord};
use super::RecordError;

/// The variant a `variant` header names: one with more than two parties
/// that is not MONARCHIE.
///
/// # Errors
/// Any other name, with the expected ones.
pub fn variant_of(name: &str) -> Result<VariantId, RecordError> {
    let recorded: Vec<VariantId> = VariantId::ALL
        .into_iter()
        .filter(|v| uses_turn_record(*v))
        .collect();
    let expected = recorded
        .iter()
        .map(|v| v.name())
        .collect::<Vec<_>>()
        .join(", ");
    match VariantId::ALL.into_iter().find(|v| v.name() == name) {
        Some(v) if matches!(variant::info(v).record.format, RecordFormat::Journal) => {
            Err(RecordError::JournalNotTurnRecord {
                name: variant::info(v).record.name,
                expected,
            })
        }
        Some(v) if !uses_turn_record(v) => Err(RecordError::TwoPlayers {
            variant: v.to_string(),
            expected,
        }),
        Some(v) => Ok(v),
        None => Err(RecordError::UnknownVariant {
            name: name.to_string(),
            expected,
        }),
    }
}

/// Whether `variant`'s games are kept as turn records (its registry entry
/// says so: games of more than two players other than MONARCHIE's, whose
/// record is the clause-17 journal).
pub fn uses_turn_record(variant: VariantId) -> bool {
    matches!(
        variant::info(variant).record.format,
        RecordFormat::TurnRecord
    )
}

/// Opens the game a record starts from.
fn open(record: &TurnRecord, variant: VariantId) -> Result<Box<dyn Game>, Discrepancy> {
    let header = |line: usize, field: &str, message: String| Discrepancy {
        line,
        at: field.to_string(),
        message,
        position: None,
    };
    let rulings = record
        .rulings
        .as_ref()
        .map(|r| r.value.clone())
        .unwrap_or_default();
    if let Some(line) = &record.rulings {
        variant::open(variant, None, &rulings)
            .map_err(|e| header(line.line, "rulings", e.to_string()))?;
    }
    let info = variant::info(variant);
    let start = &record.start;
    if info.starts.contains(&start.value.as_str()) {
        variant::open_start(variant, &start.value, &rulings)
    } else {
        variant::open(variant, Some(&start.value), &rulings)
    }
    .map_err(|e| {
        header(
            start.line,
            "start",
            format!(
                "{e} (expected {} or a position text)",
                info.starts.join(" or ")
            ),
        )
    })
}

/// Checks the `party` headers: none, or one per party in party order.
fn check_seats(record: &TurnRecord, game: &dyn Game) -> Result<(), Discrepancy> {
    if record.seats.is_empty() {
        return Ok(());
    }
    let parties: Vec<&str> = game.info().parties.iter().map(|p| p.key).collect();
    let written: Vec<&str> = record
        .seats
        .iter()
        .map(|s| s.value.party.as_str())
        .collect();
    if written != parties {
        let line = record.seats[0].line;
        return Err(Discrepancy {
            line,
            at: "party".to_string(),
            message: format!(
                "the party headers name {} (expected one per party, in order: {})",
                written.join(", "),
                parties.join(", ")
            ),
            position: None,
        });
    }
    Ok(())
}

/// Replays one game of a turn record.
///
/// # Errors
/// The first [`Discrepancy`]: a header the reference cannot open, a turn
/// by the wrong party, an illegal action, events other than the rules
/// give, a turn after the end, or a `result` the final position does not
/// have.
pub fn replay(record: &TurnRecord) -> Result<Replayed, Discrepancy> {
    let variant = variant_of(&record.variant.value).map_err(|message| Discrepancy {
        line: record.variant.line,
        at: "variant".to_string(),
        message: message.to_string(),
        position: None,
    })?;
    let mut game = open(record, variant)?;
    check_seats(record, game.as_ref())?;
    let start = game.position_text();
    let mut actions = Vec::new();
    let mut texts = Vec::new();
    for turn in &record.turns {
        let before = game.position_text();
        let fail = |message: String| Discrepancy {
            line: turn.line,
            at: format!("turn {} ({} {})", turn.number, turn.party, turn.action),
            message,
            position: Some(before.clone()),
        };
        let Some(mover) = game.to_move() else {
            return Err(fail(format!(
                "the game is already over ({}), no turn may follow",
                game.status()
            )));
        };
        if turn.party != mover {
            return Err(fail(format!(
                "the record names {} but the rules put {mover} to act",
                turn.party
            )));
        }
        let canonical = game
            .canonical_action(&turn.action)
            .map_err(|error| fail(error.to_string()))?;
        if !game.legal_moves().contains(&canonical) && !game.special_actions().contains(&canonical)
        {
            return Err(fail(format!(
                "`{}` is not a legal action of {mover} here",
                turn.action
            )));
        }
        let report = game
            .play(&canonical)
            .map_err(|refusal| fail(format!("refused: {refusal}")))?;
        let events = events_text(&report);
        if events != turn.events {
            let shown = |text: &str| {
                if text.is_empty() {
                    "no events".to_string()
                } else {
                    format!("`{text}`")
                }
            };
            return Err(fail(format!(
                "the record notes {} but the rules give {}",
                shown(&turn.events),
                shown(&events)
            )));
        }
        texts.push(canonical.clone());
        actions.push(canonical);
    }
    let status = game.status();
    let board = RecordResult::of(&status);
    if board != record.result.value {
        return Err(Discrepancy {
            line: record.result.line,
            at: "result".to_string(),
            message: format!(
                "the record says `{}` but after {} turns the game is `{board}`",
                record.result.value,
                actions.len()
            ),
            position: Some(game.position_text()),
        });
    }
    Ok(Replayed {
        variant,
        start,
        actions,
        sans: texts,
        game,
        result: board.to_string(),
    })
}
