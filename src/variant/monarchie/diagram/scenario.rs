//! A MONARCHIE scenario's diagram in the committee's report, drawn with
//! the rules: its starting position, the arrow of its first move, dots on
//! the answer of a first `moves` query of one cell, and rings on kings in
//! check. The report reaches it through
//! [`crate::variant::Drawings::scenario`].

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::moves::{Action, Move};
use crate::variant::monarchie::notation::parse_position;
use crate::variant::monarchie::{Position, Ruleset};
use crate::variant::ScenarioPicture;

use super::{ArrowKind, Diagram};

/// A scenario's start as position and ruleset: `None` for a position or
/// a ruling setting that does not read.
pub fn start(position: &str, rulings: &[String]) -> Option<(Position, Ruleset)> {
    let position = parse_position(position).ok()?;
    let rules = Ruleset::from_settings(rulings).ok()?;
    Some((position, rules))
}

/// The first move among a scenario's actions (in step order): the first
/// that reads as a move (not a `timeout`).
pub fn first_move<'a>(actions: impl IntoIterator<Item = &'a str>) -> Option<Move> {
    actions
        .into_iter()
        .find_map(|action| match action.parse::<Action>() {
            Ok(Action::Move { mv, .. }) => Some(mv),
            _ => None,
        })
}

/// The diagram of a scenario, or `None` where its start or its rulings do
/// not read (the report then draws the board alone).
pub fn diagram(picture: &ScenarioPicture<'_>) -> Option<String> {
    let mut diagram = Diagram::new().with_caption(picture.caption);
    diagram.letters = Some(picture.letter);
    let (position, rules) = start(picture.start, picture.rulings)?;
    if let Some(cell) = picture
        .moves_of
        .and_then(|square| square.parse::<Cell>().ok())
    {
        diagram = diagram.with_moves_of(&position, cell, &rules);
    }
    if let Some(mv) = first_move(picture.actions.iter().copied()) {
        let kind = if picture.first_refused {
            ArrowKind::Forbidden
        } else {
            ArrowKind::Move
        };
        diagram = diagram.with_arrow(mv.from, mv.to, kind);
    }
    Some(
        diagram
            .with_checks(&position, &rules)
            .render(Some(&position)),
    )
}
