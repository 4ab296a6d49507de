//! The workshop: scenario files people write in the browser (Ambush!'s mission editor),
//! checked by the game's own validator, saved, played and measured.
//!
//! A game whose data keeps one scenario per file ([`Components::SCENARIO_FOLDER`], Ambush!'s
//! `missions/`) has a workshop. A file is checked or saved by copying the game's data folder
//! and adding the file to that folder of the copy: the copy is then ordinary data, which the
//! registry loads, validates, draws and plays like the catalog's. A saved copy lives in
//! `<database stem>.workshop/<key>/<game>/`, its key the file's content hash, so
//! `<database stem>.workshop/<key>` is a data root `overlord play --data` reads. It is never
//! changed, so a game played on it replays after a restart from the data it was played with.
//!
//! [`Components::SCENARIO_FOLDER`]: overlord_engine::Components::SCENARIO_FOLDER

use crate::app::App;
use crate::errors::ApiError;
use files::{
    check_file_name, check_key, check_request, copy_with_file, first_toml, key_of, toml_files,
};
use overlord_engine::GameEntry;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

mod balance;
mod files;
mod routes;

pub use balance::BalanceRequest;
pub use routes::routes;

/// The largest scenario file the workshop takes (the longest authored mission is 30 KiB).
pub const FILE_BYTES: usize = 256 * 1024;

/// The folder of a data copy holding the game's workshop templates (`data/ambush/workshop/`),
/// left out of the copies.
const TEMPLATES: &str = "workshop";

/// What a saved copy says of itself, next to the data.
const META: &str = "workshop.json";

/// Where the saved copies are kept.
#[derive(Clone, Debug)]
pub struct Workshop {
    root: PathBuf,
}

impl Workshop {
    /// The workshop of the database at `db_path`: the folder beside it, `<stem>.workshop`.
    pub fn beside(db_path: &Path) -> Workshop {
        Workshop {
            root: db_path.with_extension("workshop"),
        }
    }

    fn saved_dir(&self, game: &str, key: &str) -> PathBuf {
        self.root.join(key).join(game)
    }
}

/// A scenario file sent to be checked or saved.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileRequest {
    /// Its name in the scenario folder (`x1_my_mission.toml`).
    pub file: String,
    /// Its TOML text.
    pub text: String,
}

/// One problem the validator found, where it is.
#[derive(Clone, Debug, Serialize)]
pub struct FileProblem {
    /// The file, relative to the data folder (`missions/x1_my_mission.toml`).
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub field: String,
    pub message: String,
}

/// The answer to a check or a save.
#[derive(Clone, Debug, Serialize)]
pub struct Checked {
    /// Set for a saved file: the key to play and measure it by.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    pub file: String,
    /// Whether the data with the file loads without a problem.
    pub ok: bool,
    pub problems: Vec<FileProblem>,
    /// The scenarios the file defines, once the data loads.
    pub scenarios: Vec<ScenarioName>,
}

/// A scenario by id and name.
#[derive(Clone, Debug, Serialize)]
pub struct ScenarioName {
    pub id: String,
    pub name: String,
}

/// An authored file the workshop can open.
#[derive(Clone, Debug, Serialize)]
pub struct AuthoredFile {
    pub file: String,
    pub scenario: Option<String>,
    pub name: Option<String>,
}

/// A saved file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedFile {
    pub key: String,
    pub file: String,
    pub scenario: Option<String>,
    pub name: Option<String>,
    pub saved_ms: i64,
    pub ok: bool,
}

/// A saved file with its text.
#[derive(Clone, Debug, Serialize)]
pub struct SavedText {
    #[serde(flatten)]
    pub saved: SavedFile,
    pub text: String,
}

/// `GET /api/workshop/{game}`.
#[derive(Clone, Debug, Serialize)]
pub struct Listing {
    pub game: String,
    /// The data's folder of one-file scenarios.
    pub folder: &'static str,
    /// The text a new file starts from.
    pub template: Option<String>,
    pub authored: Vec<AuthoredFile>,
    pub saved: Vec<SavedFile>,
}

impl App {
    /// The workshop folder of `game`, or the 404 saying it has none.
    fn workshop_folder(&self, game: &str) -> Result<(&dyn GameEntry, &'static str), ApiError> {
        let entry = self.registry.get(game).map_err(|_| {
            ApiError::not_found(format!(
                "no game called `{game}`; GET /api/catalog lists the games there are"
            ))
        })?;
        let folder = entry.scenario_folder().ok_or_else(|| {
            ApiError::not_found(format!(
                "`{game}` has no workshop: its scenarios are not files of their own"
            ))
        })?;
        if let Some(reason) = self
            .catalog
            .game(game)
            .and_then(|listed| listed.data_error.clone())
        {
            return Err(ApiError::not_found(reason));
        }
        Ok((entry, folder))
    }

    /// The data folder a game plays: the catalog's, or its saved workshop copy.
    pub fn data_dir_of(&self, game: &str, workshop: Option<&str>) -> PathBuf {
        match workshop {
            Some(key) => self.workshop.saved_dir(game, key),
            None => self.catalog.data_dir(game),
        }
    }

    /// The saved copy `key` of `game`'s data, checked to be there and to load.
    pub fn workshop_data(&self, game: &str, key: &str) -> Result<PathBuf, ApiError> {
        self.workshop_folder(game)?;
        let saved = self.saved(game, key)?;
        if !saved.ok {
            return Err(ApiError::bad_request(
                "workshop_problems",
                format!(
                    "the saved file {} has problems: fix them in the editor and save it again \
                     (POST /api/workshop/{game}/check lists them)",
                    saved.file
                ),
            ));
        }
        Ok(self.workshop.saved_dir(game, key))
    }

    /// What `game`'s workshop offers: its template, the authored files, the saved ones.
    pub fn workshop_listing(&self, game: &str) -> Result<Listing, ApiError> {
        let (_, folder) = self.workshop_folder(game)?;
        let base = self.catalog.data_dir(game);
        let template =
            first_toml(&base.join(TEMPLATES)).and_then(|path| std::fs::read_to_string(path).ok());
        let authored = toml_files(&base.join(folder))
            .into_iter()
            .map(|file| {
                let (scenario, name) = std::fs::read_to_string(base.join(folder).join(&file))
                    .map(|text| scenario_of(&text))
                    .unwrap_or_default();
                AuthoredFile {
                    file,
                    scenario,
                    name,
                }
            })
            .collect();
        let mut saved: Vec<SavedFile> = std::fs::read_dir(&self.workshop.root)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            // Checks and copies being made are in folders whose names start with a dot.
            .filter(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
            .filter_map(|entry| {
                let text = std::fs::read_to_string(entry.path().join(game).join(META)).ok()?;
                serde_json::from_str(&text).ok()
            })
            .collect();
        saved.sort_by(|a, b| b.saved_ms.cmp(&a.saved_ms).then(a.key.cmp(&b.key)));
        Ok(Listing {
            game: game.to_owned(),
            folder,
            template,
            authored,
            saved,
        })
    }

    /// The text of the authored file `file`.
    pub fn workshop_authored(&self, game: &str, file: &str) -> Result<String, ApiError> {
        let (_, folder) = self.workshop_folder(game)?;
        check_file_name(file)?;
        std::fs::read_to_string(self.catalog.data_dir(game).join(folder).join(file)).map_err(|_| {
            ApiError::not_found(format!(
                "`{game}` has no authored file `{file}`; GET /api/workshop/{game} lists them"
            ))
        })
    }

    /// Check `request`'s file against a copy of `game`'s data, keeping nothing.
    pub fn workshop_check(&self, game: &str, request: &FileRequest) -> Result<Checked, ApiError> {
        let (entry, folder) = self.workshop_folder(game)?;
        check_request(request)?;
        let scratch = self
            .workshop
            .root
            .join(".checks")
            .join(crate::seats::new_game_id()?);
        let made = copy_with_file(&self.catalog.data_dir(game), &scratch, folder, request);
        let checked = made.map(|()| check_copy(entry, &scratch, request));
        let _gone = std::fs::remove_dir_all(&scratch);
        checked.map_err(|error| ApiError::internal(format!("copying the data failed: {error}")))
    }

    /// Save `request`'s file in a copy of `game`'s data of its own, problems and all.
    pub fn workshop_save(&self, game: &str, request: &FileRequest) -> Result<Checked, ApiError> {
        let (entry, folder) = self.workshop_folder(game)?;
        check_request(request)?;
        let key = key_of(game, request);
        let dir = self.workshop.saved_dir(game, &key);
        let fail = |error: std::io::Error| {
            ApiError::internal(format!("saving the file in the workshop failed: {error}"))
        };
        let mut checked = if dir.join(META).is_file() {
            check_copy(entry, &dir, request)
        } else {
            // Made aside and renamed into place, so a copy is whole or absent.
            let aside = self
                .workshop
                .root
                .join(format!(".{key}.{}", crate::seats::new_game_id()?));
            let copy = aside.join(game);
            copy_with_file(&self.catalog.data_dir(game), &copy, folder, request).map_err(fail)?;
            let checked = check_copy(entry, &copy, request);
            let (scenario, name) = scenario_of(&request.text);
            let meta = SavedFile {
                key: key.clone(),
                file: request.file.clone(),
                scenario,
                name,
                saved_ms: crate::store::now_ms(),
                ok: checked.ok,
            };
            let meta = serde_json::to_string_pretty(&meta)
                .map_err(|error| ApiError::internal(error.to_string()))?;
            std::fs::write(copy.join(META), meta).map_err(fail)?;
            if std::fs::rename(&aside, self.workshop.root.join(&key)).is_err() {
                // Saved at the same moment by another request: the same text, already there.
                let _gone = std::fs::remove_dir_all(&aside);
            }
            checked
        };
        if checked.ok {
            // Loading the copy's scenarios keeps it in the registry's cache, as playing it will.
            let own = scenario_of(&request.text).0;
            checked.scenarios = entry
                .scenarios(&dir)
                .unwrap_or_default()
                .into_iter()
                .filter(|scenario| own.as_deref() == Some(scenario.id.as_str()))
                .map(|scenario| ScenarioName {
                    id: scenario.id,
                    name: scenario.name,
                })
                .collect();
        }
        checked.key = Some(key);
        Ok(checked)
    }

    /// A saved file's record of itself.
    fn saved(&self, game: &str, key: &str) -> Result<SavedFile, ApiError> {
        check_key(key)?;
        let meta = std::fs::read_to_string(self.workshop.saved_dir(game, key).join(META)).map_err(
            |_| {
                ApiError::not_found(format!(
                    "no saved file `{key}` in the workshop of `{game}`; GET /api/workshop/{game} \
                     lists them"
                ))
            },
        )?;
        serde_json::from_str(&meta).map_err(|error| {
            ApiError::internal(format!("the saved file {key} is unreadable: {error}"))
        })
    }

    /// A saved file with its text.
    pub fn workshop_saved(&self, game: &str, key: &str) -> Result<SavedText, ApiError> {
        let (_, folder) = self.workshop_folder(game)?;
        let saved = self.saved(game, key)?;
        let path = self
            .workshop
            .saved_dir(game, key)
            .join(folder)
            .join(&saved.file);
        let text = std::fs::read_to_string(path).map_err(|error| {
            ApiError::internal(format!("the saved file {key} is unreadable: {error}"))
        })?;
        Ok(SavedText { saved, text })
    }

    /// Scenario `scenario`'s map from a saved copy (the copy's first map without one).
    pub fn workshop_map(
        &self,
        game: &str,
        key: &str,
        scenario: Option<&str>,
    ) -> Result<String, ApiError> {
        let dir = self.workshop_data(game, key)?;
        let entry = self.registry.get(game)?;
        let no_map = || ApiError::not_found(format!("no map for `{game}` in saved file {key}"));
        let one_map = || entry.map_svg(&dir).map_err(broken)?.ok_or_else(no_map);
        match scenario {
            None => one_map(),
            Some(id) => match entry.scenario_svg(&dir, id).map_err(broken)? {
                None => one_map(),
                Some(Ok(svg)) => Ok(svg),
                Some(Err(reason)) => Err(ApiError::not_found(reason)),
            },
        }
    }

    /// The board data of a saved copy ([`overlord_engine::Components::board`]).
    pub fn workshop_board(&self, game: &str, key: &str) -> Result<serde_json::Value, ApiError> {
        let dir = self.workshop_data(game, key)?;
        self.registry
            .get(game)?
            .board(&dir)
            .map_err(broken)?
            .ok_or_else(|| ApiError::not_found(format!("`{game}` has no board data")))
    }
}

/// The 500 for a saved copy that no longer loads (its folder changed by hand).
fn broken(problems: overlord_engine::DataErrors) -> ApiError {
    ApiError::internal(format!("the saved data does not load: {problems}"))
}

/// Validate the copy in `dir`, its problems' files named from the data folder.
fn check_copy(entry: &dyn GameEntry, dir: &Path, request: &FileRequest) -> Checked {
    let prefix = format!("{}/", dir.display());
    let problems: Vec<FileProblem> = match entry.validate(dir) {
        Ok(_) => Vec::new(),
        Err(problems) => problems
            .iter()
            .map(|problem| FileProblem {
                file: problem
                    .file
                    .strip_prefix(&prefix)
                    .unwrap_or(&problem.file)
                    .to_owned(),
                line: (problem.line > 0).then_some(problem.line),
                column: (problem.column > 0).then_some(problem.column),
                field: problem.field.clone(),
                message: problem.message.clone(),
            })
            .collect(),
    };
    Checked {
        key: None,
        file: request.file.clone(),
        ok: problems.is_empty(),
        problems,
        scenarios: Vec::new(),
    }
}

/// The id and name a scenario file gives itself: those of its first top-level table with a
/// string `id` (Ambush!'s `[mission]`). Read loosely, for listings: the validator judges.
fn scenario_of(text: &str) -> (Option<String>, Option<String>) {
    let Ok(document) = text.parse::<toml::Table>() else {
        return (None, None);
    };
    document
        .values()
        .filter_map(toml::Value::as_table)
        .find_map(|table| {
            let id = table.get("id")?.as_str()?.to_owned();
            let name = table
                .get("name")
                .and_then(toml::Value::as_str)
                .map(str::to_owned);
            Some((Some(id), name))
        })
        .unwrap_or((None, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_file_names_itself_in_its_first_table_with_an_id() {
        let text = "schema = 1\n[mission]\nid = \"X1\"\nname = \"Test\"\n";
        assert_eq!(
            scenario_of(text),
            (Some("X1".to_owned()), Some("Test".to_owned()))
        );
        assert_eq!(scenario_of("not toml ["), (None, None));
    }
}
