//! The fast path's tables, built once per ruleset from the rule code's own
//! geometry ([`Geometry`], R-SEATS, R-CROSSING, R-LINES, R-DIAGONAL,
//! R-HORSE, R-BANNER) and its movement functions (R-SOLDIER, R-ORIGIN):
//! point sets of the 135 points ([`Bits`]) and flat lists per point of
//! rays, jumps and steps in both directions.

use super::super::geometry::{palace_diagonals, Geometry};
use super::super::movegen::Engine;
use super::super::point::{Kingdom, Point, POINT_COUNT};
use super::super::position::{Kind, Piece};
use super::super::ruleset::Ruleset;

/// A set of points: bit `p` of the three words for point index `p`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub [u64; 3]);

impl Bits {
    /// No point.
    pub const EMPTY: Bits = Bits([0; 3]);

    /// Whether point `p` is in the set.
    #[inline]
    pub fn has(self, p: usize) -> bool {
        (self.0[p >> 6] >> (p & 63)) & 1 != 0
    }

    /// Adds point `p`.
    #[inline]
    pub fn set(&mut self, p: usize) {
        self.0[p >> 6] |= 1 << (p & 63);
    }

    /// Removes point `p`.
    #[inline]
    pub fn clear(&mut self, p: usize) {
        self.0[p >> 6] &= !(1 << (p & 63));
    }

    /// The points of both.
    #[inline]
    pub fn or(self, other: Bits) -> Bits {
        Bits([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
        ])
    }

    /// The points of both sets.
    #[inline]
    pub fn and(self, other: Bits) -> Bits {
        Bits([
            self.0[0] & other.0[0],
            self.0[1] & other.0[1],
            self.0[2] & other.0[2],
        ])
    }

    /// The points of `self` not in `other`.
    #[inline]
    pub fn minus(self, other: Bits) -> Bits {
        Bits([
            self.0[0] & !other.0[0],
            self.0[1] & !other.0[1],
            self.0[2] & !other.0[2],
        ])
    }

    /// How many points.
    #[inline]
    pub fn count(self) -> u64 {
        u64::from(self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones())
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }

    /// Removes and returns the lowest point, if any.
    #[inline]
    pub fn pop(&mut self) -> Option<usize> {
        for (word, bits) in self.0.iter_mut().enumerate() {
            if *bits != 0 {
                let p = bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                return Some(word * 64 + p);
            }
        }
        None
    }
}

/// Per point, a flat list of items.
#[derive(Clone, Debug)]
pub struct Lists<T> {
    items: Vec<T>,
    start: Vec<u32>,
}

impl<T: Copy> Lists<T> {
    fn build(per_point: impl Fn(usize) -> Vec<T>) -> Lists<T> {
        let mut items = Vec::new();
        let mut start = vec![0];
        for p in 0..POINT_COUNT {
            items.extend(per_point(p));
            start.push(items.len() as u32);
        }
        Lists { items, start }
    }

    /// The items of point `p`.
    #[inline]
    pub fn of(&self, p: usize) -> &[T] {
        &self.items[self.start[p] as usize..self.start[p + 1] as usize]
    }
}

/// The tables of one ruleset.
#[derive(Clone, Debug)]
pub struct Tables {
    /// Per point its rays (R-LINES: forked rays each once), as point lists.
    pub rays: Lists<(u16, u8)>,
    /// The points of every ray, in order.
    pub ray_points: Vec<u8>,
    /// R-HORSE: per point (leg, to).
    pub horse: Lists<(u8, u8)>,
    /// Per point the horse jumps landing on it, as (from, leg).
    pub horse_to: Lists<(u8, u8)>,
    /// R-BANNER: per point (leg, leg2, to).
    pub banner: Lists<(u8, u8, u8)>,
    /// Per point the bannerman moves landing on it, as (from, leg, leg2).
    pub banner_to: Lists<(u8, u8, u8)>,
    /// Clause tk.T5: per point the elephant moves inside its half, (eye, to).
    pub elephant: Lists<(u8, u8)>,
    /// Per point the elephant moves landing on it, as (from, eye).
    pub elephant_to: Lists<(u8, u8)>,
    /// Per point the points from which a soldier, general or advisor
    /// could step onto it (orthogonal neighbours and palace diagonals).
    pub near: Lists<u8>,
    /// Clause tk.T5: the general's steps inside the palace it stands in.
    pub general: Vec<Bits>,
    /// Clause tk.T5: the palace diagonals from a point (where they exist).
    pub advisor: Vec<Bits>,
    /// R-SOLDIER: per frame kingdom and point, the soldier's steps.
    pub soldier: [Vec<Bits>; 3],
    /// The half of each point.
    pub half: [u8; POINT_COUNT],
    /// Whether each point lies in the palace of its half.
    pub palace: [bool; POINT_COUNT],
}

fn idx(p: Point) -> u8 {
    p.index() as u8
}

fn bits_of(points: impl IntoIterator<Item = Point>) -> Bits {
    let mut bits = Bits::EMPTY;
    for p in points {
        bits.set(p.index());
    }
    bits
}

impl Tables {
    /// The tables of `rules`, from the rule code's geometry and movement.
    pub fn new(rules: &Ruleset) -> Tables {
        let engine = Engine::new(*rules);
        let g: &Geometry = &engine.geometry;
        let point = Point::from_index;
        let mut ray_points = Vec::new();
        let mut ray_list = Vec::new();
        let mut ray_start = vec![0u32];
        for p in 0..POINT_COUNT {
            for ray in &g.rays[p] {
                ray_list.push((ray_points.len() as u16, ray.len() as u8));
                ray_points.extend(ray.iter().map(|q| idx(*q)));
            }
            ray_start.push(ray_list.len() as u32);
        }
        let rays = Lists {
            items: ray_list,
            start: ray_start,
        };
        let horse = Lists::build(|p| g.horse[p].iter().map(|j| (idx(j.leg), idx(j.to))).collect());
        let horse_to = Lists::build(|p| {
            g.horse_to[p]
                .iter()
                .map(|(from, j)| (idx(*from), idx(j.leg)))
                .collect()
        });
        let banner = Lists::build(|p| {
            g.banner[p]
                .iter()
                .map(|j| (idx(j.leg), idx(j.leg2), idx(j.to)))
                .collect()
        });
        let banner_to = Lists::build(|p| {
            g.banner_to[p]
                .iter()
                .map(|(from, j)| (idx(*from), idx(j.leg), idx(j.leg2)))
                .collect()
        });
        let elephant_moves = |p: usize| -> Vec<(u8, u8)> {
            let from = point(p);
            [(2, 2), (2, -2), (-2, 2), (-2, -2)]
                .into_iter()
                .filter_map(|(df, dr)| {
                    Some((idx(from.offset(df / 2, dr / 2)?), idx(from.offset(df, dr)?)))
                })
                .collect()
        };
        let elephant = Lists::build(elephant_moves);
        let elephant_to = Lists::build(|p| {
            (0..POINT_COUNT)
                .flat_map(|from| {
                    elephant_moves(from)
                        .into_iter()
                        .filter(|(_, to)| usize::from(*to) == p)
                        .map(move |(eye, _)| (from as u8, eye))
                })
                .collect()
        });
        let near = Lists::build(|p| {
            let mut list: Vec<u8> = g.neighbours[p].iter().map(|q| idx(*q)).collect();
            list.extend(palace_diagonals(point(p)).into_iter().map(idx));
            list.sort_unstable();
            list.dedup();
            list
        });
        let general = (0..POINT_COUNT)
            .map(|p| {
                let from = point(p);
                if !from.in_a_palace() {
                    return Bits::EMPTY;
                }
                bits_of(
                    g.neighbours[p]
                        .iter()
                        .copied()
                        .filter(|to| to.kingdom() == from.kingdom() && to.in_a_palace()),
                )
            })
            .collect();
        let advisor = (0..POINT_COUNT)
            .map(|p| bits_of(palace_diagonals(point(p))))
            .collect();
        // R-SOLDIER through the rule code's own steps, for a soldier whose
        // frame (home or owner, R-ORIGIN) is `frame`.
        let soldier = Kingdom::ALL.map(|frame| {
            (0..POINT_COUNT)
                .map(|p| bits_of(engine.soldier_steps(point(p), Piece::new(Kind::Soldier, frame))))
                .collect::<Vec<Bits>>()
        });
        let half = std::array::from_fn(|p| point(p).kingdom().index() as u8);
        let palace = std::array::from_fn(|p| point(p).in_a_palace());
        Tables {
            rays,
            ray_points,
            horse,
            horse_to,
            banner,
            banner_to,
            elephant,
            elephant_to,
            near,
            general,
            advisor,
            soldier,
            half,
            palace,
        }
    }

    /// The points of ray `ray` (an item of [`Tables::rays`]).
    #[inline]
    pub fn ray(&self, ray: (u16, u8)) -> &[u8] {
        &self.ray_points[usize::from(ray.0)..usize::from(ray.0) + usize::from(ray.1)]
    }
}
