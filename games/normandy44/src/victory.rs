//! Victory (23-26): the automatic victories checked in every Final Phase (23.1: the Allied
//! first, then the German) and, after the scenario's last turn, its victory points: the
//! campaign's (24.3), the mini game's (25.2) or the Cherbourg scenario's conditions (26.3).
//!
//! The result is an [`Outcome`] per seat (seat 0 the German, seat 1 the Allies) with the
//! winner, the rule that decided, and the scores: each side's margin, so the winner's is never
//! below the loser's: the Allies score their VP less what they need (net VP − 10 in the
//! campaign, VP − 14 in the mini game) and the German its negation; ±100 for an automatic
//! victory, ±1 in the Cherbourg scenario, which has no VP.
//!
//! Readings:
//! - Automatic victory (23) is checked in the campaign and the mini game; the Cherbourg scenario
//!   ends only by its own 26.3 check, on its last turn.
//! - "In supply" in the Final Phase is the unit's status from its Supply Phase (18.3: no OOS or
//!   Isolated marker); the hexes that score VP "trace a LOS" live, as a unit there would (18.2).
//! - 23.3's count: an eliminated unit is one in the Eliminated box; one "reduced to cadre" is at
//!   its cadre step anywhere but out of play (withdrawn airborne cadres are out of play, 22.2).
//! - A beach is closed (23.3, 21.1) when its engineer was lost (it is in the Eliminated box or
//!   back in Great Britain) and the German controls its beachhead hex; a Mulberry when it is
//!   destroyed.

use crate::action::{N44Event, N44Log};
use crate::control;
use crate::data::{Beach, Class, DdayBeach, HexFlags, Nation, Scenario, Side, UnitId};
use crate::state::{Location, Mulberry, Normandy44, UnitFlags, side_of_seat};
use crate::supply_lines::{self, Lines, has_road};
use overlord_engine::{Outcome, RuleId, Seat, SeatSet};
use overlord_hexmap::HexId;

/// 23.1: automatic victory, checked in every Final Phase.
pub const AUTOMATIC: RuleId = RuleId("23.1");
/// 23.2: the Allied automatic victory.
pub const ALLIED_AUTOMATIC: RuleId = RuleId("23.2");
/// 23.3: the German automatic victory.
pub const GERMAN_AUTOMATIC: RuleId = RuleId("23.3");
/// 24.3: the campaign's victory points.
pub const CAMPAIGN: RuleId = RuleId("24.3");
/// 25.2: the mini game's victory points.
pub const MINI: RuleId = RuleId("25.2");
/// 26.3: the Cherbourg scenario's victory.
pub const CHERBOURG: RuleId = RuleId("26.3");

/// 23.2: St-Lô's city hex.
pub const ST_LO: &str = "1815";
/// 23.2: Caen's four city hexes.
pub const CAEN: [&str; 4] = ["1928", "1929", "2029", "2030"];
/// 26.3: Carentan.
pub const CARENTAN: &str = "2512";

/// The score of an automatic victory.
pub const AUTOMATIC_SCORE: i32 = 100;
/// 24.3: the net VP the Allies need in the campaign.
pub const CAMPAIGN_NEEDS: i32 = 10;
/// 25.2: the VP the Allies need in the mini game.
pub const MINI_NEEDS: i32 = 14;
/// 23.3: 3-step units lost that win for the German: US, British.
pub const US_UNITS_LOST: usize = 7;
pub const BRITISH_UNITS_LOST: usize = 5;
/// 23.3: closed beaches and Mulberries that win for the German.
pub const CLOSED_BEACHES: usize = 3;

/// The Final Phase's victory checks (4.1 D.3); true when the game is over.
pub fn final_phase(game: &mut Normandy44, log: &mut N44Log) -> bool {
    // 23.1: the Allied check first, then the German.
    if game.scenario() != Scenario::Cherbourg {
        if let Some(why) = allied_automatic(game) {
            log.public(ALLIED_AUTOMATIC, N44Event::Note, || {
                format!("Allied automatic victory: {why}")
            });
            finish(game, Side::Allied, AUTOMATIC_SCORE, ALLIED_AUTOMATIC);
            return true;
        }
        if let Some(why) = german_automatic(game) {
            log.public(GERMAN_AUTOMATIC, N44Event::Note, || {
                format!("German automatic victory: {why}")
            });
            finish(game, Side::German, -AUTOMATIC_SCORE, GERMAN_AUTOMATIC);
            return true;
        }
    }
    if game.turn() < game.last_turn() {
        return false;
    }
    match game.scenario() {
        Scenario::Campaign => {
            let net = campaign_vp(game, log);
            let winner = if net >= CAMPAIGN_NEEDS {
                Side::Allied
            } else {
                Side::German
            };
            log.public(CAMPAIGN, N44Event::Note, || {
                format!(
                    "Net Allied VP {net}: the {} win{} (the Allies need {CAMPAIGN_NEEDS})",
                    winner.name(),
                    if winner == Side::Allied { "" } else { "s" }
                )
            });
            finish(game, winner, net - CAMPAIGN_NEEDS, CAMPAIGN);
        }
        Scenario::MiniGame => {
            let vp = mini_vp(game, log);
            let winner = if vp >= MINI_NEEDS {
                Side::Allied
            } else {
                Side::German
            };
            log.public(MINI, N44Event::Note, || {
                format!(
                    "Allied VP {vp}: the {} win{} (the Allies need {MINI_NEEDS})",
                    winner.name(),
                    if winner == Side::Allied { "" } else { "s" }
                )
            });
            finish(game, winner, vp - MINI_NEEDS, MINI);
        }
        Scenario::Cherbourg => {
            let (won, why) = cherbourg_won(game);
            log.public(CHERBOURG, N44Event::Note, || why);
            let winner = if won { Side::Allied } else { Side::German };
            finish(game, winner, if won { 1 } else { -1 }, CHERBOURG);
        }
    }
    true
}

/// The game ends, won by `winner`, the Allies scoring the margin `allied` and the German its
/// negation.
fn finish(game: &mut Normandy44, winner: Side, allied: i32, rule: RuleId) {
    // 27.1: the side's players win or lose together.
    let winners: SeatSet = game.side_seats(winner).iter().copied().collect();
    let scores: Vec<i32> = (0..game.seat_count())
        .map(|seat| match side_of_seat(Seat(seat)) {
            Side::Allied => allied,
            Side::German => allied.saturating_neg(),
        })
        .collect();
    game.outcome = Some(Outcome::per_seat(winners, false, &scores, rule));
}

/// The hex printed `label`, with a name for the log.
fn place_text(game: &Normandy44, hex: HexId) -> String {
    let map = &game.data().map;
    match map.name(hex) {
        Some(name) => format!("{} ({name})", map.label(hex)),
        None => map.label(hex),
    }
}

/// Whether a unit carries neither an OOS nor an Isolated marker (18.3).
fn marked_in_supply(game: &Normandy44, unit: UnitId) -> bool {
    let flags = game.unit(unit).flags;
    !flags.has(UnitFlags::OOS) && !flags.has(UnitFlags::ISOLATED)
}

/// Whether the Allies control every hex of `labels`, all of which must be on the map.
fn allies_hold(game: &Normandy44, labels: &[&str]) -> bool {
    let map = &game.data().map;
    labels.iter().all(|l| {
        map.hex(l)
            .is_some_and(|h| control::controls(game, Side::Allied, h))
    })
}

/// 23.2: why the Allies win automatically now, if they do.
pub fn allied_automatic(game: &Normandy44) -> Option<String> {
    let map = &game.data().map;
    // An in-supply unit on the east or south map edge.
    let on_edge = game.unit_ids().find(|&u| {
        game.side_of(u) == Side::Allied
            && marked_in_supply(game, u)
            && game.hex_of(u).is_some_and(|h| {
                let f = map.flags(h);
                f.has(HexFlags::SOUTH_EDGE) || f.has(HexFlags::EAST_EDGE)
            })
    });
    if let Some(unit) = on_edge {
        let hex = game.hex_of(unit).unwrap_or(HexId::NONE);
        return Some(format!(
            "{} is in supply on the map edge in {}",
            game.data().unit(unit).short,
            place_text(game, hex)
        ));
    }
    // Two of three.
    let st_lo = allies_hold(game, &[ST_LO]);
    let caen = allies_hold(game, &CAEN);
    if !st_lo && !caen {
        // The third alone is one of three: its trace is not made for nothing.
        return None;
    }
    let cherbourg = supply_lines::cherbourg_cities(map);
    let met = [
        (st_lo, "they control St-Lô"),
        (caen, "they control all four Caen hexes"),
        (
            !cherbourg.is_empty() && !supply_lines::cherbourg_traces_south(game),
            "no Cherbourg city hex traces supply to the south edge",
        ),
    ];
    let reasons: Vec<&str> = met.iter().filter(|(m, _)| *m).map(|(_, r)| *r).collect();
    (reasons.len() >= 2).then(|| reasons.join(" and "))
}

/// Whether `unit` is a 3-step unit eliminated or reduced to its cadre (23.3; 22.2: a withdrawn
/// cadre is out of play and does not count).
fn lost_three_step(game: &Normandy44, unit: UnitId) -> bool {
    let data = game.data();
    if data.step_count(unit) < 3 {
        return false;
    }
    let state = game.unit(unit);
    match state.at {
        Location::Eliminated => true,
        Location::OutOfPlay => false,
        _ => usize::from(state.step) >= data.unit(unit).steps.len(),
    }
}

/// 23.3: the beaches the German has closed and the Mulberries he has destroyed.
pub fn closed_beaches(game: &Normandy44) -> usize {
    let map = &game.data().map;
    let beaches = Beach::ALL
        .iter()
        .filter(|&&beach| {
            let Some(&hex) = map.beachheads.get(beach.index()) else {
                return false;
            };
            let engineer_lost = game.unit_ids().any(|u| {
                engineer_beach(game, u) == Some(beach)
                    && matches!(game.unit(u).at, Location::Eliminated | Location::Britain)
            });
            engineer_lost && control::controls(game, Side::German, hex)
        })
        .count();
    let mulberries = game
        .mulberries
        .iter()
        .filter(|m| **m == Mulberry::Destroyed)
        .count();
    beaches + mulberries
}

/// The beach of a beach engineer (17.8), by the beach printed on it.
fn engineer_beach(game: &Normandy44, unit: UnitId) -> Option<Beach> {
    let def = game.data().unit(unit);
    if def.class != Class::BeachEngineer {
        return None;
    }
    match def.dday_beach? {
        DdayBeach::Utah => Some(Beach::Utah),
        DdayBeach::Omaha => Some(Beach::Omaha),
        DdayBeach::Gold => Some(Beach::Gold),
        DdayBeach::Juno => Some(Beach::Juno),
        DdayBeach::Sword => Some(Beach::Sword),
        DdayBeach::Pdh | DdayBeach::Airborne => None,
    }
}

/// 23.3: why the German wins automatically now, if he does.
pub fn german_automatic(game: &Normandy44) -> Option<String> {
    let closed = closed_beaches(game);
    if closed >= CLOSED_BEACHES {
        return Some(format!("{closed} Allied beaches or Mulberries are closed"));
    }
    let lost = |nation: Nation| {
        game.unit_ids()
            .filter(|&u| game.data().unit(u).nation == nation && lost_three_step(game, u))
            .count()
    };
    let us = lost(Nation::Us);
    if us >= US_UNITS_LOST {
        return Some(format!(
            "{us} US 3-step units are eliminated or reduced to cadres"
        ));
    }
    let british = lost(Nation::British);
    if british >= BRITISH_UNITS_LOST {
        return Some(format!(
            "{british} British 3-step units are eliminated or reduced to cadres"
        ));
    }
    None
}

/// 24.3: the town and city hexes' VP (1 a town, 2 a city).
fn hex_vp(game: &Normandy44, hex: HexId) -> i32 {
    let flags = game.data().map.flags(hex);
    if flags.has(HexFlags::CITY) {
        2
    } else if flags.has(HexFlags::TOWN) {
        1
    } else {
        0
    }
}

/// 24.3: the net Allied VP, each item logged. The Allies score the towns and cities they
/// control and supply beyond the H-line or inside the Cherbourg Perimeter; the German those he
/// controls and supplies on the Allied side of the line.
pub fn campaign_vp(game: &Normandy44, log: &mut N44Log) -> i32 {
    let map = &game.data().map;
    let allied_lines = Lines::new(game, Side::Allied);
    let german_lines = Lines::new(game, Side::German);
    let (mut allied, mut german) = (0, 0);
    for hex in map.hexes.ids() {
        let vp = hex_vp(game, hex);
        if vp == 0 {
            continue;
        }
        let flags = map.flags(hex);
        let allied_side = flags.has(HexFlags::H_LINE_ALLIED);
        let counts_for_allies = !allied_side || flags.has(HexFlags::CHERBOURG_PERIMETER);
        match control::controller(game, hex) {
            Side::Allied if counts_for_allies && allied_lines.in_supply(hex) => {
                allied += vp;
                log.public(CAMPAIGN, N44Event::Note, || {
                    format!("Allied +{vp} VP: {}", place_text(game, hex))
                });
            }
            Side::German if allied_side && german_lines.in_supply(hex) => {
                german += vp;
                log.public(CAMPAIGN, N44Event::Note, || {
                    format!("German +{vp} VP: {}", place_text(game, hex))
                });
            }
            _ => {}
        }
    }
    log.public(CAMPAIGN, N44Event::Note, || {
        format!(
            "Allied VP {allied}, German VP {german}: net {}",
            allied - german
        )
    });
    allied - german
}

/// A hex name as compared: lower case, unaccented, letters and digits only, "Sainte" as "Ste".
fn plain_name(name: &str) -> String {
    let mut out: String = name
        .chars()
        .filter_map(|c| {
            let c = match c {
                'é' | 'è' | 'ê' | 'É' | 'È' => 'e',
                'à' | 'â' => 'a',
                'ô' => 'o',
                other => other,
            };
            c.is_alphanumeric().then(|| c.to_ascii_lowercase())
        })
        .collect();
    if let Some(rest) = out.strip_prefix("sainte") {
        out = format!("ste{rest}");
    }
    out
}

/// The Sainte-Mère-Église hex, by its printed name.
fn sainte_mere_eglise(game: &Normandy44) -> Option<HexId> {
    let map = &game.data().map;
    map.hexes.ids().find(|&h| {
        map.name(h)
            .is_some_and(|n| plain_name(n) == "stemereeglise")
    })
}

/// 25.2: whether the Allies control a road from Juno Beach to Sainte-Mère-Église. Read: a chain
/// of hexes joined by road hexsides (main or secondary), every one Allied-controlled, from a
/// Juno beach or beachhead hex, or a hex next to one, to the Sainte-Mère-Église hex.
pub fn beaches_linked(game: &Normandy44) -> bool {
    let map = &game.data().map;
    let Some(goal) = sainte_mere_eglise(game) else {
        return false;
    };
    let allied = |h: HexId| control::controls(game, Side::Allied, h);
    let mut juno: Vec<HexId> = map
        .assaults
        .iter()
        .enumerate()
        .filter(|&(i, _)| {
            crate::data::Assault::ALL.get(i).and_then(|a| a.beach()) == Some(Beach::Juno)
        })
        .map(|(_, &h)| h)
        .collect();
    if let Some(&h) = map.beachheads.get(Beach::Juno.index()) {
        juno.push(h);
    }
    let near_juno =
        |h: HexId| juno.contains(&h) || map.hexes.neighbours_on_map(h).any(|n| juno.contains(&n));
    let mut seen = vec![false; map.hexes.len()];
    let mut stack: Vec<HexId> = map
        .hexes
        .ids()
        .filter(|&h| near_juno(h) && has_road(map, h) && allied(h))
        .collect();
    for &h in &stack {
        if let Some(s) = seen.get_mut(h.index()) {
            *s = true;
        }
    }
    while let Some(at) = stack.pop() {
        if at == goal {
            return true;
        }
        for (k, next) in map.hexes.neighbours(at).into_iter().enumerate() {
            if next.is_none() || map.side(at, k).road.is_none() || !allied(next) {
                continue;
            }
            if let Some(s) = seen.get_mut(next.index())
                && !*s
            {
                *s = true;
                stack.push(next);
            }
        }
    }
    false
}

/// 25.2: the mini game's Allied VP, each item logged.
pub fn mini_vp(game: &Normandy44, log: &mut N44Log) -> i32 {
    let map = &game.data().map;
    let mut vp = 0;
    if beaches_linked(game) {
        vp += 3;
        log.public(MINI, N44Event::Note, || {
            "Allied +3 VP: a road from Juno Beach to Sainte-Mère-Église".to_owned()
        });
    }
    for hex in map.hexes.ids() {
        let flags = map.flags(hex);
        if !flags.has(HexFlags::BEYOND_BOMBARDMENT_LINE)
            || !control::controls(game, Side::Allied, hex)
        {
            continue;
        }
        // 2 VP per city hex beyond the line, control only.
        if flags.has(HexFlags::CITY) {
            vp += 2;
            log.public(MINI, N44Event::Note, || {
                format!(
                    "Allied +2 VP: the city hex {} beyond the Bombardment Line",
                    place_text(game, hex)
                )
            });
        } else if flags.has(HexFlags::TOWN) {
            vp += 1;
            log.public(MINI, N44Event::Note, || {
                format!(
                    "Allied +1 VP: the town hex {} beyond the Bombardment Line",
                    place_text(game, hex)
                )
            });
        }
    }
    // 1 VP per parachute drop hex (the `drop-` positions; glider zones, `lz-`, do not count).
    let mut drops: Vec<HexId> = map
        .file
        .positions()
        .iter()
        .filter(|p| p.id.starts_with("drop-"))
        .flat_map(|p| map.position(&p.id))
        .collect();
    drops.sort_unstable();
    drops.dedup();
    for hex in drops {
        if control::controls(game, Side::Allied, hex) {
            vp += 1;
            log.public(MINI, N44Event::Note, || {
                format!("Allied +1 VP: the drop hex {}", place_text(game, hex))
            });
        }
    }
    // −2 VP per beach engineer not in its beachhead hex.
    for unit in game.unit_ids() {
        let def = game.data().unit(unit);
        if def.class != Class::BeachEngineer || game.unit(unit).at == Location::OutOfPlay {
            continue;
        }
        let home = engineer_beach(game, unit).and_then(|b| map.beachheads.get(b.index()).copied());
        let at_home = match (home, game.hex_of(unit)) {
            (Some(home), Some(hex)) => home == hex,
            (None, Some(hex)) => map.beachheads.contains(&hex),
            (_, None) => false,
        };
        if !at_home {
            vp -= 2;
            let name = def.short.clone();
            log.public(MINI, N44Event::Note, || {
                format!("Allied −2 VP: the beach engineer {name} is not in its beachhead hex")
            });
        }
    }
    vp
}

/// 26.3: whether the US wins the Cherbourg scenario, and why.
pub fn cherbourg_won(game: &Normandy44) -> (bool, String) {
    let map = &game.data().map;
    let carentan = allies_hold(game, &[CARENTAN]);
    let inside = game.unit_ids().any(|u| {
        game.side_of(u) == Side::Allied
            && game.data().unit(u).class != Class::Hq
            && marked_in_supply(game, u)
            && game
                .hex_of(u)
                .is_some_and(|h| map.flags(h).has(HexFlags::CHERBOURG_PERIMETER))
    });
    let cut = !supply_lines::cherbourg_cities(map).is_empty()
        && !supply_lines::cherbourg_traces_south(game);
    let won = carentan && (inside || cut);
    let why = match (carentan, inside, cut) {
        (false, _, _) => "The Allies do not control Carentan: the German wins".to_owned(),
        (true, true, _) => {
            "The Allies control Carentan and have a unit in supply inside the Cherbourg \
             Perimeter: the US wins"
                .to_owned()
        }
        (true, false, true) => "The Allies control Carentan and have cut off the peninsula: \
                                the US wins"
            .to_owned(),
        (true, false, false) => "The Allies control Carentan, but have no unit in supply inside \
                                 the Perimeter and Cherbourg still traces supply south: the \
                                 German wins"
            .to_owned(),
    };
    (won, why)
}
