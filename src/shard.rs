//! Sharded campaigns (docs/scale.md): `--shard I/N` takes every N-th unit
//! of a run (a scenario file, a root move, a game) starting at the I-th,
//! a deterministic partition; `--output FILE.jsonl` writes the shard's
//! results as JSON lines; [`merge`] checks that the shards belong to one
//! campaign and are all there, and puts their units back in order, so
//! that the merged report is the one a single run gives.
//!
//! A results file is a `header` line (the command, the campaign's
//! identity, the shard, the command line), one `unit` line per unit (its
//! index in the whole campaign and its result) and an `end` line (the
//! unit count and the seconds the shard took); a file without its end is
//! a shard that did not finish. Each unit's line is written and flushed
//! when the unit finishes, so that an interrupted shard keeps its
//! finished units; `merge` names an unfinished shard and prints the
//! command (with `--resume`) that completes it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::output::OutputError;

mod merge;

pub use merge::{command_line, merge, Gap, LineProblem, MergeError, Merged, RESUMABLE};
use merge::{differences, read_shard};

/// The most shards a campaign may be split into.
pub const MAX_SHARDS: u32 = 100_000;

/// One shard of N: `index` is 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, 1..=count.
    pub index: u32,
    /// How many shards.
    pub count: u32,
}

impl Shard {
    /// The whole campaign as one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether unit `unit` (0-based, in the campaign's order) is this
    /// shard's.
    pub fn takes(&self, unit: usize) -> bool {
        unit % self.count as usize == (self.index - 1) as usize
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N` with 1 <= I <= N <= [`MAX_SHARDS`].
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let expected = || {
            format!(
                "'{}' is not a shard: expected I/N with 1 <= I <= N <= {MAX_SHARDS}, e.g. 2/8",
                crate::input::quote(text)
            )
        };
        let (index, count) = text.trim().split_once('/').ok_or_else(expected)?;
        let index: u32 = index.trim().parse().map_err(|_| expected())?;
        let count: u32 = count.trim().parse().map_err(|_| expected())?;
        if index == 0 || index > count || count > MAX_SHARDS {
            return Err(expected());
        }
        Ok(Shard { index, count })
    }
}

/// The longest line `merge` reads from a results file: 16 MiB, far more
/// than any unit's result (a check case with its expected and actual
/// boards is a few kilobytes), so that a file of one endless line is
/// refused before it is parsed.
pub const MAX_RESULTS_LINE: usize = 16 * 1024 * 1024;

/// One line of a results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "record", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Record {
    /// The first line.
    Header {
        /// The command (`check`, `perft`, ...).
        command: String,
        /// What makes runs the same campaign (suite revision, engine,
        /// seed, depth, ...): shards merge only when these are equal.
        campaign: Value,
        /// This shard, `I/N`.
        shard: String,
        /// The command line that wrote the file, for the command that
        /// completes it (`merge` prints it; absent in older files).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        argv: Vec<String>,
        /// The indices of the units this shard will write, when the run
        /// knows them at its start (`merge` then names the units an
        /// interrupted shard did not write; absent in older files).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        planned: Option<Planned>,
    },
    /// One unit's result.
    Unit {
        /// The unit's index in the whole campaign.
        index: usize,
        /// Its result, in the command's form.
        result: Value,
    },
    /// The last line.
    End {
        /// Units written.
        units: usize,
        /// Seconds the shard took.
        seconds: f64,
        /// Counts of the whole shard that are not units (e.g. `restarts`),
        /// added up by the merge.
        #[serde(default)]
        totals: std::collections::BTreeMap<String, u64>,
    },
}

/// The units a shard will write: every index below `campaign_units` that
/// the shard takes ([`Shard::takes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Planned {
    /// The units of the whole campaign (games, cases, root moves).
    pub campaign_units: usize,
}

/// How a results file is begun.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Begin {
    /// A new file (an existing one is replaced).
    Fresh,
    /// Continue the file an interrupted run of the same shard left
    /// (`--resume`): its finished units stay and are skipped
    /// ([`ResultsWriter::is_done`]); a file that does not exist yet is
    /// begun fresh.
    Resume,
}

/// Writes a results file unit by unit: each line is written and flushed
/// when its unit finishes (one `write` of the whole line, in append
/// mode), so that a shard killed by a signal keeps every unit it
/// finished, and `merge` can say which are missing.
pub struct ResultsWriter {
    out: std::fs::File,
    path: PathBuf,
    units: usize,
    done: std::collections::BTreeSet<usize>,
    resumed: usize,
    started: std::time::Instant,
}

impl ResultsWriter {
    /// Creates `path` and writes the header ([`Begin::Fresh`], checked
    /// against the inputs read so far).
    ///
    /// # Errors
    /// The I/O error, with the path.
    pub fn create(
        path: &Path,
        command: &str,
        campaign: Value,
        shard: Shard,
    ) -> std::io::Result<ResultsWriter> {
        ResultsWriter::begin(path, command, campaign, shard, Begin::Fresh, &[])
            .map_err(|error| std::io::Error::other(error.to_string()))
    }

    /// Begins `path` as `begin` says. `inputs` are files the run will
    /// read (besides those it read already): the output may be none of
    /// them.
    ///
    /// # Errors
    /// [`OutputError`]: the path is an input, a folder or a pipe, cannot
    /// be written, or (resuming) holds another campaign's or shard's
    /// results.
    pub fn begin(
        path: &Path,
        command: &str,
        campaign: Value,
        shard: Shard,
        begin: Begin,
        inputs: &[PathBuf],
    ) -> Result<ResultsWriter, OutputError> {
        ResultsWriter::begin_planned(path, command, campaign, shard, begin, inputs, None)
    }

    /// [`ResultsWriter::begin`] for a run that knows its campaign's unit
    /// count at the start (`planned`): the header records it, so that
    /// `merge` names every unit an interrupted shard did not write.
    ///
    /// # Errors
    /// As [`ResultsWriter::begin`].
    pub fn begin_planned(
        path: &Path,
        command: &str,
        campaign: Value,
        shard: Shard,
        begin: Begin,
        inputs: &[PathBuf],
        planned: Option<Planned>,
    ) -> Result<ResultsWriter, OutputError> {
        crate::output::refuse_input(path, inputs)?;
        let fail = |message: String| OutputError {
            path: path.to_path_buf(),
            message,
        };
        if let Ok(metadata) = std::fs::metadata(path) {
            let kind = metadata.file_type();
            #[cfg(unix)]
            let device = std::os::unix::fs::FileTypeExt::is_char_device(&kind);
            #[cfg(not(unix))]
            let device = false;
            if !kind.is_file() && !device {
                let what = crate::input::not_regular(&metadata).unwrap_or("a special file");
                return Err(fail(format!(
                    "{what}, not a regular file: a results file is written unit by unit; name a file"
                )));
            }
        }
        let io = |error: std::io::Error| fail(crate::output::io_words(path, &error));
        if begin == Begin::Resume && path.is_file() {
            let old = read_shard(path).map_err(|error| fail(error.to_string()))?;
            if old.command != command || old.campaign != campaign || old.shard != shard {
                return Err(fail(format!(
                    "--resume continues the same shard of the same campaign, and this file holds shard {} of a `{}` campaign{}; run without --resume to start it over, or name another file",
                    old.shard,
                    old.command,
                    if old.campaign == campaign {
                        String::new()
                    } else {
                        format!(" ({})", differences(&old.campaign, &campaign))
                    }
                )));
            }
            let out = std::fs::OpenOptions::new()
                .append(true)
                .open(path)
                .map_err(io)?;
            // The end record and a line cut off by the interruption go;
            // the finished units stay.
            out.set_len(old.kept_bytes).map_err(io)?;
            return Ok(ResultsWriter {
                out,
                path: path.to_path_buf(),
                units: old.units.len(),
                done: old.units.iter().map(|unit| unit.index).collect(),
                resumed: old.units.len(),
                started: std::time::Instant::now(),
            });
        }
        // The write rule: a new campaign does not replace another's file.
        crate::output::may_replace(
            path,
            crate::output::Writes::Results {
                resume: begin == Begin::Resume,
            },
        )?;
        let header = Record::Header {
            command: command.to_string(),
            campaign,
            shard: shard.to_string(),
            argv: std::env::args().collect(),
            planned,
        };
        let out = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(true)
            .open(path)
            .map_err(io)?;
        drop(out);
        let out = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(io)?;
        let mut writer = ResultsWriter {
            out,
            path: path.to_path_buf(),
            units: 0,
            done: Default::default(),
            resumed: 0,
            started: std::time::Instant::now(),
        };
        writer
            .write_raw(&header)
            .map_err(|error| fail(crate::output::io_words(path, &error)))?;
        Ok(writer)
    }

    /// Counts the shard's seconds from `started` (a run whose results are
    /// written after it ended), not from the file's creation.
    pub fn started_at(mut self, started: std::time::Instant) -> ResultsWriter {
        self.started = started;
        self
    }

    /// How many units the file held when it was begun (those of an
    /// interrupted run that `--resume` keeps; 0 for a fresh file).
    pub fn resumed_units(&self) -> usize {
        self.resumed
    }

    /// Whether unit `index` is in the file already (a resumed run skips
    /// it).
    pub fn is_done(&self, index: usize) -> bool {
        self.done.contains(&index)
    }

    /// Writes one line at once, in one `write`.
    fn write_raw(&mut self, record: &Record) -> std::io::Result<()> {
        let mut line = serde_json::to_string(record).map_err(std::io::Error::other)?;
        line.push('\n');
        self.out
            .write_all(line.as_bytes())
            .and_then(|()| self.out.flush())
    }

    /// [`ResultsWriter::write_raw`] with the path in its error.
    fn write(&mut self, record: &Record) -> std::io::Result<()> {
        self.write_raw(record).map_err(|error| {
            std::io::Error::new(
                error.kind(),
                format!(
                    "cannot write {}: {}",
                    self.path.display(),
                    crate::output::io_words(&self.path, &error)
                ),
            )
        })
    }

    /// Writes one unit, at once (a unit already in a resumed file is not
    /// written again).
    ///
    /// # Errors
    /// The I/O error, with the path.
    pub fn unit(&mut self, index: usize, result: Value) -> std::io::Result<()> {
        if self.done.contains(&index) {
            return Ok(());
        }
        self.units += 1;
        self.done.insert(index);
        self.write(&Record::Unit { index, result })
    }

    /// Writes the end line.
    ///
    /// # Errors
    /// The I/O error.
    pub fn finish(self) -> std::io::Result<()> {
        self.finish_with(Default::default())
    }

    /// Writes the end line with the shard's `totals`.
    ///
    /// # Errors
    /// The I/O error.
    pub fn finish_with(
        mut self,
        totals: std::collections::BTreeMap<String, u64>,
    ) -> std::io::Result<()> {
        let end = Record::End {
            units: self.units,
            seconds: self.started.elapsed().as_secs_f64(),
            totals,
        };
        self.write(&end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_units() {
        let shards: Vec<Shard> = (1..=3)
            .map(|i| format!("{i}/3").parse().expect("shard"))
            .collect();
        for unit in 0..20 {
            assert_eq!(shards.iter().filter(|s| s.takes(unit)).count(), 1);
        }
        for bad in ["0/3", "4/3", "x", "1/0", "1/1000000", "2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
