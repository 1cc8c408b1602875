//! From a difference to its cause (`fuzz --engine`, `fuzz --uci`): the
//! fields in which two outcomes differ, each named (a field of the
//! position text by the variant's own name for it), and, for every move
//! that only one side lists, the kind of piece that moves and the
//! reference's reason: its refusal code, or "legal here".

use serde_json::Value;

use crate::conform::difffuzz::{Divergence, DivergentGame};
use crate::variant::{self, Game};

/// One field in which the reference's outcome and the engine's differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldDifference {
    /// The field: `result`, a report field (`status`, `next`), or a field
    /// of the position text (`position (en passant)`).
    pub field: String,
    /// The reference's value.
    pub reference: String,
    /// The engine's value.
    pub engine: String,
}

impl std::fmt::Display for FieldDifference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: reference {}, engine {}",
            self.field, self.reference, self.engine
        )
    }
}

/// A value as a message shows it: a text in backticks, anything else as
/// compact JSON, a missing value as `(absent)`.
fn shown(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => "(absent)".to_string(),
        Some(Value::String(text)) => format!("`{text}`"),
        Some(other) => other.to_string(),
    }
}

/// The fields of two position texts that differ, named by `names` (the
/// variant's field names; `field N` past them).
fn position_differences(ours: &str, theirs: &str, names: &[&str]) -> Vec<FieldDifference> {
    let (ours, theirs): (Vec<&str>, Vec<&str>) =
        (ours.split(' ').collect(), theirs.split(' ').collect());
    (0..ours.len().max(theirs.len()))
        .filter(|&index| ours.get(index) != theirs.get(index))
        .map(|index| {
            let name = names
                .get(index)
                .map(|name| name.to_string())
                .unwrap_or_else(|| format!("field {}", index + 1));
            let field = |text: Option<&&str>| match text {
                Some(text) => format!("`{text}`"),
                None => "(absent)".to_string(),
            };
            FieldDifference {
                field: format!("position ({name})"),
                reference: field(ours.get(index)),
                engine: field(theirs.get(index)),
            }
        })
        .collect()
}

/// The fields in which two outcomes differ: `expected` is the
/// reference's, `actual` the engine's, both the JSON the fuzzer compares
/// (an action result with its `report`, or the flat map of the fields a
/// UCI engine answers). A report field is named alone (`status`); a
/// position text is split into its fields, named by `names`. A text that
/// is not JSON is one difference, `outcome`.
pub fn outcome_differences(expected: &str, actual: &str, names: &[&str]) -> Vec<FieldDifference> {
    let read = |text: &str| serde_json::from_str::<Value>(text).ok();
    let (Some(ours), Some(theirs)) = (read(expected), read(actual)) else {
        return vec![FieldDifference {
            field: "outcome".to_string(),
            reference: expected.to_string(),
            engine: actual.to_string(),
        }];
    };
    let keys = |value: &Value| -> Vec<String> {
        value
            .as_object()
            .map(|map| map.keys().cloned().collect())
            .unwrap_or_default()
    };
    let mut differences = Vec::new();
    for (ours, theirs) in [(&ours, &theirs), (&ours["report"], &theirs["report"])] {
        let mut all: Vec<String> = keys(ours).into_iter().chain(keys(theirs)).collect();
        all.sort();
        all.dedup();
        for key in all.iter().filter(|key| *key != "report") {
            let (mine, other) = (ours.get(key), theirs.get(key));
            if mine == other {
                continue;
            }
            match (mine, other) {
                (Some(Value::String(mine)), Some(Value::String(other))) if key == "position" => {
                    differences.extend(position_differences(mine, other, names));
                }
                _ => differences.push(FieldDifference {
                    field: key.clone(),
                    reference: shown(mine),
                    engine: shown(other),
                }),
            }
        }
    }
    // The report repeats the result's position: one difference is named
    // once.
    let mut seen = Vec::new();
    differences.retain(|difference| {
        let new = !seen.contains(difference);
        if new {
            seen.push(difference.clone());
        }
        new
    });
    differences
}

/// Which side lists a move that the other does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lister {
    /// The reference lists it, the engine does not.
    Missing,
    /// The engine lists it, the reference does not.
    Unexpected,
}

/// Why a move is on one list only: the kind of piece that moves and the
/// reference's answer about it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct MoveCause {
    /// Which side lists it.
    pub lister: Lister,
    /// The kind of the moving piece (`king`, `pawn`), `no piece` for an
    /// empty origin, or `action` for a text without squares.
    pub piece: String,
    /// The kind of special move it is (`castling`, `defection`), named
    /// apart from the piece's ordinary moves; `None` for an ordinary move.
    pub special: Option<String>,
    /// The reference's answer: its refusal code, or `legal here`.
    pub reason: String,
    /// One such move, the shortest text of the game's.
    pub example: String,
}

impl MoveCause {
    /// The cause without its example, the key a summary groups by:
    /// `unexpected king move (reference: leaves-king-in-check)`, or, for a
    /// special move, `missing king castling (reference: legal here)`.
    pub fn label(&self) -> String {
        let side = match self.lister {
            Lister::Missing => "missing",
            Lister::Unexpected => "unexpected",
        };
        let what = match &self.special {
            Some(kind) => format!("{} {kind}", self.piece),
            None => format!("{} move", self.piece),
        };
        format!("{side} {what} (reference: {})", self.reason)
    }
}

impl std::fmt::Display for MoveCause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, e.g. `{}`", self.label(), self.example)
    }
}

/// The kind of the piece that `mv` moves in `game` (the last word of its
/// occupant, `white king` gives `king`).
pub(crate) fn piece_kind(game: &dyn Game, mv: &str) -> String {
    let Some((from, _)) = game.move_squares(mv) else {
        return "action".to_string();
    };
    match game.occupant(&from) {
        Ok(occupant) if occupant != "empty" => occupant
            .split_whitespace()
            .last()
            .unwrap_or("piece")
            .to_string(),
        _ => "no piece".to_string(),
    }
}

/// Asks the reference about every move of a moves or perft difference
/// that only one side lists: the moving piece's kind and the reference's
/// reason (the refusal code of a move the engine lists, or `legal here`
/// for one the reference lists). One entry per kind, side and reason, with
/// its shortest move; empty for other differences.
pub fn move_causes(game: &DivergentGame) -> Vec<MoveCause> {
    let (reference, missing, unexpected) = match &game.divergence {
        Divergence::Moves {
            missing,
            unexpected,
        } => {
            let Ok(mut reference) = variant::open(game.variant, Some(&game.start), &game.rulings)
            else {
                return Vec::new();
            };
            for action in &game.actions {
                let _ = reference.play(action);
            }
            (reference, missing, unexpected)
        }
        Divergence::Perft {
            position,
            missing,
            unexpected,
            ..
        } => match variant::open(game.variant, Some(position), &game.rulings) {
            Ok(reference) => (reference, missing, unexpected),
            Err(_) => return Vec::new(),
        },
        _ => return Vec::new(),
    };
    let mut causes: Vec<MoveCause> = Vec::new();
    let sides = [(Lister::Missing, missing), (Lister::Unexpected, unexpected)];
    for (lister, moves) in sides {
        for mv in moves {
            let reason = match reference.accepts(mv) {
                Ok(()) => "legal here".to_string(),
                Err(refusal) => refusal.code.to_string(),
            };
            let cause = MoveCause {
                lister,
                piece: piece_kind(reference.as_ref(), mv),
                special: reference.special_move_kind(mv).map(str::to_string),
                reason,
                example: mv.clone(),
            };
            match causes
                .iter_mut()
                .find(|known| known.label() == cause.label())
            {
                Some(known)
                    if (cause.example.len(), &cause.example)
                        < (known.example.len(), &known.example) =>
                {
                    known.example = cause.example;
                }
                Some(_) => {}
                None => causes.push(cause),
            }
        }
    }
    causes.sort();
    causes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantId;

    #[test]
    fn a_position_field_is_named_and_shown_alone() {
        let names = variant::info(VariantId::Grand).position_fields;
        let expected =
            r#"{"result":"legal","position":"a b c d4 0 1","report":{"next":"black","checks":[]}}"#;
        let actual =
            r#"{"result":"legal","position":"a b c - 0 1","report":{"next":"black","checks":[]}}"#;
        let found = outcome_differences(expected, actual, names);
        assert_eq!(
            found,
            vec![FieldDifference {
                field: "position (en passant)".to_string(),
                reference: "`d4`".to_string(),
                engine: "`-`".to_string(),
            }]
        );
        assert_eq!(
            found[0].to_string(),
            "position (en passant): reference `d4`, engine `-`"
        );
    }

    #[test]
    fn report_fields_are_named_and_missing_ones_shown_absent() {
        let expected = r#"{"result":"legal","position":"p","report":{"next":"black","status":{"result":"ongoing"}}}"#;
        let actual = r#"{"result":"legal","position":"p","report":{"status":{"result":"drawn"}}}"#;
        let found: Vec<String> = outcome_differences(expected, actual, &[])
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            found,
            vec![
                "next: reference `black`, engine (absent)".to_string(),
                r#"status: reference {"result":"ongoing"}, engine {"result":"drawn"}"#.to_string(),
            ]
        );
        // Past the variant's names, a field is numbered from 1.
        let found = outcome_differences(r#"{"position":"a b"}"#, r#"{"position":"a c x"}"#, &[]);
        assert_eq!(found[0].field, "position (field 2)");
        assert_eq!(found[1].engine, "`x`");
    }

    #[test]
    fn every_variant_names_its_position_fields() {
        for id in VariantId::ALL {
            let game = variant::open(id, None, &[]).unwrap_or_else(|e| panic!("{id}: {e}"));
            let fields = game.position_text().split(' ').count();
            // Sovereign's reader takes an optional seventh field, the move
            // number, that its writer leaves out.
            let names = variant::info(id).position_fields.len();
            assert!(
                (fields..=fields + 1).contains(&names),
                "{id}: {names} names, {fields} fields"
            );
        }
    }

    #[test]
    fn moves_on_one_list_only_are_asked_why() {
        let reference = variant::open(VariantId::Racingkings, None, &[]).expect("the start");
        let listed = reference.legal_moves();
        // White to move. g2 holds a white rook, so the king on h2 may not
        // go there; a1 holds Black's queen, not White's to move. The
        // first listed move is legal here.
        let game = DivergentGame {
            variant: VariantId::Racingkings,
            rulings: Vec::new(),
            seed: 1,
            start: reference.position_text(),
            actions: Vec::new(),
            diverging_action: None,
            divergence: Divergence::Moves {
                missing: vec![listed[0].clone()],
                unexpected: vec!["h2g2".to_string(), "a1a3".to_string()],
            },
            played: 0,
            game: None,
        };
        let labels: Vec<String> = move_causes(&game).iter().map(MoveCause::label).collect();
        let missing = format!(
            "missing {} move (reference: legal here)",
            piece_kind(reference.as_ref(), &listed[0])
        );
        let mut wanted = vec![
            missing,
            "unexpected king move (reference: own-piece-on-target)".to_string(),
            "unexpected queen move (reference: not-your-piece)".to_string(),
        ];
        wanted.sort();
        assert_eq!(labels, wanted);
    }

    #[test]
    fn castling_and_defection_are_named_apart_from_king_moves() {
        // Player 1 holds navy and, through the navy knight on the pink
        // square i6, pink: its white king may defect to navy, and after
        // that castle with the pink rook on c1.
        let start = "15bk/16/16/16/16/16/16/16/16/16/8nn7/4wp11/16/16/16/2pr5wk7 1 w b C 0";
        let labels = |actions: &[&str], missing: &str| {
            let game = DivergentGame {
                variant: VariantId::Sovereign,
                rulings: Vec::new(),
                seed: 1,
                start: start.to_string(),
                actions: actions.iter().map(|a| a.to_string()).collect(),
                diverging_action: None,
                divergence: Divergence::Moves {
                    missing: vec![missing.to_string()],
                    unexpected: Vec::new(),
                },
                played: 0,
                game: None,
            };
            move_causes(&game)
                .iter()
                .map(MoveCause::label)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            labels(&[], "K=n"),
            vec!["missing king defection (reference: legal here)".to_string()]
        );
        assert_eq!(
            labels(&["K=n", "p16p15"], "O-g1"),
            vec!["missing king castling (reference: legal here)".to_string()]
        );
        assert_eq!(
            labels(&[], "i1h1"),
            vec!["missing king move (reference: legal here)".to_string()]
        );
    }
}
