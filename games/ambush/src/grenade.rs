//! Grenades and satchel charges thrown (AMB-GREN-1..3, AMBX-GCDM-1..4): whether a throw may be
//! made, its DD, and where a miss scatters.
//!
//! Not yet here: the throw resolved (dud, the targets' Perception Checks with the toss-away the
//! tosser chooses, the damage), which needs the rounds chapter's prompts.

use crate::data::map::{Dir, Feature, Terrain};
use crate::data::mission::Stance;
use crate::data::tables::Scatter;
use crate::los::{End, line_of_sight, paths};
use crate::map::{Hex, MissionMap};
use crate::state::{Ambush, Place, SoldierId};
use crate::tables::damage::Health;

/// A throw that may not be made: the rule and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoThrow {
    pub rule: &'static str,
    pub reason: &'static str,
}

/// AMBX-GCDM-3: how a thrown charge gets into `to` from `from`, if it can: through an opening
/// of each building it leaves or enters (the thrower's own hex's, the target's), `Some(window)`
/// whether through a window.
fn way_in(map: &MissionMap, from: Hex, to: Hex) -> Option<bool> {
    let opening = |x: Hex, y: Hex| map.direction(x, y).and_then(|d| map.side(x, d));
    paths(map, from, to).into_iter().find_map(|path| {
        let (first, last) = (
            path.get(1).copied()?,
            path.get(path.len().checked_sub(2)?).copied()?,
        );
        let leaving = map.cell(from).building.is_none()
            || map.cell(first).building == map.cell(from).building
            || opening(from, first).is_some_and(Feature::is_opening);
        if !leaving {
            return None;
        }
        // Into a building hex: through an opening of that hex itself (AMBX-GCDM-3).
        if map.cell(to).building.is_none() {
            return Some(false);
        }
        match opening(last, to) {
            Some(Feature::Window) => Some(true),
            Some(f) if f.is_opening() => Some(false),
            _ => None,
        }
    })
}

/// AMB-GREN-1/2, AMB-ACT-6/7, AMBX-GCDM-1..3: the DD of `thrower`'s grenade (or prepared
/// satchel) thrown at `target`, or why he may not throw it there.
pub fn throw_dd(
    game: &Ambush,
    thrower: SoldierId,
    target: Hex,
    satchel: bool,
) -> Result<i16, NoThrow> {
    let gcdm = &game.data().tables.gcdm;
    let map = game.mission().hexes.as_ref().ok_or(NoThrow {
        rule: "AMBX-MAP-1",
        reason: "no map",
    })?;
    let t = game.soldier(thrower);
    let Place::Hex(from) = t.place else {
        return Err(NoThrow {
            rule: "AMB-GREN-1",
            reason: "the thrower must be on the map",
        });
    };
    if from == target {
        return Err(NoThrow {
            rule: "AMB-GREN-1",
            reason: "not into the thrower's own hex",
        });
    }
    let range = map.distance(from, target);
    let max = match (satchel, t.stance) {
        (_, Stance::Prone) => {
            return Err(NoThrow {
                rule: "AMB-ACT-7",
                reason: "a prone soldier cannot throw",
            });
        }
        (true, Stance::Crouching) => {
            return Err(NoThrow {
                rule: "AMB-ACT-6",
                reason: "a satchel is thrown standing",
            });
        }
        (true, Stance::Standing) => gcdm.satchel_max_range,
        (false, Stance::Crouching) => gcdm.max_range_crouching,
        (false, Stance::Standing) => gcdm.max_range_standing,
    };
    if range > u32::from(max) {
        return Err(NoThrow {
            rule: "AMB-GREN-2",
            reason: "out of throwing range",
        });
    }
    let through_window = way_in(map, from, target).ok_or(NoThrow {
        rule: "AMBX-GCDM-3",
        reason: "no opening to throw it through",
    })?;
    let base = if satchel {
        &gcdm.satchel_base
    } else {
        &gcdm.grenade_base
    };
    let mut dd = i16::from(
        *base
            .get(usize::try_from(range).unwrap_or(0).saturating_sub(1))
            .unwrap_or(&0),
    );
    if !satchel && t.stance == Stance::Crouching {
        dd += i16::from(gcdm.thrower_crouching);
    }
    if t.health == Health::Wounded {
        dd += i16::from(gcdm.thrower_wounded);
    }
    if map.cell(target).elev > map.cell(from).elev {
        dd += i16::from(gcdm.target_higher);
    }
    // AMB-GREN-1: allowed without line of sight, at −2.
    if !line_of_sight(
        map,
        End::new(from, t.stance),
        End::new(target, Stance::Standing),
    ) {
        dd += i16::from(gcdm.no_los);
    }
    if map.cell(from).terrain == Terrain::Forest {
        dd += i16::from(gcdm.thrower_in_forest);
    }
    if through_window {
        dd += i16::from(gcdm.through_window);
    }
    // AMB-EQP-1: a captured grenade is thrown at full WS.
    Ok(dd + i16::from(t.ratings.ws))
}

/// AMBX-GCDM-4: where a grenade thrown from `from` at `target` lands on a miss with scatter die
/// `die`; `None` off the map (no effect).
pub fn scatter(game: &Ambush, from: Hex, target: Hex, die: u8) -> Option<Hex> {
    let map = game.mission().hexes.as_ref()?;
    let result = *game.data().tables.scatter.result.get(usize::from(die))?;
    // The first hex on the line from the target back toward the thrower.
    let short = paths(map, target, from)
        .first()
        .and_then(|p| p.get(1).copied());
    let landed = match result {
        Scatter::Dir0 => map.neighbour(target, Dir::N),
        Scatter::Dir1 => map.neighbour(target, Dir::NE),
        Scatter::Dir2 => map.neighbour(target, Dir::SE),
        Scatter::Dir3 => map.neighbour(target, Dir::S),
        Scatter::Dir4 => map.neighbour(target, Dir::SW),
        Scatter::Dir5 => map.neighbour(target, Dir::NW),
        Scatter::Short => short,
        Scatter::Long => short
            .and_then(|s| map.direction(target, s))
            .and_then(|d| map.neighbour(target, d.opposite())),
    }?;
    // Into a building through a wall: it stops in the target hex if that is outside, else in
    // the last hex outside a building on the line.
    let wall = map
        .direction(target, landed)
        .and_then(|d| map.side(target, d))
        == Some(Feature::Wall)
        && map.cell(landed).building.is_some();
    if !wall {
        return Some(landed);
    }
    if map.cell(target).building.is_none() {
        return Some(target);
    }
    paths(map, from, target)
        .first()?
        .iter()
        .copied()
        .rev()
        .find(|&h| map.cell(h).building.is_none())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::AmbushData;
    use overlord_engine::GameRng;
    use std::path::Path;
    use std::sync::Arc;

    fn s1() -> Ambush {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        let data = Arc::new(AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}")));
        Ambush::start(&data, "S1", None, GameRng::seeded(1)).unwrap()
    }

    fn hex(game: &Ambush, label: &str) -> Hex {
        game.mission().hexes.as_ref().unwrap().hex(label).unwrap()
    }

    fn put(game: &mut Ambush, soldier: u8, label: &str, stance: Stance) {
        let h = hex(game, label);
        let s = &mut game.soldiers[usize::from(soldier)];
        s.place = Place::Hex(h);
        s.stance = stance;
    }

    /// T-GREN-1 (AMBX-GCDM-1/2): US1 standing throws 4 hexes into his line of sight: 5 + 1.
    #[test]
    fn t_gren_1_the_dd_of_a_throw() {
        let mut game = s1();
        put(&mut game, 0, "0104", Stance::Standing);
        assert_eq!(
            throw_dd(&game, SoldierId(0), hex(&game, "0504"), false),
            Ok(6)
        );
    }

    /// T-ACT-5 (AMB-ACT-7, AMB-GREN-1/2): ranges by stance, never the own hex, allowed out of
    /// sight at −2.
    #[test]
    fn t_act_5_grenade_ranges() {
        let mut game = s1();
        put(&mut game, 0, "0104", Stance::Crouching);
        assert_eq!(
            throw_dd(&game, SoldierId(0), hex(&game, "0504"), false)
                .unwrap_err()
                .rule,
            "AMB-GREN-2"
        );
        put(&mut game, 0, "0104", Stance::Standing);
        assert!(
            throw_dd(&game, SoldierId(0), hex(&game, "0704"), false).is_ok(),
            "range 6"
        );
        assert_eq!(
            throw_dd(&game, SoldierId(0), hex(&game, "0104"), false)
                .unwrap_err()
                .rule,
            "AMB-GREN-1"
        );
        put(&mut game, 0, "0105", Stance::Standing);
        let seen = throw_dd(&game, SoldierId(0), hex(&game, "0205"), false).unwrap();
        assert_eq!(seen, 7 + 1, "range 1, WS +1");
        // Some hex within 3 that US1 does not see: the throw is legal at −2.
        let map = game.mission().hexes.as_ref().unwrap();
        let from = hex(&game, "0105");
        let hidden = map
            .hexes()
            .filter(|&h| h != from && map.distance(from, h) <= 3 && map.cell(h).building.is_none())
            .find(|&h| {
                !line_of_sight(
                    map,
                    End::new(from, Stance::Standing),
                    End::new(h, Stance::Standing),
                )
            })
            .expect("a hex out of sight");
        let base = [7, 6, 6][map.distance(from, hidden) as usize - 1];
        assert_eq!(
            throw_dd(&game, SoldierId(0), hidden, false),
            Ok(base + 1 - 2)
        );
    }

    /// T-ACT-4 (AMB-ACT-6, AMB-GREN-2): a satchel is thrown standing, at most 3 hexes.
    #[test]
    fn t_act_4_satchel_ranges() {
        let mut game = s1();
        put(&mut game, 1, "0104", Stance::Crouching);
        assert_eq!(
            throw_dd(&game, SoldierId(1), hex(&game, "0204"), true)
                .unwrap_err()
                .rule,
            "AMB-ACT-6"
        );
        put(&mut game, 1, "0104", Stance::Standing);
        assert_eq!(
            throw_dd(&game, SoldierId(1), hex(&game, "0504"), true)
                .unwrap_err()
                .rule,
            "AMB-GREN-2"
        );
        assert!(throw_dd(&game, SoldierId(1), hex(&game, "0404"), true).is_ok());
    }

    /// AMBX-GCDM-3: into a building only through an opening; a window costs −1.
    #[test]
    fn ambx_gcdm_3_through_openings() {
        let mut game = s1();
        // 0503's SW side (to 0403) is a door, its N side (to 0502) a window, its NW a wall.
        put(&mut game, 0, "0403", Stance::Standing);
        let door = throw_dd(&game, SoldierId(0), hex(&game, "0503"), false).unwrap();
        put(&mut game, 0, "0502", Stance::Standing);
        let window = throw_dd(&game, SoldierId(0), hex(&game, "0503"), false).unwrap();
        assert_eq!(window, door - 1);
        put(&mut game, 0, "0402", Stance::Standing);
        assert_eq!(
            throw_dd(&game, SoldierId(0), hex(&game, "0503"), false)
                .unwrap_err()
                .rule,
            "AMBX-GCDM-3"
        );
    }

    /// T-GREN-4 (AMBX-GCDM-4): a scatter die of 2 lands SE of the target; short and long fall
    /// on the thrower's line.
    #[test]
    fn t_gren_4_scatter() {
        let game = s1();
        // Straight down column 03: 0301 throws at 0304.
        let (from, target) = (hex(&game, "0301"), hex(&game, "0304"));
        let map = game.mission().hexes.as_ref().unwrap();
        assert_eq!(
            scatter(&game, from, target, 2),
            map.neighbour(target, Dir::SE)
        );
        assert_eq!(scatter(&game, from, target, 2), Some(hex(&game, "0404")));
        assert_eq!(
            scatter(&game, from, target, 6),
            Some(hex(&game, "0303")),
            "short"
        );
        assert_eq!(
            scatter(&game, from, target, 8),
            Some(hex(&game, "0305")),
            "long"
        );
        // Into the barn through its wall: it stays in the (outside) target hex.
        let (from, target) = (hex(&game, "0104"), hex(&game, "0404"));
        assert_eq!(scatter(&game, from, target, 2), Some(target));
    }
}
