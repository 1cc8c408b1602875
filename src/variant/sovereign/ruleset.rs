//! The switchable rulings of `spec/sovereign/rulings.yaml` (IDs `S-...`):
//! one field per ruling, the default first, every alternative of the
//! design's register selectable as `ID=key`.

use std::fmt;

use super::faults::FaultSet;
use super::readings::SlideReach;
use crate::variant::{VariantError, VariantId};

ruling_enum!(
    /// S-PIE: the pie rule after White's first move.
    Pie, "S-PIE", {
        /// Outside the engine (seats only).
        Outside => "default",
        /// A `swap` pseudo-move at ply 1.
        SwapAction => "swap-action",
    }
);
ruling_enum!(
    /// S-SLIDE-LIMIT: how far queens, rooks and bishops go.
    SlideLimit, "S-SLIDE-LIMIT", {
        /// At most 8 squares.
        Eight => "default",
        /// No limit.
        Unlimited => "unlimited",
    }
);
ruling_enum!(
    /// S-OWN-COLOUR: which squares a piece may not end on.
    OwnColour, "S-OWN-COLOUR", {
        /// Those of its own army colour.
        Army => "default",
        /// Also those of its holder's king colour.
        HolderColour => "holder-colour",
    }
);
ruling_enum!(
    /// S-CONTROL-CHAIN: whether control passes along chains.
    ControlChain, "S-CONTROL-CHAIN", {
        /// Recursively, cycles neutral.
        Chain => "default",
        /// Only from a piece of a king's colour.
        DirectOnly => "direct-only",
    }
);
ruling_enum!(
    /// S-CONTROL-FREED: what happens to a king's old colour.
    ControlFreed, "S-CONTROL-FREED", {
        /// An ordinary colour at once.
        AtOnce => "default",
        /// Neutral until a piece moves onto one of its squares.
        NeutralUntilReoccupied => "neutral-until-reoccupied",
    }
);
ruling_enum!(
    /// S-PAIR-SELF: a move from one square of a pair to the other.
    PairSelf, "S-PAIR-SELF", {
        /// Allowed.
        Allowed => "default",
        /// Forbidden.
        Strict => "strict",
    }
);
ruling_enum!(
    /// S-PAWN-DIR: which way pawns go.
    PawnDir, "S-PAWN-DIR", {
        /// Toward the brown lines.
        Lines => "default",
        /// Toward the edges of the 4 x 4.
        Box => "box",
    }
);
ruling_enum!(
    /// S-PAWN-DOUBLE: the two-square move from rings 1 and 2.
    PawnDouble, "S-PAWN-DOUBLE", {
        /// Away from the nearest edge (both where two are equally near).
        NearestEdge => "default",
        /// Away from every edge at distance 0 or 1.
        AnyRingEdge => "any-ring-edge",
        /// Files a, b, o, p sideways, elsewhere vertical.
        Osc => "osc",
    }
);
ruling_enum!(
    /// S-PROMO: whether promotion on entering the zone is forced.
    Promo, "S-PROMO", {
        /// Forced.
        Forced => "default",
        /// Optional.
        Optional => "optional",
    }
);
ruling_enum!(
    /// S-PROMO-PIECES: the promotion choices.
    PromoPieces, "S-PROMO-PIECES", {
        /// Queen, rook, bishop, knight or king.
        WithKing => "default",
        /// No king.
        Qrbn => "QRBN",
    }
);
ruling_enum!(
    /// S-PROMO-IN-CHECK: promotions while in check.
    PromoInCheck, "S-PROMO-IN-CHECK", {
        /// Any that leaves a legal position.
        Any => "default",
        /// Only a king promotion.
        KingOnly => "king-only",
    }
);
ruling_enum!(
    /// S-DEFECT: which colours a player may defect to.
    Defect, "S-DEFECT", {
        /// Any held colour, even without pieces.
        AnyHeld => "default",
        /// Only colours with a piece on the board.
        NeedsPieces => "needs-pieces",
    }
);
ruling_enum!(
    /// S-DEFECT-ON-SQUARE: a king standing on the colour it takes.
    DefectOnSquare, "S-DEFECT-ON-SQUARE", {
        /// Must step to an adjacent square in the same move.
        Step => "default",
        /// That defection is impossible.
        Forbidden => "forbidden",
    }
);
ruling_enum!(
    /// S-CASTLE-KING: where the castling king goes.
    CastleKing, "S-CASTLE-KING", {
        /// Any square strictly between king and rook.
        AnyBetween => "default",
        /// Two squares, as in orthodox chess.
        TwoSquares => "two-squares",
    }
);
ruling_enum!(
    /// S-CASTLE-DEFECT: castling rights after a defection.
    CastleDefect, "S-CASTLE-DEFECT", {
        /// Kept without a step, lost with one.
        KeepWithoutStep => "default",
        /// Lost by every defection.
        Lose => "lose",
    }
);
ruling_enum!(
    /// S-STALEMATE: no legal move, not in check.
    Stalemate, "S-STALEMATE", {
        /// Draw.
        Draw => "default",
        /// The stalemated player loses.
        Loss => "loss",
    }
);
ruling_enum!(
    /// S-DEAD: only the two kings left.
    Dead, "S-DEAD", {
        /// Draw.
        BareKings => "default",
        /// No dead-position rule.
        Off => "none",
    }
);
ruling_enum!(
    /// S-FIFTY: the move count.
    Fifty, "S-FIFTY", {
        /// Claim at 100 plies, automatic at 150.
        ClaimThenAuto => "default",
        /// Automatic at 100 plies.
        Auto => "auto",
        /// No move-count rule.
        Off => "off",
    }
);
ruling_enum!(
    /// S-REPETITION: repeated positions.
    Repetition, "S-REPETITION", {
        /// Claim at the third occurrence, automatic at the fifth.
        ClaimThenAuto => "default",
        /// Automatic at the third.
        Auto => "auto",
        /// No repetition rule.
        Off => "off",
    }
);

/// The fixed rulings: they accept only `ID=default`.
pub const FIXED: &[&str] = &[
    "S-SETUP",
    "S-MOVE-SCOPE",
    "S-CAPTURE",
    "S-CONTROL-OWNED",
    "S-PAIR",
    "S-EN-PASSANT",
    "S-REGIME",
    "S-CASTLE",
    "S-CHECK",
    "S-LEGAL",
    "S-MATE",
];

/// The rulings the engine follows, one field per switchable ruling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub struct Ruleset {
    pub pie: Pie,
    pub slide_limit: SlideLimit,
    pub own_colour: OwnColour,
    pub control_chain: ControlChain,
    pub control_freed: ControlFreed,
    pub pair_self: PairSelf,
    pub pawn_dir: PawnDir,
    pub pawn_double: PawnDouble,
    pub promo: Promo,
    pub promo_pieces: PromoPieces,
    pub promo_in_check: PromoInCheck,
    pub defect: Defect,
    pub defect_on_square: DefectOnSquare,
    pub castle_king: CastleKing,
    pub castle_defect: CastleDefect,
    pub stalemate: Stalemate,
    pub dead: Dead,
    pub fifty: Fifty,
    pub repetition: Repetition,
    /// The misreadings played on purpose (`spec/sovereign/misreadings.yaml`);
    /// empty in every normal run, set only by [`Ruleset::with_faults`].
    pub faults: FaultSet,
}

macro_rules! settings_table {
    ($($field:ident: $ty:ident),+ $(,)?) => {
        impl Ruleset {
            /// Applies one `ID=key` setting.
            ///
            /// # Errors
            /// A message naming the unknown ID or key and what was expected.
            pub fn set(&mut self, setting: &str) -> Result<(), VariantError> {
                let (id, key) = setting.split_once('=').ok_or_else(|| VariantError::SettingShape {
                    setting: setting.to_string(),
                    example: "S-PAWN-DOUBLE=osc",
                })?;
                let (id, key) = (id.trim(), key.trim());
                $(
                    if id == $ty::ID {
                        self.$field = $ty::from_key(key).ok_or_else(|| {
                            let keys: Vec<&str> = $ty::ALL.iter().map(|o| o.key()).collect();
                            VariantError::UnknownOption {
                                id: id.to_string(),
                                key: key.to_string(),
                                expected: keys.join(", "),
                            }
                        })?;
                        return Ok(());
                    }
                )+
                if FIXED.contains(&id) {
                    return if key == "default" {
                        Ok(())
                    } else {
                        Err(VariantError::FixedRuling { id: id.to_string() })
                    };
                }
                Err(VariantError::UnknownRuling {
                    id: id.to_string(),
                    variant: VariantId::Sovereign,
                    prefix: "S-",
                })
            }

            /// Every switchable setting `ID=key` that differs from the default.
            pub fn non_default_settings(&self) -> Vec<String> {
                let mut out = Vec::new();
                $(
                    if self.$field != $ty::default() {
                        out.push(format!("{}={}", $ty::ID, self.$field.key()));
                    }
                )+
                out
            }

            /// Every alternative `ID=key` of every switchable ruling.
            pub fn all_alternatives() -> Vec<String> {
                let mut out = Vec::new();
                $(
                    for option in &$ty::ALL[1..] {
                        out.push(format!("{}={}", $ty::ID, option.key()));
                    }
                )+
                out
            }
        }
    };
}

settings_table!(
    pie: Pie,
    slide_limit: SlideLimit,
    own_colour: OwnColour,
    control_chain: ControlChain,
    control_freed: ControlFreed,
    pair_self: PairSelf,
    pawn_dir: PawnDir,
    pawn_double: PawnDouble,
    promo: Promo,
    promo_pieces: PromoPieces,
    promo_in_check: PromoInCheck,
    defect: Defect,
    defect_on_square: DefectOnSquare,
    castle_king: CastleKing,
    castle_defect: CastleDefect,
    stalemate: Stalemate,
    dead: Dead,
    fifty: Fifty,
    repetition: Repetition,
);

impl Ruleset {
    /// The ruleset of a list of settings.
    ///
    /// # Errors
    /// The first bad setting.
    pub fn from_settings<S: AsRef<str>>(settings: &[S]) -> Result<Ruleset, VariantError> {
        let mut rules = Ruleset::default();
        for setting in settings {
            rules.set(setting.as_ref())?;
        }
        Ok(rules)
    }

    /// This ruleset with the misreadings `ids` (`SC-...`) played.
    ///
    /// # Errors
    /// A message naming an unknown ID.
    pub fn with_faults<S: AsRef<str>>(mut self, ids: &[S]) -> Result<Ruleset, VariantError> {
        self.faults = FaultSet::from_ids(ids)?;
        Ok(self)
    }

    /// Which reading of the rule point `R` is played: the rule, unless a
    /// fault names one of its hidden alternatives
    /// ([`super::readings`]).
    #[inline]
    pub fn reading<R: crate::variant::readings::Reading<FaultSet>>(&self) -> R {
        R::of(self.faults)
    }

    /// S-SLIDE-LIMIT: the longest slide of a move.
    pub fn slide_limit(&self) -> i32 {
        self.slide_reach(Bound::Moves)
    }

    /// Clause sc.4 (S-SLIDE-LIMIT, with sc.13): the longest slide of a
    /// move or of an attack; the limit bounds both alike.
    pub fn slide_reach(&self, bound: Bound) -> i32 {
        match (self.slide_limit, self.reading::<SlideReach>(), bound) {
            (SlideLimit::Unlimited, _, _) | (_, SlideReach::MovesOnly, Bound::Attacks) => 15,
            (SlideLimit::Eight, SlideReach::Seven, _) => 7,
            (SlideLimit::Eight, SlideReach::Nine, _) => 9,
            // Second codings: the move generator's loop is off by one
            // (seven or nine), the attack test written apart keeps eight.
            (SlideLimit::Eight, SlideReach::SevenBeyondStart, Bound::Moves) => 7,
            (SlideLimit::Eight, SlideReach::NineCountedFromNext, Bound::Moves) => 9,
            (SlideLimit::Eight, _, _) => 8,
        }
    }
}

/// What a slide limit bounds ([`Ruleset::slide_reach`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// A slider's moves.
    Moves,
    /// A slider's attacks (checks).
    Attacks,
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let settings = self.non_default_settings();
        if settings.is_empty() {
            f.write_str("default")
        } else {
            f.write_str(&settings.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_alternative_is_selectable_and_differs_from_the_default() {
        let all = Ruleset::all_alternatives();
        assert!(all.len() >= 20, "{all:?}");
        for setting in all {
            let rules = Ruleset::from_settings(&[setting.as_str()]).expect("known setting");
            assert_eq!(rules.non_default_settings(), vec![setting]);
        }
    }

    #[test]
    fn bad_settings_are_refused_with_what_was_expected() {
        assert!(Ruleset::from_settings(&["S-PAWN-DOUBLE=sideways"])
            .unwrap_err()
            .to_string()
            .contains("osc"));
        assert!(Ruleset::from_settings(&["R-KING-DEAD=capture"]).is_err());
        assert!(Ruleset::from_settings(&["S-LEGAL=other"]).is_err());
        assert!(Ruleset::from_settings(&["S-LEGAL=default"]).is_ok());
        assert!(Ruleset::from_settings(&["S-PAIR"]).is_err());
    }
}
