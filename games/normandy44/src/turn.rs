//! The sequence of play (3, spec section 4): the system procedures the engine's driver runs
//! between decisions, and the moves from phase to phase. Each phase's decisions belong to its
//! chapter; this module only says when each chapter speaks.

use crate::action::{N44Event, N44Log};
use crate::data::Side;
use crate::state::{Normandy44, Phase, Stage, Step};
use crate::{
    combat, invasion, movement, recovery, reinforcement, replacement, supply, victory, weather,
    withdrawal,
};
use overlord_engine::RuleId;
use overlord_engine::driver::Progress;

/// 3: the sequence of play.
pub const SEQUENCE: RuleId = RuleId("3");

/// The phases of a player turn in order (3).
const PHASES: [Phase; 7] = [
    Phase::Replacement,
    Phase::Movement,
    Phase::Combat,
    Phase::ReserveMovement,
    Phase::ReserveCombat,
    Phase::Recovery,
    Phase::Supply,
];

/// Carry out the system procedure the game is at, or say that a decision is due.
pub fn advance(game: &mut Normandy44, log: &mut N44Log) -> Progress {
    match game.step {
        Step::Over => Progress::Decide,
        Step::Invasion(_) => invasion::advance(game, log),
        Step::Initial => {
            weather::initial_phase(game, log);
            // 20.2, A-35: the glider regiments land at the end of step A.3 (a D4 prompt may
            // follow). Called here, not from weather, which sits below invasion in the layers.
            if game.step == Step::Initial {
                invasion::gliders(game, log);
            }
            if game.step == Step::Initial {
                begin_player_turn(game, Side::German, log);
            }
            Progress::Continue
        }
        Step::Phase(side, phase, Stage::Open) => {
            if phase_has_choices(game) {
                Progress::Decide
            } else {
                // 27.1: a player with nothing to do hands the phase to his partner.
                if !crate::seats::next_part(game, side, log) {
                    end_phase(game, side, phase, log);
                }
                Progress::Continue
            }
        }
        Step::Phase(..) | Step::InitialChoice | Step::FinalChoice => Progress::Decide,
        Step::Begin(side) => {
            begin_player_turn(game, side, log);
            Progress::Continue
        }
        Step::Final => {
            // 22.2 (D30): the Allies may withdraw an airborne division first.
            if withdrawal::offer(game) {
                return Progress::Decide;
            }
            final_phase(game, log);
            Progress::Continue
        }
    }
}

/// Whether the phasing player has anything to choose but ending the phase.
fn phase_has_choices(game: &Normandy44) -> bool {
    crate::decisions::has_choice(game)
}

/// Start `side`'s player turn at its Replacement Phase.
pub fn begin_player_turn(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    if side == Side::Allied {
        // 27.2: the SupP an army spends are counted per Allied player turn.
        game.solitaire.spent = [0; 2];
        // 4.1 C: the start of the Allied player turn (17.5, 21.1).
        withdrawal::allied_turn_start(game, log);
    }
    begin_phase(game, side, Phase::Replacement, log);
}

/// Enter `phase` and carry out its automatic opening steps.
pub fn begin_phase(game: &mut Normandy44, side: Side, phase: Phase, log: &mut N44Log) {
    game.step = Step::Phase(side, phase, Stage::Open);
    game.part = 0;
    let turn = game.turn;
    log.public(
        SEQUENCE,
        N44Event::Phase {
            turn,
            side: Some(side),
            phase: phase_name(phase),
        },
        || format!("Turn {turn}: {} {}", side.name(), phase_name(phase)),
    );
    match phase {
        Phase::Movement => movement::begin(game, side, false, log),
        Phase::ReserveMovement => movement::begin(game, side, true, log),
        Phase::Combat | Phase::ReserveCombat => combat::begin(game, side, phase, log),
        Phase::Recovery => recovery::recover(game, side, log),
        Phase::Supply => supply::supply_phase(game, side, log),
        Phase::Replacement => {}
    }
}

/// Finish `phase` (its closing steps) and go on to the next phase, player turn or the Final
/// Phase.
pub fn end_phase(game: &mut Normandy44, side: Side, phase: Phase, log: &mut N44Log) {
    if matches!(phase, Phase::Movement | Phase::ReserveMovement) {
        movement::end(game, side, log);
    }
    match phase {
        Phase::Replacement => replacement::end(game, side, log),
        Phase::Movement => reinforcement::end_movement(game, side, log),
        Phase::Combat => combat::end(game, side, log),
        _ => {}
    }
    withdrawal::after_phase(game, log);
    if game.step == Step::Over {
        return;
    }
    let next = PHASES
        .iter()
        .position(|p| *p == phase)
        .and_then(|i| PHASES.get(i + 1));
    match (next, side) {
        (Some(&next), _) => begin_phase(game, side, next, log),
        (None, Side::German) => begin_player_turn(game, Side::Allied, log),
        (None, Side::Allied) => game.step = Step::Final,
    }
}

/// The Final Phase (3.D): victory, then the next turn's Initial Phase, or the end.
fn final_phase(game: &mut Normandy44, log: &mut N44Log) {
    if victory::final_phase(game, log) {
        game.step = Step::Over;
        return;
    }
    game.turn += 1;
    game.withdrawal_offered = false;
    game.step = Step::Initial;
}

/// A phase's name, for the log.
pub fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Replacement => "Replacement Phase",
        Phase::Movement => "Movement Phase",
        Phase::Combat => "Combat Phase",
        Phase::ReserveMovement => "Reserve Movement Segment",
        Phase::ReserveCombat => "Reserve Combat Segment",
        Phase::Recovery => "Recovery Phase",
        Phase::Supply => "Supply Phase",
    }
}
