//! Grenades and satchel charges thrown (AMB-GREN-1..3, AMBX-GCDM-1..4): whether a throw may be
//! made, its DD, and where a miss scatters.
//!
//! And the throw resolved ([`throw`], [`land`]): the dud, the targets' Perception Checks, the
//! toss-away (its hex chosen for the tosser, docs/ambush/interpretations.md), the damage.

use crate::data::map::{Dir, Feature, Terrain};
use crate::data::mission::Stance;
use crate::data::tables::Scatter;
use crate::los::{End, line_of_sight, paths};
use crate::map::{Hex, MissionMap};
use crate::state::{Ambush, Place, SoldierId};
use crate::tables::damage::Health;
use crate::tables::dice;
use crate::tables::track::Row;
use overlord_engine::RuleId;

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
    let map = game.map().ok_or(NoThrow {
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
    let map = game.map()?;
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

/// AMB-GREN-4: a throw's to-hit roll.
pub const HIT: RuleId = RuleId("AMB-GREN-4");
/// AMBX-GCDM-4: where a miss lands.
pub const SCATTER: RuleId = RuleId("AMBX-GCDM-4");
/// AMB-GREN-5: the dud check.
pub const DUD: RuleId = RuleId("AMB-GREN-5");
/// AMB-PC-1: the targets' Perception Checks.
pub const PERCEPTION: RuleId = RuleId("AMB-PC-1");
/// AMB-GREN-7, AMBX-GCDM-6: the blast's damage.
pub const DAMAGE: RuleId = RuleId("AMB-GREN-7");

/// What a throw did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Thrown {
    pub dd: i16,
    pub hit: bool,
    /// Where it came down (`None`: scattered off the map).
    pub landed: Option<Hex>,
    pub dud: bool,
    /// AMBX-GCDM-5: who tossed it away, and where.
    pub tossed: Option<(SoldierId, Hex)>,
    /// Each soldier the blast reached and what he took.
    pub results: Vec<(SoldierId, crate::data::weapons::Damage)>,
}

/// The weapon type of the grenade `thrower` would throw, and the index of the Ammo Box it is
/// (a US soldier's grenades are Ammo Boxes; a German's, a count on his card).
pub fn grenade_box(game: &Ambush, thrower: SoldierId) -> Option<usize> {
    let weapons = &game.data().weapons;
    game.soldier(thrower).ammo.iter().position(|&w| {
        weapons
            .type_by_index(w)
            .is_some_and(|t| t.thrown && !t.standing_only)
    })
}

/// The item index of `thrower`'s prepared satchel charge, if he has one.
pub fn prepared_satchel(game: &Ambush, thrower: SoldierId) -> Option<usize> {
    let weapons = &game.data().weapons;
    game.soldier(thrower).items.iter().position(|item| {
        item.prepared
            && weapons
                .type_by_index(item.weapon)
                .is_some_and(|t| t.thrown && t.standing_only)
    })
}

/// Whether `thrower` has something to throw: a grenade, or (`satchel`) a prepared charge.
pub fn has_charge(game: &Ambush, thrower: SoldierId, satchel: bool) -> bool {
    if satchel {
        return prepared_satchel(game, thrower).is_some();
    }
    match game.soldier(thrower).side {
        crate::data::weapons::Side::Us => grenade_box(game, thrower).is_some(),
        crate::data::weapons::Side::German => game.soldier(thrower).grenades > 0,
    }
}

/// AMB-GREN-1..7, AMB-PC-1, AMBX-GCDM-4..6: `thrower` throws a grenade (or his prepared
/// satchel) at `target`: the charge is used up; the to-hit roll; a miss scatters; the dud
/// check; the Perception Checks of those where it lands, in id order, the first who passes
/// with a turn unused and not prone tossing it away (into the next hex with the most of his
/// enemies), those who pass with no turn left and unwounded throwing themselves down; then the
/// blast on everyone there.
pub fn throw(
    game: &mut Ambush,
    thrower: SoldierId,
    target: Hex,
    satchel: bool,
) -> Result<Thrown, NoThrow> {
    if !has_charge(game, thrower, satchel) {
        return Err(NoThrow {
            rule: if satchel { "AMB-ACT-6" } else { "AMB-ACT-7" },
            reason: "nothing to throw",
        });
    }
    let dd = throw_dd(game, thrower, target, satchel)?;
    let Some(from) = game.soldier(thrower).hex(&game.vehicles) else {
        return Err(NoThrow {
            rule: "AMB-GREN-1",
            reason: "the thrower must be on the map",
        });
    };
    use_up(game, thrower, satchel);
    let (_, hit) = dice::skill_roll(&mut game.rng, dd, HIT);
    let landed = if hit {
        Some(target)
    } else {
        let die = dice::d10(&mut game.rng, SCATTER);
        scatter(game, from, target, die)
    };
    let Some(landed) = landed else {
        return Ok(Thrown {
            dd,
            hit,
            ..Thrown::default()
        });
    };
    let mut thrown = land(game, landed, satchel);
    thrown.dd = dd;
    thrown.hit = hit;
    thrown.landed = Some(landed);
    Ok(thrown)
}

/// The charge is gone whatever happens to it: a satchel from the thrower's items, a grenade
/// from his Ammo Boxes (a German's from his card's count).
pub fn use_up(game: &mut Ambush, thrower: SoldierId, satchel: bool) {
    if satchel {
        if let Some(item) = prepared_satchel(game, thrower) {
            game.soldiers[thrower.index()].items.remove(item);
        }
    } else if let Some(slot) = grenade_box(game, thrower) {
        game.soldiers[thrower.index()].ammo.remove(slot);
    } else {
        let s = &mut game.soldiers[thrower.index()];
        s.grenades = s.grenades.saturating_sub(1);
    }
}

/// AMBX-GCDM-6: a grenade's (or satchel's) blast rows, outside and inside.
pub fn blast_rows(game: &Ambush, satchel: bool) -> (Option<String>, Option<String>) {
    let kind = if satchel { "satchel" } else { "grenade" };
    game.data()
        .weapons
        .types
        .get(kind)
        .map(|t| (t.blast_outside.clone(), t.blast_inside.clone()))
        .unwrap_or_default()
}

/// AMB-GREN-5: the dud check, a d% at most the charge's dud value.
pub fn is_dud(game: &mut Ambush, satchel: bool) -> bool {
    let (outside, _) = blast_rows(game, satchel);
    let value = outside
        .as_deref()
        .and_then(|row| game.data().weapons.blasts.get(row))
        .map_or(0, |b| b.dud);
    dice::percent_happens(dice::percentile(&mut game.rng, DUD), value)
}

/// AMB-GREN-5..7, AMB-PC-1, AMBX-GCDM-5/6: a grenade (or satchel) come down in `landed`: the dud
/// check; the Perception Checks of those there, in id order, the first who passes with a turn
/// unused and not prone tossing it away (into the next hex with the most of his enemies), those
/// who pass with no turn left and unwounded throwing themselves down; then the blast on
/// everyone on foot where it explodes.
pub fn land(game: &mut Ambush, mut landed: Hex, satchel: bool) -> Thrown {
    let mut thrown = Thrown {
        landed: Some(landed),
        ..Thrown::default()
    };
    let (outside, inside) = blast_rows(game, satchel);
    if is_dud(game, satchel) {
        thrown.dud = true;
        return thrown;
    }
    // AMB-PC-1: the aware, unpanicked soldiers where it landed check, in id order.
    let there: Vec<SoldierId> = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(|&id| game.soldier(id).place == Place::Hex(landed))
        .collect();
    let mut tosser = None;
    for &id in &there {
        let s = game.soldier(id);
        if s.inactive() || s.panicked || s.marker.row == Row::Unaware {
            continue;
        }
        let pc = i16::from(s.ratings.pc);
        if !dice::skill_roll(&mut game.rng, pc, PERCEPTION).1 {
            continue;
        }
        let s = game.soldier(id);
        let turn_left = matches!(s.marker.row, Row::TwoTurns | Row::OneTurn);
        if tosser.is_none() && turn_left && s.stance != Stance::Prone {
            tosser = Some(id);
        } else if !turn_left && s.health == Health::Healthy {
            game.soldiers[id.index()].stance = Stance::Prone;
        }
    }
    if let Some(id) = tosser
        && let Some(away) = toss_hex(game, id, landed)
    {
        // AMBX-GCDM-5: it explodes there, with no checks; the tosser uses his turn.
        let s = &mut game.soldiers[id.index()];
        s.marker.row = crate::tables::track::after_acting(s.marker.row);
        thrown.tossed = Some((id, away));
        landed = away;
    }
    let map_inside = game
        .map()
        .is_some_and(|map| map.cell(landed).building.is_some());
    let row = if map_inside { inside } else { outside };
    let Some(row) = row else {
        return thrown;
    };
    let victims: Vec<SoldierId> = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(|&id| game.soldier(id).place == Place::Hex(landed))
        .collect();
    for id in victims {
        let result = crate::blast::blast_damage(game, id, &row, DAMAGE);
        thrown.results.push((id, result));
    }
    thrown
}

/// AMBX-GCDM-5: the next hex `tosser` throws a live grenade away into: one it could be thrown
/// into, with the most of his active enemies, then the fewest of his friends, then the lowest
/// id (the tosser's choice made for him: the one a player would make).
fn toss_hex(game: &Ambush, tosser: SoldierId, from: Hex) -> Option<Hex> {
    let map = game.map()?;
    let side = game.soldier(tosser).side;
    Dir::ALL
        .into_iter()
        .filter_map(|d| map.neighbour(from, d))
        .filter(|&to| way_in(map, from, to).is_some())
        .map(|to| {
            let (mut enemies, mut friends) = (0i32, 0i32);
            for s in game.soldiers.iter().filter(|s| s.place == Place::Hex(to)) {
                if s.side == side {
                    friends += 1;
                } else if !s.inactive() {
                    enemies += 1;
                }
            }
            ((std::cmp::Reverse(enemies), friends, to), to)
        })
        .min_by_key(|(key, _)| *key)
        .map(|(_, to)| to)
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
        game.map().unwrap().hex(label).unwrap()
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
        let map = game.map().unwrap();
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
        let map = game.map().unwrap();
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
