//! The turn driver every game would otherwise write: `apply`'s legality check, the bounded
//! loop that runs system procedures until a decision is needed, and the reveal counter behind
//! [`Applied`]. A game plugs its rules chapters in through [`Chapters`] and calls [`apply`],
//! [`apply_listed`] and [`run`] from its [`Game`] impl.
//!
//! Why a counter for reveals: undo must never cross a card drawn or a counter turned face up
//! (ARCHITECTURE invariant 5). A game bumps its counter wherever it shows something hidden;
//! the driver compares it before and after an action, so no chapter has to report it.

use crate::game::{Applied, Game, Refusal};
use crate::log::Log;

/// What one system procedure left to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The state moved on: run the next procedure.
    Continue,
    /// A seat must decide now, or the game is over: stop running.
    Decide,
}

/// The most procedures one [`run`] carries out: a rules bug that would loop for ever stops
/// here instead of hanging a server or a batch.
pub const RUN_LIMIT: u32 = 10_000;

/// A game's rules chapters, as the driver calls them.
pub trait Chapters: Game {
    /// Carry out the system procedure the state is at (a landing check, German fire, the end
    /// of a turn...), or say that a decision (or the end) has been reached.
    fn advance(&mut self, log: &mut Log<Self::Event>) -> Progress;

    /// Hand `action`, known to answer the prompt showing, to the chapter that asked it.
    fn answer(&mut self, action: Self::Action, log: &mut Log<Self::Event>) -> Result<(), Refusal>;

    /// How many times hidden information has been shown or randomness drawn so far (cards
    /// drawn, counters revealed): [`apply`] reports an action that moved it as
    /// [`Applied::REVEALING`].
    fn reveals(&self) -> u64;

    /// Whether the game is over (no action is accepted).
    fn over(&self) -> bool;

    /// The refusal of `action`, which is not among `legal`: by default the prompt's rule and
    /// its question; a game may say more (why a unit may not leave the map).
    fn refusal(&self, action: &Self::Action, legal: &[Self::Action]) -> Refusal {
        not_an_answer(self, action, legal)
    }
}

/// The plain refusal of `action`, which is not among `legal`: the prompt's rule and question,
/// and how many answers there are. What [`Chapters::refusal`] says unless a game says more.
///
/// The action is shown as it was sent (its JSON), not as the program's own debugging form: the
/// sender recognises it, and it says nothing of the program's insides.
pub fn not_an_answer<G: Game>(game: &G, action: &G::Action, legal: &[G::Action]) -> Refusal {
    let prompt = game.prompt();
    let sent = serde_json::to_string(action).unwrap_or_else(|_| "that action".to_owned());
    Refusal::by_rule(
        prompt.rule,
        format!(
            "{sent} is not a legal answer to \"{}\"; choose one of the {} legal actions",
            prompt.text,
            legal.len()
        ),
    )
}

/// Run system procedures until a seat must decide or the game ends (at most [`RUN_LIMIT`]).
pub fn run<G: Chapters>(game: &mut G, log: &mut Log<G::Event>) {
    for _ in 0..RUN_LIMIT {
        if game.advance(log) == Progress::Decide {
            return;
        }
    }
}

/// [`Game::apply`]: refuse an action that is not legal now, with its reason, before touching
/// the state; otherwise answer it and run on to the next decision.
pub fn apply<G: Chapters>(
    game: &mut G,
    action: G::Action,
    log: &mut Log<G::Event>,
) -> Result<Applied, Refusal> {
    if game.over() {
        return Err(Refusal::new("the game is over"));
    }
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    if !legal.contains(&action) {
        return Err(game.refusal(&action, &legal));
    }
    answer_and_run(game, action, log)
}

/// [`Game::apply_listed`]: the action was just taken from this state's legal list, so release
/// builds skip re-deriving the list (half a playout's cost); debug builds, the tests', still
/// check.
pub fn apply_listed<G: Chapters>(
    game: &mut G,
    action: G::Action,
    log: &mut Log<G::Event>,
) -> Result<Applied, Refusal> {
    if cfg!(debug_assertions) {
        return apply(game, action, log);
    }
    if game.over() {
        return Err(Refusal::new("the game is over"));
    }
    answer_and_run(game, action, log)
}

fn answer_and_run<G: Chapters>(
    game: &mut G,
    action: G::Action,
    log: &mut Log<G::Event>,
) -> Result<Applied, Refusal> {
    let before = game.reveals();
    game.answer(action, log)?;
    run(game, log);
    Ok(if game.reveals() == before {
        Applied::QUIET
    } else {
        Applied::REVEALING
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{
        Anchors, Components, DataErrors, GameInfo, Prompt, ScenarioInfo, SetupError, Status,
    };
    use crate::log::RuleId;
    use crate::rng::GameRng;
    use crate::seat::{Seat, Viewer};
    use std::sync::Arc;

    const COUNT: RuleId = RuleId("T-COUNT");

    struct NoData;

    impl Components for NoData {
        fn load(_dir: &std::path::Path) -> Result<NoData, DataErrors> {
            Ok(NoData)
        }
        fn scenarios(&self) -> Vec<ScenarioInfo> {
            Vec::new()
        }
    }

    /// A game of one seat that adds 1 or 2 to a total; adding 2 "draws a card" (a reveal);
    /// after each answer the system runs `chores` procedures; `endless` makes it never stop.
    #[derive(Clone, Debug, PartialEq)]
    struct Counter {
        total: u32,
        chores: u32,
        ran: u32,
        cards: u64,
        endless: bool,
        rng: GameRng,
    }

    impl Game for Counter {
        type Data = NoData;
        type Options = ();
        type Action = u8;
        type View = u32;
        type Event = ();

        fn info() -> GameInfo {
            GameInfo {
                id: "counter",
                name: "Counter",
                rules_version: "1",
                min_seats: 1,
                max_seats: 1,
            }
        }
        fn setup(
            _: &Arc<NoData>,
            _: &str,
            _: &(),
            rng: GameRng,
            _: &mut Log<()>,
        ) -> Result<Counter, SetupError> {
            Ok(Counter {
                total: 0,
                chores: 0,
                ran: 0,
                cards: 0,
                endless: false,
                rng,
            })
        }
        fn status(&self) -> Status {
            Status::ToAct(Seat(0))
        }
        fn prompt(&self) -> Prompt {
            Prompt {
                name: "add",
                rule: COUNT,
                text: "Add 1 or 2.".into(),
            }
        }
        fn legal_actions(&self, out: &mut Vec<u8>) {
            out.clear();
            out.extend([1, 2]);
        }
        fn apply(&mut self, action: u8, log: &mut Log<()>) -> Result<Applied, Refusal> {
            apply(self, action, log)
        }
        fn view(&self, _: Viewer) -> u32 {
            self.total
        }
        fn determinize<R: rand::Rng + ?Sized>(&self, _: Seat, _: &mut R) -> Counter {
            self.clone()
        }
        fn anchors(&self, action: &u8) -> Anchors {
            Anchors::label(format!("add {action}"))
        }
        fn rng(&self) -> &GameRng {
            &self.rng
        }
    }

    impl Chapters for Counter {
        fn advance(&mut self, _: &mut Log<()>) -> Progress {
            if self.chores == 0 && !self.endless {
                return Progress::Decide;
            }
            self.chores = self.chores.saturating_sub(1);
            self.ran += 1;
            Progress::Continue
        }
        fn answer(&mut self, action: u8, _: &mut Log<()>) -> Result<(), Refusal> {
            self.total += u32::from(action);
            self.cards += u64::from(action == 2);
            self.chores = 3;
            Ok(())
        }
        fn reveals(&self) -> u64 {
            self.cards
        }
        fn over(&self) -> bool {
            self.total >= 10
        }
    }

    fn counter() -> Counter {
        Counter::setup(
            &Arc::new(NoData),
            "",
            &(),
            GameRng::seeded(1),
            &mut Log::disabled(),
        )
        .unwrap()
    }

    #[test]
    fn an_answer_runs_the_system_to_the_next_decision_and_reports_reveals() {
        let mut game = counter();
        let mut log = Log::disabled();
        assert_eq!(apply(&mut game, 1, &mut log), Ok(Applied::QUIET));
        assert_eq!((game.total, game.ran), (1, 3), "three procedures ran");
        assert_eq!(apply_listed(&mut game, 2, &mut log), Ok(Applied::REVEALING));
        assert_eq!((game.total, game.ran), (3, 6));
    }

    #[test]
    fn an_illegal_action_is_refused_with_the_prompts_rule_and_changes_nothing() {
        let mut game = counter();
        let before = game.clone();
        let refusal = apply(&mut game, 5, &mut Log::disabled()).unwrap_err();
        assert_eq!(refusal.rule, Some(COUNT));
        assert!(
            refusal
                .reason
                .contains("not a legal answer to \"Add 1 or 2.\""),
            "{refusal}"
        );
        assert_eq!(game, before);
        game.total = 10;
        let over = game.clone();
        assert_eq!(
            apply(&mut game, 1, &mut Log::disabled())
                .unwrap_err()
                .reason,
            "the game is over"
        );
        assert_eq!(game, over);
    }

    #[test]
    fn a_run_that_never_reaches_a_decision_stops_at_the_limit() {
        let mut game = counter();
        game.endless = true;
        run(&mut game, &mut Log::disabled());
        assert_eq!(game.ran, RUN_LIMIT);
    }
}
