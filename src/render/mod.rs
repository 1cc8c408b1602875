//! Board diagrams as SVG ([`svg`]) and the rulebook's figures drawn from
//! the engine ([`figures`]).

pub mod figures;
pub mod svg;

pub use figures::{figures, write_figures, Figure};
pub use svg::{Arrow, ArrowKind, CellNumbers, Diagram};

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
