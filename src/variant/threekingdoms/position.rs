//! Pieces and positions (clauses tk.T3, tk.T4, tk.T8): every piece has an
//! owner (who moves it) and a home (the kingdom it started with,
//! R-ORIGIN); a position also carries whose turn it is, who is still in
//! the game, whether bannermen play, the history R-HEIR needs and the
//! counter of R-MOVE-LIMIT.

use std::fmt;

use super::point::{Kingdom, Point, POINT_COUNT};
use super::ruleset::Bannermen;

/// A piece kind (clause tk.T3, tk.T4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// K.
    General,
    /// A.
    Advisor,
    /// E.
    Elephant,
    /// H.
    Horse,
    /// R.
    Chariot,
    /// C.
    Cannon,
    /// P.
    Soldier,
    /// F.
    Bannerman,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 8] = [
        Kind::General,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Chariot,
        Kind::Cannon,
        Kind::Soldier,
        Kind::Bannerman,
    ];

    /// The notation letter.
    pub fn letter(self) -> char {
        match self {
            Kind::General => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'E',
            Kind::Horse => 'H',
            Kind::Chariot => 'R',
            Kind::Cannon => 'C',
            Kind::Soldier => 'P',
            Kind::Bannerman => 'F',
        }
    }

    /// The kind of a notation letter.
    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.letter() == letter)
    }

    /// The lowercase English name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::General => "general",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Chariot => "chariot",
            Kind::Cannon => "cannon",
            Kind::Soldier => "soldier",
            Kind::Bannerman => "bannerman",
        }
    }

    /// The kind of an English name.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// How many one home may have (clause tk.T3).
    pub fn per_home(self) -> usize {
        match self {
            Kind::General => 1,
            Kind::Soldier => 5,
            _ => 2,
        }
    }
}

/// A piece: kind, owner and home.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What it is.
    pub kind: Kind,
    /// Who moves it.
    pub owner: Kingdom,
    /// The kingdom it started with.
    pub home: Kingdom,
}

impl Piece {
    /// A piece at home.
    pub fn new(kind: Kind, owner: Kingdom) -> Piece {
        Piece {
            kind,
            owner,
            home: owner,
        }
    }
}

/// A position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// What stands on each point.
    pub board: [Option<Piece>; POINT_COUNT],
    /// The kingdom to move; `None` once the game is won.
    pub to_move: Option<Kingdom>,
    /// Whether each kingdom is still in the game.
    pub active: [bool; 3],
    /// Whether bannermen play (R-BANNERMEN).
    pub bannermen: Bannermen,
    /// The kingdom that made the last move (R-HEIR), if any.
    pub last_mover: Option<Kingdom>,
    /// Per kingdom, the mover of the earliest move since its own last
    /// move after which it has had no legal move (R-HEIR).
    pub trapped_since: [Option<Kingdom>; 3],
    /// Single moves since the last capture or defeat (R-MOVE-LIMIT).
    pub quiet: u32,
    /// Where each kingdom's general stands.
    pub generals: [Option<Point>; 3],
}

impl Position {
    /// An empty board, Shu to move, everybody active.
    pub fn empty(bannermen: Bannermen) -> Position {
        Position {
            board: [None; POINT_COUNT],
            to_move: Some(Kingdom::SHU),
            active: [true; 3],
            bannermen,
            last_mover: None,
            trapped_since: [None; 3],
            quiet: 0,
            generals: [None; 3],
        }
    }

    /// The start position (clauses tk.T3, tk.T4): the same army on each
    /// half, bannermen on d3 and f3 when they play; Shu to move.
    pub fn start(bannermen: Bannermen) -> Position {
        let mut position = Position::empty(bannermen);
        let back = [
            Kind::Chariot,
            Kind::Horse,
            Kind::Elephant,
            Kind::Advisor,
            Kind::General,
            Kind::Advisor,
            Kind::Elephant,
            Kind::Horse,
            Kind::Chariot,
        ];
        for kingdom in Kingdom::ALL {
            for (file, kind) in back.into_iter().enumerate() {
                position.put(
                    Point::new(kingdom, file as u8, 0),
                    Piece::new(kind, kingdom),
                );
            }
            for file in [1, 7] {
                position.put(
                    Point::new(kingdom, file, 2),
                    Piece::new(Kind::Cannon, kingdom),
                );
            }
            for file in [0, 2, 4, 6, 8] {
                position.put(
                    Point::new(kingdom, file, 3),
                    Piece::new(Kind::Soldier, kingdom),
                );
            }
            if bannermen == Bannermen::On {
                for file in [3, 5] {
                    position.put(
                        Point::new(kingdom, file, 2),
                        Piece::new(Kind::Bannerman, kingdom),
                    );
                }
            }
        }
        position
    }

    /// The piece on `point`.
    pub fn at(&self, point: Point) -> Option<Piece> {
        self.board[point.index()]
    }

    /// Puts `piece` on `point` (keeping the general table current).
    pub fn put(&mut self, point: Point, piece: Piece) {
        self.lift(point);
        if piece.kind == Kind::General {
            self.generals[piece.owner.index()] = Some(point);
        }
        self.board[point.index()] = Some(piece);
    }

    /// Empties `point`, returning what stood there.
    pub fn lift(&mut self, point: Point) -> Option<Piece> {
        let old = self.board[point.index()].take();
        if let Some(piece) = old {
            if piece.kind == Kind::General && self.generals[piece.owner.index()] == Some(point) {
                self.generals[piece.owner.index()] = None;
            }
        }
        old
    }

    /// Recomputes the general table from the board.
    pub fn refresh_generals(&mut self) {
        self.generals = [None; 3];
        for point in Point::all() {
            if let Some(piece) = self.at(point) {
                if piece.kind == Kind::General {
                    self.generals[piece.owner.index()] = Some(point);
                }
            }
        }
    }

    /// Whether `kingdom` is still in the game.
    pub fn is_active(&self, kingdom: Kingdom) -> bool {
        self.active[kingdom.index()]
    }

    /// The active kingdoms in turn order.
    pub fn active_kingdoms(&self) -> Vec<Kingdom> {
        Kingdom::ALL
            .into_iter()
            .filter(|k| self.is_active(*k))
            .collect()
    }

    /// The next active kingdom after `kingdom` in turn order.
    pub fn next_active(&self, kingdom: Kingdom) -> Kingdom {
        let mut k = kingdom.next();
        for _ in 0..3 {
            if self.is_active(k) {
                return k;
            }
            k = k.next();
        }
        kingdom
    }

    /// The previous active kingdom before `kingdom` in turn order.
    pub fn previous_active(&self, kingdom: Kingdom) -> Kingdom {
        let mut k = kingdom.previous();
        for _ in 0..3 {
            if self.is_active(k) {
                return k;
            }
            k = k.previous();
        }
        kingdom
    }

    /// Every piece with its point, in point order.
    pub fn pieces(&self) -> impl Iterator<Item = (Point, Piece)> + '_ {
        Point::all().filter_map(|point| self.at(point).map(|piece| (point, piece)))
    }

    /// The number of pieces on the board.
    pub fn piece_count(&self) -> usize {
        self.board.iter().flatten().count()
    }
}

/// A move: from, to, and (only under `R-MOVE-ID=by-path`) which ray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// Where the piece stands.
    pub from: Point,
    /// Where it goes.
    pub to: Point,
    /// The ray index for a slider under `by-path`; 0 otherwise.
    pub path: u8,
}

impl Move {
    /// The move from `from` to `to`.
    pub fn new(from: Point, to: Point) -> Move {
        Move { from, to, path: 0 }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}
