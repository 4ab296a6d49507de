//! The round (`TOI-ROUND`): the Action Phase's turns of N actions each, alternating from the
//! initiative holder (`TOI-ACT`, `TOI-ACT-END`); the Command Phase (`TOI-CMD`); the Status Phase
//! (`TOI-STAT`); the next round or the end.

use crate::action::{ToiEvent, ToiLog};
use crate::activation::can_act;
use crate::data::Nation;
use crate::state::{Kind, Location, Step, ToiGame, Token};
use crate::tables::results::Condition;
use overlord_engine::RuleId;

/// `TOI-ROUND`.
pub const ROUND: RuleId = RuleId("TOI-ROUND");
/// `TOI-STAT-CLEAN`.
pub const CLEAN: RuleId = RuleId("TOI-STAT-CLEAN");
/// `TOI-STAT-ROUND`.
pub const NEXT_ROUND: RuleId = RuleId("TOI-STAT-ROUND");

/// Carry out the system step the game is at, or say that a decision is due.
pub fn advance(game: &mut ToiGame, log: &mut ToiLog) -> overlord_engine::driver::Progress {
    use overlord_engine::driver::Progress;
    match game.step {
        Step::AfterAction => {
            // TOI-COMBAT-OPFIRE: the active unit's activation is over; a machine gun that
            // fired at it may fire at the next one.
            game.op_fired = 0;
            crate::hidden::reveal_seen(game, log);
            next_action(game, log);
            Progress::Continue
        }
        // TOI-MOVE-OPFIRE: the enemy's Op Fire units that see the hex may fire.
        Step::Entered(mv) => {
            // TOI-TIMING step 2: what the new position shows, before Op Fire.
            crate::hidden::reveal_seen(game, log);
            if crate::opfire::shooters(game, mv.unit).is_empty() {
                game.step = Step::Obstacles(mv);
            } else {
                game.step = Step::OpFire(mv);
            }
            Progress::Continue
        }
        // TOI-TIMING: after Op Fire, the hex's obstacles.
        Step::Resume(mv) => {
            game.step = Step::Obstacles(mv);
            Progress::Continue
        }
        Step::Obstacles(mv) => {
            crate::movement::obstacles(game, mv, log);
            Progress::Continue
        }
        Step::Stopped(mv) => {
            crate::movement::end(game, mv);
            Progress::Continue
        }
        Step::AssaultLosses(assault) => {
            crate::assault::defender_losses(game, assault, log);
            Progress::Continue
        }
        // TOI-STAT-DRAW, step 1: the cards, in initiative order; then the clean-up.
        Step::Status => {
            log.public(
                crate::cards::DRAW,
                ToiEvent::Phase {
                    name: "Status Phase",
                },
                || "Status Phase".to_owned(),
            );
            crate::cards::begin_draws(game, game.initiative, 1, false);
            Progress::Continue
        }
        Step::StatusClean => {
            status_phase(game, log);
            Progress::Continue
        }
        Step::NextRound => {
            // TOI-COMBAT-HIDDEN: the end of the Status Phase (none before round 1).
            if game.round() > 0 {
                crate::hidden::reveal_adjacent(game, log);
            }
            crate::hidden::reveal_seen(game, log);
            next_round(game, log);
            Progress::Continue
        }
        _ => Progress::Decide,
    }
}

/// Begin round `round` at its Action Phase, the initiative holder first.
pub fn begin_round(game: &mut ToiGame, round: u8, log: &mut ToiLog) {
    game.round = round;
    log.public(ROUND, ToiEvent::Round { round }, || {
        format!("Round {round}")
    });
    for side in &mut game.sides {
        side.ended = false;
        side.actions_left = 0;
    }
    let first = game.initiative;
    game.turn_of = first;
    game.sides[first.index()].actions_left = game.scenario().actions;
    next_action(game, log);
}

/// After an action (or a side's end of its phase): the same side goes on while it has actions
/// left this turn; then the other side's turn; a side that has ended, or cannot act, is passed
/// over, the other then acting until it ends too (`TOI-ACT-END`); when both are done, the
/// Command Phase.
pub fn next_action(game: &mut ToiGame, log: &mut ToiLog) {
    for nation in Nation::ALL {
        if !game.sides[nation.index()].ended && !can_act(game, nation) {
            game.sides[nation.index()].ended = true;
        }
    }
    let current = game.turn_of;
    let other = current.enemy();
    let (mine, theirs) = (game.sides[current.index()], game.sides[other.index()]);
    let next = if !mine.ended && (mine.actions_left > 0 || theirs.ended) {
        Some(current)
    } else if !theirs.ended {
        Some(other)
    } else {
        None
    };
    match next {
        Some(nation) => {
            if nation != current || game.sides[nation.index()].actions_left == 0 {
                // A new turn of N actions, or as many as it likes once the other has ended.
                let n = if game.sides[nation.enemy().index()].ended {
                    u8::MAX
                } else {
                    game.scenario().actions
                };
                game.sides[nation.index()].actions_left = n;
            }
            game.turn_of = nation;
            game.step = Step::Action { nation };
        }
        None => crate::command::begin(game, log),
    }
}

/// The Status Phase (`TOI-STAT`): the tokens come off (`TOI-STAT-CLEAN`), then the next round
/// or the end (`TOI-STAT-ROUND`).
pub fn status_phase(game: &mut ToiGame, log: &mut ToiLog) {
    log.public(CLEAN, ToiEvent::Note, || {
        "Every activation token comes off".to_owned()
    });
    let officers: Vec<(overlord_hexmap::HexId, Nation)> = game
        .unit_ids()
        .filter(|&u| has_officer(game, u))
        .filter_map(|u| Some((game.hex_of(u)?, game.unit(u).nation)))
        .collect();
    for u in 0..game.units.len() {
        let unit = &mut game.units[u];
        // 1: every activation token comes off.
        unit.token = Token::Fresh;
        // 2, 3: pinned squads recover; disrupted ones become pinned, or recover with an officer
        // of theirs in the hex (TOI-COMBAT-COND).
        if let Kind::Squad { figures, condition } = unit.kind {
            let officer = match unit.at {
                Location::Hex(h) => officers.contains(&(h, unit.nation)),
                Location::Aboard(_) | Location::Reserve(_) | Location::Gone => false,
            };
            let now = match condition {
                Condition::Disrupted if !officer => Condition::Pinned,
                _ => Condition::Normal,
            };
            unit.kind = Kind::Squad {
                figures,
                condition: now,
            };
        }
    }
    // TOI-FORT-SMOKE: smoke goes in the Status Phase.
    let smoky: Vec<overlord_hexmap::HexId> = game
        .markers
        .iter()
        .filter(|(_, m)| m.smoke)
        .map(|&(h, _)| h)
        .collect();
    for hex in smoky {
        let mut m = game.markers(hex);
        m.smoke = false;
        game.set_markers(hex, m);
    }
    // Step 3: Op Fire, in initiative order (steps 4 and 5 follow from its answers).
    game.step = Step::StatusOpFire {
        nation: game.initiative,
    };
}

/// Step 6 (`TOI-STAT-ROUND`): the next round, or the end.
pub fn next_round(game: &mut ToiGame, log: &mut ToiLog) {
    if game.round >= game.scenario().rounds {
        crate::victory::end(game, log);
    } else {
        log.public(NEXT_ROUND, ToiEvent::Note, || {
            "The round marker advances".to_owned()
        });
        begin_round(game, game.round + 1, log);
    }
}

/// Whether squad `unit` holds an officer.
fn has_officer(game: &ToiGame, unit: crate::state::UnitId) -> bool {
    match game.unit(unit).kind {
        Kind::Squad { figures, .. } => figures.iter().any(|&f| {
            game.data()
                .figures
                .get(usize::from(f))
                .is_some_and(|d| d.class == crate::data::FigureClass::Officer)
        }),
        Kind::Vehicle { .. } => false,
    }
}
