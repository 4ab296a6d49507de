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
        let prompt = self.prompt();
        Refusal::by_rule(
            prompt.rule,
            format!(
                "{action:?} is not a legal answer to \"{}\"; there are {} legal actions",
                prompt.text,
                legal.len()
            ),
        )
    }
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
