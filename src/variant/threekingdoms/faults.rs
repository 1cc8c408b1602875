//! Misreadings of Three Kingdoms Xiangqi (`spec/threekingdoms/misreadings.yaml`):
//! the plausible wrong readings of the rules page (seed 004) that an
//! implementer who read it once could make, played by the reference
//! engine only when a test or `--fault TK-...` asks (the contract is in
//! [`crate::variant::faults`]). A fault is never a ruling:
//! [`super::ruleset::Ruleset::from_settings`] knows no `TK-` ID. The rule
//! code never asks for a fault: each misreading is a hidden alternative of
//! one rule point in [`super::readings`], and the rule code matches on the
//! reading [`super::movegen::Engine::reading`] gives it; with no fault set
//! every reading is the rule after one test of an empty set.

misreadings! {
    "spec/threekingdoms/misreadings.yaml";
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
    /// Xiangqi's end kept: the first defeat ends the game, won by the
    /// kingdom that defeated (heir of the first defeat).
    GameEndsAtFirstDefeat => "TK-GAME-ENDS-AT-FIRST-DEFEAT", ["tk.T9", "tk.T8"];
    /// A line coming up an e-file continues only into the next kingdom's
    /// e-file: chariots and cannons never turn toward the previous one.
    ForkOneBranch => "TK-FORK-ONE-BRANCH", ["tk.P2", "tk.T5.chariot", "tk.T5.cannon"];
    /// A crossed soldier's "forward" is taken in the frame of the half it
    /// stands on: it steps toward that half's bank, not its back rank.
    SoldierCrossedBackward => "TK-SOLDIER-CROSSED-BACKWARD", ["tk.T5.soldier"];
    /// A move is refused only when it leaves the general attacked by the
    /// kingdom that moved just before (the only one that can capture it,
    /// F-CAPTURE-ONE-WAY); the next kingdom's attacks are ignored.
    SafetyPreviousOnly => "TK-SAFETY-PREVIOUS-ONLY", ["tk.T7"];
}

/// `(ID, clauses)` of every misreading, in catalogue order (the
/// variant's [`crate::variant::MisreadingInfo`] catalogue).
pub fn catalogue() -> Vec<(&'static str, &'static [&'static str])> {
    Misreading::catalogue()
}

impl FaultSet {
    /// Whether a set fault changes what attacks a general, so that the
    /// fast attack test must give way to generating every rival move
    /// (one test of an empty set in every normal run).
    #[inline]
    pub fn changes_attacks(self) -> bool {
        use Misreading::*;
        !self.is_empty()
            && self.iter().any(|m| {
                matches!(
                    m,
                    ElephantEyeIgnored
                        | HorseLegIgnored
                        | AdvisorLeavesPalace
                        | GeneralLeavesPalace
                        | CannonCapturesDirect
                        | SoldierBankSideways
                        | SoldierNoSideways
                        | SoldierOneBranch
                        | TriangleClosed
                        | BannerJumps
                        | ForkOneBranch
                        | SoldierCrossedBackward
                )
            })
    }
}
