//! A soldier's status as the actions read it (AMB-STS, AMB-SACT-2/5, AMBX-DMG-2): what he may
//! still spend, and what a stance change costs him.

use crate::state::Soldier;
use crate::tables::damage::Health;

/// AMB-STS-1, AMBX-DMG-2: his MPA now: two less while wounded, never below 1.
pub fn current_mpa(soldier: &Soldier) -> u8 {
    match soldier.health {
        Health::Wounded => soldier.ratings.mpa.saturating_sub(2).max(1),
        _ => soldier.ratings.mpa,
    }
}

/// AMB-SACT-2, AMBX-MOV-3: the MP a stance change costs him now: none the first time in a
/// round for an unwounded soldier, 1 otherwise.
pub fn stance_change_cost(soldier: &Soldier) -> u8 {
    if soldier.health == Health::Healthy && !soldier.turn.free_stance_change_used {
        0
    } else {
        1
    }
}

/// AMB-SACT-5: once he has spent an MP this turn, only movement-type actions remain.
pub fn movement_only(soldier: &Soldier) -> bool {
    soldier.turn.mp_spent > 0
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::AmbushData;
    use crate::data::mission::Stance;
    use crate::data::weapons::Damage;
    use crate::fire::take;
    use crate::state::{Ambush, SoldierId};
    use crate::tables::track::Row;
    use overlord_engine::GameRng;
    use std::path::Path;
    use std::sync::Arc;

    fn s1() -> Ambush {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        let data = Arc::new(AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}")));
        let mut game = Ambush::start(&data, "S1", None, GameRng::seeded(1)).unwrap();
        for s in &mut game.soldiers {
            s.marker.row = Row::TwoTurns;
        }
        game
    }

    /// T-STS-1 (AMB-STS-1, AMBX-DMG-2): a wound: prone, on Complete, MPA 5 → 3, one Port Box
    /// less.
    #[test]
    fn t_sts_1_a_wound() {
        let mut game = s1();
        let us3 = SoldierId(2);
        take(&mut game, us3, Damage::Wound);
        let s = game.soldier(us3);
        assert_eq!(s.health, Health::Wounded);
        assert_eq!((s.stance, s.marker.row), (Stance::Prone, Row::Complete));
        assert_eq!((current_mpa(s), s.port_boxes), (3, 3));
    }

    /// AMBX-SOL-5, as docs/ambush/interpretations.md reads it: a wound that leaves a soldier
    /// fewer Port Boxes than he fills leaves him what he carries, and he takes nothing more
    /// until he has room again.
    #[test]
    fn ambx_sol_5_a_wound_leaves_a_full_soldier_his_items_and_no_room() {
        let mut game = s1();
        let us3 = SoldierId(2);
        let carried = game.soldier(us3).items.clone();
        assert_eq!(
            crate::equipment::free_port_boxes(&game, us3),
            game.soldier(us3).port_boxes - filled(&game, us3),
        );
        // Full to the last Port Box, then wounded: one Port Box fewer than he fills.
        game.soldiers[2].port_boxes = filled(&game, us3);
        take(&mut game, us3, Damage::Wound);
        let s = game.soldier(us3);
        assert_eq!(s.port_boxes + 1, filled(&game, us3));
        assert_eq!(s.items, carried, "nothing dropped");
        assert_eq!(crate::equipment::free_port_boxes(&game, us3), 0);
    }

    /// The Port Boxes `soldier`'s items fill.
    fn filled(game: &Ambush, soldier: SoldierId) -> u8 {
        game.soldier(soldier)
            .items
            .iter()
            .map(|item| crate::equipment::port_boxes_of(game, item.weapon))
            .sum()
    }

    /// T-STS-4, T-SACT-1 (AMB-SACT-2, AMB-SACT-5): the free stance change once a round, none
    /// for the wounded; an MP spent leaves only movement.
    #[test]
    fn t_sts_4_and_t_sact_1_stance_changes() {
        let mut game = s1();
        let us2 = SoldierId(1);
        assert_eq!(stance_change_cost(game.soldier(us2)), 0);
        game.soldiers[1].turn.free_stance_change_used = true;
        assert_eq!(stance_change_cost(game.soldier(us2)), 1);
        game.soldiers[1].turn.mp_spent = 1;
        assert!(movement_only(game.soldier(us2)));
        let us1 = SoldierId(0);
        take(&mut game, us1, Damage::Wound);
        assert_eq!(
            stance_change_cost(game.soldier(us1)),
            1,
            "wounded: standing up costs 1 MP"
        );
    }
}
