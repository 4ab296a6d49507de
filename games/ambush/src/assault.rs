//! Assault (AMB-ASLT, AMBX-ASLT, AMB-PRIS-1): close combat in one hex, to kill or to capture.
//!
//! The Move/Charge Assault's movement is the turn's ([`crate::activation`]); here the charge's
//! −1 is a parameter.

use crate::data::mission::Stance;
use crate::data::weapons::{Damage, Side};
use crate::fire::take;
use crate::state::{Ambush, Place, SoldierId};
use crate::tables::damage::Health;
use crate::tables::dice;
use crate::tables::track::Row;
use overlord_engine::RuleId;

/// AMB-ASLT-5: the assault's to-hit roll.
pub const HIT: RuleId = RuleId("AMB-ASLT-5");
/// AMBX-ASLT-2: the outcome roll.
pub const OUTCOME: RuleId = RuleId("AMBX-ASLT-2");

/// AMB-ASLT-2: what the attacker is after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Kill,
    Capture,
}

/// AMB-ASLT-3/4, AMBX-ASLT-1: the assault DD of `attacker` on `defender` in his hex, or why he
/// may not assault him. `charged`: by Move/Charge Assault.
pub fn dd(
    game: &Ambush,
    attacker: SoldierId,
    defender: SoldierId,
    mode: Mode,
    charged: bool,
) -> Result<i16, &'static str> {
    let table = &game.data().tables.assault;
    let a = game.soldier(attacker);
    let d = game.soldier(defender);
    let (Place::Hex(here), Place::Hex(there)) = (a.place, d.place) else {
        return Err("both must be on the map, outside vehicles");
    };
    if here != there {
        return Err("AMB-ASLT-1: the defender must be in the attacker's hex");
    }
    if a.stance != Stance::Standing {
        return Err("AMB-ASLT-1: the attacker must be standing");
    }
    if d.inactive() || d.side == a.side {
        return Err("AMB-SACT-4: not a target");
    }
    // AMBX-ASLT-2: Germans always kill.
    if a.side == Side::German && mode == Mode::Capture {
        return Err("AMBX-ASLT-2: Germans assault to kill");
    }
    let mut dd = i16::from(table.base_dd);
    if charged {
        dd += i16::from(table.charge);
    }
    if a.health == Health::Wounded {
        dd += i16::from(table.attacker_wounded);
    }
    let weapons = &game.data().weapons;
    let types: Vec<&str> = a
        .items
        .iter()
        .filter_map(|i| weapons.by_index(i.weapon))
        .map(|(_, w)| w.kind.as_str())
        .collect();
    if types
        .iter()
        .any(|t| matches!(*t, "bazooka" | "lmg" | "mmg"))
    {
        dd += i16::from(table.heavy_weapon);
    } else if types
        .first()
        .is_some_and(|t| matches!(*t, "pistol" | "carbine" | "smg" | "assault_rifle"))
    {
        dd += i16::from(table.handy_weapon);
    }
    if d.stance == Stance::Prone {
        dd += i16::from(table.defender_prone);
    }
    if d.health == Health::Wounded {
        dd += i16::from(table.defender_wounded);
    }
    let unaware = d.side == Side::Us && d.marker.row == Row::Unaware;
    if d.panicked {
        dd += i16::from(table.defender_panicked);
    }
    if unaware {
        dd += i16::from(table.defender_unaware);
    }
    if mode == Mode::Capture {
        dd += i16::from(table.capture_mode);
    }
    // AMBX-ASLT-1: each other active, unpanicked, non-prone friend in the hex, at most +2.
    let friends = game
        .soldiers
        .iter()
        .enumerate()
        .filter(|&(i, o)| {
            i != attacker.index()
                && o.side == a.side
                && o.place == Place::Hex(here)
                && !o.inactive()
                && !o.panicked
                && o.stance != Stance::Prone
        })
        .count();
    dd += (i16::from(table.friend_in_hex) * friends as i16).min(i16::from(table.friend_in_hex_max));
    // AMB-ASLT-4: WS(attacker) − WS(defender), the defender's only if positive, he neither
    // panicked nor wounded, nor an Unaware US soldier.
    dd += i16::from(a.ratings.ws);
    let defends = d.ratings.ws > 0 && !d.panicked && d.health != Health::Wounded && !unaware;
    if defends {
        dd -= i16::from(d.ratings.ws);
    }
    Ok(dd)
}

/// The result of an assault: hit or not, and the outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assault {
    pub dd: i16,
    pub hit: bool,
    pub outcome: Option<Damage>,
}

/// AMB-ASLT-5, AMBX-ASLT-2/3: resolve the assault: a skill roll, then the outcome row.
pub fn resolve(
    game: &mut Ambush,
    attacker: SoldierId,
    defender: SoldierId,
    mode: Mode,
    charged: bool,
) -> Result<Assault, &'static str> {
    let dd = dd(game, attacker, defender, mode, charged)?;
    let (_, hit) = dice::skill_roll(&mut game.rng, dd, HIT);
    let mut outcome = None;
    if hit {
        let table = &game.data().tables.assault;
        let row = match mode {
            Mode::Kill => table.kill_outcome.clone(),
            Mode::Capture => table.capture_outcome.clone(),
        };
        let die = dice::d10(&mut game.rng, OUTCOME);
        let result = row.get(usize::from(die)).copied().unwrap_or(Damage::None);
        take(game, defender, result);
        outcome = Some(result);
    } else {
        // AMBX-ASLT-3: a miss has no effect, but the attack wakes an Unaware defender.
        let d = &mut game.soldiers[defender.index()];
        if d.marker.row == Row::Unaware {
            d.marker.row = Row::Complete;
        }
    }
    Ok(Assault { dd, hit, outcome })
}

/// AMB-ASLT-2, AMB-GER (T-ASLT-5): the defender a German assaults in his hex: the defenseless
/// (prone or wounded) first, then by id.
pub fn german_target(game: &Ambush, attacker: SoldierId) -> Option<SoldierId> {
    let Place::Hex(here) = game.soldier(attacker).place else {
        return None;
    };
    let mut targets: Vec<SoldierId> = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(|&id| {
            let s = game.soldier(id);
            s.side == Side::Us && s.place == Place::Hex(here) && !s.inactive()
        })
        .collect();
    targets.sort_by_key(|&id| {
        let s = game.soldier(id);
        (
            !(s.stance == Stance::Prone || s.health == Health::Wounded),
            id,
        )
    });
    targets.first().copied()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn s1(dice: &[u16]) -> Ambush {
        let mut game = crate::testkit::s1(dice);
        let hex = game.map().unwrap().hex("0103").unwrap();
        for s in &mut game.soldiers {
            s.marker.row = Row::Complete;
            s.place = Place::Hex(hex);
        }
        game
    }

    const US1: SoldierId = SoldierId(0);
    const A: SoldierId = SoldierId(5);
    const C: SoldierId = SoldierId(7);

    /// Only the assault's two soldiers in the hex.
    fn alone(game: &mut Ambush, keep: &[SoldierId]) {
        for (i, s) in game.soldiers.iter_mut().enumerate() {
            if !keep.iter().any(|k| k.index() == i) {
                s.place = Place::OffMap;
            }
        }
    }

    /// T-ASLT-1 (AMB-ASLT-3, AMB-ASLT-4, AMBX-ASLT-1, AMBX-ASLT-2, AMBX-WTC-8): US1 with his
    /// Thompson kills C (base DD 7, no jam and no ammunition dice).
    #[test]
    fn t_aslt_1_a_kill_assault() {
        let mut game = s1(&[8, 7]);
        alone(&mut game, &[US1, C]);
        let result = resolve(&mut game, US1, C, Mode::Kill, false).unwrap();
        assert_eq!(
            (result.dd, result.hit, result.outcome),
            (9, true, Some(Damage::Kill))
        );
        assert_eq!(game.soldier(C).health, Health::Killed);
        assert!(game.rng().fault().is_none() && !game.rng().script_pending());
    }

    /// T-ASLT-2 (AMB-ASLT-4): a defender's positive WS counts unless he is wounded.
    #[test]
    fn t_aslt_2_the_defenders_skill() {
        let mut game = s1(&[]);
        alone(&mut game, &[US1, A]);
        assert_eq!(dd(&game, US1, A, Mode::Kill, false).unwrap(), 8);
        let a = &mut game.soldiers[A.index()];
        a.health = Health::Wounded;
        a.stance = Stance::Prone;
        assert_eq!(dd(&game, US1, A, Mode::Kill, false).unwrap(), 11);
    }

    /// T-ASLT-3 (AMBX-ASLT-2, AMB-PRIS-1): a capture.
    #[test]
    fn t_aslt_3_a_capture() {
        let mut game = s1(&[8, 4]);
        alone(&mut game, &[US1, C]);
        let result = resolve(&mut game, US1, C, Mode::Capture, false).unwrap();
        assert_eq!((result.dd, result.outcome), (8, Some(Damage::Capture)));
        let c = game.soldier(C);
        assert!(c.captured && c.inactive());
        assert_eq!((c.stance, c.marker.row), (Stance::Prone, Row::Inactive));
    }

    /// T-ASLT-4 (AMBX-ASLT-1): a charge costs −1.
    #[test]
    fn t_aslt_4_a_charge() {
        let mut game = s1(&[]);
        alone(&mut game, &[SoldierId(1), C]);
        let standing = dd(&game, SoldierId(1), C, Mode::Kill, false).unwrap();
        assert_eq!(
            dd(&game, SoldierId(1), C, Mode::Kill, true).unwrap(),
            standing - 1
        );
    }

    /// T-ASLT-5 (AMB-ASLT-2): a German assaults the defenseless first.
    #[test]
    fn t_aslt_5_germans_pick_the_defenseless() {
        let mut game = s1(&[]);
        alone(&mut game, &[A, SoldierId(1), SoldierId(4)]);
        game.soldiers[4].stance = Stance::Prone;
        assert_eq!(german_target(&game, A), Some(SoldierId(4)));
    }

    /// T-ASLT-6 (AMB-ASLT-4): an Unaware US defender's positive WS is not subtracted.
    #[test]
    fn t_aslt_6_an_unaware_defender() {
        let mut game = s1(&[]);
        alone(&mut game, &[A, US1]);
        let aware = dd(&game, A, US1, Mode::Kill, false).unwrap();
        game.soldiers[0].marker.row = Row::Unaware;
        // +2 for Unaware, and US1's WS +1 no longer subtracted.
        assert_eq!(dd(&game, A, US1, Mode::Kill, false).unwrap(), aware + 3);
        assert!(
            dd(&game, A, US1, Mode::Capture, false).is_err(),
            "Germans kill"
        );
    }
}
