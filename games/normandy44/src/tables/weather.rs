//! Spec tables 2.5 (the Weather Table), 2.6 (the turn-2 Weather Table) and 2.7 (the Turn Record
//! Track), with the weather procedure of rule 4 (4.1–4.3), what the table's row gives each side
//! (5.2, 5.3, 6.1, 6.2, 6.4, 16.1, 19.1.1, 19.2), the optional historical weather (28.1, A-31)
//! and the Cherbourg scenario's own reading of the table (26.2, A-14).
//!
//! The weather die is rolled once a turn from turn 3 (4.1); the **modified** roll, clamped to
//! 1–6, is the row of the table for every column (2.5). Turn 1 is row 2 (Overcast-2) without a
//! roll; turn 2 is row 2 or 3 from table 2.6.
//!
//! Cells of 2.5 that the spec marks *(uncertain)* (A-5, A-6) carry a comment. The adopted reading
//! of the Allied and German-armor replacement columns is the spec's "V1 (adopted, literal)" of
//! appendix A.3; the engine must not assume any pattern in them.

use std::ops::RangeInclusive;

/// The weather condition (4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weather {
    /// Row 1.
    Storm,
    /// Rows 2–3.
    Overcast,
    /// Rows 4–6.
    Clear,
}

/// A row of the Weather Table: the modified weather roll, always 1–6 (4.1, 2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WeatherRow(u8);

impl WeatherRow {
    /// Storm.
    pub const STORM: WeatherRow = WeatherRow(1);
    /// Overcast-2 (turn 1, 4.1).
    pub const OVERCAST_2: WeatherRow = WeatherRow(2);
    pub const OVERCAST_3: WeatherRow = WeatherRow(3);
    /// Clear-6 (the next roll gets +1).
    pub const CLEAR_6: WeatherRow = WeatherRow(6);

    /// Every row, 1 to 6.
    pub const ALL: [WeatherRow; 6] = [
        WeatherRow(1),
        WeatherRow(2),
        WeatherRow(3),
        WeatherRow(4),
        WeatherRow(5),
        WeatherRow(6),
    ];

    /// 4.1: the row of a modified roll `modified`; below 1 counts as 1, above 6 as 6.
    pub fn new(modified: i16) -> WeatherRow {
        // The clamp makes the conversion lossless.
        WeatherRow(u8::try_from(modified.clamp(1, 6)).unwrap_or(1))
    }

    /// The row number, 1–6.
    pub fn value(self) -> u8 {
        self.0
    }

    /// 2.5 "Weather" (4.3): 1 Storm; 2–3 Overcast; 4–6 Clear.
    pub fn weather(self) -> Weather {
        match self.0 {
            0 | 1 => Weather::Storm,
            2 | 3 => Weather::Overcast,
            _ => Weather::Clear,
        }
    }

    /// 2.5: everything the row gives (the columns of the Weather Table).
    pub fn effects(self) -> WeatherEffects {
        WeatherEffects::of(self)
    }
}

/// 4.1 (weather track boxes 1 and 6): the modifier that a turn whose row was `previous` gives the
/// next turn's weather roll: −1 after a Storm, +1 after a Clear-6, otherwise 0. A forced Storm
/// (28.1) counts as a Storm.
pub fn roll_modifier(previous: WeatherRow) -> i8 {
    match previous.value() {
        1 => -1,
        6 => 1,
        _ => 0,
    }
}

/// 4.1: the row of a raw weather roll `raw` after a turn whose row was `previous`, clamped to 1–6.
pub fn modified_roll(raw: u8, previous: WeatherRow) -> WeatherRow {
    WeatherRow::new(i16::from(raw) + i16::from(roll_modifier(previous)))
}

/// 2.6, 4.2: the turn-2 weather: 1–3 Overcast-2, 4–6 Overcast-3. The result is the row of every
/// Weather-Table column on turn 2.
pub fn turn_two_row(raw: u8) -> WeatherRow {
    if raw <= 3 {
        WeatherRow::OVERCAST_2
    } else {
        WeatherRow::OVERCAST_3
    }
}

/// 28.1: the turns that are automatically Storm under the historical weather option
/// (19–21 June).
pub const HISTORICAL_STORM_TURNS: RangeInclusive<u8> = 14..=16;

/// 28.1: under the historical weather option a row of 1 becomes 2, for every purpose, on every
/// turn but the forced-Storm ones. Applied to the final modified roll (a reading: 2.5 uses the
/// modified roll for every column).
pub fn historical_row(row: WeatherRow) -> WeatherRow {
    if row == WeatherRow::STORM {
        WeatherRow::OVERCAST_2
    } else {
        row
    }
}

/// How a turn's weather row is found (4.1, 4.2, 28.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WeatherSource {
    /// No roll: the row is fixed (turn 1: Overcast-2; 28.1 turns 14–16: Storm).
    Fixed(WeatherRow),
    /// Roll on table 2.6 (turn 2).
    TurnTwoTable,
    /// Roll on the Weather Table, modified by the previous turn (4.1).
    Roll,
}

/// 4.1, 4.2, 28.1: how turn `turn`'s weather is found; `historical`: the optional
/// historical weather (28.1).
pub fn weather_source(turn: u8, historical: bool) -> WeatherSource {
    match turn {
        0 | 1 => WeatherSource::Fixed(WeatherRow::OVERCAST_2),
        2 => WeatherSource::TurnTwoTable,
        t if historical && HISTORICAL_STORM_TURNS.contains(&t) => {
            WeatherSource::Fixed(WeatherRow::STORM)
        }
        _ => WeatherSource::Roll,
    }
}

/// 4.1, 4.2, 28.1: turn `turn`'s row, from the raw die `raw` (ignored where no roll
/// is made) and the previous turn's row `previous`.
pub fn weather_row(turn: u8, raw: u8, previous: WeatherRow, historical: bool) -> WeatherRow {
    match weather_source(turn, historical) {
        WeatherSource::Fixed(row) => row,
        WeatherSource::TurnTwoTable => turn_two_row(raw),
        WeatherSource::Roll => {
            let row = modified_roll(raw, previous);
            if historical { historical_row(row) } else { row }
        }
    }
}

/// The German infantry replacement of a row (2.5, 6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GermanInfantryReplacement {
    /// An ordinary infantry replacement (rows 2–4).
    Ordinary,
    /// "1 (0)": only for a TQ 0 or −1 unit, used at once or lost (row 5).
    TqZeroOrMinusOne,
    /// "1 (−1)": only for a TQ −1 unit, used at once or lost (row 6).
    TqMinusOne,
}

impl GermanInfantryReplacement {
    /// 6.4: whether it may be spent on a unit of troop quality `tq`.
    pub fn accepts_tq(self, tq: i8) -> bool {
        match self {
            GermanInfantryReplacement::Ordinary => true,
            GermanInfantryReplacement::TqZeroOrMinusOne => tq == 0 || tq == -1,
            GermanInfantryReplacement::TqMinusOne => tq == -1,
        }
    }

    /// 6.4: whether it must be used in this turn's Replacement Phase (never stockpiled).
    pub fn must_use_now(self) -> bool {
        self != GermanInfantryReplacement::Ordinary
    }
}

/// The German armor replacement of a row (2.5, 6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GermanArmorReplacement {
    /// An ordinary armor replacement (never a Panther or Tiger step).
    Ordinary,
    /// "1 (PT)" (row 1): used at once it may restore a Panther or Tiger step; stockpiled it
    /// becomes [`GermanArmorReplacement::Ordinary`].
    PantherTiger,
}

impl GermanArmorReplacement {
    /// 6.4: whether it may restore a Panther or Tiger step; `at_once`: it is used in the turn it
    /// is received rather than taken from the stockpile.
    pub fn restores_panther_or_tiger(self, at_once: bool) -> bool {
        self == GermanArmorReplacement::PantherTiger && at_once
    }

    /// 6.4: what it becomes in the stockpile.
    pub fn banked(self) -> GermanArmorReplacement {
        GermanArmorReplacement::Ordinary
    }
}

/// The Allied replacements of a row (2.5, 6.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AlliedReplacements {
    pub us_infantry: u8,
    pub us_armor: u8,
    pub british_infantry: u8,
    pub british_armor: u8,
    pub canadian_infantry: u8,
    /// "CW": an infantry replacement that the Allies take as British or Canadian (6.2).
    pub cw_choice_infantry: u8,
}

impl AlliedReplacements {
    /// The US columns only (the CW ones zero).
    pub fn us_only(self) -> AlliedReplacements {
        AlliedReplacements {
            us_infantry: self.us_infantry,
            us_armor: self.us_armor,
            ..AlliedReplacements::default()
        }
    }
}

/// One row of the Weather Table (2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WeatherEffects {
    pub weather: Weather,
    /// German IPs he may start this turn (16.1; none before turn 5: [`german_ip_allowance`]).
    pub german_ip: u8,
    /// German SupP received (5.2).
    pub german_supply: u8,
    pub german_infantry: Option<GermanInfantryReplacement>,
    pub german_armor: Option<GermanArmorReplacement>,
    pub allied: AlliedReplacements,
    /// Allied air units available this turn, US and CW (19.1.1).
    pub us_air: u8,
    pub cw_air: u8,
    /// Allied naval markers available this turn, US and CW (19.2).
    pub us_naval: u8,
    pub cw_naval: u8,
    /// "Allied SupP Yes": each army receives its free SupP (5.3, [`allied_free_supply`]).
    /// The Allied RP of the row's weather are [`super::costs::rp_per_turn`] (2.15).
    pub allied_supply: bool,
}

const fn allied(
    us_infantry: u8,
    us_armor: u8,
    british_infantry: u8,
    british_armor: u8,
    cw_choice_infantry: u8,
) -> AlliedReplacements {
    AlliedReplacements {
        us_infantry,
        us_armor,
        british_infantry,
        british_armor,
        // A-5 (V1): no Canadian-only cell on any row.
        canadian_infantry: 0,
        cw_choice_infantry,
    }
}

impl WeatherEffects {
    /// 2.5: the row `row` of the Weather Table.
    pub fn of(row: WeatherRow) -> WeatherEffects {
        use GermanInfantryReplacement::{Ordinary, TqMinusOne, TqZeroOrMinusOne};
        let weather = row.weather();
        let (german_ip, german_supply, german_infantry, german_armor) = match row.value() {
            // The Storm row is firm (extracted row-wise).
            0 | 1 => (0, 3, None, Some(GermanArmorReplacement::PantherTiger)),
            // German armor "—" on rows 2–6 *(uncertain)*.
            2 | 3 => (2, 2, Some(Ordinary), None),
            4 => (1, 1, Some(Ordinary), None),
            5 => (1, 1, Some(TqZeroOrMinusOne), None),
            // German SupP on a 6 = 0 *(uncertain)*.
            _ => (1, 0, Some(TqMinusOne), None),
        };
        let allied_replacements = match row.value() {
            // Storm row (firm): 1 US infantry and a "CW" choice.
            0 | 1 => allied(1, 0, 0, 0, 1),
            // A-5 (V1) *(uncertain)*: US inf, US arm, Br inf, Br arm.
            2 => allied(1, 1, 1, 1, 0),
            // A-5 (V1) *(uncertain)*.
            3 => allied(0, 0, 1, 0, 0),
            // Firm (6.1 example).
            4 => allied(1, 1, 0, 1, 0),
            // A-5 (V1) *(uncertain)*: rows 5 and 6.
            _ => allied(1, 1, 0, 1, 0),
        };
        let air = match row.value() {
            0..=2 => 0,
            3 => 1,
            4 => 2,
            _ => 3,
        };
        let naval = if weather == Weather::Storm { 0 } else { 2 };
        WeatherEffects {
            weather,
            german_ip,
            german_supply,
            german_infantry,
            german_armor,
            allied: allied_replacements,
            us_air: air,
            cw_air: air,
            us_naval: naval,
            cw_naval: naval,
            allied_supply: weather != Weather::Storm,
        }
    }
}

/// 16.1 (2.5 footnote "\*"): the first turn on which the German may start IPs (10 June).
pub const GERMAN_IP_FROM: u8 = 5;

/// 16.1, 2.5: the IPs the German may start on turn `turn` with row `row` (none before turn 5, none
/// in Storm). Not stockpiled.
pub fn german_ip_allowance(row: WeatherRow, turn: u8) -> u8 {
    if turn < GERMAN_IP_FROM {
        0
    } else {
        row.effects().german_ip
    }
}

/// 16.1: the IPs each Allied army (US First, British Second) may start: one per non-Storm turn.
pub fn allied_ip_allowance_per_army(row: WeatherRow) -> u8 {
    u8::from(row.weather() != Weather::Storm)
}

/// 5.3, 2.5 "Allied SupP": the free SupP an army receives with row `row`: 1 before its Mulberry
/// is complete, 2 after, none in Storm.
pub fn allied_free_supply(row: WeatherRow, mulberry_complete: bool) -> u8 {
    match (row.effects().allied_supply, mulberry_complete) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => 2,
    }
}

// ---- 2.7, the Turn Record Track --------------------------------------------------------

/// 19.1.2 (A-13; TRT "Start 2 air units", printed "(17.11)"): the first turn with two air units
/// per combat and per strafed hex (22 June).
pub const TWO_AIR_UNITS_FROM: u8 = 17;

/// 2.7: the June date of turn `turn` (turn *n* is *5 + n* June 1944).
pub fn june_date(turn: u8) -> u8 {
    turn.saturating_add(5)
}

/// 19.1.1, 19.1.2, 19.1.4: the most air units on one combat or one strafed hex on turn
/// `turn`: none on turn 1 (no air units), 1 on turns 2–16, 2 from turn 17.
pub fn air_units_per_combat(turn: u8) -> u8 {
    match turn {
        0 | 1 => 0,
        t if t < TWO_AIR_UNITS_FROM => 1,
        _ => 2,
    }
}

/// What the Turn Record Track (2.7) and the rules it cites fix for one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnRecord {
    pub turn: u8,
    /// The June date (2.7).
    pub june: u8,
    /// How the weather is found without the 28.1 option (4.1, 4.2).
    pub weather: WeatherSource,
    /// Whether the turn has an Initial Phase, and with it SupP, replacements and air units (20.1:
    /// none on turn 1; 6.2, 19.1.1).
    pub initial_phase: bool,
    /// Whether the Allies receive RP (6.5.1: from turn 2).
    pub allied_rp: bool,
    /// [`air_units_per_combat`].
    pub air_units_per_combat: u8,
    /// Whether the German may start IPs (16.1: from turn 5).
    pub german_ip: bool,
    /// Whether strategic movement and the truck are allowed (9.8.7: not on turn 1).
    pub strategic_movement: bool,
    /// Whether the 243rd and 709th mobilize one unit per box (6.7: from turn 2).
    pub mobilization: bool,
    /// Whether the two glider regiments land in the Initial Phase (20.2, A-35: turn 2).
    pub gliders_land: bool,
    /// Whether airborne replacements may be spent (20.2: from turn 2).
    pub airborne_replacements: bool,
    /// Whether restricted German units may be released (17.6: from turn 2).
    pub restricted_release: bool,
    /// Whether the German naval batteries must be suppressed (optional 28.3: from turn 2).
    pub naval_batteries: bool,
    /// Whether 28.1 makes the turn a Storm.
    pub historical_storm: bool,
}

/// 2.7: the Turn Record Track's entry for turn `turn`.
pub fn turn_record(turn: u8) -> TurnRecord {
    TurnRecord {
        turn,
        june: june_date(turn),
        weather: weather_source(turn, false),
        initial_phase: turn >= 2,
        allied_rp: turn >= 2,
        air_units_per_combat: air_units_per_combat(turn),
        german_ip: turn >= GERMAN_IP_FROM,
        strategic_movement: turn >= 2,
        mobilization: turn >= 2,
        gliders_land: turn == 2,
        airborne_replacements: turn >= 2,
        restricted_release: turn >= 2,
        naval_batteries: turn >= 2,
        historical_storm: HISTORICAL_STORM_TURNS.contains(&turn),
    }
}

// ---- 26.2, the Cherbourg scenario ------------------------------------------------------

/// What one turn's weather row gives in the Cherbourg scenario (26.1, 26.2). US only: no CW
/// units, RP, air or naval markers take part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CherbourgReceipts {
    /// 26.2 item 3: 1 SupP on a modified roll of 1–3, from turn 2.
    pub german_supply: u8,
    /// 26.2 item 1: from turn 3, a low-TQ infantry replacement on a modified roll of 5.
    pub german_infantry: Option<GermanInfantryReplacement>,
    /// 26.2 item 1: from turn 3, the table's US replacements on odd modified rolls only.
    pub allied: AlliedReplacements,
    /// 26.2 item 2: the table's US air units, at most 2.
    pub us_air: u8,
    /// 26.2 item 2: 1 naval marker per non-Storm turn, 2 on the special bombardment turn.
    pub us_naval: u8,
    /// 26.2 item 3: 1 free SupP per non-Storm turn (from turn 2).
    pub allied_supply: u8,
    /// 26.2 item 4: from turn 5, 1 IP per Overcast turn.
    pub german_ip: u8,
    /// 26.2 item 4: 1 IP per non-Storm turn.
    pub allied_ip: u8,
}

/// 26.2: the Cherbourg scenario's receipts on turn `turn` with row `row`;
/// `special_bombardment`: this is the turn of the special Cherbourg bombardment (19.2, A-41).
pub fn cherbourg_receipts(
    turn: u8,
    row: WeatherRow,
    special_bombardment: bool,
) -> CherbourgReceipts {
    let table = row.effects();
    let storm = table.weather == Weather::Storm;
    let receipts = turn >= 2;
    let replacements = turn >= 3;
    CherbourgReceipts {
        // "roll 1–3", not "any Clear turn".
        german_supply: u8::from(receipts && row.value() <= 3),
        german_infantry: (replacements && row.value() == 5)
            .then_some(GermanInfantryReplacement::TqZeroOrMinusOne),
        allied: if replacements && row.value() % 2 == 1 {
            table.allied.us_only()
        } else {
            AlliedReplacements::default()
        },
        us_air: if receipts { table.us_air.min(2) } else { 0 },
        us_naval: match (storm, special_bombardment) {
            (true, _) => 0,
            (false, false) => 1,
            (false, true) => 2,
        },
        allied_supply: u8::from(receipts && !storm),
        german_ip: u8::from(turn >= GERMAN_IP_FROM && table.weather == Weather::Overcast),
        allied_ip: u8::from(!storm),
    }
}

/// 26.2 item 1: whether the German's once-per-scenario armor replacement may be used on turn
/// `turn` with row `row`: in a Storm turn from turn 3, or (28.1) when a 1 was rolled and became 2
/// (`rolled_one`).
pub fn cherbourg_armor_replacement_usable(turn: u8, row: WeatherRow, rolled_one: bool) -> bool {
    turn >= 3 && (row.weather() == Weather::Storm || rolled_one)
}

#[cfg(test)]
mod tests {
    use super::*;
    use GermanInfantryReplacement::{Ordinary, TqMinusOne, TqZeroOrMinusOne};

    fn row(n: u8) -> WeatherRow {
        WeatherRow::new(i16::from(n))
    }

    #[test]
    fn rule_4_1_weather_by_row() {
        let expected = [
            Weather::Storm,
            Weather::Overcast,
            Weather::Overcast,
            Weather::Clear,
            Weather::Clear,
            Weather::Clear,
        ];
        for (r, w) in WeatherRow::ALL.into_iter().zip(expected) {
            assert_eq!(r.weather(), w, "row {}", r.value());
            assert_eq!(r.effects().weather, w);
        }
    }

    #[test]
    fn rule_4_1_modifier_and_clamp() {
        for previous in WeatherRow::ALL {
            for raw in 1..=6u8 {
                let m = i16::from(raw)
                    + match previous.value() {
                        1 => -1,
                        6 => 1,
                        _ => 0,
                    };
                assert_eq!(modified_roll(raw, previous).value(), m.clamp(1, 6) as u8);
            }
        }
        assert_eq!(WeatherRow::new(-5).value(), 1);
        assert_eq!(WeatherRow::new(0).value(), 1);
        assert_eq!(WeatherRow::new(7).value(), 6);
        assert_eq!(WeatherRow::new(i16::MAX).value(), 6);
    }

    #[test]
    fn t_wx_01_turn_1_weather() {
        assert_eq!(
            weather_source(1, false),
            WeatherSource::Fixed(WeatherRow::OVERCAST_2)
        );
        for raw in 1..=6 {
            assert_eq!(weather_row(1, raw, WeatherRow::STORM, false).value(), 2);
            assert_eq!(weather_row(1, raw, WeatherRow::STORM, true).value(), 2);
        }
        assert_eq!(WeatherRow::OVERCAST_2.weather(), Weather::Overcast);
        let t1 = turn_record(1);
        // No weather roll, no SupP or replacements (no Initial Phase), no air units.
        assert_eq!(t1.weather, WeatherSource::Fixed(WeatherRow::OVERCAST_2));
        assert!(!t1.initial_phase);
        assert_eq!(t1.air_units_per_combat, 0);
        assert_eq!(air_units_per_combat(1), 0);
    }

    #[test]
    fn t_wx_02_turn_2_weather() {
        assert_eq!(weather_source(2, false), WeatherSource::TurnTwoTable);
        assert_eq!(weather_row(2, 3, WeatherRow::OVERCAST_2, false).value(), 2);
        assert_eq!(weather_row(2, 4, WeatherRow::OVERCAST_2, false).value(), 3);
        // No other result is possible.
        for raw in 1..=6 {
            let r = turn_two_row(raw);
            assert_eq!(r.value(), if raw <= 3 { 2 } else { 3 });
            assert_eq!(r.weather(), Weather::Overcast);
        }
    }

    #[test]
    fn rule_4_2_turn_2_table_a_18() {
        // the turn-2 result is the row of every column: Overcast-2 gives no air.
        assert_eq!(turn_two_row(1).effects().us_air, 0);
        assert_eq!(turn_two_row(6).effects().us_air, 1);
        // Turn 3 rolls with no modifier after either.
        assert_eq!(roll_modifier(turn_two_row(1)), 0);
        assert_eq!(roll_modifier(turn_two_row(6)), 0);
        assert_eq!(weather_source(3, false), WeatherSource::Roll);
    }

    #[test]
    fn t_wx_03_storm_carry_over() {
        assert_eq!(
            weather_row(6, 1, WeatherRow::STORM, false),
            WeatherRow::STORM
        );
        let r = weather_row(6, 4, WeatherRow::STORM, false);
        assert_eq!(r.value(), 3);
        assert_eq!(r.weather(), Weather::Overcast);
    }

    #[test]
    fn t_wx_04_clear_6_carry_over() {
        assert_eq!(weather_row(8, 6, WeatherRow::CLEAR_6, false).value(), 6);
        let r = weather_row(8, 3, WeatherRow::CLEAR_6, false);
        assert_eq!(r.value(), 4);
        // The replacements use the modified row.
        assert_eq!(r.effects(), row(4).effects());
        assert_ne!(r.effects().allied, row(3).effects().allied);
    }

    /// 2.5 copied column by column from the spec (rows 1–6).
    #[test]
    fn rule_4_3_weather_table_every_cell() {
        let german_ip = [0, 2, 2, 1, 1, 1];
        let german_supply = [3, 2, 2, 1, 1, 0];
        let german_inf = [
            None,
            Some(Ordinary),
            Some(Ordinary),
            Some(Ordinary),
            Some(TqZeroOrMinusOne),
            Some(TqMinusOne),
        ];
        let german_arm = [
            Some(GermanArmorReplacement::PantherTiger),
            None,
            None,
            None,
            None,
            None,
        ];
        let us_inf = [1, 1, 0, 1, 1, 1];
        let us_arm = [0, 1, 0, 1, 1, 1];
        let br_inf = [0, 1, 1, 0, 0, 0];
        let br_arm = [0, 1, 0, 1, 1, 1];
        let can_inf = [0; 6];
        let cw_choice = [1, 0, 0, 0, 0, 0];
        let air = [0, 0, 1, 2, 3, 3];
        let naval = [0, 2, 2, 2, 2, 2];
        let supply = [false, true, true, true, true, true];
        for (i, r) in WeatherRow::ALL.into_iter().enumerate() {
            let e = r.effects();
            let n = r.value();
            assert_eq!(e.german_ip, german_ip[i], "row {n}");
            assert_eq!(e.german_supply, german_supply[i], "row {n}");
            assert_eq!(e.german_infantry, german_inf[i], "row {n}");
            assert_eq!(e.german_armor, german_arm[i], "row {n}");
            assert_eq!(e.allied.us_infantry, us_inf[i], "row {n}");
            assert_eq!(e.allied.us_armor, us_arm[i], "row {n}");
            assert_eq!(e.allied.british_infantry, br_inf[i], "row {n}");
            assert_eq!(e.allied.british_armor, br_arm[i], "row {n}");
            assert_eq!(e.allied.canadian_infantry, can_inf[i], "row {n}");
            assert_eq!(e.allied.cw_choice_infantry, cw_choice[i], "row {n}");
            assert_eq!((e.us_air, e.cw_air), (air[i], air[i]), "row {n}");
            assert_eq!((e.us_naval, e.cw_naval), (naval[i], naval[i]), "row {n}");
            assert_eq!(e.allied_supply, supply[i], "row {n}");
        }
    }

    #[test]
    fn rule_5_3_allied_free_supply() {
        assert_eq!(allied_free_supply(WeatherRow::STORM, false), 0);
        assert_eq!(allied_free_supply(WeatherRow::STORM, true), 0);
        for r in 2..=6 {
            assert_eq!(allied_free_supply(row(r), false), 1);
            assert_eq!(allied_free_supply(row(r), true), 2);
        }
    }

    #[test]
    fn rule_6_4_low_tq_german_replacements() {
        assert!(Ordinary.accepts_tq(2) && !Ordinary.must_use_now());
        assert!(TqZeroOrMinusOne.accepts_tq(0) && TqZeroOrMinusOne.accepts_tq(-1));
        assert!(!TqZeroOrMinusOne.accepts_tq(1) && !TqZeroOrMinusOne.accepts_tq(-2));
        assert!(TqMinusOne.accepts_tq(-1) && !TqMinusOne.accepts_tq(0));
        assert!(TqZeroOrMinusOne.must_use_now() && TqMinusOne.must_use_now());
    }

    #[test]
    fn t_repl_01_low_tq_replacement() {
        let five = row(5).effects().german_infantry.unwrap();
        // Lost if not used this Replacement Phase.
        assert!(five.must_use_now());
        assert!(!five.accepts_tq(1));
        assert!(five.accepts_tq(0) && five.accepts_tq(-1));
        let six = row(6).effects().german_infantry.unwrap();
        assert!(six.accepts_tq(-1));
        assert!(!six.accepts_tq(0) && !six.accepts_tq(1));
    }

    #[test]
    fn t_repl_02_pt_replacement() {
        let pt = WeatherRow::STORM.effects().german_armor.unwrap();
        assert!(pt.restores_panther_or_tiger(true));
        // Banked: an ordinary armor replacement, refused on a Panther or Tiger later.
        let banked = pt.banked();
        assert_eq!(banked, GermanArmorReplacement::Ordinary);
        assert!(!banked.restores_panther_or_tiger(true));
        assert!(!pt.restores_panther_or_tiger(false));
    }

    #[test]
    fn t_wx_05_roll_4_receipts() {
        let turn = 5;
        let r = row(4);
        let e = r.effects();
        // German: +1 SupP, +1 infantry replacement, IP allowance 1.
        assert_eq!(e.german_supply, 1);
        assert_eq!(e.german_infantry, Some(Ordinary));
        assert_eq!(e.german_armor, None);
        assert_eq!(german_ip_allowance(r, turn), 1);
        // Allied: 1 US inf, 1 US armor, 1 British armor; 2/2 air; 2 SupP each (Mulberries
        // complete); 2/2 naval; 6/6 RP.
        assert_eq!(
            e.allied,
            AlliedReplacements {
                us_infantry: 1,
                us_armor: 1,
                british_armor: 1,
                ..AlliedReplacements::default()
            }
        );
        assert_eq!((e.us_air, e.cw_air), (2, 2));
        assert_eq!(allied_free_supply(r, true), 2);
        assert_eq!((e.us_naval, e.cw_naval), (2, 2));
        use crate::tables::Scenario;
        use crate::tables::costs::{Army, rp_per_turn};
        assert_eq!(rp_per_turn(Army::Us, e.weather, Scenario::Campaign), 6);
        assert_eq!(rp_per_turn(Army::Cw, e.weather, Scenario::Campaign), 6);
    }

    #[test]
    fn t_wx_06_roll_4_without_mulberries() {
        let r = row(4);
        assert_eq!(r.effects().german_supply, 1);
        assert_eq!(allied_free_supply(r, false), 1);
        // Assigned to the 7th Army, its marker rises by 1.
        use crate::tables::costs::{SUPPLY_CAP, stockpile};
        assert_eq!(stockpile(0, 1, SUPPLY_CAP), 1);
    }

    #[test]
    fn t_wx_07_storm_receipts() {
        let e = WeatherRow::STORM.effects();
        // German: 3 SupP and one "PT" armor replacement.
        assert_eq!(e.german_supply, 3);
        assert_eq!(e.german_armor, Some(GermanArmorReplacement::PantherTiger));
        assert_eq!(e.german_infantry, None);
        // Allied: 1 US infantry and one CW-choice infantry; 0 SupP, 0 RP, 0 air, 0 naval.
        assert_eq!(
            e.allied,
            AlliedReplacements {
                us_infantry: 1,
                cw_choice_infantry: 1,
                ..AlliedReplacements::default()
            }
        );
        assert_eq!(allied_free_supply(WeatherRow::STORM, true), 0);
        use crate::tables::Scenario;
        use crate::tables::costs::{Army, max_artillery_shifts, rp_per_turn};
        assert_eq!(rp_per_turn(Army::Us, Weather::Storm, Scenario::Campaign), 0);
        assert_eq!(rp_per_turn(Army::Cw, Weather::Storm, Scenario::Campaign), 0);
        assert_eq!((e.us_air, e.cw_air, e.us_naval, e.cw_naval), (0, 0, 0, 0));
        // No IP may be started by either side.
        assert_eq!(german_ip_allowance(WeatherRow::STORM, 10), 0);
        assert_eq!(allied_ip_allowance_per_army(WeatherRow::STORM), 0);
        // Each attack may use at most 1 artillery shift.
        assert_eq!(max_artillery_shifts(Weather::Storm), 1);
    }

    #[test]
    fn rule_16_1_ip_allowances() {
        for r in WeatherRow::ALL {
            for turn in 1..=4 {
                assert_eq!(german_ip_allowance(r, turn), 0);
            }
            assert_eq!(german_ip_allowance(r, 5), r.effects().german_ip);
            assert_eq!(allied_ip_allowance_per_army(r), u8::from(r.value() != 1));
        }
        assert_eq!(german_ip_allowance(row(2), 5), 2);
    }

    #[test]
    fn rule_28_1_historical_weather_a_31() {
        // 1 becomes 2 on every turn but 14–16, which are Storm without a roll.
        for turn in 3..=22u8 {
            let forced = (14..=16).contains(&turn);
            assert_eq!(
                weather_source(turn, true),
                if forced {
                    WeatherSource::Fixed(WeatherRow::STORM)
                } else {
                    WeatherSource::Roll
                },
                "turn {turn}"
            );
            for raw in 1..=6 {
                let r = weather_row(turn, raw, WeatherRow::OVERCAST_3, true);
                if forced {
                    assert_eq!(r, WeatherRow::STORM);
                } else {
                    assert_eq!(r.value(), raw.max(2), "turn {turn} raw {raw}");
                }
            }
        }
        // The turn after a forced Storm gets the normal −1; a modified 1 still becomes 2.
        assert_eq!(weather_row(17, 2, WeatherRow::STORM, true).value(), 2);
        assert_eq!(weather_row(17, 4, WeatherRow::STORM, true).value(), 3);
        assert_eq!(historical_row(row(5)), row(5));
        // Without the option turns 14–16 roll.
        assert_eq!(weather_source(15, false), WeatherSource::Roll);
    }

    #[test]
    fn rule_19_1_2_air_units_per_combat_a_13() {
        assert_eq!(air_units_per_combat(1), 0);
        for t in 2..=16 {
            assert_eq!(air_units_per_combat(t), 1, "turn {t}");
        }
        for t in 17..=22 {
            assert_eq!(air_units_per_combat(t), 2, "turn {t}");
        }
    }

    #[test]
    fn rule_19_1_1_turn_record_track() {
        for turn in 1..=22u8 {
            let t = turn_record(turn);
            assert_eq!(t.turn, turn);
            assert_eq!(t.june, turn + 5);
            assert_eq!(t.initial_phase, turn >= 2);
            assert_eq!(t.allied_rp, turn >= 2);
            assert_eq!(t.strategic_movement, turn >= 2);
            assert_eq!(t.mobilization, turn >= 2);
            assert_eq!(t.gliders_land, turn == 2);
            assert_eq!(t.airborne_replacements, turn >= 2);
            assert_eq!(t.restricted_release, turn >= 2);
            assert_eq!(t.naval_batteries, turn >= 2);
            assert_eq!(t.german_ip, turn >= 5);
            assert_eq!(t.historical_storm, (14..=16).contains(&turn));
            assert_eq!(t.air_units_per_combat, air_units_per_combat(turn));
        }
        assert_eq!(june_date(1), 6);
        assert_eq!(june_date(5), 10);
        assert_eq!(june_date(17), 22);
        assert_eq!(june_date(22), 27);
    }

    #[test]
    fn t_chb_02_cherbourg_replacements() {
        // Turn 3, modified roll 5: the German gets 1 low-TQ infantry replacement; the Allies take
        // row 5's replacements (odd roll).
        let five = cherbourg_receipts(3, row(5), false);
        assert_eq!(five.german_infantry, Some(TqZeroOrMinusOne));
        assert_eq!(five.allied, row(5).effects().allied.us_only());
        assert_eq!((five.allied.us_infantry, five.allied.us_armor), (1, 1));
        // Roll 4: no Allied replacements (and no German one).
        let four = cherbourg_receipts(3, row(4), false);
        assert_eq!(four.allied, AlliedReplacements::default());
        assert_eq!(four.german_infantry, None);
        // The first Storm turn allows the one-off armor replacement.
        assert!(cherbourg_armor_replacement_usable(
            3,
            WeatherRow::STORM,
            false
        ));
        assert!(!cherbourg_armor_replacement_usable(3, row(2), false));
        assert!(cherbourg_armor_replacement_usable(4, row(2), true));
    }

    #[test]
    fn rule_26_2_cherbourg_receipts() {
        // Replacements start on turn 3.
        assert_eq!(cherbourg_receipts(2, row(5), false).german_infantry, None);
        assert_eq!(
            cherbourg_receipts(2, row(5), false).allied,
            AlliedReplacements::default()
        );
        assert!(!cherbourg_armor_replacement_usable(
            2,
            WeatherRow::STORM,
            false
        ));
        for r in WeatherRow::ALL {
            let c = cherbourg_receipts(6, r, false);
            let n = r.value();
            // German SupP on modified rolls 1–3.
            assert_eq!(c.german_supply, u8::from(n <= 3), "row {n}");
            // Allied replacements on odd rolls, US columns only.
            if n % 2 == 1 {
                assert_eq!(c.allied, r.effects().allied.us_only());
            } else {
                assert_eq!(c.allied, AlliedReplacements::default());
            }
            assert_eq!(c.allied.british_infantry + c.allied.cw_choice_infantry, 0);
            // US air from the table, at most 2.
            assert_eq!(c.us_air, r.effects().us_air.min(2));
            // One naval marker per non-Storm turn, two on the special bombardment turn.
            assert_eq!(c.us_naval, u8::from(n != 1));
            assert_eq!(
                cherbourg_receipts(6, r, true).us_naval,
                2 * u8::from(n != 1)
            );
            assert_eq!(c.allied_supply, u8::from(n != 1));
            // 1 German IP per Overcast turn from turn 5; 1 Allied IP per non-Storm turn.
            assert_eq!(c.german_ip, u8::from(n == 2 || n == 3));
            assert_eq!(cherbourg_receipts(4, r, false).german_ip, 0);
            assert_eq!(c.allied_ip, u8::from(n != 1));
        }
        assert_eq!(cherbourg_receipts(1, row(2), false).german_supply, 0);
        assert_eq!(cherbourg_receipts(1, row(5), false).us_air, 0);
    }
}
