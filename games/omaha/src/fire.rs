//! German fire (rule 6): which positions fire on the sector's card (6.1, 6.3, 6.41,
//! SYS-FIRE-ELIG), who they hit (T2, 6.31–6.37, SYS-FIRE-CANDIDATES, SYS-FIRE-ALLOC), fire
//! against leaders (11.4), German artillery (6.5, 6.51) and the end of German disruption (6.4).
//!
//! The ties the rules leave to the player are prompts (spec 5.2): G-FIRE-TIE (6.31), G-LEADER
//! (11.41) and G-ART-TIE (6.5). A sector's fire runs as stages that each prompt can stop and
//! its answer resume: the allocation (asked until no tie is left, then applied), the star hits
//! (`Omaha::star_slots`), the artillery, the recovery. The card is
//! drawn once, at the start, and kept in `fire_cards`. From turn 17 (or 12 with 14.2) the
//! phase starts the examination of German actions instead (16, [`crate::german_actions`]),
//! whose firing positions fire through `position_fire`.

use crate::action::{DrawFor, OmahaEvent, OmahaLog};
use crate::data::{Calibre, FireLevel, Sector, Symbol, UsKind, WnCategory};
use crate::fire_alloc::{Candidate, Mode, allocate_pinned};
use crate::index::{GerKind, HexId, MAX_POSITIONS, PosId, PosKind, UsCounter, UsId};
use crate::state::{GerLoc, GerPool, Omaha, Step, UsFlags, UsLoc};
use crate::tables::fire_chart::{FireColumn, FireEffect, FireTarget, fire_effect};
use overlord_engine::RuleId;

pub const FIRE: RuleId = RuleId("6.3");
pub const CARD: RuleId = RuleId("6.1");
pub const CROSS_SECTOR: RuleId = RuleId("6.22");
pub const HIT_LIMIT: RuleId = RuleId("6.31");
pub const CONCENTRATED: RuleId = RuleId("6.35");
pub const ARMOR_BONUS: RuleId = RuleId("6.36");
pub const RECOVERY: RuleId = RuleId("6.4");
pub const ARTILLERY: RuleId = RuleId("6.5");
pub const OFF_MAP: RuleId = RuleId("6.51");
pub const LEADERS: RuleId = RuleId("11.4");
pub const STAR_CHOICE: RuleId = RuleId("11.41");

/// A position firing on this card, with what the card says of its colour.
#[derive(Clone, Copy, Debug)]
pub struct Firing {
    pub position: PosId,
    pub capacity: u8,
    pub column: FireColumn,
    pub armor_bonus: bool,
    pub star: bool,
}

/// SYS-GER-ORDER: descending WN number or priority (ID-less 0), then descending name.
pub(crate) fn order_key(state: &Omaha, p: PosId) -> (u8, &str) {
    let pos = &state.data.index.positions[usize::from(p)];
    let number = match pos.kind {
        PosKind::Wn { number } => number,
        PosKind::Reinforcement { priority, .. } => priority,
    };
    (number, pos.name.as_str())
}

/// SYS-FIRE-ELIG (6.1, 6.3, 6.41): the positions of `sector` firing on `card`, in order.
pub fn firing_positions(state: &Omaha, sector: Sector, card: u8) -> Vec<Firing> {
    let index = &state.data.index;
    let Some(fire) = state.data.card(card).and_then(|c| c.fire.as_ref()) else {
        return Vec::new();
    };
    // Counters in each position's non-disrupted hexes (6.41), gathered in one pass.
    #[derive(Clone, Copy)]
    struct Manning {
        capacity: u8,
        with_depth: bool,
        revealed: bool,
    }
    let mut manning = vec![
        Manning {
            capacity: 0,
            with_depth: false,
            revealed: true,
        };
        index.positions.len()
    ];
    for (g, german) in state.germans.iter().enumerate() {
        let GerLoc::Slot(s) = german.loc else {
            continue;
        };
        let Some(slot) = index.slots.get(usize::from(s)) else {
            continue;
        };
        if german.disrupted {
            continue;
        }
        let Some(m) = manning.get_mut(usize::from(slot.position)) else {
            continue;
        };
        m.capacity += 1 + u8::from(german.depth.is_some());
        m.with_depth |= german.depth.is_some();
        m.revealed &= german.revealed || matches!(index.germans[g].kind, GerKind::Wn(_));
    }
    let mut out: Vec<Firing> = Vec::new();
    for (p, pos) in index.positions.iter().enumerate() {
        let p = p as PosId;
        if pos.sector != sector {
            continue; // 6.22: a position fires only on its own sector's card.
        }
        // The card's icons in this position's colour, summed up without gathering them: this
        // runs for every position at every German fire.
        let (mut icons, mut single, mut armor_bonus, mut star) = (false, false, false, false);
        for icon in fire.icons.iter().filter(|i| i.colour == pos.colour) {
            icons = true;
            single |= !icon.double;
            armor_bonus |= icon.tank;
            star |= icon.star;
        }
        if !icons {
            continue;
        }
        // [Smoke Obscures Beach, AMB-62] a smoked position does not fire this turn.
        if state.smoke.contains(&p) {
            continue;
        }
        let Manning {
            capacity,
            with_depth,
            revealed,
        } = manning[usize::from(p)];
        if capacity == 0 || (!single && !with_depth) {
            continue;
        }
        let column = match pos.kind {
            PosKind::Wn { .. } => FireColumn::WnOrRevealed,
            PosKind::Reinforcement { .. } if revealed => FireColumn::WnOrRevealed,
            PosKind::Reinforcement { .. } => FireColumn::Unrevealed,
        };
        out.push(Firing {
            position: p,
            capacity,
            column,
            armor_bonus,
            star,
        });
    }
    out.sort_by_key(|f| std::cmp::Reverse(order_key(state, f.position)));
    out
}

/// Distance from a position (nearest of its hexes) to a hex.
pub(crate) fn distance(state: &Omaha, p: PosId, hex: HexId) -> u32 {
    state.data.index.position_distance(p, hex)
}

/// Steps of US units (leaders excluded) in each hex: 5 or more make a concentrated target (6.35).
pub(crate) fn concentrated(state: &Omaha) -> Vec<bool> {
    let index = &state.data.index;
    let mut steps = vec![0u16; index.hexes.len()];
    for (i, u) in state.us.iter().enumerate() {
        if let UsLoc::Hex(h) = u.loc
            && !index.us[i].is_leader()
        {
            steps[usize::from(h)] += u16::from(u.steps);
        }
    }
    steps.into_iter().map(|s| s >= 5).collect()
}

/// SYS-FIRE-CANDIDATES: every way a firing position can hit a US unit (T2, 6.35, 6.36).
pub fn candidates(state: &Omaha, firing: &[Firing], card: u8) -> Vec<Candidate> {
    let index = &state.data.index;
    let Some(target) = state
        .data
        .card(card)
        .and_then(|c| c.fire.as_ref())
        .map(|f| f.target)
    else {
        return Vec::new();
    };
    let concentrated = concentrated(state);
    let mut out = Vec::new();
    for (f, firing) in firing.iter().enumerate() {
        for (i, u) in state.us.iter().enumerate() {
            let UsLoc::Hex(h) = u.loc else { continue };
            let info = &index.us[i];
            let in_field = |p: PosId| {
                usize::from(p) >= MAX_POSITIONS
                    || index.hexes[usize::from(h)].fired_on_by & (1 << p) != 0
            };
            if info.is_leader() || !in_field(firing.position) {
                continue;
            }
            let Some(&(_, level)) = index.hexes[usize::from(h)]
                .fire
                .iter()
                .find(|(p, _)| *p == firing.position)
            else {
                continue;
            };
            // [German Plunging Fire] Sporadic points on beach hexes beside a protective hexside
            // count as Intense in this Fire Phase.
            let hex_info = &index.hexes[usize::from(h)];
            let level = if state.plunging_fire
                && level == FireLevel::Sporadic
                && hex_info.ground == crate::index::Ground::Beach
                && hex_info.protective_distance == 0
            {
                FireLevel::Intense
            } else {
                level
            };
            let unit = FireTarget {
                armored: info.armored() && !firing.armor_bonus,
                has_symbol: info.symbol == Some(target) || concentrated[usize::from(h)],
            };
            let effect = fire_effect(level, firing.column, unit);
            let (loses_step, disrupts) = match effect {
                FireEffect::None => continue,
                FireEffect::Disrupt => (false, true),
                FireEffect::LoseStep => (true, false),
                FireEffect::LoseStepAndDisrupt => (true, true),
            };
            // AMB-51: only hits that change something count: no second step in this phase
            // (6.34), no disruption of a disrupted unit (6.33).
            let loses_step = loses_step && !u.flags.has(UsFlags::HIT_THIS_PHASE);
            let disrupts = disrupts && !u.flags.has(UsFlags::DISRUPTED);
            if !loses_step && !disrupts {
                continue;
            }
            out.push(Candidate {
                position: f,
                unit: i,
                level,
                distance: distance(state, firing.position, h),
                steps: u.steps,
                loses_step,
                disrupts,
            });
        }
    }
    out
}

/// The step after the fire of `sector` (4.2: East, then West, then the Engineer Phase; 15:
/// East, then West, then the Second Event Phase on turns 17–31).
fn after(state: &mut Omaha, sector: Sector) -> Step {
    match sector {
        Sector::East => Step::Fire(Sector::West),
        Sector::West if crate::tables::schedule::event_phases(state.turn) >= 2 => {
            state.second_event = true;
            Step::Event
        }
        Sector::West => crate::engineers::phase_start(state),
    }
}

/// Whether section 16 applies this turn (from 17, or 12 with 14.2).
pub(crate) fn german_actions_active(state: &Omaha) -> bool {
    crate::tables::schedule::german_actions(state.turn, state.options.early_german_actions)
}

/// 16 "Procedure": start examining the positions of `sector` on its card, one by one
/// ([`crate::german_actions`] runs [`Step::GermanActions`]).
pub(crate) fn start_german_actions(state: &mut Omaha, sector: Sector) {
    state.ger_done = 0;
    state.ger_advances = 0;
    state.ger_acting = None;
    state.fire_picks.clear();
    state.star_slots.clear();
    state.step = Step::GermanActions(sector);
}

/// III: German fire in one sector (6.3), then artillery (6.5) and recovery (6.4). The card is
/// drawn here, once; the G-FIRE-TIE, G-LEADER and G-ART-TIE answers resume the phase from the
/// state without drawing again.
pub fn fire_phase(state: &mut Omaha, sector: Sector, log: &mut OmahaLog) {
    if sector == Sector::East {
        update_off_map_artillery(state, log);
    }
    if !state.in_play(sector) {
        state.step = after(state, sector);
        end_of_fire_phase(state, sector);
        return;
    }
    let Some(card) = state.draw_card(DrawFor::Fire(sector), log) else {
        state.step = after(state, sector);
        return;
    };
    state.fire_cards[sector.slot()] = Some(card);
    state.fire_picks.clear();
    state.star_slots.clear();
    // 16: with German actions each position is examined and resolved in turn.
    if german_actions_active(state) {
        start_german_actions(state, sector);
        return;
    }
    position_fire(state, sector, log);
}

/// SYS-FIRE-ALLOC with the G-FIRE-TIE answers so far: the first tie left is asked; without one
/// the hits are applied (6.32, 6.33) and the star hits follow (11.41). Nothing the candidates
/// depend on changes while a tie is asked, so they come out the same each time.
pub(crate) fn position_fire(state: &mut Omaha, sector: Sector, log: &mut OmahaLog) {
    let Some(card) = state.fire_cards[sector.slot()] else {
        state.step = after(state, sector);
        return;
    };
    let mut firing = firing_positions(state, sector, card);
    // 16: a German action fires one position at a time.
    if let Some(p) = state.ger_acting {
        firing.retain(|f| f.position == p);
    }
    let candidates = candidates(state, &firing, card);
    // 6.31, 14.11: the hit limits, doubled from turn 17.
    let capacities: Vec<u8> = firing
        .iter()
        .map(|f| crate::tables::fire_chart::hit_limit(f.capacity, state.turn))
        .collect();
    // 6.34 on turns 1–16; from turn 17 each position fires on its own (14.12).
    let mode = if crate::tables::schedule::one_step_per_fire_phase(state.turn) {
        Mode::Basic
    } else {
        Mode::Extended
    };
    let pinned: Vec<usize> = state
        .fire_picks
        .iter()
        .filter_map(|&(p, unit)| {
            candidates.iter().position(|c| {
                c.unit == usize::from(unit)
                    && firing.get(c.position).is_some_and(|f| f.position == p)
            })
        })
        .collect();
    let allocation = allocate_pinned(mode, &capacities, &candidates, &pinned);
    // G-FIRE-TIE (6.31): equal fire level, distance and steps are the player's choice. Each
    // answer pins one more candidate, so there are never more answers than candidates; the
    // bound only keeps a rules bug from asking forever.
    if let Some(tie) = allocation.ties.first()
        && let Some(f) = firing.get(tie.position)
        && state.fire_picks.len() < candidates.len()
    {
        state.choices = tie
            .candidates
            .iter()
            .filter_map(|&c| candidates.get(c))
            .map(|c| c.unit as UsId)
            .collect();
        state.step = Step::FireTie {
            sector,
            position: f.position,
            take: u8::try_from(tie.take).unwrap_or(u8::MAX),
        };
        return;
    }
    state.choices.clear();
    state.fire_picks.clear();
    for (hits, firing) in allocation.hits.iter().zip(&firing) {
        let name = position_name(state, firing.position).to_owned();
        apply_hits(state, &name, hits, &candidates, mode, FIRE, log);
    }
    if state.outcome.is_some() {
        return;
    }
    // 11.41: star hits come after the hits on units. Doing every position's unit hits before
    // any star hit changes nothing: no hit on a unit changes which Leaders a star reaches (a
    // Hero's unit losing its last step waits for P-HERO-SACRIFICE until the phase ends, 11.14).
    state.star_slots = firing
        .iter()
        .zip(&allocation.unused)
        .filter(|&(f, &unused)| f.star && unused > 0)
        .map(|(f, &unused)| (f.position, unused))
        .collect();
    leader_fire(state, sector, log);
}

/// 6.32, 6.33: the hits `hits` (indices into `candidates`) of one shooter, `from` (a
/// position's name, or a German tank's, 23.41), logged under `rule`. In `Mode::Basic` a unit
/// loses at most one step in the phase (6.34); from turn 17 there is no such cap (14.12). Stops
/// as soon as the game ends (13.1).
pub(crate) fn apply_hits(
    state: &mut Omaha,
    from: &str,
    hits: &[usize],
    candidates: &[Candidate],
    mode: Mode,
    rule: RuleId,
    log: &mut OmahaLog,
) {
    for &c in hits {
        if state.outcome.is_some() {
            return; // 13.1: the game ended at once.
        }
        let Some(candidate) = candidates.get(c) else {
            continue;
        };
        let unit = candidate.unit as UsId;
        let Some(us) = state.us.get(candidate.unit) else {
            continue;
        };
        if us.loc == UsLoc::Eliminated {
            continue;
        }
        let already_hit = us.flags.has(UsFlags::HIT_THIS_PHASE);
        let unit_name = state.name(unit).to_owned();
        let level = candidate.level;
        // A position's line reads as it always has; others name their rule in the text too.
        let cite = if rule == FIRE {
            String::new()
        } else {
            format!(", {}", rule.0)
        };
        log.public(rule, OmahaEvent::Note, || {
            format!("{from} fires on {unit_name} ({level:?} fire{cite}).")
        });
        if candidate.loses_step && !already_hit {
            // 6.34: one step per phase on turns 1–16; 14.12: no cap from turn 17.
            if mode == Mode::Basic
                && let Some(u) = state.us.get_mut(candidate.unit)
            {
                u.flags.set(UsFlags::HIT_THIS_PHASE, true);
            }
            state.lose_step(unit, rule, log);
        }
        if candidate.disrupts
            && state
                .us
                .get(candidate.unit)
                .is_some_and(|u| u.loc != UsLoc::Eliminated)
        {
            state.disrupt(unit, rule, log);
        }
    }
}

/// G-FIRE-TIE answered: pin the answer and work the allocation out again (6.31).
pub(crate) fn fire_tie_answered(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    let Step::FireTie {
        sector, position, ..
    } = state.step
    else {
        return;
    };
    let name = position_name(state, position).to_owned();
    let unit_name = state.name(unit).to_owned();
    log.public(HIT_LIMIT, OmahaEvent::Note, || {
        format!("G-FIRE-TIE: {name} hits {unit_name} (6.31, the player's choice).")
    });
    state.fire_picks.push((position, unit));
    position_fire(state, sector, log);
}

pub(crate) fn position_name(state: &Omaha, p: PosId) -> &str {
    state
        .data
        .index
        .positions
        .get(usize::from(p))
        .map_or("?", |x| x.name.as_str())
}

fn end_of_fire_phase(state: &mut Omaha, sector: Sector) {
    if sector == Sector::West {
        for u in &mut state.us {
            u.flags.set(UsFlags::HIT_THIS_PHASE, false);
        }
    }
}

/// 11.4, 11.41: who a star of position `p` may hit: HQs and Generals in its Intense or Moderate
/// hexes, and Heroes with units there (named by the unit carrying them), as (distance, unit);
/// nearest first, and at one distance HQs and Generals before Heroes, then by id, which is the
/// order G-LEADER lists them in.
fn leader_targets(state: &Omaha, p: PosId) -> Vec<(u32, UsId)> {
    let index = &state.data.index;
    let mut leaders: Vec<(u32, Option<usize>, UsId)> = state
        .us
        .iter()
        .enumerate()
        .filter(|(i, _)| matches!(index.us[*i].counter, UsCounter::Hq | UsCounter::General))
        .filter_map(|(i, u)| {
            let UsLoc::Hex(h) = u.loc else { return None };
            let level = index.hexes[usize::from(h)]
                .fire
                .iter()
                .find(|(q, _)| *q == p)?
                .1;
            matches!(level, FireLevel::Intense | FireLevel::Moderate)
                .then(|| (distance(state, p, h), None, i as UsId))
        })
        .collect();
    // [Heroes, 11.4] a Hero with a unit in an Intense or Moderate hex is a Leader too.
    leaders.extend(
        crate::heroes::star_targets(state, p)
            .into_iter()
            .map(|(d, hero, unit)| (d, Some(hero), unit)),
    );
    leaders.sort_unstable();
    leaders.into_iter().map(|(d, _, u)| (d, u)).collect()
}

/// 11.41: `left` star hits on `targets` (distance, Leader; nearest first): each group of equally
/// near Leaders is hit whole by `hit` while it has no more members than hits remain (`hit`
/// says whether to go on: not once the game is over). Returns the group the player must choose
/// from, with the hits left, where one has more members (G-LEADER).
pub(crate) fn spend_star_hits(
    targets: &[(u32, UsId)],
    mut left: usize,
    mut hit: impl FnMut(UsId) -> bool,
) -> Option<(Vec<UsId>, usize)> {
    let mut rest = targets;
    while left > 0
        && let Some(&(nearest, _)) = rest.first()
    {
        let tied = rest.iter().take_while(|(d, _)| *d == nearest).count();
        let (group, further) = rest.split_at(tied);
        if tied > left {
            return Some((group.iter().map(|&(_, u)| u).collect(), left));
        }
        for &(_, leader) in group {
            if !hit(leader) {
                return None;
            }
        }
        left -= tied;
        rest = further;
    }
    None
}

/// 11.41: the spare hits of star colours fall on Leaders, position by position, nearest first.
/// Where more Leaders stand at the nearest distance left than hits remain, G-LEADER asks.
fn leader_fire(state: &mut Omaha, sector: Sector, log: &mut OmahaLog) {
    while !state.star_slots.is_empty() {
        let (p, slots) = state.star_slots.remove(0);
        let targets = leader_targets(state, p);
        let ask = spend_star_hits(&targets, usize::from(slots), |leader| {
            hit_leader(state, p, leader, log);
            state.outcome.is_none()
        });
        if state.outcome.is_some() {
            return; // 13.1: the game ended at once.
        }
        if let Some((group, left)) = ask {
            state.choices = group;
            state.step = Step::LeaderHit {
                sector,
                position: p,
                left: u8::try_from(left).unwrap_or(u8::MAX),
            };
            return;
        }
    }
    // 16: a German action's fire is done; the examination goes on.
    if state.ger_acting.take().is_some() {
        state.step = Step::GermanActions(sector);
        return;
    }
    artillery_stage(state, sector, log);
}

/// G-LEADER answered (11.41): the star hit falls on `unit`. While hits are left the rest of
/// the same Leaders are asked about again, or all hit if no more of them than hits are left.
pub(crate) fn leader_answered(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    let Step::LeaderHit {
        sector,
        position,
        left,
    } = state.step
    else {
        return;
    };
    let name = position_name(state, position).to_owned();
    let target = star_target_name(state, unit);
    log.public(STAR_CHOICE, OmahaEvent::Note, || {
        format!("G-LEADER: {name}'s star hit falls on {target} (11.41, the player's choice).")
    });
    state.choices.retain(|&u| u != unit);
    hit_leader(state, position, unit, log);
    let left = left.saturating_sub(1);
    if state.outcome.is_some() {
        return;
    }
    if left > 0 && state.choices.len() > usize::from(left) {
        state.step = Step::LeaderHit {
            sector,
            position,
            left,
        };
        return;
    }
    if left > 0 {
        for leader in std::mem::take(&mut state.choices) {
            hit_leader(state, position, leader, log);
        }
        if state.outcome.is_some() {
            return;
        }
    }
    state.choices.clear();
    leader_fire(state, sector, log);
}

/// Who a star hit on `unit` strikes, for people: the HQ or General, or the Hero with the unit.
pub(crate) fn star_target_name(state: &Omaha, unit: UsId) -> String {
    let name = state.name(unit);
    let leader = state
        .data
        .index
        .us
        .get(usize::from(unit))
        .is_some_and(|u| u.is_leader());
    match state.hero_with(unit) {
        Some(h) if !leader => format!("{}, the Hero with {name}", state.hero_name(h)),
        _ => name.to_owned(),
    }
}

/// 11.4: one star hit of position `p`. A Hero (named by its unit) is killed; an HQ goes two
/// turns up the track (AMB-21); a General is wounded, then killed.
fn hit_leader(state: &mut Omaha, p: PosId, leader: UsId, log: &mut OmahaLog) {
    let from = position_name(state, p).to_owned();
    hit_leader_from(state, &from, leader, log);
}

/// 11.4: star fire from `from` (a position's name, or a German tank's, 23.4) hits `leader`.
pub(crate) fn hit_leader_from(state: &mut Omaha, from: &str, leader: UsId, log: &mut OmahaLog) {
    let Some(info) = state.data.index.us.get(usize::from(leader)) else {
        return;
    };
    let counter = info.counter;
    if !info.is_leader() {
        if let Some(hero) = state.hero_with(leader) {
            crate::heroes::kill(state, hero, log);
        }
        return;
    }
    let name = state.name(leader).to_owned();
    match counter {
        // 18.33: a Command Post flips back to its HQ side and stays.
        UsCounter::Hq if crate::command_posts::hit(state, leader, from, log) => {}
        UsCounter::Hq => {
            log.public(LEADERS, OmahaEvent::Note, || {
                format!("{from}'s star fire hits {name}, who must re-land (11.4).")
            });
            state.delay(leader, 2, LEADERS, log);
        }
        _ if state.us[usize::from(leader)].flags.has(UsFlags::WOUNDED) => {
            log.public(LEADERS, OmahaEvent::Note, || {
                format!("{from}'s star fire hits General {name} again: killed (11.4).")
            });
            state.eliminate(leader, LEADERS, log);
        }
        _ => {
            log.public(LEADERS, OmahaEvent::Note, || {
                format!("{from}'s star fire lightly wounds General {name} (11.4).")
            });
            state.us[usize::from(leader)]
                .flags
                .set(UsFlags::WOUNDED, true);
        }
    }
}

/// 6.5 from turn 4 (turn 5 with 22.1), then the end of the sector's fire.
pub(crate) fn artillery_stage(state: &mut Omaha, sector: Sector, log: &mut OmahaLog) {
    let card = state.fire_cards[sector.slot()];
    if state.turn
        >= if state.options.effective_bombardment {
            5
        } else {
            4
        }
        && let Some(card) = card
        && artillery(state, sector, card, log)
    {
        return;
    }
    finish(state, sector, log);
}

/// 6.4 recovery, and on to the next step.
fn finish(state: &mut Omaha, sector: Sector, log: &mut OmahaLog) {
    if state.outcome.is_some() {
        return;
    }
    // 22.1, AMB-34: on turn 4 the bombardment's disruption lasts (no 6.4 recovery).
    let bombarded = state.options.effective_bombardment && state.turn == 4;
    if let Some(card) = state.fire_cards[sector.slot()]
        && !bombarded
    {
        recover(state, sector, card, log);
    }
    end_of_fire_phase(state, sector);
    state.step = after(state, sector);
}

/// The calibre of a German artillery unit, if it has one (rocket never counts, 6.53).
fn calibre(state: &Omaha, g: usize) -> Option<Calibre> {
    match state.data.index.germans[g].kind {
        GerKind::Wn(WnCategory::C75) => Some(Calibre::C75),
        GerKind::Wn(WnCategory::C88) => Some(Calibre::C88),
        GerKind::OffMapArtillery => state
            .data
            .german
            .artillery
            .get(g - state.data.german.wn_units.len())
            .map(|a| a.calibre),
        _ => None,
    }
}

/// 6.5: count qualifying artillery; on N or more, one US unit with the card symbol in a box
/// or on a beach hex of the sector loses a step, by the four priorities, then most steps, then
/// the player's choice (G-ART-TIE). Returns whether G-ART-TIE is asked.
fn artillery(state: &mut Omaha, sector: Sector, card: u8, log: &mut OmahaLog) -> bool {
    let Some(c) = state.data.card(card) else {
        return false;
    };
    let (Some(block), Some(target)) = (c.artillery.clone(), c.fire.as_ref().map(|f| f.target))
    else {
        return false;
    };
    let index = &state.data.index;
    let count = state
        .germans
        .iter()
        .enumerate()
        .filter(|(g, german)| {
            let Some(cal) = calibre(state, *g) else {
                return false;
            };
            let placed = match german.loc {
                GerLoc::Slot(s) => {
                    matches!(
                        index.positions[usize::from(index.slots[usize::from(s)].position)].kind,
                        PosKind::Wn { .. }
                    ) && index.positions[usize::from(index.slots[usize::from(s)].position)].sector
                        == sector
                }
                GerLoc::Pool(GerPool::Artillery(box_sector)) => {
                    box_sector == sector && german.active
                }
                _ => false,
            };
            placed && !german.disrupted && block.calibres.contains(&cal)
        })
        .count();
    if count < usize::from(block.value) {
        log.public(ARTILLERY, OmahaEvent::Note, || {
            format!(
                "German artillery: {count} qualifying batteries, {} needed: no hit.",
                block.value
            )
        });
        return false;
    }
    let tied = artillery_targets(state, sector, Some(target));
    match tied[..] {
        [] => {
            log.public(ARTILLERY, OmahaEvent::Note, || {
                "German artillery fires, but no unit with the symbol is in a box or on the beach (6.5)."
                    .into()
            });
            false
        }
        [unit] => {
            let name = state.name(unit).to_owned();
            log.public(ARTILLERY, OmahaEvent::Note, || {
                format!("German artillery ({count} batteries) hits {name} (6.5).")
            });
            artillery_hit(state, unit, ARTILLERY, log);
            false
        }
        _ => {
            log.public(ARTILLERY, OmahaEvent::Note, || {
                format!(
                    "German artillery ({count} batteries) fires: several targets are equal (6.5, G-ART-TIE)."
                )
            });
            ask_artillery_tie(state, sector, tied, false);
            true
        }
    }
}

/// 6.5: the artillery targets of `sector` a hit falls on, in id order: US units (never
/// leaders) in the sector's landing boxes or on its beach hexes, in the best of the four
/// priority classes (infantry in a box; non-infantry on the beach; non-infantry in a box;
/// infantry on the beach), then with the most steps (AMB-09). More than one is G-ART-TIE.
/// With `symbol`, a unit needs the card's symbol: printed, or by standing in a concentrated
/// hex (6.35); a landing box is never a concentrated target (AMB-10). Without it (the German
/// artillery event, 19.33) any unit qualifies.
pub(crate) fn artillery_targets(
    state: &Omaha,
    sector: Sector,
    symbol: Option<Symbol>,
) -> Vec<UsId> {
    let index = &state.data.index;
    // 6.35, AMB-10: only hexes are concentrated; worked out only when a symbol is needed.
    let concentrated = symbol.map(|_| concentrated(state)).unwrap_or_default();
    // (priority class, most steps first) of the best targets so far, and those targets in id
    // order: more than one is G-ART-TIE (AMB-09: in every class, priority 1 included).
    type Key = (u8, std::cmp::Reverse<u8>);
    let mut best: Option<Key> = None;
    let mut tied: Vec<UsId> = Vec::new();
    for (i, u) in state.us.iter().enumerate() {
        let info = &index.us[i];
        if info.is_leader() {
            continue;
        }
        let printed = symbol.is_none_or(|s| info.symbol == Some(s));
        let infantry = info.kind().is_some_and(UsKind::infantry);
        let class = match u.loc {
            // AMB-10: in a box the printed symbol is needed.
            UsLoc::Box(b) if printed && index.boxes[usize::from(b)].sector == sector => {
                if infantry { 1 } else { 3 }
            }
            // 6.35, AMB-10: on a beach hex a concentrated target counts as having the symbol.
            UsLoc::Hex(h)
                if (printed || concentrated.get(usize::from(h)).copied().unwrap_or(false))
                    && index.hexes[usize::from(h)].sector == sector
                    && index.hexes[usize::from(h)].ground == crate::index::Ground::Beach =>
            {
                if infantry {
                    4
                } else {
                    2
                }
            }
            _ => continue,
        };
        let key = (class, std::cmp::Reverse(u.steps));
        if best.is_none_or(|k| key < k) {
            best = Some(key);
            tied.clear();
        }
        if best == Some(key) {
            tied.push(i as UsId);
        }
    }
    tied
}

/// 6.5's priority class of an artillery target (1: infantry in a box; 2: non-infantry on a
/// beach hex; 3: non-infantry in a box; 4: infantry on a beach hex), for 16.7's comparison of
/// the two sectors.
pub(crate) fn artillery_class(state: &Omaha, unit: UsId) -> u8 {
    let infantry = state
        .data
        .index
        .us
        .get(usize::from(unit))
        .and_then(|u| u.kind())
        .is_some_and(UsKind::infantry);
    match (state.us.get(usize::from(unit)).map(|u| u.loc), infantry) {
        (Some(UsLoc::Box(_)), true) => 1,
        (Some(UsLoc::Hex(_)), false) => 2,
        (Some(UsLoc::Box(_)), false) => 3,
        _ => 4,
    }
}

/// G-ART-TIE (6.5): ask which of the equal `tied` targets the hit falls on, for the Fire card's
/// artillery or (`event`) the German artillery event (19.33).
pub(crate) fn ask_artillery_tie(state: &mut Omaha, sector: Sector, tied: Vec<UsId>, event: bool) {
    state.choices = tied;
    state.step = Step::ArtilleryTie { sector, event };
}

/// German artillery costs `unit` a step (6.5, 19.33 events). 19.33, AMB-30: artillery fire
/// occurred this turn in the sector where the unit stands (box or hex).
pub(crate) fn artillery_hit(state: &mut Omaha, unit: UsId, rule: RuleId, log: &mut OmahaLog) {
    let index = &state.data.index;
    let sector = match state.us.get(usize::from(unit)).map(|u| u.loc) {
        Some(UsLoc::Box(b)) => index.boxes.get(usize::from(b)).map(|x| x.sector),
        Some(UsLoc::Hex(h)) => index.hexes.get(usize::from(h)).map(|x| x.sector),
        _ => None,
    };
    if let Some(sector) = sector {
        state.artillery_fired[sector.slot()] = true;
    }
    state.lose_step(unit, rule, log);
}

/// G-ART-TIE answered (6.5): the chosen unit loses the step, and the sector's fire ends. The
/// German artillery event's tie (19.33) is answered by
/// [`crate::events::german_artillery_answered`].
pub(crate) fn artillery_answered(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    let Step::ArtilleryTie { sector, .. } = state.step else {
        return;
    };
    state.choices.clear();
    let name = state.name(unit).to_owned();
    log.public(ARTILLERY, OmahaEvent::Note, || {
        format!("G-ART-TIE: German artillery hits {name} (6.5, the player's choice).")
    });
    artillery_hit(state, unit, ARTILLERY, log);
    finish(state, sector, log);
}

/// 6.4: units in this sector's positions whose colour is on the card recover.
fn recover(state: &mut Omaha, sector: Sector, card: u8, log: &mut OmahaLog) {
    let index = &state.data.index;
    let colours: Vec<crate::data::Colour> = state
        .data
        .card(card)
        .and_then(|c| c.fire.as_ref())
        .map(|f| f.icons.iter().map(|i| i.colour).collect())
        .unwrap_or_default();
    let mut recovered = 0;
    for g in &mut state.germans {
        let GerLoc::Slot(s) = g.loc else { continue };
        let pos = &index.positions[usize::from(index.slots[usize::from(s)].position)];
        if g.disrupted && pos.sector == sector && colours.contains(&pos.colour) {
            g.disrupted = false;
            recovered += 1;
        }
    }
    // 6.4 with 23.4: a disrupted tank of the sector whose colour is on the card recovers too.
    let tanks: Vec<crate::index::GerId> = state
        .tanks_on_map()
        .filter(|&(g, h)| {
            state.germans[usize::from(g)].disrupted
                && index
                    .hexes
                    .get(usize::from(h))
                    .is_some_and(|x| x.sector == sector)
                && crate::tanks::colour(state, g).is_some_and(|c| colours.contains(&c))
        })
        .map(|(g, _)| g)
        .collect();
    for g in tanks {
        state.germans[usize::from(g)].disrupted = false;
        recovered += 1;
    }
    if recovered > 0 {
        log.public(RECOVERY, OmahaEvent::Note, || {
            format!("{recovered} German unit(s) recover from disruption.")
        });
    }
}

/// 6.51, AMB-11: an off-map battery is inactive while every observer position is in US hands.
fn update_off_map_artillery(state: &mut Omaha, log: &mut OmahaLog) {
    let data = std::sync::Arc::clone(&state.data);
    for (artillery_box, observers) in data
        .boxes
        .artillery
        .iter()
        .zip(&data.index.artillery_observers)
    {
        let loc = crate::control::GermanLoc::new(state);
        let silenced = observers.iter().all(|&observer| {
            let Some(p) = observer else {
                return false;
            };
            let pos = &data.index.positions[usize::from(p)];
            let occupied = state
                .germans
                .iter()
                .any(|g| matches!(g.loc, GerLoc::Slot(s) if pos.slots.contains(&s)));
            let us_held = pos.slots.iter().any(|&s| {
                let hex = data.index.slots[usize::from(s)].hex;
                state.us_at(UsLoc::Hex(hex)).next().is_some()
                    || crate::control::us_controls(state, hex)
            });
            !occupied && us_held && !loc.has(p)
        });
        for g in &mut state.germans {
            if g.loc == GerLoc::Pool(GerPool::Artillery(artillery_box.sector))
                && g.active == silenced
            {
                g.active = !silenced;
                let sector = artillery_box.sector;
                log.public(OFF_MAP, OmahaEvent::Note, || {
                    format!(
                        "Off-map artillery ({sector:?}) is now {}.",
                        if silenced { "inactive" } else { "active" }
                    )
                });
            }
        }
    }
}
