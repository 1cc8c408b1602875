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
            let old = read_shard(path).map_err(fail)?;
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
    /// Where each unit of `units` was read (file and line), in the same
    /// order, for errors about a unit.
    pub sources: Vec<(PathBuf, usize)>,
    /// The shards' seconds added up.
    pub seconds: f64,
    /// The shards' totals added up.
    pub totals: std::collections::BTreeMap<String, u64>,
}

/// One unit line read.
struct UnitLine {
    index: usize,
    result: Value,
    line: usize,
}

/// One file read.
struct ShardFile {
    path: PathBuf,
    command: String,
    campaign: Value,
    shard: Shard,
    argv: Vec<String>,
    /// The units the shard was to write, if its header says.
    planned: Option<Planned>,
    units: Vec<UnitLine>,
    /// The end record's seconds, totals and line, if the shard finished.
    end: Option<(f64, std::collections::BTreeMap<String, u64>, usize)>,
    /// The bytes up to the last whole header or unit line.
    kept_bytes: u64,
}

/// A header record read: command, campaign, shard, command line, plan.
type Header = (String, Value, Shard, Vec<String>, Option<Planned>);

/// Reads a results file line by line, each line within
/// [`MAX_RESULTS_LINE`] and the file within
/// [`crate::input::MAX_RESULTS_BYTES`]. A last line cut off by an
/// interruption (no newline, not a record) ends the file; the shard is
/// then unfinished.
fn read_shard(path: &Path) -> Result<ShardFile, String> {
    use std::io::{BufRead, Read};
    let file = crate::input::open_regular(path).map_err(|error| error.to_string())?;
    let mut reader = std::io::BufReader::new(file);
    let at = |line: usize, message: String| format!("{}:{line}: {message}", path.display());
    let mut header: Option<Header> = None;
    let mut units = Vec::new();
    let mut end = None;
    let (mut number, mut read_bytes, mut kept_bytes) = (0usize, 0u64, 0u64);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let read = (&mut reader)
            .take(MAX_RESULTS_LINE as u64 + 1)
            .read_until(b'\n', &mut buffer)
            .map_err(|error| at(number + 1, crate::input::os_reason(path, &error)))?;
        if read == 0 {
            break;
        }
        number += 1;
        read_bytes += read as u64;
        if read_bytes > crate::input::MAX_RESULTS_BYTES {
            return Err(at(
                number,
                format!(
                    "the file is larger than MAX_RESULTS_BYTES ({} MiB); split the campaign into more shards",
                    crate::input::MAX_RESULTS_BYTES / (1024 * 1024)
                ),
            ));
        }
        let whole = buffer.ends_with(b"\n");
        if !whole && buffer.len() > MAX_RESULTS_LINE {
            return Err(at(
                number,
                format!(
                    "a line longer than MAX_RESULTS_LINE ({} MiB): not a results file (one record per line)",
                    MAX_RESULTS_LINE / (1024 * 1024)
                ),
            ));
        }
        let Ok(text) = std::str::from_utf8(&buffer) else {
            return Err(at(number, "not UTF-8 text: not a results file".to_string()));
        };
        if text.trim().is_empty() {
            continue;
        }
        let record: Record = match serde_json::from_str(text) {
            Ok(record) => record,
            // The last line, cut off when the run was killed.
            Err(_) if !whole && header.is_some() && end.is_none() => break,
            Err(error) => {
                return Err(at(
                    number,
                    format!(
                        "not a results line: {}",
                        crate::protocol::words::json_error(&error)
                    ),
                ))
            }
        };
        if end.is_some() {
            return Err(at(number, "a line after the end record".to_string()));
        }
        match (record, &header) {
            (
                Record::Header {
                    command,
                    campaign,
                    shard,
                    argv,
                    planned,
                },
                None,
            ) => {
                let shard: Shard = shard.parse().map_err(|message| at(number, message))?;
                header = Some((command, campaign, shard, argv, planned));
            }
            (_, None) => return Err(at(number, "expected the header record first".to_string())),
            (Record::Header { .. }, Some(_)) => {
                return Err(at(number, "a second header record".to_string()))
            }
            (Record::Unit { index, result }, Some((_, _, shard, _, _))) => {
                if !shard.takes(index) {
                    return Err(at(
                        number,
                        format!("unit {index} is not one of shard {shard}'s units"),
                    ));
                }
                units.push(UnitLine {
                    index,
                    result,
                    line: number,
                });
            }
            (
                Record::End {
                    units: count,
                    seconds,
                    totals,
                },
                Some(_),
            ) => {
                if count != units.len() {
                    return Err(at(
                        number,
                        format!(
                            "the end record counts {count} units, the file holds {}",
                            units.len()
                        ),
                    ));
                }
                end = Some((seconds, totals, number));
                continue;
            }
        }
        kept_bytes = read_bytes;
    }
    let Some((command, campaign, shard, argv, planned)) = header else {
        return Err(format!(
            "{}: empty: no header record (the run stopped before it wrote anything); run the shard again",
            path.display()
        ));
    };
    Ok(ShardFile {
        path: path.to_path_buf(),
        command,
        campaign,
        shard,
        argv,
        planned,
        units,
        end,
        kept_bytes,
    })
}

/// `argv` as one shell command line, each word quoted where it needs it.
pub fn command_line(argv: &[String]) -> String {
    argv.iter()
        .map(|word| {
            let plain = !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_./=:@%+,-".contains(c));
            if plain {
                word.clone()
            } else {
                format!("'{}'", word.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The commands whose shards `--resume` continues (the others' shards
/// are run again whole).
pub const RESUMABLE: [&str; 4] = ["check", "perft", "fuzz", "conform"];

/// The command that completes an unfinished shard: its own command line
/// with `--resume` (for [`RESUMABLE`] commands; the others' own command
/// line, which runs the shard again).
fn resume_command(file: &ShardFile) -> String {
    if file.argv.is_empty() {
        return format!(
            "the shard's own command again with --output {} --resume",
            file.path.display()
        );
    }
    // The file's own name, whatever the header's command called it.
    let mut argv = Vec::new();
    let mut words = file.argv.iter();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--output" | "-o" => {
                words.next();
            }
            other if other.starts_with("--output=") => {}
            _ => argv.push(word.clone()),
        }
    }
    argv.extend(["--output".to_string(), file.path.display().to_string()]);
    if RESUMABLE.contains(&file.command.as_str()) && !argv.iter().any(|word| word == "--resume") {
        argv.push("--resume".to_string());
    }
    command_line(&argv)
}

/// The units an unfinished shard planned and did not write, as `; units
/// 3, 7 and 11 missing` (the first ten), or nothing when its header does
/// not say what it planned.
fn missing_units(file: &ShardFile) -> String {
    let Some(planned) = file.planned else {
        return String::new();
    };
    let done: std::collections::BTreeSet<usize> = file.units.iter().map(|u| u.index).collect();
    let missing: Vec<usize> = (0..planned.campaign_units)
        .filter(|&index| file.shard.takes(index) && !done.contains(&index))
        .collect();
    if missing.is_empty() {
        return String::new();
    }
    let shown: Vec<String> = missing.iter().take(10).map(usize::to_string).collect();
    let more = if missing.len() > 10 {
        format!(" and {} more", missing.len() - 10)
    } else {
        String::new()
    };
    format!(
        "; {} of its {} units missing: {}{more}",
        missing.len(),
        done.len() + missing.len(),
        shown.join(", ")
    )
}

/// The command that runs a missing shard `shard`: the command line of
/// `like` with its `--shard` and `--output` changed.
fn shard_command(like: &ShardFile, shard: &str) -> Option<String> {
    if like.argv.is_empty() {
        return None;
    }
    let output = like
        .path
        .with_file_name(format!("shard-{}.jsonl", shard.replace('/', "-of-")));
    let mut argv = Vec::new();
    let mut words = like.argv.iter();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--shard" | "--output" | "-o" => {
                words.next();
            }
            "--resume" => {}
            other if other.starts_with("--shard=") || other.starts_with("--output=") => {}
            _ => argv.push(word.clone()),
        }
    }
    argv.extend([
        "--shard".to_string(),
        shard.to_string(),
        "--output".to_string(),
        output.display().to_string(),
    ]);
    Some(command_line(&argv))
}

/// Reads and merges results files.
///
/// # Errors
/// A file that does not read, shards of different commands or campaigns
/// (naming the fields that differ), a shard given twice, missing or
/// unfinished shards (each with the command that completes it), a unit
/// given twice, totals whose sum overflows.
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
    let mut problems = Vec::new();
    for file in files.iter().filter(|file| file.end.is_none()) {
        let last = file
            .units
            .iter()
            .map(|unit| unit.index.to_string())
            .next_back()
            .map_or("none".to_string(), |index| {
                format!("the last was unit {index}")
            });
        problems.push(format!(
            "{}: shard {} did not finish (no end record; {} units done, {last}{}); complete it with: {}",
            file.path.display(),
            file.shard,
            file.units.len(),
            missing_units(file),
            resume_command(file)
        ));
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| seen[(*i - 1) as usize].is_none())
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        let mut message = format!("missing shards: {} (of {count})", missing.join(", "));
        for shard in missing.iter().take(10) {
            if let Some(command) = shard_command(first, shard) {
                message.push_str(&format!("\n  run shard {shard} with: {command}"));
            }
        }
        problems.push(message);
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    let mut units: Vec<(usize, Value, PathBuf, usize)> = files
        .iter()
        .flat_map(|file| {
            file.units.iter().map(|unit| {
                (
                    unit.index,
                    unit.result.clone(),
                    file.path.clone(),
                    unit.line,
                )
            })
        })
        .collect();
    units.sort_by_key(|unit| unit.0);
    if let Some(pair) = units.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        return Err(format!(
            "unit {} is in two shards: {}:{} and {}:{}",
            pair[0].0,
            pair[0].2.display(),
            pair[0].3,
            pair[1].2.display(),
            pair[1].3
        ));
    }
    let mut totals = std::collections::BTreeMap::<String, u64>::new();
    for file in &files {
        let Some((_, file_totals, line)) = &file.end else {
            continue;
        };
        for (key, value) in file_totals {
            let sum = totals.entry(key.clone()).or_insert(0);
            *sum = sum.checked_add(*value).ok_or_else(|| {
                format!(
                    "{}:{line}: the total '{key}' added up over the shards passes {} (the largest count a results file holds)",
                    file.path.display(),
                    u64::MAX
                )
            })?;
        }
    }
    Ok(Merged {
        command: first.command.clone(),
        campaign: first.campaign.clone(),
        count,
        sources: units
            .iter()
            .map(|(_, _, path, line)| (path.clone(), *line))
            .collect(),
        units: units
            .into_iter()
            .map(|(index, value, _, _)| (index, value))
            .collect(),
        seconds: files
            .iter()
            .filter_map(|file| file.end.as_ref().map(|end| end.0))
            .sum(),
        totals,
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
