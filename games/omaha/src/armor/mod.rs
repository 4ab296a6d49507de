//! Variant 23, German armor (a scenario option, `OmahaOptions::german_armor`): tank reinforcements
//! from turn 17 (23.2, 23.21), tank actions in the German action examination (23.4,
//! 23.41–23.43, the T7 tank column) with the tank's fire, tank movement on the roads with the
//! German Tank Movement Map (23.5, 23.51–23.53, `tank_movement.toml`) and its end points, a
//! defeated tank's removal (23.6) and the VP (23.7, scored by [`crate::victory`]). What the other
//! chapters ask about a tank (where it is, its fire field of 23.3 with T8, its weight on US
//! movement and infantry self-preservation, 7.32 and 23.6) is [`crate::tanks`]'; US attacks on
//! tanks (23.6) are [`crate::combat`]'s.
//!
//! A tank on the map is [`GerLoc::Hex`]: it is tied to no printed position, and acts as a
//! position of its own colour (printed on the counter, `GerInfo::colour`).

use crate::action::{OmahaEvent, OmahaLog};
use crate::data::{FireLevel, Sector, Symbol};
use crate::fire_alloc::{Candidate, Mode, allocate_pinned};
use crate::index::{GerId, HexId, Index, PosId, PosKind, RoadClass, UsId};
use crate::state::{DepthLoc, DepthPool, GerLoc, GerPool, Omaha, Step, TankMove, UsFlags, UsLoc};
use crate::tables::fire_chart::{FireColumn, FireEffect, FireTarget, fire_effect};
use crate::tables::german_actions::{ActionIcon, Facts, GermanAction, Situation, german_action};
use crate::tanks::{colour, elevation_allows, field, tank_bit, tank_name};
use overlord_engine::RuleId;

pub const ARMOR: RuleId = RuleId("23");
pub const APPEARANCE: RuleId = RuleId("23.2");
pub const ONE_PER_TURN: RuleId = RuleId("23.21");
pub const FIRE_FIELD: RuleId = RuleId("23.3");
pub const ACTIONS: RuleId = RuleId("23.4");
pub const REVEALED: RuleId = RuleId("23.41");
pub const ELEVATION: RuleId = RuleId("23.42");
pub const ONLY_THE_TANK: RuleId = RuleId("23.43");
pub const MOVEMENT: RuleId = RuleId("23.5");
pub const STACKING: RuleId = RuleId("23.51");
pub const ROADS: RuleId = RuleId("23.52");
pub const US_HEXES: RuleId = RuleId("23.53");
pub const US_ACTIONS: RuleId = RuleId("23.6");
pub const VP: RuleId = RuleId("23.7");

/// 23.5: how far a US unit may be, in road hexes, for a tank to move toward it.
pub const TOWARD_RANGE: u32 = 3;

mod movement;
pub(crate) use movement::tie_answered as move_tie_answered;
pub use movement::{Plan, can_move, end_of_turn, end_point, movement_order, next_hexes, plan};

// ---------------------------------------------------------------------------------------------
// What a tank is and where.

fn label(state: &Omaha, hex: HexId) -> String {
    state.data.index.label(hex)
}

// ---------------------------------------------------------------------------------------------
// Roads (23.52).

/// 23.52, 23.53: a step a tank may take along a road: main or secondary, mined ones included
/// (23.53); never trails.
fn tank_road(class: RoadClass) -> bool {
    matches!(
        class,
        RoadClass::Main | RoadClass::Secondary | RoadClass::Mined
    )
}

/// 23.52: the hexes a tank in `hex` reaches in one step along a road.
pub fn road_neighbours(index: &Index, hex: HexId) -> impl Iterator<Item = HexId> + '_ {
    index
        .hexes
        .get(usize::from(hex))
        .into_iter()
        .flat_map(|x| x.neighbours.iter().zip(&x.edges))
        .filter(|(_, e)| tank_road(e.class))
        .map(|(&n, _)| n)
}

/// 23.2: `hex` has a main or secondary road.
pub fn road_hex(index: &Index, hex: HexId) -> bool {
    road_neighbours(index, hex).next().is_some()
}

/// Road distances from `from` over hexes `pass` allows (the start always), up to `limit`.
fn road_distances(
    index: &Index,
    from: HexId,
    limit: u32,
    pass: impl Fn(HexId) -> bool,
) -> Vec<u32> {
    let mut dist = vec![u32::MAX; index.hexes.len()];
    let Some(d) = dist.get_mut(usize::from(from)) else {
        return dist;
    };
    *d = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(h) = queue.pop_front() {
        let here = dist[usize::from(h)];
        if here >= limit {
            continue;
        }
        for n in road_neighbours(index, h) {
            if dist[usize::from(n)] == u32::MAX && pass(n) {
                dist[usize::from(n)] = here + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

// ---------------------------------------------------------------------------------------------
// 23.2 Appearance.

/// 23.2: the exits a tank's road path must reach (paths to A, F or G don't count).
const TANK_EXITS: [char; 4] = ['B', 'C', 'D', 'E'];

/// 23.2: position `p`'s hex has a main or secondary road, and a road path runs from it to exit
/// B, C, D or E through no US-occupied or US-controlled hex (the position's own hex is where
/// the tank enters: it is free by 9.32, and, as in 12.22, may be US-controlled).
pub fn road_path_to_exit(state: &Omaha, p: PosId) -> bool {
    let index = &state.data.index;
    let Some(&hex) = index
        .positions
        .get(usize::from(p))
        .and_then(|pos| pos.slots.first())
        .and_then(|&s| index.slots.get(usize::from(s)))
        .map(|s| &s.hex)
    else {
        return false;
    };
    if !road_hex(index, hex) {
        return false;
    }
    let control = crate::control::Control::new(state);
    let dist = road_distances(index, hex, u32::MAX, |h| {
        !control.us_occupied(h) && !control.us_controls(h)
    });
    TANK_EXITS.iter().any(|&letter| {
        index
            .exit_hex(letter)
            .is_some_and(|e| dist.get(usize::from(e)).is_some_and(|&d| d != u32::MAX))
    })
}

/// 23.2, 23.21: of the positions SYS-REINF chose for a reinforcement event, the one that gets
/// a German tank instead: the variant is on, this is the second Event Phase of a turn from 17,
/// the Tactical box is empty, a tank and an Armor depth marker wait in the Optional Armor box,
/// no tank entered this turn, and the position qualifies by [`road_path_to_exit`]; of several,
/// the lowest priority value.
pub fn armor_position(state: &Omaha, chosen: &[PosId]) -> Option<PosId> {
    if !state.options.german_armor
        || !state.second_event
        || !crate::tables::schedule::extended(state.turn)
        || state.armor_turn == state.turn
    {
        return None;
    }
    let in_pool = |pool| state.germans.iter().any(|g| g.loc == GerLoc::Pool(pool));
    if in_pool(GerPool::Tactical) || !in_pool(GerPool::OptionalArmor) {
        return None;
    }
    let index = &state.data.index;
    chosen
        .iter()
        .copied()
        .filter(|&p| road_path_to_exit(state, p))
        .min_by_key(
            |&p| match index.positions.get(usize::from(p)).map(|x| &x.kind) {
                Some(PosKind::Reinforcement { priority, .. }) => (*priority, p),
                _ => (u8::MAX, p),
            },
        )
}

/// 23.2: a tank from the Optional Armor box enters position `p` revealed, with an Armor depth
/// marker (face-down); it counts for 23.7. Returns whether one entered.
pub fn enter(state: &mut Omaha, p: PosId, log: &mut OmahaLog) -> bool {
    let index = &state.data.index;
    let Some(hex) = index
        .positions
        .get(usize::from(p))
        .and_then(|pos| pos.slots.first())
        .and_then(|&s| index.slots.get(usize::from(s)))
        .map(|s| s.hex)
    else {
        return false;
    };
    let tanks: Vec<GerId> = state
        .germans
        .iter()
        .enumerate()
        .filter(|(_, g)| g.loc == GerLoc::Pool(GerPool::OptionalArmor))
        .map(|(i, _)| i as GerId)
        .collect();
    if tanks.is_empty() {
        return false;
    }
    let i = state.rng.pick(&tanks, |&g| u32::from(g), APPEARANCE);
    let Some(&g) = tanks.get(i) else {
        return false;
    };
    let markers: Vec<u8> = state
        .depth
        .iter()
        .enumerate()
        .filter(|(_, d)| d.loc == DepthLoc::Pool(DepthPool::Armor))
        .map(|(i, _)| i as u8)
        .collect();
    let marker = if markers.is_empty() {
        None
    } else {
        let i = state.rng.pick(&markers, |&d| u32::from(d), APPEARANCE);
        markers.get(i).copied()
    };
    crate::effects::capture_generals(state, hex, log);
    state.germans[usize::from(g)] = crate::state::German {
        loc: GerLoc::Hex(hex),
        revealed: true,
        disrupted: false,
        active: true,
        depth: marker,
    };
    if let Some(d) = marker
        && let Some(x) = state.depth.get_mut(usize::from(d))
    {
        x.loc = DepthLoc::Under(g);
        x.revealed = false;
    }
    state.tanks_entered = state.tanks_entered.saturating_add(1);
    state.armor_turn = state.turn;
    let tank = tank_name(state, g);
    let at = crate::fire::position_name(state, p).to_owned();
    let entered = state.tanks_entered;
    log.public(APPEARANCE, OmahaEvent::Note, || {
        format!(
            "A German tank enters {at} instead of a reinforcement, revealed with an Armor depth marker: {tank} ({entered} entered, 23.2, 23.7)."
        )
    });
    true
}

// ---------------------------------------------------------------------------------------------
// 23.4 Actions.

/// 23.4: the tanks of `sector` whose colour `card` shows, not yet examined (their
/// [`tank_bit`] in `Omaha::ger_done`), in counter order. They are examined after the printed
/// positions (an ID-less position counts as 0 in SYS-GER-ORDER) and before the Advances (16.85).
pub fn next_tank(state: &Omaha, sector: Sector, card: u8) -> Option<GerId> {
    let fire = state.data.card(card)?.fire.as_ref()?;
    let index = &state.data.index;
    state.tanks_on_map().map(|(g, _)| g).find(|&g| {
        let bit = tank_bit(state, g);
        bit != 0
            && state.ger_done & bit == 0
            && state
                .german_hex(g)
                .and_then(|h| index.hexes.get(usize::from(h)))
                .is_some_and(|x| x.sector == sector)
            && fire
                .icons
                .iter()
                .any(|i| Some(i.colour) == colour(state, g))
    })
}

/// The US units (not Leaders) the tank in `hex` may fire at: in its field (23.3) and allowed by
/// 23.42, with their fire level.
fn targets(state: &Omaha, hex: HexId) -> Vec<(UsId, HexId, FireLevel)> {
    let index = &state.data.index;
    let f = field(state, hex);
    state
        .us
        .iter()
        .enumerate()
        .filter(|(i, _)| !index.us[*i].is_leader())
        .filter_map(|(i, u)| match u.loc {
            UsLoc::Hex(h) => Some((i as UsId, h)),
            _ => None,
        })
        .filter_map(|(u, h)| {
            let &(_, level) = f.iter().find(|&&(x, _)| x == h)?;
            elevation_allows(index, hex, h).then_some((u, h, level))
        })
        .collect()
}

/// The T7 facts of tank `g` for `icon` (23.4), and its target symbol.
fn facts(state: &Omaha, g: GerId, icon: &crate::data::Icon, symbol: Option<Symbol>) -> Facts {
    let index = &state.data.index;
    let Some(hex) = state.german_hex(g) else {
        return Facts::default();
    };
    let in_field = targets(state, hex);
    let how = match ActionIcon::of(icon) {
        ActionIcon::P => TankMove::PositionAndFire,
        ActionIcon::R => TankMove::Overrun,
        _ => TankMove::Move,
    };
    Facts {
        double_square: icon.double,
        depth: state.germans[usize::from(g)].depth.is_some(),
        us_in_field: !in_field.is_empty(),
        us_adjacent: in_field.iter().any(|&(_, h, _)| {
            index
                .hexes
                .get(usize::from(hex))
                .is_some_and(|x| x.neighbours.contains(&h))
        }),
        tank_can_move: can_move(state, g, how, symbol),
        ..Facts::default()
    }
}

/// 23.4: the T7 tank-column action of tank `g` on `icon`; a disrupted tank does not act (16
/// "positions that never act").
pub fn action_of(state: &Omaha, g: GerId, icon: &crate::data::Icon, card: u8) -> GermanAction {
    if state
        .germans
        .get(usize::from(g))
        .is_none_or(|x| x.disrupted)
    {
        return GermanAction::Nothing;
    }
    let symbol = target_symbol(state, card);
    german_action(
        ActionIcon::of(icon),
        Situation::GermanTank,
        &facts(state, g, icon, symbol),
    )
}

fn target_symbol(state: &Omaha, card: u8) -> Option<Symbol> {
    state.data.card(card)?.fire.as_ref().map(|f| f.target)
}

/// 23.4: tank `g` acts on `card`.
pub fn act(state: &mut Omaha, g: GerId, card: u8, log: &mut OmahaLog) {
    let Some(icon) = state
        .data
        .card(card)
        .and_then(|c| c.fire.as_ref())
        .and_then(|f| {
            f.icons
                .iter()
                .find(|i| Some(i.colour) == colour(state, g))
                .cloned()
        })
    else {
        return;
    };
    let action = action_of(state, g, &icon, card);
    let Some(sector) = state
        .german_hex(g)
        .and_then(|h| state.data.index.hexes.get(usize::from(h)))
        .map(|x| x.sector)
    else {
        return;
    };
    let tank = tank_name(state, g);
    match action {
        GermanAction::TankFire { vs_leaders } => {
            log.public(ACTIONS, OmahaEvent::Note, || {
                format!("{tank} fires (23.4).")
            });
            fire(state, sector, g, card, vs_leaders, log);
        }
        GermanAction::TankMove { hexes } => {
            log.public(ACTIONS, OmahaEvent::Note, || {
                format!("{tank} moves up to {hexes} hexes (23.4, 23.5).")
            });
            movement::move_and_act(state, sector, g, TankMove::Move, card, log);
        }
        GermanAction::TankOverrun => {
            log.public(ACTIONS, OmahaEvent::Note, || {
                format!("{tank} overruns: it moves up to 4 hexes (23.4 R).")
            });
            movement::move_and_act(state, sector, g, TankMove::Overrun, card, log);
        }
        GermanAction::TankPositionAndFire => {
            log.public(ACTIONS, OmahaEvent::Note, || {
                format!("{tank} moves up to 3 hexes, then fires on adjacent US units (23.4 P).")
            });
            movement::move_and_act(state, sector, g, TankMove::PositionAndFire, card, log);
        }
        _ => {}
    }
}

/// The position under which `Omaha::fire_picks` keeps a German tank's G-FIRE-TIE answers
/// (23.4: a tank fires alone, so its picks need no shooter; no printed position has this id).
pub const TANK_SHOOTER: PosId = PosId::MAX;

/// 23.41, 23.42, 6.31, 14.11: the tank fires on the units in its field it may hit, on the "WN
/// or revealed reinforcement" column, with the armor bonus (T7 tank column), hitting up to its
/// doubled hit limit (1 for the tank, 1 for its depth marker); with `vs_leaders` unused hits go
/// to Leaders in its Intense or Moderate hexes (11.4, 11.41). Equal candidates are G-FIRE-TIE
/// ([`Step::TankFireTie`], the answers so far in `fire_picks`) and equally near Leaders
/// G-LEADER ([`Step::TankLeaderHit`]), asked as for positions (spec 5.2); the answers resume
/// here (`fire_tie_answered`, `leader_answered`) and then the examination of `sector`.
pub fn fire(
    state: &mut Omaha,
    sector: Sector,
    g: GerId,
    card: u8,
    vs_leaders: bool,
    log: &mut OmahaLog,
) {
    let Some(hex) = state.german_hex(g) else {
        return;
    };
    let Some(symbol) = target_symbol(state, card) else {
        return;
    };
    let index = &state.data.index;
    let concentrated = crate::fire::concentrated(state);
    let mut candidates = Vec::new();
    for (u, h, level) in targets(state, hex) {
        let (Some(info), Some(unit)) = (index.us.get(usize::from(u)), state.us.get(usize::from(u)))
        else {
            continue;
        };
        let target = FireTarget {
            // 23.41, T7 tank column: the tank fires with the armor bonus (6.36).
            armored: false,
            has_symbol: info.symbol == Some(symbol)
                || concentrated.get(usize::from(h)).copied().unwrap_or(false),
        };
        let (loses_step, disrupts) = match fire_effect(level, FireColumn::WnOrRevealed, target) {
            FireEffect::None => continue,
            FireEffect::Disrupt => (false, true),
            FireEffect::LoseStep => (true, false),
            FireEffect::LoseStepAndDisrupt => (true, true),
        };
        let disrupts = disrupts && !unit.flags.has(UsFlags::DISRUPTED);
        if !loses_step && !disrupts {
            continue;
        }
        candidates.push(Candidate {
            position: 0,
            unit: usize::from(u),
            level,
            distance: index.distance(hex, h),
            steps: unit.steps,
            loses_step,
            disrupts,
        });
    }
    let counters = 1 + u8::from(
        state
            .germans
            .get(usize::from(g))
            .is_some_and(|x| x.depth.is_some()),
    );
    let capacity = crate::tables::fire_chart::hit_limit(counters, state.turn);
    let pinned: Vec<usize> = state
        .fire_picks
        .iter()
        .filter(|&&(p, _)| p == TANK_SHOOTER)
        .filter_map(|&(_, unit)| candidates.iter().position(|c| c.unit == usize::from(unit)))
        .collect();
    let allocation = allocate_pinned(Mode::Extended, &[capacity], &candidates, &pinned);
    // G-FIRE-TIE (6.31 with 23.4): equal fire level, distance and steps are the player's
    // choice. Each answer pins one more candidate; the bound only keeps a rules bug from
    // asking forever.
    if let Some(tie) = allocation.ties.first()
        && state.fire_picks.len() < candidates.len()
    {
        state.choices = tie
            .candidates
            .iter()
            .filter_map(|&c| candidates.get(c))
            .map(|c| c.unit as UsId)
            .collect();
        state.step = Step::TankFireTie {
            sector,
            tank: g,
            take: u8::try_from(tie.take).unwrap_or(u8::MAX),
            vs_leaders,
        };
        return;
    }
    state.choices.clear();
    state.fire_picks.clear();
    let tank = tank_name(state, g);
    let hits = allocation.hits.first().cloned().unwrap_or_default();
    crate::fire::apply_hits(
        state,
        &tank,
        &hits,
        &candidates,
        Mode::Extended,
        REVEALED,
        log,
    );
    if state.outcome.is_some() || !vs_leaders {
        return;
    }
    // 11.4, 11.41 (T7 tank column, star): unused hits go to the nearest Leaders in Intense or
    // Moderate hexes, after the hits on units.
    let unused = allocation.unused.first().copied().unwrap_or(0);
    star_hits(state, sector, g, usize::from(unused), log);
}

/// 11.4, 23.42: who tank `g`'s star may hit: HQs and Generals in its Intense or Moderate hexes
/// it may fire at, and Heroes with units there (named by the unit), as (distance, unit);
/// nearest first, at one distance HQs and Generals before Heroes, then by id (as for
/// positions, `fire::leader_targets`).
fn leader_targets(state: &Omaha, g: GerId) -> Vec<(u32, UsId)> {
    let Some(hex) = state.german_hex(g) else {
        return Vec::new();
    };
    let index = &state.data.index;
    let f = field(state, hex);
    let reached = |h: HexId| {
        f.iter()
            .any(|&(x, l)| x == h && matches!(l, FireLevel::Intense | FireLevel::Moderate))
            && elevation_allows(index, hex, h)
    };
    let mut leaders: Vec<(u32, Option<usize>, UsId)> = state
        .us
        .iter()
        .enumerate()
        .filter(|(i, _)| index.us.get(*i).is_some_and(|x| x.is_leader()))
        .filter_map(|(i, u)| match u.loc {
            UsLoc::Hex(h) if reached(h) => Some((index.distance(hex, h), None, i as UsId)),
            _ => None,
        })
        .collect();
    // [Heroes, 11.4] a Hero with a unit in an Intense or Moderate hex is a Leader too.
    leaders.extend(
        state
            .heroes
            .iter()
            .enumerate()
            .filter(|(_, h)| !h.inspired)
            .filter_map(|(i, h)| {
                let crate::state::HeroLoc::On(unit) = h.loc else {
                    return None;
                };
                let UsLoc::Hex(at) = state.us.get(usize::from(unit))?.loc else {
                    return None;
                };
                reached(at).then(|| (index.distance(hex, at), Some(i), unit))
            }),
    );
    leaders.sort_unstable();
    leaders.into_iter().map(|(d, _, u)| (d, u)).collect()
}

/// 11.41: `left` star hits of tank `g` on the nearest Leaders; where more Leaders stand at the
/// nearest distance left than hits remain, G-LEADER asks ([`Step::TankLeaderHit`]).
fn star_hits(state: &mut Omaha, sector: Sector, g: GerId, left: usize, log: &mut OmahaLog) {
    let tank = tank_name(state, g);
    let targets = leader_targets(state, g);
    let ask = crate::fire::spend_star_hits(&targets, left, |leader| {
        crate::fire::hit_leader_from(state, &tank, leader, log);
        state.outcome.is_none()
    });
    if state.outcome.is_some() {
        return; // 13.1: the game ended at once.
    }
    if let Some((group, left)) = ask {
        state.choices = group;
        state.step = Step::TankLeaderHit {
            sector,
            tank: g,
            left: u8::try_from(left).unwrap_or(u8::MAX),
        };
    }
}

/// G-FIRE-TIE for a German tank answered (6.31, 23.4): pin the answer and work the tank's fire
/// out again; once it is done the examination of the sector goes on (16).
pub(crate) fn fire_tie_answered(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    let Step::TankFireTie {
        sector,
        tank,
        vs_leaders,
        ..
    } = state.step
    else {
        return;
    };
    let (name, unit_name) = (tank_name(state, tank), state.name(unit).to_owned());
    log.public(crate::fire::HIT_LIMIT, OmahaEvent::Note, || {
        format!("G-FIRE-TIE: {name} hits {unit_name} (6.31, 23.4, the player's choice).")
    });
    state.fire_picks.push((TANK_SHOOTER, unit));
    let Some(card) = state.fire_cards[sector.slot()] else {
        state.step = Step::GermanActions(sector);
        return;
    };
    state.step = Step::GermanActions(sector);
    fire(state, sector, tank, card, vs_leaders, log);
}

/// G-LEADER for a German tank answered (11.41, 23.4): the star hit falls on `unit`. While
/// hits are left the rest of the same Leaders are asked about again, or all hit if no more of
/// them than hits are left; then the examination of the sector goes on (16).
pub(crate) fn leader_answered(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    let Step::TankLeaderHit { sector, tank, left } = state.step else {
        return;
    };
    let name = tank_name(state, tank);
    let target = crate::fire::star_target_name(state, unit);
    log.public(crate::fire::STAR_CHOICE, OmahaEvent::Note, || {
        format!("G-LEADER: {name}'s star hit falls on {target} (11.41, 23.4, the player's choice).")
    });
    state.choices.retain(|&u| u != unit);
    crate::fire::hit_leader_from(state, &name, unit, log);
    let left = left.saturating_sub(1);
    if state.outcome.is_some() {
        return;
    }
    if left > 0 && state.choices.len() > usize::from(left) {
        state.step = Step::TankLeaderHit { sector, tank, left };
        return;
    }
    if left > 0 {
        for leader in std::mem::take(&mut state.choices) {
            crate::fire::hit_leader_from(state, &name, leader, log);
            if state.outcome.is_some() {
                return;
            }
        }
    }
    state.choices.clear();
    state.step = Step::GermanActions(sector);
}

// ---------------------------------------------------------------------------------------------
// 23.6 US actions against tanks.

/// 23.6: tank `g` defeated: it never retreats, it is removed (its depth marker with it).
pub fn remove(state: &mut Omaha, g: GerId, log: &mut OmahaLog) {
    let tank = tank_name(state, g);
    if let Some(x) = state.germans.get_mut(usize::from(g)) {
        if let Some(d) = x.depth.take()
            && let Some(m) = state.depth.get_mut(usize::from(d))
        {
            m.loc = DepthLoc::OutOfPlay;
        }
        x.loc = GerLoc::OutOfPlay;
    }
    log.public(US_ACTIONS, OmahaEvent::Note, || {
        format!("{tank} is defeated: a German tank never retreats, it is removed (23.6).")
    });
}

/// 23.7: the VP for tanks that entered the map.
pub fn vp(state: &Omaha) -> u8 {
    if state.options.german_armor {
        state.tanks_entered
    } else {
        0
    }
}

#[cfg(test)]
pub(crate) fn place_for_test(state: &mut Omaha, g: GerId, hex: HexId) {
    state.germans[usize::from(g)] = crate::state::German {
        loc: GerLoc::Hex(hex),
        revealed: true,
        disrupted: false,
        active: true,
        depth: None,
    };
}
