//! What a game reports to batch simulation (`overlord sim`) beyond its outcome: named counters
//! (losses, objectives held, victory points...), the turn, and the places still held against
//! the players, so a designer can see when games end, how losses build up turn by turn, which
//! positions hold out and where men and units fall (a heat map drawn on the game's board).
//!
//! Optional: a game offers its figures through [`Game::statistics`](crate::Game::statistics)
//! (`None` by default), so any game with bots can be simulated and gains these figures when it
//! says what they are. Kept out of [`Game`](crate::Game) proper because only simulation asks,
//! and only between actions: none of it needs to be fast.

/// A game's figures for simulation statistics. Every method has a default: a game reports what
/// it has. Object-safe, so the simulator can read it through [`Game::statistics`].
///
/// [`Game::statistics`]: crate::Game::statistics
pub trait Statistics {
    /// The game turn now; once the game is over, the turn it ended on. `None` for a game
    /// without turns (then nothing is reported per turn).
    fn turn(&self) -> Option<u32> {
        None
    }

    /// Losses so far, cumulative since setup, per formation the game names (for D-Day at
    /// Omaha Beach, steps lost by each US division), always the same names in the same order.
    /// The simulator books them per turn.
    fn losses(&self) -> Vec<(String, u32)> {
        Vec::new()
    }

    /// Named per-game counters read at the end of a game (objectives held, victory points,
    /// units lost by each side...), always the same names: the summary and the report show
    /// each one's mean with its interval, whatever it is called.
    fn counters(&self) -> Vec<(String, i64)> {
        Vec::new()
    }

    /// Figures the simulator reads at the end of every turn (and of the game), always the same
    /// names: objectives held by each side, units on the map... The summary gives each one's
    /// mean turn by turn, over the games still in play.
    fn turn_figures(&self) -> Vec<(String, i64)> {
        Vec::new()
    }

    /// The places the side the players fight still holds (named as on the map), for "which
    /// positions most often hold out" over many games.
    fn holding_out(&self) -> Vec<String> {
        Vec::new()
    }

    /// Where men or units were lost this game: (whose losses, as the game names them, "US
    /// soldiers"; the hex, as the map labels it), one entry per loss (a hex twice for two losses
    /// there). The simulator adds them up over a batch into a heat map per name of where the
    /// fighting costs most.
    fn fallen_at(&self) -> Vec<(String, String)> {
        Vec::new()
    }

    /// The game's board as an SVG document with `counts` (hex label, number) of `whose` losses
    /// shaded on it: the simulator's heat map of [`Statistics::fallen_at`]. `None` for a game
    /// that draws no board.
    fn heat_map(&self, _whose: &str, _counts: &[(String, u32)]) -> Option<String> {
        None
    }
}
