//! The Initial Phase (4.1 A): the weather (4), and what the Weather Table row brings.
//!
//! Not complete yet: the receipts of the Weather Table (SupP, replacements, air and naval
//! units, RP, IP allowances) and the Mulberries come with the tables module.

use crate::action::{N44Event, N44Log};
use crate::state::{Normandy44, TurnWeather};
use crate::tables::weather::{WeatherRow, WeatherSource, weather_row, weather_source};
use overlord_engine::{Die, RuleId};

/// 4: weather.
pub const WEATHER: RuleId = RuleId("4.1");
/// 4.2: turn 2's weather.
pub const TURN_TWO: RuleId = RuleId("4.2");
/// 28.1: historical weather.
pub const HISTORICAL: RuleId = RuleId("28.1");

/// The Initial Phase of turns 2 and later.
pub fn initial_phase(game: &mut Normandy44, log: &mut N44Log) {
    roll_weather(game, log);
}

/// 4.1, 4.2, 28.1: the turn's weather: rolled (on table 2.6 on turn 2), or fixed.
pub fn roll_weather(game: &mut Normandy44, log: &mut N44Log) {
    game.previous_row = game.weather.row;
    let historical = game.options.historical_weather;
    let previous = WeatherRow::new(i16::from(game.previous_row));
    let (rule, raw) = match weather_source(game.turn, historical) {
        WeatherSource::Fixed(_) => (HISTORICAL, None),
        WeatherSource::TurnTwoTable => (TURN_TWO, Some(game.rng.roll(Die::D6, TURN_TWO))),
        WeatherSource::Roll => (WEATHER, Some(game.rng.roll(Die::D6, WEATHER))),
    };
    let raw = raw.map(|r| u8::try_from(r).unwrap_or(1));
    let row = weather_row(game.turn, raw.unwrap_or(1), previous, historical);
    if raw.is_some() {
        game.reveals += 1;
    }
    let condition = row.weather();
    game.weather = TurnWeather {
        condition,
        row: row.value(),
    };
    let value = row.value();
    log.public(
        rule,
        N44Event::Die {
            purpose: "weather",
            raw: raw.unwrap_or(0),
            modified: i8::try_from(value).unwrap_or(1),
        },
        || match raw {
            Some(raw) => format!("Weather: rolled {raw}, row {value}: {condition:?}"),
            None => format!("Weather: row {value}, {condition:?} (historical weather)"),
        },
    );
}
