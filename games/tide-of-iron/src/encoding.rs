//! The fixed action space and observation tensor of Tide of Iron, for learning agents (the
//! engine's `encoding`; the Python package's environments). docs/tide-of-iron/encoding.md
//! documents both.
//!
//! Each scenario has its own battlefield and units, so each has its own space and shape, the
//! same in every position of it (kept with the scenario). Actions: one block per kind, in
//! [`ToiAction`]'s order, over the scenario's units (by their index), its battlefield's hexes
//! and the data's cards, decks and figures. A field that is a plain byte in the rules' terms
//! (hits taken, command added) keeps the whole byte's range: the space stays small (a few tens
//! of thousands of ids) without a bound the rules do not give.
//!
//! Observation: planes over the battlefield's hexes (ground and level, each nation's squads,
//! figures, vehicles, their condition and tokens, the markers, the objectives held), then
//! global values (the round, the initiative, each nation's victory points, command and cards,
//! and which nation the viewer plays). It is built from the viewer's own view (squads built
//! in secret show their figures to their own side only, `TOI-SETUP-5`).

use crate::action::{Obstacle, ToiAction};
use crate::data::{Nation, Specialization};
use crate::state::{EMPTY_SLOT, Fort, Kind, ToiGame, Token, UnitId};
use crate::tables::results::{Condition, Damage};
use overlord_engine::Viewer;
use overlord_engine::encoding::{ActionSpace, BlockId, ObservationShape};
use overlord_hexmap::HexId;

/// A squad's base holds four slots (`TOI-SQUAD`).
const SLOTS: u32 = 4;
/// A plain byte's range, for fields the rules do not bound.
const BYTE: u32 = 256;

/// The blocks, in the order `space` adds them: `BlockId(n)` is the `n`th.
mod block {
    use overlord_engine::encoding::BlockId;
    pub const ADVANCE: BlockId = BlockId(0);
    pub const CONCENTRATED_FIRE: BlockId = BlockId(1);
    pub const SUPPRESSIVE_FIRE: BlockId = BlockId(2);
    pub const PREPARE_OP_FIRE: BlockId = BlockId(3);
    pub const FIRE_AND_MOVEMENT: BlockId = BlockId(4);
    pub const MOVING_FIRE: BlockId = BlockId(5);
    pub const OP_FIRE: BlockId = BlockId(6);
    pub const ASSAULT_WITH: BlockId = BlockId(7);
    pub const ASSAULT_HEX: BlockId = BlockId(8);
    pub const HIT_VEHICLE: BlockId = BlockId(9);
    pub const LOSE_FROM: BlockId = BlockId(10);
    pub const RETREAT_TO: BlockId = BlockId(11);
    pub const ADVANCE_INTO: BlockId = BlockId(12);
    pub const REVEAL: BlockId = BlockId(13);
    pub const SUPPORT: BlockId = BlockId(14);
    pub const SUPPORT_WITH_MG: BlockId = BlockId(15);
    pub const FIRE: BlockId = BlockId(16);
    pub const PASS: BlockId = BlockId(17);
    pub const AREA_FIRE: BlockId = BlockId(18);
    pub const HEAL: BlockId = BlockId(19);
    pub const ENTRENCH: BlockId = BlockId(20);
    pub const REMOVE_WIRE: BlockId = BlockId(21);
    pub const PLAY_CARD: BlockId = BlockId(22);
    pub const RETRY_CONTACT: BlockId = BlockId(23);
    pub const DRAW_FROM: BlockId = BlockId(24);
    pub const CARD_UNIT: BlockId = BlockId(25);
    pub const TARGET_HEX: BlockId = BlockId(26);
    pub const FATIGUE: BlockId = BlockId(27);
    pub const END_ACTION_PHASE: BlockId = BlockId(28);
    pub const MOVE_TO: BlockId = BlockId(29);
    pub const BOARD: BlockId = BlockId(30);
    pub const DISEMBARK: BlockId = BlockId(31);
    pub const ENTER_FORT: BlockId = BlockId(32);
    pub const LEAVE_FORT: BlockId = BlockId(33);
    pub const STOP_MOVING: BlockId = BlockId(34);
    pub const LOSE: BlockId = BlockId(35);
    pub const PUT_OP_FIRE: BlockId = BlockId(36);
    pub const TRANSFER: BlockId = BlockId(37);
    pub const FIRST_DIVISION: BlockId = BlockId(38);
    pub const PLACE_REINFORCEMENT: BlockId = BlockId(39);
    pub const ADD_INITIATIVE: BlockId = BlockId(40);
    pub const BUILD_FIGURE: BlockId = BlockId(41);
    pub const SPECIALIZE: BlockId = BlockId(42);
    pub const DEPLOY: BlockId = BlockId(43);
    pub const RESOLVE_FIRST: BlockId = BlockId(44);
    pub const THROW_SMOKE: BlockId = BlockId(45);
    pub const DONE: BlockId = BlockId(46);
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The action space of the scenario `game` plays.
fn space(game: &ToiGame) -> ActionSpace {
    let scenario = game.scenario();
    let data = game.data();
    let units = count(scenario.units.len());
    let hexes = count(scenario.battlefield.hexes.len());
    let cards = count(data.cards.cards.len());
    let unit = ("unit", units);
    let target = ("target", units);
    let hex = ("hex", hexes);
    let mut space = ActionSpace::new();
    // The order of `block`'s constants.
    space.block("advance", &[unit]);
    space.block("concentrated_fire", &[unit, target]);
    space.block("suppressive_fire", &[unit, target]);
    space.block("prepare_op_fire", &[unit]);
    space.block("fire_and_movement", &[unit]);
    space.block("moving_fire", &[target, ("suppressive", 2)]);
    space.block(
        "op_fire",
        &[("lead", units), ("suppressive", 2), ("mg_only", 2)],
    );
    space.block("assault_with", &[unit]);
    space.block("assault_hex", &[hex]);
    space.block("hit_vehicle", &[unit, ("hits", BYTE)]);
    space.block("lose_from", &[unit, ("slot", SLOTS)]);
    space.block("retreat_to", &[hex]);
    space.block("advance_into", &[unit]);
    space.block("reveal", &[unit]);
    space.block("support", &[unit]);
    space.block("support_with_mg", &[unit]);
    space.block("fire", &[]);
    space.block("pass", &[]);
    space.block("area_fire", &[unit, hex, ("suppressive", 2)]);
    space.block("heal", &[unit, target]);
    space.block("entrench", &[unit, ("occupy", 2)]);
    space.block("remove_wire", &[]);
    space.block("play_card", &[("card", cards)]);
    space.block("retry_contact", &[("card", cards)]);
    space.block("draw_from", &[("deck", count(data.cards.decks.len()))]);
    space.block("card_unit", &[unit]);
    space.block("target_hex", &[hex]);
    space.block("fatigue", &[unit]);
    space.block("end_action_phase", &[]);
    space.block("move_to", &[hex]);
    space.block("board", &[("vehicle", units)]);
    space.block("disembark", &[]);
    space.block("enter_fort", &[("pillbox", 2)]);
    space.block("leave_fort", &[]);
    space.block("stop_moving", &[]);
    space.block("lose", &[("slot", SLOTS)]);
    space.block("put_op_fire", &[unit]);
    space.block(
        "transfer",
        &[("from", units), ("slot", SLOTS), ("to", units)],
    );
    space.block("first_division", &[("division", 3)]);
    space.block("place_reinforcement", &[hex]);
    space.block("add_initiative", &[("amount", BYTE)]);
    space.block("build_figure", &[("figure", count(data.figures.len()))]);
    space.block("specialize", &[("spec", count(Specialization::ALL.len()))]);
    space.block("deploy", &[hex]);
    space.block("resolve_first", &[("obstacle", 3)]);
    space.block("throw_smoke", &[unit, hex]);
    space.block("done", &[]);
    space
}

/// What each plane holds, in order (`observe` writes them).
const PLANES: [&str; 27] = [
    "level/2",
    "cover/3",
    "us_squads/4",
    "us_figures/12",
    "us_vehicles/2",
    "us_pinned_or_disrupted/4",
    "us_spent_tokens/4",
    "us_op_fire/4",
    "us_in_fort/4",
    "us_hidden/4",
    "de_squads/4",
    "de_figures/12",
    "de_vehicles/2",
    "de_pinned_or_disrupted/4",
    "de_spent_tokens/4",
    "de_op_fire/4",
    "de_in_fort/4",
    "de_hidden/4",
    "entrenchments/2",
    "pillboxes/2",
    "wire",
    "tank_traps",
    "mines",
    "smoke",
    "objective",
    "objective_us",
    "objective_de",
];

/// What each global value holds, in order.
const GLOBALS: [&str; 16] = [
    "round/rounds",
    "initiative_us",
    "us_vp/20",
    "de_vp/20",
    "us_command/20",
    "de_command/20",
    "us_initiative_card/20",
    "de_initiative_card/20",
    "us_cards_in_decks/20",
    "de_cards_in_decks/20",
    "us_cards_in_hq/5",
    "de_cards_in_hq/5",
    "us_cards_in_play/5",
    "de_cards_in_play/5",
    "viewer_us",
    "viewer_de",
];

fn shape(game: &ToiGame) -> ObservationShape {
    let field = &game.scenario().battlefield;
    let hexes = field.hexes.len();
    ObservationShape {
        planes: PLANES.iter().map(|p| (*p).to_owned()).collect(),
        cells: count(hexes),
        cell_names: (0..hexes)
            .map(|h| field.label(HexId(u16::try_from(h).unwrap_or(u16::MAX))))
            .collect(),
        globals: GLOBALS.iter().map(|g| (*g).to_owned()).collect(),
    }
}

fn tables(game: &ToiGame) -> &(ActionSpace, ObservationShape) {
    game.scenario()
        .encoding
        .get_or_init(|| (space(game), shape(game)))
}

pub(crate) fn action_space(game: &ToiGame) -> &ActionSpace {
    &tables(game).0
}

pub(crate) fn observation_shape(game: &ToiGame) -> &ObservationShape {
    &tables(game).1
}

fn spec_index(spec: Specialization) -> u32 {
    count(
        Specialization::ALL
            .iter()
            .position(|s| *s == spec)
            .unwrap_or(Specialization::ALL.len()),
    )
}

fn obstacle_index(obstacle: Obstacle) -> u32 {
    match obstacle {
        Obstacle::Minefield => 0,
        Obstacle::Wire => 1,
        Obstacle::TankTraps => 2,
    }
}

/// The id of `action` in this game's space ([`overlord_engine::Game::action_id`]).
pub(crate) fn action_id(game: &ToiGame, action: &ToiAction) -> Option<u32> {
    use ToiAction as A;
    let space = action_space(game);
    let u = |unit: &UnitId| u32::from(unit.0);
    let h = |hex: &HexId| u32::from(hex.0);
    let b = u32::from;
    let id = |block: BlockId, coords: &[u32]| space.id(block, coords);
    match action {
        A::Advance { unit } => id(block::ADVANCE, &[u(unit)]),
        A::ConcentratedFire { unit, target } => id(block::CONCENTRATED_FIRE, &[u(unit), u(target)]),
        A::SuppressiveFire { unit, target } => id(block::SUPPRESSIVE_FIRE, &[u(unit), u(target)]),
        A::PrepareOpFire { unit } => id(block::PREPARE_OP_FIRE, &[u(unit)]),
        A::FireAndMovement { unit } => id(block::FIRE_AND_MOVEMENT, &[u(unit)]),
        A::MovingFire {
            target,
            suppressive,
        } => id(block::MOVING_FIRE, &[u(target), b(*suppressive)]),
        A::OpFire {
            lead,
            suppressive,
            mg_only,
        } => id(block::OP_FIRE, &[u(lead), b(*suppressive), b(*mg_only)]),
        A::AssaultWith { unit } => id(block::ASSAULT_WITH, &[u(unit)]),
        A::AssaultHex { hex } => id(block::ASSAULT_HEX, &[h(hex)]),
        A::HitVehicle { unit, hits } => id(block::HIT_VEHICLE, &[u(unit), u32::from(*hits)]),
        A::LoseFrom { unit, slot } => id(block::LOSE_FROM, &[u(unit), u32::from(*slot)]),
        A::RetreatTo { hex } => id(block::RETREAT_TO, &[h(hex)]),
        A::AdvanceInto { unit } => id(block::ADVANCE_INTO, &[u(unit)]),
        A::Reveal { unit } => id(block::REVEAL, &[u(unit)]),
        A::Support { unit } => id(block::SUPPORT, &[u(unit)]),
        A::SupportWithMg { unit } => id(block::SUPPORT_WITH_MG, &[u(unit)]),
        A::Fire => id(block::FIRE, &[]),
        A::Pass => id(block::PASS, &[]),
        A::AreaFire {
            unit,
            hex,
            suppressive,
        } => id(block::AREA_FIRE, &[u(unit), h(hex), b(*suppressive)]),
        A::Heal { unit, target } => id(block::HEAL, &[u(unit), u(target)]),
        A::Entrench { unit, occupy } => id(block::ENTRENCH, &[u(unit), b(*occupy)]),
        A::RemoveWire => id(block::REMOVE_WIRE, &[]),
        A::PlayCard { card } => id(block::PLAY_CARD, &[u32::from(*card)]),
        A::RetryContact { card } => id(block::RETRY_CONTACT, &[u32::from(*card)]),
        A::DrawFrom { deck } => id(block::DRAW_FROM, &[u32::from(*deck)]),
        A::CardUnit { unit } => id(block::CARD_UNIT, &[u(unit)]),
        A::TargetHex { hex } => id(block::TARGET_HEX, &[h(hex)]),
        A::Fatigue { unit } => id(block::FATIGUE, &[u(unit)]),
        A::EndActionPhase => id(block::END_ACTION_PHASE, &[]),
        A::MoveTo { hex } => id(block::MOVE_TO, &[h(hex)]),
        A::Board { vehicle } => id(block::BOARD, &[u(vehicle)]),
        A::Disembark => id(block::DISEMBARK, &[]),
        A::EnterFort { pillbox } => id(block::ENTER_FORT, &[b(*pillbox)]),
        A::LeaveFort => id(block::LEAVE_FORT, &[]),
        A::StopMoving => id(block::STOP_MOVING, &[]),
        A::Lose { slot } => id(block::LOSE, &[u32::from(*slot)]),
        A::PutOpFire { unit } => id(block::PUT_OP_FIRE, &[u(unit)]),
        A::Transfer { from, slot, to } => id(block::TRANSFER, &[u(from), u32::from(*slot), u(to)]),
        A::FirstDivision { division } => id(block::FIRST_DIVISION, &[u32::from(*division)]),
        A::PlaceReinforcement { hex } => id(block::PLACE_REINFORCEMENT, &[h(hex)]),
        A::AddInitiative { amount } => id(block::ADD_INITIATIVE, &[u32::from(*amount)]),
        A::BuildFigure { figure } => id(block::BUILD_FIGURE, &[u32::from(*figure)]),
        A::Specialize { spec } => id(block::SPECIALIZE, &[spec_index(*spec)]),
        A::Deploy { hex } => id(block::DEPLOY, &[h(hex)]),
        A::ResolveFirst { obstacle } => id(block::RESOLVE_FIRST, &[obstacle_index(*obstacle)]),
        A::ThrowSmoke { unit, hex } => id(block::THROW_SMOKE, &[u(unit), h(hex)]),
        A::Done => id(block::DONE, &[]),
    }
}

/// Add `value` to plane `plane` at `hex`.
fn add(out: &mut [f32], cells: usize, plane: usize, hex: HexId, value: f32) {
    if let Some(cell) = out.get_mut(plane * cells + usize::from(hex.0)) {
        *cell += value;
    }
}

/// What `viewer` may know ([`overlord_engine::Game::observe`]), from its view.
pub(crate) fn observe(game: &ToiGame, viewer: Viewer, out: &mut Vec<f32>) {
    let shape = observation_shape(game);
    let field = &game.scenario().battlefield;
    let cells = field.hexes.len();
    out.clear();
    out.resize(shape.len(), 0.0);
    let view = crate::view::view(game, viewer);
    let planes = &mut out[..PLANES.len() * cells];
    for h in 0..cells {
        let hex = HexId(u16::try_from(h).unwrap_or(u16::MAX));
        add(
            planes,
            cells,
            0,
            hex,
            f32::from(field.level[h].max(0)) / 2.0,
        );
        if let Some(terrain) = crate::movement::terrain_at(game, hex) {
            add(planes, cells, 1, hex, f32::from(terrain.cover) / 3.0);
        }
        let markers = game.markers(hex);
        add(
            planes,
            cells,
            18,
            hex,
            f32::from(markers.entrenchments) / 2.0,
        );
        add(planes, cells, 19, hex, f32::from(markers.pillboxes) / 2.0);
        for (plane, on) in [
            (20, markers.wire),
            (21, markers.traps),
            (22, markers.mines),
            (23, markers.smoke),
        ] {
            if on {
                add(planes, cells, plane, hex, 1.0);
            }
        }
    }
    // Where each unit stands is public; what a squad holds, the viewer's view says.
    for (i, shown) in view.units.iter().enumerate() {
        let Some(hex) = game.hex_of(UnitId(u8::try_from(i).unwrap_or(u8::MAX))) else {
            continue;
        };
        let unit = &shown.unit;
        let side = match unit.nation {
            Nation::Us => 2,
            Nation::De => 10,
        };
        match unit.kind {
            Kind::Squad { figures, condition } => {
                add(planes, cells, side, hex, 0.25);
                let held = figures.iter().filter(|f| **f != EMPTY_SLOT).count();
                add(planes, cells, side + 1, hex, held as f32 / 12.0);
                if condition != Condition::Normal {
                    add(planes, cells, side + 3, hex, 0.25);
                }
            }
            Kind::Vehicle { damage, .. } => {
                add(planes, cells, side + 2, hex, 0.5);
                if damage != Damage::None {
                    add(planes, cells, side + 3, hex, 0.25);
                }
            }
        }
        match unit.token {
            Token::Fresh => {}
            Token::Fatigued => add(planes, cells, side + 4, hex, 0.25),
            Token::OpFire => add(planes, cells, side + 5, hex, 0.25),
        }
        if unit.fort != Fort::None {
            add(planes, cells, side + 6, hex, 0.25);
        }
        if unit.hidden {
            add(planes, cells, side + 7, hex, 0.25);
        }
    }
    for (i, objective) in game.scenario().objectives.iter().enumerate() {
        add(planes, cells, 24, objective.hex, 1.0);
        match game.controller(i) {
            Some(Nation::Us) => add(planes, cells, 25, objective.hex, 1.0),
            Some(Nation::De) => add(planes, cells, 26, objective.hex, 1.0),
            None => {}
        }
    }
    let in_decks = |n: usize| -> f32 {
        view.cards[n]
            .decks
            .iter()
            .map(|(_, left)| *left)
            .sum::<usize>() as f32
    };
    let viewer_nation = match viewer {
        Viewer::Seat(seat) => Some(crate::teams::commands(game, seat).0),
        Viewer::Spectator => None,
    };
    let values = [
        f32::from(view.round) / f32::from(view.rounds.max(1)),
        f32::from(u8::from(view.initiative == Nation::Us)),
        f32::from(view.vp[0].max(0)) / 20.0,
        f32::from(view.vp[1].max(0)) / 20.0,
        f32::from(view.command[0]) / 20.0,
        f32::from(view.command[1]) / 20.0,
        f32::from(view.initiative_cards[0]) / 20.0,
        f32::from(view.initiative_cards[1]) / 20.0,
        in_decks(0) / 20.0,
        in_decks(1) / 20.0,
        view.cards[0].hq.len() as f32 / 5.0,
        view.cards[1].hq.len() as f32 / 5.0,
        view.cards[0].play_area.len() as f32 / 5.0,
        view.cards[1].play_area.len() as f32 / 5.0,
        f32::from(u8::from(viewer_nation == Some(Nation::Us))),
        f32::from(u8::from(viewer_nation == Some(Nation::De))),
    ];
    out[PLANES.len() * cells..].copy_from_slice(&values);
}

#[cfg(test)]
mod tests {
    use super::*;
    use overlord_engine::{Components, Game, GameRng, Log};
    use std::sync::Arc;

    fn data() -> Arc<crate::data::ToiData> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/tide-of-iron");
        Arc::new(crate::data::ToiData::load(&dir).unwrap())
    }

    #[test]
    fn the_block_constants_name_the_blocks_in_order_in_every_scenario() {
        let data = data();
        for scenario in data.scenarios() {
            let game = ToiGame::setup(
                &data,
                &scenario.id,
                &Default::default(),
                GameRng::seeded(1),
                &mut Log::disabled(),
            )
            .unwrap();
            let space = action_space(&game);
            for (id, name) in [
                (block::ADVANCE, "advance"),
                (block::HIT_VEHICLE, "hit_vehicle"),
                (block::PLAY_CARD, "play_card"),
                (block::MOVE_TO, "move_to"),
                (block::TRANSFER, "transfer"),
                (block::THROW_SMOKE, "throw_smoke"),
                (block::DONE, "done"),
            ] {
                assert_eq!(space.blocks()[id.0].name, name);
            }
            assert_eq!(space.blocks().len(), 47);
            assert!(space.size() < 200_000, "{}: {}", scenario.id, space.size());
            let shape = observation_shape(&game);
            assert_eq!(
                shape.cells as usize,
                game.scenario().battlefield.hexes.len()
            );
            let mut values = Vec::new();
            observe(&game, Viewer::Seat(overlord_engine::Seat(0)), &mut values);
            assert_eq!(values.len(), shape.len());
            assert!(values.iter().all(|v| *v >= 0.0));
        }
    }
}
