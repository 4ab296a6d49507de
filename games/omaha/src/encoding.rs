//! The fixed action space and observation tensor of D-Day at Omaha Beach, for learning agents
//! (the engine's `encoding`; the Python package's environments). docs/omaha/encoding.md
//! documents both.
//!
//! Actions: one block per kind of action, in [`OmahaAction`]'s order. A move is numbered
//! relative to where its unit stands (a direction, or two for a two-hex path), and the unit
//! moving with another by its partner's place among the units of its hex, so that the space
//! stays small (about 135,000 ids on the shipped map) while telling apart every legal action
//! of a position. Targets elsewhere on the map (a barrage, a deployment) are hexes.
//!
//! Observation: planes over the map's hexes (the ground, then the US units, the German
//! counters as the player sees them, markers), then global values. It reads only what the
//! player's view shows (the conformance suite compares it across determinizations).

use crate::action::{HeroChoice, OmahaAction};
use crate::data::{Division, Sector, UsKind};
use crate::index::{Ground, HexId, Index, UsId};
use crate::state::{GerLoc, Omaha, UsFlags, UsLoc};
use overlord_engine::encoding::{ActionSpace, ObservationShape};

/// Six directions around a hex, in `hexx`'s order.
const DIRECTIONS: u32 = 6;
/// A unit's partner is named by its place among the other units of its hex: at most this
/// many are told apart (stacking allows far fewer; an overstacked hex waits for 7.63).
const PARTNERS: u32 = 8;
/// Turns on the Turn track, 0 to 32.
const TURNS: u32 = 33;

/// The blocks, in the order `space` adds them: `BlockId(n)` is the `n`th.
mod block {
    use overlord_engine::encoding::BlockId;
    pub const RANGER_DRIFT: BlockId = BlockId(0);
    pub const MINE_VICTIM: BlockId = BlockId(1);
    pub const LEADER_FOLLOWS: BlockId = BlockId(2);
    pub const PLACE_IN_BOX: BlockId = BlockId(3);
    pub const DELAY: BlockId = BlockId(4);
    pub const CLEAR: BlockId = BlockId(5);
    pub const STOP_CLEARING: BlockId = BlockId(6);
    pub const FIRST_DIVISION: BlockId = BlockId(7);
    pub const MOVE: BlockId = BlockId(8);
    pub const MOVE_PAIR: BlockId = BlockId(9);
    pub const START_CLIFF: BlockId = BlockId(10);
    pub const CONTINUE_CLIFF: BlockId = BlockId(11);
    pub const REMOVE_CLIMB: BlockId = BlockId(12);
    pub const REMOVE_DISRUPTED: BlockId = BlockId(13);
    pub const COMPLETE_INFILTRATION: BlockId = BlockId(14);
    pub const END_DIVISION: BlockId = BlockId(15);
    pub const ELIMINATE_FOR_STACKING: BlockId = BlockId(16);
    pub const ATTACK: BlockId = BlockId(17);
    pub const ATTACK_WITH: BlockId = BlockId(18);
    pub const ATTACK_WITH_PAIR: BlockId = BlockId(19);
    pub const ATTACK_DECLARED: BlockId = BlockId(20);
    pub const NAVAL_SUPPORT: BlockId = BlockId(21);
    pub const ATTACK_CONFIRM: BlockId = BlockId(22);
    pub const ATTACK_BACK: BlockId = BlockId(23);
    pub const HERO_BONUS: BlockId = BlockId(24);
    pub const ATTRITION: BlockId = BlockId(25);
    pub const BARRAGE: BlockId = BlockId(26);
    pub const NAVAL_BARRAGE: BlockId = BlockId(27);
    pub const PLACE_HERO: BlockId = BlockId(28);
    pub const ADD_STEP: BlockId = BlockId(29);
    pub const REVEAL_GERMAN: BlockId = BlockId(30);
    pub const MEEMIES_TARGET: BlockId = BlockId(31);
    pub const NAVAL_HIT_TARGET: BlockId = BlockId(32);
    pub const SACRIFICE_HERO: BlockId = BlockId(33);
    pub const FIRE_TIE_TARGET: BlockId = BlockId(34);
    pub const LEADER_TARGET: BlockId = BlockId(35);
    pub const TANK_MOVE_TO: BlockId = BlockId(36);
    pub const ARTILLERY_TARGET: BlockId = BlockId(37);
    pub const GERMAN_TARGET: BlockId = BlockId(38);
    pub const REDEPLOY_TO: BlockId = BlockId(39);
    pub const DISPLACE: BlockId = BlockId(40);
    pub const MOVE_ALONG: BlockId = BlockId(41);
    pub const PLACE_BASE: BlockId = BlockId(42);
    pub const ADVANCE_BASE: BlockId = BlockId(43);
    pub const SKIP_BASE: BlockId = BlockId(44);
    pub const ESTABLISH_CP: BlockId = BlockId(45);
    pub const COMMAND_POSTS_DONE: BlockId = BlockId(46);
    pub const ABANDON_CP: BlockId = BlockId(47);
    pub const EXIT_MAP: BlockId = BlockId(48);
    pub const DEPLOY_ON_HEX: BlockId = BlockId(49);
    pub const MOVE_PAIR_ALONG: BlockId = BlockId(50);
    pub const START_CLIFF_PAIR: BlockId = BlockId(51);
}

/// The action space of the components in `index`: the same for every scenario.
fn space(index: &Index) -> ActionSpace {
    let units = u32::try_from(index.us.len()).unwrap_or(u32::MAX);
    let hexes = u32::try_from(index.hexes.len()).unwrap_or(u32::MAX);
    let boxes = u32::try_from(index.boxes.len()).unwrap_or(u32::MAX);
    let slots = u32::try_from(index.slots.len()).unwrap_or(u32::MAX);
    let positions = u32::try_from(index.positions.len()).unwrap_or(u32::MAX);
    let unit = ("unit", units);
    let hex = ("hex", hexes);
    let direction = ("direction", DIRECTIONS);
    let partner = ("partner", PARTNERS);
    let yes = ("yes", 2);
    let mut space = ActionSpace::new();
    // The order of `block`'s constants.
    space.block("ranger_drift", &[("boxes", boxes)]);
    space.block("mine_victim", &[unit]);
    space.block("leader_follows", &[("unit_or_none", units + 1)]);
    space.block("place_in_box", &[unit, ("landing_box", boxes)]);
    space.block("delay", &[unit, ("to_turn", TURNS)]);
    space.block("clear", &[hex]);
    space.block("stop_clearing", &[]);
    space.block("first_division", &[("division", 2)]);
    space.block("move", &[unit, direction]);
    space.block("move_pair", &[unit, partner, direction]);
    space.block("start_cliff", &[unit, direction]);
    space.block("continue_cliff", &[unit, direction]);
    space.block("remove_climb", &[unit]);
    space.block("remove_disrupted", &[unit]);
    space.block("complete_infiltration", &[yes]);
    space.block("end_division", &[]);
    space.block("eliminate_for_stacking", &[unit]);
    space.block("attack", &[("target", hexes)]);
    space.block("attack_with", &[unit]);
    space.block("attack_with_pair", &[unit, partner]);
    space.block("attack_declared", &[]);
    space.block("naval_support", &[yes]);
    space.block("attack_confirm", &[]);
    space.block("attack_back", &[]);
    space.block("hero_bonus", &[("bonus", 3)]);
    space.block("attrition", &[("unit_or_none", units + 1)]);
    space.block("barrage", &[unit, ("target", hexes)]);
    space.block("naval_barrage", &[("target", hexes)]);
    space.block("place_hero", &[unit]);
    space.block("add_step", &[unit]);
    space.block("reveal_german", &[("slot", slots)]);
    space.block("meemies_target", &[unit]);
    space.block("naval_hit_target", &[unit]);
    space.block("sacrifice_hero", &[yes]);
    space.block("fire_tie_target", &[unit]);
    space.block("leader_target", &[unit]);
    space.block("tank_move_to", &[hex]);
    space.block("artillery_target", &[unit]);
    space.block("german_target", &[unit]);
    space.block("redeploy_to", &[("position", positions)]);
    space.block("displace", &[unit, direction]);
    space.block(
        "move_along",
        &[unit, ("first", DIRECTIONS), ("second", DIRECTIONS)],
    );
    space.block("place_base", &[hex]);
    space.block("advance_base", &[hex]);
    space.block("skip_base", &[]);
    space.block("establish_cp", &[("hq", units)]);
    space.block("command_posts_done", &[]);
    space.block("abandon_cp", &[("hq", units)]);
    space.block("exit_map", &[unit]);
    space.block("deploy_on_hex", &[unit, hex]);
    space.block(
        "move_pair_along",
        &[unit, partner, ("first", DIRECTIONS), ("second", DIRECTIONS)],
    );
    space.block("start_cliff_pair", &[unit, partner, direction]);
    space
}

/// What each plane holds, in order (`plane` below writes them).
const PLANES: [&str; 23] = [
    "ground_sea",
    "ground_beach",
    "ground_flat",
    "ground_high",
    "obstacle",
    "sector_east",
    "german_fire_points/4",
    "us_units/4",
    "us_steps/8",
    "us_armored/2",
    "us_disrupted/2",
    "us_acted/4",
    "us_leaders/2",
    "us_engineers/2",
    "german_units/2",
    "german_strength_revealed/8",
    "german_disrupted/2",
    "german_depth_markers/2",
    "german_tank",
    "cleared",
    "engineer_base",
    "command_post",
    "smoke",
];

/// What each global value holds, in order, before one value per landing box
/// (`us_units_in_box_<name>/8`).
const GLOBALS: [&str; 8] = [
    "turn/32",
    "deck_left/60",
    "turn_cards/8",
    "plunging_fire",
    "us_waiting_on_track/20",
    "us_eliminated/20",
    "us_exited/10",
    "german_counters_in_pools/20",
];

fn shape(index: &Index) -> ObservationShape {
    ObservationShape {
        planes: PLANES.iter().map(|p| (*p).to_owned()).collect(),
        cells: u32::try_from(index.hexes.len()).unwrap_or(u32::MAX),
        cell_names: index.hexes.iter().map(|h| h.label.to_string()).collect(),
        globals: GLOBALS
            .iter()
            .map(|g| (*g).to_owned())
            .chain(
                index
                    .boxes
                    .iter()
                    .map(|b| format!("us_units_in_box_{}/8", b.name)),
            )
            .collect(),
    }
}

fn tables(state: &Omaha) -> &(ActionSpace, ObservationShape) {
    let data = &state.data;
    data.encoding
        .get_or_init(|| (space(&data.index), shape(&data.index)))
}

pub(crate) fn action_space(state: &Omaha) -> &ActionSpace {
    &tables(state).0
}

pub(crate) fn observation_shape(state: &Omaha) -> &ObservationShape {
    &tables(state).1
}

/// The direction from `from` to the adjacent `to`.
fn direction(index: &Index, from: HexId, to: HexId) -> Option<u32> {
    let a = index.hexes.get(usize::from(from))?.hex;
    let b = index.hexes.get(usize::from(to))?.hex;
    overlord_hexmap::direction_between(a, b).map(|d| u32::from(d.index()))
}

/// The direction from where `unit` stands to the adjacent `to`.
fn step_of(state: &Omaha, unit: UsId, to: HexId) -> Option<u32> {
    direction(&state.data.index, crate::state::hex_of(state, unit)?, to)
}

/// The place of `with` among the other units in `unit`'s hex, by roster order.
fn partner_of(state: &Omaha, unit: UsId, with: UsId) -> Option<u32> {
    let here = crate::state::hex_of(state, unit)?;
    let mut place = 0;
    for (other, u) in state.us.iter().enumerate() {
        let other = UsId::try_from(other).ok()?;
        if other == unit || u.loc != UsLoc::Hex(here) {
            continue;
        }
        if other == with {
            return (place < PARTNERS).then_some(place);
        }
        place += 1;
    }
    None
}

/// The two directions of a two-hex path from where `unit` stands.
fn two_steps(state: &Omaha, unit: UsId, hexes: &[HexId]) -> Option<[u32; 2]> {
    let [first, second] = hexes else {
        return None;
    };
    Some([
        step_of(state, unit, *first)?,
        direction(&state.data.index, *first, *second)?,
    ])
}

fn yes(answer: bool) -> u32 {
    u32::from(answer)
}

fn division(division: Division) -> u32 {
    match division {
        Division::First => 0,
        Division::TwentyNinth => 1,
    }
}

fn hero_choice(choice: HeroChoice) -> u32 {
    match choice {
        HeroChoice::Strength => 0,
        HeroChoice::Wildcard => 1,
        HeroChoice::Nothing => 2,
    }
}

/// `unit`, or `None` as 0 and the units from 1.
fn unit_or_none(unit: Option<UsId>) -> u32 {
    unit.map_or(0, |u| u32::from(u) + 1)
}

/// The id of `action` in this state ([`overlord_engine::Game::action_id`]).
pub(crate) fn action_id(state: &Omaha, action: &OmahaAction) -> Option<u32> {
    use OmahaAction as A;
    let space = action_space(state);
    let u = |unit: &UsId| u32::from(*unit);
    let h = |hex: &HexId| u32::from(*hex);
    match action {
        A::RangerDrift { boxes } => space.id(block::RANGER_DRIFT, &[u32::from(*boxes)]),
        A::MineVictim { unit } => space.id(block::MINE_VICTIM, &[u(unit)]),
        A::LeaderFollows { unit } => space.id(block::LEADER_FOLLOWS, &[unit_or_none(*unit)]),
        A::PlaceInBox { unit, landing_box } => {
            space.id(block::PLACE_IN_BOX, &[u(unit), u32::from(*landing_box)])
        }
        A::Delay { unit, to_turn } => space.id(block::DELAY, &[u(unit), u32::from(*to_turn)]),
        A::Clear { hex } => space.id(block::CLEAR, &[h(hex)]),
        A::StopClearing => space.id(block::STOP_CLEARING, &[]),
        A::FirstDivision { division: d } => space.id(block::FIRST_DIVISION, &[division(*d)]),
        A::Move { unit, to } => space.id(block::MOVE, &[u(unit), step_of(state, *unit, *to)?]),
        A::MovePair { unit, with, to } => space.id(
            block::MOVE_PAIR,
            &[
                u(unit),
                partner_of(state, *unit, *with)?,
                step_of(state, *unit, *to)?,
            ],
        ),
        A::StartCliff { unit, toward } => space.id(
            block::START_CLIFF,
            &[u(unit), step_of(state, *unit, *toward)?],
        ),
        A::ContinueCliff { unit, to } => space.id(
            block::CONTINUE_CLIFF,
            &[u(unit), step_of(state, *unit, *to)?],
        ),
        A::RemoveClimb { unit } => space.id(block::REMOVE_CLIMB, &[u(unit)]),
        A::RemoveDisrupted { unit } => space.id(block::REMOVE_DISRUPTED, &[u(unit)]),
        A::CompleteInfiltration { go } => space.id(block::COMPLETE_INFILTRATION, &[yes(*go)]),
        A::EndDivision => space.id(block::END_DIVISION, &[]),
        A::EliminateForStacking { unit } => space.id(block::ELIMINATE_FOR_STACKING, &[u(unit)]),
        A::Attack { target } => space.id(block::ATTACK, &[h(target)]),
        A::AttackWith { unit } => space.id(block::ATTACK_WITH, &[u(unit)]),
        A::AttackWithPair { unit, with } => space.id(
            block::ATTACK_WITH_PAIR,
            &[u(unit), partner_of(state, *unit, *with)?],
        ),
        A::AttackDeclared => space.id(block::ATTACK_DECLARED, &[]),
        A::NavalSupport { use_marker } => space.id(block::NAVAL_SUPPORT, &[yes(*use_marker)]),
        A::AttackConfirm => space.id(block::ATTACK_CONFIRM, &[]),
        A::AttackBack => space.id(block::ATTACK_BACK, &[]),
        A::HeroBonus { bonus } => space.id(block::HERO_BONUS, &[hero_choice(*bonus)]),
        A::Attrition { unit } => space.id(block::ATTRITION, &[unit_or_none(*unit)]),
        A::Barrage { unit, target } => space.id(block::BARRAGE, &[u(unit), h(target)]),
        A::NavalBarrage { target } => space.id(block::NAVAL_BARRAGE, &[h(target)]),
        A::PlaceHero { unit } => space.id(block::PLACE_HERO, &[u(unit)]),
        A::AddStep { unit } => space.id(block::ADD_STEP, &[u(unit)]),
        A::RevealGerman { slot } => space.id(block::REVEAL_GERMAN, &[u32::from(*slot)]),
        A::MeemiesTarget { unit } => space.id(block::MEEMIES_TARGET, &[u(unit)]),
        A::NavalHitTarget { unit } => space.id(block::NAVAL_HIT_TARGET, &[u(unit)]),
        A::SacrificeHero { sacrifice } => space.id(block::SACRIFICE_HERO, &[yes(*sacrifice)]),
        A::FireTieTarget { unit } => space.id(block::FIRE_TIE_TARGET, &[u(unit)]),
        A::LeaderTarget { unit } => space.id(block::LEADER_TARGET, &[u(unit)]),
        A::TankMoveTo { hex } => space.id(block::TANK_MOVE_TO, &[h(hex)]),
        A::ArtilleryTarget { unit } => space.id(block::ARTILLERY_TARGET, &[u(unit)]),
        A::GermanTarget { unit } => space.id(block::GERMAN_TARGET, &[u(unit)]),
        A::RedeployTo { position } => space.id(block::REDEPLOY_TO, &[u32::from(*position)]),
        A::Displace { unit, to } => {
            space.id(block::DISPLACE, &[u(unit), step_of(state, *unit, *to)?])
        }
        A::MoveAlong { unit, path } => {
            let [first, second] = two_steps(state, *unit, path.hexes())?;
            space.id(block::MOVE_ALONG, &[u(unit), first, second])
        }
        A::PlaceBase { hex } => space.id(block::PLACE_BASE, &[h(hex)]),
        A::AdvanceBase { hex } => space.id(block::ADVANCE_BASE, &[h(hex)]),
        A::SkipBase => space.id(block::SKIP_BASE, &[]),
        A::EstablishCp { hq } => space.id(block::ESTABLISH_CP, &[u(hq)]),
        A::CommandPostsDone => space.id(block::COMMAND_POSTS_DONE, &[]),
        A::AbandonCp { hq } => space.id(block::ABANDON_CP, &[u(hq)]),
        A::ExitMap { unit } => space.id(block::EXIT_MAP, &[u(unit)]),
        A::DeployOnHex { unit, hex } => space.id(block::DEPLOY_ON_HEX, &[u(unit), h(hex)]),
        A::MovePairAlong { unit, with, path } => {
            let [first, second] = two_steps(state, *unit, path.hexes())?;
            space.id(
                block::MOVE_PAIR_ALONG,
                &[u(unit), partner_of(state, *unit, *with)?, first, second],
            )
        }
        A::StartCliffPair { unit, with, toward } => space.id(
            block::START_CLIFF_PAIR,
            &[
                u(unit),
                partner_of(state, *unit, *with)?,
                step_of(state, *unit, *toward)?,
            ],
        ),
    }
}

/// Add `value` to plane `plane` at `hex`.
fn add(out: &mut [f32], cells: usize, plane: usize, hex: HexId, value: f32) {
    if let Some(cell) = out.get_mut(plane * cells + usize::from(hex)) {
        *cell += value;
    }
}

/// The player's observation ([`overlord_engine::Game::observe`]): the game is solitaire, and
/// every viewer sees what the player sees.
pub(crate) fn observe(state: &Omaha, out: &mut Vec<f32>) {
    let index = &state.data.index;
    let shape = observation_shape(state);
    let cells = index.hexes.len();
    out.clear();
    out.resize(shape.len(), 0.0);
    let planes = &mut out[..PLANES.len() * cells];
    for (h, info) in index.hexes.iter().enumerate() {
        let Ok(hex) = HexId::try_from(h) else { break };
        let ground = match info.ground {
            Ground::Sea => 0,
            Ground::Beach => 1,
            Ground::Flat => 2,
            Ground::High => 3,
        };
        add(planes, cells, ground, hex, 1.0);
        if info.obstacle {
            add(planes, cells, 4, hex, 1.0);
        }
        if info.sector == Sector::East {
            add(planes, cells, 5, hex, 1.0);
        }
        add(planes, cells, 6, hex, info.fire.len() as f32 / 4.0);
        if state.is_cleared(hex) {
            add(planes, cells, 19, hex, 1.0);
        }
    }
    let mut waiting = 0.0;
    let mut eliminated = 0.0;
    let mut exited = 0.0;
    let mut in_boxes = vec![0.0f32; index.boxes.len()];
    for (i, unit) in state.us.iter().enumerate() {
        let info = &index.us[i];
        match unit.loc {
            UsLoc::Hex(hex) => {
                add(planes, cells, 7, hex, 0.25);
                add(planes, cells, 8, hex, f32::from(unit.steps) / 8.0);
                if info.armored() {
                    add(planes, cells, 9, hex, 0.5);
                }
                if unit.flags.0 & UsFlags::DISRUPTED != 0 {
                    add(planes, cells, 10, hex, 0.5);
                }
                if unit.flags.0 & UsFlags::ACTED != 0 {
                    add(planes, cells, 11, hex, 0.25);
                }
                if info.is_leader() {
                    add(planes, cells, 12, hex, 0.5);
                }
                if info.kind() == Some(UsKind::Engineer) {
                    add(planes, cells, 13, hex, 0.5);
                }
            }
            UsLoc::Track(_) => waiting += 1.0,
            UsLoc::Box(b) => {
                if let Some(count) = in_boxes.get_mut(usize::from(b)) {
                    *count += 1.0;
                }
            }
            UsLoc::Eliminated => eliminated += 1.0,
            UsLoc::Exited(_) => exited += 1.0,
            UsLoc::OutOfPlay => {}
        }
    }
    let mut pooled = 0.0;
    for (i, german) in state.germans.iter().enumerate() {
        let hex = match german.loc {
            GerLoc::Slot(slot) => index.slots.get(usize::from(slot)).map(|s| s.hex),
            GerLoc::Hex(hex) => {
                add(planes, cells, 18, hex, 1.0);
                Some(hex)
            }
            GerLoc::Pool(_) => {
                pooled += 1.0;
                None
            }
            GerLoc::OutOfPlay => None,
        };
        let Some(hex) = hex else { continue };
        add(planes, cells, 14, hex, 0.5);
        // A tank on the map is always face up (23.41); a unit in a slot once revealed (9.1).
        if german.revealed || matches!(german.loc, GerLoc::Hex(_)) {
            add(
                planes,
                cells,
                15,
                hex,
                f32::from(index.germans[i].strength) / 8.0,
            );
        }
        if german.disrupted {
            add(planes, cells, 16, hex, 0.5);
        }
        if german.depth.is_some() {
            add(planes, cells, 17, hex, 0.5);
        }
    }
    pooled += state
        .depth
        .iter()
        .filter(|d| matches!(d.loc, crate::state::DepthLoc::Pool(_)))
        .count() as f32;
    for base in &state.bases {
        add(planes, cells, 20, base.hex, 1.0);
    }
    for post in &state.command_posts {
        if let Some(hex) = crate::state::hex_of(state, post.hq) {
            add(planes, cells, 21, hex, 1.0);
        }
    }
    for &position in &state.smoke {
        if let Some(info) = index.positions.get(usize::from(position)) {
            for &slot in &info.slots {
                if let Some(s) = index.slots.get(usize::from(slot)) {
                    add(planes, cells, 22, s.hex, 1.0);
                }
            }
        }
    }
    let globals = &mut out[PLANES.len() * cells..];
    let values = [
        f32::from(state.turn) / 32.0,
        state.deck.view().draw_count as f32 / 60.0,
        state.turn_cards.len() as f32 / 8.0,
        f32::from(u8::from(state.plunging_fire)),
        waiting / 20.0,
        eliminated / 20.0,
        exited / 10.0,
        pooled / 20.0,
    ];
    for (slot, value) in globals
        .iter_mut()
        .zip(values.into_iter().chain(in_boxes.iter().map(|c| c / 8.0)))
    {
        *slot = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn data() -> Arc<crate::data::OmahaData> {
        use overlord_engine::Components;
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
        Arc::new(crate::data::OmahaData::load(&dir).unwrap())
    }

    /// The constants name the blocks `space` adds, in its order.
    #[test]
    fn the_block_constants_name_the_blocks_in_order() {
        let data = data();
        let space = space(&data.index);
        let named = [
            (block::RANGER_DRIFT, "ranger_drift"),
            (block::MOVE, "move"),
            (block::MOVE_PAIR, "move_pair"),
            (block::ATTACK, "attack"),
            (block::BARRAGE, "barrage"),
            (block::REDEPLOY_TO, "redeploy_to"),
            (block::MOVE_ALONG, "move_along"),
            (block::DEPLOY_ON_HEX, "deploy_on_hex"),
            (block::MOVE_PAIR_ALONG, "move_pair_along"),
            (block::START_CLIFF_PAIR, "start_cliff_pair"),
        ];
        for (id, name) in named {
            assert_eq!(space.blocks()[id.0].name, name);
        }
        assert_eq!(space.blocks().len(), 52);
        // Every kind of action has its block, named as the action serialises.
        for b in space.blocks() {
            assert!(!b.name.is_empty());
        }
        assert!(space.size() < 200_000, "{} ids", space.size());
    }

    #[test]
    fn the_shape_has_a_plane_per_name_over_the_map_and_a_value_per_landing_box() {
        let data = data();
        let shape = shape(&data.index);
        assert_eq!(shape.planes.len(), PLANES.len());
        assert_eq!(shape.cells as usize, data.index.hexes.len());
        assert_eq!(shape.cell_names.len(), data.index.hexes.len());
        assert_eq!(shape.globals.len(), GLOBALS.len() + data.index.boxes.len());
    }
}
