//! Two runs on the same seeds, compared game by game.
//!
//! Both runs play game `i` from the same seed, so the same deal and the same card order meet
//! both variants (until their choices part them). The difference of the two games of a seed is
//! one observation; its mean over the seeds, with a 95 % normal interval from the per-seed
//! differences (a paired comparison), says more, with fewer games, than two separate intervals.
//! A bot compared with itself plays every seed alike: every difference is 0 and so is the
//! interval.

use crate::record::{Ending, GameLine};
use crate::summary::Summary;
use overlord_ai::stats::Mean;
use serde::Serialize;
use std::fmt;

/// The mean of per-seed differences (`b - a`) with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Difference {
    pub mean: f64,
    pub sd: f64,
    pub low: f64,
    pub high: f64,
}

impl From<Mean> for Difference {
    fn from(m: Mean) -> Difference {
        let interval = m.interval95();
        Difference {
            mean: m.mean(),
            sd: m.sd(),
            low: interval.low,
            high: interval.high,
        }
    }
}

/// One seat's paired differences (`b - a`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatDifference {
    /// The seat's number, from 0.
    pub seat: u8,
    /// Seeds where the seat won in `b` and not in `a`, and the other way round.
    pub only_b_won: u64,
    pub only_a_won: u64,
    /// Reward of `b` minus reward of `a` (a win 1, a draw ½).
    pub win_rate: Difference,
    /// Score of `b` minus score of `a`.
    pub score: Difference,
}

/// Run `b` against run `a` on the same seeds. The top-level differences are the first seat's
/// (all a solitaire or cooperative game has); `seats` has every seat's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    pub a: String,
    pub b: String,
    /// Seeds where both games ended (a failed game pairs with nothing).
    pub pairs: u64,
    /// Seeds where `b` won and `a` did not, and the other way round.
    pub only_b_won: u64,
    pub only_a_won: u64,
    /// Win rate of `b` minus win rate of `a` (a draw counts ½).
    pub win_rate: Difference,
    /// Score of `b` minus score of `a`.
    pub score: Difference,
    /// Per seat, when both runs have the same seats (else empty).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<SeatDifference>,
}

/// One seat's per-seed differences.
#[derive(Default)]
struct SeatPairs {
    win: Mean,
    score: Mean,
    only_a: u64,
    only_b: u64,
}

/// The per-seed differences, added in game order.
#[derive(Default)]
pub struct Paired {
    win: Mean,
    score: Mean,
    only_a: u64,
    only_b: u64,
    seats: Vec<SeatPairs>,
    /// A seed whose runs had different numbers of seats: no per-seat comparison.
    seats_differ: bool,
}

fn reward(line: &GameLine) -> f64 {
    match line.outcome {
        Ending::Won => 1.0,
        Ending::Draw => 0.5,
        Ending::Lost | Ending::Failed => 0.0,
    }
}

impl Paired {
    /// Add the two games of one seed.
    pub fn add(&mut self, a: &GameLine, b: &GameLine) {
        let (Some(score_a), Some(score_b)) = (a.score, b.score) else {
            return;
        };
        if !a.ended() || !b.ended() {
            return;
        }
        let (ra, rb) = (reward(a), reward(b));
        self.win.push(rb - ra);
        self.score.push(f64::from(score_b) - f64::from(score_a));
        self.only_a += u64::from(ra > rb);
        self.only_b += u64::from(rb > ra);
        if a.rewards.len() != b.rewards.len() || a.scores.len() != b.scores.len() {
            self.seats_differ = true;
            return;
        }
        if self.seats.len() < a.rewards.len() {
            self.seats.resize_with(a.rewards.len(), SeatPairs::default);
        }
        let seats = a
            .rewards
            .iter()
            .zip(&b.rewards)
            .zip(a.scores.iter().zip(&b.scores));
        for (pairs, ((ra, rb), (sa, sb))) in self.seats.iter_mut().zip(seats) {
            pairs.win.push(rb - ra);
            pairs.score.push(f64::from(*sb) - f64::from(*sa));
            pairs.only_a += u64::from(ra > rb);
            pairs.only_b += u64::from(rb > ra);
        }
    }

    pub fn finish(self, a: &Summary, b: &Summary) -> Comparison {
        let seats = if self.seats_differ {
            Vec::new()
        } else {
            (0u8..)
                .zip(self.seats)
                .map(|(seat, p)| SeatDifference {
                    seat,
                    only_b_won: p.only_b,
                    only_a_won: p.only_a,
                    win_rate: p.win.into(),
                    score: p.score.into(),
                })
                .collect()
        };
        Comparison {
            a: a.label.clone(),
            b: b.label.clone(),
            pairs: self.win.count(),
            only_b_won: self.only_b,
            only_a_won: self.only_a,
            win_rate: self.win.into(),
            score: self.score.into(),
            seats,
        }
    }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} against {} on the same {} seeds (paired, 95 % intervals):",
            self.b, self.a, self.pairs
        )?;
        writeln!(
            f,
            "  win rate difference {:+.1} points [{:+.1}, {:+.1}]; {} seeds won only by {}, {} only by {}",
            100.0 * self.win_rate.mean,
            100.0 * self.win_rate.low,
            100.0 * self.win_rate.high,
            self.only_b_won,
            self.b,
            self.only_a_won,
            self.a
        )?;
        writeln!(
            f,
            "  score difference {:+.2} [{:+.2}, {:+.2}]",
            self.score.mean, self.score.low, self.score.high
        )?;
        if self.seats.len() > 1 {
            for seat in &self.seats {
                writeln!(
                    f,
                    "  seat {}: win rate difference {:+.1} points [{:+.1}, {:+.1}], score difference {:+.2} [{:+.2}, {:+.2}]",
                    seat.seat,
                    100.0 * seat.win_rate.mean,
                    100.0 * seat.win_rate.low,
                    100.0 * seat.win_rate.high,
                    seat.score.mean,
                    seat.score.low,
                    seat.score.high
                )?;
            }
        }
        Ok(())
    }
}
