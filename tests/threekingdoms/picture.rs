//! The Three Kingdoms board picture (issue 26 item 14): point labels and
//! kingdom names never cover a point, a piece, a ring or each other, read
//! back from the SVG itself, for the start position and a busy one; the
//! triangle horse figure marks its one-way targets, names them in the
//! caption and has a legend, and the engine agrees they are one-way.

use regelwerk::players::{play_recorded, Joshua};
use regelwerk::render::figures::variant_figures;
use regelwerk::render::game::{render_game, GameDiagram};
use regelwerk::variant::{self, VariantId};

/// The value of attribute `name` in one SVG element.
fn attr(element: &str, name: &str) -> Option<f64> {
    let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = element[start..].find('"')? + start;
    element[start..end].parse().ok()
}

/// A label: its text and the box it covers at most, measured
/// independently of the layout code: 0.62 em per character (Arial's
/// widest capital but W and M; W appears only in the names, which are
/// short), from 0.78 em above the baseline to 0.25 em below it.
fn text_box(element: &str, text: &str, size: f64) -> [f64; 4] {
    let x = attr(element, "x").unwrap_or_default();
    let y = attr(element, "y").unwrap_or_default();
    let half = text.chars().count() as f64 * 0.62 * size / 2.0;
    [x - half, y - 0.78 * size, x + half, y + 0.25 * size]
}

fn hits(b: &[f64; 4], (x, y): (f64, f64), r: f64) -> bool {
    let dx = (b[0] - x).max(0.0).max(x - b[2]);
    let dy = (b[1] - y).max(0.0).max(y - b[3]);
    dx * dx + dy * dy < r * r
}

/// Every overlap of a label with a circle (points, pieces, rings) or with
/// another label in `svg`, and the number of labels found.
fn overlaps(svg: &str) -> (Vec<String>, usize) {
    let mut circles: Vec<((f64, f64), f64, String)> = Vec::new();
    let mut labels: Vec<([f64; 4], String)> = Vec::new();
    let point_r = svg
        .split("<circle id=\"place\" r=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .and_then(|r| r.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("no point shape"));
    for element in svg.split('<').skip(1) {
        let centre = |x: &str, y: &str| {
            (
                attr(element, x).unwrap_or(0.0),
                attr(element, y).unwrap_or(0.0),
            )
        };
        if element.starts_with("use href=\"#place\"") {
            // The point and its 0.8 stroke.
            circles.push((centre("x", "y"), point_r + 0.4, "a point".to_string()));
        } else if element.starts_with("circle class=") {
            let r = attr(element, "r").unwrap_or_default();
            let stroke = if element.contains("class=\"p\"") {
                1.0
            } else {
                1.75
            };
            circles.push((
                centre("cx", "cy"),
                r + stroke,
                element[..element.find(" cx").unwrap_or(0)].to_string(),
            ));
        } else if let Some(rest) = element
            .strip_prefix("text class=\"ns\"")
            .or_else(|| element.strip_prefix("text class=\"edge\""))
        {
            let size = if element.starts_with("text class=\"ns\"") {
                9.0
            } else {
                13.0
            };
            let text = rest.split('>').nth(1).unwrap_or_default().to_string();
            labels.push((text_box(element, &text, size), text));
        }
    }
    let mut found = Vec::new();
    for (index, (b, text)) in labels.iter().enumerate() {
        for (at, r, what) in &circles {
            if hits(b, *at, *r) {
                found.push(format!("`{text}` over {what} at {at:?}"));
            }
        }
        for (other, other_text) in &labels[index + 1..] {
            let meet = b[0] < other[2] && other[0] < b[2] && b[1] < other[3] && other[1] < b[3];
            if meet {
                found.push(format!("`{text}` over `{other_text}`"));
            }
        }
    }
    (found, labels.len())
}

#[test]
fn labels_clear_of_points_pieces_and_each_other() {
    let start =
        variant::open(VariantId::Threekingdoms, None, &[]).unwrap_or_else(|e| panic!("{e}"));
    let svg =
        render_game(start.as_ref(), &GameDiagram::default()).unwrap_or_else(|e| panic!("{e}"));
    let (found, labels) = overlaps(&svg);
    assert_eq!(labels, 135 + 3, "every point and kingdom labelled");
    assert!(found.is_empty(), "start position:\n{}", found.join("\n"));
    // A busy middle game: every seat has moved, pieces off their start
    // points, a piece's targets dotted (capture rings on occupied ones).
    let seats = [Joshua::Random; 3];
    let recorder = play_recorded(VariantId::Threekingdoms, None, &[], &seats, 11, 45)
        .unwrap_or_else(|e| panic!("{e}"));
    let game = recorder.game();
    let mover = game.to_move().unwrap_or_else(|| panic!("the game is over"));
    let square = game
        .legal_moves()
        .iter()
        .filter_map(|mv| game.move_squares(mv).map(|(from, _)| from))
        .max_by_key(|from| game.legal_moves_from(from).map_or(0, |m| m.len()))
        .unwrap_or_else(|| panic!("{mover} has no move"));
    for bottom in ["shu", "wu", "wei"] {
        let diagram = GameDiagram {
            bottom: Some(bottom.to_string()),
            moves_of: Some(square.clone()),
            ..GameDiagram::default()
        };
        let svg = render_game(game, &diagram).unwrap_or_else(|e| panic!("{e}"));
        assert!(svg.matches("class=\"dot").count() > 0, "{square} has dots");
        let (found, labels) = overlaps(&svg);
        assert_eq!(labels, 138);
        assert!(
            found.is_empty(),
            "busy position, {bottom} at the bottom:\n{}",
            found.join("\n")
        );
    }
}

/// The checker sees an overlap when there is one: a label moved onto its
/// point is reported.
#[test]
fn the_overlap_check_can_fail() {
    let start =
        variant::open(VariantId::Threekingdoms, None, &[]).unwrap_or_else(|e| panic!("{e}"));
    let svg =
        render_game(start.as_ref(), &GameDiagram::default()).unwrap_or_else(|e| panic!("{e}"));
    let label = svg
        .split('\n')
        .find(|line| line.contains("class=\"ns\"") && line.ends_with(">Re1</text>"))
        .unwrap_or_else(|| panic!("no Re1 label"));
    let general = svg
        .split('\n')
        .find(|line| line.starts_with("<circle class=\"p\"") && line.contains("fill=\"#c22a2a\""))
        .unwrap_or_else(|| panic!("no Shu piece"));
    let (x, y) = (
        attr(general, "cx").unwrap_or(0.0),
        attr(general, "cy").unwrap_or(0.0),
    );
    let moved = svg.replace(
        label,
        &format!("<text class=\"ns\" x=\"{x}\" y=\"{y}\">Re1</text>"),
    );
    let (found, _) = overlaps(&moved);
    assert!(
        found.iter().any(|f| f.starts_with("`Re1` over")),
        "{found:?}"
    );
}

/// The triangle horse: its one-way targets are drawn as one-way arrows,
/// named in the caption, explained by a legend; and the engine agrees: a
/// horse on each of them has no move back to Re5, a horse on each other
/// target has one.
#[test]
fn horse_figure_marks_its_one_way_targets() {
    let figures = variant_figures(VariantId::Threekingdoms).unwrap_or_else(|e| panic!("{e}"));
    let figure = figures
        .iter()
        .find(|f| f.file == "horse-triangle.svg")
        .unwrap_or_else(|| panic!("no triangle horse"));
    assert!(
        figure
            .svg
            .contains("one-way: the piece could not move back"),
        "no legend"
    );
    let arrows = figure.svg.matches("class=\"arrow oneway\"").count();
    // The legend's sample arrow is one of them.
    assert_eq!(arrows, 3, "two one-way arrows and the legend's");
    let info = regelwerk::variant::info(VariantId::Threekingdoms);
    let spec = (info.figures)()
        .into_iter()
        .find(|s| s.file == "horse-triangle.svg")
        .unwrap_or_else(|| panic!("no spec"));
    assert_eq!(spec.one_way.len(), 2, "{:?}", spec.one_way);
    for target in &spec.one_way {
        assert!(
            figure.caption.contains(target.as_str()),
            "{} not in {}",
            target,
            figure.caption
        );
    }
    let game = variant::open(VariantId::Threekingdoms, Some(&spec.notation), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let targets: Vec<String> = game
        .legal_moves_from("Re5")
        .unwrap_or_else(|e| panic!("{e}"))
        .iter()
        .filter_map(|mv| game.move_squares(mv).map(|(_, to)| to))
        .collect();
    assert_eq!(targets.len(), 10);
    assert!(figure.caption.contains("10 targets"), "{}", figure.caption);
    for to in &targets {
        // The same position with the horse moved there, Shu still to move:
        // the move played, then the position text's mover set back.
        let mv = game
            .legal_moves_from("Re5")
            .unwrap_or_default()
            .into_iter()
            .find(|mv| game.move_squares(mv).is_some_and(|(_, t)| &t == to))
            .unwrap_or_else(|| panic!("no move to {to}"));
        let mut after = game.boxed_clone();
        after.play(&mv).unwrap_or_else(|e| panic!("{e}"));
        let text = after.position_text();
        let fields: Vec<&str> = text.split(' ').collect();
        let back_to_shu = format!("{} r {}", fields[0], fields[2..].join(" "));
        let there = variant::open(VariantId::Threekingdoms, Some(&back_to_shu), &[])
            .unwrap_or_else(|e| panic!("{e}: {back_to_shu}"));
        let returns = there
            .legal_moves_from(to)
            .unwrap_or_default()
            .iter()
            .any(|back| there.move_squares(back).is_some_and(|(_, t)| t == "Re5"));
        assert_eq!(
            !returns,
            spec.one_way.contains(to),
            "{to}: back to Re5 {returns}"
        );
    }
}
