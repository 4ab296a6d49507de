//! Seats (the players' chairs at the table) and who is looking at the game.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One player's chair, numbered from 0. Games with teams (Tide of Iron) map seats to teams
/// themselves; the engine only needs to know who decides now and who may see what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The most seats any game may have: the bit set below is a `u8`.
    pub const MAX: u8 = 8;

    /// The seat's position as an index into per-seat arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    // People count seats from one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", u16::from(self.0) + 1)
    }
}

/// A set of seats, as a bit set so it is `Copy` and costs nothing to clone with the state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The first `count` seats (all seats of a game with `count` players).
    pub fn first(count: u8) -> SeatSet {
        let count = count.min(Seat::MAX);
        SeatSet(((1u16 << count) - 1) as u8)
    }

    /// Just this seat.
    pub fn only(seat: Seat) -> SeatSet {
        SeatSet::EMPTY.with(seat)
    }

    /// This set with `seat` added.
    #[must_use]
    pub fn with(self, seat: Seat) -> SeatSet {
        if seat.0 >= Seat::MAX {
            return self;
        }
        SeatSet(self.0 | (1 << seat.0))
    }

    /// Whether `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        seat.0 < Seat::MAX && self.0 & (1 << seat.0) != 0
    }

    /// Whether the set holds no seat.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..Seat::MAX)
            .map(Seat)
            .filter(move |seat| self.contains(*seat))
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// Who a view or a log is prepared for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A player: sees the public state plus what that seat alone may know.
    Seat(Seat),
    /// Someone watching: sees only what every player may know.
    Spectator,
}

impl Viewer {
    /// The seat behind this viewer, if any.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_sets_hold_what_was_put_in() {
        let set = SeatSet::only(Seat(0)).with(Seat(3));
        assert!(set.contains(Seat(0)) && set.contains(Seat(3)));
        assert!(!set.contains(Seat(1)));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(0), Seat(3)]);
        assert_eq!(SeatSet::first(8).iter().count(), 8);
        assert_eq!(SeatSet::first(2), [Seat(0), Seat(1)].into_iter().collect());
        assert_eq!(Seat(0).to_string(), "seat 1");
    }
}
