//! Acceptance cases of the extended scenarios: T-20.3 (final VP), T-21.1 (Beyond the Beach
//! setup), T-22.1 (bombardment), and the exits, checks and variants around them (20, 21, 22).

use super::{empty, hex, log, unit};
use crate::action::OmahaAction;
use crate::control::tests::pick;
use crate::data::{Division, UsKind};
use crate::index::{GerKind, Ground, HexId, PosKind, UsId};
use crate::state::{GerLoc, GerPool, Omaha, Step, UsLoc};
use crate::tables::victory::{ExtendedScenario, FinalTally, VictoryLevel};
use crate::victory::{final_tally, no_engineer_bases};
use overlord_engine::{Game, Seat, Status};

/// An empty state (every counter off the board) of scenario `id` on `turn`.
fn empty_in(id: &str, turn: u8) -> Omaha {
    let mut s = empty(turn);
    s.scenario = s
        .data
        .scenarios
        .iter()
        .position(|x| x.id == id)
        .expect("scenario") as u8;
    s
}

/// Put an unused counter accepted by `f` at `label` with `steps`.
fn put(s: &mut Omaha, f: impl Fn(&crate::index::UsInfo) -> bool, label: &str, steps: u8) -> UsId {
    let u = pick(s, f);
    let h = hex(s, label);
    s.us[usize::from(u)].loc = UsLoc::Hex(h);
    s.us[usize::from(u)].steps = steps;
    u
}

fn exited(s: &mut Omaha, f: impl Fn(&crate::index::UsInfo) -> bool, exit: u8, steps: u8) -> UsId {
    let u = pick(s, f);
    s.us[usize::from(u)].loc = UsLoc::Exited(exit);
    s.us[usize::from(u)].steps = steps;
    u
}

fn regular(i: &crate::index::UsInfo) -> bool {
    i.regular_infantry()
}

fn label(s: &Omaha, h: HexId) -> String {
    s.data.index.hexes[usize::from(h)].label.to_string()
}

fn all_draws(_: &Omaha, _: usize) -> bool {
    true
}

/// T-20.3: 30 road-side VP positions (+30), 2 draws opened (+8), 5 non-infantry units on high
/// ground (+5), 6 tank/regular-infantry steps exited with LOC (+6), 3 Ranger steps exited via G
/// (+3), 4 WN hexes not controlled (−4), 2 units in the KG Meyer box (−2): 46 VP, a tactical
/// victory in both scenarios. Counted from a constructed state.
#[test]
fn t_20_3_final_vp_counted_from_the_state() {
    let mut s = empty_in("d-day", 32);
    // Two draws held (E-3 and D-3, as in the 13.21 tests); their obstacles cleared by engineers.
    for (at, steps) in [("1010", 2), ("1210", 2), ("1023", 2), ("0924", 1)] {
        put(&mut s, regular, at, steps);
    }
    // Five non-infantry units on high ground, away from every position (one hex each).
    let index = s.data.index.clone();
    let position_hexes: Vec<HexId> = index.slots.iter().map(|x| x.hex).collect();
    let high: Vec<String> = index
        .hexes
        .iter()
        .enumerate()
        .filter(|(i, h)| {
            h.ground == Ground::High
                && !position_hexes.contains(&(*i as HexId))
                && !h.neighbours.iter().any(|n| position_hexes.contains(n))
                && index.exit_at(*i as HexId).is_none()
        })
        .map(|(_, h)| h.label.to_string())
        .take(5)
        .collect();
    let kinds = [
        UsKind::Tank,
        UsKind::Artillery,
        UsKind::Aa,
        UsKind::Engineer,
        UsKind::AntiTank,
    ];
    for (at, kind) in high.iter().zip(kinds) {
        put(&mut s, |i| i.kind() == Some(kind), at, 1);
    }
    // An HQ and a General on high ground score nothing; neither does infantry.
    put(
        &mut s,
        |i| i.counter == crate::index::UsCounter::Hq,
        &high[0],
        1,
    );
    put(
        &mut s,
        |i| i.counter == crate::index::UsCounter::General,
        &high[1],
        1,
    );
    // Exited: a 3-step and a 2-step company by C, a 1-step tank by B (LOC: no German on the map).
    exited(&mut s, regular, b'C', 3);
    exited(&mut s, regular, b'C', 2);
    exited(&mut s, |i| i.kind() == Some(UsKind::Tank), b'B', 1);
    // Rangers: 3 steps by G; by E nothing.
    exited(&mut s, |i| i.kind() == Some(UsKind::Ranger), b'G', 3);
    exited(&mut s, |i| i.kind() == Some(UsKind::Ranger), b'E', 2);
    // Engineers exited score nothing.
    exited(&mut s, |i| i.kind() == Some(UsKind::Engineer), b'C', 2);
    // Two KG Meyer units (and a depth marker, which does not count) in their box.
    let meyer: Vec<usize> = (0..index.germans.len())
        .filter(|&g| index.germans[g].kind == GerKind::Meyer)
        .take(2)
        .collect();
    for g in meyer {
        s.germans[g].loc = GerLoc::Pool(GerPool::Meyer);
    }
    // WN hexes: hold them one by one (1-step companies hold their own hex only) until 4 are
    // left uncontrolled.
    let wn_hexes: Vec<HexId> = index
        .positions
        .iter()
        .filter(|p| matches!(p.kind, PosKind::Wn { .. }))
        .flat_map(|p| p.slots.iter().map(|&x| index.slots[usize::from(x)].hex))
        .collect();
    for &h in &wn_hexes {
        if final_tally(&s, &all_draws).uncontrolled_wn_hexes <= 4 {
            break;
        }
        let at = label(&s, h);
        put(&mut s, regular, &at, 1);
    }
    // Road-side VP positions: hold them one by one until 30.
    let vp_positions: Vec<HexId> = index
        .positions
        .iter()
        .filter(|p| matches!(p.kind, PosKind::Reinforcement { vp: true, .. }))
        .flat_map(|p| p.slots.iter().map(|&x| index.slots[usize::from(x)].hex))
        .collect();
    assert!(vp_positions.len() >= 30, "42 VP positions (AMB-65)");
    for &h in &vp_positions {
        if final_tally(&s, &all_draws).road_positions >= 30 {
            break;
        }
        let at = label(&s, h);
        put(
            &mut s,
            |i| i.regular_infantry() || i.kind() == Some(UsKind::Ranger),
            &at,
            1,
        );
    }
    let tally = final_tally(&s, &all_draws);
    assert_eq!(
        tally,
        FinalTally {
            road_positions: 30,
            draws_opened: 2,
            high_ground_units: 5,
            exited_steps: 6,
            ranger_steps_f_g: 3,
            uncontrolled_wn_hexes: 4,
            kg_meyer_units: 2,
        }
    );
    assert_eq!(tally.vp(), 46);
    // Without Engineer Bases (rule 19 not wired in) no draw is opened: 8 VP less.
    assert_eq!(final_tally(&s, &no_engineer_bases).draws_opened, 0);
    // 20.3: the end of turn 32 of D-Day at Omaha Beach. The tally in the game uses
    // `no_engineer_bases`, so 38 VP: a tactical defeat; with the draws (46) a victory.
    let (level, vp, _) =
        crate::victory::final_result(&s, ExtendedScenario::DDayAtOmahaBeach, &all_draws);
    assert_eq!((level, vp), (VictoryLevel::TacticalVictory, 46));
    let (level, vp, _) =
        crate::victory::final_result(&s, ExtendedScenario::BeyondTheBeach, &all_draws);
    assert_eq!((level, vp), (VictoryLevel::TacticalVictory, 46));
    let mut end = s.clone();
    end.step = Step::EndOfTurn;
    let mut l = log();
    end.run(&mut l);
    let Status::Over(outcome) = end.status() else {
        panic!("the game ends after turn 32")
    };
    assert_eq!(outcome.rule, crate::victory::FINAL_VP);
    assert_eq!(outcome.score(Seat(0)), 38);
    assert!(outcome.winners.is_empty(), "38 VP: tactical defeat");
    assert!(
        l.entries()
            .iter()
            .any(|e| e.rule.0 == "20.3" && e.text.contains("tactical US defeat")),
        "the log names 20.3 and the level"
    );
}

/// 20.3: exited tank and regular-infantry steps score only with a US line of communication to
/// the exit hex at the end; Rangers score by F or G without one.
#[test]
fn r20_3_exited_steps_need_loc_rangers_by_f_or_g() {
    let mut s = empty_in("d-day", 32);
    exited(&mut s, regular, b'F', 3);
    exited(&mut s, |i| i.kind() == Some(UsKind::Ranger), b'F', 2);
    // AMB-32: an exited tank scores its steps, and, being off the map, nothing for high ground.
    exited(&mut s, |i| i.kind() == Some(UsKind::Tank), b'F', 2);
    let free = final_tally(&s, &no_engineer_bases);
    assert_eq!((free.exited_steps, free.ranger_steps_f_g), (5, 2));
    assert_eq!(free.high_ground_units, 0);
    // An occupied German position whose fire field covers exit F cuts the line (12.31).
    let index = s.data.index.clone();
    let f = index.exit_hex('F').expect("exit F");
    let covering = index.hexes[usize::from(f)]
        .fire
        .first()
        .map(|&(p, _)| p)
        .expect("some position fires on exit F");
    let slot = index.positions[usize::from(covering)].slots[0];
    let g = (0..index.germans.len())
        .find(|&g| index.germans[g].kind == GerKind::Divisional)
        .expect("a unit");
    s.germans[g].loc = GerLoc::Slot(slot);
    let cut = final_tally(&s, &no_engineer_bases);
    assert_eq!(
        (cut.exited_steps, cut.ranger_steps_f_g),
        (0, 2),
        "no LOC to F: the company and the tank score nothing, the Rangers still do"
    );
}

/// T9 (20.3): the seven lettered exits are on the map.
#[test]
fn r20_3_seven_lettered_exits() {
    let s = empty(17);
    let letters: String = s.data.index.exits.iter().map(|&(l, _)| l).collect();
    assert_eq!(letters, "ABCDEFG");
    assert_eq!(label(&s, s.data.index.exit_hex('C').expect("C")), "1812");
    assert_eq!(s.data.index.exit_at(hex(&s, "0836")), Some('F'));
}

/// 20.3, A-EXIT: from turn 17 a unit on an exit hex moves off the map for one action; it is
/// then `Exited`. Before turn 17, off an exit hex, or a leader: refused with the reason, and
/// nothing changes.
#[test]
fn r20_3_exit_action_moves_off_the_map() {
    let mut s = empty_in("d-day", 17);
    let exit_c = hex(&s, "1812");
    let company = put(
        &mut s,
        |i| i.regular_infantry() && i.division == Division::First,
        "1812",
        3,
    );
    let other = put(
        &mut s,
        |i| i.regular_infantry() && i.division == Division::First,
        "1811",
        3,
    );
    let hq = put(
        &mut s,
        |i| i.counter == crate::index::UsCounter::Hq && i.division == Division::First,
        "1812",
        1,
    );
    s.step = Step::Actions {
        division: Division::First,
        left: 3,
        second: false,
    };
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert!(legal.contains(&OmahaAction::ExitMap { unit: company }));
    assert!(
        !legal.contains(&OmahaAction::ExitMap { unit: other }),
        "not on an exit hex"
    );
    assert!(
        !legal.contains(&OmahaAction::ExitMap { unit: hq }),
        "leaders do not exit"
    );
    // Refusals say why and change nothing.
    let before = s.clone();
    let mut l = log();
    let why = s
        .apply(OmahaAction::ExitMap { unit: other }, &mut l)
        .expect_err("not on an exit");
    assert!(why.to_string().contains("exit hex"), "{why}");
    assert_eq!(s, before);
    let mut early = s.clone();
    early.turn = 16;
    let why = early
        .apply(OmahaAction::ExitMap { unit: company }, &mut l)
        .expect_err("turn 16");
    assert!(why.to_string().contains("turn 17"), "{why}");
    // The exit.
    let _ = s
        .apply(OmahaAction::ExitMap { unit: company }, &mut l)
        .expect("legal");
    assert_eq!(s.us[usize::from(company)].loc, UsLoc::Exited(b'C'));
    assert_eq!(s.us[usize::from(company)].steps, 3);
    assert!(
        matches!(s.step, Step::Actions { left: 2, .. }),
        "one action spent"
    );
    assert!(l.entries().iter().any(|e| e.rule.0 == "20.3"));
    assert!(s.check_invariants().is_ok());
    let _ = exit_c;
    // 3 exited steps with LOC count at the end.
    assert_eq!(final_tally(&s, &no_engineer_bases).exited_steps, 3);
}

/// 20.2: at the end of turn 16 of D-Day at Omaha Beach, 25+ VP (13.2) is a decisive victory,
/// 10 or fewer a decisive defeat, 11–24 plays on to turn 17.
#[test]
fn r20_2_turn_16_check_ends_or_plays_on() {
    // Hold n reinforcement positions (1 VP each) with 1-step companies.
    let with_vp = |n: usize, options: crate::state::OmahaOptions| {
        let mut s = empty_in("d-day", 16);
        s.options = options;
        let hexes: Vec<String> = s
            .data
            .index
            .positions
            .iter()
            .filter(|p| matches!(p.kind, PosKind::Reinforcement { .. }))
            .take(n)
            .map(|p| label(&s, s.data.index.slots[usize::from(p.slots[0])].hex))
            .collect();
        for h in hexes {
            put(&mut s, regular, &h, 1);
        }
        s.step = Step::EndOfTurn;
        let mut l = log();
        s.run(&mut l);
        (s, l)
    };
    let (won, l) = with_vp(25, Default::default());
    let Status::Over(o) = won.status() else {
        panic!("25 VP ends the game")
    };
    assert_eq!(
        (o.rule, o.score(Seat(0)), o.winners.is_empty()),
        (crate::victory::FIRST_CHECK, 25, false)
    );
    assert!(
        l.entries()
            .iter()
            .any(|e| e.rule.0 == "20.2" && e.text.contains("decisive US victory"))
    );
    let (on, l) = with_vp(24, Default::default());
    assert!(matches!(on.status(), Status::ToAct(_)) || on.outcome.is_none());
    assert_eq!(on.turn, 17, "11-24: the game goes on");
    assert!(l.entries().iter().any(|e| e.rule.0 == "20.2"));
    let (lost, _) = with_vp(10, Default::default());
    let Status::Over(o) = lost.status() else {
        panic!("10 VP ends the game")
    };
    assert_eq!(
        (o.rule, o.score(Seat(0)), o.winners.is_empty()),
        (crate::victory::FIRST_CHECK, 10, true)
    );
    let (on, _) = with_vp(11, Default::default());
    assert_eq!(on.turn, 17);
    // 22: the variant modifiers wait for the end of the game ("a fine partita", the turn-32
    // tally): 22.3's +5 does not turn 20 into 25, nor 22.1's −10 turn 25 into 15.
    let rangers = crate::state::OmahaOptions {
        rangers_reinforce_pointe_du_hoc: true,
        ..Default::default()
    };
    let (on, l) = with_vp(20, rangers);
    assert_eq!(on.turn, 17, "20 VP plays on, whatever the variants");
    assert!(
        l.entries()
            .iter()
            .any(|e| e.rule.0 == "20.2" && e.text.contains("20 VP"))
    );
    let bombardment = crate::state::OmahaOptions {
        effective_bombardment: true,
        ..Default::default()
    };
    let (won, _) = with_vp(25, bombardment);
    let Status::Over(o) = won.status() else {
        panic!("25 VP ends the game, whatever the variants")
    };
    assert_eq!((o.score(Seat(0)), o.winners.is_empty()), (25, false));
    // The First Wave has no 20.2 check: it ends on turn 16 by 13.2 as before.
    let mut fw = empty(16);
    fw.step = Step::EndOfTurn;
    fw.run(&mut log());
    assert_eq!(fw.outcome.map(|o| o.rule), Some(crate::turn::VICTORY));
}

/// 21.2: Beyond the Beach ends on turn 32 with its own levels (45+ wins); the log names 21.2.
#[test]
fn r21_2_beyond_the_beach_levels_at_the_end() {
    let mut s = empty_in("beyond-the-beach", 32);
    s.step = Step::EndOfTurn;
    let mut l = log();
    s.run(&mut l);
    let Status::Over(o) = s.status() else {
        panic!("over")
    };
    assert_eq!(o.rule, crate::victory::BTB_VICTORY);
    assert!(o.winners.is_empty());
    assert!(
        l.entries()
            .iter()
            .any(|e| e.rule.0 == "21.2" && e.text.contains("decisive US defeat"))
    );
}

/// 22, 20.2, 20.3: in D-Day at Omaha Beach the variant modifiers change the total at the end
/// of the game, the turn-32 tally, and not the turn-16 check.
#[test]
fn r22_20_3_variant_modifiers_count_at_the_end_of_turn_32() {
    let at_32 = |options: crate::state::OmahaOptions| {
        let mut s = empty_in("d-day", 32);
        s.options = options;
        s.step = Step::EndOfTurn;
        let mut l = log();
        s.run(&mut l);
        (s.outcome.expect("over at the end of turn 32"), l)
    };
    let (plain, _) = at_32(Default::default());
    let (rangers, l) = at_32(crate::state::OmahaOptions {
        rangers_reinforce_pointe_du_hoc: true,
        ..Default::default()
    });
    assert_eq!(
        rangers.score(Seat(0)),
        plain.score(Seat(0)) + 5,
        "22.3: +5 at the final tally"
    );
    assert!(
        l.entries()
            .iter()
            .any(|e| e.rule.0 == "20.3" && e.text.contains("variants +5 (22)"))
    );
}

/// 22: with a variant in The First Wave, its modifier changes the 13.2 total compared with 19;
/// without variants nothing changes.
#[test]
fn r22_variant_modifier_in_the_first_wave() {
    let mut s = empty(16);
    s.options.first_wave_tanks_safe = true; // −5
    let hexes: Vec<String> = s
        .data
        .index
        .positions
        .iter()
        .filter(|p| matches!(p.kind, PosKind::Reinforcement { .. }))
        .take(22)
        .map(|p| label(&s, s.data.index.slots[usize::from(p.slots[0])].hex))
        .collect();
    for h in hexes {
        put(&mut s, regular, &h, 1);
    }
    let mut plain = s.clone();
    plain.options.first_wave_tanks_safe = false;
    for state in [&mut s, &mut plain] {
        state.step = Step::EndOfTurn;
        state.run(&mut log());
    }
    let (o, p) = (s.outcome.expect("over"), plain.outcome.expect("over"));
    assert_eq!(
        (o.score(Seat(0)), o.winners.is_empty()),
        (17, true),
        "22 − 5 < 19"
    );
    assert_eq!((p.score(Seat(0)), p.winners.is_empty()), (22, false));
    let _ = unit;
}

fn setup_of(id: &str, options: &crate::state::OmahaOptions, seed: u64) -> Omaha {
    crate::setup::setup(
        &super::data(),
        id,
        options,
        overlord_engine::GameRng::seeded(seed),
    )
    .unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn slot_empty(s: &Omaha, name: &str) -> bool {
    let slots: Vec<crate::index::SlotId> = s
        .data
        .index
        .slots
        .iter()
        .enumerate()
        .filter(|(_, x)| x.name == name || x.name.strip_suffix(['N', 'S']) == Some(name))
        .map(|(i, _)| i as crate::index::SlotId)
        .collect();
    assert!(!slots.is_empty(), "no slot {name}");
    !s.germans
        .iter()
        .any(|g| matches!(g.loc, GerLoc::Slot(x) if slots.contains(&x)))
}

/// T-21.1: after the Beyond the Beach setup: turn 17; Tactical box empty; Division box 5 units;
/// WN60, 61, 64, 70, 73 empty; Losses boxes 1st = 4, 29th = 5; Cleared = the nine beach hexes;
/// 62FA on turn 26; Screaming Meemies has occurred.
#[test]
fn t_21_1_beyond_the_beach_setup() {
    for seed in [1, 2, 3] {
        let s = setup_of("beyond-the-beach", &Default::default(), seed);
        assert_eq!(s.turn, 17);
        let in_pool = |p: GerPool| {
            s.germans
                .iter()
                .filter(|g| g.loc == GerLoc::Pool(p))
                .count()
        };
        assert_eq!(in_pool(GerPool::Tactical), 0, "Tactical box empty");
        assert_eq!(in_pool(GerPool::Division), 5, "Division box: 5 units");
        assert_eq!(in_pool(GerPool::Meyer), 8);
        for wn in ["WN60", "WN61", "WN64", "WN70", "WN73"] {
            assert!(slot_empty(&s, wn), "{wn} starts empty");
        }
        for wn in ["WN62N", "WN62S", "WN69", "WN72S", "WN71"] {
            assert!(!slot_empty(&s, wn), "{wn} is held");
        }
        assert_eq!(crate::effects::infantry_losses(&s, Division::First), 4);
        assert_eq!(
            crate::effects::infantry_losses(&s, Division::TwentyNinth),
            5
        );
        let cleared: Vec<String> = (0..s.data.index.hexes.len())
            .filter(|&h| s.is_cleared(h as HexId))
            .map(|h| label(&s, h as HexId))
            .collect();
        assert_eq!(
            cleared,
            [
                "0426", "0523", "0524", "0525", "0612", "0613", "0614", "0615", "0616"
            ]
        );
        assert_eq!(s.us[usize::from(unit(&s, "62FA"))].loc, UsLoc::Track(26));
        assert!(s.meemies_occurred);
        assert!(s.check_invariants().is_ok(), "{:?}", s.check_invariants());
    }
}

/// 21.1: the US placements of the scenario file: hexes and steps, Heroes, the command of
/// E/2/116 (5.22), A/1/116 wiped out, units due on turn 16 in boxes, units due later on the
/// Turn track, every other unit due before turn 16 removed from play.
#[test]
fn r21_1_us_placements() {
    let s = setup_of("beyond-the-beach", &Default::default(), 7);
    let at = |name: &str| s.us[usize::from(unit(&s, name))];
    assert_eq!(at("A/1/16").loc, UsLoc::Hex(hex(&s, "1115")));
    assert_eq!(at("A/1/16").steps, 3);
    assert_eq!(at("E/2/16").steps, 1);
    // AMB-33: the 29th Division companies RB prints as ".../16" are the 116th's.
    assert_eq!(at("M/3/116").steps, 3);
    assert_eq!(at("Cota").loc, UsLoc::Hex(hex(&s, "0830")));
    assert_eq!(at("16 HQ").loc, UsLoc::Hex(hex(&s, "1014")));
    assert_eq!(at("E/2/116").command, Division::First);
    assert_eq!(at("E/2/116").loc, UsLoc::Hex(hex(&s, "1113")));
    assert_eq!(at("A/1/116").loc, UsLoc::Eliminated);
    // Left to the player before turn 17 (P-DEPLOY): on the Turn track until placed.
    assert_eq!(at("1/A/743").loc, UsLoc::Track(17));
    assert_eq!(at("1/A/743").steps, 1);
    assert_eq!(at("E/2/18").loc, UsLoc::Track(17));
    assert_eq!(s.deploy.len(), 13 + 10);
    assert_eq!(s.step, Step::Deploy(s.deploy[0]));
    let hero_on = |hero: &str, name: &str| {
        let h = s
            .data
            .us
            .heroes
            .iter()
            .position(|x| x.name == hero)
            .expect("hero");
        assert_eq!(
            s.heroes[h].loc,
            crate::state::HeroLoc::On(unit(&s, name)),
            "{hero}"
        );
    };
    hero_on("Spalding", "E/2/16");
    hero_on("Strojny", "F/2/16");
    hero_on("Montieth", "L/3/16");
    hero_on("Thompson", "F/2/116");
    hero_on("Smith", "M/3/116");
    let placed: Vec<&str> = s.data.scenarios[usize::from(s.scenario)]
        .us
        .iter()
        .map(|p| p.unit.as_str())
        .collect();
    for (i, info) in s.data.index.us.iter().enumerate() {
        if placed.contains(&info.name.as_str()) {
            continue;
        }
        let loc = s.us[i].loc;
        match info.arrival {
            Some(t) if (17..32).contains(&t) => {
                assert_eq!(loc, UsLoc::Track(t), "{}", info.name)
            }
            _ => assert_eq!(loc, UsLoc::OutOfPlay, "{} removed (21.1)", info.name),
        }
    }
}

/// 21.1 with 5.21: Beyond the Beach's tanks, anti-aircraft and artillery are placed by the
/// player on the water's edge of turn 17 (the high-tide line of their sector, two units a hex
/// at most), never on the mid-tide line the High Tide covers; its turn-16 arrivals go into
/// landing boxes of their sector of the player's choice (5.3). Whatever the player chooses, no
/// unit is lost to the tide at the end of turn 17.
#[test]
fn r21_1_r5_21_beyond_the_beach_placements_are_the_players_and_survive_the_tide() {
    use rand::{Rng, SeedableRng};
    for seed in 0..6u64 {
        let mut s = setup_of("beyond-the-beach", &Default::default(), seed);
        let mut l = log();
        s.run(&mut l);
        let mut picks = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut beach = Vec::new();
        while let Step::Deploy(u) = s.step {
            let mut legal = Vec::new();
            s.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "seed {seed}: nothing to choose");
            let sector = s.us[usize::from(u)].command.sector();
            for a in &legal {
                match *a {
                    OmahaAction::DeployOnHex { unit, hex: h } => {
                        let info = &s.data.index.hexes[usize::from(h)];
                        assert_eq!(unit, u);
                        assert_eq!(info.sector, sector);
                        assert_eq!(info.tide, Some(crate::data::Tide::High), "{}", info.label);
                    }
                    OmahaAction::PlaceInBox { unit, landing_box } => {
                        assert_eq!(unit, u);
                        assert_eq!(s.data.index.boxes[usize::from(landing_box)].sector, sector);
                    }
                    other => panic!("seed {seed}: {other:?} answers P-DEPLOY"),
                }
            }
            let pick = legal[picks.next_u32() as usize % legal.len()];
            if let OmahaAction::DeployOnHex { unit, .. } = pick {
                beach.push(unit);
            }
            let _ = Game::apply(&mut s, pick, &mut l).expect("a listed answer");
        }
        assert_eq!(beach.len(), 13, "seed {seed}");
        assert!(s.deploy.is_empty());
        assert_eq!(s.turn, 17);
        // 7.6: never more than two units a hex.
        assert!(crate::actions::overstacked_hex(&s).is_none(), "seed {seed}");
        // The end of turn 17 (High Tide): nobody placed on the beach drowns (5.21).
        crate::turn::drown(&mut s, &mut l);
        for u in beach {
            assert!(
                matches!(s.us[usize::from(u)].loc, UsLoc::Hex(_)),
                "seed {seed}: {} lost to the tide",
                s.name(u)
            );
        }
        assert!(
            l.entries().iter().any(|e| e.rule.0 == "21.1"),
            "the placements are logged"
        );
    }
}

/// 21.1: a placement that does not resolve is refused at setup with file, line and field.
#[test]
fn r21_1_broken_placement_names_file_line_field() {
    let mut data = (*super::data()).clone();
    let btb = data
        .scenarios
        .iter()
        .position(|x| x.id == "beyond-the-beach")
        .expect("btb");
    data.scenarios[btb].us[0].at = "nowhere".into();
    let err = crate::setup::setup(
        &std::sync::Arc::new(data),
        "beyond-the-beach",
        &Default::default(),
        overlord_engine::GameRng::seeded(1),
    )
    .expect_err("refused");
    let text = err.to_string();
    assert!(
        text.contains("scenarios/beyond-the-beach.toml:")
            && text.contains("us.at")
            && text.contains("nowhere"),
        "{text}"
    );
}

/// 20, 21: D-Day at Omaha Beach and Beyond the Beach set up and play (random legal play for a
/// few hundred actions without a panic or a broken invariant).
#[test]
fn r21_extended_scenarios_set_up_and_play() {
    use rand::{Rng, SeedableRng};
    for id in ["d-day", "beyond-the-beach"] {
        let mut s = setup_of(id, &Default::default(), 3);
        let mut l = overlord_engine::Log::disabled();
        s.run(&mut l);
        let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut legal = Vec::new();
        for _ in 0..300 {
            let Status::ToAct(_) = s.status() else { break };
            s.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "{id}: stalled at {:?}", s.step);
            let a = legal[policy.next_u32() as usize % legal.len()];
            let _ = s
                .apply(a, &mut l)
                .unwrap_or_else(|e| panic!("{id}: {a:?}: {e}"));
            s.check_invariants().unwrap_or_else(|e| panic!("{id}: {e}"));
        }
    }
}

fn v(f: impl FnOnce(&mut crate::state::OmahaOptions)) -> crate::state::OmahaOptions {
    let mut o = crate::state::OmahaOptions::default();
    f(&mut o);
    o
}

/// T-22.1: the pre-invasion cards show {red, purple, blue} and {purple, green, orange}: WN units
/// of red, blue, green and orange are disrupted and lose their depth markers; purple WN units
/// leave play with their markers. The game starts on turn 4 with its Event Phase; turns 4–5
/// use the turn 2–3 landing rows; no German artillery and no engineer clearing on turn 4, and
/// no recovery from the bombardment's disruption on turn 4 (AMB-34).
#[test]
fn t_22_1_bombardment() {
    use crate::data::Colour::*;
    let mut s = setup_of("d-day", &v(|o| o.effective_bombardment = true), 5);
    assert_eq!(s.turn, 4, "22.1: the game starts on turn 4");
    // Undo the random cards' effect on a fresh WN layout, then bombard with the case's cards.
    let mut fresh = setup_of("d-day", &Default::default(), 5);
    fresh.options.effective_bombardment = true;
    fresh.turn = 4;
    let before = fresh.clone();
    crate::setup::bombard(
        &mut fresh,
        &[vec![Red, Purple, Blue], vec![Purple, Green, Orange]],
        &mut log(),
    );
    let index = &fresh.data.index;
    let mut seen = [false; 2];
    for (g, info) in index.germans.iter().enumerate() {
        let (GerKind::Wn(_), GerLoc::Slot(slot)) = (info.kind, before.germans[g].loc) else {
            continue;
        };
        let colour = index.positions[usize::from(index.slots[usize::from(slot)].position)].colour;
        let after = fresh.germans[g];
        match colour {
            Purple => {
                seen[0] = true;
                assert_eq!(
                    after.loc,
                    GerLoc::OutOfPlay,
                    "purple on both cards: removed"
                );
                if let Some(d) = before.germans[g].depth {
                    assert_eq!(
                        fresh.depth[usize::from(d)].loc,
                        crate::state::DepthLoc::OutOfPlay
                    );
                }
            }
            Red | Blue | Green | Orange => {
                seen[1] = true;
                assert_eq!(after.loc, before.germans[g].loc);
                assert!(
                    after.disrupted && after.depth.is_none(),
                    "{colour:?}: disrupted, no marker"
                );
                if let Some(d) = before.germans[g].depth {
                    assert_eq!(
                        fresh.depth[usize::from(d)].loc,
                        crate::state::DepthLoc::OutOfPlay
                    );
                }
            }
            Brown => assert_eq!(after, before.germans[g], "brown is on neither card"),
        }
    }
    assert_eq!(seen, [true, true]);
    assert!(fresh.check_invariants().is_ok());
    // Turns 4–5 read the turn 2–3 rows of T1; from 6 the current turn.
    let o = s.landing_options();
    assert_eq!(crate::tables::landing::table_turn(4, &o), 2);
    assert_eq!(crate::tables::landing::table_turn(5, &o), 3);
    assert_eq!(crate::tables::landing::table_turn(6, &o), 6);
    // No engineer clearing on turn 4 (none at all: nothing to ask).
    assert!(!crate::engineers::can_clear(&s, crate::data::Sector::East));
    // Turn 4 has its Event Phase: play on until it comes, with any legal answers.
    let mut l = log();
    s.run(&mut l);
    let mut legal = Vec::new();
    for _ in 0..200 {
        if !matches!(
            s.step,
            Step::LandingCheck(_)
                | Step::Land
                | Step::NextArrival
                | Step::Place(_)
                | Step::RangerDrift { .. }
                | Step::MineVictim(_)
                | Step::LeaderFollow { .. }
        ) {
            break;
        }
        s.legal_actions(&mut legal);
        let _ = s.apply(legal[0], &mut l).expect("legal");
    }
    assert_eq!(s.turn, 4);
    assert!(
        l.entries().iter().any(|e| matches!(
            e.event,
            crate::action::OmahaEvent::CardDrawn {
                purpose: crate::action::DrawFor::Event,
                ..
            }
        )),
        "turn 4 starts with an Event Phase"
    );
}

/// 22.1: arrivals before turn 16 are delayed 3 turns, later ones 1; first-wave tanks stay in
/// their boxes; units pushed to turn 32 never land.
#[test]
fn r22_1_late_start_delays() {
    let plain = setup_of("d-day", &Default::default(), 9);
    let late = setup_of("d-day", &v(|o| o.effective_bombardment = true), 9);
    for (i, info) in plain.data.index.us.iter().enumerate() {
        let (a, b) = (plain.us[i].loc, late.us[i].loc);
        match a {
            UsLoc::Track(t) if t < 16 => assert_eq!(b, UsLoc::Track(t + 3), "{}", info.name),
            UsLoc::Track(t) if t + 1 < 32 => assert_eq!(b, UsLoc::Track(t + 1), "{}", info.name),
            UsLoc::Track(_) => assert_eq!(b, UsLoc::OutOfPlay, "{}", info.name),
            other => assert_eq!(b, other, "{}: boxes unchanged", info.name),
        }
    }
}

/// 22.1, AMB-34: a German unit disrupted on turn 4 stays disrupted through its Fire Phase.
#[test]
fn amb_34_no_recovery_on_turn_4() {
    let mut s = setup_of("d-day", &v(|o| o.effective_bombardment = true), 11);
    let disrupted: Vec<usize> = (0..s.germans.len())
        .filter(|&g| s.germans[g].disrupted)
        .collect();
    let mut l = log();
    s.run(&mut l);
    let mut legal = Vec::new();
    for _ in 0..400 {
        if s.turn > 4 || !matches!(s.status(), Status::ToAct(_)) {
            break;
        }
        s.legal_actions(&mut legal);
        let _ = s.apply(legal[0], &mut l).expect("legal");
        if matches!(s.step, Step::Actions { .. } | Step::DivisionOrder) {
            break;
        }
    }
    assert_eq!(s.turn, 4);
    assert!(
        disrupted
            .iter()
            .all(|&g| s.germans[g].disrupted || s.germans[g].loc == GerLoc::OutOfPlay),
        "no 6.4 recovery on turn 4"
    );
}

/// 22.1: infantry may also make a self-preservation move into a beach or flat hex outside every
/// occupied position's fire field (disrupted positions included).
#[test]
fn r22_1_extended_self_preservation() {
    let mut s = empty_in("d-day", 8);
    // A flat hex in no fire field at all, and a neighbour to start from.
    let index = s.data.index.clone();
    let (to, from) = index
        .hexes
        .iter()
        .enumerate()
        .filter(|(_, h)| h.ground == Ground::Flat && h.tide.is_none())
        .find_map(|(i, h)| {
            h.neighbours
                .iter()
                .find(|&&n| index.hexes[usize::from(n)].ground == Ground::Flat)
                .map(|&n| (i as HexId, n))
        })
        .expect("a quiet flat hex");
    let from_label = label(&s, from);
    let u = put(
        &mut s,
        |i| i.regular_infantry() && i.division == Division::First,
        &from_label,
        3,
    );
    s.us[usize::from(u)].command = Division::First;
    s.step = Step::Actions {
        division: Division::First,
        left: 0,
        second: false,
    };
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    let mv = OmahaAction::Move { unit: u, to };
    assert!(
        !legal.contains(&mv),
        "no actions left: no move without 22.1"
    );
    // No German on the map: no fire field anywhere.
    s.options.effective_bombardment = true;
    s.legal_actions(&mut legal);
    assert!(legal.contains(&mv), "22.1: the free self-preservation move");
}

/// 22.3: every Ranger but C/2R leaves play (in D-Day and in Beyond the Beach).
#[test]
fn r22_3_only_c_2r() {
    for id in ["d-day", "beyond-the-beach", "first-wave"] {
        let s = setup_of(id, &v(|o| o.rangers_reinforce_pointe_du_hoc = true), 2);
        for (i, info) in s.data.index.us.iter().enumerate() {
            if info.kind() == Some(UsKind::Ranger) {
                if info.name == "C/2R" {
                    assert_ne!(s.us[i].loc, UsLoc::OutOfPlay, "{id}");
                } else {
                    assert_eq!(s.us[i].loc, UsLoc::OutOfPlay, "{id}: {}", info.name);
                }
            }
        }
    }
}

/// 22.2: turn-1 tanks read the turn-2 row of T1.
#[test]
fn r22_2_turn_1_tanks_use_turn_2() {
    let s = setup_of("d-day", &v(|o| o.first_wave_tanks_safe = true), 2);
    let o = s.landing_options();
    assert!(o.tanks_safe_22_2);
    let plain = setup_of("d-day", &Default::default(), 2).landing_options();
    assert!(!plain.tanks_safe_22_2);
}

/// 22.4 at setup of D-Day and Beyond the Beach: the KG Meyer units in the Division box and every
/// Mobile marker in the Mobile box.
#[test]
fn r22_4_kg_meyer_into_the_division_box() {
    for id in ["d-day", "beyond-the-beach"] {
        let plain = setup_of(id, &Default::default(), 4);
        let s = setup_of(id, &v(|o| o.improved_german_reaction = true), 4);
        let in_pool = |s: &Omaha, p: GerPool| {
            s.germans
                .iter()
                .filter(|g| g.loc == GerLoc::Pool(p))
                .count()
        };
        assert_eq!(in_pool(&s, GerPool::Meyer), 0, "{id}");
        assert_eq!(
            in_pool(&s, GerPool::Division),
            in_pool(&plain, GerPool::Division) + 8,
            "{id}"
        );
        assert!(
            !s.depth
                .iter()
                .any(|d| d.loc == crate::state::DepthLoc::Pool(crate::state::DepthPool::Meyer))
        );
        // 20.3: with the KG Meyer box empty, it costs nothing at the end.
        assert_eq!(final_tally(&s, &no_engineer_bases).kg_meyer_units, 0);
        assert_eq!(final_tally(&plain, &no_engineer_bases).kg_meyer_units, 8);
    }
}

/// 22: a variant the scenario does not offer is refused (22.4 only with D-Day and Beyond the
/// Beach).
#[test]
fn r22_4_refused_in_the_first_wave() {
    let err = crate::setup::setup(
        &super::data(),
        "first-wave",
        &v(|o| o.improved_german_reaction = true),
        overlord_engine::GameRng::seeded(1),
    )
    .expect_err("refused");
    assert!(err.to_string().contains("22.4"), "{err}");
}
