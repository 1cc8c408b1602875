//! The pieces' movement (clauses tk.P2, tk.T4, tk.T5) and the safety rule
//! (clause tk.T7): pseudo-legal targets per piece, the attack and facing
//! tests, and legality (R-CHECK, R-FACING, R-GENERAL-CAPTURE).

use std::sync::Arc;

use super::faults::FaultSet;
use super::geometry::{palace_diagonals, Geometry};
use super::point::{Kingdom, Point};
use super::position::{Kind, Move, Piece, Position};
use super::readings::{
    AdvisorSteps, BannermanMoves, CannonCapture, ElephantEye, ElephantRange, GeneralCapturable,
    GeneralSafety, GeneralSteps, GeneralsFacing, HorseLeg, TriangleLines,
};
use super::ruleset::{Banner, Check, Facing, GeneralCapture, MoveId, Origin, Ruleset};
use super::transition;

mod steps;

/// The rules of the game: a ruleset and the geometry it implies.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The rulings.
    pub rules: Ruleset,
    /// The board's tables under them.
    pub geometry: Arc<Geometry>,
    /// The misreadings played on purpose (none in every normal run).
    pub faults: FaultSet,
}

/// Whether an attack test counts facing (a kingdom in check) or only
/// attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Judged right after the move and its capture effects (the
    /// defeat test inside a transition always judges so).
    AfterCapture,
    /// As the ruleset says (R-CHECK).
    AsRuled,
}

impl Engine {
    /// The engine of `rules`.
    pub fn new(rules: Ruleset) -> Engine {
        Engine::with_faults(rules, FaultSet::NONE)
    }

    /// The engine of `rules` playing the misreadings `faults`.
    pub fn with_faults(rules: Ruleset, faults: FaultSet) -> Engine {
        Engine {
            geometry: Geometry::shared(&rules),
            rules,
            faults,
        }
    }

    /// Which reading of the rule point `R` is played: the rule, unless a
    /// fault names one of its hidden alternatives
    /// ([`super::readings`]).
    #[inline]
    pub fn reading<R: crate::variant::readings::Reading<FaultSet>>(&self) -> R {
        R::of(self.faults)
    }

    /// The points of `ray` from `from` as sliders (`facing` false) or the
    /// facing test (`facing` true) walk it: clause tk.P2, the whole ray,
    /// through the triangle into both other kingdoms' e-files.
    pub fn walk<'a>(&self, from: Point, ray: &'a [Point], facing: bool) -> &'a [Point] {
        let lines = self.reading::<TriangleLines>();
        let facing_reading = self.reading::<GeneralsFacing>();
        // A line ends before it crosses a triangle edge only as a
        // misreading of clause tk.P2 (or, for facing, of tk.T7) reads it.
        let cut = lines == TriangleLines::Closed
            || (!facing && lines == TriangleLines::ClosedForSliders)
            || (facing && facing_reading == GeneralsFacing::NotThroughTheTriangle);
        // A slider's line (or the facing test) crosses into one
        // neighbour's e-file only.
        let only_into = if !facing && lines == TriangleLines::NextBranchOnly {
            Some(true)
        } else if !facing && lines == TriangleLines::PreviousBranchOnly {
            Some(false)
        } else if facing && facing_reading == GeneralsFacing::NextBranchOnly {
            Some(true)
        } else {
            None
        };
        if !cut && only_into.is_none() {
            return ray;
        }
        let crossing = (0..ray.len()).find(|&i| {
            let previous = if i == 0 { from } else { ray[i - 1] };
            let kept = match only_into {
                Some(true) => previous.kingdom().next(),
                Some(false) => previous.kingdom().previous(),
                None => previous.kingdom(),
            };
            previous.is_triangle()
                && ray[i].is_triangle()
                && previous.kingdom() != ray[i].kingdom()
                && (cut || ray[i].kingdom() != kept)
        });
        &ray[..crossing.unwrap_or(ray.len())]
    }

    /// R-ORIGIN: the kingdom whose half, palace and forward sense a piece
    /// follows.
    pub fn frame(&self, piece: Piece) -> Kingdom {
        match self.rules.origin {
            Origin::Home => piece.home,
            Origin::OwnerFrame => piece.owner,
        }
    }

    /// The points `piece` on `from` may move to by its own movement,
    /// ignoring its general's safety (with the ray index for sliders).
    /// Never onto a piece of its owner.
    pub fn targets(
        &self,
        position: &Position,
        from: Point,
        piece: Piece,
        out: &mut Vec<(Point, u8)>,
    ) {
        let g = &*self.geometry;
        let free = |to: Point| {
            position
                .at(to)
                .is_none_or(|other| other.owner != piece.owner)
        };
        let empty = |p: Point| position.at(p).is_none();
        let push = |out: &mut Vec<(Point, u8)>, to: Point, path: u8| {
            if free(to)
                && (self.rules.move_id == MoveId::ByPath || !out.iter().any(|(t, _)| *t == to))
            {
                out.push((to, path));
            }
        };
        match piece.kind {
            // Clause tk.T5: one orthogonal step inside the palace it
            // stands in (its home palace; R-FACING=fly-capture may take it
            // elsewhere).
            Kind::General => {
                match self.reading::<GeneralSteps>() {
                    GeneralSteps::InsideThePalace => {
                        if from.in_a_palace() {
                            for &to in &g.neighbours[from.index()] {
                                if to.kingdom() == from.kingdom() && to.in_a_palace() {
                                    push(out, to, 0);
                                }
                            }
                        }
                    }
                    GeneralSteps::AnywhereOnItsHalf => {
                        for &to in &g.neighbours[from.index()] {
                            if to.kingdom() == from.kingdom() {
                                push(out, to, 0);
                            }
                        }
                    }
                    GeneralSteps::PalaceFilesToTheBank => {
                        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                            if let Some(to) = from.offset(df, dr) {
                                if (3..=5).contains(&to.file()) {
                                    push(out, to, 0);
                                }
                            }
                        }
                    }
                }
                // R-FACING=fly-capture: the facing rival general.
                if self.rules.facing == Facing::FlyCapture {
                    for ray in &g.rays[from.index()] {
                        if let Some(&hit) = ray.iter().find(|p| position.at(**p).is_some()) {
                            if position.at(hit).is_some_and(|other| {
                                other.kind == Kind::General && other.owner != piece.owner
                            }) {
                                push(out, hit, 0);
                            }
                        }
                    }
                }
            }
            // Clause tk.T5, R-ORIGIN: the palace diagonals of its frame's palace.
            Kind::Advisor => match self.reading::<AdvisorSteps>() {
                AdvisorSteps::PalaceDiagonals => {
                    if from.in_palace_of(self.frame(piece)) {
                        for to in palace_diagonals(from) {
                            push(out, to, 0);
                        }
                    }
                }
                AdvisorSteps::AnyDiagonal => {
                    for &to in &g.diagonals[from.index()] {
                        push(out, to, 0);
                    }
                }
                AdvisorSteps::AnyDiagonalOnItsHalf => {
                    if from.kingdom() == self.frame(piece) {
                        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                            if let Some(to) = from.offset(df, dr) {
                                push(out, to, 0);
                            }
                        }
                    }
                }
            },
            // Clause tk.T5: two diagonal steps inside its frame's half,
            // the eye empty; never across the river.
            Kind::Elephant => {
                let range = self.reading::<ElephantRange>();
                let eye = self.reading::<ElephantEye>();
                let passes = |eye_point: Point, to: Point| match eye {
                    ElephantEye::Blocks => empty(eye_point),
                    ElephantEye::Ignored => true,
                    ElephantEye::IgnoredWhenCapturing => empty(eye_point) || !empty(to),
                };
                match range {
                    ElephantRange::OnItsHalf | ElephantRange::GluedBoards => {
                        // Clause tk.T5: on its frame's half only (on any
                        // half it stands on, as the glued-board misreading
                        // reads it).
                        let at_home = from.kingdom() == self.frame(piece)
                            || range == ElephantRange::GluedBoards;
                        if at_home {
                            for (df, dr) in [(2, 2), (2, -2), (-2, 2), (-2, -2)] {
                                if let (Some(eye_point), Some(to)) =
                                    (from.offset(df / 2, dr / 2), from.offset(df, dr))
                                {
                                    if passes(eye_point, to) {
                                        push(out, to, 0);
                                    }
                                }
                            }
                        }
                        if range == ElephantRange::GluedBoards {
                            for (eye_point, to) in self.glued_elephant_crossings(from) {
                                if passes(eye_point, to) {
                                    push(out, to, 0);
                                }
                            }
                        }
                    }
                    ElephantRange::AcrossRiverCells => {
                        for (eye_point, to) in self.straight_double_diagonals(from) {
                            if passes(eye_point, to) {
                                push(out, to, 0);
                            }
                        }
                    }
                }
            }
            // R-HORSE: the leg must be empty.
            Kind::Horse => {
                let leg = self.reading::<HorseLeg>();
                for jump in &g.horse[from.index()] {
                    let hobbled = match leg {
                        HorseLeg::Blocks => !empty(jump.leg),
                        HorseLeg::Ignored => false,
                        HorseLeg::OwnPieceBlocks => position
                            .at(jump.leg)
                            .is_some_and(|other| other.owner == piece.owner),
                    };
                    if !hobbled && self.jump_passes(from, jump, false) {
                        push(out, jump.to, 0);
                    }
                }
            }
            // R-BANNER: both straight points empty (only the first under
            // leg-only).
            Kind::Bannerman => {
                let reading = self.reading::<BannermanMoves>();
                let jumps = reading == BannermanMoves::JumpsOverAnything;
                let over_first = reading == BannermanMoves::JumpsOverTheFirst;
                let never_captures = reading == BannermanMoves::NeverCaptures;
                for jump in &g.banner[from.index()] {
                    if (never_captures && !empty(jump.to)) || !self.jump_passes(from, jump, true) {
                        continue;
                    }
                    if jumps
                        || (over_first && empty(jump.leg2))
                        || (empty(jump.leg)
                            && (self.rules.banner == Banner::LegOnly || empty(jump.leg2)))
                    {
                        push(out, jump.to, 0);
                    }
                }
            }
            // Clause tk.P2, R-LINES: any distance along one ray, up to and
            // including the first occupied point.
            Kind::Chariot => {
                for (index, ray) in g.rays[from.index()].iter().enumerate() {
                    for &to in self.walk(from, ray, false) {
                        push(out, to, index as u8);
                        if !empty(to) {
                            break;
                        }
                    }
                }
            }
            // Clause tk.P2: moves like a chariot without capturing;
            // captures the first piece beyond exactly one screen.
            Kind::Cannon => {
                let reading = self.reading::<CannonCapture>();
                let direct = reading == CannonCapture::DirectToo;
                if reading == CannonCapture::ChariotTargetsToo {
                    // The chariot's targets, then its own.
                    let chariot = Piece {
                        kind: Kind::Chariot,
                        ..piece
                    };
                    self.targets(position, from, chariot, out);
                }
                for (index, ray) in g.rays[from.index()].iter().enumerate() {
                    let mut screened = false;
                    for &to in self.walk(from, ray, false) {
                        if !screened {
                            if empty(to) {
                                push(out, to, index as u8);
                            } else {
                                if direct {
                                    push(out, to, index as u8);
                                }
                                screened = true;
                            }
                        } else if !empty(to) {
                            push(out, to, index as u8);
                            break;
                        }
                    }
                }
            }
            // R-SOLDIER.
            Kind::Soldier => {
                for to in self.soldier_steps(from, piece) {
                    push(out, to, 0);
                }
            }
        }
    }

    /// R-CHECK: whether a piece of another owner than `victim` could move
    /// onto `target` by its own movement; `target` holds a piece of
    /// `victim` (a general, in use: a cannon's move onto an empty point
    /// needs no screen, so empty points are not asked).
    pub fn attacked(&self, position: &Position, target: Point, victim: Kingdom) -> bool {
        if self.faults.changes_attacks() {
            return self.attacked_by_generation(position, target, victim);
        }
        let g = &*self.geometry;
        let rival = |p: Point, kind: Kind| {
            position
                .at(p)
                .filter(|piece| piece.kind == kind && piece.owner != victim)
        };
        let empty = |p: Point| position.at(p).is_none();
        for ray in &g.rays[target.index()] {
            let mut occupied = ray.iter().filter(|p| !empty(**p));
            if let Some(&first) = occupied.next() {
                if rival(first, Kind::Chariot).is_some() {
                    return true;
                }
                if self.rules.facing == Facing::FlyCapture
                    && rival(first, Kind::General).is_some()
                    && position
                        .at(target)
                        .is_some_and(|piece| piece.kind == Kind::General)
                {
                    return true;
                }
                if let Some(&second) = occupied.next() {
                    if rival(second, Kind::Cannon).is_some() {
                        return true;
                    }
                }
            }
        }
        for (from, jump) in &g.horse_to[target.index()] {
            if rival(*from, Kind::Horse).is_some() && empty(jump.leg) {
                return true;
            }
        }
        let banner_attacks = self.reading::<BannermanMoves>() != BannermanMoves::NeverAttacks;
        for (from, jump) in &g.banner_to[target.index()] {
            if banner_attacks
                && rival(*from, Kind::Bannerman).is_some()
                && empty(jump.leg)
                && (self.rules.banner == Banner::LegOnly || empty(jump.leg2))
            {
                return true;
            }
        }
        let mut near: Vec<Point> = g.neighbours[target.index()].clone();
        near.extend(palace_diagonals(target));
        for (df, dr) in [(2, 2), (2, -2), (-2, 2), (-2, -2)] {
            near.extend(target.offset(df, dr));
        }
        let mut scratch = Vec::new();
        for from in near {
            let Some(piece) = position.at(from) else {
                continue;
            };
            if piece.owner == victim
                || !matches!(
                    piece.kind,
                    Kind::Soldier | Kind::General | Kind::Advisor | Kind::Elephant
                )
            {
                continue;
            }
            scratch.clear();
            self.targets(position, from, piece, &mut scratch);
            if scratch.iter().any(|(to, _)| *to == target) {
                return true;
            }
        }
        false
    }

    /// The attack test by generating every rival move (the reference for
    /// [`Engine::attacked`] in the invariants).
    pub fn attacked_by_generation(
        &self,
        position: &Position,
        target: Point,
        victim: Kingdom,
    ) -> bool {
        let mut scratch = Vec::new();
        // Clause tk.T4: a bannerman attacks where it moves.
        let banner_attacks = self.reading::<BannermanMoves>() != BannermanMoves::NeverAttacks;
        position.pieces().any(|(from, piece)| {
            if piece.owner == victim || (piece.kind == Kind::Bannerman && !banner_attacks) {
                return false;
            }
            scratch.clear();
            self.targets(position, from, piece, &mut scratch);
            scratch.iter().any(|(to, _)| *to == target)
        })
    }

    /// R-FACING: whether `kingdom`'s general stands on one line with a
    /// rival general and nothing between.
    pub fn facing(&self, position: &Position, kingdom: Kingdom) -> bool {
        // Clause tk.T7 (facing): generals may never face.
        if self.reading::<GeneralsFacing>() == GeneralsFacing::Ignored {
            return false;
        }
        let Some(general) = position.generals[kingdom.index()] else {
            return false;
        };
        self.geometry.rays[general.index()].iter().any(|ray| {
            self.walk(general, ray, true)
                .iter()
                .find_map(|p| position.at(*p))
                .is_some_and(|piece| piece.kind == Kind::General && piece.owner != kingdom)
        })
    }

    /// R-FACING: the rival kingdoms whose generals face `kingdom`'s.
    fn faced(&self, position: &Position, kingdom: Kingdom) -> Vec<Kingdom> {
        let Some(general) = position.generals[kingdom.index()] else {
            return Vec::new();
        };
        self.geometry.rays[general.index()]
            .iter()
            .filter_map(|ray| {
                self.walk(general, ray, true)
                    .iter()
                    .find_map(|p| position.at(*p))
                    .filter(|piece| piece.kind == Kind::General && piece.owner != kingdom)
                    .map(|piece| piece.owner)
            })
            .collect()
    }

    /// R-CHECK: `kingdom`'s general is attacked or facing.
    pub fn in_check(&self, position: &Position, kingdom: Kingdom) -> bool {
        match position.generals[kingdom.index()] {
            Some(general) => {
                // Clause tk.T7: every rival's attack is a check (two
                // second codings read a check as coming from one rival
                // only, wherever a check is asked: legality, mate and
                // the reported checks).
                let attacked = match self.only_checker(position, kingdom) {
                    Some(by) => self.attacked_by_one(position, kingdom, by),
                    None => self.attacked(position, general, kingdom),
                };
                attacked || self.facing(position, kingdom)
            }
            None => false,
        }
    }

    /// Clause tk.T7: the one rival whose attacks make a check, as two
    /// second codings read it while two rivals are left
    /// (TK-SAFETY-NEXT-ONLY.2: the kingdom that moves after `kingdom`;
    /// TK-SAFETY-PREVIOUS-ONLY.2: the one that moves before it); `None`
    /// under the rule, where every rival's attacks count.
    fn only_checker(&self, position: &Position, kingdom: Kingdom) -> Option<Kingdom> {
        let safety = self.reading::<GeneralSafety>();
        if !matches!(
            safety,
            GeneralSafety::AllButPrevious | GeneralSafety::AllButNext
        ) || position.active_kingdoms().len() < 3
        {
            return None;
        }
        match safety {
            GeneralSafety::AllButPrevious => Some(position.next_active(kingdom)),
            _ => Some(position.previous_active(kingdom)),
        }
    }

    /// The pseudo-legal moves of `kingdom`'s pieces (of the piece on
    /// `only`, if given).
    pub fn pseudo_moves(
        &self,
        position: &Position,
        kingdom: Kingdom,
        only: Option<Point>,
        out: &mut Vec<Move>,
    ) {
        let mut scratch = Vec::new();
        for (from, piece) in position.pieces() {
            if piece.owner != kingdom || only.is_some_and(|p| p != from) {
                continue;
            }
            scratch.clear();
            self.targets(position, from, piece, &mut scratch);
            out.extend(scratch.iter().map(|&(to, path)| Move { from, to, path }));
        }
    }

    /// R-CHECK, R-FACING, R-GENERAL-CAPTURE: whether the pseudo-legal move
    /// `mv` of `kingdom` leaves its general neither attacked nor facing.
    pub fn is_safe(
        &self,
        position: &Position,
        kingdom: Kingdom,
        mv: Move,
        judgement: Judgement,
    ) -> bool {
        let captures_general = position
            .at(mv.to)
            .is_some_and(|piece| piece.kind == Kind::General);
        // Clause tk.T7 (general capture): a general may be captured.
        if captures_general
            && self.reading::<GeneralCapturable>() == GeneralCapturable::NeverCaptured
        {
            return false;
        }
        if captures_general && self.rules.general_capture == GeneralCapture::AlwaysLegal {
            return true;
        }
        let safety = self.reading::<GeneralSafety>();
        let mut next = *position;
        // Clause tk.T7: judged after the move's capture effects (a
        // captured general's army has changed hands).
        match safety {
            GeneralSafety::BeforeTakeover => {
                if let Some(piece) = next.lift(mv.from) {
                    next.put(mv.to, piece);
                }
            }
            GeneralSafety::HandoverAfterTest => {
                // The captured general leaves; the army it led keeps
                // its owner until after the test.
                next.lift(mv.to);
                if let Some(piece) = next.lift(mv.from) {
                    next.put(mv.to, piece);
                }
                next.refresh_generals();
            }
            GeneralSafety::EveryRivalAfterTakeover
            | GeneralSafety::NextRivalOnly
            | GeneralSafety::PreviousRivalOnly
            | GeneralSafety::AllButPrevious
            | GeneralSafety::AllButNext => {
                transition::move_and_capture(self, &mut next, kingdom, mv);
            }
        }
        if judgement == Judgement::AsRuled && self.rules.check == Check::AfterTransition {
            transition::after_move(self, &mut next, kingdom);
        }
        // Clause tk.T7: no rival may attack the general afterwards (and
        // no general may face it).
        let only_by = match safety {
            GeneralSafety::EveryRivalAfterTakeover
            | GeneralSafety::BeforeTakeover
            | GeneralSafety::HandoverAfterTest
            | GeneralSafety::AllButPrevious
            | GeneralSafety::AllButNext => None,
            GeneralSafety::NextRivalOnly => Some(transition::next_after(self, &next, kingdom)),
            GeneralSafety::PreviousRivalOnly => Some(next.previous_active(kingdom)),
        };
        if let Some(by) = only_by {
            return !self.attacked_by_one(&next, kingdom, by) && !self.facing(&next, kingdom);
        }
        let facing_reading = self.reading::<GeneralsFacing>();
        // A general's own step is tested for attacks only.
        if facing_reading == GeneralsFacing::GeneralStepsExempt
            && position
                .at(mv.from)
                .is_some_and(|piece| piece.kind == Kind::General)
        {
            return !self.attacked_now(&next, kingdom);
        }
        // A facing is refused only when the move makes the general face
        // a rival general it did not face before (kingdom by kingdom).
        if facing_reading == GeneralsFacing::NoneBefore {
            let before = self.faced(position, kingdom);
            let new_facing = self
                .faced(&next, kingdom)
                .iter()
                .any(|rival| !before.contains(rival));
            return !self.attacked_now(&next, kingdom) && !new_facing;
        }
        // Clause tk.T7 (facing): a facing is refused whoever opened it.
        if self.reading::<GeneralsFacing>() == GeneralsFacing::OnlyWhenCreated
            && !self.attacked_now(&next, kingdom)
            && self.facing(position, kingdom)
        {
            return true;
        }
        !self.in_check(&next, kingdom)
    }

    /// Clause tk.T7 (general capture): whether a pseudo-legal move stays
    /// on the move list (every one does, unless a misreading drops the
    /// moves onto a general).
    fn listed(&self, position: &Position, mv: Move) -> bool {
        self.reading::<GeneralCapturable>() != GeneralCapturable::DroppedFromTheList
            || position
                .at(mv.to)
                .is_none_or(|piece| piece.kind != Kind::General)
    }

    /// Whether `kingdom`'s general is attacked (facing aside).
    fn attacked_now(&self, position: &Position, kingdom: Kingdom) -> bool {
        position.generals[kingdom.index()]
            .is_some_and(|general| self.attacked(position, general, kingdom))
    }

    /// Whether `by`'s pieces attack `kingdom`'s general (for the readings
    /// `NextRivalOnly` and `PreviousRivalOnly` of [`GeneralSafety`],
    /// clause tk.T7).
    fn attacked_by_one(&self, position: &Position, kingdom: Kingdom, by: Kingdom) -> bool {
        let Some(general) = position.generals[kingdom.index()] else {
            return false;
        };
        let mut scratch = Vec::new();
        position.pieces().any(|(from, piece)| {
            if piece.owner != by {
                return false;
            }
            scratch.clear();
            self.targets(position, from, piece, &mut scratch);
            scratch.iter().any(|(to, _)| *to == general)
        })
    }

    /// The legal moves of `kingdom` (of the piece on `only`, if given).
    pub fn legal_moves_of(
        &self,
        position: &Position,
        kingdom: Kingdom,
        only: Option<Point>,
        judgement: Judgement,
        out: &mut Vec<Move>,
    ) {
        let start = out.len();
        self.pseudo_moves(position, kingdom, only, out);
        let mut keep = start;
        for i in start..out.len() {
            if self.listed(position, out[i]) && self.is_safe(position, kingdom, out[i], judgement) {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Whether `kingdom`, judged as if it were to move, has a legal move
    /// (clause tk.T8), judged right after capture effects.
    pub fn has_legal_move(&self, position: &Position, kingdom: Kingdom) -> bool {
        let mut scratch = Vec::new();
        for (from, piece) in position.pieces() {
            if piece.owner != kingdom {
                continue;
            }
            scratch.clear();
            self.targets(position, from, piece, &mut scratch);
            for &(to, path) in &scratch {
                if self.listed(position, Move { from, to, path })
                    && self.is_safe(
                        position,
                        kingdom,
                        Move { from, to, path },
                        Judgement::AfterCapture,
                    )
                {
                    return true;
                }
            }
        }
        false
    }

    /// The legal moves of the kingdom to move; none once the game is won.
    pub fn legal_moves(&self, position: &Position, out: &mut Vec<Move>) {
        if let Some(kingdom) = position.to_move {
            self.legal_moves_of(position, kingdom, None, Judgement::AsRuled, out);
        }
    }
}
