//! The board of a chess variant as drawing data for the one renderer
//! ([`crate::draw`]): `files` x `ranks` squares in two tints,
//! file letters under the board and rank numbers beside it, White or
//! Black at the bottom.

use crate::draw::{Board, Place, Shape};

use super::geometry::Geometry;

/// The side of a square in SVG units.
pub const SIDE: f64 = 48.0;

/// The board of `geometry` with `bottom` (`white`, the default, or
/// `black`) at the bottom.
pub fn board(geometry: &Geometry, bottom: Option<&str>) -> Board {
    let flipped = bottom == Some("black");
    let (files, ranks) = (geometry.files(), geometry.ranks());
    let at = |file: u8, rank: u8| {
        let column = if flipped { files - 1 - file } else { file };
        let row = if flipped { rank } else { ranks - 1 - rank };
        (
            f64::from(column) * SIDE + SIDE / 2.0,
            f64::from(row) * SIDE + SIDE / 2.0,
        )
    };
    let mut places = Vec::new();
    for square in geometry.squares() {
        let (x, y) = at(square.file(), square.rank());
        places.push(Place {
            name: square.to_string(),
            x,
            y,
            tint: usize::from((square.file() + square.rank()) % 2 == 1),
            label: String::new(),
        });
    }
    let mut edge_labels = Vec::new();
    for file in 0..files {
        let (x, _) = at(file, 0);
        let letter = char::from(b'a' + file).to_string();
        edge_labels.push((x, f64::from(ranks) * SIDE + 18.0, letter));
    }
    for rank in 0..ranks {
        let (_, y) = at(0, rank);
        edge_labels.push((-14.0, y + 5.0, (rank + 1).to_string()));
    }
    let (width, height) = (f64::from(files) * SIDE, f64::from(ranks) * SIDE);
    Board {
        title: format!("{files}x{ranks} board"),
        view_box: [-30.0, -10.0, width + 40.0, height + 40.0],
        shape: Shape::Square(SIDE),
        tints: vec!["#b7a384", "#efe4cc"],
        places,
        lines: Vec::new(),
        edge_labels,
    }
}

/// One movement figure per piece kind of `kinds` (FEN letters, White):
/// the piece alone near the centre with White's king on a1 and Black's on
/// `black_king` (file, rank; out of its reach), so
/// that its dots are exactly what the move generator gives it. A pawn
/// stands on `pawn_rank` (counted from 0) to show its double step.
/// `extra` is one more piece `(FEN letter, file, rank)` that keeps the
/// game going where two kings and one piece would end it at once (Grand
/// Chess ends on insufficient material); it stands out of every figure
/// piece's reach.
pub fn piece_figures(
    geometry: &Geometry,
    kinds: &[(char, &str)],
    pawn_rank: u8,
    black_king: (u8, u8),
    extra: Option<(char, u8, u8)>,
) -> Vec<crate::variant::FigureSpec> {
    let (files, ranks) = (geometry.files(), geometry.ranks());
    kinds
        .iter()
        .map(|&(letter, name)| {
            let (file, rank) = if letter == 'P' {
                (files / 2 - 1, pawn_rank)
            } else {
                (files / 2 - 1, ranks / 2 - 1)
            };
            let mut rows = Vec::new();
            for row in (0..ranks).rev() {
                let mut cells: Vec<char> = vec!['.'; usize::from(files)];
                if row == 0 {
                    cells[0] = 'K';
                }
                if row == black_king.1 {
                    cells[usize::from(black_king.0)] = 'k';
                }
                if row == rank && letter != 'K' {
                    cells[usize::from(file)] = letter;
                }
                if let Some((piece, extra_file, extra_rank)) = extra {
                    if row == extra_rank {
                        cells[usize::from(extra_file)] = piece;
                    }
                }
                rows.push(fen_row(&cells));
            }
            let square = if letter == 'K' {
                "a1".to_string()
            } else {
                format!("{}{}", char::from(b'a' + file), rank + 1)
            };
            crate::variant::FigureSpec {
                file: format!("{name}.svg"),
                caption: format!("The {name} on {square}: every dot is a legal target"),
                notation: format!("{} w - - 0 1", rows.join("/")),
                square,
            }
        })
        .collect()
}

fn fen_row(cells: &[char]) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for &cell in cells {
        if cell == '.' {
            empty += 1;
        } else {
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(cell);
        }
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}
