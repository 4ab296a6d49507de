//! The turn sequence (4.2): the driver that runs every system step until the player must
//! decide, and the end of the turn (VI): drowning, discards and reshuffles, the victory check.

use crate::action::{OmahaEvent, OmahaLog};
use crate::data::{Division, Sector, VictoryKind};
use crate::index::Ground;
use crate::state::{Omaha, Step, UsFlags, UsLoc};
use overlord_engine::driver::Progress;
use overlord_engine::{Outcome, RuleId, SeatSet};

pub const SEQUENCE: RuleId = RuleId("4.2");
pub const DROWNING: RuleId = RuleId("5.21");
pub const END_OF_TURN: RuleId = RuleId("4.2-VI");
pub const VICTORY: RuleId = RuleId("13.2");

impl Omaha {
    /// Run system steps until a decision is needed or the game is over (4.2), through the
    /// engine's driver (bounded, so a rules bug cannot hang).
    pub(crate) fn run(&mut self, log: &mut OmahaLog) {
        overlord_engine::driver::run(self, log);
    }

    /// 4.2: one system step of the turn sequence, or [`Progress::Decide`] where a seat must
    /// decide or the game is over.
    pub(crate) fn advance_turn(&mut self, log: &mut OmahaLog) -> Progress {
        if self.outcome.is_some() {
            self.step = Step::Over;
            return Progress::Decide;
        }
        // 11.14: P-HERO-SACRIFICE comes as soon as the procedure that hit the unit is done;
        // a sector's German fire is not done while its G-FIRE-TIE, G-LEADER or G-ART-TIE
        // prompt is showing (a star hit may yet kill the Hero, 11.4).
        let in_fire = matches!(
            self.step,
            Step::FireTie { .. }
                | Step::LeaderHit { .. }
                | Step::TankFireTie { .. }
                | Step::TankLeaderHit { .. }
                | Step::TankMoveTie { .. }
                | Step::ArtilleryTie { .. }
                | Step::GermanActions(_)
                | Step::GermanChoice { .. }
        );
        if !in_fire && crate::heroes::ask_sacrifice(self, log) {
            return Progress::Decide;
        }
        match self.step {
            Step::LandingCheck(sector) => crate::landing::check(self, sector, log),
            Step::Land => crate::landing::land(self, log),
            Step::NextArrival => crate::landing::next_arrival(self, log),
            Step::Event => crate::events::event_phase(self, log),
            Step::Fire(sector) => crate::fire::fire_phase(self, sector, log),
            Step::GermanActions(sector) => crate::german_actions::run(self, sector, log),
            Step::Engineers { sector, left } => {
                if left == 0 || !crate::engineers::can_clear(self, sector) {
                    self.step = match sector {
                        Sector::East => Step::Engineers {
                            sector: Sector::West,
                            left: crate::engineers::clears_allowed(self.turn),
                        },
                        // 15 V: in the extended game the US Engineer and HQ Phase comes
                        // before the Action Phase (engineer_bases, command_posts).
                        Sector::West if crate::tables::schedule::extended(self.turn) => {
                            Step::EngineerHq
                        }
                        Sector::West => Step::DivisionOrder,
                    };
                } else {
                    return Progress::Decide;
                }
            }
            Step::DivisionOrder => {
                crate::actions::start_action_phase(self);
                if self.in_play(Sector::West) {
                    return Progress::Decide;
                }
                // Easy Fox: only the 1st Division acts.
                self.step = Step::Actions {
                    division: Division::First,
                    left: crate::tables::schedule::actions_per_division(self.turn),
                    second: true,
                };
            }
            Step::Stacking => {
                if crate::actions::overstacked_hex(self).is_some() {
                    return Progress::Decide;
                }
                crate::actions::end_action_phase(self);
                self.step = Step::EndOfTurn;
            }
            Step::EngineerHq | Step::EngineerBase { .. } | Step::CommandPosts(_) => {
                if crate::engineer_bases::run_step(self, log) {
                    return Progress::Decide;
                }
            }
            Step::EndOfTurn => end_of_turn(self, log),
            Step::Over => return Progress::Decide,
            Step::RangerDrift { .. }
            | Step::MineVictim(_)
            | Step::LeaderFollow { .. }
            | Step::FireTie { .. }
            | Step::LeaderHit { .. }
            | Step::TankFireTie { .. }
            | Step::TankLeaderHit { .. }
            | Step::TankMoveTie { .. }
            | Step::ArtilleryTie { .. }
            | Step::GermanChoice { .. }
            | Step::Place(_)
            | Step::Deploy(_)
            | Step::Actions { .. }
            | Step::Infiltration { .. }
            | Step::Attack { .. } => return Progress::Decide,
            // Event prompts (II) and P-HERO-SACRIFICE.
            Step::HeroPlacement { .. }
            | Step::StepAdd { .. }
            | Step::Prisoner { .. }
            | Step::PatrolReport { .. }
            | Step::Meemies
            | Step::NavalHit { .. }
            | Step::HeroSacrifice { .. } => return Progress::Decide,
        }
        Progress::Continue
    }
}

/// VI: drowning (5.21), discards and reshuffle (6.1), victory (13.2), next turn.
fn end_of_turn(state: &mut Omaha, log: &mut OmahaLog) {
    drown(state, log);
    crate::events::end_of_turn(state);
    for card in std::mem::take(&mut state.turn_cards) {
        state.deck.discard(card);
    }
    let shuffle = state
        .data
        .tracks
        .turns
        .get(usize::from(state.turn) - 1)
        .is_some_and(|t| t.shuffle);
    if shuffle {
        state.deck.reshuffle(&mut state.rng, END_OF_TURN);
        log.public(END_OF_TURN, OmahaEvent::Reshuffled, || {
            "Shuffle Cards: the discards are shuffled back into the deck (2.1).".into()
        });
    }
    if state.outcome.is_some() {
        return;
    }
    // 23.5: a non-disrupted German tank on an end point: the player loses decisively.
    if crate::armor::end_of_turn(state, log) {
        return;
    }
    // 20.2: D-Day at Omaha Beach's first check, at the end of turn 16.
    if state.turn == 16
        && state.scenario_kind() == VictoryKind::DDay
        && crate::victory::end_turn_16(state, log)
    {
        return;
    }
    if state.turn >= state.last_turn() {
        final_victory(state, log);
        return;
    }
    state.turn += 1;
    let turn = state.turn;
    log.public(SEQUENCE, OmahaEvent::TurnBegins { turn }, || {
        format!(
            "Turn {turn} begins ({:?} tide).",
            crate::data::tide_of_turn(turn)
        )
    });
    state.step = Step::LandingCheck(Sector::East);
}

/// 5.21: units under water at the end of a turn (the tide, or the open sea) are eliminated,
/// unless climbing (AMB-05).
pub(crate) fn drown(state: &mut Omaha, log: &mut OmahaLog) {
    let tide = crate::data::tide_of_turn(state.turn);
    let index = &state.data.index;
    let under: Vec<u8> = state
        .us
        .iter()
        .enumerate()
        .filter(|(_, u)| match u.loc {
            UsLoc::Hex(h) => index.hexes.get(usize::from(h)).is_some_and(|hex| {
                hex.ground != Ground::High
                    && crate::landing::under_water(hex.ground, hex.tide, tide)
            }),
            _ => false,
        })
        .filter(|(_, u)| !u.flags.has(UsFlags::CLIMB) && !u.flags.has(UsFlags::CLIMB_CLIFF))
        .map(|(i, _)| i as u8)
        .collect();
    for unit in under {
        let name = state.name(unit).to_owned();
        log.public(DROWNING, OmahaEvent::Drowned { unit }, || {
            format!("{name} is caught by the tide and lost.")
        });
        state.eliminate(unit, DROWNING, log);
    }
}

/// 13.2 / Easy Fox: count VP at the end of turn 16; 20.3 / 21.2 at the end of turn 32.
fn final_victory(state: &mut Omaha, log: &mut OmahaLog) {
    // 20.3, 21.2: the extended scenarios; a draw is opened once Engineer Bases have cleared its
    // obstacles (19.3, AMB-29).
    if let Some(extended) = crate::tables::victory::ExtendedScenario::of(state.scenario_kind()) {
        crate::victory::end_turn_32(state, extended, &crate::engineer_bases::draw_cleared, log);
        return;
    }
    let easy_fox = state.scenario_kind() == VictoryKind::EasyFox;
    let (won, vp) = crate::victory::scenario_result(state, easy_fox);
    // 22: the variant modifiers (0 without variants) change the total compared.
    let modifier = crate::victory::variant_modifier(state);
    let vp = i32::from(vp) + i32::from(modifier);
    let needed = if easy_fox {
        crate::victory::EASY_FOX_VP
    } else {
        crate::victory::FIRST_WAVE_VP
    };
    let won = if modifier == 0 {
        won
    } else {
        vp >= i32::from(needed)
    };
    let winners = if won {
        crate::seats::all(state)
    } else {
        SeatSet::EMPTY
    };
    // The players win or lose together, with one score (13.2's VP).
    state.outcome = Some(Outcome::shared(
        crate::seats::count(state),
        winners,
        false,
        vp,
        VICTORY,
    ));
    state.step = Step::Over;
    log.public(VICTORY, OmahaEvent::GameOver, || {
        format!(
            "End of turn 16: {vp} VP ({needed} needed). {}",
            if won {
                "The beachhead is won."
            } else {
                "The landing has failed."
            }
        )
    });
}
