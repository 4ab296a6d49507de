//! Reinforcements in the Movement Phase: the Allied landings from Great Britain and the
//! landing boxes (6.5, 20.5, 21.1), evacuation (21.2), the Army Boundary's return (22.1); the
//! German reinforcements' entry or delay (6.6, 26.1), mobilization (6.7), and the Cotentin
//! HQ's relocation (17.4).
//!
//! A landed unit has the landing hex as the first hex of its tactical move (6.5.2): it is put
//! in the hex with the LANDED marker, and movement lets it go one more hex at most. A German
//! reinforcement that enters pays the road cost of its entry hex and is at once the unit picked
//! to move on with the MP it has left (unless it entered an enemy ZOC, where it stops).
//!
//! Readings: Allied reinforcements land at their own army's beachheads and Mulberry; a landing
//! must leave the hex within the stacking limit (7.1); a beach engineer lands only in its own
//! beachhead, and only while that hex is Allied-controlled (21.1); a due German reinforcement
//! that neither enters nor is delayed stays on the card and may enter later at its zone.

mod german;
mod landing;

pub use german::{cotentin_hq, delay_zone, enter_check, mobilize_check, relocate_check};
pub use landing::{beyond_boundary, evacuate_check, land_check, must_still_return, rp_cost};

use crate::action::{N44Action, N44Event, N44Log};
use crate::beaches::beachhead;
use crate::beaches::cherbourg_cities;
use crate::data::{Side, UnitId};
use crate::hex_bits;
use crate::state::{Location, Mulberry, Normandy44, Phase, Stage, Step, UnitFlags};
use crate::tables::weather::Weather;
use german::{arrival_answers, due, entry_hexes};
use landing::{Lander, LandingHex, army_landing_hexes, evacuations_left, may_land};
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;

/// 6.5.2: the landing procedure.
pub const LANDING: RuleId = RuleId("6.5.2");
/// 6.5.1: RP and the costs of the GB box.
pub const RP_COST: RuleId = RuleId("6.5.1");
/// 20.5: the second wave lands in the Allied turn 1.
pub const SECOND_WAVE: RuleId = RuleId("20.5");
/// 21.1: closed beachheads take only their engineer.
pub const CLOSED: RuleId = RuleId("21.1");
/// 21.2: evacuation.
pub const EVACUATION: RuleId = RuleId("21.2");
/// 22.1: the Army Boundary.
pub const BOUNDARY: RuleId = RuleId("22.1");
/// 6.6: German reinforcements.
pub const GERMAN_ENTRY: RuleId = RuleId("6.6");
/// 26.1: the Cherbourg scenario's fixed arrival hex.
pub const CHERBOURG_ARRIVAL: RuleId = RuleId("26.1");
/// 6.7: mobilization.
pub const MOBILIZATION: RuleId = RuleId("6.7");
/// 17.4: the Cotentin HQ.
pub const COTENTIN: RuleId = RuleId("17.4");
/// 6.5.2: the Regroup marker on landed units next to the enemy.
pub const REGROUP: RuleId = RuleId("6.5.2");

/// The most units evacuated from one beach hex in a turn (21.2).
pub(crate) const EVACUATIONS_PER_HEX: usize =
    crate::tables::costs::EVACUATIONS_PER_BEACH_HEX as usize;

/// Whether the game is at `side`'s Movement Phase (not the Reserve segment) with nothing picked.
pub(crate) fn open_movement(game: &Normandy44, side: Side) -> bool {
    game.step == Step::Phase(side, Phase::Movement, Stage::Open)
}

// ---- The Movement Phase's prompts ---------------------------------------------------------

/// The reinforcement answers of `side`'s Movement Phase (added to movement's), and 22.1's hold
/// on ending it.
pub fn legal(game: &Normandy44, side: Side, out: &mut Vec<N44Action>) {
    list(game, side, out, false);
}

/// Whether `side` has a reinforcement to land, evacuate, bring on or relocate: [`legal`]
/// stopped at its first answer.
pub fn has_choice(game: &Normandy44, side: Side) -> bool {
    let mut out = Vec::new();
    list(game, side, &mut out, true);
    !out.is_empty()
}

/// [`legal`]; with `first_only`, it stops once it has an answer.
///
/// The answers are the memo's ([`kept_answers`]); 22.1's and 27.2's holds on ending the phase
/// read units anywhere on the map, so they are weighed afresh on every list that offers the end.
fn list(game: &Normandy44, side: Side, out: &mut Vec<N44Action>, first_only: bool) {
    if !open_movement(game, side) {
        return;
    }
    let answers = kept_answers(game, side);
    if first_only {
        out.extend(answers.first().copied());
        return;
    }
    out.extend_from_slice(&answers);
    match side {
        Side::Allied => {
            // 22.1: the phase may not end while a unit must come back; asked only where the
            // list offers the end.
            if out.contains(&N44Action::Done) && must_still_return(game).is_some() {
                out.retain(|a| *a != N44Action::Done);
            }
        }
        Side::German => {
            if must_still_enter(game).is_some() {
                out.retain(|a| *a != N44Action::Done);
            }
        }
    }
}

/// What the reinforcement answers of `side`'s Movement Phase depend on besides the units: kept
/// in the memo under it ([`kept_answers`]). Control changes without a unit changing (a move
/// through a hex takes it), so the key holds the control of the hexes the answers read it of.
#[derive(PartialEq, Hash)]
struct AnswersKey {
    side: Side,
    step: Step,
    /// 27.1: the part of the phase.
    part: u8,
    /// 6.5.1, 6.6, 6.7, 20.5: the GB box from turn 2, the lines' first turns, the units due.
    turn: u8,
    /// 6.5.1: the RP left...
    rp: [u8; 2],
    /// ...6.5.2: and landed at each beach this turn.
    rp_landed: [u8; 5],
    /// 21.1: the Mulberries' landing sites.
    mulberries: [Mulberry; 2],
    /// 6.6: the entry hexes' road cost.
    weather: Weather,
    /// 21.2: the evacuations of this turn.
    evacuations: Vec<HexId>,
    /// 6.7: the boxes that released a unit this turn.
    mobilized: [bool; 2],
    /// 6.6: the zones delays sent units to.
    entry_zones: Vec<(UnitId, u8)>,
    /// 17.4: the relocation is once per game.
    cotentin_relocated: bool,
    /// 27.2: no delay in solitaire play.
    must_enter: bool,
    /// 21.1, 17.4: per hex of [`control_read`], whether the Allies control it.
    control: ControlRead,
}

/// Whether the Allies control each hex of [`control_read`], in its order: a bit each for the
/// first 64 (a dozen on the map), the rest one by one. Built on every list, so built without
/// allocating where the hexes fit in the word.
#[derive(PartialEq, Hash)]
struct ControlRead {
    bits: u64,
    more: Vec<bool>,
}

impl ControlRead {
    fn of(game: &Normandy44) -> ControlRead {
        let mut control = ControlRead {
            bits: 0,
            more: Vec::new(),
        };
        for (i, hex) in control_read(game).enumerate() {
            let allied = game.allied_controls(hex);
            if i < 64 {
                control.bits |= u64::from(allied) << i;
            } else {
                control.more.push(allied);
            }
        }
        control
    }
}

/// The hexes whose control the answers read: the beachheads and Mulberries (21.1: a beach
/// engineer lands only in its own Allied-controlled beachhead) and the Cherbourg city hexes
/// (17.4: the Cotentin HQ's relocation).
fn control_read(game: &Normandy44) -> impl Iterator<Item = HexId> + '_ {
    let map = &game.data().map;
    map.beachheads
        .iter()
        .chain(&map.mulberries)
        .chain(cherbourg_cities(game))
        .copied()
}

/// The reinforcement answers of `side`'s Movement Phase (at its Open stage), in [`legal`]'s
/// order, before 22.1's and 27.2's holds on ending it: kept in the memo until a unit they are
/// about changes (one waiting off the map, the Cotentin HQ), a unit of the other side changes
/// (its ZOC, 6.7), or a unit of the side enters or leaves a hex they read (the landing and
/// beach hexes, the entry and mobilization hexes, the Cherbourg city hexes); the rest they read
/// is their key ([`AnswersKey`]). Most moves of a Movement Phase are far from all of these.
fn kept_answers(game: &Normandy44, side: Side) -> std::sync::Arc<Vec<N44Action>> {
    let key = AnswersKey {
        side,
        step: game.step,
        part: game.part,
        turn: game.turn,
        rp: game.tracks.rp,
        rp_landed: game.tracks.rp_landed,
        mulberries: game.mulberries,
        weather: game.weather.condition,
        evacuations: game.evacuations.clone(),
        mobilized: game.mobilized,
        entry_zones: game.entry_zones.clone(),
        cotentin_relocated: game.cotentin_relocated,
        must_enter: crate::solitaire::reinforcements_must_enter(game),
        control: ControlRead::of(game),
    };
    game.memo()
        .get_by_hexes(|u| game.hex_of(u), key, || answers_now(game, side))
}

/// [`kept_answers`], worked out: the answers, the side, the units they are about and the hexes
/// they read (a bit per hex).
///
/// The units are walked in id order, each weighed only where it is (off the map waiting to
/// land or arrive, in a beach hex): the answers come out in the order a walk over every unit
/// of the side asking every check gives.
fn answers_now(game: &Normandy44, side: Side) -> (Vec<N44Action>, Side, Vec<UnitId>, Vec<u64>) {
    let data = game.data();
    let map = &data.map;
    let mut out = Vec::with_capacity(16);
    let mut about = Vec::with_capacity(32);
    let mut read = hex_bits::empty(map.hexes.len());
    match side {
        Side::Allied => {
            // The beach hexes (evacuation, the engineers that open them) and every landing
            // hex.
            for &hex in map.beachheads.iter().chain(&map.mulberries) {
                hex_bits::mark(&mut read, hex);
            }
            // An army's landing hexes, with what the landing check reads of each, found once
            // per list.
            let mut army_hexes: [Option<Vec<LandingHex>>; 2] = [None, None];
            for (i, (state, def)) in game.units.iter().zip(&data.units).enumerate() {
                let unit = UnitId(i as u16);
                match state.at {
                    Location::Britain | Location::SecondWave(_) | Location::NextWave => {}
                    Location::Hex(h) => {
                        // 21.2: only from a beach hex (`in_beach_hex`), by a unit that has not
                        // moved (it spends its whole MA) and can move, at most two a turn from
                        // the hex: `evacuate_check`'s checks, the cheap ones first.
                        if state.spent == 0
                            && !state.flags.has(UnitFlags::LANDED)
                            && map.beachheads.contains(&h)
                            && def.side == side
                            && evacuations_left(game, h)
                            && crate::movement::why_stuck(game, unit, false).is_none()
                        {
                            out.push(N44Action::Evacuate { unit });
                        }
                        continue;
                    }
                    _ => continue,
                }
                if def.side != side {
                    continue;
                }
                // A unit waiting to land changes off the map, in no hex read.
                about.push(unit);
                let Some(lander) = Lander::waiting(game, unit) else {
                    continue;
                };
                let army = lander.army;
                let hexes = army_hexes[army.index()].get_or_insert_with(|| {
                    army_landing_hexes(game, army)
                        .into_iter()
                        .map(|hex| LandingHex::of(game, army, hex))
                        .collect()
                });
                for at in hexes.iter() {
                    // 20.5: a unit of a landing box lands only at its box's beach; every
                    // other hex is a refusal of `land_check`.
                    if lander
                        .box_beach
                        .is_some_and(|b| beachhead(game, b) != at.hex)
                    {
                        continue;
                    }
                    // `land_check`, its unit's own checks made by `Lander::waiting`.
                    if may_land(game, &lander, at) {
                        out.push(N44Action::Land { unit, hex: at.hex });
                    }
                }
            }
        }
        Side::German => {
            // 27.2: no delay in solitaire play.
            let must_enter = crate::solitaire::reinforcements_must_enter(game);
            // What the entry check reads of each entry hex, found once per list.
            let mut entry_hexes_seen = Vec::new();
            for (i, (state, def)) in game.units.iter().zip(&data.units).enumerate() {
                let unit = UnitId(i as u16);
                if !matches!(state.at, Location::Arriving(_) | Location::Mobilization(_))
                    || def.side != side
                {
                    continue;
                }
                // A unit waiting to arrive or mobilize changes off the map, in no hex read.
                about.push(unit);
                match state.at {
                    Location::Arriving(_) if due(game, unit) => {
                        // `enter_check` at each entry hex, then `delay_zone`.
                        arrival_answers(game, unit, must_enter, &mut entry_hexes_seen, &mut out);
                    }
                    Location::Mobilization(b) => {
                        let hexes = if b == 0 {
                            &map.mobilization_243
                        } else {
                            &map.mobilization_709
                        };
                        for &hex in hexes {
                            hex_bits::mark(&mut read, hex);
                            if mobilize_check(game, unit, hex).is_ok() {
                                out.push(N44Action::Mobilize { unit, hex });
                            }
                        }
                    }
                    _ => {}
                }
            }
            for &(hex, _) in &entry_hexes_seen {
                hex_bits::mark(&mut read, hex);
            }
            // 17.4: the Cotentin HQ, wherever it stands, and the hexes it might go to.
            if let Some(hq) = cotentin_hq(game) {
                about.push(hq);
                if let Some(hex) = game.hex_of(hq) {
                    hex_bits::mark(&mut read, hex);
                }
            }
            for &hex in cherbourg_cities(game) {
                hex_bits::mark(&mut read, hex);
                if relocate_check(game, hex).is_ok() {
                    out.push(N44Action::RelocateCotentinHq { hex });
                }
            }
        }
    }
    (out, side, about, read)
}

/// Whether `action` is one this module answers.
pub fn answers(action: N44Action) -> bool {
    matches!(
        action,
        N44Action::Land { .. }
            | N44Action::Evacuate { .. }
            | N44Action::Enter { .. }
            | N44Action::Delay { .. }
            | N44Action::Mobilize { .. }
            | N44Action::RelocateCotentinHq { .. }
    )
}

pub fn answer(
    game: &mut Normandy44,
    side: Side,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    match (side, action) {
        (Side::Allied, N44Action::Land { unit, hex }) => landing::land(game, unit, hex, log),
        (Side::Allied, N44Action::Evacuate { unit }) => landing::evacuate(game, unit, log),
        (Side::German, N44Action::Enter { unit, hex }) => german::enter(game, unit, hex, log),
        (Side::German, N44Action::Delay { unit, later }) => german::delay(game, unit, later, log),
        (Side::German, N44Action::Mobilize { unit, hex }) => german::mobilize(game, unit, hex, log),
        (Side::German, N44Action::RelocateCotentinHq { hex }) => german::relocate(game, hex, log),
        _ => Err(Refusal::by_rule(
            LANDING,
            "not a reinforcement decision of this side",
        )),
    }
}

/// 27.2: a due German reinforcement that can enter now (solitaire play makes it).
fn must_still_enter(game: &Normandy44) -> Option<UnitId> {
    if !crate::solitaire::reinforcements_must_enter(game) || !open_movement(game, Side::German) {
        return None;
    }
    game.unit_ids().find(|&u| {
        matches!(game.unit(u).at, Location::Arriving(_))
            && due(game, u)
            && game.in_part(u)
            && entry_hexes(game, u)
                .into_iter()
                .any(|h| enter_check(game, u, h).is_ok())
    })
}

/// 22.1: the Movement Phase may not end while a unit beyond the Army Boundary can come back.
pub fn done_refusal(game: &Normandy44) -> Option<Refusal> {
    if let Some(unit) = must_still_enter(game) {
        return Some(Refusal::by_rule(
            crate::solitaire::SOLITAIRE,
            format!(
                "{} arrives this turn and can enter: it must (27.2)",
                game.data().unit(unit).short
            ),
        ));
    }
    must_still_return(game).map(|u| {
        Refusal::by_rule(
            BOUNDARY,
            format!(
                "{} is more than one hex beyond the Army Boundary and must move back first",
                game.data().unit(u).short
            ),
        )
    })
}

/// The end of `side`'s Movement Phase: landed reinforcements next to the enemy get a Regroup
/// marker (6.5.2; A-50: the halving is for every landed unit, the marker a reminder).
pub fn end_movement(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    if side != Side::Allied {
        return;
    }
    for unit in game.unit_ids().collect::<Vec<_>>() {
        let Some(hex) = game.hex_of(unit) else {
            continue;
        };
        if !game.unit(unit).flags.has(UnitFlags::LANDED)
            || game.unit(unit).flags.has(UnitFlags::REGROUP)
            || !game.enemy_adjacent(hex, Side::Allied)
        {
            continue;
        }
        game.unit_mut(unit).flags.set(UnitFlags::REGROUP, true);
        let name = game.data().unit(unit).short.clone();
        log.public(
            REGROUP,
            N44Event::Marker {
                unit,
                marker: "regroup",
                on: true,
            },
            || format!("{name} landed this turn and is next to the enemy: Regroup"),
        );
    }
}
