//! The system procedures between decisions (the spec's section 3): a round opened, the Germans
//! acting in AR Track order, a round ended, the Activation Phase left, the mission ended.

use crate::action::AmbEvent;
use crate::data::weapons::Side;
use crate::state::{Ambush, Phase, RoundState, SoldierId};
use crate::tables::track::{ACTING_SPACES, Row, after_acting};
use overlord_engine::RuleId;
use overlord_engine::driver::Progress;

/// AMB-RND: the Action Round.
pub const ROUND: RuleId = RuleId("AMB-RND-6");
/// AMBX-RND-2: the Activation Phase ends.
pub const PHASE_ENDS: RuleId = RuleId("AMBX-RND-2");
/// AMBX-MIS-10: the mission's end.
pub const MISSION_END: RuleId = RuleId("AMBX-MIS-10");

/// Who acts next in the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// This German (the first, alphabetically, of his space: AMB-RND-6).
    German(SoldierId),
    /// One of these US soldiers, the player's choice (AMB-RND-6).
    Us(Vec<SoldierId>),
}

/// AMB-RND-6, AMBX-AR-2: the soldiers of the top-most acting space that holds a marker.
pub fn next(game: &Ambush) -> Option<Next> {
    // AMB-GER-5: a German who surrendered no longer acts.
    let acting = |id: SoldierId| {
        let s = game.soldier(id);
        s.active_on_map() && s.hex(&game.vehicles).is_some()
    };
    let space = ACTING_SPACES.into_iter().find(|&(row, advantage)| {
        (0..game.soldiers.len() as u8).map(SoldierId).any(|id| {
            let m = game.soldier(id).marker;
            m.row == row && m.advantage == advantage && acting(id)
        })
    })?;
    let there: Vec<SoldierId> = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(|&id| {
            let m = game.soldier(id).marker;
            (m.row, m.advantage) == space && acting(id)
        })
        .collect();
    if there
        .first()
        .is_some_and(|&id| game.soldier(id).side == Side::German)
    {
        // Their card codes compared where they stand, nothing copied (this runs on every
        // German activation).
        let code = |g: SoldierId| {
            game.mission()
                .germans
                .get(usize::from(game.soldier(g).card))
                .map(|c| c.get_ref().code.as_str())
        };
        return there
            .iter()
            .copied()
            .min_by_key(|&g| code(g))
            .map(Next::German);
    }
    // AMB-RND-6: the player chooses among his own soldiers only; a German sharing the space
    // acts once they have left it (their markers move down as they act).
    Some(Next::Us(
        there
            .into_iter()
            .filter(|&id| game.soldier(id).side == Side::Us)
            .collect(),
    ))
}

/// Run the next system procedure, or say a decision is due.
pub fn advance(game: &mut Ambush) -> Progress {
    // AMB-CAMP: in a campaign a mission's end leads to its debrief.
    if let Phase::Ended { success } = game.phase
        && crate::debrief::due(game)
    {
        crate::debrief::begin(game, success);
        return Progress::Continue;
    }
    if matches!(game.phase, Phase::Ended { .. } | Phase::Debrief) || game.ask.is_some() {
        return Progress::Decide;
    }
    if !game.work.is_empty() {
        crate::operations::run(game);
        return Progress::Continue;
    }
    // AMBX-MIS-10, the spec's section 3.4: no US soldier active, the mission is over.
    if game.side(Side::Us).all(|id| game.soldier(id).inactive()) {
        end_mission(game);
        return Progress::Continue;
    }
    let Phase::Rounds(round) = game.phase else {
        return Progress::Decide;
    };
    if !round.opened {
        open_round(game, round.number);
        return Progress::Continue;
    }
    if game.turn.is_some() {
        return Progress::Decide;
    }
    match next(game) {
        None => {
            end_round(game, round);
            Progress::Continue
        }
        Some(Next::German(g)) => {
            let before = game.soldier(g).marker.row;
            crate::german_actions::act(game, g);
            let s = &mut game.soldiers[g.index()];
            if s.marker.row == before {
                s.marker.row = after_acting(before);
            }
            // What his action set off is part of this round (AMB-NEWG), not a new phase.
            game.activated = false;
            Progress::Continue
        }
        Some(Next::Us(list)) if list.len() == 1 => {
            crate::activation::begin(game, list[0]);
            Progress::Decide
        }
        Some(Next::Us(_)) => Progress::Decide,
    }
}

/// AMB-RND-1..5: the round's opening, logged.
fn open_round(game: &mut Ambush, number: u16) {
    crate::rounds::start_round(game, number);
    game.activated = false;
    if let Phase::Rounds(r) = game.phase {
        game.note(ROUND, AmbEvent::Round { number }, |_| {
            format!(
                "round {number}: Action Number {}, initiative US {} German {}: {} in the advantage half",
                r.action_number,
                r.us_die,
                r.german_die,
                if r.us_initiative { "the US" } else { "the Germans" }
            )
        });
    }
    let panicked: Vec<SoldierId> = game
        .side(Side::Us)
        .filter(|&id| game.soldier(id).marker.row == Row::Panic)
        .collect();
    for id in panicked {
        game.note(
            crate::command::CHECK,
            AmbEvent::Damage { soldier: id },
            |game| {
                let name = game.name(id);
                format!("{name} is out of command and panics")
            },
        );
    }
}

/// The spec's section 3.3 step 7: panic ends, the round's allowances renew, unguarded
/// prisoners go free; with no active German left the Activation Phase ends (AMBX-RND-2).
fn end_round(game: &mut Ambush, round: RoundState) {
    crate::rounds::end_of_round_panic(game);
    for s in &mut game.soldiers {
        s.turn = Default::default();
    }
    for v in &mut game.vehicles {
        v.moved_this_round = false;
        v.moved_fast = false;
    }
    crate::rounds::free_prisoners(game);
    let germans_left = game
        .side(Side::German)
        .any(|g| game.soldier(g).active_on_map());
    if germans_left {
        game.phase = Phase::Rounds(RoundState {
            number: round.number + 1,
            opened: false,
            ..round
        });
    } else {
        game.phase = Phase::Operations;
        let number = round.number;
        game.note(PHASE_ENDS, AmbEvent::Round { number }, |_| {
            "no active German is left: Operations resume".to_owned()
        });
    }
}

/// AMBX-MIS-10: the mission ends, success judged and the VP counted.
pub fn end_mission(game: &mut Ambush) {
    let success = crate::victory::success(game);
    let vp = crate::victory::final_vp(game);
    game.phase = Phase::Ended { success };
    game.turn = None;
    game.work.clear();
    game.ask = None;
    game.note(MISSION_END, AmbEvent::Ended { success, vp }, |_| {
        format!(
            "the mission ends: {} with {vp} VP",
            if success { "success" } else { "failure" }
        )
    });
}
