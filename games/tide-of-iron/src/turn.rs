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
            crate::obstacles::resolve(game, mv, log);
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
        Step::SetupDone => {
            crate::deployment::begin(game, log);
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
    if game.seating.by_division() {
        game.division_ended = [[false; 2]; 2];
        begin_team_turn(game, first);
        return;
    }
    game.sides[first.index()].actions_left = game.scenario().actions;
    next_action(game, log);
}

/// `TOI-TEAM-ORDER`: the actions a member's turn holds: half the scenario's, rounded up, or as
/// many as he likes once the other team has ended.
fn member_turn(game: &ToiGame, nation: Nation) -> u8 {
    if game.sides[nation.enemy().index()].ended {
        u8::MAX
    } else {
        crate::teams::member_actions(game)
    }
}

/// `TOI-TEAM-ORDER`: `nation`'s team turn begins: its members still playing choose who goes
/// first, or the one left plays.
pub fn begin_team_turn(game: &mut ToiGame, nation: Nation) {
    game.turn_of = nation;
    let open: Vec<u8> = [1u8, 2]
        .into_iter()
        .filter(|&d| !game.division_ended[nation.index()][usize::from(d - 1)])
        .collect();
    match open.as_slice() {
        [only] => {
            game.division = *only;
            game.second = true;
            game.sides[nation.index()].actions_left = member_turn(game, nation);
            game.step = Step::Action { nation };
        }
        _ => game.step = Step::TeamOrder { nation },
    }
}

/// `TOI-TEAM-ORDER`: the team's choice of its first member this turn.
pub fn first_member(game: &mut ToiGame, nation: Nation, division: u8) {
    game.division = division;
    game.second = false;
    game.sides[nation.index()].actions_left = member_turn(game, nation);
    game.step = Step::Action { nation };
}

/// `TOI-TEAM-ORDER`: after an action when divisions play apart: the same member while his half
/// turn lasts, then his partner, then the other team; a member who has ended (or cannot act) is
/// passed over; when all have ended, the Command Phase.
fn next_member_action(game: &mut ToiGame, log: &mut ToiLog) {
    for nation in Nation::ALL {
        for d in [1u8, 2] {
            let cell = usize::from(d - 1);
            if !game.division_ended[nation.index()][cell]
                && !crate::activation::division_can_act(game, nation, d)
            {
                game.division_ended[nation.index()][cell] = true;
            }
        }
        game.sides[nation.index()].ended = game.division_ended[nation.index()] == [true, true];
    }
    let current = game.turn_of;
    let other = current.enemy();
    let ended =
        |game: &ToiGame, n: Nation, d: u8| game.division_ended[n.index()][usize::from(d - 1)];
    let d = game.division.clamp(1, 2);
    if !ended(game, current, d)
        && (game.sides[current.index()].actions_left > 0 || game.sides[other.index()].ended)
    {
        if game.sides[current.index()].actions_left == 0 {
            game.sides[current.index()].actions_left = u8::MAX;
        }
        game.step = Step::Action { nation: current };
        return;
    }
    let partner = 3 - d;
    if !game.second && !ended(game, current, partner) {
        game.division = partner;
        game.second = true;
        game.sides[current.index()].actions_left = member_turn(game, current);
        game.step = Step::Action { nation: current };
        return;
    }
    if !game.sides[other.index()].ended {
        begin_team_turn(game, other);
    } else if !game.sides[current.index()].ended {
        begin_team_turn(game, current);
    } else {
        crate::command::begin(game, log);
    }
}

/// After an action (or a side's end of its phase): the same side goes on while it has actions
/// left this turn; then the other side's turn; a side that has ended, or cannot act, is passed
/// over, the other then acting until it ends too (`TOI-ACT-END`); when both are done, the
/// Command Phase.
pub fn next_action(game: &mut ToiGame, log: &mut ToiLog) {
    if game.seating.by_division() {
        next_member_action(game, log);
        return;
    }
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
    crate::cards::expire_modifiers(game, log);
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
