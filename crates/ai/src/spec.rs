//! Bots by name, as a command line gives them: `random`, `rule`, `flatmc`, `ismcts`, with the
//! search parameters from flags (`--iterations`, `--depth`, `--rollout`, `--trees`) or written
//! after the name (`ismcts:iterations=200,depth=10,rollout=random,trees=2`), the latter winning.
//!
//! A [`BotSpec`] is plain data, so it can be parsed once and build a fresh bot for every game
//! ([`BotSpec::build`]) on any thread.

use crate::rollout::{Budget, Rollout, RolloutPolicy};
use crate::{Bot, FlatMonteCarlo, IsMcts, IsMctsConfig, RandomBot, RuleBot};
use overlord_engine::Heuristics;
use std::fmt;
use std::str::FromStr;

/// The bots there are, by the name a command line uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`RuleBot`].
    Rule,
    /// [`FlatMonteCarlo`].
    FlatMc,
    /// [`IsMcts`].
    IsMcts,
}

impl BotKind {
    /// Every bot, in the order a help text lists them.
    pub const ALL: [BotKind; 4] = [
        BotKind::Random,
        BotKind::Rule,
        BotKind::FlatMc,
        BotKind::IsMcts,
    ];

    /// The name a command line uses.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Rule => "rule",
            BotKind::FlatMc => "flatmc",
            BotKind::IsMcts => "ismcts",
        }
    }

    /// Whether the bot searches (and so reads the search parameters).
    pub fn searches(self) -> bool {
        matches!(self, BotKind::FlatMc | BotKind::IsMcts)
    }
}

/// The names of every bot, comma-separated, for messages.
pub fn bot_names() -> String {
    BotKind::ALL.map(BotKind::name).join(", ")
}

/// The parameters of the searching bots (the others ignore them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotParams {
    /// Simulations per decision, over all trees.
    pub iterations: u64,
    /// Decisions a rollout plays before the game's evaluation scores it.
    pub depth: u32,
    /// How rollouts choose.
    pub rollout: RolloutPolicy,
    /// IS-MCTS trees searched in parallel (root parallelism).
    pub trees: usize,
    /// IS-MCTS progressive widening ([`IsMctsConfig::widening`]); 0 is off.
    pub widening: f64,
    /// IS-MCTS's UCB exploration constant ([`IsMctsConfig::exploration`]).
    pub exploration: f64,
    /// IS-MCTS's paired root ([`IsMctsConfig::paired`]); 0 is off.
    pub paired: usize,
    /// IS-MCTS's paired root's margin ([`IsMctsConfig::margin`]); 0 plays the best mean.
    pub margin: f64,
    /// IS-MCTS searches only where the game says it pays ([`IsMctsConfig::selective`]).
    pub selective: bool,
    /// A cap on a search's wall-clock time per decision, besides its iterations (a server's
    /// bot seat or a hint must answer in time; a batch leaves it off, so that a seed replays).
    pub time: Option<std::time::Duration>,
}

impl Default for BotParams {
    /// Those of [`IsMctsConfig::default`]: 1,000 simulations, rule-based rollouts of 20
    /// decisions, one tree.
    fn default() -> Self {
        let config = IsMctsConfig::default();
        BotParams {
            iterations: config.budget.iterations.unwrap_or(1000),
            depth: config.rollout.max_depth,
            rollout: config.rollout.policy,
            trees: config.trees,
            widening: config.widening,
            exploration: config.exploration,
            paired: config.paired,
            margin: config.margin,
            selective: config.selective,
            time: None,
        }
    }
}

/// A bot asked for by name, with its parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotSpec {
    pub kind: BotKind,
    pub params: BotParams,
}

/// Why a bot could not be read from its name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("no bot called `{0}`; the bots are: {names}", names = bot_names())]
    UnknownBot(String),
    #[error(
        "`{0}` is not a bot parameter; write NAME:KEY=VALUE,... with KEY one of iterations, \
         depth, rollout, trees, widen, explore, paired, margin, selective"
    )]
    UnknownParam(String),
    #[error("bad value for {key}: {reason}")]
    BadValue { key: &'static str, reason: String },
}

/// A rollout policy by its command-line name: `random` or `rule`.
pub fn parse_rollout(text: &str) -> Result<RolloutPolicy, SpecError> {
    match text {
        "random" => Ok(RolloutPolicy::Random),
        "rule" => Ok(RolloutPolicy::RuleBased),
        other => Err(SpecError::BadValue {
            key: "rollout",
            reason: format!("`{other}` is not a rollout policy; use random or rule"),
        }),
    }
}

fn positive<T: FromStr + PartialOrd + Default>(
    key: &'static str,
    text: &str,
) -> Result<T, SpecError> {
    match text.parse::<T>() {
        Ok(n) if n > T::default() => Ok(n),
        _ => Err(SpecError::BadValue {
            key,
            reason: format!("`{text}` is not a whole number above 0"),
        }),
    }
}

/// `paired`: 0 (off) or a count of at least 2 root candidates.
fn paired(text: &str) -> Result<usize, SpecError> {
    match text.parse::<usize>() {
        Ok(n) if n != 1 => Ok(n),
        _ => Err(SpecError::BadValue {
            key: "paired",
            reason: format!("`{text}` is not 0 (off) or a count of 2 or more"),
        }),
    }
}

/// `yes`/`no` (or `true`/`false`, `1`/`0`).
fn yes_no(key: &'static str, text: &str) -> Result<bool, SpecError> {
    match text {
        "yes" | "true" | "1" => Ok(true),
        "no" | "false" | "0" => Ok(false),
        _ => Err(SpecError::BadValue {
            key,
            reason: format!("`{text}` is not yes or no"),
        }),
    }
}

/// A finite number not below 0.
fn non_negative(key: &'static str, text: &str) -> Result<f64, SpecError> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(SpecError::BadValue {
            key,
            reason: format!("`{text}` is not a number of 0 or more"),
        }),
    }
}

impl BotParams {
    /// Check what flags gave: every count above zero.
    pub fn check(&self) -> Result<(), SpecError> {
        let zero = |key| SpecError::BadValue {
            key,
            reason: "must be above 0".to_owned(),
        };
        if self.iterations == 0 {
            return Err(zero("iterations"));
        }
        if self.depth == 0 {
            return Err(zero("depth"));
        }
        if self.trees == 0 {
            return Err(zero("trees"));
        }
        Ok(())
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        match key {
            "iterations" | "it" => self.iterations = positive("iterations", value)?,
            "depth" => self.depth = positive("depth", value)?,
            "rollout" => self.rollout = parse_rollout(value)?,
            "trees" => self.trees = positive("trees", value)?,
            "widen" => self.widening = non_negative("widen", value)?,
            "explore" => self.exploration = non_negative("explore", value)?,
            "paired" => self.paired = paired(value)?,
            "margin" => self.margin = non_negative("margin", value)?,
            "selective" => self.selective = yes_no("selective", value)?,
            other => return Err(SpecError::UnknownParam(other.to_owned())),
        }
        Ok(())
    }

    fn budget(&self) -> Budget {
        Budget {
            time: self.time,
            ..Budget::iterations(self.iterations)
        }
    }

    fn ismcts(&self) -> IsMctsConfig {
        IsMctsConfig {
            budget: self.budget(),
            rollout: self.rollout(),
            trees: self.trees,
            widening: self.widening,
            exploration: self.exploration,
            paired: self.paired,
            margin: self.margin,
            selective: self.selective,
        }
    }

    fn rollout(&self) -> Rollout {
        Rollout {
            policy: self.rollout,
            max_depth: self.depth,
        }
    }
}

impl BotSpec {
    /// `NAME` or `NAME:KEY=VALUE,...`, with `defaults` for what the text leaves out.
    pub fn parse(text: &str, defaults: BotParams) -> Result<BotSpec, SpecError> {
        defaults.check()?;
        let (name, params) = text.split_once(':').unwrap_or((text, ""));
        let kind = BotKind::ALL
            .into_iter()
            .find(|k| k.name() == name.trim())
            .ok_or_else(|| SpecError::UnknownBot(name.to_owned()))?;
        let mut spec = BotSpec {
            kind,
            params: defaults,
        };
        for pair in params.split(',').filter(|p| !p.trim().is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| SpecError::UnknownParam(pair.to_owned()))?;
            spec.params.set(key.trim(), value.trim())?;
        }
        Ok(spec)
    }

    /// A fresh bot of this kind (one per game and seat: a search bot keeps memory).
    pub fn build<G: Heuristics>(&self) -> Box<dyn Bot<G>> {
        match self.kind {
            BotKind::Random => Box::new(RandomBot),
            BotKind::Rule => Box::new(RuleBot),
            BotKind::FlatMc => Box::new(FlatMonteCarlo {
                budget: self.params.budget(),
                rollout: self.params.rollout(),
            }),
            BotKind::IsMcts => Box::new(IsMcts::<G>::new(self.params.ismcts())),
        }
    }
}

impl fmt::Display for BotSpec {
    /// The name the bot gives itself ([`Bot::name`]): `random`, `rule`,
    /// `flat-mc(1000 it, rule d20)`, `ismcts(1000 it, rule d20, 2 trees)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (budget, rollout) = (self.params.budget(), self.params.rollout());
        match self.kind {
            BotKind::Random | BotKind::Rule => f.write_str(self.kind.name()),
            BotKind::FlatMc => write!(f, "flat-mc({budget}, {rollout})"),
            BotKind::IsMcts => write!(f, "ismcts({})", self.params.ismcts()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_with_defaults_and_inline_parameters() {
        let defaults = BotParams::default();
        let rule = BotSpec::parse("rule", defaults).unwrap();
        assert_eq!(rule.kind, BotKind::Rule);
        assert_eq!(rule.to_string(), "rule");
        let search = BotSpec::parse(
            "ismcts:iterations=200,depth=5,rollout=random,trees=2",
            defaults,
        )
        .unwrap();
        assert_eq!(search.kind, BotKind::IsMcts);
        assert_eq!(
            search.params,
            BotParams {
                iterations: 200,
                depth: 5,
                rollout: RolloutPolicy::Random,
                trees: 2,
                ..defaults
            }
        );
        assert_eq!(search.to_string(), "ismcts(200 it, random d5, 2 trees)");
        let widened =
            BotSpec::parse("ismcts:it=32,depth=8,widen=0.5,explore=0.3", defaults).unwrap();
        assert_eq!(widened.params.widening, 0.5);
        assert_eq!(widened.params.exploration, 0.3);
        assert_eq!(
            widened.to_string(),
            "ismcts(32 it, rule d8, widen 0.5, c 0.3)"
        );
        let paired = BotSpec::parse(
            "ismcts:it=24,depth=1000,widen=0.5,paired=3,selective=yes",
            defaults,
        )
        .unwrap();
        assert_eq!((paired.params.paired, paired.params.selective), (3, true));
        let margin = BotSpec::parse("ismcts:paired=3,margin=0.03", BotParams::default()).unwrap();
        assert_eq!(margin.params.margin, 0.03);
        assert!(margin.to_string().contains("paired 3, margin 0.03"));
        assert_eq!(
            paired.to_string(),
            "ismcts(24 it, rule d1000, widen 0.5, paired 3, selective)"
        );
        let flat = BotSpec::parse("flatmc", defaults).unwrap();
        assert_eq!(flat.to_string(), "flat-mc(1000 it, rule d20)");
    }

    #[test]
    fn unknown_names_and_bad_values_are_refused_with_what_to_write() {
        let defaults = BotParams::default();
        let unknown = BotSpec::parse("alphazero", defaults).unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "no bot called `alphazero`; the bots are: random, rule, flatmc, ismcts"
        );
        assert!(matches!(
            BotSpec::parse("ismcts:width=3", defaults),
            Err(SpecError::UnknownParam(_))
        ));
        assert!(
            BotSpec::parse("ismcts:rollout=greedy", defaults)
                .unwrap_err()
                .to_string()
                .contains("use random or rule")
        );
        assert!(BotSpec::parse("ismcts:trees=0", defaults).is_err());
        assert!(
            BotSpec::parse("ismcts:widen=-1", defaults)
                .unwrap_err()
                .to_string()
                .contains("not a number of 0 or more")
        );
        assert!(BotSpec::parse("ismcts:explore=inf", defaults).is_err());
        assert!(
            BotSpec::parse("ismcts:paired=1", defaults)
                .unwrap_err()
                .to_string()
                .contains("0 (off) or a count of 2 or more")
        );
        assert!(
            BotSpec::parse("ismcts:selective=maybe", defaults)
                .unwrap_err()
                .to_string()
                .contains("not yes or no")
        );
        let zero = BotParams {
            iterations: 0,
            ..defaults
        };
        assert!(BotSpec::parse("random", zero).is_err());
    }
}
