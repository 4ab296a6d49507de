//! Reading the mission sheet (AMB-OPS-1..6, AMBX-MIS-2..6): what a hex entry, an event roll or
//! an Activation Check's pool gives in the position as it is. The Operations and rounds
//! chapters act on the reading; nothing here rolls a die or changes the state.

use crate::data::mission::{Entry, Marker, Ref};
use crate::map::Hex;
use crate::state::Ambush;
use overlord_engine::RuleId;

/// AMB-OPS-1: the sheet is consulted for every hex a US soldier or group enters.
pub const CHECK: RuleId = RuleId("AMB-OPS-1");

/// What an entry gives now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    Nothing,
    /// AMB-OPS-7.
    Event,
    /// AMB-OPS-8.
    Activation,
    /// Read this paragraph (its three-digit number).
    Paragraph(u16),
    /// AMB-OPS-6: bulleted lines, two or more valid: the player chooses one.
    Choose(Vec<Ref>),
}

/// AMB-OPS-4, AMBX-MIS-3: a line is valid unless it is a gated paragraph whose sighting has
/// occurred.
pub fn valid(game: &Ambush, line: Ref) -> bool {
    match line {
        Ref::Gated { sighting, .. } => !game.sighted(sighting),
        _ => true,
    }
}

/// What one reference gives when it applies.
pub fn reading_of(line: Ref) -> Reading {
    match line {
        Ref::Nothing => Reading::Nothing,
        Ref::Event => Reading::Event,
        Ref::Activation => Reading::Activation,
        Ref::Paragraph(p) | Ref::Gated { paragraph: p, .. } => Reading::Paragraph(p),
    }
}

/// AMB-OPS-4, AMB-OPS-6: what `entry` gives now: a single reference if valid; numbered lines,
/// the first valid one; bulleted lines, the one valid line or a choice among them.
pub fn read(game: &Ambush, entry: &Entry) -> Reading {
    match entry {
        Entry::One(line) if valid(game, *line) => reading_of(*line),
        Entry::One(_) => Reading::Nothing,
        Entry::First(lines) => lines
            .iter()
            .copied()
            .find(|&l| valid(game, l))
            .map_or(Reading::Nothing, reading_of),
        Entry::Any(lines) => {
            let open: Vec<Ref> = lines.iter().copied().filter(|&l| valid(game, l)).collect();
            match open.as_slice() {
                [] => Reading::Nothing,
                [one] => reading_of(*one),
                _ => Reading::Choose(open),
            }
        }
    }
}

/// AMB-OPS-1/2, AMB-OPS-5: what entering `hex` gives under the Condition in force: nothing on a
/// hex with an Event Marker; never the red German movement (kept apart in the data).
pub fn hex_entry(game: &Ambush, hex: Hex) -> Reading {
    if game.marked(hex, Marker::Event) {
        return Reading::Nothing;
    }
    game.mission()
        .table
        .check(hex, game.condition)
        .map_or(Reading::Nothing, |entry| read(game, entry))
}

/// AMBX-MIS-6: the activation pool's first valid entry under the Condition in force (a plain
/// paragraph only once a mission), if any.
pub fn pool(game: &Ambush) -> Option<Ref> {
    let pools = &game.mission().table.pools;
    let pool = pools.get(usize::from(game.condition).checked_sub(1)?)?;
    pool.iter().copied().find(|&line| match line {
        Ref::Paragraph(p) => !game.used_pool.contains(&p),
        other => valid(game, other),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::AmbushData;
    use crate::state::marker_bit;
    use crate::testkit::hex;
    use overlord_engine::GameRng;
    use std::path::Path;
    use std::sync::Arc;

    fn s1() -> Ambush {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        let data = Arc::new(AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}")));
        Ambush::start(&data, "S1", None, GameRng::seeded(1)).unwrap()
    }

    /// T-OPS-1 (AMB-OPS-2): a hex with an Event Marker is not checked.
    #[test]
    fn t_ops_1_an_event_marker_hex_is_not_checked() {
        let mut game = s1();
        let h = hex(&game, "0303");
        assert_eq!(hex_entry(&game, h), Reading::Event);
        game.markers[usize::from(h.0)] |= marker_bit(Marker::Event);
        assert_eq!(hex_entry(&game, h), Reading::Nothing);
    }

    /// T-OPS-2 (AMB-OPS-4): a gated reference yields nothing once its sighting occurred.
    #[test]
    fn t_ops_2_gated_references() {
        let mut game = s1();
        let h = hex(&game, "0403");
        assert_eq!(hex_entry(&game, h), Reading::Paragraph(104));
        game.sightings |= 1 << 3;
        assert_eq!(hex_entry(&game, h), Reading::Nothing);
    }

    /// T-OPS-4 (AMB-OPS-6): numbered lines, the first valid applies.
    #[test]
    fn t_ops_4_the_first_valid_numbered_line() {
        let mut game = s1();
        let h = hex(&game, "0404");
        assert_eq!(hex_entry(&game, h), Reading::Paragraph(104));
        game.sightings |= 1 << 3;
        assert_eq!(hex_entry(&game, h), Reading::Activation);
    }

    /// T-OPS-5 (AMB-OPS-6, AMBIG-2): bulleted lines, a choice when two are valid, the one line
    /// without a prompt otherwise.
    #[test]
    fn t_ops_5_bulleted_lines() {
        let mut game = s1();
        let h = hex(&game, "0701");
        assert_eq!(
            hex_entry(&game, h),
            Reading::Choose(vec![
                Ref::Gated {
                    sighting: 5,
                    paragraph: 110
                },
                Ref::Gated {
                    sighting: 6,
                    paragraph: 118
                },
            ])
        );
        game.sightings |= 1 << 5;
        assert_eq!(hex_entry(&game, h), Reading::Paragraph(118));
    }

    /// T-OPS-8 (AMB-OPS-5): a US entry reads the check entry, never the red movement.
    #[test]
    fn t_ops_8_the_red_movement_is_not_a_check() {
        let mut game = s1();
        game.condition = 2;
        let h = hex(&game, "0306");
        assert_eq!(hex_entry(&game, h), Reading::Paragraph(113));
        let table = &game.mission().table;
        assert_eq!(table.gmove(h, 2), Some(hex(&game, "0505")));
    }

    /// T-OPS-3 (AMBX-MIS-6): the pool's first valid entry; a plain paragraph once a mission.
    #[test]
    fn t_ops_3_the_activation_pool() {
        let mut game = s1();
        assert_eq!(
            pool(&game),
            Some(Ref::Gated {
                sighting: 7,
                paragraph: 112
            })
        );
        game.sightings |= 1 << 7;
        assert_eq!(
            pool(&game),
            Some(Ref::Gated {
                sighting: 4,
                paragraph: 107
            })
        );
        game.sightings |= 1 << 4;
        assert_eq!(pool(&game), None);
    }

    /// T-DICE-6 with AMBX-MIS-5: the RE column has an entry for each 2d10 sum.
    #[test]
    fn ambx_mis_5_the_event_column() {
        let game = s1();
        let events = &game.mission().table.events;
        assert_eq!(events.len(), 19);
        assert_eq!(read(&game, &events[7]), Reading::Nothing);
        assert_eq!(read(&game, &events[0]), Reading::Paragraph(117));
    }
}
