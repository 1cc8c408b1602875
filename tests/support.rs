//! Helpers shared by the test modules: building small positions by hand.

#![allow(dead_code)]

use regelwerk::variant::monarchie::party::ByParty;
use regelwerk::variant::monarchie::setup::{Placed, Setup, Tray};
use regelwerk::variant::monarchie::{
    Action, Cell, Move, Party, Piece, PieceKind, Position, Ruleset,
};
use regelwerk::variant::{Game, Refusal, Report, Status, VariantError, VariantId};

/// The cell with this number; panics in tests on a bad number.
pub fn cell(number: u16) -> Cell {
    Cell::new(number).unwrap_or_else(|| panic!("{number} is not a cell"))
}

/// A move `from-to`.
pub fn mv(from: u16, to: u16) -> Move {
    Move::new(cell(from), cell(to))
}

/// Builds a setup piece by piece.
#[derive(Default, Clone)]
pub struct Build {
    setup: Setup,
}

impl Build {
    /// An empty board with `to_move` to move and nobody eliminated.
    pub fn new(to_move: Party) -> Build {
        let mut build = Build::default();
        build.setup.to_move = Some(to_move);
        build
    }

    /// Blau to move against Lila; Grün, Orange, Gelb and Rot are
    /// eliminated (their pieces, if any, are dead blockers). Kings as given.
    pub fn duel(blau_king: u16, lila_king: u16) -> Build {
        Build::new(Party::Blau)
            .eliminated(Party::Gruen)
            .eliminated(Party::Orange)
            .eliminated(Party::Gelb)
            .eliminated(Party::Rot)
            .king(Party::Blau, blau_king)
            .king(Party::Lila, lila_king)
    }

    /// Adds a live piece (pawns count as moved unless `unmoved` is called).
    pub fn piece(mut self, party: Party, kind: PieceKind, number: u16) -> Build {
        self.setup.pieces.push(Placed {
            cell: cell(number),
            piece: Piece::new(party, kind),
        });
        self
    }

    /// Adds a king.
    pub fn king(self, party: Party, number: u16) -> Build {
        self.piece(party, PieceKind::King, number)
    }

    /// Marks the pawn on `number` as unmoved (still on its start cell).
    pub fn unmoved(mut self, number: u16) -> Build {
        self.setup.unmoved_pawns.push(cell(number));
        self
    }

    /// Marks a party eliminated.
    pub fn eliminated(mut self, party: Party) -> Build {
        self.setup.eliminated.push(party);
        self
    }

    /// Adds a dead blocker of a (must be eliminated) party.
    pub fn dead(mut self, party: Party, kind: PieceKind, number: u16) -> Build {
        self.setup.dead_blockers.push(Placed {
            cell: cell(number),
            piece: Piece::new(party, kind),
        });
        self
    }

    /// Sets a party's tray.
    pub fn tray(mut self, party: Party, kinds: &[PieceKind]) -> Build {
        self.setup.trays[party] = kinds.iter().copied().collect::<Tray>();
        self
    }

    /// Sets all clocks (seconds, Blau to Rot).
    pub fn clocks(mut self, seconds: [u32; 6]) -> Build {
        self.setup.clocks = Some(ByParty(seconds));
        self
    }

    /// The setup as built.
    pub fn setup(&self) -> Setup {
        self.setup.clone()
    }

    /// The validated position; panics with the problems if invalid.
    pub fn build(&self) -> Position {
        Position::from_setup(&self.setup).unwrap_or_else(|error| panic!("test setup: {error}"))
    }
}

/// Sorted target cell numbers of the legal moves from one cell.
pub fn targets(position: &Position, from: u16, rules: &Ruleset) -> Vec<u16> {
    let mut cells: Vec<u16> =
        regelwerk::variant::monarchie::rules::legal_moves_from(position, cell(from), rules)
            .into_iter()
            .map(|m| m.to.number())
            .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Applies a move; panics with the reason if illegal.
pub fn play(
    position: &mut Position,
    from: u16,
    to: u16,
    rules: &Ruleset,
) -> regelwerk::variant::monarchie::rules::Outcome {
    regelwerk::variant::monarchie::rules::apply(position, Action::play(mv(from, to)), rules)
        .unwrap_or_else(|error| panic!("{from}-{to} should be legal: {error}"))
}

/// The repository root.
pub fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// What a run of the binary gave.
pub struct Output {
    /// The exit code.
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs the `regelwerk` binary from the repository root.
pub fn regelwerk(args: &[&str]) -> Output {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_regelwerk"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap_or_else(|error| panic!("running regelwerk {args:?}: {error}"));
    Output {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Every count and divide line of a perft file up to `max_nodes`, through
/// `perft-file`'s runner on the fast path (provenance, round trip, counts,
/// divide lines); panics on the first failure, returns how many lines
/// passed.
pub fn perft_file_passes(
    file: &regelwerk::perftfile::PerftFile,
    variant: regelwerk::variant::VariantId,
    max_nodes: u64,
) -> usize {
    crate::harness::fast_harness::corpus_lines_pass(
        file,
        variant,
        max_nodes,
        regelwerk::variant::PerftPath::Fast,
    )
}

/// One perft anchor of `tests/data/fsf-perft.yaml` (Fairy-Stockfish and
/// python-chess).
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Anchor {
    /// The variant.
    pub variant: regelwerk::variant::VariantId,
    /// The position.
    pub fen: String,
    /// The depth.
    pub depth: u32,
    /// The published count.
    pub nodes: u64,
}

/// Every anchor of `tests/data/fsf-perft.yaml`.
pub fn fsf_anchors() -> Vec<Anchor> {
    serde_yaml::from_str(include_str!("data/fsf-perft.yaml"))
        .unwrap_or_else(|error| panic!("tests/data/fsf-perft.yaml: {error}"))
}

/// How [`Tampered`] breaks the reference engine it wraps.
#[derive(Clone, Copy, Debug)]
pub enum Tamper {
    /// `legal_moves` leaves out the first legal move.
    DropsFirstListedMove,
    /// `play` refuses the last listed move (and `accepts`, which asks
    /// `play` by default, with it).
    RefusesLastListedMove,
}

/// The one delegating fake engine of the tests: the reference `game`,
/// broken the one way `tamper` names, every other answer passed through.
pub struct Tampered {
    /// The reference engine.
    pub game: Box<dyn Game>,
    /// The one thing it does wrong.
    pub tamper: Tamper,
}

impl Game for Tampered {
    fn variant(&self) -> VariantId {
        self.game.variant()
    }
    fn position_text(&self) -> String {
        self.game.position_text()
    }
    fn to_move(&self) -> Option<String> {
        self.game.to_move()
    }
    fn active(&self) -> Vec<String> {
        self.game.active()
    }
    fn in_check(&self) -> Vec<String> {
        self.game.in_check()
    }
    fn occupant(&self, square: &str) -> Result<String, VariantError> {
        self.game.occupant(square)
    }
    fn pieces(&self) -> Vec<(String, String)> {
        self.game.pieces()
    }
    fn state_field(&self, name: &str) -> Option<serde_json::Value> {
        self.game.state_field(name)
    }
    fn legal_moves(&self) -> Vec<String> {
        let moves = self.game.legal_moves();
        match self.tamper {
            Tamper::DropsFirstListedMove => moves.into_iter().skip(1).collect(),
            Tamper::RefusesLastListedMove => moves,
        }
    }
    fn legal_moves_from(&self, square: &str) -> Result<Vec<String>, VariantError> {
        self.game.legal_moves_from(square)
    }
    fn special_actions(&self) -> Vec<String> {
        self.game.special_actions()
    }
    fn canonical_action(&self, text: &str) -> Result<String, VariantError> {
        self.game.canonical_action(text)
    }
    fn play(&mut self, action: &str) -> Result<Report, Refusal> {
        if matches!(self.tamper, Tamper::RefusesLastListedMove)
            && self.game.legal_moves().last().map(String::as_str) == Some(action)
        {
            return Err(Refusal {
                code: "not-a-move-of-piece",
                detail: "refused on purpose".to_string(),
            });
        }
        self.game.play(action)
    }
    fn perft_on(&self, depth: u32, path: regelwerk::variant::PerftPath) -> u64 {
        self.game.perft_on(depth, path)
    }
    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.game.divide(depth)
    }
    fn move_squares(&self, mv: &str) -> Option<(String, String)> {
        self.game.move_squares(mv)
    }
    fn status(&self) -> Status {
        self.game.status()
    }
    fn own_invariants(&self, before: &str, report: &Report) -> Result<(), (String, String)> {
        self.game.own_invariants(before, report)
    }
    fn boxed_clone(&self) -> Box<dyn Game> {
        Box::new(Tampered {
            game: self.game.boxed_clone(),
            tamper: self.tamper,
        })
    }
}
