//! The mission's end (AMBX-MIS-10, the spec's section 3.4): the VP the Germans' fates and the
//! vehicles earn, and whether the mission succeeded.

use crate::data::weapons::Side;
use crate::state::{Ambush, Place, VehicleStatus};
use crate::tables::damage::Health;

/// AMBX-MIS-10: the VP at the mission's end: the paragraphs' awards plus each German killed or
/// incapacitated, each captured, each German vehicle disabled or destroyed.
pub fn final_vp(game: &Ambush) -> i32 {
    let victory = &game.mission().victory;
    let mut vp = i32::from(game.vp);
    for id in game.side(Side::German) {
        let s = game.soldier(id);
        if s.captured {
            vp += victory.vp_german_captured;
        } else if matches!(s.health, Health::Incapacitated | Health::Killed) {
            vp += victory.vp_german_killed_or_incapacitated;
        }
    }
    for v in &game.vehicles {
        if v.side == Side::German
            && matches!(v.status, VehicleStatus::Disabled | VehicleStatus::Destroyed)
        {
            vp += victory.vp_vehicle_disabled_or_destroyed;
        }
    }
    vp
}

/// AMBX-MIS-10: whether the mission succeeds as it stands: an active US soldier in every hex
/// required, no active German left when so required, and the VP needed.
pub fn success(game: &Ambush) -> bool {
    let victory = &game.mission().victory;
    let Some(map) = game.map() else {
        return false;
    };
    let held = victory.require_us_in.iter().all(|label| {
        map.hex(label).is_some_and(|hex| {
            game.side(Side::Us).any(|id| {
                let s = game.soldier(id);
                !s.inactive() && s.place == Place::Hex(hex)
            })
        })
    });
    let clear = !victory.require_no_active_germans
        || !game
            .side(Side::German)
            .any(|id| game.soldier(id).active_on_map());
    held && clear && final_vp(game) >= victory.require_vp_at_least
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::AmbushData;
    use overlord_engine::GameRng;
    use std::path::Path;
    use std::sync::Arc;

    /// T-S1-4 (AMBX-MIS-10): S1 ends with US soldiers in both farmhouse hexes and no active
    /// German: a success with 3 VP, a failure with 1.
    #[test]
    fn t_s1_4_victory() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        let data = Arc::new(AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}")));
        let mut game = Ambush::start(&data, "S1", None, GameRng::seeded(1)).unwrap();
        let map = game.map().unwrap();
        let (w, e) = (map.hex("0503").unwrap(), map.hex("0603").unwrap());
        let hill = map.hex("0801").unwrap();
        game.soldiers[0].place = Place::Hex(w);
        game.soldiers[1].place = Place::Hex(e);
        game.vp = 3;
        assert!(success(&game));
        game.vp = 1;
        assert!(!success(&game));
        // A captured German is worth 2 more.
        game.soldiers[7].captured = true;
        game.soldiers[7].place = Place::Hex(w);
        assert_eq!(final_vp(&game), 3);
        assert!(success(&game));
        // An active German on the map spoils it.
        game.soldiers[5].place = Place::Hex(hill);
        assert!(!success(&game));
    }
}
