//! Command (AMB-CMD-1/2, AMB-RND-5, AMBX-CMD-1, AMBIG-9): whether a US soldier whose marker
//! lands on a red number is in command, or panics.

use crate::data::weapons::Side;
use crate::state::{Ambush, Place, SoldierId};
use overlord_engine::RuleId;

/// AMB-RND-5: the command check on a red number.
pub const CHECK: RuleId = RuleId("AMB-RND-5");

/// AMBX-CMD-1: the command total of US soldier `x`: the IN of every active, unpanicked US
/// soldier in his hex (his own included; Unaware soldiers count, AMBIG-9) plus that of every
/// active, unpanicked commander within the commander radius outside it (AMB-CMD-1/2).
pub fn total(game: &Ambush, x: SoldierId) -> u16 {
    let radius = u32::from(game.data().tables.command.commander_radius);
    let Some(map) = game.map() else {
        return 0;
    };
    let Place::Hex(here) = game.soldier(x).place else {
        return 0;
    };
    game.side(Side::Us)
        .map(|id| game.soldier(id))
        .filter(|s| !s.inactive() && !s.panicked)
        .filter_map(|s| match s.place {
            Place::Hex(hex) if hex == here => Some(s.ratings.initiative),
            Place::Hex(hex) if s.commander && map.distance(hex, here) <= radius => {
                Some(s.ratings.initiative)
            }
            _ => None,
        })
        .map(u16::from)
        .sum()
}

/// AMB-RND-5, AMBX-CMD-1: whether `x` is out of command. Commanders never check, nor do
/// soldiers aboard vehicles (AMB-VMOV-2).
pub fn out_of_command(game: &Ambush, x: SoldierId) -> bool {
    let soldier = game.soldier(x);
    if soldier.commander || !matches!(soldier.place, Place::Hex(_)) {
        return false;
    }
    total(game, x) < u16::from(game.data().tables.command.threshold)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::AmbushData;
    use crate::tables::track::{Row, place};
    use crate::testkit::put;
    use overlord_engine::GameRng;
    use std::path::Path;
    use std::sync::Arc;

    /// S1 with the sample squad: US1 (commander, IN 3), US2 (IN 2), US3 (IN 1), US4 (IN 1),
    /// US5 (IN 0).
    fn s1() -> Ambush {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        let data = Arc::new(AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}")));
        Ambush::start(&data, "S1", None, GameRng::seeded(1)).unwrap()
    }

    /// T-PAN-1 (AMB-RND-5): US5 (IN 0) alone, no commander near: a red 1 puts him in Panic.
    #[test]
    fn t_pan_1_alone_on_red() {
        let mut game = s1();
        put(&mut game, 4, "0104");
        put(&mut game, 0, "0504");
        let p = place(1, 0, false, &game.data().tables.ar_track);
        assert!(p.red);
        assert_eq!(total(&game, SoldierId(4)), 0);
        assert!(out_of_command(&game, SoldierId(4)));
    }

    /// T-PAN-2 (AMBX-CMD-1, AMB-CMD-2): three in a hex total 3; the commander 2 hexes away
    /// lifts them to 6, 3 hexes away does not.
    #[test]
    fn t_pan_2_the_commanders_reach() {
        let mut game = s1();
        for s in [1, 2, 4] {
            put(&mut game, s, "0104");
        }
        put(&mut game, 0, "0404");
        assert_eq!(total(&game, SoldierId(1)), 3);
        assert!(
            [1, 2, 4]
                .iter()
                .all(|&s| out_of_command(&game, SoldierId(s)))
        );
        put(&mut game, 0, "0304");
        assert_eq!(total(&game, SoldierId(1)), 6);
        assert!(
            ![1, 2, 4]
                .iter()
                .any(|&s| out_of_command(&game, SoldierId(s)))
        );
        let t = &game.data().tables.ar_track;
        assert_eq!(place(1, 2, false, t).row, Row::OneTurn, "US2");
        assert_eq!(place(1, 1, false, t).row, Row::Complete, "US3");
        assert_eq!(place(1, 0, false, t).row, Row::Complete, "US5");
    }

    /// T-PAN-3 (AMB-RND-5): a commander never checks.
    #[test]
    fn t_pan_3_commanders_never_check() {
        let mut game = s1();
        put(&mut game, 0, "0104");
        assert!(!out_of_command(&game, SoldierId(0)));
        assert_eq!(
            place(0, 3, false, &game.data().tables.ar_track).row,
            Row::OneTurn
        );
    }

    /// T-PAN-5 (AMB-CMD-1): a panicked commander's IN does not count.
    #[test]
    fn t_pan_5_a_panicked_commander_gives_nothing() {
        let mut game = s1();
        put(&mut game, 4, "0104");
        put(&mut game, 0, "0204");
        assert_eq!(total(&game, SoldierId(4)), 3);
        game.soldiers[0].panicked = true;
        assert_eq!(total(&game, SoldierId(4)), 0);
    }
}
