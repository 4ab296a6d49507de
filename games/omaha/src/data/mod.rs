//! The components of D-Day at Omaha Beach, loaded from `data/omaha/` and checked
//! (docs/omaha/data.md describes every file and field).
//!
//! Loading reads every file, decodes every entry on its own, then runs the checks in `check/`
//! across files; every problem is reported with file, line and field, and nothing panics on a
//! broken file.

mod boxes;
mod cards;
mod check;
mod files;
mod german_units;
mod positions;
mod scenarios;
mod tank_movement;
mod tracks;
mod us_units;
mod vocab;

pub use boxes::{ArtilleryBox, Boxes, LANDING_BOX_IDS, LandHexes, LandingBox};
pub use cards::{
    ArtilleryBlock, Card, DepthWhere, Event, EventEffect, FireSection, Icon, LandingSection,
    NavalTarget,
};
pub use files::At;
pub use german_units::{
    ArtilleryUnit, DepthKind, DepthMarker, GermanRoster, Pool, ReinforcementUnit, TankUnit,
    WnCategory, WnUnit,
};
pub use positions::{
    AdvancePath, AnyPosition, FireField, Positions, Reinforcement, Wn, WnArtillery,
};
pub use scenarios::{
    Cleared, Deal, Deploy, SCENARIO_FILES, Scenario, UsPlacement, Victory, VictoryKind,
};
pub use tank_movement::{BySymbol, TankOrder};
pub use tracks::{RangeTrack, Tracks, TurnSpace, tide_of_turn};
pub use us_units::{General, Hero, Hq, Range, UsKind, UsRoster, UsUnit};
pub use vocab::{
    ActionLetter, Calibre, Colour, Division, FireLevel, GermanDivision, LandingLetter, Sector,
    Symbol, Tide, Weapon,
};

use files::{File, Report};
use overlord_engine::{DataError, DataErrors};
use overlord_hexmap::HexMap;
use std::collections::BTreeMap;
use std::path::Path;

/// Every component of the game, immutable once loaded; games share it behind an `Arc`.
#[derive(Clone, Debug)]
pub struct OmahaData {
    pub map: HexMap,
    pub positions: Positions,
    pub boxes: Boxes,
    pub tracks: Tracks,
    pub us: UsRoster,
    pub german: GermanRoster,
    pub cards: Vec<Card>,
    pub tank_orders: Vec<TankOrder>,
    /// Marker name → counters on the sheet.
    pub markers: BTreeMap<String, u32>,
    pub scenarios: Vec<Scenario>,
    /// Dense ids over all of the above, built once the data has passed its checks.
    pub index: crate::index::Index,
    /// The fixed action space and observation shape (`encoding`), made the first time a
    /// learning agent asks.
    pub encoding: std::sync::OnceLock<(
        overlord_engine::encoding::ActionSpace,
        overlord_engine::encoding::ObservationShape,
    )>,
}

impl OmahaData {
    /// Counters on the sheet, as rule 2 counts them (352 in the published game).
    pub fn counter_count(&self) -> u32 {
        let us_units: u32 = self.us.units.iter().map(UsUnit::counters).sum();
        let leaders = self.us.heroes.len() + self.us.hqs.len() + self.us.generals.len();
        us_units
            + u32::try_from(leaders).unwrap_or(u32::MAX)
            + self.german.counters()
            + self.markers.values().sum::<u32>()
    }

    /// The card with this number.
    pub fn card(&self, number: u8) -> Option<&Card> {
        self.cards.iter().find(|c| c.number == number)
    }

    /// Load the components with each file taken from the first of `dirs` that has it: a folder
    /// holding only some files (a printed deck's `cards.toml`, or the acceptance tests'
    /// reference deck and roster) over a complete one.
    pub fn load_layered(dirs: &[&Path]) -> Result<OmahaData, DataErrors> {
        let dir = dirs.last().copied().unwrap_or(Path::new("."));
        let mut report = Report {
            dir: dir.display().to_string(),
            ..Report::default()
        };
        let data = read_all(dirs, &mut report);
        let mut data = data;
        if let Some(data) = &mut data {
            check::all(data, &mut report);
            if report.problems.is_empty() {
                data.index = crate::index::Index::build(data);
                data.index.terrain = crate::index::Terrain::build(data);
            }
        }
        match data {
            Some(data) if report.problems.is_empty() => Ok(data),
            _ => Err(DataErrors(
                report
                    .problems
                    .into_iter()
                    .map(|p| DataError {
                        file: p.file,
                        line: p.line,
                        column: p.column,
                        field: p.field,
                        message: p.message,
                    })
                    .collect(),
            )),
        }
    }
}

/// Read every file; `None` when a file could not be read or decoded at all.
/// The first of `dirs` holding the file `name` (the last one when none does, so that the
/// report names the complete folder).
fn layer<'a>(dirs: &[&'a Path], name: &str) -> &'a Path {
    dirs.iter()
        .copied()
        .find(|d| d.join(name).exists())
        .or_else(|| dirs.last().copied())
        .unwrap_or(Path::new("."))
}

fn read_all(dirs: &[&Path], report: &mut Report) -> Option<OmahaData> {
    let map = match HexMap::load(layer(dirs, "map.toml").join("map.toml")) {
        Ok(map) => Some(map),
        Err(errors) => {
            for e in errors.into_vec() {
                report.problems.push(overlord_datafile::Problem {
                    file: e.file,
                    line: e.line,
                    column: e.column,
                    field: e.field,
                    message: e.message,
                });
            }
            None
        }
    };
    let before = report.problems.len();

    let positions = read(dirs, "positions.toml", report, |f| Positions {
        wns: f.entries("wn"),
        reinforcements: f.entries("reinforcement"),
        advance_paths: f.entries("advance_path"),
    });
    let boxes = read(dirs, "boxes.toml", report, |f| Boxes {
        landing: f.entries("landing_box"),
        artillery: f.entries("artillery_box"),
    });
    let tracks = read(dirs, "tracks.toml", report, |f| Tracks {
        turns: f.entries("turn"),
        hq_range: f.value("hq_range_track", true).unwrap_or_default(),
        engineer_range: f.value("engineer_range_track", true).unwrap_or_default(),
    });
    let us = read(dirs, "us_units.toml", report, |f| UsRoster {
        units: f.entries("unit"),
        heroes: f.entries("hero"),
        hqs: f.entries("hq"),
        generals: f.entries("general"),
    });
    let german = read(dirs, "german_units.toml", report, |f| GermanRoster {
        wn_units: f.entries("wn_unit"),
        artillery: f.entries("artillery_unit"),
        reinforcements: f.entries("reinforcement_unit"),
        tanks: f.entries("tank_unit"),
        depth_markers: f.entries("depth_marker"),
    });
    let cards = read(dirs, "cards.toml", report, |f| f.entries("card"));
    let tank_orders = read(dirs, "tank_movement.toml", report, |f| f.entries("order"));
    let markers = read(dirs, "counters.toml", report, |f| {
        f.value("markers", true).unwrap_or_default()
    });
    let scenarios: Vec<Option<Scenario>> = SCENARIO_FILES
        .iter()
        .map(|&name| read(dirs, name, report, |f| scenario(name, f)))
        .collect();

    if report.problems.len() > before {
        return None;
    }
    Some(OmahaData {
        map: map?,
        positions: positions?,
        boxes: boxes?,
        tracks: tracks?,
        us: us?,
        german: german?,
        cards: cards?,
        tank_orders: tank_orders?,
        markers: markers?,
        scenarios: scenarios.into_iter().collect::<Option<Vec<_>>>()?,
        index: crate::index::Index::default(),
        encoding: std::sync::OnceLock::new(),
    })
}

/// Read one file with `decode`, which takes its keys; unknown keys are reported on close.
fn read<T>(
    dirs: &[&Path],
    name: &'static str,
    report: &mut Report,
    decode: impl FnOnce(&mut File<'_>) -> T,
) -> Option<T> {
    let source = files::source(layer(dirs, name), name, report)?;
    let mut file = File::open(name, &source);
    let value = decode(&mut file);
    file.close(report);
    Some(value)
}

fn scenario(name: &'static str, f: &mut File<'_>) -> Scenario {
    Scenario {
        file: name,
        id: f.value("id", true).unwrap_or_default(),
        name: f.value("name", true).unwrap_or_default(),
        turns: f.value("turns", true).unwrap_or([0, 0]),
        extended_from: f.value("extended_from", false),
        sectors: f.value("sectors", true).unwrap_or_default(),
        variants: f.value("variants", false).unwrap_or_default(),
        screaming_meemies_occurred: f
            .value("screaming_meemies_occurred", false)
            .unwrap_or(false),
        victory: f.value("victory", true),
        deals: f.entries("deal"),
        us: f.entries("us"),
        cleared: f.entries("cleared"),
    }
}
