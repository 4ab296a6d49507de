//! The balance lab of the workshop: a batch of games of a saved scenario, the rule bot in
//! every seat, each seat's wins with their Wilson interval.

use crate::app::App;
use crate::errors::ApiError;
use overlord_engine::{AdviceRequest, DynMatch, GameEntry, RandomSpec, Seat, Status};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::Instant;

/// The most games one balance request plays.
pub const BALANCE_GAMES: u32 = 200;

/// The most actions one balance game may take before it is counted as stalled.
const BALANCE_ACTIONS: usize = 50_000;

/// `POST .../balance`: how many games of which scenario, from which seed.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BalanceRequest {
    /// The scenario; the file's own when absent.
    #[serde(default)]
    pub scenario: Option<String>,
    #[serde(default)]
    pub games: Option<u32>,
    #[serde(default)]
    pub seed: Option<u64>,
}

/// How a batch of games played by the rule bot went, seat by seat.
#[derive(Clone, Debug, Serialize)]
pub struct Balance {
    pub scenario: String,
    pub bot: &'static str,
    pub games: u32,
    pub seats: Vec<SeatBalance>,
    /// Games that ended drawn.
    pub draws: u32,
    /// Games stopped at the action limit, counted as lost by every seat.
    pub stalled: u32,
    pub mean_decisions: f64,
    pub seconds: f64,
}

/// One seat's wins in a batch, with the 95 % Wilson interval of its rate.
#[derive(Clone, Debug, Serialize)]
pub struct SeatBalance {
    pub seat: u8,
    pub label: String,
    pub wins: u32,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
    pub mean_score: f64,
}

impl App {
    /// Play `request.games` games of a saved file's scenario with the rule bot in every seat.
    pub fn workshop_balance(
        &self,
        game: &str,
        key: &str,
        request: &BalanceRequest,
    ) -> Result<Balance, ApiError> {
        let dir = self.workshop_data(game, key)?;
        let saved = self.saved(game, key)?;
        let scenario = request.scenario.clone().or(saved.scenario).ok_or_else(|| {
            ApiError::bad_request(
                "bad_balance",
                "the saved file names no scenario: say which with `scenario`",
            )
        })?;
        let games = request.games.unwrap_or(20);
        if games == 0 || games > BALANCE_GAMES {
            return Err(ApiError::bad_request(
                "bad_balance",
                format!("`games` is {games}: ask for 1 to {BALANCE_GAMES}"),
            ));
        }
        let entry = self.registry.get(game)?;
        if !entry.has_bots() {
            return Err(ApiError::bad_request(
                "bad_balance",
                format!("no bot plays `{game}`"),
            ));
        }
        balance(entry, &dir, &scenario, games, request.seed.unwrap_or(1))
    }
}

/// Play `games` games of `scenario` in `dir` with the rule bot in every seat.
fn balance(
    entry: &dyn GameEntry,
    dir: &Path,
    scenario: &str,
    games: u32,
    seed: u64,
) -> Result<Balance, ApiError> {
    let started = Instant::now();
    let mut wins: Vec<u32> = Vec::new();
    let mut scores: Vec<f64> = Vec::new();
    let mut labels: Vec<String> = Vec::new();
    let (mut draws, mut stalled, mut decisions) = (0, 0, 0usize);
    for game in 0..u64::from(games) {
        let game_seed = seed.wrapping_add(game);
        let mut session = entry.new_match(
            dir,
            scenario,
            &serde_json::Value::Null,
            RandomSpec::seeded(game_seed),
        )?;
        session.quieten();
        if labels.is_empty() {
            labels = (0..session.seats())
                .map(|seat| session.seat_label(Seat(seat)))
                .collect();
            wins = vec![0; labels.len()];
            scores = vec![0.0; labels.len()];
        }
        let outcome = play_out(session.as_mut(), game_seed, &mut decisions)?;
        match outcome {
            None => stalled += 1,
            Some(outcome) => {
                draws += u32::from(outcome.draw);
                for (seat, score) in scores.iter_mut().enumerate() {
                    let seat = Seat(seat as u8);
                    *score += f64::from(outcome.score(seat));
                    if outcome.winners.contains(seat) {
                        wins[usize::from(seat.0)] += 1;
                    }
                }
            }
        }
    }
    let n = f64::from(games);
    Ok(Balance {
        scenario: scenario.to_owned(),
        bot: "rule",
        games,
        seats: labels
            .into_iter()
            .enumerate()
            .map(|(seat, label)| {
                let (low, high) = wilson(wins[seat], games);
                SeatBalance {
                    seat: seat as u8,
                    label,
                    wins: wins[seat],
                    rate: f64::from(wins[seat]) / n,
                    low,
                    high,
                    mean_score: scores[seat] / n,
                }
            })
            .collect(),
        draws,
        stalled,
        mean_decisions: decisions as f64 / n,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// One game to its end with the rule bot deciding for every seat; `None` when it runs past
/// [`BALANCE_ACTIONS`].
fn play_out(
    session: &mut dyn DynMatch,
    seed: u64,
    decisions: &mut usize,
) -> Result<Option<overlord_engine::Outcome>, ApiError> {
    for step in 0..BALANCE_ACTIONS {
        let seat = match session.status() {
            Status::Over(outcome) => return Ok(Some(outcome)),
            Status::ToAct(seat) => seat,
        };
        let advised = session.advise(seat, &AdviceRequest::rule(seed.wrapping_add(step as u64)))?;
        session.apply_json(seat, &advised.action)?;
        *decisions += 1;
    }
    Ok(None)
}

/// The 95 % Wilson score interval of `wins` in `games`.
fn wilson(wins: u32, games: u32) -> (f64, f64) {
    let (n, z) = (f64::from(games), 1.959_964);
    let p = f64::from(wins) / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wilson_interval_holds_the_rate() {
        let (low, high) = wilson(9, 20);
        assert!(low < 0.45 && 0.45 < high, "{low} {high}");
        assert!((low - 0.258).abs() < 0.01 && (high - 0.658).abs() < 0.01);
        assert_eq!(wilson(0, 4).0, 0.0);
    }
}
