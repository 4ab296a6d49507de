//! What the US player sees of the board, worked out once per decision for the rules of thumb:
//! which positions fire (occupied, not disrupted), how hot each hex is, how full each hex is,
//! and what a hex is worth to a unit. Only the view's facts are read: a German position shows
//! whether it is occupied and disrupted, never who holds it.

use crate::data::FireLevel;
use crate::index::{Ground, HexId, MAX_POSITIONS, PosSet, UsCounter, UsId};
use crate::state::{GerLoc, Omaha, UsFlags, UsLoc};

pub(crate) struct Sight<'a> {
    pub state: &'a Omaha,
    /// 6.3, 6.4: positions with a German unit that is not disrupted (they fire and project a
    /// fire field).
    firing: PosSet,
    /// Positions with a German unit, disrupted or not.
    occupied: PosSet,
    /// 7.6: US units per hex, leaders excepted (7.61).
    stack: Vec<u8>,
    /// 6.35: US steps per hex.
    steps: Vec<u8>,
    /// Per hex: the actions an infantry unit needs to reach a hex it may attack from (see
    /// [`approach_field`]).
    approach: Vec<u16>,
    /// The next check's victory points now (13.2 or 20.3), worked out the first time a move's
    /// gain is weighed.
    victory_points: std::cell::OnceCell<i32>,
}

/// What a weighted fire point in a hex costs a unit standing there, against ground gained.
const FIRE_WEIGHT: f64 = 1.5;

/// What each action nearer to a hex from which it may attack is worth to an infantry unit.
const APPROACH_WEIGHT: f64 = 10.0;

/// What a hex over the stacking limit costs a unit in it (7.63: one unit too many is eliminated
/// at the end of the Action Phase, the player's choice).
const CROWDING: f64 = 6.0;

/// The same from turn 17, where the losses of a long game add up (20.1's 14 shattered companies):
/// with `CROWDING` the rule bot lost about 6 units a game to 7.63 in Beyond the Beach, mostly
/// where landings and moves crowd the water's edge; at this weight about half as many games end
/// in catastrophic defeat (docs/omaha/balance.md). Turns 1-16 keep `CROWDING`, which the First
/// Wave's balance was measured with.
const EXTENDED_CROWDING: f64 = 30.0;

/// The weight of a fire point (6.3, T2: Intense hits most).
fn fire_weight(level: FireLevel) -> f64 {
    match level {
        FireLevel::Intense => 3.0,
        FireLevel::Moderate => 2.0,
        FireLevel::Sporadic => 1.0,
    }
}

impl<'a> Sight<'a> {
    pub fn new(state: &'a Omaha) -> Sight<'a> {
        let index = &state.data.index;
        let mut firing: PosSet = 0;
        let mut occupied: PosSet = 0;
        for german in &state.germans {
            let GerLoc::Slot(s) = german.loc else {
                continue;
            };
            let Some(slot) = index.slots.get(usize::from(s)) else {
                continue;
            };
            if usize::from(slot.position) >= MAX_POSITIONS {
                continue;
            }
            occupied |= 1 << slot.position;
            if !german.disrupted {
                firing |= 1 << slot.position;
            }
        }
        let mut stack = vec![0u8; index.hexes.len()];
        let mut steps = vec![0u8; index.hexes.len()];
        for (u, us) in state.us.iter().enumerate() {
            let UsLoc::Hex(h) = us.loc else { continue };
            if index.us.get(u).is_some_and(|i| !i.is_leader())
                && let (Some(n), Some(s)) =
                    (stack.get_mut(usize::from(h)), steps.get_mut(usize::from(h)))
            {
                *n = n.saturating_add(1);
                *s = s.saturating_add(us.steps);
            }
        }
        let approach = approach_field(state);
        Sight {
            state,
            firing,
            occupied,
            stack,
            steps,
            approach,
            victory_points: std::cell::OnceCell::new(),
        }
    }

    /// The victory points the player would score now at the next check ([`scored_points`]).
    pub fn victory_points(&self) -> i32 {
        *self
            .victory_points
            .get_or_init(|| scored_points(self.state))
    }

    /// How hot `hex` is: the fire points of firing positions in it, weighted by level (6.2,
    /// 6.3).
    pub fn exposure(&self, hex: HexId) -> f64 {
        self.state
            .data
            .index
            .hexes
            .get(usize::from(hex))
            .map_or(0.0, |h| {
                h.fire
                    .iter()
                    .filter(|&&(p, _)| {
                        usize::from(p) < MAX_POSITIONS && self.firing & (1 << p) != 0
                    })
                    .map(|&(_, level)| fire_weight(level))
                    .sum()
            })
    }

    /// Whether a German unit is adjacent to `hex` (an infantry unit there may attack it, 8.1).
    pub fn next_to_germans(&self, hex: HexId) -> bool {
        self.state
            .data
            .index
            .hexes
            .get(usize::from(hex))
            .is_some_and(|h| h.adjacent_positions & self.occupied != 0)
    }

    /// Whether `hex` is a hex of a position no German unit holds: US control of it scores
    /// (13.2, 13.22).
    pub fn empty_position_hex(&self, hex: HexId) -> bool {
        self.state.data.index.slots.iter().any(|s| {
            s.hex == hex
                && usize::from(s.position) < MAX_POSITIONS
                && self.occupied & (1 << s.position) == 0
        })
    }

    /// The actions an infantry unit in `hex` needs to get next to a German unit it may attack
    /// ([`approach_field`]); `u16::MAX` when none can be reached.
    pub fn approach(&self, hex: HexId) -> u16 {
        self.approach
            .get(usize::from(hex))
            .copied()
            .unwrap_or(u16::MAX)
    }

    /// US units (leaders excepted) in `hex`.
    pub fn stacked(&self, hex: HexId) -> u8 {
        self.stack.get(usize::from(hex)).copied().unwrap_or(0)
    }

    fn unit_steps(&self, unit: UsId) -> u8 {
        self.state.us.get(usize::from(unit)).map_or(0, |u| u.steps)
    }

    /// What standing in `hex` is worth to `unit`; `arriving` when it would move in (then the
    /// units already there count against the stacking limit).
    pub fn hex_value(&self, unit: UsId, hex: HexId, arriving: bool) -> f64 {
        let index = &self.state.data.index;
        let (Some(info), Some(h)) = (
            index.us.get(usize::from(unit)),
            index.hexes.get(usize::from(hex)),
        ) else {
            return f64::NEG_INFINITY;
        };
        if info.is_leader() {
            return self.leader_value(hex);
        }
        let infantry = info.kind().is_some_and(crate::data::UsKind::infantry);
        let mut value = match (h.ground, infantry) {
            (Ground::Sea, _) => -3.0,
            (Ground::Beach, _) => 0.0,
            // The flat and then the high ground are where positions and draws are taken (13.2).
            (Ground::Flat, true) => 1.5,
            (Ground::High, true) => 3.0,
            (Ground::Flat | Ground::High, false) => 1.0,
        };
        // Fire on the beach is what shatters companies (13.1).
        // 13.1, 13.11: only a regular company's second step fills the Losses box, so a
        // company down to two steps keeps out of fire and one already counted is spent freely.
        let steps = self.unit_steps(unit);
        let (fire_factor, push_factor) = match steps {
            2 if info.regular_infantry() => (6.0, 0.3),
            0 | 1 => (0.5, 1.0),
            _ => (1.0, 1.0),
        };
        value -= fire_factor * FIRE_WEIGHT * self.exposure(hex);
        if infantry {
            // 8.1: the way to the German units, one action at a time; without this pull the
            // units shelter where the fire is weakest and no position ever falls.
            value -= push_factor * APPROACH_WEIGHT * f64::from(self.approach(hex).min(60));
        }
        if h.ground == Ground::Beach {
            // 7.1: the protective hexes (shingle, seawall, bluffs) are the way off the beach.
            value -= 0.3 * f64::from(h.protective_distance.min(6));
        }
        if infantry && self.next_to_germans(hex) {
            // 8.1: an attack needs infantry adjacent to the target.
            value += if self.unit_steps(unit) >= 2 { 2.0 } else { 0.8 };
        }
        if self.empty_position_hex(hex) {
            value += 1.5; // 13.2, 13.22: an empty position held by US units scores.
        }
        let others = if arriving {
            self.stacked(hex)
        } else {
            self.stacked(hex).saturating_sub(1)
        };
        if others >= 2 {
            // 7.6, 7.63: a third unit would be eliminated at the end of the phase.
            value -= if self.state.turn > 16 {
                EXTENDED_CROWDING
            } else {
                CROWDING
            };
        }
        let steps = self.steps.get(usize::from(hex)).copied().unwrap_or(0);
        let total = if arriving {
            steps.saturating_add(self.unit_steps(unit))
        } else {
            steps
        };
        if total >= 5 {
            value -= 0.5; // 6.35: five steps or more are a concentrated target.
        }
        // 5.21: a hex under water now drowns whoever is still there at the end of this turn;
        // one the next turn's tide covers, at the end of the next.
        let now = crate::data::tide_of_turn(self.state.turn);
        let next = crate::data::tide_of_turn(self.state.turn.saturating_add(1));
        if h.ground != Ground::High && crate::landing::under_water(h.ground, h.tide, now) {
            value -= 20.0;
        } else if h.ground != Ground::High && crate::landing::under_water(h.ground, h.tide, next) {
            value -= 1.0;
        }
        value
    }

    /// A leader's hex is worth the units it will command from there at the start of the next
    /// Action Phase (11.2, 11.3: its hex and the adjacent ones); leaders are hit only by star
    /// icons in Intense or Moderate hexes (11.4), so fire weighs less.
    fn leader_value(&self, hex: HexId) -> f64 {
        let index = &self.state.data.index;
        let commanded = self
            .state
            .us
            .iter()
            .enumerate()
            .filter(|(u, us)| {
                index.us.get(*u).is_some_and(|i| !i.is_leader())
                    && matches!(us.loc, UsLoc::Hex(h) if index.distance(h, hex) <= 1)
            })
            .count();
        0.5 * commanded as f64 - 0.2 * self.exposure(hex)
    }

    /// 7.33: whether moving `leader` now would take away free actions from units it commands
    /// that have not acted yet.
    pub fn leader_still_needed(&self, leader: UsId) -> bool {
        let index = &self.state.data.index;
        let Some(UsLoc::Hex(at)) = self.state.us.get(usize::from(leader)).map(|u| u.loc) else {
            return false;
        };
        self.state.us.iter().enumerate().any(|(u, us)| {
            index.us.get(u).is_some_and(|i| !i.is_leader())
                && us.flags.has(UsFlags::COMMANDED)
                && !us.flags.has(UsFlags::ACTED)
                && matches!(us.loc, UsLoc::Hex(h) if index.distance(h, at) <= 1)
        })
    }

    /// What losing one step costs the player (lower is a better victim of a hit the player
    /// allocates): above all a regular infantry company reduced to one step, which goes into
    /// the Losses box (13.1, 13.11), then an eliminated unit (6.32), then strength.
    pub fn loss_cost(&self, unit: UsId) -> f64 {
        let index = &self.state.data.index;
        let (Some(info), Some(us)) = (
            index.us.get(usize::from(unit)),
            self.state.us.get(usize::from(unit)),
        ) else {
            return 0.0;
        };
        if info.is_leader() {
            return 2.0;
        }
        let mut cost = 1.0 + 0.1 * f64::from(crate::combat::strength(self.state, unit));
        if us.steps <= 1 {
            cost += 2.0;
        }
        if info.regular_infantry() && us.steps == 2 {
            cost += 4.0;
        }
        cost
    }

    /// What losing the whole unit costs (7.63 stacking eliminations).
    pub fn elimination_cost(&self, unit: UsId) -> f64 {
        let index = &self.state.data.index;
        let (Some(info), Some(us)) = (
            index.us.get(usize::from(unit)),
            self.state.us.get(usize::from(unit)),
        ) else {
            return 0.0;
        };
        let mut cost =
            3.0 + f64::from(us.steps) + 0.1 * f64::from(crate::combat::strength(self.state, unit));
        if info.regular_infantry() && us.steps >= 2 {
            cost += 4.0; // 13.11: eliminated without passing through one step, it still counts.
        }
        cost
    }

    /// 11.4: what a star hit on this Leader costs: a General's first wound nothing (11.3),
    /// a Hero becomes Inspired (11.15), an HQ leaves the map for two turns, a wounded General
    /// is killed.
    pub fn leader_hit_cost(&self, unit: UsId) -> f64 {
        let index = &self.state.data.index;
        let Some(info) = index.us.get(usize::from(unit)) else {
            return 0.0;
        };
        let wounded = self
            .state
            .us
            .get(usize::from(unit))
            .is_some_and(|u| u.flags.has(UsFlags::WOUNDED));
        match info.counter {
            UsCounter::General if !wounded => 0.5,
            UsCounter::Unit(_) => 1.0, // the Hero with this unit
            UsCounter::General => 3.0,
            UsCounter::Hq => 2.0,
        }
    }
}

/// The victory points `state` would score now at the next victory check: 13.2's up to turn 16
/// (Easy Fox: the East only, AMB-61; 20.2 counts them too), and from turn 17 the 20.3 tally
/// that ends the extended games (21.2 scores Beyond the Beach the same way), Engineer Bases'
/// cleared draws included (19). The variants' modifiers (22) are left out: they do not change
/// with a move.
pub(super) fn scored_points(state: &Omaha) -> i32 {
    if state.turn > 16 {
        let tally = crate::victory::final_tally(state, &crate::engineer_bases::draw_cleared);
        return i32::from(tally.vp());
    }
    let east_only = state.scenario_kind() == crate::data::VictoryKind::EasyFox;
    i32::from(crate::victory::victory_points(state, east_only).total)
}

/// Per hex, the actions an infantry unit needs to reach a hex from which it may attack a German
/// unit (8.1, 8.15: adjacent, across a hexside an attack may cross): one per hex, two across a
/// bluff (7.4), three up a cliff (7.5), never through a German unit (7.31). A backward
/// Dijkstra from those hexes over T5a for infantry; the map is a few hundred hexes, so it is
/// worked out afresh for every decision. What it reads is on the view: which hexes hold German
/// units, never who they are.
fn approach_field(state: &Omaha) -> Vec<u16> {
    APPROACH_MEMO.with(|memo| {
        memo.borrow_mut().answer(
            &state.data,
            |german| german_hexes(state, german),
            |german| approach_from(state, german),
        )
    })
}

thread_local! {
    /// The last [`approach_field`], with the German hexes it came from: most decisions of a
    /// phase see the same German units in the same places.
    static APPROACH_MEMO: std::cell::RefCell<crate::recall::Recall<bool, Vec<u16>>> =
        std::cell::RefCell::default();
}

/// Per hex, whether a German unit stands in it.
fn german_hexes(state: &Omaha, german: &mut Vec<bool>) {
    let index = &state.data.index;
    german.resize(index.hexes.len(), false);
    for g in &state.germans {
        let hex = match g.loc {
            GerLoc::Slot(s) => index.slots.get(usize::from(s)).map(|x| x.hex),
            GerLoc::Hex(h) => Some(h),
            GerLoc::Pool(_) | GerLoc::OutOfPlay => None,
        };
        if let Some(flag) = hex.and_then(|h| german.get_mut(usize::from(h))) {
            *flag = true;
        }
    }
}

/// [`approach_field`] given the hexes holding German units: it reads nothing else that can
/// change.
fn approach_from(state: &Omaha, german: &[bool]) -> Vec<u16> {
    use crate::tables::terrain::{Crossing, Mover};
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let index = &state.data.index;
    let mut dist = vec![u16::MAX; index.hexes.len()];
    let mut queue = BinaryHeap::new();
    for (target, hex) in index.hexes.iter().enumerate() {
        if !german[target] {
            continue;
        }
        for &from in &hex.neighbours {
            let free = !german[usize::from(from)]
                && index
                    .hexes
                    .get(usize::from(from))
                    .is_some_and(|h| h.ground != Ground::Sea);
            if free
                && super::attack::may_attack_across(state, from, target as HexId)
                && let Some(d) = dist.get_mut(usize::from(from))
            {
                *d = 0;
                queue.push(Reverse((0u16, from)));
            }
        }
    }
    let column = Mover::Infantry.column();
    while let Some(Reverse((d, to))) = queue.pop() {
        if dist.get(usize::from(to)).is_none_or(|&best| d > best) {
            continue;
        }
        let Some(hex) = index.hexes.get(usize::from(to)) else {
            continue;
        };
        // Who can step into `to`: each neighbour, by its own crossing toward `to`.
        for &from in &hex.neighbours {
            if german[usize::from(from)] {
                continue;
            }
            let Some(info) = index.hexes.get(usize::from(from)) else {
                continue;
            };
            let Some(slot) = info.neighbours.iter().position(|&n| n == to) else {
                continue;
            };
            let cost = match info.crossings.get(slot).map(|c| c[column]) {
                Some(Crossing::Allowed) => 1,
                Some(Crossing::Climb) => 2,
                Some(Crossing::ClimbCliff) => 3,
                Some(Crossing::Prohibited) | None => continue,
            };
            let next = d.saturating_add(cost);
            if let Some(best) = dist.get_mut(usize::from(from))
                && next < *best
            {
                *best = next;
                queue.push(Reverse((next, from)));
            }
        }
    }
    dist
}
