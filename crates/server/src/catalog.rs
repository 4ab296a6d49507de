//! What the registry offers, read once at start: each game with its scenarios, or the reason
//! its data did not load (the server still starts and serves the other games).

use overlord_engine::{GameInfo, Registry, ScenarioInfo};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// One game of the registry as the lobby sees it.
#[derive(Clone, Debug, Serialize)]
pub struct CatalogGame {
    #[serde(flatten)]
    pub info: GameInfo,
    /// Whether its rules are in (a game with only its components can be drawn, not played).
    pub playable: bool,
    pub scenarios: Vec<ScenarioInfo>,
    /// Why the game's data did not load, when it did not (run `overlord validate GAME`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_error: Option<String>,
}

/// The games of the registry, their scenarios, and each board drawn once when first asked.
pub struct Catalog {
    pub games: Vec<CatalogGame>,
    data_root: PathBuf,
    maps: Vec<OnceLock<Option<String>>>,
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
                    Err(errors) => (Vec::new(), Some(errors.to_string())),
                };
                CatalogGame {
                    playable: entry.playable(),
                    info,
                    scenarios,
                    data_error,
                }
            })
            .collect();
        let maps = games.iter().map(|_| OnceLock::new()).collect();
        Catalog {
            games,
            data_root: data_root.to_path_buf(),
            maps,
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
}
