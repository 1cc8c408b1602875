//! The layering of `src/` (issue 26, item 17; docs/architecture.md): no
//! import circle between two top-level modules of `src/`, none among the
//! files of `src/cli/`, and no rule-system code (`src/variant/**`) naming
//! the harness above it. The imports are read from the source: every path
//! that starts with `crate::`, `super::`, `self::` or `regelwerk::` (the
//! binary's name for the library), `use` groups `{...}` included, with
//! comments, strings and character literals skipped. A failure names the
//! circle or the import, with file and line.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The modules below the rule systems: what `src/variant/**` may name
/// besides itself. They name only each other.
const LOW: [&str; 4] = ["draw", "input", "output", "rng"];

/// The harness: every other top-level module of `src/`. Rule-system code
/// names none of them; a new top-level module must be added to one of
/// the two lists (and to docs/architecture.md).
const HARNESS: [&str; 18] = [
    "budget",
    "cli",
    "conform",
    "explore",
    "fuzz",
    "journal",
    "parser_checks",
    "perftfile",
    "players",
    "protocol",
    "record",
    "render",
    "report",
    "scenario",
    "shard",
    "spec",
    "suite",
    "tournament",
];

/// The folder of the rule systems.
const RULES: &str = "variant";

/// One import: the module that names another, where, and the path.
#[derive(Clone, Debug)]
struct Import {
    from: String,
    to: String,
    file: String,
    line: usize,
    path: String,
}

/// The lexer's tokens: words, `::`, and single punctuation characters.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Word(String),
    Colons,
    Punct(char),
}

/// Tokens of Rust source with their 1-based lines; comments (nested block
/// comments too), string literals (raw ones too) and character literals
/// are dropped, lifetimes are words.
fn tokens(text: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if i >= chars.len() {
                    break;
                }
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
            }
        } else if let Some(r) = raw_string_at(&chars, i) {
            // A raw string r"..." / r#"..."# (br, cr too).
            let mut hashes = 0;
            i = r + 1;
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1;
            while i < chars.len() {
                if chars[i] == '"' && (0..hashes).all(|k| at(i + 1 + k) == '#') {
                    i += 1 + hashes;
                    break;
                }
                line += usize::from(chars[i] == '\n');
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                line += usize::from(at(i) == '\n');
                i += 1;
            }
            i += 1;
        } else if c == '\'' {
            if at(i + 1) == '\\' {
                // An escaped character literal: '\n', '\'', '\u{..}'.
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                // A lifetime or a label.
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push((Token::Word(chars[start..i].iter().collect()), line));
        } else if c == ':' && at(i + 1) == ':' {
            out.push((Token::Colons, line));
            i += 2;
        } else {
            out.push((Token::Punct(c), line));
            i += 1;
        }
    }
    out
}

/// Where the `r` of a raw string literal starting at `i` is (`r"`,
/// `r#"`, `br"`, `cr#"`, ...), if one starts there.
fn raw_string_at(chars: &[char], i: usize) -> Option<usize> {
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let r = if matches!(at(i), 'b' | 'c') { i + 1 } else { i };
    let mut end = r + 1;
    while at(end) == '#' {
        end += 1;
    }
    (at(r) == 'r' && at(end) == '"').then_some(r)
}

/// The paths of a use tree that starts at token `i` (a word), `prefix`
/// already read: `a::b::{c, d::{e, self}}` gives `a::b::c`, `a::b::d::e`
/// and `a::b::d`.
fn tree(
    toks: &[(Token, usize)],
    mut i: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    while let Some((Token::Word(word), _)) = toks.get(i) {
        if word != "self" {
            prefix.push(word.clone());
        }
        i += 1;
        if toks.get(i).map(|t| &t.0) != Some(&Token::Colons) {
            break;
        }
        i += 1;
        if toks.get(i).map(|t| &t.0) == Some(&Token::Punct('{')) {
            i += 1;
            loop {
                match toks.get(i).map(|t| &t.0) {
                    Some(Token::Word(_)) => i = tree(toks, i, prefix.clone(), out),
                    Some(Token::Punct('}')) | None => break,
                    _ => i += 1,
                }
            }
            return i + 1;
        }
    }
    out.push(prefix);
    i
}

/// Every path of `text` that starts at a crate root or a relative root,
/// with its line; `lib_root` also reads plain `use a::b` (the library
/// root's re-exports of its own modules).
fn paths(text: &str, lib_root: bool) -> Vec<(Vec<String>, usize)> {
    let toks = tokens(text);
    let mut out = Vec::new();
    for i in 0..toks.len() {
        let (Token::Word(word), line) = &toks[i] else {
            continue;
        };
        let rooted = matches!(word.as_str(), "crate" | "super" | "self" | "regelwerk");
        let after_colons = i > 0 && toks[i - 1].0 == Token::Colons;
        let after_use = i > 0 && toks[i - 1].0 == Token::Word("use".to_string());
        if (rooted && !after_colons && toks.get(i + 1).map(|t| &t.0) == Some(&Token::Colons))
            || (lib_root && after_use && !rooted)
        {
            let mut found = Vec::new();
            tree(&toks, i, Vec::new(), &mut found);
            out.extend(found.into_iter().map(|p| (p, *line)));
        }
    }
    out
}

/// The module a source file is: `scenario/load` for src/scenario/load.rs,
/// `scenario` for its mod.rs, `` for lib.rs and main.rs.
fn module_of(relative: &Path) -> String {
    let text = relative
        .with_extension("")
        .to_string_lossy()
        .replace('\\', "/");
    match text.as_str() {
        "lib" | "main" => String::new(),
        _ => text.strip_suffix("/mod").unwrap_or(&text).to_string(),
    }
}

/// The known module that `segments` (already absolute) name: the longest
/// prefix that is a module, `aliases` (the library root's re-exports)
/// applied to the first segment.
fn resolve(
    segments: &[String],
    known: &BTreeSet<String>,
    aliases: &BTreeMap<String, String>,
) -> Option<String> {
    let mut parts: Vec<String> = segments.to_vec();
    if let Some(target) = parts.first().and_then(|first| aliases.get(first)) {
        let mut replaced: Vec<String> = target.split('/').map(str::to_string).collect();
        replaced.extend(parts.drain(1..));
        parts = replaced;
    }
    (1..=parts.len())
        .rev()
        .map(|end| parts[..end].join("/"))
        .find(|name| known.contains(name))
}

/// The imports between the modules of `files` (path relative to src/,
/// text).
fn imports(files: &[(PathBuf, String)]) -> Vec<Import> {
    let known: BTreeSet<String> = files.iter().map(|(path, _)| module_of(path)).collect();
    let mut aliases = BTreeMap::new();
    if let Some((_, text)) = files.iter().find(|(path, _)| path == Path::new("lib.rs")) {
        for (path, _) in paths(text, true) {
            if path
                .first()
                .is_some_and(|s| !matches!(s.as_str(), "crate" | "self" | "super"))
            {
                if let (Some(name), Some(module)) = (path.last(), resolve(&path, &known, &aliases))
                {
                    aliases.insert(name.clone(), module);
                }
            }
        }
    }
    let mut out = Vec::new();
    for (file, text) in files {
        let from = module_of(file);
        let here: Vec<String> = from
            .split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        for (path, line) in paths(text, false) {
            let mut base = match path[0].as_str() {
                "crate" | "regelwerk" => Vec::new(),
                _ => here.clone(),
            };
            let mut rest = &path[1..];
            if path[0] == "super" {
                base.pop();
            }
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            if let Some(to) = resolve(&base, &known, &aliases) {
                if to != from && !to.is_empty() {
                    out.push(Import {
                        from: from.clone(),
                        to,
                        file: format!("src/{}", file.display()),
                        line,
                        path: path.join("::"),
                    });
                }
            }
        }
    }
    out
}

/// The top-level module a module lies in.
fn top(module: &str) -> &str {
    module.split('/').next().unwrap_or(module)
}

/// A shortest way from `from` to `to` in `graph`, if any.
fn way(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> Option<Vec<String>> {
    let mut came: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([from.to_string()]);
    while let Some(node) = queue.pop_front() {
        for next in graph.get(&node).into_iter().flatten() {
            if next == to {
                let mut out = vec![to.to_string(), node.clone()];
                let mut at = node.clone();
                while let Some(before) = came.get(&at) {
                    out.push(before.clone());
                    at = before.clone();
                }
                out.reverse();
                return Some(out);
            }
            if next != from && !came.contains_key(next) {
                came.insert(next.clone(), node.clone());
                queue.push_back(next.clone());
            }
        }
    }
    None
}

/// The circles of the graph whose nodes are `group(module)` (modules for
/// which it is `None` left out), each once: `a -> b -> a` with the import
/// behind every step.
fn circles(imports: &[Import], group: impl Fn(&str) -> Option<String>) -> Vec<String> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut evidence: BTreeMap<(String, String), &Import> = BTreeMap::new();
    for import in imports {
        if let (Some(a), Some(b)) = (group(&import.from), group(&import.to)) {
            if a != b {
                graph.entry(a.clone()).or_default().insert(b.clone());
                evidence.entry((a, b)).or_insert(import);
            }
        }
    }
    let mut seen: BTreeSet<BTreeSet<String>> = BTreeSet::new();
    let mut out = Vec::new();
    for node in graph.keys() {
        let Some(circle) = way(&graph, node, node) else {
            continue;
        };
        let members: BTreeSet<String> = circle.iter().cloned().collect();
        if !seen.insert(members) {
            continue;
        }
        let steps: Vec<String> = circle
            .windows(2)
            .map(|pair| {
                let import = evidence[&(pair[0].clone(), pair[1].clone())];
                format!(
                    "{} -> {} ({}:{} names {})",
                    pair[0], pair[1], import.file, import.line, import.path
                )
            })
            .collect();
        out.push(format!(
            "circle {}: {}",
            circle.join(" -> "),
            steps.join("; ")
        ));
    }
    out
}

/// The circles inside the folders of `src/`: within each top-level
/// folder, the sets of files (two or more) each of which reaches every
/// other through imports among the folder's own files, each set named
/// with its members, sorted. A folder is one unit of the layering above;
/// a circle inside it means no file of it can be read before the others.
fn folder_circles(imports: &[Import]) -> Vec<String> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for import in imports {
        let (from, to) = (top(&import.from), top(&import.to));
        if from == to && (import.from.contains('/') || import.to.contains('/')) {
            graph
                .entry(import.from.clone())
                .or_default()
                .insert(import.to.clone());
        }
    }
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut out = Vec::new();
    for node in graph.keys() {
        if seen.contains(node) {
            continue;
        }
        let members: BTreeSet<String> = graph
            .keys()
            .filter(|other| {
                *other == node
                    || (way(&graph, node, other).is_some() && way(&graph, other, node).is_some())
            })
            .cloned()
            .collect();
        seen.extend(members.iter().cloned());
        if members.len() > 1 {
            let names: Vec<&str> = members.iter().map(String::as_str).collect();
            out.push(format!(
                "circle inside src/{}/: {}",
                top(node),
                names.join(", ")
            ));
        }
    }
    out
}

/// Every broken rule of the layering, in words.
fn violations(imports: &[Import], modules: &BTreeSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    let tops: BTreeSet<&str> = modules
        .iter()
        .map(|m| top(m))
        .filter(|t| !t.is_empty())
        .collect();
    for name in &tops {
        if *name != RULES && !LOW.contains(name) && !HARNESS.contains(name) {
            out.push(format!(
                "src/{name}: a top-level module neither low level nor harness; add it to LOW or HARNESS in tests/harness/structure.rs and to docs/architecture.md"
            ));
        }
    }
    out.extend(circles(imports, |m| {
        (!m.is_empty()).then(|| top(m).to_string())
    }));
    out.extend(circles(imports, |m| {
        let rest = m.strip_prefix("cli/")?;
        Some(format!("cli/{}", top(rest)))
    }));
    for import in imports {
        let (from, to) = (top(&import.from), top(&import.to));
        let what = if from == RULES {
            "rule-system code"
        } else if LOW.contains(&from) {
            "a low-level module"
        } else {
            continue;
        };
        if from != to && !LOW.contains(&to) {
            out.push(format!(
                "{}:{}: {what} ({}) names {} ({}), which is not low level ({})",
                import.file,
                import.line,
                import.from,
                import.path,
                import.to,
                LOW.join(", ")
            ));
        }
    }
    out
}

/// The files of src/, relative paths and texts, sorted.
fn sources() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                out.push((
                    path.strip_prefix(root).expect("under src").to_path_buf(),
                    text,
                ));
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out.sort();
    out
}

fn modules(files: &[(PathBuf, String)]) -> BTreeSet<String> {
    files.iter().map(|(path, _)| module_of(path)).collect()
}

#[test]
fn src_has_no_import_circle_and_rule_systems_name_no_harness() {
    let files = sources();
    let found = imports(&files);
    // The reader sees the imports that hold the layering up (a reader that
    // saw nothing would pass every rule).
    for (from, to) in [
        ("render/game", "draw"),
        ("variant/monarchie/picture", "draw"),
        ("fuzz/game", "rng"),
        ("scenario/kind", "variant/suite_file"),
        ("variant/monarchie/journal/cases", "variant/suite_file"),
        ("variant/monarchie/game", "variant/monarchie/invariants"),
        ("cli/check", "suite"),
        (
            "variant/monarchie/rules/apply",
            "variant/monarchie/position",
        ),
    ] {
        assert!(
            found.iter().any(|i| i.from == from && i.to == to),
            "the import reader missed {from} -> {to}"
        );
    }
    let broken = violations(&found, &modules(&files));
    let tops: BTreeSet<&str> = found
        .iter()
        .flat_map(|i| [top(&i.from), top(&i.to)])
        .collect();
    println!(
        "{} files, {} imports between {} top-level modules read; {} broken layering rule(s)",
        files.len(),
        found.len(),
        tops.iter().filter(|t| !t.is_empty()).count(),
        broken.len()
    );
    assert!(
        broken.is_empty(),
        "{} broken layering rule(s):\n{}",
        broken.len(),
        broken.join("\n")
    );
}

/// The most circles inside the folders of `src/` ([`folder_circles`];
/// issue 46: 14 when it was first measured, 2026-12-07; 11 once the
/// scenario folder's and the explorer's were opened; 1 once the types and
/// helpers in the wrong files moved to the files that own them,
/// docs/architecture.md "Inside the folders"). The bound may only come
/// down.
const FOLDER_CIRCLES: usize = 1;

/// Issue 46, item 1: the circles inside folders stay within
/// [`FOLDER_CIRCLES`], and the scenario folder (the suite loop, the step
/// interpreter and the results) and the explorer's have none.
#[test]
fn circles_inside_folders_stay_within_their_bound() {
    let circles = folder_circles(&imports(&sources()));
    println!(
        "{} circle(s) inside folders:\n{}",
        circles.len(),
        circles.join("\n")
    );
    assert!(
        circles.len() <= FOLDER_CIRCLES,
        "{} circles inside folders, at most {FOLDER_CIRCLES}:\n{}",
        circles.len(),
        circles.join("\n")
    );
    let scenario: Vec<&String> = circles
        .iter()
        .filter(|circle| circle.contains("src/scenario/") || circle.contains("src/explore/"))
        .collect();
    assert!(scenario.is_empty(), "{scenario:?}");
}

/// The measure sees a circle of three files inside a folder, once, and
/// none across folders or along a chain.
#[test]
fn a_circle_inside_a_folder_is_measured_once() {
    let file = |path: &str, text: &str| (PathBuf::from(path), text.to_string());
    let files = vec![
        file("lib.rs", "pub mod a; pub mod b;\n"),
        file("a/mod.rs", "pub mod x; pub mod y; pub mod z; pub mod w;\n"),
        file("a/x.rs", "use super::y::f;\n"),
        file("a/y.rs", "use super::z::g;\nuse crate::b::one::h;\n"),
        file("a/z.rs", "use crate::a::x::k;\n"),
        file("a/w.rs", "use super::x::k;\n"),
        file("b/mod.rs", "pub mod one;\n"),
        file("b/one.rs", "use crate::a::w::m;\n"),
    ];
    let circles = folder_circles(&imports(&files));
    assert_eq!(
        circles,
        vec!["circle inside src/a/: a/x, a/y, a/z".to_string()]
    );
}

/// A small made-up tree with one fault of every kind: the check fails on
/// each and names it.
#[test]
fn the_layering_check_names_every_kind_of_fault() {
    let file = |path: &str, text: &str| (PathBuf::from(path), text.to_string());
    let files = vec![
        file("lib.rs", "pub mod scenario; pub mod journal; pub mod variant; pub mod rng; pub mod fuzz;\npub use variant::chess::{cell};\n"),
        file("scenario/load.rs", "// crate::tournament in a comment is no import\nuse crate::journal::{suite::{self, Kind}};\n"),
        file(
            "journal/suite.rs",
            "fn f() { let s = \"crate::variant\"; let c = '\"'; let b = br#\"\" crate::variant \"#;\ncrate::scenario::load::x(); }\n",
        ),
        file("variant/chess/game.rs", "use crate::rng::Rng;\nuse super::super::super::fuzz::random;\n"),
        file("variant/chess/cell.rs", "pub struct Cell<'a>(&'a str);\n"),
        file("rng.rs", "fn f() -> crate::cell::Cell<'static> { todo!() }\n"),
        file("fuzz/mod.rs", "use crate::variant::chess::game;\n"),
        file("cli/check.rs", "use super::conform::run;\n"),
        file("cli/conform.rs", "use crate::cli::check::x;\n"),
        file("main.rs", "mod cli;\nuse regelwerk::scenario::load;\n"),
        file("widgets.rs", "\n"),
    ];
    let found = imports(&files);
    let broken = violations(&found, &modules(&files));
    let text = broken.join("\n");
    let expected = [
        "circle journal -> scenario -> journal",
        "src/scenario/load.rs:2 names crate::journal::suite",
        "circle cli/check -> cli/conform -> cli/check",
        // The two upward imports below close circles with the harness's and
        // the variant's own downward ones.
        "circle fuzz -> variant -> fuzz",
        "circle rng -> variant -> rng",
        "src/variant/chess/game.rs:2: rule-system code (variant/chess/game) names super::super::super::fuzz::random (fuzz)",
        "src/rng.rs:1: a low-level module (rng) names crate::cell::Cell (variant/chess/cell)",
        "src/widgets: a top-level module neither low level nor harness",
    ];
    for piece in expected {
        assert!(text.contains(piece), "expected {piece:?} in:\n{text}");
    }
    assert_eq!(broken.len(), expected.len() - 1, "{text}");
    // Comments and strings are no imports; the variant's use of rng is allowed.
    assert!(!found
        .iter()
        .any(|i| i.to == "tournament" || (i.from == "journal/suite" && i.to == "variant")));
    assert!(found
        .iter()
        .any(|i| i.from == "variant/chess/game" && i.to == "rng"));
}

/// Issue 34, "MONARCHIE on the one path": the library root declares its
/// modules and re-exports nothing, so a path names where its code lives
/// (`regelwerk::variant::monarchie::cell`, not a short path at the root).
#[test]
fn the_library_root_re_exports_no_rule_system() {
    let files = sources();
    let (_, lib) = files
        .iter()
        .find(|(path, _)| path == Path::new("lib.rs"))
        .expect("src/lib.rs");
    let exports: Vec<&str> = lib
        .lines()
        .filter(|line| line.trim_start().starts_with("pub use"))
        .collect();
    assert!(
        exports.is_empty(),
        "src/lib.rs re-exports {exports:?}: name the module where the code lives"
    );
}

/// The rule systems as `VariantId` spells them and as their folders do.
const RULE_SYSTEMS: [(&str, &str); 5] = [
    ("Monarchie", "monarchie"),
    ("Grand", "grand"),
    ("Racingkings", "racingkings"),
    ("Threekingdoms", "threekingdoms"),
    ("Sovereign", "sovereign"),
];

/// The one file outside the rule systems' folders that names each of
/// them: the registry (`VariantId`, `ALL`, `info`).
const REGISTRY: &str = "variant/mod.rs";

/// The files outside the rule systems' folders that still name MONARCHIE
/// (issue 34): its own commands at the binary's edge, `play` (a
/// six-party game with humans at the terminal) and `render` (the hexagram
/// with its rule-aware marks). Its subsystems (journals, the Joshuas'
/// game runner, diagrams and figures) live in its folder and are reached
/// through the registry. The list may only shrink: a file that no longer
/// names MONARCHIE must leave it.
const MONARCHIE_OUTSIDE: [&str; 2] = ["cli/play.rs", "cli/render.rs"];

/// Namings that came in with the merges of 2026-12-07 (issues 45 and
/// 46) and are still to go behind the registry: the tournament schema of
/// `regelwerk schema` (to be a suite-file kind's), the legend's line on
/// dead blockers (to be a `VariantInfo` fact), and the explorer's
/// defection labels (Sovereign's colour letters, to be the rule system's
/// own words). The list may only shrink, like [`MONARCHIE_OUTSIDE`].
const MERGED_OUTSIDE: [(&str, &str); 3] = [
    ("monarchie", "cli/mod.rs"),
    ("monarchie", "render/legend.rs"),
    ("sovereign", "explore/labels.rs"),
];

/// The tokens of `text` without its `#[cfg(test)]` items (a test module
/// may name any rule system).
fn code_tokens(text: &str) -> Vec<(Token, usize)> {
    let toks = tokens(text);
    let attribute = [
        Token::Punct('#'),
        Token::Punct('['),
        Token::Word("cfg".to_string()),
        Token::Punct('('),
        Token::Word("test".to_string()),
        Token::Punct(')'),
        Token::Punct(']'),
    ];
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let is_test = toks.len() >= i + attribute.len()
            && toks[i..i + attribute.len()]
                .iter()
                .zip(&attribute)
                .all(|((token, _), want)| token == want);
        if !is_test {
            out.push(toks[i].clone());
            i += 1;
            continue;
        }
        i += attribute.len();
        while i < toks.len() && !matches!(toks[i].0, Token::Punct('{') | Token::Punct(';')) {
            i += 1;
        }
        if toks.get(i).map(|t| &t.0) == Some(&Token::Punct('{')) {
            let mut depth = 0;
            while i < toks.len() {
                match toks[i].0 {
                    Token::Punct('{') => depth += 1,
                    Token::Punct('}') => depth -= 1,
                    _ => {}
                }
                i += 1;
                if depth == 0 {
                    break;
                }
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The rule systems the code of `text` names (`VariantId::Grand`,
/// `variant::grand::...`, `monarchie::...`), with the first line of each.
fn rule_systems_named(text: &str) -> BTreeMap<&'static str, usize> {
    let toks = code_tokens(text);
    let mut named = BTreeMap::new();
    for window in toks.windows(3) {
        let [(Token::Word(first), line), (Token::Colons, _), (Token::Word(second), _)] = window
        else {
            continue;
        };
        for (id, folder) in RULE_SYSTEMS {
            let names = (first == "VariantId" && second == id)
                || (first == "variant" && second == folder)
                || (first == folder && second != "Self");
            if names {
                named.entry(folder).or_insert(*line);
            }
        }
    }
    named
}

/// Issue 34, item 1: a rule system joins through the registry. Outside
/// its own folder (`src/variant/<name>/`) its name appears in code only
/// in the registry, so that a sixth rule system touches its own folders
/// and the registry; MONARCHIE's subsystems still in harness rooms are
/// listed above and may only shrink. The chess core (`variant/chess/`)
/// is shared by Grand Chess and Racing Kings and names neither.
#[test]
fn a_rule_system_is_named_outside_its_folder_only_by_the_registry() {
    let files = sources();
    let mut problems = Vec::new();
    let mut monarchie_outside = BTreeSet::new();
    let mut merged_outside = BTreeSet::new();
    for (path, text) in &files {
        let file = path.to_string_lossy().replace('\\', "/");
        for (folder, line) in rule_systems_named(text) {
            if file.starts_with(&format!("variant/{folder}/")) || file == REGISTRY {
                continue;
            }
            if folder == "monarchie" && MONARCHIE_OUTSIDE.contains(&file.as_str()) {
                monarchie_outside.insert(file.clone());
                continue;
            }
            if MERGED_OUTSIDE.contains(&(folder, file.as_str())) {
                merged_outside.insert((folder, file.clone()));
                continue;
            }
            problems.push(format!(
                "src/{file}:{line} names the rule system `{folder}` outside its folder and the registry"
            ));
        }
    }
    for file in MONARCHIE_OUTSIDE {
        if !monarchie_outside.contains(file) {
            problems.push(format!(
                "src/{file} no longer names MONARCHIE: take it off MONARCHIE_OUTSIDE"
            ));
        }
    }
    for (folder, file) in MERGED_OUTSIDE {
        if !merged_outside.contains(&(folder, file.to_string())) {
            problems.push(format!(
                "src/{file} no longer names {folder}: take it off MERGED_OUTSIDE"
            ));
        }
    }
    println!(
        "files outside src/variant/ naming a rule system: {} (MONARCHIE's subsystems)",
        monarchie_outside.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The reader sees a naming it must see.
    assert!(rule_systems_named("fn f() { crate::variant::grand::open(); }").contains_key("grand"));
    assert!(rule_systems_named("#[cfg(test)]\nmod tests { use VariantId::Grand; }").is_empty());
}

/// Issue 34, item 1, the other half: inside the registry a rule system
/// takes two lines of code, its `pub mod` and its line of
/// `rule_systems!` (which makes `VariantId`, `ALL`, the names and `info`
/// from that one list). With the test above, this is the proof that a new
/// rule system joins through its own folders and two registry lines: no
/// match arm anywhere else has to learn of it.
#[test]
fn the_registry_names_each_rule_system_on_two_lines() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src")
            .join(REGISTRY),
    )
    .expect("the registry is readable");
    let toks = code_tokens(&text);
    for (id, folder) in RULE_SYSTEMS {
        let lines: BTreeSet<usize> = toks
            .iter()
            .filter(|(token, _)| {
                *token == Token::Word(id.into()) || *token == Token::Word(folder.into())
            })
            .map(|(_, line)| *line)
            .collect();
        assert_eq!(
            lines.len(),
            2,
            "src/{REGISTRY} names `{folder}` on lines {lines:?}: expected its `pub mod` line and its `rule_systems!` line only"
        );
    }
}

/// Issue 34, item 4: the misreadings are fenced. In each rule system's
/// folder only `faults.rs` (the catalogue) and `readings.rs` (the rule
/// points and their hidden alternatives) turn a fault into behaviour;
/// rule code asks for a reading (`rules.reading::<Point>()`) and never
/// names one misreading (`Misreading::X`; the registry may name the
/// catalogue) or asks the fault set about one. Test code
/// (`#[cfg(test)]` items and `*tests.rs` files) may set faults.
#[test]
fn rule_code_reaches_misreadings_only_through_readings() {
    let mut problems = Vec::new();
    let mut fenced = BTreeSet::new();
    for (path, text) in sources() {
        let file = path.to_string_lossy().replace('\\', "/");
        let Some((folder, name)) = file
            .strip_prefix("variant/")
            .and_then(|rest| rest.split_once('/'))
        else {
            continue;
        };
        if !RULE_SYSTEMS.iter().any(|(_, f)| *f == folder) {
            continue;
        }
        if name == "readings.rs" {
            fenced.insert(folder.to_string());
        }
        if name == "faults.rs" || name == "readings.rs" || name.ends_with("tests.rs") {
            continue;
        }
        let toks = code_tokens(&text);
        for window in toks.windows(3) {
            let asks = match window {
                [(Token::Word(word), line), (Token::Colons, _), (Token::Word(which), _)]
                    if word == "Misreading"
                        && which != "ALL"
                        && which.starts_with(|c: char| c.is_ascii_uppercase()) =>
                {
                    Some((*line, "names a misreading"))
                }
                [(Token::Punct('.'), line), (Token::Word(word), _), (Token::Punct('('), _)]
                    if word == "fault" =>
                {
                    Some((*line, "calls `.fault(..)`"))
                }
                [(Token::Word(set), line), (Token::Punct('.'), _), (Token::Word(word), _)]
                    if set == "faults" && word == "has" =>
                {
                    Some((*line, "asks `faults.has(..)`"))
                }
                _ => None,
            };
            if let Some((line, what)) = asks {
                problems.push(format!(
                    "src/{file}:{line} {what}: rule code asks `rules.reading::<Point>()` (src/variant/{folder}/readings.rs)"
                ));
            }
        }
    }
    let all: BTreeSet<String> = RULE_SYSTEMS.iter().map(|(_, f)| f.to_string()).collect();
    assert_eq!(fenced, all, "every rule system has a readings.rs");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
