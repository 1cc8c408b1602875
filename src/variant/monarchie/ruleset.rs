//! The rulings of `spec/monarchie/rulings.yaml` as a typed, switchable
//! ruleset. Each field is one ruling ID; its default is the product decision,
//! the other variants are the named alternatives.

use std::fmt;
use std::str::FromStr;

pub use super::faults::{FaultSet, Misreading, UnknownMisreading};

ruling_enum!(
    /// R-ROOK: which lines a rook follows (clauses 2, 6.3).
    RookLines, "R-ROOK", {
        /// The six side directions, straight.
        Sides => "default",
        /// Also the four zig-zag columns.
        Braid => "braid",
    }
);

ruling_enum!(
    /// R-BISHOP: what blocks a bishop diagonal (clauses 2, 6.4).
    BishopBlocking, "R-BISHOP", {
        /// Only cells on the diagonal block.
        OnLine => "default",
        /// A step is also blocked when both flanking cells are occupied.
        FlanksBlock => "flanks-block",
    }
);

ruling_enum!(
    /// R-KNIGHT: whether the cells a knight passes over must exist (6.5).
    KnightPath, "R-KNIGHT", {
        /// Only the target counts.
        TargetOnly => "default",
        /// The two cells passed over must exist.
        NeedsCells => "needs-cells",
    }
);

ruling_enum!(
    /// R-KING: the king's step (6.1).
    KingStep, "R-KING", {
        /// The six side neighbours.
        Six => "default",
        /// The six side neighbours and the six vertex neighbours.
        Twelve => "twelve",
    }
);

ruling_enum!(
    /// R-PAWN-DIR: which start sides the start move may use (6.6).
    PawnStartSides, "R-PAWN-DIR", {
        /// Both sides flanking the forward axis.
        Both => "default",
        /// Only the second start side in clockwise order.
        SingleSide => "single-side",
    }
);

ruling_enum!(
    /// R-PAWN-START: what an unmoved pawn may do (6.6).
    PawnStartMoves, "R-PAWN-START", {
        /// Only the one- or two-cell start move, no capture.
        StartOnly => "default",
        /// Also the steps and captures of a moved pawn.
        StepsToo => "steps-too",
    }
);

ruling_enum!(
    /// R-PAWN-UNMOVED-ATTACK: whether an unmoved pawn attacks (6.6, 9).
    UnmovedPawnAttack, "R-PAWN-UNMOVED-ATTACK", {
        /// It attacks nothing.
        None => "default",
        /// It attacks its four allowed neighbours.
        Attacks => "attacks",
    }
);

ruling_enum!(
    /// R-PROMO-ZONE: where a pawn may promote (6.6).
    PromotionZone, "R-PROMO-ZONE", {
        /// The start triangle of the opposite seat.
        OppositeTriangle => "default",
        /// Only the tip cell of the opposite seat.
        TipOnly => "tip-only",
        /// Any start triangle other than the pawn's own.
        AnyForeign => "any-foreign",
    }
);

ruling_enum!(
    /// R-PROMO: whether promotion is optional (6.6).
    PromotionChoice, "R-PROMO", {
        /// Optional.
        Optional => "default",
        /// Mandatory when a piece is available in the tray.
        Mandatory => "mandatory",
    }
);

ruling_enum!(
    /// R-KING-DEAD: whether a king may capture a dead blocker (4, 6.1).
    KingOnDeadBlocker, "R-KING-DEAD", {
        /// Never.
        Barred => "default",
        /// Yes, like any other piece.
        Capture => "capture",
    }
);

ruling_enum!(
    /// R-NEXT: where the search for the next checked party starts (7-10, 16).
    CheckOrder, "R-NEXT", {
        /// Clockwise after the last actor.
        AfterLastActor => "default",
        /// Clockwise after the party that first gave the pending checks.
        TriggerAnchor => "trigger-anchor",
    }
);

ruling_enum!(
    /// R-TURN-START: when mate and stalemate are judged (11, 14).
    NoMoveJudgement, "R-TURN-START", {
        /// When the party is due to move.
        WhenDue => "default",
        /// For every party after every action.
        EveryMove => "every-move",
    }
);

ruling_enum!(
    /// R-TIMEOUT: whether a checked party that forfeits gets the turn back (15, 16).
    ForfeitInCheck, "R-TIMEOUT", {
        /// No: the forfeiting party is skipped by the check step.
        Skipped => "default",
        /// Yes: the check step applies to it too.
        CheckFirst => "check-first",
    }
);

ruling_enum!(
    /// R-DIAGONAL-NOTCH: whether a diagonal crosses a notch of the star
    /// (clauses 2, 6.2, 6.4).
    DiagonalAtNotch, "R-DIAGONAL-NOTCH", {
        /// It ends at the first missing cell.
        Ends => "default",
        /// It goes on across the missing cells to the far side.
        Crosses => "crosses",
    }
);

ruling_enum!(
    /// R-CHECK-PRIORITY: what a pending check does to an outranked claim
    /// of clauses 8.1 and 13 (clauses 9, 10, 16).
    OutrankedClaim, "R-CHECK-PRIORITY", {
        /// The claim is lost.
        Cancel => "default",
        /// The claim is kept and served once no check is pending.
        Postpone => "postpone",
    }
);

/// The rulings the reference engine follows, one field per switchable
/// ruling ID. `Ruleset::default()` is the rulings page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Ruleset {
    /// R-ROOK.
    pub rook: RookLines,
    /// R-BISHOP.
    pub bishop: BishopBlocking,
    /// R-KNIGHT.
    pub knight: KnightPath,
    /// R-KING.
    pub king: KingStep,
    /// R-PAWN-DIR.
    pub pawn_dir: PawnStartSides,
    /// R-PAWN-START.
    pub pawn_start: PawnStartMoves,
    /// R-PAWN-UNMOVED-ATTACK.
    pub pawn_unmoved_attack: UnmovedPawnAttack,
    /// R-PROMO-ZONE.
    pub promo_zone: PromotionZone,
    /// R-PROMO.
    pub promo: PromotionChoice,
    /// R-KING-DEAD.
    pub king_dead: KingOnDeadBlocker,
    /// R-NEXT.
    pub next: CheckOrder,
    /// R-TURN-START.
    pub turn_start: NoMoveJudgement,
    /// R-TIMEOUT.
    pub timeout: ForfeitInCheck,
    /// R-CHECK-PRIORITY.
    pub check_priority: OutrankedClaim,
    /// R-DIAGONAL-NOTCH.
    pub diagonal: DiagonalAtNotch,
    /// Misreadings played on purpose (`spec/monarchie/misreadings.yaml`);
    /// empty in every normal run. Never set by [`Ruleset::from_settings`],
    /// only by [`Ruleset::with_faults`].
    pub faults: FaultSet,
}

/// The rulings that have no alternative; they accept only `ID=default`.
pub const FIXED_RULINGS: &[&str] = &[
    "R-CELL-NUMBERING",
    "R-CELL-SIDES",
    "R-T-CURRENT-LEVEL",
    "R-T-JOSHUA-SEATS",
    "R-PAWN-MOVED",
    "R-CHECK",
    "R-ELIM",
    "R-DEAD-CAPTURE",
    "R-KING-CAPTURE",
    "R-CLOCK",
    "R-GARDEZ",
    "R-END",
    "R-SETUP",
];

/// A ruling setting that cannot be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulingError {
    /// Not of the form `ID=key`.
    #[error("'{0}' is not a ruling setting: expected ID=key, e.g. R-KING-DEAD=capture")]
    Malformed(String),
    /// The ID names no ruling.
    #[error("unknown ruling '{0}': expected one of {1}")]
    UnknownId(String, String),
    /// The key is not an option of that ruling.
    #[error("ruling {id} has no option '{key}': expected one of {expected}")]
    UnknownKey {
        /// The ruling ID.
        id: String,
        /// The key given.
        key: String,
        /// The keys it has.
        expected: String,
    },
}

/// Reads one option of one ruling from its key.
fn set_option<T: Copy>(
    slot: &mut T,
    id: &str,
    key: &str,
    all: &[T],
    key_of: fn(T) -> &'static str,
) -> Result<(), RulingError> {
    match all.iter().copied().find(|&option| key_of(option) == key) {
        Some(option) => {
            *slot = option;
            Ok(())
        }
        None => Err(RulingError::UnknownKey {
            id: id.to_string(),
            key: key.to_string(),
            expected: all
                .iter()
                .map(|&option| key_of(option))
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}

impl Ruleset {
    /// The IDs of every switchable ruling, in field order.
    pub const SWITCHABLE: [&'static str; 15] = [
        RookLines::ID,
        BishopBlocking::ID,
        KnightPath::ID,
        KingStep::ID,
        PawnStartSides::ID,
        PawnStartMoves::ID,
        UnmovedPawnAttack::ID,
        PromotionZone::ID,
        PromotionChoice::ID,
        KingOnDeadBlocker::ID,
        CheckOrder::ID,
        NoMoveJudgement::ID,
        ForfeitInCheck::ID,
        OutrankedClaim::ID,
        DiagonalAtNotch::ID,
    ];

    /// Applies one `ID=key` setting.
    ///
    /// # Errors
    /// [`RulingError`] when the text is malformed, the ID unknown or the key
    /// not an option of that ruling.
    pub fn set(&mut self, setting: &str) -> Result<(), RulingError> {
        let (id, key) = setting
            .split_once('=')
            .map(|(id, key)| (id.trim(), key.trim()))
            .ok_or_else(|| RulingError::Malformed(setting.to_string()))?;
        match id {
            RookLines::ID => set_option(&mut self.rook, id, key, RookLines::ALL, RookLines::key),
            BishopBlocking::ID => set_option(
                &mut self.bishop,
                id,
                key,
                BishopBlocking::ALL,
                BishopBlocking::key,
            ),
            KnightPath::ID => {
                set_option(&mut self.knight, id, key, KnightPath::ALL, KnightPath::key)
            }
            KingStep::ID => set_option(&mut self.king, id, key, KingStep::ALL, KingStep::key),
            PawnStartSides::ID => set_option(
                &mut self.pawn_dir,
                id,
                key,
                PawnStartSides::ALL,
                PawnStartSides::key,
            ),
            PawnStartMoves::ID => set_option(
                &mut self.pawn_start,
                id,
                key,
                PawnStartMoves::ALL,
                PawnStartMoves::key,
            ),
            UnmovedPawnAttack::ID => set_option(
                &mut self.pawn_unmoved_attack,
                id,
                key,
                UnmovedPawnAttack::ALL,
                UnmovedPawnAttack::key,
            ),
            PromotionZone::ID => set_option(
                &mut self.promo_zone,
                id,
                key,
                PromotionZone::ALL,
                PromotionZone::key,
            ),
            PromotionChoice::ID => set_option(
                &mut self.promo,
                id,
                key,
                PromotionChoice::ALL,
                PromotionChoice::key,
            ),
            KingOnDeadBlocker::ID => set_option(
                &mut self.king_dead,
                id,
                key,
                KingOnDeadBlocker::ALL,
                KingOnDeadBlocker::key,
            ),
            CheckOrder::ID => set_option(&mut self.next, id, key, CheckOrder::ALL, CheckOrder::key),
            NoMoveJudgement::ID => set_option(
                &mut self.turn_start,
                id,
                key,
                NoMoveJudgement::ALL,
                NoMoveJudgement::key,
            ),
            ForfeitInCheck::ID => set_option(
                &mut self.timeout,
                id,
                key,
                ForfeitInCheck::ALL,
                ForfeitInCheck::key,
            ),
            OutrankedClaim::ID => set_option(
                &mut self.check_priority,
                id,
                key,
                OutrankedClaim::ALL,
                OutrankedClaim::key,
            ),
            DiagonalAtNotch::ID => set_option(
                &mut self.diagonal,
                id,
                key,
                DiagonalAtNotch::ALL,
                DiagonalAtNotch::key,
            ),
            fixed if FIXED_RULINGS.contains(&fixed) => {
                if key == "default" {
                    Ok(())
                } else {
                    Err(RulingError::UnknownKey {
                        id: id.to_string(),
                        key: key.to_string(),
                        expected: "default".to_string(),
                    })
                }
            }
            _ => Err(RulingError::UnknownId(
                id.to_string(),
                Ruleset::SWITCHABLE
                    .iter()
                    .chain(FIXED_RULINGS)
                    .copied()
                    .collect::<Vec<_>>()
                    .join(", "),
            )),
        }
    }

    /// A ruleset from a list of `ID=key` settings applied to the default.
    ///
    /// # Errors
    /// The first [`RulingError`] among the settings.
    pub fn from_settings<S: AsRef<str>>(settings: &[S]) -> Result<Ruleset, RulingError> {
        let mut ruleset = Ruleset::default();
        for setting in settings {
            ruleset.set(setting.as_ref())?;
        }
        Ok(ruleset)
    }

    /// This ruleset playing the misreadings named by `ids` (catalogue IDs
    /// `M-...`). Only tests and the hidden `--fault` option call this.
    ///
    /// # Errors
    /// [`UnknownMisreading`] for an ID not in the catalogue.
    pub fn with_faults<S: AsRef<str>>(mut self, ids: &[S]) -> Result<Ruleset, UnknownMisreading> {
        self.faults = FaultSet::from_ids(ids)?;
        Ok(self)
    }

    /// Whether a move's legality must be read off the move generator
    /// (a fault or R-DIAGONAL-NOTCH=crosses changes movement there only).
    pub fn generated_legality(&self) -> bool {
        !self.faults.is_empty() || self.diagonal == DiagonalAtNotch::Crosses
    }

    /// Whether attacks must be read off the move generator.
    pub fn generated_attacks(&self) -> bool {
        self.faults.changes_attacks() || self.diagonal == DiagonalAtNotch::Crosses
    }

    /// Which reading of the rule point `R` is played: the rule, unless a
    /// fault names one of its hidden alternatives
    /// ([`super::readings`]).
    #[inline]
    pub fn reading<R: crate::variant::readings::Reading<FaultSet>>(&self) -> R {
        R::of(self.faults)
    }

    /// Every `ID=key` setting that differs from the default.
    pub fn non_default_settings(&self) -> Vec<String> {
        self.settings()
            .into_iter()
            .filter(|(_, key)| *key != "default")
            .map(|(id, key)| format!("{id}={key}"))
            .collect()
    }

    /// `(ID, key)` for every switchable ruling.
    pub fn settings(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            (RookLines::ID, self.rook.key()),
            (BishopBlocking::ID, self.bishop.key()),
            (KnightPath::ID, self.knight.key()),
            (KingStep::ID, self.king.key()),
            (PawnStartSides::ID, self.pawn_dir.key()),
            (PawnStartMoves::ID, self.pawn_start.key()),
            (UnmovedPawnAttack::ID, self.pawn_unmoved_attack.key()),
            (PromotionZone::ID, self.promo_zone.key()),
            (PromotionChoice::ID, self.promo.key()),
            (KingOnDeadBlocker::ID, self.king_dead.key()),
            (CheckOrder::ID, self.next.key()),
            (NoMoveJudgement::ID, self.turn_start.key()),
            (ForfeitInCheck::ID, self.timeout.key()),
            (OutrankedClaim::ID, self.check_priority.key()),
            (DiagonalAtNotch::ID, self.diagonal.key()),
        ]
    }

    /// Every alternative setting `ID=key` of every switchable ruling.
    pub fn all_alternatives() -> Vec<String> {
        let options: [(&str, Vec<&str>); 15] = [
            (
                RookLines::ID,
                RookLines::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                BishopBlocking::ID,
                BishopBlocking::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                KnightPath::ID,
                KnightPath::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                KingStep::ID,
                KingStep::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                PawnStartSides::ID,
                PawnStartSides::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                PawnStartMoves::ID,
                PawnStartMoves::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                UnmovedPawnAttack::ID,
                UnmovedPawnAttack::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                PromotionZone::ID,
                PromotionZone::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                PromotionChoice::ID,
                PromotionChoice::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                KingOnDeadBlocker::ID,
                KingOnDeadBlocker::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                CheckOrder::ID,
                CheckOrder::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                NoMoveJudgement::ID,
                NoMoveJudgement::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                ForfeitInCheck::ID,
                ForfeitInCheck::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                OutrankedClaim::ID,
                OutrankedClaim::ALL.iter().map(|o| o.key()).collect(),
            ),
            (
                DiagonalAtNotch::ID,
                DiagonalAtNotch::ALL.iter().map(|o| o.key()).collect(),
            ),
        ];
        options
            .iter()
            .flat_map(|(id, keys)| keys.iter().skip(1).map(move |key| format!("{id}={key}")))
            .collect()
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut settings = self.non_default_settings();
        settings.extend(self.faults.iter().map(|m| format!("fault:{m}")));
        if settings.is_empty() {
            f.write_str("default")
        } else {
            f.write_str(&settings.join(" "))
        }
    }
}

impl FromStr for Ruleset {
    type Err = RulingError;

    /// Whitespace- or comma-separated `ID=key` settings; `default` or empty
    /// for the default ruleset.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let settings: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty() && *s != "default")
            .collect();
        Ruleset::from_settings(&settings)
    }
}
