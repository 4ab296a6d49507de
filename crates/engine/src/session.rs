//! A game in progress: the state with its log, its record, and undo.

use crate::advice::{Advice, AdviceRequest, Advisor};
use crate::game::{Game, Outcome, Refusal, SetupError, Status};
use crate::log::Log;
use crate::record::{GameRecord, RECORD_FORMAT};
use crate::rng::{GameRng, RandomSpec, ScriptFault};
use crate::seat::Seat;
use std::sync::Arc;

/// Why a match refused a request. Every variant leaves the match as it was.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MatchError {
    /// Another seat must decide now.
    #[error("it is {expected}'s decision, not {actual}'s")]
    NotYourTurn {
        /// The seat that must decide.
        expected: Seat,
        /// The seat that tried.
        actual: Seat,
    },
    /// The game has ended; nothing more can be played.
    #[error("the game is over; start a new one or replay this one")]
    GameOver(Outcome),
    /// The game refused the action.
    #[error("action refused: {0}")]
    Refused(#[from] Refusal),
    /// The action could not be read as one of this game's actions.
    #[error("not an action of this game: {0}")]
    BadAction(String),
    /// A scripted outcome did not fit what the game asked for.
    #[error(transparent)]
    Script(#[from] ScriptFault),
    /// Undo is not possible now.
    #[error("cannot undo: {0}")]
    CannotUndo(String),
    /// The game could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The record is for another game or rules version, or does not replay.
    #[error("cannot replay the record: {0}")]
    Record(String),
    /// No bot can play or advise: the game has none, or the bot asked for could not choose.
    #[error("no advice: {0}")]
    NoAdvice(String),
}

/// The state at the last point undo may not cross.
#[derive(Clone, Debug)]
struct UndoBarrier<G> {
    /// Actions played before the barrier.
    actions: usize,
    state: G,
}

/// One game being played: the state, the actions so far, the log, and the undo barrier.
///
/// Undo may take actions back only while no random outcome was drawn and nothing hidden was
/// shown since; the barrier is the state right after the last such action, and undo replays
/// from it (no randomness can differ, by construction).
#[derive(Debug)]
pub struct Match<G: Game> {
    data: Arc<G::Data>,
    id: Option<String>,
    scenario: String,
    options: G::Options,
    randomness: RandomSpec,
    state: G,
    actions: Vec<G::Action>,
    actors: Vec<Seat>,
    log: Log<G::Event>,
    /// Log length before each action, so undo can take back what the action logged.
    log_marks: Vec<usize>,
    barrier: UndoBarrier<G>,
    /// The bots' choice for a seat, when the game has bots ([`Match::with_advisor`]).
    advisor: Option<Advisor<G>>,
    /// Played for speed ([`Match::quieten`]): no log, no undo.
    quiet: bool,
    /// The legal actions of the state as last listed by [`Match::list_legal_actions`], until
    /// the state changes: [`Match::apply_legal_index`] takes its action from them.
    listed: Option<Vec<G::Action>>,
}

// By hand: the derived `Clone` would ask the components to be `Clone` too, and they are shared
// behind their `Arc`, never copied.
impl<G: Game> Clone for Match<G> {
    fn clone(&self) -> Match<G> {
        Match {
            data: Arc::clone(&self.data),
            id: self.id.clone(),
            scenario: self.scenario.clone(),
            options: self.options.clone(),
            randomness: self.randomness.clone(),
            state: self.state.clone(),
            actions: self.actions.clone(),
            actors: self.actors.clone(),
            log: self.log.clone(),
            log_marks: self.log_marks.clone(),
            barrier: self.barrier.clone(),
            advisor: self.advisor,
            quiet: self.quiet,
            listed: self.listed.clone(),
        }
    }
}

impl<G: Game> Match<G> {
    /// Set up a new game.
    pub fn new(
        data: Arc<G::Data>,
        scenario: &str,
        options: G::Options,
        randomness: RandomSpec,
    ) -> Result<Match<G>, MatchError> {
        let mut log = Log::new();
        let state = G::setup(
            &data,
            scenario,
            &options,
            GameRng::new(&randomness),
            &mut log,
        )?;
        if let Some(fault) = state.rng().fault() {
            return Err(fault.clone().into());
        }
        Ok(Match {
            data,
            id: None,
            scenario: scenario.to_owned(),
            options,
            randomness,
            barrier: UndoBarrier {
                actions: 0,
                state: state.clone(),
            },
            state,
            actions: Vec::new(),
            actors: Vec::new(),
            log,
            log_marks: Vec::new(),
            advisor: None,
            quiet: false,
            listed: None,
        })
    }

    /// Let bots play and advise in this game through `advisor` ([`Match::advise`]).
    #[must_use]
    pub fn with_advisor(mut self, advisor: Advisor<G>) -> Match<G> {
        self.advisor = Some(advisor);
        self
    }

    /// What a bot would play for `seat`, which must be the seat to act: chosen from what that
    /// seat may know only (the advisor's bots read the state through that seat's
    /// determinizations). Changes nothing.
    pub fn advise(
        &self,
        seat: Seat,
        request: &AdviceRequest,
    ) -> Result<Advice<G::Action>, MatchError> {
        let expected = match self.status() {
            Status::Over(outcome) => return Err(MatchError::GameOver(outcome)),
            Status::ToAct(expected) => expected,
        };
        if expected != seat {
            return Err(MatchError::NotYourTurn {
                expected,
                actual: seat,
            });
        }
        let advisor = self.advisor.ok_or_else(|| {
            MatchError::NoAdvice(format!("{} has no bots to ask", G::info().name))
        })?;
        advisor(&self.state, seat, request).map_err(MatchError::NoAdvice)
    }

    /// Give the game an id for its record.
    #[must_use]
    pub fn with_id(mut self, id: impl Into<String>) -> Match<G> {
        self.id = Some(id.into());
        self
    }

    /// Rebuild a game from its record, action by action.
    pub fn from_record(data: Arc<G::Data>, record: &GameRecord) -> Result<Match<G>, MatchError> {
        Self::from_record_prefix(data, record, record.actions.len())
    }

    /// Rebuild a game from the first `count` actions of its record (for stepping through a
    /// replay).
    pub fn from_record_prefix(
        data: Arc<G::Data>,
        record: &GameRecord,
        count: usize,
    ) -> Result<Match<G>, MatchError> {
        let info = G::info();
        if record.format != RECORD_FORMAT {
            return Err(MatchError::Record(format!(
                "record format {} is not {RECORD_FORMAT}, the one this build reads",
                record.format
            )));
        }
        if record.game != info.id {
            return Err(MatchError::Record(format!(
                "the record is a game of {}, not {}",
                record.game, info.id
            )));
        }
        if record.rules_version != info.rules_version {
            return Err(MatchError::Record(format!(
                "the record was played under rules version {}, this build plays {}; replay it with a build of that version",
                record.rules_version, info.rules_version
            )));
        }
        let options: G::Options = serde_json::from_value(record.options.clone())
            .map_err(|error| MatchError::Record(format!("options: {error}")))?;
        let mut game = Match::new(data, &record.scenario, options, record.randomness.clone())?;
        game.id.clone_from(&record.id);
        for (index, value) in record.actions.iter().take(count).enumerate() {
            let action: G::Action = serde_json::from_value(value.clone()).map_err(|error| {
                MatchError::Record(format!("action {index} ({value}): {error}"))
            })?;
            let seat = game.status().seat().ok_or_else(|| {
                MatchError::Record(format!("action {index} comes after the end of the game"))
            })?;
            game.apply(seat, action).map_err(|error| {
                MatchError::Record(format!("action {index} ({value}): {error}"))
            })?;
        }
        Ok(game)
    }

    /// The state (the referee's: it holds hidden information; show seats only views).
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The shared component data.
    pub fn data(&self) -> &Arc<G::Data> {
        &self.data
    }

    /// Who must decide now.
    pub fn status(&self) -> Status {
        self.state.status()
    }

    /// The legal actions of the seat to act.
    pub fn legal_actions(&self) -> Vec<G::Action> {
        let mut actions = Vec::new();
        self.state.legal_actions(&mut actions);
        actions
    }

    /// The full log (the referee's); filter with [`Log::visible_to`] for a seat.
    pub fn log(&self) -> &Log<G::Event> {
        &self.log
    }

    /// The actions played so far.
    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }

    /// Play `action` for `seat`. Refused actions change nothing.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<(), MatchError> {
        self.check_turn(seat)?;
        // Whatever happens below, the state may change: the kept list goes.
        self.listed = None;
        if self.quiet {
            // The game refuses an action without changing anything (the conformance suite's
            // refusal check), and a quiet game has no script whose fault could undo it.
            // What the action revealed matters only to undo, which a quiet game has not.
            let _revealed = self.state.apply(action, &mut Log::disabled())?;
            self.played_quietly(seat, action);
            return Ok(());
        }
        // Applying to a copy makes refusal atomic whatever the game does, and lets a script
        // fault refuse the action after the game has run it.
        let mut next = self.state.clone();
        let mut logged = Log::new();
        let applied = next.apply(action, &mut logged)?;
        if let Some(fault) = next.rng().fault() {
            return Err(fault.clone().into());
        }
        let drew_randomness = next.rng().outcomes() != self.state.rng().outcomes();
        self.state = next;
        self.log_marks.push(self.log.len());
        self.log.append(&mut logged);
        self.actions.push(action);
        self.actors.push(seat);
        if drew_randomness || applied.revealed_hidden {
            self.barrier = UndoBarrier {
                actions: self.actions.len(),
                state: self.state.clone(),
            };
        }
        Ok(())
    }

    /// A game `seat` cannot tell apart from this one ([`Game::determinize`], drawing from a
    /// generator seeded with `seed`), for information-set search from outside the engine (the
    /// Python package's OpenSpiel game). Its actions and log are this game's, so its record
    /// replays this game, not the redrawn one; it cannot undo past the redraw.
    pub fn determinized(&self, seat: Seat, seed: u64) -> Match<G> {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let state = self.state.determinize(seat, &mut rng);
        Match {
            barrier: UndoBarrier {
                actions: self.actions.len(),
                state: state.clone(),
            },
            state,
            listed: None,
            ..self.clone()
        }
    }

    /// Play from now on for speed, as a learning agent or a batch does: actions are applied
    /// in place with the log off (the log keeps what it had), and undo is no longer possible.
    /// A game with scripted randomness stays as it is: a script's fault must be able to
    /// refuse an action after the game has run it.
    pub fn quieten(&mut self) {
        if self.randomness.script.is_none() {
            self.quiet = true;
            self.barrier.actions = self.actions.len();
        }
    }

    /// Whether the game is played for speed ([`Match::quieten`]).
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }

    /// Play the `index`th action of the legal list for `seat`: the list is worked out once,
    /// and a quiet game applies the action as listed ([`Game::apply_listed`]).
    pub fn apply_legal_index(&mut self, seat: Seat, index: usize) -> Result<(), MatchError> {
        let legal = match self.listed.take() {
            Some(listed) => listed,
            None => self.legal_actions(),
        };
        let Some(&action) = legal.get(index) else {
            let count = legal.len();
            self.listed = Some(legal);
            return Err(MatchError::BadAction(format!(
                "there are {count} legal actions; no action {index}"
            )));
        };
        if !self.quiet {
            return self.apply(seat, action);
        }
        if let Err(refused) = self.check_turn(seat) {
            self.listed = Some(legal);
            return Err(refused);
        }
        let _revealed = self.state.apply_listed(action, &mut Log::disabled())?;
        self.played_quietly(seat, action);
        Ok(())
    }

    /// The legal actions, kept until the state changes so that [`Match::apply_legal_index`]
    /// need not list them again (a learning agent lists, chooses, plays).
    pub fn list_legal_actions(&mut self) -> &[G::Action] {
        self.listed_with_state().0
    }

    /// [`Match::list_legal_actions`] with the state they are legal in, to read both at once
    /// (their action ids) without copying the list.
    pub fn listed_with_state(&mut self) -> (&[G::Action], &G) {
        if self.listed.is_none() {
            self.listed = Some(self.legal_actions());
        }
        (self.listed.as_deref().unwrap_or_default(), &self.state)
    }

    /// Refuse an action from `seat` when the game is over or another seat must decide.
    fn check_turn(&self, seat: Seat) -> Result<(), MatchError> {
        match self.state.status() {
            Status::Over(outcome) => Err(MatchError::GameOver(outcome)),
            Status::ToAct(expected) if expected != seat => Err(MatchError::NotYourTurn {
                expected,
                actual: seat,
            }),
            Status::ToAct(_) => Ok(()),
        }
    }

    /// Book an action a quiet game has applied: the record has it; undo stops before it.
    fn played_quietly(&mut self, seat: Seat, action: G::Action) {
        self.actions.push(action);
        self.actors.push(seat);
        self.log_marks.push(self.log.len());
        self.barrier.actions = self.actions.len();
    }

    /// The seat whose last action undo would take back, if undo is possible now.
    pub fn undoable_by(&self) -> Option<Seat> {
        if matches!(self.status(), Status::Over(_)) {
            return None;
        }
        (self.actions.len() > self.barrier.actions)
            .then(|| self.actors.last().copied())
            .flatten()
    }

    /// Take back the last action.
    pub fn undo(&mut self) -> Result<(), MatchError> {
        // An ended game stays ended: its result is what was played (and what a record of it
        // says), not a position to take back into.
        if let Status::Over(outcome) = self.status() {
            return Err(MatchError::GameOver(outcome));
        }
        if self.quiet {
            return Err(MatchError::CannotUndo(
                "the game is played quietly, for speed, and keeps no undo".into(),
            ));
        }
        if self.actions.len() <= self.barrier.actions {
            return Err(MatchError::CannotUndo(if self.actions.is_empty() {
                "no action has been played yet".into()
            } else {
                "the last action drew randomness or showed hidden information, so it stands".into()
            }));
        }
        let keep = self.actions.len() - 1;
        let mut state = self.barrier.state.clone();
        for action in &self.actions[self.barrier.actions..keep] {
            // These actions were accepted from this very state before, with no randomness.
            let _quiet = state
                .apply(*action, &mut Log::disabled())
                .map_err(|refusal| MatchError::CannotUndo(format!("replay refused: {refusal}")))?;
        }
        self.state = state;
        self.listed = None;
        self.log.truncate(self.log_marks[keep]);
        self.log_marks.truncate(keep);
        self.actions.truncate(keep);
        self.actors.truncate(keep);
        Ok(())
    }

    /// The record of the game so far.
    pub fn record(&self) -> GameRecord {
        let info = G::info();
        GameRecord {
            format: RECORD_FORMAT,
            game: info.id.to_owned(),
            rules_version: info.rules_version.to_owned(),
            id: self.id.clone(),
            scenario: self.scenario.clone(),
            options: serde_json::to_value(&self.options).unwrap_or(serde_json::Value::Null),
            randomness: self.randomness.clone(),
            actions: self
                .actions
                .iter()
                .map(|action| serde_json::to_value(action).unwrap_or(serde_json::Value::Null))
                .collect(),
        }
    }
}
