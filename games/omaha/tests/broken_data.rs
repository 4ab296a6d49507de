//! The broken-data corpus: each file in `tests/broken/` breaks one shipped data file (appending,
//! prepending or deleting) and names the message `overlord validate omaha` must give. A copy of
//! `data/omaha` is broken in a temporary folder; the shipped data is never touched.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::Components;
use overlord_omaha::OmahaData;
use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    /// The data file to break, relative to data/omaha.
    file: String,
    #[serde(default)]
    append: Option<String>,
    #[serde(default)]
    prepend: Option<String>,
    #[serde(default)]
    delete: bool,
    /// The field the message must name.
    field: String,
    /// Text the message must contain.
    expect: String,
    /// Whether the message must point at a line (false for whole-file problems).
    #[serde(default = "yes")]
    has_line: bool,
}

fn yes() -> bool {
    true
}

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn the_shipped_data_validates() {
    if let Err(errors) = OmahaData::load(&shipped()) {
        panic!("{errors}");
    }
}

#[test]
fn every_broken_file_fails_with_its_message() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/broken");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&corpus)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 15, "the corpus covers every kind of problem");
    let scratch =
        std::env::temp_dir().join(format!("overlord-omaha-broken-{}", std::process::id()));
    for path in cases {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let case: Case = toml::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let dir = scratch.join(&name);
        copy_dir(&shipped(), &dir);
        let target = dir.join(&case.file);
        if case.delete {
            std::fs::remove_file(&target).unwrap();
        } else {
            let text = std::fs::read_to_string(&target).unwrap();
            let text = format!(
                "{}{text}\n{}",
                case.prepend.as_deref().unwrap_or(""),
                case.append.as_deref().unwrap_or("")
            );
            std::fs::write(&target, text).unwrap();
        }
        let errors = match OmahaData::load(&dir) {
            Ok(_) => panic!("{name}: the broken data was accepted"),
            Err(errors) => errors.0,
        };
        let found = errors.iter().find(|e| e.message.contains(&case.expect));
        let Some(found) = found else {
            panic!(
                "{name}: no message contains {:?}; got:\n{}",
                case.expect,
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        };
        assert!(
            found.file.ends_with(&case.file),
            "{name}: blamed {} instead of {}",
            found.file,
            case.file
        );
        assert!(
            found.field.contains(&case.field),
            "{name}: field {:?}, expected {:?}",
            found.field,
            case.field
        );
        assert_eq!(
            found.line > 0,
            case.has_line,
            "{name}: line {} in {found}",
            found.line
        );
    }
    std::fs::remove_dir_all(&scratch).ok();
}
