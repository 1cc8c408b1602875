//! Reading lines from a pipe someone else writes (an engine's stdout, a
//! harness's requests on `serve`'s stdin) in bounded memory: a line longer
//! than [`MAX_LINE_BYTES`] is reported as too long the moment it passes
//! the limit, and the rest of it is skipped without being stored; bytes
//! that are not UTF-8 neither stop the reader nor close the pipe.

use std::io::BufRead;

pub use crate::input::MAX_LINE_BYTES;

/// One line read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawLine {
    /// The line's bytes, without the line end (`\n` or `\r\n`).
    Bytes(Vec<u8>),
    /// A line longer than the limit (its rest is skipped).
    TooLong,
}

/// One line as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The line, bytes that are not UTF-8 replaced by U+FFFD.
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`].
    TooLong,
}

impl RawLine {
    /// The line as text, bytes that are not UTF-8 replaced.
    pub fn lossy(self) -> Line {
        match self {
            RawLine::Bytes(bytes) => Line::Text(String::from_utf8_lossy(&bytes).into_owned()),
            RawLine::TooLong => Line::TooLong,
        }
    }
}

/// The message for a line over the limit.
pub fn too_long_message() -> String {
    format!(
        "a line longer than MAX_LINE_BYTES ({} MiB)",
        MAX_LINE_BYTES / (1024 * 1024)
    )
}

/// The lines of a reader, each within `limit` bytes.
pub struct LineReader<R> {
    reader: R,
    limit: usize,
    skipping: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of `reader`, each at most [`MAX_LINE_BYTES`].
    pub fn new(reader: R) -> LineReader<R> {
        LineReader::with_limit(reader, MAX_LINE_BYTES)
    }

    /// Lines of `reader`, each at most `limit` bytes.
    pub fn with_limit(reader: R, limit: usize) -> LineReader<R> {
        LineReader {
            reader,
            limit,
            skipping: false,
        }
    }
}

impl<R: BufRead> Iterator for LineReader<R> {
    type Item = std::io::Result<RawLine>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut line = Vec::new();
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => return Some(Err(error)),
            };
            if available.is_empty() {
                self.skipping = false;
                return (!line.is_empty()).then(|| Ok(RawLine::Bytes(trim_cr(line))));
            }
            let newline = available.iter().position(|&byte| byte == b'\n');
            let take = newline.unwrap_or(available.len());
            let used = take + usize::from(newline.is_some());
            if self.skipping {
                self.reader.consume(used);
                if newline.is_some() {
                    self.skipping = false;
                }
                continue;
            }
            if line.len() + take > self.limit {
                self.reader.consume(used);
                self.skipping = newline.is_none();
                return Some(Ok(RawLine::TooLong));
            }
            line.extend_from_slice(&available[..take]);
            self.reader.consume(used);
            if newline.is_some() {
                return Some(Ok(RawLine::Bytes(trim_cr(line))));
            }
        }
    }
}

fn trim_cr(mut line: Vec<u8>) -> Vec<u8> {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8], limit: usize) -> Vec<RawLine> {
        LineReader::with_limit(bytes, limit)
            .map(|line| line.expect("memory reads"))
            .collect()
    }

    #[test]
    fn lines_and_line_ends() {
        assert_eq!(
            read(b"ab\r\ncd\nef", 10),
            vec![
                RawLine::Bytes(b"ab".to_vec()),
                RawLine::Bytes(b"cd".to_vec()),
                RawLine::Bytes(b"ef".to_vec())
            ]
        );
    }

    #[test]
    fn an_overlong_line_is_reported_once_and_skipped() {
        assert_eq!(
            read(b"abcdefgh\nok\n", 4),
            vec![RawLine::TooLong, RawLine::Bytes(b"ok".to_vec())]
        );
        // Across buffer refills too.
        let reader = std::io::BufReader::with_capacity(3, &b"abcdefghij\nok\n"[..]);
        let lines: Vec<RawLine> = LineReader::with_limit(reader, 4)
            .map(|line| line.expect("memory reads"))
            .collect();
        assert_eq!(
            lines,
            vec![RawLine::TooLong, RawLine::Bytes(b"ok".to_vec())]
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_replaced() {
        let lines = read(b"a\xFFb\n", 10);
        assert_eq!(
            lines[0].clone().lossy(),
            Line::Text("a\u{FFFD}b".to_string())
        );
    }
}
