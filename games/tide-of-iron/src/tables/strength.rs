//! Attack strength and defence dice (`TOI-COMBAT-SEQ` steps 1-2, `TOI-COMBAT-MIXED`,
//! `TOI-COMBAT-COMBINED`, `TOI-COMBAT-COVER`, `TOI-MODS`, `TOI-HALF`).

use crate::data::{Attack, FigureDef};

/// Half, rounded up (every halving of the rules).
pub fn half_up(value: u8) -> u8 {
    value.div_ceil(2)
}

/// What a squad's participating figures fire with at one kind of target (`TOI-COMBAT-MIXED`):
/// the sum of their firepower, and the shortest of their ranges. `None` if none of them can
/// attack that kind of target.
pub fn squad_attack<'a>(
    figures: impl IntoIterator<Item = &'a FigureDef>,
    vs_vehicle: bool,
) -> Option<Attack> {
    let mut total: Option<Attack> = None;
    for figure in figures {
        let attack = if vs_vehicle {
            figure.vs_vehicle
        } else {
            figure.vs_infantry
        }?;
        total = Some(match total {
            None => attack,
            Some(t) => Attack {
                range: t.range.min(attack.range),
                firepower: t.firepower.saturating_add(attack.firepower),
            },
        });
    }
    total
}

/// `TOI-COMBAT-SEQ` step 1, `TOI-COMBAT-COMBINED`, `TOI-MODS`: the black dice of an attack: the
/// lead unit's firepower (with its additions first, then its halvings: `halvings` of them, Fire
/// and Movement or a pinned squad's Rally among them) plus half, rounded up, of each supporter's.
/// `None` when the lead would be halved more than once (`TOI-HALF`: it cannot attack).
pub fn attack_dice(lead: u8, halvings: u8, supporters: &[u8]) -> Option<u8> {
    if halvings > 1 {
        return None;
    }
    let lead = if halvings == 1 { half_up(lead) } else { lead };
    Some(
        supporters
            .iter()
            .fold(lead, |dice, &s| dice.saturating_add(half_up(s))),
    )
}

/// `TOI-COMBAT-SEQ` step 2, `TOI-COMBAT-COVER`: the red dice: armor (vehicles) plus every cover.
pub fn defence_dice(armor: u8, cover: &[u8]) -> u8 {
    cover.iter().fold(armor, |dice, &c| dice.saturating_add(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{FigureClass, Nation};

    fn figure(id: &str, vs_infantry: (u8, u8), vs_vehicle: (u8, u8)) -> FigureDef {
        FigureDef {
            at: Default::default(),
            id: id.to_owned(),
            name: id.to_owned(),
            nation: Nation::Us,
            class: FigureClass::Regular,
            count: None,
            slots: 1,
            movement: 4,
            vs_infantry: Some(Attack {
                range: vs_infantry.0,
                firepower: vs_infantry.1,
            }),
            vs_vehicle: Some(Attack {
                range: vs_vehicle.0,
                firepower: vs_vehicle.1,
            }),
            area: None,
            armor: None,
            transport: None,
            traits: Vec::new(),
            ours: Vec::new(),
        }
    }

    #[test]
    fn t_seq_01_toi_combat_seq_fire_and_movement_halves_the_lead() {
        // 4 elite figures (FP 2 each) = 8, Fire and Movement: 4 black dice.
        let elite = figure("elite", (4, 2), (1, 1));
        let fp = squad_attack([&elite, &elite, &elite, &elite], false).unwrap();
        assert_eq!(fp.firepower, 8);
        assert_eq!(attack_dice(fp.firepower, 1, &[]), Some(4));
    }

    #[test]
    fn t_seq_02_and_03_toi_combat_cover_armor_plus_cover() {
        // SdKfz 251 (armor 1) in rough (1): 2 red dice.
        assert_eq!(defence_dice(1, &[1]), 2);
        // A squad in woods (2) with smoke (2): 4; an M3A1 (armor 1) in woods: 3.
        assert_eq!(defence_dice(0, &[2, 2]), 4);
        assert_eq!(defence_dice(1, &[2]), 3);
    }

    #[test]
    fn t_combat_02_toi_combat_mixed_the_shortest_range_of_the_figures_that_fire() {
        let mg = figure("mg", (5, 3), (3, 2));
        let regular = figure("regular", (4, 1), (1, 1));
        // The MG alone: FP 3, range 5.
        assert_eq!(
            squad_attack([&mg], false),
            Some(Attack {
                range: 5,
                firepower: 3
            })
        );
        // All three: FP 3 + 1 + 1, range 4.
        assert_eq!(
            squad_attack([&mg, &regular, &regular], false),
            Some(Attack {
                range: 4,
                firepower: 5
            })
        );
        // Against vehicles the figures' other values.
        assert_eq!(
            squad_attack([&mg, &regular], true),
            Some(Attack {
                range: 1,
                firepower: 3
            })
        );
    }

    #[test]
    fn toi_combat_combined_supporters_add_half_rounded_up() {
        // A 4R lead (4) and two 4R supporters (2 + 2): 8 dice; a 3-FP supporter adds 2.
        assert_eq!(attack_dice(4, 0, &[4, 4]), Some(8));
        assert_eq!(attack_dice(4, 0, &[3]), Some(6));
    }

    #[test]
    fn toi_half_a_unit_halved_twice_cannot_attack() {
        assert_eq!(
            attack_dice(5, 1, &[]),
            Some(3),
            "TOI-MODS: halved once, rounded up"
        );
        assert_eq!(attack_dice(8, 2, &[]), None);
    }
}
