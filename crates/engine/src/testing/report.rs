//! What the conformance suite reports: the property that failed and where, or what it checked.

use crate::record::GameRecord;
use crate::seat::Seat;
use serde_json::Value;
use std::fmt;
use std::time::Duration;

/// A property of the engine contract that the conformance suite checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    /// `setup` builds the scenario with the options given.
    Setup,
    /// Nothing panics: not the game, not a hook.
    Panic,
    /// A game that is not over has a legal action.
    Stall,
    /// A game ends within the decision limit.
    Decisions,
    /// The seat to act is one of the game's seats.
    Seat,
    /// `legal_actions` lists exactly what `apply` and `apply_listed` accept, each action once,
    /// and nothing once the game is over.
    Legal,
    /// The same listed action gives the same state through `apply` and `apply_listed`, with the
    /// log kept or disabled.
    Apply,
    /// The caller's policy chose one of the legal actions.
    Policy,
    /// The game's own invariants (the [`Conformance::invariant`] and
    /// [`Conformance::transition`] hooks) hold after every step.
    ///
    /// [`Conformance::invariant`]: super::Conformance::invariant
    /// [`Conformance::transition`]: super::Conformance::transition
    Invariant,
    /// Every view serialises to JSON.
    Views,
    /// `view(seat)` of `determinize(seat, rng)` is `view(seat)`, and the determinized state's
    /// random generator is reseeded.
    Determinize,
    /// Two states that differ only in what a seat cannot see show it the same: status, view,
    /// the spectator's view, text picture and, when it is to act, prompt, legal actions and
    /// their anchors.
    Leak,
    /// For a game with a fixed action space and observation: every legal action has an id
    /// below the space's size, no two of one list alike, and an observation has its shape's
    /// length. (That an observation reveals nothing is [`Property::Leak`]'s and
    /// [`Property::Determinize`]'s: both compare it as they compare views.)
    Encoding,
    /// Undo, where allowed, gives back the exact state and log before the action.
    Undo,
    /// A refused action leaves the state unchanged, logs nothing and gives a reason.
    Refusal,
    /// A clone of a state lists the same legal actions in the same order.
    CloneStable,
    /// The record replays to the same state and log, also after a JSON round trip and from a
    /// prefix.
    Replay,
    /// An ended game has a result for each of its seats, each reward in [0, 1], and is not
    /// drawn and won at once.
    Outcome,
    /// Every log entry, prompt, refusal and outcome names a rule id of the caller's list.
    RuleIds,
}

impl Property {
    /// The property's short name, as the report prints it.
    pub fn name(self) -> &'static str {
        match self {
            Property::Setup => "setup",
            Property::Panic => "no panic",
            Property::Stall => "no stall",
            Property::Decisions => "decision limit",
            Property::Seat => "seat to act",
            Property::Legal => "legal actions",
            Property::Apply => "apply and apply_listed agree",
            Property::Policy => "policy",
            Property::Invariant => "game invariant",
            Property::Views => "views serialise",
            Property::Determinize => "determinize keeps the view",
            Property::Leak => "no leak",
            Property::Encoding => "action ids and observation",
            Property::Undo => "undo",
            Property::Refusal => "refusal changes nothing",
            Property::CloneStable => "legal actions stable under clone",
            Property::Replay => "record replays",
            Property::Outcome => "outcome",
            Property::RuleIds => "rule ids",
        }
    }
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A property that failed, where, and how to play the game again up to that point.
#[derive(Clone, PartialEq)]
pub struct Failure {
    /// The property that failed.
    pub property: Property,
    /// What went wrong, for people.
    pub message: String,
    /// The game's position in the run (0 for the first game).
    pub game: u64,
    /// The game's seed (its [`RandomSpec`](crate::RandomSpec) and the policy's).
    pub seed: u64,
    /// Decisions taken before the failure (the failing step's index).
    pub step: usize,
    /// The seat to act, when the game was not over.
    pub seat: Option<Seat>,
    /// The name of the prompt asked, when the game was not over.
    pub prompt: Option<String>,
    /// The action being tried when it failed, as JSON, if any.
    pub action: Option<Value>,
    /// The record of the game up to the failing step: [`Match::from_record`] plays it again.
    ///
    /// [`Match::from_record`]: crate::Match::from_record
    pub record: GameRecord,
    /// How to run this game alone with the same settings.
    pub rerun: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "conformance of `{}` (scenario `{}`) failed: {}",
            self.record.game, self.record.scenario, self.property
        )?;
        write!(
            f,
            "  in game {} (seed {}) at step {}",
            self.game, self.seed, self.step
        )?;
        match (self.seat, &self.prompt) {
            (Some(seat), Some(prompt)) => writeln!(f, ", {seat} to act at prompt `{prompt}`")?,
            _ => writeln!(f, ", the game over")?,
        }
        for line in self.message.lines() {
            writeln!(f, "  {line}")?;
        }
        if let Some(action) = &self.action {
            writeln!(f, "  the action tried: {action}")?;
        }
        writeln!(f, "  rerun this game alone: {}", self.rerun)?;
        let record = serde_json::to_string(&self.record).unwrap_or_default();
        write!(
            f,
            "  the record up to the failing step (Match::from_record plays it again):\n  {record}"
        )
    }
}

impl fmt::Debug for Failure {
    /// The report itself, so that `unwrap` on a result shows it as it is meant to be read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Failure {}

/// What a clean run checked, for the test's output and for tests that the checks did run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The game's id.
    pub game: String,
    /// The scenario played.
    pub scenario: String,
    /// Games played to the end.
    pub games: u64,
    /// Decisions taken in all.
    pub decisions: u64,
    /// Steps at which the views, leaks, refusals and undo were checked.
    pub checked_steps: u64,
    /// Determinizations compared with their original.
    pub determinizations: u64,
    /// Pairs from the [`Conformance::indistinguishable`](super::Conformance::indistinguishable)
    /// hook compared.
    pub leak_pairs: u64,
    /// Actions taken back and played again.
    pub undos: u64,
    /// Actions refused (unlisted actions and garbage).
    pub refusals: u64,
    /// Records replayed (whole, after a JSON round trip, and prefixes).
    pub replays: u64,
    /// Games cut short by a defect the run was told to tolerate
    /// ([`Conformance::known_defect`](super::Conformance::known_defect)).
    pub known_defects: u64,
    /// The report of the first of them.
    pub known_defect: Option<String>,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

impl Summary {
    pub(crate) fn add(&mut self, other: &Summary) {
        self.games += other.games;
        self.decisions += other.decisions;
        self.checked_steps += other.checked_steps;
        self.determinizations += other.determinizations;
        self.leak_pairs += other.leak_pairs;
        self.undos += other.undos;
        self.refusals += other.refusals;
        self.replays += other.replays;
        self.known_defects += other.known_defects;
        if self.known_defect.is_none() {
            self.known_defect.clone_from(&other.known_defect);
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} `{}`: {} games, {} decisions, {} steps checked ({} determinizations, {} leak pairs, {} undos, {} refusals), {} replays, {:.2} s",
            self.game,
            self.scenario,
            self.games,
            self.decisions,
            self.checked_steps,
            self.determinizations,
            self.leak_pairs,
            self.undos,
            self.refusals,
            self.replays,
            self.elapsed.as_secs_f64()
        )?;
        if let Some(first) = &self.known_defect {
            write!(
                f,
                "\n{} games cut short by a known defect; the first:\n{first}",
                self.known_defects
            )?;
        }
        Ok(())
    }
}
