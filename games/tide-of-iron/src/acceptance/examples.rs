//! The rulebook's worked examples and the cases around them: movement over hills
//! (`TOI-MOVE-EX`), naming a target (`TOI-COMBAT`), the attack type's default
//! (`TOI-COMBAT-SEQ`), combined Op Fire on a tank (`TOI-COMBAT-COMBINED`), the component limits
//! (`TOI-LIMITS`), and the chapters that only frame the rest (`TOI-ROUND`, `TOI-AREA`,
//! `TOI-DIV`, `TOI-COMP`...).
//!
//! The spec's cases are written on axial coordinates of a clear, level map; here they are laid
//! on board 1A's open fields west of the hamlet, the spec's straight lines down column 02, and
//! its hills raised with [`relief`].

use super::*;
use crate::action::ToiEvent;
use crate::state::{Fort, Token};
use crate::tables::dice::RangeBand;
use crate::tables::results::Damage;

/// Raise or lower the hexes `levels` of the battlefield (for movement and sight alike).
fn relief(g: &mut ToiGame, levels: &[(&str, i8)]) {
    let mut data = (*g.data).clone();
    let scenario = usize::from(g.scenario);
    for &(label, level) in levels {
        let h = hex(g, label);
        data.scenarios[scenario].battlefield.set_level(h, level);
    }
    g.data = Arc::new(data);
}

/// The attacks in `log`: (black dice, red dice, net hits).
fn attacks(log: &ToiLog) -> Vec<(Vec<u8>, Vec<u8>, u8)> {
    log.entries()
        .iter()
        .filter_map(|e| match &e.event {
            ToiEvent::Attack {
                black, red, hits, ..
            } => Some((black.clone(), red.clone(), *hits)),
            _ => None,
        })
        .collect()
}

/// The moving unit enters the hex `label`.
fn move_to(g: &mut ToiGame, label: &str) -> ToiLog {
    let h = hex(g, label);
    act(g, ToiAction::MoveTo { hex: h })
}

/// Answer `action` whether listed or not; the refusal, if any.
fn try_act(g: &mut ToiGame, action: ToiAction) -> Result<(), overlord_engine::Refusal> {
    let mut log = ToiLog::new();
    crate::decisions::answer(g, action, &mut log)
}

/// T-MOVE-01, `TOI-MOVE-EX` example A (src L959-963): down a hill into an entrenchment with Fire
/// and Movement, then fire at close range.
#[test]
fn t_move_01_toi_move_ex_fire_and_movement_downhill_into_an_entrenchment() {
    // Black [4, 1]: at close range the 4 hits.
    let mut g = empty_game(&[4, 1]);
    // (0,0) level 2 -> 0202, (1,0) level 1 -> 0203, (2,0) level 0 with an empty entrenchment ->
    // 0204, the German at (3,0) -> 0205.
    relief(&mut g, &[("0202", 2), ("0203", 1)]);
    mark(&mut g, "0204", |m| m.entrenchments = 1);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0202");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0205");
    act(&mut g, ToiAction::FireAndMovement { unit: us });
    assert!(
        matches!(step(&g), Step::Moving(mv) if mv.mp == 3 * 3),
        "4 - 1 = 3 MP"
    );
    // Downhill: 1 MP each, not the climb's 2.
    move_to(&mut g, "0203");
    assert!(matches!(step(&g), Step::Moving(mv) if mv.mp == 2 * 3));
    move_to(&mut g, "0204");
    assert!(matches!(step(&g), Step::Moving(mv) if mv.mp == 3));
    act(&mut g, ToiAction::EnterFort { pillbox: false });
    assert!(
        matches!(step(&g), Step::Moving(mv) if mv.mp == 0),
        "0 MP left"
    );
    assert_eq!(g.unit(us).fort, Fort::Entrenchment);
    // No more moving, but the attack is still due.
    assert!(
        !legal(&g)
            .iter()
            .any(|a| matches!(a, ToiAction::MoveTo { .. }))
    );
    let log = act(
        &mut g,
        ToiAction::MovingFire {
            target: de,
            suppressive: false,
        },
    );
    // 2 black dice (half of 4), close range (4-6): [4, 1] is 1 hit; the German in the open
    // rolls no red die.
    assert_eq!(attacks(&log), vec![(vec![4, 1], vec![], 1)]);
    assert_eq!(
        crate::fire::band(&g, us, de, true),
        Some(RangeBand::Close),
        "adjacent"
    );
    act(&mut g, ToiAction::Lose { slot: 0 });
    assert_eq!(figures_of(&g, de), 3);
    assert_eq!(g.unit(us).token, Token::Fatigued);
    assert_eq!(g.unit(us).at, Location::Hex(hex(&g, "0204")));
    assert_eq!(
        g.unit(us).fort,
        Fort::Entrenchment,
        "it occupies the entrenchment"
    );
}

/// T-MOVE-02, `TOI-MOVE-EX` example B (src L964-967): a cliff is impassable; climbing one level
/// costs 2, staying on it 1, coming down 1.
#[test]
fn t_move_02_toi_move_ex_round_the_cliff_up_and_down_the_slope() {
    let mut g = empty_game(&[]);
    // (0,0) level 0 -> 0202; (1,0) level 2 -> 0303; (0,1), (0,2) level 1 -> 0203, 0204;
    // (0,3) level 0 -> 0205.
    relief(&mut g, &[("0303", 2), ("0203", 1), ("0204", 1)]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0202");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    act(&mut g, ToiAction::Advance { unit: us });
    let cliff = hex(&g, "0303");
    assert!(!legal(&g).contains(&ToiAction::MoveTo { hex: cliff }));
    let refused = try_act(&mut g, ToiAction::MoveTo { hex: cliff }).unwrap_err();
    assert!(refused.reason.contains("cliff"), "{}", refused.reason);
    assert_eq!(g.unit(us).at, Location::Hex(hex(&g, "0202")));
    // Climbing: 2; the same level: 1; down into clear: 1. 4 in all.
    for (label, left) in [("0203", 2), ("0204", 1), ("0205", 0)] {
        move_to(&mut g, label);
        if left > 0 {
            assert!(
                matches!(step(&g), Step::Moving(mv) if mv.mp == left * 3),
                "{label}: {left} MP left"
            );
        }
    }
    // Its 4 MP spent: the move is over, and it is fatigued.
    assert_eq!(g.unit(us).at, Location::Hex(hex(&g, "0205")));
    assert_eq!(g.unit(us).token, Token::Fatigued);
    assert!(!matches!(step(&g), Step::Moving(_)));
}

/// T-COMBAT-01 (`TOI-COMBAT`): a normal attack names one unit of a mixed hex; an area attack
/// names the hex alone.
#[test]
fn t_combat_01_toi_combat_one_target_unit_and_none_for_an_area_attack() {
    let mut g = empty_game(&[]);
    let s1 = squad(&mut g, Nation::Us, &["us-regular"; 4], "0205");
    let s2 = squad(&mut g, Nation::Us, &["us-regular"; 4], "0205");
    let ht = vehicle(&mut g, Nation::Us, "us-halftrack", "0205");
    let tank = vehicle(&mut g, Nation::De, "de-panzer-iv", "0202");
    let mortar = squad(
        &mut g,
        Nation::De,
        &["de-mortar", "de-regular", "de-regular"],
        "0208",
    );
    german_turn(&mut g);
    let listed = legal(&g);
    let fired_at: Vec<UnitId> = listed
        .iter()
        .filter_map(|a| match *a {
            ToiAction::ConcentratedFire { unit, target } if unit == tank => Some(target),
            _ => None,
        })
        .collect();
    // One Concentrated Fire per unit of the hex: the target is a unit, never the hex.
    assert_eq!(fired_at, vec![s1, s2, ht]);
    // The command must name it: without a target it is no command at all.
    let no_target = serde_json::json!({"concentrated_fire": {"unit": tank.0}});
    assert!(serde_json::from_value::<ToiAction>(no_target).is_err());
    // The area attack names the hex, and no unit in it.
    let target_hex = hex(&g, "0205");
    let area: Vec<&ToiAction> = listed
        .iter()
        .filter(|a| matches!(a, ToiAction::AreaFire { unit, .. } if *unit == mortar))
        .collect();
    assert_eq!(
        area,
        vec![
            &ToiAction::AreaFire {
                unit: mortar,
                hex: target_hex,
                suppressive: true
            },
            &ToiAction::AreaFire {
                unit: mortar,
                hex: target_hex,
                suppressive: false
            },
        ]
    );
}

/// T-SEQ-06 (`TOI-COMBAT-SEQ` step 3): an attack sent without its type is a normal attack.
#[test]
fn t_seq_06_toi_combat_seq_an_attack_without_a_type_is_normal() {
    // Close range, 4 dice [5, 6, 1, 1]: 2 hits, no cover.
    let mut g = empty_game(&[5, 6, 1, 1]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0305");
    // Fire and Movement's attack and Op Fire carry the type as a field, which may be left out.
    let moving: ToiAction =
        serde_json::from_value(serde_json::json!({"moving_fire": {"target": de.0}})).unwrap();
    assert_eq!(
        moving,
        ToiAction::MovingFire {
            target: de,
            suppressive: false
        }
    );
    let op: ToiAction =
        serde_json::from_value(serde_json::json!({"op_fire": {"lead": us.0}})).unwrap();
    assert_eq!(
        op,
        ToiAction::OpFire {
            lead: us,
            suppressive: false,
            mg_only: false
        }
    );
    let area: ToiAction = serde_json::from_value(
        serde_json::json!({"area_fire": {"unit": us.0, "hex": hex(&g, "0308")}}),
    )
    .unwrap();
    assert!(matches!(
        area,
        ToiAction::AreaFire {
            suppressive: false,
            ..
        }
    ));
    // Concentrated Fire names no type: it is the normal attack (the suppressive one is its own
    // command). Played, it takes figures (normal) and pins nobody (suppressive).
    let conc: ToiAction = serde_json::from_value(
        serde_json::json!({"concentrated_fire": {"unit": us.0, "target": de.0}}),
    )
    .unwrap();
    act(&mut g, conc);
    assert_eq!(
        step(&g),
        Step::Casualties {
            unit: de,
            hits: 2,
            then: crate::state::Then::End(us)
        }
    );
    assert!(matches!(
        g.unit(de).kind,
        Kind::Squad {
            condition: Condition::Normal,
            ..
        }
    ));
}

/// T-COMB-02 and T-COMB-03's battlefield: the Panzer IV Fire-and-Moving from 0205 into 0204
/// ((2,0)), US U1 in Op Fire at 0203 ((2,-1), level 1) and U2 in Op Fire at `u2` ((3,-1) is
/// 0304, (4,-2) 0403: board 1A's even columns sit half a hex lower than the odd ones).
fn panzer_under_op_fire(rolls: &[u16], u2: &str, levels: &[(&str, i8)]) -> (ToiGame, [UnitId; 3]) {
    let mut g = empty_game(rolls);
    relief(&mut g, levels);
    let u1 = squad(&mut g, Nation::Us, &["us-regular"; 4], "0203");
    let u2 = squad(&mut g, Nation::Us, &["us-regular"; 4], u2);
    for u in [u1, u2] {
        g.units[u.index()].token = Token::OpFire;
    }
    let panzer = vehicle(&mut g, Nation::De, "de-panzer-iv", "0205");
    german_turn(&mut g);
    act(&mut g, ToiAction::FireAndMovement { unit: panzer });
    move_to(&mut g, "0204");
    assert_eq!(crate::decisions::decider(&g), Nation::Us, "Op Fire");
    act(
        &mut g,
        ToiAction::OpFire {
            lead: u1,
            suppressive: false,
            mg_only: false,
        },
    );
    act(&mut g, ToiAction::Support { unit: u2 });
    (g, [u1, u2, panzer])
}

/// T-COMB-02 (`TOI-COMBAT-COMBINED` example A, src L1407-1417): two squads in Op Fire next to the
/// tank combine at close range; heavy damage stops it.
#[test]
fn t_comb_02_toi_combat_combined_op_fire_heavily_damages_a_panzer_iv() {
    // 6 black [4, 5, 6, 6, 1, 2]: 4 successes at close range; the Panzer IV's armor 4 in clear:
    // 4 red [5, 1, 2, 3]: 1. Net 3.
    let rolls = [4, 5, 6, 6, 1, 2, 5, 1, 2, 3];
    let (mut g, [u1, u2, panzer]) =
        panzer_under_op_fire(&rolls, "0304", &[("0203", 1), ("0304", 1)]);
    assert_eq!(
        crate::fire::band(&g, u2, panzer, false),
        Some(RangeBand::Close)
    );
    let log = act(&mut g, ToiAction::Fire);
    assert_eq!(
        attacks(&log),
        vec![(vec![4, 5, 6, 6, 1, 2], vec![5, 1, 2, 3], 3)],
        "4 + 2 = 6 black dice, close range"
    );
    assert!(matches!(
        g.unit(panzer).kind,
        Kind::Vehicle {
            damage: Damage::Heavy,
            ..
        }
    ));
    // Stopped where it was hit, fatigued, its attack lost.
    assert_eq!(g.unit(panzer).at, Location::Hex(hex(&g, "0204")));
    assert_eq!(g.unit(panzer).token, Token::Fatigued);
    assert!(!matches!(step(&g), Step::Moving(mv) if mv.unit == panzer));
    assert!(
        !legal(&g)
            .iter()
            .any(|a| matches!(a, ToiAction::MovingFire { .. }))
    );
    assert_eq!(g.unit(u1).token, Token::Fatigued);
    assert_eq!(g.unit(u2).token, Token::Fatigued);
}

/// T-COMB-03 (AMB-17): U2 two hexes off on a level-1 hex over a level-0 one: its range against
/// vehicles, 1 + 1 for the height, reaches the tank at normal range, and the whole attack hits on
/// 5-6 only.
#[test]
fn t_comb_03_toi_combat_combined_the_worst_band_a_higher_supporter_at_normal_range() {
    // The same dice: [4, 5, 6, 6, 1, 2] is 3 successes at normal range; red [5, 1, 2, 3] 1: net
    // 2, light damage (at close range it would have been 3: heavy).
    let rolls = [4, 5, 6, 6, 1, 2, 5, 1, 2, 3];
    // (4,-2) -> 0403, a level-1 hex of board 1A; (3,-1) -> 0304, level 0.
    let (mut g, [u1, u2, panzer]) = panzer_under_op_fire(&rolls, "0403", &[("0203", 1)]);
    let field = &g.scenario().battlefield;
    assert_eq!(field.level(hex(&g, "0403")), 1);
    assert_eq!(field.level(hex(&g, "0304")), 0);
    assert_eq!(field.hexes.distance(hex(&g, "0403"), hex(&g, "0204")), 2);
    assert_eq!(
        crate::fire::band(&g, u2, panzer, false),
        Some(RangeBand::Normal)
    );
    assert_eq!(
        crate::fire::band(&g, u1, panzer, false),
        Some(RangeBand::Close)
    );
    let log = act(&mut g, ToiAction::Fire);
    assert_eq!(
        attacks(&log),
        vec![(vec![4, 5, 6, 6, 1, 2], vec![5, 1, 2, 3], 2)],
        "the least favourable band of the two: normal, 5-6"
    );
    assert!(matches!(
        g.unit(panzer).kind,
        Kind::Vehicle {
            damage: Damage::Light,
            ..
        }
    ));
    assert_eq!(g.unit(u1).token, Token::Fatigued);
    assert_eq!(g.unit(u2).token, Token::Fatigued);
    // On level ground, U2 would reach the tank only at long range.
    let mut flat = g.clone();
    relief(&mut flat, &[("0403", 0)]);
    assert_eq!(
        crate::fire::band(&flat, u2, panzer, false),
        Some(RangeBand::Long)
    );
}

/// A copy of the shipped data with `extra` appended to Le Hameau's scenario file, loaded: the
/// problems' messages if it fails.
fn load_le_hameau_with(extra: &str, tag: &str) -> Result<(), Vec<String>> {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            if path.is_dir() {
                copy(&path, &to.join(entry.file_name()));
            } else {
                std::fs::copy(&path, to.join(entry.file_name())).unwrap();
            }
        }
    }
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/tide-of-iron");
    let dir = std::env::temp_dir().join(format!("toi-limits-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy(&shipped, &dir);
    let file = dir.join("scenarios/le-hameau.toml");
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str(extra);
    std::fs::write(&file, text).unwrap();
    let loaded = <ToiData as Components>::load(&dir)
        .map(|_| ())
        .map_err(|problems| problems.0.iter().map(|p| p.message.clone()).collect());
    let _ = std::fs::remove_dir_all(&dir);
    loaded
}

/// `[[marker]]` entries of `kind` on each of `labels` of board 1A.
fn markers_toml(kind: &str, labels: &[&str]) -> String {
    labels
        .iter()
        .map(|l| format!("\n[[marker]]\nkind = \"{kind}\"\nhex = \"1A:{l}\"\n"))
        .collect()
}

/// T-LIMIT-01 (`TOI-LIMITS`): the markers the box holds run out; command and control do not.
#[test]
fn t_limit_01_toi_limits_markers_run_out_command_and_control_never() {
    let mut g = empty_game(&[]);
    // A 5th hidden-squad marker: two US squads hidden already, "Go to Ground" hides two more;
    // a second one finds no marker left.
    for label in ["0802", "0803"] {
        let s = squad(&mut g, Nation::Us, &["us-regular"; 4], label);
        g.units[s.index()].hidden = true;
    }
    let pair = [
        squad(&mut g, Nation::Us, &["us-regular"; 4], "0202"),
        squad(&mut g, Nation::Us, &["us-regular"; 4], "0202"),
    ];
    let others = [
        squad(&mut g, Nation::Us, &["us-regular"; 4], "0205"),
        squad(&mut g, Nation::Us, &["us-regular"; 4], "0205"),
    ];
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    let go_to_ground = g
        .data()
        .cards
        .cards
        .iter()
        .position(|c| c.id == "go-to-ground")
        .unwrap() as u16;
    g.hands[Nation::Us.index()].hq = vec![go_to_ground];
    g.sides[Nation::Us.index()].command = 5;
    act(&mut g, ToiAction::PlayCard { card: go_to_ground });
    for s in pair {
        act(&mut g, ToiAction::CardUnit { unit: s });
    }
    // A second copy of the card, to try again.
    assert!(g.hand(Nation::Us).hq.is_empty());
    g.hands[Nation::Us.index()].hq = vec![go_to_ground];
    let hidden = |g: &ToiGame| {
        g.unit_ids()
            .filter(|&u| g.unit(u).nation == Nation::Us && g.unit(u).hidden)
            .count()
    };
    assert_eq!(hidden(&g), 4);
    g.step = Step::Action { nation: Nation::Us };
    assert!(
        !legal(&g).contains(&ToiAction::PlayCard { card: go_to_ground }),
        "no 5th and 6th marker for {others:?}"
    );
    // With one marker back (a hidden squad revealed), still none for a pair.
    g.units[pair[0].index()].hidden = false;
    assert!(!legal(&g).contains(&ToiAction::PlayCard { card: go_to_ground }));
    g.units[pair[1].index()].hidden = false;
    assert!(legal(&g).contains(&ToiAction::PlayCard { card: go_to_ground }));

    // A 9th loaded transport: 6 halftracks and 2 trucks carry a squad each; a squad may board
    // the truck with room left, not the empty 9th vehicle.
    let mut g = empty_game(&[]);
    let mut loaded = Vec::new();
    for (i, label) in [
        "0201", "0301", "0401", "0501", "0701", "0801", "0901", "1001",
    ]
    .into_iter()
    .enumerate()
    {
        let id = if i < 6 { "us-halftrack" } else { "us-truck" };
        let v = vehicle(&mut g, Nation::Us, id, label);
        let s = squad(&mut g, Nation::Us, &["us-regular"; 4], label);
        g.units[s.index()].at = Location::Aboard(v);
        loaded.push((v, s));
    }
    let (truck, _) = loaded[7];
    g.units[truck.index()].at = Location::Hex(hex(&g, "0305"));
    let ninth = vehicle(&mut g, Nation::Us, "us-truck", "0305");
    let walker = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    act(&mut g, ToiAction::Advance { unit: walker });
    assert!(legal(&g).contains(&ToiAction::Board { vehicle: truck }));
    assert!(!legal(&g).contains(&ToiAction::Board { vehicle: ninth }));
    let refused = try_act(&mut g.clone(), ToiAction::Board { vehicle: ninth }).unwrap_err();
    assert_eq!(refused.rule, Some(overlord_engine::RuleId("TOI-LIMITS")));
    // A marker freed (a halftrack's squad gone), the 9th vehicle may load.
    let (_, gone) = loaded[0];
    g.units[gone.index()].at = Location::Gone;
    assert!(legal(&g).contains(&ToiAction::Board { vehicle: ninth }));

    // A 13th entrenchment or pillbox: 12 markers on the map leave the engineers nothing to dig
    // in with.
    let mut g = empty_game(&[]);
    for label in ["0202", "0203", "0204", "0205"] {
        mark(&mut g, label, |m| {
            m.entrenchments = 2;
            m.pillboxes = 1;
        });
    }
    let engineers = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    g.units[engineers.index()].spec = Some(crate::data::Specialization::Engineer);
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    let dig = ToiAction::Entrench {
        unit: engineers,
        occupy: true,
    };
    assert!(!legal(&g).contains(&dig));
    let refused = try_act(&mut g.clone(), dig).unwrap_err();
    assert_eq!(refused.rule, Some(overlord_engine::RuleId("TOI-LIMITS")));
    mark(&mut g, "0205", |m| m.pillboxes = 0);
    assert!(legal(&g).contains(&dig), "11 on the map: one left");
    act(&mut g, dig);
    assert_eq!(g.markers(hex(&g, "0305")).entrenchments, 1);

    // A 7th smoke marker (and a 13th fortification) cannot be placed by a scenario.
    let six = ["0202", "0203", "0204", "0205", "0206", "0302"];
    assert_eq!(
        load_le_hameau_with(&markers_toml("smoke", &six), "smoke-6"),
        Ok(())
    );
    let seven = markers_toml("smoke", &[&six[..], &["0303"]].concat());
    let problems = load_le_hameau_with(&seven, "smoke-7").unwrap_err();
    assert!(
        problems.iter().any(|p| p.contains("TOI-LIMITS")),
        "{problems:?}"
    );
    // Le Hameau has 3 fortifications: 9 more make 12, 10 more 13.
    let nine = markers_toml(
        "entrenchment",
        &[
            "0202", "0202", "0202", "0203", "0203", "0203", "0204", "0204", "0204",
        ],
    );
    assert_eq!(load_le_hameau_with(&nine, "forts-12"), Ok(()));
    let ten = format!("{nine}{}", markers_toml("pillbox", &["0205"]));
    let problems = load_le_hameau_with(&ten, "forts-13").unwrap_err();
    assert!(
        problems.iter().any(|p| p.contains("TOI-LIMITS")),
        "{problems:?}"
    );

    // Command tokens and control markers never run out: 9 objectives (more than a nation's 8
    // control markers) all held, and command far past the 51 tokens' worth.
    let mut g = empty_game(&[]);
    let mut data = (*g.data).clone();
    let scenario = usize::from(g.scenario);
    let labels = [
        "0202", "0203", "0204", "0205", "0206", "0302", "0303", "0304", "0305",
    ];
    data.scenarios[scenario].objectives = labels
        .iter()
        .map(|l| crate::data::Objective {
            kind: crate::data::ObjectiveKind::Command,
            hex: hex(&g, l),
            nation: None,
            value: 5,
            controlled_by: None,
        })
        .collect();
    g.data = Arc::new(data);
    g.control = vec![None; labels.len()];
    for l in labels {
        squad(&mut g, Nation::Us, &["us-regular"; 4], l);
    }
    g.sides[Nation::Us.index()].command = 300;
    crate::command::begin(&mut g, &mut ToiLog::new());
    assert!((0..labels.len()).all(|i| g.controller(i) == Some(Nation::Us)));
    assert_eq!(g.side(Nation::Us).command, 300 + 9 * 5);
}

/// `TOI-COMBAT-DICE`: an attack needing more dice than the box's 14 black and 6 red rolls them
/// all at once.
#[test]
fn toi_combat_dice_more_dice_than_the_box_holds_are_all_rolled() {
    // 4 elite (8) + two 4-elite supporters (4 + 4): 16 black dice; a pillbox (6) in woods (2):
    // 8 red.
    let mut g = empty_game(&[1; 24]);
    mark(&mut g, "0903", |m| m.pillboxes = 1);
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0903");
    g.units[de.index()].fort = Fort::Pillbox;
    let lead = squad(&mut g, Nation::Us, &["us-elite"; 4], "0906");
    let s1 = squad(&mut g, Nation::Us, &["us-elite"; 4], "0905");
    let s2 = squad(&mut g, Nation::Us, &["us-elite"; 4], "0907");
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: lead,
            target: de,
        },
    );
    act(&mut g, ToiAction::Support { unit: s1 });
    act(&mut g, ToiAction::Support { unit: s2 });
    let log = act(&mut g, ToiAction::Fire);
    let rolled: Vec<(usize, usize)> = attacks(&log)
        .into_iter()
        .map(|(black, red, _)| (black.len(), red.len()))
        .collect();
    assert_eq!(rolled, vec![(16, 8)], "one attack, every die");
}

/// `TOI-COMBAT-ELIG`: a unit attacks only what it sees and reaches.
#[test]
fn toi_combat_elig_line_of_sight_and_range() {
    let mut g = empty_game(&[]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0804");
    // In sight at 4 (normal), in sight at 9 or more (out of range: 4, long 8), behind the
    // orchard's woods at 3.
    let near = squad(&mut g, Nation::De, &["de-regular"; 4], "0808");
    let far = squad(&mut g, Nation::De, &["de-regular"; 4], "0209");
    let behind = squad(&mut g, Nation::De, &["de-regular"; 4], "0801");
    let edge = squad(&mut g, Nation::Us, &["us-regular"; 4], "1101");
    let field = &g.scenario().battlefield;
    assert!(field.hexes.distance(hex(&g, "1101"), hex(&g, "0209")) > 8);
    assert_eq!(field.hexes.distance(hex(&g, "0804"), hex(&g, "0801")), 3);
    let sees = crate::fire::targets(&g, us, false);
    assert!(sees.contains(&near) && !sees.contains(&behind));
    assert!(!crate::fire::targets(&g, edge, false).contains(&far));
    for (unit, target) in [(edge, far), (us, behind)] {
        let refused =
            try_act(&mut g.clone(), ToiAction::ConcentratedFire { unit, target }).unwrap_err();
        assert!(
            refused.reason.contains("out of sight or out of range"),
            "{target:?}: {}",
            refused.reason
        );
    }
}

/// `TOI-ROUND`: a round is the Action Phase, the Command Phase and the Status Phase, in this
/// order, then the next round.
#[test]
fn toi_round_action_command_status_then_the_next_round() {
    let mut g = empty_game(&[]);
    let _us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    let mut log = ToiLog::new();
    crate::turn::begin_round(&mut g, 1, &mut log);
    let mut seen: Vec<String> = Vec::new();
    let note = |log: &ToiLog, seen: &mut Vec<String>| {
        for e in log.entries() {
            match &e.event {
                ToiEvent::Round { round } => seen.push(format!("round {round}")),
                ToiEvent::Phase { name } => seen.push((*name).to_owned()),
                _ => {}
            }
        }
    };
    note(&log, &mut seen);
    let mut phases_in_round_1 = Vec::new();
    for _ in 0..60 {
        if g.round() == 2 {
            break;
        }
        if let Step::Action { .. } = step(&g) {
            phases_in_round_1.push("action");
        }
        if let Step::Command { .. } = step(&g) {
            phases_in_round_1.push("command");
        }
        let listed = legal(&g);
        let choice = [ToiAction::EndActionPhase, ToiAction::Done]
            .into_iter()
            .find(|a| listed.contains(a))
            .unwrap_or(listed[0]);
        let l = act(&mut g, choice);
        note(&l, &mut seen);
    }
    assert_eq!(
        seen,
        vec!["round 1", "Command Phase", "Status Phase", "round 2"]
    );
    assert_eq!(phases_in_round_1.first(), Some(&"action"));
    assert_eq!(
        step(&g),
        Step::Action {
            nation: g.initiative()
        }
    );
}

/// `TOI-AREA`: the play area as every seat sees it: the round track, each side's decks (their
/// sizes), its available cards, its play area, its initiative card and available command, the
/// initiative token, the tokens by each unit.
#[test]
fn toi_area_the_table_shows_every_side_s_area() {
    let mut g = empty_game(&[]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    g.units[us.index()].token = Token::Fatigued;
    let card = |g: &ToiGame, id: &str| {
        g.data()
            .cards
            .cards
            .iter()
            .position(|c| c.id == id)
            .unwrap() as u16
    };
    let (ground, priority) = (card(&g, "go-to-ground"), card(&g, "increased-priority"));
    g.hands[Nation::Us.index()].hq = vec![ground];
    g.hands[Nation::Us.index()].play_area = vec![(priority, None)];
    g.sides[Nation::Us.index()].command = 3;
    g.sides[Nation::Us.index()].initiative_card = 2;
    let view = crate::view::view(&g, overlord_engine::Viewer::Spectator);
    assert_eq!((view.round, view.rounds), (1, g.scenario().rounds));
    assert_eq!(view.initiative, Nation::Us);
    assert_eq!((view.command[0], view.initiative_cards[0]), (3, 2));
    let us_cards = &view.cards[Nation::Us.index()];
    assert_eq!(us_cards.hq, vec!["Go to Ground".to_owned()]);
    assert_eq!(us_cards.play_area.len(), 1);
    assert_eq!(
        us_cards.decks.len(),
        g.scenario().cards[Nation::Us.index()].decks.len()
    );
    let shown = view.units.iter().find(|u| u.id == us.0).unwrap();
    assert_eq!(shown.unit.token, Token::Fatigued);
    assert_eq!(shown.hex.as_deref(), Some("1A:0302"));
}

/// `TOI-ACT-SPECIAL`: the specialists' own actions are offered to them alone, each one action.
#[test]
fn toi_act_special_an_engineer_digs_in_as_its_action() {
    let mut g = empty_game(&[]);
    let engineers = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    g.units[engineers.index()].spec = Some(crate::data::Specialization::Engineer);
    let plain = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let medic = squad(&mut g, Nation::Us, &["us-regular"; 4], "0205");
    g.units[medic.index()].spec = Some(crate::data::Specialization::Medic);
    let hurt = squad(&mut g, Nation::Us, &["us-regular"; 2], "0205");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    let listed = legal(&g);
    assert!(listed.contains(&ToiAction::Entrench {
        unit: engineers,
        occupy: false
    }));
    assert!(!listed.iter().any(
        |a| matches!(a, ToiAction::Entrench { unit, .. } | ToiAction::Heal { unit, .. } if *unit == plain)
    ));
    assert!(listed.contains(&ToiAction::Heal {
        unit: medic,
        target: hurt
    }));
    let before = g.side(Nation::Us).actions_left;
    act(
        &mut g,
        ToiAction::Entrench {
            unit: engineers,
            occupy: false,
        },
    );
    assert_eq!(g.side(Nation::Us).actions_left, before - 1);
    assert_eq!(g.unit(engineers).token, Token::Fatigued);
    assert_eq!(g.markers(hex(&g, "0305")).entrenchments, 1);
}

/// `TOI-DIV`: every unit keeps its division, which does not matter with two players: one player
/// moves both in one turn.
#[test]
fn toi_div_two_divisions_one_player() {
    let mut g = empty_game(&[]);
    // The scenario's units keep the divisions of its file.
    let divisions: Vec<u8> = g
        .units
        .iter()
        .filter(|u| u.nation == Nation::Us)
        .map(|u| u.division)
        .collect();
    assert!(divisions.contains(&1) && divisions.contains(&2));
    let first = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let second = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    g.units[second.index()].division = 2;
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    let seat = crate::decisions::seat(&g);
    act(&mut g, ToiAction::Fatigue { unit: second });
    assert_eq!(step(&g), Step::Action { nation: Nation::Us });
    assert_eq!(crate::decisions::seat(&g), seat, "the same player");
    act(&mut g, ToiAction::Fatigue { unit: first });
    assert_eq!(g.unit(second).division, 2);
    assert_eq!(g.unit(first).token, Token::Fatigued);
}

/// `TOI-COMP`: the box's figures, each nation's kinds, and the limited markers' counts.
#[test]
fn toi_comp_the_figures_and_markers_of_the_box() {
    let g = empty_game(&[]);
    use crate::data::FigureClass::*;
    let kinds = [
        (
            "us",
            [Regular, Elite, Officer, MortarCrew, MgCrew].as_slice(),
            3,
        ),
        (
            "de",
            [Regular, Elite, Officer, MortarCrew, MgCrew].as_slice(),
            4,
        ),
    ];
    for (nation, infantry, vehicles) in kinds {
        let ours: Vec<_> = g
            .data()
            .figures
            .iter()
            .filter(|f| f.id.starts_with(nation))
            .collect();
        for class in infantry {
            assert!(ours.iter().any(|f| f.class == *class), "{nation} {class:?}");
        }
        // US: Sherman, halftrack, truck; DE: Panzer IV, Tiger I, SdKfz 251, Opel Blitz.
        let vehicle_kinds = ours.iter().filter(|f| f.armor.is_some()).count();
        assert_eq!(vehicle_kinds, vehicles, "{nation}");
    }
    use crate::data::limits::*;
    // 12 entrenchment/pillbox + 14 tank-trap/wire + 6 smoke + 6 minefield = 38 markers.
    assert_eq!(
        FORTIFICATION_MARKERS + WIRE_AND_TRAP_MARKERS + SMOKE_MARKERS + MINEFIELD_MARKERS,
        38
    );
    assert_eq!(2 * HIDDEN_MARKERS, 8);
    assert_eq!(2 * TRANSPORT_MARKERS, 16);
    assert_eq!(4 * SPECIALIZATION_TOKENS, 24);
}

/// `TOI-ACT-EX` (src L668-686, T-ACT-01..05 played in one round): with 3 actions a turn, the US
/// advances A, fires with B, puts C in Op Fire, and the German's turn begins; his E, moving into
/// C's sight, is pinned by its suppressive Op Fire and stops, fatigued.
#[test]
fn toi_act_ex_a_turn_of_three_actions_then_the_enemy_s() {
    // B's normal fire [5, 5, 1, 2] at normal range: 2 hits; C's suppressive Op Fire [5, 2, 3, 1]:
    // 1 hit, pinned.
    let mut g = empty_game(&[5, 5, 1, 2, 5, 2, 3, 1]);
    let mut data = (*g.data).clone();
    data.scenarios[usize::from(g.scenario)].actions = 3;
    g.data = Arc::new(data);
    g.sides[Nation::Us.index()].actions_left = 3;
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0202");
    let b = squad(&mut g, Nation::Us, &["us-regular"; 4], "0909");
    let c = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let d = squad(&mut g, Nation::De, &["de-regular"; 4], "0906");
    let e = squad(&mut g, Nation::De, &["de-regular"; 4], "0309");
    // A fourth US squad, still fresh after the turn: the US Action Phase goes on.
    let _w = squad(&mut g, Nation::Us, &["us-regular"; 4], "1102");
    // A: Advance, 4 clear hexes.
    act(&mut g, ToiAction::Advance { unit: a });
    for label in ["0203", "0204", "0205", "0206"] {
        move_to(&mut g, label);
    }
    assert_eq!(g.unit(a).token, Token::Fatigued);
    assert_eq!(g.side(Nation::Us).actions_left, 2);
    // B: Concentrated Fire on D, 3 hexes off in the open.
    act(&mut g, ToiAction::ConcentratedFire { unit: b, target: d });
    // C could support it (fresh, in range): B fires alone.
    assert!(legal(&g).contains(&ToiAction::Support { unit: c }));
    act(&mut g, ToiAction::Fire);
    act(&mut g, ToiAction::Lose { slot: 0 });
    act(&mut g, ToiAction::Lose { slot: 1 });
    assert_eq!(figures_of(&g, d), 2);
    assert_eq!(g.side(Nation::Us).actions_left, 1);
    // C: Prepare Op Fire; the US turn is over.
    act(&mut g, ToiAction::PrepareOpFire { unit: c });
    assert_eq!(g.unit(c).token, Token::OpFire);
    assert_eq!(step(&g), Step::Action { nation: Nation::De });
    assert_eq!(g.side(Nation::De).actions_left, 3);
    // E advances into 0308, C's normal range: C fires suppressive.
    act(&mut g, ToiAction::Advance { unit: e });
    move_to(&mut g, "0308");
    act(
        &mut g,
        ToiAction::OpFire {
            lead: c,
            suppressive: true,
            mg_only: false,
        },
    );
    assert!(matches!(
        g.unit(e).kind,
        Kind::Squad {
            condition: Condition::Pinned,
            ..
        }
    ));
    assert_eq!(g.unit(e).at, Location::Hex(hex(&g, "0308")));
    assert_eq!(g.unit(e).token, Token::Fatigued);
    assert_eq!(g.unit(c).token, Token::Fatigued);
    assert!(!matches!(step(&g), Step::Moving(_)));
}

/// AMB-25 (b), `TOI-COMBAT-ELEV`: a mortar on higher ground reaches one hex farther: at 9 hexes
/// (range 8) it fires at normal range from a hill, at long range from the flat.
#[test]
fn toi_combat_elev_a_mortar_on_a_hill_reaches_farther() {
    let mut g = empty_game(&[]);
    let mortar = squad(&mut g, Nation::Us, &["us-mortar", "us-mortar"], "0105");
    let target = hex(&g, "1005");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1005");
    let distance = g
        .scenario()
        .battlefield
        .hexes
        .distance(hex(&g, "0105"), target);
    assert_eq!(distance, 9);
    let spotter = squad(&mut g, Nation::Us, &["us-regular"; 4], "0905");
    let _ = spotter;
    assert_eq!(crate::area::check(&g, mortar, target), Ok(RangeBand::Long));
    relief(&mut g, &[("0105", 1)]);
    assert_eq!(
        crate::area::check(&g, mortar, target),
        Ok(RangeBand::Normal)
    );
}
