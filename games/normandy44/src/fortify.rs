//! Fortifications (16): improved positions (16.1) and the German strongpoints' removal (16.2).
//!
//! An IP is a marker ([`Ip`]) owned by the side that built it, under construction or complete;
//! the permanent IPs of Osteck and Westeck are map features ([`HexFlags::PERMANENT_IP`]) that
//! serve either side and never go. A strongpoint is a unit ([`Class::Strongpoint`]).
//!
//! - The phasing player starts IPs in his Movement Phase (D15, [`legal`], [`answer`]): one per
//!   hex, with a non-moving, non-Disorganized, not-replaced infantry-type unit, within the
//!   turn's allowance ([`crate::state::Tracks::ip_allowance`]) and the counter mix
//!   (`ip_german`, `ip_allied` in markers.toml). The builder stays put ([`UnitFlags::MOVED`]),
//!   leaves Reserve and carries [`UnitFlags::BUILDING_IP`], which bars attacks out of its hex
//!   this turn ([`no_attacks_from`]).
//! - He may remove his own IPs, and the German his strongpoints, in the same phase (D16).
//! - At the start of the owner's next Movement Phase an IP whose hex holds a friendly
//!   infantry-type unit is complete ([`begin_movement`]).
//! - An IP goes at once when the owner's units in its hex are all eliminated or retreat
//!   ([`hex_lost`], for combat to call), and at the end of the owner's Supply Phase when its
//!   hex holds no friendly unit ([`remove_abandoned`]); the DD Table's "\*" removes it too
//!   ([`remove_ip`], 12.4.4).
//! - [`fortification`] says what a hex's defenders have, for the combat tables.

use crate::action::{N44Action, N44Event, N44Log};
use crate::data::{Army, Class, HexFlags, Side, UnitId};
use crate::state::{Ip, Location, Normandy44, Phase, Stage, Step, UnitFlags};
use crate::tables::terrain::Fortification;
use crate::tables::weather::Weather;
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;

/// 16.1: improved positions.
pub const IP: RuleId = RuleId("16.1");
/// 16.2: strongpoints.
pub const STRONGPOINT: RuleId = RuleId("16.2");

/// 16.1: no German IP before turn 5 (10 June).
pub const GERMAN_IP_FROM_TURN: u8 = 5;

/// The marker-mix key of `side`'s IP counters, and the count when markers.toml leaves it out.
fn counter_key(side: Side) -> (&'static str, u8) {
    match side {
        Side::German => ("ip_german", 8),
        Side::Allied => ("ip_allied", 6),
    }
}

/// 16.1: how many IP counters `side` has in all (an absolute limit).
pub fn counters(game: &Normandy44, side: Side) -> u8 {
    let (key, default) = counter_key(side);
    game.data().marker(key, default)
}

/// The IP marker in `hex`, if any.
pub fn ip_at(game: &Normandy44, hex: HexId) -> Option<Ip> {
    game.ips.iter().find(|ip| ip.hex == hex).copied()
}

/// Whether `hex` holds a strongpoint.
pub fn has_strongpoint(game: &Normandy44, hex: HexId) -> bool {
    game.units_in(hex)
        .any(|u| game.data().unit(u).class == Class::Strongpoint)
}

/// 16.1, 16.2: the fortification the defenders of `hex` have: a strongpoint; a complete IP of
/// theirs, or a permanent one (either side's); or none. An IP under construction gives nothing.
pub fn fortification(game: &Normandy44, hex: HexId) -> Fortification {
    if has_strongpoint(game, hex) {
        return Fortification::Strongpoint;
    }
    if game.data().map.flags(hex).has(HexFlags::PERMANENT_IP) {
        return Fortification::ImprovedPosition;
    }
    match ip_at(game, hex) {
        Some(ip) if ip.complete && game.occupant(hex).is_none_or(|s| s == ip.owner) => {
            Fortification::ImprovedPosition
        }
        _ => Fortification::None,
    }
}

/// 16.1: whether no attack may be made out of `hex` this turn, because an IP was started there.
pub fn no_attacks_from(game: &Normandy44, hex: HexId) -> bool {
    game.units_in(hex)
        .any(|u| game.unit(u).flags.has(UnitFlags::BUILDING_IP))
}

/// The index of the IP allowance a unit of `side` (and `army`) draws on: German 0, US 1, CW 2.
fn allowance_index(side: Side, army: Option<Army>) -> usize {
    match (side, army) {
        (Side::German, _) => 0,
        (Side::Allied, Some(Army::Cw)) => 2,
        (Side::Allied, _) => 1,
    }
}

/// 16.1: whether `unit` could start an IP in its hex now (allowance aside).
fn may_build(game: &Normandy44, unit: UnitId) -> bool {
    let state = game.unit(unit);
    let flags = state.flags;
    game.data().unit(unit).class.infantry_type()
        && !flags.has(UnitFlags::MOVED)
        && state.spent == 0
        && !flags.has(UnitFlags::DISORGANIZED)
        && !flags.has(UnitFlags::REPLACED)
        && !flags.has(UnitFlags::BUILDING_IP)
}

/// Why `side` may not start an IP in `hex` now, or the unit that would build it.
pub fn builder(game: &Normandy44, side: Side, hex: HexId) -> Result<UnitId, &'static str> {
    if let Some(why) = when_refused(game, side) {
        return Err(why);
    }
    if let Some(why) = where_refused(game, hex) {
        return Err(why);
    }
    if let Some(why) = counters_refused(game, side) {
        return Err(why);
    }
    builder_in(game, side, hex)
}

/// 16.1: why `side` may start no IP anywhere at this point of the turn.
fn when_refused(game: &Normandy44, side: Side) -> Option<&'static str> {
    if !matches!(game.step(), Step::Phase(s, Phase::Movement, Stage::Open) if s == side) {
        return Some("IPs are started in one's own Movement Phase (16.1)");
    }
    if game.weather().condition == Weather::Storm {
        return Some("no IP may be started in a Storm turn (16.1)");
    }
    if side == Side::German && game.turn() < GERMAN_IP_FROM_TURN {
        return Some("the German starts no IP before turn 5, 10 June (16.1)");
    }
    None
}

/// 16.1: why no IP may be started in `hex`, whoever builds it.
fn where_refused(game: &Normandy44, hex: HexId) -> Option<&'static str> {
    let map = &game.data().map;
    if map.flags(hex).has(HexFlags::CITY) {
        return Some("no IP in a city hex (16.1)");
    }
    if map.flags(hex).has(HexFlags::PERMANENT_IP) {
        return Some("the hex holds a permanent IP (16.1)");
    }
    if has_strongpoint(game, hex) {
        return Some("the hex holds a strongpoint (16.1)");
    }
    if ip_at(game, hex).is_some() {
        return Some("the hex already holds an IP (16.1)");
    }
    None
}

/// 16.1: why `side` has no IP counter left to start one with.
fn counters_refused(game: &Normandy44, side: Side) -> Option<&'static str> {
    let built = game.ips.iter().filter(|ip| ip.owner == side).count();
    (built >= usize::from(counters(game, side)))
        .then_some("every IP counter is in use: remove one to build elsewhere (16.1)")
}

/// [`builder`] past the checks of [`when_refused`], [`where_refused`] and [`counters_refused`]:
/// the unit in `hex` that would build, or why none may.
fn builder_in(game: &Normandy44, side: Side, hex: HexId) -> Result<UnitId, &'static str> {
    if side == Side::German
        && let Some(why) = crate::solitaire::german_ip_refusal(game, hex)
    {
        return Err(why);
    }
    let allowance = game.tracks.ip_allowance;
    let mut any = false;
    let mut waiting = None;
    for unit in game.units_in(hex) {
        if game.side_of(unit) != side || !may_build(game, unit) {
            continue;
        }
        any = true;
        // 27.2: an army that started an IP last turn starts none this turn.
        if let Some(why) = game
            .army_of(unit)
            .and_then(|army| crate::solitaire::allied_ip_refusal(game, army))
        {
            waiting = Some(why);
            continue;
        }
        let i = allowance_index(side, game.army_of(unit));
        if allowance.get(i).copied().unwrap_or(0) > 0 {
            return Ok(unit);
        }
    }
    if let Some(why) = waiting {
        Err(why)
    } else if any {
        Err("no IP allowance is left this turn (16.1)")
    } else {
        Err(
            "no infantry-type unit there that has not moved, is not Disorganized and was not replaced (16.1)",
        )
    }
}

/// D15, D16: the IPs the phasing side may start or remove, and the strongpoints the German may
/// remove, in the Movement Phase's open prompt. `stacks`: the hexes holding the side's units,
/// in hex order (the Movement Phase keeps them).
pub fn legal(
    game: &Normandy44,
    side: Side,
    stacks: impl Iterator<Item = HexId> + Clone,
    out: &mut Vec<N44Action>,
) {
    if !matches!(game.step(), Step::Phase(_, Phase::Movement, Stage::Open)) {
        return;
    }
    // Only a hex with a unit that may build can take an IP, and none can once the side's
    // allowance is spent: asked first, as the list is made after every move.
    let allowance = game.tracks.ip_allowance;
    let left = |i: usize| allowance.get(i).copied().unwrap_or(0) > 0;
    let any_left = match side {
        Side::German => left(allowance_index(side, None)),
        Side::Allied => {
            left(allowance_index(side, None)) || left(allowance_index(side, Some(Army::Cw)))
        }
    };
    // The side's stacks hold the hexes with a unit that may build, and the German's
    // strongpoints.
    // What `builder` asks of the side, asked once for every hex.
    if any_left && when_refused(game, side).is_none() && counters_refused(game, side).is_none() {
        for hex in stacks.clone() {
            if game
                .units_in(hex)
                .any(|u| game.side_of(u) == side && may_build(game, u))
                && where_refused(game, hex).is_none()
                && builder_in(game, side, hex).is_ok()
            {
                out.push(N44Action::StartIp { hex });
            }
        }
    }
    for ip in &game.ips {
        if ip.owner == side {
            out.push(N44Action::RemoveIp { hex: ip.hex });
        }
    }
    if side == Side::German {
        for hex in stacks {
            if has_strongpoint(game, hex) {
                out.push(N44Action::RemoveIp { hex });
            }
        }
    }
}

/// Carry out D15 or D16.
pub fn answer(
    game: &mut Normandy44,
    side: Side,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    match action {
        N44Action::StartIp { hex } => start(game, side, hex, log),
        N44Action::RemoveIp { hex } => remove_own(game, side, hex, log),
        _ => Err(Refusal::by_rule(IP, "not a fortification decision")),
    }
}

/// D15: start an IP in `hex`.
fn start(game: &mut Normandy44, side: Side, hex: HexId, log: &mut N44Log) -> Result<(), Refusal> {
    let unit = builder(game, side, hex).map_err(|why| Refusal::by_rule(IP, why))?;
    let i = allowance_index(side, game.army_of(unit));
    if let Some(a) = game.tracks.ip_allowance.get_mut(i) {
        *a = a.saturating_sub(1);
    }
    if let Some(army) = game.army_of(unit) {
        crate::solitaire::record_allied_ip(game, army);
    }
    let at = game.ips.partition_point(|ip| ip.hex < hex);
    game.ips.insert(
        at,
        Ip {
            hex,
            owner: side,
            complete: false,
        },
    );
    let was_reserve = game.unit(unit).flags.has(UnitFlags::RESERVE);
    {
        let mut state = game.unit_mut(unit);
        // 16.1: the builder does not move, and cannot be in Reserve.
        state
            .flags
            .set(UnitFlags::BUILDING_IP | UnitFlags::MOVED, true);
        state.flags.set(UnitFlags::RESERVE, false);
    }
    let name = game.data().unit(unit).short.clone();
    let label = game.data().map.label(hex);
    log.public(
        IP,
        N44Event::Marker {
            unit,
            marker: "IP under construction",
            on: true,
        },
        || {
            let reserve = if was_reserve {
                "; it leaves Reserve"
            } else {
                ""
            };
            format!("{name} starts an IP in {label} (no attacks out of the hex this turn){reserve}")
        },
    );
    Ok(())
}

/// D16: remove one's own IP in `hex`, or (the German) the strongpoint there.
fn remove_own(
    game: &mut Normandy44,
    side: Side,
    hex: HexId,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    if ip_at(game, hex).is_some_and(|ip| ip.owner == side) {
        remove_ip(game, hex, IP, "removed by its owner", log);
        return Ok(());
    }
    if side == Side::German {
        let sp = game.units_in(hex).find(|&u| {
            game.side_of(u) == Side::German && game.data().unit(u).class == Class::Strongpoint
        });
        if let Some(sp) = sp {
            game.take_off(sp, Location::OutOfPlay);
            let name = game.data().unit(sp).short.clone();
            let label = game.data().map.label(hex);
            log.public(
                STRONGPOINT,
                N44Event::Loss {
                    unit: sp,
                    eliminated: true,
                },
                || format!("The German removes the strongpoint {name} in {label}"),
            );
            return Ok(());
        }
    }
    Err(Refusal::by_rule(
        IP,
        "no IP of yours (or German strongpoint) in that hex",
    ))
}

/// Remove the IP marker in `hex` (never a permanent IP), logging why under `rule`.
pub fn remove_ip(game: &mut Normandy44, hex: HexId, rule: RuleId, why: &str, log: &mut N44Log) {
    let before = game.ips.len();
    game.ips.retain(|ip| ip.hex != hex);
    if game.ips.len() != before {
        let label = game.data().map.label(hex);
        log.public(rule, N44Event::Note, || {
            format!("The IP in {label} is removed: {why}")
        });
    }
}

/// 16.1: the owner's units in `hex` were all eliminated or retreated: its IP goes at once. Combat
/// calls this after a result empties a hex of the defender (or attacker) side.
pub fn hex_lost(game: &mut Normandy44, hex: HexId, log: &mut N44Log) {
    if let Some(ip) = ip_at(game, hex)
        && game.occupant(hex) != Some(ip.owner)
    {
        remove_ip(game, hex, IP, "its defenders are gone", log);
    }
}

/// 16.1: at the start of `side`'s Movement Phase its IPs whose hex holds a friendly
/// infantry-type unit are complete, and last turn's builders are free again.
pub fn begin_movement(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    for unit in game.unit_ids().collect::<Vec<_>>() {
        if game.side_of(unit) == side {
            game.unit_mut(unit).flags.set(UnitFlags::BUILDING_IP, false);
        }
    }
    let ready: Vec<HexId> = game
        .ips
        .iter()
        .filter(|ip| ip.owner == side && !ip.complete)
        .map(|ip| ip.hex)
        .filter(|&hex| {
            game.units_in(hex)
                .any(|u| game.side_of(u) == side && game.data().unit(u).class.infantry_type())
        })
        .collect();
    for hex in ready {
        if let Some(ip) = game.ips.iter_mut().find(|ip| ip.hex == hex) {
            ip.complete = true;
        }
        let label = game.data().map.label(hex);
        log.public(IP, N44Event::Note, || {
            format!("The IP in {label} is complete")
        });
    }
}

/// 16.1: at the end of `side`'s Supply Phase its IPs in hexes with no friendly unit go.
pub fn remove_abandoned(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    let empty: Vec<HexId> = game
        .ips
        .iter()
        .filter(|ip| ip.owner == side && game.occupant(ip.hex) != Some(side))
        .map(|ip| ip.hex)
        .collect();
    for hex in empty {
        remove_ip(
            game,
            hex,
            IP,
            "no friendly unit holds it at the end of its owner's Supply Phase",
            log,
        );
    }
}
