//! The diagram of a scenario on the report's pages: its starting
//! position, drawn by the variant's own drawings or through the game
//! interface, with the arrow of its first move.

use crate::draw::escape;
use crate::render::{render_game, GameDiagram};
use crate::scenario::format::{Scenario, Step};
use crate::scenario::Loaded;
use crate::variant::ScenarioPicture;

use super::labels::Lang;

/// The diagram of a scenario: its starting position, the arrow of its
/// first move, the dots of a first `moves` query of one square. A
/// variant with its own drawings ([`crate::variant::Drawings::scenario`],
/// MONARCHIE's) draws them with its rules and rings kings in check.
pub fn scenario_diagram(loaded: &Loaded, lang: Lang) -> String {
    let own = loaded
        .info()
        .drawings
        .filter(|_| !loaded.scenario.position.invalid)
        .and_then(|drawings| {
            (drawings.scenario)(&ScenarioPicture {
                start: &loaded.start,
                rulings: &loaded.scenario.ruleset,
                caption: &loaded.scenario.id,
                moves_of: first_moves_query(&loaded.scenario),
                actions: loaded
                    .scenario
                    .steps
                    .iter()
                    .filter_map(|step| step.action())
                    .collect(),
                first_refused: first_move(loaded).is_some_and(|(_, refused)| refused),
                letter: lang.letters().letter(),
            })
        });
    own.unwrap_or_else(|| game_diagram(loaded, lang))
}

/// The first `play` step whose action reads as a move of the variant,
/// and whether the scenario expects it refused (its arrow is then drawn
/// in the forbidden style).
pub(crate) fn first_move(loaded: &Loaded) -> Option<(&str, bool)> {
    let squares = loaded.info().move_squares;
    loaded.scenario.steps.iter().find_map(|step| {
        let action = step.action()?;
        squares(action)?;
        Some((action, step.expect().is_some_and(|e| e.result != "legal")))
    })
}

/// The square of a first `moves` step of one square.
fn first_moves_query(scenario: &Scenario) -> Option<&str> {
    scenario
        .steps
        .first()
        .and_then(|step| match step {
            Step::Moves { from, .. } => from.as_ref(),
            _ => None,
        })
        .map(|square| square.0.as_str())
}

/// A move's arrow in `game` for a diagram: drawn as forbidden when
/// `refused`, as a plain arrow otherwise, none when the action is not a
/// move with squares. (The plain arrows, the kinded arrows.)
pub(crate) fn move_arrows(
    game: &dyn crate::variant::Game,
    action: &str,
    refused: bool,
) -> (Vec<String>, Vec<(String, crate::draw::ArrowKind)>) {
    if game.move_squares(action).is_none() {
        return (Vec::new(), Vec::new());
    }
    if refused {
        (
            Vec::new(),
            vec![(action.to_string(), crate::draw::ArrowKind::Forbidden)],
        )
    } else {
        (vec![action.to_string()], Vec::new())
    }
}

/// The diagram of a scenario through the game interface: the starting
/// position, the first move's arrow, the dots of a first `moves` query of
/// one square.
fn game_diagram(loaded: &Loaded, lang: Lang) -> String {
    let caption = Some(loaded.scenario.id.clone());
    let Ok(game) = loaded.open() else {
        // An impossible position (position.invalid): the board alone.
        let board = (loaded.info().board)(None);
        return crate::draw::render(
            &board,
            &[],
            &crate::draw::Marks {
                caption,
                ..Default::default()
            },
        );
    };
    let (arrows, kind_arrows) = match first_move(loaded) {
        Some((action, refused)) => move_arrows(game.as_ref(), action, refused),
        None => (Vec::new(), Vec::new()),
    };
    let diagram = GameDiagram {
        arrows,
        kind_arrows,
        moves_of: first_moves_query(&loaded.scenario).map(str::to_string),
        caption,
        letters: lang.letters(),
        ..GameDiagram::default()
    };
    render_game(game.as_ref(), &diagram).unwrap_or_else(|error| {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 40\"><text x=\"4\" y=\"24\">{}</text></svg>\n",
            escape(&error.to_string())
        )
    })
}
