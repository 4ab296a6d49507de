//! T4, the US Barrage table (PA "Sbarramento USA"; rules 8.4, 8.41, 8.42, 17.3).
//!
//! A barrage draws its own Fire card (8.41) and asks: does the card show the target position's
//! colour, does it show the barraging unit's target symbol, has the target a depth marker, and
//! how strong is the barraging unit? A barrage never eliminates a German unit.

/// The strength columns of T4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StrengthBand {
    /// Attack strength 1–2 (also 0, which no unit has).
    Weak,
    /// Attack strength 3–5.
    Medium,
    /// Attack strength 6 or more.
    Strong,
}

impl StrengthBand {
    /// The column of a barraging unit of attack `strength` (8.41: one unit, never combined).
    pub fn of(strength: u8) -> StrengthBand {
        match strength {
            0..=2 => StrengthBand::Weak,
            3..=5 => StrengthBand::Medium,
            _ => StrengthBand::Strong,
        }
    }
}

/// What a barrage does (T4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BarrageResult {
    /// No effect.
    NoEffect,
    /// The German unit is disrupted.
    Disrupted,
    /// The German unit is disrupted and its depth marker is removed from play (never returns).
    DisruptedAndDepthRemoved,
}

/// T4 (rules 8.4, 8.41, 17.3; AMB-43, AMB-44): the result of a barrage.
///
/// `colour_shown`: any icon of the target position's colour, single or double square (AMB-44).
/// `symbol_shown`: the card's target symbol is the barraging unit's. `has_depth`: the target
/// unit has a depth marker, revealed or not. `strength`: the barraging unit's attack strength.
///
/// | colour | symbol | depth | 1–2      | 3–5      | 6+                     |
/// |--------|--------|-------|----------|----------|------------------------|
/// | no     | no     | –     | –        | –        | –                      |
/// | no     | yes    | yes   | –        | –        | disrupted              |
/// | no     | yes    | no    | – (AMB)  | disrupted| disrupted (AMB)        |
/// | yes    | no     | yes   | –        | disrupted| disrupted              |
/// | yes    | no     | no    | disrupted| disrupted| disrupted              |
/// | yes    | yes    | –     | disrupted| disrupted| disrupted, depth removed |
///
/// The last cell removes a depth marker only where there is one; without one it is "disrupted".
pub fn barrage_result(
    colour_shown: bool,
    symbol_shown: bool,
    has_depth: bool,
    strength: u8,
) -> BarrageResult {
    use BarrageResult::{Disrupted, DisruptedAndDepthRemoved, NoEffect};
    use StrengthBand::{Medium, Strong, Weak};
    let band = StrengthBand::of(strength);
    match (colour_shown, symbol_shown, has_depth, band) {
        // 8.4: neither colour nor symbol: no effect.
        (false, false, _, _) => NoEffect,
        (false, true, true, Weak | Medium) => NoEffect,
        (false, true, true, Strong) => Disrupted,
        // AMB-43: the blank 1–2 cell is "No effect", the blank 6+ cell "German disrupted".
        (false, true, false, Weak) => NoEffect,
        (false, true, false, Medium | Strong) => Disrupted,
        (true, false, true, Weak) => NoEffect,
        (true, false, true, Medium | Strong) => Disrupted,
        // AMB-43: the merged cells of this row.
        (true, false, false, _) => Disrupted,
        (true, true, _, Weak | Medium) => Disrupted,
        (true, true, true, Strong) => DisruptedAndDepthRemoved,
        (true, true, false, Strong) => Disrupted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use BarrageResult::{Disrupted, DisruptedAndDepthRemoved, NoEffect};

    /// One row of T4 at strengths 1, 2, 3, 5, 6 and 9.
    fn row(colour: bool, symbol: bool, depth: bool) -> [BarrageResult; 6] {
        [1, 2, 3, 5, 6, 9].map(|s| barrage_result(colour, symbol, depth, s))
    }

    #[test]
    fn t4_strength_bands() {
        assert_eq!(StrengthBand::of(0), StrengthBand::Weak);
        assert_eq!(StrengthBand::of(1), StrengthBand::Weak);
        assert_eq!(StrengthBand::of(2), StrengthBand::Weak);
        assert_eq!(StrengthBand::of(3), StrengthBand::Medium);
        assert_eq!(StrengthBand::of(5), StrengthBand::Medium);
        assert_eq!(StrengthBand::of(6), StrengthBand::Strong);
        assert_eq!(StrengthBand::of(u8::MAX), StrengthBand::Strong);
    }

    #[test]
    fn t4_row_no_colour_no_symbol() {
        assert_eq!(row(false, false, true), [NoEffect; 6]);
        assert_eq!(row(false, false, false), [NoEffect; 6]);
    }

    #[test]
    fn t4_row_symbol_only_with_depth() {
        assert_eq!(
            row(false, true, true),
            [NoEffect, NoEffect, NoEffect, NoEffect, Disrupted, Disrupted]
        );
    }

    #[test]
    fn t4_row_symbol_only_without_depth_amb_43() {
        assert_eq!(
            row(false, true, false),
            [
                NoEffect, NoEffect, Disrupted, Disrupted, Disrupted, Disrupted
            ]
        );
    }

    #[test]
    fn t4_row_colour_only_with_depth() {
        assert_eq!(
            row(true, false, true),
            [
                NoEffect, NoEffect, Disrupted, Disrupted, Disrupted, Disrupted
            ]
        );
    }

    #[test]
    fn t4_row_colour_only_without_depth_amb_43() {
        assert_eq!(row(true, false, false), [Disrupted; 6]);
    }

    #[test]
    fn t4_row_colour_and_symbol() {
        assert_eq!(
            row(true, true, true),
            [
                Disrupted,
                Disrupted,
                Disrupted,
                Disrupted,
                DisruptedAndDepthRemoved,
                DisruptedAndDepthRemoved
            ]
        );
        // No depth marker to remove.
        assert_eq!(row(true, true, false), [Disrupted; 6]);
    }

    #[test]
    fn amb_43_monotone_in_strength_and_depth() {
        let rank = |r| match r {
            NoEffect => 0,
            Disrupted => 1,
            DisruptedAndDepthRemoved => 2,
        };
        for colour in [false, true] {
            for symbol in [false, true] {
                for depth in [false, true] {
                    for s in 1..12 {
                        let a = rank(barrage_result(colour, symbol, depth, s));
                        let b = rank(barrage_result(colour, symbol, depth, s + 1));
                        assert!(a <= b, "{colour} {symbol} {depth} {s}");
                    }
                }
                for s in 1..12 {
                    // Never better for the German without a depth marker (disruption only).
                    let with = barrage_result(colour, symbol, true, s) != NoEffect;
                    let without = barrage_result(colour, symbol, false, s) != NoEffect;
                    assert!(!with || without);
                }
            }
        }
    }

    #[test]
    fn t_8_4_tank_barrage() {
        // Blue P with a depth marker; the card shows blue and the tank's symbol.
        assert_eq!(barrage_result(true, true, true, 2), Disrupted);
        assert_eq!(
            barrage_result(true, true, true, 6),
            DisruptedAndDepthRemoved
        );
        // Neither blue nor the symbol.
        assert_eq!(barrage_result(false, false, true, 2), NoEffect);
        assert_eq!(barrage_result(false, false, true, 6), NoEffect);
    }
}
