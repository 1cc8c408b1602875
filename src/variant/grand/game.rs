//! Grand Chess behind the text interface [`Game`]: coordinate moves, the
//! `claim` action, reports, and refusals with the reason a move is not
//! legal, checked in the order notation, game over, piece, pattern,
//! blocking, promotion, king safety.

use crate::variant::chess::board::Reach;
use crate::variant::chess::{sorted_texts, Kind, Move, RefusalCode, Square};
use crate::variant::{divide, perft, Captured, Game, Refusal, Report, Status, VariantId};

use super::position::Position;
use super::{end, make, movegen, pawn, promotion, safety, Grand};

/// The special action that claims a draw (clauses g.8.3, g.8.4).
pub const CLAIM: &str = "claim";

/// A game of Grand Chess in progress.
#[derive(Clone, Debug)]
pub struct GrandGame {
    position: Position,
    status: Status,
}

impl GrandGame {
    /// A game from `position`, its status computed.
    pub fn new(position: Position) -> GrandGame {
        let status = end::status(&position);
        GrandGame { position, status }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    fn moves(&self, only: Option<Square>) -> Vec<Move> {
        let mut moves = Vec::new();
        if !self.status.is_over() {
            movegen::legal_moves(&self.position, only, &mut moves);
        }
        moves
    }

    /// Clauses g.8.3, g.8.4: the `claim` action.
    fn claim(&mut self) -> Result<Report, Refusal> {
        let reason = end::claimable_draw(&self.position).ok_or_else(|| {
            RefusalCode::NoDrawToClaim.refuse(format!(
                "the position has occurred {} time(s) (3 needed) and the halfmove clock is {} (100 needed)",
                self.position.history.count(self.position.key) + 1,
                self.position.halfmove
            ))
        })?;
        self.status = Status::Drawn {
            reason: reason.to_string(),
        };
        Ok(Report {
            action: CLAIM.to_string(),
            capture: None,
            promotion: None,
            check: self.position.board.in_check(self.position.side),
            next: None,
            status: self.status.clone(),
            position: self.position.to_fen(),
        })
    }

    fn game_over(&self) -> Refusal {
        RefusalCode::GameOver.refuse(format!("the game is over ({:?})", self.status))
    }
}

impl Game for GrandGame {
    fn variant(&self) -> VariantId {
        VariantId::Grand
    }

    fn position_text(&self) -> String {
        self.position.to_fen()
    }

    fn legal_moves(&self) -> Vec<String> {
        sorted_texts(self.moves(None))
    }

    fn legal_moves_from(&self, square: &str) -> Result<Vec<String>, String> {
        let square: Square = square.parse().map_err(|error| format!("{error}"))?;
        if !self.position.board.geometry().contains(square) {
            return Err(format!("{square} is off the 10x10 board"));
        }
        Ok(sorted_texts(self.moves(Some(square))))
    }

    fn play(&mut self, action: &str) -> Result<Report, Refusal> {
        if action == CLAIM {
            if self.status.is_over() {
                return Err(self.game_over());
            }
            return self.claim();
        }
        let mv = Move::parse(action, self.position.board.geometry())
            .map_err(|detail| RefusalCode::BadNotation.refuse(detail))?;
        if self.status.is_over() {
            return Err(self.game_over());
        }
        if !self.moves(Some(mv.from)).contains(&mv) {
            return Err(refusal(&self.position, mv));
        }
        let (next, capture) = make::after(&self.position, mv);
        self.position = next;
        self.status = end::status(&self.position);
        Ok(Report {
            action: mv.to_string(),
            capture: capture.map(|(piece, square)| Captured {
                kind: piece.kind.name().to_string(),
                square: square.to_string(),
            }),
            promotion: mv.promotion.map(|kind| kind.name().to_string()),
            check: self.position.board.in_check(self.position.side),
            next: (!self.status.is_over()).then(|| self.position.side.name().to_string()),
            status: self.status.clone(),
            position: self.position.to_fen(),
        })
    }

    fn perft(&self, depth: u32) -> u64 {
        if self.status.is_over() {
            return u64::from(depth == 0);
        }
        perft(&Grand, &self.position, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if self.status.is_over() {
            return Vec::new();
        }
        let mut counts: Vec<(String, u64)> = divide(&Grand, &self.position, depth)
            .into_iter()
            .map(|(mv, count)| (mv.to_string(), count))
            .collect();
        counts.sort();
        counts
    }

    fn status(&self) -> Status {
        self.status.clone()
    }
}

/// Why `mv`, which is not among the legal moves, is refused: the first
/// rule it breaks in the order piece, pattern (clauses g.3, g.5), blocking,
/// promotion (g.7), king safety (g.4).
fn refusal(position: &Position, mv: Move) -> Refusal {
    let board = &position.board;
    let side = position.side;
    let Some(piece) = board.piece(mv.from) else {
        return RefusalCode::NoPiece.refuse(format!("{mv}: {} is empty", mv.from));
    };
    if piece.side != side {
        return RefusalCode::NotYourPiece.refuse(format!(
            "{mv}: the {} on {} is {}'s and {side} is to move",
            piece.kind, mv.from, piece.side
        ));
    }
    let pattern = if piece.kind == Kind::Pawn {
        pawn::check_pattern(position, mv).and_then(|()| promotion::check(board, side, mv))
    } else {
        check_piece_pattern(position, mv, piece.kind)
    };
    if let Err(refusal) = pattern {
        return refusal;
    }
    if !safety::keeps_king_safe(position, mv) {
        return RefusalCode::LeavesKingInCheck.refuse(format!("{mv}: it leaves {side}'s king attacked"));
    }
    RefusalCode::NotAMoveOfThePiece.refuse(format!("{mv} is not a legal move"))
}

/// Clause g.3 (and g.6, no castling): why a piece other than a pawn cannot
/// make `mv` by its pattern, if it cannot.
fn check_piece_pattern(position: &Position, mv: Move, kind: Kind) -> Result<(), Refusal> {
    match position.board.reach(kind, mv.from, mv.to) {
        Reach::No => {
            return Err(RefusalCode::NotAMoveOfThePiece.refuse(format!(
                "{mv}: a {kind} does not move from {} to {}",
                mv.from, mv.to
            )))
        }
        Reach::Blocked => {
            return Err(RefusalCode::Blocked.refuse(format!("{mv}: a piece stands between {} and {}", mv.from, mv.to)))
        }
        Reach::Yes => {}
    }
    if position.board.piece(mv.to).is_some_and(|target| target.side == position.side) {
        return Err(RefusalCode::OwnPieceOnTarget.refuse(format!("{mv}: {} holds your own piece", mv.to)));
    }
    if let Some(promoted) = mv.promotion {
        return Err(RefusalCode::PromotionNotAllowed.refuse(format!(
            "{mv}: only a pawn promotes, and a {kind} cannot become a {promoted}"
        )));
    }
    Ok(())
}
