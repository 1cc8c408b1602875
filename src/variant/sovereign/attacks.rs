//! Which way a pawn may go and which squares a player attacks
//! (S-PAWN-DIR, S-PAWN-DOUBLE, S-CHECK): the moves of play and the check
//! test both ask this (src/variant/sovereign/rules.rs plays the moves).

use super::control::Holders;
use super::geometry::{partner, Square, DIRECTIONS, KNIGHT_JUMPS};
use super::position::{Piece, Player, Position, Role};
use super::readings::{CheckingPieces, DoubleStepRings, OwnColourSquares, PairBarring, PawnMoves};
use super::ruleset::{Bound, OwnColour, PawnDir, PawnDouble, Ruleset};

/// Whether a step or capture of a pawn from `from` to `to` brings it
/// nearer a brown line (S-PAWN-DIR): `(file distance lowered, rank
/// distance lowered)`. Under `box` the distances are to the 4 x 4 instead.
fn lowers(rules: &Ruleset, from: Square, to: Square) -> (bool, bool) {
    match rules.pawn_dir {
        PawnDir::Lines => (
            to.file_distance() < from.file_distance(),
            to.rank_distance() < from.rank_distance(),
        ),
        PawnDir::Box => {
            let outside = |x: i32| (6 - x).max(x - 9).max(0);
            (
                outside(to.file()) < outside(from.file()),
                outside(to.rank()) < outside(from.rank()),
            )
        }
    }
}

/// The two kinds of pawn move (clause sc.6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PawnMove {
    /// The one-square orthogonal step.
    Step,
    /// The diagonal capture.
    Capture,
}

/// Clause sc.6.1 with S-PAWN-DIR: whether a pawn's step or capture from
/// `from` to `to` (adjacent) goes the way pawns go. A step must lower the
/// distance it changes; a capture must lower either distance, the other
/// may grow.
pub fn pawn_move_ok(rules: &Ruleset, kind: PawnMove, from: Square, to: Square) -> bool {
    let (file, rank) = lowers(rules, from, to);
    let away = || {
        let (back_file, back_rank) = lowers(rules, to, from);
        back_file || back_rank
    };
    match (kind, rules.reading::<PawnMoves>()) {
        (PawnMove::Step, PawnMoves::StepKeeps) => !away(),
        (PawnMove::Capture, PawnMoves::CaptureNoAway) => (file || rank) && !away(),
        (PawnMove::Step, PawnMoves::StepRefusedOnlyAway) => {
            let (grows_file, grows_rank) = lowers(rules, to, from);
            !grows_file && !grows_rank
        }
        (PawnMove::Capture, PawnMoves::CaptureLowersWithoutRaising) => {
            let (grows_file, grows_rank) = lowers(rules, to, from);
            (file && !grows_rank) || (rank && !grows_file)
        }
        _ => file || rank,
    }
}

/// S-PAWN-DOUBLE: the directions of a pawn's two-square move from
/// `from` (none off rings 1 and 2, clause sc.6.2).
pub fn double_directions(rules: &Ruleset, from: Square) -> Vec<(i32, i32)> {
    // Clause sc.6.2: from the two outer rings.
    let rings = match rules.reading::<DoubleStepRings>() {
        DoubleStepRings::OuterTwo => 1..=2,
        DoubleStepRings::RingTwoOnly => 2..=2,
        DoubleStepRings::OuterThree => 1..=3,
        DoubleStepRings::RingOneOnly => 1..=1,
        DoubleStepRings::WithinThreeOfAnEdge => 1..=2,
    };
    let near_an_edge = rules.reading::<DoubleStepRings>() == DoubleStepRings::WithinThreeOfAnEdge
        && from
            .file()
            .min(15 - from.file())
            .min(from.rank())
            .min(15 - from.rank())
            <= 2;
    if !rings.contains(&from.ring()) && !near_an_edge {
        return Vec::new();
    }
    let (f, r) = (from.file(), from.rank());
    let edges = [
        (f, (1, 0)),
        (15 - f, (-1, 0)),
        (r, (0, 1)),
        (15 - r, (0, -1)),
    ];
    match rules.pawn_double {
        PawnDouble::NearestEdge => {
            let nearest = f.min(15 - f).min(r).min(15 - r);
            edges
                .into_iter()
                .filter(|(distance, _)| *distance == nearest)
                .map(|(_, direction)| direction)
                .collect()
        }
        PawnDouble::AnyRingEdge => edges
            .into_iter()
            .filter(|(distance, _)| *distance <= 1)
            .map(|(_, direction)| direction)
            .collect(),
        PawnDouble::Osc => vec![match f {
            0 | 1 => (1, 0),
            14 | 15 => (-1, 0),
            _ if r < 8 => (0, 1),
            _ => (0, -1),
        }],
    }
}

/// S-CHECK: whether a piece held by `by` attacks `target` by its capturing
/// pattern: sliders within the slide limit and not through pieces, pawns
/// by their capture squares, never a piece of the target square's own
/// colour (S-OWN-COLOUR), never a neutral piece.
pub fn attacked(
    position: &Position,
    rules: &Ruleset,
    held: &Holders,
    target: Square,
    by: Player,
) -> bool {
    attacked_by(position, rules, held, target, by, PawnAttacks::Counted)
}

/// Whether an attack test counts the pawns' capture pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PawnAttacks {
    /// Pawns attack their capture squares: every attack test of the rule.
    Counted,
    /// Pawns attack nothing (the castling crossing test under
    /// [`CastlingSafety::PawnsIgnoredOnCrossing`]).
    Ignored,
}

/// [`attacked`], with the pawns' capture pattern counted or not.
pub(super) fn attacked_by(
    position: &Position,
    rules: &Ruleset,
    held: &Holders,
    target: Square,
    by: Player,
    pawns: PawnAttacks,
) -> bool {
    let square_colour = target.colour();
    if rules.own_colour == OwnColour::HolderColour
        && square_colour == Some(position.kings[by.index()])
    {
        return false;
    }
    let checking = rules.reading::<CheckingPieces>();
    let own_colour = rules.reading::<OwnColourSquares>();
    let attacker = |piece: Piece| {
        let holder = held[piece.colour.index()];
        // Clause sc.13: every piece `by` holds attacks, no other.
        let gives_check = match checking {
            CheckingPieces::Held => holder == Some(by),
            CheckingPieces::AlsoNeutral => holder == Some(by) || holder.is_none(),
            CheckingPieces::OwnArmyOnly => {
                holder == Some(by) && piece.colour == position.kings[by.index()]
            }
            CheckingPieces::AllButOwn => holder != Some(by.other()),
            CheckingPieces::KingColourOnly => piece.colour == position.kings[by.index()],
        };
        // Clause sc.5: a piece never attacks a square of its own colour.
        let colour_ok = Some(piece.colour) != square_colour
            || own_colour == OwnColourSquares::Attacked
            || (own_colour == OwnColourSquares::KingOnOwnColourChecked
                && position
                    .at(target)
                    .is_some_and(|there| there.role == Role::King));
        gives_check && colour_ok
    };
    let limit = match rules.reading::<super::readings::SlideReach>() {
        super::readings::SlideReach::AttackScansWholeLine => 16,
        _ => rules.slide_reach(Bound::Attacks),
    };
    for (index, (df, dr)) in DIRECTIONS.into_iter().enumerate() {
        let diagonal = index >= 4;
        for distance in 1..16 {
            let Some(square) = target.offset(df * distance, dr * distance) else {
                break;
            };
            let Some(piece) = position.at(square) else {
                continue;
            };
            if attacker(piece) {
                let open = ray_open(position, rules, piece, target, (df, dr), distance);
                let hits = match piece.role {
                    Role::King => distance == 1,
                    Role::Queen => open && distance <= limit,
                    Role::Rook => open && !diagonal && distance <= limit,
                    Role::Bishop => open && diagonal && distance <= limit,
                    Role::Pawn => {
                        pawns == PawnAttacks::Counted
                            && distance == 1
                            && if diagonal {
                                pawn_move_ok(rules, PawnMove::Capture, square, target)
                            } else {
                                // A misreading of clause sc.6.1 (second
                                // coding): the step squares are capture
                                // squares, so the pawn attacks them too.
                                rules.reading::<PawnMoves>() == PawnMoves::StepSquaresCapture
                                    && pawn_move_ok(rules, PawnMove::Step, square, target)
                            }
                    }
                    Role::Knight => false,
                };
                if hits {
                    return true;
                }
            }
            break;
        }
    }
    KNIGHT_JUMPS.into_iter().any(|(df, dr)| {
        target
            .offset(df, dr)
            .and_then(|square| position.at(square))
            .is_some_and(|piece| piece.role == Role::Knight && attacker(piece))
    })
}

/// Whether a slider's ray from `target` out to the slider `distance`
/// squares away passes the squares between as the rule lets it (clauses
/// sc.5, sc.8): always, but under two second codings whose ray walker is
/// shared by moves and attacks.
fn ray_open(
    position: &Position,
    rules: &Ruleset,
    piece: Piece,
    target: Square,
    (df, dr): (i32, i32),
    distance: i32,
) -> bool {
    let between = (1..distance).filter_map(|step| target.offset(df * step, dr * step));
    match (
        rules.reading::<OwnColourSquares>(),
        rules.reading::<PairBarring>(),
    ) {
        // A misreading of clause sc.5 (second coding): the ray is cut at a
        // square of the slider's own colour, for attacks too.
        (OwnColourSquares::RayCutAtOwnColour, _) => !between
            .into_iter()
            .any(|square| square.colour() == Some(piece.colour)),
        // A misreading of clause sc.8 (second coding): a square whose
        // partner is occupied stops the ray, for attacks too.
        (_, PairBarring::StopsBeforePassing) => !between
            .into_iter()
            .any(|square| partner(square).is_some_and(|other| position.at(other).is_some())),
        _ => true,
    }
}

/// Whether `player`'s king is attacked by the other player's pieces.
pub fn in_check(position: &Position, rules: &Ruleset, held: &Holders, player: Player) -> bool {
    position
        .king(player)
        .is_some_and(|king| attacked(position, rules, held, king, player.other()))
}
