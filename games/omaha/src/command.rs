//! Command (7.1, 11.2, 11.3, 18.3): which leaders command a unit now. An HQ or General commands
//! its own hex and the adjacent ones from the start of the Action Phase until it moves (AMB-13);
//! a Command Post commands the hexes of its range (18.3, 18.31), nothing while under fire
//! (18.32), its range shown on the HQ Range track (18.2, 18.22). Establishing, advancing and
//! losing Command Posts is [`crate::command_posts`]'.

use crate::index::{HexId, UsCounter, UsId};
use crate::state::{CommandPost, GerLoc, Omaha, UsFlags, hex_of};

/// 7.1, 11.2, 11.3, AMB-13: under command of a leader now. A leader commands its hex and the
/// adjacent ones from the start of the phase; once it has moved (Action Taken) every command
/// benefit ends. Units that take part in combat have not moved, so this is the start-of-phase
/// command less the leaders that have moved. `hq_only`: HQs, not Generals (8.1 artillery, 8.24).
pub(crate) fn commanded(state: &Omaha, unit: UsId, hq_only: bool) -> bool {
    commanders(state, unit, hq_only).next().is_some()
}

/// The leaders [`commanded`] finds, in the order of `Index::leaders`.
pub(crate) fn commanders(
    state: &Omaha,
    unit: UsId,
    hq_only: bool,
) -> impl Iterator<Item = UsId> + '_ {
    let at = hex_of(state, unit);
    let index = &state.data.index;
    index
        .leaders
        .iter()
        .copied()
        .filter(move |_| at.is_some())
        .filter(move |&l| match index.us[usize::from(l)].counter {
            UsCounter::Hq => true,
            UsCounter::General => !hq_only,
            UsCounter::Unit(_) => false,
        })
        .filter(|&l| !state.us[usize::from(l)].flags.has(UsFlags::ACTED))
        .filter(move |&l| match at {
            // 18.3, 18.31, 18.32: a Command Post commands its range.
            Some(at) if is_cp(state, l) => commands(state, l, at),
            _ => hex_of(state, l)
                .zip(at)
                .is_some_and(|(h, at)| index.distance(h, at) <= 1),
        })
}

/// The Command Post of `hq`, if it is one.
pub fn cp_of(state: &Omaha, hq: UsId) -> Option<CommandPost> {
    state.command_posts.iter().copied().find(|c| c.hq == hq)
}

/// Whether `unit` is an HQ on its CP side (18.1).
pub fn is_cp(state: &Omaha, unit: UsId) -> bool {
    state.command_posts.iter().any(|c| c.hq == unit)
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
