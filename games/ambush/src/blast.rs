//! Explosions that are not thrown (AMB-PC-2, AMB-PC-3, AMBX-WTC-7, the `blast` effect of
//! AMBX-PAR-2): booby traps, minefields and shells landing in a hex.
//!
//! Perception Checks are made in id order (in rounds the spec makes them in AR order; the
//! rounds chapter will pass that order in).

use crate::data::mission::{Marker, Stance};
use crate::data::weapons::Damage;
use crate::fire::take;
use crate::map::Hex;
use crate::state::{Ambush, Place, SoldierId, marker_bit};
use crate::tables::dice;
use crate::tables::track::Row;
use overlord_engine::RuleId;

/// AMB-PC-2: a booby trap.
pub const TRAP: RuleId = RuleId("AMB-PC-2");
/// AMB-PC-3: a minefield.
pub const MINEFIELD: RuleId = RuleId("AMB-PC-3");
/// AMBX-WTC-7: a blast's damage roll.
pub const DAMAGE: RuleId = RuleId("AMBX-WTC-7");

/// The soldiers in `hex`, not aboard a vehicle, in id order.
fn in_hex(game: &Ambush, hex: Hex) -> Vec<SoldierId> {
    (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(|&id| game.soldier(id).place == Place::Hex(hex))
        .collect()
}

/// A Perception Check for `soldier` (AMB-DICE-1 applies).
fn perceives(game: &mut Ambush, soldier: SoldierId, rule: RuleId) -> bool {
    let pc = i16::from(game.soldier(soldier).ratings.pc);
    dice::skill_roll(&mut game.rng, pc, rule).1
}

/// AMBX-WTC-7: `soldier` takes blast row `row`, the damage die lowered by his stance's blast
/// shift.
pub fn blast_damage(game: &mut Ambush, soldier: SoldierId, row: &str, rule: RuleId) -> Damage {
    let shift = &game.data().tables.blast_shift;
    let lowered = match game.soldier(soldier).stance {
        Stance::Standing => shift.standing,
        Stance::Crouching => shift.crouching,
        Stance::Prone => shift.prone,
    };
    let Some(damage) = game
        .data()
        .weapons
        .blasts
        .get(row)
        .map(|b| b.damage.clone())
    else {
        return Damage::None;
    };
    let die = dice::d10(&mut game.rng, rule);
    let result = damage
        .get(usize::from(die.saturating_sub(lowered)))
        .copied()
        .unwrap_or(Damage::None);
    take(game, soldier, result);
    result
}

/// AMB-PC-2: a booby trap in `hex`: the best PC there checks (the lowest id among equals); on
/// a failure everyone there takes `grenade_inside`; either way the trap is resolved.
pub fn booby_trap(game: &mut Ambush, hex: Hex) -> Vec<(SoldierId, Damage)> {
    let there = in_hex(game, hex);
    let mut results = Vec::new();
    let best = there
        .iter()
        .copied()
        .filter(|&id| !game.soldier(id).inactive())
        .max_by_key(|&id| (game.soldier(id).ratings.pc, std::cmp::Reverse(id)));
    if let Some(best) = best
        && !perceives(game, best, TRAP)
    {
        for id in there {
            results.push((id, blast_damage(game, id, "grenade_inside", TRAP)));
        }
    }
    if let Some(m) = game.markers.get_mut(usize::from(hex.0)) {
        *m |= marker_bit(Marker::TrapResolved);
    }
    results
}

/// AMB-VMINE-3: a car enters booby-trapped `hex`: its driver checks his PC; failing, the
/// trap goes off as a minefield under a car does (AMB-VMINE-2: everyone aboard panics); either
/// way the trap is resolved.
pub fn trap_under_a_car(game: &mut Ambush, car: crate::state::VehicleId, hex: Hex) {
    let aboard: Vec<SoldierId> = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(
            |&id| matches!(game.soldier(id).place, Place::Aboard { vehicle, .. } if vehicle == car),
        )
        .collect();
    let driver = aboard.iter().copied().find(|&id| {
        matches!(game.soldier(id).place, Place::Aboard { seat: 0, .. })
            && !game.soldier(id).inactive()
    });
    let spotted = driver.is_some_and(|d| perceives(game, d, RuleId("AMB-VMINE-3")));
    if !spotted {
        for id in aboard {
            let s = &mut game.soldiers[id.index()];
            if !s.inactive() {
                s.panicked = true;
                s.marker.row = Row::Panic;
            }
        }
    }
    if let Some(m) = game.markers.get_mut(usize::from(hex.0)) {
        *m |= marker_bit(Marker::TrapResolved);
    }
}

/// AMB-PC-3, AMBX-MIS-9: a minefield in `hex`: the hex is marked for good; each of `entering`
/// checks and takes `grenade_inside` himself on a failure.
pub fn minefield(game: &mut Ambush, hex: Hex, entering: &[SoldierId]) -> Vec<(SoldierId, Damage)> {
    if let Some(m) = game.markers.get_mut(usize::from(hex.0)) {
        *m |= marker_bit(Marker::Minefield);
    }
    let mut results = Vec::new();
    for &id in entering {
        if game.soldier(id).inactive() {
            continue;
        }
        if !perceives(game, id, MINEFIELD) {
            results.push((id, blast_damage(game, id, "grenade_inside", MINEFIELD)));
        }
    }
    results
}

/// The `blast` effect (AMBX-PAR-2): an explosion of row `row` in `hex`; with `pc_check`, each
/// aware, unpanicked soldier there may throw himself down first (AMB-PC-1), then everyone there
/// takes the row in id order.
pub fn blast(
    game: &mut Ambush,
    hex: Hex,
    row: &str,
    pc_check: bool,
    rule: RuleId,
) -> Vec<(SoldierId, Damage)> {
    let there = in_hex(game, hex);
    if pc_check {
        for &id in &there {
            let s = game.soldier(id);
            let aware = s.marker.row != Row::Unaware && !s.panicked && !s.inactive();
            if aware && perceives(game, id, rule) {
                game.soldiers[id.index()].stance = Stance::Prone;
            }
        }
    }
    there
        .into_iter()
        .map(|id| (id, blast_damage(game, id, row, rule)))
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    use crate::tables::damage::Health;

    fn s1(dice: &[u16]) -> Ambush {
        crate::testkit::s1(dice)
    }

    fn put(game: &mut Ambush, soldier: u8, label: &str) -> Hex {
        let hex = game.map().unwrap().hex(label).unwrap();
        game.soldiers[usize::from(soldier)].place = Place::Hex(hex);
        hex
    }

    /// T-PC-1 (AMB-PC-2): only the best PC checks; a failure blasts both; the trap resolved.
    #[test]
    fn t_pc_1_a_booby_trap() {
        // US5's PC check 9 (fails), then US2's damage 5 (standing: I), US5's 0 (WP).
        let mut game = s1(&[9, 5, 0]);
        let barn = put(&mut game, 1, "0505");
        put(&mut game, 4, "0505");
        let results = booby_trap(&mut game, barn);
        assert_eq!(
            results,
            [
                (SoldierId(1), Damage::Incapacitate),
                (SoldierId(4), Damage::WoundProne)
            ]
        );
        assert!(game.marked(barn, Marker::TrapResolved));
        assert_eq!(game.soldier(SoldierId(4)).health, Health::Wounded);
        assert!(game.rng().fault().is_none() && !game.rng().script_pending());
    }

    /// T-PC-2 (AMB-PC-3): each soldier checks; only the one who fails is hurt; the minefield
    /// stays.
    #[test]
    fn t_pc_2_a_minefield() {
        let mut game = s1(&[4, 7, 3]);
        let field = put(&mut game, 0, "0605");
        put(&mut game, 2, "0605");
        let results = minefield(&mut game, field, &[SoldierId(0), SoldierId(2)]);
        assert_eq!(results, [(SoldierId(2), Damage::Wound)]);
        assert!(game.marked(field, Marker::Minefield));
        assert!(game.rng().fault().is_none() && !game.rng().script_pending());
    }

    /// AMB-PC-1 with the `blast` effect (S1's paragraph 114): a soldier who perceives it drops
    /// prone, and the blast shift spares him.
    #[test]
    fn amb_pc_1_dodging_a_blast() {
        let mut game = s1(&[3, 4]);
        for s in &mut game.soldiers {
            s.marker.row = Row::Complete;
        }
        let hex = put(&mut game, 0, "0304");
        let results = blast(
            &mut game,
            hex,
            "grenade_outside",
            true,
            RuleId("AMBX-PAR-2"),
        );
        // PC 7 passed on 3: prone, damage 4 - 2 = 2: P.
        assert_eq!(results, [(SoldierId(0), Damage::Panic)]);
        assert_eq!(game.soldier(SoldierId(0)).stance, Stance::Prone);
    }
}
