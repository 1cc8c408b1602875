//! Grand Chess's rule points that have misreadings, each with its
//! readings: the rule, and the misreadings of `spec/grand/misreadings.yaml`
//! that are its hidden alternatives (the fence is described in
//! [`crate::variant::readings`]). Rule code asks [`super::Grand::reading`]
//! and matches on the answer; this file is the only one that turns a fault
//! into a reading.

use super::faults::{FaultSet, Misreading};

readings! {
    /// Clause g.3.6: the marshal moves as a rook or a knight.
    MarshalPattern, "g.3.6" {
        /// The rule: rook or knight.
        RookOrKnight,
        /// G-MARSHAL-ROOK-ONLY: as a rook only.
        RookOnly => MarshalRookOnly,
        /// G-MARSHAL-ROOK-ONLY.2: its knight leap never captures.
        LeapNeverCaptures => MarshalRookOnly2,
    }
    /// Clause g.3.7: the cardinal moves as a bishop or a knight.
    CardinalPattern, "g.3.7" {
        /// The rule: bishop or knight.
        BishopOrKnight,
        /// G-CARDINAL-BISHOP-ONLY: as a bishop only.
        BishopOnly => CardinalBishopOnly,
        /// G-CARDINAL-BISHOP-ONLY.2: its knight leap never captures.
        LeapNeverCaptures => CardinalBishopOnly2,
    }
    /// Clause g.4 (with g.7.3): which enemy pieces attack the king.
    KingAttackers, "g.4" {
        /// The rule: every enemy piece by its pattern, one pinned to its
        /// own king or a pawn that cannot move too.
        Every,
        /// G-PINNED-NO-CHECK: pinned pieces do not.
        PinnedIgnored => PinnedNoCheck,
        /// G-STUCK-PAWN-NO-CHECK: pawns on their ninth rank with no kind
        /// to promote into do not.
        StuckPawnsIgnored => StuckPawnNoCheck,
        /// G-PINNED-NO-CHECK.2: pieces pinned before the move do not.
        PinnedBeforeIgnored => PinnedNoCheck2,
        /// G-STUCK-PAWN-NO-CHECK.2: pawns without a move of their own do
        /// not.
        ImmobilePawnsIgnored => StuckPawnNoCheck2,
    }
    /// Clause g.5.2: where a pawn may step twice.
    DoubleStep, "g.5.2" {
        /// The rule: from its own third rank.
        ThirdRank,
        /// G-DOUBLE-STEP-ANYWHERE: from any rank.
        AnyRank => DoubleStepAnywhere,
        /// G-DOUBLE-STEP-ANYWHERE.2: from any rank of its own half.
        OwnHalf => DoubleStepAnywhere2,
    }
    /// Clause g.5.3: the en-passant capture.
    EnPassant, "g.5.3" {
        /// The rule: right after a double step.
        Captures,
        /// G-NO-EN-PASSANT: there is none.
        Absent => NoEnPassant,
        /// G-NO-EN-PASSANT.2: a double step records no en-passant square.
        NeverRecorded => NoEnPassant2,
    }
    /// Clause g.7.1: where a pawn promotes.
    PromotionZone, "g.7.1" {
        /// The rule: may on the 8th and 9th ranks, must on the 10th.
        MayThenMust,
        /// G-PROMO-LAST-RANK-ONLY: on the last rank only.
        LastRankOnly => PromoLastRankOnly,
        /// G-PROMO-EARLY-FORCED: must on the 8th and 9th too.
        ForcedEarly => PromoEarlyForced,
        /// G-PROMO-LAST-RANK-ONLY.2: the 8th rank is plain, the 9th
        /// optional.
        NinthAndLast => PromoLastRankOnly2,
        /// G-PROMO-EARLY-FORCED.2: must from the 9th on.
        ForcedFromNinth => PromoEarlyForced2,
    }
    /// Clause g.7.2 (ruling R-G-PROMO-LIMIT): the kinds a pawn may become.
    PromotionKinds, "g.7.2" {
        /// The rule: a kind its side has fewer of than at the start.
        OwnLosses,
        /// G-PROMO-ANY-KIND: any of the six.
        AnyKind => PromoAnyKind,
        /// G-PROMO-OPPONENT-LOSSES: a kind the opponent has fewer of.
        OpponentLosses => PromoOpponentLosses,
        /// G-PROMO-ANY-KIND.2: any kind on the 8th and 9th ranks.
        AnyKindWhenOptional => PromoAnyKind2,
        /// G-PROMO-OPPONENT-LOSSES.2: a kind either side has fewer of.
        EitherSidesLosses => PromoOpponentLosses2,
    }
    /// Clause g.7.3: a pawn with no kind to promote into.
    NoKindLeft, "g.7.3" {
        /// The rule: it cannot move to the last rank.
        CannotEnter,
        /// G-LAST-RANK-UNPROMOTED: it steps there and stays a pawn.
        StaysPawn => LastRankUnpromoted,
        /// G-LAST-RANK-UNPROMOTED.2: it captures there and stays a pawn.
        CapturesAndStaysPawn => LastRankUnpromoted2,
    }
    /// Clause g.8.2: a stalemated side.
    Stalemate, "g.8.2" {
        /// The rule: the game is drawn.
        Draw,
        /// G-STALEMATE-WINS: the side that stalemated wins.
        Wins => StalemateWins,
        /// G-STALEMATE-WINS.2: no move is mate, check or not, judged
        /// before insufficient material.
        NoMoveIsMate => StalemateWins2,
    }
    /// Clause g.8.4: the fifty-move rule.
    FiftyMove, "g.8.4" {
        /// The rule: fifty moves each, 100 half-moves.
        FiftyEach,
        /// G-FIFTY-MOVE-PLIES: fifty half-moves.
        FiftyPlies => FiftyMovePlies,
        /// G-FIFTY-MOVE-PLIES.2: more than fifty half-moves.
        OverFiftyPlies => FiftyMovePlies2,
    }
    /// Clause g.8.5: insufficient material.
    Material, "g.8.5" {
        /// The rule: it ends the game in a draw.
        Ends,
        /// G-MATERIAL-PLAYS-ON: the game goes on.
        PlaysOn => MaterialPlaysOn,
        /// G-MATERIAL-PLAYS-ON.2: only bare kings end it.
        BareKingsOnly => MaterialPlaysOn2,
    }
}
