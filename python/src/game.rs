//! A game of any registered game, driven from Python one action at a time.

use overlord_engine::{
    AdviceRequest, DynMatch, GameRecord, RandomSpec, RegistryError, Seat, Status, Viewer,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::path::{Path, PathBuf};

/// OpenSpiel's id for "nobody: the game is over" (`kTerminalPlayerId`).
const TERMINAL_PLAYER: i64 = -4;

/// A Python `ValueError` carrying `error`'s message: bad input from Python (an unknown game,
/// an illegal action, a broken record) is refused with its reason, never a crash.
pub fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The data folder of `game` under `root` (else the default root).
pub fn data_dir(root: Option<PathBuf>, game: &str) -> PathBuf {
    overlord_registry::data_root::game_dir(&overlord_registry::data_root::resolve(root), game)
}

fn json_text(value: &impl serde::Serialize) -> String {
    // Everything the engine hands out is made of plain JSON values.
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

/// `values` as little-endian float32 bytes (numpy's `<f4`).
pub fn floats_le(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

impl NativeMatch {
    /// The action space's size, or the error a game without one gives.
    fn space_size(&self) -> PyResult<u32> {
        self.inner.action_space_size().ok_or_else(|| {
            value_error(format!(
                "{} has no fixed action space yet: play it with legal_actions() and apply()",
                self.game
            ))
        })
    }

    /// Who sees: `seat`, or a spectator for None; a seat the game has not is refused.
    fn viewer(&self, seat: Option<u8>) -> PyResult<Viewer> {
        match seat {
            None => Ok(Viewer::Spectator),
            Some(seat) if seat < self.inner.seats() => Ok(Viewer::Seat(Seat(seat))),
            Some(seat) => Err(value_error(format!(
                "no seat {seat}: this game has seats 0 to {}",
                self.inner.seats().saturating_sub(1)
            ))),
        }
    }
}

/// One game in progress (Python: `overlord._native.NativeMatch`, wrapped by `overlord.Game`).
#[pyclass(module = "overlord._native")]
pub struct NativeMatch {
    inner: Box<dyn DynMatch>,
    game: String,
    data: PathBuf,
}

impl NativeMatch {
    fn started(
        game: &str,
        data: &Path,
        start: impl FnOnce(&dyn overlord_engine::GameEntry) -> Result<Box<dyn DynMatch>, RegistryError>,
    ) -> PyResult<NativeMatch> {
        let registry = crate::registry();
        let entry = registry.get(game).map_err(value_error)?;
        Ok(NativeMatch {
            inner: start(entry).map_err(value_error)?,
            game: game.to_owned(),
            data: data.to_owned(),
        })
    }
}

#[pymethods]
impl NativeMatch {
    /// Start scenario `scenario` of `game` from `seed`, with `options` (JSON text of the
    /// scenario options, or None for the defaults) and the data under `data`.
    /// With `log` false the game is played for speed: no log and no undo (an environment's
    /// or a search's games).
    #[new]
    #[pyo3(signature = (game, scenario, seed=1, options=None, data=None, log=true))]
    fn new(
        game: &str,
        scenario: &str,
        seed: u64,
        options: Option<&str>,
        data: Option<PathBuf>,
        log: bool,
    ) -> PyResult<NativeMatch> {
        let options: serde_json::Value = match options {
            Some(text) => serde_json::from_str(text)
                .map_err(|error| value_error(format!("options are not JSON: {error}")))?,
            None => serde_json::Value::Null,
        };
        let dir = data_dir(data, game);
        let mut started = NativeMatch::started(game, &dir, |entry| {
            entry.new_match(&dir, scenario, &options, RandomSpec::seeded(seed))
        })?;
        if !log {
            started.inner.quieten();
        }
        Ok(started)
    }

    /// The game a record (JSON text, as `record_json` or `overlord play`'s `save` writes it)
    /// holds, replayed to its last action.
    #[staticmethod]
    #[pyo3(signature = (record, data=None))]
    fn from_record(record: &str, data: Option<PathBuf>) -> PyResult<NativeMatch> {
        let record: GameRecord = serde_json::from_str(record)
            .map_err(|error| value_error(format!("not a game record: {error}")))?;
        let dir = data_dir(data, &record.game);
        NativeMatch::started(&record.game.clone(), &dir, |entry| {
            entry.replay(&dir, &record)
        })
    }

    /// The game's registry id.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// The game's data folder.
    #[getter]
    fn data(&self) -> PathBuf {
        self.data.clone()
    }

    /// How many seats this game is played with.
    fn num_players(&self) -> u8 {
        self.inner.seats()
    }

    /// What `seat` is called at the table.
    fn seat_label(&self, seat: u8) -> PyResult<String> {
        self.viewer(Some(seat))?;
        Ok(self.inner.seat_label(Seat(seat)))
    }

    /// The seat to act, or -4 (OpenSpiel's terminal player) when the game is over.
    fn current_player(&self) -> i64 {
        match self.inner.status() {
            Status::ToAct(seat) => i64::from(seat.0),
            Status::Over(_) => TERMINAL_PLAYER,
        }
    }

    fn is_terminal(&self) -> bool {
        matches!(self.inner.status(), Status::Over(_))
    }

    /// Each seat's reward: 1 a win, ½ a draw, 0 a loss; all 0 while the game goes on.
    fn returns(&self) -> Vec<f64> {
        match self.inner.status() {
            Status::Over(outcome) => outcome.rewards(),
            Status::ToAct(_) => vec![0.0; usize::from(self.inner.seats())],
        }
    }

    /// The outcome as JSON (winners, scores, the rule that ended it), or None while the game
    /// goes on.
    fn outcome_json(&self) -> Option<String> {
        match self.inner.status() {
            Status::Over(outcome) => Some(json_text(&outcome)),
            Status::ToAct(_) => None,
        }
    }

    /// The decision asked for now, as JSON (its name, rule and question).
    fn prompt_json(&self) -> String {
        let prompt = self.inner.prompt();
        json_text(&serde_json::json!({
            "name": prompt.name,
            "rule": prompt.rule,
            "text": prompt.text,
        }))
    }

    /// The legal actions of the seat to act, as a JSON list of actions.
    fn legal_actions_json(&self) -> String {
        let actions: Vec<serde_json::Value> = self
            .inner
            .legal_actions()
            .into_iter()
            .map(|legal| legal.action)
            .collect();
        json_text(&actions)
    }

    /// The legal actions with their labels and places on the table, as JSON.
    fn legal_actions_anchored_json(&self) -> String {
        json_text(&self.inner.legal_actions())
    }

    /// Play `action` (JSON text of one of the legal actions) for the seat to act. An illegal
    /// action raises ValueError with the rule's reason and changes nothing.
    fn apply_json(&mut self, action: &str) -> PyResult<()> {
        let Status::ToAct(seat) = self.inner.status() else {
            return Err(value_error("the game is over: no action can be played"));
        };
        let action: serde_json::Value = serde_json::from_str(action)
            .map_err(|error| value_error(format!("the action is not JSON: {error}")))?;
        self.inner.apply_json(seat, &action).map_err(value_error)
    }

    /// What `seat` may know (None: a spectator, who sees what every seat may), as JSON.
    #[pyo3(signature = (seat=None))]
    fn view_json(&self, seat: Option<u8>) -> PyResult<String> {
        Ok(self.inner.view_text(self.viewer(seat)?).get().to_owned())
    }

    /// The log entries from `start` on that `seat` may read (None: a spectator), as JSON, each
    /// with the rule that wrote it.
    #[pyo3(signature = (seat=None, start=0))]
    fn log_json(&self, seat: Option<u8>, start: usize) -> PyResult<String> {
        Ok(json_text(&self.inner.log(self.viewer(seat)?, start)))
    }

    /// A compact text picture of the game for `seat` (None: a spectator), when the game
    /// draws one.
    #[pyo3(signature = (seat=None))]
    fn text_picture(&self, seat: Option<u8>) -> PyResult<Option<String>> {
        Ok(self.inner.text_picture(self.viewer(seat)?))
    }

    /// The record of the game so far, as JSON: `from_record` replays it.
    fn record_json(&self) -> String {
        json_text(&self.inner.record())
    }

    /// An independent copy.
    #[pyo3(name = "clone")]
    fn clone_py(&self) -> NativeMatch {
        NativeMatch {
            inner: self.inner.clone_match(),
            game: self.game.clone(),
            data: self.data.clone(),
        }
    }

    /// A game `seat` cannot tell apart from this one, what it cannot see redrawn from
    /// `seed` (information-set search). Its record is this game's.
    fn determinize(&self, seat: u8, seed: u64) -> PyResult<NativeMatch> {
        self.viewer(Some(seat))?;
        Ok(NativeMatch {
            inner: self.inner.determinized(Seat(seat), seed),
            game: self.game.clone(),
            data: self.data.clone(),
        })
    }

    /// The game's fixed action space as JSON (`size` and its `blocks`), or None for a game
    /// without one yet.
    fn action_space_json(&self) -> Option<String> {
        self.inner.action_space().map(|space| json_text(&space))
    }

    /// How many action ids the game has (OpenSpiel's `num_distinct_actions`).
    fn num_distinct_actions(&self) -> PyResult<u32> {
        self.space_size()
    }

    /// The ids of the legal actions, in the order of `legal_actions_json`.
    fn legal_action_ids(&mut self) -> PyResult<Vec<u32>> {
        self.space_size()?;
        // Kept by the match, so that `apply_id` of one of them lists nothing again.
        self.inner
            .list_legal_action_ids()
            .ok_or_else(|| value_error("a legal action has no id"))
    }

    /// The legal-action mask: a byte per action id, 1 for the legal ones.
    fn legal_action_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let size = self.space_size()? as usize;
        let mut mask = vec![0u8; size];
        for id in self.legal_action_ids()? {
            if let Some(slot) = mask.get_mut(id as usize) {
                *slot = 1;
            }
        }
        Ok(PyBytes::new(py, &mask))
    }

    /// Play the legal action with id `id` for the seat to act; an id no legal action has is
    /// refused (ValueError) and changes nothing.
    fn apply_id(&mut self, id: u32) -> PyResult<()> {
        let Status::ToAct(seat) = self.inner.status() else {
            return Err(value_error("the game is over: no action can be played"));
        };
        self.inner.apply_id(seat, id).map_err(value_error)
    }

    /// The shape of `observation` as JSON (planes, cells and their names, globals), or None
    /// for a game without one yet.
    fn observation_shape_json(&self) -> Option<String> {
        self.inner
            .observation_shape()
            .map(|shape| json_text(&shape))
    }

    /// What `seat` may know (None: a spectator) as numbers: float32, little-endian, the
    /// planes over the cells, then the globals.
    #[pyo3(signature = (seat=None))]
    fn observation<'py>(&self, py: Python<'py>, seat: Option<u8>) -> PyResult<Bound<'py, PyBytes>> {
        if self.inner.observation_shape().is_none() {
            return Err(value_error(format!(
                "{} has no observation tensor yet",
                self.game
            )));
        }
        let mut values = Vec::new();
        self.inner.observe(self.viewer(seat)?, &mut values);
        Ok(PyBytes::new(py, &floats_le(&values)))
    }

    /// Take back the last action.
    fn undo(&mut self) -> PyResult<()> {
        self.inner.undo().map_err(value_error)
    }

    /// What a bot (`rule`, `ismcts:iterations=200`, as `overlord sim --bot` names it) would
    /// play for the seat to act, from what that seat may know: JSON of the action, the bot
    /// and its reason. Releases the GIL while the bot thinks.
    #[pyo3(signature = (bot="rule", seed=1))]
    fn advise_json(&self, py: Python<'_>, bot: &str, seed: u64) -> PyResult<String> {
        let Status::ToAct(seat) = self.inner.status() else {
            return Err(value_error("the game is over: there is nothing to advise"));
        };
        let request = AdviceRequest {
            bot: bot.to_owned(),
            seed,
            time: None,
        };
        let inner = &self.inner;
        let advice = py
            .detach(|| inner.advise(seat, &request))
            .map_err(value_error)?;
        Ok(json_text(&advice))
    }
}
