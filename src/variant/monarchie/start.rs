//! Anhang A: the binding start position, exactly as listed (R-SETUP),
//! asymmetries included (F-SETUP-BLAU, F-SETUP-ROOKS).

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::party::{ByParty, Party};
use crate::variant::monarchie::piece::{Piece, PieceKind};
use crate::variant::monarchie::setup::{Placed, Setup};

/// The start cells of one party's pieces, by kind.
#[derive(Clone, Copy, Debug)]
pub struct StartArmy {
    /// King (one cell).
    pub king: u16,
    /// Queen (one cell).
    pub queen: u16,
    /// Rooks.
    pub rooks: &'static [u16],
    /// Bishops.
    pub bishops: &'static [u16],
    /// Knights.
    pub knights: &'static [u16],
    /// Pawns: also the "official start cells" of clause 6.6.
    pub pawns: &'static [u16],
}

/// Anhang A, one army per party in clockwise order.
pub const ANHANG_A: [StartArmy; 6] = [
    // Blau
    StartArmy {
        king: 1,
        queen: 5,
        rooks: &[7, 10],
        bishops: &[4, 6],
        knights: &[2, 3, 8, 9],
        pawns: &[11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21],
    },
    // Grün
    StartArmy {
        king: 40,
        queen: 57,
        rooks: &[38, 73, 75],
        bishops: &[37, 91],
        knights: &[39, 56, 58, 74],
        pawns: &[35, 36, 54, 55, 72, 89, 90, 105, 106, 120],
    },
    // Orange
    StartArmy {
        king: 232,
        queen: 212,
        rooks: &[195, 230],
        bishops: &[178, 229],
        knights: &[194, 211, 213, 231],
        pawns: &[147, 161, 162, 176, 177, 192, 193, 209, 210, 227, 228],
    },
    // Lila
    StartArmy {
        king: 253,
        queen: 249,
        rooks: &[241, 248, 250],
        bishops: &[244, 247],
        knights: &[245, 246, 251, 252],
        pawns: &[233, 234, 235, 236, 237, 238, 239, 240, 242, 243],
    },
    // Gelb
    StartArmy {
        king: 214,
        queen: 197,
        rooks: &[179, 181, 216],
        bishops: &[163, 217],
        knights: &[180, 196, 198, 215],
        pawns: &[134, 148, 149, 164, 165, 182, 199, 200, 218, 219],
    },
    // Rot
    StartArmy {
        king: 22,
        queen: 42,
        rooks: &[24, 59, 61],
        bishops: &[25, 76],
        knights: &[23, 41, 43, 60],
        pawns: &[26, 27, 44, 45, 62, 77, 78, 92, 93, 107],
    },
];

impl StartArmy {
    /// The army of one party.
    pub fn of(party: Party) -> &'static StartArmy {
        &ANHANG_A[party.index()]
    }

    /// Every piece of the army with its cell.
    pub fn placed(&self, party: Party) -> Vec<Placed> {
        let groups: [(PieceKind, &[u16]); 6] = [
            (PieceKind::King, std::slice::from_ref(&self.king)),
            (PieceKind::Queen, std::slice::from_ref(&self.queen)),
            (PieceKind::Rook, self.rooks),
            (PieceKind::Bishop, self.bishops),
            (PieceKind::Knight, self.knights),
            (PieceKind::Pawn, self.pawns),
        ];
        groups
            .into_iter()
            .flat_map(|(kind, cells)| {
                cells.iter().map(move |&number| Placed {
                    cell: Cell::from_index(number as usize - 1),
                    piece: Piece::new(party, kind),
                })
            })
            .collect()
    }

    /// Whether `cell` is one of this army's pawn start cells.
    pub fn is_pawn_start(&self, cell: Cell) -> bool {
        self.pawns.contains(&cell.number())
    }
}

/// Remaining time of every party at the start of a timed game: 20 minutes.
pub const START_CLOCK_SECONDS: u32 = 1200;

/// The Anhang A start position as a [`Setup`], Blau to move, untimed.
pub fn start_setup() -> Setup {
    let pieces = Party::ALL
        .into_iter()
        .flat_map(|party| StartArmy::of(party).placed(party))
        .collect::<Vec<_>>();
    let unmoved_pawns = pieces
        .iter()
        .filter(|placed| placed.piece.kind == PieceKind::Pawn)
        .map(|placed| placed.cell)
        .collect();
    Setup {
        pieces,
        unmoved_pawns,
        to_move: Some(Party::Blau),
        trays: ByParty::default(),
        ..Setup::default()
    }
}

/// The start position with both clocks at 20 minutes (clause 15).
pub fn timed_start_setup() -> Setup {
    Setup {
        clocks: Some(ByParty([START_CLOCK_SECONDS; 6])),
        ..start_setup()
    }
}
