//! The components of Normandy '44, loaded from `data/normandy44/` and checked
//! (docs/normandy44/data.md describes every file and field).
//!
//! Loading reads every file, decodes every entry on its own, then checks references across
//! files; every problem is reported with file, line and field, and nothing panics on a broken
//! file. The components are authored by the Overlord project, not the publisher's.

mod cards;
mod check;
mod map;
mod units;

pub use cards::{
    Assault as AssaultBox, Drop, EntryColour, GbUnit, GermanArrival, NextWave, OptionDef,
    Placement, Scenario, ScenarioDef, SecondWave, Tracks, applies,
};
pub use map::{Assault, Beach, GameMap, HexFlags, Hexside, RoadKind};
pub use units::{
    Army, AvColour, CadreDef, Class, DdayBeach, Face, Formation, Nation, ReplacementType, Side,
    Size, UnitDef,
};

use overlord_datafile::files::{File, Report};
use overlord_datafile::{Problem, Source};
use overlord_engine::DataErrors;
use overlord_hexmap::HexMap;
use std::collections::BTreeMap;
use std::path::Path;

/// A unit's dense id: its index in [`N44Data::units`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct UnitId(pub u16);

impl UnitId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Every component of the game, immutable once loaded; games share it behind an `Arc`.
#[derive(Clone, Debug)]
pub struct N44Data {
    pub map: GameMap,
    pub formations: Vec<Formation>,
    pub units: Vec<UnitDef>,
    /// Per unit, its formation's index in `formations`.
    pub formation_of: Vec<Option<u16>>,
    /// Per unit, its cadre's index in `cadres`.
    pub cadre_of: Vec<Option<u8>>,
    pub cadres: Vec<CadreDef>,
    pub german_setup: Vec<Placement>,
    pub assaults: Vec<AssaultBox>,
    pub second_waves: Vec<SecondWave>,
    pub next_wave: Vec<NextWave>,
    pub drops: Vec<Drop>,
    pub gliders: Vec<Drop>,
    pub cherbourg_setup: Vec<Placement>,
    pub tracks: Tracks,
    pub german_arrivals: Vec<GermanArrival>,
    pub gb: Vec<GbUnit>,
    pub scenarios: Vec<ScenarioDef>,
    pub options: Vec<OptionDef>,
    /// Marker name → counters in the mix (2.18, 16.1).
    pub markers: BTreeMap<String, u8>,
    /// Per assault beach (Utah, Omaha, Gold, Juno, Sword), its beach engineer (17.8, A-42):
    /// worked out once at load, since supply and landings ask for it at every step.
    pub beach_engineers: [Option<UnitId>; 5],
    /// 17.4: the Cotentin Artillery HQ (the German HQ whose id or name says "Cotentin"): found
    /// once at load, since every German reinforcement list asks for it.
    pub cotentin_hq: Option<UnitId>,
    /// The HQs and Werfers, in id order: the only units that may give an attack artillery
    /// shifts (11.6, 17.2, 17.3), found once at load, since every list of an attack being
    /// built weighs each of them.
    pub artillery: Vec<UnitId>,
    /// Per unit, the indices of its lines in `gb` (one per scenario at most): found once at
    /// load, since every list of landings asks for each unit's cost.
    pub gb_lines: Vec<Vec<u16>>,
    /// The fixed action space and observation shape (`encoding`), made the first time a
    /// learning agent asks.
    pub encoding: std::sync::OnceLock<(
        overlord_engine::encoding::ActionSpace,
        overlord_engine::encoding::ObservationShape,
    )>,
    /// Every step's movement cost per kind of mover and weather, by `hex * 6 + direction`
    /// (`movement::StepCosts` fills and reads them), made the first time a search asks: the map
    /// never changes, and a search asks it per hexside.
    pub step_costs: [std::sync::OnceLock<Vec<[u16; 2]>>; STEP_TABLES],
    /// Per army (US, CW), the hexes a unit of it may end a move in by 22.1, a bit per hex
    /// (`movement::within_boundary` fills and reads them): every search weighs each hex it
    /// reaches, and the map never changes.
    pub within_boundary: [std::sync::OnceLock<Vec<u64>>; 2],
    /// Per hex, which of its six steps a line of supply may take by the map alone, four masks
    /// of a bit per direction (`supply_lines::StepMasks` fills and reads them), made the first
    /// time a trace asks: the map never changes, and a trace asks it per hexside (18.2).
    pub supply_steps: std::sync::OnceLock<Vec<[u8; 4]>>,
}

/// How many step-cost tables [`N44Data::step_costs`] keeps: one per side, mobility (9.1) and
/// weather (9.7).
pub const STEP_TABLES: usize = 2 * 2 * 3;

impl N44Data {
    /// Load and check everything in `dir`.
    ///
    /// # Errors
    /// Every problem found, each with file, line and field.
    pub fn load(dir: &Path) -> Result<N44Data, DataErrors> {
        let mut report = Report {
            dir: dir.display().to_string(),
            ..Report::default()
        };
        let data = read_all(
            &|name| overlord_datafile::read(&dir.join(name)),
            &mut report,
        );
        match data {
            Some(data) if report.problems.is_empty() => Ok(data),
            _ => Err(report.problems),
        }
    }

    /// Load and check the files whose texts `text` gives by name (`map.toml`...): test
    /// fixtures, or data that does not live in a folder.
    ///
    /// # Errors
    /// Every problem found, each with file, line and field.
    pub fn from_texts(text: &dyn Fn(&str) -> Option<String>) -> Result<N44Data, DataErrors> {
        let mut report = Report {
            dir: "(in memory)".to_owned(),
            ..Report::default()
        };
        let read = |name: &str| {
            text(name)
                .map(|t| Source::new(name, t))
                .ok_or_else(|| Problem::whole_file(name, "", "no such file"))
        };
        match read_all(&read, &mut report) {
            Some(data) if report.problems.is_empty() => Ok(data),
            _ => Err(report.problems),
        }
    }

    /// The unit with the data id `id`.
    pub fn unit_id(&self, id: &str) -> Option<UnitId> {
        self.units
            .iter()
            .position(|u| u.id == id)
            .and_then(|i| u16::try_from(i).ok())
            .map(UnitId)
    }

    /// `unit`'s line of the In Great Britain box in `scenario`, if it has one (6.5.1).
    pub fn gb_line(&self, unit: UnitId, scenario: Scenario) -> Option<&GbUnit> {
        self.gb_lines
            .get(unit.index())?
            .iter()
            .filter_map(|&i| self.gb.get(usize::from(i)))
            .find(|g| applies(&g.scenario, scenario))
    }

    pub fn unit(&self, id: UnitId) -> &UnitDef {
        &self.units[id.index()]
    }

    /// The face of `unit` at `step` (0 = full strength); past its printed faces, its cadre's.
    pub fn face(&self, unit: UnitId, step: u8) -> Option<&Face> {
        let def = self.units.get(unit.index())?;
        match def.steps.get(usize::from(step)) {
            Some(face) => Some(face),
            None if usize::from(step) == def.steps.len() => self
                .cadre_of
                .get(unit.index())
                .copied()
                .flatten()
                .and_then(|c| self.cadres.get(usize::from(c)))
                .map(|c| &c.face),
            None => None,
        }
    }

    /// How many steps `unit` has in all, its cadre's included.
    pub fn step_count(&self, unit: UnitId) -> u8 {
        let def = self.unit(unit);
        let cadre = u8::from(def.cadre.is_some());
        u8::try_from(def.steps.len()).unwrap_or(u8::MAX) + cadre
    }

    /// The scenario definition of `scenario`.
    pub fn scenario(&self, scenario: Scenario) -> Option<&ScenarioDef> {
        self.scenarios.iter().find(|s| s.id == scenario.id())
    }

    /// A marker count of markers.toml, or `default` when the file does not give it.
    pub fn marker(&self, name: &str, default: u8) -> u8 {
        self.markers.get(name).copied().unwrap_or(default)
    }
}

/// Reads a data file by name.
type Reader<'a> = dyn Fn(&str) -> Result<Source, Problem> + 'a;

fn read_all(dir: &Reader<'_>, report: &mut Report) -> Option<N44Data> {
    let map_source = match dir("map.toml") {
        Ok(source) => source,
        Err(problem) => {
            report.problems.push(problem);
            return None;
        }
    };
    let map = match HexMap::from_toml_str(map_source.text(), map_source.file()) {
        Ok(file) => match GameMap::new(file) {
            Ok(map) => Some(map),
            Err(problems) => {
                report.problems.extend(problems);
                None
            }
        },
        Err(errors) => {
            report.problems.extend(errors);
            None
        }
    };
    let units = read(dir, "units.toml", report, |f| {
        (
            f.entries::<Formation>("formation"),
            f.entries::<UnitDef>("unit"),
        )
    });
    let cadres = read(dir, "cadres.toml", report, |f| {
        f.entries::<CadreDef>("cadre")
    });
    let setup = read(dir, "setup.toml", report, |f| {
        (
            f.entries::<Placement>("german"),
            f.entries::<AssaultBox>("assault"),
            f.entries::<SecondWave>("second_wave"),
            f.entries::<NextWave>("next_wave"),
            f.entries::<Drop>("drop"),
            f.entries::<Drop>("glider"),
            f.entries::<Placement>("cherbourg"),
            f.value::<Tracks>("tracks", true).unwrap_or_default(),
        )
    });
    let arrivals = read(dir, "reinforcements.toml", report, |f| {
        (
            f.entries::<GermanArrival>("german"),
            f.entries::<GbUnit>("gb"),
        )
    });
    let scenarios = read(dir, "scenarios.toml", report, |f| {
        (
            f.entries::<ScenarioDef>("scenario"),
            f.entries::<OptionDef>("option"),
        )
    });
    let markers = read(dir, "markers.toml", report, |f| {
        f.value::<BTreeMap<String, u8>>("markers", true)
            .unwrap_or_default()
    });
    let (formations, units) = units?;
    let (german_setup, assaults, second_waves, next_wave, drops, gliders, cherbourg_setup, tracks) =
        setup?;
    let (german_arrivals, gb) = arrivals?;
    let (scenarios, options) = scenarios?;
    let mut data = N44Data {
        map: map?,
        formation_of: Vec::new(),
        cadre_of: Vec::new(),
        formations,
        units,
        cadres: cadres?,
        german_setup,
        assaults,
        second_waves,
        next_wave,
        drops,
        gliders,
        cherbourg_setup,
        tracks,
        german_arrivals,
        gb,
        scenarios,
        options,
        markers: markers?,
        beach_engineers: [None; 5],
        cotentin_hq: None,
        artillery: Vec::new(),
        gb_lines: Vec::new(),
        encoding: std::sync::OnceLock::new(),
        step_costs: Default::default(),
        within_boundary: Default::default(),
        supply_steps: std::sync::OnceLock::new(),
    };
    check::check(&mut data, report);
    data.beach_engineers = beach_engineers(&data);
    data.cotentin_hq = cotentin_hq(&data);
    data.artillery = (0..data.units.len() as u16)
        .map(UnitId)
        .filter(|&u| matches!(data.unit(u).class, Class::Hq | Class::Werfer))
        .collect();
    data.gb_lines = vec![Vec::new(); data.units.len()];
    for (i, line) in data.gb.iter().enumerate() {
        if let Some(unit) = data.unit_id(&line.unit)
            && let Some(lines) = data.gb_lines.get_mut(unit.index())
        {
            lines.push(i as u16);
        }
    }
    Some(data)
}

/// 17.4: the Cotentin Artillery HQ: the German HQ whose id or name says "Cotentin" (the data
/// has no field for it; docs/normandy44/data.md says so).
fn cotentin_hq(data: &N44Data) -> Option<UnitId> {
    (0..data.units.len() as u16).map(UnitId).find(|&u| {
        let def = data.unit(u);
        def.side == Side::German
            && def.class == Class::Hq
            && (def.id.to_lowercase().contains("cotentin")
                || def.name.to_lowercase().contains("cotentin"))
    })
}

/// 17.8, A-42: each assault beach's engineer, a D-Day unit of the beach or, failing one, a
/// unit of its second wave; none when the counter mix has none.
fn beach_engineers(data: &N44Data) -> [Option<UnitId>; 5] {
    const BEACHES: [(DdayBeach, &str); 5] = [
        (DdayBeach::Utah, "utah"),
        (DdayBeach::Omaha, "omaha"),
        (DdayBeach::Gold, "gold"),
        (DdayBeach::Juno, "juno"),
        (DdayBeach::Sword, "sword"),
    ];
    let engineer = |u: &UnitId| data.unit(*u).class == Class::BeachEngineer;
    BEACHES.map(|(dday, id)| {
        (0..data.units.len() as u16)
            .map(UnitId)
            .filter(engineer)
            .find(|&u| data.unit(u).dday_beach == Some(dday))
            .or_else(|| {
                data.second_waves
                    .iter()
                    .filter(|w| w.beach == id)
                    .flat_map(|w| &w.units)
                    .filter_map(|id| data.unit_id(id))
                    .find(engineer)
            })
    })
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
