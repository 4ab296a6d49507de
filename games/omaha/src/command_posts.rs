//! Command Posts (rule 18, extended game): an HQ flipped to its CP side in the Engineer and HQ
//! Phase (18.1), abandoned in the Action Phase (18.11), its Command Range marker advancing along
//! the HQ Range track (18.2, 18.21, 18.22), a star hit flipping it back (18.33), and the Snipers
//! Target Runners event. The range a CP shows and the units it commands (18.3, 18.31, 18.32)
//! are asked of [`crate::command`].

use crate::action::{OmahaEvent, OmahaLog};
use crate::command::{is_cp, range, under_fire};
use crate::data::Division;
use crate::index::{HexId, UsCounter, UsId};
use crate::state::hex_of;
use crate::state::{CommandPost, Omaha, Step, UsFlags};
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
