//! The Replacement Phase (6.2–6.4, 17.2, 17.3, 17.9, 20.2, 21.2, A-42): a replacement restores a
//! step of a reduced unit (a cadre becomes its 3-step unit again) or brings an eliminated unit
//! back at its lowest step; the Allies may buy SupP with RP (5.3); the German may bank his
//! "1 (PT)" armor replacement (6.4). The German use-now replacements are lost when his phase
//! ends.
//!
//! Cadres (17.9): a 3-step unit's third step is its cadre (`step == steps.len()`, see
//! [`crate::data::N44Data::face`]). A unit on the map at its cadre step is the cadre counter on
//! the map with its unit in the chart box; a 3-step unit in the Eliminated box at its cadre step
//! is the unit with its eliminated cadre lying on it. A unit that was eliminated for good (no
//! cadre free, 17.9) is out of play. So "restore a step" turns a cadre into its unit on the
//! reduced step, and "return at the lowest step" brings a cadre back first.
//!
//! Which pool pays: the unit's type (armor, airborne, infantry; Canadian infantry) and army;
//! among the German pools that fit, a use-now one first (6.4: they are lost otherwise, and a
//! "1 (PT)" spent on an ordinary armored unit leaves the same as one banked).

use crate::action::{N44Action, N44Event, N44Log};
use crate::beaches::{controls, hex_in_supply, mulberry_complete, unit_in_supply};
use crate::data::{Army, Class, HexFlags, ReplacementType, Scenario, Side, UnitId};
use crate::state::{
    Location, Normandy44, Phase, Pool, SUPPLY_CW, SUPPLY_US, Stage, Step, UnitFlags,
};
use crate::tables::costs::{RpKind, SUPPLY_CAP, stockpile};
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;

/// 6.2: the replacement procedure.
pub const REPLACEMENT: RuleId = RuleId("6.2");
/// 6.3: units that are never replaced.
pub const NEVER: RuleId = RuleId("6.3");
/// 6.4: the limited German replacements.
pub const LIMITED: RuleId = RuleId("6.4");
/// 17.9: cadres.
pub const CADRE: RuleId = RuleId("17.9");
/// 17.2: an eliminated HQ returns in a city.
pub const HQ_RETURN: RuleId = RuleId("17.2");
/// 20.2: one airborne replacement per division per turn.
pub const AIRBORNE: RuleId = RuleId("20.2");
/// 5.3: SupP bought with RP.
pub const BUY_SUPPLY: RuleId = RuleId("5.3");
/// a replaced beach engineer goes to Great Britain.
pub const ENGINEER: RuleId = RuleId("21.1");
/// 26.2: the Cherbourg scenario's SupP purchase from turn 6.
pub const CHERBOURG_PURCHASE: RuleId = RuleId("26.2");

/// The most hexes between a returning unit and another unit of its division (6.2).
const DIVISION_RANGE: u32 = 5;

/// 17.9: whether a cadre counter of type `cadre` (index in `cadres`) is free: the counter mix
/// less the cadres on the map (3-step units at their cadre step) and the eliminated cadres lying
/// on their units in the chart.
pub fn cadre_free(game: &Normandy44, cadre: usize) -> bool {
    let data = game.data();
    let Some(def) = data.cadres.get(cadre) else {
        return false;
    };
    let in_use = game
        .unit_ids()
        .filter(|&u| data.cadre_of[u.index()].map(usize::from) == Some(cadre))
        .filter(|&u| {
            let state = game.unit(u);
            usize::from(state.step) == data.unit(u).steps.len()
                && matches!(
                    state.at,
                    Location::Hex(_) | Location::Eliminated | Location::Britain
                )
        })
        .count();
    in_use < usize::from(def.count)
}

/// 6.3, 17.1, 17.7, 16.2: whether `unit` may ever receive a replacement.
pub fn replaceable(game: &Normandy44, unit: UnitId) -> bool {
    let def = game.data().unit(unit);
    def.replaceable
        && !matches!(
            def.class,
            Class::Ost | Class::Flak | Class::Strongpoint | Class::Ranger | Class::Commando
        )
}

/// The pools that may pay for a step of `unit`, best first; `tq` is the TQ of the face the
/// replacement is judged on.
fn pools(game: &Normandy44, unit: UnitId, tq: i8) -> &'static [Pool] {
    let def = game.data().unit(unit);
    let tiger_or_panther = def.tiger || def.panther;
    // 17.2, 17.3: an HQ comes back for an infantry replacement, a Werfer for an armor one.
    let kind = match def.class {
        Class::Hq => ReplacementType::Infantry,
        Class::Werfer => ReplacementType::Armor,
        _ => def.replacement,
    };
    match (def.side, def.army, kind) {
        (Side::German, _, ReplacementType::Armor) if tiger_or_panther => &[Pool::GermanPt],
        (Side::German, _, ReplacementType::Armor) => &[Pool::GermanPt, Pool::GermanArmor],
        (Side::German, _, _) => match tq {
            -1 => &[
                Pool::GermanLowTqMinus1,
                Pool::GermanLowTq0,
                Pool::GermanInfantry,
            ],
            0 => &[Pool::GermanLowTq0, Pool::GermanInfantry],
            _ => &[Pool::GermanInfantry],
        },
        (Side::Allied, Some(Army::Us), ReplacementType::Infantry) => &[Pool::UsInfantry],
        (Side::Allied, Some(Army::Us), ReplacementType::Armor) => &[Pool::UsArmor],
        (Side::Allied, Some(Army::Us), ReplacementType::Airborne) => &[Pool::UsAirborne],
        (Side::Allied, _, ReplacementType::Infantry) => &[Pool::BritishInfantry],
        // 6.2: Canadian armored units take British armor replacements.
        (Side::Allied, _, ReplacementType::Armor) => &[Pool::BritishArmor],
        (Side::Allied, _, ReplacementType::Airborne) => &[Pool::BritishAirborne],
        (Side::Allied, _, ReplacementType::CanadianInfantry) => &[Pool::CanadianInfantry],
    }
}

/// The pool that pays for a step of `unit` judged on the face of `step`, or why none may.
fn paying_pool(game: &Normandy44, unit: UnitId, step: u8) -> Result<Pool, Refusal> {
    let tq = game
        .data()
        .face(unit, step)
        .map_or(0, crate::data::Face::quality);
    let list = pools(game, unit, tq);
    if let Some(&pool) = list
        .iter()
        .find(|&&p| game.tracks.replacements[p as usize] > 0)
    {
        if matches!(pool, Pool::UsAirborne | Pool::BritishAirborne) && game.turn < 2 {
            return Err(Refusal::by_rule(
                AIRBORNE,
                "airborne replacements may be used from turn 2",
            ));
        }
        return Ok(pool);
    }
    let def = game.data().unit(unit);
    let why = if def.side == Side::German && (def.tiger || def.panther) {
        Refusal::by_rule(
            LIMITED,
            "only the \"1 (PT)\" armor replacement, used in the turn it is received, restores a \
             Tiger or Panther step",
        )
    } else {
        Refusal::by_rule(
            REPLACEMENT,
            "no replacement of the right type and nationality is left",
        )
    };
    Err(why)
}

/// 6.2, 20.2: the units of airborne divisions that have had a replacement this turn (their
/// Replacement markers are still on), each with its division, found at the first question: a
/// legal list asks it of every airborne unit it weighs, and the units are the same throughout.
#[derive(Default)]
struct Served(std::cell::OnceCell<Vec<(u16, UnitId)>>);

impl Served {
    /// Whether another unit of `unit`'s airborne division has had a replacement this turn.
    fn division(&self, game: &Normandy44, unit: UnitId) -> bool {
        let data = game.data();
        let Some(formation) = data.formation_of[unit.index()] else {
            return false;
        };
        let served = self.0.get_or_init(|| {
            game.unit_ids()
                .filter(|&u| {
                    data.unit(u).replacement == ReplacementType::Airborne
                        && game.unit(u).flags.has(UnitFlags::REPLACED)
                })
                .filter_map(|u| data.formation_of[u.index()].map(|f| (f, u)))
                .collect()
        });
        served.iter().any(|&(f, u)| f == formation && u != unit)
    }
}

/// Checks shared by both ways of replacing: the side, 6.3, one per unit per turn, 20.2.
fn common_checks(
    game: &Normandy44,
    side: Side,
    unit: UnitId,
    pool: Pool,
    served: &Served,
) -> Result<(), Refusal> {
    if game.side_of(unit) != side {
        return Err(Refusal::by_rule(REPLACEMENT, "not one of your units"));
    }
    if !replaceable(game, unit) {
        return Err(Refusal::by_rule(
            NEVER,
            "Rangers, commandos, FLAK, Ost battalions and strongpoints are never replaced",
        ));
    }
    if game.unit(unit).flags.has(UnitFlags::REPLACED) {
        return Err(Refusal::by_rule(
            REPLACEMENT,
            "a unit receives at most one replacement a turn",
        ));
    }
    if matches!(pool, Pool::UsAirborne | Pool::BritishAirborne) && served.division(game, unit) {
        return Err(Refusal::by_rule(
            AIRBORNE,
            "an airborne division receives at most one replacement a turn",
        ));
    }
    Ok(())
}

/// D5: whether `unit` may receive a replacement now, and from which pool.
///
/// On the map: reduced (a cadre counts), in supply, not Disorganized nor Scattered. In Great
/// Britain (21.2: evacuated units are replaced normally): reduced. An eliminated beach engineer
/// is replaced into Great Britain, to land again.
pub fn replace_check(game: &Normandy44, side: Side, unit: UnitId) -> Result<Pool, Refusal> {
    replace_check_with(game, side, unit, &Served::default())
}

/// [`replace_check`], with 20.2's served divisions found once for a whole list.
fn replace_check_with(
    game: &Normandy44,
    side: Side,
    unit: UnitId,
    served: &Served,
) -> Result<Pool, Refusal> {
    let state = game.unit(unit);
    let def = game.data().unit(unit);
    let engineer_back = state.at == Location::Eliminated && def.class == Class::BeachEngineer;
    let step = if engineer_back {
        game.data().step_count(unit).saturating_sub(1)
    } else {
        match state.at {
            Location::Hex(_) | Location::Britain => {}
            Location::Eliminated => {
                return Err(Refusal::by_rule(
                    REPLACEMENT,
                    "an eliminated unit comes back in a hex: return it there",
                ));
            }
            _ => {
                return Err(Refusal::by_rule(
                    REPLACEMENT,
                    "only units on the map or in Great Britain are restored",
                ));
            }
        }
        if state.step == 0 {
            return Err(Refusal::by_rule(
                REPLACEMENT,
                "the unit is at full strength",
            ));
        }
        if state.flags.has(UnitFlags::DISORGANIZED) {
            return Err(Refusal::by_rule(
                REPLACEMENT,
                "a Disorganized unit receives no replacement",
            ));
        }
        if state.flags.has(UnitFlags::SCATTERED) {
            return Err(Refusal::by_rule(
                AIRBORNE,
                "a Scattered unit receives no replacement",
            ));
        }
        state.step
    };
    let pool = paying_pool(game, unit, step)?;
    common_checks(game, side, unit, pool, served)?;
    // 7.2: a restored step may not take its hex over the stacking limit.
    if let Location::Hex(hex) = state.at
        && !engineer_back
        && !crate::stacking::fits_at_step(game, hex, unit, step.saturating_sub(1))
    {
        return Err(Refusal::by_rule(
            crate::stacking::STACKING,
            "the restored unit would overstack its hex (7.2): move units out first",
        ));
    }
    // the unit must be able to trace supply now. Asked last: a trace costs more than
    // every other check together, and most units fail on an empty pool first.
    if !engineer_back && !unit_in_supply(game, unit) {
        return Err(Refusal::by_rule(
            REPLACEMENT,
            "the unit cannot trace supply",
        ));
    }
    Ok(pool)
}

/// D6: whether eliminated `unit` may come back in `hex` now, and from which pool (6.2, 17.2,
/// 17.3, 17.9).
pub fn return_check(
    game: &Normandy44,
    side: Side,
    unit: UnitId,
    hex: HexId,
) -> Result<Pool, Refusal> {
    let pool = return_rules(game, side, unit, hex)?;
    if ss_first(game, side, unit, || ss_can_return(game)) {
        return Err(Refusal::by_rule(
            crate::solitaire::SOLITAIRE,
            "SS units come back from the Eliminated box first (27.2)",
        ));
    }
    Ok(pool)
}

/// 27.2: whether `unit` must wait while the German brings SS units back first, given whether
/// one can come back (asked only where it decides).
fn ss_first(game: &Normandy44, side: Side, unit: UnitId, ss_can: impl FnOnce() -> bool) -> bool {
    side == Side::German
        && crate::solitaire::on(game)
        && !crate::solitaire::is_ss(game, unit)
        && ss_can()
}

/// 27.2: whether an eliminated German SS unit can come back now somewhere.
fn ss_can_return(game: &Normandy44) -> bool {
    let hexes = return_hexes(game, Side::German);
    game.unit_ids().any(|u| {
        game.unit(u).at == Location::Eliminated
            && game.side_of(u) == Side::German
            && crate::solitaire::is_ss(game, u)
            && hexes
                .iter()
                .any(|&h| return_rules(game, Side::German, u, h).is_ok())
    })
}

/// [`return_check`] without 27.2's order.
fn return_rules(game: &Normandy44, side: Side, unit: UnitId, hex: HexId) -> Result<Pool, Refusal> {
    let pool = return_unit_rules(game, side, unit, &Served::default())?;
    // Asked only where it decides: a supply trace is the dearest check here.
    let place_ok = || controls(game, side, hex) && hex_in_supply(game, side, hex);
    return_place_rules(game, side, unit, hex, &place_ok)?;
    Ok(pool)
}

/// The part of [`return_rules`] the unit alone decides, wherever it would come back: the pool
/// that pays for it.
fn return_unit_rules(
    game: &Normandy44,
    side: Side,
    unit: UnitId,
    served: &Served,
) -> Result<Pool, Refusal> {
    let data = game.data();
    if game.unit(unit).at != Location::Eliminated {
        return Err(Refusal::by_rule(
            REPLACEMENT,
            "the unit is not in the Eliminated box",
        ));
    }
    if data.unit(unit).class == Class::BeachEngineer {
        return Err(Refusal::by_rule(
            ENGINEER,
            "a replaced beach engineer goes to Great Britain and lands again (A-42)",
        ));
    }
    let lowest = data.step_count(unit).saturating_sub(1);
    let pool = paying_pool(game, unit, lowest)?;
    common_checks(game, side, unit, pool, served)?;
    Ok(pool)
}

/// The part of [`return_rules`] that depends on the hex. `place_ok`: whether `side` controls
/// `hex` and a unit there would be in supply, asked only where it decides (a supply trace).
fn return_place_rules(
    game: &Normandy44,
    side: Side,
    unit: UnitId,
    hex: HexId,
    place_ok: &dyn Fn() -> bool,
) -> Result<(), Refusal> {
    let data = game.data();
    let def = data.unit(unit);
    if game.occupant(hex) == Some(side.enemy()) {
        return Err(Refusal::by_rule(REPLACEMENT, "the hex holds enemy units"));
    }
    let flags = data.map.flags(hex);
    let city = flags.has(HexFlags::CITY);
    let town_or_city = city || flags.has(HexFlags::TOWN);
    if def.class == Class::Hq {
        // 17.2: an HQ comes back in a friendly-controlled, in-supply city hex.
        if !(city && place_ok()) {
            return Err(Refusal::by_rule(
                HQ_RETURN,
                "an eliminated HQ returns only in a friendly-controlled city hex in supply",
            ));
        }
    } else {
        let on_hq = game.units_in(hex).any(|u| {
            game.side_of(u) == side && data.unit(u).class == Class::Hq && unit_in_supply(game, u)
        });
        if !(on_hq || (town_or_city && place_ok())) {
            return Err(Refusal::by_rule(
                REPLACEMENT,
                "a returning unit is placed on a friendly HQ in supply, or in a \
                 friendly-controlled town or city in supply",
            ));
        }
        // 6.2: within 5 hexes of another unit of its division.
        if let Some(formation) = data.formation_of[unit.index()] {
            let near = game.unit_ids().any(|u| {
                u != unit
                    && data.formation_of[u.index()] == Some(formation)
                    && game
                        .hex_of(u)
                        .is_some_and(|h| data.map.hexes.distance(h, hex) <= DIVISION_RANGE)
            });
            if !near {
                return Err(Refusal::by_rule(
                    REPLACEMENT,
                    "a returning unit is placed within 5 hexes of another unit of its division",
                ));
            }
        }
    }
    if !crate::stacking::fits(game, hex, &[unit]) {
        return Err(Refusal::by_rule(
            REPLACEMENT,
            "the hex has no room for it (7.1)",
        ));
    }
    Ok(())
}

/// 5.3, 26.2: whether `army` may buy a SupP with 3 RP now.
pub fn buy_check(game: &Normandy44, army: Army) -> Result<(), Refusal> {
    let complete = if game.scenario == Scenario::Cherbourg {
        // 26.2 item 4: the Omaha Mulberry counts as complete from turn 6.
        if army == Army::Cw || game.turn < 6 {
            return Err(Refusal::by_rule(
                CHERBOURG_PURCHASE,
                "in the Cherbourg scenario the US buys SupP from turn 6",
            ));
        }
        true
    } else {
        mulberry_complete(game, army)
    };
    if !RpKind::SupplyPoint.available(complete) {
        return Err(Refusal::by_rule(
            BUY_SUPPLY,
            "an army buys SupP only once its Mulberry is complete",
        ));
    }
    if game.tracks.rp[army.index()] < RpKind::SupplyPoint.cost() {
        return Err(Refusal::by_rule(BUY_SUPPLY, "a SupP costs 3 RP"));
    }
    Ok(())
}

/// The places an eliminated unit of `side` might return to: hexes with a friendly HQ, and
/// town and city hexes.
fn return_hexes(game: &Normandy44, side: Side) -> Vec<HexId> {
    let map = &game.data().map;
    let mut hexes: Vec<HexId> = map
        .hexes
        .ids()
        .filter(|&h| {
            let f = map.flags(h);
            f.has(HexFlags::TOWN) || f.has(HexFlags::CITY)
        })
        .collect();
    for h in game.occupied_hexes(side) {
        if game
            .units_in(h)
            .any(|u| game.data().unit(u).class == Class::Hq)
        {
            hexes.push(h);
        }
    }
    hexes.sort_unstable();
    hexes.dedup();
    hexes
}

pub fn legal(game: &Normandy44, side: Side, out: &mut Vec<N44Action>) {
    if !matches!(game.step, Step::Phase(_, Phase::Replacement, Stage::Open)) {
        out.push(N44Action::Done);
        return;
    }
    let mine: Vec<UnitId> = game
        .unit_ids()
        .filter(|&u| game.side_of(u) == side)
        .collect();
    // [`return_check`] taken apart: what the unit decides once per unit, 27.2's order once per
    // list, and each place's control and supply once per place (a trace each).
    let mut places: Option<Vec<(HexId, std::cell::OnceCell<bool>)>> = None;
    let ss_can = std::cell::OnceCell::new();
    let served = Served::default();
    for &unit in &mine {
        match game.unit(unit).at {
            // A unit at full strength is refused at once (`replace_check`): skipped unasked.
            Location::Hex(_) | Location::Britain
                if game.unit(unit).step > 0
                    && replace_check_with(game, side, unit, &served).is_ok() =>
            {
                out.push(N44Action::Replace { unit });
            }
            Location::Eliminated => {
                if replace_check_with(game, side, unit, &served).is_ok() {
                    out.push(N44Action::Replace { unit });
                    continue;
                }
                if return_unit_rules(game, side, unit, &served).is_err() {
                    continue;
                }
                if ss_first(game, side, unit, || {
                    *ss_can.get_or_init(|| ss_can_return(game))
                }) {
                    continue;
                }
                let places = places.get_or_insert_with(|| {
                    return_hexes(game, side)
                        .into_iter()
                        .map(|hex| (hex, std::cell::OnceCell::new()))
                        .collect()
                });
                for (hex, supplied) in places.iter() {
                    let hex = *hex;
                    let place_ok = || {
                        *supplied.get_or_init(|| {
                            controls(game, side, hex) && hex_in_supply(game, side, hex)
                        })
                    };
                    if return_place_rules(game, side, unit, hex, &place_ok).is_ok() {
                        out.push(N44Action::Return { unit, hex });
                    }
                }
            }
            _ => {}
        }
    }
    match side {
        Side::German => {
            if game.tracks.replacements[Pool::GermanPt as usize] > 0
                && game.scenario != Scenario::Cherbourg
            {
                out.push(N44Action::BankPt);
            }
        }
        Side::Allied => {
            for army in [Army::Us, Army::Cw] {
                if buy_check(game, army).is_ok() {
                    out.push(N44Action::BuySupply { army });
                }
            }
        }
    }
    out.push(N44Action::Done);
}

pub fn answer(
    game: &mut Normandy44,
    side: Side,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    match action {
        N44Action::Replace { unit } => {
            let pool = replace_check(game, side, unit)?;
            spend(game, pool);
            let name = game.data().unit(unit).short.clone();
            let lowest = game.data().step_count(unit).saturating_sub(1);
            let printed = game.data().unit(unit).steps.len();
            if game.unit(unit).at == Location::Eliminated {
                // the engineer goes to Great Britain, to land again as a reinforcement.
                game.take_off(unit, Location::Britain);
                game.unit_mut(unit).step = lowest;
                log.public(ENGINEER, N44Event::Note, || {
                    format!("{name} is replaced and waits in Great Britain to land again")
                });
            } else {
                let mut state = game.unit_mut(unit);
                let cadre = usize::from(state.step) == printed;
                state.step -= 1;
                state.flags.set(UnitFlags::REPLACED, true);
                let rule = if cadre { CADRE } else { REPLACEMENT };
                log.public(
                    rule,
                    N44Event::Marker {
                        unit,
                        marker: "replacement",
                        on: true,
                    },
                    || {
                        if cadre {
                            format!(
                                "{name}'s cadre is replaced: the unit returns on its reduced step"
                            )
                        } else {
                            format!(
                                "{name} receives a replacement ({})",
                                crate::weather::pool_name(pool)
                            )
                        }
                    },
                );
            }
            Ok(())
        }
        N44Action::Return { unit, hex } => {
            let pool = return_check(game, side, unit, hex)?;
            spend(game, pool);
            let lowest = game.data().step_count(unit).saturating_sub(1);
            let mut state = game.unit_mut(unit);
            state.at = Location::Hex(hex);
            state.step = lowest;
            state.flags = UnitFlags::default();
            state.flags.set(UnitFlags::REPLACED, true);
            state.spent = 0;
            drop(state);
            game.set_control(hex, side);
            let name = game.data().unit(unit).short.clone();
            let label = game.data().map.label(hex);
            log.public(
                REPLACEMENT,
                N44Event::Moved {
                    unit,
                    from: None,
                    to: hex,
                },
                || format!("{name} returns from the Eliminated box in {label} at its lowest step"),
            );
            Ok(())
        }
        N44Action::BankPt if side == Side::German => {
            let pt = &mut game.tracks.replacements[Pool::GermanPt as usize];
            if *pt == 0 || game.scenario == Scenario::Cherbourg {
                return Err(Refusal::by_rule(
                    LIMITED,
                    "no \"1 (PT)\" replacement to bank",
                ));
            }
            *pt -= 1;
            log.public(LIMITED, N44Event::Note, || {
                "The \"1 (PT)\" replacement is banked as an ordinary armor replacement".to_owned()
            });
            crate::weather::add_replacements(game, Pool::GermanArmor, 1, log);
            Ok(())
        }
        N44Action::BuySupply { army } if side == Side::Allied => {
            buy_check(game, army)?;
            game.tracks.rp[army.index()] -= RpKind::SupplyPoint.cost();
            let marker = match army {
                Army::Us => SUPPLY_US,
                Army::Cw => SUPPLY_CW,
            };
            let after = stockpile(game.tracks.supply[marker], 1, SUPPLY_CAP);
            game.tracks.supply[marker] = after;
            log.public(BUY_SUPPLY, N44Event::Note, || {
                format!("{army:?} buys a SupP with 3 RP: {after} SupP")
            });
            Ok(())
        }
        _ => Err(Refusal::by_rule(
            REPLACEMENT,
            "not a decision of the Replacement Phase",
        )),
    }
}

/// Take one replacement from `pool`; in the Cherbourg scenario the use-now armor replacement is
/// the scenario's only one (26.2).
fn spend(game: &mut Normandy44, pool: Pool) {
    let slot = &mut game.tracks.replacements[pool as usize];
    *slot = slot.saturating_sub(1);
    if pool == Pool::GermanPt && game.scenario == Scenario::Cherbourg {
        game.cherbourg_armor = false;
    }
}

/// The end of `side`'s Replacement Phase: the German use-now replacements are lost (6.4).
pub fn end(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    if side != Side::German {
        return;
    }
    for pool in [Pool::GermanPt, Pool::GermanLowTq0, Pool::GermanLowTqMinus1] {
        let left = std::mem::take(&mut game.tracks.replacements[pool as usize]);
        if left > 0 {
            log.public(LIMITED, N44Event::Note, || {
                format!(
                    "The unused {} replacement is lost",
                    crate::weather::pool_name(pool)
                )
            });
        }
    }
}
