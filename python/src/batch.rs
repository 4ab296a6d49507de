//! The batched stepper: many games of one scenario advanced by one call, without the GIL, the
//! games spread over the cores. A finished game is replaced by a new one at once (the next
//! seed), so every slot always holds a game to act in, as vectorised environments expect.

use crate::game::{floats_le, value_error};
use overlord_engine::{DynMatch, RandomSpec, Seat, Status, Viewer};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;
use std::path::PathBuf;

/// Many games of one scenario (Python: `overlord._native.NativeBatch`, wrapped by
/// `overlord.Batch`).
#[pyclass(module = "overlord._native")]
pub struct NativeBatch {
    game: String,
    scenario: String,
    options: serde_json::Value,
    data: PathBuf,
    games: Vec<Box<dyn DynMatch>>,
    /// Each game's legal ids as last listed, until it moves: `step` finds an id's action in
    /// them instead of listing the legal actions again.
    listed: Vec<Option<Vec<u32>>>,
    /// The seed of the next game started.
    next_seed: u64,
    actions: u32,
    observation_len: usize,
}

impl NativeBatch {
    fn start(&mut self) -> PyResult<Box<dyn DynMatch>> {
        let registry = crate::registry();
        let entry = registry.get(&self.game).map_err(value_error)?;
        let seed = self.next_seed;
        self.next_seed += 1;
        let mut game = entry
            .new_match(
                &self.data,
                &self.scenario,
                &self.options,
                RandomSpec::seeded(seed),
            )
            .map_err(value_error)?;
        // A batch is played for speed: no log, no undo.
        game.quieten();
        Ok(game)
    }
}

/// The place of `id` in `game`'s legal list (`listed` when the ids are already listed), or
/// why it has none.
fn place_of(game: &dyn DynMatch, listed: Option<&[u32]>, id: u32) -> Result<usize, String> {
    let found = match listed {
        Some(ids) => ids.iter().position(|legal| *legal == id),
        None => game
            .legal_action_ids()
            .unwrap_or_default()
            .iter()
            .position(|legal| *legal == id),
    };
    found.ok_or_else(|| format!("action {id} is not legal now"))
}

/// Play the legal action at `index` in `game` for the seat to act.
fn play(game: &mut dyn DynMatch, index: usize) -> Result<(), String> {
    match game.status() {
        Status::ToAct(seat) => game
            .apply_legal_index(seat, index)
            .map_err(|e| e.to_string()),
        Status::Over(_) => Err("the game is over".to_owned()),
    }
}

#[pymethods]
impl NativeBatch {
    /// `count` games of `scenario` of `game`, seeded `seed`, `seed + 1`, ...
    #[new]
    #[pyo3(signature = (game, scenario, count, seed=1, options=None, data=None))]
    fn new(
        game: &str,
        scenario: &str,
        count: usize,
        seed: u64,
        options: Option<&str>,
        data: Option<PathBuf>,
    ) -> PyResult<NativeBatch> {
        let options = match options {
            Some(text) => serde_json::from_str(text)
                .map_err(|error| value_error(format!("options are not JSON: {error}")))?,
            None => serde_json::Value::Null,
        };
        let mut batch = NativeBatch {
            game: game.to_owned(),
            scenario: scenario.to_owned(),
            options,
            data: crate::game::data_dir(data, game),
            games: Vec::with_capacity(count),
            listed: vec![None; count],
            next_seed: seed,
            actions: 0,
            observation_len: 0,
        };
        if count == 0 {
            return Err(value_error("a batch needs at least one game"));
        }
        for _ in 0..count {
            let started = batch.start()?;
            batch.games.push(started);
        }
        let first = &batch.games[0];
        batch.actions = first
            .action_space_size()
            .ok_or_else(|| value_error(format!("{game} has no fixed action space yet")))?;
        batch.observation_len = first
            .observation_shape()
            .ok_or_else(|| value_error(format!("{game} has no observation tensor yet")))?
            .len();
        Ok(batch)
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }

    fn num_distinct_actions(&self) -> u32 {
        self.actions
    }

    fn observation_len(&self) -> usize {
        self.observation_len
    }

    /// The seat to act in each game.
    fn current_players(&self) -> Vec<u8> {
        self.games
            .iter()
            .map(|g| match g.status() {
                Status::ToAct(seat) => seat.0,
                Status::Over(_) => 0,
            })
            .collect()
    }

    /// Each game's legal action ids.
    fn legal_action_ids(&mut self, py: Python<'_>) -> Vec<Vec<u32>> {
        let listed = self.list(py);
        self.listed = listed.iter().cloned().map(Some).collect();
        listed
    }

    /// Every game's legal ids in one run, and where each game's begin: `(ids, offsets)`, both
    /// little-endian u32 bytes, `offsets` one longer than the batch (game `i`'s ids are
    /// `ids[offsets[i]..offsets[i + 1]]`), for agents that choose with array operations.
    fn legal_action_ids_flat<'py>(
        &mut self,
        py: Python<'py>,
    ) -> (Bound<'py, PyBytes>, Bound<'py, PyBytes>) {
        let listed = self.list(py);
        let mut ids = Vec::with_capacity(listed.iter().map(Vec::len).sum::<usize>() * 4);
        let mut offsets = Vec::with_capacity((listed.len() + 1) * 4);
        let mut at = 0u32;
        offsets.extend_from_slice(&at.to_le_bytes());
        for game in &listed {
            for id in game {
                ids.extend_from_slice(&id.to_le_bytes());
            }
            at += u32::try_from(game.len()).unwrap_or(u32::MAX);
            offsets.extend_from_slice(&at.to_le_bytes());
        }
        self.listed = listed.into_iter().map(Some).collect();
        (PyBytes::new(py, &ids), PyBytes::new(py, &offsets))
    }

    /// Each game's legal ids, the games keeping their legal actions for `step`.
    fn list(&mut self, py: Python<'_>) -> Vec<Vec<u32>> {
        let games = &mut self.games;
        py.detach(|| {
            games
                .par_iter_mut()
                .map(|g| g.list_legal_action_ids().unwrap_or_default())
                .collect()
        })
    }

    /// Each game's legal-action mask, one after the other: `len * num_distinct_actions`
    /// bytes, 1 for a legal id.
    fn legal_action_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let size = self.actions as usize;
        let games = &self.games;
        let masks = py.detach(|| {
            let mut masks = vec![0u8; games.len() * size];
            masks
                .par_chunks_mut(size.max(1))
                .zip(games.par_iter())
                .for_each(|(mask, game)| {
                    for id in game.legal_action_ids().unwrap_or_default() {
                        if let Some(slot) = mask.get_mut(id as usize) {
                            *slot = 1;
                        }
                    }
                });
            masks
        });
        PyBytes::new(py, &masks)
    }

    /// Each game's observation for the seat to act there, one after the other:
    /// `len * observation_len` float32 values, little-endian.
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let games = &self.games;
        let bytes = py.detach(|| {
            let values: Vec<Vec<f32>> = games
                .par_iter()
                .map(|g| {
                    let seat = match g.status() {
                        Status::ToAct(seat) => seat,
                        Status::Over(_) => Seat(0),
                    };
                    let mut values = Vec::new();
                    g.observe(Viewer::Seat(seat), &mut values);
                    values
                })
                .collect();
            floats_le(&values.concat())
        });
        PyBytes::new(py, &bytes)
    }

    /// `step` with the ids as little-endian u32 bytes (numpy's `astype("<u4").tobytes()`).
    fn step_bytes(&mut self, py: Python<'_>, ids: &[u8]) -> PyResult<Vec<Option<Vec<f64>>>> {
        if !ids.len().is_multiple_of(4) {
            return Err(value_error("the ids are not little-endian u32 values"));
        }
        let ids = ids
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        self.step(py, ids)
    }

    /// Play `ids[i]` in game `i`, for each game. Every id is checked first: one that is not
    /// legal in its game raises ValueError (naming the game) and no game moves. A game that
    /// ends is replaced by a new one; the answer is, per game, its seats' returns if it ended
    /// with this step (else None).
    fn step(&mut self, py: Python<'_>, ids: Vec<u32>) -> PyResult<Vec<Option<Vec<f64>>>> {
        if ids.len() != self.games.len() {
            return Err(value_error(format!(
                "{} ids for {} games",
                ids.len(),
                self.games.len()
            )));
        }
        // The listed ids serve this one step: every game may move.
        let listed = std::mem::replace(&mut self.listed, vec![None; self.games.len()]);
        // Find every id's action before any game moves, so a refusal changes nothing (a
        // search of the ids listed, on this thread: listing again is the slow path).
        let mut indices = Vec::with_capacity(ids.len());
        let mut refused = None;
        for (i, ((game, &id), kept)) in self.games.iter().zip(&ids).zip(&listed).enumerate() {
            match place_of(game.as_ref(), kept.as_deref(), id) {
                Ok(index) => indices.push(index),
                Err(refusal) => {
                    refused = Some(format!("game {i}: {refusal}"));
                    break;
                }
            }
        }
        if let Some(refusal) = refused {
            // Nothing moved: the ids listed still stand.
            self.listed = listed;
            return Err(value_error(refusal));
        }
        let games = &mut self.games;
        let played: Vec<Result<Option<Vec<f64>>, String>> = py.detach(|| {
            games
                .par_iter_mut()
                .zip(indices.par_iter())
                .map(|(g, &index)| {
                    play(g.as_mut(), index)?;
                    Ok(match g.status() {
                        Status::Over(outcome) => Some(outcome.rewards()),
                        Status::ToAct(_) => None,
                    })
                })
                .collect()
        });
        let mut answers = Vec::with_capacity(played.len());
        for result in played {
            answers.push(result.map_err(value_error)?);
        }
        let ended: Vec<usize> = answers
            .iter()
            .enumerate()
            .filter_map(|(i, answer)| answer.is_some().then_some(i))
            .collect();
        for i in ended {
            self.games[i] = self.start()?;
        }
        Ok(answers)
    }

    /// `step_bytes`, then `legal_action_ids_flat` of the games as they now stand, in one
    /// call: `(returns, ids, offsets)`, as an agent's loop asks for them.
    #[allow(clippy::type_complexity)]
    fn step_and_list<'py>(
        &mut self,
        py: Python<'py>,
        ids: &[u8],
    ) -> PyResult<(
        Vec<Option<Vec<f64>>>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
    )> {
        let returns = self.step_bytes(py, ids)?;
        let (ids, offsets) = self.legal_action_ids_flat(py);
        Ok((returns, ids, offsets))
    }
}
