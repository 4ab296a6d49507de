//! The scenarios (`TOI-SETUP`, spec 7.2): `scenarios.toml` lists them, each in its own file
//! under `scenarios/` that places its boards and overlays (hexmap's `Composition`), its
//! objectives, its starting units and its victory conditions.

pub use super::battlefield::Battlefield;
use super::{Nation, ToiData};
use overlord_datafile::files::{At, Report};
use overlord_datafile::located;
use overlord_hexmap::HexId;
use serde::Deserialize;

/// Hidden-squad markers a nation has (`TOI-LIMITS`).
const HIDDEN_MARKERS: u8 = super::limits::HIDDEN_MARKERS as u8;
/// Squad bases of each division's shade a nation has (`TOI-DIV`).
const BASES_A_DIVISION: u8 = 12;
/// Specialization tokens of each kind (`TOI-LIMITS`).
const SPEC_TOKENS: u8 = super::limits::SPECIALIZATION_TOKENS as u8;

/// One `[[scenario]]` of scenarios.toml.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioEntry {
    #[serde(skip)]
    pub at: At,
    pub id: String,
    /// The scenario file, relative to the data folder.
    pub file: String,
}

located!(
    ScenarioEntry,
    ObjectiveSetup,
    UnitSetup,
    MarkerSetup,
    DeploymentSetup
);

/// One `[[deployment]]` of a scenario: hexes where a nation may set up its starting units
/// (`TOI-SETUP-6`), listed (`hexes`), or a box of one board's columns and rows, as a board
/// file's `[[fill]]` gives them.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeploymentSetup {
    #[serde(skip)]
    pub at: At,
    pub nation: Nation,
    #[serde(default)]
    pub hexes: Vec<String>,
    #[serde(default)]
    pub board: Option<String>,
    #[serde(default)]
    pub columns: Option<[u8; 2]>,
    #[serde(default)]
    pub rows: Option<[u8; 2]>,
}

/// What kind of objective a marker is (`TOI-CMD-CTRL`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum ObjectiveKind {
    /// A command objective of a nation, or neutral: its value in command a round (`TOI-CMD-INCOME`).
    Command,
    /// A victory objective: its value in VP a round (`TOI-CMD-VP`).
    Victory,
}

/// An objective marker on the battlefield (`[[objective]]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveSetup {
    #[serde(skip)]
    pub at: At,
    pub kind: ObjectiveKind,
    /// The hex, as `board:label` (`1A:0605`).
    pub hex: String,
    /// Whose objective it is; absent: neutral.
    #[serde(default)]
    pub nation: Option<Nation>,
    /// Command (command objectives) or VP (victory objectives) a round to its controller.
    pub value: u8,
    /// Who controls it at the start (`TOI-CMD-CTRL`: nobody unless the scenario says).
    #[serde(default)]
    pub controlled_by: Option<Nation>,
}

/// A starting unit (`[[unit]]`): a squad of figures or a vehicle, in a hex.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSetup {
    #[serde(skip)]
    pub at: At,
    pub nation: Nation,
    /// Its division (1 or 2; `TOI-DIV`).
    #[serde(default = "first_division")]
    pub division: u8,
    /// A squad's figures (figure ids of figures.toml), filling its 4 slots (`TOI-SQUAD`).
    #[serde(default)]
    pub squad: Vec<String>,
    /// A vehicle's figure id.
    #[serde(default)]
    pub vehicle: Option<String>,
    /// The hex, as `board:label` (none for a reinforcement).
    #[serde(default)]
    pub hex: String,
    /// A reinforcement: the round in whose Status Phase it arrives in a reinforcement hex
    /// (`TOI-STAT-REINF`).
    #[serde(default)]
    pub round: Option<u8>,
    /// A squad starting hidden (`TOI-COMBAT-HIDDEN`, `TOI-SETUP-6`).
    #[serde(default)]
    pub hidden: bool,
    /// A squad's specialization token (`TOI-SPEC`, `TOI-SETUP-6`).
    #[serde(default)]
    pub spec: Option<super::Specialization>,
    /// A squad starting aboard a vehicle (`TOI-SETUP-6`, `TOI-TRANS`): the vehicle's place among
    /// the file's `[[unit]]`s, from 1; it stands in the same hex.
    #[serde(default)]
    pub aboard: Option<usize>,
}

fn first_division() -> u8 {
    1
}

/// The fortifications, obstacles and smoke on one hex (`TOI-FORT`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, Deserialize)]
pub struct Markers {
    pub entrenchments: u8,
    pub pillboxes: u8,
    pub wire: bool,
    pub traps: bool,
    pub mines: bool,
    pub smoke: bool,
}

/// What a `[[marker]]` puts on its hex (`TOI-FORT`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum MarkerKind {
    Entrenchment,
    Pillbox,
    Wire,
    TankTraps,
    Minefield,
    Smoke,
}

/// A fortification, obstacle or smoke marker the scenario places (`[[marker]]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkerSetup {
    #[serde(skip)]
    pub at: At,
    pub kind: MarkerKind,
    pub hex: String,
}

/// How a scenario is won (`TOI-WIN`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "snake_case")]
pub enum Victory {
    /// The most VP at the end; a tie goes to the initiative holder (`TOI-WIN`).
    Points,
}

/// The scenario as written, before its battlefield is composed.
#[derive(Clone, Debug, Deserialize)]
pub struct ScenarioText {
    pub name: String,
    pub rounds: u8,
    /// Actions a side takes in each of its Action Phase turns (`TOI-ACT`).
    pub actions: u8,
    /// Who holds the initiative in round 1 (`TOI-SETUP-4`).
    pub initiative: Nation,
    pub victory: Victory,
}

/// One scenario, its battlefield put together.
#[derive(Clone, Debug)]
pub struct ScenarioDef {
    pub id: String,
    pub name: String,
    pub rounds: u8,
    pub actions: u8,
    pub initiative: Nation,
    pub victory: Victory,
    pub battlefield: Battlefield,
    pub objectives: Vec<Objective>,
    pub units: Vec<StartingUnit>,
    /// The hexes with fortifications, obstacles or smoke at the start, in hex order.
    pub markers: Vec<(HexId, Markers)>,
    /// Per nation: its strategy decks, the cards it draws before play, its operations cards
    /// (`TOI-CARD-STRAT`, `TOI-CARD-OPS`, `TOI-SETUP-5`).
    pub cards: [SideCards; 2],
    /// Which hex edge is North, clockwise from the top edge, for the compass (`TOI-KW-DRIFT`).
    pub north: u8,
    /// Per nation, the whole hexes of its deployment areas, sorted (`TOI-SETUP-6`); empty where
    /// the scenario gives none.
    pub deployment: [Vec<HexId>; 2],
    /// The players it is written for (`TOI-TEAM`): 2, or 4 for two teams of two (any scenario
    /// may be played by two to four).
    pub players: u8,
    /// Its fixed action space and observation shape (`encoding`), made the first time a
    /// learning agent asks.
    pub encoding: std::sync::OnceLock<(
        overlord_engine::encoding::ActionSpace,
        overlord_engine::encoding::ObservationShape,
    )>,
}

/// A nation's cards in a scenario, found in `cards.toml`.
#[derive(Clone, Debug, Default)]
pub struct SideCards {
    /// Indices into [`super::Cards::decks`].
    pub decks: Vec<usize>,
    /// The cards drawn at setup, in all.
    pub start: u8,
    /// Indices into [`super::Cards::operations`].
    pub operations: Vec<usize>,
}

/// A nation's `[cards.us]` or `[cards.de]` table.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SideCardsSetup {
    #[serde(default)]
    decks: Vec<String>,
    #[serde(default)]
    start: u8,
    #[serde(default)]
    operations: Vec<String>,
}

/// The scenario's `[cards]` table.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsSetup {
    #[serde(default)]
    us: SideCardsSetup,
    #[serde(default)]
    de: SideCardsSetup,
    #[serde(default)]
    north: u8,
}

/// An objective with its hex found.
#[derive(Clone, Debug)]
pub struct Objective {
    pub kind: ObjectiveKind,
    pub hex: HexId,
    pub nation: Option<Nation>,
    pub value: u8,
    pub controlled_by: Option<Nation>,
}

/// A starting unit with its figures and hex found.
#[derive(Clone, Debug)]
pub struct StartingUnit {
    pub nation: Nation,
    pub division: u8,
    /// Indices into [`ToiData::figures`]: a squad's figures, or a vehicle's one.
    pub figures: Vec<u8>,
    pub vehicle: bool,
    pub hex: HexId,
    /// The index, among the scenario's units, of the vehicle it starts aboard.
    pub aboard: Option<usize>,
    /// A reinforcement's round.
    pub round: Option<u8>,
    /// A squad starting hidden (`TOI-COMBAT-HIDDEN`).
    pub hidden: bool,
    /// Its specialization (`TOI-SPEC`).
    pub spec: Option<super::Specialization>,
}

/// Load every scenario of the manifest, reporting each problem.
pub(super) fn load(
    dir: &std::path::Path,
    entries: &[ScenarioEntry],
    data: &ToiData,
    report: &mut Report,
) -> Vec<ScenarioDef> {
    let mut out = Vec::new();
    for entry in entries {
        if let Some(s) = load_one(dir, entry, data, report) {
            out.push(s);
        }
    }
    out
}

fn load_one(
    dir: &std::path::Path,
    entry: &ScenarioEntry,
    data: &ToiData,
    report: &mut Report,
) -> Option<ScenarioDef> {
    let path = dir.join(&entry.file);
    let Ok(source) = overlord_datafile::read(&path) else {
        report.at(
            &entry.at,
            "scenario.file",
            format!("cannot read `{}`", entry.file),
        );
        return None;
    };
    let name: &'static str = "scenario";
    let mut file = overlord_datafile::files::File::open(name, &source);
    let text = ScenarioText {
        name: file.value("name", true).unwrap_or_default(),
        rounds: file.value("rounds", true).unwrap_or(0),
        actions: file.value("actions", true).unwrap_or(0),
        initiative: file.value("initiative", true).unwrap_or(Nation::Us),
        victory: file.value("victory", true).unwrap_or(Victory::Points),
    };
    // TOI-TEAM: how many players the scenario is written for (2, or 4 for two teams of two).
    let players: u8 = file.value("players", false).unwrap_or(2);
    let objectives: Vec<ObjectiveSetup> = file.entries("objective");
    let units: Vec<UnitSetup> = file.entries("unit");
    let marker_entries: Vec<MarkerSetup> = file.entries("marker");
    let deployment_entries: Vec<DeploymentSetup> = file.entries("deployment");
    let cards_setup: CardsSetup = file.value("cards", false).unwrap_or_default();
    let folder = path
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    let (boards, overlays) = overlord_hexmap::Composition::read_placements(&mut file.doc, &folder);
    // The file's own problems carry its path (the source's); its entries' lines are reported
    // against the same path below.
    file.close(report);
    let written = format!("{}/{}", report.dir, entry.file);
    let composition = overlord_hexmap::Composition {
        name: text.name.clone(),
        authored_by: "Overlord project".to_owned(),
        source: written.clone(),
        boards,
        overlays,
    };
    let map = match composition.compose() {
        Ok(map) => map,
        Err(errors) => {
            report.problems.extend(errors);
            return None;
        }
    };
    let battlefield = match Battlefield::new(map, &data.terrain) {
        Ok(b) => b,
        Err(why) => {
            report.problems.push(overlord_datafile::Problem::whole_file(
                written.clone(),
                "board",
                why,
            ));
            return None;
        }
    };
    let mut problem = |at: &At, field: &str, message: String| {
        report.problems.push(overlord_datafile::Problem {
            file: written.clone(),
            line: at.line,
            column: 1,
            field: field.to_owned(),
            message,
        });
    };
    let mut found_objectives = Vec::new();
    for o in &objectives {
        match battlefield.find(&o.hex) {
            Some(hex) if !battlefield.is_half(hex) => found_objectives.push(Objective {
                kind: o.kind,
                hex,
                nation: o.nation,
                value: o.value,
                controlled_by: o.controlled_by,
            }),
            _ => problem(
                &o.at,
                "objective.hex",
                format!("`{}` is no whole hex of the battlefield", o.hex),
            ),
        }
    }
    let mut found_units = Vec::new();
    let mut hidden_markers = [0u8; 2];
    let mut spec_tokens = [0u8; 4];
    for u in &units {
        // A reinforcement has no hex until it arrives.
        let hex = if u.round.is_some() && u.hex.is_empty() {
            Some(HexId::NONE)
        } else {
            battlefield
                .find(&u.hex)
                .filter(|&h| !battlefield.is_half(h))
        };
        let Some(hex) = hex else {
            problem(
                &u.at,
                "unit.hex",
                format!("`{}` is no whole hex of the battlefield", u.hex),
            );
            continue;
        };
        let figure_index = |id: &str| {
            data.figures
                .iter()
                .position(|f| f.id == id)
                .and_then(|i| u8::try_from(i).ok())
        };
        // TOI-COMBAT-HIDDEN, TOI-LIMITS: squads only, 4 markers a nation.
        if u.hidden {
            if u.vehicle.is_some() {
                problem(
                    &u.at,
                    "unit.hidden",
                    "vehicles cannot be hidden (TOI-COMBAT-HIDDEN)".to_owned(),
                );
            }
            let count = &mut hidden_markers[u.nation.index()];
            *count += 1;
            if *count > HIDDEN_MARKERS {
                problem(
                    &u.at,
                    "unit.hidden",
                    format!("a nation has {HIDDEN_MARKERS} hidden-squad markers (TOI-LIMITS)"),
                );
            }
        }
        // TOI-SPEC, TOI-LIMITS: squads without a heavy weapon only, 6 tokens of each kind.
        if let Some(spec) = u.spec {
            if u.vehicle.is_some() {
                problem(
                    &u.at,
                    "unit.spec",
                    "only squads are specialized (TOI-SPEC)".to_owned(),
                );
            }
            let count = &mut spec_tokens[spec as usize];
            *count += 1;
            if *count > SPEC_TOKENS {
                problem(
                    &u.at,
                    "unit.spec",
                    format!(
                        "there are {SPEC_TOKENS} {} tokens (TOI-LIMITS)",
                        spec.name()
                    ),
                );
            }
        }
        match (&u.vehicle, u.squad.is_empty()) {
            (Some(v), true) => match figure_index(v) {
                Some(i) if !data.figures[usize::from(i)].class.infantry() && data.figures[usize::from(i)].nation == u.nation => {
                    found_units.push(StartingUnit { nation: u.nation, division: u.division, figures: vec![i], vehicle: true, hex, aboard: None, round: u.round, hidden: false, spec: None });
                }
                _ => problem(&u.at, "unit.vehicle", format!("`{v}` is no vehicle of this nation in figures.toml")),
            },
            (None, false) => {
                let mut figures = Vec::new();
                for f in &u.squad {
                    match figure_index(f) {
                        Some(i) if data.figures[usize::from(i)].class.infantry() && data.figures[usize::from(i)].nation == u.nation => {
                            figures.push(i);
                        }
                        _ => problem(&u.at, "unit.squad", format!("`{f}` is no infantry figure of this nation in figures.toml")),
                    }
                }
                if let Some((fault, why)) = super::base_fault(&data.figures, &figures, usize::from(u.spec.is_some())) {
                    problem(&u.at, &format!("unit.{fault}"), why);
                } else {
                    found_units.push(StartingUnit { nation: u.nation, division: u.division, figures, vehicle: false, hex, aboard: u.aboard, round: u.round, hidden: u.hidden, spec: u.spec });
                }
            }
            _ => problem(&u.at, "unit", "a unit is a squad (`squad = [...]`) or a vehicle (`vehicle = \"...\"`), one of the two".to_owned()),
        }
    }
    // TOI-FORT: at most 3 fortifications a hex, one of each obstacle; no smoke in a building.
    let mut markers: Vec<(HexId, Markers)> = Vec::new();
    for m in &marker_entries {
        let Some(hex) = battlefield
            .find(&m.hex)
            .filter(|&h| !battlefield.is_half(h))
        else {
            problem(
                &m.at,
                "marker.hex",
                format!("`{}` is no whole hex of the battlefield", m.hex),
            );
            continue;
        };
        let i = match markers.binary_search_by_key(&hex, |&(h, _)| h) {
            Ok(i) => i,
            Err(i) => {
                markers.insert(i, (hex, Markers::default()));
                i
            }
        };
        let building = battlefield
            .terrain
            .get(hex.index())
            .and_then(|&t| data.terrain.get(usize::from(t)))
            .is_some_and(|t| t.id == "building");
        let entry = &mut markers[i].1;
        let fine = match m.kind {
            MarkerKind::Entrenchment | MarkerKind::Pillbox
                if entry.entrenchments + entry.pillboxes >= 3 =>
            {
                false
            }
            MarkerKind::Entrenchment => {
                entry.entrenchments += 1;
                true
            }
            MarkerKind::Pillbox => {
                entry.pillboxes += 1;
                true
            }
            MarkerKind::Wire => !std::mem::replace(&mut entry.wire, true),
            MarkerKind::TankTraps => !std::mem::replace(&mut entry.traps, true),
            MarkerKind::Minefield => !std::mem::replace(&mut entry.mines, true),
            MarkerKind::Smoke if building => false,
            MarkerKind::Smoke => !std::mem::replace(&mut entry.smoke, true),
        };
        if !fine {
            problem(
                &m.at,
                "marker.kind",
                format!(
                    "{:?}: at most 3 fortifications and one of each obstacle a hex, no smoke in a building (TOI-FORT)",
                    m.kind
                ),
            );
        } else if super::limits::in_use(&markers, m.kind) > super::limits::box_holds(m.kind) {
            // TOI-LIMITS: no more markers than the box holds.
            problem(
                &m.at,
                "marker.kind",
                format!(
                    "{:?}: the box holds {} such markers (TOI-LIMITS)",
                    m.kind,
                    super::limits::box_holds(m.kind)
                ),
            );
        }
    }
    // TOI-DIV, TOI-COMP-DESC: 12 bases of each division's shade a nation.
    let mut bases = [[0u8; 2]; 2];
    for (u, found) in units.iter().zip(&found_units) {
        if found_units.len() != units.len() || found.vehicle {
            continue;
        }
        let count = &mut bases[u.nation.index()][usize::from(u.division.clamp(1, 2) - 1)];
        *count += 1;
        if *count == BASES_A_DIVISION + 1 {
            problem(
                &u.at,
                "unit.division",
                format!(
                    "more than {BASES_A_DIVISION} squads of one division: the box has {BASES_A_DIVISION} bases of each shade (TOI-DIV)"
                ),
            );
        }
    }
    // TOI-COMP: the box holds so many of each figure; the starting units use no more.
    if found_units.len() == units.len() {
        let mut used = vec![0u16; data.figures.len()];
        for (u, found) in units.iter().zip(&found_units) {
            if u.round.is_some() {
                continue;
            }
            for &f in &found.figures {
                let def = &data.figures[usize::from(f)];
                used[usize::from(f)] += 1;
                if let Some(count) = def.count
                    && used[usize::from(f)] == count + 1
                {
                    let field = if found.vehicle {
                        "unit.vehicle"
                    } else {
                        "unit.squad"
                    };
                    problem(
                        &u.at,
                        field,
                        format!("more `{}` than the box holds ({count}; TOI-COMP)", def.id),
                    );
                }
            }
        }
    }
    let deployment = deployment_areas(&deployment_entries, &battlefield, &mut problem);
    // TOI-SETUP-6: the scenario's own placement is a legal deployment.
    for (u, found) in units.iter().zip(&found_units) {
        let area = &deployment[u.nation.index()];
        let placed = u.round.is_none() && found_units.len() == units.len();
        if placed && !area.is_empty() && area.binary_search(&found.hex).is_err() {
            problem(
                &u.at,
                "unit.hex",
                format!(
                    "`{}` is outside the {} deployment areas (TOI-SETUP-6)",
                    u.hex,
                    u.nation.name()
                ),
            );
        }
    }
    // `aboard` names a [[unit]] by its place in the file; every unit loaded, places and indices
    // agree. The vehicle: of the same nation, in the same hex, with room (TOI-TRANS).
    if found_units.len() == units.len() {
        for (i, u) in units.iter().enumerate() {
            let Some(place) = u.aboard else {
                continue;
            };
            let carrier = place
                .checked_sub(1)
                .and_then(|v| found_units.get(v).map(|c| (v, c)));
            let fits = carrier.is_some_and(|(_, c)| {
                let capacity = c
                    .figures
                    .first()
                    .and_then(|&f| data.figures.get(usize::from(f)))
                    .and_then(|f| f.transport)
                    .unwrap_or(0);
                let carried = units.iter().filter(|o| o.aboard == Some(place)).count();
                c.vehicle
                    && c.nation == found_units[i].nation
                    && c.hex == found_units[i].hex
                    && carried <= usize::from(capacity)
            });
            match carrier {
                Some((v, _)) if fits && !found_units[i].vehicle => found_units[i].aboard = Some(v),
                _ => problem(
                    &u.at,
                    "unit.aboard",
                    format!(
                        "[[unit]] {place} is no vehicle of this nation in this hex with room for the squad (TOI-TRANS)"
                    ),
                ),
            }
        }
        // TOI-LIMITS: a nation has 8 transport markers: no more of its vehicles start loaded.
        for nation in Nation::ALL {
            let mut loaded: Vec<usize> = units
                .iter()
                .filter(|u| u.nation == nation && u.round.is_none())
                .filter_map(|u| u.aboard)
                .collect();
            loaded.sort_unstable();
            loaded.dedup();
            if loaded.len() > super::limits::TRANSPORT_MARKERS
                && let Some(u) = units
                    .iter()
                    .find(|u| u.nation == nation && u.aboard.is_some())
            {
                problem(
                    &u.at,
                    "unit.aboard",
                    format!(
                        "a nation has {} transport markers: no more of its vehicles may carry squads (TOI-LIMITS)",
                        super::limits::TRANSPORT_MARKERS
                    ),
                );
            }
        }
    }
    // TOI-CARD-STRAT, TOI-CARD-OPS: the decks and operations cards named are in cards.toml.
    let mut cards = [SideCards::default(), SideCards::default()];
    for (nation, side) in [(Nation::Us, &cards_setup.us), (Nation::De, &cards_setup.de)] {
        let field = |what: &str| format!("cards.{}.{what}", nation.name().to_lowercase());
        let found = &mut cards[nation.index()];
        for id in &side.decks {
            match data.cards.decks.iter().position(|d| &d.id == id) {
                Some(i) => found.decks.push(i),
                None => report.problems.push(overlord_datafile::Problem::whole_file(
                    written.clone(),
                    field("decks"),
                    format!("`{id}` is no `[[deck]]` of cards.toml"),
                )),
            }
        }
        for id in &side.operations {
            match data.cards.operations.iter().position(|o| &o.id == id) {
                Some(i) => found.operations.push(i),
                None => report.problems.push(overlord_datafile::Problem::whole_file(
                    written.clone(),
                    field("operations"),
                    format!("`{id}` is no `[[operation]]` of cards.toml"),
                )),
            }
        }
        found.start = side.start;
    }
    if !(2..=4).contains(&players) {
        report.problems.push(overlord_datafile::Problem::whole_file(
            written.clone(),
            "players",
            "a scenario is written for 2, 3 or 4 players (TOI-TEAM)".to_owned(),
        ));
    }
    if cards_setup.north > 5 {
        report.problems.push(overlord_datafile::Problem::whole_file(
            written.clone(),
            "cards.north",
            "North is one of the 6 hex edges, 0 (the top) to 5 clockwise".to_owned(),
        ));
    }
    Some(ScenarioDef {
        id: entry.id.clone(),
        name: text.name,
        rounds: text.rounds,
        actions: text.actions,
        initiative: text.initiative,
        victory: text.victory,
        battlefield,
        objectives: found_objectives,
        units: found_units,
        markers,
        cards,
        north: cards_setup.north,
        deployment,
        players,
        encoding: std::sync::OnceLock::new(),
    })
}

/// `TOI-SETUP-6`: each nation's deployment hexes, sorted; a hex that is not a whole hex of the
/// battlefield, a box that holds none, or a hex given to both nations is reported.
fn deployment_areas(
    entries: &[DeploymentSetup],
    battlefield: &Battlefield,
    problem: &mut impl FnMut(&At, &str, String),
) -> [Vec<HexId>; 2] {
    let mut areas: [Vec<HexId>; 2] = Default::default();
    for d in entries {
        let mut found = Vec::new();
        for text in &d.hexes {
            match battlefield.find(text).filter(|&h| !battlefield.is_half(h)) {
                Some(hex) => found.push(hex),
                None => problem(
                    &d.at,
                    "deployment.hexes",
                    format!("`{text}` is no whole hex of the battlefield"),
                ),
            }
        }
        match (&d.board, d.columns, d.rows) {
            (None, None, None) => {}
            (Some(board), Some([c0, c1]), Some([r0, r1])) => {
                let boxed: Vec<HexId> = (c0..=c1)
                    .flat_map(|c| (r0..=r1).map(move |r| format!("{board}:{c:02}{r:02}")))
                    .filter_map(|text| battlefield.find(&text))
                    .filter(|&h| !battlefield.is_half(h))
                    .collect();
                if boxed.is_empty() {
                    problem(
                        &d.at,
                        "deployment.board",
                        format!(
                            "columns {c0}-{c1}, rows {r0}-{r1} of board `{board}` hold no whole hex of the battlefield"
                        ),
                    );
                }
                found.extend(boxed);
            }
            _ => problem(
                &d.at,
                "deployment",
                "a box names its `board`, `columns = [first, last]` and `rows = [first, last]`"
                    .to_owned(),
            ),
        }
        let other = &areas[d.nation.enemy().index()];
        if let Some(&shared) = found.iter().find(|h| other.contains(h)) {
            problem(
                &d.at,
                "deployment",
                format!(
                    "`{}` is in both nations' deployment areas",
                    battlefield.label(shared)
                ),
            );
        }
        areas[d.nation.index()].extend(found);
    }
    for area in &mut areas {
        area.sort_unstable();
        area.dedup();
    }
    areas
}
