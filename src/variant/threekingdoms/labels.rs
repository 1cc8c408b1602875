//! Where the board picture's point labels and kingdom names go: beside
//! the points, never on a point or its piece. Every point is kept clear
//! to the reach of its marks ([`place_reach`]: the piece disc, the check
//! and capture rings), whether a piece stands there or not, so the one
//! layout fits every position. The kingdom names are placed first, out
//! beyond each back rank; then each point's label takes the nearest spot
//! around its point that is clear of every point and of every label
//! placed before it.

use crate::draw::{label_box, place_reach, Shape, SIDE_LABEL_SIZE};

/// The size of the kingdom names (the renderer's `edge` class).
pub const NAME_SIZE: f64 = 13.0;

/// Air between a label and what it must not touch.
const GAP: f64 = 1.5;

/// Whether box `b` comes within `r` of `(x, y)`.
fn box_hits_circle(b: &[f64; 4], x: f64, y: f64, r: f64) -> bool {
    let dx = (b[0] - x).max(0.0).max(x - b[2]);
    let dy = (b[1] - y).max(0.0).max(y - b[3]);
    dx * dx + dy * dy < r * r
}

/// Whether boxes `a` and `b` come within `gap` of each other.
fn boxes_meet(a: &[f64; 4], b: &[f64; 4], gap: f64) -> bool {
    a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap
}

/// The laid-out labels.
pub struct Layout {
    /// The centre of each point's label, in the order of the points given.
    pub points: Vec<(f64, f64)>,
    /// The centre of each name, in the order given.
    pub names: Vec<(f64, f64)>,
    /// Every label's box, for the picture's bounds.
    pub boxes: Vec<[f64; 4]>,
}

struct Placer<'a> {
    centres: &'a [(f64, f64)],
    reach: f64,
    boxes: Vec<[f64; 4]>,
}

impl Placer<'_> {
    fn clear(&self, b: &[f64; 4]) -> bool {
        self.centres
            .iter()
            .all(|&(x, y)| !box_hits_circle(b, x, y, self.reach + GAP))
            && self.boxes.iter().all(|other| !boxes_meet(b, other, GAP))
    }
}

/// Lays out `labels` (one per point, `centres` in the same order) and the
/// kingdom `names`, each given with the point it stands beyond (its
/// kingdom's back-rank middle): the name moves out from the board's centre
/// through that point until it is clear.
pub fn layout(
    shape: Shape,
    centres: &[(f64, f64)],
    labels: &[String],
    names: &[((f64, f64), String)],
) -> Layout {
    let mut placer = Placer {
        centres,
        reach: place_reach(shape),
        boxes: Vec::new(),
    };
    let mut name_centres = Vec::new();
    for ((x, y), name) in names {
        let length = (x * x + y * y).sqrt().max(1.0);
        let (ux, uy) = (x / length, y / length);
        let mut distance = placer.reach;
        let centre = loop {
            let (cx, cy) = (x + ux * distance, y + uy * distance);
            let b = label_box(cx, cy, name, NAME_SIZE);
            if placer.clear(&b) || distance > 400.0 {
                placer.boxes.push(b);
                break (cx, cy);
            }
            distance += 2.0;
        };
        name_centres.push(centre);
    }
    // Around each point: rings from just outside its reach, 24 directions
    // each, starting below-right and alternating to either side of it.
    let angles: Vec<f64> = (0..24)
        .map(|step: i32| {
            let turn = if step % 2 == 0 {
                step / 2
            } else {
                -(step + 1) / 2
            };
            (45.0 + 15.0 * f64::from(turn)).to_radians()
        })
        .collect();
    let mut point_centres = Vec::new();
    for (&(x, y), label) in centres.iter().zip(labels) {
        let half_width = label_box(0.0, 0.0, label, SIDE_LABEL_SIZE)[2];
        let mut chosen = None;
        'rings: for ring in 0..24 {
            let distance = placer.reach + GAP + SIDE_LABEL_SIZE * 0.6 + f64::from(ring) * 1.5;
            for angle in &angles {
                // The box's extent in this direction, so that its near edge
                // (not its centre) sits at `distance`.
                let (sin, cos) = angle.sin_cos();
                let extent = (half_width * cos.abs()).max(SIDE_LABEL_SIZE * 0.6 * sin.abs());
                let d = distance + extent - SIDE_LABEL_SIZE * 0.6;
                let (cx, cy) = (x + cos * d, y + sin * d);
                let b = label_box(cx, cy, label, SIDE_LABEL_SIZE);
                if placer.clear(&b) {
                    chosen = Some(((cx, cy), b));
                    break 'rings;
                }
            }
        }
        // No clear spot (never on the Three Kingdoms board; a test checks
        // the layout): below the point's reach.
        let ((cx, cy), b) = chosen.unwrap_or_else(|| {
            let cy = y + placer.reach + SIDE_LABEL_SIZE;
            ((x, cy), label_box(x, cy, label, SIDE_LABEL_SIZE))
        });
        placer.boxes.push(b);
        point_centres.push((cx, cy));
    }
    Layout {
        points: point_centres,
        names: name_centres,
        boxes: placer.boxes,
    }
}
