//! Ambush! under the engine's contract: one seat, the US squad; the Germans are the rules'.

use crate::action::{AmbAction, AmbEvent, AmbLog};
use crate::data::AmbushData;
use crate::state::{Ambush, Phase};
use crate::view::AmbView;
use overlord_engine::driver::{self, Chapters, Progress};
use overlord_engine::{
    Anchors, Applied, Game, GameInfo, GameRng, Outcome, Prompt, Refusal, Seat, SeatSet, SetupError,
    Status, Viewer,
};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A game's options: for the campaign, whether the player buys and rolls his own squad
/// (AMBX-SOL-2/3) instead of taking the campaign's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AmbOptions {
    /// AMBX-SOL-2/3: the campaign's squad bought with the squad points, soldier by soldier.
    #[serde(rename = "generate-squad")]
    pub generate_squad: bool,
}

impl Ambush {
    /// Hand the journal to the engine's log.
    fn flush(&mut self, log: &mut AmbLog) {
        for note in self.journal.drain(..) {
            let text = note.text;
            log.public(note.rule, note.event, move || text);
        }
    }
}

/// AMB-CAMP: the index of the campaign's first mission among the data's.
fn first_mission(data: &AmbushData) -> Result<usize, SetupError> {
    data.campaign
        .missions
        .first()
        .and_then(|id| {
            data.missions
                .iter()
                .position(|m| m.header.id == *id.get_ref())
        })
        .ok_or_else(|| SetupError("the campaign lists no mission".to_owned()))
}

impl Game for Ambush {
    type Data = AmbushData;
    type Options = AmbOptions;
    type Action = AmbAction;
    type View = AmbView;
    type Event = AmbEvent;

    fn info() -> GameInfo {
        crate::info()
    }

    fn setup(
        data: &Arc<AmbushData>,
        scenario: &str,
        options: &AmbOptions,
        rng: GameRng,
        log: &mut AmbLog,
    ) -> Result<Self, SetupError> {
        if options.generate_squad && scenario != crate::CAMPAIGN {
            return Err(SetupError(
                "generate-squad is an option of the campaign: play --campaign with it".to_owned(),
            ));
        }
        let mut game = if scenario == crate::CAMPAIGN && options.generate_squad {
            // AMBX-SOL-2/3: the player buys the squad before the first mission.
            let first = first_mission(data)?;
            let mut game =
                Ambush::from_cards(data, first, &[], rng).map_err(|e| SetupError(e.0))?;
            game.campaign = Some(Box::new(crate::debrief::forming_campaign(
                data.tables.generation.squad_points,
            )));
            game.phase = Phase::Debrief;
            game
        } else if scenario == crate::CAMPAIGN {
            // AMB-CAMP: the campaign's first mission with the campaign squad.
            let squad = data.squad(&data.campaign.squad).ok_or_else(|| {
                SetupError(format!("no squad `{}` in squads/", data.campaign.squad))
            })?;
            let first = first_mission(data)?;
            let mut game = Ambush::from_cards(data, first, &squad.soldiers, rng)
                .map_err(|e| SetupError(e.0))?;
            game.campaign = Some(Box::new(crate::debrief::new_campaign(
                squad.soldiers.clone(),
            )));
            game
        } else {
            Ambush::start(data, scenario, None, rng).map_err(|e| SetupError(e.0))?
        };
        game.journal_on = log.is_enabled();
        let briefing = game.mission().header.briefing.trim().to_owned();
        game.note(crate::decisions::ENTRY, AmbEvent::Sheet, move |_| {
            format!("briefing: {briefing}")
        });
        driver::run(&mut game, log);
        game.flush(log);
        Ok(game)
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Ended { success } => Status::Over(Outcome::shared(
                1,
                if success {
                    SeatSet::only(Seat(0))
                } else {
                    SeatSet::EMPTY
                },
                false,
                match &self.campaign {
                    Some(c) => c.results.iter().map(|r| r.1).sum(),
                    None => crate::victory::final_vp(self),
                },
                crate::turn::MISSION_END,
            )),
            _ => Status::ToAct(Seat(0)),
        }
    }

    fn prompt(&self) -> Prompt {
        crate::decisions::prompt(self)
    }

    fn legal_actions(&self, out: &mut Vec<AmbAction>) {
        crate::decisions::legal(self, out);
    }

    fn apply(&mut self, action: AmbAction, log: &mut AmbLog) -> Result<Applied, Refusal> {
        self.journal_on = log.is_enabled();
        let applied = driver::apply(self, action, log);
        self.flush(log);
        applied
    }

    fn apply_listed(&mut self, action: AmbAction, log: &mut AmbLog) -> Result<Applied, Refusal> {
        self.journal_on = log.is_enabled();
        let applied = driver::apply_listed(self, action, log);
        self.flush(log);
        applied
    }

    fn statistics(&self) -> Option<&dyn overlord_engine::Statistics> {
        Some(self)
    }

    fn view(&self, viewer: Viewer) -> AmbView {
        crate::view::view(self, viewer)
    }

    fn determinize<R: Rng + ?Sized>(&self, _seat: Seat, rng: &mut R) -> Self {
        crate::view::determinize(self, rng)
    }

    fn anchors(&self, action: &AmbAction) -> Anchors {
        crate::view::anchors(self, action)
    }

    fn sight(&self, _viewer: Viewer, unit: u32) -> Option<overlord_engine::Sight> {
        crate::sight::sight(self, unit)
    }

    fn rng(&self) -> &GameRng {
        &self.rng
    }

    fn seat_label(&self, _seat: Seat) -> String {
        "US squad".to_owned()
    }

    fn text_picture(&self, _viewer: Viewer) -> Option<String> {
        Some(crate::text::picture(self))
    }

    fn action_space(&self) -> Option<&overlord_engine::encoding::ActionSpace> {
        Some(crate::encoding::action_space(self))
    }

    fn action_id(&self, action: &AmbAction) -> Option<u32> {
        crate::encoding::action_id(self, action)
    }

    fn observation_shape(&self) -> Option<&overlord_engine::encoding::ObservationShape> {
        Some(crate::encoding::observation_shape(self))
    }

    fn observe(&self, _viewer: Viewer, out: &mut Vec<f32>) {
        crate::encoding::observe(self, out);
    }
}

impl Chapters for Ambush {
    fn advance(&mut self, _log: &mut AmbLog) -> Progress {
        crate::turn::advance(self)
    }

    fn answer(&mut self, action: AmbAction, _log: &mut AmbLog) -> Result<(), Refusal> {
        crate::decisions::answer(self, action)
    }

    /// Every die rolled and every paragraph read: undo stops there.
    fn reveals(&self) -> u64 {
        u64::from(self.rng.outcomes()) + self.reveals
    }

    fn over(&self) -> bool {
        matches!(self.phase, Phase::Ended { .. })
    }
}
