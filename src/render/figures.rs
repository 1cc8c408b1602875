//! The movement figures of every variant, drawn from its engine, and
//! their files: a variant's own rulebook figures
//! ([`crate::variant::Drawings::figures`]: MONARCHIE's, every dot a legal
//! target of its move generator) or one figure per piece kind its
//! [`crate::variant::VariantInfo::figures`] places.

use std::path::Path;

use crate::draw::escape;
pub use crate::variant::Figure;

use super::legend::Letters;
use super::{write_below, RenderError};

/// The movement figures of `variant`, drawn from its engine: its own
/// rulebook figures where it has them
/// ([`crate::variant::Drawings::figures`], MONARCHIE's), else one figure
/// per piece kind its [`crate::variant::VariantInfo::figures`] places,
/// with a dot on every target its move generator returns.
///
/// # Errors
/// [`RenderError`] when a figure's position does not open.
pub fn variant_figures(variant: crate::variant::VariantId) -> Result<Vec<Figure>, RenderError> {
    variant_figures_in(variant, Letters::English)
}

/// [`variant_figures`] with the pieces' letters in `letters` (a German
/// page's figures draw the German letters its legend lists).
///
/// # Errors
/// [`RenderError`] when a figure's position does not open.
pub fn variant_figures_in(
    variant: crate::variant::VariantId,
    letters: Letters,
) -> Result<Vec<Figure>, RenderError> {
    let info = crate::variant::info(variant);
    if let Some(drawings) = info.drawings {
        return Ok((drawings.figures)(letters.letter())?);
    }
    let mut out = Vec::new();
    for spec in (info.figures)() {
        let game = crate::variant::open(variant, Some(&spec.notation), &[])
            .map_err(|message| RenderError::Variant(format!("figure {}: {message}", spec.file)))?;
        // The one-way targets get an arrow of their own kind (and the
        // picture a legend line).
        let kind_arrows = game
            .legal_moves_from(&spec.square)?
            .into_iter()
            .filter(|mv| {
                game.move_squares(mv)
                    .is_some_and(|(_, to)| spec.one_way.contains(&to))
            })
            .map(|mv| (mv, crate::draw::ArrowKind::OneWay))
            .collect();
        let diagram = super::game::GameDiagram {
            moves_of: Some(spec.square.clone()),
            caption: Some(spec.caption.clone()),
            kind_arrows,
            letters,
            ..super::game::GameDiagram::default()
        };
        let dots = game.legal_moves_from(&spec.square)?.len();
        let svg = super::game::render_game(game.as_ref(), &diagram)?;
        out.push(Figure {
            file: spec.file.clone(),
            caption: spec.caption.clone(),
            svg,
            arrows: 0,
            dots,
        });
    }
    Ok(out)
}

/// Writes `variant`'s figures into `dir` with an `index.html`.
///
/// # Errors
/// [`RenderError`] naming the file, or a figure that does not open.
pub fn write_variant_figures(
    dir: &Path,
    variant: crate::variant::VariantId,
) -> Result<Vec<Figure>, RenderError> {
    write_variant_figures_in(dir, variant, Letters::English)
}

/// Writes `variant`'s figures into `dir` with an `index.html` in the
/// language of `letters`, the legend of the letters above them.
///
/// # Errors
/// [`RenderError`] naming the file, or a figure that does not open.
pub fn write_variant_figures_in(
    dir: &Path,
    variant: crate::variant::VariantId,
    letters: Letters,
) -> Result<Vec<Figure>, RenderError> {
    let title = crate::variant::info(variant).title;
    let all = variant_figures_in(variant, letters)?;
    write_figure_set(dir, variant, title, all, letters)
}

fn write_figure_set(
    dir: &Path,
    variant: crate::variant::VariantId,
    title: &str,
    all: Vec<Figure>,
    letters: Letters,
) -> Result<Vec<Figure>, RenderError> {
    let (code, word) = match letters {
        Letters::German => ("de", "Figuren"),
        Letters::English => ("en", "figures"),
    };
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"{code}\">\n<head><meta charset=\"utf-8\"><title>{title} – {word}</title><link rel=\"icon\" href=\"data:,\">\n<style>body{{font-family:sans-serif;margin:1rem}}main{{display:grid;grid-template-columns:repeat(auto-fill,minmax(28rem,1fr));gap:1rem}}figure{{margin:0}}img{{width:100%;height:auto}}.legend{{border:1px solid #bbb;padding:.2rem .6rem;margin:.5rem 0;font-size:.9rem}}</style></head>\n<body>\n<h1>{title} – {word}</h1>\n{legend}<main>\n",
        title = escape(title),
        legend = super::legend::legend_html(variant, letters),
    );
    for figure in &all {
        let svg = super::legend::figure_svg(letters, &figure.svg, &figure.caption);
        write_below(dir, &dir.join(&figure.file), &svg)?;
        let caption = escape(&super::legend::caption(letters, &figure.caption));
        html.push_str(&format!(
            "<figure><img src=\"{}\" alt=\"{caption}\"><figcaption>{caption}</figcaption></figure>\n",
            figure.file
        ));
    }
    html.push_str("</main>\n</body>\n</html>\n");
    write_below(dir, &dir.join("index.html"), &html)?;
    Ok(all)
}
