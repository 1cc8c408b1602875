//! Reading results files and putting shards back together ([`merge`]):
//! every file's records checked line by line, the units of an unfinished
//! shard named with the command that completes it (`--resume`), missing
//! shards named with the commands that run them.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{Planned, Record, Shard, MAX_RESULTS_LINE};

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
pub(super) struct UnitLine {
    pub(super) index: usize,
    result: Value,
    line: usize,
}

/// One file read.
pub(super) struct ShardFile {
    path: PathBuf,
    pub(super) command: String,
    pub(super) campaign: Value,
    pub(super) shard: Shard,
    argv: Vec<String>,
    /// The units the shard was to write, if its header says.
    planned: Option<Planned>,
    pub(super) units: Vec<UnitLine>,
    /// The end record's seconds, totals and line, if the shard finished.
    end: Option<(f64, std::collections::BTreeMap<String, u64>, usize)>,
    /// The bytes up to the last whole header or unit line.
    pub(super) kept_bytes: u64,
}

/// A header record read: command, campaign, shard, command line, plan.
type Header = (String, Value, Shard, Vec<String>, Option<Planned>);

/// Reads a results file line by line, each line within
/// [`MAX_RESULTS_LINE`] and the file within
/// [`crate::input::MAX_RESULTS_BYTES`]. A last line cut off by an
/// interruption (no newline, not a record) ends the file; the shard is
/// then unfinished.
pub(super) fn read_shard(path: &Path) -> Result<ShardFile, MergeError> {
    use std::io::{BufRead, Read};
    let file = crate::input::open_regular(path)?;
    let mut reader = std::io::BufReader::new(file);
    let at = |line: usize, problem: LineProblem| MergeError::Line {
        path: path.to_path_buf(),
        line,
        problem,
    };
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
            .map_err(|error| {
                at(
                    number + 1,
                    LineProblem::Unreadable(crate::input::os_reason(path, &error)),
                )
            })?;
        if read == 0 {
            break;
        }
        number += 1;
        read_bytes += read as u64;
        if read_bytes > crate::input::MAX_RESULTS_BYTES {
            return Err(at(number, LineProblem::TooLarge));
        }
        let whole = buffer.ends_with(b"\n");
        if !whole && buffer.len() > MAX_RESULTS_LINE {
            return Err(at(number, LineProblem::LineTooLong));
        }
        let Ok(text) = std::str::from_utf8(&buffer) else {
            return Err(at(number, LineProblem::NotUtf8));
        };
        if text.trim().is_empty() {
            continue;
        }
        let record: Record = match serde_json::from_str(text) {
            Ok(record) => record,
            // The last line, cut off when the run was killed.
            Err(_) if !whole && header.is_some() && end.is_none() => break,
            // A line that is no JSON object is no record at all.
            Err(_) if !text.trim_start().starts_with('{') => {
                return Err(at(
                    number,
                    LineProblem::NotJson(
                        "expected a JSON object with a \"record\" field (each line of a results file is one; this file was not written by `--output`)"
                            .to_string(),
                    ),
                ))
            }
            Err(error) => {
                return Err(at(
                    number,
                    LineProblem::NotJson(crate::protocol::words::json_error(&error)),
                ))
            }
        };
        if end.is_some() {
            return Err(at(number, LineProblem::AfterEnd));
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
                let shard: Shard = shard
                    .parse()
                    .map_err(|message| at(number, LineProblem::Shard(message)))?;
                header = Some((command, campaign, shard, argv, planned));
            }
            (_, None) => return Err(at(number, LineProblem::NoHeader)),
            (Record::Header { .. }, Some(_)) => return Err(at(number, LineProblem::SecondHeader)),
            (Record::Unit { index, result }, Some((_, _, shard, _, _))) => {
                if !shard.takes(index) {
                    return Err(at(
                        number,
                        LineProblem::ForeignUnit {
                            index,
                            shard: *shard,
                        },
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
                        LineProblem::CountDiffers {
                            count,
                            held: units.len(),
                        },
                    ));
                }
                end = Some((seconds, totals, number));
                continue;
            }
        }
        kept_bytes = read_bytes;
    }
    let Some((command, campaign, shard, argv, planned)) = header else {
        return Err(MergeError::Empty {
            path: path.to_path_buf(),
        });
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
pub fn merge(paths: &[PathBuf]) -> Result<Merged, MergeError> {
    let files = paths
        .iter()
        .map(|path| read_shard(path))
        .collect::<Result<Vec<_>, _>>()?;
    let Some(first) = files.first() else {
        return Err(MergeError::NoFiles);
    };
    for file in &files[1..] {
        if file.command != first.command {
            return Err(MergeError::OtherCommand {
                first: first.path.clone(),
                first_command: first.command.clone(),
                other: file.path.clone(),
                other_command: file.command.clone(),
            });
        }
        if file.campaign != first.campaign {
            return Err(MergeError::OtherCampaign {
                first: first.path.clone(),
                other: file.path.clone(),
                differences: differences(&first.campaign, &file.campaign),
            });
        }
        if file.shard.count != first.shard.count {
            return Err(MergeError::OtherCount {
                first: first.path.clone(),
                first_count: first.shard.count,
                other: file.path.clone(),
                other_count: file.shard.count,
            });
        }
    }
    let count = first.shard.count;
    let mut seen = vec![None::<&Path>; count as usize];
    for file in &files {
        let slot = &mut seen[(file.shard.index - 1) as usize];
        if let Some(other) = slot {
            return Err(MergeError::GivenTwice {
                shard: file.shard,
                first: other.to_path_buf(),
                other: file.path.clone(),
            });
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
        problems.push(Gap::Unfinished {
            path: file.path.clone(),
            shard: file.shard,
            done: file.units.len(),
            last,
            missing_units: missing_units(file),
            command: resume_command(file),
        });
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| seen[(*i - 1) as usize].is_none())
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        let commands = missing
            .iter()
            .take(10)
            .filter_map(|shard| Some((shard.clone(), shard_command(first, shard)?)))
            .collect();
        problems.push(Gap::Missing {
            shards: missing,
            count,
            commands,
        });
    }
    if !problems.is_empty() {
        return Err(MergeError::Incomplete(problems));
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
        return Err(MergeError::UnitTwice {
            index: pair[0].0,
            first: (pair[0].2.clone(), pair[0].3),
            other: (pair[1].2.clone(), pair[1].3),
        });
    }
    let mut totals = std::collections::BTreeMap::<String, u64>::new();
    for file in &files {
        let Some((_, file_totals, line)) = &file.end else {
            continue;
        };
        for (key, value) in file_totals {
            let sum = totals.entry(key.clone()).or_insert(0);
            *sum = sum
                .checked_add(*value)
                .ok_or_else(|| MergeError::TotalOverflow {
                    path: file.path.clone(),
                    line: *line,
                    key: key.clone(),
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
pub(super) fn differences(a: &Value, b: &Value) -> String {
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

/// Why results files do not merge, or one of them does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// The file cannot be opened.
    #[error(transparent)]
    Unreadable(#[from] crate::input::LoadError),
    /// A line of a results file is wrong.
    #[error("{}:{line}: {problem}", path.display())]
    Line {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// What is wrong there.
        problem: LineProblem,
    },
    /// A file without its header record.
    #[error(
        "{}: empty: no header record (the run stopped before it wrote anything); run the shard again",
        path.display()
    )]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// No file named.
    #[error("name the results files to merge")]
    NoFiles,
    /// Shards of different commands.
    #[error(
        "{} is a `{first_command}` shard, {} a `{other_command}` shard",
        first.display(),
        other.display()
    )]
    OtherCommand {
        /// The first file.
        first: PathBuf,
        /// Its command.
        first_command: String,
        /// The file that differs.
        other: PathBuf,
        /// Its command.
        other_command: String,
    },
    /// Shards of different campaigns.
    #[error(
        "{} and {} are shards of different campaigns: {differences}",
        first.display(),
        other.display()
    )]
    OtherCampaign {
        /// The first file.
        first: PathBuf,
        /// The file that differs.
        other: PathBuf,
        /// The campaign fields that differ.
        differences: String,
    },
    /// Shards of different shard counts.
    #[error(
        "{} is one of {first_count} shards, {} one of {other_count}",
        first.display(),
        other.display()
    )]
    OtherCount {
        /// The first file.
        first: PathBuf,
        /// Its shard count.
        first_count: u32,
        /// The file that differs.
        other: PathBuf,
        /// Its shard count.
        other_count: u32,
    },
    /// One shard in two files.
    #[error("shard {shard} is given twice: {} and {}", first.display(), other.display())]
    GivenTwice {
        /// The shard.
        shard: Shard,
        /// The first file holding it.
        first: PathBuf,
        /// The second.
        other: PathBuf,
    },
    /// Unfinished or missing shards, one line each.
    #[error("{}", gaps_text(.0))]
    Incomplete(Vec<Gap>),
    /// One unit in two shards.
    #[error(
        "unit {index} is in two shards: {}:{} and {}:{}",
        first.0.display(),
        first.1,
        other.0.display(),
        other.1
    )]
    UnitTwice {
        /// The unit.
        index: usize,
        /// The first file and line holding it.
        first: (PathBuf, usize),
        /// The second.
        other: (PathBuf, usize),
    },
    /// A total that overflows when summed.
    #[error(
        "{}:{line}: the total '{key}' added up over the shards passes {} (the largest count a results file holds)",
        path.display(),
        u64::MAX
    )]
    TotalOverflow {
        /// The file whose total passes the limit.
        path: PathBuf,
        /// The line of its end record.
        line: usize,
        /// The total.
        key: String,
    },
}

/// What is wrong on one line of a results file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineProblem {
    /// The line cannot be read.
    #[error("{0}")]
    Unreadable(String),
    /// The file is over [`crate::input::MAX_RESULTS_BYTES`].
    #[error(
        "the file is larger than MAX_RESULTS_BYTES ({} MiB); split the campaign into more shards",
        crate::input::MAX_RESULTS_BYTES / (1024 * 1024)
    )]
    TooLarge,
    /// A line over [`MAX_RESULTS_LINE`].
    #[error(
        "a line longer than MAX_RESULTS_LINE ({} MiB): not a results file (one record per line)",
        MAX_RESULTS_LINE / (1024 * 1024)
    )]
    LineTooLong,
    /// Bytes that are not UTF-8.
    #[error("not UTF-8 text: not a results file")]
    NotUtf8,
    /// A line that is no record.
    #[error("not a results line: {0}")]
    NotJson(String),
    /// A line after the end record.
    #[error("a line after the end record")]
    AfterEnd,
    /// A header whose shard is no shard.
    #[error("{0}")]
    Shard(String),
    /// A record before the header.
    #[error("expected the header record first")]
    NoHeader,
    /// A second header.
    #[error("a second header record")]
    SecondHeader,
    /// A unit of another shard.
    #[error("unit {index} is not one of shard {shard}'s units")]
    ForeignUnit {
        /// The unit.
        index: usize,
        /// The file's shard.
        shard: Shard,
    },
    /// An end record that counts otherwise.
    #[error("the end record counts {count} units, the file holds {held}")]
    CountDiffers {
        /// The count the end record gives.
        count: usize,
        /// The units the file holds.
        held: usize,
    },
}

/// A shard that keeps the results from merging.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gap {
    /// A shard without its end record.
    Unfinished {
        /// The file.
        path: PathBuf,
        /// The shard.
        shard: Shard,
        /// Units done.
        done: usize,
        /// `none` or `the last was unit N`.
        last: String,
        /// The units not done, as words (may be empty).
        missing_units: String,
        /// The command that completes it.
        command: String,
    },
    /// Shards no file holds.
    Missing {
        /// The shards, `I/N`.
        shards: Vec<String>,
        /// The shard count.
        count: u32,
        /// The commands that run the first ten, by shard.
        commands: Vec<(String, String)>,
    },
}

impl std::fmt::Display for Gap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Gap::Unfinished {
                path,
                shard,
                done,
                last,
                missing_units,
                command,
            } => write!(
                f,
                "{}: shard {shard} did not finish (no end record; {done} units done, {last}{missing_units}); complete it with: {command}",
                path.display()
            ),
            Gap::Missing {
                shards,
                count,
                commands,
            } => {
                write!(f, "missing shards: {} (of {count})", shards.join(", "))?;
                for (shard, command) in commands {
                    write!(f, "\n  run shard {shard} with: {command}")?;
                }
                Ok(())
            }
        }
    }
}

fn gaps_text(gaps: &[Gap]) -> String {
    gaps.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}
