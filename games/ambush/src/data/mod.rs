//! The components of Ambush!, loaded from `data/ambush/` and checked (docs/ambush/data.md
//! describes every file and field): `tables.toml`, `weapons.toml`, `vehicles.toml`,
//! `campaign.toml`, `squads/*.toml` and `missions/*.toml`.
//!
//! Loading reads every file, decodes every table and entry on its own, then checks references
//! within and across files (the spec's section 7.17 and issue 30's paragraph-book checks, in
//! [`check`]); every problem is reported with file, line and field, and nothing panics on a
//! broken file. The components are authored by the Overlord project, not the original game's.

pub mod check;
pub mod map;
pub mod mission;
pub mod squad;
pub mod tables;
pub mod vehicles;
pub mod weapons;

use mission::{
    ConditionDef, EventsDef, GermanCard, MapDef, MissionDef, MissionHeader, Paragraph, SheetDef,
    VehicleInstance, VictoryDef,
};
use overlord_datafile::{Doc, Problem, Problems, Source, Spanned};
use overlord_engine::DataErrors;
use serde::Deserialize;
use squad::{SoldierDef, SquadDef};
use std::collections::BTreeMap;
use std::path::Path;
use tables::Tables;
use vehicles::VehicleKind;
use weapons::{BlastRow, WeaponDef, WeaponType, Weapons};

/// `campaign.toml`: the missions in campaign order and the squad a new campaign starts with.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignDef {
    pub name: String,
    pub squad: String,
    pub missions: Vec<Spanned<String>>,
}

/// Every component of the game, immutable once loaded.
#[derive(Clone, Debug)]
pub struct AmbushData {
    pub tables: Tables,
    pub weapons: Weapons,
    pub vehicles: BTreeMap<String, VehicleKind>,
    pub squads: Vec<SquadDef>,
    pub campaign: CampaignDef,
    /// The missions, in campaign order.
    pub missions: Vec<MissionDef>,
    /// Each scenario's fixed action space and observation shape (`crate::encoding` makes them
    /// the first time a learning agent asks): one slot per mission, in mission order, then the
    /// campaign's.
    pub encoding: EncodingCache,
}

/// Each scenario's [`ScenarioEncoding`], made on first use. A clone of the data starts with
/// none (the clone may be changed before it is used).
#[derive(Debug, Default)]
pub struct EncodingCache(pub std::sync::OnceLock<Vec<std::sync::OnceLock<ScenarioEncoding>>>);

impl Clone for EncodingCache {
    fn clone(&self) -> EncodingCache {
        EncodingCache::default()
    }
}

/// One scenario's fixed action space and observation shape (`crate::encoding`), with the
/// bounds they were sized by.
#[derive(Clone, Debug)]
pub struct ScenarioEncoding {
    pub space: overlord_engine::encoding::ActionSpace,
    pub shape: overlord_engine::encoding::ObservationShape,
    pub bounds: EncodingBounds,
}

/// The most of each thing one scenario can hold, as `crate::encoding` works them out from the
/// components (a campaign's: the most of any of its missions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodingBounds {
    /// The map's grid (the largest of the campaign's): a cell per printed hex.
    pub columns: u8,
    pub rows: u8,
    /// US soldiers (the squad; a campaign's largest squad).
    pub us: u32,
    /// German cards.
    pub germans: u32,
    /// Vehicles of the mission.
    pub vehicles: u32,
    /// Seats of any vehicle kind, the driver's included.
    pub seats: u32,
    /// Items that can be in play at once (the squad's, the Germans', those paragraphs give,
    /// a tank crew's mounted weapons): no soldier holds more.
    pub items: u32,
    /// The squad's entry hexes.
    pub entries: u32,
    /// Lines a sheet entry or a paragraph offers to choose from.
    pub lines: u32,
    /// Sighting numbers the paragraphs record (0 to `sightings - 1`).
    pub sightings: u32,
    /// The missions of the scenario (1, or the campaign's).
    pub missions: u32,
    /// Whether the scenario is the campaign.
    pub campaign: bool,
}

impl AmbushData {
    /// Load and check everything in `dir`.
    ///
    /// # Errors
    /// Every problem found, each with file, line and field.
    pub fn load(dir: &Path) -> Result<AmbushData, DataErrors> {
        let mut problems = Problems::default();
        let data = read_all(dir, &mut problems);
        match data {
            Some(data) if problems.is_empty() => Ok(data),
            None if problems.is_empty() => {
                // Every reader that gives up says why; this is only a guard.
                problems.push(Problem::whole_file(
                    dir.display().to_string(),
                    "",
                    "the data could not be read",
                ));
                Err(problems)
            }
            _ => Err(problems),
        }
    }

    /// The mission called `id` (`S1`).
    pub fn mission(&self, id: &str) -> Option<&MissionDef> {
        self.missions.iter().find(|m| m.header.id == id)
    }

    /// The squad file called `id` (`sample_squad`).
    pub fn squad(&self, id: &str) -> Option<&SquadDef> {
        self.squads.iter().find(|s| s.id == id)
    }
}

/// Read `dir/name` as a source, or record why not.
fn source(dir: &Path, name: &str, problems: &mut Problems) -> Option<Source> {
    match overlord_datafile::read(&dir.join(name)) {
        Ok(source) => Some(source),
        Err(problem) => {
            problems.push(problem);
            None
        }
    }
}

/// Open a parsed file: its provenance line and `schema = 1`.
fn open<'a>(source: &'a Source) -> Doc<'a> {
    let mut doc = Doc::parse(source);
    doc.authored_by();
    if let Some(schema) = doc.value::<u8>("schema", true)
        && *schema.get_ref() != 1
    {
        doc.problem(
            &schema.span(),
            "schema",
            format!(
                "schema {} is not known: this build reads schema 1",
                schema.get_ref()
            ),
        );
    }
    doc
}

/// A required top-level table, decoded.
fn table<'a, T: Deserialize<'a>>(doc: &mut Doc<'a>, key: &str) -> Option<Spanned<T>> {
    doc.value::<T>(key, true)
}

fn read_all(dir: &Path, problems: &mut Problems) -> Option<AmbushData> {
    let tables = read_tables(dir, problems);
    let weapons = read_weapons(dir, problems);
    let vehicles = weapons
        .as_ref()
        .and_then(|weapons| read_vehicles(dir, weapons, problems));
    let (tables, weapons, vehicles) = (tables?, weapons?, vehicles?);
    let squads = read_folder(dir, "squads", problems, |file, source, problems| {
        read_squad(file, source, &tables, &weapons, problems)
    });
    let mut data = AmbushData {
        tables,
        weapons,
        vehicles,
        squads,
        campaign: CampaignDef {
            name: String::new(),
            squad: String::new(),
            missions: Vec::new(),
        },
        missions: Vec::new(),
        encoding: EncodingCache::default(),
    };
    data.missions = read_folder(dir, "missions", problems, |file, source, problems| {
        read_mission(file, source, &data, problems)
    });
    data.campaign = read_campaign(dir, &mut data, problems)?;
    Some(data)
}

/// Decode one required table of `doc`, remembering a failure without stopping the others.
macro_rules! tables {
    ($doc:expr, $($field:ident),* $(,)?) => {{
        $(let $field = table(&mut $doc, stringify!($field));)*
        (|| {
            let spans: check::TableSpans = vec![$((stringify!($field), $field.as_ref()?.span())),*];
            Some((Tables { $($field: $field?.into_inner()),* }, spans))
        })()
    }};
}

fn read_tables(dir: &Path, problems: &mut Problems) -> Option<Tables> {
    let source = source(dir, "tables.toml", problems)?;
    let mut doc = open(&source);
    let tables = tables!(
        doc,
        dice,
        range_bands,
        ar_track,
        command,
        fcm,
        gcdm,
        scatter,
        blast_shift,
        assault,
        clear_jam,
        movement,
        generation,
        campaign,
        accident,
        hit_chart,
    );
    if let Some((tables, spans)) = &tables {
        check::tables(tables, spans, &mut doc);
    }
    problems.extend(doc.finish());
    tables.map(|(tables, _)| tables)
}

fn read_weapons(dir: &Path, problems: &mut Problems) -> Option<Weapons> {
    let source = source(dir, "weapons.toml", problems)?;
    let mut doc = open(&source);
    let types: Option<Spanned<BTreeMap<String, Spanned<WeaponType>>>> = doc.value("type", true);
    let blasts: Option<Spanned<BTreeMap<String, Spanned<BlastRow>>>> = doc.value("blast", true);
    let weapons: Option<Spanned<BTreeMap<String, Spanned<WeaponDef>>>> = doc.value("weapon", true);
    let (Some(types), Some(blasts), Some(weapons)) = (types, blasts, weapons) else {
        problems.extend(doc.finish());
        return None;
    };
    check::weapons(
        types.get_ref(),
        blasts.get_ref(),
        weapons.get_ref(),
        &mut doc,
    );
    problems.extend(doc.finish());
    Some(Weapons::new(plain(types), plain(blasts), plain(weapons)))
}

/// A table of entries by id, without the entries' places.
fn plain<T>(map: Spanned<BTreeMap<String, Spanned<T>>>) -> BTreeMap<String, T> {
    map.into_inner()
        .into_iter()
        .map(|(k, v)| (k, v.into_inner()))
        .collect()
}

fn read_vehicles(
    dir: &Path,
    weapons: &Weapons,
    problems: &mut Problems,
) -> Option<BTreeMap<String, VehicleKind>> {
    let source = source(dir, "vehicles.toml", problems)?;
    let mut doc = open(&source);
    let kinds: Option<Spanned<BTreeMap<String, Spanned<VehicleKind>>>> = doc.value("vehicle", true);
    let Some(kinds) = kinds else {
        problems.extend(doc.finish());
        return None;
    };
    check::vehicles(kinds.get_ref(), weapons, &mut doc);
    problems.extend(doc.finish());
    Some(plain(kinds))
}

/// Read every `.toml` file of `dir/folder`, in name order, with `read`.
fn read_folder<T>(
    dir: &Path,
    folder: &str,
    problems: &mut Problems,
    mut read: impl FnMut(&str, &Source, &mut Problems) -> Option<T>,
) -> Vec<T> {
    let mut names: Vec<String> = match std::fs::read_dir(dir.join(folder)) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".toml"))
            .collect(),
        Err(e) => {
            problems.push(Problem::whole_file(
                dir.join(folder).display().to_string(),
                "",
                format!("cannot read the folder: {e}"),
            ));
            return Vec::new();
        }
    };
    names.sort();
    names
        .iter()
        .filter_map(|name| {
            let file = format!("{folder}/{name}");
            let source = source(dir, &file, problems)?;
            read(&file, &source, problems)
        })
        .collect()
}

fn read_squad(
    file: &str,
    source: &Source,
    tables: &Tables,
    weapons: &Weapons,
    problems: &mut Problems,
) -> Option<SquadDef> {
    let mut doc = open(source);
    let points: Option<Spanned<u8>> = doc.value("squad_points_used", true);
    let equipment: Option<Spanned<u8>> = doc.value("equipment_points_used", true);
    let soldiers: Vec<Spanned<SoldierDef>> = doc.entries("soldier");
    let squad = match (points, equipment) {
        (Some(points), Some(equipment)) => {
            check::squad(&points, &equipment, &soldiers, tables, weapons, &mut doc);
            Some(SquadDef {
                id: stem(file),
                file: file.to_owned(),
                squad_points_used: points.into_inner(),
                equipment_points_used: equipment.into_inner(),
                soldiers: soldiers.into_iter().map(Spanned::into_inner).collect(),
            })
        }
        _ => None,
    };
    problems.extend(doc.finish());
    squad
}

/// `missions/s1_crossroads_farm.toml` → `s1_crossroads_farm`.
fn stem(file: &str) -> String {
    let name = file.rsplit('/').next().unwrap_or(file);
    name.strip_suffix(".toml").unwrap_or(name).to_owned()
}

fn read_mission(
    file: &str,
    source: &Source,
    data: &AmbushData,
    problems: &mut Problems,
) -> Option<MissionDef> {
    let mut doc = open(source);
    let header: Option<Spanned<MissionHeader>> = doc.value("mission", true);
    let conditions: Vec<Spanned<ConditionDef>> = doc.entries("condition");
    let events: Option<Spanned<EventsDef>> = doc.value("events", true);
    let map: Option<Spanned<MapDef>> = doc.value("map", true);
    let sheet: Option<Spanned<SheetDef>> = doc.value("sheet", false);
    let germans: Vec<Spanned<GermanCard>> = doc.entries("german");
    let vehicles: Vec<Spanned<VehicleInstance>> = doc.entries("vehicle");
    let victory: Option<Spanned<VictoryDef>> = doc.value("victory", true);
    let paragraphs: Vec<Spanned<Paragraph>> = doc.entries("paragraph");
    let mission = match (header, events, map, victory) {
        (Some(header), Some(events), Some(map), Some(victory)) => {
            let mut mission = MissionDef {
                file: file.to_owned(),
                source: source.clone(),
                header: header.into_inner(),
                conditions: conditions.into_iter().map(Spanned::into_inner).collect(),
                events: events.into_inner(),
                map: map.into_inner(),
                sheet: sheet.map(Spanned::into_inner).unwrap_or_default(),
                germans,
                vehicles,
                victory: victory.into_inner(),
                flags: Vec::new(),
                table: mission::SheetTable::default(),
                paragraphs,
                hexes: None,
            };
            mission.flags = mission
                .paragraphs
                .iter()
                .flat_map(|p| p.get_ref().all_effects())
                .filter_map(|e| match e.get_ref() {
                    mission::Effect::SetFlag { flag } => Some(flag.clone()),
                    _ => None,
                })
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            check::mission(data, &mut mission, &mut doc);
            Some(mission)
        }
        _ => None,
    };
    problems.extend(doc.finish());
    mission
}

fn read_campaign(
    dir: &Path,
    data: &mut AmbushData,
    problems: &mut Problems,
) -> Option<CampaignDef> {
    let source = source(dir, "campaign.toml", problems)?;
    let mut doc = open(&source);
    let campaign: Option<Spanned<CampaignDef>> = doc.value("campaign", true);
    let campaign = campaign.map(Spanned::into_inner);
    if let Some(campaign) = &campaign {
        check::campaign(campaign, data, &mut doc);
    }
    problems.extend(doc.finish());
    campaign
}
