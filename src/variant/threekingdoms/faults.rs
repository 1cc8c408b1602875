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
    /// An elephant's two-point diagonal runs on across a river arm: from
    /// its bank points it lands on a neighbour's fourth rank, and once
    /// across it moves on the half it stands on.
    ElephantCrossesArm => "TK-ELEPHANT-CROSSES-ARM", ["tk.T5.elephant"];
    /// Only chariots, cannons and soldiers may pass the triangle: a horse
    /// or bannerman whose leg or path point is a triangle point is
    /// stopped.
    JumpNotThroughTriangle => "TK-JUMP-NOT-THROUGH-TRIANGLE", ["tk.P2", "tk.T5.horse", "tk.T4"];
    // Second codings (issue 47): the same wrong reading as the entry
    // named before the dot, written on its own code path and reaching
    // its own set of positions.
    /// TK-ELEPHANT-EYE-IGNORED, second coding: the eye does not block a
    /// capturing move (the elephant leaps onto its prey).
    ElephantEyeIgnored2 => "TK-ELEPHANT-EYE-IGNORED.2", ["tk.T5.elephant"];
    /// TK-HORSE-LEG-IGNORED, second coding: only a piece of the horse's
    /// owner on the leg hobbles it; a rival piece there is jumped.
    HorseLegIgnored2 => "TK-HORSE-LEG-IGNORED.2", ["tk.T5.horse"];
    /// TK-ADVISOR-LEAVES-PALACE, second coding: one diagonal step
    /// anywhere on its frame's half.
    AdvisorLeavesPalace2 => "TK-ADVISOR-LEAVES-PALACE.2", ["tk.T5.advisor"];
    /// TK-GENERAL-LEAVES-PALACE, second coding: the palace read as the
    /// files d to f of its own half, up to the bank.
    GeneralLeavesPalace2 => "TK-GENERAL-LEAVES-PALACE.2", ["tk.T5.general"];
    /// TK-CANNON-CAPTURES-DIRECT, second coding: the cannon takes the
    /// chariot's targets besides its own in its move list, while the
    /// attack test (a routine of its own) still asks for a screen.
    CannonCapturesDirect2 => "TK-CANNON-CAPTURES-DIRECT.2", ["tk.T5.cannon"];
    /// TK-SOLDIER-BANK-SIDEWAYS, second coding: sideways on its own
    /// fourth rank and bank (from its start rank on).
    SoldierBankSideways2 => "TK-SOLDIER-BANK-SIDEWAYS.2", ["tk.T5.soldier"];
    /// TK-SOLDIER-NO-SIDEWAYS, second coding: no sideways step on a
    /// rival's bank; deeper in it may.
    SoldierNoSideways2 => "TK-SOLDIER-NO-SIDEWAYS.2", ["tk.T5.soldier"];
    /// TK-SOLDIER-ONE-BRANCH, second coding: from its e5 into the
    /// previous kingdom's e5 only.
    SoldierOneBranch2 => "TK-SOLDIER-ONE-BRANCH.2", ["tk.T5.soldier", "tk.P2"];
    /// TK-TRIANGLE-CLOSED, second coding: closed for chariots and cannons
    /// only; the facing test still passes the triangle.
    TriangleClosed2 => "TK-TRIANGLE-CLOSED.2", ["tk.P2", "tk.T2", "tk.T5.chariot"];
    /// TK-BANNER-JUMPS, second coding: it jumps over a piece on its first
    /// straight point; the second must be empty.
    BannerJumps2 => "TK-BANNER-JUMPS.2", ["tk.T4"];
    /// TK-BANNER-NO-CHECK, second coding: a bannerman never captures at
    /// all, so it never attacks a general.
    BannerNoCheck2 => "TK-BANNER-NO-CHECK.2", ["tk.T4", "tk.T7"];
    /// TK-FACING-IGNORED, second coding: a general's own step may end
    /// facing a rival general.
    FacingIgnored2 => "TK-FACING-IGNORED.2", ["tk.T7.facing"];
    /// TK-FACING-NOT-THROUGH-TRIANGLE, second coding: through the
    /// triangle facing counts into the next kingdom's e-file only.
    FacingNotThroughTriangle2 => "TK-FACING-NOT-THROUGH-TRIANGLE.2", ["tk.T7.facing"];
    /// TK-FACING-CREATED-ONLY, second coding: a move is refused for
    /// facing only if it makes the general face a rival general it did
    /// not face before (kingdom by kingdom).
    FacingCreatedOnly2 => "TK-FACING-CREATED-ONLY.2", ["tk.T7.facing"];
    /// TK-SAFETY-NEXT-ONLY, second coding: the check test itself counts
    /// only the attacks of the kingdom that moves after the attacked one
    /// (so mates and reported checks follow it too).
    SafetyNextOnly2 => "TK-SAFETY-NEXT-ONLY.2", ["tk.T7"];
    /// TK-SAFETY-BEFORE-TAKEOVER, second coding: the captured general
    /// leaves first, and its army is handed over only after the test.
    SafetyBeforeTakeover2 => "TK-SAFETY-BEFORE-TAKEOVER.2", ["tk.T7", "tk.T7.general-capture"];
    /// TK-GENERAL-NOT-CAPTURABLE, second coding: the move list drops
    /// every move onto a general.
    GeneralNotCapturable2 => "TK-GENERAL-NOT-CAPTURABLE.2", ["tk.T7.general-capture", "tk.T8"];
    /// TK-TAKEOVER-REMOVES-ARMY, second coding: a captured general's army
    /// leaves the board; a trapped kingdom's goes to its heir.
    TakeoverRemovesArmy2 => "TK-TAKEOVER-REMOVES-ARMY.2", ["tk.T8.takeover", "tk.P3"];
    /// TK-TAKEOVER-OWN-HOME-ONLY, second coding: inherited pieces are
    /// cleared in a pass of their own before the army changes hands.
    TakeoverOwnHomeOnly2 => "TK-TAKEOVER-OWN-HOME-ONLY.2", ["tk.T8.takeover"];
    /// TK-STALEMATE-SKIPS, second coding: a kingdom not in check is
    /// skipped before its moves are even counted, in the hand-on after
    /// an action only (the set-up loop is code of its own and defeats).
    StalemateSkips2 => "TK-STALEMATE-SKIPS.2", ["tk.T8"];
    /// TK-SETUP-NOT-EXAMINED, second coding: a set-up position's kingdom
    /// to move is examined only when it stands in check.
    SetupNotExamined2 => "TK-SETUP-NOT-EXAMINED.2", ["tk.T8", "tk.T6"];
    /// TK-TURN-CLOCKWISE, second coding: the order read from a fixed
    /// table Shu, Wei, Wu in play; the set-up loop, code of its own,
    /// walks the ruled order.
    TurnClockwise2 => "TK-TURN-CLOCKWISE.2", ["tk.T6"];
    /// TK-COUNTER-CAPTURE-ONLY, second coding: a capture or a mate resets
    /// the counter, a stalemate does not.
    CounterCaptureOnly2 => "TK-COUNTER-CAPTURE-ONLY.2", ["tk.T10.move-limit"];
    /// TK-COUNTER-NEVER-RESETS, second coding: the counter is the number
    /// of moves played since the start of play (a set-up's count is not
    /// read).
    CounterNeverResets2 => "TK-COUNTER-NEVER-RESETS.2", ["tk.T10.move-limit"];
    /// TK-MOVE-LIMIT-EXCLUSIVE, second coding: the draw needs a count
    /// strictly above the limit, and the count starts at the resetting
    /// move (a capture or defeat sets it to 1).
    MoveLimitExclusive2 => "TK-MOVE-LIMIT-EXCLUSIVE.2", ["tk.T10.move-limit"];
    /// TK-REPETITION-FOURTH, second coding: the start or set-up position
    /// is not counted as an occurrence.
    RepetitionFourth2 => "TK-REPETITION-FOURTH.2", ["tk.T10.repetition"];
    /// TK-PERPETUAL-CHECK-LOSES, second coding: the checked kingdom alone
    /// wins a repetition reached by a check.
    PerpetualCheckLoses2 => "TK-PERPETUAL-CHECK-LOSES.2", ["tk.T10.repetition"];
    /// TK-RESIGN-ONLY-ON-MOVE, second coding: a resignation off move is
    /// refused; leaving and running out of time are not.
    ResignOnlyOnMove2 => "TK-RESIGN-ONLY-ON-MOVE.2", ["tk.T11"];
    /// TK-HEIR-NEXT-KINGDOM, second coding: the heir is the kingdom the
    /// turn order hands the move to after the trapped one, in play; the
    /// set-up loop, code of its own, names the heir as ruled.
    HeirNextKingdom2 => "TK-HEIR-NEXT-KINGDOM.2", ["tk.T8.heir"];
    /// TK-GAME-ENDS-AT-FIRST-DEFEAT, second coding: the first defeat ends
    /// the game, won by the kingdom that made the last move.
    GameEndsAtFirstDefeat2 => "TK-GAME-ENDS-AT-FIRST-DEFEAT.2", ["tk.T9", "tk.T8"];
    /// TK-FORK-ONE-BRANCH, second coding: a line coming up an e-file goes
    /// on into the previous kingdom's e-file only.
    ForkOneBranch2 => "TK-FORK-ONE-BRANCH.2", ["tk.P2", "tk.T5.chariot", "tk.T5.cannon"];
    /// TK-SOLDIER-CROSSED-BACKWARD, second coding: a crossed soldier may
    /// also step back toward the bank of the half it stands on, anywhere.
    SoldierCrossedBackward2 => "TK-SOLDIER-CROSSED-BACKWARD.2", ["tk.T5.soldier"];
    /// TK-SAFETY-PREVIOUS-ONLY, second coding: the check test itself
    /// counts only the attacks of the kingdom that moves before the
    /// attacked one (so mates and reported checks follow it too).
    SafetyPreviousOnly2 => "TK-SAFETY-PREVIOUS-ONLY.2", ["tk.T7"];
    /// TK-ELEPHANT-CROSSES-ARM, second coding: from its bank point an
    /// elephant lands two files over on the faced half's fourth rank (the
    /// two halves glued as one xiangqi board), and moves on any half.
    ElephantCrossesArm2 => "TK-ELEPHANT-CROSSES-ARM.2", ["tk.T5.elephant"];
    /// TK-JUMP-NOT-THROUGH-TRIANGLE, second coding: a horse's or
    /// bannerman's path may not run along a triangle edge (the edges
    /// belong to the turning pieces only); a triangle point as a leg
    /// between two points of one half is allowed.
    JumpNotThroughTriangle2 => "TK-JUMP-NOT-THROUGH-TRIANGLE.2", ["tk.P2", "tk.T5.horse", "tk.T4"];
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
                        | ElephantCrossesArm
                        | ElephantEyeIgnored2
                        | HorseLegIgnored2
                        | AdvisorLeavesPalace2
                        | GeneralLeavesPalace2
                        | SoldierBankSideways2
                        | SoldierNoSideways2
                        | SoldierOneBranch2
                        | TriangleClosed2
                        | BannerJumps2
                        | BannerNoCheck2
                        | ForkOneBranch2
                        | SoldierCrossedBackward2
                        | ElephantCrossesArm2
                        | JumpNotThroughTriangle
                        | JumpNotThroughTriangle2
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::super::movegen::{Engine, Judgement};
    use super::super::point::{Kingdom, Point};
    use super::super::tests::setup;
    use super::FaultSet;

    /// The target points of Shu's piece on `from` in the set-up `entries`
    /// under `faults`, sorted.
    fn targets(entries: &[&str], from: &str, faults: &[&str]) -> Vec<String> {
        let game = setup(entries, Kingdom::SHU, &[]);
        let faults = FaultSet::from_ids(faults).expect("known misreadings");
        let engine = Engine::with_faults(game.engine.rules, faults);
        let from: Point = from.parse().expect("a point");
        let mut out = Vec::new();
        engine.legal_moves_of(
            &game.position,
            Kingdom::SHU,
            Some(from),
            Judgement::AsRuled,
            &mut out,
        );
        let mut names: Vec<String> = out.iter().map(|mv| mv.to.to_string()).collect();
        names.sort();
        names
    }

    /// TK-JUMP-NOT-THROUGH-TRIANGLE and its second coding stop different
    /// jumps (clause tk.P2, R-HORSE): a horse on Re4 goes over the leg Re5
    /// and along a triangle edge into Wu's and Wei's river cells, which
    /// both stop; a horse on Rd5 goes over the leg Re5 along Shu's bank to
    /// Rf4 and Gd5, which only the first stops (no triangle edge is used).
    #[test]
    fn the_two_jump_codings_stop_different_jumps() {
        let generals = ["Rd1=K.shu", "Gd1=K.wu", "Bd1=K.wei"];
        let with = |horse: &'static str| -> Vec<&'static str> {
            let mut entries = generals.to_vec();
            entries.push(horse);
            entries
        };
        let e4 = with("Re4=H.shu");
        let rule = targets(&e4, "Re4", &[]);
        assert_eq!(
            rule,
            ["Bf5", "Gd5", "Rc3", "Rc5", "Rd2", "Rf2", "Rg3", "Rg5"]
        );
        let without_river_cells = ["Rc3", "Rc5", "Rd2", "Rf2", "Rg3", "Rg5"];
        assert_eq!(
            targets(&e4, "Re4", &["TK-JUMP-NOT-THROUGH-TRIANGLE"]),
            without_river_cells
        );
        assert_eq!(
            targets(&e4, "Re4", &["TK-JUMP-NOT-THROUGH-TRIANGLE.2"]),
            without_river_cells
        );
        let d5 = with("Rd5=H.shu");
        let rule = targets(&d5, "Rd5", &[]);
        assert_eq!(
            rule,
            ["Be4", "Bg4", "Bh5", "Gd5", "Rb4", "Rc3", "Re3", "Rf4"]
        );
        assert_eq!(
            targets(&d5, "Rd5", &["TK-JUMP-NOT-THROUGH-TRIANGLE"]),
            ["Be4", "Bg4", "Bh5", "Rb4", "Rc3", "Re3"]
        );
        assert_eq!(
            targets(&d5, "Rd5", &["TK-JUMP-NOT-THROUGH-TRIANGLE.2"]),
            rule
        );
    }
}
