//! T7, the German Actions summary for turns 17–32 (PA "Azioni Tedesche", RB L2062; rules 16,
//! 16.1–16.9, 23.4), with the small pure rules around it: which positions are examined at all
//! (16 introduction), the Advance attempt check (16.81), B1's two arrows (16.86) and the mortar
//! range and limit (16.5).
//!
//! The row is the Fire card icon of the position's colour ([`ActionIcon`]); the column is the
//! position's [`Situation`]. [`german_action`] reads the cell and, where the cell's text depends
//! on a fact (the WN has artillery, the position has an Advance arrow, ...), decides it from
//! [`Facts`]. The result says which action to carry out; carrying it out (which US units are
//! hit, where a unit goes) needs the game state and is not done here.
//!
//! T7a (the player aid) is the recommended version; the one cell where the rulebook's T7b
//! differs in substance (M / reinforcement occupied, no US) follows RB, as the spec says.

use crate::data::{GermanDivision, Icon};

/// A Fire card icon as T7 reads it: one row per icon (6.1, 16, T7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionIcon {
    /// Letter F: fire (16 "F").
    F,
    /// The tank symbol: fire with the armor bonus (6.36).
    Tank,
    /// The star: fire that may hit Leaders (11.4).
    Star,
    /// Letter R: re-occupy, re-supply, redeploy or reinforce (16.1–16.4).
    R,
    /// Letter M: mortar (16.5).
    M,
    /// Letter P: patrol (16.6).
    P,
    /// Letter A: artillery fire, advance or ambush (16.7–16.9).
    A,
}

impl ActionIcon {
    /// The T7 row of a card icon. The shipped cards carry exactly one of a letter, the tank and
    /// the star (cards.toml, spec 3.1); an icon with none of them fires, as in the basic game
    /// (INTERP).
    pub fn of(icon: &Icon) -> ActionIcon {
        use crate::data::ActionLetter;
        if icon.tank {
            return ActionIcon::Tank;
        }
        if icon.star {
            return ActionIcon::Star;
        }
        match icon.mark {
            None | Some(ActionLetter::F) => ActionIcon::F,
            Some(ActionLetter::R) => ActionIcon::R,
            Some(ActionLetter::M) => ActionIcon::M,
            Some(ActionLetter::P) => ActionIcon::P,
            Some(ActionLetter::A) => ActionIcon::A,
        }
    }
}

/// The T7 columns: the situation of an examined position (16 "Procedure", T7a headers).
///
/// T7b's headers are garbled ("WN: occupied, no US | unoccupied, US in field | occupied, US in
/// field"); the PA's headers are used, and RB's cells match them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Situation {
    /// An occupied WN position with US units in its fire field.
    WnOccupiedUs,
    /// An occupied WN position with no US unit in its fire field.
    WnOccupiedNoUs,
    /// An unoccupied WN position with German LOC (12.2).
    WnUnoccupied,
    /// An occupied reinforcement position with US units in its fire field.
    ReinforcementOccupiedUs,
    /// An occupied reinforcement position with no US unit in its fire field.
    ReinforcementOccupiedNoUs,
    /// An unoccupied reinforcement position with German LOC, within 2 hexes of a US unit.
    ReinforcementUnoccupied,
    /// A German tank of variant 23 (23.4): it acts as a position of its own colour, and in a
    /// position it occupies only the tank acts (23.43).
    GermanTank,
}

/// A printed German position, as 16's introduction examines it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Examined {
    /// A WN position (else a reinforcement position).
    pub wn: bool,
    /// A German unit occupies it (a two-hex WN with one hex occupied is occupied, AMB-67).
    pub occupied: bool,
    /// Its unit is disrupted (for a two-hex WN: every occupied hex is).
    pub disrupted: bool,
    /// US units are in its fire field.
    pub us_in_field: bool,
    /// It has German LOC (12.2).
    pub loc: bool,
    /// A US unit is within 2 hexes of it.
    pub us_within_2: bool,
}

/// 16 "Procedure" and "Positions that never act": the T7 column of a printed position, or
/// `None` where the position is not examined: an occupied position whose unit is disrupted, an
/// unoccupied position without LOC, an unoccupied reinforcement position more than 2 hexes from
/// every US unit. German tanks are [`Situation::GermanTank`] (23.4); a position holding one is
/// not examined itself (23.43).
pub fn situation(p: Examined) -> Option<Situation> {
    match (p.wn, p.occupied) {
        (_, true) if p.disrupted => None,
        (true, true) if p.us_in_field => Some(Situation::WnOccupiedUs),
        (true, true) => Some(Situation::WnOccupiedNoUs),
        (false, true) if p.us_in_field => Some(Situation::ReinforcementOccupiedUs),
        (false, true) => Some(Situation::ReinforcementOccupiedNoUs),
        (_, false) if !p.loc => None,
        (true, false) => Some(Situation::WnUnoccupied),
        (false, false) if p.us_within_2 => Some(Situation::ReinforcementUnoccupied),
        (false, false) => None,
    }
}

/// The facts a T7 cell's text depends on. Each is read only by the cells that name it; the
/// rest of the time it is ignored, so `Facts::default()` plus the few that matter will do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Facts {
    /// The colour's icon is a double square (6.3).
    pub double_square: bool,
    /// The position (one of its non-disrupted hexes) or the tank has a depth marker (6.3, 23.4).
    pub depth: bool,
    /// The occupied position has German LOC (12.2): 16.2 adds a depth marker only with it, 16.3
    /// redeploys only with it. (For unoccupied positions LOC is part of the situation.)
    pub loc: bool,
    /// A US unit is in the WN (either hex of a two-hex WN, 16.11): no re-occupation (16.1).
    pub us_in_wn: bool,
    /// The WN has an artillery unit of calibre 88 or 75; never the WN69 rocket unit (16.7).
    pub wn_artillery: bool,
    /// The position has an Advance arrow to a position no German unit occupies (16.8; for B1
    /// see [`advance_arrow`]).
    pub advance_arrow: bool,
    /// The unit attempts to advance by 16.81 ([`attempts_advance`]). Only read with US units in
    /// the field: without, 16.81's first clause always holds.
    pub advance_attempt: bool,
    /// A VP position (16.4).
    pub vp_position: bool,
    /// US units are in Intense or Moderate hexes of the position's fire field (16.4).
    pub us_intense_or_moderate: bool,
    /// US units are in the fire field: read for an unoccupied reinforcement position (16.9)
    /// and for a German tank (23.4); for occupied positions the situation says it.
    pub us_in_field: bool,
    /// A US unit is adjacent to the German tank (23.4 A).
    pub us_adjacent: bool,
    /// The German tank can move at least one hex by the movement the cell calls for (23.4,
    /// 23.5; for R, with the overrun's passage through non-armored US units).
    pub tank_can_move: bool,
}

/// The mortar range of 16.5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MortarRange {
    /// A WN position: beach hexes and beach-adjacent flats within 5 hexes, any other flat or
    /// high-ground hex within 2 (AMB-76).
    Wn,
    /// A reinforcement position: every hex within 3 (T7b, RB; PA's "5, 3 on heights" is a copy
    /// of the WN cell).
    Reinforcement,
}

/// The kind of hex a mortar reaches into (16.5, AMB-76).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MortarHex {
    /// A beach hex, or a flat hex adjacent to the beach.
    BeachOrBeachFlat,
    /// Any other hex (flats away from the beach, high ground).
    Inland,
}

/// 16.5 (T7b, AMB-76): whether a mortar of `range` reaches a hex of `kind` at `distance`.
pub fn mortar_reaches(range: MortarRange, kind: MortarHex, distance: u8) -> bool {
    match (range, kind) {
        (MortarRange::Reinforcement, _) => distance <= 3,
        (MortarRange::Wn, MortarHex::BeachOrBeachFlat) => distance <= 5,
        (MortarRange::Wn, MortarHex::Inland) => distance <= 2,
    }
}

/// 16.5 (AMB-25): how many US units a mortar may hit: 2 with a depth marker, 1 without; not
/// doubled by 14.11.
pub fn mortar_limit(depth: bool) -> u8 {
    if depth { 2 } else { 1 }
}

/// The unit that might advance, as 16.81 sees it (spec 6.3: a hidden unit's division is not
/// revealed by the check).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Advancer {
    /// Face-down.
    Hidden,
    /// Face-up, of this division.
    Revealed(GermanDivision),
}

/// 16.81: whether a unit attempts to advance: with no US unit in its fire field; or revealed,
/// 352nd Division, with a depth marker; or hidden with a depth marker. Otherwise (US units in
/// the field and a 716th unit or no depth marker) it fires instead.
pub fn attempts_advance(us_in_field: bool, unit: Advancer, depth: bool) -> bool {
    !us_in_field
        || (depth
            && matches!(
                unit,
                Advancer::Hidden | Advancer::Revealed(GermanDivision::D352)
            ))
}

/// 16.8, 16.86: which of a position's Advance arrows the unit follows, given whether each
/// arrow's position is German-occupied, in the order of preference: the first free one, or
/// `None` (no arrow, or every arrow's position German-occupied: fire or nothing). For B1 pass
/// `[A7, A6]`: one occupied → the other; neither → A7; both → none (spec ▶).
pub fn advance_arrow(german_occupied: &[bool]) -> Option<usize> {
    german_occupied.iter().position(|&occupied| !occupied)
}

/// The action a T7 cell gives (rules 16.1–16.9, 23.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GermanAction {
    /// No action ("nothing" cells, and cells whose condition fails).
    Nothing,
    /// Normal fire (6.3, with the 14.11 hit limits).
    Fire,
    /// Fire with the armor bonus (tank icon, 6.36).
    FireVsArmor,
    /// Fire that may hit Leaders (star icon, 11.4).
    FireVsLeaders,
    /// 16.1: place a random previously eliminated non-artillery WN unit face-up; no fire.
    Reoccupy,
    /// 16.2: draw a depth marker first if `add_depth` (LOC and none yet), then fire; the new
    /// marker counts for the double square and the hit limit.
    ResupplyAndFire { add_depth: bool },
    /// 16.3: move the unit and its depth marker to another position (chosen by 16.3, 16.31);
    /// no fire (16.32). No candidate → no action.
    Redeploy,
    /// 16.4: place a reinforcement unit face-down and always a depth marker; it does not fire.
    Reinforce,
    /// 16.5: mortar fire at US units beyond the field, within `range` ([`mortar_reaches`],
    /// [`mortar_limit`]); 16.51 no target → no action.
    Mortar { range: MortarRange },
    /// 16.6: disrupt every US unit in Intense or Moderate hexes of the field, else one within
    /// 3 hexes; no fire.
    Patrol,
    /// 16.7: one US unit with the symbol in either sector loses a step.
    ArtilleryFire,
    /// 16.8: attempt the advance (resolved after every other action, 16.85).
    Advance,
    /// 16.9: the Ambush column of T2 on one US unit.
    Ambush,
    /// 23.4: the German tank fires, with the armor bonus always (INTERP: RB's T7 tank column
    /// "può colpire i Carri" is unconditional, and 23.41 says the tank icon adds nothing), at
    /// Leaders too with the star (T7 tank column, 11.4).
    TankFire { vs_leaders: bool },
    /// 23.4, 23.5: the German tank moves up to `hexes` hexes by 23.5.
    TankMove { hexes: u8 },
    /// 23.4 R (Overrun, PA "Raid"): move up to 4 hexes through non-armored US units in its
    /// 1st–3rd hex, disrupting them (T7b: RB's "1 hex" is the same).
    TankOverrun,
    /// 23.4 P: move up to 3 hexes, then fire if a US unit is adjacent.
    TankPositionAndFire,
}

/// The hexes of a tank's ordinary move (23.4 F, M, A).
pub const TANK_MOVE: u8 = 4;

/// 16 "Squares", 16.21, 23.4: whether an occupied position or a tank acts on the icon's
/// square. A double square needs a depth marker; unoccupied positions act on either (the
/// caller never asks for them).
fn square_allows(facts: &Facts) -> bool {
    !facts.double_square || facts.depth
}

/// T7 (rules 16, 16.1–16.9, 16.21, 23.4; T7a with T7b's mortar range): the action of a
/// position in `situation` whose colour shows `icon`.
///
/// | Icon | WN occ + US | WN occ, no US | WN unocc | Reinf occ + US | Reinf occ, no US | Reinf unocc | German tank |
/// |---|---|---|---|---|---|---|---|
/// | F | Fire | – | – | Fire | – | – | fire, else move 4 |
/// | tank | Fire vs armor | – | – | Fire vs armor | – | – | as F |
/// | star | Fire vs leaders | – | – | Fire vs leaders | – | – | as F (leaders) |
/// | R | Fire | – | Re-occupy | Re-supply & fire | Redeploy | Reinforce | overrun, else fire |
/// | M | Fire | Mortar (WN) | – | Fire | Mortar (3 hexes) | – | move 4, else fire |
/// | P | Fire | – | – | Patrol | Patrol | – | move 3 and fire, else fire |
/// | A | Fire | Artillery fire | – | Advance or fire | Advance | Ambush | fire if adjacent, else move 4 |
pub fn german_action(icon: ActionIcon, situation: Situation, facts: &Facts) -> GermanAction {
    use ActionIcon as I;
    use GermanAction as G;
    use Situation as S;
    let fire = match icon {
        I::Tank => G::FireVsArmor,
        I::Star => G::FireVsLeaders,
        _ => G::Fire,
    };
    match situation {
        S::WnOccupiedUs
        | S::WnOccupiedNoUs
        | S::ReinforcementOccupiedUs
        | S::ReinforcementOccupiedNoUs
            if !square_allows(facts) =>
        {
            // 16.21: a lone unit re-supplies on a double square; the new marker lets it fire.
            // AMB-68: without LOC it gets none, so it does not qualify to fire.
            if icon == I::R && situation == S::ReinforcementOccupiedUs && facts.loc {
                G::ResupplyAndFire { add_depth: true }
            } else {
                G::Nothing
            }
        }
        S::GermanTank if !square_allows(facts) => G::Nothing,
        // Every icon fires (F, tank, star as themselves; R, M, P, A as Fire).
        S::WnOccupiedUs => fire,
        S::WnOccupiedNoUs => match icon {
            I::M => G::Mortar {
                range: MortarRange::Wn,
            },
            I::A if facts.wn_artillery => G::ArtilleryFire,
            _ => G::Nothing,
        },
        // T7b: RB cites "(16.7)" here, a slip for 16.1.
        S::WnUnoccupied => match icon {
            I::R if !facts.us_in_wn => G::Reoccupy,
            _ => G::Nothing,
        },
        S::ReinforcementOccupiedUs => match icon {
            I::F | I::Tank | I::Star | I::M => fire,
            I::R => G::ResupplyAndFire {
                add_depth: facts.loc && !facts.depth,
            },
            I::P => G::Patrol,
            I::A if facts.advance_arrow && facts.advance_attempt => G::Advance,
            I::A => G::Fire,
        },
        S::ReinforcementOccupiedNoUs => match icon {
            I::R if facts.loc => G::Redeploy,
            // T7b: RB's 3 hexes, not PA's "5, 3 on heights".
            I::M => G::Mortar {
                range: MortarRange::Reinforcement,
            },
            I::P => G::Patrol,
            // 16.81: with no US unit in the field the unit always attempts.
            I::A if facts.advance_arrow => G::Advance,
            _ => G::Nothing,
        },
        S::ReinforcementUnoccupied => match icon {
            I::R if facts.vp_position || facts.us_intense_or_moderate => G::Reinforce,
            I::A if facts.us_in_field => G::Ambush,
            _ => G::Nothing,
        },
        S::GermanTank => tank_action(icon, facts),
    }
}

/// The T7 tank column (23.4).
fn tank_action(icon: ActionIcon, facts: &Facts) -> GermanAction {
    use ActionIcon as I;
    use GermanAction as G;
    let fire_if_field = |vs_leaders| {
        if facts.us_in_field {
            G::TankFire { vs_leaders }
        } else {
            G::Nothing
        }
    };
    let move_if_able = |then: GermanAction| {
        if facts.tank_can_move {
            then
        } else {
            G::Nothing
        }
    };
    match icon {
        // F — Fire or Move (tank and star as F; the star lets it hit Leaders).
        I::F | I::Tank | I::Star if facts.us_in_field => G::TankFire {
            vs_leaders: icon == I::Star,
        },
        I::F | I::Tank | I::Star => move_if_able(G::TankMove { hexes: TANK_MOVE }),
        // M — Move or Fire; R — Overrun; P — Position and fire: fire only if it can't move.
        I::M if facts.tank_can_move => G::TankMove { hexes: TANK_MOVE },
        I::R if facts.tank_can_move => G::TankOverrun,
        I::P if facts.tank_can_move => G::TankPositionAndFire,
        I::M | I::R | I::P => fire_if_field(false),
        // A — Aimed fire: fire if US units are adjacent (any unit in the field may be hit).
        I::A if facts.us_adjacent => G::TankFire { vs_leaders: false },
        I::A => move_if_able(G::TankMove { hexes: TANK_MOVE }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ActionIcon::{A, F, M, P, R, Star, Tank};
    use GermanAction as G;
    use Situation::*;

    const ICONS: [ActionIcon; 7] = [F, Tank, Star, R, M, P, A];

    /// A T7 column read with `facts`, in the order F, tank, star, R, M, P, A.
    fn column(situation: Situation, facts: &Facts) -> [GermanAction; 7] {
        ICONS.map(|icon| german_action(icon, situation, facts))
    }

    fn facts() -> Facts {
        Facts::default()
    }

    #[test]
    fn t7_wn_occupied_with_us_always_fires() {
        assert_eq!(
            column(WnOccupiedUs, &facts()),
            [
                G::Fire,
                G::FireVsArmor,
                G::FireVsLeaders,
                G::Fire,
                G::Fire,
                G::Fire,
                G::Fire
            ]
        );
    }

    /// 16.5 (WN mortar), 16.7 (artillery fire only with 88/75 artillery).
    #[test]
    fn t7_wn_occupied_no_us_16_5_16_7() {
        let mut f = facts();
        let mortar = G::Mortar {
            range: MortarRange::Wn,
        };
        let mut expected = [G::Nothing; 7];
        expected[4] = mortar;
        assert_eq!(column(WnOccupiedNoUs, &f), expected);
        f.wn_artillery = true;
        expected[6] = G::ArtilleryFire;
        assert_eq!(column(WnOccupiedNoUs, &f), expected);
        // LOC is not needed (16.7).
        assert!(!f.loc);
    }

    /// 16.1, 16.11: re-occupy on R, unless a US unit holds a hex of the WN.
    #[test]
    fn t7_wn_unoccupied_16_1_16_11_reoccupy() {
        let mut expected = [G::Nothing; 7];
        expected[3] = G::Reoccupy;
        assert_eq!(column(WnUnoccupied, &facts()), expected);
        let f = Facts {
            us_in_wn: true,
            ..facts()
        };
        assert_eq!(column(WnUnoccupied, &f), [G::Nothing; 7]);
    }

    /// 16.2, 16.6, 16.8: the occupied reinforcement position with US units in its field.
    #[test]
    fn t7_reinforcement_occupied_with_us_16_2_16_6_16_8() {
        let f = Facts {
            loc: true,
            ..facts()
        };
        assert_eq!(
            column(ReinforcementOccupiedUs, &f),
            [
                G::Fire,
                G::FireVsArmor,
                G::FireVsLeaders,
                G::ResupplyAndFire { add_depth: true },
                G::Fire,
                G::Patrol,
                G::Fire, // no arrow: fire
            ]
        );
    }

    /// 16.2: the depth marker is drawn only with LOC and only if there is none.
    #[test]
    fn r_16_2_resupply_adds_depth_only_with_loc_and_none_yet() {
        let cell = |loc, depth| {
            german_action(
                R,
                ReinforcementOccupiedUs,
                &Facts {
                    loc,
                    depth,
                    ..facts()
                },
            )
        };
        assert_eq!(cell(true, false), G::ResupplyAndFire { add_depth: true });
        assert_eq!(cell(true, true), G::ResupplyAndFire { add_depth: false });
        assert_eq!(cell(false, false), G::ResupplyAndFire { add_depth: false });
        assert_eq!(cell(false, true), G::ResupplyAndFire { add_depth: false });
    }

    /// 16.21, AMB-68: a lone unit re-supplies on a double square (with LOC); without LOC no
    /// marker can come, so no action.
    #[test]
    fn r_16_21_lone_unit_resupplies_on_a_double_square_amb_68() {
        let mut f = Facts {
            double_square: true,
            loc: true,
            ..facts()
        };
        assert_eq!(
            german_action(R, ReinforcementOccupiedUs, &f),
            G::ResupplyAndFire { add_depth: true }
        );
        // Every other icon: a double square without a depth marker does nothing.
        for icon in [F, Tank, Star, M, P, A] {
            assert_eq!(german_action(icon, ReinforcementOccupiedUs, &f), G::Nothing);
        }
        f.loc = false;
        assert_eq!(german_action(R, ReinforcementOccupiedUs, &f), G::Nothing);
    }

    /// 16 "Squares": occupied positions act on a double square only with a depth marker;
    /// unoccupied ones act regardless.
    #[test]
    fn r_16_double_square_needs_a_depth_marker_when_occupied() {
        let double = Facts {
            double_square: true,
            wn_artillery: true,
            loc: true,
            ..facts()
        };
        for situation in [WnOccupiedUs, WnOccupiedNoUs, ReinforcementOccupiedNoUs] {
            assert_eq!(column(situation, &double), [G::Nothing; 7], "{situation:?}");
            let with_depth = Facts {
                depth: true,
                ..double
            };
            let single = Facts {
                double_square: false,
                ..double
            };
            assert_eq!(column(situation, &with_depth), column(situation, &single));
        }
        // Unoccupied positions ignore the square.
        let unocc = Facts {
            double_square: true,
            vp_position: true,
            us_in_field: true,
            ..facts()
        };
        assert_eq!(german_action(R, WnUnoccupied, &unocc), G::Reoccupy);
        assert_eq!(
            german_action(R, ReinforcementUnoccupied, &unocc),
            G::Reinforce
        );
        assert_eq!(german_action(A, ReinforcementUnoccupied, &unocc), G::Ambush);
    }

    /// 16.3 (Redeploy needs LOC), 16.5 (mortar 3 hexes, T7b), 16.6, 16.8.
    #[test]
    fn t7_reinforcement_occupied_no_us_16_3_16_5_16_6_16_8() {
        let f = Facts {
            loc: true,
            advance_arrow: true,
            ..facts()
        };
        assert_eq!(
            column(ReinforcementOccupiedNoUs, &f),
            [
                G::Nothing,
                G::Nothing,
                G::Nothing,
                G::Redeploy,
                G::Mortar {
                    range: MortarRange::Reinforcement
                },
                G::Patrol,
                G::Advance,
            ]
        );
        // No LOC: no redeploy; no arrow: no advance.
        let g = Facts {
            loc: false,
            advance_arrow: false,
            ..f
        };
        assert_eq!(german_action(R, ReinforcementOccupiedNoUs, &g), G::Nothing);
        assert_eq!(german_action(A, ReinforcementOccupiedNoUs, &g), G::Nothing);
    }

    /// T7b: the reinforcement mortar reaches every hex within 3 (RB), not PA's 5.
    #[test]
    fn t7b_reinforcement_mortar_is_three_hexes_16_5() {
        let range = match german_action(M, ReinforcementOccupiedNoUs, &facts()) {
            G::Mortar { range } => range,
            other => panic!("{other:?}"),
        };
        assert_eq!(range, MortarRange::Reinforcement);
        for kind in [MortarHex::BeachOrBeachFlat, MortarHex::Inland] {
            assert!(mortar_reaches(range, kind, 3));
            assert!(!mortar_reaches(range, kind, 4));
            assert!(!mortar_reaches(range, kind, 5));
        }
    }

    /// 16.5, AMB-76: WN mortars reach the beach and beach flats within 5, inland within 2.
    #[test]
    fn r_16_5_wn_mortar_range_amb_76() {
        let wn = MortarRange::Wn;
        assert!(mortar_reaches(wn, MortarHex::BeachOrBeachFlat, 5));
        assert!(!mortar_reaches(wn, MortarHex::BeachOrBeachFlat, 6));
        assert!(mortar_reaches(wn, MortarHex::Inland, 2));
        assert!(!mortar_reaches(wn, MortarHex::Inland, 3));
    }

    /// 16.5, AMB-25, T-16.5: 2 targets with a depth marker, 1 without; not doubled.
    #[test]
    fn r_16_5_mortar_limit_amb_25() {
        assert_eq!(mortar_limit(true), 2);
        assert_eq!(mortar_limit(false), 1);
    }

    /// 16.4: VP positions always reinforce; others only with US in Intense or Moderate hexes.
    /// 16.9: Ambush needs a US unit in the field.
    #[test]
    fn t7_reinforcement_unoccupied_16_4_16_9() {
        assert_eq!(column(ReinforcementUnoccupied, &facts()), [G::Nothing; 7]);
        let vp = Facts {
            vp_position: true,
            ..facts()
        };
        assert_eq!(german_action(R, ReinforcementUnoccupied, &vp), G::Reinforce);
        let hot = Facts {
            us_intense_or_moderate: true,
            us_in_field: true,
            ..facts()
        };
        let mut expected = [G::Nothing; 7];
        expected[3] = G::Reinforce;
        expected[6] = G::Ambush;
        assert_eq!(column(ReinforcementUnoccupied, &hot), expected);
        // Non-VP with US units only in Sporadic hexes: no reinforcement, but an ambush.
        let sporadic = Facts {
            us_in_field: true,
            ..facts()
        };
        assert_eq!(
            german_action(R, ReinforcementUnoccupied, &sporadic),
            G::Nothing
        );
        assert_eq!(
            german_action(A, ReinforcementUnoccupied, &sporadic),
            G::Ambush
        );
    }

    /// 16.8, 16.81: "Advance or Fire" advances only with a free arrow and a passed attempt
    /// check; else it fires.
    #[test]
    fn r_16_81_advance_or_fire() {
        let cell = |advance_arrow, advance_attempt| {
            german_action(
                A,
                ReinforcementOccupiedUs,
                &Facts {
                    advance_arrow,
                    advance_attempt,
                    ..facts()
                },
            )
        };
        assert_eq!(cell(true, true), G::Advance);
        assert_eq!(cell(true, false), G::Fire);
        assert_eq!(cell(false, true), G::Fire);
        assert_eq!(cell(false, false), G::Fire);
    }

    /// 16.81: who attempts to advance.
    #[test]
    fn r_16_81_attempt_check() {
        use GermanDivision::{D352, D716};
        // No US in the field: always.
        for unit in [Advancer::Hidden, Advancer::Revealed(D716)] {
            assert!(attempts_advance(false, unit, false));
        }
        // US in the field: revealed 352nd with depth, or hidden with depth.
        assert!(attempts_advance(true, Advancer::Revealed(D352), true));
        assert!(attempts_advance(true, Advancer::Hidden, true));
        // Otherwise fire: 716th, or no depth marker.
        assert!(!attempts_advance(true, Advancer::Revealed(D716), true));
        assert!(!attempts_advance(true, Advancer::Revealed(D352), false));
        assert!(!attempts_advance(true, Advancer::Hidden, false));
    }

    /// 16.86, T-16.86: B1's arrows [A7, A6].
    #[test]
    fn t_16_86_b1_two_arrows() {
        assert_eq!(advance_arrow(&[true, false]), Some(1)); // A7 held → A6
        assert_eq!(advance_arrow(&[false, true]), Some(0)); // A6 held → A7
        assert_eq!(advance_arrow(&[false, false]), Some(0)); // neither → A7
        assert_eq!(advance_arrow(&[true, true]), None); // both → no advance
        assert_eq!(advance_arrow(&[]), None); // no arrow
        assert_eq!(advance_arrow(&[false]), Some(0));
    }

    /// 16 "Positions that never act".
    #[test]
    fn r_16_positions_that_never_act() {
        let p = Examined {
            wn: false,
            occupied: true,
            disrupted: false,
            us_in_field: true,
            loc: false,
            us_within_2: false,
        };
        assert_eq!(situation(p), Some(ReinforcementOccupiedUs));
        assert_eq!(
            situation(Examined {
                us_in_field: false,
                ..p
            }),
            Some(ReinforcementOccupiedNoUs)
        );
        // Disrupted: never.
        assert_eq!(
            situation(Examined {
                disrupted: true,
                ..p
            }),
            None
        );
        // Occupied WNs act without LOC.
        let wn = Examined { wn: true, ..p };
        assert_eq!(situation(wn), Some(WnOccupiedUs));
        assert_eq!(
            situation(Examined {
                us_in_field: false,
                ..wn
            }),
            Some(WnOccupiedNoUs)
        );
        // Unoccupied: only with LOC; reinforcement positions also within 2 of a US unit.
        let empty_wn = Examined {
            occupied: false,
            ..wn
        };
        assert_eq!(situation(empty_wn), None);
        assert_eq!(
            situation(Examined {
                loc: true,
                ..empty_wn
            }),
            Some(WnUnoccupied)
        );
        let empty = Examined {
            occupied: false,
            loc: true,
            ..p
        };
        assert_eq!(situation(empty), None);
        assert_eq!(
            situation(Examined {
                us_within_2: true,
                ..empty
            }),
            Some(ReinforcementUnoccupied)
        );
        assert_eq!(
            situation(Examined {
                us_within_2: true,
                loc: false,
                ..empty
            }),
            None
        );
    }

    /// T-16a (RB L1342): red A, purple R, blue M.
    #[test]
    fn t_16a_action_determination_example_1() {
        // Purple WN occupied with US in its field, R → fires; unoccupied with LOC → re-occupy.
        assert_eq!(german_action(R, WnOccupiedUs, &facts()), G::Fire);
        assert_eq!(german_action(R, WnUnoccupied, &facts()), G::Reoccupy);
        // Purple A4, unoccupied, LOC, within 2 of a US unit → reinforce (fixture: US units in
        // Intense/Moderate hexes of its field, so it qualifies whether or not it is a VP one).
        let a4 = Facts {
            us_intense_or_moderate: true,
            us_in_field: true,
            ..facts()
        };
        assert_eq!(german_action(R, ReinforcementUnoccupied, &a4), G::Reinforce);
        // Blue reinforcement, occupied, US in field, M → fire; without US → mortar.
        assert_eq!(german_action(M, ReinforcementOccupiedUs, &facts()), G::Fire);
        assert_eq!(
            german_action(M, ReinforcementOccupiedNoUs, &facts()),
            G::Mortar {
                range: MortarRange::Reinforcement
            }
        );
        // Red C3, unoccupied, US units in its field, A → ambush.
        let c3 = Facts {
            us_in_field: true,
            ..facts()
        };
        assert_eq!(german_action(A, ReinforcementUnoccupied, &c3), G::Ambush);
    }

    /// T-16b (RB L1351): purple M, blue tank, brown P (double square).
    #[test]
    fn t_16b_action_determination_example_2() {
        // Brown 0907, occupied by a unit without depth marker, double square → no action.
        let brown_0907 = Facts {
            double_square: true,
            ..facts()
        };
        assert_eq!(
            german_action(P, ReinforcementOccupiedUs, &brown_0907),
            G::Nothing
        );
        // Purple WN occupied, US in field, M → fire; without US → mortar.
        assert_eq!(german_action(M, WnOccupiedUs, &facts()), G::Fire);
        assert_eq!(
            german_action(M, WnOccupiedNoUs, &facts()),
            G::Mortar {
                range: MortarRange::Wn
            }
        );
        // Purple A4 unoccupied, M → no action.
        let a4 = Facts {
            us_in_field: true,
            us_intense_or_moderate: true,
            ..facts()
        };
        assert_eq!(german_action(M, ReinforcementUnoccupied, &a4), G::Nothing);
        // Blue reinforcement, occupied, US in field, tank icon → fire with the armor bonus.
        assert_eq!(
            german_action(Tank, ReinforcementOccupiedUs, &facts()),
            G::FireVsArmor
        );
        // Brown 1113 (C1), occupied with depth, US in field, P (double) → patrol.
        let c1 = Facts {
            double_square: true,
            depth: true,
            ..facts()
        };
        assert_eq!(german_action(P, ReinforcementOccupiedUs, &c1), G::Patrol);
    }

    /// T-16.8 (RB L1397): red A, 1313 occupied by a revealed 352nd unit with depth marker, the
    /// arrow to C1 free, US units in the field → it attempts the advance.
    #[test]
    fn t_16_8_advance_example_attempts() {
        let attempt = attempts_advance(true, Advancer::Revealed(GermanDivision::D352), true);
        let f = Facts {
            depth: true,
            advance_arrow: advance_arrow(&[false]).is_some(),
            advance_attempt: attempt,
            ..facts()
        };
        assert_eq!(german_action(A, ReinforcementOccupiedUs, &f), G::Advance);
    }

    /// 23.4, T7 tank column: F, tank and star fire if US units are in the field, else move 4.
    #[test]
    fn t7_tank_column_f_tank_star_23_4() {
        let mut f = Facts {
            us_in_field: true,
            tank_can_move: true,
            ..facts()
        };
        assert_eq!(
            german_action(F, GermanTank, &f),
            G::TankFire { vs_leaders: false }
        );
        assert_eq!(
            german_action(Tank, GermanTank, &f),
            G::TankFire { vs_leaders: false }
        );
        assert_eq!(
            german_action(Star, GermanTank, &f),
            G::TankFire { vs_leaders: true }
        );
        f.us_in_field = false;
        for icon in [F, Tank, Star] {
            assert_eq!(
                german_action(icon, GermanTank, &f),
                G::TankMove { hexes: 4 }
            );
        }
        f.tank_can_move = false;
        assert_eq!(german_action(F, GermanTank, &f), G::Nothing);
    }

    /// 23.4 M, R, P: move (overrun, position) if able; else fire if US units are in the field.
    #[test]
    fn t7_tank_column_m_r_p_23_4() {
        let moving = Facts {
            us_in_field: true,
            tank_can_move: true,
            ..facts()
        };
        assert_eq!(
            german_action(M, GermanTank, &moving),
            G::TankMove { hexes: 4 }
        );
        assert_eq!(german_action(R, GermanTank, &moving), G::TankOverrun);
        assert_eq!(
            german_action(P, GermanTank, &moving),
            G::TankPositionAndFire
        );
        let stuck = Facts {
            tank_can_move: false,
            ..moving
        };
        for icon in [M, R, P] {
            assert_eq!(
                german_action(icon, GermanTank, &stuck),
                G::TankFire { vs_leaders: false }
            );
        }
        let idle = Facts {
            us_in_field: false,
            ..stuck
        };
        for icon in [M, R, P] {
            assert_eq!(german_action(icon, GermanTank, &idle), G::Nothing);
        }
    }

    /// 23.4 A: aimed fire if a US unit is adjacent, else move 4.
    #[test]
    fn t7_tank_column_a_aimed_fire_23_4() {
        let f = Facts {
            us_in_field: true,
            us_adjacent: true,
            tank_can_move: true,
            ..facts()
        };
        assert_eq!(
            german_action(A, GermanTank, &f),
            G::TankFire { vs_leaders: false }
        );
        let far = Facts {
            us_adjacent: false,
            ..f
        };
        assert_eq!(german_action(A, GermanTank, &far), G::TankMove { hexes: 4 });
    }

    /// 23.4: a tank without a depth marker acts only on single squares.
    #[test]
    fn r_23_4_tank_double_square_needs_depth() {
        let f = Facts {
            double_square: true,
            us_in_field: true,
            us_adjacent: true,
            tank_can_move: true,
            ..facts()
        };
        assert_eq!(column(GermanTank, &f), [G::Nothing; 7]);
        let with_depth = Facts { depth: true, ..f };
        assert_eq!(
            german_action(F, GermanTank, &with_depth),
            G::TankFire { vs_leaders: false }
        );
    }

    #[test]
    fn t7_icon_of_card_icon() {
        use crate::data::{ActionLetter, Colour};
        let icon = |tank, star, mark| Icon {
            colour: Colour::Red,
            double: false,
            star,
            tank,
            mark,
        };
        assert_eq!(ActionIcon::of(&icon(true, false, None)), Tank);
        assert_eq!(ActionIcon::of(&icon(false, true, None)), Star);
        assert_eq!(
            ActionIcon::of(&icon(false, false, Some(ActionLetter::R))),
            R
        );
        assert_eq!(
            ActionIcon::of(&icon(false, false, Some(ActionLetter::M))),
            M
        );
        assert_eq!(
            ActionIcon::of(&icon(false, false, Some(ActionLetter::P))),
            P
        );
        assert_eq!(
            ActionIcon::of(&icon(false, false, Some(ActionLetter::A))),
            A
        );
        assert_eq!(
            ActionIcon::of(&icon(false, false, Some(ActionLetter::F))),
            F
        );
        assert_eq!(ActionIcon::of(&icon(false, false, None)), F);
    }
}
