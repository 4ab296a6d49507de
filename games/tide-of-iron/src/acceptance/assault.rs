//! Assault (`TOI-ACT-ASLT`, `TOI-COMBAT-ASSAULT`).

use super::*;
use crate::state::{Assault, Token};
use crate::tables::results::Condition;

/// A US assault squad at 0305, moved (Assault, 3 MP) and ready to assault 0306.
fn assaulting(rolls: &[u16]) -> (ToiGame, UnitId) {
    let mut g = empty_game(rolls);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    act(&mut g, ToiAction::AssaultWith { unit: a });
    assert!(
        matches!(step(&g), Step::Moving(mv) if mv.mp == 9),
        "a squad assaults with 1 MP less"
    );
    (g, a)
}

#[test]
fn t_aslt_03_toi_combat_assault_what_may_assault_and_support() {
    let (mut g, a) = assaulting(&[]);
    let target = hex(&g, "0306");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    assert!(crate::assault::targets(&g, a).contains(&target));
    // A hex with an enemy tank is never assaulted.
    let tank = g
        .data()
        .figures
        .iter()
        .position(|f| f.id == "de-tiger")
        .unwrap() as u8;
    g.units.push(crate::state::Unit {
        nation: Nation::De,
        division: 1,
        at: Location::Hex(target),
        token: Token::Fresh,
        kind: Kind::Vehicle {
            figure: tank,
            damage: Default::default(),
        },
        fort: Default::default(),
        hidden: false,
        spec: None,
    });
    assert!(!crate::assault::targets(&g, a).contains(&target));
    g.units.pop();
    // Supporters: next to the target, up to 2, a fatigued one too; not pinned, no MG.
    let s1 = squad(&mut g, Nation::Us, &["us-regular"; 4], "0406");
    let s2 = squad(&mut g, Nation::Us, &["us-regular"; 4], "0206");
    let s3 = squad(&mut g, Nation::Us, &["us-regular"; 4], "0307");
    let pinned = squad(&mut g, Nation::Us, &["us-regular"; 4], "0407");
    let mg = squad(
        &mut g,
        Nation::Us,
        &["us-mg", "us-regular", "us-regular"],
        "0207",
    );
    set_condition(&mut g, pinned, Condition::Pinned);
    g.units[s1.index()].token = Token::Fatigued;
    act(&mut g, ToiAction::AssaultHex { hex: target });
    let listed = legal(&g);
    for ok in [s1, s2, s3] {
        assert!(listed.contains(&ToiAction::Support { unit: ok }), "{ok:?}");
    }
    for no in [pinned, mg] {
        assert!(!listed.contains(&ToiAction::Support { unit: no }), "{no:?}");
    }
    act(&mut g, ToiAction::Support { unit: s1 });
    act(&mut g, ToiAction::Support { unit: s2 });
    assert!(
        !legal(&g).contains(&ToiAction::Support { unit: s3 }),
        "2 at most"
    );
    let _ = de;
}

#[test]
fn t_aslt_04_toi_combat_assault_equal_hits_fail_and_everyone_is_fatigued() {
    // Attack 4 dice [4, 5, 1, 1] (2 hits at close range) against clear (no cover); the DE 4R
    // defends with 4 dice [6, 4, 1, 1]: 2 hits. Equal: the assault fails, no retreat.
    let (mut g, a) = assaulting(&[4, 5, 1, 1, 6, 4, 1, 1]);
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    let target = hex(&g, "0306");
    act(&mut g, ToiAction::AssaultHex { hex: target });
    // The attacker's 2 losses first, from the active squad.
    assert!(matches!(step(&g), Step::Casualties { unit, hits: 2, .. } if unit == a));
    act(&mut g, ToiAction::Lose { slot: 0 });
    act(&mut g, ToiAction::Lose { slot: 1 });
    // Then the defender's: he picks his figures.
    assert!(matches!(
        step(&g),
        Step::DefenderLosses(Assault { to_remove: 2, .. })
    ));
    assert_eq!(crate::decisions::decider(&g), Nation::De);
    act(&mut g, ToiAction::LoseFrom { unit: de, slot: 0 });
    act(&mut g, ToiAction::LoseFrom { unit: de, slot: 1 });
    assert_eq!(g.unit(de).at, Location::Hex(target), "no retreat");
    assert_eq!(g.unit(a).token, Token::Fatigued);
    assert_eq!(g.unit(a).at, Location::Hex(hex(&g, "0305")));
}

#[test]
fn t_aslt_05_toi_combat_assault_the_defenders_retreat_and_the_attackers_advance() {
    // Attack [6, 6, 6, 1]: 3 hits; the defenders: a pinned 4R (half: 2 dice [1, 1]) and a
    // disrupted 4R (nothing): 0 hits. The disrupted squad is destroyed, the pinned one loses
    // 3 figures... so give it 4 hits' worth: it keeps one figure and retreats, disrupted.
    let (mut g, a) = assaulting(&[6, 6, 6, 1, 1, 1]);
    let pinned = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    let disrupted = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    set_condition(&mut g, pinned, Condition::Pinned);
    set_condition(&mut g, disrupted, Condition::Disrupted);
    let target = hex(&g, "0306");
    act(&mut g, ToiAction::AssaultHex { hex: target });
    // Three hits for the defender to remove: all on the disrupted squad but one.
    act(
        &mut g,
        ToiAction::LoseFrom {
            unit: disrupted,
            slot: 0,
        },
    );
    act(
        &mut g,
        ToiAction::LoseFrom {
            unit: disrupted,
            slot: 1,
        },
    );
    act(
        &mut g,
        ToiAction::LoseFrom {
            unit: pinned,
            slot: 0,
        },
    );
    // The disrupted squad cannot retreat: destroyed. The pinned one retreats.
    assert_eq!(g.unit(disrupted).at, Location::Gone);
    assert!(matches!(step(&g), Step::Retreat(_)));
    let to = hex(&g, "0307");
    act(&mut g, ToiAction::RetreatTo { hex: to });
    assert_eq!(g.unit(pinned).at, Location::Hex(to));
    assert!(matches!(
        g.unit(pinned).kind,
        Kind::Squad {
            condition: Condition::Disrupted,
            ..
        }
    ));
    assert_eq!(g.unit(pinned).token, Token::Fatigued);
    // The attacker advances into the emptied hex.
    act(&mut g, ToiAction::AdvanceInto { unit: a });
    assert_eq!(g.unit(a).at, Location::Hex(target));
    assert_eq!(g.unit(a).token, Token::Fatigued);
}

#[test]
fn t_aslt_05_toi_combat_assault_no_retreat_hex_destroys_the_defenders() {
    let (mut g, _a) = assaulting(&[6, 6, 1, 1, 1, 1, 1, 1]);
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    let target = hex(&g, "0306");
    // Every neighbour of 0306 but the attacker's own is held by US squads.
    let around: Vec<HexId> = g
        .scenario()
        .battlefield
        .hexes
        .neighbours_on_map(target)
        .collect();
    for h in around {
        if g.units_in(h).next().is_none() {
            let label = g.scenario().battlefield.label(h);
            let short = label.trim_start_matches("1A:").to_owned();
            squad(&mut g, Nation::Us, &["us-regular"; 4], &short);
        }
    }
    act(&mut g, ToiAction::AssaultHex { hex: target });
    // The supporters may join; go straight to the roll.
    if matches!(step(&g), Step::AssaultSupport(_)) {
        act(&mut g, ToiAction::Fire);
    }
    act(&mut g, ToiAction::LoseFrom { unit: de, slot: 0 });
    act(&mut g, ToiAction::LoseFrom { unit: de, slot: 1 });
    assert_eq!(g.unit(de).at, Location::Gone, "nowhere to go: destroyed");
}

/// T-ASLT-01 (src L1494-1505): the rulebook's assault example. US 4R "A" at 0304 takes
/// Assault, moves to 0305 and assaults 0306, where DE 4R "D1" (entrenched) and an SdKfz 251
/// "H" stand, with C1 and C2 (fatigued before) supporting from 0406.
#[test]
fn t_aslt_01_toi_combat_assault_the_rulebook_example() {
    // Attack: 8 black dice at close range, 5 hits; 2 red dice for the entrenchment (H's armor
    // counts for nothing), no save. Defence: D1's 4 and H's 2 black dice, 2 hits.
    let mut g = empty_game(&[4, 5, 6, 6, 4, 1, 2, 3, 1, 2, 4, 5, 1, 1, 1, 1]);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    let c1 = squad(&mut g, Nation::Us, &["us-regular"; 4], "0406");
    let c2 = squad(&mut g, Nation::Us, &["us-regular"; 4], "0406");
    for c in [c1, c2] {
        g.units[c.index()].token = Token::Fatigued;
    }
    mark(&mut g, "0306", |m| m.entrenchments = 1);
    let d1 = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    g.units[d1.index()].fort = crate::state::Fort::Entrenchment;
    let h = vehicle(&mut g, Nation::De, "de-halftrack", "0306");
    let target = hex(&g, "0306");
    act(&mut g, ToiAction::AssaultWith { unit: a });
    let next = hex(&g, "0305");
    act(&mut g, ToiAction::MoveTo { hex: next });
    act(&mut g, ToiAction::AssaultHex { hex: target });
    act(&mut g, ToiAction::Support { unit: c1 });
    act(&mut g, ToiAction::Support { unit: c2 });
    assert!(
        !legal(&g).contains(&ToiAction::Support { unit: c2 }),
        "two supporters, no more"
    );
    let log = act(&mut g, ToiAction::Fire);
    // Strength 4 + 2 + 2, two red dice for the entrenchment alone; the defence 4 + the
    // halftrack's 2.
    assert!(log.entries().iter().any(|e| {
        e.rule == crate::assault::ASSAULT
            && e.text
                .contains("attack 8 dice [4, 5, 6, 6, 4, 1, 2, 3] against cover [1, 2]: 5 hit(s)")
            && e.text
                .contains("defence 6 dice [4, 5, 1, 1, 1, 1]: 2 hit(s)")
    }));
    // The attacker's 2 losses, from A.
    assert!(matches!(step(&g), Step::Casualties { unit, hits: 2, .. } if unit == a));
    act(&mut g, ToiAction::Lose { slot: 0 });
    act(&mut g, ToiAction::Lose { slot: 1 });
    // The defender's 5: he may give the halftrack up to the 4 that destroy it.
    assert!(matches!(
        step(&g),
        Step::DefenderLosses(Assault { to_remove: 5, .. })
    ));
    assert_eq!(crate::decisions::decider(&g), Nation::De);
    let offered = legal(&g);
    for hits in 1..=4 {
        assert!(offered.contains(&ToiAction::HitVehicle { unit: h, hits }));
    }
    assert!(!offered.contains(&ToiAction::HitVehicle { unit: h, hits: 5 }));
    act(&mut g, ToiAction::HitVehicle { unit: h, hits: 4 });
    assert_eq!(g.unit(h).at, Location::Gone, "4 hits destroy the SdKfz 251");
    act(&mut g, ToiAction::LoseFrom { unit: d1, slot: 0 });
    assert_eq!(figures_of(&g, d1), 3);
    // 5 > 2: D1 retreats, out of its entrenchment, fatigued.
    assert!(matches!(step(&g), Step::Retreat(_)));
    let to = hex(&g, "0307");
    act(&mut g, ToiAction::RetreatTo { hex: to });
    assert_eq!(g.unit(d1).at, Location::Hex(to));
    assert_eq!(g.unit(d1).fort, crate::state::Fort::None);
    assert_eq!(g.unit(d1).token, Token::Fatigued);
    // A may advance, not into the entrenchment; C1 and C2, fatigued before, may not.
    let advancing = legal(&g);
    assert!(advancing.contains(&ToiAction::AdvanceInto { unit: a }));
    for c in [c1, c2] {
        assert!(!advancing.contains(&ToiAction::AdvanceInto { unit: c }));
    }
    act(&mut g, ToiAction::AdvanceInto { unit: a });
    assert_eq!(g.unit(a).at, Location::Hex(target));
    assert_eq!(g.unit(a).fort, crate::state::Fort::None);
    for u in [a, c1, c2] {
        assert_eq!(g.unit(u).token, Token::Fatigued);
    }
}

/// AMB-36: the defenders retreat together; one whose kind may not enter the chosen hex's
/// terrain (a halftrack into a building) is destroyed there, the squad goes in.
#[test]
fn toi_combat_assault_a_vehicle_retreating_into_a_building_is_destroyed() {
    // Attack [6, 6, 6, 6]: 4 hits on the crossroads (no cover); the defence [1 x 6]: none.
    let mut g = empty_game(&[6, 6, 6, 6, 1, 1, 1, 1, 1, 1]);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0606");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0605");
    let h = vehicle(&mut g, Nation::De, "de-halftrack", "0605");
    act(&mut g, ToiAction::AssaultWith { unit: a });
    let target = hex(&g, "0605");
    act(&mut g, ToiAction::AssaultHex { hex: target });
    if matches!(step(&g), Step::AssaultSupport(_)) {
        act(&mut g, ToiAction::Fire);
    }
    act(&mut g, ToiAction::HitVehicle { unit: h, hits: 1 });
    for slot in 0..3 {
        act(&mut g, ToiAction::LoseFrom { unit: de, slot });
    }
    assert!(matches!(step(&g), Step::Retreat(_)));
    let building = hex(&g, "0604");
    act(&mut g, ToiAction::RetreatTo { hex: building });
    assert_eq!(g.unit(h).at, Location::Gone, "no vehicle enters a building");
    assert_eq!(g.unit(de).at, Location::Hex(building));
}
