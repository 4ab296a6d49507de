//! The fixed action space and observation tensor of Normandy '44, for learning agents (the
//! engine's `encoding`; the Python package's environments). docs/normandy44/encoding.md
//! documents both, block by block and plane by plane.
//!
//! # Actions
//!
//! One block per kind of action, in [`N44Action`]'s order, so that an id reads back as the
//! action's kind and its fields. The space is built from the components alone (the units, the
//! map's hexes and its named places), so it is the same in every position of every scenario.
//!
//! * A unit is its dense id and a hex the map's dense hex id wherever the action names one on
//!   its own (a unit to pick, a hex to attack): those read the same in every position, which
//!   is what an agent learns best from, and they cost only `units` or `hexes` ids each.
//! * An action naming a unit *and* a hex would cost `units × hexes` (over 200,000 ids) as two
//!   absolute coordinates, so its hex is given relative to something the state fixes:
//!   * a retreat's end by its offset from the defender's hex (13.1 ends a retreat exactly its
//!     length away, 2 or 4 hexes, and an overstacked end goes on up to two more: every end
//!     lies within 6 hexes, 127 offsets), an advance's by its offset from the unit's hex (14:
//!     at most two hexes, 19 offsets), the invasion's advance by a direction from the unit's
//!     hex, or 0 for the step from its assault box onto its beach (20.3.6: the box has one
//!     beach hex);
//!   * a place the rules allow only from a short list by its place in that list: a German
//!     entry hex among the map's entry hexes (with one more coordinate for a reinforcement
//!     whose card line names its own hex: it has no other), a mobilization hex among the two
//!     boxes' hexes, a landing among the beachheads and Mulberry sites, a returning unit's
//!     town or city (6.2) among the map's towns and cities, or its HQ's hex by that HQ;
//!   * the delayed glider regiment (20.2, D4) by its line of the glider table, since only
//!     those few land by choice: its hex stays absolute.
//!
//! The whole space is 66,087 ids on the shipped data, and an id names at most one legal
//! action of a position (the conformance suite checks it at every step).
//!
//! # Observation
//!
//! Planes over the map's hexes (every hex, sea included, in dense hex order, so a cell is a
//! `HexId`): first the map itself (terrain, the places and regions the rules name, the
//! hexsides' roads, rivers and inundations, counted over a hex's six sides), then the markers
//! and the decision under way (control, each side's zone of control, improved positions, the
//! attack being built), then each side's units (counts, steps and combat factors, and the
//! markers they carry). Then global values: the turn and the weather, where the sequence of
//! play stands and who decides, each side's tracks (supply, replacements, RP, air and naval
//! units, IP allowances), the Mulberries, the invasion's assaults, the combat result being
//! applied, the units off the map by where they wait, and the options.
//!
//! Normandy '44 hides nothing (6.3): both players see the whole table and the view is the
//! whole state for either seat. So the observation reads the public table as the view shows
//! it, and a few public markers the view's JSON leaves out (improved positions, the
//! Mulberries, the attack being built): nothing in it comes from the random generator, the
//! one hidden thing, and determinized states give the same numbers. The viewer changes only
//! two things: which units its seat commands (27.1) and which side it plays.

use crate::action::{MoveMode, N44Action};
use crate::data::{Army, Class, HexFlags, N44Data, Side, UnitId};
use crate::state::{
    AdvanceRight, Location, MafChoice, Mulberry, Normandy44, Phase, ResultStep, Stage, Step,
    UnitFlags,
};
use crate::tables::Scenario;
use crate::tables::terrain::{HexsideFeature, Terrain};
use crate::tables::weather::Weather;
use overlord_engine::encoding::{ActionSpace, ObservationShape};
use overlord_engine::{Seat, Viewer};
use overlord_hexmap::{HexId, HexIndex};

/// Six directions around a hex, in `hexx`'s order.
const DIRECTIONS: u32 = 6;
/// 13.1: a retreat ends 2 or 4 hexes away, and goes on up to two more from an overstacked end.
const RETREAT_RADIUS: i32 = 6;
/// 14: an advance goes at most two hexes.
const ADVANCE_RADIUS: i32 = 2;
/// 5: a supply track runs to 19, so no split of the German SupP exceeds it.
const SUPPLY_POINTS: u32 = 20;
/// The landing places of 6.5 and 21.1: the five beachheads, then the two Mulberry sites.
const LANDING_SITES: u32 = 7;

/// The blocks, in the order `space` adds them: `BlockId(n)` is the `n`th.
mod block {
    use overlord_engine::encoding::BlockId;
    pub const DONE: BlockId = BlockId(0);
    pub const FORTRESS_SUPPLY: BlockId = BlockId(1);
    pub const CW_REPLACEMENT: BlockId = BlockId(2);
    pub const BANK_PT: BlockId = BlockId(3);
    pub const GLIDER_LANDING: BlockId = BlockId(4);
    pub const REPLACE: BlockId = BlockId(5);
    pub const RETURN: BlockId = BlockId(6);
    pub const BUY_SUPPLY: BlockId = BlockId(7);
    pub const PICK: BlockId = BlockId(8);
    pub const PICK_STACK: BlockId = BlockId(9);
    pub const MODE: BlockId = BlockId(10);
    pub const MOVE_TO: BlockId = BlockId(11);
    pub const UNPICK: BlockId = BlockId(12);
    pub const ENTER: BlockId = BlockId(13);
    pub const DELAY: BlockId = BlockId(14);
    pub const MOBILIZE: BlockId = BlockId(15);
    pub const LAND: BlockId = BlockId(16);
    pub const EVACUATE: BlockId = BlockId(17);
    pub const RESERVE: BlockId = BlockId(18);
    pub const UNRESERVE: BlockId = BlockId(19);
    pub const START_IP: BlockId = BlockId(20);
    pub const REMOVE_IP: BlockId = BlockId(21);
    pub const RELOCATE_COTENTIN_HQ: BlockId = BlockId(22);
    pub const LOSE: BlockId = BlockId(23);
    pub const STRAFE: BlockId = BlockId(24);
    pub const ATTACK: BlockId = BlockId(25);
    pub const JOIN: BlockId = BlockId(26);
    pub const MAF: BlockId = BlockId(27);
    pub const BATTLE_GROUP: BlockId = BlockId(28);
    pub const ARTILLERY: BlockId = BlockId(29);
    pub const AIR_SUPPORT: BlockId = BlockId(30);
    pub const NAVAL_SUPPORT: BlockId = BlockId(31);
    pub const CONFIRM: BlockId = BlockId(32);
    pub const CANCEL: BlockId = BlockId(33);
    pub const DETERMINED_DEFENSE: BlockId = BlockId(34);
    pub const DD_ARTILLERY: BlockId = BlockId(35);
    pub const DD_AIR: BlockId = BlockId(36);
    pub const DD_NAVAL: BlockId = BlockId(37);
    pub const DESPERATE_DEFENSE: BlockId = BlockId(38);
    pub const RETREAT: BlockId = BlockId(39);
    pub const ADVANCE: BlockId = BlockId(40);
    pub const RESERVE_AFTER_COMBAT: BlockId = BlockId(41);
    pub const WITHDRAW: BlockId = BlockId(42);
    pub const INVASION_ADVANCE: BlockId = BlockId(43);
    pub const SUPPRESS: BlockId = BlockId(44);
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// How many offsets lie within `radius` of a hex, itself included.
fn offsets_within(radius: i32) -> u32 {
    count(usize::try_from(3 * radius * (radius + 1) + 1).unwrap_or(0))
}

/// Whether `hex` is a town or city hex (6.2: an eliminated unit may return there).
fn is_town(data: &N44Data, hex: HexId) -> bool {
    let f = data.map.flags(hex);
    f.has(HexFlags::TOWN) || f.has(HexFlags::CITY)
}

fn is_hq(data: &N44Data, unit: UnitId) -> bool {
    data.unit(unit).class == Class::Hq
}

/// The units, as ids.
fn unit_ids(data: &N44Data) -> impl Iterator<Item = UnitId> + '_ {
    (0..count(data.units.len())).map(|u| UnitId(u16::try_from(u).unwrap_or(u16::MAX)))
}

/// The German entry hexes of every zone, in the map's order (6.6).
fn entry_hexes(data: &N44Data) -> impl Iterator<Item = HexId> + '_ {
    data.map
        .entries
        .iter()
        .flat_map(|(_, hexes)| hexes.iter().copied())
}

/// The hexes of the 243rd's, then the 709th's, Mobilization box (6.7).
fn mobilization_hexes(data: &N44Data) -> impl Iterator<Item = HexId> + '_ {
    data.map
        .mobilization_243
        .iter()
        .chain(&data.map.mobilization_709)
        .copied()
}

/// The action space of `data`: the same for every scenario.
fn space(data: &N44Data) -> ActionSpace {
    let units = count(data.units.len());
    let hexes = count(data.map.hexes.len());
    let towns = count(data.map.hexes.ids().filter(|&h| is_town(data, h)).count());
    let hqs = count(unit_ids(data).filter(|&u| is_hq(data, u)).count());
    let entries = count(entry_hexes(data).count());
    let mobilization = count(mobilization_hexes(data).count());
    let unit = ("unit", units);
    let hex = ("hex", hexes);
    let army = ("army", 2);
    let mut space = ActionSpace::new();
    // The order of `block`'s constants.
    space.block("done", &[]);
    space.block("fortress_supply", &[("points", SUPPLY_POINTS)]);
    space.block("cw_replacement", &[("canadian", 2)]);
    space.block("bank_pt", &[]);
    space.block(
        "glider_landing",
        &[("glider", count(data.gliders.len())), hex],
    );
    space.block("replace", &[unit]);
    space.block("return", &[unit, ("town_or_hq", towns + hqs)]);
    space.block("buy_supply", &[army]);
    space.block("pick", &[unit]);
    space.block("pick_stack", &[hex]);
    space.block("mode", &[("mode", 6)]);
    space.block("move_to", &[hex]);
    space.block("unpick", &[]);
    space.block("enter", &[unit, ("entry_or_own", entries + 1)]);
    space.block("delay", &[unit, ("later", 2)]);
    space.block("mobilize", &[unit, ("mobilization_hex", mobilization)]);
    space.block("land", &[unit, ("site", LANDING_SITES)]);
    space.block("evacuate", &[unit]);
    space.block("reserve", &[hex]);
    space.block("unreserve", &[hex]);
    space.block("start_ip", &[hex]);
    space.block("remove_ip", &[hex]);
    space.block("relocate_cotentin_hq", &[hex]);
    space.block("lose", &[unit]);
    space.block("strafe", &[hex]);
    space.block("attack", &[hex]);
    space.block("join", &[unit]);
    space.block("maf", &[unit]);
    space.block("battle_group", &[]);
    space.block("artillery", &[unit]);
    space.block("air_support", &[]);
    space.block("naval_support", &[]);
    space.block("confirm", &[]);
    space.block("cancel", &[]);
    space.block("determined_defense", &[("lead", units)]);
    space.block("dd_artillery", &[unit]);
    space.block("dd_air", &[]);
    space.block("dd_naval", &[]);
    space.block("desperate_defense", &[]);
    space.block(
        "retreat",
        &[unit, ("offset", offsets_within(RETREAT_RADIUS))],
    );
    space.block(
        "advance",
        &[unit, ("offset", offsets_within(ADVANCE_RADIUS))],
    );
    space.block("reserve_after_combat", &[unit]);
    space.block("withdraw", &[unit]);
    space.block(
        "invasion_advance",
        &[unit, ("from_box_or_direction", 1 + DIRECTIONS)],
    );
    space.block("suppress", &[army]);
    space
}

fn tables(game: &Normandy44) -> &(ActionSpace, ObservationShape) {
    let data = &game.data;
    data.encoding.get_or_init(|| (space(data), shape(data)))
}

pub(crate) fn action_space(game: &Normandy44) -> &ActionSpace {
    &tables(game).0
}

pub(crate) fn observation_shape(game: &Normandy44) -> &ObservationShape {
    &tables(game).1
}

/// The place of `to` among the hexes within `radius` of `from` (by axial offset: column of
/// `dq`, then `dr`), or `None` farther away.
fn offset(hexes: &HexIndex, from: HexId, to: HexId, radius: i32) -> Option<u32> {
    let (a, b) = (hexes.hex(from)?, hexes.hex(to)?);
    let (dq, dr) = (b.x - a.x, b.y - a.y);
    if dq.abs().max(dr.abs()).max((dq + dr).abs()) > radius {
        return None;
    }
    let mut before = 0;
    for q in -radius..=radius {
        let low = (-radius).max(-q - radius);
        let high = radius.min(-q + radius);
        if q == dq {
            return u32::try_from(before + dr - low).ok();
        }
        before += high - low + 1;
    }
    None
}

/// The place of `hex` in `list`, if there.
fn place_of(mut list: impl Iterator<Item = HexId>, hex: HexId) -> Option<u32> {
    list.position(|h| h == hex).map(count)
}

/// D4: the line of the glider table of `unit`.
fn glider_line(data: &N44Data, unit: UnitId) -> Option<u32> {
    data.gliders
        .iter()
        .position(|g| data.unit_id(&g.unit) == Some(unit))
        .map(count)
}

/// 6.2: where `unit` returns: a town or city by its place among them, else the first HQ of
/// its side in `hex`, by its place among the HQs, after the towns.
fn return_place(game: &Normandy44, unit: UnitId, hex: HexId) -> Option<u32> {
    let data = &game.data;
    let towns = data.map.hexes.ids().filter(|&h| is_town(data, h));
    if is_town(data, hex) {
        return place_of(towns, hex);
    }
    let side = game.side_of(unit);
    let hq = game
        .units_in(hex)
        .find(|&u| is_hq(data, u) && game.side_of(u) == side)?;
    let rank = unit_ids(data).filter(|&u| u < hq && is_hq(data, u)).count();
    Some(count(towns.count() + rank))
}

/// 6.6: a German entry hex by its place among the entry hexes; the one hex a card line names
/// (the only place its unit may enter) past them.
fn entry_place(data: &N44Data, hex: HexId) -> u32 {
    place_of(entry_hexes(data), hex).unwrap_or_else(|| count(entry_hexes(data).count()))
}

/// 6.5, 21.1: a landing hex by its place among the beachheads and Mulberry sites.
fn landing_site(data: &N44Data, hex: HexId) -> Option<u32> {
    let map = &data.map;
    place_of(map.beachheads.iter().chain(&map.mulberries).copied(), hex)
}

/// 20.3.6: an assault unit's advance: 0 from its box onto its beach hex, else 1 + the
/// direction from its hex.
fn invasion_step(game: &Normandy44, unit: UnitId, to: HexId) -> Option<u32> {
    match game.hex_of(unit) {
        None => Some(0),
        Some(from) => {
            let d = game.data.map.hexes.direction(from, to)?;
            Some(1 + u32::from(d.index()))
        }
    }
}

/// 13.1: a retreat is counted from the defender's hex of the attack being resolved.
fn retreat_start(game: &Normandy44, unit: UnitId) -> Option<HexId> {
    match game.step {
        Step::Phase(_, _, Stage::Result { hex }) => Some(hex),
        _ => game.hex_of(unit),
    }
}

fn mode(mode: MoveMode) -> u32 {
    match mode {
        MoveMode::Normal => 0,
        MoveMode::Strategic => 1,
        MoveMode::Truck => 2,
        MoveMode::TruckStrategic => 3,
        MoveMode::Bicycle => 4,
        MoveMode::Tactical => 5,
    }
}

fn army(army: Army) -> u32 {
    count(army.index())
}

/// The id of `action` in this state ([`overlord_engine::Game::action_id`]).
pub(crate) fn action_id(game: &Normandy44, action: &N44Action) -> Option<u32> {
    use N44Action as A;
    let space = action_space(game);
    let data = &game.data;
    let hexes = &data.map.hexes;
    let u = |unit: &UnitId| u32::from(unit.0);
    let h = |hex: &HexId| u32::from(hex.0);
    match action {
        A::Done => space.id(block::DONE, &[]),
        A::FortressSupply { points } => space.id(block::FORTRESS_SUPPLY, &[u32::from(*points)]),
        A::CwReplacement { canadian } => space.id(block::CW_REPLACEMENT, &[u32::from(*canadian)]),
        A::BankPt => space.id(block::BANK_PT, &[]),
        A::GliderLanding { unit, hex } => {
            space.id(block::GLIDER_LANDING, &[glider_line(data, *unit)?, h(hex)])
        }
        A::Replace { unit } => space.id(block::REPLACE, &[u(unit)]),
        A::Return { unit, hex } => {
            space.id(block::RETURN, &[u(unit), return_place(game, *unit, *hex)?])
        }
        A::BuySupply { army: a } => space.id(block::BUY_SUPPLY, &[army(*a)]),
        A::Pick { unit } => space.id(block::PICK, &[u(unit)]),
        A::PickStack { hex } => space.id(block::PICK_STACK, &[h(hex)]),
        A::Mode { mode: m } => space.id(block::MODE, &[mode(*m)]),
        A::MoveTo { hex } => space.id(block::MOVE_TO, &[h(hex)]),
        A::Unpick => space.id(block::UNPICK, &[]),
        A::Enter { unit, hex } => space.id(block::ENTER, &[u(unit), entry_place(data, *hex)]),
        A::Delay { unit, later } => space.id(block::DELAY, &[u(unit), u32::from(*later)]),
        A::Mobilize { unit, hex } => space.id(
            block::MOBILIZE,
            &[u(unit), place_of(mobilization_hexes(data), *hex)?],
        ),
        A::Land { unit, hex } => space.id(block::LAND, &[u(unit), landing_site(data, *hex)?]),
        A::Evacuate { unit } => space.id(block::EVACUATE, &[u(unit)]),
        A::Reserve { hex } => space.id(block::RESERVE, &[h(hex)]),
        A::Unreserve { hex } => space.id(block::UNRESERVE, &[h(hex)]),
        A::StartIp { hex } => space.id(block::START_IP, &[h(hex)]),
        A::RemoveIp { hex } => space.id(block::REMOVE_IP, &[h(hex)]),
        A::RelocateCotentinHq { hex } => space.id(block::RELOCATE_COTENTIN_HQ, &[h(hex)]),
        A::Lose { unit } => space.id(block::LOSE, &[u(unit)]),
        A::Strafe { hex } => space.id(block::STRAFE, &[h(hex)]),
        A::Attack { hex } => space.id(block::ATTACK, &[h(hex)]),
        A::Join { unit } => space.id(block::JOIN, &[u(unit)]),
        A::Maf { unit } => space.id(block::MAF, &[u(unit)]),
        A::BattleGroup => space.id(block::BATTLE_GROUP, &[]),
        A::Artillery { unit } => space.id(block::ARTILLERY, &[u(unit)]),
        A::AirSupport => space.id(block::AIR_SUPPORT, &[]),
        A::NavalSupport => space.id(block::NAVAL_SUPPORT, &[]),
        A::Confirm => space.id(block::CONFIRM, &[]),
        A::Cancel => space.id(block::CANCEL, &[]),
        A::DeterminedDefense { lead } => space.id(block::DETERMINED_DEFENSE, &[u(lead)]),
        A::DdArtillery { unit } => space.id(block::DD_ARTILLERY, &[u(unit)]),
        A::DdAir => space.id(block::DD_AIR, &[]),
        A::DdNaval => space.id(block::DD_NAVAL, &[]),
        A::DesperateDefense => space.id(block::DESPERATE_DEFENSE, &[]),
        A::Retreat { unit, hex } => space.id(
            block::RETREAT,
            &[
                u(unit),
                offset(hexes, retreat_start(game, *unit)?, *hex, RETREAT_RADIUS)?,
            ],
        ),
        A::Advance { unit, hex } => space.id(
            block::ADVANCE,
            &[
                u(unit),
                offset(hexes, game.hex_of(*unit)?, *hex, ADVANCE_RADIUS)?,
            ],
        ),
        A::ReserveAfterCombat { unit } => space.id(block::RESERVE_AFTER_COMBAT, &[u(unit)]),
        A::Withdraw { unit } => space.id(block::WITHDRAW, &[u(unit)]),
        A::InvasionAdvance { unit, hex } => space.id(
            block::INVASION_ADVANCE,
            &[u(unit), invasion_step(game, *unit, *hex)?],
        ),
        A::Suppress { army: a } => space.id(block::SUPPRESS, &[army(*a)]),
    }
}

// ---- The observation ----------------------------------------------------------------------

/// The map's planes, in order: what `map_planes` writes.
const MAP_PLANES: [&str; 31] = [
    "terrain_sea",
    "terrain_clear",
    "terrain_mixed",
    "terrain_bocage",
    "terrain_woods",
    "terrain_flooded",
    "terrain_marsh",
    "terrain_town",
    "terrain_city",
    "hilltop",
    "airfield",
    "coastal",
    "naval_bombardment_zone",
    "us_sector",
    "h_line_allied",
    "beyond_bombardment_line",
    "cherbourg_perimeter",
    "cotentin",
    "permanent_ip",
    "south_edge",
    "east_edge",
    "main_road_sides/6",
    "secondary_road_sides/6",
    "minor_river_sides/6",
    "major_river_sides/6",
    "flooded_or_causeway_sides/6",
    "impassable_or_all_sea_sides/6",
    "beachhead_or_mulberry_site",
    "assault_beach",
    "german_entry_or_mobilization",
    "naval_battery",
];

/// The markers' and the decision's planes, after the map's.
const MARKER_PLANES: [&str; 11] = [
    "allied_control",
    "german_zoc",
    "allied_zoc",
    "german_ip/2",
    "allied_ip/2",
    "viewer_units/4",
    "attack_target",
    "attackers/4",
    "attacked_this_phase",
    "picked_to_move",
    "strafes/2",
];

/// Each side's planes (`german_` then `allied_` before each name), after the markers'.
const SIDE_PLANES: [&str; 14] = [
    "units/4",
    "steps/8",
    "cf/20",
    "mechanized/4",
    "hq_or_werfer/2",
    "disorganized/4",
    "scattered/4",
    "reserve/4",
    "out_of_supply/4",
    "isolated/4",
    "moved/4",
    "attacked/4",
    "retreated/4",
    "spent/2",
];

const MARKERS: usize = MAP_PLANES.len();
const SIDES: usize = MARKERS + MARKER_PLANES.len();
const PLANES: usize = SIDES + 2 * SIDE_PLANES.len();

/// Where a unit off the map waits, by [`Location`] (the map's hexes apart).
const OFF_MAP: [&str; 9] = [
    "assault_box",
    "second_wave",
    "next_wave",
    "airborne",
    "britain",
    "arriving",
    "mobilization",
    "eliminated",
    "out_of_play",
];

const SIDE_NAMES: [&str; 2] = ["german", "allied"];
const ASSAULTS: [&str; 9] = [
    "utah",
    "pointe_du_hoc",
    "omaha_29",
    "omaha_1",
    "gold_jig",
    "gold_king",
    "juno_mike",
    "juno_nan",
    "sword_queen",
];
const POOLS: [&str; 12] = [
    "german_infantry",
    "german_armor",
    "german_pt",
    "german_low_tq0",
    "german_low_tq_minus1",
    "us_infantry",
    "us_armor",
    "us_airborne",
    "british_infantry",
    "british_armor",
    "british_airborne",
    "canadian_infantry",
];
const RESULT_STEPS: [&str; 13] = [
    "none",
    "attacker_loss",
    "defender_loss",
    "dd_offer",
    "dd_support",
    "dd_maf_loss",
    "dd_attacker_loss",
    "dspd_offer",
    "dspd_first",
    "dspd_second",
    "retreat",
    "advance",
    "overstack",
];

/// The global values, in the order `globals` writes them.
fn global_names() -> Vec<String> {
    let mut names: Vec<String> = [
        "turn/22",
        "last_turn/22",
        "turns_left/22",
        "scenario_campaign",
        "scenario_mini",
        "scenario_cherbourg",
        "weather_storm",
        "weather_overcast",
        "weather_clear",
        "weather_row/6",
        "step_invasion",
        "step_initial",
        "step_begin",
        "step_phase",
        "step_final",
        "step_over",
        "step_initial_choice",
        "step_final_choice",
        "phasing_german",
        "phasing_allied",
        "phase_replacement",
        "phase_movement",
        "phase_combat",
        "phase_reserve_movement",
        "phase_reserve_combat",
        "phase_recovery",
        "phase_supply",
        "stage_open",
        "stage_moving",
        "stage_attack",
        "stage_result",
        "moving_stack",
        "mode_normal",
        "mode_strategic",
        "mode_truck",
        "mode_truck_strategic",
        "mode_bicycle",
        "mode_tactical",
        "deciding_german",
        "deciding_allied",
        "second_part",
        "viewer_german",
        "viewer_allied",
        "viewer_to_act",
        "invasion_assault/9",
        "invasion_stage/6",
        "invasion_glider_landing",
        "invasion_roll/6",
        "invasion_losses_due/8",
        "delayed_gliders/2",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    names.extend(ASSAULTS.iter().map(|a| format!("assault_failed_{a}")));
    names.extend(ASSAULTS.iter().map(|a| format!("assault_bloody_first_{a}")));
    for name in [
        "supply_7th_army/19",
        "supply_fortress/19",
        "supply_us/19",
        "supply_cw/19",
    ] {
        names.push(name.to_owned());
    }
    names.extend(POOLS.iter().map(|p| format!("replacements_{p}/9")));
    for name in [
        "rp_us/12",
        "rp_cw/12",
        "rp_landed_utah/4",
        "rp_landed_omaha/4",
        "rp_landed_gold/4",
        "rp_landed_juno/4",
        "rp_landed_sword/4",
        "air_us/4",
        "air_cw/4",
        "naval_us/4",
        "naval_cw/4",
        "ip_allowance_german/4",
        "ip_allowance_us/4",
        "ip_allowance_cw/4",
    ] {
        names.push(name.to_owned());
    }
    for army in ["us", "cw"] {
        for state in ["not_started", "building", "complete", "destroyed"] {
            names.push(format!("mulberry_{army}_{state}"));
        }
    }
    names.extend(RESULT_STEPS.iter().map(|s| format!("result_{s}")));
    for name in [
        "result_count/4",
        "defender_steps/8",
        "maf_formation",
        "maf_battle_group",
        "artillery_shifts/3",
        "air_shifts/2",
        "naval_shift",
        "advance_limited",
        "advance_full",
        "advance_full_or_reserve",
        "dd_failed",
        "strafing_over",
        "attackers/8",
        "german_supply_due/4",
        "cw_choice_due/4",
        "mobilized_243",
        "mobilized_709",
        "cotentin_relocated",
        "fortress_removed",
        "cherbourg_armor_unused",
        "withdrawal_offered",
        "batteries_silenced/4",
        "bombardment_made",
    ] {
        names.push(name.to_owned());
    }
    for side in SIDE_NAMES {
        names.push(format!("{side}_on_map/100"));
        names.push(format!("{side}_steps_on_map/200"));
        names.extend(OFF_MAP.iter().map(|w| format!("{side}_{w}/100")));
    }
    for name in [
        "option_historical_weather",
        "option_flank_fire",
        "option_naval_batteries",
        "option_solitaire",
        "option_landed_units_full_advance",
        "seats/4",
    ] {
        names.push(name.to_owned());
    }
    names
}

fn shape(data: &N44Data) -> ObservationShape {
    let mut planes: Vec<String> = MAP_PLANES
        .iter()
        .chain(&MARKER_PLANES)
        .map(|p| (*p).to_owned())
        .collect();
    for side in SIDE_NAMES {
        planes.extend(SIDE_PLANES.iter().map(|p| format!("{side}_{p}")));
    }
    ObservationShape {
        planes,
        cells: count(data.map.hexes.len()),
        cell_names: data.map.hexes.ids().map(|h| data.map.label(h)).collect(),
        globals: global_names(),
    }
}

/// The planes of the observation, `cells` values each.
struct Planes<'a> {
    values: &'a mut [f32],
    cells: usize,
}

impl Planes<'_> {
    /// Add `value` to plane `plane` at `hex`.
    fn add(&mut self, plane: usize, hex: HexId, value: f32) {
        if hex.index() < self.cells
            && let Some(cell) = self.values.get_mut(plane * self.cells + hex.index())
        {
            *cell += value;
        }
    }
}

fn terrain_plane(terrain: Terrain) -> usize {
    match terrain {
        Terrain::Sea => 0,
        Terrain::Clear | Terrain::Airfield => 1,
        Terrain::Mixed => 2,
        Terrain::Bocage => 3,
        Terrain::Woods => 4,
        Terrain::Flooded => 5,
        Terrain::Marsh => 6,
        Terrain::Town => 7,
        Terrain::City => 8,
    }
}

/// The map's planes: the same in every position.
fn map_planes(data: &N44Data, planes: &mut Planes<'_>) {
    let map = &data.map;
    const FLAGS: [u32; 12] = [
        HexFlags::HILLTOP,
        HexFlags::AIRFIELD,
        HexFlags::COASTAL,
        HexFlags::NAVAL_ZONE,
        HexFlags::US_SECTOR,
        HexFlags::H_LINE_ALLIED,
        HexFlags::BEYOND_BOMBARDMENT_LINE,
        HexFlags::CHERBOURG_PERIMETER,
        HexFlags::COTENTIN,
        HexFlags::PERMANENT_IP,
        HexFlags::SOUTH_EDGE,
        HexFlags::EAST_EDGE,
    ];
    let sixth = 1.0 / 6.0;
    for hex in map.hexes.ids() {
        planes.add(terrain_plane(map.terrain(hex)), hex, 1.0);
        let flags = map.flags(hex);
        for (k, bit) in FLAGS.iter().enumerate() {
            if flags.has(*bit) {
                planes.add(9 + k, hex, 1.0);
            }
        }
        for d in 0..6 {
            let side = map.side(hex, d);
            match side.road {
                Some(crate::data::RoadKind::Main) => planes.add(21, hex, sixth),
                Some(crate::data::RoadKind::Secondary) => planes.add(22, hex, sixth),
                None => {}
            }
            if side.has(HexsideFeature::MinorRiver) {
                planes.add(23, hex, sixth);
            }
            if side.has(HexsideFeature::MajorRiver) {
                planes.add(24, hex, sixth);
            }
            if side.has(HexsideFeature::Flooded) || side.has(HexsideFeature::Causeway) {
                planes.add(25, hex, sixth);
            }
            if side.has(HexsideFeature::Impassable) || side.has(HexsideFeature::AllSea) {
                planes.add(26, hex, sixth);
            }
        }
    }
    let mut mark = |plane: usize, hexes: &mut dyn Iterator<Item = HexId>| {
        let mut seen = Vec::new();
        for hex in hexes {
            if !seen.contains(&hex) {
                seen.push(hex);
                planes.add(plane, hex, 1.0);
            }
        }
    };
    mark(
        27,
        &mut map.beachheads.iter().chain(&map.mulberries).copied(),
    );
    mark(28, &mut map.assaults.iter().copied());
    mark(29, &mut entry_hexes(data).chain(mobilization_hexes(data)));
    mark(30, &mut map.batteries.iter().map(|(_, h)| *h));
}

/// The side planes' first index for `side`.
fn side_base(side: Side) -> usize {
    SIDES + side.index() * SIDE_PLANES.len()
}

/// The off-map place of a unit at `at`, by [`OFF_MAP`].
fn off_map(at: Location) -> Option<usize> {
    match at {
        Location::Hex(_) => None,
        Location::AssaultBox(_) => Some(0),
        Location::SecondWave(_) => Some(1),
        Location::NextWave => Some(2),
        Location::Airborne(_) => Some(3),
        Location::Britain => Some(4),
        Location::Arriving(_) => Some(5),
        Location::Mobilization(_) => Some(6),
        Location::Eliminated => Some(7),
        Location::OutOfPlay => Some(8),
    }
}

/// The units' planes and their counts off the map (per side: on the map, steps on the map,
/// then [`OFF_MAP`]).
fn unit_planes(game: &Normandy44, seat: Option<Seat>, planes: &mut Planes<'_>) -> [[f32; 11]; 2] {
    let data = &game.data;
    let mut counts = [[0.0f32; 11]; 2];
    const MARKED: [(u32, usize, f32); 9] = [
        (UnitFlags::DISORGANIZED, 5, 0.25),
        (UnitFlags::SCATTERED, 6, 0.25),
        (UnitFlags::RESERVE, 7, 0.25),
        (UnitFlags::OOS, 8, 0.25),
        (UnitFlags::ISOLATED, 9, 0.25),
        (UnitFlags::MOVED, 10, 0.25),
        (UnitFlags::ATTACKED, 11, 0.25),
        (UnitFlags::RETREATED, 12, 0.25),
        (UnitFlags::SPENT, 13, 0.5),
    ];
    for unit in game.unit_ids() {
        let state = game.unit(unit);
        let def = data.unit(unit);
        let side = def.side.index();
        let Location::Hex(hex) = state.at else {
            if let Some(w) = off_map(state.at)
                && let Some(c) = counts[side].get_mut(2 + w)
            {
                *c += 1.0;
            }
            continue;
        };
        let steps = data.step_count(unit).saturating_sub(state.step);
        counts[side][0] += 1.0;
        counts[side][1] += f32::from(steps);
        let base = side_base(def.side);
        planes.add(base, hex, 0.25);
        planes.add(base + 1, hex, f32::from(steps) / 8.0);
        if let Some(face) = data.face(unit, state.step) {
            planes.add(base + 2, hex, f32::from(face.cf) / 20.0);
        }
        if def.class.mechanized() {
            planes.add(base + 3, hex, 0.25);
        }
        if matches!(def.class, Class::Hq | Class::Werfer) {
            planes.add(base + 4, hex, 0.5);
        }
        for (bit, plane, value) in MARKED {
            if state.flags.has(bit) {
                planes.add(base + plane, hex, value);
            }
        }
        if seat.is_some_and(|s| game.seat_of_unit(unit) == s) {
            planes.add(MARKERS + 5, hex, 0.25);
        }
    }
    counts
}

/// The markers' and the decision's planes.
fn marker_planes(game: &Normandy44, planes: &mut Planes<'_>) {
    let map = &game.data.map;
    let german = crate::zoc::zones_of(game, Side::German);
    let allied = crate::zoc::zones_of(game, Side::Allied);
    for hex in map.hexes.ids() {
        if game.allied_controls(hex) {
            planes.add(MARKERS, hex, 1.0);
        }
        if german.in_zoc(hex) {
            planes.add(MARKERS + 1, hex, 1.0);
        }
        if allied.in_zoc(hex) {
            planes.add(MARKERS + 2, hex, 1.0);
        }
    }
    for ip in &game.ips {
        let level = if ip.complete { 1.0 } else { 0.5 };
        planes.add(MARKERS + 3 + ip.owner.index(), ip.hex, level);
    }
    if let Step::Phase(_, _, Stage::Attack { hex } | Stage::Result { hex }) = game.step {
        planes.add(MARKERS + 6, hex, 1.0);
    }
    for &unit in &game.attackers {
        if let Some(hex) = game.hex_of(unit) {
            planes.add(MARKERS + 7, hex, 0.25);
        }
    }
    for &hex in &game.attacked_hexes {
        planes.add(MARKERS + 8, hex, 1.0);
    }
    if let Step::Phase(_, _, Stage::Moving { unit, .. }) = game.step
        && let Some(hex) = game.hex_of(unit)
    {
        planes.add(MARKERS + 9, hex, 1.0);
    }
    for &hex in &game.combat.strafes {
        planes.add(MARKERS + 10, hex, 0.5);
    }
}

fn flag(on: bool) -> f32 {
    f32::from(u8::from(on))
}

/// One-hot: `n` values, the `k`th 1.
fn one_hot(values: &mut Vec<f32>, n: usize, k: Option<usize>) {
    values.extend((0..n).map(|i| flag(Some(i) == k)));
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Replacement => 0,
        Phase::Movement => 1,
        Phase::Combat => 2,
        Phase::ReserveMovement => 3,
        Phase::ReserveCombat => 4,
        Phase::Recovery => 5,
        Phase::Supply => 6,
    }
}

fn result_step_index(step: ResultStep) -> usize {
    match step {
        ResultStep::None => 0,
        ResultStep::AttackerLoss => 1,
        ResultStep::DefenderLoss => 2,
        ResultStep::DdOffer => 3,
        ResultStep::DdSupport => 4,
        ResultStep::DdMafLoss => 5,
        ResultStep::DdAttackerLoss => 6,
        ResultStep::DspdOffer => 7,
        ResultStep::DspdFirst => 8,
        ResultStep::DspdSecond => 9,
        ResultStep::Retreat => 10,
        ResultStep::Advance => 11,
        ResultStep::Overstack => 12,
    }
}

/// The global values, in [`global_names`]' order.
fn globals(game: &Normandy44, seat: Option<Seat>, counts: &[[f32; 11]; 2]) -> Vec<f32> {
    use crate::invasion::Sub;
    let mut v: Vec<f32> = Vec::with_capacity(256);
    let turn = f32::from(game.turn);
    let last = f32::from(game.last_turn);
    v.extend([turn / 22.0, last / 22.0, (last - turn).max(0.0) / 22.0]);
    let scenario = match game.scenario {
        Scenario::Campaign => 0,
        Scenario::MiniGame => 1,
        Scenario::Cherbourg => 2,
    };
    one_hot(&mut v, 3, Some(scenario));
    let weather = match game.weather.condition {
        Weather::Storm => 0,
        Weather::Overcast => 1,
        Weather::Clear => 2,
    };
    one_hot(&mut v, 3, Some(weather));
    v.push(f32::from(game.weather.row) / 6.0);
    let step = match game.step {
        Step::Invasion(_) => 0,
        Step::Initial => 1,
        Step::Begin(_) => 2,
        Step::Phase(..) => 3,
        Step::Final => 4,
        Step::Over => 5,
        Step::InitialChoice => 6,
        Step::FinalChoice => 7,
    };
    one_hot(&mut v, 8, Some(step));
    one_hot(&mut v, 2, game.phasing().map(Side::index));
    let (phase, stage) = match game.step {
        Step::Phase(_, phase, stage) => (Some(phase_index(phase)), Some(stage)),
        _ => (None, None),
    };
    one_hot(&mut v, 7, phase);
    let stage_index = stage.map(|s| match s {
        Stage::Open => 0,
        Stage::Moving { .. } => 1,
        Stage::Attack { .. } => 2,
        Stage::Result { .. } => 3,
    });
    one_hot(&mut v, 4, stage_index);
    let (stack, moving) = match stage {
        Some(Stage::Moving { stack, mode: m, .. }) => (stack, Some(mode(m) as usize)),
        _ => (false, None),
    };
    v.push(flag(stack));
    one_hot(&mut v, 6, moving);
    let acting = game.outcome.is_none().then(|| crate::seats::to_act(game));
    one_hot(&mut v, 2, acting.map(|_| game.decider().index()));
    v.push(f32::from(game.part.min(1)));
    let viewer_side = seat.map(|s| crate::state::side_of_seat(s).index());
    one_hot(&mut v, 2, viewer_side);
    v.push(flag(seat.is_some() && seat == acting));
    let invasion = &game.invasion;
    let (assault, stage, gliders) = match game.step {
        Step::Invasion(k) => match crate::invasion::decode(k) {
            Sub::Assault(i, s) => (f32::from(i) + 1.0, s as u8 as f32 + 1.0, false),
            Sub::GliderLanding => (0.0, 0.0, true),
            Sub::Drops | Sub::Over => (0.0, 0.0, false),
        },
        _ => (0.0, 0.0, false),
    };
    v.extend([assault / 9.0, stage / 6.0, flag(gliders)]);
    v.push(f32::from(invasion.roll) / 6.0);
    v.push(f32::from(invasion.losses_due) / 8.0);
    v.push(invasion.delayed_gliders.count_ones() as f32 / 2.0);
    v.extend((0..ASSAULTS.len()).map(|i| flag(invasion.failed & (1 << i) != 0)));
    v.extend((0..ASSAULTS.len()).map(|i| flag(invasion.bloody_first & (1 << i) != 0)));
    let tracks = &game.tracks;
    v.extend(tracks.supply.iter().map(|&s| f32::from(s) / 19.0));
    v.extend(tracks.replacements.iter().map(|&r| f32::from(r) / 9.0));
    v.extend(tracks.rp.iter().map(|&r| f32::from(r) / 12.0));
    v.extend(tracks.rp_landed.iter().map(|&r| f32::from(r) / 4.0));
    v.extend(tracks.air.iter().map(|&a| f32::from(a) / 4.0));
    v.extend(tracks.naval.iter().map(|&n| f32::from(n) / 4.0));
    v.extend(tracks.ip_allowance.iter().map(|&n| f32::from(n) / 4.0));
    for mulberry in game.mulberries {
        let k = match mulberry {
            Mulberry::NotStarted => 0,
            Mulberry::Building { .. } => 1,
            Mulberry::Complete => 2,
            Mulberry::Destroyed => 3,
        };
        one_hot(&mut v, 4, Some(k));
    }
    let combat = &game.combat;
    one_hot(
        &mut v,
        RESULT_STEPS.len(),
        Some(result_step_index(combat.step)),
    );
    v.push(f32::from(combat.count) / 4.0);
    v.push(f32::from(combat.defender_steps) / 8.0);
    v.push(flag(matches!(combat.maf, MafChoice::Formation(_))));
    v.push(flag(matches!(combat.maf, MafChoice::BattleGroup)));
    v.push(combat.artillery.len() as f32 / 3.0);
    v.push(f32::from(combat.air) / 2.0);
    v.push(flag(combat.naval));
    v.push(flag(combat.advance == AdvanceRight::Limited));
    v.push(flag(combat.advance == AdvanceRight::Full));
    v.push(flag(combat.advance == AdvanceRight::FullOrReserve));
    v.push(flag(combat.dd_failed));
    v.push(flag(combat.strafing_over));
    v.push(game.attackers.len() as f32 / 8.0);
    v.push(f32::from(game.supply_due) / 4.0);
    v.push(f32::from(game.cw_choice_due) / 4.0);
    v.extend(game.mobilized.map(flag));
    v.push(flag(game.cotentin_relocated));
    v.push(flag(game.fortress_removed));
    v.push(flag(game.cherbourg_armor));
    v.push(flag(game.withdrawal_offered));
    v.push(game.batteries_silenced.count_ones() as f32 / 4.0);
    v.push(flag(game.bombardment.turn != 0));
    for side in counts {
        v.push(side[0] / 100.0);
        v.push(side[1] / 200.0);
        v.extend(side[2..].iter().map(|c| c / 100.0));
    }
    let options = &game.options;
    v.extend([
        flag(options.historical_weather),
        flag(options.flank_fire),
        flag(options.naval_batteries),
        flag(options.solitaire),
        flag(options.landed_units_full_advance),
        f32::from(game.seat_count()) / 4.0,
    ]);
    v
}

/// What `viewer` observes ([`overlord_engine::Game::observe`]): the whole table (6.3), with
/// the viewer's own side and units marked.
pub(crate) fn observe(game: &Normandy44, viewer: Viewer, out: &mut Vec<f32>) {
    let shape = observation_shape(game);
    let cells = shape.cells as usize;
    let seat = match viewer {
        Viewer::Seat(seat) => Some(seat),
        Viewer::Spectator => None,
    };
    out.clear();
    out.resize(PLANES * cells, 0.0);
    let mut planes = Planes {
        values: &mut out[..],
        cells,
    };
    map_planes(&game.data, &mut planes);
    marker_planes(game, &mut planes);
    let counts = unit_planes(game, seat, &mut planes);
    out.extend(globals(game, seat, &counts));
    // The shape is the contract: never more or fewer values than it says.
    out.resize(shape.len(), 0.0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn data() -> Arc<N44Data> {
        crate::testkit::shipped_data()
    }

    /// The constants name the blocks `space` adds, in its order.
    #[test]
    fn the_block_constants_name_the_blocks_in_order() {
        let data = data();
        let space = space(&data);
        let named = [
            (block::DONE, "done"),
            (block::FORTRESS_SUPPLY, "fortress_supply"),
            (block::CW_REPLACEMENT, "cw_replacement"),
            (block::BANK_PT, "bank_pt"),
            (block::GLIDER_LANDING, "glider_landing"),
            (block::REPLACE, "replace"),
            (block::RETURN, "return"),
            (block::BUY_SUPPLY, "buy_supply"),
            (block::PICK, "pick"),
            (block::PICK_STACK, "pick_stack"),
            (block::MODE, "mode"),
            (block::MOVE_TO, "move_to"),
            (block::UNPICK, "unpick"),
            (block::ENTER, "enter"),
            (block::DELAY, "delay"),
            (block::MOBILIZE, "mobilize"),
            (block::LAND, "land"),
            (block::EVACUATE, "evacuate"),
            (block::RESERVE, "reserve"),
            (block::UNRESERVE, "unreserve"),
            (block::START_IP, "start_ip"),
            (block::REMOVE_IP, "remove_ip"),
            (block::RELOCATE_COTENTIN_HQ, "relocate_cotentin_hq"),
            (block::LOSE, "lose"),
            (block::STRAFE, "strafe"),
            (block::ATTACK, "attack"),
            (block::JOIN, "join"),
            (block::MAF, "maf"),
            (block::BATTLE_GROUP, "battle_group"),
            (block::ARTILLERY, "artillery"),
            (block::AIR_SUPPORT, "air_support"),
            (block::NAVAL_SUPPORT, "naval_support"),
            (block::CONFIRM, "confirm"),
            (block::CANCEL, "cancel"),
            (block::DETERMINED_DEFENSE, "determined_defense"),
            (block::DD_ARTILLERY, "dd_artillery"),
            (block::DD_AIR, "dd_air"),
            (block::DD_NAVAL, "dd_naval"),
            (block::DESPERATE_DEFENSE, "desperate_defense"),
            (block::RETREAT, "retreat"),
            (block::ADVANCE, "advance"),
            (block::RESERVE_AFTER_COMBAT, "reserve_after_combat"),
            (block::WITHDRAW, "withdraw"),
            (block::INVASION_ADVANCE, "invasion_advance"),
            (block::SUPPRESS, "suppress"),
        ];
        for (id, name) in named {
            assert_eq!(space.blocks()[id.0].name, name);
        }
        assert_eq!(space.blocks().len(), named.len());
        // Every block is named as its action serialises (snake case of the variant).
        for (block, (_, name)) in space.blocks().iter().zip(named) {
            assert_eq!(block.name, name);
        }
        assert!(space.size() < 200_000, "{} ids", space.size());
    }

    #[test]
    fn the_shape_has_a_plane_per_name_over_the_map_and_its_globals() {
        let data = data();
        let shape = shape(&data);
        assert_eq!(shape.planes.len(), PLANES);
        assert_eq!(shape.cells as usize, data.map.hexes.len());
        assert_eq!(shape.cell_names.len(), data.map.hexes.len());
        assert_eq!(
            shape.len(),
            PLANES * data.map.hexes.len() + shape.globals.len()
        );
        let mut names = shape.planes.clone();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), shape.planes.len(), "plane names repeat");
        let mut names = shape.globals.clone();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), shape.globals.len(), "global names repeat");
    }

    /// Every observation writes exactly one value per global name, all of them in 0..=1-ish.
    #[test]
    fn an_observation_fills_the_shape_with_small_nonnegative_values() {
        use overlord_engine::{Game, GameRng, Log};
        let data = data();
        for scenario in ["mini", "campaign", "cherbourg"] {
            let mut log = Log::default();
            let game = Normandy44::setup(
                &data,
                scenario,
                &crate::state::N44Options::default(),
                GameRng::seeded(7),
                &mut log,
            )
            .unwrap();
            let shape = observation_shape(&game);
            let seat = Some(Seat(0));
            let mut scratch = vec![0.0; PLANES * shape.cells as usize];
            let mut planes = Planes {
                values: &mut scratch,
                cells: shape.cells as usize,
            };
            let counts = unit_planes(&game, seat, &mut planes);
            assert_eq!(globals(&game, seat, &counts).len(), shape.globals.len());
            let mut out = Vec::new();
            game.observe(Viewer::Seat(Seat(1)), &mut out);
            assert_eq!(out.len(), shape.len());
            for (i, x) in out.iter().enumerate() {
                assert!((0.0..=4.0).contains(x), "value {i} is {x}");
            }
        }
    }

    /// Offsets count every hex within the radius once, the hex itself included.
    #[test]
    fn offsets_number_the_hexes_within_a_radius() {
        let data = data();
        let hexes = &data.map.hexes;
        let centre = data.map.hex("1815").unwrap();
        let mut seen = Vec::new();
        for h in hexes.ids() {
            let d = hexes.distance(centre, h);
            let o = offset(hexes, centre, h, RETREAT_RADIUS);
            if d <= 6 {
                let o = o.unwrap();
                assert!(o < offsets_within(RETREAT_RADIUS));
                assert!(!seen.contains(&o));
                seen.push(o);
            } else {
                assert_eq!(o, None);
            }
        }
        assert_eq!(offsets_within(2), 19);
    }

    /// The sizes on the shipped data, as docs/normandy44/encoding.md gives them
    /// (`cargo test -p overlord-normandy44 encoding::tests::sizes -- --nocapture`).
    #[test]
    fn sizes() {
        let data = data();
        let space = space(&data);
        let shape = shape(&data);
        for b in space.blocks() {
            println!("{:>6} {:>6} {} {:?}", b.offset, b.size, b.name, b.dims);
        }
        println!(
            "actions {}; observation {} planes x {} cells + {} globals = {}",
            space.size(),
            shape.planes.len(),
            shape.cells,
            shape.globals.len(),
            shape.len()
        );
        for p in &shape.planes {
            println!("plane {p}");
        }
        for g in &shape.globals {
            println!("global {g}");
        }
    }
}
