//! What a batch of games says, summed up from its lines: the win rate with its 95 % Wilson
//! interval, per seat and per side as well, the score distribution, when and by which rule
//! games end, the losses per turn, the game's counters, which places hold out. Built from the very [`GameLine`]s written out, in game order, so
//! the summary can be recomputed from the lines and is the same for any number of threads.

use crate::Variant;
use crate::lineup::SeatInfo;
use crate::record::{Ending, GameLine};
use overlord_ai::stats::{Mean, Proportion};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

/// The hexes of most losses the text summary names (the report draws them all).
const FALLEN_LISTED: usize = 12;

/// A proportion with its 95 % Wilson interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    pub successes: u64,
    pub trials: u64,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

impl From<Proportion> for Rate {
    fn from(p: Proportion) -> Rate {
        let interval = p.wilson95();
        Rate {
            successes: p.successes,
            trials: p.trials,
            rate: p.rate(),
            low: interval.low,
            high: interval.high,
        }
    }
}

impl fmt::Display for Rate {
    /// `412/1000 = 41.2% [38.2%, 44.3%]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{} = {:.1}% [{:.1}%, {:.1}%]",
            self.successes,
            self.trials,
            100.0 * self.rate,
            100.0 * self.low,
            100.0 * self.high
        )
    }
}

/// A mean with its standard deviation and 95 % interval (normal approximation; the interval
/// is null in JSON with fewer than two observations).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MeanFigure {
    pub count: u64,
    pub mean: f64,
    pub sd: f64,
    pub low: f64,
    pub high: f64,
}

impl From<Mean> for MeanFigure {
    fn from(m: Mean) -> MeanFigure {
        let interval = m.interval95();
        MeanFigure {
            count: m.count(),
            mean: m.mean(),
            sd: m.sd(),
            low: interval.low,
            high: interval.high,
        }
    }
}

impl fmt::Display for MeanFigure {
    /// `12.30 [11.10, 13.50]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.2} [{:.2}, {:.2}]", self.mean, self.low, self.high)
    }
}

/// How many games had a score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreCount {
    pub score: i32,
    pub games: u64,
}

/// How many games ended on a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TurnCount {
    pub turn: u32,
    pub games: u64,
}

/// The scores (victory points) of the games that ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scores {
    pub mean: MeanFigure,
    pub min: Option<i32>,
    pub median: Option<f64>,
    pub max: Option<i32>,
    /// Every score met, in increasing order.
    pub histogram: Vec<ScoreCount>,
}

/// The games one rule ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndingFigures {
    /// The rule id (`13.1`).
    pub rule: String,
    pub games: u64,
    pub won: u64,
    pub lost: u64,
    pub draws: u64,
    /// The turns they ended on.
    pub turns: Vec<TurnCount>,
    pub mean_turn: f64,
}

/// One formation's losses on one turn.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TurnLosses {
    pub turn: u32,
    /// Games still in play on that turn.
    pub games: u64,
    /// Mean losses on that turn per game in play.
    pub mean: f64,
}

/// One formation's losses.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FormationLosses {
    pub formation: String,
    /// Losses per game over the whole game.
    pub total: MeanFigure,
    pub per_turn: Vec<TurnLosses>,
}

/// One of the game's turn figures ([`overlord_engine::Statistics::turn_figures`]), turn by
/// turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnFigure {
    pub name: String,
    /// Per turn: its mean at the end of that turn over the games still in play then.
    pub per_turn: Vec<TurnMean>,
}

/// A figure's mean on one turn.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TurnMean {
    pub turn: u32,
    /// Games still in play on that turn.
    pub games: u64,
    pub mean: f64,
}

/// How often a place still held out at the end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlaceHeld {
    pub place: String,
    pub games: u64,
    /// Out of all games.
    pub rate: f64,
}

/// Where one side's (or kind of) men or units were lost over the batch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FallenGroup {
    /// Whose losses, as the game names them ("US soldiers").
    pub whose: String,
    /// Every hex with a loss, most losses first (ties in label order).
    pub places: Vec<PlaceFallen>,
}

/// A hex where men or units were lost over the batch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlaceFallen {
    pub place: String,
    /// Losses there, all games together.
    pub losses: u64,
    /// Losses there per game played.
    pub per_game: f64,
}

/// One seat's results over the batch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatFigures {
    #[serde(flatten)]
    pub seat: SeatInfo,
    /// Wins out of the games that ended.
    pub win_rate: Rate,
    pub draws: u64,
    /// Mean reward (1 a win, ½ a draw, 0 a loss).
    pub reward: MeanFigure,
    /// Mean score.
    pub score: MeanFigure,
}

/// One side's results over the batch: its seats taken together.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideFigures {
    /// The side's name ([`overlord_engine::Game::seat_side`]).
    pub side: String,
    /// Its seats' numbers.
    pub seats: Vec<u8>,
    /// Games the side won (one of its seats among the winners), out of those that ended.
    pub win_rate: Rate,
    pub draws: u64,
    /// Mean over games of its seats' mean score.
    pub score: MeanFigure,
}

/// One of the game's named counters over the batch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CounterFigure {
    pub name: String,
    /// Its value at the end of a game, over the games that reported it.
    pub value: MeanFigure,
}

/// A batch of games summed up.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The variant's name (`rule`, `rule +22.1`).
    pub label: String,
    /// The bots' own names (`ismcts(1000 it, rule d20)`, or `rule, 1=random`).
    pub bot: String,
    /// The scenario options as given (null for none).
    pub options: Value,
    pub games: u64,
    pub won: u64,
    pub lost: u64,
    pub draws: u64,
    /// Games that did not end (see `first_failure`); they count in no rate.
    pub failed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_failure: Option<String>,
    /// Wins of the first seat out of the games that ended (every seat's: `seats`).
    pub win_rate: Rate,
    /// The first seat's scores (every seat's mean: `seats`).
    pub score: Scores,
    /// Per seat, in seat order.
    pub seats: Vec<SeatFigures>,
    /// Per side, in the order of their first seats.
    pub sides: Vec<SideFigures>,
    pub decisions: MeanFigure,
    /// The turn every game ended (or stopped) on.
    pub end_turns: Vec<TurnCount>,
    /// Per ending rule, in rule order.
    pub endings: Vec<EndingFigures>,
    /// Per formation, in name order.
    pub losses: Vec<FormationLosses>,
    /// The game's turn figures, in name order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub turn_figures: Vec<TurnFigure>,
    /// Every place that held out in some game, most often first.
    pub holding_out: Vec<PlaceHeld>,
    /// Where men or units were lost, per whose losses (in name order), every hex with a loss
    /// in some game, most losses first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fallen_at: Vec<FallenGroup>,
    /// The game's named counters, in name order.
    pub counters: Vec<CounterFigure>,
}

#[derive(Default)]
struct SeatTally {
    wins: Proportion,
    draws: u64,
    reward: Mean,
    score: Mean,
}

impl SeatTally {
    fn add(&mut self, reward: f64, score: f64) {
        self.wins.trials += 1;
        // A reward of 1 is a win, ½ a draw (Outcome::reward).
        self.wins.successes += u64::from(reward >= 1.0);
        self.draws += u64::from(reward == 0.5);
        self.reward.push(reward);
        self.score.push(score);
    }
}

#[derive(Default)]
struct EndingTally {
    won: u64,
    lost: u64,
    draws: u64,
    turns: BTreeMap<u32, u64>,
}

#[derive(Default)]
struct LossTally {
    total: Mean,
    /// Per turn: losses summed, games in play.
    per_turn: BTreeMap<u32, (u64, u64)>,
}

/// Adds up lines, in game order, into a [`Summary`].
pub struct SummaryBuilder {
    label: String,
    bot: String,
    options: Value,
    games: u64,
    failed: u64,
    first_failure: Option<String>,
    wins: Proportion,
    draws: u64,
    score: Mean,
    scores: BTreeMap<i32, u64>,
    decisions: Mean,
    end_turns: BTreeMap<u32, u64>,
    endings: BTreeMap<String, EndingTally>,
    losses: BTreeMap<String, LossTally>,
    /// Per turn figure, per turn: values summed, games in play.
    turn_figures: BTreeMap<String, BTreeMap<u32, (i64, u64)>>,
    held: BTreeMap<String, u64>,
    /// Per whose losses, per hex: the losses there.
    fallen: BTreeMap<String, BTreeMap<String, u64>>,
    counters: BTreeMap<String, Mean>,
    seat_infos: Vec<SeatInfo>,
    seats: Vec<SeatTally>,
    /// Side names in order of first seat, with their seats.
    side_seats: Vec<(String, Vec<u8>)>,
    sides: Vec<SeatTally>,
}

impl SummaryBuilder {
    /// A builder for the games of `variant`, played on `seats`.
    pub fn new(variant: &Variant, seats: Vec<SeatInfo>) -> SummaryBuilder {
        let mut side_seats: Vec<(String, Vec<u8>)> = Vec::new();
        for seat in &seats {
            match side_seats.iter_mut().find(|(side, _)| *side == seat.side) {
                Some((_, members)) => members.push(seat.seat),
                None => side_seats.push((seat.side.clone(), vec![seat.seat])),
            }
        }
        SummaryBuilder {
            label: variant.label.clone(),
            bot: variant.bots.to_string(),
            options: variant.options.clone(),
            games: 0,
            failed: 0,
            first_failure: None,
            wins: Proportion::default(),
            draws: 0,
            score: Mean::default(),
            scores: BTreeMap::new(),
            decisions: Mean::default(),
            end_turns: BTreeMap::new(),
            endings: BTreeMap::new(),
            losses: BTreeMap::new(),
            turn_figures: BTreeMap::new(),
            held: BTreeMap::new(),
            fallen: BTreeMap::new(),
            counters: BTreeMap::new(),
            seats: seats.iter().map(|_| SeatTally::default()).collect(),
            sides: side_seats.iter().map(|_| SeatTally::default()).collect(),
            seat_infos: seats,
            side_seats,
        }
    }

    /// Add one game.
    pub fn add(&mut self, line: &GameLine) {
        self.games += 1;
        self.decisions.push(f64::from(line.decisions));
        *self.end_turns.entry(line.end_turn).or_default() += 1;
        match (line.outcome, &line.rule, line.score) {
            (Ending::Failed, ..) | (_, None, _) | (_, _, None) => {
                self.failed += 1;
                if self.first_failure.is_none() {
                    self.first_failure = Some(format!(
                        "game {} (seed {}): {}",
                        line.game,
                        line.seed,
                        line.failure.as_deref().unwrap_or("no outcome")
                    ));
                }
            }
            (ending, Some(rule), Some(score)) => {
                self.wins.trials += 1;
                self.wins.successes += u64::from(ending == Ending::Won);
                self.draws += u64::from(ending == Ending::Draw);
                self.score.push(f64::from(score));
                *self.scores.entry(score).or_default() += 1;
                let tally = self.endings.entry(rule.clone()).or_default();
                match ending {
                    Ending::Won => tally.won += 1,
                    Ending::Draw => tally.draws += 1,
                    _ => tally.lost += 1,
                }
                *tally.turns.entry(line.end_turn).or_default() += 1;
                self.add_seats(line);
            }
        }
        for (name, value) in &line.counters {
            if !self.counters.contains_key(name) {
                self.counters.insert(name.clone(), Mean::default());
            }
            if let Some(mean) = self.counters.get_mut(name) {
                mean.push(*value as f64);
            }
        }
        for (formation, turns) in &line.losses {
            // Looked up before inserting: the names repeat in every line, and cloning them
            // for `entry` would allocate per game.
            if !self.losses.contains_key(formation) {
                self.losses.insert(formation.clone(), LossTally::default());
            }
            let Some(tally) = self.losses.get_mut(formation) else {
                continue;
            };
            tally.total.push(turns.iter().map(|&l| f64::from(l)).sum());
            for (turn, &lost) in (line.first_turn..).zip(turns) {
                let cell = tally.per_turn.entry(turn).or_default();
                cell.0 += u64::from(lost);
                cell.1 += 1;
            }
        }
        for place in &line.holding_out {
            match self.held.get_mut(place) {
                Some(games) => *games += 1,
                None => {
                    self.held.insert(place.clone(), 1);
                }
            }
        }
        for (name, values) in &line.turn_figures {
            let tally = self.turn_figures.entry(name.clone()).or_default();
            for (turn, &value) in (line.first_turn..).zip(values) {
                let cell = tally.entry(turn).or_default();
                cell.0 += value;
                cell.1 += 1;
            }
        }
        for (whose, places) in &line.fallen_at {
            let tally = self.fallen.entry(whose.clone()).or_default();
            for place in places {
                match tally.get_mut(place) {
                    Some(losses) => *losses += 1,
                    None => {
                        tally.insert(place.clone(), 1);
                    }
                }
            }
        }
    }

    /// Book an ended game's rewards and scores on each seat and side.
    fn add_seats(&mut self, line: &GameLine) {
        let reward = |s: u8| line.rewards.get(usize::from(s)).copied().unwrap_or(0.0);
        let score = |s: u8| {
            line.scores
                .get(usize::from(s))
                .map_or(0.0, |&score| f64::from(score))
        };
        for (tally, info) in self.seats.iter_mut().zip(&self.seat_infos) {
            tally.add(reward(info.seat), score(info.seat));
        }
        for (tally, (_, members)) in self.sides.iter_mut().zip(&self.side_seats) {
            // A side wins when one of its seats does (a team shares its reward).
            let best = members.iter().map(|&s| reward(s)).fold(0.0, f64::max);
            let mean_score =
                members.iter().map(|&s| score(s)).sum::<f64>() / members.len().max(1) as f64;
            tally.add(best, mean_score);
        }
    }

    pub fn finish(self) -> Summary {
        let ended = self.wins.trials;
        let median = median(&self.scores, ended);
        let games = self.games;
        let mut holding_out: Vec<PlaceHeld> = self
            .held
            .into_iter()
            .map(|(place, held)| PlaceHeld {
                place,
                games: held,
                rate: held as f64 / games.max(1) as f64,
            })
            .collect();
        // Most often first; the sort is stable, so ties stay in name order.
        holding_out.sort_by_key(|p| std::cmp::Reverse(p.games));
        let fallen_at: Vec<FallenGroup> = self
            .fallen
            .into_iter()
            .map(|(whose, tally)| {
                let mut places: Vec<PlaceFallen> = tally
                    .into_iter()
                    .map(|(place, losses)| PlaceFallen {
                        place,
                        losses,
                        per_game: losses as f64 / games.max(1) as f64,
                    })
                    .collect();
                places.sort_by_key(|p| std::cmp::Reverse(p.losses));
                FallenGroup { whose, places }
            })
            .collect();
        Summary {
            label: self.label,
            bot: self.bot,
            options: self.options,
            games,
            won: self.wins.successes,
            lost: ended - self.wins.successes - self.draws,
            draws: self.draws,
            failed: self.failed,
            first_failure: self.first_failure,
            win_rate: self.wins.into(),
            score: Scores {
                mean: self.score.into(),
                min: self.scores.keys().next().copied(),
                median,
                max: self.scores.keys().next_back().copied(),
                histogram: self
                    .scores
                    .into_iter()
                    .map(|(score, games)| ScoreCount { score, games })
                    .collect(),
            },
            decisions: self.decisions.into(),
            end_turns: turn_counts(&self.end_turns),
            endings: self
                .endings
                .into_iter()
                .map(|(rule, t)| {
                    let games: u64 = t.turns.values().sum();
                    let turn_sum: u64 = t.turns.iter().map(|(&turn, &n)| u64::from(turn) * n).sum();
                    EndingFigures {
                        rule,
                        games,
                        won: t.won,
                        lost: t.lost,
                        draws: t.draws,
                        turns: turn_counts(&t.turns),
                        mean_turn: turn_sum as f64 / games.max(1) as f64,
                    }
                })
                .collect(),
            losses: self
                .losses
                .into_iter()
                .map(|(formation, t)| FormationLosses {
                    formation,
                    total: t.total.into(),
                    per_turn: t
                        .per_turn
                        .into_iter()
                        .map(|(turn, (lost, games))| TurnLosses {
                            turn,
                            games,
                            mean: lost as f64 / games.max(1) as f64,
                        })
                        .collect(),
                })
                .collect(),
            holding_out,
            fallen_at,
            turn_figures: self
                .turn_figures
                .into_iter()
                .map(|(name, turns)| TurnFigure {
                    name,
                    per_turn: turns
                        .into_iter()
                        .map(|(turn, (sum, games))| TurnMean {
                            turn,
                            games,
                            mean: sum as f64 / games.max(1) as f64,
                        })
                        .collect(),
                })
                .collect(),
            seats: self
                .seat_infos
                .into_iter()
                .zip(self.seats)
                .map(|(seat, t)| SeatFigures {
                    seat,
                    win_rate: t.wins.into(),
                    draws: t.draws,
                    reward: t.reward.into(),
                    score: t.score.into(),
                })
                .collect(),
            sides: self
                .side_seats
                .into_iter()
                .zip(self.sides)
                .map(|((side, seats), t)| SideFigures {
                    side,
                    seats,
                    win_rate: t.wins.into(),
                    draws: t.draws,
                    score: t.score.into(),
                })
                .collect(),
            counters: self
                .counters
                .into_iter()
                .map(|(name, value)| CounterFigure {
                    name,
                    value: value.into(),
                })
                .collect(),
        }
    }
}

fn turn_counts(turns: &BTreeMap<u32, u64>) -> Vec<TurnCount> {
    turns
        .iter()
        .map(|(&turn, &games)| TurnCount { turn, games })
        .collect()
}

/// The median of `count` values given as a histogram (the mean of the two middle values when
/// the count is even).
fn median(histogram: &BTreeMap<i32, u64>, count: u64) -> Option<f64> {
    if count == 0 {
        return None;
    }
    let nth = |n: u64| {
        let mut seen = 0;
        histogram.iter().find_map(|(&value, &games)| {
            seen += games;
            (seen > n).then_some(value)
        })
    };
    let low = nth((count - 1) / 2)?;
    let high = nth(count / 2)?;
    Some((f64::from(low) + f64::from(high)) / 2.0)
}

impl fmt::Display for Summary {
    /// The summary for people: a few lines, then the losses per turn as a table.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} ({} games)", self.label, self.games)?;
        writeln!(
            f,
            "  won {}; lost {}, drawn {}, failed {}",
            self.win_rate, self.lost, self.draws, self.failed
        )?;
        if let Some(failure) = &self.first_failure {
            writeln!(f, "  first failure: {failure}")?;
        }
        let s = &self.score;
        if let (Some(min), Some(median), Some(max)) = (s.min, s.median, s.max) {
            writeln!(
                f,
                "  score: mean {}, sd {:.2}, min {min}, median {median}, max {max}",
                s.mean, s.mean.sd
            )?;
            let bars: Vec<String> = s
                .histogram
                .iter()
                .map(|c| format!("{}:{}", c.score, c.games))
                .collect();
            writeln!(f, "  score histogram (score:games): {}", bars.join(" "))?;
        }
        for seat in &self.seats {
            writeln!(
                f,
                "  seat {} ({}, {}, {}): won {}, drawn {}; score mean {}",
                seat.seat.seat,
                seat.seat.label,
                seat.seat.side,
                seat.seat.bot,
                seat.win_rate,
                seat.draws,
                seat.score
            )?;
        }
        for side in &self.sides {
            let seats: Vec<String> = side.seats.iter().map(ToString::to_string).collect();
            writeln!(
                f,
                "  side {} (seats {}): won {}, drawn {}; score mean {}",
                side.side,
                seats.join(", "),
                side.win_rate,
                side.draws,
                side.score
            )?;
        }
        writeln!(f, "  decisions per game: {:.1}", self.decisions.mean)?;
        for counter in &self.counters {
            writeln!(f, "  {}: mean {}", counter.name, counter.value)?;
        }
        for e in &self.endings {
            let turns: Vec<String> = e
                .turns
                .iter()
                .map(|t| format!("{}:{}", t.turn, t.games))
                .collect();
            writeln!(
                f,
                "  ended by {}: {} games (won {}, lost {}, drawn {}), mean turn {:.1}; by turn (turn:games) {}",
                e.rule,
                e.games,
                e.won,
                e.lost,
                e.draws,
                e.mean_turn,
                turns.join(" ")
            )?;
        }
        if !self.losses.is_empty() {
            writeln!(f, "  mean losses per game in play, by turn:")?;
            write!(f, "    {:>4}", "turn")?;
            for formation in &self.losses {
                write!(f, " {:>16}", formation.formation)?;
            }
            writeln!(f)?;
            let turns: std::collections::BTreeSet<u32> = self
                .losses
                .iter()
                .flat_map(|l| l.per_turn.iter().map(|t| t.turn))
                .collect();
            for turn in turns {
                write!(f, "    {turn:>4}")?;
                for formation in &self.losses {
                    let mean = formation
                        .per_turn
                        .iter()
                        .find(|t| t.turn == turn)
                        .map_or(0.0, |t| t.mean);
                    write!(f, " {mean:>16.2}")?;
                }
                writeln!(f)?;
            }
            write!(f, "    {:>4}", "all")?;
            for formation in &self.losses {
                write!(f, " {:>16.2}", formation.total.mean)?;
            }
            writeln!(f)?;
        }
        if !self.holding_out.is_empty() {
            let held: Vec<String> = self
                .holding_out
                .iter()
                .map(|p| format!("{} {:.1}%", p.place, 100.0 * p.rate))
                .collect();
            writeln!(f, "  holding out at the end: {}", held.join(", "))?;
        }
        for figure in &self.turn_figures {
            let turns: Vec<String> = figure
                .per_turn
                .iter()
                .map(|t| format!("{}:{:.2}", t.turn, t.mean))
                .collect();
            writeln!(
                f,
                "  {} at the end of each turn (turn:mean): {}",
                figure.name,
                turns.join(" ")
            )?;
        }
        for group in &self.fallen_at {
            let fallen: Vec<String> = group
                .places
                .iter()
                .take(FALLEN_LISTED)
                .map(|p| format!("{} {:.2}", p.place, p.per_game))
                .collect();
            let more = group.places.len().saturating_sub(FALLEN_LISTED);
            let more = if more > 0 {
                format!(" and {more} more hexes")
            } else {
                String::new()
            };
            writeln!(
                f,
                "  where {} fell (losses a game): {}{more}",
                group.whose,
                fallen.join(", ")
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_a_histogram() {
        let h: BTreeMap<i32, u64> = [(1, 1), (3, 2), (10, 1)].into_iter().collect();
        assert_eq!(median(&h, 4), Some(3.0));
        let h: BTreeMap<i32, u64> = [(1, 1), (3, 1)].into_iter().collect();
        assert_eq!(median(&h, 2), Some(2.0));
        assert_eq!(median(&BTreeMap::new(), 0), None);
    }
}
