//! The fixed action space and observation tensor of Ambush!, for learning agents (the engine's
//! `encoding`; the Python package's environments). docs/ambush/encoding.md documents both,
//! with the sizes of every shipped scenario.
//!
//! Every mission has a map of its own, so the tables are made per scenario: a mission's from
//! its own map, squad, German cards and paragraph book; the campaign's from the most of each
//! over its missions (the largest grid, the largest squad it may field, the most German cards),
//! so that they stay the same from one mission of it to the next. They are made the first time
//! an agent asks and kept in the data ([`crate::data::AmbushData::encoding`]).
//!
//! Actions: one block per kind of action, in [`AmbAction`]'s order. A step is numbered by its
//! direction from the hex its soldier (or his car) stands in, a German target by his place
//! among the German cards, an item by its place in its holder's list, an entry hex by its place
//! in the mission's list: every legal action of a position gets an id of its own, and the space
//! stays small (under 20,000 ids on the shipped data). Hexes elsewhere (a wall shot at, a
//! grenade's hex) are cells of the grid.
//!
//! Observation: planes over the grid's cells (the ground, the hex markers, the squad, the
//! Germans as placed, the vehicles, then one plane per soldier and vehicle marking where he
//! is), then global values (the phase and round, the Condition and VP, the sightings, each US
//! soldier's and each known German's card and status, each vehicle, the campaign's debrief).
//! It reads only what the player may know (AMBX-HID): Germans once a paragraph has placed
//! them, never the mission sheet, the paragraphs, the flags or the dice to come.

use crate::action::AmbAction;
use crate::data::AmbushData;
use crate::data::map::{Dir, Feature, Terrain};
use crate::data::mission::{Effect, Marker, MissionDef, Stance};
use crate::data::weapons::Side;
use crate::data::{EncodingBounds, ScenarioEncoding};
use crate::map::Hex;
use crate::state::{Ambush, Debrief, Doing, Phase, Place, SoldierId, TRAIL, VehicleStatus};
use crate::tables::damage::Health;
use crate::tables::track::Row;
use overlord_engine::encoding::{ActionSpace, ObservationShape};
use std::sync::OnceLock;

/// Six directions around a hex, N clockwise to NW (AMBX-MAP-2).
const DIRECTIONS: u32 = 6;
/// The three stances, in [`Stance`]'s order.
const STANCES: u32 = 3;
/// AMB-CAMP-5: the improvements a soldier may buy.
const IMPROVEMENTS: u32 = 4;
/// The items of each US soldier the observation describes (AMBX-SOL-4: four Port Boxes).
const ITEMS_SHOWN: u32 = 6;

/// The blocks, in the order `space` adds them: `BlockId(n)` is the `n`th.
mod block {
    use overlord_engine::encoding::BlockId;
    pub const ENTER: BlockId = BlockId(0);
    pub const MOVE: BlockId = BlockId(1);
    pub const STANCE: BlockId = BlockId(2);
    pub const PREPARE: BlockId = BlockId(3);
    pub const CLEAR_JAM: BlockId = BlockId(4);
    pub const TAKE: BlockId = BlockId(5);
    pub const CARRY: BlockId = BlockId(6);
    pub const RELEASE: BlockId = BlockId(7);
    pub const END_MISSION: BlockId = BlockId(8);
    pub const LINE: BlockId = BlockId(9);
    pub const ACTIVATE: BlockId = BlockId(10);
    pub const FIRE: BlockId = BlockId(11);
    pub const ASSAULT: BlockId = BlockId(12);
    pub const FIRE_AT_VEHICLE: BlockId = BlockId(13);
    pub const FIRE_AT_WALL: BlockId = BlockId(14);
    pub const THROW_AT_VEHICLE: BlockId = BlockId(15);
    pub const THROW: BlockId = BlockId(16);
    pub const DOUBLE_FIRE: BlockId = BlockId(17);
    pub const MOVE_CREW_WEAPON: BlockId = BlockId(18);
    pub const STEP: BlockId = BlockId(19);
    pub const SNAP_STEP: BlockId = BlockId(20);
    pub const CHARGE_STEP: BlockId = BlockId(21);
    pub const MOUNT: BlockId = BlockId(22);
    pub const DISMOUNT: BlockId = BlockId(23);
    pub const DRIVE: BlockId = BlockId(24);
    pub const CHANGE_SEAT: BlockId = BlockId(25);
    pub const GIVE_ACTION: BlockId = BlockId(26);
    pub const AWAKEN: BlockId = BlockId(27);
    pub const END_TURN: BlockId = BlockId(28);
    pub const ASSIGN_XP: BlockId = BlockId(29);
    pub const IMPROVE: BlockId = BlockId(30);
    pub const RECRUIT: BlockId = BlockId(31);
    pub const END_STEP: BlockId = BlockId(32);
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The squad a mission is played with on its own (as [`Ambush::start`] picks it).
fn mission_squad<'a>(
    data: &'a AmbushData,
    mission: &MissionDef,
) -> Option<&'a crate::data::squad::SquadDef> {
    let id = mission
        .header
        .squad
        .as_deref()
        .unwrap_or(&data.campaign.squad);
    data.squad(id)
}

/// Items the mission brings into play besides the squad's: the German cards' weapons, those
/// its paragraphs give, a tank crew's mounted weapons.
fn mission_items(data: &AmbushData, mission: &MissionDef) -> u32 {
    let cards: usize = mission
        .germans
        .iter()
        .map(|g| g.get_ref().weapons.len())
        .sum();
    let given = mission
        .paragraphs
        .iter()
        .flat_map(|p| {
            let p = p.get_ref();
            let top = p.effects.iter().flatten();
            let lines = p.lines.iter().flatten().flat_map(|l| l.effects.iter());
            top.chain(lines)
        })
        .filter(|e| matches!(e.get_ref(), Effect::GiveItem { .. }))
        .count();
    let mounted: usize = mission
        .vehicles
        .iter()
        .filter_map(|v| data.vehicles.get(&v.get_ref().kind))
        .map(|k| {
            [&k.turret_gun, &k.turret_mg, &k.bow_mg]
                .into_iter()
                .flatten()
                .count()
        })
        .sum();
    count(cards + given + mounted)
}

/// The most lines any sheet entry or paragraph of the mission offers (AMB-OPS-6).
fn mission_lines(mission: &MissionDef) -> u32 {
    let sheet = mission
        .table
        .check
        .iter()
        .flatten()
        .flatten()
        .chain(&mission.table.events)
        .map(|e| e.refs().len());
    let paragraphs = mission
        .paragraphs
        .iter()
        .map(|p| p.get_ref().lines.as_ref().map_or(0, Vec::len));
    count(sheet.chain(paragraphs).max().unwrap_or(0))
}

/// The bounds of scenario `mission` (a mission's index), or of the campaign (`None`).
fn bounds(data: &AmbushData, mission: Option<usize>) -> EncodingBounds {
    let missions: Vec<&MissionDef> = match mission {
        Some(m) => data.missions.get(m).into_iter().collect(),
        None => data
            .campaign
            .missions
            .iter()
            .filter_map(|id| data.mission(id.get_ref()))
            .collect(),
    };
    let most = |f: &dyn Fn(&MissionDef) -> u32| missions.iter().map(|m| f(m)).max().unwrap_or(0);
    let generation = &data.tables.generation;
    let squad_items = |squad: Option<&crate::data::squad::SquadDef>| {
        squad.map_or(0, |q| count(q.soldiers.iter().map(|s| s.items.len()).sum()))
    };
    let (us, us_items) = match mission {
        Some(_) => {
            let squad = missions.first().and_then(|m| mission_squad(data, m));
            (
                squad.map_or(0, |q| count(q.soldiers.len())),
                squad_items(squad),
            )
        }
        None => {
            // AMB-CAMP, AMBX-CAMP-5: the campaign's squad, or one bought, with replacements
            // up to the largest squad; a replacement comes with one item.
            let squad = data.squad(&data.campaign.squad);
            let max = u32::from(generation.max_squad);
            (
                squad.map_or(0, |q| count(q.soldiers.len())).max(max),
                squad_items(squad) + max,
            )
        }
    };
    EncodingBounds {
        columns: missions
            .iter()
            .map(|m| m.header.map_cols)
            .max()
            .unwrap_or(0),
        rows: missions
            .iter()
            .map(|m| m.header.map_rows)
            .max()
            .unwrap_or(0),
        us,
        germans: most(&|m| count(m.germans.len())),
        vehicles: most(&|m| count(m.vehicles.len())),
        seats: data
            .vehicles
            .values()
            .map(|k| u32::from(k.seats) + 1)
            .max()
            .unwrap_or(1),
        items: (us_items + most(&|m| mission_items(data, m))).max(1),
        entries: most(&|m| count(m.header.us_entry.len())),
        lines: most(&mission_lines).max(1),
        sightings: most(&|m| {
            m.paragraphs
                .iter()
                .filter_map(|p| p.get_ref().sighting)
                .map(|n| u32::from(n.min(63)) + 1)
                .max()
                .unwrap_or(0)
        }),
        missions: count(missions.len()),
        campaign: mission.is_none(),
    }
}

/// The action space of a scenario with bounds `b`.
fn space(data: &AmbushData, b: &EncodingBounds) -> ActionSpace {
    let cells = u32::from(b.columns) * u32::from(b.rows);
    // A soldier who acts or is acted for: any soldier (a German tied on the AR Track with the
    // US soldiers in the acting space is offered to activate with them, AMB-RND-6); one who
    // enters, walks in Operations or rides: the squad's.
    let soldier = ("soldier", b.us + b.germans);
    let us_soldier = ("soldier", b.us);
    let item = ("item", b.items);
    let vehicle = ("vehicle", b.vehicles);
    let direction = ("direction", DIRECTIONS);
    let hex = ("hex", cells);
    let yes = |name| (name, 2);
    let campaign = &data.tables.campaign;
    let generation = &data.tables.generation;
    let mut space = ActionSpace::new();
    // The order of `block`'s constants.
    space.block("enter", &[us_soldier, ("entry", b.entries)]);
    space.block("move", &[us_soldier, direction, yes("group")]);
    space.block("stance", &[soldier, ("stance", STANCES)]);
    space.block("prepare", &[soldier, item]);
    space.block("clear_jam", &[soldier, item]);
    space.block(
        "take",
        &[soldier, ("from", b.us + b.germans), ("item", b.items)],
    );
    space.block("carry", &[soldier, ("other", b.us + b.germans)]);
    space.block("release", &[soldier]);
    space.block("end_mission", &[]);
    space.block("line", &[("index", b.lines)]);
    space.block("activate", &[soldier]);
    space.block("fire", &[item, ("target", b.germans), yes("aimed")]);
    space.block("assault", &[("target", b.germans), yes("capture")]);
    space.block("fire_at_vehicle", &[item, vehicle, yes("aimed")]);
    space.block("fire_at_wall", &[item, hex, yes("aimed")]);
    space.block("throw_at_vehicle", &[vehicle, yes("satchel"), yes("into")]);
    space.block("throw", &[hex, yes("satchel")]);
    space.block(
        "double_fire",
        &[item, ("partner", b.us), ("target", b.germans)],
    );
    space.block("move_crew_weapon", &[item, ("partner", b.us), direction]);
    space.block("step", &[direction]);
    space.block("snap_step", &[direction]);
    space.block("charge_step", &[direction]);
    space.block("mount", &[us_soldier, vehicle, ("seat", b.seats)]);
    space.block("dismount", &[us_soldier]);
    space.block("drive", &[us_soldier, direction, yes("fast")]);
    space.block("change_seat", &[("other", b.us)]);
    space.block("give_action", &[("to", b.us)]);
    space.block("awaken", &[("target", b.us)]);
    space.block("end_turn", &[]);
    // AMBX-CAMP-2: a share is at most the most each survivor may get (or 1, when the pool is
    // short).
    space.block(
        "assign_xp",
        &[("amount", u32::from(campaign.xp_max_each.max(1)) + 1)],
    );
    space.block("improve", &[("choice", IMPROVEMENTS)]);
    space.block(
        "recruit",
        &[
            ("initiative", u32::from(generation.in_max_at_purchase) + 1),
            yes("commander"),
        ],
    );
    space.block("end_step", &[]);
    space
}

/// The planes over the grid's cells, in order, before one plane per US soldier (`us<i>`),
/// per German card (`german<j>`) and per vehicle (`vehicle<k>`) marking where he is.
const PLANES: [&str; 51] = [
    "on_map",
    "terrain_clear",
    "terrain_road",
    "terrain_field",
    "terrain_brush",
    "terrain_forest",
    "terrain_rough",
    "terrain_rubble",
    "terrain_crater",
    "terrain_building",
    "terrain_stream",
    "terrain_bridge",
    "elevation/3",
    "building_stone",
    "walls/6",
    "openings/6",
    "embankments/6",
    "crests/6",
    "us_entry",
    "objective",
    "marker_event",
    "marker_trap_resolved",
    "marker_minefield",
    "marker_landmark",
    "marker_breach",
    "marker_rubble",
    "trail",
    "us_active/4",
    "us_standing/4",
    "us_crouching/4",
    "us_prone/4",
    "us_wounded/4",
    "us_inactive/4",
    "us_captured/4",
    "us_turns_left/8",
    "us_acting",
    "germans/4",
    "german_standing/4",
    "german_crouching/4",
    "german_prone/4",
    "german_wounded/4",
    "german_inactive/4",
    "german_surrendered_or_captured/4",
    "german_turns_left/8",
    "german_automatic_weapons/2",
    "vehicles_us/2",
    "vehicles_german/2",
    "vehicles_wrecked/2",
    "vehicles_armored/2",
    "vehicles_open/2",
    "vehicles_crew/5",
];

/// Where some planes start in [`PLANES`].
mod plane {
    pub const ON_MAP: usize = 0;
    pub const TERRAIN: usize = 1;
    pub const ELEVATION: usize = 12;
    pub const STONE: usize = 13;
    pub const WALLS: usize = 14;
    pub const OPENINGS: usize = 15;
    pub const EMBANKMENTS: usize = 16;
    pub const CRESTS: usize = 17;
    pub const ENTRY: usize = 18;
    pub const OBJECTIVE: usize = 19;
    pub const MARKERS: usize = 20;
    pub const TRAIL: usize = 26;
    pub const US: usize = 27;
    pub const GERMANS: usize = 36;
    pub const VEHICLES: usize = 45;
    pub const SLOTS: usize = 51;
}

fn plane_names(b: &EncodingBounds) -> Vec<String> {
    PLANES
        .iter()
        .map(|p| (*p).to_owned())
        .chain((0..b.us).map(|i| format!("us{i}")))
        .chain((0..b.germans).map(|j| format!("german{j}")))
        .chain((0..b.vehicles).map(|k| format!("vehicle{k}")))
        .collect()
}

/// Where the global values go: their names (making the shape) or their values (observing),
/// so that one function writes both in the same order.
enum Globals<'a> {
    Names(&'a mut Vec<String>),
    Values { out: &'a mut [f32], at: usize },
}

impl Globals<'_> {
    fn put(&mut self, name: impl FnOnce() -> String, value: f32) {
        match self {
            Globals::Names(names) => names.push(name()),
            Globals::Values { out, at } => {
                if let Some(slot) = out.get_mut(*at) {
                    *slot = value.max(0.0);
                }
                *at += 1;
            }
        }
    }

    /// A name's common prefix, made only when the names are wanted (observing writes values
    /// only, and allocates nothing for them).
    fn name(&self, prefix: impl FnOnce() -> String) -> String {
        match self {
            Globals::Names(_) => prefix(),
            Globals::Values { .. } => String::new(),
        }
    }

    fn flag(&mut self, name: impl FnOnce() -> String, on: bool) {
        self.put(name, f32::from(u8::from(on)));
    }
}

fn tables(game: &Ambush) -> &ScenarioEncoding {
    let data = &game.data;
    let slots = data
        .encoding
        .0
        .get_or_init(|| (0..=data.missions.len()).map(|_| OnceLock::new()).collect());
    let (slot, mission) = if game.campaign.is_some() {
        (data.missions.len(), None)
    } else {
        let m = usize::from(game.mission);
        (m, Some(m))
    };
    let make = || {
        let bounds = bounds(data, mission);
        let mut globals = Vec::new();
        write_globals(game, &bounds, &mut Globals::Names(&mut globals));
        let rows = usize::from(bounds.rows);
        ScenarioEncoding {
            space: space(data, &bounds),
            shape: ObservationShape {
                planes: plane_names(&bounds),
                cells: u32::from(bounds.columns) * u32::from(bounds.rows),
                cell_names: (0..usize::from(bounds.columns) * rows)
                    .map(|c| format!("{:02}{:02}", c / rows.max(1) + 1, c % rows.max(1) + 1))
                    .collect(),
                globals,
            },
            bounds,
        }
    };
    match slots.get(slot) {
        Some(cell) => cell.get_or_init(make),
        // Only data changed in place after its first encoding (never the data behind a
        // game's `Arc`, and a clone starts afresh) has missions the slots miss: made afresh
        // and kept for the life of the program.
        None => Box::leak(Box::new(make())),
    }
}

pub(crate) fn action_space(game: &Ambush) -> &ActionSpace {
    &tables(game).space
}

pub(crate) fn observation_shape(game: &Ambush) -> &ObservationShape {
    &tables(game).shape
}

/// The cell of `hex` in the grid of `b`: printed column then row, as `cell_names` lists them.
fn cell_of(game: &Ambush, b: &EncodingBounds, hex: Hex) -> Option<u32> {
    let map = game.map()?;
    let cell = map.cells.get(usize::from(hex.0))?;
    let (column, row) = (u32::from(cell.column), u32::from(cell.row));
    (column >= 1 && row >= 1 && column <= u32::from(b.columns) && row <= u32::from(b.rows))
        .then(|| (column - 1) * u32::from(b.rows) + (row - 1))
}

/// The direction from `from` to the adjacent `to`.
fn direction(game: &Ambush, from: Hex, to: Hex) -> Option<u32> {
    let map = game.map()?;
    Dir::ALL
        .into_iter()
        .find(|&d| map.neighbour(from, d) == Some(to))
        .map(|d| count(d.index()))
}

/// The direction from where `soldier` stands (aboard his car, where it stands) to `to`.
fn step_of(game: &Ambush, soldier: SoldierId, to: Hex) -> Option<u32> {
    let from = game.soldiers.get(soldier.index())?.hex(&game.vehicles)?;
    direction(game, from, to)
}

/// The acting soldier's step into `to`.
fn acting_step(game: &Ambush, to: Hex) -> Option<u32> {
    step_of(game, game.turn?.soldier, to)
}

/// The US soldiers, who come first among the soldiers.
fn us_count(game: &Ambush) -> u32 {
    count(game.soldiers.iter().filter(|s| s.side == Side::Us).count())
}

fn stance(stance: Stance) -> u32 {
    match stance {
        Stance::Standing => 0,
        Stance::Crouching => 1,
        Stance::Prone => 2,
    }
}

/// The id of `action` in this state ([`overlord_engine::Game::action_id`]).
pub(crate) fn action_id(game: &Ambush, action: &AmbAction) -> Option<u32> {
    use AmbAction as A;
    let tables = tables(game);
    let (space, b) = (&tables.space, &tables.bounds);
    let s = |id: SoldierId| u32::from(id.0);
    // A German by his place among the German cards.
    let g = |id: SoldierId| u32::from(id.0).checked_sub(us_count(game));
    let i = |item: u8| u32::from(item);
    let yes = |on: bool| u32::from(on);
    let v = |vehicle: crate::state::VehicleId| u32::from(vehicle.0);
    match *action {
        A::Enter { soldier, hex } => {
            let map = game.map()?;
            let label = map.label(hex);
            let entry = game
                .mission()
                .header
                .us_entry
                .iter()
                .position(|l| *l == label)?;
            space.id(block::ENTER, &[s(soldier), count(entry)])
        }
        A::Move { soldier, to, group } => space.id(
            block::MOVE,
            &[s(soldier), step_of(game, soldier, to)?, yes(group)],
        ),
        A::Stance {
            soldier,
            stance: st,
        } => space.id(block::STANCE, &[s(soldier), stance(st)]),
        A::Prepare { soldier, item } => space.id(block::PREPARE, &[s(soldier), i(item)]),
        A::ClearJam { soldier, item } => space.id(block::CLEAR_JAM, &[s(soldier), i(item)]),
        A::Take {
            soldier,
            from,
            item,
        } => space.id(block::TAKE, &[s(soldier), s(from), i(item)]),
        A::Carry { soldier, other } => space.id(block::CARRY, &[s(soldier), s(other)]),
        A::Release { soldier } => space.id(block::RELEASE, &[s(soldier)]),
        A::EndMission => space.id(block::END_MISSION, &[]),
        A::Line { index } => space.id(block::LINE, &[u32::from(index)]),
        A::Activate { soldier } => space.id(block::ACTIVATE, &[s(soldier)]),
        A::Fire {
            item,
            target,
            aimed,
        } => space.id(block::FIRE, &[i(item), g(target)?, yes(aimed)]),
        A::Assault { target, capture } => space.id(block::ASSAULT, &[g(target)?, yes(capture)]),
        A::FireAtVehicle {
            item,
            vehicle,
            aimed,
        } => space.id(block::FIRE_AT_VEHICLE, &[i(item), v(vehicle), yes(aimed)]),
        A::FireAtWall { item, hex, aimed } => space.id(
            block::FIRE_AT_WALL,
            &[i(item), cell_of(game, b, hex)?, yes(aimed)],
        ),
        A::ThrowAtVehicle {
            vehicle,
            satchel,
            into,
        } => space.id(
            block::THROW_AT_VEHICLE,
            &[v(vehicle), yes(satchel), yes(into)],
        ),
        A::Throw { hex, satchel } => {
            space.id(block::THROW, &[cell_of(game, b, hex)?, yes(satchel)])
        }
        A::DoubleFire {
            item,
            partner,
            target,
        } => space.id(block::DOUBLE_FIRE, &[i(item), s(partner), g(target)?]),
        A::MoveCrewWeapon { item, partner, to } => space.id(
            block::MOVE_CREW_WEAPON,
            &[i(item), s(partner), acting_step(game, to)?],
        ),
        A::Step { to } => space.id(block::STEP, &[acting_step(game, to)?]),
        A::SnapStep { to } => space.id(block::SNAP_STEP, &[acting_step(game, to)?]),
        A::ChargeStep { to } => space.id(block::CHARGE_STEP, &[acting_step(game, to)?]),
        A::Mount {
            soldier,
            vehicle,
            seat,
        } => space.id(block::MOUNT, &[s(soldier), v(vehicle), u32::from(seat)]),
        A::Dismount { soldier } => space.id(block::DISMOUNT, &[s(soldier)]),
        A::Drive { soldier, to, fast } => space.id(
            block::DRIVE,
            &[s(soldier), step_of(game, soldier, to)?, yes(fast)],
        ),
        A::ChangeSeat { other } => space.id(block::CHANGE_SEAT, &[s(other)]),
        A::GiveAction { to } => space.id(block::GIVE_ACTION, &[s(to)]),
        A::Awaken { target } => space.id(block::AWAKEN, &[s(target)]),
        A::EndTurn => space.id(block::END_TURN, &[]),
        A::AssignXp { amount } => space.id(block::ASSIGN_XP, &[u32::from(amount)]),
        A::Improve { choice } => space.id(block::IMPROVE, &[u32::from(choice)]),
        A::Recruit {
            initiative,
            commander,
        } => space.id(block::RECRUIT, &[u32::from(initiative), yes(commander)]),
        A::EndStep => space.id(block::END_STEP, &[]),
    }
}

/// The turns a marker on `row` still gives (AMBX-AR).
fn turns_left(row: Row) -> f32 {
    match row {
        Row::TwoTurns => 2.0,
        Row::OneTurn => 1.0,
        _ => 0.0,
    }
}

const ROWS: [(Row, &str); 6] = [
    (Row::TwoTurns, "two_turns"),
    (Row::OneTurn, "one_turn"),
    (Row::Complete, "complete"),
    (Row::Unaware, "unaware"),
    (Row::Panic, "panic"),
    (Row::Inactive, "inactive"),
];

const HEALTH: [(Health, &str); 3] = [
    (Health::Wounded, "wounded"),
    (Health::Incapacitated, "incapacitated"),
    (Health::Killed, "killed"),
];

const STANCE_NAMES: [(Stance, &str); 3] = [
    (Stance::Standing, "standing"),
    (Stance::Crouching, "crouching"),
    (Stance::Prone, "prone"),
];

/// The round showing (AMBX-HID-2), once its opening is done.
fn round(game: &Ambush) -> Option<crate::state::RoundState> {
    match game.phase {
        Phase::Rounds(r) if r.opened => Some(r),
        _ => None,
    }
}

/// The soldier acting now, as the round shows him.
fn acting(game: &Ambush) -> Option<SoldierId> {
    round(game).and(game.turn).map(|t| t.soldier)
}

/// Every global value, named and in order (see [`Globals`]).
fn write_globals(game: &Ambush, b: &EncodingBounds, g: &mut Globals<'_>) {
    let phase = game.phase;
    g.flag(|| "phase_entry".into(), phase == Phase::Entry);
    g.flag(|| "phase_operations".into(), phase == Phase::Operations);
    g.flag(|| "phase_rounds".into(), matches!(phase, Phase::Rounds(_)));
    g.flag(|| "phase_debrief".into(), phase == Phase::Debrief);
    g.flag(
        || "phase_ended".into(),
        matches!(phase, Phase::Ended { .. }),
    );
    g.flag(|| "success".into(), phase == Phase::Ended { success: true });
    let r = round(game);
    g.flag(|| "round_opened".into(), r.is_some());
    g.put(
        || "round/10".into(),
        r.map_or(0.0, |r| f32::from(r.number) / 10.0),
    );
    g.put(
        || "action_number/10".into(),
        r.map_or(0.0, |r| f32::from(r.action_number) / 10.0),
    );
    g.put(
        || "us_die/10".into(),
        r.map_or(0.0, |r| f32::from(r.us_die) / 10.0),
    );
    g.put(
        || "german_die/10".into(),
        r.map_or(0.0, |r| f32::from(r.german_die) / 10.0),
    );
    g.flag(
        || "us_initiative".into(),
        r.is_some_and(|r| r.us_initiative),
    );
    g.put(|| "condition/4".into(), f32::from(game.condition) / 4.0);
    g.put(|| "vp/20".into(), f32::from(game.vp.max(0)) / 20.0);
    g.put(
        || "vp_negative/20".into(),
        f32::from(game.vp.min(0).unsigned_abs()) / 20.0,
    );
    // AMB-OPS-6: a choice of lines asked (the prompt and the legal lines show it).
    let lines = match &game.ask {
        Some(crate::state::Ask::SheetLine { options, .. }) => options.len(),
        Some(crate::state::Ask::ParagraphLine { options, .. }) => options.len(),
        None => 0,
    };
    g.flag(|| "choosing_line".into(), game.ask.is_some());
    let most_lines = b.lines;
    g.put(
        || format!("lines_offered/{most_lines}"),
        lines as f32 / most_lines.max(1) as f32,
    );
    // The acting soldier's turn so far (his own choices: the legal actions follow from it).
    let doing = r.and(game.turn).map(|t| t.doing);
    g.flag(|| "turn_fresh".into(), doing == Some(Doing::Fresh));
    g.flag(|| "turn_moving".into(), doing == Some(Doing::Moving));
    g.flag(
        || "turn_move_snap".into(),
        matches!(doing, Some(Doing::MoveSnap { .. })),
    );
    g.flag(|| "turn_charging".into(), doing == Some(Doing::Charging));
    g.flag(
        || "turn_second_snap".into(),
        matches!(doing, Some(Doing::SecondSnap { .. })),
    );
    g.flag(
        || "turn_driving".into(),
        matches!(doing, Some(Doing::Driving { .. })),
    );
    g.flag(
        || "turn_driving_fast".into(),
        matches!(doing, Some(Doing::Driving { fast: true, .. })),
    );
    g.flag(
        || "turn_snap_fired".into(),
        matches!(
            doing,
            Some(Doing::MoveSnap { fired: true } | Doing::Driving { fired: true, .. })
        ),
    );
    // AMB-OPS-3: the sightings that occurred.
    for n in 0..b.sightings {
        g.flag(
            || format!("sighting_{n}"),
            u8::try_from(n).is_ok_and(|n| game.sighted(n)),
        );
    }
    if b.campaign {
        campaign_globals(game, b, g);
    }
    for i in 0..b.us {
        us_globals(game, i, g);
    }
    let us = us_count(game);
    for j in 0..b.germans {
        german_globals(game, us + j, j, g);
    }
    for k in 0..b.vehicles {
        vehicle_globals(game, k, g);
    }
}

/// AMB-CAMP: where the campaign stands, and the roster's banked XP (the debrief shows them).
fn campaign_globals(game: &Ambush, b: &EncodingBounds, g: &mut Globals<'_>) {
    let c = game.campaign.as_deref();
    let generation = &game.data.tables.generation;
    let missions = b.missions.max(1);
    g.put(
        || format!("missions_played/{missions}"),
        c.map_or(0.0, |c| c.results.len() as f32 / missions as f32),
    );
    g.put(
        || format!("missions_succeeded/{missions}"),
        c.map_or(0.0, |c| {
            c.results.iter().filter(|r| r.0).count() as f32 / missions as f32
        }),
    );
    let debriefing = game.phase == Phase::Debrief;
    let step = c.filter(|_| debriefing).map(|c| c.debrief);
    g.flag(|| "forming".into(), c.is_some_and(|c| c.forming));
    g.flag(
        || "debrief_xp".into(),
        matches!(step, Some(Debrief::Xp { .. })),
    );
    g.flag(
        || "debrief_improve".into(),
        matches!(step, Some(Debrief::Improve { .. })),
    );
    g.flag(
        || "debrief_recruit".into(),
        matches!(step, Some(Debrief::Recruit)),
    );
    let max = u32::from(generation.max_squad).max(1);
    // The card whose turn it is: a survivor's roster card, or the card improving.
    let next = match (c, step) {
        (Some(c), Some(Debrief::Xp { next, .. })) => {
            c.survivors.get(usize::from(next)).map(|&k| f32::from(k))
        }
        (Some(_), Some(Debrief::Improve { next })) => Some(f32::from(next)),
        _ => None,
    };
    g.put(
        || format!("debrief_card/{max}"),
        next.map_or(0.0, |n| (n + 1.0) / max as f32),
    );
    let xp_left = match step {
        Some(Debrief::Xp { left, .. }) => f32::from(left),
        _ => 0.0,
    };
    g.put(|| "xp_left/50".into(), xp_left / 50.0);
    let points = u16::from(generation.squad_points).max(1);
    g.put(
        || format!("budget/{points}"),
        c.map_or(0.0, |c| f32::from(c.budget) / f32::from(points)),
    );
    for i in 0..b.us {
        let card = c.and_then(|c| c.roster.get(i as usize));
        g.flag(|| format!("roster{i}"), card.is_some());
        g.flag(
            || format!("roster{i}_commander"),
            card.is_some_and(|k| k.commander),
        );
        g.put(
            || format!("roster{i}_xp/12"),
            c.and_then(|c| c.xp.get(i as usize))
                .map_or(0.0, |&xp| f32::from(xp) / 12.0),
        );
    }
}

/// Ratings as values: IN/5, PC/10, (WS+2)/4, DS/8, MPA/6.
fn rating(value: i16, shift: i16, scale: f32) -> f32 {
    f32::from((value + shift).max(0)) / scale
}

/// A soldier's place, stance, health and AR marker (the view's `hex`, `stance`, `health`,
/// `row`, `advantage`, `panicked`, `captured`, `commander`), under `prefix`.
fn status_globals(game: &Ambush, id: Option<SoldierId>, prefix: &str, g: &mut Globals<'_>) {
    let s = id.and_then(|id| game.soldiers.get(id.index()));
    g.flag(|| prefix.to_owned(), s.is_some());
    let place = s.map(|s| s.place);
    g.flag(
        || format!("{prefix}_on_map"),
        matches!(place, Some(Place::Hex(_))),
    );
    g.flag(
        || format!("{prefix}_aboard"),
        matches!(place, Some(Place::Aboard { .. })),
    );
    g.flag(
        || format!("{prefix}_exited"),
        matches!(place, Some(Place::Exited)),
    );
    for (st, name) in STANCE_NAMES {
        g.flag(
            || format!("{prefix}_{name}"),
            s.is_some_and(|s| s.stance == st),
        );
    }
    for (h, name) in HEALTH {
        g.flag(
            || format!("{prefix}_{name}"),
            s.is_some_and(|s| s.health == h),
        );
    }
    g.flag(
        || format!("{prefix}_captured"),
        s.is_some_and(|s| s.captured),
    );
    g.flag(
        || format!("{prefix}_surrendered"),
        s.is_some_and(|s| s.surrendered),
    );
    g.flag(
        || format!("{prefix}_panicked"),
        s.is_some_and(|s| s.panicked),
    );
    g.flag(
        || format!("{prefix}_commander"),
        s.is_some_and(|s| s.commander),
    );
    for (row, name) in ROWS {
        g.flag(
            || format!("{prefix}_row_{name}"),
            s.is_some_and(|s| s.marker.row == row),
        );
    }
    g.flag(
        || format!("{prefix}_advantage"),
        s.is_some_and(|s| s.marker.advantage),
    );
    g.flag(
        || format!("{prefix}_acting"),
        id.is_some() && acting(game) == id,
    );
}

/// US soldier `i` (the squad's `i`th, `US<i+1>`): his status, his card, his items.
fn us_globals(game: &Ambush, i: u32, g: &mut Globals<'_>) {
    let id = u8::try_from(i).ok().map(SoldierId).filter(|id| {
        game.soldiers
            .get(id.index())
            .is_some_and(|s| s.side == Side::Us)
    });
    let prefix = g.name(|| format!("us{i}"));
    status_globals(game, id, &prefix, g);
    let s = id.map(|id| game.soldier(id));
    let r = s.map(|s| s.ratings);
    g.put(
        || format!("{prefix}_in/5"),
        r.map_or(0.0, |r| rating(i16::from(r.initiative), 0, 5.0)),
    );
    g.put(
        || format!("{prefix}_pc/10"),
        r.map_or(0.0, |r| rating(i16::from(r.pc), 0, 10.0)),
    );
    g.put(
        || format!("{prefix}_ws+2/4"),
        r.map_or(0.0, |r| rating(i16::from(r.ws), 2, 4.0)),
    );
    g.put(
        || format!("{prefix}_ds/8"),
        r.map_or(0.0, |r| rating(i16::from(r.ds), 0, 8.0)),
    );
    g.put(
        || format!("{prefix}_mpa/6"),
        r.map_or(0.0, |r| rating(i16::from(r.mpa), 0, 6.0)),
    );
    g.put(
        || format!("{prefix}_mp_spent/6"),
        s.map_or(0.0, |s| f32::from(s.turn.mp_spent) / 6.0),
    );
    g.put(
        || format!("{prefix}_items/4"),
        s.map_or(0.0, |s| s.items.len() as f32 / 4.0),
    );
    g.put(
        || format!("{prefix}_ammo/6"),
        s.map_or(0.0, |s| s.ammo.len() as f32 / 6.0),
    );
    for k in 0..ITEMS_SHOWN {
        let item = s.and_then(|s| s.items.get(k as usize));
        let kind = item.and_then(|it| game.data.weapons.type_by_index(it.weapon));
        let p = g.name(|| format!("{prefix}_item{k}"));
        g.flag(|| p.clone(), item.is_some());
        g.flag(|| format!("{p}_automatic"), kind.is_some_and(|t| t.auto));
        g.flag(|| format!("{p}_crew"), kind.is_some_and(|t| t.crew));
        g.flag(
            || format!("{p}_explosive"),
            kind.is_some_and(|t| t.explosive),
        );
        g.flag(|| format!("{p}_thrown"), kind.is_some_and(|t| t.thrown));
        g.put(
            || format!("{p}_range/40"),
            kind.and_then(|t| t.max_range)
                .map_or(0.0, |r| f32::from(r) / 40.0),
        );
        g.flag(
            || format!("{p}_prepared"),
            item.is_some_and(|it| it.prepared),
        );
        g.flag(|| format!("{p}_jammed"), item.is_some_and(|it| it.jammed));
        g.put(
            || format!("{p}_ammo/4"),
            match (s, item) {
                (Some(s), Some(it)) => {
                    s.ammo.iter().filter(|&&w| w == it.weapon).count() as f32 / 4.0
                }
                _ => 0.0,
            },
        );
    }
}

/// German card `j` (soldier `id`), once a paragraph has placed him: his status and what his
/// card shows (AMBX-HID-2: IN and WS, his weapons).
fn german_globals(game: &Ambush, id: u32, j: u32, g: &mut Globals<'_>) {
    let id = u8::try_from(id)
        .ok()
        .map(SoldierId)
        .filter(|id| {
            game.soldiers
                .get(id.index())
                .is_some_and(|s| s.side == Side::German)
        })
        .filter(|&id| crate::view::known(game, id));
    let prefix = g.name(|| format!("german{j}"));
    status_globals(game, id, &prefix, g);
    let s = id.map(|id| game.soldier(id));
    g.put(
        || format!("{prefix}_in/5"),
        s.map_or(0.0, |s| rating(i16::from(s.ratings.initiative), 0, 5.0)),
    );
    g.put(
        || format!("{prefix}_ws+2/4"),
        s.map_or(0.0, |s| rating(i16::from(s.ratings.ws), 2, 4.0)),
    );
    g.put(
        || format!("{prefix}_items/4"),
        s.map_or(0.0, |s| s.items.len() as f32 / 4.0),
    );
    g.flag(
        || format!("{prefix}_automatic"),
        s.is_some_and(|s| automatic(game, s)),
    );
    g.flag(
        || format!("{prefix}_explosive"),
        s.is_some_and(|s| {
            s.items.iter().any(|it| {
                game.data
                    .weapons
                    .type_by_index(it.weapon)
                    .is_some_and(|t| t.explosive)
            })
        }),
    );
}

/// Whether `s` carries an automatic or crew weapon.
fn automatic(game: &Ambush, s: &crate::state::Soldier) -> bool {
    s.items.iter().any(|it| {
        game.data
            .weapons
            .type_by_index(it.weapon)
            .is_some_and(|t| t.auto || t.crew)
    })
}

/// The vehicle placed on the map, if `k` is one.
fn placed(game: &Ambush, k: u32) -> Option<&crate::state::Vehicle> {
    game.vehicles.get(k as usize).filter(|v| v.hex.is_some())
}

/// Vehicle `k` (the mission's `k`th), once a paragraph has placed it.
fn vehicle_globals(game: &Ambush, k: u32, g: &mut Globals<'_>) {
    let v = placed(game, k);
    let kind = v.and_then(|_| {
        u8::try_from(k)
            .ok()
            .and_then(|k| crate::driving::kind_of(game, crate::state::VehicleId(k)))
    });
    let p = g.name(|| format!("vehicle{k}"));
    g.flag(|| p.clone(), v.is_some());
    g.flag(|| format!("{p}_us"), v.is_some_and(|v| v.side == Side::Us));
    g.flag(|| format!("{p}_armored"), kind.is_some_and(|k| k.armored));
    g.flag(|| format!("{p}_open"), v.is_some_and(|v| v.open));
    g.put(
        || format!("{p}_crew/5"),
        v.map_or(0.0, |v| f32::from(v.crew) / 5.0),
    );
    for (status, name) in [
        (VehicleStatus::TireHit, "tire_hit"),
        (VehicleStatus::Immobilized, "immobilized"),
        (VehicleStatus::Disabled, "disabled"),
        (VehicleStatus::Destroyed, "destroyed"),
    ] {
        g.flag(
            || format!("{p}_{name}"),
            v.is_some_and(|v| v.status == status),
        );
    }
    for d in Dir::ALL {
        g.flag(
            || format!("{p}_facing_{}", d.name()),
            v.is_some_and(|v| v.facing == d),
        );
    }
    g.flag(
        || format!("{p}_moved_fast"),
        v.is_some_and(|v| v.moved_fast),
    );
}

/// Add `value` to plane `plane` at cell `cell`.
fn add(out: &mut [f32], cells: usize, plane: usize, cell: Option<u32>, value: f32) {
    let Some(cell) = cell else { return };
    if let Some(slot) = out.get_mut(plane * cells + cell as usize) {
        *slot += value;
    }
}

/// The player's observation ([`overlord_engine::Game::observe`]): the game is solitaire, and
/// every viewer sees what the player sees.
pub(crate) fn observe(game: &Ambush, out: &mut Vec<f32>) {
    let tables = tables(game);
    let (shape, b) = (&tables.shape, &tables.bounds);
    out.clear();
    out.resize(shape.len(), 0.0);
    let cells = shape.cells as usize;
    let (planes, globals) = out.split_at_mut(shape.planes.len() * cells);
    ground(game, b, planes, cells);
    soldiers(game, b, planes, cells);
    write_globals(
        game,
        b,
        &mut Globals::Values {
            out: globals,
            at: 0,
        },
    );
}

/// The map as it stands (breaches opened), the mission's hexes named, the hex markers.
fn ground(game: &Ambush, b: &EncodingBounds, planes: &mut [f32], cells: usize) {
    let Some(map) = game.map() else { return };
    for hex in map.hexes() {
        let cell = cell_of(game, b, hex);
        let c = map.cell(hex);
        add(planes, cells, plane::ON_MAP, cell, 1.0);
        if let Some(t) = Terrain::ALL.iter().position(|&t| t == c.terrain) {
            add(planes, cells, plane::TERRAIN + t, cell, 1.0);
        }
        add(
            planes,
            cells,
            plane::ELEVATION,
            cell,
            f32::from(c.elev) / 3.0,
        );
        let stone = c
            .building
            .and_then(|i| map.buildings.get(usize::from(i)))
            .is_some_and(|b| b.material == crate::data::map::Material::Stone);
        if stone {
            add(planes, cells, plane::STONE, cell, 1.0);
        }
        for side in c.sides.iter().flatten() {
            let at = match side {
                Feature::Wall => plane::WALLS,
                Feature::Door | Feature::Window | Feature::Breach => plane::OPENINGS,
                Feature::Embankment => plane::EMBANKMENTS,
                Feature::Crest => plane::CRESTS,
            };
            add(planes, cells, at, cell, 1.0 / 6.0);
        }
        for (m, marker) in Marker::ALL.into_iter().enumerate() {
            if game.marked(hex, marker) {
                add(planes, cells, plane::MARKERS + m, cell, 1.0);
            }
        }
        if game
            .markers
            .get(usize::from(hex.0))
            .is_some_and(|m| m & TRAIL != 0)
        {
            add(planes, cells, plane::TRAIL, cell, 1.0);
        }
    }
    let mission = game.mission();
    let labelled = |labels: &[String], plane: usize, planes: &mut [f32]| {
        for label in labels {
            if let Some(hex) = map.hex(label) {
                add(planes, cells, plane, cell_of(game, b, hex), 1.0);
            }
        }
    };
    labelled(&mission.header.us_entry, plane::ENTRY, planes);
    let victory = &mission.victory;
    for labels in [
        &victory.require_us_in,
        &victory.rescue_hexes,
        &victory.rescue_with_guard_hexes,
    ] {
        labelled(labels, plane::OBJECTIVE, planes);
    }
    // An objective named twice is still one.
    for value in planes.iter_mut().skip(plane::OBJECTIVE * cells).take(cells) {
        *value = value.min(1.0);
    }
}

/// The squad, the Germans placed and the vehicles placed, summed per cell and one by one.
fn soldiers(game: &Ambush, b: &EncodingBounds, planes: &mut [f32], cells: usize) {
    let us = us_count(game);
    let acting = acting(game);
    for (i, s) in game.soldiers.iter().enumerate() {
        let id = SoldierId(u8::try_from(i).unwrap_or(u8::MAX));
        if !crate::view::known(game, id) {
            continue;
        }
        let Some(hex) = s.hex(&game.vehicles) else {
            continue;
        };
        let cell = cell_of(game, b, hex);
        let base = match s.side {
            Side::Us => plane::US,
            Side::German => plane::GERMANS,
        };
        if s.inactive() {
            add(planes, cells, base + 5, cell, 0.25);
        } else {
            add(planes, cells, base, cell, 0.25);
            add(
                planes,
                cells,
                base + 1 + stance(s.stance) as usize,
                cell,
                0.25,
            );
            add(
                planes,
                cells,
                base + 7,
                cell,
                turns_left(s.marker.row) / 8.0,
            );
        }
        if s.health == Health::Wounded {
            add(planes, cells, base + 4, cell, 0.25);
        }
        if s.surrendered || s.captured {
            add(planes, cells, base + 6, cell, 0.25);
        }
        match s.side {
            Side::Us => {
                if acting == Some(id) {
                    add(planes, cells, plane::US + 8, cell, 1.0);
                }
                add(planes, cells, plane::SLOTS + i, cell, 1.0);
            }
            Side::German => {
                if !s.inactive() && automatic(game, s) {
                    add(planes, cells, plane::GERMANS + 8, cell, 0.5);
                }
                if let Some(j) = u32::try_from(i).ok().and_then(|i| i.checked_sub(us))
                    && j < b.germans
                {
                    add(planes, cells, plane::SLOTS + (b.us + j) as usize, cell, 1.0);
                }
            }
        }
    }
    for k in 0..b.vehicles {
        let Some(v) = placed(game, k) else { continue };
        let Some(hex) = v.hex else { continue };
        let cell = cell_of(game, b, hex);
        let side = match v.side {
            Side::Us => 0,
            Side::German => 1,
        };
        add(planes, cells, plane::VEHICLES + side, cell, 0.5);
        if v.status >= VehicleStatus::Disabled {
            add(planes, cells, plane::VEHICLES + 2, cell, 0.5);
        }
        let armored = u8::try_from(k)
            .ok()
            .and_then(|k| crate::driving::kind_of(game, crate::state::VehicleId(k)))
            .is_some_and(|kind| kind.armored);
        if armored {
            add(planes, cells, plane::VEHICLES + 3, cell, 0.5);
        }
        if v.open {
            add(planes, cells, plane::VEHICLES + 4, cell, 0.5);
        }
        add(
            planes,
            cells,
            plane::VEHICLES + 5,
            cell,
            f32::from(v.crew) / 5.0,
        );
        add(
            planes,
            cells,
            plane::SLOTS + (b.us + b.germans + k) as usize,
            cell,
            1.0,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use overlord_engine::{Game, GameRng, Log, Viewer};
    use std::sync::Arc;

    fn data() -> Arc<AmbushData> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        Arc::new(AmbushData::load(&dir).unwrap())
    }

    fn game(data: &Arc<AmbushData>, scenario: &str) -> Ambush {
        let mut log = Log::disabled();
        Ambush::setup(
            data,
            scenario,
            &crate::AmbOptions::default(),
            GameRng::seeded(1),
            &mut log,
        )
        .unwrap()
    }

    /// The constants name the blocks `space` adds, in its order.
    #[test]
    fn the_block_constants_name_the_blocks_in_order() {
        let data = data();
        let b = bounds(&data, Some(0));
        let space = space(&data, &b);
        let named = [
            (block::ENTER, "enter"),
            (block::MOVE, "move"),
            (block::STANCE, "stance"),
            (block::PREPARE, "prepare"),
            (block::CLEAR_JAM, "clear_jam"),
            (block::TAKE, "take"),
            (block::CARRY, "carry"),
            (block::RELEASE, "release"),
            (block::END_MISSION, "end_mission"),
            (block::LINE, "line"),
            (block::ACTIVATE, "activate"),
            (block::FIRE, "fire"),
            (block::ASSAULT, "assault"),
            (block::FIRE_AT_VEHICLE, "fire_at_vehicle"),
            (block::FIRE_AT_WALL, "fire_at_wall"),
            (block::THROW_AT_VEHICLE, "throw_at_vehicle"),
            (block::THROW, "throw"),
            (block::DOUBLE_FIRE, "double_fire"),
            (block::MOVE_CREW_WEAPON, "move_crew_weapon"),
            (block::STEP, "step"),
            (block::SNAP_STEP, "snap_step"),
            (block::CHARGE_STEP, "charge_step"),
            (block::MOUNT, "mount"),
            (block::DISMOUNT, "dismount"),
            (block::DRIVE, "drive"),
            (block::CHANGE_SEAT, "change_seat"),
            (block::GIVE_ACTION, "give_action"),
            (block::AWAKEN, "awaken"),
            (block::END_TURN, "end_turn"),
            (block::ASSIGN_XP, "assign_xp"),
            (block::IMPROVE, "improve"),
            (block::RECRUIT, "recruit"),
            (block::END_STEP, "end_step"),
        ];
        assert_eq!(space.blocks().len(), named.len());
        for (id, name) in named {
            assert_eq!(space.blocks()[id.0].name, name);
        }
    }

    #[test]
    fn the_plane_constants_name_the_planes() {
        assert_eq!(PLANES[plane::ON_MAP], "on_map");
        assert_eq!(PLANES[plane::TERRAIN], "terrain_clear");
        assert_eq!(PLANES[plane::TERRAIN + 10], "terrain_bridge");
        for (i, t) in Terrain::ALL.iter().enumerate() {
            assert_eq!(PLANES[plane::TERRAIN + i], format!("terrain_{}", t.name()));
        }
        assert_eq!(PLANES[plane::ELEVATION], "elevation/3");
        assert_eq!(PLANES[plane::STONE], "building_stone");
        assert_eq!(PLANES[plane::WALLS], "walls/6");
        assert_eq!(PLANES[plane::OPENINGS], "openings/6");
        assert_eq!(PLANES[plane::EMBANKMENTS], "embankments/6");
        assert_eq!(PLANES[plane::CRESTS], "crests/6");
        assert_eq!(PLANES[plane::ENTRY], "us_entry");
        assert_eq!(PLANES[plane::OBJECTIVE], "objective");
        assert_eq!(PLANES[plane::MARKERS], "marker_event");
        assert_eq!(PLANES[plane::MARKERS + 5], "marker_rubble");
        assert_eq!(PLANES[plane::TRAIL], "trail");
        let sides = [(plane::US, "us"), (plane::GERMANS, "german")];
        for (base, side) in sides {
            let side_total = if side == "us" {
                "us_active/4"
            } else {
                "germans/4"
            };
            assert_eq!(PLANES[base], side_total);
            assert_eq!(PLANES[base + 1], format!("{side}_standing/4"));
            assert_eq!(PLANES[base + 3], format!("{side}_prone/4"));
            assert_eq!(PLANES[base + 4], format!("{side}_wounded/4"));
            assert_eq!(PLANES[base + 5], format!("{side}_inactive/4"));
            assert_eq!(PLANES[base + 7], format!("{side}_turns_left/8"));
        }
        assert_eq!(PLANES[plane::US + 6], "us_captured/4");
        assert_eq!(PLANES[plane::US + 8], "us_acting");
        assert_eq!(
            PLANES[plane::GERMANS + 6],
            "german_surrendered_or_captured/4"
        );
        assert_eq!(PLANES[plane::GERMANS + 8], "german_automatic_weapons/2");
        assert_eq!(PLANES[plane::VEHICLES], "vehicles_us/2");
        assert_eq!(PLANES[plane::VEHICLES + 5], "vehicles_crew/5");
        assert_eq!(PLANES.len(), plane::SLOTS);
    }

    /// Every scenario's shape: a plane per name over its grid, the globals named once each,
    /// and an observation of that length; a mission's grid is its own map.
    #[test]
    fn each_scenario_has_its_shape_and_observations_fit_it() {
        let data = data();
        let mut scenarios: Vec<String> =
            data.missions.iter().map(|m| m.header.id.clone()).collect();
        scenarios.push(crate::CAMPAIGN.to_owned());
        for id in scenarios {
            let game = game(&data, &id);
            let tables = tables(&game);
            let (shape, b) = (&tables.shape, &tables.bounds);
            assert_eq!(
                shape.planes.len(),
                PLANES.len() + (b.us + b.germans + b.vehicles) as usize
            );
            assert_eq!(shape.cells, u32::from(b.columns) * u32::from(b.rows));
            assert_eq!(shape.cell_names.len(), shape.cells as usize);
            let mut names = shape.globals.clone();
            names.sort();
            names.dedup();
            assert_eq!(
                names.len(),
                shape.globals.len(),
                "{id}: a global named twice"
            );
            let mut out = Vec::new();
            game.observe(Viewer::Spectator, &mut out);
            assert_eq!(out.len(), shape.len(), "{id}");
            assert!(out.iter().all(|x| x.is_finite() && *x >= 0.0), "{id}");
            assert!(
                tables.space.size() < 100_000,
                "{id}: {}",
                tables.space.size()
            );
            if id != crate::CAMPAIGN {
                let map = game.map().unwrap();
                assert_eq!(shape.cells as usize, map.cells.len(), "{id}");
                assert_eq!(shape.cell_names[5], map.label(Hex(5)), "{id}");
            }
        }
    }

    /// The campaign's tables hold every mission of it: the same for its first mission and for
    /// any other, with the grid of the largest map.
    #[test]
    fn the_campaign_is_sized_for_its_largest_mission() {
        let data = data();
        let b = bounds(&data, None);
        for m in 0..data.missions.len() {
            let one = bounds(&data, Some(m));
            assert!(one.columns <= b.columns && one.rows <= b.rows);
            assert!(one.germans <= b.germans && one.vehicles <= b.vehicles);
            assert!(one.lines <= b.lines && one.sightings <= b.sightings);
            assert!(one.entries <= b.entries);
        }
        assert!(b.us >= u32::from(data.tables.generation.max_squad));
    }

    /// Entering, moving and stepping are numbered by their direction from the soldier's hex.
    #[test]
    fn the_first_legal_actions_have_distinct_ids_in_range() {
        let data = data();
        let game = game(&data, "S1");
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert!(!legal.is_empty());
        let size = game.action_space().unwrap().size();
        let mut ids: Vec<u32> = legal.iter().map(|a| game.action_id(a).unwrap()).collect();
        assert!(ids.iter().all(|&id| id < size));
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), legal.len());
        let (block, coords) = game.action_space().unwrap().locate(ids[0]).unwrap();
        assert_eq!((block.name, coords.len()), ("enter", 2));
    }
}
