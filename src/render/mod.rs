//! Board diagrams as SVG: one renderer ([`board`]) that draws the board
//! each variant supplies as data, a diagram of any variant's game
//! ([`game`]), MONARCHIE's diagram builder with its rule-aware marks
//! ([`svg`]), and the rulebook's figures drawn from the engine
//! ([`figures`]).

pub mod board;
pub mod figures;
pub mod game;
pub mod svg;

pub use board::ArrowKind;
pub use figures::{figures, variant_figures, write_figures, write_variant_figures, Figure};
pub use game::{render_game, GameDiagram};
pub use svg::{Arrow, CellNumbers, Diagram};

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
    /// A figure's position is invalid.
    #[error(transparent)]
    Figure(#[from] figures::FigureError),
    /// A variant's figure or diagram could not be drawn.
    #[error("{0}")]
    Variant(String),
}

/// Writes `text` to `path`, creating parent directories.
///
/// # Errors
/// [`RenderError::Io`] naming the path.
pub fn write_file(path: &std::path::Path, text: &str) -> Result<(), RenderError> {
    let io = |source| RenderError::Io {
        path: path.to_path_buf(),
        source,
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    std::fs::write(path, text).map_err(|source| RenderError::Io {
        path: path.to_path_buf(),
        source,
    })
}
