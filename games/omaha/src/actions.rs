//! The US Action Phase (rule 7): the start of the phase (command, 7.1; units beside a tank,
//! 23.6), the division limits (7.2), pair moves (7.21), moves across the sector line paid by
//! either division (7.22), one-hex moves (7.3) with infiltration (7.32), climbing bluffs and
//! cliffs (7.4, 7.5), removing Disrupted (7.7), and stacking at the end of the phase (7.6): the
//! legal list of the phase, with the extended game's moves, attacks and exits its chapters add,
//! and carrying an action out. What a move may do (7.1, 7.3, 7.31, 7.32, T5a) is
//! [`crate::movement`]'s.

use crate::action::{OmahaAction, OmahaEvent, OmahaLog};
use crate::data::{Division, Sector};
use crate::index::{HexId, UsCounter, UsId};
use crate::movement::{
    FreeAnswers, MOVE, Occupancy, across, crossing, crossing_at, enterable, free, infiltrate,
    infiltrators, log_paid_by_other, may_self_preserve_from, mover, own, self_preservation,
};
use crate::state::hex_of;
use crate::state::{Omaha, Step, UsFlags, UsLoc};
use crate::tables::terrain::Crossing;
use overlord_engine::RuleId;

pub const LIMITS: RuleId = RuleId("7.2");
pub use crate::movement::GROUP;
pub const BLUFF: RuleId = RuleId("7.4");
pub const CLIFF: RuleId = RuleId("7.5");
pub const STACKING: RuleId = RuleId("7.6");
pub const REMOVE_DISRUPTED: RuleId = RuleId("7.7");

/// V.0: snapshot command (7.1) and clear the per-phase markers.
pub fn start_action_phase(state: &mut Omaha) {
    let index = &state.data.index;
    let leaders: Vec<HexId> = state
        .us
        .iter()
        .enumerate()
        .filter(|(i, _)| matches!(index.us[*i].counter, UsCounter::Hq | UsCounter::General))
        // 18.3: a Command Post commands by its range instead (below).
        .filter(|(i, _)| !crate::command::is_cp(state, *i as UsId))
        .filter_map(|(_, u)| match u.loc {
            UsLoc::Hex(h) => Some(h),
            _ => None,
        })
        .collect();
    // 18.3, 18.31, 18.32: the hexes each Command Post commands.
    let cp_hexes: Vec<Vec<bool>> = state
        .command_posts
        .iter()
        .map(|c| crate::command::commanded_hexes(state, c.hq))
        .collect();
    let commanded: Vec<bool> = state
        .us
        .iter()
        .map(|u| match u.loc {
            UsLoc::Hex(h) => {
                leaders
                    .iter()
                    .any(|&l| l == h || index.hexes[usize::from(l)].neighbours.contains(&h))
                    || cp_hexes
                        .iter()
                        .any(|c| c.get(usize::from(h)).copied().unwrap_or(false))
            }
            _ => false,
        })
        .collect();
    // 23.6: infantry adjacent to and in the field of a German tank now may move away for free
    // this phase.
    let near_tank: Vec<bool> = (0..state.us.len())
        .map(|u| crate::tanks::near_tank(state, u as UsId))
        .collect();
    for ((u, c), near) in state.us.iter_mut().zip(commanded).zip(near_tank) {
        u.flags.set(UsFlags::NEAR_TANK, near);
        u.flags.set(UsFlags::COMMANDED, c);
        u.flags.set(UsFlags::ACTED, false);
        u.flags.set(UsFlags::DISRUPTED_NEW, false);
    }
}

/// V.4: Action Taken markers come off; disruptions of this phase become old.
pub fn end_action_phase(state: &mut Omaha) {
    // 7.6: the phase only ends once P-STACKING has left no hex over the limit; the random-play
    // tests run with debug assertions and hold the engine to it.
    debug_assert!(
        overstacked_hex(state).is_none(),
        "the Action Phase ends with a hex over the stacking limit (7.6)"
    );
    for u in &mut state.us {
        u.flags.set(UsFlags::ACTED, false);
        u.flags.set(UsFlags::DISRUPTED_NEW, false);
        u.flags.set(UsFlags::COMMANDED, false);
    }
}

/// A hex with more than two US units (leaders do not count, 7.61).
pub fn overstacked_hex(state: &Omaha) -> Option<HexId> {
    let index = &state.data.index;
    let mut counts = vec![0u8; index.hexes.len()];
    // The lowest such hex, noted as its count passes two: no second walk over every hex.
    let mut lowest: Option<HexId> = None;
    for (i, u) in state.us.iter().enumerate() {
        if let UsLoc::Hex(h) = u.loc
            && !index.us[i].is_leader()
        {
            let count = &mut counts[usize::from(h)];
            *count = count.saturating_add(1);
            if *count == 3 && lowest.is_none_or(|l| h < l) {
                lowest = Some(h);
            }
        }
    }
    lowest
}

/// The units on the map that may still act this phase (7.1, 7.2: one action each), of either
/// division: a unit of the other division may only move across the sector line (7.22).
fn actors<'a>(on_map: &'a [UsId], state: &'a Omaha) -> impl Iterator<Item = UsId> + 'a {
    on_map
        .iter()
        .copied()
        .filter(|&u| !state.us[usize::from(u)].flags.has(UsFlags::ACTED))
}

/// The US units on the map, in id order: every question of the Action Phase is about them, and
/// most units of the roster are still at sea or gone.
fn on_map(state: &Omaha) -> Vec<UsId> {
    // Sized once: growing it push by push cost more than the scan (a `filter` hides the length).
    let mut out = Vec::with_capacity(state.us.len());
    out.extend(
        state
            .us
            .iter()
            .enumerate()
            .filter(|(_, u)| matches!(u.loc, UsLoc::Hex(_)))
            .map(|(u, _)| u as UsId),
    );
    out
}

/// 7.22: whether `division` may pay for this move of `unit`: always for its own units, and for
/// the other division's only across the sector line.
fn may_pay(state: &Omaha, division: Division, unit: UsId, from: HexId, to: HexId) -> bool {
    own(state, unit, division) || across(state, from, to)
}

/// The division whose action pays for a move of `unit` in the Action Phase showing now, when it
/// is not the unit's own (7.22); `None` otherwise.
pub fn paid_by_other(state: &Omaha, unit: UsId) -> Option<Division> {
    let command = state.us.get(usize::from(unit))?.command;
    match state.step {
        Step::Actions { division, .. } if command != division => Some(division),
        _ => None,
    }
}

/// Legal actions of the Action Phase (7).
pub fn legal(state: &Omaha, division: Division, left: u8, out: &mut Vec<OmahaAction>) {
    let occupancy = Occupancy::of(state);
    let answers = FreeAnswers::new(state);
    let on_map = on_map(state);
    for unit in actors(&on_map, state) {
        let u = state.us[usize::from(unit)];
        let Some(from) = hex_of(state, unit) else {
            continue;
        };
        // 7.22: the other division's unit may only move across the line; removing its markers
        // and climbing on (7.4, 7.5, 7.7) are its own division's actions.
        let own = own(state, unit, division);
        if !own
            && u.flags
                .has(UsFlags::DISRUPTED | UsFlags::CLIMB | UsFlags::CLIMB_CLIFF)
        {
            continue;
        }
        // 7.7: a disrupted unit may only remove the marker, and not in the phase it got it.
        if u.flags.has(UsFlags::DISRUPTED) {
            if !u.flags.has(UsFlags::DISRUPTED_NEW) {
                out.push(OmahaAction::RemoveDisrupted { unit });
            }
            continue;
        }
        if u.flags.has(UsFlags::CLIMB) {
            out.push(OmahaAction::RemoveClimb { unit });
            continue;
        }
        // 18: a Command Post does not move; it may be abandoned (18.11), for free.
        if crate::command::is_cp(state, unit) {
            if own {
                out.push(OmahaAction::AbandonCp { hq: unit });
            }
            continue;
        }
        let Some(mover) = mover(state, unit) else {
            continue;
        };
        let neighbours = &state.data.index.hexes[usize::from(from)].neighbours;
        if u.flags.has(UsFlags::CLIMB_CLIFF) {
            for (slot, &to) in neighbours.iter().enumerate() {
                if crossing_at(state, from, slot, mover) == Crossing::ClimbCliff
                    && !occupancy.german_in(to)
                {
                    out.push(OmahaAction::ContinueCliff { unit, to });
                }
            }
            out.push(OmahaAction::RemoveClimb { unit });
            continue;
        }
        // 20.3: A-EXIT, off the map from a lettered exit hex (extended game).
        crate::exits::legal(state, unit, from, division, left, out);
        // 17.1, 17.2, 17.23: from turn 17 a Move follows the extended paths.
        if crate::tables::schedule::extended(state.turn) {
            let paid_or_free = left > 0 || answers.free(state, unit);
            crate::moves_extended::legal_moves(
                state,
                unit,
                from,
                own,
                paid_or_free,
                &occupancy,
                out,
            );
            continue;
        }
        // 7.1: whether the move is free only matters once the division's actions are spent.
        let is_free = left == 0 && answers.free(state, unit);
        // Once spent, a unit that acts for no free reason moves only in self-preservation,
        // which most units cannot make from where they stand: skip its neighbours then.
        if left == 0 && !is_free && !may_self_preserve_from(state, unit, from) {
            continue;
        }
        for (slot, &to) in neighbours.iter().enumerate() {
            if (!own && !across(state, from, to)) || !enterable(state, &occupancy, to) {
                continue;
            }
            // 7.32: HQs and Generals may not infiltrate alone, only together with another unit
            // (no single-unit move is that).
            if state.data.index.us[usize::from(unit)].is_leader()
                && occupancy.infiltrators(state, from, to) != 0
            {
                continue;
            }
            if left == 0 && !is_free && !self_preservation(state, unit, from, to) {
                continue;
            }
            match crossing_at(state, from, slot, mover) {
                Crossing::Prohibited => {}
                Crossing::Allowed | Crossing::Climb => out.push(OmahaAction::Move { unit, to }),
                // 7.5: the climb starts in place; only the unit's own division starts it.
                Crossing::ClimbCliff if own => {
                    out.push(OmahaAction::StartCliff { unit, toward: to })
                }
                Crossing::ClimbCliff => {}
            }
        }
    }
    pairs(state, &occupancy, &answers, &on_map, division, left, out);
    crate::combat::legal_in_actions(state, &occupancy, &answers, &on_map, division, left, out);
    out.push(OmahaAction::EndDivision);
}

/// Whether `unit` may make plain moves now (no Disrupted or climb marker).
fn free_to_step(state: &Omaha, unit: UsId) -> bool {
    !state.us[usize::from(unit)]
        .flags
        .has(UsFlags::DISRUPTED | UsFlags::CLIMB | UsFlags::CLIMB_CLIFF)
}

/// 7.21: two units of one hex making exactly the same move for one action between them,
/// whatever the move: a step, across a bluff, an infiltration (7.32, one card for both), the
/// start of a cliff climb (7.5), from turn 17 a two-hex or road move or across a cliff (17.1,
/// 17.2, 17.12). Offered where it saves an action (both units would pay), and for an HQ or
/// General infiltrating with another unit, which it may only do so (7.32); never for two
/// leaders. A unit of the other division joins only across the sector line (7.22).
fn pairs(
    state: &Omaha,
    occupancy: &Occupancy,
    answers: &FreeAnswers,
    on_map: &[UsId],
    division: Division,
    left: u8,
    out: &mut Vec<OmahaAction>,
) {
    let index = &state.data.index;
    let leader = |u: UsId| index.us[usize::from(u)].is_leader();
    // Leaders act free; with every other unit free too a pair saves nothing and escorts no
    // leader that needs it unless the unit beside it would pay nothing either.
    if left == 0 && !actors(on_map, state).any(leader) {
        return;
    }
    // The units that may move now, with their hexes. Actors come in id order, so pairing each
    // with the later ones of its hex lists the pairs in unit order, as the prompt shows them,
    // without a sort.
    let mut movers: Vec<(HexId, UsId)> = Vec::with_capacity(on_map.len());
    movers.extend(
        actors(on_map, state)
            .filter(|&u| free_to_step(state, u) && !crate::command::is_cp(state, u))
            .filter_map(|u| hex_of(state, u).map(|h| (h, u))),
    );
    // Each mover's next mover in the same hex, chained in one backward pass (movers are units,
    // at most 256 of them, so fewer than `NONE`).
    const NONE: u16 = u16::MAX;
    let mut next_in_hex = vec![NONE; movers.len()];
    let mut last_of_hex = vec![NONE; index.hexes.len()];
    for (i, &(hex, _)) in movers.iter().enumerate().rev() {
        if let Some(last) = last_of_hex.get_mut(usize::from(hex)) {
            next_in_hex[i] = *last;
            *last = i as u16;
        }
    }
    let extended = crate::tables::schedule::extended(state.turn);
    for (i, &(from, unit)) in movers.iter().enumerate() {
        let mut next = next_in_hex[i];
        while let Some(&(_, with)) = movers.get(usize::from(next)) {
            next = next_in_hex[usize::from(next)];
            let kind = match (leader(unit), leader(with)) {
                (true, true) => continue,
                (false, false) => {
                    if left == 0 || answers.free(state, unit) || answers.free(state, with) {
                        continue;
                    }
                    Pair::Saving
                }
                // 7.32: the leader's escort pays, unless it acts for free (7.1).
                (true, false) | (false, true) => {
                    let escort = if leader(unit) { with } else { unit };
                    if left == 0 && !answers.free(state, escort) {
                        continue;
                    }
                    Pair::Escort
                }
            };
            let pair = PairMove {
                unit,
                with,
                from,
                kind,
                division,
            };
            if extended {
                pair.extended(state, occupancy, out);
            } else {
                pair.basic(state, occupancy, out);
            }
        }
    }
}

/// Why two units may move as a pair (7.21).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pair {
    /// Both would pay: together they pay once.
    Saving,
    /// An HQ or General with another unit, offered for the infiltrations it may only make so
    /// (7.32).
    Escort,
}

/// Two units of hex `from` that may make a move together for `division`.
struct PairMove {
    unit: UsId,
    with: UsId,
    from: HexId,
    kind: Pair,
    division: Division,
}

impl PairMove {
    /// 7.22: `division` pays for both units' move, and climbs only with its own (7.5, 17.12).
    fn may_pay(&self, state: &Omaha, to: HexId, climb: bool) -> bool {
        [self.unit, self.with].into_iter().all(|u| {
            may_pay(state, self.division, u, self.from, to)
                && (!climb || own(state, u, self.division))
        })
    }

    /// Turns 1–16: one hex (7.3), across a bluff (7.4), starting a cliff climb (7.5).
    fn basic(&self, state: &Omaha, occupancy: &Occupancy, out: &mut Vec<OmahaAction>) {
        let (Some(a), Some(b)) = (mover(state, self.unit), mover(state, self.with)) else {
            return;
        };
        let (unit, with) = (self.unit, self.with);
        for (slot, &to) in state.data.index.hexes[usize::from(self.from)]
            .neighbours
            .iter()
            .enumerate()
        {
            if !enterable(state, occupancy, to) {
                continue;
            }
            let infiltrates = occupancy.infiltrators(state, self.from, to) != 0;
            if self.kind == Pair::Escort && !infiltrates {
                continue;
            }
            let step = |c| matches!(c, Crossing::Allowed | Crossing::Climb);
            match (
                crossing_at(state, self.from, slot, a),
                crossing_at(state, self.from, slot, b),
            ) {
                (x, y) if step(x) && step(y) && self.may_pay(state, to, false) => {
                    out.push(OmahaAction::MovePair { unit, with, to })
                }
                (Crossing::ClimbCliff, Crossing::ClimbCliff) if self.may_pay(state, to, true) => {
                    out.push(OmahaAction::StartCliffPair {
                        unit,
                        with,
                        toward: to,
                    })
                }
                _ => {}
            }
        }
    }

    /// From turn 17: every path both units may take (17.1, 17.2, 17.12, 17.23).
    fn extended(&self, state: &Omaha, occupancy: &Occupancy, out: &mut Vec<OmahaAction>) {
        let (unit, with) = (self.unit, self.with);
        for path in crate::moves_extended::pair_paths(state, unit, with, occupancy) {
            let Some(to) = path.end() else {
                continue;
            };
            if (self.kind == Pair::Escort && path.infiltrates.iter().all(|&p| p == 0))
                || !self.may_pay(state, to, path.climb_marker)
            {
                continue;
            }
            out.push(match path.hexes.as_slice() {
                [to] => OmahaAction::MovePair {
                    unit,
                    with,
                    to: *to,
                },
                hexes => match crate::action::Path::new(hexes) {
                    Some(path) => OmahaAction::MovePairAlong { unit, with, path },
                    None => continue,
                },
            });
        }
    }
}

/// Carry out an Action-Phase action already found legal.
pub fn apply(state: &mut Omaha, action: OmahaAction, log: &mut OmahaLog) {
    let Step::Actions {
        division,
        left,
        second,
    } = state.step
    else {
        return;
    };
    let charge = |state: &mut Omaha, unit: UsId, free_now: bool| {
        state.us[usize::from(unit)].flags.set(UsFlags::ACTED, true);
        if !free_now
            && let Step::Actions {
                division,
                left,
                second,
            } = state.step
        {
            state.step = Step::Actions {
                division,
                left: left.saturating_sub(1),
                second,
            };
        }
    };
    match action {
        // 7.21: one action for the pair (none when both move for free), one card for both
        // when the move infiltrates (7.32).
        OmahaAction::MovePair { unit, with, to }
            if crate::tables::schedule::extended(state.turn) =>
        {
            crate::moves_extended::carry_out_group(state, &[unit, with], &[to], division, log)
        }
        OmahaAction::MovePairAlong { unit, with, path } => crate::moves_extended::carry_out_group(
            state,
            &[unit, with],
            path.hexes(),
            division,
            log,
        ),
        OmahaAction::MovePair { unit, with, to } => {
            let Some(from) = hex_of(state, unit) else {
                return;
            };
            let free_now = [unit, with]
                .into_iter()
                .all(|u| free(state, u) || self_preservation(state, u, from, to));
            charge(state, unit, free_now);
            state.us[usize::from(with)].flags.set(UsFlags::ACTED, true);
            log.public(GROUP, OmahaEvent::Note, || {
                "Two units move together for one action (7.21).".to_owned()
            });
            log_paid_by_other(state, &[unit, with], division, log);
            move_units(state, &[unit, with], from, to, log);
        }
        OmahaAction::StartCliffPair { unit, with, .. } => {
            let free_now = free(state, unit) && free(state, with);
            charge(state, unit, free_now);
            state.us[usize::from(with)].flags.set(UsFlags::ACTED, true);
            for u in [unit, with] {
                state.us[usize::from(u)]
                    .flags
                    .set(UsFlags::CLIMB_CLIFF, true);
            }
            let (a, b) = (state.name(unit).to_owned(), state.name(with).to_owned());
            log.public(CLIFF, OmahaEvent::Note, || {
                format!(
                    "{a} and {b} begin to climb the cliff together, for one action (7.5, 7.21)."
                )
            });
        }
        // 17.1, 17.2: the extended game's moves, step by step.
        OmahaAction::Move { unit, to } if crate::tables::schedule::extended(state.turn) => {
            crate::moves_extended::carry_out(state, unit, &[to], division, log)
        }
        OmahaAction::MoveAlong { unit, path } => {
            crate::moves_extended::carry_out(state, unit, path.hexes(), division, log)
        }
        OmahaAction::AbandonCp { hq } => crate::command_posts::abandon(state, hq, log),
        OmahaAction::Move { unit, to } => {
            let Some(from) = hex_of(state, unit) else {
                return;
            };
            let free_now = free(state, unit) || self_preservation(state, unit, from, to);
            charge(state, unit, free_now);
            log_paid_by_other(state, &[unit], division, log);
            move_units(state, &[unit], from, to, log);
        }
        OmahaAction::StartCliff { unit, .. } => {
            let free_now = free(state, unit);
            charge(state, unit, free_now);
            state.us[usize::from(unit)]
                .flags
                .set(UsFlags::CLIMB_CLIFF, true);
            let name = state.name(unit).to_owned();
            log.public(CLIFF, OmahaEvent::Note, || {
                format!("{name} begins to climb the cliff.")
            });
        }
        OmahaAction::ContinueCliff { unit, to } => {
            charge(state, unit, true);
            let Some(from) = hex_of(state, unit) else {
                return;
            };
            state.us[usize::from(unit)]
                .flags
                .set(UsFlags::CLIMB_CLIFF, false);
            state.us[usize::from(unit)].loc = UsLoc::Hex(to);
            state.us[usize::from(unit)].flags.set(UsFlags::CLIMB, true);
            let down = crate::moves_extended::descends(state, from, to);
            log.public(CLIFF, OmahaEvent::Moved { unit, from, to }, || {
                if down {
                    "The climbers reach the cliff foot (Climb marker).".to_owned()
                } else {
                    "The climbers reach the cliff top (Climb marker).".to_owned()
                }
            });
        }
        OmahaAction::RemoveClimb { unit } => {
            charge(state, unit, true);
            let flags = &mut state.us[usize::from(unit)].flags;
            flags.set(UsFlags::CLIMB, false);
            flags.set(UsFlags::CLIMB_CLIFF, false);
            log.public(BLUFF, OmahaEvent::MarkerRemoved { unit }, || {
                "A climb marker is removed.".to_owned()
            });
        }
        OmahaAction::RemoveDisrupted { unit } => {
            charge(state, unit, true);
            state.us[usize::from(unit)]
                .flags
                .set(UsFlags::DISRUPTED, false);
            let name = state.name(unit).to_owned();
            log.public(REMOVE_DISRUPTED, OmahaEvent::MarkerRemoved { unit }, || {
                format!("{name} rallies (Disrupted removed).")
            });
        }
        OmahaAction::ExitMap { unit } => {
            // 20.3: one action (free where 7.1 says so).
            let free_now = free(state, unit);
            charge(state, unit, free_now);
            crate::exits::exit_map(state, unit, log);
        }
        OmahaAction::EndDivision => {
            state.step = if second || !state.in_play(Sector::West) {
                Step::Stacking
            } else {
                Step::Actions {
                    division: division.other(),
                    left: crate::tables::schedule::actions_per_division(state.turn),
                    second: true,
                }
            };
            let _ = left;
        }
        _ => {}
    }
}

/// 7.3: the move itself of one unit or a pair (7.21), with infiltration (7.32: one card, never
/// for leaders alone) and a Climb marker across a bluff (7.4).
fn move_units(state: &mut Omaha, units: &[UsId], from: HexId, to: HexId, log: &mut OmahaLog) {
    let index = &state.data.index;
    if infiltrators(state, from, to) != 0
        && units.iter().any(|&u| !index.us[usize::from(u)].is_leader())
        && infiltrate(state, units, from, to, log)
    {
        return;
    }
    for &unit in units {
        finish_move(state, unit, from, to, log);
    }
}

/// P-INFILTRATE-DONE answered (7.32): complete the move, or stay; the action is spent either
/// way. A pair (7.21) goes or stays together.
pub fn complete_infiltration(state: &mut Omaha, go: bool, log: &mut OmahaLog) {
    let Step::Infiltration {
        unit,
        with,
        to,
        division,
        left,
        second,
    } = state.step
    else {
        return;
    };
    state.step = Step::Actions {
        division,
        left,
        second,
    };
    let units: Vec<UsId> = [Some(unit), with].into_iter().flatten().collect();
    // 17.1, 17.2: a multi-hex move goes on after the step (or stops with it).
    if crate::tables::schedule::extended(state.turn) {
        crate::moves_extended::after_infiltration(state, &units, to, go, log);
        return;
    }
    if go && let Some(from) = hex_of(state, unit) {
        for unit in units {
            finish_move(state, unit, from, to, log);
        }
    }
}

fn finish_move(state: &mut Omaha, unit: UsId, from: HexId, to: HexId, log: &mut OmahaLog) {
    let crossing = crossing(state, unit, from, to);
    state.us[usize::from(unit)].loc = UsLoc::Hex(to);
    if crossing == Crossing::Climb {
        state.us[usize::from(unit)].flags.set(UsFlags::CLIMB, true);
    }
    let name = state.name(unit).to_owned();
    let (a, b) = (
        state.data.index.hexes[usize::from(from)].label,
        state.data.index.hexes[usize::from(to)].label,
    );
    let rule = if crossing == Crossing::Climb {
        BLUFF
    } else {
        MOVE
    };
    log.public(rule, OmahaEvent::Moved { unit, from, to }, || {
        format!(
            "{name} moves from {a} to {b}{}.",
            if crossing == Crossing::Climb {
                ", climbing the bluff"
            } else {
                ""
            }
        )
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::acceptance::play_random;
    use crate::state::OmahaOptions;

    /// The Action-Phase list's shortcuts answer what the rules they stand for answer, in every
    /// state of seeded random games: 7.1's free action kept per list ([`FreeAnswers`]), 7.1's
    /// self-preservation ruled out per unit ([`may_self_preserve_from`]), 7.32's infiltrators
    /// for one move ([`infiltrators`]) and 7.61's overstacked hex.
    #[test]
    fn rule_7_1_7_32_7_61_shortcuts_agree_with_the_rules_in_random_play() {
        let armored = OmahaOptions {
            german_armor: true,
            ..OmahaOptions::default()
        };
        let self_preserving = OmahaOptions {
            effective_bombardment: true,
            ..OmahaOptions::default()
        };
        let games = [
            ("first-wave", OmahaOptions::default()),
            ("d-day", armored),
            ("d-day", self_preserving),
        ];
        let mut checked = 0;
        for (scenario, options) in &games {
            for seed in 0..4 {
                play_random(scenario, options, seed, |state| {
                    if !matches!(state.step, Step::Actions { .. }) {
                        return;
                    }
                    checked += 1;
                    let answers = FreeAnswers::new(state);
                    let occupancy = Occupancy::of(state);
                    for unit in on_map(state) {
                        // Asked twice: the second answer is the kept one.
                        for _ in 0..2 {
                            assert_eq!(answers.free(state, unit), free(state, unit));
                        }
                        let Some(from) = hex_of(state, unit) else {
                            continue;
                        };
                        for &to in &state.data.index.hexes[usize::from(from)].neighbours {
                            if self_preservation(state, unit, from, to) {
                                assert!(may_self_preserve_from(state, unit, from));
                            }
                            assert_eq!(
                                infiltrators(state, from, to),
                                occupancy.infiltrators(state, from, to)
                            );
                        }
                    }
                    let mut counts = vec![0u8; state.data.index.hexes.len()];
                    for (i, u) in state.us.iter().enumerate() {
                        if let UsLoc::Hex(h) = u.loc
                            && !state.data.index.us[i].is_leader()
                        {
                            counts[usize::from(h)] += 1;
                        }
                    }
                    let first = counts.iter().position(|&c| c > 2).map(|h| h as HexId);
                    assert_eq!(overstacked_hex(state), first);
                });
            }
        }
        assert!(checked > 100, "only {checked} Action-Phase states checked");
    }
}
