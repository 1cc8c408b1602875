//! Why a move is refused: the first rule it breaks, as a stable code.

use crate::variant::Refusal;

use super::control::holders;
use super::geometry::{Square, KNIGHT_JUMPS};
use super::moves::{Move, MoveText};
use super::position::{Position, Role};
use super::rules::{
    double_directions, in_check, landing, pawn_move_ok, pseudo_moves, Landing, PawnMove,
};
use super::ruleset::{Promo, PromoInCheck, PromoPieces, Ruleset};

/// The refusal codes, in order of precedence.
pub const CODES: [&str; 21] = [
    "bad-notation",
    "game-over",
    "no-piece",
    "neutral-piece",
    "not-your-piece",
    "not-a-move-of-the-piece",
    "beyond-slide-limit",
    "blocked",
    "own-colour-square",
    "pair-occupied",
    "cannot-capture",
    "promotion-required",
    "promotion-not-allowed",
    "promotion-unavailable",
    "castling-not-allowed",
    "defection-not-allowed",
    "defection-step-required",
    "defection-step-not-allowed",
    "leaves-king-in-check",
    "no-draw-to-claim",
    "swap-not-allowed",
];

/// What each refusal code means, in English and German (the words the
/// report and the explorer show; `variant/refusal_words.rs`).
pub const WORDS: [crate::variant::refusal_words::RefusalWords; 21] = {
    use crate::variant::refusal_words::{shared, words};
    [
        shared::BAD_NOTATION,
        shared::GAME_OVER,
        shared::NO_PIECE,
        words(
            "neutral-piece",
            "nobody commands that piece",
            "neutrale Figur, niemandem unterstellt",
        ),
        shared::NOT_YOUR_PIECE,
        shared::NOT_A_MOVE_OF_THE_PIECE,
        words(
            "beyond-slide-limit",
            "farther than the piece may slide",
            "weiter als die Figur ziehen darf",
        ),
        shared::BLOCKED,
        words(
            "own-colour-square",
            "a piece may not end on a square of its own colour",
            "Figur darf nicht auf einem Feld der eigenen Farbe enden",
        ),
        words(
            "pair-occupied",
            "the other square of the colour pair is occupied",
            "anderes Feld des Farbpaars besetzt",
        ),
        words(
            "cannot-capture",
            "that piece may not be captured",
            "diese Figur darf nicht geschlagen werden",
        ),
        shared::PROMOTION_REQUIRED,
        shared::PROMOTION_NOT_ALLOWED,
        shared::PROMOTION_UNAVAILABLE,
        words(
            "castling-not-allowed",
            "castling is not allowed here",
            "Rochade hier nicht erlaubt",
        ),
        words(
            "defection-not-allowed",
            "defection is not allowed here",
            "Überlaufen hier nicht erlaubt",
        ),
        words(
            "defection-step-required",
            "the move requires a defection step",
            "Überlaufen verlangt",
        ),
        words(
            "defection-step-not-allowed",
            "no defection step is allowed here",
            "kein Überlaufschritt an dieser Stelle",
        ),
        shared::LEAVES_KING_IN_CHECK,
        shared::NO_DRAW_TO_CLAIM,
        words(
            "swap-not-allowed",
            "the swap is not allowed",
            "Tausch nicht erlaubt",
        ),
    ]
};

/// A refusal with `code` (one of [`CODES`]).
pub fn refuse(code: &'static str, detail: impl Into<String>) -> Refusal {
    Refusal {
        code,
        detail: detail.into(),
    }
}

/// Why `text`, which is no legal move of `position`, is refused.
pub fn diagnose(position: &Position, rules: &Ruleset, text: MoveText) -> Refusal {
    let held = holders(position, rules);
    let mover = position.to_move;
    let mut pseudo = Vec::new();
    pseudo_moves(position, rules, &held, None, &mut pseudo);
    let illegal = || {
        refuse(
            "leaves-king-in-check",
            format!("{text} would leave {}'s king attacked", mover.key()),
        )
    };
    if pseudo.iter().any(|mv| text.names(mv)) {
        // S-PROMO-IN-CHECK=king-only drops pseudo-legal promotions.
        if let MoveText::Step {
            promotion: Some(role),
            ..
        } = text
        {
            if role != Role::King
                && rules.promo_in_check == PromoInCheck::KingOnly
                && in_check(position, rules, &held, mover)
            {
                return refuse(
                    "promotion-unavailable",
                    "S-PROMO-IN-CHECK=king-only: in check only a king promotion",
                );
            }
        }
        return illegal();
    }
    match text {
        MoveText::Castle { to } => refuse(
            "castling-not-allowed",
            format!(
                "no castling of {} with the king to {to} (S-CASTLE)",
                mover.key()
            ),
        ),
        MoveText::Defect { colour, step } => {
            let king = position.king(mover);
            if held[colour.index()] != Some(mover) || position.kings[mover.index()] == colour {
                return refuse(
                    "defection-not-allowed",
                    format!(
                        "{} does not hold {} (only a held colour can be defected to)",
                        mover.key(),
                        colour.name()
                    ),
                );
            }
            let on_square = king.is_some_and(|king| king.colour() == Some(colour));
            match (on_square, step) {
                (true, None) => refuse(
                    "defection-step-required",
                    format!("the king stands on a {} square, so the defection must go on with a king step (K={}:..)", colour.name(), colour.letter()),
                ),
                (false, Some(_)) => refuse(
                    "defection-step-not-allowed",
                    format!("the king does not stand on a {} square, so the defection has no step", colour.name()),
                ),
                (true, Some((from, to))) => step_refusal(position, rules, colour, from, to)
                    .unwrap_or_else(|| refuse("defection-not-allowed", format!("{text} is not a defection open to {}", mover.key()))),
                _ => refuse("defection-not-allowed", format!("{text} is not a defection open to {}", mover.key())),
            }
        }
        MoveText::Step {
            from,
            to,
            promotion,
        } => step(position, rules, &held, from, to, promotion).unwrap_or_else(illegal),
    }
}

/// S-DEFECT-ON-SQUARE: why the king step `from`-`to` of a defection to
/// `colour` is refused, judged after the colour change as the step is:
/// `None` when it is no king step of the player's king, or nothing bars it.
fn step_refusal(
    position: &Position,
    rules: &Ruleset,
    colour: super::geometry::Colour,
    from: Square,
    to: Square,
) -> Option<Refusal> {
    let adjacent = (to.file() - from.file())
        .abs()
        .max((to.rank() - from.rank()).abs())
        == 1;
    if position.king(position.to_move) != Some(from) || !adjacent {
        return None;
    }
    let middle = super::rules::defected(position, rules, colour, true);
    let held = holders(&middle, rules);
    let king = super::position::Piece {
        colour,
        role: Role::King,
    };
    landing(&middle, rules, &held, position.to_move, king, from, to)
        .err()
        .map(|why| landing_refusal(why, king, to, position.to_move))
}

/// The refusal of a target filter.
fn landing_refusal(
    why: Landing,
    piece: super::position::Piece,
    to: Square,
    mover: super::position::Player,
) -> Refusal {
    match why {
        Landing::OwnColour => refuse(
            "own-colour-square",
            format!(
                "{to} is a square of the {} piece's own colour (or its holder's king colour)",
                piece.colour.name()
            ),
        ),
        Landing::PairOccupied => refuse(
            "pair-occupied",
            format!(
                "the other {} square is occupied",
                to.colour().map_or("", |c| c.name())
            ),
        ),
        Landing::CannotCapture => refuse(
            "cannot-capture",
            format!("the piece on {to} is not held by {}", mover.other().key()),
        ),
    }
}

/// The reason a step is refused, `None` when it is pseudo-legal.
fn step(
    position: &Position,
    rules: &Ruleset,
    held: &super::control::Holders,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Option<Refusal> {
    let mover = position.to_move;
    let Some(piece) = position.at(from) else {
        return Some(refuse("no-piece", format!("{from} is empty")));
    };
    match held[piece.colour.index()] {
        None => {
            return Some(refuse(
                "neutral-piece",
                format!(
                    "the {} {} on {from} is neutral: nobody holds {}",
                    piece.colour.name(),
                    piece.role.name(),
                    piece.colour.name()
                ),
            ))
        }
        Some(holder) if holder != mover => {
            return Some(refuse(
                "not-your-piece",
                format!(
                    "{} holds the {} on {from}",
                    holder.key(),
                    piece.colour.name()
                ),
            ))
        }
        _ => {}
    }
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    let not_a_move = || {
        Some(refuse(
            "not-a-move-of-the-piece",
            format!("a {} cannot go from {from} to {to}", piece.role.name()),
        ))
    };
    if df == 0 && dr == 0 {
        return not_a_move();
    }
    let straight = df == 0 || dr == 0;
    let diagonal = df.abs() == dr.abs();
    let distance = df.abs().max(dr.abs());
    let path_clear = || {
        (1..distance).all(|step| {
            from.offset(df.signum() * step, dr.signum() * step)
                .is_some_and(|square| position.at(square).is_none())
        })
    };
    match piece.role {
        Role::King if distance > 1 => return not_a_move(),
        Role::Knight if !KNIGHT_JUMPS.contains(&(df, dr)) => return not_a_move(),
        Role::Queen | Role::Rook | Role::Bishop => {
            let shaped = match piece.role {
                Role::Rook => straight,
                Role::Bishop => diagonal,
                _ => straight || diagonal,
            };
            if !shaped {
                return not_a_move();
            }
            if !path_clear() {
                return Some(refuse(
                    "blocked",
                    format!("a piece stands between {from} and {to}"),
                ));
            }
            if distance > rules.slide_limit() {
                return Some(refuse(
                    "beyond-slide-limit",
                    format!(
                        "{from} to {to} is {distance} squares; the limit is {}",
                        rules.slide_limit()
                    ),
                ));
            }
        }
        Role::Pawn => {
            let occupied = position.at(to).is_some();
            let fine = if distance == 1 && straight {
                !occupied && pawn_move_ok(rules, PawnMove::Step, from, to)
            } else if distance == 1 {
                occupied && pawn_move_ok(rules, PawnMove::Capture, from, to)
            } else {
                distance == 2
                    && straight
                    && double_directions(rules, from).contains(&(df.signum(), dr.signum()))
                    && !occupied
            };
            if !fine {
                return not_a_move();
            }
            if distance == 2 && !path_clear() {
                return Some(refuse(
                    "blocked",
                    format!("the square between {from} and {to} is occupied"),
                ));
            }
        }
        _ => {}
    }
    if let Err(why) = landing(position, rules, held, mover, piece, from, to) {
        return Some(landing_refusal(why, piece, to, mover));
    }
    let promoting = piece.role == Role::Pawn && to.in_zone() && !from.in_zone();
    match promotion {
        None if promoting && rules.promo == Promo::Forced => Some(refuse(
            "promotion-required",
            format!("a pawn entering the zone on {to} must promote (=Q, =R, =B, =N or =K)"),
        )),
        Some(_) if !promoting => Some(refuse(
            "promotion-not-allowed",
            format!("{from}{to} is not a pawn entering the zone"),
        )),
        Some(Role::Pawn) => Some(refuse(
            "promotion-unavailable",
            "a pawn cannot promote to a pawn",
        )),
        Some(Role::King) if rules.promo_pieces == PromoPieces::Qrbn => Some(refuse(
            "promotion-unavailable",
            "S-PROMO-PIECES=QRBN: no promotion to a king",
        )),
        Some(role)
            if role != Role::King
                && rules.promo_in_check == PromoInCheck::KingOnly
                && in_check(position, rules, held, mover) =>
        {
            Some(refuse(
                "promotion-unavailable",
                "S-PROMO-IN-CHECK=king-only: in check only a king promotion",
            ))
        }
        _ => None,
    }
}

/// The move a text names among `moves`, if any.
pub fn find(moves: &[Move], text: MoveText) -> Option<Move> {
    moves.iter().copied().find(|mv| text.names(mv))
}
