//! Board diagrams as SVG. The one renderer, [`crate::draw`], sits below
//! the rule systems and draws the board each variant supplies as data;
//! here are a diagram of any variant's game ([`game`]) and the movement
//! figures drawn from the engines ([`figures`]). A variant's own
//! rule-aware drawings (MONARCHIE's diagram builder and rulebook figures,
//! `variant/monarchie/diagram/`) are reached through the registry
//! ([`crate::variant::Drawings`]).

pub mod figures;
pub mod game;
pub mod legend;

pub use crate::draw::{escape, ArrowKind};
pub use figures::{
    variant_figures, variant_figures_in, write_variant_figures, write_variant_figures_in, Figure,
};
pub use game::{render_game, GameDiagram};
pub use legend::{legend, legend_html, Legend, Letters};

/// A file of a diagram or report that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// Writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A variant's figure or diagram could not be drawn.
    #[error("{0}")]
    Variant(String),
    /// A square or move the variant does not read.
    #[error(transparent)]
    Rules(#[from] crate::variant::VariantError),
}

/// Writes `text` to `path`. No folder is created: a missing parent is an
/// error (an output path with a typo must not make folders, least of all
/// as root).
///
/// # Errors
/// [`RenderError::Io`] naming the path.
pub fn write_file(path: &std::path::Path, text: &str) -> Result<(), RenderError> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(RenderError::Io {
                path: path.to_path_buf(),
                source: std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    format!("the folder {} does not exist", parent.display()),
                ),
            });
        }
    }
    crate::output::write_atomic(path, text.as_bytes()).map_err(|error| RenderError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(error.message),
    })
}

/// Makes `dir` an output folder: it may exist (as a folder, not a file);
/// else it is created, but only inside a parent that exists.
///
/// # Errors
/// [`RenderError::Io`] naming the folder.
pub fn output_dir(dir: &std::path::Path) -> Result<(), RenderError> {
    let fail = |text: String| RenderError::Io {
        path: dir.to_path_buf(),
        source: std::io::Error::other(text),
    };
    if dir.is_dir() {
        return Ok(());
    }
    if dir.exists() {
        return Err(fail("a file, not a folder".to_string()));
    }
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(fail(format!(
                "the folder {} does not exist",
                parent.display()
            )));
        }
    }
    std::fs::create_dir(dir).map_err(|source| RenderError::Io {
        path: dir.to_path_buf(),
        source,
    })
}

/// Writes `text` to `path` inside the output folder `root` (made by
/// [`output_dir`]), creating the folders between them.
///
/// # Errors
/// [`RenderError::Io`] naming the path.
pub fn write_below(
    root: &std::path::Path,
    path: &std::path::Path,
    text: &str,
) -> Result<(), RenderError> {
    output_dir(root)?;
    crate::output::may_replace_like(path, text).map_err(|error| RenderError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(error.message),
    })?;
    if let Some(parent) = path.parent() {
        if parent.starts_with(root) {
            std::fs::create_dir_all(parent).map_err(|source| RenderError::Io {
                path: parent.to_path_buf(),
                source,
            })?;
        }
    }
    write_file(path, text)
}
