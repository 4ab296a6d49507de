//! The conformance suite: seeded random games of any [`Game`], with the engine contract checked
//! at every step.

use super::CheckRng;
use super::json::{first_difference, fixed_garbage, mutations, short, state_difference};
use super::report::{Failure, Property, Summary};
use crate::dynamic::DynMatch;
use crate::game::{Game, Refusal, Status};
use crate::log::{Log, LogEntry, RuleId};
use crate::record::{GameRecord, RECORD_FORMAT};
use crate::rng::{RandomSpec, uniform_below};
use crate::seat::{Seat, Viewer};
use crate::session::{Match, MatchError};
use rand::{Rng, SeedableRng};
use serde::Serialize;
use serde_json::{Value, json};
use std::collections::{BTreeSet, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// A game's own check of one state, called after setup and after every step: `Err` says what
/// is wrong.
pub type Invariant<G> = Box<dyn Fn(&G) -> Result<(), String> + Send + Sync>;

/// A game's own check of one step, called with the state before and after it (a count that
/// must never fall, a counter that must never come back).
pub type Transition<G> = Box<dyn Fn(&G, &G) -> Result<(), String> + Send + Sync>;

/// A game's own leak pairs: given a state and a seat, states that differ from it only in what
/// that seat cannot see (a hidden card swapped with another, a face-down counter for another),
/// drawn with the generator given. The suite checks that the seat sees them all alike.
pub type Indistinguishable<G> = Box<dyn Fn(&G, Seat, &mut CheckRng) -> Vec<G> + Send + Sync>;

/// How the random games choose: given the state, its legal actions (never empty) and the
/// game's policy generator, one of the legal actions.
pub type Policy<G> =
    Box<dyn Fn(&G, &[<G as Game>::Action], &mut CheckRng) -> <G as Game>::Action + Send + Sync>;

/// Salts that keep the policy's, the checks' and the game's streams apart for one seed. The
/// policy's is the one D-Day at Omaha Beach's random-play tests always used, so their seeds
/// still play the games they played.
const POLICY_SALT: u64 = 0x5eed;
const CHECK_SALT: u64 = 0xc4ec_4ed5_eed0_0001;

/// The settings of a conformance run: which scenario, how many games, how hard to look, and
/// the game's own hooks. Build it with [`Conformance::new`] and the methods below; hand it to
/// [`conformance`] (or [`check`]).
///
/// Game `i` of a run has seed `first_seed + i`: its randomness is `RandomSpec::seeded(seed)`
/// and its policy draws from a ChaCha8 generator seeded with `seed ^ 0x5eed` (the uniform
/// policy takes `next_u32() % legal.len()`), while the checks draw from a stream of their own.
/// So a seed plays the same game whatever is checked, and a failure names the seed to run
/// alone.
pub struct Conformance<G: Game> {
    scenario: String,
    options: G::Options,
    games: u64,
    first_seed: u64,
    max_decisions: usize,
    check_every: usize,
    determinizations: usize,
    refusals: usize,
    threads: usize,
    invariants: Vec<Invariant<G>>,
    transitions: Vec<Transition<G>>,
    indistinguishable: Vec<Indistinguishable<G>>,
    policy: Option<Policy<G>>,
    garbage: Vec<Value>,
    rule_ids: Option<BTreeSet<String>>,
    known_defects: Vec<(Property, String)>,
}

impl<G: Game> Conformance<G> {
    /// Games of `scenario` with the default options, and the default sizes: 20 games, a limit
    /// of 20,000 decisions a game, every check at every step, two determinizations per seat,
    /// four refused actions and four garbage actions per checked step, one thread.
    pub fn new(scenario: impl Into<String>) -> Conformance<G> {
        Conformance {
            scenario: scenario.into(),
            options: G::Options::default(),
            games: 20,
            first_seed: 0,
            max_decisions: 20_000,
            check_every: 1,
            determinizations: 2,
            refusals: 4,
            threads: 1,
            invariants: Vec::new(),
            transitions: Vec::new(),
            indistinguishable: Vec::new(),
            policy: None,
            garbage: Vec::new(),
            rule_ids: None,
            known_defects: Vec::new(),
        }
    }

    /// Play with these scenario options.
    #[must_use]
    pub fn options(mut self, options: G::Options) -> Conformance<G> {
        self.options = options;
        self
    }

    /// Play `games` games.
    #[must_use]
    pub fn games(mut self, games: u64) -> Conformance<G> {
        self.games = games;
        self
    }

    /// Number the games' seeds from `seed` (a failure's report says which seed to rerun).
    #[must_use]
    pub fn first_seed(mut self, seed: u64) -> Conformance<G> {
        self.first_seed = seed;
        self
    }

    /// Fail a game that has not ended after `decisions` decisions (a stall in disguise).
    #[must_use]
    pub fn max_decisions(mut self, decisions: usize) -> Conformance<G> {
        self.max_decisions = decisions.max(1);
        self
    }

    /// Run the costly checks (determinize, leaks, refusals, garbage, undo) at one step in
    /// `steps` (at 1, every step); which steps differs from game to game. The cheap checks
    /// (stall, legal list, clone, apply, invariants, rule ids) run at every step.
    #[must_use]
    pub fn check_every(mut self, steps: usize) -> Conformance<G> {
        self.check_every = steps.max(1);
        self
    }

    /// Determinize each seat `count` times at a checked step.
    #[must_use]
    pub fn determinizations(mut self, count: usize) -> Conformance<G> {
        self.determinizations = count;
        self
    }

    /// Try up to `count` actions that were legal earlier in the game but are not now, and up
    /// to `count` garbage actions, at each checked step.
    #[must_use]
    pub fn refusals(mut self, count: usize) -> Conformance<G> {
        self.refusals = count;
        self
    }

    /// Play the games on `threads` threads (the report is the same whatever the number: the
    /// failing game with the lowest seed).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Conformance<G> {
        self.threads = threads.max(1);
        self
    }

    /// Check the game's own invariant after setup and after every step.
    #[must_use]
    pub fn invariant(
        mut self,
        check: impl Fn(&G) -> Result<(), String> + Send + Sync + 'static,
    ) -> Conformance<G> {
        self.invariants.push(Box::new(check));
        self
    }

    /// Check the game's own invariant of each step, given the state before and after it.
    #[must_use]
    pub fn transition(
        mut self,
        check: impl Fn(&G, &G) -> Result<(), String> + Send + Sync + 'static,
    ) -> Conformance<G> {
        self.transitions.push(Box::new(check));
        self
    }

    /// Add the game's own leak pairs (see [`Indistinguishable`]), compared at checked steps
    /// besides the determinizations.
    #[must_use]
    pub fn indistinguishable(
        mut self,
        pairs: impl Fn(&G, Seat, &mut CheckRng) -> Vec<G> + Send + Sync + 'static,
    ) -> Conformance<G> {
        self.indistinguishable.push(Box::new(pairs));
        self
    }

    /// Choose with this policy instead of uniformly at random (one that plays like a player
    /// reaches parts of the rules a coin rarely does).
    #[must_use]
    pub fn policy(
        mut self,
        policy: impl Fn(&G, &[G::Action], &mut CheckRng) -> G::Action + Send + Sync + 'static,
    ) -> Conformance<G> {
        self.policy = Some(Box::new(policy));
        self
    }

    /// Also send these JSON values as actions (besides the suite's own garbage): each must be
    /// refused, unless it is a legal action.
    #[must_use]
    pub fn garbage(mut self, values: impl IntoIterator<Item = Value>) -> Conformance<G> {
        self.garbage.extend(values);
        self
    }

    /// Require every rule id the game names (log entries, prompts, refusals, outcomes) to be
    /// one of `ids` (the game's spec, see [`read_rule_ids`](super::read_rule_ids)).
    #[must_use]
    pub fn rule_ids<S: Into<String>>(mut self, ids: impl IntoIterator<Item = S>) -> Conformance<G> {
        self.rule_ids
            .get_or_insert_with(BTreeSet::new)
            .extend(ids.into_iter().map(Into::into));
        self
    }

    /// Tolerate failures of `property`: a defect the game is known to have, which `note` names
    /// (the issue that tracks it). A game that fails only so is cut short there and counted in
    /// [`Summary::known_defects`] with the first report, and the run goes on; every other
    /// property is checked as ever. Remove it once the defect is fixed: it hides the property
    /// from the whole run.
    #[must_use]
    pub fn known_defect(mut self, property: Property, note: impl Into<String>) -> Conformance<G> {
        self.known_defects.push((property, note.into()));
        self
    }

    /// How to run game `seed` alone, for a report.
    fn rerun(&self, seed: u64) -> String {
        format!(
            "Conformance::new({:?}).first_seed({seed}).games(1) with the same options and hooks",
            self.scenario
        )
    }
}

/// Run the suite and panic with the report of the first failure: the one line a game's test
/// calls. Returns what was checked.
///
/// ```ignore
/// overlord_engine::testing::conformance::<Duel>(&data, &Conformance::new("standard").games(50));
/// ```
#[allow(clippy::panic)] // Test support: a failing check fails the calling test, with the report.
pub fn conformance<G: Game>(data: &Arc<G::Data>, settings: &Conformance<G>) -> Summary {
    match check(data, settings) {
        Ok(summary) => summary,
        Err(failure) => panic!("{failure}"),
    }
}

/// Run the suite: the first failure (of the game with the lowest seed), or what was checked.
pub fn check<G: Game>(
    data: &Arc<G::Data>,
    settings: &Conformance<G>,
) -> Result<Summary, Box<Failure>> {
    let started = Instant::now();
    let threads = settings
        .threads
        .min(usize::try_from(settings.games).unwrap_or(usize::MAX))
        .max(1);
    // The lowest failing game so far: the others stop before later games.
    let failed_at = AtomicU64::new(u64::MAX);
    let results: Vec<Result<Summary, Box<Failure>>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let failed_at = &failed_at;
                scope.spawn(move || {
                    let mut summary = Summary::default();
                    let mut game = t as u64;
                    while game < settings.games && game < failed_at.load(Ordering::Relaxed) {
                        if let Err(failure) = play_one(data, settings, game, &mut summary) {
                            failed_at.fetch_min(game, Ordering::Relaxed);
                            return Err(failure);
                        }
                        game += threads as u64;
                    }
                    Ok(summary)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| {
                worker.join().unwrap_or_else(|_| {
                    Err(bare_failure(
                        settings,
                        Property::Panic,
                        "a worker thread of the suite panicked".into(),
                    ))
                })
            })
            .collect()
    });
    let mut summary = Summary {
        game: G::info().id.to_owned(),
        scenario: settings.scenario.clone(),
        ..Summary::default()
    };
    let mut first: Option<Box<Failure>> = None;
    for result in results {
        match result {
            Ok(part) => summary.add(&part),
            Err(failure) => {
                if first.as_ref().is_none_or(|f| failure.game < f.game) {
                    first = Some(failure);
                }
            }
        }
    }
    match first {
        Some(failure) => Err(failure),
        None => {
            summary.elapsed = started.elapsed();
            Ok(summary)
        }
    }
}

/// A failure outside any game.
fn bare_failure<G: Game>(
    settings: &Conformance<G>,
    property: Property,
    message: String,
) -> Box<Failure> {
    Trace::new(0, settings.first_seed).fail(settings, property, message)
}

/// Where a game is, kept outside the game's code so that a panic can be reported from it.
struct Trace {
    game: u64,
    seed: u64,
    step: usize,
    seat: Option<Seat>,
    prompt: Option<&'static str>,
    actions: Vec<Value>,
    trying: Option<Value>,
    doing: &'static str,
}

impl Trace {
    fn new(game: u64, seed: u64) -> Trace {
        Trace {
            game,
            seed,
            step: 0,
            seat: None,
            prompt: None,
            actions: Vec::new(),
            trying: None,
            doing: "setting the game up",
        }
    }

    fn fail<G: Game>(
        &self,
        settings: &Conformance<G>,
        property: Property,
        message: String,
    ) -> Box<Failure> {
        let info = G::info();
        Box::new(Failure {
            property,
            message,
            game: self.game,
            seed: self.seed,
            step: self.step,
            seat: self.seat,
            prompt: self.prompt.map(str::to_owned),
            action: self.trying.clone(),
            record: GameRecord {
                format: RECORD_FORMAT,
                game: info.id.to_owned(),
                rules_version: info.rules_version.to_owned(),
                id: None,
                scenario: settings.scenario.clone(),
                options: serde_json::to_value(&settings.options).unwrap_or(Value::Null),
                randomness: RandomSpec::seeded(self.seed),
                actions: self.actions.clone(),
            },
            rerun: settings.rerun(self.seed),
        })
    }
}

/// Play game `index` with every check, turning a panic into a failure at the step it hit.
fn play_one<G: Game>(
    data: &Arc<G::Data>,
    settings: &Conformance<G>,
    index: u64,
    summary: &mut Summary,
) -> Result<(), Box<Failure>> {
    let seed = settings.first_seed.wrapping_add(index);
    let mut trace = Trace::new(index, seed);
    let mut counts = Summary::default();
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut game = Run::new(data, settings, seed, &mut trace, &mut counts);
        game.play()
    }));
    let result = match result {
        Ok(Ok(())) => Ok(()),
        Ok(Err((property, message))) => {
            let failure = trace.fail(settings, property, message);
            match settings.known_defects.iter().find(|(p, _)| *p == property) {
                Some((_, note)) => {
                    counts.known_defects += 1;
                    if summary.known_defect.is_none() {
                        summary.known_defect = Some(format!("known defect ({note}):\n{failure}"));
                    }
                    Ok(())
                }
                None => Err(failure),
            }
        }
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_owned());
            Err(trace.fail(
                settings,
                Property::Panic,
                format!("panicked while {}: {message}", trace.doing),
            ))
        }
    };
    if result.is_ok() {
        counts.games = 1;
        summary.add(&counts);
    }
    result
}

/// A failed property and what went wrong.
type Check = Result<(), (Property, String)>;

fn failed(property: Property, message: impl Into<String>) -> Check {
    Err((property, message.into()))
}

/// `value` as JSON, or the property's failure saying what would not serialise.
fn to_json<T: Serialize>(value: &T, what: &str) -> Result<Value, (Property, String)> {
    serde_json::to_value(value).map_err(|error| {
        (
            Property::Views,
            format!("{what} does not serialise: {error}"),
        )
    })
}

/// One game of the run, with its checks.
struct Run<'a, G: Game> {
    data: &'a Arc<G::Data>,
    settings: &'a Conformance<G>,
    seed: u64,
    trace: &'a mut Trace,
    counts: &'a mut Summary,
    policy_rng: CheckRng,
    check_rng: CheckRng,
    /// Actions listed at some step so far, in the order first seen.
    seen: Vec<G::Action>,
    seen_set: HashSet<G::Action>,
    /// Which steps are checked: those `offset` past a multiple of `check_every`.
    offset: usize,
}

/// The most actions of earlier steps kept for refusal checks.
const POOL: usize = 4096;

impl<'a, G: Game> Run<'a, G> {
    fn new(
        data: &'a Arc<G::Data>,
        settings: &'a Conformance<G>,
        seed: u64,
        trace: &'a mut Trace,
        counts: &'a mut Summary,
    ) -> Self {
        let mut check_rng = CheckRng::seed_from_u64(seed ^ CHECK_SALT);
        let offset = uniform_below(&mut check_rng, settings.check_every as u32) as usize;
        Run {
            data,
            settings,
            seed,
            trace,
            counts,
            policy_rng: CheckRng::seed_from_u64(seed ^ POLICY_SALT),
            check_rng,
            seen: Vec::new(),
            seen_set: HashSet::new(),
            offset,
        }
    }

    fn play(&mut self) -> Check {
        let settings = self.settings;
        let mut game = match Match::<G>::new(
            Arc::clone(self.data),
            &settings.scenario,
            settings.options.clone(),
            RandomSpec::seeded(self.seed),
        ) {
            Ok(game) => game,
            Err(error) => return failed(Property::Setup, format!("setup refused: {error}")),
        };
        self.trace.doing = "checking the state after setup";
        self.invariants(game.state())?;
        self.log_rules(game.log().entries())?;
        // A snapshot at a random step for the prefix replay (reservoir sampling: every step
        // alike).
        let mut snapshot: Option<(usize, G, usize)> = None;
        let mut legal = Vec::new();
        while let Status::ToAct(seat) = game.status() {
            let step = self.trace.step;
            self.trace.seat = Some(seat);
            self.trace.prompt = Some(game.state().prompt().name);
            self.trace.trying = None;
            self.trace.doing = "listing the legal actions";
            if step >= settings.max_decisions {
                return failed(
                    Property::Decisions,
                    format!(
                        "the game has not ended after {step} decisions (raise max_decisions if it is only long)"
                    ),
                );
            }
            if seat.0 >= game.state().seats() {
                return failed(
                    Property::Seat,
                    format!(
                        "{seat} is to act, but the game has {} seats",
                        game.state().seats()
                    ),
                );
            }
            game.state().legal_actions(&mut legal);
            self.legal_list(game.state(), &legal)?;
            self.rule(game.state().prompt().rule, "the prompt")?;
            let checked = step % settings.check_every == self.offset;
            if checked {
                self.counts.checked_steps += 1;
                self.views(game.state())?;
                self.refusals(&mut game, seat, &legal)?;
            }
            if uniform_below(&mut self.check_rng, step as u32 + 1) == 0 {
                snapshot = Some((step, game.state().clone(), game.log().len()));
            }
            for action in &legal {
                if self.seen.len() < POOL && self.seen_set.insert(*action) {
                    self.seen.push(*action);
                }
            }
            self.trace.doing = "choosing an action";
            let action = match &settings.policy {
                Some(policy) => {
                    let action = policy(game.state(), &legal, &mut self.policy_rng);
                    if !legal.contains(&action) {
                        return failed(
                            Property::Policy,
                            format!("the policy chose {action:?}, which is not legal: {legal:?}"),
                        );
                    }
                    action
                }
                // A test policy: the modulo's bias towards the first actions does not matter.
                None => legal[self.policy_rng.next_u32() as usize % legal.len()],
            };
            self.step(&mut game, seat, action, checked)?;
            self.trace.actions.push(json!(action));
            self.trace.step += 1;
            self.counts.decisions += 1;
        }
        self.trace.seat = None;
        self.trace.prompt = None;
        self.trace.trying = None;
        self.ended(&game)?;
        self.replay(&game, snapshot)
    }

    /// The legal list: not empty, no action twice, the same on a clone.
    fn legal_list(&mut self, state: &G, legal: &[G::Action]) -> Check {
        if legal.is_empty() {
            return failed(
                Property::Stall,
                "the game is not over, but no action is legal",
            );
        }
        let mut once = HashSet::with_capacity(legal.len());
        if let Some(twice) = legal.iter().find(|a| !once.insert(**a)) {
            return failed(
                Property::Legal,
                format!(
                    "the legal list names {twice:?} twice: {}",
                    short(&format!("{legal:?}"))
                ),
            );
        }
        if let Some(space) = state.action_space() {
            self.trace.doing = "numbering the legal actions";
            let mut ids = HashSet::with_capacity(legal.len());
            for action in legal {
                let Some(id) = state.action_id(action).filter(|id| *id < space.size()) else {
                    return failed(
                        Property::Encoding,
                        format!(
                            "the legal action {action:?} has no id in the action space of {} ids",
                            space.size()
                        ),
                    );
                };
                if !ids.insert(id) {
                    return failed(
                        Property::Encoding,
                        format!(
                            "two legal actions have id {id} ({:?}); one of them is {action:?}",
                            space.locate(id).map(|(block, coords)| (block.name, coords))
                        ),
                    );
                }
            }
        }
        self.trace.doing = "listing the legal actions of a clone";
        let clone = state.clone();
        if clone != *state {
            return failed(
                Property::CloneStable,
                "a clone of the state is not equal to it",
            );
        }
        let mut again = Vec::new();
        clone.legal_actions(&mut again);
        if again != legal {
            return failed(
                Property::CloneStable,
                format!(
                    "a clone lists other legal actions, or in another order:\n  original: {}\n  clone:    {}",
                    short(&format!("{legal:?}")),
                    short(&format!("{again:?}"))
                ),
            );
        }
        Ok(())
    }

    /// Play `action` through the match, and check it against `apply_listed` on a copy, the
    /// invariants, the rule ids and (at a checked step) undo.
    fn step(&mut self, game: &mut Match<G>, seat: Seat, action: G::Action, checked: bool) -> Check {
        self.trace.trying = Some(json!(action));
        self.trace.doing = "applying a listed action";
        let before = game.state().clone();
        let log_len = game.log().len();
        if let Err(error) = game.apply(seat, action) {
            return failed(
                Property::Legal,
                format!("apply refused an action of the legal list: {error}"),
            );
        }
        self.trace.doing = "applying the same action with apply_listed and the log disabled";
        let mut listed = before.clone();
        let applied = match listed.apply_listed(action, &mut Log::disabled()) {
            Ok(applied) => applied,
            Err(refusal) => {
                return failed(
                    Property::Legal,
                    format!("apply_listed refused an action of the legal list: {refusal}"),
                );
            }
        };
        if listed != *game.state() {
            return failed(
                Property::Apply,
                self.apply_difference(&before, action, game.state(), &listed),
            );
        }
        self.trace.doing = "checking the game's invariants";
        self.invariants(game.state())?;
        for check in &self.settings.transitions {
            if let Err(broken) = check(&before, game.state()) {
                return failed(
                    Property::Invariant,
                    format!("a step invariant broke: {broken}"),
                );
            }
        }
        self.log_rules(&game.log().entries()[log_len..])?;
        if checked {
            if !applied.revealed_hidden && before.rng().outcomes() == game.state().rng().outcomes()
            {
                self.quiet(&before, action, game.state())?;
            }
            self.undo(game, seat, action, &before, log_len)?;
        }
        Ok(())
    }

    /// An action that drew no randomness and returned [`Applied::QUIET`] showed no seat
    /// anything new (invariant 5: undo never crosses a reveal): played on states the seat
    /// cannot tell apart from `before`, it leaves the seat's view as it left it here.
    ///
    /// [`Applied::QUIET`]: crate::Applied::QUIET
    fn quiet(&mut self, before: &G, action: G::Action, after: &G) -> Check {
        let actor = before.status().seat();
        for s in 0..before.seats() {
            let seat = Seat(s);
            self.trace.doing = "playing a quiet action on determinizations";
            let seen = to_json(&after.view(Viewer::Seat(seat)), "a seat's view")?;
            for _ in 0..self.settings.determinizations {
                let mut other = before.determinize(seat, &mut self.check_rng);
                let drawn = other.rng().outcomes();
                if let Err(refusal) = other.apply(action, &mut Log::disabled()) {
                    if actor == Some(seat) {
                        return failed(
                            Property::Leak,
                            format!(
                                "the action is legal here but refused in a state {seat} cannot tell apart ({refusal}): what {seat} may do depends on what it cannot see"
                            ),
                        );
                    }
                    // The other seat's hidden cards were redrawn: the action may not fit.
                    continue;
                }
                if other.rng().outcomes() != drawn {
                    continue;
                }
                let theirs = to_json(&other.view(Viewer::Seat(seat)), "a seat's view")?;
                if let Some(difference) = first_difference(&seen, &theirs) {
                    return failed(
                        Property::Undo,
                        format!(
                            "the action returned Applied::QUIET and drew no randomness, yet it showed {seat} something it could not see before: played on a state {seat} cannot tell apart, it leaves {seat}'s view different at {difference}\n\
                             undo could take back a reveal: return Applied::REVEALING"
                        ),
                    );
                }
            }
        }
        Ok(())
    }

    /// Why `apply` (log kept, through the match) and `apply_listed` (log disabled) differ.
    fn apply_difference(&self, before: &G, action: G::Action, applied: &G, listed: &G) -> String {
        let again = |log: &mut Log<G::Event>| {
            let mut state = before.clone();
            let _ = state.apply(action, log);
            state
        };
        let kept = again(&mut Log::new());
        let disabled = again(&mut Log::disabled());
        let why = if kept != *applied {
            "apply is not deterministic: the same action on equal states gave different states"
        } else if disabled != *applied {
            "the state depends on whether the log is kept: apply with the log disabled gives another state"
        } else {
            "apply_listed gives another state than apply"
        };
        format!("{why}; {}", state_difference(applied, listed))
    }

    /// Undo through the match gives back the state and log before the action; playing it again
    /// gives the same state as the first time.
    fn undo(
        &mut self,
        game: &mut Match<G>,
        seat: Seat,
        action: G::Action,
        before: &G,
        log_len: usize,
    ) -> Check {
        let Some(undoer) = game.undoable_by() else {
            return Ok(());
        };
        self.trace.doing = "undoing the action";
        if undoer != seat {
            return failed(
                Property::Undo,
                format!("undo would take back {undoer}'s action, but {seat} took the last one"),
            );
        }
        let after = game.state().clone();
        let after_len = game.log().len();
        if let Err(error) = game.undo() {
            return failed(
                Property::Undo,
                format!("undo was offered but refused: {error}"),
            );
        }
        self.counts.undos += 1;
        if game.state() != before {
            return failed(
                Property::Undo,
                format!(
                    "undo did not give back the state before the action; {}",
                    state_difference(before, game.state())
                ),
            );
        }
        if game.log().len() != log_len {
            return failed(
                Property::Undo,
                format!(
                    "undo left {} log entries, there were {log_len} before the action",
                    game.log().len()
                ),
            );
        }
        self.trace.doing = "playing the action again after undo";
        if let Err(error) = game.apply(seat, action) {
            return failed(
                Property::Undo,
                format!("after undo the action is refused: {error}"),
            );
        }
        if *game.state() != after || game.log().len() != after_len {
            return failed(
                Property::Undo,
                format!(
                    "played again after undo, the action gives another state or log; {}",
                    state_difference(&after, game.state())
                ),
            );
        }
        Ok(())
    }

    fn invariants(&self, state: &G) -> Check {
        for check in &self.settings.invariants {
            if let Err(broken) = check(state) {
                return failed(Property::Invariant, format!("an invariant broke: {broken}"));
            }
        }
        Ok(())
    }

    fn rule(&self, rule: RuleId, what: &str) -> Check {
        match &self.settings.rule_ids {
            Some(known) if !known.contains(rule.0) => failed(
                Property::RuleIds,
                format!("{what} cites rule `{rule}`, which is not in the list of rule ids"),
            ),
            _ => Ok(()),
        }
    }

    fn log_rules(&self, entries: &[LogEntry<G::Event>]) -> Check {
        for entry in entries {
            self.rule(
                entry.rule,
                &format!("the log entry \"{}\"", short(&entry.text)),
            )?;
        }
        Ok(())
    }

    /// What `seat` observes of `state` besides its view: status, seats, the spectator's view,
    /// the text picture and, when it is to act, the prompt, the legal actions with anchors and
    /// the line of sight of each unit they name.
    fn observed(state: &G, seat: Seat) -> Result<Value, (Property, String)> {
        let acting = state.status() == Status::ToAct(seat);
        let mut legal = Vec::new();
        if acting {
            state.legal_actions(&mut legal);
        }
        let mut observation = Vec::new();
        if let Some(shape) = state.observation_shape() {
            state.observe(Viewer::Seat(seat), &mut observation);
            if observation.len() != shape.len() {
                return Err((
                    Property::Encoding,
                    format!(
                        "the observation of {seat} has {} values; its shape has {}",
                        observation.len(),
                        shape.len()
                    ),
                ));
            }
        }
        let ids: Vec<Option<u32>> = legal.iter().map(|a| state.action_id(a)).collect();
        let anchors: Vec<crate::Anchors> = legal.iter().map(|a| state.anchors(a)).collect();
        // Line of sight from each unit the legal actions name, as the seat would ask for it.
        let mut units: Vec<u32> = anchors
            .iter()
            .flat_map(|a| a.units.iter().copied())
            .collect();
        units.sort_unstable();
        units.dedup();
        let sight = units
            .iter()
            .map(|&u| to_json(&state.sight(Viewer::Seat(seat), u), "a unit's sight"))
            .collect::<Result<Vec<Value>, (Property, String)>>()?;
        Ok(json!({
            "sight": sight,
            "status": to_json(&state.status(), "the status")?,
            "seats": state.seats(),
            "seat_label": state.seat_label(seat),
            "spectator_view": to_json(&state.view(Viewer::Spectator), "the spectator's view")?,
            "picture": state.text_picture(Viewer::Seat(seat)),
            "prompt": if acting { to_json(&state.prompt(), "the prompt")? } else { Value::Null },
            // The numbers a learning agent sees: the same leak and determinize checks.
            "observation": observation.iter().map(|x| x.to_bits()).collect::<Vec<u32>>(),
            "legal_ids": ids,
            "legal": if acting {
                legal
                    .iter()
                    .zip(&anchors)
                    .map(|(a, anchors)| Ok(json!({"action": to_json(a, "an action")?, "anchors": to_json(anchors, "anchors")?})))
                    .collect::<Result<Vec<Value>, (Property, String)>>()?
                    .into()
            } else {
                Value::Null
            },
        }))
    }

    /// Each seat's view survives determinize, and what the seat cannot see shows nowhere.
    fn views(&mut self, state: &G) -> Check {
        for s in 0..state.seats() {
            let seat = Seat(s);
            self.trace.doing = "viewing the state";
            let view = to_json(&state.view(Viewer::Seat(seat)), "a seat's view")?;
            let observed = Self::observed(state, seat)?;
            for _ in 0..self.settings.determinizations {
                self.trace.doing = "determinizing";
                let other = state.determinize(seat, &mut self.check_rng);
                self.counts.determinizations += 1;
                if other.rng() == state.rng() {
                    return failed(
                        Property::Determinize,
                        format!(
                            "determinize({seat}) kept the state's random generator; it holds the draws to come, which no seat may know: reseed it from the rng given"
                        ),
                    );
                }
                for check in &self.settings.invariants {
                    if let Err(broken) = check(&other) {
                        return failed(
                            Property::Determinize,
                            format!(
                                "determinize({seat}) made a state that breaks an invariant: {broken}"
                            ),
                        );
                    }
                }
                let other_view = to_json(&other.view(Viewer::Seat(seat)), "a seat's view")?;
                if let Some(difference) = first_difference(&view, &other_view) {
                    return failed(
                        Property::Determinize,
                        format!(
                            "view({seat}) of determinize({seat}) differs from view({seat}) at {difference}\n\
                             either determinize changed what {seat} sees, or the view shows what determinize redraws (a leak)"
                        ),
                    );
                }
                self.compare(&observed, &other, seat, "a determinization for that seat")?;
            }
            for hook in &self.settings.indistinguishable {
                self.trace.doing = "making the game's leak pairs";
                for other in hook(state, seat, &mut self.check_rng) {
                    self.counts.leak_pairs += 1;
                    let other_view = to_json(&other.view(Viewer::Seat(seat)), "a seat's view")?;
                    if let Some(difference) = first_difference(&view, &other_view) {
                        return failed(
                            Property::Leak,
                            format!(
                                "view({seat}) differs between two states {seat} cannot tell apart (the game's leak pair), at {difference}"
                            ),
                        );
                    }
                    self.compare(&observed, &other, seat, "the game's leak pair")?;
                }
            }
        }
        Ok(())
    }

    /// What `seat` observes of `other` is what it observes of `state`.
    fn compare(&mut self, observed: &Value, other: &G, seat: Seat, what: &str) -> Check {
        self.trace.doing = "comparing what a seat observes";
        let theirs = Self::observed(other, seat)?;
        match first_difference(observed, &theirs) {
            Some(difference) => failed(
                Property::Leak,
                format!(
                    "{seat} cannot tell the state from {what}, yet they show it different things, at {difference}"
                ),
            ),
            None => Ok(()),
        }
    }

    /// Actions legal elsewhere but not here, and garbage, are refused and change nothing.
    fn refusals(&mut self, game: &mut Match<G>, seat: Seat, legal: &[G::Action]) -> Check {
        let wanted = self.settings.refusals;
        let unlisted: Vec<G::Action> = self
            .seen
            .iter()
            .filter(|a| !legal.contains(a))
            .copied()
            .collect();
        for _ in 0..wanted.min(unlisted.len()) {
            let action =
                unlisted[uniform_below(&mut self.check_rng, unlisted.len() as u32) as usize];
            self.trace.trying = Some(json!(action));
            self.refused(
                game.state(),
                action,
                legal,
                "an action legal earlier in the game",
            )?;
        }
        // Garbage through the JSON face, as a client or a file would send it.
        let mut garbage = fixed_garbage();
        garbage.extend(self.settings.garbage.iter().cloned());
        let pick = legal[uniform_below(&mut self.check_rng, legal.len() as u32) as usize];
        garbage.extend(mutations(&json!(pick)));
        for _ in 0..wanted.min(garbage.len()) {
            let value = garbage
                .swap_remove(uniform_below(&mut self.check_rng, garbage.len() as u32) as usize);
            let parsed = serde_json::from_value::<G::Action>(value.clone()).ok();
            if parsed.is_some_and(|a| legal.contains(&a)) {
                continue;
            }
            self.trace.trying = Some(value.clone());
            self.trace.doing = "sending garbage through DynMatch::apply_json";
            let before = game.state().clone();
            let log_len = game.log().len();
            match DynMatch::apply_json(game, seat, &value) {
                Ok(()) => {
                    return failed(
                        Property::Legal,
                        format!("DynMatch::apply_json accepted {value}, which is no legal action"),
                    );
                }
                Err(MatchError::Refused(refusal)) => self.reason(&refusal)?,
                Err(error) => {
                    if error.to_string().trim().is_empty() {
                        return failed(Property::Refusal, "a refusal without a reason");
                    }
                }
            }
            if *game.state() != before || game.log().len() != log_len {
                return failed(Property::Refusal, "a refused JSON action changed the match");
            }
            self.counts.refusals += 1;
            if let Some(action) = parsed {
                self.refused(game.state(), action, legal, "a garbage action")?;
            }
        }
        self.trace.trying = None;
        Ok(())
    }

    /// `apply(action)` on a copy of `state` refuses with a reason, changes nothing, logs nothing.
    fn refused(&mut self, state: &G, action: G::Action, legal: &[G::Action], what: &str) -> Check {
        self.trace.doing = "applying an action that is not legal";
        let mut copy = state.clone();
        let mut log = Log::new();
        match copy.apply(action, &mut log) {
            Ok(_) => failed(
                Property::Legal,
                format!(
                    "apply accepted {what}, {action:?}, which the legal list does not name: {}",
                    short(&format!("{legal:?}"))
                ),
            ),
            Err(refusal) => {
                self.reason(&refusal)?;
                if copy != *state {
                    return failed(
                        Property::Refusal,
                        format!(
                            "refusing {what} ({refusal}) changed the state; {}",
                            state_difference(state, &copy)
                        ),
                    );
                }
                if !log.is_empty() {
                    return failed(
                        Property::Refusal,
                        format!(
                            "refusing {what} ({refusal}) logged {} entries, the first: \"{}\"",
                            log.len(),
                            short(&log.entries()[0].text)
                        ),
                    );
                }
                self.counts.refusals += 1;
                Ok(())
            }
        }
    }

    fn reason(&self, refusal: &Refusal) -> Check {
        if refusal.reason.trim().is_empty() {
            return failed(Property::Refusal, "a refusal without a reason");
        }
        match refusal.rule {
            Some(rule) => self.rule(rule, &format!("the refusal \"{}\"", short(&refusal.reason))),
            None => Ok(()),
        }
    }

    /// At the end: nothing legal, every action refused, rewards in range.
    fn ended(&mut self, game: &Match<G>) -> Check {
        self.trace.doing = "checking the ended game";
        let state = game.state();
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        if !legal.is_empty() {
            return failed(
                Property::Legal,
                format!(
                    "the game is over but lists {}",
                    short(&format!("{legal:?}"))
                ),
            );
        }
        let tries: Vec<G::Action> = self
            .seen
            .iter()
            .take(self.settings.refusals)
            .copied()
            .collect();
        for action in tries {
            self.trace.trying = Some(json!(action));
            self.refused(state, action, &legal, "an action after the end")?;
        }
        self.trace.trying = None;
        if let Status::Over(outcome) = state.status() {
            self.rule(outcome.rule, "the outcome")?;
            if outcome.seats() != state.seats() {
                return failed(
                    Property::Outcome,
                    format!(
                        "the outcome is for {} seats, the game has {}: {outcome}",
                        outcome.seats(),
                        state.seats()
                    ),
                );
            }
            if outcome.draw && !outcome.winners.is_empty() {
                return failed(
                    Property::Outcome,
                    format!("the game is drawn and won at once: {outcome}"),
                );
            }
            for s in 0..state.seats() {
                let reward = outcome.reward(Seat(s));
                if !(0.0..=1.0).contains(&reward) {
                    return failed(
                        Property::Outcome,
                        format!("{} has reward {reward}, not in [0, 1]", Seat(s)),
                    );
                }
            }
        }
        Ok(())
    }

    /// The record replays: whole, through JSON, and up to the snapshot's step.
    fn replay(&mut self, game: &Match<G>, snapshot: Option<(usize, G, usize)>) -> Check {
        self.trace.doing = "replaying the record";
        let record = game.record();
        let text = match serde_json::to_string(&record) {
            Ok(text) => text,
            Err(error) => {
                return failed(
                    Property::Replay,
                    format!("the record does not serialise: {error}"),
                );
            }
        };
        let read: GameRecord = match serde_json::from_str(&text) {
            Ok(read) => read,
            Err(error) => {
                return failed(
                    Property::Replay,
                    format!("the record's JSON does not read back: {error}"),
                );
            }
        };
        if read != record {
            return failed(
                Property::Replay,
                format!(
                    "the record changes in a JSON round trip (actions or options that do not read back as written) at {}",
                    first_difference(&json!(record), &json!(read)).unwrap_or_default()
                ),
            );
        }
        let replayed = match Match::<G>::from_record(Arc::clone(self.data), &read) {
            Ok(replayed) => replayed,
            Err(error) => {
                return failed(
                    Property::Replay,
                    format!("the record does not replay: {error}"),
                );
            }
        };
        self.counts.replays += 1;
        if replayed.state() != game.state() {
            return failed(
                Property::Replay,
                format!(
                    "the replayed state differs from the played one; {}",
                    state_difference(game.state(), replayed.state())
                ),
            );
        }
        same_log(game.log(), replayed.log())?;
        if let Some((step, state, log_len)) = snapshot {
            let prefix = match Match::<G>::from_record_prefix(Arc::clone(self.data), &read, step) {
                Ok(prefix) => prefix,
                Err(error) => {
                    return failed(
                        Property::Replay,
                        format!("the record's first {step} actions do not replay: {error}"),
                    );
                }
            };
            self.counts.replays += 1;
            if *prefix.state() != state || prefix.log().len() != log_len {
                return failed(
                    Property::Replay,
                    format!(
                        "the record's first {step} actions replay to another state than the game had at step {step}; {}",
                        state_difference(&state, prefix.state())
                    ),
                );
            }
        }
        Ok(())
    }
}

/// Two logs hold the same entries (events compared as JSON: they need not be `PartialEq`).
fn same_log<E: Serialize>(played: &Log<E>, replayed: &Log<E>) -> Check {
    let (a, b) = (played.entries(), replayed.entries());
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        let same = x.rule == y.rule
            && x.text == y.text
            && x.audience == y.audience
            && serde_json::to_value(&x.event).ok() == serde_json::to_value(&y.event).ok();
        if !same {
            return failed(
                Property::Replay,
                format!(
                    "log entry {i} differs in the replay: \"{}\" ({}) vs \"{}\" ({})",
                    short(&x.text),
                    x.rule,
                    short(&y.text),
                    y.rule
                ),
            );
        }
    }
    if a.len() != b.len() {
        return failed(
            Property::Replay,
            format!(
                "the replay logs {} entries, the game logged {}",
                b.len(),
                a.len()
            ),
        );
    }
    Ok(())
}
