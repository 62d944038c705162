//! Floors run one way (issue 11, STYLE 18): tile/notation/error → tables → hand → rules →
//! analysis → scoring → game, `lib.rs` only re-exports, and no module imports one that imports
//! it back. Read from the sources, so a wrong-way `use` fails here before any picture is drawn
//! (docs/design/architecture-target.json holds the same floors for `farm-studio draw`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The floor of a source file (relative to `src/`), lowest 0.
fn floor(file: &str) -> Option<usize> {
    let top = file.split('/').next()?.trim_end_matches(".rs");
    Some(match top {
        "tile" | "notation" | "error" => 0,
        "tables" => 1,
        "hand" | "decompose" | "unconnected" => 2,
        "rules" => 3,
        "waits" | "shanten" | "special" | "analyze" => 4,
        "scoring" => 5,
        "game" => 6,
        "lib" => 7,
        _ => return None,
    })
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
    {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a file without its comments and its `#[cfg(test)]` module (tests may reach
/// anywhere).
fn code(text: &str) -> String {
    let body = text.split("#[cfg(test)]").next().unwrap_or(text);
    body.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths a file names: `crate::a::b…` and, inside a folder, `super::x`.
fn paths(file: &str, code: &str) -> Vec<Vec<String>> {
    let dir: Vec<&str> = file.split('/').collect();
    let mut out = Vec::new();
    for (prefix, base) in [
        ("crate::", Vec::new()),
        (
            "super::",
            dir[..dir.len() - 1]
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
        ),
    ] {
        if prefix == "super::" && dir.len() == 1 {
            continue;
        }
        for (i, _) in code.match_indices(prefix) {
            let before = code[..i].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &code[i + prefix.len()..];
            let mut segs = base.clone();
            let mut r = rest;
            loop {
                let n = r
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(r.len());
                if n == 0 {
                    break;
                }
                segs.push(r[..n].to_owned());
                if r[n..].starts_with("::") {
                    r = &r[n + 2..];
                } else {
                    break;
                }
            }
            out.push(segs);
        }
    }
    out
}

/// The file a path lands in: its longest prefix that is a module file.
fn target(src: &Path, segs: &[String]) -> String {
    for n in (1..=segs.len()).rev() {
        let stem = segs[..n].join("/");
        if src.join(format!("{stem}.rs")).exists() {
            return format!("{stem}.rs");
        }
        if src.join(&stem).join("mod.rs").exists() {
            return format!("{stem}/mod.rs");
        }
    }
    "lib.rs".to_owned()
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut g = BTreeMap::new();
    for p in files {
        let file = p
            .strip_prefix(&src)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            .to_string_lossy()
            .replace('\\', "/");
        let text = fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let deps: BTreeSet<String> = paths(&file, &code(&text))
            .iter()
            .map(|s| target(&src, s))
            .filter(|t| *t != file)
            .collect();
        g.insert(file, deps);
    }
    g
}

#[test]
fn no_module_imports_a_higher_floor() {
    let mut wrong = Vec::new();
    for (file, deps) in graph() {
        let Some(mine) = floor(&file) else { continue };
        for d in deps {
            // A folder's mod.rs re-exports its children: reading it is reading the folder.
            if let Some(theirs) = floor(&d) {
                if theirs > mine || (d == "lib.rs" && file != "lib.rs") {
                    wrong.push(format!("{file} -> {d}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "imports that run upward: {wrong:#?}");
}

#[test]
fn analysis_never_reads_scoring_or_game() {
    // The rule the issue names, spelled out: a cheap guard beside the general one above.
    for (file, deps) in graph() {
        if floor(&file) == Some(4) || file.starts_with("rules/") {
            let bad: Vec<_> = deps
                .iter()
                .filter(|d| d.starts_with("scoring/") || d.starts_with("game/"))
                .collect();
            assert!(bad.is_empty(), "{file} reads {bad:?}");
        }
    }
}

/// Depth-first search with colours (1 grey, 2 black); a grey node met again closes a cycle.
fn visit(
    f: &str,
    edges: &dyn Fn(&str) -> Vec<String>,
    colour: &mut BTreeMap<String, u8>,
    stack: &mut Vec<String>,
    cycles: &mut Vec<String>,
) {
    colour.insert(f.to_owned(), 1);
    stack.push(f.to_owned());
    for t in edges(f) {
        match colour.get(&t).copied().unwrap_or(0) {
            0 => visit(&t, edges, colour, stack, cycles),
            1 => {
                let at = stack.iter().position(|s| *s == t).unwrap_or(0);
                cycles.push(format!("{} -> {t}", stack[at..].join(" -> ")));
            }
            _ => {}
        }
    }
    stack.pop();
    colour.insert(f.to_owned(), 2);
}

#[test]
fn no_import_cycle() {
    // Edges into a folder's mod.rs are left out: it only re-exports its children.
    let g = graph();
    let edges = |f: &str| -> Vec<String> {
        g.get(f)
            .map(|d| {
                d.iter()
                    .filter(|t| !t.ends_with("mod.rs") && *t != "lib.rs")
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut colour: BTreeMap<String, u8> = BTreeMap::new();
    let mut cycles = Vec::new();
    for f in g.keys() {
        if colour.get(f).copied().unwrap_or(0) == 0 {
            visit(f, &edges, &mut colour, &mut Vec::new(), &mut cycles);
        }
    }
    assert!(cycles.is_empty(), "import cycles: {cycles:#?}");
}

#[test]
fn lib_only_re_exports() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
    let text = code(&fs::read_to_string(src).expect("lib.rs is readable"));
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        assert!(
            line.starts_with("pub mod ")
                || line.starts_with("pub use ")
                || !line.contains(['{', '(', '=']),
            "lib.rs holds more than re-exports: {line}"
        );
    }
}
