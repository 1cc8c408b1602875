//! Set-up validity (the design's Setup → Position check): every problem
//! of a position is reported at once.

use super::movegen::Engine;
use super::point::{Kingdom, Point};
use super::position::{Kind, Piece, Position};
use super::ruleset::{Bannermen, Facing, Origin};

/// Whether `piece` may stand on `point` relative to `frame`'s half.
fn placed_for(piece: Piece, point: Point, frame: Kingdom) -> bool {
    let (file, rank) = (point.file(), point.rank());
    let at_home = point.kingdom() == frame;
    match piece.kind {
        Kind::Advisor => {
            at_home && matches!((file, rank), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2))
        }
        Kind::Elephant => {
            at_home
                && matches!(
                    (file, rank),
                    (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
                )
        }
        Kind::Soldier => !at_home || (rank >= 3 && file % 2 == 0),
        _ => true,
    }
}

/// Every problem of `position` as a set-up under `engine`'s rulings.
pub fn problems(engine: &Engine, position: &Position) -> Vec<String> {
    let mut out = Vec::new();
    let active = position.active_kingdoms();
    let finished = position.to_move.is_none();
    // A finished position (nobody to move) is a won game: one kingdom left,
    // or, after a resignation (R-RESIGN default), the winners with the
    // resigner's army still standing (F-FINISHED-TEXT).
    let resigned = finished
        && position
            .pieces()
            .any(|(_, piece)| !position.is_active(piece.owner));
    if finished && active.is_empty() {
        out.push("nobody is to move and no kingdom is active".to_string());
    }
    if finished && active.len() > 1 && !resigned {
        out.push(format!(
            "nobody is to move, but {} kingdoms are active and nobody resigned (a game won on the board has one)",
            active.len()
        ));
    }
    if !finished && active.len() < 2 {
        out.push("at least two kingdoms must be active while the game goes on".to_string());
    }
    if let Some(k) = position.to_move {
        if !position.is_active(k) {
            out.push(format!("{k} is to move but defeated"));
        }
    }
    if engine.rules.bannermen == Bannermen::Off && position.bannermen == Bannermen::On {
        out.push("bannermen are on, but R-BANNERMEN=off".to_string());
    }
    let mut counts = [[0usize; 8]; 3];
    for (point, piece) in position.pieces() {
        let name = format!("{} {} on {point}", piece.owner, piece.kind.name());
        if !position.is_active(piece.owner) && !resigned {
            out.push(format!(
                "{name}: {} is defeated and owns nothing",
                piece.owner
            ));
        }
        if piece.kind == Kind::General {
            if piece.home != piece.owner {
                out.push(format!("{name}: a general never changes owner"));
            }
            let in_place = match engine.rules.facing {
                Facing::Restriction => point.in_palace_of(piece.owner),
                Facing::FlyCapture => point.in_a_palace(),
            };
            if !in_place {
                out.push(format!("{name}: a general stays in its own palace"));
            }
        }
        if piece.kind == Kind::Bannerman && position.bannermen == Bannermen::Off {
            out.push(format!("{name}: bannermen are off"));
        }
        let owner_frame = engine.rules.origin == Origin::OwnerFrame;
        let placed = placed_for(piece, point, piece.home)
            || (owner_frame && placed_for(piece, point, piece.owner));
        if !placed {
            let rule = match piece.kind {
                Kind::Advisor => "an advisor stands on its home palace's diagonals",
                Kind::Elephant => {
                    "an elephant stands on one of the seven elephant points of its home half"
                }
                _ => "a soldier on its home half stands on rank 4 or 5 of files a, c, e, g, i",
            };
            out.push(format!("{name}: {rule}"));
        }
        counts[piece.home.index()][piece.kind as usize] += 1;
    }
    for k in Kingdom::ALL {
        for kind in Kind::ALL {
            let n = counts[k.index()][kind as usize];
            if n > kind.per_home() {
                out.push(format!(
                    "{n} {}s of {k}'s army (at most {})",
                    kind.name(),
                    kind.per_home()
                ));
            }
        }
        let generals = position
            .pieces()
            .filter(|(_, piece)| piece.kind == Kind::General && piece.owner == k)
            .count();
        if position.is_active(k) && generals != 1 {
            out.push(format!(
                "{k} is active and has {generals} generals (exactly one)"
            ));
        }
        for (slot, what) in [
            (position.trapped_since[k.index()], "trapped since"),
            (
                if k == Kingdom::SHU {
                    position.last_mover
                } else {
                    None
                },
                "last mover",
            ),
        ] {
            if let Some(mover) = slot {
                if !position.is_active(mover) && !finished {
                    out.push(format!("history: {what} names {mover}, who is defeated"));
                }
            }
        }
        if !position.is_active(k) && position.trapped_since[k.index()].is_some() {
            out.push(format!("history: {k} is defeated but has a trap entry"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::threekingdoms::ruleset::Ruleset;

    #[test]
    fn the_start_is_valid_and_problems_are_listed_together() {
        let engine = Engine::new(Ruleset::default());
        assert!(problems(&engine, &Position::start(Bannermen::On)).is_empty());
        let mut bad = Position::start(Bannermen::Off);
        let general = bad.lift("Re1".parse().expect("point")).expect("general");
        bad.put("Ra1".parse().expect("point"), general);
        bad.put(
            "Ga1".parse().expect("point"),
            Piece::new(Kind::Elephant, Kingdom::WU),
        );
        bad.put(
            "Bb2".parse().expect("point"),
            Piece::new(Kind::Advisor, Kingdom::WEI),
        );
        bad.active[1] = false;
        let found = problems(&engine, &bad);
        let text = found.join("\n");
        for part in [
            "stays in its own palace",
            "seven elephant points",
            "palace's diagonals",
            "defeated and owns nothing",
            "3 elephants",
        ] {
            assert!(text.contains(part), "{part} missing in {text}");
        }
    }
}
