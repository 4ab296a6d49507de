//! The components of Tide of Iron, loaded from `data/tide-of-iron/` and checked
//! (docs/tide-of-iron/data.md describes every file and field).
//!
//! Loading reads every file, decodes every entry on its own, then checks references across
//! files; every problem is reported with file, line and field, and nothing panics on a broken
//! file. The components are authored by the Overlord project, not the publisher's.

mod battlefield;
mod boards;
mod cards;
mod check;
mod figures;
pub mod limits;
mod scenarios;
mod terrain;

pub use boards::{BoardEntry, BoardFace, OVERLAY_TAG_PREFIX};
pub use cards::{
    CardDef, CardEffect, CardPhase, Cards, DeckDef, OperationDef, OperationRule, Stat,
};
pub use figures::{
    Area, Attack, FigureClass, FigureDef, Nation, Specialization, TRAITS, base_fault,
};
pub use scenarios::{
    Battlefield, MarkerKind, Markers, Objective, ObjectiveKind, ScenarioDef, ScenarioEntry,
    SideCards, StartingUnit, Victory,
};
pub use terrain::TerrainDef;

use overlord_datafile::files::{File, Report};
use overlord_datafile::{Problem, Source};
use overlord_engine::DataErrors;
use std::path::Path;

/// Every component of the game, immutable once loaded.
#[derive(Clone, Debug)]
pub struct ToiData {
    pub terrain: Vec<TerrainDef>,
    pub figures: Vec<FigureDef>,
    /// The board faces (`1A` .. `12B`), in the order boards.toml lists them.
    pub boards: Vec<BoardFace>,
    /// The overlay pieces.
    pub overlays: Vec<BoardFace>,
    /// The scenarios, their battlefields put together.
    pub scenarios: Vec<ScenarioDef>,
    /// The strategy decks and cards and the operations cards.
    pub cards: Cards,
}

/// Reads a data file by its path under the data folder.
type Reader<'a> = dyn Fn(&str) -> Result<Source, Problem> + 'a;

impl ToiData {
    /// Load and check everything in `dir`.
    ///
    /// # Errors
    /// Every problem found, each with file, line and field.
    pub fn load(dir: &Path) -> Result<ToiData, DataErrors> {
        let mut report = Report {
            dir: dir.display().to_string(),
            ..Report::default()
        };
        let data = read_all(
            dir,
            &|name| overlord_datafile::read(&dir.join(name)),
            &mut report,
        );
        match data {
            Some(data) if report.problems.is_empty() => Ok(data),
            _ => Err(report.problems),
        }
    }

    /// The terrain called `id`.
    pub fn terrain(&self, id: &str) -> Option<&TerrainDef> {
        self.terrain.iter().find(|t| t.id == id)
    }

    /// The figure or vehicle called `id`.
    pub fn figure(&self, id: &str) -> Option<&FigureDef> {
        self.figures.iter().find(|f| f.id == id)
    }

    /// The scenario called `id`.
    pub fn scenario(&self, id: &str) -> Option<&ScenarioDef> {
        self.scenarios.iter().find(|s| s.id == id)
    }

    /// The board face called `id` (`1A`).
    pub fn board(&self, id: &str) -> Option<&BoardFace> {
        self.boards.iter().find(|b| b.id == id)
    }
}

fn read_all(folder: &Path, dir: &Reader<'_>, report: &mut Report) -> Option<ToiData> {
    let terrain = read(dir, "terrain.toml", report, |f| {
        f.entries::<TerrainDef>("terrain")
    });
    let figures = read(dir, "figures.toml", report, |f| {
        f.entries::<FigureDef>("figure")
    });
    let manifest = read(dir, "boards.toml", report, |f| {
        (
            f.entries::<BoardEntry>("board"),
            f.entries::<BoardEntry>("overlay"),
        )
    });
    let cards = read(dir, "cards.toml", report, |f| Cards {
        decks: f.entries::<DeckDef>("deck"),
        cards: f.entries::<CardDef>("card"),
        operations: f.entries::<OperationDef>("operation"),
    });
    let scenario_entries = read(dir, "scenarios.toml", report, |f| {
        f.entries::<ScenarioEntry>("scenario")
    });
    let (board_entries, overlay_entries) = manifest?;
    let boards = boards::load_faces(dir, &board_entries, report);
    let overlays = boards::load_faces(dir, &overlay_entries, report);
    let mut data = ToiData {
        terrain: terrain?,
        figures: figures?,
        boards,
        overlays,
        scenarios: Vec::new(),
        cards: cards?,
    };
    check::check(&data, &board_entries, &overlay_entries, report);
    cards::check(&data.cards, report);
    // Scenarios compose their battlefields from the checked boards.
    if report.problems.is_empty() {
        data.scenarios = scenarios::load(folder, &scenario_entries?, &data, report);
    }
    Some(data)
}

/// Read one file with `decode`, which takes its keys; unknown keys are reported on close.
fn read<T>(
    dir: &Reader<'_>,
    name: &'static str,
    report: &mut Report,
    decode: impl FnOnce(&mut File<'_>) -> T,
) -> Option<T> {
    let source = match dir(name) {
        Ok(source) => source,
        Err(problem) => {
            report.problems.push(problem);
            return None;
        }
    };
    let mut file = File::open(name, &source);
    let value = decode(&mut file);
    file.close(report);
    Some(value)
}
