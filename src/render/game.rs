//! A diagram of any variant's game, drawn through the game interface
//! ([`Game`]) on the board its [`crate::variant::VariantInfo`] supplies:
//! the pieces, arrows for moves, dots on the legal targets of one piece,
//! rings on kings in check, any party at the bottom.

use crate::variant::Game;

use super::legend::Letters;
use super::RenderError;

use crate::draw::{self, party_style, ArrowKind, Marks, PieceMark};

/// What to draw on top of a game's position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameDiagram {
    /// The party at the bottom (the variant's reference view when `None`).
    pub bottom: Option<String>,
    /// Moves drawn as arrows, in the variant's notation.
    pub arrows: Vec<String>,
    /// Moves drawn as arrows of their own kind (the explorer: green for a
    /// move a ruling adds, red dashed for one it takes away).
    pub kind_arrows: Vec<(String, ArrowKind)>,
    /// Dots on the legal targets of the piece on this square.
    pub moves_of: Option<String>,
    /// Leave the places' labels (cell numbers) out.
    pub no_labels: bool,
    /// A caption.
    pub caption: Option<String>,
    /// Which letters the pieces carry.
    pub letters: Letters,
}

/// The pieces of `game` as drawing marks, with the notation's letters.
pub fn piece_marks(game: &dyn Game) -> Vec<PieceMark> {
    piece_marks_in(game, Letters::English)
}

/// The pieces of `game` as drawing marks with `letters`.
pub fn piece_marks_in(game: &dyn Game, letters: Letters) -> Vec<PieceMark> {
    let info = game.info();
    game.pieces()
        .into_iter()
        .filter_map(|(at, occupant)| {
            let words: Vec<&str> = occupant.split_whitespace().collect();
            let (dead, owner, kind) = match words.as_slice() {
                ["dead", owner, kind] => (true, *owner, *kind),
                [owner, kind] => (false, *owner, *kind),
                _ => return None,
            };
            let index = info.party_index(owner).unwrap_or(0);
            let mut style = party_style(owner, index);
            style.letter = super::legend::party_letter(info, letters, owner);
            Some(PieceMark {
                at,
                letter: letters.of(info.pieces, kind),
                style,
                dead,
            })
        })
        .collect()
}

/// The squares of the kings of the parties in check. Where a variant's
/// pieces are owned by armies rather than parties (Sovereign Chess), its
/// `king_colours` state field says which army's king is the party's.
pub fn check_squares(game: &dyn Game) -> Vec<String> {
    let pieces = game.pieces();
    let king_colours = game.state_field("king_colours");
    game.in_check()
        .into_iter()
        .filter_map(|party| {
            // The king (of the party's army, in Sovereign Chess), or the
            // general of Three Kingdoms Xiangqi.
            let army = king_colours
                .as_ref()
                .and_then(|colours| colours.get(&party))
                .and_then(|colour| colour.as_str())
                .map_or(party.clone(), str::to_string);
            let king = format!("{army} king");
            let general = format!("{party} general");
            pieces
                .iter()
                .find(|(_, occupant)| *occupant == king || *occupant == general)
                .map(|(at, _)| at.clone())
        })
        .collect()
}

/// The SVG of `game`'s position with `diagram`'s marks.
///
/// # Errors
/// [`RenderError`] when an arrow or the `moves_of` square is not the
/// variant's.
pub fn render_game(game: &dyn Game, diagram: &GameDiagram) -> Result<String, RenderError> {
    let info = game.info();
    let mut board = (info.board)(diagram.bottom.as_deref());
    side_notes(game, &mut board, diagram.letters);
    if diagram.letters == Letters::German {
        // A board's own names ("Wei (blue)") with the colour in German.
        for (_, _, text) in &mut board.edge_labels {
            *text = german_colour_in_brackets(text);
        }
    }
    let mut marks = Marks {
        labels: !diagram.no_labels,
        caption: diagram.caption.clone(),
        checks: check_squares(game),
        ..Marks::default()
    };
    for text in &diagram.arrows {
        let (from, to) = game.move_squares(text).ok_or_else(|| {
            RenderError::Variant(format!("'{text}' is not a move of {}", info.title))
        })?;
        marks.arrows.push((from, to, ArrowKind::Move));
    }
    for (text, kind) in &diagram.kind_arrows {
        let (from, to) = game.move_squares(text).ok_or_else(|| {
            RenderError::Variant(format!("'{text}' is not a move of {}", info.title))
        })?;
        marks.arrows.push((from, to, *kind));
    }
    if let Some(square) = &diagram.moves_of {
        let name = (info.square)(square)?;
        if game.occupant(&name)? == "empty" {
            return Err(RenderError::Variant(format!(
                "--moves-of {name}: the square is empty, so there are no moves to show"
            )));
        }
        for mv in game.legal_moves_from(&name)? {
            if let Some((_, to)) = game.move_squares(&mv) {
                if !marks.dots.contains(&to) {
                    marks.dots.push(to);
                }
            }
        }
        marks.marked.push(name);
    }
    Ok(draw::render(
        &board,
        &piece_marks_in(game, diagram.letters),
        &marks,
    ))
}

/// `Name (colour)` with the colour word in German.
fn german_colour_in_brackets(text: &str) -> String {
    match text
        .strip_suffix(')')
        .and_then(|rest| rest.rsplit_once(" ("))
    {
        Some((name, colour)) => format!(
            "{name} ({})",
            super::legend::army_name(Letters::German, colour).to_lowercase()
        ),
        None => text.to_string(),
    }
}

/// Who holds which army, written beside the board, for a variant whose
/// armies change hands (its `control` and `king_colours` state fields:
/// Sovereign Chess): per party the king's colour and the held colours, in
/// the letters' language.
fn side_notes(game: &dyn Game, board: &mut draw::Board, letters: Letters) {
    let (Some(control), Some(kings)) = (
        game.state_field("control"),
        game.state_field("king_colours"),
    ) else {
        return;
    };
    let [min_x, min_y, width, height] = board.view_box;
    let x = min_x + width + 80.0;
    let mut y = min_y + 30.0;
    for party in game.info().parties {
        let king = kings.get(party.key).and_then(|v| v.as_str()).unwrap_or("?");
        let held: Vec<&str> = control
            .get(party.key)
            .and_then(|v| v.as_array())
            .map(|list| {
                list.iter()
                    .filter_map(|v| v.as_str())
                    .filter(|c| *c != king)
                    .collect()
            })
            .unwrap_or_default();
        // The colour as an adjective after "König" and "hält": lower case
        // in German ("König weiß, hält marineblau").
        let army = |colour: &str| match letters {
            Letters::German => super::legend::army_name(letters, colour).to_lowercase(),
            Letters::English => super::legend::army_name(letters, colour),
        };
        let (name, king_word, holds_word, nothing) = match letters {
            Letters::German => (party.native, "König", "hält", "nichts"),
            Letters::English => (party.english, "king", "holds", "-"),
        };
        board
            .edge_labels
            .push((x, y, format!("{name}: {king_word} {}", army(king))));
        y += 18.0;
        let holds = if held.is_empty() {
            nothing.to_string()
        } else {
            held.iter().map(|c| army(c)).collect::<Vec<_>>().join(", ")
        };
        board
            .edge_labels
            .push((x, y, format!("{holds_word} {holds}")));
        y += 28.0;
    }
    board.view_box = [min_x, min_y, width + 170.0, height];
}
