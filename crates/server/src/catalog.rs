//! What the registry offers, read once at start: each game with its scenarios, or the reason
//! its data did not load (the server still starts and serves the other games); and, drawn or
//! read on first use, each game's board picture, its board data for the client, and its rules
//! reference.

use overlord_engine::{GameInfo, Registry, ScenarioInfo, rules_reference};
use serde::Serialize;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// One game of the registry as the lobby sees it.
#[derive(Clone, Debug, Serialize)]
pub struct CatalogGame {
    #[serde(flatten)]
    pub info: GameInfo,
    /// Whether its rules are in (a game with only its components can be drawn, not played).
    pub playable: bool,
    /// Whether the server can play its seats and give hints (`bots` when creating a game,
    /// `GET /api/games/{id}/hint`).
    pub bots: bool,
    /// Whether it has a workshop, where people write scenarios of their own (`/api/workshop`).
    pub workshop: bool,
    pub scenarios: Vec<ScenarioInfo>,
    /// Why the game's data did not load, when it did not (run `overlord validate GAME`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_error: Option<String>,
}

/// What a scenario's map is ([`Catalog::scenario_map_svg`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScenarioMap {
    /// The scenario's own map, as SVG.
    Own(String),
    /// The game's scenarios share its one map ([`Catalog::map_svg`]).
    Shared,
    /// The game draws its scenarios' maps but has no scenario of that name: these are the
    /// ones it has.
    Unknown(Vec<String>),
}

/// The games of the registry, their scenarios, and each board drawn once when first asked.
pub struct Catalog {
    pub games: Vec<CatalogGame>,
    data_root: PathBuf,
    maps: Vec<OnceLock<Option<String>>>,
    /// Per game, per scenario of `CatalogGame::scenarios`: its own map, drawn on first use.
    scenario_maps: Vec<Vec<OnceLock<Option<ScenarioMap>>>>,
    boards: Vec<OnceLock<Option<Value>>>,
    rules: Vec<OnceLock<Result<Value, String>>>,
}

impl Catalog {
    /// Read every game's scenarios from `data_root`.
    pub fn read(registry: &Registry, data_root: &Path) -> Catalog {
        let games: Vec<CatalogGame> = registry
            .games()
            .map(|entry| {
                let info = entry.info();
                let (scenarios, data_error) = match entry.scenarios(&data_root.join(info.id)) {
                    Ok(scenarios) => (scenarios, None),
                    Err(errors) => {
                        // The problems name files on the server: the operator's log has them.
                        tracing::error!(game = info.id, "the game's data does not load: {errors}");
                        (
                            Vec::new(),
                            Some(format!(
                                "the data of `{}` does not load on this server; its operator \
                                 can see why with `overlord validate {}`",
                                info.id, info.id
                            )),
                        )
                    }
                };
                CatalogGame {
                    playable: entry.playable(),
                    bots: entry.has_bots(),
                    workshop: entry.playable()
                        && entry.scenario_folder().is_some()
                        && data_error.is_none(),
                    info,
                    scenarios,
                    data_error,
                }
            })
            .collect();
        let maps = games.iter().map(|_| OnceLock::new()).collect();
        let scenario_maps = games
            .iter()
            .map(|game| game.scenarios.iter().map(|_| OnceLock::new()).collect())
            .collect();
        let boards = games.iter().map(|_| OnceLock::new()).collect();
        let rules = games.iter().map(|_| OnceLock::new()).collect();
        Catalog {
            games,
            data_root: data_root.to_path_buf(),
            maps,
            scenario_maps,
            boards,
            rules,
        }
    }

    /// The game with this id.
    pub fn game(&self, id: &str) -> Option<&CatalogGame> {
        self.games.iter().find(|game| game.info.id == id)
    }

    /// The folder of a game's data.
    pub fn data_dir(&self, game: &str) -> PathBuf {
        self.data_root.join(game)
    }

    /// The board of `game` as SVG, drawn on first use; `None` for an unknown game, one without
    /// a map, or one whose data does not load.
    pub fn map_svg(&self, registry: &Registry, game: &str) -> Option<String> {
        let index = self.games.iter().position(|g| g.info.id == game)?;
        self.maps
            .get(index)?
            .get_or_init(|| {
                let entry = registry.get(game).ok()?;
                entry.map_svg(&self.data_dir(game)).ok().flatten()
            })
            .clone()
    }

    /// The map scenario `scenario` of `game` is played on, drawn on first use: its own for a
    /// game whose scenarios assemble their map ([`ScenarioMap::Own`]), else the game's one
    /// map whatever `scenario` says. `None` for an unknown game, one without a map, or one
    /// whose data does not load.
    pub fn scenario_map_svg(
        &self,
        registry: &Registry,
        game: &str,
        scenario: &str,
    ) -> Option<ScenarioMap> {
        let index = self.games.iter().position(|g| g.info.id == game)?;
        let scenarios = &self.games.get(index)?.scenarios;
        // A scenario the catalog does not list is asked about as the first one is: whether the
        // game draws scenario maps at all decides between "no such scenario" and the one map.
        let known = scenarios.iter().position(|s| s.id == scenario);
        let asked = known.or((!scenarios.is_empty()).then_some(0))?;
        let drawn = self
            .scenario_maps
            .get(index)?
            .get(asked)?
            .get_or_init(|| {
                let entry = registry.get(game).ok()?;
                let id = &scenarios.get(asked)?.id;
                match entry.scenario_svg(&self.data_dir(game), id).ok()? {
                    None => Some(ScenarioMap::Shared),
                    Some(Ok(svg)) => Some(ScenarioMap::Own(svg)),
                    Some(Err(why)) => {
                        // A scenario the catalog lists and the game cannot draw is the data's
                        // fault, not the caller's: the operator's log says why.
                        tracing::error!(game, scenario = id, "the scenario's map: {why}");
                        None
                    }
                }
            })
            .as_ref()?;
        Some(match drawn {
            ScenarioMap::Own(_) if known.is_none() => {
                ScenarioMap::Unknown(scenarios.iter().map(|s| s.id.clone()).collect())
            }
            drawn => drawn.clone(),
        })
    }

    /// What the client needs besides the map to draw `game`'s views (`Components::board`),
    /// read on first use; `None` for an unknown game, one without, or one whose data does not
    /// load.
    pub fn board(&self, registry: &Registry, game: &str) -> Option<Value> {
        let index = self.games.iter().position(|g| g.info.id == game)?;
        self.boards
            .get(index)?
            .get_or_init(|| {
                let entry = registry.get(game).ok()?;
                entry.board(&self.data_dir(game)).ok().flatten()
            })
            .clone()
    }

    /// `game`'s rules reference as JSON (`{game, authored_by, about, rules: [{id, title,
    /// text}]}`), read on first use; `None` for an unknown game, else the reason the file
    /// could not be read.
    pub fn rules(&self, game: &str) -> Option<Result<Value, String>> {
        let index = self.games.iter().position(|g| g.info.id == game)?;
        Some(
            self.rules
                .get(index)?
                .get_or_init(|| read_rules(game, &self.data_dir(game)))
                .clone(),
        )
    }
}

/// `game`'s rules reference for the client. Why a broken one does not load goes to the
/// operator's log, not to the client: it names files on the server.
fn read_rules(game: &str, data_dir: &Path) -> Result<Value, String> {
    match rules_reference::read(data_dir) {
        Ok(Some(reference)) => Ok(serde_json::json!({
            "game": game,
            "authored_by": reference.authored_by,
            "about": reference.about,
            "rules": reference.rules,
        })),
        Ok(None) => Err(format!("`{game}` has no rules reference")),
        Err(errors) => {
            tracing::error!(game, "the rules reference does not load: {errors}");
            Err(format!(
                "the rules reference of `{game}` does not load on this server; its operator can \
                 see why with `overlord validate {game}`"
            ))
        }
    }
}
