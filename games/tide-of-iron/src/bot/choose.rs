//! The rules of thumb: every legal action gets a score and the best is played (ties broken at
//! random). Fire goes where the expected hits are most; moves close on the objectives the side
//! does not hold and end in cover; Op Fire waits where enemies can be seen; losses fall on the
//! cheapest figures; cards are played when they can be.

use crate::action::ToiAction;
use crate::data::{FigureClass, Nation};
use crate::state::{EMPTY_SLOT, Kind, Step, ToiGame, Token, UnitId};
use crate::tables::dice::RangeBand;
use overlord_hexmap::HexId;
use rand::Rng;

/// The best action by the scores, ties broken by `rng`.
pub fn choose<R: Rng + ?Sized>(
    game: &ToiGame,
    legal: &[ToiAction],
    rng: &mut R,
) -> Option<ToiAction> {
    let mut scores = Vec::new();
    self::scores(game, legal, &mut scores);
    overlord_engine::best_scored(legal, &scores, rng)
}

/// One score per action of `legal`, higher better.
pub fn scores(game: &ToiGame, legal: &[ToiAction], out: &mut Vec<f64>) {
    out.clear();
    let nation = crate::decisions::decider(game);
    out.extend(legal.iter().map(|&a| score(game, nation, a)));
}

/// Why the bot likes `action`, for hints.
pub fn explain(game: &ToiGame, action: &ToiAction) -> Option<String> {
    let nation = crate::decisions::decider(game);
    match *action {
        ToiAction::ConcentratedFire { unit, target }
        | ToiAction::SuppressiveFire { unit, target } => Some(format!(
            "about {:.1} hit(s) expected on {}",
            expected_hits(game, unit, target, false),
            crate::text::unit_name(game, target)
        )),
        ToiAction::MoveTo { hex } => Some(format!(
            "{} hex(es) from the nearest objective to take",
            objective_distance(game, nation, hex)
        )),
        ToiAction::PlayCard { .. } => Some("a card paid for is a card used".to_owned()),
        _ => None,
    }
}

/// The chance one black die hits at `band`, and one red die saves.
fn hit_chance(band: RangeBand) -> f64 {
    match band {
        RangeBand::Close => 0.5,
        RangeBand::Normal => 1.0 / 3.0,
        RangeBand::Long => 1.0 / 6.0,
    }
}

/// The hits `unit` may expect on `target` (net of the target's defence dice).
pub fn expected_hits(game: &ToiGame, unit: UnitId, target: UnitId, fire_and_movement: bool) -> f64 {
    let Some(band) = crate::fire::band(game, unit, target, fire_and_movement) else {
        return 0.0;
    };
    let vehicle = matches!(game.unit(target).kind, Kind::Vehicle { .. });
    let fp = crate::fire::weapon(game, unit, vehicle).map_or(0, |(fp, _)| fp);
    let halvings = crate::fire::position_halvings(game, unit) + u8::from(fire_and_movement);
    let fp = (0..halvings).fold(f64::from(fp), |f, _| (f / 2.0).ceil());
    let armor = match game.unit(target).kind {
        Kind::Vehicle { figure, .. } => game
            .data()
            .figures
            .get(usize::from(figure))
            .and_then(|f| f.armor)
            .unwrap_or(0),
        Kind::Squad { .. } => 0,
    };
    let red = f64::from(armor) + f64::from(crate::cover::cover(game, target));
    (fp * hit_chance(band) - red / 3.0).max(0.0)
}

/// What a target is worth hitting: vehicles and squads with officers or heavy weapons most, and
/// anyone holding an objective.
fn target_value(game: &ToiGame, target: UnitId) -> f64 {
    let holding = game
        .hex_of(target)
        .is_some_and(|h| game.scenario().objectives.iter().any(|o| o.hex == h));
    let base = match game.unit(target).kind {
        Kind::Vehicle { .. } => 2.0,
        Kind::Squad { figures, .. } => {
            let special = figures.iter().any(|&f| {
                game.data().figures.get(usize::from(f)).is_some_and(|d| {
                    matches!(
                        d.class,
                        FigureClass::Officer | FigureClass::MgCrew | FigureClass::MortarCrew
                    )
                })
            });
            if special { 1.5 } else { 1.0 }
        }
    };
    if holding { base * 1.5 } else { base }
}

/// The objective hexes `nation` does not hold.
fn goals(game: &ToiGame, nation: Nation) -> Vec<HexId> {
    game.scenario()
        .objectives
        .iter()
        .enumerate()
        .filter(|&(i, _)| game.controller(i) != Some(nation))
        .map(|(_, o)| o.hex)
        .collect()
}

/// Hexes from `hex` to the nearest objective `nation` does not hold (all its own: to the
/// nearest objective at all).
fn objective_distance(game: &ToiGame, nation: Nation, hex: HexId) -> u32 {
    let field = &game.scenario().battlefield;
    let mut targets = goals(game, nation);
    if targets.is_empty() {
        targets = game.scenario().objectives.iter().map(|o| o.hex).collect();
    }
    targets
        .iter()
        .map(|&o| field.hexes.distance(hex, o))
        .min()
        .unwrap_or(0)
}

/// Whether `unit` holds ground for `nation`: on or next to one of its objectives, or its side
/// holds them all.
fn holding(game: &ToiGame, nation: Nation, unit: UnitId) -> bool {
    let field = &game.scenario().battlefield;
    let Some(at) = game.hex_of(unit) else {
        return false;
    };
    goals(game, nation).is_empty()
        || game.scenario().objectives.iter().enumerate().any(|(i, o)| {
            game.controller(i) == Some(nation) && field.hexes.distance(o.hex, at) <= 1
        })
}

/// The cover of the terrain at `hex`.
fn terrain_cover(game: &ToiGame, hex: HexId) -> f64 {
    f64::from(crate::cover::terrain_cover(game, hex))
}

/// Whether an enemy of `nation` on the map stands within `reach` hexes of `hex`.
fn enemies_near(game: &ToiGame, nation: Nation, hex: HexId, reach: u32) -> usize {
    let field = &game.scenario().battlefield;
    game.unit_ids()
        .filter(|&u| game.unit(u).nation != nation && !game.unit(u).hidden)
        .filter_map(|u| game.hex_of(u))
        .filter(|&h| field.hexes.distance(h, hex) <= reach)
        .count()
}

/// What a figure is worth keeping: regulars least.
fn figure_worth(game: &ToiGame, figure: u8) -> f64 {
    game.data()
        .figures
        .get(usize::from(figure))
        .map_or(0.0, |d| match d.class {
            FigureClass::Regular => 1.0,
            FigureClass::Elite => 2.0,
            FigureClass::MgCrew | FigureClass::MortarCrew => 3.0,
            FigureClass::Officer => 4.0,
            _ => 1.0,
        })
}

fn slot_figure(game: &ToiGame, unit: UnitId, slot: u8) -> u8 {
    match game.unit(unit).kind {
        Kind::Squad { figures, .. } => figures
            .get(usize::from(slot))
            .copied()
            .unwrap_or(EMPTY_SLOT),
        Kind::Vehicle { .. } => EMPTY_SLOT,
    }
}

/// The moving unit, if a move is under way.
fn mover(game: &ToiGame) -> Option<UnitId> {
    match game.step() {
        Step::Moving(mv) => Some(mv.unit),
        _ => None,
    }
}

fn score(game: &ToiGame, nation: Nation, action: ToiAction) -> f64 {
    match action {
        ToiAction::ConcentratedFire { unit, target } => {
            10.0 * expected_hits(game, unit, target, false) * target_value(game, target)
        }
        ToiAction::SuppressiveFire { unit, target } => {
            8.0 * expected_hits(game, unit, target, false) * target_value(game, target)
        }
        ToiAction::AreaFire { hex, .. } => 3.0 * enemies_near(game, nation, hex, 0) as f64,
        ToiAction::MovingFire { target, .. } => mover(game).map_or(0.0, |u| {
            10.0 * expected_hits(game, u, target, true) * target_value(game, target)
        }),
        ToiAction::OpFire {
            lead,
            suppressive,
            mg_only,
        } => match game.step() {
            Step::OpFire(mv) => {
                let e = expected_hits(game, lead, mv.unit, false);
                // The machine gun alone stays in Op Fire: worth it when it hits almost as well.
                e * if suppressive { 9.0 } else { 10.0 } + if mg_only { 1.5 } else { 0.0 }
            }
            _ => 0.0,
        },
        ToiAction::Pass => 1.0,
        ToiAction::Support { .. } | ToiAction::SupportWithMg { .. } => 3.0,
        ToiAction::Fire => 2.0,
        ToiAction::Advance { unit } | ToiAction::AssaultWith { unit } => {
            let at = game.hex_of(unit);
            let far = at.map_or(0, |h| objective_distance(game, nation, h));
            let base = if matches!(action, ToiAction::AssaultWith { .. }) {
                // Worth it next to enemies only.
                if at.is_some_and(|h| enemies_near(game, nation, h, 2) > 0) {
                    5.0
                } else {
                    0.5
                }
            } else {
                3.0
            };
            base + f64::from(far.min(6)) * 0.3
        }
        ToiAction::FireAndMovement { unit } => {
            let best = crate::fire::targets(game, unit, true)
                .into_iter()
                .map(|t| expected_hits(game, unit, t, true))
                .fold(0.0, f64::max);
            2.0 + 5.0 * best
        }
        // Op Fire is the holder's: a side still to take objectives keeps its units to act.
        ToiAction::PrepareOpFire { unit } => {
            let at = game.hex_of(unit);
            let near = at.map_or(0, |h| enemies_near(game, nation, h, 6));
            if holding(game, nation, unit) {
                1.5 + near as f64 * 0.6
            } else {
                0.3
            }
        }
        ToiAction::Fatigue { .. } => 0.2,
        ToiAction::EndActionPhase => 0.0,
        ToiAction::PlayCard { .. } | ToiAction::RetryContact { .. } => 6.0,
        ToiAction::Heal { .. } => 4.0,
        ToiAction::Entrench { occupy, .. } => 2.0 + if occupy { 1.0 } else { 0.0 },
        ToiAction::MoveTo { hex } => {
            let Some(unit) = mover(game) else {
                return 0.0;
            };
            let from = game
                .hex_of(unit)
                .map_or(0, |h| objective_distance(game, nation, h));
            let to = objective_distance(game, nation, hex);
            let closer = f64::from(from) - f64::from(to);
            4.0 + 3.0 * closer + 0.5 * terrain_cover(game, hex)
        }
        ToiAction::StopMoving => {
            let Some(unit) = mover(game) else {
                return 1.0;
            };
            let at = game.hex_of(unit);
            let on_goal = at.is_some_and(|h| objective_distance(game, nation, h) == 0);
            3.0 + if on_goal { 6.0 } else { 0.0 } + at.map_or(0.0, |h| terrain_cover(game, h))
        }
        // Assaults take the objectives the enemy sits on.
        ToiAction::AssaultHex { hex } => {
            let defenders = game
                .units_in(hex)
                .filter(|&u| game.unit(u).nation != nation)
                .count() as f64;
            let goal = if goals(game, nation).contains(&hex) {
                3.0
            } else {
                0.0
            };
            8.0 + goal - 1.5 * defenders - 0.5 * terrain_cover(game, hex)
        }
        // Setup: a leader or a crew on each base while they last, every token used, and units
        // deployed in cover as near the objectives as the area allows.
        ToiAction::BuildFigure { figure } => match game.step() {
            Step::Build { unit, .. } => {
                let worth = figure_worth(game, figure);
                let base_has_best = match game.unit(unit).kind {
                    Kind::Squad { figures, .. } => figures
                        .iter()
                        .filter(|&&f| f != EMPTY_SLOT)
                        .any(|&f| figure_worth(game, f) > 1.0),
                    Kind::Vehicle { .. } => false,
                };
                if base_has_best { -worth } else { worth }
            }
            _ => 0.0,
        },
        ToiAction::Specialize { .. } => 2.0,
        ToiAction::ResolveFirst { .. } => 1.0,
        // Smoke where the enemy is near: a screen for the advance.
        ToiAction::ThrowSmoke { hex, .. } => 0.5 * enemies_near(game, nation, hex, 4) as f64,
        ToiAction::Deploy { hex } => {
            let far = objective_distance(game, nation, hex);
            terrain_cover(game, hex) - 0.5 * f64::from(far.min(12))
        }
        ToiAction::EnterFort { .. } => 5.0,
        ToiAction::LeaveFort => 0.5,
        ToiAction::Board { .. } => 0.5,
        ToiAction::Disembark => 5.0,
        ToiAction::RemoveWire => 2.0,
        // Losses: the cheapest figure first.
        ToiAction::Lose { slot } => match game.step() {
            Step::Casualties { unit, .. } => -figure_worth(game, slot_figure(game, unit, slot)),
            _ => 0.0,
        },
        ToiAction::LoseFrom { unit, slot } => -figure_worth(game, slot_figure(game, unit, slot)),
        // A vehicle soaks up hits at a price per hit a little above a regular's.
        ToiAction::HitVehicle { hits, .. } => -1.5 * f64::from(hits),
        ToiAction::RetreatTo { hex } => {
            terrain_cover(game, hex) - enemies_near(game, nation, hex, 1) as f64
        }
        ToiAction::AdvanceInto { .. } => 2.0,
        ToiAction::Reveal { .. } => 1.5,
        ToiAction::Done => match game.step() {
            // Spend command on the initiative only what the cards in hand do not need.
            Step::Command { .. } => 1.0,
            Step::AssaultSupport(_) | Step::AdvanceAfter(_) => 0.5,
            _ => 1.0,
        },
        ToiAction::AddInitiative { amount } => {
            let keep = game
                .hand(nation)
                .hq
                .iter()
                .map(|&c| crate::cards::cost(game, nation, c))
                .max()
                .unwrap_or(0);
            let spare = i32::from(game.side(nation).command) - i32::from(keep);
            if i32::from(amount) <= spare {
                1.0 + f64::from(amount) * 0.2
            } else {
                -1.0
            }
        }
        ToiAction::PutOpFire { unit } => {
            let near = game
                .hex_of(unit)
                .map_or(0, |h| enemies_near(game, nation, h, 6));
            if near > 0 && holding(game, nation, unit) {
                2.0
            } else {
                0.5
            }
        }
        ToiAction::Transfer { .. } => 0.0,
        ToiAction::FirstDivision { .. } => 1.0,
        ToiAction::PlaceReinforcement { hex } => {
            10.0 - f64::from(objective_distance(game, nation, hex))
        }
        ToiAction::DrawFrom { .. } => 1.0,
        ToiAction::CardUnit { unit } => match game.unit(unit).kind {
            Kind::Squad { .. } if game.unit(unit).token != Token::Fresh => 2.0,
            _ => 1.0,
        },
        ToiAction::TargetHex { hex } => {
            let field = &game.scenario().battlefield;
            let foes = enemies_near(game, nation, hex, 0) as f64;
            let friends_near = game
                .unit_ids()
                .filter(|&u| game.unit(u).nation == nation)
                .filter_map(|u| game.hex_of(u))
                .filter(|&h| field.hexes.distance(h, hex) <= 1)
                .count() as f64;
            3.0 * foes + enemies_near(game, nation, hex, 1) as f64 - 4.0 * friends_near
        }
    }
}
