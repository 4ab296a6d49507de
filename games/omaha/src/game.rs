//! D-Day at Omaha Beach under the engine's `Game` contract: the prompts of spec 5.1, the seat
//! that decides each (rule 1's cooperative game, with [`crate::seats`]), their legal actions and
//! anchors, and the dispatch of each answer to its rules chapter; and its components
//! under the engine's `Components` contract (scenarios and their options, the map and board
//! drawn).

use crate::action::{OmahaAction, OmahaEvent, OmahaLog};
use crate::data::{OmahaData, Scenario};
use crate::state::{Omaha, OmahaOptions, Step, UsLoc};
use crate::view::OmahaView;
use overlord_engine::driver::{self, Chapters, Progress};
use overlord_engine::{
    Anchors, Applied, Components, DataErrors, Game, GameInfo, GameRng, OptionInfo, Prompt, Refusal,
    ScenarioInfo, Seat, SetupError, Status, Viewer,
};
use rand::Rng;
use std::path::Path;
use std::sync::Arc;

impl Game for Omaha {
    type Data = OmahaData;
    type Options = OmahaOptions;
    type Action = OmahaAction;
    type View = OmahaView;
    type Event = OmahaEvent;

    fn info() -> GameInfo {
        crate::info()
    }

    fn setup(
        data: &Arc<OmahaData>,
        scenario: &str,
        options: &OmahaOptions,
        rng: GameRng,
        log: &mut OmahaLog,
    ) -> Result<Omaha, SetupError> {
        let mut state = crate::setup::setup_logged(data, scenario, options, rng, log)?;
        let name = data
            .scenarios
            .get(usize::from(state.scenario))
            .map_or("", |s| s.name.as_str())
            .to_owned();
        let turn = state.turn;
        log.public(crate::setup::SETUP, OmahaEvent::TurnBegins { turn }, || {
            format!("{name}: turn {turn} begins.")
        });
        state.run(log);
        Ok(state)
    }

    fn status(&self) -> Status {
        match self.outcome {
            Some(outcome) => Status::Over(outcome),
            None => Status::ToAct(deciding_seat(self)),
        }
    }

    fn seats(&self) -> u8 {
        crate::seats::count(self)
    }

    fn seat_label(&self, seat: Seat) -> String {
        crate::seats::label(self, seat)
    }

    /// Both divisions play for one side: the cooperative game is won or lost together.
    fn seat_side(&self, _seat: Seat) -> String {
        "US".to_owned()
    }

    fn statistics(&self) -> Option<&dyn overlord_engine::Statistics> {
        Some(self)
    }

    fn action_space(&self) -> Option<&overlord_engine::encoding::ActionSpace> {
        Some(crate::encoding::action_space(self))
    }

    fn action_id(&self, action: &OmahaAction) -> Option<u32> {
        crate::encoding::action_id(self, action)
    }

    fn observation_shape(&self) -> Option<&overlord_engine::encoding::ObservationShape> {
        Some(crate::encoding::observation_shape(self))
    }

    fn observe(&self, _viewer: Viewer, out: &mut Vec<f32>) {
        crate::encoding::observe(self, out);
    }

    fn prompt(&self) -> Prompt {
        let (name, rule, text) = match self.step {
            Step::RangerDrift { unit, .. } => (
                "ranger_drift",
                crate::landing::RANGERS,
                format!("{} may drift 0-4 boxes East (5.13).", self.name(unit)),
            ),
            Step::MineVictim(sector) => (
                "mine_victim",
                crate::landing::MINES,
                format!(
                    "A mine explodes in the {sector:?} sector: choose the unit that loses a step (5.14)."
                ),
            ),
            Step::LeaderFollow { leader, .. } => (
                "leader_follow",
                crate::landing::LEADERS,
                format!(
                    "P-LEADER-FOLLOW: {} may follow a unit that drifted out of its box, or stay (5.12).",
                    self.name(leader)
                ),
            ),
            Step::FireTie { position, take, .. } => (
                "fire_tie",
                crate::fire::HIT_LIMIT,
                format!(
                    "G-FIRE-TIE: which unit does {} hit{}? These are equal in fire level, distance and steps (6.31).",
                    crate::fire::position_name(self, position),
                    if take > 1 {
                        format!(" ({take} hits left)")
                    } else {
                        String::new()
                    }
                ),
            ),
            Step::LeaderHit { position, left, .. } => (
                "leader_hit",
                crate::fire::STAR_CHOICE,
                format!(
                    "G-LEADER: which Leader does {}'s star hit{}? These are equally near (11.41).",
                    crate::fire::position_name(self, position),
                    if left > 1 {
                        format!(" ({left} hits left)")
                    } else {
                        String::new()
                    }
                ),
            ),
            Step::TankFireTie { tank, take, .. } => (
                "fire_tie",
                crate::fire::HIT_LIMIT,
                format!(
                    "G-FIRE-TIE: which unit does the German tank {} hit{}? These are equal in fire level, distance and steps (6.31, 23.4).",
                    crate::tanks::tank_name(self, tank),
                    if take > 1 {
                        format!(" ({take} hits left)")
                    } else {
                        String::new()
                    }
                ),
            ),
            Step::TankLeaderHit { tank, left, .. } => (
                "leader_hit",
                crate::fire::STAR_CHOICE,
                format!(
                    "G-LEADER: which Leader does the German tank {}'s star hit{}? These are equally near (11.41, 23.4).",
                    crate::tanks::tank_name(self, tank),
                    if left > 1 {
                        format!(" ({left} hits left)")
                    } else {
                        String::new()
                    }
                ),
            ),
            Step::TankMoveTie { tank, .. } => (
                "tank_move_tie",
                crate::armor::MOVEMENT,
                format!(
                    "G-TANK-TIE: where does the German tank {} go on? These hexes bring it equally near a US unit (23.5).",
                    crate::tanks::tank_name(self, tank)
                ),
            ),
            Step::ArtilleryTie { sector, .. } => (
                "artillery_tie",
                crate::fire::ARTILLERY,
                format!(
                    "G-ART-TIE: which unit does German artillery hit in the {sector:?} sector? These are equal in priority and steps (6.5)."
                ),
            ),
            Step::GermanChoice { .. } => crate::german_actions::prompt(self),
            Step::Deploy(unit) => (
                "deploy",
                crate::deploy::DEPLOY,
                match crate::deploy::kind(self, unit) {
                    Some(crate::deploy::Deploy::Box) => format!(
                        "P-DEPLOY: place {} in a landing box of its sector (21.1, 5.3).",
                        self.name(unit)
                    ),
                    _ => format!(
                        "P-DEPLOY: place {} on a beach hex of its sector at the water's edge (21.1, 5.21).",
                        self.name(unit)
                    ),
                },
            ),
            Step::Place(unit) => (
                "place_box",
                crate::landing::PLACE,
                format!(
                    "Place {} in a landing box{} (5.3).",
                    self.name(unit),
                    if self.turn >= 7 { ", or delay it" } else { "" }
                ),
            ),
            Step::Engineers { sector, left } => (
                "clear_obstacles",
                crate::engineers::CLEAR,
                format!(
                    "Engineers in the {sector:?} sector may clear {left} more obstacle hex(es) (10.1)."
                ),
            ),
            Step::EngineerBase { division } => (
                "engineer_base",
                crate::engineer_bases::LIMITS,
                format!(
                    "P-ENG-BASE: the {division} Division may place a new Engineer Base or extend one base's range, not both (19.1, 19.2, 19.21)."
                ),
            ),
            Step::CommandPosts(division) => (
                "command_posts",
                crate::command_posts::ESTABLISH,
                format!(
                    "P-CP: the {division} Division's HQs outside every potential German fire field may become Command Posts (18.1)."
                ),
            ),
            Step::DivisionOrder => (
                "division_order",
                crate::actions::LIMITS,
                "Which division acts first (7.2)?".to_owned(),
            ),
            Step::Actions { division, left, .. } => (
                "actions",
                crate::actions::LIMITS,
                format!(
                    "{division} Division: {left} action(s) left; free actions too; {} Division units may also move across the sector line (7.1, 7.2, 7.22).",
                    division.other()
                ),
            ),
            Step::Infiltration { unit, with, .. } => (
                "infiltration",
                crate::movement::INFILTRATION,
                match with {
                    Some(with) => format!(
                        "{} and {} took a loss infiltrating: complete the move together or stay (7.32, 7.21)?",
                        self.name(unit),
                        self.name(with)
                    ),
                    None => format!(
                        "{} lost a step infiltrating: complete the move or stay (7.32)?",
                        self.name(unit)
                    ),
                },
            ),
            Step::Attack { target, stage, .. } => crate::combat::prompt(self, target, stage),
            Step::Stacking => (
                "stacking",
                crate::actions::STACKING,
                "Too many units in a hex: choose one to eliminate (7.63).".to_owned(),
            ),
            // II event prompts and P-HERO-SACRIFICE (events, 11.14).
            Step::HeroPlacement { .. }
            | Step::StepAdd { .. }
            | Step::Prisoner { .. }
            | Step::PatrolReport { .. }
            | Step::Meemies
            | Step::NavalHit { .. }
            | Step::HeroSacrifice { .. } => crate::events::prompt(self),
            Step::Over => (
                "game_over",
                crate::turn::VICTORY,
                "The game is over.".to_owned(),
            ),
            _ => (
                "running",
                crate::turn::SEQUENCE,
                "The turn runs on.".to_owned(),
            ),
        };
        Prompt { name, rule, text }
    }

    fn legal_actions(&self, out: &mut Vec<OmahaAction>) {
        out.clear();
        match self.step {
            Step::RangerDrift { .. } => {
                out.extend((0..=4).map(|boxes| OmahaAction::RangerDrift { boxes }))
            }
            Step::MineVictim(sector) => {
                let card = self.landing_cards[sector.slot()].unwrap_or(0);
                out.extend(
                    crate::landing::mine_candidates(self, sector, card)
                        .into_iter()
                        .map(|unit| OmahaAction::MineVictim { unit }),
                );
            }
            Step::LeaderFollow { leader, .. } => {
                out.extend(
                    crate::landing::follow_options(self, leader)
                        .into_iter()
                        .map(|unit| OmahaAction::LeaderFollows { unit: Some(unit) }),
                );
                out.push(OmahaAction::LeaderFollows { unit: None });
            }
            Step::FireTie { .. } | Step::TankFireTie { .. } => out.extend(
                self.choices
                    .iter()
                    .map(|&unit| OmahaAction::FireTieTarget { unit }),
            ),
            Step::LeaderHit { .. } | Step::TankLeaderHit { .. } => out.extend(
                self.choices
                    .iter()
                    .map(|&unit| OmahaAction::LeaderTarget { unit }),
            ),
            Step::TankMoveTie { .. } => out.extend(
                self.hex_choices
                    .iter()
                    .map(|&hex| OmahaAction::TankMoveTo { hex }),
            ),
            Step::ArtilleryTie { .. } => out.extend(
                self.choices
                    .iter()
                    .map(|&unit| OmahaAction::ArtilleryTarget { unit }),
            ),
            Step::GermanChoice { .. } => crate::german_actions::legal(self, out),
            Step::Deploy(unit) => crate::deploy::legal(self, unit, out),
            Step::Place(unit) => {
                out.extend(
                    crate::landing::legal_boxes(self, unit)
                        .into_iter()
                        .map(|landing_box| OmahaAction::PlaceInBox { unit, landing_box }),
                );
                if self.turn >= 7 {
                    out.extend(
                        (self.turn + 1..self.last_turn())
                            .map(|to_turn| OmahaAction::Delay { unit, to_turn }),
                    );
                }
            }
            Step::Engineers { sector, .. } => {
                out.extend(
                    crate::engineers::clearable(self, sector)
                        .into_iter()
                        .map(|hex| OmahaAction::Clear { hex }),
                );
                out.push(OmahaAction::StopClearing);
            }
            Step::EngineerBase { division } => {
                out.extend(
                    crate::engineer_bases::placeable(self, division)
                        .into_iter()
                        .map(|hex| OmahaAction::PlaceBase { hex }),
                );
                out.extend(
                    crate::engineer_bases::advanceable(self, division)
                        .into_iter()
                        .map(|hex| OmahaAction::AdvanceBase { hex }),
                );
                out.push(OmahaAction::SkipBase);
            }
            Step::CommandPosts(division) => {
                out.extend(
                    crate::command_posts::establishable(self, division)
                        .into_iter()
                        .map(|hq| OmahaAction::EstablishCp { hq }),
                );
                out.push(OmahaAction::CommandPostsDone);
            }
            Step::DivisionOrder => out.extend(
                [
                    crate::data::Division::First,
                    crate::data::Division::TwentyNinth,
                ]
                .map(|division| OmahaAction::FirstDivision { division }),
            ),
            Step::Actions { division, left, .. } => {
                crate::actions::legal(self, division, left, out)
            }
            Step::Infiltration { .. } => {
                out.extend([true, false].map(|go| OmahaAction::CompleteInfiltration { go }))
            }
            Step::Attack { .. } => crate::combat::legal(self, out),
            Step::HeroPlacement { .. }
            | Step::StepAdd { .. }
            | Step::Prisoner { .. }
            | Step::PatrolReport { .. }
            | Step::Meemies
            | Step::NavalHit { .. }
            | Step::HeroSacrifice { .. } => crate::events::legal(self, out),
            Step::Stacking => {
                if let Some(hex) = crate::actions::overstacked_hex(self) {
                    out.extend(
                        self.us_at(UsLoc::Hex(hex))
                            .filter(|&u| !self.data.index.us[usize::from(u)].is_leader())
                            .map(|unit| OmahaAction::EliminateForStacking { unit }),
                    );
                }
            }
            _ => {}
        }
    }

    fn apply(&mut self, action: OmahaAction, log: &mut OmahaLog) -> Result<Applied, Refusal> {
        driver::apply(self, action, log)
    }

    /// The legal list is half of a playout's cost; an action taken from it need not be
    /// checked against it again (the driver skips it in release builds; the tests check).
    fn apply_listed(
        &mut self,
        action: OmahaAction,
        log: &mut OmahaLog,
    ) -> Result<Applied, Refusal> {
        driver::apply_listed(self, action, log)
    }

    fn view(&self, viewer: Viewer) -> OmahaView {
        crate::view::view(self, viewer)
    }

    fn determinize<R: Rng + ?Sized>(&self, _seat: Seat, rng: &mut R) -> Omaha {
        crate::view::determinize(self, rng)
    }

    fn anchors(&self, action: &OmahaAction) -> Anchors {
        crate::view::anchors(self, action)
    }

    fn rng(&self) -> &GameRng {
        &self.rng
    }

    fn text_picture(&self, _viewer: Viewer) -> Option<String> {
        Some(crate::text::picture(self))
    }
}

/// 4.2: the rules chapters behind the engine's turn driver: the turn sequence's system steps
/// (`turn`), each prompt's chapter, and the cards drawn as the reveal counter (undo never
/// crosses a card).
impl Chapters for Omaha {
    fn advance(&mut self, log: &mut OmahaLog) -> Progress {
        self.advance_turn(log)
    }

    fn reveals(&self) -> u64 {
        u64::from(self.draws) + u64::from(self.flips)
    }

    fn over(&self) -> bool {
        self.outcome.is_some()
    }

    fn refusal(&self, action: &OmahaAction, legal: &[OmahaAction]) -> Refusal {
        // 20.3: say why a unit may not leave the map.
        if let OmahaAction::ExitMap { unit } = *action
            && let Some(reason) = crate::exits::why_not(self, unit)
        {
            return Refusal::by_rule(crate::exits::EXIT, reason);
        }
        driver::not_an_answer(self, action, legal)
    }

    /// The state change of an action already known to answer the prompt.
    fn answer(&mut self, action: OmahaAction, log: &mut OmahaLog) -> Result<(), Refusal> {
        match (self.step, action) {
            (Step::RangerDrift { sector, unit }, OmahaAction::RangerDrift { boxes }) => {
                crate::landing::ranger_drift(self, sector, unit, boxes, log)
            }
            (Step::MineVictim(sector), OmahaAction::MineVictim { unit }) => {
                crate::landing::mine_victim(self, sector, unit, log)
            }
            (Step::LeaderFollow { .. }, OmahaAction::LeaderFollows { unit }) => {
                crate::landing::leader_follows(self, unit, log)
            }
            (Step::FireTie { .. }, OmahaAction::FireTieTarget { unit }) => {
                crate::fire::fire_tie_answered(self, unit, log)
            }
            (Step::LeaderHit { .. }, OmahaAction::LeaderTarget { unit }) => {
                crate::fire::leader_answered(self, unit, log)
            }
            (Step::TankFireTie { .. }, OmahaAction::FireTieTarget { unit }) => {
                crate::armor::fire_tie_answered(self, unit, log)
            }
            (Step::TankLeaderHit { .. }, OmahaAction::LeaderTarget { unit }) => {
                crate::armor::leader_answered(self, unit, log)
            }
            (Step::TankMoveTie { .. }, OmahaAction::TankMoveTo { hex }) => {
                crate::armor::move_tie_answered(self, hex, log)
            }
            (Step::ArtilleryTie { event: false, .. }, OmahaAction::ArtilleryTarget { unit }) => {
                crate::fire::artillery_answered(self, unit, log)
            }
            (Step::ArtilleryTie { event: true, .. }, OmahaAction::ArtilleryTarget { unit }) => {
                crate::events::german_artillery_answered(self, unit, log)
            }
            (Step::GermanChoice { .. }, action) => {
                crate::german_actions::answer(self, action, log)?
            }
            (Step::Deploy(_), OmahaAction::DeployOnHex { unit, hex }) => {
                crate::deploy::on_hex(self, unit, hex, log)
            }
            (Step::Deploy(_), OmahaAction::PlaceInBox { unit, landing_box }) => {
                crate::deploy::in_box(self, unit, landing_box, log)
            }
            (Step::Place(_), OmahaAction::PlaceInBox { unit, landing_box }) => {
                crate::landing::place(self, unit, landing_box, log)
            }
            (Step::Place(_), OmahaAction::Delay { unit, to_turn }) => {
                crate::landing::delay_voluntarily(self, unit, to_turn, log)
            }
            (Step::Engineers { .. }, OmahaAction::Clear { hex }) => {
                crate::engineers::clear(self, hex, log)
            }
            (Step::Engineers { .. }, OmahaAction::StopClearing) => crate::engineers::stop(self),
            (Step::EngineerBase { .. }, OmahaAction::PlaceBase { hex }) => {
                crate::engineer_bases::place(self, hex, log)
            }
            (Step::EngineerBase { .. }, OmahaAction::AdvanceBase { hex }) => {
                crate::engineer_bases::advance(self, hex, log)
            }
            (Step::EngineerBase { .. }, OmahaAction::SkipBase) => {
                crate::engineer_bases::skip(self, log)
            }
            (Step::CommandPosts(_), OmahaAction::EstablishCp { hq }) => {
                crate::command_posts::establish(self, hq, log)
            }
            (Step::CommandPosts(_), OmahaAction::CommandPostsDone) => {
                crate::command_posts::done(self)
            }
            (Step::DivisionOrder, OmahaAction::FirstDivision { division }) => {
                self.step = Step::Actions {
                    division,
                    left: crate::tables::schedule::actions_per_division(self.turn),
                    second: false,
                };
            }
            (
                Step::Actions { .. },
                OmahaAction::Attack { .. }
                | OmahaAction::Barrage { .. }
                | OmahaAction::NavalBarrage { .. },
            ) => crate::combat::apply(self, action, log),
            (Step::Attack { .. }, action) => crate::combat::apply(self, action, log),
            (Step::Actions { .. }, action) => crate::actions::apply(self, action, log),
            (Step::Infiltration { .. }, OmahaAction::CompleteInfiltration { go }) => {
                crate::actions::complete_infiltration(self, go, log)
            }
            (
                Step::HeroPlacement { .. }
                | Step::StepAdd { .. }
                | Step::Prisoner { .. }
                | Step::PatrolReport { .. }
                | Step::Meemies
                | Step::NavalHit { .. }
                | Step::HeroSacrifice { .. },
                action,
            ) => crate::events::apply(self, action, log),
            (Step::Stacking, OmahaAction::EliminateForStacking { unit }) => {
                self.eliminate(unit, crate::actions::STACKING, log)
            }
            _ => return Err(Refusal::new("that action does not answer this prompt")),
        }
        crate::seats::pass_deep_units(self, log);
        Ok(())
    }
}

/// Who decides the prompt showing now. Our choices (docs/omaha/interpretations.md, rule 1):
/// a unit's prompt is its commander's; a sector's (German fire ties, mines, engineers,
/// reports) is the player's whose division lands there; the division order (7.2) is the 1st
/// Division's player's.
fn deciding_seat(state: &Omaha) -> Seat {
    if !state.options.two_player {
        return Seat(0);
    }
    match state.step {
        Step::RangerDrift { unit, .. }
        | Step::Place(unit)
        | Step::Deploy(unit)
        | Step::LeaderFollow { leader: unit, .. }
        | Step::Infiltration { unit, .. }
        | Step::HeroSacrifice { unit } => crate::seats::of_unit(state, unit),
        Step::MineVictim(sector)
        | Step::LandingCheck(sector)
        | Step::Fire(sector)
        | Step::GermanActions(sector)
        | Step::GermanChoice { sector, .. }
        | Step::FireTie { sector, .. }
        | Step::LeaderHit { sector, .. }
        | Step::TankFireTie { sector, .. }
        | Step::TankLeaderHit { sector, .. }
        | Step::TankMoveTie { sector, .. }
        | Step::ArtilleryTie { sector, .. }
        | Step::Engineers { sector, .. }
        | Step::Prisoner { sector }
        | Step::PatrolReport { sector } => crate::seats::of_sector(state, sector),
        Step::Actions { division, .. }
        | Step::Attack { division, .. }
        | Step::EngineerBase { division }
        | Step::CommandPosts(division)
        | Step::HeroPlacement { division, .. }
        | Step::StepAdd { division } => crate::seats::of_division(state, division),
        Step::NavalHit { position, .. } => state
            .data
            .index
            .positions
            .get(usize::from(position))
            .map_or(Seat(0), |p| crate::seats::of_sector(state, p.sector)),
        // The units the event may hit: the first one's commander.
        Step::Meemies => crate::events::meemies_candidates(state)
            .first()
            .map_or(Seat(0), |&u| crate::seats::of_unit(state, u)),
        Step::Stacking => crate::actions::overstacked_hex(state)
            .and_then(|hex| state.us_at(UsLoc::Hex(hex)).next())
            .map_or(Seat(0), |u| crate::seats::of_unit(state, u)),
        Step::DivisionOrder
        | Step::Land
        | Step::NextArrival
        | Step::Event
        | Step::EndOfTurn
        | Step::EngineerHq
        | Step::Over => Seat(0),
    }
}

impl Components for OmahaData {
    fn load(dir: &Path) -> Result<OmahaData, DataErrors> {
        OmahaData::load_layered(&[dir])
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        self.scenarios
            .iter()
            .map(|s| ScenarioInfo {
                id: s.id.clone(),
                name: s.name.clone(),
                seats: 1,
                options: scenario_options(s),
            })
            .collect()
    }

    fn summary(&self) -> String {
        format!(
            "{} hexes, {} positions, {} landing boxes, {} US units, {} German counters, {} cards, \
             {} counters in all, {} scenarios",
            self.map.len(),
            self.positions.wns.len() + self.positions.reinforcements.len(),
            self.boxes.landing.len(),
            self.us.units.len(),
            self.german.counters(),
            self.cards.len(),
            self.counter_count(),
            self.scenarios.len()
        )
    }

    fn map_svg(&self) -> Option<String> {
        Some(crate::picture::svg(self))
    }

    fn board(&self) -> Option<serde_json::Value> {
        Some(crate::board::board(self))
    }
}

/// The options a game of `scenario` may be started with: the variants its file offers (22,
/// 23, 14.2) and, where both sectors are played, the cooperative game for two (rule 1).
fn scenario_options(scenario: &Scenario) -> Vec<OptionInfo> {
    let variant = |id: &str| match id {
        "22.1" => "Effective Allied bombardment (22.1, VP -10)",
        "22.2" => "First-wave tanks safe (22.2, VP -5)",
        "22.3" => "Rangers reinforce Pointe du Hoc (22.3, VP +5)",
        "22.4" => "Improved German reaction (22.4, VP +5)",
        "14.2" => "Early German actions from turn 12 (14.2)",
        "23" => "German armor (23)",
        _ => "",
    };
    let mut options: Vec<OptionInfo> = scenario
        .variants
        .iter()
        .map(|id| OptionInfo {
            id: id.clone(),
            name: match variant(id) {
                "" => format!("Variant {id}"),
                name => name.to_owned(),
            },
        })
        .collect();
    if scenario.sectors.len() > 1 {
        options.push(OptionInfo {
            id: "two-player".to_owned(),
            name: "Two players, one per US division (cooperative, rule 1)".to_owned(),
        });
    }
    options
}
