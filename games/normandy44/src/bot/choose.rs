//! The rule-based player of either side: each legal action gets a score by rules of thumb and
//! the best is played (ties broken at random).

use crate::N44Action;
use crate::data::{HexFlags, Side, UnitId};
use crate::movement::{reach, why_stuck};
use crate::state::{Normandy44, Stage, Step};
use crate::tables::terrain::{Terrain, dcb};
use overlord_hexmap::HexId;
use rand::Rng;

/// The best of `legal` by [`scores`], ties broken at random; `None` only when it is empty.
pub fn choose<R: Rng + ?Sized>(
    game: &Normandy44,
    legal: &[N44Action],
    rng: &mut R,
) -> Option<N44Action> {
    match legal {
        [] => return None,
        [only] => return Some(*only),
        _ => {}
    }
    let mut scores = Vec::with_capacity(legal.len());
    self::scores(game, legal, &mut scores);
    overlord_engine::best_scored(legal, &scores, rng)
}

/// One score per action of `legal`, higher better, into `out` (cleared first).
pub fn scores(game: &Normandy44, legal: &[N44Action], out: &mut Vec<f64>) {
    out.clear();
    let side = game.decider();
    let plan = Plan::new(game, side);
    out.extend(legal.iter().map(|a| {
        let s = score(game, &plan, side, a);
        if s.is_nan() { f64::NEG_INFINITY } else { s }
    }));
}

/// Why the rule bot likes `action`, for a hint.
pub fn explain(game: &Normandy44, action: &N44Action) -> Option<String> {
    let side = game.decider();
    Some(match action {
        N44Action::MoveTo { hex } => match side {
            Side::Allied => format!(
                "push inland toward the objectives ({} hexes from the nearest)",
                Plan::new(game, side).distance(*hex)
            ),
            Side::German => "close up to the Allied front in good defensive ground".to_owned(),
        },
        N44Action::Pick { .. } | N44Action::PickStack { .. } => {
            "this stack has somewhere better to be".to_owned()
        }
        N44Action::Reserve { .. } => "keep a reserve behind the line (15)".to_owned(),
        N44Action::Done => "nothing here is worth doing".to_owned(),
        _ => return None,
    })
}

/// What a side is going for this decision: the hexes it wants to reach.
struct Plan {
    /// Per hex, the distance to the nearest goal (capped).
    distance: Vec<u8>,
}

impl Plan {
    /// The Allies go for German-held towns and cities; the German goes for the hexes next to
    /// Allied units (the front).
    fn new(game: &Normandy44, side: Side) -> Plan {
        let map = &game.data().map;
        let goals: Vec<HexId> = match side {
            Side::Allied => map
                .hexes
                .ids()
                .filter(|&h| {
                    let f = map.flags(h);
                    (f.has(HexFlags::TOWN) || f.has(HexFlags::CITY)) && !game.allied_controls(h)
                })
                .collect(),
            Side::German => game.occupied_hexes(Side::Allied),
        };
        let n = map.hexes.len();
        let mut distance = vec![u8::MAX; n];
        let mut frontier: std::collections::VecDeque<HexId> = goals.into_iter().collect();
        for &g in &frontier {
            distance[g.index()] = 0;
        }
        while let Some(h) = frontier.pop_front() {
            let d = distance[h.index()];
            for nb in map.hexes.neighbours_on_map(h) {
                if map.terrain(nb) == Terrain::Sea || distance[nb.index()] != u8::MAX {
                    continue;
                }
                distance[nb.index()] = d.saturating_add(1);
                frontier.push_back(nb);
            }
        }
        Plan { distance }
    }

    fn distance(&self, hex: HexId) -> u8 {
        self.distance.get(hex.index()).copied().unwrap_or(u8::MAX)
    }
}

/// How good it is for `side` to have a stack in `hex`.
fn place_value(game: &Normandy44, plan: &Plan, side: Side, hex: HexId) -> f64 {
    let map = &game.data().map;
    let d = f64::from(plan.distance(hex).min(40));
    let cover = f64::from(dcb(&[map.terrain(hex)]));
    match side {
        // Closer to the objectives, in cover when next to the enemy.
        Side::Allied => {
            -d + if game.enemy_adjacent(hex, side) {
                0.3 * cover
            } else {
                0.0
            }
        }
        // At the front (next to the enemy is distance 1) in good ground.
        Side::German => -(d - 1.0).abs() + 0.5 * cover,
    }
}

/// The best destination of `units` and how much better it is than staying put.
fn best_move(game: &Normandy44, plan: &Plan, side: Side, units: &[UnitId]) -> Option<(HexId, f64)> {
    let &first = units.first()?;
    let start = game.hex_of(first)?;
    let mode = if units
        .iter()
        .any(|&u| crate::movement::must_move_tactically(game, u))
    {
        crate::action::MoveMode::Tactical
    } else {
        crate::action::MoveMode::Normal
    };
    let reserve = matches!(
        game.step(),
        Step::Phase(_, crate::state::Phase::ReserveMovement, _)
    );
    let reach = reach(game, units, mode, reserve)?;
    let here = place_value(game, plan, side, start);
    reach
        .destinations()
        .map(|h| (h, place_value(game, plan, side, h) - here))
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

fn score(game: &Normandy44, plan: &Plan, side: Side, action: &N44Action) -> f64 {
    match *action {
        N44Action::Done => 0.0,
        N44Action::Unpick | N44Action::Cancel => -10.0,
        N44Action::Pick { unit } => match best_move(game, plan, side, &[unit]) {
            Some((_, gain)) if gain > 0.5 => gain,
            _ => -1.0,
        },
        N44Action::PickStack { hex } => {
            let units: Vec<UnitId> = game
                .units_in(hex)
                .filter(|&u| why_stuck(game, u, false).is_none())
                .collect();
            match best_move(game, plan, side, &units) {
                // A stack moving together keeps its strength: a little better than one unit.
                Some((_, gain)) if gain > 0.5 => gain + 0.25,
                _ => -1.0,
            }
        }
        // Another way of moving only when it is the sole way on: switching back and forth would
        // never end.
        N44Action::Mode { .. } => -50.0,
        N44Action::MoveTo { hex } => {
            let start = match game.step() {
                Step::Phase(_, _, Stage::Moving { unit, .. }) => game.hex_of(unit),
                _ => None,
            };
            let here = start.map_or(0.0, |s| place_value(game, plan, side, s));
            // 22.1, A-29: a unit beyond the Army Boundary goes back first.
            let back = match game.step() {
                Step::Phase(_, _, Stage::Moving { unit, .. })
                    if start.is_some_and(|s| !crate::movement::within_boundary(game, unit, s))
                        && crate::movement::within_boundary(game, unit, hex) =>
                {
                    20.0
                }
                _ => 0.0,
            };
            place_value(game, plan, side, hex) - here + back
        }
        // 15: a Reserve where the enemy is close but not adjacent.
        N44Action::Reserve { hex } => {
            if plan.distance(hex) <= 3 && !game.enemy_adjacent(hex, side) {
                0.2
            } else {
                -0.5
            }
        }
        N44Action::Unreserve { .. } => -0.5,
        // A loss goes to the weakest unit.
        N44Action::Lose { unit } => -f64::from(
            game.data()
                .face(unit, game.unit(unit).step)
                .map_or(0, |f| f.cf),
        ),
        // 10: attack where the expected result beats the risk.
        N44Action::Attack { hex } => {
            attack_plan(game, side, hex).map_or(f64::NEG_INFINITY, |(value, _)| value)
                - ATTACK_THRESHOLD
        }
        // 22.1: the units of the army the plan picked join, the strongest first.
        N44Action::Join { unit } => {
            let planned = match game.step() {
                Step::Phase(_, _, Stage::Attack { hex }) => {
                    attack_plan(game, side, hex).map(|(_, army)| army)
                }
                _ => None,
            };
            if game.attackers.contains(&unit) || planned != Some(game.army_of(unit)) {
                -2.0
            } else {
                1.0 + f64::from(cf(game, unit)) / 10.0
            }
        }
        // 10.3: the strongest unit's formation, chosen once (switching back and forth between
        // two formations would never end).
        N44Action::Maf { unit } if game.combat.maf == crate::state::MafChoice::None => {
            0.5 + f64::from(cf(game, unit)) / 10.0
        }
        N44Action::BattleGroup if game.combat.maf == crate::state::MafChoice::None => 0.4,
        // Once chosen, never switched: if the attack cannot be confirmed, give it up.
        N44Action::Maf { .. } | N44Action::BattleGroup => -20.0,
        N44Action::Artillery { .. } | N44Action::AirSupport | N44Action::NavalSupport => 0.8,
        N44Action::Confirm => 0.3,
        N44Action::Strafe { .. } => 0.6,
        // 12.4, 12.5: hold the ground when the lead is good; give two steps rather than all.
        N44Action::DeterminedDefense { lead } => {
            0.5 + f64::from(
                game.data()
                    .face(lead, game.unit(lead).step)
                    .map_or(0, |f| f.quality()),
            ) / 4.0
        }
        N44Action::DdArtillery { .. } | N44Action::DdAir | N44Action::DdNaval => 0.6,
        N44Action::DesperateDefense => 0.5,
        N44Action::Retreat { hex, .. } => {
            let cover = f64::from(dcb(&[game.data().map.terrain(hex)]));
            let exposed = if game.enemy_adjacent(hex, side) {
                -2.0
            } else {
                0.0
            };
            cover / 5.0 + exposed - f64::from(plan.distance(hex).min(10)) / 20.0
        }
        N44Action::Advance { unit, hex } => {
            let here = game
                .hex_of(unit)
                .map_or(0.0, |h| place_value(game, plan, side, h));
            place_value(game, plan, side, hex) - here
        }
        N44Action::ReserveAfterCombat { .. } => 0.2,
        N44Action::InvasionAdvance { .. } => 0.5,
        // 6: every replacement, reinforcement and landing as soon as it may come.
        N44Action::Replace { .. } | N44Action::Return { .. } => 0.6,
        N44Action::Land { .. } | N44Action::Enter { .. } | N44Action::Mobilize { .. } => 0.8,
        N44Action::GliderLanding { .. } => 0.5,
        N44Action::BuySupply { .. } => 0.3,
        N44Action::Delay { .. } | N44Action::Evacuate { .. } | N44Action::Withdraw { .. } => -0.5,
        N44Action::RemoveIp { .. } => -1.0,
        // 16.1: dig in at the front.
        N44Action::StartIp { hex } => {
            if game.enemy_adjacent(hex, side) {
                0.4
            } else {
                -0.2
            }
        }
        _ => 0.1,
    }
}

/// The CF of `unit`'s current face.
fn cf(game: &Normandy44, unit: UnitId) -> u8 {
    game.data()
        .face(unit, game.unit(unit).step)
        .map_or(0, |f| f.cf)
}

/// How much expected damage an attack must promise (in steps, net of its own losses) before
/// the bot makes it.
const ATTACK_THRESHOLD: f64 = 0.6;

/// The best attack on `hex`: its expected net result, in steps, and the army that makes it
/// (22.1: US and CW units never attack together; `None` for the German). Each army's eligible
/// units attack together, the strongest's formation as the Main Assault Force (10.3), without
/// support: the defender's steps and retreat against the attacker's steps, over the CRT's
/// chances (2.1).
fn attack_plan(
    game: &Normandy44,
    side: Side,
    hex: HexId,
) -> Option<(f64, Option<crate::data::Army>)> {
    let eligible = crate::combat::eligible_attackers(game, side, hex);
    let mut armies: Vec<Option<crate::data::Army>> =
        eligible.iter().map(|&u| game.army_of(u)).collect();
    armies.sort();
    armies.dedup();
    armies
        .into_iter()
        .filter_map(|army| {
            let group: Vec<UnitId> = eligible
                .iter()
                .copied()
                .filter(|&u| game.army_of(u) == army)
                .collect();
            attack_value(game, hex, &group).map(|value| (value, army))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
}

/// The expected net result of `attackers` attacking `hex` (see [`attack_plan`]), or `None`
/// when the odds are below 1-3.
fn attack_value(game: &Normandy44, hex: HexId, attackers: &[UnitId]) -> Option<f64> {
    use crate::tables::crt::CrtResult;
    let strongest = attackers.iter().copied().max_by_key(|&u| cf(game, u))?;
    let assessment = crate::combat::assess(
        game,
        hex,
        attackers,
        crate::state::MafChoice::Formation(strongest),
        &crate::combat::Support::default(),
    );
    assessment.final_column?;
    let value = assessment
        .chances
        .iter()
        .map(|&(result, p)| {
            let value = match result {
                CrtResult::NoEffect | CrtResult::Ex => 0.0,
                CrtResult::A1 => -1.0,
                CrtResult::A1Dr => -0.3,
                CrtResult::Dr => 0.7,
                CrtResult::A1D1 => 0.3,
                CrtResult::D1 | CrtResult::A1D2 => 1.5,
                CrtResult::Dh => 2.5,
            };
            p * value
        })
        .sum();
    Some(value)
}
