//! What happens to US counters, whatever caused it: step losses (6.32), elimination,
//! disruption (6.33), delay and removal; card draws with their reshuffles (6.1); the Hero marker
//! that leaves with its unit (11.11) or is offered in its place against German fire (11.14,
//! AMB-19: the loss waits for [`crate::heroes`]' P-HERO-SACRIFICE); Generals captured where a
//! German unit arrives (11.31); the US Infantry Losses box
//! and the immediate catastrophic-defeat check (13.1, 13.11, 13.12, 20.1).

use crate::action::{DrawFor, OmahaEvent, OmahaLog};
use crate::data::Division;
use crate::index::{HexId, UsCounter, UsId};
use crate::state::{HeroLoc, Omaha, Step, UsFlags, UsLoc};
use overlord_engine::{Outcome, RuleId, SeatSet};

/// 6.1 and AMB-53: a card for `purpose`; an empty pile is refilled from the discards.
pub const DECK: RuleId = RuleId("6.1");
pub const STEP_LOSS: RuleId = RuleId("6.32");
pub const DISRUPTION: RuleId = RuleId("6.33");
/// 11.11: a Hero marker leaves play with its unit.
pub const HERO_LEAVES: RuleId = RuleId("11.11");
/// 11.14: a Hero may die in its unit's place.
pub const HERO_SACRIFICE: RuleId = RuleId("11.14");
/// 11.31: a General alone where a German unit arrives is captured.
pub const CAPTURED: RuleId = RuleId("11.31");
/// 13.1: catastrophic defeat.
pub const CATASTROPHE: RuleId = RuleId("13.1");
/// 13.11: who goes in the US Infantry Losses box.
pub const LOSSES_BOX: RuleId = RuleId("13.11");

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
            if offer_sacrifice(self, unit, rule, log) {
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
        unit_removed(self, unit, log);
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
            catastrophe(self, log);
        }
    }
}

/// A Hero (not Inspired) is with `unit`: it gives the attack bonus (8.23, 11.13) and can be
/// sacrificed (11.14).
pub(crate) fn has_hero(state: &Omaha, unit: UsId) -> bool {
    state
        .hero_with(unit)
        .is_some_and(|h| !state.heroes[h].inspired)
}

/// 11.11: an eliminated unit's Hero or Inspired marker is removed.
pub(crate) fn unit_removed(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    let Some(h) = state.hero_with(unit) else {
        return;
    };
    state.heroes[h].loc = HeroLoc::Removed;
    let hero = state.hero_name(h).to_owned();
    log.public(HERO_LEAVES, OmahaEvent::Note, || {
        format!("{hero}'s marker is removed with the unit (11.11).")
    });
    state.hero_pending.retain(|&u| u != unit);
}

/// AMB-19: the step losses a Hero may be sacrificed against: German Fire-Phase fire (position
/// fire, 6.5 artillery) and event fire (Screaming Meemies, Unexpected Naval Fire, the German
/// artillery event); not mines, landing results, infiltration or attrition.
fn german_fire(rule: RuleId) -> bool {
    GERMAN_FIRE.contains(&rule)
}

/// The rules of [`german_fire`], as their chapters name them: `fire::FIRE`, `fire::ARTILLERY`,
/// `events::MEEMIES`, `events::NAVAL_HIT`, `events::GERMAN_ARTILLERY` and (23.41, a German
/// tank's fire) `armor::REVEALED`; a test holds the two lists equal.
const GERMAN_FIRE: [RuleId; 6] = [
    RuleId("6.3"),
    RuleId("6.5"),
    RuleId("EV-SCREAMING-MEEMIES"),
    RuleId("EV-NAVAL-FIRE-HITS"),
    RuleId("19.33"),
    RuleId("23.41"),
];

/// 11.14, AMB-19: `unit` is about to lose its last step to `rule`. With a Hero, the loss waits
/// for P-HERO-SACRIFICE (asked as soon as the running procedure has finished); returns whether
/// the loss was deferred.
pub(crate) fn offer_sacrifice(
    state: &mut Omaha,
    unit: UsId,
    rule: RuleId,
    log: &mut OmahaLog,
) -> bool {
    if !german_fire(rule) || !has_hero(state, unit) {
        return false;
    }
    if !state.hero_pending.contains(&unit) {
        state.hero_pending.push(unit);
        let name = state.name(unit).to_owned();
        log.public(HERO_SACRIFICE, OmahaEvent::Note, || {
            format!("{name} must lose its last step, but its Hero may die in its place (11.14).")
        });
    }
    true
}

/// 11.31: Generals alone in `hex`, where a German unit arrives, are captured.
pub(crate) fn capture_generals(state: &mut Omaha, hex: HexId, log: &mut OmahaLog) {
    let generals: Vec<_> = state
        .us_at(UsLoc::Hex(hex))
        .filter(|&u| state.data.index.us[usize::from(u)].counter == UsCounter::General)
        .collect();
    for general in generals {
        let name = state.name(general).to_owned();
        log.public(CAPTURED, OmahaEvent::Note, || {
            format!("General {name} is alone where a German unit arrives: he is captured (11.31).")
        });
        state.eliminate(general, CAPTURED, log);
    }
}

/// 13.1, 20.1 (T9): reduced or eliminated regular infantry units of one division that make a
/// catastrophic defeat: 8 on turns 1–16, 14 on turns 17–32.
pub fn catastrophe_threshold(turn: u8) -> u8 {
    if turn <= 16 { 8 } else { 14 }
}

/// 13.1, 13.11, 13.12: the units in `division`'s US Infantry Losses box: regular infantry
/// companies printed for that division (AMB-06: the printed division, whatever the Command
/// Transfer), heavy-weapons companies included (AMB-24), Rangers and other units never, that
/// are at one step or eliminated. An infantry unit eliminated without passing through one step
/// (stacking, tide) counts too. The count is derived from the counters, so a step given back by
/// an event (13.12) takes the unit out of the box.
pub fn infantry_losses(state: &Omaha, division: Division) -> u8 {
    losses_by_division(state)[division_slot(division)]
}

fn division_slot(division: Division) -> usize {
    match division {
        Division::First => 0,
        Division::TwentyNinth => 1,
    }
}

/// [`infantry_losses`] of both divisions (1st, 29th) in one pass over the roster: every step
/// loss asks 13.1 again (`catastrophic`).
fn losses_by_division(state: &Omaha) -> [u8; 2] {
    let mut losses = [0u8; 2];
    for (u, info) in state.us.iter().zip(&state.data.index.us) {
        let lost = info.regular_infantry()
            && match u.loc {
                UsLoc::Eliminated => true,
                UsLoc::OutOfPlay => false,
                // A one-step counter never "loses its second step".
                _ => u.steps <= 1 && info.steps >= 2,
            };
        if lost {
            let count = &mut losses[division_slot(info.division)];
            *count = count.saturating_add(1);
        }
    }
    losses
}

/// 13.1: the division (1st first) whose Losses box holds the threshold of
/// [`catastrophe_threshold`], if any: the game is lost at once.
pub fn catastrophic(state: &Omaha) -> Option<Division> {
    let threshold = catastrophe_threshold(state.turn);
    let losses = losses_by_division(state);
    [Division::First, Division::TwentyNinth]
        .into_iter()
        .find(|&d| losses[division_slot(d)] >= threshold)
}

/// 13.1, 20.1: eight (fourteen from turn 17) regular infantry units of one division at one step
/// or eliminated.
pub(crate) fn catastrophe(state: &mut Omaha, log: &mut OmahaLog) {
    if state.outcome.is_some() {
        return;
    }
    if let Some(division) = catastrophic(state) {
        state.outcome = Some(Outcome::shared(
            crate::seats::count(state),
            SeatSet::EMPTY,
            false,
            -1,
            CATASTROPHE,
        ));
        state.step = Step::Over;
        let threshold = catastrophe_threshold(state.turn);
        // 13.1 on turns 1-16, 20.1 from turn 17.
        let rule = if threshold > 8 {
            RuleId("20.1")
        } else {
            CATASTROPHE
        };
        log.public(rule, OmahaEvent::GameOver, || format!("Catastrophic defeat: the {division} Division has {threshold} infantry units shattered. The invasion fails."));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::tests::{empty, hex, pick};
    use crate::data::UsKind;

    /// Reduce `n` unused regular infantry companies printed for `division` to 1 step, on the map.
    fn reduce(state: &mut Omaha, division: Division, n: usize) -> Vec<UsId> {
        let at = hex(state, "0712");
        (0..n)
            .map(|_| {
                let u = pick(state, |i| {
                    i.kind() == Some(UsKind::Infantry) && i.division == division
                });
                state.us[usize::from(u)].loc = UsLoc::Hex(at);
                state.us[usize::from(u)].steps = 1;
                u
            })
            .collect()
    }

    // ---- 13.1, 13.11, 13.12: catastrophic defeat (T-13.1).

    #[test]
    fn rule_13_1_catastrophic_at_eight() {
        let mut s = empty(12);
        let units = reduce(&mut s, Division::First, 7);
        assert_eq!(infantry_losses(&s, Division::First), 7);
        assert_eq!(catastrophic(&s), None);
        let eighth = reduce(&mut s, Division::First, 1)[0];
        assert_eq!(infantry_losses(&s, Division::First), 8);
        assert_eq!(catastrophic(&s), Some(Division::First));
        assert_eq!(infantry_losses(&s, Division::TwentyNinth), 0);
        // Eliminated counts as well as reduced.
        s.us[usize::from(eighth)].loc = UsLoc::Eliminated;
        s.us[usize::from(units[0])].loc = UsLoc::Eliminated;
        assert_eq!(catastrophic(&s), Some(Division::First));
    }

    #[test]
    fn rule_13_1_threshold_fourteen_after_turn_sixteen() {
        // T-13.1, 20.1: on turn 20 the threshold is 14.
        let mut s = empty(20);
        reduce(&mut s, Division::TwentyNinth, 13);
        assert_eq!(catastrophic(&s), None);
        reduce(&mut s, Division::TwentyNinth, 1);
        assert_eq!(catastrophic(&s), Some(Division::TwentyNinth));
        assert_eq!(catastrophe_threshold(16), 8);
        assert_eq!(catastrophe_threshold(17), 14);
    }

    #[test]
    fn rule_13_11_rangers_and_non_infantry_never_count() {
        let mut s = empty(12);
        let at = hex(&s, "0712");
        for kind in [
            UsKind::Ranger,
            UsKind::Tank,
            UsKind::Engineer,
            UsKind::AntiTank,
        ] {
            let u = pick(&s, |i| i.kind() == Some(kind));
            s.us[usize::from(u)].loc = UsLoc::Hex(at);
            s.us[usize::from(u)].steps = 1;
            let e = pick(&s, |i| i.kind() == Some(kind));
            s.us[usize::from(e)].loc = UsLoc::Eliminated;
        }
        assert_eq!(infantry_losses(&s, Division::First), 0);
        assert_eq!(infantry_losses(&s, Division::TwentyNinth), 0);
    }

    /// 13.11, AMB-24: a heavy-weapons company is regular infantry for the Losses box.
    #[test]
    fn amb_24_heavy_companies_count() {
        let mut s = empty(12);
        let data = s.data.clone();
        let heavy = data
            .us
            .units
            .iter()
            .position(|u| u.kind == UsKind::Infantry && u.heavy)
            .expect("a heavy company") as UsId;
        s.us[usize::from(heavy)].loc = UsLoc::Hex(hex(&s, "0712"));
        s.us[usize::from(heavy)].steps = 1;
        let division = data.index.us[usize::from(heavy)].division;
        assert_eq!(infantry_losses(&s, division), 1);
    }

    #[test]
    fn rule_13_11_eliminated_at_full_strength_counts() {
        let mut s = empty(12);
        let u = pick(&s, |i| {
            i.kind() == Some(UsKind::Infantry) && i.division == Division::First
        });
        s.us[usize::from(u)].loc = UsLoc::Eliminated;
        assert_eq!(
            infantry_losses(&s, Division::First),
            1,
            "stacking or tide losses at 3 steps"
        );
        s.us[usize::from(u)].loc = UsLoc::OutOfPlay;
        assert_eq!(
            infantry_losses(&s, Division::First),
            0,
            "removed from play is not lost"
        );
    }

    #[test]
    fn rule_13_12_step_added_back_leaves_the_box() {
        // T-13.1: a "Lost Boat Teams" step addition removes one from the box.
        let mut s = empty(12);
        let units = reduce(&mut s, Division::First, 8);
        assert_eq!(catastrophic(&s), Some(Division::First));
        s.us[usize::from(units[3])].steps = 2;
        assert_eq!(infantry_losses(&s, Division::First), 7);
        assert_eq!(catastrophic(&s), None);
    }

    /// 13.1, AMB-06: Command Transfer does not change a unit's Losses box.
    #[test]
    fn amb_06_losses_box_is_the_printed_division() {
        let mut s = empty(12);
        let units = reduce(&mut s, Division::TwentyNinth, 3);
        for u in units {
            s.us[usize::from(u)].command = Division::First; // Command Transfer (5.22)
        }
        assert_eq!(infantry_losses(&s, Division::TwentyNinth), 3);
        assert_eq!(infantry_losses(&s, Division::First), 0);
    }

    /// AMB-19: the German fire a Hero may be sacrificed against is the chapters' own rules.
    #[test]
    fn amb_19_german_fire_is_the_chapters_rules() {
        assert_eq!(
            GERMAN_FIRE,
            [
                crate::fire::FIRE,
                crate::fire::ARTILLERY,
                crate::events::MEEMIES,
                crate::events::NAVAL_HIT,
                crate::events::GERMAN_ARTILLERY,
                crate::armor::REVEALED,
            ]
        );
    }
}
