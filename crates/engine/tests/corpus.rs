//! The shared broken-data corpus runner (`overlord_engine::testing::broken_data_corpus`) on a
//! toy loader: it passes a corpus whose every case fails as it says, and reports each case that
//! does not (accepted data, another message, another field, a line where none is expected).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::testing::broken_data_corpus;
use overlord_engine::{DataError, DataErrors};
use std::fs;
use std::path::{Path, PathBuf};

/// Toy data: `numbers.txt`, one number 0-255 a line; each bad line is a problem of field
/// `number` at its line.
fn load(dir: &Path) -> Result<Vec<u8>, DataErrors> {
    let file = dir.join("numbers.txt");
    let problem = |line: usize, field: &str, message: String| DataError {
        file: file.display().to_string(),
        line,
        column: 1,
        field: field.into(),
        message,
    };
    let text = fs::read_to_string(&file)
        .map_err(|e| DataErrors(vec![problem(0, "numbers", format!("cannot read: {e}"))]))?;
    let mut numbers = Vec::new();
    let mut errors = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        match line.trim().parse() {
            Ok(n) => numbers.push(n),
            Err(_) => errors.push(problem(
                i + 1,
                "number",
                format!("`{line}` is no number 0-255"),
            )),
        }
    }
    if errors.is_empty() {
        Ok(numbers)
    } else {
        Err(DataErrors(errors))
    }
}

/// A scratch folder with the shipped data and a corpus of `cases` (name, TOML); it goes when
/// the guard does.
fn setup(name: &str, cases: &[(&str, &str)]) -> (PathBuf, PathBuf, Scratch) {
    let root = std::env::temp_dir().join(format!(
        "overlord-corpus-test-{}-{name}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&root);
    let (shipped, corpus) = (root.join("shipped"), root.join("cases"));
    fs::create_dir_all(&shipped).unwrap();
    fs::create_dir_all(&corpus).unwrap();
    fs::write(shipped.join("numbers.txt"), "1\n2\n3\n").unwrap();
    for (file, text) in cases {
        fs::write(corpus.join(file), text).unwrap();
    }
    (corpus, shipped, Scratch(root))
}

struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

const TOO_BIG: &str =
    "file = \"numbers.txt\"\nappend = \"300\"\nfield = \"number\"\nexpect = \"300\"\n";
const MISSING: &str = "file = \"numbers.txt\"\ndelete = true\nfield = \"numbers\"\nexpect = \"cannot read\"\nhas_line = false\n";

#[test]
fn a_corpus_whose_cases_all_fail_as_they_say_passes() {
    let (cases, shipped, _scratch) = setup(
        "good",
        &[("too_big.toml", TOO_BIG), ("missing.toml", MISSING)],
    );
    assert_eq!(broken_data_corpus(&cases, &shipped, load), Ok(2));
    assert!(
        fs::read_to_string(shipped.join("numbers.txt")).unwrap() == "1\n2\n3\n",
        "the shipped data is never touched"
    );
}

#[test]
fn each_case_that_does_not_fail_as_it_says_is_reported() {
    let accepted = "file = \"numbers.txt\"\nappend = \"7\"\nfield = \"number\"\nexpect = \"7\"\n";
    let other_text = TOO_BIG.replace("expect = \"300\"", "expect = \"too large\"");
    let other_field = TOO_BIG.replace("field = \"number\"", "field = \"digits\"");
    let no_line = TOO_BIG.replace("expect = \"300\"\n", "expect = \"300\"\nhas_line = false\n");
    let unknown_key = format!("{TOO_BIG}colour = \"red\"\n");
    let (cases, shipped, _scratch) = setup(
        "bad",
        &[
            ("a_accepted.toml", accepted),
            ("b_other_text.toml", &other_text),
            ("c_other_field.toml", &other_field),
            ("d_no_line.toml", &no_line),
            ("e_unknown_key.toml", &unknown_key),
            ("f_fine.toml", TOO_BIG),
        ],
    );
    let report = broken_data_corpus(&cases, &shipped, load).expect_err("five cases fail");
    assert!(report.starts_with("5 of 6 broken-data cases"), "{report}");
    for words in [
        "a_accepted.toml: the broken data was accepted",
        "b_other_text.toml: no message contains \"too large\"",
        "c_other_field.toml: named field \"number\", expected \"digits\"",
        "d_no_line.toml: points at a line, the case says it must not",
        "e_unknown_key.toml: not a case",
    ] {
        assert!(report.contains(words), "{words:?} missing from:\n{report}");
    }
    assert!(!report.contains("f_fine"), "{report}");
}

#[test]
fn shipped_data_that_does_not_load_is_reported_first() {
    let (cases, shipped, _scratch) = setup("shipped", &[("too_big.toml", TOO_BIG)]);
    fs::write(shipped.join("numbers.txt"), "x\n").unwrap();
    let report = broken_data_corpus(&cases, &shipped, load).expect_err("shipped data is broken");
    assert!(report.contains("the shipped data"), "{report}");
}
