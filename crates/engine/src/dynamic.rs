//! The object-safe face of a game, with JSON actions and views, for the CLI and the server;
//! and the registry of games.

use crate::advice::{AdviceRequest, AdvisedAction, Advisor};
use crate::encoding::{ActionSpace, ObservationShape};
use crate::game::{Anchors, Components, DataErrors, Game, GameInfo, Prompt, ScenarioInfo, Status};
use crate::log::{Audience, RuleId};
use crate::record::GameRecord;
use crate::rng::RandomSpec;
use crate::seat::{Seat, Viewer};
use crate::session::{Match, MatchError};
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;
use std::marker::PhantomData;
use std::path::Path;
use std::sync::Arc;

/// One legal action as JSON, with its UI anchors.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LegalAction {
    /// The action, as the game serialises it; send it back to play it.
    pub action: Value,
    /// Where it shows on the table, and its label.
    pub anchors: Anchors,
}

/// One log entry as JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogLine {
    /// Position in the full log.
    pub index: usize,
    /// The rule that produced it.
    pub rule: RuleId,
    /// The sentence for people.
    pub text: String,
    /// The structured event.
    pub event: Value,
    /// Who may read it.
    pub audience: Audience,
}

/// A game in progress, whatever the game: what the CLI and the server hold.
pub trait DynMatch: Send + Sync {
    /// The game's name and version.
    fn info(&self) -> GameInfo;
    /// How many seats the game is played with.
    fn seats(&self) -> u8;
    /// What `seat` is called at the table.
    fn seat_label(&self, seat: Seat) -> String;
    /// Who must decide now, or how the game ended.
    fn status(&self) -> Status;
    /// The decision asked for now.
    fn prompt(&self) -> Prompt;
    /// The legal actions of the seat to act.
    fn legal_actions(&self) -> Vec<LegalAction>;
    /// Play an action given as JSON for `seat`.
    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<(), MatchError>;
    /// What `viewer` may know, as JSON.
    fn view(&self, viewer: Viewer) -> Value;
    /// [`DynMatch::view`] already written out, for a server that only passes it on (no
    /// `Value` tree to build and free on every answer).
    fn view_text(&self, viewer: Viewer) -> Box<RawValue>;
    /// The log entries from `from` on that `viewer` may read.
    fn log(&self, viewer: Viewer, from: usize) -> Vec<LogLine>;
    /// The full log's length.
    fn log_len(&self) -> usize;
    /// The seat whose last action undo would take back, if any.
    fn undoable_by(&self) -> Option<Seat>;
    /// Take back the last action.
    fn undo(&mut self) -> Result<(), MatchError>;
    /// The record of the game so far.
    fn record(&self) -> GameRecord;
    /// A compact text picture of what matters now, for terminal play (`None` if the game has none).
    fn text_picture(&self, viewer: Viewer) -> Option<String>;
    /// What a bot would play for `seat` (the seat to act), from what that seat may know only:
    /// a hint, or the move of a seat the computer plays. Changes nothing.
    fn advise(&self, seat: Seat, request: &AdviceRequest) -> Result<AdvisedAction, MatchError>;
    /// An independent copy of the game, its log and record with it: a search or a
    /// what-if plays on the copy and leaves this one as it was.
    fn clone_match(&self) -> Box<dyn DynMatch>;
    /// A game `seat` cannot tell apart from this one, what it cannot see redrawn from `seed`
    /// ([`Match::determinized`]).
    fn determinized(&self, seat: Seat, seed: u64) -> Box<dyn DynMatch>;
    /// Play from now on for speed: no log, no undo ([`Match::quieten`]).
    fn quieten(&mut self);
    /// Play the `index`th legal action for `seat` ([`Match::apply_legal_index`]).
    fn apply_legal_index(&mut self, seat: Seat, index: usize) -> Result<(), MatchError>;
    /// How many ids the game's fixed action space has, `None` for a game without one (without
    /// copying the space, as [`DynMatch::action_space`] does).
    fn action_space_size(&self) -> Option<u32>;
    /// The game's fixed action space ([`crate::encoding`]), `None` for a game without one.
    fn action_space(&self) -> Option<ActionSpace>;
    /// The ids of [`DynMatch::legal_actions`], in its order; `None` for a game without an
    /// action space.
    fn legal_action_ids(&self) -> Option<Vec<u32>>;
    /// [`DynMatch::legal_action_ids`], the legal actions kept until the state changes, so that
    /// playing one of them by its place ([`DynMatch::apply_legal_index`]) lists nothing again.
    fn list_legal_action_ids(&mut self) -> Option<Vec<u32>>;
    /// Play the legal action whose id is `id` for `seat`; an id no legal action has is
    /// refused with what it names, and changes nothing.
    fn apply_id(&mut self, seat: Seat, id: u32) -> Result<(), MatchError>;
    /// Line of sight from `unit` as `viewer` may know it ([`crate::Game::sight`]).
    fn sight(&self, viewer: Viewer, unit: u32) -> Option<crate::Sight>;
    /// The shape of the observation, `None` for a game without one.
    fn observation_shape(&self) -> Option<ObservationShape>;
    /// What `viewer` may know as numbers ([`crate::Game::observe`]), into `out`.
    fn observe(&self, viewer: Viewer, out: &mut Vec<f32>);
}

impl<G: Game> DynMatch for Match<G> {
    fn info(&self) -> GameInfo {
        G::info()
    }

    fn seats(&self) -> u8 {
        self.state().seats()
    }

    fn seat_label(&self, seat: Seat) -> String {
        self.state().seat_label(seat)
    }

    fn status(&self) -> Status {
        Match::status(self)
    }

    fn prompt(&self) -> Prompt {
        self.state().prompt()
    }

    fn legal_actions(&self) -> Vec<LegalAction> {
        Match::legal_actions(self)
            .into_iter()
            .map(|action| LegalAction {
                action: serde_json::to_value(action).unwrap_or(Value::Null),
                anchors: self.state().anchors(&action),
            })
            .collect()
    }

    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<(), MatchError> {
        let action: G::Action = serde_json::from_value(action.clone())
            .map_err(|error| MatchError::BadAction(format!("{action}: {error}")))?;
        self.apply(seat, action)
    }

    fn view(&self, viewer: Viewer) -> Value {
        serde_json::to_value(self.state().view(viewer)).unwrap_or(Value::Null)
    }

    fn view_text(&self, viewer: Viewer) -> Box<RawValue> {
        serde_json::value::to_raw_value(&self.state().view(viewer)).unwrap_or_else(|_| {
            // A view that cannot be written is a game bug; answer `null` rather than fail.
            RawValue::from_string("null".to_owned()).unwrap_or_default()
        })
    }

    fn log(&self, viewer: Viewer, from: usize) -> Vec<LogLine> {
        Match::log(self)
            .visible_to(viewer)
            .filter(|(index, _)| *index >= from)
            .map(|(index, entry)| LogLine {
                index,
                rule: entry.rule,
                text: entry.text.clone(),
                event: serde_json::to_value(&entry.event).unwrap_or(Value::Null),
                audience: entry.audience,
            })
            .collect()
    }

    fn log_len(&self) -> usize {
        Match::log(self).len()
    }

    fn undoable_by(&self) -> Option<Seat> {
        Match::undoable_by(self)
    }

    fn undo(&mut self) -> Result<(), MatchError> {
        Match::undo(self)
    }

    fn record(&self) -> GameRecord {
        Match::record(self)
    }

    fn text_picture(&self, viewer: Viewer) -> Option<String> {
        self.state().text_picture(viewer)
    }

    fn sight(&self, viewer: Viewer, unit: u32) -> Option<crate::Sight> {
        self.state().sight(viewer, unit)
    }

    fn advise(&self, seat: Seat, request: &AdviceRequest) -> Result<AdvisedAction, MatchError> {
        let advice = Match::advise(self, seat, request)?;
        Ok(AdvisedAction {
            action: serde_json::to_value(advice.action)
                .map_err(|error| MatchError::NoAdvice(error.to_string()))?,
            anchors: self.state().anchors(&advice.action),
            bot: advice.bot,
            reason: advice.reason,
        })
    }

    fn clone_match(&self) -> Box<dyn DynMatch> {
        Box::new(Match::clone(self))
    }

    fn quieten(&mut self) {
        Match::quieten(self);
    }

    fn apply_legal_index(&mut self, seat: Seat, index: usize) -> Result<(), MatchError> {
        Match::apply_legal_index(self, seat, index)
    }

    fn determinized(&self, seat: Seat, seed: u64) -> Box<dyn DynMatch> {
        Box::new(Match::determinized(self, seat, seed))
    }

    fn action_space_size(&self) -> Option<u32> {
        self.state().action_space().map(ActionSpace::size)
    }

    fn action_space(&self) -> Option<ActionSpace> {
        self.state().action_space().cloned()
    }

    fn legal_action_ids(&self) -> Option<Vec<u32>> {
        let state = self.state();
        state.action_space()?;
        Match::legal_actions(self)
            .iter()
            .map(|action| state.action_id(action))
            .collect()
    }

    fn list_legal_action_ids(&mut self) -> Option<Vec<u32>> {
        self.state().action_space()?;
        let (listed, state) = self.listed_with_state();
        listed
            .iter()
            .map(|action| state.action_id(action))
            .collect()
    }

    fn apply_id(&mut self, seat: Seat, id: u32) -> Result<(), MatchError> {
        if self.state().action_space().is_none() {
            return Err(MatchError::BadAction(format!(
                "action {id}: {} has no fixed action space yet; play its actions as JSON",
                G::info().name
            )));
        }
        // The legal list is kept, so that playing the action found in it lists nothing again.
        let (listed, state) = self.listed_with_state();
        let found = listed
            .iter()
            .position(|action| state.action_id(action) == Some(id));
        match found {
            Some(index) => self.apply_legal_index(seat, index),
            None => {
                let space = state.action_space();
                Err(MatchError::BadAction(
                    match space.and_then(|space| space.locate(id)) {
                        Some((block, coords)) => {
                            format!("action {id} ({} {coords:?}) is not legal now", block.name)
                        }
                        None => format!(
                            "action {id} is past the action space, which has {} actions",
                            space.map_or(0, ActionSpace::size)
                        ),
                    },
                ))
            }
        }
    }

    fn observation_shape(&self) -> Option<ObservationShape> {
        self.state().observation_shape().cloned()
    }

    fn observe(&self, viewer: Viewer, out: &mut Vec<f32>) {
        self.state().observe(viewer, out);
    }
}

/// Why the registry could not start or replay a game.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    /// No game has this id.
    #[error("no game called `{0}`; `overlord games` lists the games there are")]
    UnknownGame(String),
    /// The game's components are in, its rules not yet.
    #[error("the rules of `{0}` are not playable yet: only its data can be validated and drawn")]
    NotPlayable(String),
    /// The game's data did not load.
    #[error(transparent)]
    Data(#[from] DataErrors),
    /// The options could not be read.
    #[error("bad options: {0}")]
    Options(String),
    /// The match refused.
    #[error(transparent)]
    Match(#[from] MatchError),
}

/// A game the registry can start, whatever its types.
pub trait GameEntry: Send + Sync {
    /// Name, version, seats.
    fn info(&self) -> GameInfo;
    /// The scenarios the data in `data_dir` offers.
    fn scenarios(&self, data_dir: &Path) -> Result<Vec<ScenarioInfo>, DataErrors>;
    /// Whether the rules are implemented, so `new_match` and `replay` can work.
    fn playable(&self) -> bool;
    /// The data's folder of one-file scenarios ([`crate::Components::SCENARIO_FOLDER`]).
    fn scenario_folder(&self) -> Option<&'static str> {
        None
    }
    /// Whether bots can play its seats and give hints ([`DynMatch::advise`]).
    fn has_bots(&self) -> bool {
        false
    }
    /// Load and check the data in `data_dir`, every file the game's data holds (its rules
    /// reference, [`crate::rules_reference`], too): every problem, or a one-line summary.
    fn validate(&self, data_dir: &Path) -> Result<String, DataErrors>;
    /// The board of the data in `data_dir` as SVG; `None` for a game without a map.
    fn map_svg(&self, data_dir: &Path) -> Result<Option<String>, DataErrors>;
    /// Scenario `id`'s own map as SVG ([`Components::scenario_svg`]).
    fn scenario_svg(
        &self,
        data_dir: &Path,
        id: &str,
    ) -> Result<Option<Result<String, String>>, DataErrors>;
    /// What a client needs besides the map to draw views ([`Components::board`]).
    fn board(&self, data_dir: &Path) -> Result<Option<Value>, DataErrors>;
    /// Start a game.
    fn new_match(
        &self,
        data_dir: &Path,
        scenario: &str,
        options: &Value,
        randomness: RandomSpec,
    ) -> Result<Box<dyn DynMatch>, RegistryError>;
    /// Rebuild a game from its record.
    fn replay(
        &self,
        data_dir: &Path,
        record: &GameRecord,
    ) -> Result<Box<dyn DynMatch>, RegistryError>;
}

/// What `validate` answers for components loaded from `data_dir`: their summary and the rules
/// reference's, or every problem of both, so one run lists everything to fix.
fn validated<D: Components>(
    loaded: Result<D, DataErrors>,
    data_dir: &Path,
) -> Result<String, DataErrors> {
    match (loaded, crate::rules_reference::read(data_dir)) {
        (Ok(data), Ok(None)) => Ok(data.summary()),
        (Ok(data), Ok(Some(reference))) => Ok(format!(
            "{}; {} rules in {}",
            data.summary(),
            reference.rules.len(),
            crate::rules_reference::RULES_FILE
        )),
        (loaded, reference) => {
            let mut problems = loaded.err().unwrap_or_default();
            problems.extend(reference.err().unwrap_or_default());
            Err(problems)
        }
    }
}

/// The registry entry of game type `G`.
///
/// It keeps the components it has loaded, per data folder, for the games it starts: a server
/// starting games all day reads and checks the files once (loading D-Day at Omaha Beach's data
/// costs as much as a thousand moves). `validate` always reads the files afresh; a change to the
/// data reaches new games after a restart.
pub struct Entry<G: Game> {
    loaded: std::sync::Mutex<Vec<(std::path::PathBuf, Arc<G::Data>)>>,
    advisor: Option<Advisor<G>>,
}

impl<G: Game> Entry<G> {
    /// The entry for `G`, boxed for a [`Registry`]: a game without bots.
    pub fn boxed() -> Box<dyn GameEntry> {
        Box::new(Entry::<G> {
            loaded: std::sync::Mutex::new(Vec::new()),
            advisor: None,
        })
    }

    /// The entry for `G` whose games bots can play and advise in through `advisor`.
    pub fn boxed_with_bots(advisor: Advisor<G>) -> Box<dyn GameEntry> {
        Box::new(Entry::<G> {
            loaded: std::sync::Mutex::new(Vec::new()),
            advisor: Some(advisor),
        })
    }

    fn advised(&self, game: Match<G>) -> Match<G> {
        match self.advisor {
            Some(advisor) => game.with_advisor(advisor),
            None => game,
        }
    }

    /// The components in `data_dir`, loaded once.
    fn data(&self, data_dir: &Path) -> Result<Arc<G::Data>, DataErrors> {
        let mut loaded = self
            .loaded
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, data)) = loaded.iter().find(|(dir, _)| dir == data_dir) {
            return Ok(Arc::clone(data));
        }
        let data = Arc::new(G::Data::load(data_dir)?);
        loaded.push((data_dir.to_owned(), Arc::clone(&data)));
        Ok(data)
    }
}

impl<G: Game> GameEntry for Entry<G> {
    fn info(&self) -> GameInfo {
        G::info()
    }

    fn playable(&self) -> bool {
        true
    }

    fn scenario_folder(&self) -> Option<&'static str> {
        G::Data::SCENARIO_FOLDER
    }

    fn has_bots(&self) -> bool {
        self.advisor.is_some()
    }

    fn scenarios(&self, data_dir: &Path) -> Result<Vec<ScenarioInfo>, DataErrors> {
        Ok(self.data(data_dir)?.scenarios())
    }

    fn validate(&self, data_dir: &Path) -> Result<String, DataErrors> {
        validated(G::Data::load(data_dir), data_dir)
    }

    fn map_svg(&self, data_dir: &Path) -> Result<Option<String>, DataErrors> {
        Ok(self.data(data_dir)?.map_svg())
    }

    fn scenario_svg(
        &self,
        data_dir: &Path,
        id: &str,
    ) -> Result<Option<Result<String, String>>, DataErrors> {
        Ok(self.data(data_dir)?.scenario_svg(id))
    }

    fn board(&self, data_dir: &Path) -> Result<Option<Value>, DataErrors> {
        Ok(G::Data::load(data_dir)?.board())
    }

    fn new_match(
        &self,
        data_dir: &Path,
        scenario: &str,
        options: &Value,
        randomness: RandomSpec,
    ) -> Result<Box<dyn DynMatch>, RegistryError> {
        let data = self.data(data_dir)?;
        let options: G::Options = if options.is_null() {
            G::Options::default()
        } else {
            serde_json::from_value(options.clone())
                .map_err(|error| RegistryError::Options(error.to_string()))?
        };
        Ok(Box::new(self.advised(Match::<G>::new(
            data, scenario, options, randomness,
        )?)))
    }

    fn replay(
        &self,
        data_dir: &Path,
        record: &GameRecord,
    ) -> Result<Box<dyn DynMatch>, RegistryError> {
        let data = self.data(data_dir)?;
        Ok(Box::new(
            self.advised(Match::<G>::from_record(data, record)?),
        ))
    }
}

/// The registry entry of a game whose components are authored but whose rules are not yet
/// implemented: it validates and draws its data, and refuses to start a game.
pub struct ComponentsEntry<D> {
    info: GameInfo,
    components: PhantomData<fn() -> D>,
}

impl<D: Components> ComponentsEntry<D> {
    /// The entry for components `D` of the game `info` describes, boxed for a [`Registry`].
    pub fn boxed(info: GameInfo) -> Box<dyn GameEntry> {
        Box::new(ComponentsEntry::<D> {
            info,
            components: PhantomData,
        })
    }
}

impl<D: Components> GameEntry for ComponentsEntry<D> {
    fn info(&self) -> GameInfo {
        self.info.clone()
    }

    fn playable(&self) -> bool {
        false
    }

    fn scenarios(&self, data_dir: &Path) -> Result<Vec<ScenarioInfo>, DataErrors> {
        Ok(D::load(data_dir)?.scenarios())
    }

    fn validate(&self, data_dir: &Path) -> Result<String, DataErrors> {
        validated(D::load(data_dir), data_dir)
    }

    fn map_svg(&self, data_dir: &Path) -> Result<Option<String>, DataErrors> {
        Ok(D::load(data_dir)?.map_svg())
    }

    fn scenario_svg(
        &self,
        data_dir: &Path,
        id: &str,
    ) -> Result<Option<Result<String, String>>, DataErrors> {
        Ok(D::load(data_dir)?.scenario_svg(id))
    }

    fn board(&self, data_dir: &Path) -> Result<Option<Value>, DataErrors> {
        Ok(D::load(data_dir)?.board())
    }

    fn new_match(
        &self,
        _data_dir: &Path,
        _scenario: &str,
        _options: &Value,
        _randomness: RandomSpec,
    ) -> Result<Box<dyn DynMatch>, RegistryError> {
        Err(RegistryError::NotPlayable(self.info.id.to_owned()))
    }

    fn replay(
        &self,
        _data_dir: &Path,
        _record: &GameRecord,
    ) -> Result<Box<dyn DynMatch>, RegistryError> {
        Err(RegistryError::NotPlayable(self.info.id.to_owned()))
    }
}

/// Every game this build knows. The CLI, the server and the simulator find games only here.
#[derive(Default)]
pub struct Registry {
    entries: Vec<Box<dyn GameEntry>>,
}

impl Registry {
    /// A registry of `entries`.
    pub fn new(entries: Vec<Box<dyn GameEntry>>) -> Registry {
        Registry { entries }
    }

    /// Every game, in registration order.
    pub fn games(&self) -> impl Iterator<Item = &dyn GameEntry> {
        self.entries.iter().map(AsRef::as_ref)
    }

    /// The game with this id.
    pub fn get(&self, id: &str) -> Result<&dyn GameEntry, RegistryError> {
        self.games()
            .find(|entry| entry.info().id == id)
            .ok_or_else(|| RegistryError::UnknownGame(id.to_owned()))
    }
}

/// Scenario options given as flags (`NAME` turns one on, `NAME=VALUE` sets it, VALUE read as
/// JSON when it is JSON, else as text), as the JSON object the games read: null when none is
/// given. The error names the flag that names no option.
pub fn options_json(options: &[String]) -> Result<Value, String> {
    if options.is_empty() {
        return Ok(Value::Null);
    }
    let mut map = serde_json::Map::new();
    for option in options {
        let (name, value) = match option.split_once('=') {
            Some((name, value)) => (
                name,
                serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_owned())),
            ),
            None => (option.as_str(), Value::Bool(true)),
        };
        if name.is_empty() {
            return Err(format!("`--option {option}` names no option"));
        }
        map.insert(name.to_owned(), value);
    }
    Ok(Value::Object(map))
}
