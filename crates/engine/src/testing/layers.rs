//! The layering check every game crate's `tests/layers.rs` runs (docs/ARCHITECTURE.md, "A
//! game crate"): imports run one way, down. [`layers`] reads every `src/**/*.rs`, finds each
//! reference to another module of the crate (`crate::…`, `super::…`, in `use` trees and in
//! paths) outside `#[cfg(test)]` items, and reports every one that runs up or sideways
//! against the crate's table of layers.
//!
//! A method of a type written in another module's `impl` block (`impl Omaha { … }` in
//! `effects.rs`) is reached without an import; the check also lists every call `.method(` from
//! a module below the block's. It matches by name, so give such methods names of their own (a
//! lower module's `.name(` of another type would be listed too).
//!
//! It reads source text with a small hand-written scanner (comments, strings and `use` trees):
//! a full parser such as `syn` would be a heavy dependency for one test, and the crates it
//! reads keep to plain module paths.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The crate root's own items (`info`) and re-exports: below everything, since `lib.rs` only
/// declares the modules, re-exports the public face and says what the game is.
const ROOT_RANK: usize = 0;

/// Every `.rs` file under `dir`, as (module path, text).
fn files(
    dir: &Path,
    module: &[String],
    out: &mut Vec<(Vec<String>, PathBuf)>,
) -> Result<(), String> {
    let unreadable = |e: std::io::Error| format!("cannot read {}: {e}", dir.display());
    let mut entries = Vec::new();
    for entry in fs::read_dir(dir).map_err(unreadable)? {
        entries.push(entry.map_err(unreadable)?.path());
    }
    entries.sort();
    for path in entries {
        let Some(name) = path.file_stem().and_then(|s| s.to_str()).map(str::to_owned) else {
            continue;
        };
        if path.is_dir() {
            let mut sub = module.to_vec();
            sub.push(name);
            files(&path, &sub, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            let mut m = module.to_vec();
            if name != "mod" && name != "lib" {
                m.push(name);
            }
            out.push((m, path));
        }
    }
    Ok(())
}

/// `text` with comments, string and character literals blanked (newlines kept, so offsets
/// still give lines).
fn strip(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, s: &[char]| {
        for &ch in s {
            out.push(if ch == '\n' { '\n' } else { ' ' });
        }
    };
    let mut i = 0;
    while i < c.len() {
        let rest = &c[i..];
        if rest.starts_with(&['/', '/']) {
            let end = rest.iter().position(|&x| x == '\n').unwrap_or(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest.starts_with(&['/', '*']) {
            let mut depth = 0;
            let mut j = 0;
            while j < rest.len() {
                if rest[j..].starts_with(&['/', '*']) {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with(&['*', '/']) {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, &rest[..j]);
            i += j;
        } else if rest[0] == 'r'
            && rest.get(1).is_some_and(|&x| x == '"' || x == '#')
            && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
        {
            // A raw string: r"…" or r#"…"#.
            let hashes = rest[1..].iter().take_while(|&&x| x == '#').count();
            if rest.get(1 + hashes) != Some(&'"') {
                out.push(rest[0]);
                i += 1;
                continue;
            }
            let mut j = 2 + hashes;
            while j < rest.len() {
                if rest[j] == '"' && rest[j + 1..].iter().take(hashes).all(|&x| x == '#') {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            blank(&mut out, &rest[..j]);
            i += j;
        } else if rest[0] == '"' {
            let mut j = 1;
            while j < rest.len() && rest[j] != '"' {
                j += if rest[j] == '\\' { 2 } else { 1 };
            }
            blank(&mut out, &rest[..(j + 1).min(rest.len())]);
            i += j + 1;
        } else if rest[0] == '\'' && rest.get(1) == Some(&'\\') {
            let end = rest[2..]
                .iter()
                .position(|&x| x == '\'')
                .map_or(rest.len(), |p| p + 3);
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest[0] == '\'' && rest.get(2) == Some(&'\'') {
            blank(&mut out, &rest[..3]);
            i += 3;
        } else {
            out.push(rest[0]);
            i += 1;
        }
    }
    out
}

/// `code` with every item under `#[cfg(test)]` blanked: the item runs to its `;` or to the
/// brace closing its first `{`.
fn drop_tests(code: &str) -> String {
    let mut c: Vec<char> = code.chars().collect();
    let marker: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut i = 0;
    while i + marker.len() <= c.len() {
        if c[i..i + marker.len()] != marker[..] {
            i += 1;
            continue;
        }
        let mut j = i + marker.len();
        let mut depth = 0;
        while j < c.len() {
            match c[j] {
                ';' if depth == 0 => break,
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        let end = (j + 1).min(c.len());
        for ch in &mut c[i..end] {
            if *ch != '\n' {
                *ch = ' ';
            }
        }
        i = j;
    }
    c.into_iter().collect()
}

/// The modules declared `#[cfg(test)] mod name;` in `code`.
fn test_modules(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        rest = &rest[at + "#[cfg(test)]".len()..];
        let item = rest.trim_start();
        let item = item.strip_prefix("pub(crate) ").unwrap_or(item);
        if let Some(decl) = item.strip_prefix("mod ")
            && let Some(end) = decl.find(';')
            && !decl[..end].contains('{')
        {
            out.push(decl[..end].trim().to_owned());
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn skip_space(c: &[char], mut i: usize) -> usize {
    while i < c.len() && c[i].is_whitespace() {
        i += 1;
    }
    i
}

/// Parses the use tree or path at `c[i..]` below `prefix`, pushing each full path to `out`.
fn parse_tree(c: &[char], i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix.to_vec();
    let mut i = skip_space(c, i);
    loop {
        if c.get(i) == Some(&'{') {
            i += 1;
            loop {
                i = skip_space(c, i);
                match c.get(i) {
                    Some(',') => i += 1,
                    Some('}') | None => return i + 1,
                    _ => i = parse_tree(c, i, &path, out),
                }
            }
        }
        if c.get(i) == Some(&'*') {
            out.push(path);
            return i + 1;
        }
        let start = i;
        while i < c.len() && is_ident(c[i]) {
            i += 1;
        }
        if start == i {
            out.push(path);
            return i;
        }
        path.push(c[start..i].iter().collect());
        let after = skip_space(c, i);
        if c[after..].starts_with(&[':', ':']) {
            i = skip_space(c, after + 2);
            continue;
        }
        out.push(path);
        return i;
    }
}

/// Every path into the crate written in `code` of the module `module`, with its line.
fn references(code: &str, module: &[String]) -> Vec<(usize, Vec<String>)> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < c.len() {
        if c[i] == '\n' {
            line += 1;
        }
        let word_start = i == 0 || !is_ident(c[i - 1]);
        let base: Option<(usize, Vec<String>)> =
            if word_start && c[i..].starts_with(&['c', 'r', 'a', 't', 'e', ':', ':']) {
                Some((7, Vec::new()))
            } else if word_start && c[i..].starts_with(&['s', 'u', 'p', 'e', 'r', ':', ':']) {
                Some((7, module[..module.len().saturating_sub(1)].to_vec()))
            } else {
                None
            };
        if let Some((len, prefix)) = base {
            let mut paths = Vec::new();
            parse_tree(&c, i + len, &prefix, &mut paths);
            out.extend(paths.into_iter().map(|p| (line, p)));
            i += len;
        } else {
            i += 1;
        }
    }
    out
}

struct Crate {
    /// Module path -> rank of its unit.
    modules: BTreeMap<Vec<String>, usize>,
    /// Crate-root re-exports: name -> module path.
    reexports: BTreeMap<String, Vec<String>>,
}

impl Crate {
    fn rank_of_module(layers: &[(u8, &[&str])], module: &[String]) -> Option<usize> {
        let name = module.join("::");
        layers
            .iter()
            .enumerate()
            .flat_map(|(rank, (_, units))| units.iter().map(move |u| (rank, *u)))
            .filter(|(_, u)| name == *u || name.starts_with(&format!("{u}::")))
            .max_by_key(|(_, u)| u.len())
            .map(|(rank, _)| rank + 1)
    }

    /// The module a path names: its longest prefix that is a module, or what the root
    /// re-exports.
    fn target(&self, path: &[String]) -> Vec<String> {
        for n in (1..=path.len()).rev() {
            if self.modules.contains_key(&path[..n]) {
                return path[..n].to_vec();
            }
        }
        path.first()
            .and_then(|name| self.reexports.get(name))
            .cloned()
            .unwrap_or_default()
    }

    fn rank(&self, module: &[String]) -> usize {
        if module.is_empty() {
            ROOT_RANK
        } else {
            self.modules[module]
        }
    }
}

fn name(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_owned()
    } else {
        module.join("::")
    }
}

/// Check that the modules under `src` (a crate's `src/` folder) are all placed in `layers`
/// (the units of the crate bottom to top, each with its layer number; a unit may use only the
/// units listed before it) and that no reference runs up. The error lists every offence.
///
/// # Errors
/// A report for people: the modules missing from `layers`, or every reference that runs up
/// or sideways, with its file and line.
pub fn layers(src: &Path, layers: &[(u8, &[&str])]) -> Result<(), String> {
    if !layers.windows(2).all(|w| w[0].0 <= w[1].0) {
        return Err("the layers must be listed bottom to top".to_owned());
    }
    let mut all = Vec::new();
    files(src, &[], &mut all)?;
    let mut texts: BTreeMap<Vec<String>, (PathBuf, String)> = BTreeMap::new();
    for (module, path) in all {
        let text = fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        texts.insert(module, (path, text));
    }
    // Modules compiled only for tests, and everything under them.
    let mut test_only: Vec<Vec<String>> = Vec::new();
    for (module, (_, text)) in &texts {
        for m in test_modules(&strip(text)) {
            let mut sub = module.clone();
            sub.push(m);
            test_only.push(sub);
        }
    }
    let production: BTreeMap<Vec<String>, (PathBuf, String)> = texts
        .into_iter()
        .filter(|(m, _)| !test_only.iter().any(|t| m.starts_with(t)))
        .collect();

    let mut krate = Crate {
        modules: BTreeMap::new(),
        reexports: BTreeMap::new(),
    };
    let mut unplaced = Vec::new();
    for module in production.keys().filter(|m| !m.is_empty()) {
        match Crate::rank_of_module(layers, module) {
            Some(rank) => {
                krate.modules.insert(module.clone(), rank);
            }
            None => unplaced.push(name(module)),
        }
    }
    if !unplaced.is_empty() {
        return Err(format!(
            "modules missing from the layers: {}",
            unplaced.join(", ")
        ));
    }
    // The root's `pub use module::{A, B};`.
    if let Some((_, lib)) = production.get(&Vec::new()) {
        for line in strip(lib).lines() {
            let Some(rest) = line.trim().strip_prefix("pub use ") else {
                continue;
            };
            let c: Vec<char> = rest.chars().collect();
            let mut paths = Vec::new();
            parse_tree(&c, 0, &[], &mut paths);
            for p in paths {
                if let Some((last, module)) = p.split_last() {
                    krate.reexports.insert(last.clone(), module.to_vec());
                }
            }
        }
    }

    let mut upward = Vec::new();
    let mut code_of: BTreeMap<Vec<String>, String> = BTreeMap::new();
    for (module, (path, text)) in &production {
        let code = drop_tests(&strip(text));
        let from = krate.rank(module);
        let file = path.strip_prefix(src).unwrap_or(path).display().to_string();
        for (line, p) in references(&code, module) {
            let target = krate.target(&p);
            let to = krate.rank(&target);
            // Within one unit references are free.
            if to > from {
                upward.push(format!(
                    "src/{file}:{line}: {} uses {}",
                    name(module),
                    p.join("::")
                ));
            }
        }
        code_of.insert(module.clone(), code);
    }

    // Methods written in an `impl` block of a type that another module defines are reached
    // without an import: `.method(` in a module below the block's is a hidden upward call.
    let mut defined: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (module, code) in &code_of {
        for word in ["struct ", "enum ", "type "] {
            for (at, _) in code.match_indices(word) {
                if at > 0 && is_ident(code[..at].chars().last().unwrap_or(' ')) {
                    continue;
                }
                let ty: String = code[at + word.len()..]
                    .chars()
                    .take_while(|&c| is_ident(c))
                    .collect();
                defined.entry(ty).or_insert_with(|| module.clone());
            }
        }
    }
    for (module, code) in &code_of {
        for (at, _) in code.match_indices("impl") {
            let before = code[..at].chars().last().unwrap_or(' ');
            if is_ident(before) {
                continue;
            }
            let head_end = code[at..].find('{').map_or(code.len(), |e| at + e);
            let head = &code[at + 4..head_end];
            if head.contains(" for ") || head.starts_with(|c: char| is_ident(c)) {
                continue;
            }
            let head = head.trim_start();
            let head = if head.starts_with('<') {
                head.find('>').map_or(head, |e| &head[e + 1..]).trim_start()
            } else {
                head
            };
            let ty: String = head.chars().take_while(|&c| is_ident(c)).collect();
            if defined.get(&ty).is_none_or(|d| d == module) {
                continue;
            }
            // The block's methods.
            let mut depth = 0;
            let mut end = head_end;
            for (k, ch) in code[head_end..].char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = head_end + k;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let block = &code[head_end..end];
            for (f, _) in block.match_indices("fn ") {
                if f > 0 && is_ident(block[..f].chars().last().unwrap_or(' ')) {
                    continue;
                }
                let method: String = block[f + 3..]
                    .chars()
                    .take_while(|&c| is_ident(c))
                    .collect();
                let call = format!(".{method}(");
                for (lower, lower_code) in &code_of {
                    if krate.rank(lower) >= krate.rank(module) {
                        continue;
                    }
                    for (k, _) in lower_code.match_indices(&call) {
                        let line = lower_code[..k].matches('\n').count() + 1;
                        upward.push(format!(
                            "{}:{line}: {} calls {ty}::{method}, written in {}",
                            name(lower),
                            name(lower),
                            name(module)
                        ));
                    }
                }
            }
        }
    }

    if upward.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} references run up the layers (see the crate's tests/layers.rs):\n{}",
            upward.len(),
            upward.join("\n")
        ))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// A crate of two modules, `low` and `high`, where `low` uses `high` when `upward`.
    fn crate_with(upward: bool) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("overlord-layers-{}-{upward}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("lib.rs"), "pub mod high;\npub mod low;\n").unwrap();
        fs::write(
            dir.join("high.rs"),
            "use crate::low::f;\npub fn g() { f() }\n",
        )
        .unwrap();
        let low = if upward {
            "pub fn f() { crate::high::g() }\n"
        } else {
            "// crate::high is named only in a comment\npub fn f() {}\n"
        };
        fs::write(dir.join("low.rs"), low).unwrap();
        dir
    }

    #[test]
    fn an_import_up_the_layers_is_reported_with_its_file_and_line() {
        let table: &[(u8, &[&str])] = &[(1, &["low"]), (2, &["high"])];
        let clean = crate_with(false);
        assert_eq!(layers(&clean, table), Ok(()));
        let bad = crate_with(true);
        let report = layers(&bad, table).unwrap_err();
        assert!(
            report.contains("src/low.rs:1: low uses high::g"),
            "{report}"
        );
        let missing = layers(&bad, &[(1, &["low"])]).unwrap_err();
        assert!(
            missing.contains("missing from the layers: high"),
            "{missing}"
        );
        fs::remove_dir_all(clean).unwrap();
        fs::remove_dir_all(bad).unwrap();
    }
}
