//! Command Posts (rule 18, extended game): an HQ flipped to its CP side in the Engineer and HQ
//! Phase (18.1), abandoned in the Action Phase (18.11), its command range growing along the HQ
//! Range track (18.2, 18.21, 18.22), the units it commands (18.3, 18.31, 18.32), a star hit
//! flipping it back (18.33), and the Snipers Target Runners event.

use crate::action::{OmahaEvent, OmahaLog};
use crate::data::Division;
use crate::index::{HexId, UsCounter, UsId};
use crate::state::hex_of;
use crate::state::{CommandPost, GerLoc, Omaha, Step, UsFlags};
use overlord_engine::RuleId;

pub const ESTABLISH: RuleId = RuleId("18.1");
pub const ABANDON: RuleId = RuleId("18.11");
pub const RANGE: RuleId = RuleId("18.2");
pub const MARKERS: RuleId = RuleId("18.21");
pub const TRACK: RuleId = RuleId("18.22");
pub const COMMAND: RuleId = RuleId("18.3");
pub const RANGE_PATH: RuleId = RuleId("18.31");
pub const UNDER_FIRE: RuleId = RuleId("18.32");
pub const HIT: RuleId = RuleId("18.33");
pub const SNIPERS: RuleId = RuleId("EV-SNIPERS");

/// The Command Post of `hq`, if it is one.
pub fn cp_of(state: &Omaha, hq: UsId) -> Option<CommandPost> {
    state.command_posts.iter().copied().find(|c| c.hq == hq)
}

/// Whether `unit` is an HQ on its CP side (18.1).
pub fn is_cp(state: &Omaha, unit: UsId) -> bool {
    state.command_posts.iter().any(|c| c.hq == unit)
}

/// 18.1: a hex where an HQ may become a CP: no fire point of any position, occupied or not
/// (the potential fire field).
pub fn may_establish_in(state: &Omaha, hex: HexId) -> bool {
    state
        .data
        .index
        .hexes
        .get(usize::from(hex))
        .is_some_and(|h| h.fire.is_empty())
}

/// 18.1: the HQs on the map, not yet CPs, that may become CPs now.
pub fn establishable(state: &Omaha, division: Division) -> Vec<UsId> {
    state
        .data
        .index
        .leaders
        .iter()
        .copied()
        .filter(|&l| state.data.index.us[usize::from(l)].counter == UsCounter::Hq)
        .filter(|&l| state.us[usize::from(l)].command == division)
        .filter(|&l| !is_cp(state, l))
        .filter(|&l| hex_of(state, l).is_some_and(|h| may_establish_in(state, h)))
        .collect()
}

/// 18.32 (▶ 18.2): a CP in the fire field of an occupied German position (disrupted or not)
/// commands nothing and its marker does not advance.
pub fn under_fire(state: &Omaha, hq: UsId) -> bool {
    hex_of(state, hq).is_none_or(|h| crate::control::in_german_fire_field(state, h, true))
}

/// 18.2, 18.22: the range the CP's marker shows on the HQ Range track; 1 this turn for the HQ
/// the Snipers Target Runners event named. `None` for an HQ that is not a CP.
pub fn range(state: &Omaha, hq: UsId) -> Option<u8> {
    let cp = cp_of(state, hq)?;
    let spaces = &state.data.tracks.hq_range.spaces;
    let value = spaces
        .get(usize::from(cp.space))
        .or(spaces.last())
        .copied()
        .unwrap_or(1);
    // Snipers Target Runners: the named CP's range is limited to 1 this turn.
    Some(if state.snipers == Some(hq) {
        value.min(1)
    } else {
        value
    })
}

/// 18.3, 18.31, 18.32: the hexes a CP commands: those within its range counted by a path that
/// enters no German-occupied hex (the commanded unit's hex counts, the CP's does not); nothing
/// while the CP is in the fire field of an occupied position. As a bit set over hex ids.
pub fn commanded_hexes(state: &Omaha, hq: UsId) -> Vec<bool> {
    let index = &state.data.index;
    let mut reached = vec![false; index.hexes.len()];
    let (Some(range), Some(at)) = (range(state, hq), hex_of(state, hq)) else {
        return reached;
    };
    if under_fire(state, hq) {
        return reached;
    }
    // 18.31: German units block the path (fire fields do not).
    let mut german = vec![false; index.hexes.len()];
    for g in &state.germans {
        if let GerLoc::Slot(s) = g.loc
            && let Some(slot) = index.slots.get(usize::from(s))
            && let Some(x) = german.get_mut(usize::from(slot.hex))
        {
            *x = true;
        }
    }
    let Some(start) = reached.get_mut(usize::from(at)) else {
        return reached;
    };
    *start = true;
    let mut frontier = vec![at];
    for _ in 0..range {
        let mut next = Vec::new();
        for h in frontier {
            let Some(info) = index.hexes.get(usize::from(h)) else {
                continue;
            };
            for &n in &info.neighbours {
                let i = usize::from(n);
                if german.get(i).copied().unwrap_or(true) || reached.get(i).copied().unwrap_or(true)
                {
                    continue;
                }
                reached[i] = true;
                next.push(n);
            }
        }
        frontier = next;
    }
    reached
}

/// 18.3: whether CP `hq` commands a unit in `hex`.
pub fn commands(state: &Omaha, hq: UsId, hex: HexId) -> bool {
    commanded_hexes(state, hq)
        .get(usize::from(hex))
        .copied()
        .unwrap_or(false)
}

/// 15 V, 18.2, 18.21: each CP established in an earlier phase advances its marker one space
/// unless it stands in the fire field of an occupied position (18.32); the last space is the
/// end of the track (18.22). Automatic: advancing is never worse for the player.
pub fn advance_ranges(state: &mut Omaha, log: &mut OmahaLog) {
    let last = state.data.tracks.hq_range.spaces.len().saturating_sub(1);
    for i in 0..state.command_posts.len() {
        let cp = state.command_posts[i];
        let name = state.name(cp.hq).to_owned();
        if under_fire(state, cp.hq) {
            log.public(UNDER_FIRE, OmahaEvent::Note, || {
                format!("{name}'s Command Post is under German fire: its range does not advance (18.32).")
            });
            continue;
        }
        if usize::from(cp.space) >= last {
            continue;
        }
        state.command_posts[i].space += 1;
        let value = range(state, cp.hq).unwrap_or(1);
        log.public(RANGE, OmahaEvent::Note, || {
            format!("{name}'s command range advances to {value} (18.2, 18.22).")
        });
    }
}

/// P-CP answered (18.1): `hq` becomes a CP with its marker on the first space. Not an action.
pub fn establish(state: &mut Omaha, hq: UsId, log: &mut OmahaLog) {
    if is_cp(state, hq) {
        return;
    }
    state.command_posts.push(CommandPost { hq, space: 0 });
    let name = state.name(hq).to_owned();
    log.public(ESTABLISH, OmahaEvent::Note, || {
        format!("{name} becomes a Command Post, command range 1 (18.1).")
    });
}

/// P-CP: no more Command Posts for this division; the 29th Division's turn, or the Action
/// Phase.
pub fn done(state: &mut Omaha) {
    state.step = match state.step {
        Step::CommandPosts(Division::First) => Step::CommandPosts(Division::TwentyNinth),
        _ => Step::DivisionOrder,
    };
}

/// 18.11, A-ABANDON-CP: the CP flips back to an HQ (its marker leaves the track); it may then
/// make its HQ move, free like every leader's (7.1). Refused reasons are the legal list's.
pub fn abandon(state: &mut Omaha, hq: UsId, log: &mut OmahaLog) {
    state.command_posts.retain(|c| c.hq != hq);
    if let Some(u) = state.us.get_mut(usize::from(hq)) {
        u.flags.set(UsFlags::ACTED, false);
    }
    let name = state.name(hq).to_owned();
    log.public(ABANDON, OmahaEvent::Note, || {
        format!("{name} abandons its Command Post and may move as an HQ (18.11).")
    });
}

/// 18.33: a star hit on a CP flips it to its HQ side and removes its range marker; it is not
/// eliminated and stays where it is. Returns `false` when `hq` was not a CP (11.4 applies).
pub fn hit(state: &mut Omaha, hq: UsId, from: &str, log: &mut OmahaLog) -> bool {
    if !is_cp(state, hq) {
        return false;
    }
    state.command_posts.retain(|c| c.hq != hq);
    let name = state.name(hq).to_owned();
    log.public(HIT, OmahaEvent::Note, || {
        format!("{from}'s star fire hits the Command Post of {name}: it flips back to its HQ side (18.33).")
    });
    true
}

/// Snipers Target Runners: the named HQ's Command Post has range 1 this turn.
pub fn snipers(state: &mut Omaha, hq_name: &str, log: &mut OmahaLog) {
    let hq = state
        .data
        .index
        .leaders
        .iter()
        .copied()
        .find(|&l| state.data.index.us[usize::from(l)].name == hq_name);
    state.snipers = hq;
    let cp = hq.is_some_and(|h| is_cp(state, h));
    let hq_name = hq_name.to_owned();
    log.public(SNIPERS, OmahaEvent::Note, || {
        if cp {
            format!("Snipers target the runners of {hq_name}'s Command Post: its range is 1 this turn.")
        } else {
            format!("Snipers target the runners of {hq_name}: if it becomes a Command Post this turn its range is 1.")
        }
    });
}
