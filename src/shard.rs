//! Sharded campaigns (docs/scale.md): `--shard I/N` takes every N-th unit
//! of a run (a scenario file, a root move, a game) starting at the I-th,
//! a deterministic partition; `--output FILE.jsonl` writes the shard's
//! results as JSON lines; [`merge`] checks that the shards belong to one
//! campaign and are all there, and puts their units back in order, so
//! that the merged report is the one a single run gives.
//!
//! A results file is a `header` line (the command, the campaign's
//! identity, the shard), one `unit` line per unit (its index in the whole
//! campaign and its result) and an `end` line (the unit count and the
//! seconds the shard took); a file without its end is a shard that did
//! not finish.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::Value;

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

/// Writes a results file.
pub struct ResultsWriter {
    out: std::io::BufWriter<std::fs::File>,
    units: usize,
    started: std::time::Instant,
}

impl ResultsWriter {
    /// Creates `path` and writes the header.
    ///
    /// # Errors
    /// The I/O error.
    pub fn create(
        path: &Path,
        command: &str,
        campaign: Value,
        shard: Shard,
    ) -> std::io::Result<ResultsWriter> {
        let mut writer = ResultsWriter {
            out: std::io::BufWriter::new(std::fs::File::create(path)?),
            units: 0,
            started: std::time::Instant::now(),
        };
        writer.write(&Record::Header {
            command: command.to_string(),
            campaign,
            shard: shard.to_string(),
        })?;
        Ok(writer)
    }

    /// Counts the shard's seconds from `started` (a run whose results are
    /// written after it ended), not from the file's creation.
    pub fn started_at(mut self, started: std::time::Instant) -> ResultsWriter {
        self.started = started;
        self
    }

    fn write(&mut self, record: &Record) -> std::io::Result<()> {
        let line = serde_json::to_string(record).map_err(std::io::Error::other)?;
        writeln!(self.out, "{line}")
    }

    /// Writes one unit.
    ///
    /// # Errors
    /// The I/O error.
    pub fn unit(&mut self, index: usize, result: Value) -> std::io::Result<()> {
        self.units += 1;
        self.write(&Record::Unit { index, result })
    }

    /// Writes the end line and flushes.
    ///
    /// # Errors
    /// The I/O error.
    pub fn finish(self) -> std::io::Result<()> {
        self.finish_with(Default::default())
    }

    /// Writes the end line with the shard's `totals` and flushes.
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
        self.write(&end)?;
        self.out.flush()
    }
}

/// Shards put back together.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The command.
    pub command: String,
    /// The campaign's identity.
    pub campaign: Value,
    /// How many shards.
    pub count: u32,
    /// Every unit, by index.
    pub units: Vec<(usize, Value)>,
    /// The shards' seconds added up.
    pub seconds: f64,
    /// The shards' totals added up.
    pub totals: std::collections::BTreeMap<String, u64>,
}

/// One file read.
struct ShardFile {
    path: PathBuf,
    command: String,
    campaign: Value,
    shard: Shard,
    units: Vec<(usize, Value)>,
    seconds: f64,
    totals: std::collections::BTreeMap<String, u64>,
}

fn read_shard(path: &Path) -> Result<ShardFile, String> {
    let text =
        crate::input::read_text_within(path, crate::input::MAX_RESULTS_BYTES, "MAX_RESULTS_BYTES")
            .map_err(|error| error.to_string())?;
    let at = |line: usize, message: String| format!("{}:{line}: {message}", path.display());
    let mut header = None;
    let mut units = Vec::new();
    let mut end = None;
    for (number, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let record: Record = serde_json::from_str(line).map_err(|error| {
            at(
                number + 1,
                format!(
                    "not a results line: {}",
                    crate::protocol::words::json_error(&error)
                ),
            )
        })?;
        match (record, &header, &end) {
            (_, _, Some(_)) => {
                return Err(at(number + 1, "a line after the end record".to_string()))
            }
            (
                Record::Header {
                    command,
                    campaign,
                    shard,
                },
                None,
                None,
            ) => {
                let shard: Shard = shard.parse().map_err(|message| at(number + 1, message))?;
                header = Some((command, campaign, shard));
            }
            (_, None, None) => {
                return Err(at(
                    number + 1,
                    "expected the header record first".to_string(),
                ))
            }
            (Record::Header { .. }, Some(_), None) => {
                return Err(at(number + 1, "a second header record".to_string()))
            }
            (Record::Unit { index, result }, Some(_), None) => units.push((index, result)),
            (
                Record::End {
                    units: count,
                    seconds,
                    totals,
                },
                Some(_),
                None,
            ) => {
                if count != units.len() {
                    return Err(at(
                        number + 1,
                        format!(
                            "the end record counts {count} units, the file holds {}",
                            units.len()
                        ),
                    ));
                }
                end = Some((seconds, totals));
            }
        }
    }
    let Some((command, campaign, shard)) = header else {
        return Err(format!("{}: empty: no header record", path.display()));
    };
    let Some((seconds, totals)) = end else {
        return Err(format!(
            "{}: shard {shard} did not finish (no end record); run it again",
            path.display()
        ));
    };
    Ok(ShardFile {
        path: path.to_path_buf(),
        command,
        campaign,
        shard,
        units,
        seconds,
        totals,
    })
}

/// Reads and merges results files.
///
/// # Errors
/// A file that does not read, shards of different commands or campaigns
/// (naming the fields that differ), a shard given twice, missing shards
/// (listed), a unit given twice.
pub fn merge(paths: &[PathBuf]) -> Result<Merged, String> {
    let files = paths
        .iter()
        .map(|path| read_shard(path))
        .collect::<Result<Vec<_>, _>>()?;
    let Some(first) = files.first() else {
        return Err("name the results files to merge".to_string());
    };
    for file in &files[1..] {
        if file.command != first.command {
            return Err(format!(
                "{} is a `{}` shard, {} a `{}` shard",
                first.path.display(),
                first.command,
                file.path.display(),
                file.command
            ));
        }
        if file.campaign != first.campaign {
            return Err(format!(
                "{} and {} are shards of different campaigns: {}",
                first.path.display(),
                file.path.display(),
                differences(&first.campaign, &file.campaign)
            ));
        }
        if file.shard.count != first.shard.count {
            return Err(format!(
                "{} is one of {} shards, {} one of {}",
                first.path.display(),
                first.shard.count,
                file.path.display(),
                file.shard.count
            ));
        }
    }
    let count = first.shard.count;
    let mut seen = vec![None::<&Path>; count as usize];
    for file in &files {
        let slot = &mut seen[(file.shard.index - 1) as usize];
        if let Some(other) = slot {
            return Err(format!(
                "shard {} is given twice: {} and {}",
                file.shard,
                other.display(),
                file.path.display()
            ));
        }
        *slot = Some(&file.path);
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| seen[(*i - 1) as usize].is_none())
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "missing shards: {} (of {count})",
            missing.join(", ")
        ));
    }
    let mut units: Vec<(usize, Value)> = files
        .iter()
        .flat_map(|file| file.units.iter().cloned())
        .collect();
    units.sort_by_key(|(index, _)| *index);
    if let Some(pair) = units.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        return Err(format!("unit {} is in two shards", pair[0].0));
    }
    Ok(Merged {
        command: first.command.clone(),
        campaign: first.campaign.clone(),
        count,
        units,
        seconds: files.iter().map(|file| file.seconds).sum(),
        totals: files.iter().flat_map(|file| file.totals.iter()).fold(
            std::collections::BTreeMap::new(),
            |mut sum, (key, value)| {
                *sum.entry(key.clone()).or_insert(0) += value;
                sum
            },
        ),
    })
}

/// The campaign fields that differ, `name: a vs b`.
fn differences(a: &Value, b: &Value) -> String {
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
        return format!("{a} vs {b}");
    };
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|key| a.get(*key) != b.get(*key))
        .map(|key| {
            format!(
                "{key}: {} vs {}",
                a.get(key).unwrap_or(&Value::Null),
                b.get(key).unwrap_or(&Value::Null)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
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
