//! The workshop's files: names and keys it takes, and the copies of a game's data it makes.

use super::{FILE_BYTES, FileRequest, TEMPLATES};
use crate::errors::ApiError;
use axum::http::StatusCode;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// The content key of a file: its game, name and text hashed.
pub(super) fn key_of(game: &str, request: &FileRequest) -> String {
    let mut hash = Sha256::new();
    hash.update(game.as_bytes());
    hash.update([0]);
    hash.update(request.file.as_bytes());
    hash.update([0]);
    hash.update(request.text.as_bytes());
    hash.finalize()[..12]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

pub(super) fn check_key(key: &str) -> Result<(), ApiError> {
    if key.len() == 24
        && key
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        Ok(())
    } else {
        Err(ApiError::not_found(format!(
            "`{key}` is not a workshop key (24 hexadecimal digits)"
        )))
    }
}

/// A file name the workshop takes: lower-case letters, digits, `_` and `-`, ending `.toml`.
pub(super) fn check_file_name(file: &str) -> Result<(), ApiError> {
    let stem = file.strip_suffix(".toml").unwrap_or("");
    let fine = (1..=64).contains(&stem.len())
        && stem
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
        && !stem.starts_with(['-', '_']);
    if fine {
        Ok(())
    } else {
        Err(ApiError::bad_request(
            "bad_file",
            format!(
                "`{file}` is not a file name the workshop takes: lower-case letters, digits, `_` \
                 and `-`, at most 64 of them, ending in `.toml` (`x1_my_mission.toml`)"
            ),
        ))
    }
}

pub(super) fn check_request(request: &FileRequest) -> Result<(), ApiError> {
    check_file_name(&request.file)?;
    if request.text.len() > FILE_BYTES {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!(
                "the file is {} bytes; the workshop takes files of at most {FILE_BYTES}",
                request.text.len()
            ),
        ));
    }
    Ok(())
}

/// Copy the data folder `base` to `to` (its templates left out), with `request`'s file in
/// `folder`: added, or in place of the authored file of that name.
pub(super) fn copy_with_file(
    base: &Path,
    to: &Path,
    folder: &str,
    request: &FileRequest,
) -> std::io::Result<()> {
    copy_tree(base, to, true)?;
    std::fs::create_dir_all(to.join(folder))?;
    std::fs::write(to.join(folder).join(&request.file), &request.text)
}

fn copy_tree(from: &Path, to: &Path, top: bool) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name();
        if top && name == TEMPLATES {
            continue;
        }
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &to.join(&name), false)?;
        } else {
            std::fs::copy(entry.path(), to.join(&name))?;
        }
    }
    Ok(())
}

/// The `.toml` files of `dir`, by name.
pub(super) fn toml_files(dir: &Path) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".toml"))
        .collect();
    files.sort();
    files
}

pub(super) fn first_toml(dir: &Path) -> Option<PathBuf> {
    toml_files(dir).first().map(|file| dir.join(file))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_is_a_plain_toml_name() {
        assert!(check_file_name("x1_my-mission.toml").is_ok());
        for bad in [
            "../campaign.toml",
            "x1.txt",
            ".toml",
            "X1.toml",
            "a/b.toml",
            "_x.toml",
        ] {
            assert!(check_file_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_key_is_the_content_and_only_a_key_opens_a_folder() {
        let file = |text: &str| FileRequest {
            file: "x1.toml".to_owned(),
            text: text.to_owned(),
        };
        assert_eq!(key_of("ambush", &file("a")), key_of("ambush", &file("a")));
        assert_ne!(key_of("ambush", &file("a")), key_of("ambush", &file("b")));
        assert_ne!(key_of("ambush", &file("a")), key_of("other", &file("a")));
        assert!(check_key(&key_of("ambush", &file("a"))).is_ok());
        assert!(check_key("../../etc").is_err());
    }
}
