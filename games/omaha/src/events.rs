//! The Event Phase (II) and the event catalogue (RB "Event descriptions", 9.2–9.5, 11.1).
//!
//! Not yet implemented beyond drawing the card and announcing its event: the event effects
//! arrive with the German units chapter (9). Until then events have no effect, and
//! `docs/omaha/interpretations.md` says so.

use crate::action::{DrawFor, OmahaEvent};
use crate::data::Sector;
use crate::effects::OmahaLog;
use crate::state::{Omaha, Step};
use overlord_engine::RuleId;

pub const EVENT_PHASE: RuleId = RuleId("4.2-II");

/// II: draw the Event card and announce the event for this turn.
pub fn event_phase(state: &mut Omaha, log: &mut OmahaLog) {
    if let Some(card) = state.draw_card(DrawFor::Event, log) {
        let turn = state.turn;
        let title = state
            .data
            .card(card)
            .and_then(|c| c.event_on(turn))
            .and_then(|e| e.title.clone())
            .unwrap_or_default();
        log.public(EVENT_PHASE, OmahaEvent::Note, || format!("Event: {title}."));
    }
    state.step = Step::Fire(Sector::East);
}
