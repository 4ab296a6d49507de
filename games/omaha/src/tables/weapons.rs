//! T3, the US Weapons chart (PA "Tabella Armi USA"; rules 8.2–8.27, 8.51), and the weapons
//! check of 8.3 step 3 (flanking 8.22, Hero wildcard 8.23, HQ radio 8.24, naval 8.25).

use crate::data::{UsKind, UsUnit, Weapon};
use Weapon::{AR, BG, BR, BZ, DE, FL, MG, MO, NA, RD};
use std::fmt;

/// A set of [`Weapon`]s (FL included, though no unit owns it: 8.22).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Weapons(pub u16);

/// Every weapon, in chart order.
pub const ALL_WEAPONS: [Weapon; 10] = [BZ, BG, BR, DE, MO, RD, MG, AR, NA, FL];

const fn bit(w: Weapon) -> u16 {
    1 << (w as u16)
}

impl Weapons {
    /// No weapon.
    pub const EMPTY: Weapons = Weapons(0);

    /// The set of `list`.
    pub const fn of(list: &[Weapon]) -> Weapons {
        let mut bits = 0;
        let mut i = 0;
        while i < list.len() {
            bits |= bit(list[i]);
            i += 1;
        }
        Weapons(bits)
    }

    /// This set plus `w`.
    pub const fn with(self, w: Weapon) -> Weapons {
        Weapons(self.0 | bit(w))
    }

    /// This set without `w`.
    pub const fn without(self, w: Weapon) -> Weapons {
        Weapons(self.0 & !bit(w))
    }

    /// Both sets together (8.31: an attack pools its units' weapons).
    pub const fn union(self, other: Weapons) -> Weapons {
        Weapons(self.0 | other.0)
    }

    /// Whether `w` is in the set.
    pub const fn contains(self, w: Weapon) -> bool {
        self.0 & bit(w) != 0
    }

    /// Whether every weapon of `required` is in the set.
    pub const fn contains_all(self, required: Weapons) -> bool {
        required.0 & !self.0 == 0
    }

    /// The weapons of `required` not in the set.
    pub const fn missing(self, required: Weapons) -> Weapons {
        Weapons(required.0 & !self.0)
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many weapons the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The weapons, in chart order.
    pub fn iter(self) -> impl Iterator<Item = Weapon> {
        ALL_WEAPONS.into_iter().filter(move |&w| self.contains(w))
    }
}

impl FromIterator<Weapon> for Weapons {
    fn from_iter<I: IntoIterator<Item = Weapon>>(iter: I) -> Self {
        iter.into_iter().fold(Weapons::EMPTY, Weapons::with)
    }
}

impl fmt::Debug for Weapons {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// T3 "Full-strength infantry and Rangers" (and the RB attack examples' excerpt).
pub const FULL_INFANTRY: Weapons = Weapons::of(&[BZ, BG, BR, DE, MO, RD]);
/// T3 "Range-2 (heavy) infantry attacking from an adjacent hex": all of the above plus MG.
pub const HEAVY_ADJACENT: Weapons = FULL_INFANTRY.with(MG);
/// T3 "Range-2 (heavy) infantry from a non-adjacent hex" (or across a bluff or cliff, 8.26).
pub const HEAVY_AT_RANGE: Weapons = Weapons::of(&[BZ, BR, MO, RD, MG]);
/// T3 "Anti-aircraft" (SP AA too, INTERP).
pub const ANTI_AIRCRAFT: Weapons = Weapons::of(&[MG, BR]);
/// T3 "Tanks" at distance 1–5 (8.27).
pub const TANK_LONG: Weapons = Weapons::of(&[AR, BZ]);
/// T3 "Tanks" at distance 1–3 (8.27; PA "less than 3 hexes", RB "1 to 3": use ≤ 3).
pub const TANK_SHORT: Weapons = Weapons::of(&[AR, BZ, MG, BR]);
/// The farthest distance at which a tank brings any weapon (8.27).
pub const TANK_MAX_DISTANCE: u8 = 5;
/// The farthest distance at which a tank brings MG and BR (8.27).
pub const TANK_SHORT_DISTANCE: u8 = 3;
/// T3 "Artillery" (SP artillery and DUKW artillery too, INTERP).
pub const ARTILLERY: Weapons = Weapons::of(&[AR, MO, DE]);
/// T3 "Anti-tank".
pub const ANTI_TANK: Weapons = Weapons::of(&[AR, BZ]);
/// T3 "Naval Gunfire marker" (8.51).
pub const NAVAL_GUNFIRE: Weapons = Weapons::of(&[NA, AR, DE]);
/// 8.51: a Naval Gunfire marker adds 9 to the attack strength.
pub const NAVAL_GUNFIRE_STRENGTH: u8 = 9;
/// T3 "HQ": the radio it lends an adjacent attacker under its command (8.24).
pub const HQ_RADIO: Weapons = Weapons::of(&[RD]);

/// One US unit taking part in an attack, as T3 needs it (8.21, 8.24, 8.26, 8.27).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attacker<'a> {
    pub kind: UsKind,
    /// At full strength (its steps equal its printed steps).
    pub full_strength: bool,
    /// Infantry: the weapons printed on its current reduced side (8.21); ignored at full
    /// strength and for other kinds. See [`printed_weapons`].
    pub printed: &'a [Weapon],
    /// A range-2 (heavy) infantry company (8.26). A reduced heavy company is regular.
    pub heavy: bool,
    /// Hex distance to the target (1 = adjacent; 0.4, 8.11).
    pub distance: u8,
    /// Attacking across a bluff or cliff hexside (8.26).
    pub across_bluff_or_cliff: bool,
    /// Under HQ or CP command (8.24, 18.3): an adjacent attacker counts as having RD.
    pub hq_command: bool,
}

/// T3 (rules 8.2, 8.21, 8.24, 8.26, 8.27): the weapons one attacker brings.
///
/// Engineers are not on the chart and bring none. A tank beyond 5 hexes brings none (it cannot
/// take part). Leaders never take part (8.14); the HQ's radio is `hq_command`.
pub fn unit_weapons(attacker: &Attacker<'_>) -> Weapons {
    let adjacent = attacker.distance <= 1;
    let own = match attacker.kind {
        UsKind::Infantry | UsKind::Ranger if !attacker.full_strength => {
            attacker.printed.iter().copied().collect()
        }
        UsKind::Infantry | UsKind::Ranger if attacker.heavy => {
            if adjacent && !attacker.across_bluff_or_cliff {
                HEAVY_ADJACENT
            } else {
                HEAVY_AT_RANGE
            }
        }
        UsKind::Infantry | UsKind::Ranger => FULL_INFANTRY,
        UsKind::Tank => tank_weapons(attacker.distance),
        UsKind::Aa | UsKind::SpAa => ANTI_AIRCRAFT,
        UsKind::Artillery | UsKind::SpArtillery | UsKind::Dukw => ARTILLERY,
        UsKind::AntiTank => ANTI_TANK,
        UsKind::Engineer => Weapons::EMPTY,
    };
    if attacker.hq_command && adjacent {
        own.union(HQ_RADIO)
    } else {
        own
    }
}

/// 8.27: a tank's weapons at `distance` hexes from the target: AR and BZ at 1–5, plus MG and
/// BR at 1–3; none beyond 5.
pub fn tank_weapons(distance: u8) -> Weapons {
    if distance <= TANK_SHORT_DISTANCE {
        TANK_SHORT
    } else if distance <= TANK_MAX_DISTANCE {
        TANK_LONG
    } else {
        Weapons::EMPTY
    }
}

/// 8.21: the weapons printed on the reduced side of `unit` that has `steps` steps left (the
/// data lists them 1 step first). Empty at full strength or where nothing is printed.
pub fn printed_weapons(unit: &UsUnit, steps: u8) -> &[Weapon] {
    if usize::from(steps) >= unit.steps() || steps == 0 {
        return &[];
    }
    unit.reduced_weapons
        .get(usize::from(steps) - 1)
        .map_or(&[], Vec::as_slice)
}

/// 8.22: whether the attack meets an FL (flanking) requirement.
///
/// `fl_required` is how many of the revealed counters (unit, depth marker) list FL;
/// `attack_hexes` is the number of distinct hexes adjacent to the target that attackers attack
/// from; `non_adjacent_pair` says whether two of those hexes are not adjacent to each other.
/// One FL: two hexes not adjacent to each other. Two FL: three hexes (adjacency allowed).
pub fn flanking_met(fl_required: u8, attack_hexes: u8, non_adjacent_pair: bool) -> bool {
    match fl_required {
        0 => true,
        1 => attack_hexes >= 2 && non_adjacent_pair,
        _ => attack_hexes >= 3,
    }
}

/// 8.3 step 3 (8.22, 8.23, 8.25): whether the attackers' pooled weapons `have` meet
/// `required` (the union of the revealed counters' requirements, FL included).
///
/// FL is judged by `flanking` alone ([`flanking_met`]); no Hero can stand in for it. A Hero
/// used as a wildcard (`hero_wildcard`; 8.23, adjacent attacks only, one per attack) covers one
/// missing weapon, NA included. Naval Gunfire (NA, AR, DE) belongs in `have` (8.51).
pub fn weapons_met(have: Weapons, required: Weapons, flanking: bool, hero_wildcard: bool) -> bool {
    let missing = have.missing(required);
    if missing.contains(FL) && !flanking {
        return false;
    }
    let missing = missing.without(FL).len();
    missing == 0 || (hero_wildcard && missing == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attacker(kind: UsKind) -> Attacker<'static> {
        Attacker {
            kind,
            full_strength: true,
            printed: &[],
            heavy: false,
            distance: 1,
            across_bluff_or_cliff: false,
            hq_command: false,
        }
    }

    #[test]
    fn weapons_bitset() {
        let a = Weapons::of(&[BZ, RD]);
        let b = Weapons::of(&[BZ, BR]);
        assert_eq!(a.union(b), Weapons::of(&[BZ, RD, BR]));
        assert!(a.contains(BZ) && !a.contains(BR));
        assert!(a.union(b).contains_all(b));
        assert!(!a.contains_all(b));
        assert_eq!(a.missing(b), Weapons::of(&[BR]));
        assert_eq!(a.len(), 2);
        assert!(Weapons::EMPTY.is_empty());
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![BZ, RD]);
        assert_eq!(Weapons::of(&ALL_WEAPONS).len(), 10);
        assert_eq!(format!("{a:?}"), "{BZ, RD}");
        assert_eq!(a.without(BZ), Weapons::of(&[RD]));
    }

    #[test]
    fn t3_full_strength_infantry_and_rangers() {
        assert_eq!(
            unit_weapons(&attacker(UsKind::Infantry)),
            Weapons::of(&[BZ, BG, BR, DE, MO, RD])
        );
        assert_eq!(unit_weapons(&attacker(UsKind::Ranger)), FULL_INFANTRY);
    }

    #[test]
    fn t3_heavy_infantry_adjacent_and_at_range() {
        let adjacent = Attacker {
            heavy: true,
            ..attacker(UsKind::Infantry)
        };
        assert_eq!(unit_weapons(&adjacent), FULL_INFANTRY.with(MG));
        let at_range = Attacker {
            distance: 2,
            ..adjacent
        };
        assert_eq!(unit_weapons(&at_range), Weapons::of(&[BZ, BR, MO, RD, MG]));
        // 8.26: across a bluff or cliff, the non-adjacent row even when adjacent.
        let across = Attacker {
            across_bluff_or_cliff: true,
            ..adjacent
        };
        assert_eq!(unit_weapons(&across), HEAVY_AT_RANGE);
    }

    /// 8.21: reduced infantry has only the weapons printed on its counter.
    #[test]
    fn t3_8_21_reduced_infantry_uses_printed_weapons() {
        let reduced = Attacker {
            full_strength: false,
            printed: &[BZ, BG, RD],
            ..attacker(UsKind::Infantry)
        };
        assert_eq!(unit_weapons(&reduced), Weapons::of(&[BZ, BG, RD]));
        // 8.26: a reduced heavy company is regular infantry.
        let heavy = Attacker {
            heavy: true,
            ..reduced
        };
        assert_eq!(unit_weapons(&heavy), Weapons::of(&[BZ, BG, RD]));
    }

    /// 8.21: the printed weapons of each reduced side, by steps left.
    #[test]
    fn t3_8_21_printed_weapons_by_steps() {
        use crate::data::{At, Division, Symbol};
        let unit = UsUnit {
            id: "A/1/116".into(),
            division: Division::TwentyNinth,
            kind: UsKind::Infantry,
            heavy: false,
            symbol: Symbol::Diamond,
            controls_adjacent: true,
            arrival: Some(1),
            landing: "DG1".into(),
            attack: vec![2, 4, 6],
            range: None,
            reduced_weapons: vec![vec![BZ], vec![BZ, BG, RD]],
            at: At::default(),
        };
        assert_eq!(printed_weapons(&unit, 1), &[BZ]);
        assert_eq!(printed_weapons(&unit, 2), &[BZ, BG, RD]);
        assert!(printed_weapons(&unit, 3).is_empty()); // full strength: the chart
        assert!(printed_weapons(&unit, 0).is_empty());
    }

    #[test]
    fn t3_anti_aircraft() {
        assert_eq!(unit_weapons(&attacker(UsKind::Aa)), Weapons::of(&[MG, BR]));
        assert_eq!(unit_weapons(&attacker(UsKind::SpAa)), ANTI_AIRCRAFT);
    }

    #[test]
    fn t3_artillery_and_anti_tank() {
        let far = |kind| Attacker {
            distance: 4,
            ..attacker(kind)
        };
        assert_eq!(
            unit_weapons(&far(UsKind::Artillery)),
            Weapons::of(&[AR, MO, DE])
        );
        assert_eq!(unit_weapons(&far(UsKind::SpArtillery)), ARTILLERY);
        assert_eq!(unit_weapons(&far(UsKind::Dukw)), ARTILLERY);
        assert_eq!(
            unit_weapons(&attacker(UsKind::AntiTank)),
            Weapons::of(&[AR, BZ])
        );
        assert_eq!(unit_weapons(&attacker(UsKind::Engineer)), Weapons::EMPTY);
    }

    #[test]
    fn t_8_27_tank_weapons_by_distance() {
        let tank = |distance| Attacker {
            distance,
            ..attacker(UsKind::Tank)
        };
        assert_eq!(unit_weapons(&tank(4)), Weapons::of(&[AR, BZ]));
        assert_eq!(unit_weapons(&tank(5)), Weapons::of(&[AR, BZ]));
        assert_eq!(unit_weapons(&tank(3)), Weapons::of(&[AR, BZ, BR, MG]));
        assert_eq!(unit_weapons(&tank(1)), TANK_SHORT);
        assert_eq!(unit_weapons(&tank(6)), Weapons::EMPTY);
    }

    /// 8.24: an HQ's radio for a commanded attacker, adjacent attacks only.
    #[test]
    fn t3_8_24_hq_radio_for_adjacent_attackers() {
        let commanded = Attacker {
            hq_command: true,
            ..attacker(UsKind::Tank)
        };
        assert!(unit_weapons(&commanded).contains(RD));
        let at_range = Attacker {
            distance: 2,
            ..commanded
        };
        assert!(!unit_weapons(&at_range).contains(RD));
        assert_eq!(HQ_RADIO, Weapons::of(&[RD]));
    }

    #[test]
    fn t3_naval_gunfire_marker() {
        assert_eq!(NAVAL_GUNFIRE, Weapons::of(&[NA, AR, DE]));
        assert_eq!(NAVAL_GUNFIRE_STRENGTH, 9);
    }

    #[test]
    fn t_8_22_flanking() {
        // Unit only: two hexes not adjacent to each other.
        assert!(flanking_met(1, 2, true));
        assert!(!flanking_met(1, 2, false));
        assert!(!flanking_met(1, 1, false));
        // Unit and depth: three hexes, adjacency allowed.
        assert!(flanking_met(2, 3, false));
        assert!(!flanking_met(2, 2, true));
        assert!(flanking_met(0, 1, false));
        // A Hero cannot stand in for FL.
        let required = Weapons::of(&[FL]);
        assert!(!weapons_met(FULL_INFANTRY, required, false, true));
        assert!(weapons_met(FULL_INFANTRY, required, true, false));
    }

    #[test]
    fn r_8_23_hero_wildcard_covers_one_weapon() {
        let required = Weapons::of(&[MG, NA]);
        assert!(!weapons_met(FULL_INFANTRY, required, true, false));
        assert!(!weapons_met(FULL_INFANTRY, required, true, true)); // two missing
        assert!(weapons_met(FULL_INFANTRY, Weapons::of(&[NA]), true, true)); // 8.25
        assert!(weapons_met(
            FULL_INFANTRY.union(NAVAL_GUNFIRE),
            required.without(MG),
            true,
            false
        ));
    }

    #[test]
    fn t_8_3a_attack_example_1_weapons() {
        // 2-step infantry with printed BZ, BG, RD and a Hero vs WN64 requiring BZ, BR.
        let inf = Attacker {
            full_strength: false,
            printed: &[BZ, BG, RD],
            ..attacker(UsKind::Infantry)
        };
        let have = unit_weapons(&inf);
        let required = Weapons::of(&[BZ, BR]);
        assert_eq!(have.missing(required), Weapons::of(&[BR]));
        assert!(!weapons_met(have, required, true, false));
        assert!(weapons_met(have, required, true, true));
    }

    #[test]
    fn t_8_3b_attack_example_2_weapons() {
        // Full infantry adjacent plus a tank adjacent to it (distance 2 from WN61 at most).
        let have = unit_weapons(&attacker(UsKind::Infantry)).union(unit_weapons(&Attacker {
            distance: 2,
            ..attacker(UsKind::Tank)
        }));
        // The unit requires BG, MO; the depth marker AR, RD.
        assert!(weapons_met(have, Weapons::of(&[BG, MO]), true, false));
        assert!(weapons_met(
            have,
            Weapons::of(&[BG, MO, AR, RD]),
            true,
            false
        ));
        // Infantry alone lacks AR.
        assert!(!weapons_met(
            FULL_INFANTRY,
            Weapons::of(&[BG, MO, AR, RD]),
            true,
            false
        ));
    }

    #[test]
    fn t_8_3c_attack_example_3_weapons() {
        // Full infantry present: BR met. Depth requires FL, RD: two attack hexes adjacent to
        // each other, so FL is not met.
        let have = FULL_INFANTRY;
        assert!(weapons_met(have, Weapons::of(&[BR]), true, false));
        let flanking = flanking_met(1, 2, false);
        assert!(!flanking);
        assert!(!weapons_met(
            have,
            Weapons::of(&[BR, FL, RD]),
            flanking,
            false
        ));
    }
}
