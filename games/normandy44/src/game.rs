//! The game under the engine's contract: its components (loaded, checked, listed and drawn),
//! and the game itself, each answer handed to its chapter and the sequence of play run between
//! decisions.

use crate::action::{N44Action, N44Event, N44Log};
use crate::data::{N44Data, Scenario, Side};
use crate::state::{N44Options, Normandy44, Stage, Step};
use crate::view::N44View;
use overlord_engine::driver::{self, Chapters, Progress};
use overlord_engine::{
    Anchors, Applied, Components, DataErrors, Game, GameInfo, GameRng, Log, OptionInfo, Prompt,
    Refusal, RuleId, ScenarioInfo, Seat, SetupError, Status, Viewer,
};
use rand::Rng;
use std::path::Path;
use std::sync::Arc;

/// What the game says about itself.
pub fn info() -> GameInfo {
    GameInfo {
        id: "normandy44",
        name: "Normandy '44",
        rules_version: "1",
        min_seats: 2,
        max_seats: 2,
    }
}

impl Components for N44Data {
    fn load(dir: &Path) -> Result<Self, DataErrors> {
        N44Data::load(dir)
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        self.scenarios
            .iter()
            .map(|s| ScenarioInfo {
                id: s.id.clone(),
                name: s.name.clone(),
                seats: 2,
                options: self
                    .options
                    .iter()
                    .filter(|o| {
                        Scenario::parse(&s.id)
                            .is_some_and(|id| crate::data::applies(&o.scenarios, id))
                    })
                    .map(|o| OptionInfo {
                        id: o.id.clone(),
                        name: o.name.clone(),
                    })
                    .collect(),
            })
            .collect()
    }

    fn summary(&self) -> String {
        let count = |side| self.units.iter().filter(|u| u.side == side).count();
        format!(
            "{} hexes, {} named places, {} German and {} Allied units, {} cadre types, \
             {} German reinforcements, {} units in Great Britain, {} scenarios",
            self.map.hexes.len(),
            self.map
                .hexes
                .ids()
                .filter(|&h| self.map.name(h).is_some())
                .count(),
            count(Side::German),
            count(Side::Allied),
            self.cadres.len(),
            self.german_arrivals.len(),
            self.gb.len(),
            self.scenarios.len()
        )
    }

    fn map_svg(&self) -> Option<String> {
        Some(crate::picture::svg(self))
    }
}

impl Game for Normandy44 {
    type Data = N44Data;
    type Options = N44Options;
    type Action = N44Action;
    type View = N44View;
    type Event = N44Event;

    fn info() -> GameInfo {
        info()
    }

    fn setup(
        data: &Arc<N44Data>,
        scenario: &str,
        options: &N44Options,
        rng: GameRng,
        log: &mut Log<N44Event>,
    ) -> Result<Self, SetupError> {
        let mut game = crate::setup::new_game(data, scenario, options, rng)?;
        crate::seats::assign_german_fronts(&mut game);
        driver::run(&mut game, log);
        Ok(game)
    }

    fn status(&self) -> Status {
        match self.outcome {
            Some(outcome) => Status::Over(outcome),
            None => Status::ToAct(crate::seats::to_act(self)),
        }
    }

    fn prompt(&self) -> Prompt {
        let (name, rule, text) = match self.step {
            Step::Invasion(_) => crate::invasion::prompt(self),
            Step::Phase(side, phase, stage) => {
                let (name, text) = match stage {
                    Stage::Open => ("phase", crate::turn::phase_name(phase).to_owned()),
                    Stage::Moving { .. } => ("destination", "Where does it move?".to_owned()),
                    Stage::Attack { .. } => ("attack", "Build the attack".to_owned()),
                    Stage::Result { .. } => ("result", "The attack's result".to_owned()),
                };
                (
                    name,
                    crate::turn::SEQUENCE,
                    format!("{}: {text}", side.name()),
                )
            }
            Step::InitialChoice => (
                "initial",
                RuleId("4.1"),
                "The Initial Phase: split the SupP, or choose the \"CW\" replacement".to_owned(),
            ),
            Step::FinalChoice => (
                "withdrawal",
                RuleId("22.2"),
                "The Final Phase: withdraw an airborne division?".to_owned(),
            ),
            Step::Initial | Step::Begin(_) | Step::Final => {
                ("system", crate::turn::SEQUENCE, String::new())
            }
            Step::Over => ("over", crate::turn::SEQUENCE, "The game is over".to_owned()),
        };
        Prompt { name, rule, text }
    }

    fn legal_actions(&self, out: &mut Vec<N44Action>) {
        if self.outcome.is_some() {
            out.clear();
        } else {
            crate::decisions::legal(self, out);
        }
    }

    fn apply(&mut self, action: N44Action, log: &mut N44Log) -> Result<Applied, Refusal> {
        driver::apply(self, action, log)
    }

    fn apply_listed(&mut self, action: N44Action, log: &mut N44Log) -> Result<Applied, Refusal> {
        driver::apply_listed(self, action, log)
    }

    fn action_space(&self) -> Option<&overlord_engine::encoding::ActionSpace> {
        Some(crate::encoding::action_space(self))
    }

    fn action_id(&self, action: &N44Action) -> Option<u32> {
        crate::encoding::action_id(self, action)
    }

    fn observation_shape(&self) -> Option<&overlord_engine::encoding::ObservationShape> {
        Some(crate::encoding::observation_shape(self))
    }

    fn observe(&self, viewer: Viewer, out: &mut Vec<f32>) {
        crate::encoding::observe(self, viewer, out);
    }

    fn view(&self, _viewer: Viewer) -> N44View {
        crate::view::view(self)
    }

    fn determinize<R: Rng + ?Sized>(&self, _seat: Seat, rng: &mut R) -> Self {
        crate::view::determinize(self, rng)
    }

    fn anchors(&self, action: &N44Action) -> Anchors {
        crate::view::anchors(self, action)
    }

    fn rng(&self) -> &GameRng {
        &self.rng
    }

    fn seats(&self) -> u8 {
        crate::seats::count(self)
    }

    fn text_picture(&self, _viewer: Viewer) -> Option<String> {
        Some(crate::text::picture(self))
    }

    fn statistics(&self) -> Option<&dyn overlord_engine::Statistics> {
        Some(self)
    }

    fn seat_label(&self, seat: Seat) -> String {
        crate::seats::label(self, seat)
    }

    /// 27.1: the players of one side are a team.
    fn seat_side(&self, seat: Seat) -> String {
        crate::seats::side_of_seat(seat).name().to_owned()
    }
}

impl Chapters for Normandy44 {
    fn advance(&mut self, log: &mut N44Log) -> Progress {
        crate::turn::advance(self, log)
    }

    fn answer(&mut self, action: N44Action, log: &mut N44Log) -> Result<(), Refusal> {
        crate::decisions::answer(self, action, log)
    }

    fn reveals(&self) -> u64 {
        self.reveals
    }

    fn over(&self) -> bool {
        self.outcome.is_some()
    }

    /// 27.1: another player's unit is refused with whose it is and whose turn it is.
    fn refusal(&self, action: &N44Action, legal: &[N44Action]) -> Refusal {
        crate::seats::refusal(self, action)
            .unwrap_or_else(|| driver::not_an_answer(self, action, legal))
    }
}
