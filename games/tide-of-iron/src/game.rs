//! What the game says about itself, and its components under the engine's contract.

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::data::{Nation, ToiData};
use crate::state::{Step, ToiGame};
use crate::teams::Seating;
use crate::view::ToiView;
use overlord_engine::driver::{self, Chapters, Progress};
use overlord_engine::{
    Anchors, Applied, Components, DataErrors, Game, GameInfo, GameRng, Log, OptionInfo, Prompt,
    Refusal, ScenarioInfo, Seat, SetupError, Status, Viewer,
};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// What the game says about itself (two to four players in two teams).
pub fn info() -> GameInfo {
    GameInfo {
        id: "tide-of-iron",
        name: "Tide of Iron",
        // 1: first playable (cards, hidden and specialized squads, transfers).
        // 2: squad building and deployment (options), the defender's choice of assault hits on
        // vehicles, the obstacle order prompt, figures limited to the box (FAQ-10), new cards.
        rules_version: "2",
        min_seats: 2,
        // TOI-TEAM: three and four players by option.
        max_seats: 4,
    }
}

impl Components for ToiData {
    fn load(dir: &Path) -> Result<Self, DataErrors> {
        ToiData::load(dir)
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        self.scenarios
            .iter()
            .map(|s| ScenarioInfo {
                id: s.id.clone(),
                name: match s.players {
                    4 => format!("{} (written for two teams of two: TOI-TEAM-4)", s.name),
                    _ => s.name.clone(),
                },
                seats: 2,
                options: options(),
            })
            .collect()
    }

    fn map_svg(&self) -> Option<String> {
        crate::picture::svg(self)
    }

    fn scenario_svg(&self, id: &str) -> Option<Result<String, String>> {
        Some(crate::picture::scenario_svg(self, id))
    }

    fn board(&self) -> Option<serde_json::Value> {
        Some(crate::picture::board(self))
    }

    fn summary(&self) -> String {
        format!(
            "{} figures and vehicles, {} terrain types, {} board faces, {} overlays, {} scenarios",
            self.figures.len(),
            self.terrain.len(),
            self.boards.len(),
            self.overlays.len(),
            self.scenarios.len()
        )
    }
}

/// Options of a game: the number of players (`TOI-TEAM`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ToiOptions {
    /// `TOI-TEAM-4`: four players, one a division.
    #[serde(rename = "TOI-TEAM-4")]
    pub four_players: bool,
    /// `TOI-TEAM-3`: three players, the US with two.
    #[serde(rename = "TOI-TEAM-3-us")]
    pub three_players_us_two: bool,
    /// `TOI-TEAM-3`: three players, the German with two.
    #[serde(rename = "TOI-TEAM-3-de")]
    pub three_players_german_two: bool,
    /// `TOI-SETUP-5`: the players build their squads from the scenario's figures.
    #[serde(rename = "TOI-SETUP-5")]
    pub build_squads: bool,
    /// `TOI-SETUP-5`: ... in secret, neither side seeing the other's bases until deployment.
    #[serde(rename = "TOI-SETUP-5-secret")]
    pub secret_building: bool,
    /// `TOI-SETUP-6`: the players deploy their starting units in the deployment areas.
    #[serde(rename = "TOI-SETUP-6")]
    pub deploy_units: bool,
}

impl ToiOptions {
    fn seating(&self) -> Result<Seating, SetupError> {
        match (
            self.four_players,
            self.three_players_us_two,
            self.three_players_german_two,
        ) {
            (false, false, false) => Ok(Seating::Two),
            (true, false, false) => Ok(Seating::Four),
            (false, true, false) => Ok(Seating::Three(Nation::Us)),
            (false, false, true) => Ok(Seating::Three(Nation::De)),
            _ => Err(SetupError(
                "choose one of TOI-TEAM-4, TOI-TEAM-3-us and TOI-TEAM-3-de (how many players)"
                    .to_owned(),
            )),
        }
    }
}

/// The options every scenario offers.
/// The options of every scenario: the players, and the setup the players make themselves.
fn options() -> Vec<OptionInfo> {
    [
        (
            "TOI-TEAM-4",
            "Four players: two teams, one player a division",
        ),
        (
            "TOI-TEAM-3-us",
            "Three players: the US with two, one a division",
        ),
        (
            "TOI-TEAM-3-de",
            "Three players: the German with two, one a division",
        ),
        (
            "TOI-SETUP-5",
            "The players build their squads from the scenario's figures",
        ),
        (
            "TOI-SETUP-5-secret",
            "The players build their squads in secret",
        ),
        (
            "TOI-SETUP-6",
            "The players deploy their units in the deployment areas",
        ),
    ]
    .into_iter()
    .map(|(id, name)| OptionInfo {
        id: id.to_owned(),
        name: name.to_owned(),
    })
    .collect()
}

impl Game for ToiGame {
    type Data = ToiData;
    type Options = ToiOptions;
    type Action = ToiAction;
    type View = ToiView;
    type Event = ToiEvent;

    fn info() -> GameInfo {
        info()
    }

    fn setup(
        data: &Arc<ToiData>,
        scenario: &str,
        options: &ToiOptions,
        rng: GameRng,
        log: &mut Log<ToiEvent>,
    ) -> Result<Self, SetupError> {
        let mut game = crate::setup::new_game(data, scenario, rng)?;
        game.seating = options.seating()?;
        game.setup.build = options.build_squads || options.secret_building;
        game.setup.secret = options.secret_building;
        game.setup.deploy = options.deploy_units;
        if game.setup.deploy
            && let Some(nation) = Nation::ALL
                .into_iter()
                .find(|n| game.scenario().deployment[n.index()].is_empty())
        {
            return Err(SetupError(format!(
                "scenario `{scenario}` gives the {} no deployment areas: play it without TOI-SETUP-6",
                nation.name()
            )));
        }
        if game.setup.build {
            crate::deployment::empty_bases(&mut game);
        }
        // TOI-SETUP-3: each deck shuffled apart, then the starting cards drawn in initiative
        // order; TOI-SETUP-7: the initial Op Fire, then round 1.
        crate::setup::shuffle_decks(&mut game);
        let first = game.initiative();
        let start = game.scenario().cards[first.index()].start;
        crate::cards::begin_draws(&mut game, first, start, true);
        driver::run(&mut game, log);
        Ok(game)
    }

    fn status(&self) -> Status {
        match self.outcome {
            Some(outcome) => Status::Over(outcome),
            None => Status::ToAct(crate::decisions::seat(self)),
        }
    }

    fn prompt(&self) -> Prompt {
        let (name, rule, text) = match self.step {
            Step::Action { nation } => (
                "action",
                crate::activation::ACTION,
                format!("{}: choose an action", nation.name()),
            ),
            Step::Moving(mv) => (
                "move",
                crate::movement::MOVE,
                format!(
                    "Where does it move? ({} MP left)",
                    crate::movement::mp_text(mv.mp)
                ),
            ),
            Step::AssaultSupport(_) => (
                "assault_support",
                crate::assault::ASSAULT,
                "Add up to 2 supporting squads, or assault".to_owned(),
            ),
            Step::DefenderLosses(a) => (
                "defender_losses",
                crate::assault::ASSAULT,
                format!("Remove a figure ({} hit(s) to go)", a.to_remove),
            ),
            Step::HiddenDefenders(_) => (
                "hidden_defenders",
                crate::hidden::HIDDEN,
                "Which hidden squads reveal themselves and fight the assault?".to_owned(),
            ),
            Step::Retreat(_) => (
                "retreat",
                crate::assault::ASSAULT,
                "Where do the defenders retreat?".to_owned(),
            ),
            Step::AdvanceAfter(_) => (
                "advance",
                crate::assault::ASSAULT,
                "Advance into the hex?".to_owned(),
            ),
            Step::Combining(_) => (
                "combine",
                crate::combined::COMBINED,
                "Add supporters, or fire".to_owned(),
            ),
            Step::OpFire(mv) => (
                "op_fire",
                crate::opfire::OP_FIRE,
                format!(
                    "Op Fire at {}, moving?",
                    crate::text::unit_name(self, mv.unit)
                ),
            ),
            Step::Casualties { hits, .. } => (
                "casualties",
                crate::fire::CASUALTIES,
                format!("Which figure is lost? ({hits} to go)"),
            ),
            Step::StatusOpFire { nation } => (
                "op_fire_placement",
                crate::status::STATUS_OP_FIRE,
                format!("{}: put units in Op Fire?", nation.name()),
            ),
            Step::TeamOrder { nation } => (
                "team_order",
                crate::teams::ORDER,
                format!("{}: which of your players goes first?", nation.name()),
            ),
            Step::Transfers { nation } => (
                "transfers",
                crate::status::TRANSFERS,
                format!("{}: move figures between squads of one hex?", nation.name()),
            ),
            Step::Reinforce { nation } => (
                "reinforcements",
                crate::status::REINFORCEMENTS,
                format!("{}: where does the reinforcement arrive?", nation.name()),
            ),
            Step::Draw {
                nation,
                extra,
                setup,
                ..
            } => (
                "draw",
                if setup {
                    crate::cards::SETUP_DRAW
                } else {
                    crate::cards::DRAW
                },
                if extra {
                    format!("{}: the \"+\": draw one more card?", nation.name())
                } else {
                    format!("{}: draw a strategy card from which deck?", nation.name())
                },
            ),
            Step::Card(play) => (
                "card",
                crate::cards::STRATEGY,
                format!(
                    "{}: {}: choose",
                    play.nation.name(),
                    self.data()
                        .cards
                        .cards
                        .get(usize::from(play.card))
                        .map_or("the card", |c| c.name.as_str())
                ),
            ),
            Step::Command { nation } => (
                "command",
                crate::command::SPEND,
                format!("{}: spend command on the initiative card?", nation.name()),
            ),
            Step::Entered(_)
            | Step::Resume(_)
            | Step::Obstacles(_)
            | Step::Stopped(_)
            | Step::AssaultLosses(_)
            | Step::NextRound
            | Step::AfterAction
            | Step::Status
            | Step::StatusClean
            | Step::SetupDone => ("system", crate::turn::ROUND, String::new()),
            Step::ObstacleOrder(_) => (
                "obstacle_order",
                crate::obstacles::TIMING,
                "Which obstacle resolves first?".to_owned(),
            ),
            Step::Build { nation, .. } => (
                "build",
                crate::deployment::BUILD,
                format!("{}: which figure goes on this base?", nation.name()),
            ),
            Step::Specialize { nation, .. } => (
                "specialize",
                crate::deployment::SPEC_ASSIGN,
                format!("{}: a specialization token for this squad?", nation.name()),
            ),
            Step::Deploy { nation } => (
                "deploy",
                crate::deployment::DEPLOY,
                format!("{}: where does this unit deploy?", nation.name()),
            ),
            Step::Over => ("over", crate::victory::WIN, "The game is over".to_owned()),
        };
        Prompt { name, rule, text }
    }

    fn legal_actions(&self, out: &mut Vec<ToiAction>) {
        if self.outcome.is_some() {
            out.clear();
        } else {
            crate::decisions::legal(self, out);
        }
    }

    fn apply(&mut self, action: ToiAction, log: &mut ToiLog) -> Result<Applied, Refusal> {
        driver::apply(self, action, log)
    }

    fn apply_listed(&mut self, action: ToiAction, log: &mut ToiLog) -> Result<Applied, Refusal> {
        driver::apply_listed(self, action, log)
    }

    fn statistics(&self) -> Option<&dyn overlord_engine::Statistics> {
        Some(self)
    }

    fn action_space(&self) -> Option<&overlord_engine::encoding::ActionSpace> {
        Some(crate::encoding::action_space(self))
    }

    fn action_id(&self, action: &ToiAction) -> Option<u32> {
        crate::encoding::action_id(self, action)
    }

    fn observation_shape(&self) -> Option<&overlord_engine::encoding::ObservationShape> {
        Some(crate::encoding::observation_shape(self))
    }

    fn observe(&self, viewer: Viewer, out: &mut Vec<f32>) {
        crate::encoding::observe(self, viewer, out);
    }

    fn view(&self, viewer: Viewer) -> ToiView {
        crate::view::view(self, viewer)
    }

    fn determinize<R: Rng + ?Sized>(&self, _seat: Seat, rng: &mut R) -> Self {
        crate::view::determinize(self, rng)
    }

    fn anchors(&self, action: &ToiAction) -> Anchors {
        crate::view::anchors(self, action)
    }

    fn sight(&self, _viewer: Viewer, unit: u32) -> Option<overlord_engine::Sight> {
        crate::sight::sight(self, unit)
    }

    fn rng(&self) -> &GameRng {
        &self.rng
    }

    fn seats(&self) -> u8 {
        self.seating.players()
    }

    fn text_picture(&self, _viewer: Viewer) -> Option<String> {
        Some(crate::text::picture(self))
    }

    fn seat_label(&self, seat: Seat) -> String {
        crate::teams::label(self, seat)
    }

    /// `TOI-TEAM-4`: the players of a nation are a team.
    fn seat_side(&self, seat: Seat) -> String {
        crate::teams::commands(self, seat).0.name().to_owned()
    }
}

impl Chapters for ToiGame {
    fn advance(&mut self, log: &mut ToiLog) -> Progress {
        crate::turn::advance(self, log)
    }

    fn answer(&mut self, action: ToiAction, log: &mut ToiLog) -> Result<(), Refusal> {
        crate::decisions::answer(self, action, log)
    }

    fn reveals(&self) -> u64 {
        self.reveals
    }

    fn over(&self) -> bool {
        self.outcome.is_some()
    }
}
