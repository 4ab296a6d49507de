//! What happens to US counters, whatever caused it: step losses (6.32), elimination,
//! disruption (6.33), delay and removal; card draws with their reshuffles (6.1); the immediate
//! catastrophic-defeat check (13.1).

use crate::action::{DrawFor, OmahaEvent, OmahaLog};
use crate::index::UsId;
use crate::state::{Omaha, Step, UsFlags, UsLoc};
use overlord_engine::RuleId;

/// 6.1 and AMB-53: a card for `purpose`; an empty pile is refilled from the discards.
pub const DECK: RuleId = RuleId("6.1");
pub const STEP_LOSS: RuleId = RuleId("6.32");
pub const DISRUPTION: RuleId = RuleId("6.33");

impl Omaha {
    /// Draw a card for `purpose` (6.1); `None` only if every card is out this turn.
    pub(crate) fn draw_card(&mut self, purpose: DrawFor, log: &mut OmahaLog) -> Option<u8> {
        if self.deck.draw_count() == 0 {
            // AMB-53: the discards (not this turn's cards) become a new draw pile.
            self.deck.reshuffle(&mut self.rng, DECK);
            log.public(DECK, OmahaEvent::Reshuffled, || {
                "The draw pile is empty: the discards are shuffled into a new pile (AMB-53).".into()
            });
        }
        let card = self.deck.draw()?;
        self.draws += 1;
        self.turn_cards.push(card);
        log.public(DECK, OmahaEvent::CardDrawn { card, purpose }, || {
            format!("Card {card} is drawn for {purpose:?}.")
        });
        Some(card)
    }

    /// One step lost (6.32); at zero the unit is eliminated.
    pub(crate) fn lose_step(&mut self, unit: UsId, rule: RuleId, log: &mut OmahaLog) {
        let Some(u) = self.us.get_mut(usize::from(unit)) else {
            return;
        };
        if u.steps <= 1 {
            // 11.14, AMB-19: a Hero may be sacrificed instead (P-HERO-SACRIFICE).
            if crate::heroes::offer_sacrifice(self, unit, rule, log) {
                return;
            }
            self.eliminate(unit, rule, log);
            return;
        }
        u.steps -= 1;
        let steps_left = u.steps;
        // The name is looked up only when the log is on (simulations run with it off).
        let this = &*self;
        log.public(rule, OmahaEvent::StepLost { unit, steps_left }, || {
            format!("{} loses a step ({steps_left} left).", this.name(unit))
        });
        self.check_catastrophe(unit, log);
    }

    pub(crate) fn eliminate(&mut self, unit: UsId, rule: RuleId, log: &mut OmahaLog) {
        let Some(u) = self.us.get_mut(usize::from(unit)) else {
            return;
        };
        u.loc = UsLoc::Eliminated;
        u.steps = 0;
        // The name is looked up only when the log is on (simulations run with it off).
        let this = &*self;
        log.public(rule, OmahaEvent::Eliminated { unit }, || {
            format!("{} is eliminated.", this.name(unit))
        });
        // 11.11: its Hero or Inspired marker goes with it.
        crate::heroes::unit_removed(self, unit, log);
        self.check_catastrophe(unit, log);
    }

    pub(crate) fn disrupt(&mut self, unit: UsId, rule: RuleId, log: &mut OmahaLog) {
        let in_action_phase = matches!(self.step, Step::Actions { .. });
        let Some(u) = self.us.get_mut(usize::from(unit)) else {
            return;
        };
        if u.flags.has(UsFlags::DISRUPTED) {
            return; // 6.33: a disrupted unit ignores further disruption.
        }
        u.flags.set(UsFlags::DISRUPTED, true);
        u.flags.set(UsFlags::DISRUPTED_NEW, in_action_phase);
        // The name is looked up only when the log is on (simulations run with it off).
        let this = &*self;
        log.public(rule, OmahaEvent::Disrupted { unit }, || {
            format!("{} is disrupted.", this.name(unit))
        });
    }

    /// Put a unit on the Turn track `turns` after this one (5.11, T1 delays).
    pub(crate) fn delay(&mut self, unit: UsId, turns: u8, rule: RuleId, log: &mut OmahaLog) {
        let to_turn = self.turn.saturating_add(turns);
        let Some(u) = self.us.get_mut(usize::from(unit)) else {
            return;
        };
        u.loc = UsLoc::Track(to_turn);
        u.flags.set(UsFlags::DELAYED, true);
        // The name is looked up only when the log is on (simulations run with it off).
        let this = &*self;
        log.public(rule, OmahaEvent::Delayed { unit, to_turn }, || {
            format!("{} is delayed to turn {to_turn}.", this.name(unit))
        });
    }

    /// 13.1: catastrophic defeat ends the game at once, after `unit` lost a step or was
    /// eliminated. Only regular infantry counts toward it, so only its losses are counted
    /// again: the threshold cannot change within a turn.
    pub(crate) fn check_catastrophe(&mut self, unit: UsId, log: &mut OmahaLog) {
        if self
            .data
            .index
            .us
            .get(usize::from(unit))
            .is_some_and(|info| info.regular_infantry())
        {
            crate::turn::catastrophe(self, log);
        }
    }
}
