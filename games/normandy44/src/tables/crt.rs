//! Spec table 2.1, the Combat Results Table, and 2.2, the odds computation and column shifts
//! (rules 10.4–10.6, 11.1, 12.1, 12.2, 12.4.1, 13.1, 13.3, 14.1, 15.1,
//!
//!
//! The attacker's and defender's totals give a raw column ([`Column::from_strengths`]); the net
//! column shift moves it ([`OddsColumn::shifted`]), with the 1-3 and 7-1 limits of 10.6; the die
//! reads the result ([`crt`]). The result's parts (steps lost, retreat, Determined Defense,
//! advance, Reserve) are methods of [`CrtResult`], from the table legend and 12.1.

use std::fmt;

/// 10.4: each side counts at most this many combat factors in one combat (the defender's DCB
/// included).
pub const FACTOR_LIMIT: u16 = 18;

/// 10.4: a side's total after the 18-factor cap. The defender's total is CF plus the
/// (capped, 11.2) DCB before this cap.
pub fn capped(total: u16) -> u16 {
    total.min(FACTOR_LIMIT)
}

/// 11.1: one unit's CF halved, rounding up (a CF of 1 stays 1). A unit is halved once however
/// many reasons apply; halving is per unit, never of a stack's total.
pub fn halved(cf: u8) -> u8 {
    cf.div_ceil(2)
}

/// A column of the CRT (2.1), from the lowest (1-3) to the highest (7-1, which also takes every
/// higher odds, 10.6). The order is the column index `c` of 2.1's structure note.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Column {
    OneToThree,
    OneToTwo,
    OneToOne,
    TwoToOne,
    ThreeToOne,
    FourToOne,
    FiveToOne,
    SixToOne,
    SevenToOne,
}

impl Column {
    /// Every column, 1-3 first.
    pub const ALL: [Column; 9] = [
        Column::OneToThree,
        Column::OneToTwo,
        Column::OneToOne,
        Column::TwoToOne,
        Column::ThreeToOne,
        Column::FourToOne,
        Column::FiveToOne,
        Column::SixToOne,
        Column::SevenToOne,
    ];

    /// The highest column index (7-1).
    pub const MAX_INDEX: u8 = 8;

    /// 2.1 structure note: the column index `c` (1-3 = 0, …, 7-1 = 8).
    pub fn index(self) -> u8 {
        self as u8
    }

    /// The column of index `c` (2.1), or `None` off the table.
    pub fn from_index(c: u8) -> Option<Column> {
        Column::ALL.get(usize::from(c)).copied()
    }

    /// The odds as printed in the CRT header ("1-3" … "7-1").
    pub fn label(self) -> &'static str {
        match self {
            Column::OneToThree => "1-3",
            Column::OneToTwo => "1-2",
            Column::OneToOne => "1-1",
            Column::TwoToOne => "2-1",
            Column::ThreeToOne => "3-1",
            Column::FourToOne => "4-1",
            Column::FiveToOne => "5-1",
            Column::SixToOne => "6-1",
            Column::SevenToOne => "7-1",
        }
    }

    /// 10.5 step 1, 2.2 `raw_col`, 10.4: the odds of `attack` against `defence` (each
    /// side's total after halving and, for the defender, the DCB), rounded down in the
    /// defender's favour. Both totals are first capped at 18 ([`capped`]). Examples: 15:4 → 3-1;
    /// 11:12 → 1-2; 5:16 → below the table (10.6: not allowed).
    ///
    /// A defence of 0 (no defender has one: every unit has CF ≥ 1) reads as 1, so that the
    /// function is total; an attack of 0 is below the table.
    pub fn from_strengths(attack: u16, defence: u16) -> OddsColumn {
        let a = capped(attack);
        let d = capped(defence).max(1);
        if a >= d {
            let ratio = a / d;
            match Column::from_index(u8::try_from(ratio + 1).unwrap_or(u8::MAX)) {
                Some(column) => OddsColumn::On(column),
                None => OddsColumn::AboveTable { ratio },
            }
        } else if 2 * a >= d {
            OddsColumn::On(Column::OneToTwo)
        } else if 3 * a >= d {
            OddsColumn::On(Column::OneToThree)
        } else {
            OddsColumn::BelowTable
        }
    }

    /// 10.6, 2.2: this column moved by the net column shift `shifts` (right positive, left
    /// negative): below 1-3 an automatic A1, above 7-1 the 7-1 column.
    pub fn shifted(self, shifts: i8) -> FinalColumn {
        FinalColumn::from_virtual_index(i32::from(self.index()) + i32::from(shifts))
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The raw odds of a combat before any column shift (10.5 step 1, 2.2 `raw_col`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OddsColumn {
    /// Below 1-3: the attack may not be declared (10.6).
    BelowTable,
    /// A column of the table.
    On(Column),
    /// Above 7-1: `ratio`-1 with `ratio` ≥ 8, a virtual column of index `ratio + 1` (10.6: the
    /// shifts apply before the 7-1 limit, so 10-1 with two left shifts is still 7-1).
    AboveTable { ratio: u16 },
}

impl OddsColumn {
    /// Whether the attack may be declared (10.6: not below 1-3 before shifts).
    pub fn is_legal(self) -> bool {
        self != OddsColumn::BelowTable
    }

    /// 2.2: the (virtual) column index; `None` below the table.
    pub fn virtual_index(self) -> Option<i32> {
        match self {
            OddsColumn::BelowTable => None,
            OddsColumn::On(column) => Some(i32::from(column.index())),
            OddsColumn::AboveTable { ratio } => Some(i32::from(ratio) + 1),
        }
    }

    /// 10.6, 2.2, 4.4 step 5: the final column after the net shift `shifts` (right positive):
    /// below 1-3 an automatic A1 with no roll; above 7-1 the 7-1 column. `None` when the raw
    /// odds are below the table (the attack is not allowed, whatever the shifts).
    pub fn shifted(self, shifts: i8) -> Option<FinalColumn> {
        self.virtual_index()
            .map(|c| FinalColumn::from_virtual_index(c + i32::from(shifts)))
    }
}

/// Where a legal attack is resolved after its shifts (10.6, 4.4 step 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FinalColumn {
    /// The shifts took it below 1-3: the result is A1, with no die roll (10.6).
    AutomaticA1,
    /// Roll on this column.
    Column(Column),
}

impl FinalColumn {
    fn from_virtual_index(c: i32) -> FinalColumn {
        if c < 0 {
            FinalColumn::AutomaticA1
        } else {
            let c = c.min(i32::from(Column::MAX_INDEX));
            u8::try_from(c)
                .ok()
                .and_then(Column::from_index)
                .map_or(FinalColumn::Column(Column::SevenToOne), FinalColumn::Column)
        }
    }

    /// Whether a die is rolled (not for an automatic A1).
    pub fn needs_roll(self) -> bool {
        matches!(self, FinalColumn::Column(_))
    }

    /// 10.6, 2.1: the result with die `roll` (ignored for an automatic A1).
    pub fn result(self, roll: u8) -> CrtResult {
        match self {
            FinalColumn::AutomaticA1 => CrtResult::A1,
            FinalColumn::Column(column) => crt(column, roll),
        }
    }
}

/// A result of the CRT (2.1 legend, 12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrtResult {
    /// "—": nothing happens.
    NoEffect,
    /// The attacker loses one MAF step; no retreat, no advance.
    A1,
    /// The attacker loses one MAF step; the defender retreats 2 or uses DD.
    A1Dr,
    /// Exchange: each side loses a step chosen by the opponent; no retreat (A-2: the legend's
    /// "A1/D1" paragraph describes this result).
    Ex,
    /// The defender retreats 2 or uses DD.
    Dr,
    /// Each side loses a step (the attacker's from the MAF); the defender retreats 2 or uses DD.
    A1D1,
    /// The defender loses a step; the survivors retreat 2 or use DD.
    D1,
    /// The attacker loses a MAF step (none if the defender has a single step); the defender loses
    /// two and retreats 4; no DD.
    A1D2,
    /// The defender loses half its steps (rounded up) and retreats 4; no DD.
    Dh,
}

impl CrtResult {
    /// Every result, from the attacker's worst to his best.
    pub const ALL: [CrtResult; 9] = [
        CrtResult::A1,
        CrtResult::NoEffect,
        CrtResult::A1Dr,
        CrtResult::Ex,
        CrtResult::Dr,
        CrtResult::A1D1,
        CrtResult::D1,
        CrtResult::A1D2,
        CrtResult::Dh,
    ];

    /// The result as printed ("A1/DR", "—", …).
    pub fn label(self) -> &'static str {
        match self {
            CrtResult::NoEffect => "—",
            CrtResult::A1 => "A1",
            CrtResult::A1Dr => "A1/DR",
            CrtResult::Ex => "EX",
            CrtResult::Dr => "DR",
            CrtResult::A1D1 => "A1/D1",
            CrtResult::D1 => "D1",
            CrtResult::A1D2 => "A1/D2",
            CrtResult::Dh => "DH",
        }
    }

    /// 12.1: the steps the attacker loses (from the MAF, 12.2), against a defending group of
    /// `defender_steps` steps. A1/D2 costs the attacker nothing if the defender has only one
    /// step to lose.
    pub fn attacker_steps(self, defender_steps: u8) -> u8 {
        match self {
            CrtResult::A1 | CrtResult::A1Dr | CrtResult::Ex | CrtResult::A1D1 => 1,
            CrtResult::A1D2 if defender_steps > 1 => 1,
            CrtResult::A1D2 | CrtResult::NoEffect | CrtResult::Dr | CrtResult::D1 => 0,
            CrtResult::Dh => 0,
        }
    }

    /// 12.1: what the defending group loses, before any DD or retreat.
    pub fn defender_loss(self) -> DefenderLoss {
        match self {
            CrtResult::NoEffect | CrtResult::A1 | CrtResult::A1Dr | CrtResult::Dr => {
                DefenderLoss::None
            }
            CrtResult::Ex | CrtResult::A1D1 | CrtResult::D1 => DefenderLoss::Steps(1),
            CrtResult::A1D2 => DefenderLoss::Steps(2),
            CrtResult::Dh => DefenderLoss::HalfRoundedUp,
        }
    }

    /// 12.1, 0.1: the steps a defending group of `group_steps` steps loses (DH: half, rounded
    /// up; never more than the group has).
    pub fn defender_steps(self, group_steps: u8) -> u8 {
        match self.defender_loss() {
            DefenderLoss::None => 0,
            DefenderLoss::Steps(n) => n.min(group_steps),
            DefenderLoss::HalfRoundedUp => group_steps.div_ceil(2),
        }
    }

    /// 12.1, 13.1: the retreat the result imposes on the defender's survivors.
    pub fn retreat(self) -> Retreat {
        match self {
            CrtResult::NoEffect | CrtResult::A1 | CrtResult::Ex => Retreat::None,
            CrtResult::A1Dr | CrtResult::Dr | CrtResult::A1D1 | CrtResult::D1 => {
                Retreat::TwoHexesOrDd
            }
            CrtResult::A1D2 | CrtResult::Dh => Retreat::FourHexes,
        }
    }

    /// 13.1: the retreat length in hexes (0, 2 or 4).
    pub fn retreat_hexes(self) -> u8 {
        match self.retreat() {
            Retreat::None => 0,
            Retreat::TwoHexesOrDd => 2,
            Retreat::FourHexes => 4,
        }
    }

    /// 13.3: whether the retreat may stop after one hex (city, town, woods, bocage, an SP or IP,
    /// or friendly units). Only 2-hex retreats; 4-hex retreats never stop after one hex.
    pub fn one_hex_retreat_possible(self) -> bool {
        self.retreat() == Retreat::TwoHexesOrDd
    }

    /// 12.4.1: whether the defender may try Determined Defense (A1/DR, DR, D1, A1/D1; never
    /// DH or A1/D2), provided a step survived. 12.5: Desperate Defense follows only a failed DD,
    /// so it is open to the same results.
    pub fn determined_defense_allowed(self) -> bool {
        self.retreat() == Retreat::TwoHexesOrDd
    }

    /// 12.1, 13.4, 14.1: the advance after combat the result allows.
    pub fn advance(self) -> Advance {
        match self {
            CrtResult::NoEffect | CrtResult::A1 => Advance::None,
            CrtResult::Ex => Advance::LimitedIfSingleStepLost,
            CrtResult::A1Dr | CrtResult::Dr | CrtResult::A1D1 | CrtResult::D1 => Advance::Full,
            CrtResult::A1D2 | CrtResult::Dh => Advance::FullOrReserve,
        }
    }

    /// 12.1, 15.1: whether attacking units may be placed in Reserve instead of advancing (DH and
    /// A1/D2; the two may be mixed).
    pub fn attacker_may_reserve(self) -> bool {
        self.advance() == Advance::FullOrReserve
    }

    /// 12.2 item 1: whether the defender picks the attacker's lost MAF unit (EX and A1/D2);
    /// otherwise the attacker picks (subject to 12.2 item 2).
    pub fn defender_chooses_attacker_loss(self) -> bool {
        matches!(self, CrtResult::Ex | CrtResult::A1D2)
    }

    /// 12.2: whether the attacker picks the defender's (first) lost step: EX and A1/D2. For A1/D2
    /// the defender picks the second step; for DH the defender picks every step.
    pub fn attacker_chooses_defender_loss(self) -> bool {
        matches!(self, CrtResult::Ex | CrtResult::A1D2)
    }
}

impl fmt::Display for CrtResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// What a result takes from the defending group (12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefenderLoss {
    None,
    /// This many steps (A1/D2: 2; EX, A1/D1, D1: 1).
    Steps(u8),
    /// DH: half the group's steps, rounded up.
    HalfRoundedUp,
}

/// The retreat a result imposes (12.1, 13.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Retreat {
    None,
    /// 2 hexes (one-hex stop possible, 13.3), unless a Determined Defense cancels it (12.4).
    TwoHexesOrDd,
    /// 4 hexes, no DD, no one-hex stop; the survivors are Disorganized.
    FourHexes,
}

/// The advance after combat a result allows (12.1, 13.4, 14.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Advance {
    /// No advance (A1, "—").
    None,
    /// Up to 2 hexes in any direction if the defender retreats or is eliminated (13.4);
    /// cancelled by a successful DD or a Desperate Defense, which may leave a limited advance
    /// instead (12.4.4, 12.5).
    Full,
    /// As [`Advance::Full`], or attacking units go to Reserve (DH, A1/D2); no DD possible.
    FullOrReserve,
    /// EX: a limited advance (into the vacated hex only, 14.1) if the defender's only step was
    /// lost; otherwise none.
    LimitedIfSingleStepLost,
}

/// 2.1, the CRT as printed: `TABLE[die - 1][column index]`. The cells with k = c + die in 4..=6
/// (—, A1/DR, EX) are *(uncertain)* (A-1), except 2-1/3 (EX) and 1-1/3 (A1/DR), stated by
/// examples.
const TABLE: [[CrtResult; 9]; 6] = {
    use CrtResult::{A1, A1D1, A1D2, A1Dr, D1, Dh, Dr, Ex, NoEffect};
    [
        //  1-3       1-2       1-1       2-1       3-1   4-1   5-1   6-1   7-1
        // 2-1/1 "—" (u), against combat E's "A1"; 3-1/1 A1/DR (u); 4-1/1 EX (u).
        [A1, A1, A1, NoEffect, A1Dr, Ex, Dr, Dr, A1D1],
        // 1-1/2 "—" (u); 2-1/2 A1/DR (u); 3-1/2 EX (u).
        [A1, A1, NoEffect, A1Dr, Ex, Dr, Dr, A1D1, D1],
        // 1-2/3 "—" (u).
        [A1, NoEffect, A1Dr, Ex, Dr, Dr, A1D1, D1, D1],
        // 1-3/4 "—" (u); 1-2/4 A1/DR (u); 1-1/4 EX (u).
        [NoEffect, A1Dr, Ex, Dr, Dr, A1D1, D1, D1, A1D2],
        // 1-3/5 A1/DR (u); 1-2/5 EX (u).
        [A1Dr, Ex, Dr, Dr, A1D1, D1, D1, A1D2, Dh],
        // 1-3/6 EX (u).
        [Ex, Dr, Dr, A1D1, D1, D1, A1D2, Dh, Dh],
    ]
};

/// 2.1, 10.5 step 3: the result on `column` with die `roll`. No DRM ever applies to the
/// CRT roll; a roll outside 1–6 reads as the nearest row.
pub fn crt(column: Column, roll: u8) -> CrtResult {
    let row = usize::from(roll.clamp(1, 6) - 1);
    TABLE[row][usize::from(column.index())]
}

#[cfg(test)]
mod tests {
    use super::*;
    use Column::*;
    use CrtResult::{A1, A1D1, A1D2, A1Dr, D1, Dh, Dr, Ex, NoEffect};

    fn col(label: &str) -> Column {
        Column::ALL
            .into_iter()
            .find(|c| c.label() == label)
            .unwrap()
    }

    fn odds(a: u16, d: u16) -> Column {
        match Column::from_strengths(a, d) {
            OddsColumn::On(c) => c,
            other => panic!("{a}:{d} gave {other:?}"),
        }
    }

    /// 2.1 copied cell by cell from the spec, as strings.
    const SPEC: [[&str; 9]; 6] = [
        ["A1", "A1", "A1", "—", "A1/DR", "EX", "DR", "DR", "A1/D1"],
        ["A1", "A1", "—", "A1/DR", "EX", "DR", "DR", "A1/D1", "D1"],
        ["A1", "—", "A1/DR", "EX", "DR", "DR", "A1/D1", "D1", "D1"],
        ["—", "A1/DR", "EX", "DR", "DR", "A1/D1", "D1", "D1", "A1/D2"],
        [
            "A1/DR", "EX", "DR", "DR", "A1/D1", "D1", "D1", "A1/D2", "DH",
        ],
        ["EX", "DR", "DR", "A1/D1", "D1", "D1", "A1/D2", "DH", "DH"],
    ];

    #[test]
    fn rule_12_1_crt_every_cell_matches_the_spec() {
        for (row, cells) in SPEC.iter().enumerate() {
            for (c, cell) in cells.iter().enumerate() {
                let column = Column::from_index(c as u8).unwrap();
                let die = row as u8 + 1;
                assert_eq!(crt(column, die).label(), *cell, "{column} die {die}");
            }
        }
    }

    #[test]
    fn rule_12_1_crt_structure_k_equals_column_plus_die() {
        // 2.1 "Structure (normative)".
        for column in Column::ALL {
            for die in 1..=6u8 {
                let k = column.index() + die;
                let expected = match k {
                    1..=3 => A1,
                    4 => NoEffect,
                    5 => A1Dr,
                    6 => Ex,
                    7 | 8 => Dr,
                    9 => A1D1,
                    10 | 11 => D1,
                    12 => A1D2,
                    _ => Dh,
                };
                assert_eq!(crt(column, die), expected, "{column} die {die}");
            }
        }
    }

    #[test]
    fn rule_10_5_crt_roll_outside_the_die_reads_the_nearest_row() {
        for column in Column::ALL {
            assert_eq!(crt(column, 0), crt(column, 1));
            assert_eq!(crt(column, 9), crt(column, 6));
        }
    }

    #[test]
    fn rule_10_5_column_indices_and_labels() {
        let labels: Vec<_> = Column::ALL.iter().map(|c| c.label()).collect();
        assert_eq!(
            labels,
            [
                "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1"
            ]
        );
        for (i, c) in Column::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(c.index()), i);
            assert_eq!(Column::from_index(i as u8), Some(c));
        }
        assert_eq!(Column::from_index(9), None);
        assert!(OneToThree < SevenToOne);
        assert_eq!(SevenToOne.to_string(), "7-1");
    }

    #[test]
    fn t_cbt_01_odds_rounding() {
        assert_eq!(odds(15, 4), ThreeToOne);
        assert_eq!(odds(11, 12), OneToTwo);
        assert_eq!(odds(14, 17), OneToTwo);
        assert_eq!(odds(8, 4), TwoToOne);
        assert_eq!(odds(7, 4), OneToOne);
        assert_eq!(odds(12, 9), OneToOne);
        assert_eq!(Column::from_strengths(5, 16), OddsColumn::BelowTable);
        assert_eq!(odds(6, 18), OneToThree);
    }

    #[test]
    fn rule_10_5_odds_round_down_in_the_defenders_favour_exhaustively() {
        // Every pair within the 18 cap: the column's odds never exceed the true ratio, and the
        // next column up would.
        for a in 1..=18u16 {
            for d in 1..=18u16 {
                let r = f64::from(a) / f64::from(d);
                let floor_ratio = |c: Column| -> f64 {
                    match c {
                        OneToThree => 1.0 / 3.0,
                        OneToTwo => 0.5,
                        _ => f64::from(c.index() - 1),
                    }
                };
                match Column::from_strengths(a, d) {
                    OddsColumn::BelowTable => assert!(3 * a < d, "{a}:{d}"),
                    OddsColumn::On(c) => {
                        assert!(floor_ratio(c) <= r + 1e-9, "{a}:{d} {c}");
                        if let Some(next) = Column::from_index(c.index() + 1) {
                            assert!(floor_ratio(next) > r + 1e-9, "{a}:{d} {c}");
                        } else {
                            assert!(r < 8.0, "{a}:{d}");
                        }
                    }
                    OddsColumn::AboveTable { ratio } => {
                        assert!(ratio >= 8 && a / d == ratio)
                    }
                }
            }
        }
    }

    #[test]
    fn rule_10_4_the_18_factor_limit_applies_to_both_totals() {
        assert_eq!(capped(17), 17);
        assert_eq!(capped(18), 18);
        assert_eq!(capped(22), 18);
        // 19 attacking factors are 18 (11.4 example: 19:8 → 18:8 = 2-1).
        assert_eq!(odds(19, 8), TwoToOne);
        // A defence above 18 is 18: 18:22 = 18:18 = 1-1.
        assert_eq!(odds(18, 22), OneToOne);
    }

    #[test]
    fn t_cbt_02_eighteen_factor_cap() {
        // Two 7-5 regiments and a 3-5 tank battalion in a city (DCB 5): 7 + 7 + 3 + 5 = 22 → 18.
        assert_eq!(capped(7 + 7 + 3 + 5), 18);
        // Attacker halved total 19 → 18.
        assert_eq!(capped(19), 18);
        assert_eq!(odds(19, 22), OneToOne);
    }

    #[test]
    fn rule_11_1_halving_rounds_up_per_unit() {
        assert_eq!(halved(0), 0);
        assert_eq!(halved(1), 1);
        assert_eq!(halved(2), 1);
        assert_eq!(halved(5), 3);
        assert_eq!(halved(7), 4);
        assert_eq!(halved(8), 4);
        // Two 5-CF units: 3 + 3 = 6, not half of 10.
        assert_eq!(halved(5) + halved(5), 6);
    }

    #[test]
    fn t_cbt_04_halving() {
        // Two 5-CF non-MAF units → 3 + 3 = 6.
        assert_eq!(halved(5) + halved(5), 6);
        // A 1-CF non-MAF unit stays 1.
        assert_eq!(halved(1), 1);
        // A non-MAF OOS unit across a minor river with 7 CF → 4 (halved once, never twice).
        assert_eq!(halved(7), 4);
        assert_ne!(halved(halved(7)), 4);
    }

    #[test]
    fn rule_10_6_below_one_to_three_is_not_allowed_before_shifts() {
        assert!(!Column::from_strengths(4, 17).is_legal());
        assert!(!Column::from_strengths(0, 1).is_legal());
        assert_eq!(Column::from_strengths(4, 17).shifted(3), None);
        assert!(Column::from_strengths(6, 18).is_legal());
    }

    #[test]
    fn rule_10_6_shifts_clamp_at_seven_to_one_and_fall_to_automatic_a1() {
        for c in Column::ALL {
            for s in -12..=12i8 {
                let expected = i32::from(c.index()) + i32::from(s);
                let got = c.shifted(s);
                if expected < 0 {
                    assert_eq!(got, FinalColumn::AutomaticA1);
                    assert!(!got.needs_roll());
                    for die in 1..=6 {
                        assert_eq!(got.result(die), A1);
                    }
                } else {
                    let want = Column::from_index(expected.min(8) as u8).unwrap();
                    assert_eq!(got, FinalColumn::Column(want));
                    assert!(got.needs_roll());
                    for die in 1..=6 {
                        assert_eq!(got.result(die), crt(want, die));
                    }
                }
            }
        }
        assert_eq!(
            OneToThree.shifted(i8::MIN),
            FinalColumn::AutomaticA1,
            "no overflow"
        );
        assert_eq!(SevenToOne.shifted(i8::MAX), FinalColumn::Column(SevenToOne));
    }

    #[test]
    fn rule_10_6_virtual_columns_above_seven_to_one_take_shifts_first() {
        // 10-1 is virtual column 11; two left shifts give 9, resolved at 7-1.
        let raw = Column::from_strengths(10, 1);
        assert_eq!(raw, OddsColumn::AboveTable { ratio: 10 });
        assert_eq!(raw.virtual_index(), Some(11));
        assert_eq!(raw.shifted(-2), Some(FinalColumn::Column(SevenToOne)));
        // 18-1 (the highest the cap allows) needs 11 left shifts to leave 7-1.
        let top = Column::from_strengths(18, 1);
        assert_eq!(top.shifted(-11), Some(FinalColumn::Column(SevenToOne)));
        assert_eq!(top.shifted(-12), Some(FinalColumn::Column(SixToOne)));
        // 8:1 is the first virtual column; 7:1 is on the table.
        assert_eq!(
            Column::from_strengths(8, 1),
            OddsColumn::AboveTable { ratio: 8 }
        );
        assert_eq!(Column::from_strengths(7, 1), OddsColumn::On(SevenToOne));
        assert_eq!(Column::from_strengths(15, 2), OddsColumn::On(SevenToOne));
        // A defence of 0 reads as 1.
        assert_eq!(Column::from_strengths(3, 0), OddsColumn::On(ThreeToOne));
    }

    #[test]
    fn t_cbt_03_odds_limits() {
        // Raw 10-1 (virtual column 11) with 2 left shifts → column 9 → resolved at 7-1.
        assert_eq!(
            Column::from_strengths(10, 1).shifted(-2),
            Some(FinalColumn::Column(SevenToOne))
        );
        // Raw 1-3 with one left shift (Jabo 4) → automatic A1, no die roll.
        let jabo = Column::from_strengths(6, 18).shifted(-1).unwrap();
        assert_eq!(jabo, FinalColumn::AutomaticA1);
        assert!(!jabo.needs_roll());
        assert_eq!(jabo.result(6), A1);
        // Raw 1-4 (4:17) → declaration rejected.
        assert_eq!(Column::from_strengths(4, 17), OddsColumn::BelowTable);
        assert!(!Column::from_strengths(4, 17).is_legal());
    }

    #[test]
    fn t_crt_01_crt_cells_stated_by_the_examples() {
        let cases = [
            ("5-1", 5, D1),
            ("7-1", 4, A1D2),
            ("2-1", 3, Ex),
            ("3-1", 6, D1),
            ("2-1", 4, Dr),
            ("4-1", 5, D1),
            ("2-1", 5, Dr),
            ("4-1", 3, Dr),
            ("3-1", 5, A1D1),
            ("3-1", 3, Dr),
            ("4-1", 6, D1),
            ("1-1", 3, A1Dr),
        ];
        for (column, die, result) in cases {
            assert_eq!(crt(col(column), die), result, "{column} die {die}");
        }
    }

    /// Tagged `uncertain_crt`: flip if the physical chart gives combat E's "A1".
    #[test]
    fn t_crt_02_uncertain_crt_two_to_one_die_1_is_no_effect_a_1() {
        assert_eq!(crt(TwoToOne, 1), NoEffect);
    }

    #[test]
    fn t_crt_03_diagonal_property() {
        for c in 0..=6u8 {
            // 1-3 .. 6-1
            let here = Column::from_index(c).unwrap();
            let right = Column::from_index(c + 1).unwrap();
            for die in 2..=6u8 {
                assert_eq!(crt(right, die - 1), crt(here, die), "{here} die {die}");
            }
        }
    }

    /// Tagged `uncertain_crt`.
    #[test]
    fn t_t1_06_uncertain_crt_allied_combat_e() {
        // Attack 11 vs 8 → 1-1; no armor shift; naval R → 2-1; die 1 → "—" (rulebook: A1).
        let raw = Column::from_strengths(11, 8);
        assert_eq!(raw, OddsColumn::On(OneToOne));
        let fin = raw.shifted(1).unwrap();
        assert_eq!(fin, FinalColumn::Column(TwoToOne));
        assert_eq!(fin.result(1), NoEffect);
        assert_eq!(NoEffect.attacker_steps(2), 0);
        assert_eq!(NoEffect.advance(), Advance::None);
    }

    #[test]
    fn rule_12_1_result_parts() {
        // (result, attacker steps vs a 2-step defender, defender loss, retreat, DD, advance)
        let parts = [
            (NoEffect, 0, DefenderLoss::None, 0, false, Advance::None),
            (A1, 1, DefenderLoss::None, 0, false, Advance::None),
            (A1Dr, 1, DefenderLoss::None, 2, true, Advance::Full),
            (
                Ex,
                1,
                DefenderLoss::Steps(1),
                0,
                false,
                Advance::LimitedIfSingleStepLost,
            ),
            (Dr, 0, DefenderLoss::None, 2, true, Advance::Full),
            (A1D1, 1, DefenderLoss::Steps(1), 2, true, Advance::Full),
            (D1, 0, DefenderLoss::Steps(1), 2, true, Advance::Full),
            (
                A1D2,
                1,
                DefenderLoss::Steps(2),
                4,
                false,
                Advance::FullOrReserve,
            ),
            (
                Dh,
                0,
                DefenderLoss::HalfRoundedUp,
                4,
                false,
                Advance::FullOrReserve,
            ),
        ];
        for (result, att, def, retreat, dd, advance) in parts {
            assert_eq!(result.attacker_steps(2), att, "{result}");
            assert_eq!(result.defender_loss(), def, "{result}");
            assert_eq!(result.retreat_hexes(), retreat, "{result}");
            assert_eq!(result.determined_defense_allowed(), dd, "{result}");
            assert_eq!(result.one_hex_retreat_possible(), retreat == 2, "{result}");
            assert_eq!(result.advance(), advance, "{result}");
            assert_eq!(
                result.attacker_may_reserve(),
                matches!(result, A1D2 | Dh),
                "{result}"
            );
        }
        assert_eq!(CrtResult::ALL.len(), parts.len());
    }

    #[test]
    fn rule_12_1_a1_d2_against_a_single_step_costs_the_attacker_nothing() {
        assert_eq!(A1D2.attacker_steps(1), 0);
        assert_eq!(A1D2.attacker_steps(2), 1);
        assert_eq!(A1D2.defender_steps(1), 1);
        assert_eq!(A1D2.defender_steps(5), 2);
    }

    #[test]
    fn rule_12_1_dh_loses_half_rounded_up() {
        let expected = [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (9, 5)];
        for (steps, lost) in expected {
            assert_eq!(Dh.defender_steps(steps), lost, "{steps} steps");
        }
        assert_eq!(D1.defender_steps(0), 0);
        assert_eq!(Ex.defender_steps(3), 1);
    }

    #[test]
    fn rule_12_2_who_chooses_the_losses() {
        for r in CrtResult::ALL {
            let exchange = matches!(r, Ex | A1D2);
            assert_eq!(r.defender_chooses_attacker_loss(), exchange, "{r}");
            // DH losses are the defender's choice; A-24: only A1/D2's first step is the
            // attacker's.
            assert_eq!(r.attacker_chooses_defender_loss(), exchange, "{r}");
        }
    }

    #[test]
    fn rule_12_4_1_no_determined_defense_against_dh_or_a1_d2() {
        assert!(!Dh.determined_defense_allowed());
        assert!(!A1D2.determined_defense_allowed());
        for r in [A1Dr, Dr, D1, A1D1] {
            assert!(r.determined_defense_allowed(), "{r}");
        }
    }

    #[test]
    fn rule_13_3_four_hex_retreats_never_stop_after_one_hex() {
        assert!(!Dh.one_hex_retreat_possible());
        assert!(!A1D2.one_hex_retreat_possible());
        assert!(Dr.one_hex_retreat_possible());
        assert_eq!(Dh.retreat(), Retreat::FourHexes);
        assert_eq!(Ex.retreat(), Retreat::None);
    }

    #[test]
    fn t_res_01_a1_d2_against_a_one_step_defender() {
        // 21st Pz: 12 CF vs a reduced para battalion, CF 1 + DCB 1 = 2 → 6-1; armor R → 7-1.
        let raw = Column::from_strengths(12, 1 + 1);
        assert_eq!(raw, OddsColumn::On(SixToOne));
        let fin = raw.shifted(1).unwrap();
        assert_eq!(fin, FinalColumn::Column(SevenToOne));
        // Die 4 → A1/D2.
        let r = fin.result(4);
        assert_eq!(r, A1D2);
        // The defender loses its only step; the attacker loses nothing; Reserve may replace the
        // advance.
        assert_eq!(r.defender_steps(1), 1);
        assert_eq!(r.attacker_steps(1), 0);
        assert!(r.attacker_may_reserve());
    }

    #[test]
    fn t_res_04_dh() {
        // A 5-step stack on DH loses 3 steps; the survivors retreat 4 (no one-hex stop, no DD);
        // the attacker may advance and/or place units in Reserve.
        assert_eq!(Dh.defender_steps(5), 3);
        assert_eq!(Dh.retreat_hexes(), 4);
        assert!(!Dh.one_hex_retreat_possible());
        assert!(!Dh.determined_defense_allowed());
        assert_eq!(Dh.advance(), Advance::FullOrReserve);
        assert!(Dh.attacker_may_reserve());
        // the defender chooses his DH losses.
        assert!(!Dh.attacker_chooses_defender_loss());
    }

    #[test]
    fn rule_12_1_exchange_then_reserve_combat_figures() {
        // German Reserve combat (the table part): 12:9 = 1-1; armor R → 2-1; die 3 → EX.
        let r = Column::from_strengths(12, 9).shifted(1).unwrap().result(3);
        assert_eq!(r, Ex);
        assert_eq!(r.attacker_steps(2), 1);
        assert_eq!(r.defender_steps(2), 1);
        assert!(r.defender_chooses_attacker_loss());
        assert_eq!(r.retreat(), Retreat::None);
        assert_eq!(r.advance(), Advance::LimitedIfSingleStepLost);
    }

    #[test]
    fn t_t1_01_german_combat_1_odds_and_result() {
        use crate::tables::Side;
        use crate::tables::air::jabo_applies;
        use crate::tables::terrain::{HexsideFeature, Terrain, attack_across, capped_dcb};
        use crate::tables::weather::WeatherRow;
        // Airborne cadre (CF 2) in bocage: 2 + min(3, 2) = 4.
        let defence = 2 + capped_dcb(&[Terrain::Bocage], 2);
        assert_eq!(defence, 4);
        // Units attacking across a flooded hexside are halved, MAF or not.
        assert!(attack_across(&[HexsideFeature::Flooded], Side::German).halved);
        // 12:4 = 3-1; HQ artillery R; armor R → 5-1; die 5 → D1.
        let raw = Column::from_strengths(12, defence);
        assert_eq!(raw, OddsColumn::On(ThreeToOne));
        let r = raw.shifted(2).unwrap().result(5);
        assert_eq!(r, D1);
        // The cadre (one step) is eliminated; the Germans may advance up to 2 hexes.
        assert_eq!(r.defender_steps(1), 1);
        assert_eq!(r.advance(), Advance::Full);
        // No Jabo roll: turn 1 is Overcast.
        assert!(!jabo_applies(WeatherRow::OVERCAST_2.weather()));
    }

    #[test]
    fn t_t1_04_allied_combat_b() {
        use crate::tables::terrain::{Terrain, capped_dcb};
        // Defender CF 2 with DCB 3 capped to 2 → 4; attack 7: 7:4 = 1-1; armor R → 2-1; die 4
        // → DR.
        let defence = 2 + capped_dcb(&[Terrain::Bocage], 2);
        assert_eq!(defence, 4);
        let raw = Column::from_strengths(7, defence);
        assert_eq!(raw, OddsColumn::On(OneToOne));
        let r = raw.shifted(1).unwrap().result(4);
        assert_eq!(r, Dr);
        // The German may decline DD and retreat 2; then the attacker may advance.
        assert!(r.determined_defense_allowed());
        assert_eq!(r.retreat_hexes(), 2);
        assert_eq!(r.defender_steps(1), 0);
        assert_eq!(r.advance(), Advance::Full);
    }

    #[test]
    fn t_t1_07_allied_combat_f() {
        // 12:4 = 3-1; armor R → 4-1; die 3 → DR; retreat instead of DD; advance 2.
        let raw = Column::from_strengths(12, 4);
        assert_eq!(raw, OddsColumn::On(ThreeToOne));
        let r = raw.shifted(1).unwrap().result(3);
        assert_eq!(r, Dr);
        assert!(r.determined_defense_allowed());
        assert_eq!(r.retreat_hexes(), 2);
        assert_eq!(r.advance(), Advance::Full);
    }

    #[test]
    fn rule_10_5_example_odds_of_the_turn_1_combats() {
        // The odds and CRT parts of combats that also need rules (shift eligibility, loss
        // priority, landed units): checked here as table lookups only.
        // 11.4 example: 19 → 18; 18:8 = 2-1; armor R → 3-1.
        assert_eq!(odds(19, 8), TwoToOne);
        assert_eq!(TwoToOne.shifted(1), FinalColumn::Column(ThreeToOne));
        // 11.4.2 example: 14:17 = 1-2, 1L → 1-3.
        assert_eq!(odds(14, 17), OneToTwo);
        assert_eq!(OneToTwo.shifted(-1), FinalColumn::Column(OneToThree));
        // 19.2 example: 9:2 = 4-1; TQ R + naval R → 6-1.
        assert_eq!(odds(9, 2), FourToOne);
        assert_eq!(FourToOne.shifted(2), FinalColumn::Column(SixToOne));
        // Combat G: 7:6 = 1-1; naval R + armor R → 3-1; die 5 → A1/D1.
        assert_eq!(odds(7, 6).shifted(2).result(5), A1D1);
        // Combat A: 8:4 = 2-1; TQ R → 3-1; die 6 → D1.
        assert_eq!(odds(8, 4).shifted(1).result(6), D1);
        // Combat C: 7:2 = 3-1; TQ R → 4-1; die 5 → D1.
        assert_eq!(odds(7, 2).shifted(1).result(5), D1);
        // Combat I: 8:2 = 4-1; die 6 → D1.
        assert_eq!(odds(8, 2).shifted(0).result(6), D1);
        // Combat J: 14:9 = 1-1; die 3 → A1/DR.
        assert_eq!(odds(14, 9).shifted(0).result(3), A1Dr);
    }
}
