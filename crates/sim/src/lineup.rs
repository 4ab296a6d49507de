//! Which bot plays which seat: one bot for every seat, or some seats given bots of their own
//! (`--seat-bot 1=random`), so a batch can pit two bots against each other.
//!
//! Seats are named as a person would: by number from 0 (`Seat(0)` is `0`) or by the label the
//! game gives them (`29th Division`, matched without regard to case). The names are resolved
//! against a game set up from the scenario and options, since the seats a game has depend on
//! both (Omaha's two-player option).

use crate::SimError;
use overlord_ai::BotSpec;
use overlord_engine::{Game, Seat};
use serde::Serialize;
use std::fmt;

/// A seat as the command line names it: a number from 0 or a label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatName {
    Number(u8),
    Label(String),
}

impl SeatName {
    /// `3` is a number, anything else a label.
    pub fn parse(text: &str) -> SeatName {
        match text.trim().parse::<u8>() {
            Ok(number) => SeatName::Number(number),
            Err(_) => SeatName::Label(text.trim().to_owned()),
        }
    }

    /// The seat this names among a game's `seats`, whose labels `label` gives.
    pub fn find(&self, seats: u8, label: impl Fn(Seat) -> String) -> Option<Seat> {
        (0..seats).map(Seat).find(|&seat| match self {
            SeatName::Number(n) => seat.0 == *n,
            SeatName::Label(name) => label(seat).eq_ignore_ascii_case(name),
        })
    }
}

/// A game's seats for a message: `0 (1st Division), 1 (29th Division)`.
pub fn seat_list(seats: u8, label: impl Fn(Seat) -> String) -> String {
    (0..seats)
        .map(|s| format!("{s} ({})", label(Seat(s))))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for SeatName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatName::Number(n) => write!(f, "{n}"),
            SeatName::Label(label) => f.write_str(label),
        }
    }
}

/// The bots of a run: `bot` on every seat except those `seats` names.
#[derive(Clone, Debug, PartialEq)]
pub struct Lineup {
    /// The bot of every seat not named below.
    pub bot: BotSpec,
    /// Bots for particular seats; a later entry for the same seat wins.
    pub seats: Vec<(SeatName, BotSpec)>,
}

impl Lineup {
    /// The same bot on every seat.
    pub fn everywhere(bot: BotSpec) -> Lineup {
        Lineup {
            bot,
            seats: Vec::new(),
        }
    }

    /// Read `SEAT=BOT` (`1=random`, `29th Division=ismcts:iterations=200`), the bot parsed by
    /// `parse_bot`.
    pub fn parse_seat_bot<E>(
        text: &str,
        parse_bot: impl FnOnce(&str) -> Result<BotSpec, E>,
    ) -> Result<(SeatName, BotSpec), String>
    where
        E: fmt::Display,
    {
        let Some((seat, bot)) = text.split_once('=') else {
            return Err(format!(
                "`{text}`: write SEAT=BOT, the seat by number from 0 or by its label (`1=random`)"
            ));
        };
        if seat.trim().is_empty() {
            return Err(format!("`{text}`: name the seat before `=`"));
        }
        let bot = parse_bot(bot.trim()).map_err(|error| format!("`{text}`: {error}"))?;
        Ok((SeatName::parse(seat), bot))
    }

    /// The bot of each seat of `state`'s game, in seat order, or why a named seat is not one
    /// of its seats.
    pub fn resolve<G: Game>(&self, state: &G) -> Result<Vec<BotSpec>, SimError> {
        let seats = state.seats();
        let mut bots = vec![self.bot; usize::from(seats)];
        let label = |seat| state.seat_label(seat);
        for (name, bot) in &self.seats {
            match name
                .find(seats, label)
                .and_then(|seat| bots.get_mut(seat.index()))
            {
                Some(slot) => *slot = *bot,
                None => {
                    return Err(SimError::UnknownSeat {
                        seat: name.to_string(),
                        seats: seat_list(seats, label),
                    });
                }
            }
        }
        Ok(bots)
    }
}

impl fmt::Display for Lineup {
    /// `rule`, or `rule, 1=random` with seats of their own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.bot)?;
        for (seat, bot) in &self.seats {
            write!(f, ", {seat}={bot}")?;
        }
        Ok(())
    }
}

/// One seat of a run as the summary names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    /// The seat's number, from 0.
    pub seat: u8,
    /// What the game calls it (`1st Division`).
    pub label: String,
    /// The side it plays for ([`Game::seat_side`]).
    pub side: String,
    /// Its bot's name.
    pub bot: String,
}

/// The seats of `state`'s game with the bots that play them.
pub fn seat_infos<G: Game>(state: &G, bots: &[BotSpec]) -> Vec<SeatInfo> {
    (0..state.seats())
        .map(|s| SeatInfo {
            seat: s,
            label: state.seat_label(Seat(s)),
            side: state.seat_side(Seat(s)),
            bot: bots
                .get(usize::from(s))
                .map(ToString::to_string)
                .unwrap_or_default(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use overlord_ai::BotParams;

    fn bot(name: &str) -> Result<BotSpec, overlord_ai::SpecError> {
        BotSpec::parse(name, BotParams::default())
    }

    #[test]
    fn seat_bots_read_a_number_or_a_label() {
        let (seat, spec) = Lineup::parse_seat_bot("1=random", bot).unwrap();
        assert_eq!(seat, SeatName::Number(1));
        assert_eq!(spec.kind, overlord_ai::BotKind::Random);
        let (seat, _) = Lineup::parse_seat_bot("29th Division = rule", bot).unwrap();
        assert_eq!(seat, SeatName::Label("29th Division".to_owned()));
        assert!(
            Lineup::parse_seat_bot("random", bot)
                .unwrap_err()
                .contains("SEAT=BOT")
        );
        assert!(
            Lineup::parse_seat_bot("0=chess", bot)
                .unwrap_err()
                .contains("no bot called")
        );
        assert!(Lineup::parse_seat_bot("=rule", bot).is_err());
    }
}
