//! The broken-data corpus: each case breaks one file of a copy of a game's shipped data and
//! names the message loading must give (invariant 9: data is checked, never trusted).

use crate::game::DataErrors;
use serde::Deserialize;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// One case of a broken-data corpus, a TOML file:
///
/// ```toml
/// file = "cards.toml"              # the data file to break, relative to the data folder
/// append = "[[card]]\nnumber = 56" # text put after the file's (or `prepend`, or `delete = true`,
///                                  # or `replace = ["old", "new"]` for text inside the file)
/// field = "card.number"            # the field the message must name
/// expect = "56"                    # text the message must contain
/// has_line = true                  # whether it must point at a line (false: the whole file)
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrokenCase {
    /// The data file to break, relative to the data folder.
    pub file: String,
    /// Text to put after the file's.
    #[serde(default)]
    pub append: Option<String>,
    /// Text to put before the file's.
    #[serde(default)]
    pub prepend: Option<String>,
    /// Replace the first occurrence of the first text by the second: for a fault inside a
    /// table or inline table, which appended text cannot reach. The first text must be there.
    #[serde(default)]
    pub replace: Option<[String; 2]>,
    /// Delete the file instead.
    #[serde(default)]
    pub delete: bool,
    /// The field the message must name (contained in its field path).
    pub field: String,
    /// Text the message must contain.
    pub expect: String,
    /// Whether the message must point at a line (false for whole-file problems).
    #[serde(default = "yes")]
    pub has_line: bool,
}

fn yes() -> bool {
    true
}

/// Check a broken-data corpus: the data in `shipped` loads cleanly, and for each case file in
/// `cases` (every `.toml` file, in name order) a copy of `shipped` broken as the case says
/// fails to load with a problem that blames the case's file, names its field, contains its
/// text and points at a line or not as it says. The shipped data is never touched: copies go
/// to a scratch folder under the system's temporary folder, removed afterwards.
///
/// Returns how many cases passed, or a report of every case that did not.
pub fn broken_data_corpus<T>(
    cases: &Path,
    shipped: &Path,
    load: impl Fn(&Path) -> Result<T, DataErrors>,
) -> Result<usize, String> {
    if let Err(errors) = load(shipped) {
        return Err(format!(
            "the shipped data in {} does not load, so no broken case can be told apart:\n{errors}",
            shipped.display()
        ));
    }
    let mut files: Vec<PathBuf> = fs::read_dir(cases)
        .map_err(|e| format!("{}: {e}", cases.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    static RUN: AtomicU32 = AtomicU32::new(0);
    let scratch = std::env::temp_dir().join(format!(
        "overlord-broken-data-{}-{}",
        std::process::id(),
        RUN.fetch_add(1, Ordering::Relaxed)
    ));
    let mut problems = Vec::new();
    for path in &files {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        if let Err(problem) = one_case(path, &scratch.join(&name), shipped, &load) {
            problems.push(format!("{name}: {problem}"));
        }
    }
    // Leftovers in the temporary folder are harmless; a failure to remove them is no finding.
    let _ = fs::remove_dir_all(&scratch);
    if problems.is_empty() {
        Ok(files.len())
    } else {
        Err(format!(
            "{} of {} broken-data cases in {} failed:\n{}",
            problems.len(),
            files.len(),
            cases.display(),
            problems.join("\n")
        ))
    }
}

fn one_case<T>(
    path: &Path,
    dir: &Path,
    shipped: &Path,
    load: &impl Fn(&Path) -> Result<T, DataErrors>,
) -> Result<(), String> {
    let text = fs::read_to_string(path).map_err(|e| e.to_string())?;
    let case: BrokenCase = toml::from_str(&text).map_err(|e| format!("not a case: {e}"))?;
    copy_dir(shipped, dir)?;
    let target = dir.join(&case.file);
    if case.delete {
        fs::remove_file(&target).map_err(|e| format!("{}: {e}", target.display()))?;
    } else {
        let mut text =
            fs::read_to_string(&target).map_err(|e| format!("{}: {e}", target.display()))?;
        if let Some([old, new]) = &case.replace {
            if !text.contains(old.as_str()) {
                return Err(format!("{} holds no {old:?} to replace", case.file));
            }
            text = text.replacen(old.as_str(), new, 1);
        }
        let broken = format!(
            "{}{text}\n{}",
            case.prepend.as_deref().unwrap_or(""),
            case.append.as_deref().unwrap_or("")
        );
        fs::write(&target, broken).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    let errors = match load(dir) {
        Ok(_) => return Err("the broken data was accepted".into()),
        Err(errors) => errors.0,
    };
    let Some(found) = errors.iter().find(|e| e.message.contains(&case.expect)) else {
        let got: Vec<String> = errors.iter().map(ToString::to_string).collect();
        return Err(format!(
            "no message contains {:?}; got:\n  {}",
            case.expect,
            got.join("\n  ")
        ));
    };
    if !found.file.ends_with(&case.file) {
        return Err(format!(
            "blamed {} instead of {}: {found}",
            found.file, case.file
        ));
    }
    if !found.field.contains(&case.field) {
        return Err(format!(
            "named field {:?}, expected {:?}: {found}",
            found.field, case.field
        ));
    }
    if (found.line > 0) != case.has_line {
        return Err(format!(
            "{} a line, the case says it {}: {found}",
            if found.line > 0 {
                "points at"
            } else {
                "does not point at"
            },
            if case.has_line { "must" } else { "must not" }
        ));
    }
    Ok(())
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let entry = entry.map_err(|e| format!("{}: {e}", from.display()))?;
        let target = to.join(entry.file_name());
        let is_dir = entry
            .file_type()
            .map_err(|e| format!("{}: {e}", entry.path().display()))?
            .is_dir();
        if is_dir {
            copy_dir(&entry.path(), &target)?;
        } else {
            fs::copy(entry.path(), &target)
                .map_err(|e| format!("{}: {e}", entry.path().display()))?;
        }
    }
    Ok(())
}
