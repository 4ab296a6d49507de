//! What a game reports to batch simulation (`overlord sim`) beyond its outcome: the turn, the
//! losses so far and the places still held against the players, so a designer can see when
//! games end, how the losses build up turn by turn, and which positions hold out.
//!
//! Kept apart from [`Game`] because only simulation asks, and only between actions: none of
//! it needs to be fast.

use crate::game::Game;

/// A game's figures for simulation statistics.
pub trait Statistics: Game {
    /// The game turn now; once the game is over, the turn it ended on.
    fn turn(&self) -> u32;

    /// Losses so far, cumulative since setup, per formation the game names (for D-Day at
    /// Omaha Beach, steps lost by each US division), always the same names in the same order.
    fn losses(&self) -> Vec<(String, u32)>;

    /// The places the side the players fight still holds (named as on the map), for "which
    /// positions most often hold out" over many games.
    fn holding_out(&self) -> Vec<String>;
}
