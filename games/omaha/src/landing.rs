//! US amphibious operations (rule 5): landing checks with the Landing card and table T1
//! (5.1–5.15), leaders following drifted units (5.12, P-LEADER-FOLLOW), landing on the tide's
//! hex (5.2), and placing arrivals in boxes (5.3–5.34).

use crate::action::{DrawFor, OmahaEvent, OmahaLog};
use crate::data::{Sector, Tide, UsKind, tide_of_turn};
use crate::index::{BoxId, Ground, HexId, Landing, UsCounter, UsId};
use crate::state::{Omaha, Step, UsFlags, UsLoc};
use crate::tables::landing::{LandingResult, landing_result, needs_check};
use overlord_engine::RuleId;

pub const CHECK: RuleId = RuleId("5.1");
pub const DRIFT: RuleId = RuleId("5.11");
pub const LEADERS: RuleId = RuleId("5.12");
pub const RANGERS: RuleId = RuleId("5.13");
pub const MINES: RuleId = RuleId("5.14");
pub const LAND: RuleId = RuleId("5.2");
pub const TIDE: RuleId = RuleId("5.21");
pub const TRANSFER: RuleId = RuleId("5.22");
pub const PLACE: RuleId = RuleId("5.3");
pub const VOLUNTARY_DELAY: RuleId = RuleId("5.34");

fn sector_index(sector: Sector) -> usize {
    match sector {
        Sector::East => 0,
        Sector::West => 1,
    }
}

/// 5.21: whether a hex on tide line `line` is under water at `tide`.
pub fn submerged(line: Option<Tide>, tide: Tide) -> bool {
    matches!(
        (line, tide),
        (Some(Tide::Low), Tide::Mid | Tide::High) | (Some(Tide::Mid), Tide::High)
    )
}

/// 5.21, 7.3 and the Terrain Effects Chart: whether a hex is water at `tide`, closed to every
/// unit and deadly at the end of the turn. The chart lets units into tide-line hexes only
/// "if not submerged", and into beach, flat and high ground; the open sea beyond the low-tide
/// line is on no row of it, so a sea hex with no tide line is water at every tide.
pub fn under_water(ground: Ground, line: Option<Tide>, tide: Tide) -> bool {
    match line {
        Some(_) => submerged(line, tide),
        None => ground == Ground::Sea,
    }
}

fn tide_slot(tide: Tide) -> usize {
    match tide {
        Tide::Low => 0,
        Tide::Mid => 1,
        Tide::High => 2,
    }
}

/// Units in the landing boxes of `sector`, east to west (leaders included).
fn in_boxes(state: &Omaha, sector: Sector) -> Vec<UsId> {
    let index = &state.data.index;
    let mut units: Vec<(BoxId, UsId)> = state
        .us
        .iter()
        .enumerate()
        .filter_map(|(i, u)| match u.loc {
            UsLoc::Box(b)
                if index
                    .boxes
                    .get(usize::from(b))
                    .is_some_and(|x| x.sector == sector) =>
            {
                Some((b, i as UsId))
            }
            _ => None,
        })
        .collect();
    units.sort_unstable();
    units.into_iter().map(|(_, u)| u).collect()
}

/// T1's row for a unit in box `b` (DG and CH boxes have their own infantry row).
fn check_result(state: &Omaha, unit: UsId, b: BoxId, card: u8) -> Option<LandingResult> {
    let info = state.data.index.us.get(usize::from(unit))?;
    let kind = info.kind()?;
    let symbol = info.symbol?;
    let letter = state.data.card(card)?.landing.as_ref()?.letter(symbol);
    let dog_green_or_charlie = state
        .data
        .index
        .boxes
        .get(usize::from(b))?
        .dog_green_or_charlie;
    Some(landing_result(
        kind,
        state.turn,
        letter,
        dog_green_or_charlie,
        &state.landing_options(),
    ))
}

impl Omaha {
    pub(crate) fn landing_options(&self) -> crate::tables::landing::LandingOptions {
        crate::tables::landing::LandingOptions {
            bombardment_22_1: self.options.effective_bombardment,
            tanks_safe_22_2: self.options.first_wave_tanks_safe,
        }
    }
}

/// I.1: the landing check of one sector (5.1), resumable after a Ranger's choice.
pub fn check(state: &mut Omaha, sector: Sector, log: &mut OmahaLog) {
    let next = match sector {
        Sector::East => Step::LandingCheck(Sector::West),
        Sector::West => Step::Land,
    };
    if !state.in_play(sector) {
        state.step = next;
        return;
    }
    let units = in_boxes(state, sector);
    let slot = sector_index(sector);
    if state.landing_cards[slot].is_none() {
        // 5.15, AMB-04: a card only when some unit in the boxes needs a T1 check, or (turns
        // 7–22) some non-General unit would land in (Mid Tide) or pass through (High Tide) an
        // uncleared obstacle hex. With no T1 check to make nothing drifts and no leader
        // follows (5.11, 5.12), so each unit lands from the box it is in now. A unit already
        // checked with the East card (drifted West) is that card's business (AMB-63).
        let mines = crate::tables::landing::mines_possible(state.turn);
        let needed = units.iter().any(|&u| {
            let info = &state.data.index.us[usize::from(u)];
            let us = &state.us[usize::from(u)];
            if us.flags.has(UsFlags::CHECKED_EAST) || us.flags.has(UsFlags::CHECKED_WEST) {
                return false;
            }
            let check = info
                .kind()
                .is_some_and(|kind| needs_check(kind, state.turn, &state.landing_options()));
            let mine = mines
                && info.counter != UsCounter::General
                && matches!(us.loc, UsLoc::Box(b) if mined_landing(state, b));
            check || mine
        });
        if !needed {
            state.step = next;
            return;
        }
        let Some(card) = state.draw_card(DrawFor::Landing(sector), log) else {
            state.step = next;
            return;
        };
        state.landing_cards[slot] = Some(card);
    }
    let Some(card) = state.landing_cards[slot] else {
        return;
    };
    for unit in units {
        let u = state.us[usize::from(unit)];
        let done = u.flags.has(UsFlags::CHECKED_EAST) || u.flags.has(UsFlags::CHECKED_WEST);
        if done || state.data.index.us[usize::from(unit)].is_leader() {
            continue;
        }
        state.us[usize::from(unit)]
            .flags
            .set(UsFlags::checked_by(sector), true);
        let UsLoc::Box(b) = u.loc else { continue };
        let Some(result) = check_result(state, unit, b, card) else {
            continue;
        };
        if apply(state, unit, b, result, log) {
            state.step = Step::RangerDrift { sector, unit };
            return;
        }
    }
    // 5.12: P-LEADER-FOLLOW once every unit's result is known (a leader may choose among
    // several drifted units), and before the mines (5.14), which depend on where an HQ lands.
    while let Some(&(leader, _)) = state.follow.first() {
        if follow_options(state, leader).is_empty() {
            state.follow.retain(|&(l, _)| l != leader);
            continue;
        }
        state.step = Step::LeaderFollow { sector, leader };
        return;
    }
    // 5.14: the mine check, after every other result.
    if mine_candidates(state, sector, card).is_empty() {
        state.step = next;
    } else {
        let candidates = mine_candidates(state, sector, card);
        let hqs_only = candidates
            .iter()
            .all(|&u| state.data.index.us[usize::from(u)].counter == UsCounter::Hq);
        if hqs_only {
            // 5.14 leader exception: the HQ is delayed two turns instead.
            for hq in candidates {
                state.delay(hq, 2, MINES, log);
            }
            state.step = next;
        } else if candidates.len() == 1 {
            state.lose_step(candidates[0], MINES, log);
            state.step = next;
        } else {
            state.step = Step::MineVictim(sector);
        }
    }
}

/// Apply one T1 result; `true` when the Ranger option (5.13) must be offered.
fn apply(
    state: &mut Omaha,
    unit: UsId,
    b: BoxId,
    result: LandingResult,
    log: &mut OmahaLog,
) -> bool {
    let name = state.name(unit).to_owned();
    match result {
        LandingResult::NoEffect | LandingResult::NoCheck | LandingResult::MineCheckOnly => {
            return ranger_may_drift(state, unit, result);
        }
        LandingResult::Drift { east, boxes } => drift(state, unit, b, east, boxes, log),
        LandingResult::Delay { turns } => state.delay(unit, turns, CHECK, log),
        LandingResult::RemovedFromPlay => {
            state.us[usize::from(unit)].loc = UsLoc::OutOfPlay;
            log.public(CHECK, OmahaEvent::RemovedFromPlay { unit }, || {
                format!("{name} is delayed to 7 June and removed from play.")
            });
        }
        LandingResult::LoseSteps(n) => {
            for _ in 0..n {
                if state.us[usize::from(unit)].loc == UsLoc::Eliminated {
                    break;
                }
                state.lose_step(unit, CHECK, log);
            }
        }
        LandingResult::LoseStepAndDrift { east, boxes } => {
            state.lose_step(unit, CHECK, log);
            if state.us[usize::from(unit)].loc != UsLoc::Eliminated {
                drift(state, unit, b, east, boxes, log);
            }
        }
        LandingResult::Eliminated => state.eliminate(unit, CHECK, log),
    }
    false
}

/// 5.13: from turn 4 a Ranger with "No effect" may drift 1-4 boxes East; not C/2R, the
/// Ranger company arriving on turn 1 that lands on turn 2.
fn ranger_may_drift(state: &Omaha, unit: UsId, result: LandingResult) -> bool {
    let info = &state.data.index.us[usize::from(unit)];
    info.kind().is_some_and(|kind| {
        crate::tables::landing::ranger_may_drift(kind, state.turn, result, &state.landing_options())
    }) && info.arrival != Some(1)
}

/// 5.11: move along the box line; beyond either end, or into a box with no hex at High Tide
/// (AMB-03), the unit is delayed two turns.
fn drift(state: &mut Omaha, unit: UsId, from: BoxId, east: bool, boxes: u8, log: &mut OmahaLog) {
    let count = state.data.index.boxes.len() as i32;
    let to = i32::from(from)
        + if east {
            -i32::from(boxes)
        } else {
            i32::from(boxes)
        };
    let tide = tide_of_turn(state.turn);
    let name = state.name(unit).to_owned();
    let lands = (0..count).contains(&to)
        && state.data.index.boxes[to as usize].land[tide_slot(tide)].is_some();
    if lands {
        let to = to as BoxId;
        // 5.12: each leader in the box it leaves may follow it (P-LEADER-FOLLOW). A unit that
        // drifts off the line is delayed, and there is no box to follow it to.
        for (l, u) in state.us.iter().enumerate() {
            if u.loc == UsLoc::Box(from) && state.data.index.us[l].is_leader() {
                state.follow.push((l as UsId, unit));
            }
        }
        state.us[usize::from(unit)].loc = UsLoc::Box(to);
        let box_name = state.data.index.boxes[usize::from(to)].name.clone();
        log.public(
            DRIFT,
            OmahaEvent::Drifted {
                unit,
                to_box: Some(to),
            },
            || {
                format!(
                    "{name} drifts {boxes} box(es) {} to {box_name}.",
                    if east { "East" } else { "West" }
                )
            },
        );
    } else {
        log.public(DRIFT, OmahaEvent::Drifted { unit, to_box: None }, || {
            format!("{name} drifts off the landing line.")
        });
        state.delay(unit, 2, DRIFT, log);
    }
}

/// P-RANGER-DRIFT answered (5.13): drift 0-4 boxes East, then go on with the check.
pub fn ranger_drift(state: &mut Omaha, sector: Sector, unit: UsId, boxes: u8, log: &mut OmahaLog) {
    if boxes > 0
        && let UsLoc::Box(b) = state.us[usize::from(unit)].loc
    {
        drift(state, unit, b, true, boxes, log);
    }
    state.step = Step::LandingCheck(sector);
}

/// P-LEADER-FOLLOW (5.12): the units that drifted out of `leader`'s box this check and sit in
/// another box now, in the order they drifted.
pub fn follow_options(state: &Omaha, leader: UsId) -> Vec<UsId> {
    let Some(UsLoc::Box(here)) = state.us.get(usize::from(leader)).map(|u| u.loc) else {
        return Vec::new();
    };
    state
        .follow
        .iter()
        .filter(|&&(l, _)| l == leader)
        .map(|&(_, u)| u)
        .filter(|&u| {
            matches!(state.us.get(usize::from(u)).map(|x| x.loc), Some(UsLoc::Box(b)) if b != here)
        })
        .collect()
}

/// P-LEADER-FOLLOW answered (5.12): the leader joins the unit's new box, or stays; then the
/// check goes on (the next leader, then the mines).
pub fn leader_follows(state: &mut Omaha, unit: Option<UsId>, log: &mut OmahaLog) {
    let Step::LeaderFollow { sector, leader } = state.step else {
        return;
    };
    state.follow.retain(|&(l, _)| l != leader);
    state.step = Step::LandingCheck(sector);
    let name = state.name(leader).to_owned();
    let from = match state.us[usize::from(leader)].loc {
        UsLoc::Box(b) => state.data.index.boxes[usize::from(b)].name.clone(),
        _ => String::new(),
    };
    let to = unit.and_then(|u| match state.us.get(usize::from(u))?.loc {
        UsLoc::Box(b) => Some((u, b)),
        _ => None,
    });
    match to {
        Some((u, b)) => {
            state.us[usize::from(leader)].loc = UsLoc::Box(b);
            let followed = state.name(u).to_owned();
            let box_name = state.data.index.boxes[usize::from(b)].name.clone();
            log.public(
                LEADERS,
                OmahaEvent::Drifted {
                    unit: leader,
                    to_box: Some(b),
                },
                || {
                    format!(
                        "P-LEADER-FOLLOW: {name} follows {followed} from {from} to {box_name} (5.12)."
                    )
                },
            );
        }
        None => log.public(LEADERS, OmahaEvent::Note, || {
            format!("P-LEADER-FOLLOW: {name} stays in {from} (5.12).")
        }),
    }
}

/// 5.14: units checked with this sector's card (wherever they drifted, AMB-63), and HQs in the
/// sector's boxes, that land in (Mid) or pass through (High) an uncleared obstacle hex;
/// Generals are never affected.
pub fn mine_candidates(state: &Omaha, sector: Sector, card: u8) -> Vec<UsId> {
    let mine = state
        .data
        .card(card)
        .and_then(|c| c.landing.as_ref())
        .is_some_and(|l| l.mine);
    if !mine || !crate::tables::landing::mines_possible(state.turn) {
        return Vec::new();
    }
    let index = &state.data.index;
    state
        .us
        .iter()
        .enumerate()
        .filter_map(|(i, u)| {
            let info = &index.us[i];
            let UsLoc::Box(b) = u.loc else { return None };
            let landing_box = index.boxes.get(usize::from(b))?;
            let checked = u.flags.has(UsFlags::checked_by(sector))
                || (info.counter == UsCounter::Hq && landing_box.sector == sector);
            (checked && mined_landing(state, b)).then_some(i as UsId)
        })
        .collect()
}

/// 5.14: whether a unit landing from box `b` this turn lands in (Mid Tide) or passes through
/// (High Tide) a beach hex whose obstacles are not cleared. Low Tide: never.
fn mined_landing(state: &Omaha, b: BoxId) -> bool {
    let index = &state.data.index;
    let Some(landing_box) = index.boxes.get(usize::from(b)) else {
        return false;
    };
    let uncleared = |h: HexId| {
        index.hexes.get(usize::from(h)).is_some_and(|x| x.obstacle) && !state.is_cleared(h)
    };
    match tide_of_turn(state.turn) {
        Tide::Low => false,
        Tide::Mid => landing_box.land[1].is_some_and(uncleared),
        Tide::High => landing_box.high_path.iter().any(|&h| uncleared(h)),
    }
}

/// P-MINE-VICTIM answered.
pub fn mine_victim(state: &mut Omaha, sector: Sector, unit: UsId, log: &mut OmahaLog) {
    state.lose_step(unit, MINES, log);
    state.step = match sector {
        Sector::East => Step::LandingCheck(Sector::West),
        Sector::West => Step::Land,
    };
}

/// I.2 (5.2): every unit in a box lands on its box's hex for the tide.
pub fn land(state: &mut Omaha, log: &mut OmahaLog) {
    let tide = tide_of_turn(state.turn);
    for i in 0..state.us.len() {
        let UsLoc::Box(b) = state.us[i].loc else {
            continue;
        };
        let unit = i as UsId;
        let target = state
            .data
            .index
            .boxes
            .get(usize::from(b))
            .and_then(|x| x.land[tide_slot(tide)]);
        let Some(hex) = target else {
            // AMB-03: a box with no hex for this tide delays the unit two turns.
            state.delay(unit, 2, LAND, log);
            continue;
        };
        state.us[i].loc = UsLoc::Hex(hex);
        let name = state.name(unit).to_owned();
        let label = state.data.index.hexes[usize::from(hex)].label;
        log.public(LAND, OmahaEvent::Landed { unit, hex }, || {
            format!("{name} lands in {label}.")
        });
        // 5.22: landing in the other sector passes the unit to the other division's command.
        let sector = state.data.index.hexes[usize::from(hex)].sector;
        let division = crate::index::division_of(sector);
        if state.us[i].command != division {
            state.us[i].command = division;
            state.us[i].flags.set(UsFlags::TRANSFERRED, true);
            log.public(TRANSFER, OmahaEvent::CommandTransferred { unit }, || {
                format!("{name} comes under {division} Division command.")
            });
        }
    }
    for u in &mut state.us {
        u.flags.set(UsFlags::CHECKED_EAST, false);
        u.flags.set(UsFlags::CHECKED_WEST, false);
    }
    state.follow.clear();
    state.landing_cards = [None; 2];
    state.step = Step::NextArrival;
}

/// The boxes a unit arriving now may be placed in (5.3–5.34).
pub fn legal_boxes(state: &Omaha, unit: UsId) -> Vec<BoxId> {
    let index = &state.data.index;
    let Some(info) = index.us.get(usize::from(unit)) else {
        return Vec::new();
    };
    let delayed = state.us[usize::from(unit)].flags.has(UsFlags::DELAYED);
    // AMB-21: an HQ sent back to the Turn track (hit by fire, 11.4, or by a mine, 5.14)
    // re-enters through any lettered box of its division's sector, whatever the turn.
    let hq_back = delayed && info.counter == UsCounter::Hq;
    let free = delayed && state.turn > 10 && !hq_back;
    let ranger = info.kind() == Some(UsKind::Ranger);
    let leader = info.is_leader();
    // 5.31: units (not leaders) already in each box, counted in one pass over the units.
    let mut in_box = vec![0u8; index.boxes.len()];
    for (u, us) in state.us.iter().enumerate() {
        if let UsLoc::Box(b) = us.loc
            && !index.us[u].is_leader()
            && let Some(count) = in_box.get_mut(usize::from(b))
        {
            *count = count.saturating_add(1);
        }
    }
    // 5.32: asked of every box, answered per sector.
    let (east, west) = (state.in_play(Sector::East), state.in_play(Sector::West));
    let in_play = |sector| match sector {
        Sector::East => east,
        Sector::West => west,
    };
    // Sized once: a `filter` hides the length, and growing push by push cost more than the test.
    let mut boxes: Vec<BoxId> = Vec::with_capacity(index.boxes.len());
    boxes.extend((0..index.boxes.len() as BoxId).filter(|&b| {
        let x = &index.boxes[usize::from(b)];
        if !x.lettered || !in_play(x.sector) {
            return false; // 5.32
        }
        if x.rangers_only && !ranger {
            // 5.33: Rangers only, leaders included (no HQ or General is a Ranger).
            return false;
        }
        if !leader && in_box[usize::from(b)] >= 2 {
            return false; // 5.31
        }
        if free {
            return true; // 5.34 (INTERP): delayed past turn 10, any box of either sector.
        }
        if hq_back {
            return x.sector == info.division.sector();
        }
        match &info.landing {
            Landing::Box(named) => *named == b,
            Landing::Beach(letters) => x.name.starts_with(letters.as_str()),
            Landing::Division => x.sector == info.division.sector(),
        }
    }));
    // 5.31: a General is never placed alone when a unit arriving this turn could be placed
    // with him. He is placed after every other arrival of the turn (`next_arrival`), and I.2
    // emptied every box, so a unit in a box now arrived this turn: when any box open to him
    // holds one, he goes into one of those.
    if info.counter == UsCounter::General {
        let joined: Vec<BoxId> = boxes
            .iter()
            .copied()
            .filter(|&b| in_box[usize::from(b)] > 0)
            .collect();
        if !joined.is_empty() {
            return joined;
        }
    }
    boxes
}

/// I.3: the next unit on this turn's Track space, placed at once when there is no choice.
pub fn next_arrival(state: &mut Omaha, log: &mut OmahaLog) {
    loop {
        let turn = state.turn;
        // 5.31: a General is placed last, once the units he could join are in their boxes.
        let general = |u: UsId| state.data.index.us[usize::from(u)].counter == UsCounter::General;
        let next = state
            .us_at(UsLoc::Track(turn))
            .find(|&u| !general(u))
            .or_else(|| state.us_at(UsLoc::Track(turn)).next());
        let Some(unit) = next else {
            // 4 II, 15 II: no Event Phase on turns 1 and 32 (T10).
            state.step = if crate::tables::schedule::event_phases(turn) == 0 {
                Step::Fire(Sector::East)
            } else {
                Step::Event
            };
            return;
        };
        let boxes = legal_boxes(state, unit);
        let may_delay = turn >= 7 && turn < state.last_turn();
        match boxes.as_slice() {
            [] => {
                // No box can take it (all full): it waits a turn (INTERP, docs/omaha/interpretations.md).
                state.delay(unit, 1, PLACE, log);
            }
            [only] if !may_delay && !state.data.index.us[usize::from(unit)].is_leader() => {
                place(state, unit, *only, log)
            }
            _ => {
                state.step = Step::Place(unit);
                return;
            }
        }
    }
}

/// P-BOX answered.
pub fn place(state: &mut Omaha, unit: UsId, b: BoxId, log: &mut OmahaLog) {
    state.us[usize::from(unit)].loc = UsLoc::Box(b);
    let name = state.name(unit).to_owned();
    let box_name = state.data.index.boxes[usize::from(b)].name.clone();
    log.public(
        PLACE,
        OmahaEvent::Placed {
            unit,
            landing_box: b,
        },
        || format!("{name} is placed in landing box {box_name}."),
    );
    state.step = Step::NextArrival;
}

/// P-DELAY answered (5.34).
pub fn delay_voluntarily(state: &mut Omaha, unit: UsId, to_turn: u8, log: &mut OmahaLog) {
    let turns = to_turn.saturating_sub(state.turn);
    state.delay(unit, turns, VOLUNTARY_DELAY, log);
    state.step = Step::NextArrival;
}
