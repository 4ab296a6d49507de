//! The rules tables of Normandy '44 (spec section 2, "Tables"), as pure functions over small
//! `Copy` enums. Nothing here reads the game state: the rules modules work out the inputs (which
//! column, which row, which terrain) and apply the result.
//!
//! - [`crt`]: 2.1, the Combat Results Table, and 2.2, the odds computation and column shifts
//!   (10.4–10.6, 11.1, 12.1, 12.2), with the result's parts (steps, retreat, DD, advance).
//! - [`determined_defense`]: 2.3, the Determined Defense Table, its column choice and DRM
//!   (12.4, 12.4.1–12.4.4).
//! - [`terrain`]: 2.4, the Terrain Effects Chart: movement costs in sixths of an MP (9.3–9.7,
//!   9.11), hexside costs and prohibitions, DCB (11.2), armor-shift limits (11.3, 11.4.4, 11.7,
//!   16.3), retreat and advance stops (13.3, 14.4), strafing (19.1.4), IP (16.1).
//! - [`weather`]: 2.5, the Weather Table; 2.6, the turn-2 table; the roll modifiers (4.1) and
//!   the optional historical weather (28.1); 2.7, the Turn Record Track; the Cherbourg
//!   scenario's readings of the table (26.2).
//! - [`air`]: 2.8, the Jabo Table (19.1.3), and 2.9, the Strafing Table (19.1.4).
//! - [`attrition`]: 2.10, the Isolation Attrition Table (18.5).
//! - [`invasion`]: 2.11, the Airborne Scatter Table (20.2); 2.12, the Invasion Combat Table
//!   (20.3, 20.3.2, 20.3.3, 20.3.6); 2.13, the DD Tank Table (20.3.5); the 5th Rangers roll
//!   (20.3.4).
//! - [`costs`]: 2.14, the Allied RP costs (6.5.1); 2.15, RP per turn and landing limits (6.5.2,
//!   6.5.3, 26.1); 2.16, stacking values (7.1); 2.18, the counter and marker limits.
//!
//! Every cell follows the spec's table; where the spec marks a cell *(uncertain)* or section 9
//! recommends a reading, the cell carries a comment naming the ambiguity (A-id) and the reading
//! taken. The spec asks for the tables to be loaded from data files eventually; until then these
//! functions are the single place each table lives.

pub mod air;
pub mod attrition;
pub mod costs;
pub mod crt;
pub mod determined_defense;
pub mod invasion;
pub mod terrain;
pub mod weather;

/// The two sides (0.1).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    German,
    Allied,
}

impl Side {
    /// The other side.
    pub fn enemy(self) -> Side {
        match self {
            Side::German => Side::Allied,
            Side::Allied => Side::German,
        }
    }

    /// 0 for the German, 1 for the Allied: the index of per-side arrays and of the seats.
    pub fn index(self) -> usize {
        match self {
            Side::German => 0,
            Side::Allied => 1,
        }
    }

    /// The side's name, for people.
    pub fn name(self) -> &'static str {
        match self {
            Side::German => "German",
            Side::Allied => "Allied",
        }
    }
}

/// The scenarios (24, 25, 26).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Scenario {
    /// The campaign game, turns 1–22 (24).
    Campaign,
    /// The 7-turn mini game (25).
    #[serde(rename = "mini")]
    MiniGame,
    /// The Cherbourg scenario, turns 1–12 (26).
    Cherbourg,
}

impl Scenario {
    /// Every scenario, in the order the data lists them.
    pub const ALL: [Scenario; 3] = [Scenario::Campaign, Scenario::MiniGame, Scenario::Cherbourg];

    /// The id used on the command line and in the data.
    pub fn id(self) -> &'static str {
        match self {
            Scenario::Campaign => "campaign",
            Scenario::MiniGame => "mini",
            Scenario::Cherbourg => "cherbourg",
        }
    }

    /// The scenario called `id`.
    pub fn parse(id: &str) -> Option<Scenario> {
        Scenario::ALL.into_iter().find(|s| s.id() == id)
    }

    /// 24.1, 25.1, 26.1 (2.7): the last turn of the scenario.
    pub fn last_turn(self) -> u8 {
        match self {
            Scenario::Campaign => 22,
            Scenario::MiniGame => 7,
            Scenario::Cherbourg => 12,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_24_1_rule_25_1_rule_26_1_last_turns() {
        assert_eq!(Scenario::Campaign.last_turn(), 22);
        assert_eq!(Scenario::MiniGame.last_turn(), 7);
        assert_eq!(Scenario::Cherbourg.last_turn(), 12);
    }
}
