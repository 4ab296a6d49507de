//! Units that leave the game, and the checks made at the turn's seams: the Rangers and the 4th
//! Special Service Brigade withdrawn at the start of the Allied player turn (17.5), with the
//! Mulberry delay (21.1); the Cotentin HQ and the Fortress Cherbourg marker removed once every
//! Cherbourg city hex is Allied (17.4), and Mulberries lost to a German capture (21.1), checked
//! after every phase; the airborne divisions' withdrawal in the Final Phase (22.2, D30); the
//! naval markers the optional German naval batteries take (28.3).
//!
//! Which units: both Ranger battalions are the Ranger-class units; the 4th Special Service
//! Brigade is the commando-class unit whose name says "4th" (the 1st stays, 17.5).

use crate::action::{N44Action, N44Event, N44Log};
use crate::beaches::{cherbourg_cities, unit_in_supply};
use crate::data::{Class, Side, UnitId};
use crate::state::{Location, Normandy44, SUPPLY_FORTRESS, Step};
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;

/// 17.5: withdrawal of the Rangers and the 4th Special Service Brigade.
pub const RANGERS: RuleId = RuleId("17.5");
/// 17.4: the Cotentin HQ and Fortress Cherbourg.
pub const FORTRESS: RuleId = RuleId("17.4");
/// 28.3: German naval batteries (optional).
pub const BATTERIES: RuleId = RuleId("28.3");
/// 22.2: withdrawal of the airborne divisions.
pub const AIRBORNE: RuleId = RuleId("22.2");

/// 17.5: the distance within which a German unit keeps them in Normandy.
const RANGE: u32 = 4;

/// Whether a German unit is within 4 hexes of `hex`.
fn german_within(game: &Normandy44, hex: HexId) -> bool {
    let map = &game.data().map;
    game.occupied_hexes(Side::German)
        .into_iter()
        .any(|h| map.hexes.distance(h, hex) <= RANGE)
}

/// Take `unit` out of play (withdrawn or removed), from wherever it is.
fn remove(game: &mut Normandy44, unit: UnitId, rule: RuleId, why: &str, log: &mut N44Log) {
    game.take_off(unit, Location::OutOfPlay);
    let name = game.data().unit(unit).short.clone();
    log.public(rule, N44Event::Note, || {
        format!("{name} is removed from play: {why}")
    });
}

/// The start of the Allied player turn (4.1 C): 17.5's withdrawals, then 21.1's Mulberry delay.
pub fn allied_turn_start(game: &mut Normandy44, log: &mut N44Log) {
    let data = game.data.clone();
    let pointe_du_hoc = data.map.assaults[crate::data::Assault::PointeDuHoc as usize];
    let arromanches = data.map.mulberries[crate::data::Army::Cw.index()];
    let rangers_go = !german_within(game, pointe_du_hoc);
    let brigade_go = !german_within(game, arromanches);
    for unit in game.unit_ids().collect::<Vec<_>>() {
        if game.unit(unit).at == Location::OutOfPlay {
            continue;
        }
        let def = data.unit(unit);
        if rangers_go && def.class == Class::Ranger {
            remove(
                game,
                unit,
                RANGERS,
                "no German unit is within 4 hexes of Pointe du Hoc",
                log,
            );
        } else if brigade_go && def.class == Class::Commando && def.name.contains("4th") {
            remove(
                game,
                unit,
                RANGERS,
                "no German unit is within 4 hexes of Arromanches-les-Bains",
                log,
            );
        }
    }
    crate::mulberry::delay(game, log);
    suppress_batteries(game, log);
}

/// 28.3 (optional), A-30: from turn 2, each nation with an active German naval battery on its
/// side of the Army Boundary spends one naval marker on it for the turn. A battery is
/// eliminated once an Allied unit occupies its hex. Reading: Mont Canisy needs no marker while
/// the Sword beachhead is closed (no reinforcement can land through Sword).
pub fn suppress_batteries(game: &mut Normandy44, log: &mut N44Log) {
    if !game.options.naval_batteries || game.turn < 2 {
        return;
    }
    let data = game.data.clone();
    let batteries = &data.map.batteries;
    for (i, (_, hex)) in batteries.iter().enumerate().take(8) {
        if game.occupant(*hex) == Some(Side::Allied) {
            game.batteries_silenced |= 1 << i;
        }
    }
    let sword_open = crate::beaches::beach_active(game, crate::data::Beach::Sword);
    for army in [crate::data::Army::Us, crate::data::Army::Cw] {
        let us_side = army == crate::data::Army::Us;
        let active = batteries.iter().enumerate().any(|(i, (id, hex))| {
            i < 8
                && game.batteries_silenced & (1 << i) == 0
                && data.map.flags(*hex).has(crate::data::HexFlags::US_SECTOR) == us_side
                && (sword_open || !id.contains("canisy"))
        });
        if !active {
            continue;
        }
        let naval = &mut game.tracks.naval[army.index()];
        let spent = *naval > 0;
        *naval = naval.saturating_sub(1);
        log.public(BATTERIES, N44Event::Note, || {
            if spent {
                format!("{army:?} naval marker suppresses the German naval batteries this turn")
            } else {
                format!("{army:?}: no naval marker to suppress the German naval batteries")
            }
        });
    }
}

/// After every phase: Mulberries captured (21.1), and Fortress Cherbourg's end (17.4).
pub fn after_phase(game: &mut Normandy44, log: &mut N44Log) {
    crate::mulberry::check_captured(game, log);
    fortress_check(game, log);
}

/// 17.4: once every Cherbourg city hex is Allied-controlled, the Cotentin HQ leaves the map and
/// the Fortress Cherbourg marker the track, their SupP lost.
pub fn fortress_check(game: &mut Normandy44, log: &mut N44Log) {
    if game.fortress_removed {
        return;
    }
    let cities = cherbourg_cities(game);
    if cities.is_empty() || !cities.iter().all(|&h| game.allied_controls(h)) {
        return;
    }
    game.fortress_removed = true;
    let lost = std::mem::take(&mut game.tracks.supply[SUPPLY_FORTRESS]);
    log.public(FORTRESS, N44Event::Note, || {
        format!(
            "Every Cherbourg city hex is Allied: the Fortress Cherbourg marker and its {lost} SupP \
             are removed"
        )
    });
    if let Some(hq) = crate::reinforcement::cotentin_hq(game)
        && game.unit(hq).at != Location::OutOfPlay
    {
        remove(game, hq, FORTRESS, "Cherbourg has fallen", log);
    }
}

/// 22.2: the on-map units of `unit`'s airborne division, if it may be withdrawn now: every one
/// in supply and none next to an enemy unit.
pub fn division_to_withdraw(game: &Normandy44, unit: UnitId) -> Option<Vec<UnitId>> {
    let data = game.data();
    let formation = data.formation_of[unit.index()]?;
    if !data.formations[usize::from(formation)].airborne || game.side_of(unit) != Side::Allied {
        return None;
    }
    let units: Vec<UnitId> = game
        .unit_ids()
        .filter(|&u| data.formation_of[u.index()] == Some(formation) && game.hex_of(u).is_some())
        .collect();
    // Every unit away from the enemy is asked first, then every unit's supply: a trace costs
    // far more than a look at the neighbours, and a division next to the enemy needs none.
    let ready = !units.is_empty()
        && units.iter().all(|&u| {
            game.hex_of(u)
                .is_some_and(|h| !game.enemy_adjacent(h, Side::Allied))
        })
        && units.iter().all(|&u| unit_in_supply(game, u));
    ready.then_some(units)
}

/// D30: one Withdraw per division that may go, named by its first unit on the map.
pub fn legal(game: &Normandy44, out: &mut Vec<N44Action>) {
    let data = game.data();
    let mut seen = Vec::new();
    for unit in game.unit_ids() {
        let Some(formation) = data.formation_of[unit.index()] else {
            continue;
        };
        if seen.contains(&formation) || game.hex_of(unit).is_none() {
            continue;
        }
        seen.push(formation);
        if division_to_withdraw(game, unit).is_some() {
            out.push(N44Action::Withdraw { unit });
        }
    }
    out.push(N44Action::Done);
}

/// Whether the Final Phase should offer the withdrawal (D30) now.
pub fn offer(game: &mut Normandy44) -> bool {
    if game.withdrawal_offered {
        return false;
    }
    game.withdrawal_offered = true;
    let mut out = Vec::new();
    legal(game, &mut out);
    if out.len() > 1 {
        game.step = Step::FinalChoice;
        game.chooser = Some(Side::Allied);
        true
    } else {
        false
    }
}

/// Answer the Final Phase's choice: withdraw a division, or go on (Done).
pub fn answer(game: &mut Normandy44, action: N44Action, log: &mut N44Log) -> Result<(), Refusal> {
    match action {
        N44Action::Withdraw { unit } => {
            let units = division_to_withdraw(game, unit).ok_or_else(|| {
                Refusal::by_rule(
                    AIRBORNE,
                    "an airborne division is withdrawn only when all its units on the map are \
                     in supply and none is next to an enemy unit",
                )
            })?;
            for u in units {
                remove(
                    game,
                    u,
                    AIRBORNE,
                    "its airborne division is withdrawn to England",
                    log,
                );
            }
            let mut out = Vec::new();
            legal(game, &mut out);
            if out.len() == 1 {
                game.chooser = None;
                game.step = Step::Final;
            }
            Ok(())
        }
        N44Action::Done => {
            game.chooser = None;
            game.step = Step::Final;
            Ok(())
        }
        _ => Err(Refusal::by_rule(
            AIRBORNE,
            "not a choice of the Final Phase",
        )),
    }
}
