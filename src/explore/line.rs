//! The compact move list beside the board: every action of the page's
//! line (those played and those Redo would play) in the variant's
//! notation, SAN where the project writes PGN with SAN (Grand Chess,
//! Racing Kings: [`crate::record::Recorder`]), the variant's own move
//! text elsewhere (Sovereign Chess's coordinates, Three Kingdoms' turn
//! record, MONARCHIE's cells with `x` for a capture), numbered as its
//! records number them.

use serde::Serialize;

use crate::record::Recorder;
use crate::report::labels::Lang;
use crate::variant::piece_names::PieceNames;
use crate::variant::Game;

/// One action of the line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ply {
    /// The action as the engine names it.
    pub action: String,
    /// Its text in the variant's notation, with the page's piece letters.
    pub text: String,
    /// The number written before it (`1.`, `1…`, or empty for Black's
    /// move after White's in a two-party game).
    pub label: String,
    /// The party that played it (empty for an action not played).
    pub actor: String,
    /// `played`; `refused` for the first action the engine refuses under
    /// the current rulings; `unreached` for every action after it. The
    /// line is kept whole, so that switching a ruling back restores it.
    pub state: PlyState,
}

/// Whether an action of the line was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlyState {
    /// Played.
    Played,
    /// The first action the engine refuses.
    Refused,
    /// After the refused action, so not played.
    Unreached,
}

/// The line `actions` from `start` in the variant's notation. Every action
/// is in it: those after the first one the engine refuses are written as
/// given and marked ([`PlyState`]).
pub fn notation_line(start: &dyn Game, actions: &[String], lang: Lang) -> Vec<Ply> {
    let mut played: Vec<(String, String, String)> = Vec::new();
    match Recorder::new(start) {
        Ok(mut recorder) => {
            for action in actions {
                if recorder.play(action).is_err() {
                    break;
                }
            }
            for ((action, text), actor) in recorder
                .actions()
                .iter()
                .zip(recorder.sans())
                .zip(recorder.actors())
            {
                played.push((action.clone(), text.clone(), actor.clone()));
            }
        }
        Err(_) => {
            let mut game = start.boxed_clone();
            for action in actions {
                // Named before it is played (MONARCHIE writes a capture
                // `5x150`: [`Game::move_label`]).
                let shown = game.move_label(action);
                let Ok(report) = game.play(action) else {
                    break;
                };
                played.push((report.action, shown, report.actor));
            }
        }
    }
    let info = start.info();
    let first = info.parties.first().map(|party| party.key);
    let pairs = info.parties.len() == 2;
    let mut round = 0;
    let count = played.len();
    let mut line: Vec<Ply> = played
        .into_iter()
        .enumerate()
        .map(|(index, (action, text, actor))| {
            let label = if !pairs {
                format!("{}.", index + 1)
            } else if Some(actor.as_str()) == first {
                round += 1;
                format!("{round}.")
            } else if index == 0 {
                round = 1;
                "1…".to_string()
            } else {
                String::new()
            };
            Ply {
                text: letters(&text, info.pieces, lang),
                action,
                label,
                actor,
                state: PlyState::Played,
            }
        })
        .collect();
    line.extend(
        actions
            .iter()
            .enumerate()
            .skip(count)
            .map(|(index, action)| Ply {
                action: action.clone(),
                text: action.clone(),
                label: if pairs {
                    String::new()
                } else {
                    format!("{}.", index + 1)
                },
                actor: String::new(),
                state: if index == count {
                    PlyState::Refused
                } else {
                    PlyState::Unreached
                },
            }),
    );
    line
}

/// A move text with its promotion letter (`=Q`) in the page's language,
/// from the variant's piece data (MONARCHIE in German: `=D`).
pub fn letters(text: &str, pieces: &'static [PieceNames], lang: Lang) -> String {
    let Some((body, letter)) = text.rsplit_once('=') else {
        return text.to_string();
    };
    let mut chars = letter.chars();
    let (Some(first), rest) = (chars.next(), chars.as_str()) else {
        return text.to_string();
    };
    let Some(names) = pieces.iter().find(|names| names.en.letter == first) else {
        return text.to_string();
    };
    let shown = match lang {
        Lang::De => names.de.letter,
        Lang::En => names.en.letter,
    };
    format!("{body}={shown}{rest}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::piece_names::{CHESS, MONARCHIE};
    use crate::variant::{open, VariantId};

    #[test]
    fn a_promotion_reads_with_the_page_letters() {
        assert_eq!(letters("200-230=Q", &MONARCHIE, Lang::De), "200-230=D");
        assert_eq!(letters("200-230=N", &MONARCHIE, Lang::De), "200-230=P");
        assert_eq!(letters("200-230=Q", &MONARCHIE, Lang::En), "200-230=Q");
        assert_eq!(letters("e7e8=Q+", &CHESS, Lang::De), "e7e8=D+");
        assert_eq!(letters("16-28", &MONARCHIE, Lang::De), "16-28");
    }

    #[test]
    fn grand_chess_reads_in_san_numbered_by_moves() {
        let game = open(VariantId::Grand, None, &[]).expect("start");
        let moves = game.legal_moves();
        let first = moves
            .iter()
            .find(|mv| mv.starts_with('e'))
            .expect("a move")
            .clone();
        let mut after = game.boxed_clone();
        after.play(&first).expect("legal");
        let second = after.legal_moves()[0].clone();
        let line = notation_line(game.as_ref(), &[first.clone(), second], Lang::En);
        assert_eq!(line.len(), 2);
        assert_eq!(line[0].label, "1.");
        assert_eq!(line[1].label, "");
        // SAN drops the from-square of a pawn move: `e4`, not `e3e4`.
        assert_ne!(line[0].text, first);
        assert_eq!(line[0].action, first);
        assert!(!line[0].text.contains(&first[..2]), "{:?}", line[0]);
    }

    #[test]
    fn monarchie_numbers_each_action_and_keeps_the_line_past_a_refusal() {
        let game = open(VariantId::Monarchie, None, &[]).expect("start");
        let first = game.legal_moves()[0].clone();
        let line = notation_line(
            game.as_ref(),
            &[first.clone(), "1-1".to_string(), first.clone()],
            Lang::De,
        );
        let states: Vec<PlyState> = line.iter().map(|ply| ply.state).collect();
        assert_eq!(
            states,
            [PlyState::Played, PlyState::Refused, PlyState::Unreached]
        );
        assert_eq!(line[0].label, "1.");
        assert_eq!(line[0].text, first);
        assert_eq!(line[1].label, "2.");
        assert_eq!(line[1].action, "1-1");
        assert_eq!(line[2].action, first);
    }
}
