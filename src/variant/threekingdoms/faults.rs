//! Misreadings: the plausible wrong readings of the rules page (seed 004)
//! that an implementer who read it once could make, catalogued in
//! `spec/threekingdoms/misreadings.yaml`. Each is built into the
//! reference engine as a switchable fault, so that the suite can be shown
//! to catch it (`regelwerk rulings misreadings --variant threekingdoms`).
//!
//! A fault is never a ruling: [`super::ruleset::Ruleset::from_settings`]
//! knows no `TK-` ID, and a fault is set only through [`FaultSet::from_ids`]
//! ([`super::open_with_faults`]: the hidden `--fault ID` of `check` and
//! `serve`, and tests). The rule code branches on [`FaultSet::has`] at the
//! spot the misreading changes, marked `/// Fault TK-...`.

use std::fmt;

/// Declares the misreadings: variant, ID, clauses.
macro_rules! misreadings {
    ($($(#[$doc:meta])* $variant:ident => $id:literal, [$($clause:literal),+];)+) => {
        /// One misreading of `spec/threekingdoms/misreadings.yaml`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Misreading {
            $($(#[$doc])* $variant),+
        }

        impl Misreading {
            /// Every misreading, in catalogue order.
            pub const ALL: &'static [Misreading] = &[$(Misreading::$variant),+];

            /// The catalogue ID (`TK-...`).
            pub fn id(self) -> &'static str {
                match self { $(Misreading::$variant => $id),+ }
            }

            /// The clauses it misreads.
            pub fn clauses(self) -> &'static [&'static str] {
                match self { $(Misreading::$variant => &[$($clause),+]),+ }
            }
        }
    };
}

misreadings! {
    /// The elephant's eye point does not block its move.
    ElephantEyeIgnored => "TK-ELEPHANT-EYE-IGNORED", ["tk.T5.elephant"];
    /// The horse's leg point does not block its jump.
    HorseLegIgnored => "TK-HORSE-LEG-IGNORED", ["tk.T5.horse"];
    /// Advisors may step along any diagonal, out of the palace too.
    AdvisorLeavesPalace => "TK-ADVISOR-LEAVES-PALACE", ["tk.T5.advisor"];
    /// The general may step orthogonally anywhere on its own half.
    GeneralLeavesPalace => "TK-GENERAL-LEAVES-PALACE", ["tk.T5.general"];
    /// The cannon also captures like a chariot, without a screen.
    CannonCapturesDirect => "TK-CANNON-CAPTURES-DIRECT", ["tk.T5.cannon"];
    /// A soldier on its own bank has "reached the river" and may already
    /// step sideways.
    SoldierBankSideways => "TK-SOLDIER-BANK-SIDEWAYS", ["tk.T5.soldier"];
    /// A crossed soldier still only steps forward, never sideways.
    SoldierNoSideways => "TK-SOLDIER-NO-SIDEWAYS", ["tk.T5.soldier"];
    /// A soldier on its own e5 continues only into the next kingdom's e5,
    /// not into both neighbours'.
    SoldierOneBranch => "TK-SOLDIER-ONE-BRANCH", ["tk.T5.soldier", "tk.P2"];
    /// The triangle joins nothing for sliders and facing: every e-file
    /// ends at its e5.
    TriangleClosed => "TK-TRIANGLE-CLOSED", ["tk.P2", "tk.T2", "tk.T5.chariot"];
    /// A bannerman jumps over anything on its two straight points.
    BannerJumps => "TK-BANNER-JUMPS", ["tk.T4"];
    /// Bannermen move but never attack a general (the safety test forgets
    /// the added piece).
    BannerNoCheck => "TK-BANNER-NO-CHECK", ["tk.T4", "tk.T7"];
    /// Two generals may face each other on an open line.
    FacingIgnored => "TK-FACING-IGNORED", ["tk.T7.facing"];
    /// Facing counts on through-files only, never through the triangle.
    FacingNotThroughTriangle => "TK-FACING-NOT-THROUGH-TRIANGLE", ["tk.T7.facing"];
    /// Facing is refused only when the move creates it: a facing a third
    /// kingdom opened may be left standing.
    FacingCreatedOnly => "TK-FACING-CREATED-ONLY", ["tk.T7.facing"];
    /// A move is refused only when it leaves the general attacked by the
    /// kingdom that moves next; the other rival's attacks are ignored.
    SafetyNextOnly => "TK-SAFETY-NEXT-ONLY", ["tk.T7"];
    /// Safety is judged before a captured general's army changes hands,
    /// so its pieces still count as attackers.
    SafetyBeforeTakeover => "TK-SAFETY-BEFORE-TAKEOVER", ["tk.T7", "tk.T7.general-capture"];
    /// A general can never be captured (as in xiangqi, where the game ends
    /// before).
    GeneralNotCapturable => "TK-GENERAL-NOT-CAPTURABLE", ["tk.T7.general-capture", "tk.T8"];
    /// A defeated kingdom's whole army leaves the board.
    TakeoverRemovesArmy => "TK-TAKEOVER-REMOVES-ARMY", ["tk.T8.takeover", "tk.P3"];
    /// Only the defeated kingdom's own pieces change hands; pieces it had
    /// taken over earlier leave the board.
    TakeoverOwnHomeOnly => "TK-TAKEOVER-OWN-HOME-ONLY", ["tk.T8.takeover"];
    /// A kingdom without a legal move that is not in check passes its
    /// turn instead of being defeated.
    StalemateSkips => "TK-STALEMATE-SKIPS", ["tk.T8"];
    /// A set-up position's kingdom to move is not examined: the set-up
    /// loop never runs.
    SetupNotExamined => "TK-SETUP-NOT-EXAMINED", ["tk.T8", "tk.T6"];
    /// The turn passes Shu, Wei, Wu (counter-clockwise read the other way).
    TurnClockwise => "TK-TURN-CLOCKWISE", ["tk.T6"];
    /// The move counter resets on a capture only, not on a defeat.
    CounterCaptureOnly => "TK-COUNTER-CAPTURE-ONLY", ["tk.T10.move-limit"];
    /// The move counter never resets: 180 moves in all end the game.
    CounterNeverResets => "TK-COUNTER-NEVER-RESETS", ["tk.T10.move-limit"];
    /// The draw comes only after more than 180 moves (at 181).
    MoveLimitExclusive => "TK-MOVE-LIMIT-EXCLUSIVE", ["tk.T10.move-limit"];
    /// "Repeated for the third time" read as the fourth occurrence.
    RepetitionFourth => "TK-REPETITION-FOURTH", ["tk.T10.repetition"];
    /// Xiangqi's perpetual-check rule kept: a repetition reached by a
    /// checking move loses for the checker (the others share the win).
    PerpetualCheckLoses => "TK-PERPETUAL-CHECK-LOSES", ["tk.T10.repetition"];
    /// Only the kingdom to move may resign or run out of time.
    ResignOnlyOnMove => "TK-RESIGN-ONLY-ON-MOVE", ["tk.T11"];
    /// A kingdom defeated at the start of its turn hands its army to the
    /// kingdom that moves after it.
    HeirNextKingdom => "TK-HEIR-NEXT-KINGDOM", ["tk.T8.heir"];
}

impl fmt::Display for Misreading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The misreadings that change what attacks a general, so that the fast
/// attack test must give way to generating every rival move.
const ATTACK_FAULTS: u64 = {
    use Misreading::*;
    let list = [
        ElephantEyeIgnored,
        HorseLegIgnored,
        AdvisorLeavesPalace,
        GeneralLeavesPalace,
        CannonCapturesDirect,
        SoldierBankSideways,
        SoldierNoSideways,
        SoldierOneBranch,
        TriangleClosed,
        BannerJumps,
    ];
    let mut mask = 0u64;
    let mut i = 0;
    while i < list.len() {
        mask |= 1 << list[i] as u64;
        i += 1;
    }
    mask
};

/// The faults an engine plays with: empty in every normal run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FaultSet(u64);

impl FaultSet {
    /// No fault.
    pub const NONE: FaultSet = FaultSet(0);

    /// Whether no fault is set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the misreading is set.
    #[inline]
    pub fn has(self, misreading: Misreading) -> bool {
        self.0 & (1 << misreading as u64) != 0
    }

    /// This set with `misreading` added.
    pub fn with(self, misreading: Misreading) -> FaultSet {
        FaultSet(self.0 | (1 << misreading as u64))
    }

    /// Whether a set fault changes what attacks a general.
    #[inline]
    pub fn changes_attacks(self) -> bool {
        self.0 & ATTACK_FAULTS != 0
    }

    /// The faults named by catalogue IDs.
    ///
    /// # Errors
    /// A message naming an ID not in the catalogue and listing the known ones.
    pub fn from_ids<S: AsRef<str>>(ids: &[S]) -> Result<FaultSet, String> {
        let mut set = FaultSet::NONE;
        for id in ids {
            let id = id.as_ref().trim();
            let misreading = Misreading::ALL
                .iter()
                .copied()
                .find(|m| m.id() == id)
                .ok_or_else(|| {
                    format!(
                        "unknown misreading '{id}' for threekingdoms: expected one of {}",
                        Misreading::ALL
                            .iter()
                            .map(|m| m.id())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })?;
            set = set.with(misreading);
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_prefixed_and_read_back() {
        let mut seen = std::collections::BTreeSet::new();
        for &m in Misreading::ALL {
            assert!(m.id().starts_with("TK-"), "{m}");
            assert!(seen.insert(m.id()), "{m} twice");
            assert!(FaultSet::from_ids(&[m.id()]).is_ok_and(|set| set.has(m)));
        }
        assert!(Misreading::ALL.len() >= 25 && Misreading::ALL.len() <= 64);
        assert!(FaultSet::from_ids(&["TK-NOPE"]).is_err());
        assert!(FaultSet::from_ids(&["M-MATE-KING-ONLY"]).is_err());
    }
}
