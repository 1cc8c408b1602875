//! Reading and validating scenario files. Every error names the file, the
//! line and column where known, the field, and what was expected.

use std::path::{Path, PathBuf};

use crate::spec::Spec;
use crate::variant::{self, Game, VariantError, VariantInfo};

use super::format::{unknown_field_message, PositionSpec, Scenario, StartSpec, REPLACED};
use super::kind::{kind_of, FileKind};

/// The error of every file loader, defined with the other input limits
/// ([`crate::input`]) so that the low modules can name it too.
pub use crate::input::LoadError;

/// A loaded, validated scenario, ready to run.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// Where it was read from.
    pub path: PathBuf,
    /// The file's content.
    pub scenario: Scenario,
    /// Its starting position in the variant's notation (for an invalid
    /// position, the notation as written).
    pub start: String,
}

impl Loaded {
    /// The variant's description.
    pub fn info(&self) -> &'static VariantInfo {
        variant::info(self.scenario.variant)
    }

    /// A fresh game at the starting position under the scenario's ruleset.
    ///
    /// # Errors
    /// [`VariantError`] when the position or the ruleset is refused.
    pub fn open(&self) -> Result<Box<dyn Game>, VariantError> {
        self.open_with(&[])
    }

    /// The same, with `forced` ruling settings on top of the scenario's.
    /// A forced `fault:M-...` entry plays that misreading.
    ///
    /// A scenario that starts from the variant's start position
    /// ([`Loaded::from_default_start`]) opens, under forced rulings, the
    /// start the engine builds under them: a ruling can change the start
    /// itself (Three Kingdoms' R-BANNERMEN=off takes the bannermen off),
    /// and the text in [`Loaded::start`] was built under the scenario's own
    /// rulings only.
    ///
    /// # Errors
    /// As [`Loaded::open`].
    pub fn open_with(&self, forced: &[String]) -> Result<Box<dyn Game>, VariantError> {
        let (forced, faults) = variant::split_faults(forced);
        let rebuilt = !forced.is_empty() && self.from_default_start();
        let mut rulings = self.scenario.ruleset.clone();
        rulings.extend(forced);
        let position = (!rebuilt).then_some(self.start.as_str());
        variant::open_with_faults(self.scenario.variant, position, &rulings, &faults)
    }

    /// Whether the scenario starts from the variant's own start position
    /// (`start: true`, or that start named: `start: start`), which a
    /// ruling may change.
    pub fn from_default_start(&self) -> bool {
        match &self.scenario.position.start {
            Some(super::format::StartSpec::Default(default)) => *default,
            Some(super::format::StartSpec::Named(name)) => {
                self.info().starts.first() == Some(&name.as_str())
            }
            None => false,
        }
    }

    /// Whether every action it plays is expected legal, so that a case
    /// with any expected refusal counts in the table's `illegal` column
    /// (as a tournament case with an expected error does).
    pub fn expects_legal(&self) -> bool {
        self.scenario
            .steps
            .iter()
            .filter_map(|step| step.expect())
            .all(|expect| expect.result == "legal")
    }
}

/// The scenario files under the given paths: [`collect_all_files`]
/// without the files of the other `kinds` (journals, tournament cases:
/// [`crate::suite::file_kinds`]), which run through their own loaders.
///
/// # Errors
/// An I/O error naming the path.
pub fn collect_files_among(paths: &[PathBuf], kinds: &[FileKind]) -> std::io::Result<Vec<PathBuf>> {
    let files = collect_all_files(paths)?;
    Ok(files
        .into_iter()
        .filter(|p| is_scenario_among(p, kinds))
        .collect())
}

/// Whether a file is a scenario rather than a file of one of `kinds`.
pub fn is_scenario_among(path: &Path, kinds: &[FileKind]) -> bool {
    kind_of(path, kinds).is_none()
}

/// Every `.yaml` / `.yml` file under the given paths (files are taken as
/// they are, directories recursively), sorted.
///
/// # Errors
/// An I/O error naming the path.
pub fn collect_all_files(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            walk(path, &mut files, &mut Vec::new())?;
        } else if path.exists() {
            files.push(path.clone());
        } else {
            // `exists` is false for a link that leads nowhere and for a
            // loop of links; the metadata says which.
            let why = match std::fs::metadata(path) {
                Err(error) if is_link_loop(&error) => {
                    "a symbolic link loop (the links lead back to each other)".to_string()
                }
                _ if std::fs::symlink_metadata(path).is_ok() => {
                    "a symbolic link to nothing (its target does not exist)".to_string()
                }
                _ => "no such file or directory".to_string(),
            };
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{}: {why}", path.display()),
            ));
        }
    }
    files.sort();
    files.dedup();
    Ok(files)
}

/// Whether an I/O error is the operating system's "too many levels of
/// symbolic links".
fn is_link_loop(error: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        error.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = error;
        false
    }
}

/// Walks `dir`; `above` holds the real paths of the directories it is in,
/// so that a symbolic link back up (a loop) is an error, not an endless
/// walk.
fn walk(dir: &Path, files: &mut Vec<PathBuf>, above: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let real = std::fs::canonicalize(dir)?;
    if above.contains(&real) {
        return Err(std::io::Error::other(format!(
            "{}: a symbolic link loop (it leads back to {})",
            dir.display(),
            real.display()
        )));
    }
    above.push(real);
    let named = |error: std::io::Error| {
        std::io::Error::new(
            error.kind(),
            format!(
                "{}: {}; check the folder's permissions or leave it out",
                dir.display(),
                crate::input::os_reason(dir, &error)
            ),
        )
    };
    for entry in std::fs::read_dir(dir).map_err(named)? {
        let path = entry.map_err(named)?.path();
        if path.is_dir() {
            walk(&path, files, above)?;
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml")
        ) {
            files.push(path);
        }
    }
    above.pop();
    Ok(())
}

/// Checks that every clause, ruling and finding ID a scenario names exists
/// in `spec`; the error is `(field, the unknown ID, message)`.
///
/// # Errors
/// The first unknown ID.
pub fn check_references(
    spec: &Spec,
    clauses: &[String],
    rulings: &[String],
    findings: &[String],
) -> Result<(), (&'static str, String, String)> {
    type Known = fn(&Spec, &str) -> bool;
    let lists: [(&'static str, &[String], &str, Known); 3] = [
        ("clauses", clauses, "clauses", |spec, id| {
            spec.clause(id).is_some()
        }),
        ("rulings", rulings, "rulings", |spec, id| {
            spec.ruling(id).is_some()
        }),
        ("findings", findings, "findings", |spec, id| {
            spec.finding(id).is_some()
        }),
    ];
    for (field, ids, file, known) in lists {
        if let Some(unknown) = ids.iter().find(|id| !known(spec, id)) {
            let what = field.trim_end_matches('s');
            return Err((
                field,
                unknown.clone(),
                format!(
                    "unknown {what} '{unknown}': expected an ID of spec/{}/{file}.yaml",
                    spec.variant
                ),
            ));
        }
    }
    Ok(())
}

/// Reads YAML into `T`, unknown fields rejected; errors point at the line.
///
/// # Errors
/// [`LoadError`] with the YAML error's line and column.
pub fn parse_yaml<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, LoadError> {
    crate::input::parse_yaml(path, text).map_err(|error| LoadError {
        message: replaced_note(&error.message),
        ..error
    })
}

/// The checks every scenario format shares: a usable ID, at least one
/// clause, and (with a spec) clause, ruling and finding IDs that exist.
/// `lists` are the clauses, rulings and findings.
///
/// # Errors
/// [`LoadError`] located at the offending field.
pub fn check_header(
    path: &Path,
    text: &str,
    id: &str,
    [clauses, rulings, findings]: [&[String]; 3],
    spec: Option<&Spec>,
) -> Result<(), LoadError> {
    let fail = |field: &str, needle: &str, message: String| {
        LoadError::located(path, text, field, needle, message)
    };
    if id.is_empty() || id.chars().any(char::is_whitespace) {
        return Err(fail(
            "id",
            "id:",
            "expected a non-empty ID without spaces".to_string(),
        ));
    }
    if clauses.is_empty() {
        return Err(fail(
            "clauses",
            "clauses:",
            "expected at least one clause ID".to_string(),
        ));
    }
    if let Some(spec) = spec {
        check_references(spec, clauses, rulings, findings)
            .map_err(|(field, needle, message)| fail(field, &needle, message))?;
    }
    Ok(())
}

/// Reads and validates one scenario file against the spec: [`parse_file`]
/// then [`Parsed::validate`].
///
/// # Errors
/// [`LoadError`] for unreadable YAML, unknown fields, bad values, broken
/// references or an invalid starting position.
pub fn load_file(path: &Path, spec: Option<&Spec>) -> Result<Loaded, LoadError> {
    parse_file(path)?.validate(spec)
}

/// A semantic problem: the field, the text to point at, the message.
type Problem = (String, String, String);

fn problem(
    field: impl Into<String>,
    needle: impl Into<String>,
    message: impl Into<String>,
) -> Problem {
    (field.into(), needle.into(), message.into())
}

/// Reads and validates scenario text (as if from `path`).
///
/// # Errors
/// As [`load_file`].
pub fn load_str(path: &Path, text: &str, spec: Option<&Spec>) -> Result<Loaded, LoadError> {
    parse_str(path, text.to_string())?.validate(spec)
}

/// A scenario file read and parsed once into the format's types (each
/// step a [`super::format::Step`] of one kind), not yet checked against
/// its variant or its spec: what a run's filter looks at before anything
/// is loaded or played.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// Where it was read from.
    pub path: PathBuf,
    /// The file's text (validation points into it).
    pub text: String,
    /// The file's content.
    pub scenario: Scenario,
}

/// Reads and parses one scenario file.
///
/// # Errors
/// [`LoadError`] for an unreadable file, unreadable YAML, unknown fields,
/// a step of no kind or of two, or more steps than a scenario may have.
pub fn parse_file(path: &Path) -> Result<Parsed, LoadError> {
    let text = crate::input::read_text(path)?;
    parse_str(path, text)
}

/// Parses scenario text (as if from `path`).
///
/// # Errors
/// As [`parse_file`].
pub fn parse_str(path: &Path, text: String) -> Result<Parsed, LoadError> {
    let scenario: Scenario = parse_yaml(path, &text)?;
    if scenario.steps.len() > crate::input::MAX_STEPS {
        return Err(LoadError::located(
            path,
            &text,
            "steps",
            "steps:",
            format!(
                "{} steps, more than MAX_STEPS ({}) in one scenario: split the case",
                scenario.steps.len(),
                crate::input::MAX_STEPS
            ),
        ));
    }
    Ok(Parsed {
        path: path.to_path_buf(),
        text,
        scenario,
    })
}

impl Parsed {
    /// Checks the parsed scenario against its variant and `spec` (clause,
    /// ruling and finding IDs, the starting position, every step) and
    /// makes it ready to run.
    ///
    /// # Errors
    /// [`LoadError`] located at the offending field.
    pub fn validate(self, spec: Option<&Spec>) -> Result<Loaded, LoadError> {
        let Parsed {
            path,
            text,
            scenario,
        } = self;
        validate(&path, &text, scenario, spec)
    }
}

fn validate(
    path: &Path,
    text: &str,
    scenario: Scenario,
    spec: Option<&Spec>,
) -> Result<Loaded, LoadError> {
    let fail = |(field, needle, message): Problem| {
        LoadError::located(path, text, &field, &needle, message)
    };
    if let Some(spec) = spec {
        if spec.variant != scenario.variant.name() {
            return Err(fail(problem(
                "variant",
                "variant:",
                format!(
                    "expected '{}' (the spec this file is checked against); the file names '{}'",
                    spec.variant, scenario.variant
                ),
            )));
        }
    }
    check_header(
        path,
        text,
        &scenario.id,
        [&scenario.clauses, &scenario.rulings, &scenario.findings],
        spec,
    )?;
    let info = variant::info(scenario.variant);
    let start = start_notation(&scenario, info).map_err(fail)?;
    let loaded = Loaded {
        path: path.to_path_buf(),
        scenario,
        start,
    };
    if loaded.scenario.position.invalid {
        if !loaded.scenario.steps.is_empty() {
            return Err(fail(problem(
                "position.invalid",
                "invalid:",
                "an invalid position has no steps (`steps: []`)",
            )));
        }
        return Ok(loaded);
    }
    let game = loaded.open().map_err(|error| {
        match ruleset_place(text, &loaded.scenario.ruleset, &error) {
            Some((line, column)) => LoadError {
                path: path.to_path_buf(),
                line,
                column,
                field: "ruleset".to_string(),
                message: error.to_string(),
            },
            None => fail(problem("position", "position:", error.to_string())),
        }
    })?;
    if let Some(party) = game.to_move() {
        if game.legal_moves().is_empty() {
            return Err(fail(problem(
                "position",
                "position:",
                format!("{party} is to move but has no legal move; the game would already have moved on"),
            )));
        }
    }
    check_reachable(&loaded).map_err(fail)?;
    if loaded.scenario.steps.is_empty() {
        return Err(fail(problem(
            "steps",
            "steps:",
            "expected at least one step",
        )));
    }
    for (index, step) in loaded.scenario.steps.iter().enumerate() {
        super::validate::check_step(step, info, game.as_ref()).map_err(|(field, message)| {
            let needle = match step {
                super::format::Step::Play { action, .. } => action.clone(),
                super::format::Step::Perft { depth, .. } => format!("perft: {depth}"),
                _ => "steps:".to_string(),
            };
            fail(problem(format!("steps[{index}].{field}"), needle, message))
        })?;
    }
    Ok(loaded)
}

/// A starting position must be one a game can reach, where the variant
/// judges that ([`crate::variant::Game::start_reachable`]; MONARCHIE: no
/// party but the mover in check). The exceptions are a forfeit or a flag
/// fall, which a scenario reaches by playing that step from a position
/// before it, and pure movement tests that say `reachable: false` with an
/// `unreachable_reason`.
fn check_reachable(loaded: &Loaded) -> Result<(), Problem> {
    let scenario = &loaded.scenario;
    match (scenario.reachable, &scenario.unreachable_reason) {
        (true, Some(_)) => {
            return Err(problem(
                "unreachable_reason",
                "unreachable_reason:",
                "an unreachable_reason needs `reachable: false`",
            ))
        }
        (false, None) => return Err(problem(
            "reachable",
            "reachable:",
            "`reachable: false` needs an unreachable_reason saying why the case may start there",
        )),
        (false, Some(reason)) if reason.trim().is_empty() => {
            return Err(problem(
                "unreachable_reason",
                "unreachable_reason:",
                "the unreachable_reason is empty",
            ))
        }
        _ => {}
    }
    if scenario.position.invalid {
        return Ok(());
    }
    let Some(verdict) = loaded.open().ok().and_then(|game| game.start_reachable()) else {
        return Ok(());
    };
    match (verdict, scenario.reachable) {
        (Ok(()), false) => Err(problem(
            "reachable",
            "reachable:",
            "the position can arise (no party but the one to move is in check): drop `reachable: false`",
        )),
        (Err(why), true) => Err(problem(
            "position",
            "position:",
            format!(
                "{why}: no game reaches this position, since the checked party would move first; start before the forfeit or flag fall that leads here and play it, or mark a pure movement test `reachable: false` with an unreachable_reason",
            ),
        )),
        _ => Ok(()),
    }
}

/// The starting position's notation: a start, the notation, or the
/// variant's listing (with the notation as a cross-check).
fn start_notation(scenario: &Scenario, info: &VariantInfo) -> Result<String, Problem> {
    let spec: &PositionSpec = &scenario.position;
    let has_listing = !spec.listing.is_empty();
    if let Some(start) = &spec.start {
        if has_listing || spec.notation.is_some() || spec.invalid {
            return Err(problem(
                "position.start",
                "start:",
                "'start' stands alone: give no pieces, notation or clocks with it",
            ));
        }
        let name = match start {
            StartSpec::Default(true) => info.starts[0],
            StartSpec::Named(name) => name.as_str(),
            StartSpec::Default(false) => {
                return Err(problem(
                    "position.start",
                    "start:",
                    "`start: false` means nothing: give a notation or a listing instead",
                ))
            }
        };
        return (info.start_notation)(name).ok_or_else(|| {
            problem(
                "position.start",
                "start:",
                format!(
                    "unknown start position '{name}' for {}: expected true or one of {}",
                    info.id,
                    info.starts.join(", ")
                ),
            )
        });
    }
    if spec.invalid {
        if has_listing {
            return Err(problem(
                "position.invalid",
                "invalid:",
                "an invalid position is given by its `notation` alone",
            ));
        }
        return spec.notation.clone().ok_or_else(|| {
            problem(
                "position.invalid",
                "invalid:",
                "an invalid position needs its `notation`",
            )
        });
    }
    if !has_listing {
        return spec.notation.clone().ok_or_else(|| {
            problem(
                "position",
                "position:",
                format!(
                    "expected 'start', 'notation'{}",
                    if info.listing.is_some() {
                        ", or a listing (to_move and the parties' pieces)"
                    } else {
                        ""
                    }
                ),
            )
        });
    }
    let Some(read) = info.listing else {
        let (key, _) = spec
            .listing
            .iter()
            .next()
            .unwrap_or_else(|| unreachable!("the listing is not empty"));
        return Err(problem(
            format!("position.{key}"),
            format!("{key}:"),
            unknown_field_message("position", key, &["start", "notation", "invalid"]),
        ));
    };
    let listed = read(&spec.listing).map_err(|(field, message)| {
        problem(
            format!("position.{field}"),
            listing_needle(&field, &message),
            replaced_note(&message),
        )
    })?;
    if let Some(noted) = &spec.notation {
        let same = variant::open(info.id, Some(noted), &[])
            .map(|game| game.position_text() == listed)
            .unwrap_or(false);
        if !same {
            return Err(problem(
                "position.notation",
                "notation:",
                format!("the notation and the listing describe different positions; the listing is {listed}"),
            ));
        }
    }
    Ok(listed)
}

/// What to point at for a listing problem: the value the message quotes
/// (`'schwarz'`, `` `colour` ``, `cell 254`), else the field.
fn listing_needle(field: &str, message: &str) -> String {
    let quoted = |open: char, close: char| {
        let start = message.find(open)? + open.len_utf8();
        let end = message[start..].find(close)? + start;
        Some(message[start..end].to_string())
    };
    if let Some(number) = message
        .split("cell ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .filter(|number| !number.is_empty())
    {
        return number.to_string();
    }
    quoted('\'', '\'')
        .or_else(|| quoted('`', '`'))
        .unwrap_or_else(|| format!("{}:", field.split('.').next().unwrap_or("position")))
}

/// A serde message with the note of what replaced an unknown field.
fn replaced_note(message: &str) -> String {
    let Some(rest) = message.split("unknown field `").nth(1) else {
        return message.to_string();
    };
    let key = rest.split('`').next().unwrap_or_default();
    match REPLACED.iter().find(|(_, old, _)| *old == key) {
        Some((_, _, new)) => format!("{message}; `{key}` was replaced by {new}"),
        None => message.to_string(),
    }
}

/// Where a ruling setting the variant refuses stands: the line and column
/// of the setting (or its ID) after the `ruleset:` key, or of that key;
/// `None` for an error that is not about a ruling setting (it is the
/// position's). A setting is the culprit when the error is one of the
/// ruling errors, or when its message names the setting's ID.
fn ruleset_place(
    text: &str,
    ruleset: &[String],
    error: &crate::variant::VariantError,
) -> Option<(usize, usize)> {
    use crate::variant::VariantError as E;
    let message = error.to_string();
    let wanted = match error {
        E::SettingShape { setting, .. }
        | E::NoSwitchableRulings { setting, .. }
        | E::FixedOnly { setting, .. } => setting.clone(),
        E::UnknownOption { id, .. } | E::FixedRuling { id } | E::UnknownRuling { id, .. } => {
            id.clone()
        }
        _ => ruleset
            .iter()
            .map(|setting| setting.split('=').next().unwrap_or_default())
            .find(|id| !id.is_empty() && message.contains(id))?
            .to_string(),
    };
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|line| line.trim_start().starts_with("ruleset:"))?;
    let found = lines[start..]
        .iter()
        .enumerate()
        .find_map(|(offset, line)| {
            line.find(wanted.as_str())
                .map(|at| (start + offset + 1, line[..at].chars().count() + 1))
        });
    Some(found.unwrap_or_else(|| {
        let line = lines[start];
        (start + 1, line.len() - line.trim_start().len() + 1)
    }))
}
