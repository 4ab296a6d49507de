//! The statistics a strength report needs: a proportion with its Wilson interval, a mean with
//! its normal-approximation interval.

use std::fmt;

/// The standard normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A closed interval `[low, high]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

impl Interval {
    /// Whether the two intervals share a point.
    pub fn overlaps(&self, other: &Interval) -> bool {
        self.low <= other.high && other.low <= self.high
    }
}

/// Successes out of trials (wins out of games).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Proportion {
    pub successes: u64,
    pub trials: u64,
}

impl Proportion {
    /// The observed rate (0 with no trial).
    pub fn rate(&self) -> f64 {
        if self.trials == 0 {
            0.0
        } else {
            self.successes as f64 / self.trials as f64
        }
    }

    /// The Wilson score interval for quantile `z` (Wilson 1927): unlike the normal
    /// approximation it stays inside `[0, 1]` and behaves at rates near 0 or 1 and at small
    /// counts, which is where bot win rates live. `[0, 1]` with no trial.
    pub fn wilson(&self, z: f64) -> Interval {
        if self.trials == 0 {
            return Interval {
                low: 0.0,
                high: 1.0,
            };
        }
        let n = self.trials as f64;
        let p = self.rate();
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Interval {
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }

    /// The 95 % Wilson interval.
    pub fn wilson95(&self) -> Interval {
        self.wilson(Z95)
    }
}

impl fmt::Display for Proportion {
    /// `12/40 = 30.0% [18.1%, 45.1%]` (the 95 % Wilson interval).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = self.wilson95();
        write!(
            f,
            "{}/{} = {:.1}% [{:.1}%, {:.1}%]",
            self.successes,
            self.trials,
            100.0 * self.rate(),
            100.0 * i.low,
            100.0 * i.high
        )
    }
}

/// A running mean and variance (Welford's algorithm: one pass, numerically stable).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Mean {
    count: u64,
    mean: f64,
    /// Sum of squared deviations from the mean.
    m2: f64,
}

impl Mean {
    /// Add one observation.
    pub fn push(&mut self, x: f64) {
        self.count += 1;
        let delta = x - self.mean;
        self.mean += delta / self.count as f64;
        self.m2 += delta * (x - self.mean);
    }

    pub fn count(&self) -> u64 {
        self.count
    }

    /// The mean (0 with no observation).
    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// The sample standard deviation (0 with fewer than two observations).
    pub fn sd(&self) -> f64 {
        if self.count < 2 {
            0.0
        } else {
            (self.m2 / (self.count - 1) as f64).sqrt()
        }
    }

    /// The interval `mean ± z·sd/√n` (normal approximation, fair from a few dozen
    /// observations on); unbounded with fewer than two.
    pub fn interval(&self, z: f64) -> Interval {
        if self.count < 2 {
            return Interval {
                low: f64::NEG_INFINITY,
                high: f64::INFINITY,
            };
        }
        let half = z * self.sd() / (self.count as f64).sqrt();
        Interval {
            low: self.mean - half,
            high: self.mean + half,
        }
    }

    /// The 95 % interval.
    pub fn interval95(&self) -> Interval {
        self.interval(Z95)
    }
}

impl FromIterator<f64> for Mean {
    fn from_iter<I: IntoIterator<Item = f64>>(iter: I) -> Mean {
        let mut mean = Mean::default();
        for x in iter {
            mean.push(x);
        }
        mean
    }
}

impl fmt::Display for Mean {
    /// `12.30 [11.10, 13.50]` (the 95 % interval).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = self.interval95();
        write!(f, "{:.2} [{:.2}, {:.2}]", self.mean, i.low, i.high)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_the_textbook_figures() {
        // Newcombe (1998), table I: 81/263 gives [0.2553, 0.3662] at 95 %.
        let i = Proportion {
            successes: 81,
            trials: 263,
        }
        .wilson95();
        assert!(
            (i.low - 0.2553).abs() < 1e-4 && (i.high - 0.3662).abs() < 1e-4,
            "{i:?}"
        );
        // Zero successes still give a non-empty interval above zero.
        let none = Proportion {
            successes: 0,
            trials: 20,
        }
        .wilson95();
        assert_eq!(none.low, 0.0);
        assert!(none.high > 0.1 && none.high < 0.2, "{none:?}");
    }

    #[test]
    fn welford_mean_and_interval() {
        let m: Mean = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
            .into_iter()
            .collect();
        assert_eq!(m.mean(), 5.0);
        assert!((m.sd() - 2.138_089_935).abs() < 1e-9);
        let i = m.interval95();
        assert!((i.high - i.low - 2.0 * Z95 * m.sd() / 8f64.sqrt()).abs() < 1e-12);
        assert!(i.overlaps(&Interval {
            low: 6.0,
            high: 7.0
        }));
        assert!(!i.overlaps(&Interval {
            low: 7.0,
            high: 8.0
        }));
    }
}
