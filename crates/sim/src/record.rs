//! One game's line of results ([`GameLine`], one JSON object per line of `--out`) and the
//! observer that gathers it while the game is played ([`Tracker`]).
//!
//! The tracker reads the game's [`Statistics`] (when it has any: [`Game::statistics`]) only when
//! the turn changes and at the end, never per decision: the turn is a field read, the losses
//! build strings. So the losses of turn `t`
//! are those counted from the first decision of turn `t` (from setup, for the first turn) to
//! the first decision of the next turn: everything the system does in between (the end of turn
//! `t`, and the next turn's procedures that run before its first prompt) falls on turn `t`.

use overlord_ai::harness::{GameResult, Observer};
use overlord_engine::{Game, Seat, Statistics};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How a game ended, from the first seat's side (every seat's result is in the line's
/// `rewards`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    Won,
    Lost,
    Draw,
    /// The game did not end: setup refused, a bot failed, or the decision limit was reached.
    Failed,
}

/// One game's results: a line of `--out`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    /// The game's index in the batch, from 0.
    pub game: u64,
    /// When comparing: `a` (the run as asked) or `b` (the compared variant).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    /// The game's seed (its random generator's and, with the seat, its bots').
    pub seed: u64,
    pub outcome: Ending,
    /// The rule that ended the game (`13.1`), absent for a failed game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The first seat's score (victory points in D-Day at Omaha Beach), absent for a failed
    /// game; `scores` has every seat's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// Every seat's reward, in seat order (1 a win, ½ a draw, 0 a loss; OpenSpiel's
    /// `Returns()`); empty for a failed game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rewards: Vec<f64>,
    /// Every seat's score, in seat order; empty for a failed game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<i32>,
    /// The turn the game ended on (or stopped on, when it failed).
    pub end_turn: u32,
    /// Decisions the bots made.
    pub decisions: u32,
    /// The turn the game started on: `losses[f][i]` is turn `first_turn + i`.
    pub first_turn: u32,
    /// Losses per formation (the game's names), per turn from `first_turn` to `end_turn`.
    pub losses: BTreeMap<String, Vec<u32>>,
    /// The places the opponent still held at the end, as the game names them.
    pub holding_out: Vec<String>,
    /// Where men or units were lost: per whose losses (the game's names), the hex label of each
    /// loss ([`Statistics::fallen_at`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fallen_at: BTreeMap<String, Vec<String>>,
    /// The game's figures at the end of each turn from `first_turn` (the last at the game's
    /// end), per name ([`Statistics::turn_figures`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub turn_figures: BTreeMap<String, Vec<i64>>,
    /// The game's named counters at the end ([`Statistics::counters`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub counters: BTreeMap<String, i64>,
    /// Why the game did not end, for a failed game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
}

impl GameLine {
    /// Whether the game ended (it did not fail).
    pub fn ended(&self) -> bool {
        self.outcome != Ending::Failed
    }

    /// The line's total losses of `formation`.
    pub fn total_losses(&self, formation: &str) -> u32 {
        self.losses.get(formation).map_or(0, |v| v.iter().sum())
    }
}

/// Watches one game for its [`GameLine`]: losses per turn, the last turn, what held out.
#[derive(Clone, Debug, Default)]
pub struct Tracker {
    first_turn: u32,
    turn: u32,
    /// The cumulative losses at the last poll, per formation in the game's order.
    polled: Vec<u32>,
    names: Vec<String>,
    /// Per formation, the losses of each turn from `first_turn`.
    by_turn: Vec<Vec<u32>>,
    holding_out: Vec<String>,
    fallen_at: Vec<(String, String)>,
    /// Per name of the game's turn figures, the value at the end of each turn so far.
    turn_figures: BTreeMap<String, Vec<i64>>,
    counters: Vec<(String, i64)>,
}

impl Tracker {
    /// Book the losses since the last poll on the turn now running (`self.turn`).
    fn close_turn(&mut self, state: &dyn Statistics) {
        let losses = state.losses();
        if self.names.len() != losses.len() {
            // The game promises the same formations throughout; should one appear anyway,
            // start it from zero rather than lose it.
            self.names = losses.iter().map(|(name, _)| name.clone()).collect();
            self.polled.resize(losses.len(), 0);
            self.by_turn.resize(losses.len(), Vec::new());
        }
        let slot = self.turn.saturating_sub(self.first_turn) as usize;
        for (((_, cumulative), polled), turns) in
            losses.iter().zip(&mut self.polled).zip(&mut self.by_turn)
        {
            if turns.len() <= slot {
                turns.resize(slot + 1, 0);
            }
            if let Some(cell) = turns.get_mut(slot) {
                *cell += cumulative.saturating_sub(*polled);
            }
            *polled = *cumulative;
        }
        for (name, value) in state.turn_figures() {
            let values = self.turn_figures.entry(name).or_default();
            if values.len() <= slot {
                // A turn the game skipped figures for keeps the last value (none yet: 0).
                let last = values.last().copied().unwrap_or(0);
                values.resize(slot + 1, last);
            }
            if let Some(cell) = values.get_mut(slot) {
                *cell = value;
            }
        }
    }

    /// The line of game `game` (seed `seed`), once it is over.
    pub fn line(self, game: u64, result: &GameResult) -> GameLine {
        let outcome = match (&result.outcome, &result.failure) {
            (Some(o), None) if o.draw => Ending::Draw,
            (Some(o), None) if o.winners.contains(Seat(0)) => Ending::Won,
            (Some(_), None) => Ending::Lost,
            _ => Ending::Failed,
        };
        let ended = result.outcome.filter(|_| result.failure.is_none());
        GameLine {
            game,
            run: None,
            seed: result.seed,
            outcome,
            rule: ended.map(|o| o.rule.to_string()),
            score: ended.map(|o| o.score(Seat(0))),
            rewards: ended.map(|o| o.rewards()).unwrap_or_default(),
            scores: ended.map(|o| o.scores().to_vec()).unwrap_or_default(),
            end_turn: self.turn,
            decisions: result.decisions,
            first_turn: self.first_turn,
            losses: self.names.into_iter().zip(self.by_turn).collect(),
            holding_out: self.holding_out,
            turn_figures: self.turn_figures,
            fallen_at: self.fallen_at.into_iter().fold(
                BTreeMap::new(),
                |mut by_whose, (whose, hex)| {
                    by_whose.entry(whose).or_insert_with(Vec::new).push(hex);
                    by_whose
                },
            ),
            counters: self.counters.into_iter().collect(),
            failure: result.failure.clone(),
        }
    }
}

impl<G: Game> Observer<G> for Tracker {
    fn start(&mut self, state: &G) {
        let Some(stats) = state.statistics() else {
            return;
        };
        self.first_turn = stats.turn().unwrap_or(0);
        self.turn = self.first_turn;
        let losses = stats.losses();
        // Losses before the first decision (the setup's own procedures) belong to the first
        // turn: the baseline is zero, not the losses at setup.
        self.polled = vec![0; losses.len()];
        self.by_turn = vec![vec![0]; losses.len()];
        self.names = losses.into_iter().map(|(name, _)| name).collect();
    }

    fn after_action(&mut self, state: &G) {
        let Some(stats) = state.statistics() else {
            return;
        };
        let turn = stats.turn().unwrap_or(0);
        if turn != self.turn {
            self.close_turn(stats);
            self.turn = turn;
        }
    }

    fn end(&mut self, state: &G) {
        let Some(stats) = state.statistics() else {
            return;
        };
        self.close_turn(stats);
        self.turn = stats.turn().unwrap_or(0);
        self.holding_out = stats.holding_out();
        self.fallen_at = stats.fallen_at();
        self.counters = stats.counters();
    }
}
