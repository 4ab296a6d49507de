//! Leaving the map through a lettered exit hex (2.1 "Exit hexes", 20.3): A-EXIT.
//!
//! The rulebook says only that VP are earned by moving units "through" the exit hexes (RB L192)
//! and scores, at the end of turn 32, the steps of tanks and regular infantry "moved off the
//! map from an exit hex" with a US line of communication to it, and the steps of Rangers that
//! left by exit F or G (20.3). The engine reads this as one more Action-Phase action of the
//! extended game (docs/omaha/interpretations.md, 20.3): from turn 17, a unit standing on an
//! exit hex may move off the map for one action (free where 7.1 makes its actions free). It is
//! then [`UsLoc::Exited`] for the rest of the game: no fire reaches it, it acts no more, and it
//! never comes back.

use crate::action::{OmahaEvent, OmahaLog};
use crate::data::Division;
use crate::index::{HexId, UsId};
use crate::state::{Omaha, Step, UsFlags, UsLoc};
use overlord_engine::RuleId;

/// 20.3: moving off the map through an exit hex.
pub const EXIT: RuleId = RuleId("20.3");

/// The exit letter stored in [`UsLoc::Exited`].
pub fn exit_letter(loc: UsLoc) -> Option<char> {
    match loc {
        UsLoc::Exited(b) => Some(char::from(b)),
        _ => None,
    }
}

/// 20.3, A-EXIT: why `unit` may not leave the map now, or `None` when it may (the acting
/// division and its actions left are the caller's: see `legal`).
pub fn why_not(state: &Omaha, unit: UsId) -> Option<String> {
    let index = &state.data.index;
    let (Some(u), Some(info)) = (
        state.us.get(usize::from(unit)),
        index.us.get(usize::from(unit)),
    ) else {
        return Some(format!("there is no US unit {unit}"));
    };
    if !crate::tables::schedule::extended(state.turn) {
        return Some(
            "units leave the map by an exit hex only in the extended game, from turn 17 (20.3)"
                .into(),
        );
    }
    if info.is_leader() {
        return Some(format!(
            "{} is an HQ or General: only units leave the map (20.3)",
            info.name
        ));
    }
    let UsLoc::Hex(hex) = u.loc else {
        return Some(format!("{} is not on the map", info.name));
    };
    if index.exit_at(hex).is_none() {
        return Some(format!(
            "{} is not on a lettered exit hex (A-G, 2.1)",
            info.name
        ));
    }
    if u.flags.has(UsFlags::ACTED) {
        return Some(format!("{} has already acted this phase (7.2)", info.name));
    }
    if u.flags.has(UsFlags::DISRUPTED) {
        return Some(format!(
            "{} is disrupted: it may only rally (7.7)",
            info.name
        ));
    }
    if u.flags.has(UsFlags::CLIMB) || u.flags.has(UsFlags::CLIMB_CLIFF) {
        return Some(format!("{} is climbing (7.4, 7.5)", info.name));
    }
    match state.step {
        Step::Actions { division, left, .. } => {
            if u.command != division {
                return Some(format!(
                    "{} is not commanded by the {division} Division acting now (7.2)",
                    info.name
                ));
            }
            if left == 0 && !crate::movement::free(state, unit) {
                return Some(format!(
                    "the {division} Division has no actions left and {}'s action is not free (7.1)",
                    info.name
                ));
            }
            None
        }
        _ => Some("units leave the map only in the Action Phase (20.3, 7)".into()),
    }
}

/// 20.3, A-EXIT: offer `unit`, standing on `from` and commanded by `division` with `left`
/// actions left, the move off the map.
pub(crate) fn legal(
    state: &Omaha,
    unit: UsId,
    from: HexId,
    division: Division,
    left: u8,
    out: &mut Vec<crate::action::OmahaAction>,
) {
    if !crate::tables::schedule::extended(state.turn)
        || state.data.index.exit_at(from).is_none()
        || state.us[usize::from(unit)].command != division
        || state.data.index.us[usize::from(unit)].is_leader()
    {
        return;
    }
    if left > 0 || crate::movement::free(state, unit) {
        out.push(crate::action::OmahaAction::ExitMap { unit });
    }
}

/// 20.3, A-EXIT: `unit` leaves the map through the exit hex it stands on. The caller has
/// charged the action.
pub(crate) fn exit_map(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    let Some(UsLoc::Hex(hex)) = state.us.get(usize::from(unit)).map(|u| u.loc) else {
        return;
    };
    let Some(letter) = state.data.index.exit_at(hex) else {
        return;
    };
    let Ok(byte) = u8::try_from(letter) else {
        return;
    };
    if let Some(u) = state.us.get_mut(usize::from(unit)) {
        u.loc = UsLoc::Exited(byte);
        // Markers stay with the counter off the map; none of them matters any more.
        u.flags.set(UsFlags::DISRUPTED_NEW, false);
    }
    let name = state.name(unit).to_owned();
    let steps = state.us.get(usize::from(unit)).map_or(0, |u| u.steps);
    log.public(EXIT, OmahaEvent::Exited { unit, hex }, || {
        format!("{name} ({steps} steps) leaves the map by exit {letter}.")
    });
}
