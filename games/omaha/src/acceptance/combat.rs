//! Rule 8: T-8.3a, T-8.3b, T-8.3c, T-8.22, T-8.27, T-8.33, T-8.4, T-8.5 and the rules of 8.1
//! to 8.53, on the shipped map with units placed by the fixtures.

use super::*;
use crate::action::{HeroChoice, OmahaAction};
use crate::data::{Division, UsKind, Weapon};
use crate::index::{GerId, Ground, UsCounter};
use crate::state::{AttackStage, GerPool, Step};
use crate::tables::barrage::{BarrageResult, barrage_result};
use overlord_engine::Game;

/// The Action Phase of `division` with two actions left.
pub(super) fn actions(state: &mut Omaha, division: Division) {
    crate::actions::start_action_phase(state);
    state.step = Step::Actions {
        division,
        left: 2,
        second: false,
    };
}

pub(super) fn play(state: &mut Omaha, log: &mut OmahaLog, action: OmahaAction) {
    if let Err(e) = state.apply(action, log) {
        panic!("{action:?} refused: {e:?}; legal: {:?}", legal(state));
    }
}

fn ger(state: &Omaha, name: &str) -> GerId {
    state
        .data
        .index
        .germans
        .iter()
        .position(|g| g.name == name)
        .unwrap_or_else(|| panic!("no German {name}")) as GerId
}

/// Put German `name` face-down in slot `slot`, with depth marker `depth` face-down under it.
pub(super) fn german(state: &mut Omaha, name: &str, slot: &str, depth: Option<&str>) -> GerId {
    let g = ger(state, name);
    let s = state.data.index.slot_named(slot).expect("slot");
    state.germans[usize::from(g)].loc = GerLoc::Slot(s);
    state.germans[usize::from(g)].revealed = false;
    state.germans[usize::from(g)].disrupted = false;
    if let Some(d) = depth {
        let d = state
            .data
            .index
            .depth
            .iter()
            .position(|x| x.name == d)
            .expect("depth marker");
        state.depth[d].loc = DepthLoc::Under(g);
        state.depth[d].revealed = false;
        state.germans[usize::from(g)].depth = Some(d as u8);
    }
    g
}

/// Put the first free US counter that `f` accepts in `label` with `steps` (0: full).
pub(super) fn us(
    state: &mut Omaha,
    label: &str,
    steps: u8,
    f: impl Fn(&crate::data::UsUnit) -> bool,
) -> UsId {
    let units = &state.data.us.units;
    let u = (0..units.len())
        .find(|&i| state.us[i].loc == UsLoc::OutOfPlay && f(&units[i]))
        .expect("a free unit") as UsId;
    let h = hex(state, label);
    let full = state.data.index.us[usize::from(u)].steps;
    let x = &mut state.us[usize::from(u)];
    x.loc = UsLoc::Hex(h);
    x.steps = if steps == 0 { full } else { steps };
    x.command = state.data.index.us[usize::from(u)].division;
    u
}

pub(super) fn rifle(division: Division) -> impl Fn(&crate::data::UsUnit) -> bool {
    move |u| u.kind == UsKind::Infantry && !u.heavy && u.division == division
}

pub(super) fn leader(state: &mut Omaha, label: &str, counter: UsCounter) -> UsId {
    let u = (0..state.us.len())
        .find(|&i| state.data.index.us[i].counter == counter && state.us[i].loc == UsLoc::OutOfPlay)
        .expect("a leader") as UsId;
    let h = hex(state, label);
    state.us[usize::from(u)].loc = UsLoc::Hex(h);
    state.us[usize::from(u)].steps = 1;
    u
}

fn label_of(state: &Omaha, h: HexId) -> String {
    state.data.index.hexes[usize::from(h)].label.to_string()
}

fn neighbours(state: &Omaha, label: &str) -> Vec<HexId> {
    state.data.index.hexes[usize::from(hex(state, label))]
        .neighbours
        .clone()
}

/// Start an attack on `target` with `units` (one at a time), declare, skip naval, confirm.
pub(super) fn attack(state: &mut Omaha, log: &mut OmahaLog, target: &str, units: &[UsId]) {
    let target = hex(state, target);
    play(state, log, OmahaAction::Attack { target });
    for &unit in units {
        play(state, log, OmahaAction::AttackWith { unit });
    }
    play(state, log, OmahaAction::AttackDeclared);
    if legal(state).contains(&OmahaAction::NavalSupport { use_marker: false }) {
        play(state, log, OmahaAction::NavalSupport { use_marker: false });
    }
    play(state, log, OmahaAction::AttackConfirm);
}

fn logged(log: &OmahaLog) -> String {
    log.entries()
        .iter()
        .map(|e| format!("[{}] {}\n", e.rule.0, e.text))
        .collect()
}

/// T-8.3a's situation: a 2-step company (attack 4, printed BZ, BG, RD) on high ground at 0914
/// beside WN64 (0915), whose hidden unit WN-10 has strength 2 and requires BZ, BR.
fn example_1() -> (Omaha, UsId, GerId, Division) {
    let mut s = empty(3);
    let g = german(&mut s, "WN-10", "WN64", None);
    let i = us(&mut s, "0914", 2, |u| {
        u.kind == UsKind::Infantry
            && u.reduced_weapons.get(1) == Some(&vec![Weapon::BZ, Weapon::BG, Weapon::RD])
    });
    let division = s.us[usize::from(i)].command;
    (s, i, g, division)
}

/// T-8.3a; 8.23, 11.13: the Hero of an attacker adjacent to the target gives a wildcard weapon
/// (here BR).
#[test]
fn t_8_3a_attack_example_1() {
    let (mut s, i, g, division) = example_1();
    s.heroes[0].loc = crate::state::HeroLoc::On(i);
    actions(&mut s, division);
    let mut log = log();
    attack(&mut s, &mut log, "0915", &[i]);
    // 8.3 step 1: revealed; P-HERO-BONUS opens after the reveal (8.23).
    assert!(s.germans[usize::from(g)].revealed);
    assert!(matches!(
        s.step,
        Step::Attack {
            stage: AttackStage::HeroBonus { .. },
            ..
        }
    ));
    play(
        &mut s,
        &mut log,
        OmahaAction::HeroBonus {
            bonus: HeroChoice::Wildcard,
        },
    );
    // The Hero stands in for BR: 4 vs 2, all weapons, alone → German defeated (WN pool, 8.33).
    assert_eq!(
        s.germans[usize::from(g)].loc,
        GerLoc::Pool(GerPool::EliminatedWn)
    );
    // Free thanks to the Hero (7.1, 8.13).
    assert_eq!(
        s.step,
        Step::Actions {
            division,
            left: 2,
            second: false
        }
    );
}

/// T-8.3a without the wildcard; 11.13: the Hero's +1 attack strength instead of the wildcard,
/// and 11.15: an Inspired unit gives no bonus.
#[test]
fn t_8_3a_without_the_hero_bonus() {
    // Without the wildcard BR is missing: the "No" half, ≥ double, alone → German disrupted;
    // one action spent (8.13).
    let (mut s, i, g, division) = example_1();
    actions(&mut s, division);
    let mut log = log();
    attack(&mut s, &mut log, "0915", &[i]);
    let x = s.germans[usize::from(g)];
    assert!(x.revealed && x.disrupted);
    assert!(matches!(x.loc, GerLoc::Slot(_)));
    assert_eq!(
        s.step,
        Step::Actions {
            division,
            left: 1,
            second: false
        }
    );
    assert!(s.us[usize::from(i)].flags.has(UsFlags::ACTED));
    // An Inspired unit gives no Hero bonus (11.15) but still acts for free (7.1).
    let (mut s, i, g, division) = example_1();
    s.heroes[0] = crate::state::HeroState {
        loc: crate::state::HeroLoc::On(i),
        inspired: true,
    };
    actions(&mut s, division);
    attack(&mut s, &mut log, "0915", &[i]);
    assert!(s.germans[usize::from(g)].disrupted);
    assert_eq!(
        s.step,
        Step::Actions {
            division,
            left: 2,
            second: false
        }
    );
    // With the Hero's +1 instead: 5 vs 2 without BR is still the "No" half.
    let (mut s, i, g, division) = example_1();
    s.heroes[0].loc = crate::state::HeroLoc::On(i);
    actions(&mut s, division);
    attack(&mut s, &mut log, "0915", &[i]);
    play(
        &mut s,
        &mut log,
        OmahaAction::HeroBonus {
            bonus: HeroChoice::Strength,
        },
    );
    assert!(logged(&log).contains("Attack on WN-10 in 0915: 5 against 2"));
    assert!(s.germans[usize::from(g)].disrupted);
}

#[test]
fn t_8_3b_attack_example_2_shingle_and_tank() {
    // Full infantry on the beach at 0710, across a shingle hexside from WN61 (0809); a tank on
    // a beach hex adjacent to the infantry, 2 hexes from WN61. WN unit 2 (BG, MO) over a hidden
    // depth marker 1 (AR, RD).
    let mut s = empty(3);
    let g = german(&mut s, "WN-1", "WN61", Some("WD-1"));
    let i = us(&mut s, "0710", 0, rifle(Division::First));
    let target = hex(&s, "0809");
    let tank_hex = neighbours(&s, "0710")
        .into_iter()
        .find(|&n| {
            s.data.index.distance(n, target) == 2
                && s.data.index.hexes[usize::from(n)].ground == Ground::Beach
        })
        .expect("a beach hex beside 0710");
    let label = label_of(&s, tank_hex);
    // Attack 2: the tank's reduced side.
    let t = us(&mut s, &label, 1, |u| {
        u.kind == UsKind::Tank && u.division == Division::First
    });
    actions(&mut s, Division::First);
    let mut log = log();
    attack(&mut s, &mut log, "0809", &[i, t]);
    let text = logged(&log);
    // German 2×2 = 4 (shingle), US 6 + 2 = 8: reveal; then 4 + 1 = 5 (depth not doubled).
    assert!(text.contains("8 against 4 (terrain ×2/×1)"), "{text}");
    assert!(text.contains("Compared again: 8 against 5"), "{text}");
    let x = s.germans[usize::from(g)];
    // AMB-58: depth marker eliminated and the unit disrupted.
    assert!(x.depth.is_none());
    assert!(x.disrupted);
    assert_eq!(s.depth[0].loc, DepthLoc::OutOfPlay);
    // 8.13: two units in two hexes, neither free: 2 actions.
    assert_eq!(
        s.step,
        Step::Actions {
            division: Division::First,
            left: 0,
            second: false
        }
    );
    // 8.34: no advance after combat.
    assert_eq!(s.us[usize::from(i)].loc, UsLoc::Hex(hex(&s, "0710")));
}

#[test]
fn t_8_3c_attack_example_3_bocage_flanking_attrition() {
    // A hidden reinforcement unit (2, BR) over a hidden depth marker (1, FL RD) in the bocage
    // position C6 (1612, high ground); three infantry (6 + 4 + 2) under a General's command
    // attack from two hexes adjacent to each other (AMB-56: it is a reinforcement unit).
    let mut s = empty(5);
    let g = german(&mut s, "T-2", "C6", Some("MD-1"));
    let target = hex(&s, "1612");
    let ns = neighbours(&s, "1612");
    let (a, b) = ns
        .iter()
        .flat_map(|&a| ns.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| {
            a < b
                && s.data.index.distance(a, b) == 1
                && [a, b].iter().all(|&h| {
                    s.data.index.hexes[usize::from(h)].ground == Ground::High
                        && crate::combat::sides_for_test(&s, h, target).is_empty()
                })
        })
        .expect("two attack hexes adjacent to each other");
    let (la, lb) = (label_of(&s, a), label_of(&s, b));
    let full = us(&mut s, &la, 0, rifle(Division::First));
    let two = us(&mut s, &la, 2, rifle(Division::First));
    let one = us(&mut s, &lb, 1, rifle(Division::First));
    let general = leader(&mut s, &la, UsCounter::General);
    let tank = us(&mut s, "0710", 0, |u| {
        u.kind == UsKind::Tank && u.division == Division::First
    });
    actions(&mut s, Division::First);
    let mut log = log();
    play(&mut s, &mut log, OmahaAction::Attack { target });
    // 8.14: leaders never take part; the tank on the beach may not join (8.11, 8.12).
    let offered = legal(&s);
    assert!(!offered.contains(&OmahaAction::AttackWith { unit: general }));
    assert!(!offered.contains(&OmahaAction::AttackWith { unit: tank }));
    for unit in [full, two, one] {
        play(&mut s, &mut log, OmahaAction::AttackWith { unit });
    }
    play(&mut s, &mut log, OmahaAction::AttackDeclared);
    play(&mut s, &mut log, OmahaAction::AttackConfirm);
    let text = logged(&log);
    assert!(text.contains("12 against 4 (terrain ×2/×2)"), "{text}");
    assert!(
        text.contains("Compared again: 12 against 6; all weapons: no"),
        "{text}"
    );
    assert!(matches!(
        s.step,
        Step::Attack {
            stage: AttackStage::Attrition,
            ..
        }
    ));
    assert!(s.germans[usize::from(g)].disrupted);
    // P-ATTRITION: only adjacent attackers are offered, and declining is always possible.
    let offered = legal(&s);
    assert!(offered.contains(&OmahaAction::Attrition { unit: None }));
    assert!(offered.contains(&OmahaAction::Attrition { unit: Some(one) }));
    play(&mut s, &mut log, OmahaAction::Attrition { unit: Some(one) });
    assert_eq!(s.us[usize::from(one)].loc, UsLoc::Eliminated);
    assert!(s.germans[usize::from(g)].depth.is_none());
    // Free: every attacker is under the General's command (7.1, 8.13).
    assert_eq!(
        s.step,
        Step::Actions {
            division: Division::First,
            left: 2,
            second: false
        }
    );
    assert!(!s.us.iter().any(|u| u.flags.has(UsFlags::ATTACKING)));
}

/// Two infantry attacking T-6 (352nd, strength 1, requires FL) in C1 (1113) from `a` and `b`.
fn flank(a: &str, b: &str) -> (Omaha, GerId) {
    let mut s = empty(5);
    let g = german(&mut s, "T-6", "C1", None);
    let x = us(&mut s, a, 0, rifle(Division::First));
    let y = us(&mut s, b, 0, rifle(Division::First));
    actions(&mut s, Division::First);
    let mut log = log();
    attack(&mut s, &mut log, "1113", &[x, y]);
    (s, g)
}

#[test]
fn t_8_22_flanking() {
    // 1114 and 1012 are both adjacent to 1113 and not to each other: FL met, 12 ≥ 2 → defeated;
    // T-6 is a 352nd unit and C1 has LOC, so it retreats (8.33).
    let (s, g) = flank("1114", "1012");
    assert_eq!(
        s.germans[usize::from(g)].loc,
        GerLoc::Pool(GerPool::Division)
    );
    assert!(!s.germans[usize::from(g)].revealed, "8.33: face-down");
    // 1114 and 1013 are adjacent to each other: FL not met → German disrupted only.
    let (s, g) = flank("1114", "1013");
    assert!(matches!(s.germans[usize::from(g)].loc, GerLoc::Slot(_)));
    assert!(s.germans[usize::from(g)].disrupted);
}

#[test]
fn t_8_27_tank_range() {
    // A tank joins from 4-5 hexes when under command; beyond 5 it cannot (8.11, 8.27).
    let mut s = empty(5);
    german(&mut s, "T-6", "C1", None);
    let target = hex(&s, "1113");
    let i = us(&mut s, "1114", 0, rifle(Division::First));
    leader(&mut s, "1114", UsCounter::Hq);
    let index = &s.data.index;
    let at = |d: u32| {
        (0..index.hexes.len() as HexId)
            .find(|&h| {
                index.distance(h, target) == d
                    && index.hexes[usize::from(h)].ground == Ground::High
                    && index.distance(h, hex(&s, "1114")) == d - 1
            })
            .map(|h| label_of(&s, h))
            .expect("a hex")
    };
    let (h4, h6) = (at(4), at(6));
    let near = us(&mut s, &h4, 0, |u| u.kind == UsKind::Tank);
    let far = us(&mut s, &h6, 0, |u| u.kind == UsKind::Tank);
    // Both tanks are commanded by the attacking infantry's HQ (8.1: an attacking infantry
    // unit under HQ command).
    actions(&mut s, Division::First);
    s.us[usize::from(near)].command = Division::First;
    s.us[usize::from(far)].command = Division::First;
    let mut log = log();
    play(&mut s, &mut log, OmahaAction::Attack { target });
    play(&mut s, &mut log, OmahaAction::AttackWith { unit: i });
    let offered = legal(&s);
    assert!(
        offered.contains(&OmahaAction::AttackWith { unit: near }),
        "{offered:?}"
    );
    assert!(!offered.contains(&OmahaAction::AttackWith { unit: far }));
    // "back" cancels: nothing is spent, the hex may still be attacked.
    play(&mut s, &mut log, OmahaAction::AttackBack);
    assert_eq!(
        s.step,
        Step::Actions {
            division: Division::First,
            left: 2,
            second: false
        }
    );
    assert!(!s.us[usize::from(i)].flags.has(UsFlags::ACTED));
    assert!(legal(&s).contains(&OmahaAction::Attack { target }));
}

/// 8.1, 8.13: with one action left, a tank beside the target would spend it, and the rifle
/// company that must open the attack could then no longer join: the tank alone is not
/// offered, so no answer leaves calling the attack off as the only way on. (A search bot
/// found the dead end: it declared, joined the tank, called off, and declared again for ever.)
#[test]
fn r8_1_no_joiner_leaves_an_attack_that_cannot_be_declared() {
    let mut s = empty(5);
    german(&mut s, "T-6", "C1", None);
    let target = hex(&s, "1113");
    let rifle = us(&mut s, "1114", 0, rifle(Division::First));
    let tank = us(&mut s, "1012", 0, |u| u.kind == UsKind::Tank);
    s.us[usize::from(tank)].command = Division::First;
    actions(&mut s, Division::First);
    s.step = Step::Actions {
        division: Division::First,
        left: 1,
        second: false,
    };
    let mut log = log();
    play(&mut s, &mut log, OmahaAction::Attack { target });
    let offered = legal(&s);
    assert!(
        offered.contains(&OmahaAction::AttackWith { unit: rifle }),
        "{offered:?}"
    );
    assert!(
        !offered.contains(&OmahaAction::AttackWith { unit: tank }),
        "{offered:?}"
    );
    // With two actions left the tank may go first: the rifle company can still follow.
    play(&mut s, &mut log, OmahaAction::AttackBack);
    s.step = Step::Actions {
        division: Division::First,
        left: 2,
        second: false,
    };
    play(&mut s, &mut log, OmahaAction::Attack { target });
    play(&mut s, &mut log, OmahaAction::AttackWith { unit: tank });
    let offered = legal(&s);
    assert!(
        offered.contains(&OmahaAction::AttackWith { unit: rifle }),
        "{offered:?}"
    );
    // Once the rifle company has joined, the attack may be declared.
    play(&mut s, &mut log, OmahaAction::AttackWith { unit: rifle });
    assert!(legal(&s).contains(&OmahaAction::AttackDeclared));
}

#[test]
fn t_8_33_retreat() {
    let mut s = empty(5);
    let mut log = log();
    // 352nd with LOC → Division box face-down; without LOC → eliminated.
    let g = german(&mut s, "T-5", "C1", Some("MD-2"));
    s.germans[usize::from(g)].revealed = true;
    crate::combat::defeat(&mut s, g, true, &mut log);
    assert_eq!(
        s.germans[usize::from(g)].loc,
        GerLoc::Pool(GerPool::Division)
    );
    assert!(!s.germans[usize::from(g)].revealed);
    assert!(
        s.germans[usize::from(g)].depth.is_none(),
        "its depth marker is removed"
    );
    assert!(s.depth.iter().all(|d| d.loc == DepthLoc::OutOfPlay));
    let g = german(&mut s, "T-7", "C1", None);
    crate::combat::defeat(&mut s, g, false, &mut log);
    assert_eq!(s.germans[usize::from(g)].loc, GerLoc::OutOfPlay);
    // 716th → eliminated even with LOC; WN unit → eliminated-WN pool.
    let g = german(&mut s, "T-1", "C1", None);
    crate::combat::defeat(&mut s, g, true, &mut log);
    assert_eq!(s.germans[usize::from(g)].loc, GerLoc::OutOfPlay);
    let g = german(&mut s, "WN-3", "WN64", None);
    crate::combat::defeat(&mut s, g, true, &mut log);
    assert_eq!(
        s.germans[usize::from(g)].loc,
        GerLoc::Pool(GerPool::EliminatedWn)
    );
    // The log never names a face-down unit.
    let mut s = empty(5);
    let g = german(&mut s, "T-8", "C1", None);
    let mut log2 = super::log();
    crate::combat::defeat(&mut s, g, true, &mut log2);
    assert!(!logged(&log2).contains("T-8"));
}

/// A tank 3 hexes from WN64 (blue), inside its fire field, on the beach or the flat.
fn barrage_setup(steps: u8) -> (Omaha, UsId, GerId, HexId) {
    let mut s = empty(5);
    let g = german(&mut s, "WN-3", "WN64", Some("WD-2"));
    s.germans[usize::from(g)].revealed = true;
    let target = hex(&s, "0915");
    let pos =
        s.data.index.slots[usize::from(s.data.index.slot_named("WN64").expect("WN64"))].position;
    let index = &s.data.index;
    let h = (0..index.hexes.len() as HexId)
        .find(|&h| {
            index.distance(h, target) == 3
                && matches!(
                    index.hexes[usize::from(h)].ground,
                    Ground::Beach | Ground::Flat
                )
                && crate::combat::in_field(&s, pos, h)
                && index.hexes[usize::from(h)].tide.is_none()
        })
        .expect("a hex of WN64's field at distance 3");
    let label = label_of(&s, h);
    let t = us(&mut s, &label, steps, |u| {
        u.kind == UsKind::Tank && u.division == Division::First
    });
    actions(&mut s, Division::First);
    (s, t, g, target)
}

/// A card showing (or not) blue and (or not) `symbol`.
fn card(s: &Omaha, blue: bool, symbol: crate::data::Symbol) -> u8 {
    (1..=54u8)
        .find(|&c| {
            s.data
                .card(c)
                .and_then(|c| c.fire.clone())
                .is_some_and(|f| {
                    f.icons
                        .iter()
                        .any(|i| i.colour == crate::data::Colour::Blue)
                        == blue
                        && (f.target == symbol) == blue
                })
        })
        .expect("a card")
}

#[test]
fn t_8_4_tank_barrage() {
    // Attack 2 (band 1–2), colour and symbol shown, depth marker → German disrupted only.
    let (mut s, t, g, target) = barrage_setup(1);
    let symbol = s.data.index.us[usize::from(t)].symbol.expect("symbol");
    let c = card(&s, true, symbol);
    stack(&mut s, &[c]);
    let mut log = log();
    play(&mut s, &mut log, OmahaAction::Barrage { unit: t, target });
    assert!(s.germans[usize::from(g)].disrupted);
    assert!(s.germans[usize::from(g)].depth.is_some());
    assert_eq!(
        s.step,
        Step::Actions {
            division: Division::First,
            left: 1,
            second: false
        }
    );
    // 8.41: a barraged hex may not be attacked this phase.
    assert!(!legal(&s).contains(&OmahaAction::Attack { target }));
    // Attack 6: disrupted and the depth marker removed (T4; our tanks have at most 4).
    assert_eq!(
        barrage_result(true, true, true, 6),
        BarrageResult::DisruptedAndDepthRemoved
    );
    // Neither colour nor symbol → no effect.
    let (mut s, t, g, target) = barrage_setup(0);
    let symbol = s.data.index.us[usize::from(t)].symbol.expect("symbol");
    let c = card(&s, false, symbol);
    stack(&mut s, &[c]);
    play(&mut s, &mut log, OmahaAction::Barrage { unit: t, target });
    assert!(!s.germans[usize::from(g)].disrupted);
    // 8.42: an unrevealed reinforcement unit can never be barraged.
    let (mut s, t, g, target) = barrage_setup(0);
    s.germans[usize::from(g)].loc = GerLoc::OutOfPlay;
    s.germans[usize::from(g)].depth = None;
    s.depth[1].loc = DepthLoc::OutOfPlay;
    let r = german(&mut s, "T-1", "WN64", None);
    assert!(!legal(&s).contains(&OmahaAction::Barrage { unit: t, target }));
    s.germans[usize::from(r)].revealed = true;
    assert!(legal(&s).contains(&OmahaAction::Barrage { unit: t, target }));
}

#[test]
fn t_8_5_naval_gunfire() {
    // 8.51: a 1-step company without RD, not under HQ command: the marker is not offered.
    let mut s = empty(5);
    s.naval_gunfire = 1;
    german(&mut s, "WN-2", "WN64", None);
    let target = hex(&s, "0915");
    let i = us(&mut s, "0914", 1, |u| {
        u.kind == UsKind::Infantry && u.reduced_weapons.first() == Some(&vec![Weapon::BG])
    });
    let division = s.us[usize::from(i)].command;
    actions(&mut s, division);
    let mut log = log();
    play(&mut s, &mut log, OmahaAction::Attack { target });
    play(&mut s, &mut log, OmahaAction::AttackWith { unit: i });
    play(&mut s, &mut log, OmahaAction::AttackDeclared);
    assert!(matches!(
        s.step,
        Step::Attack {
            stage: AttackStage::Confirm { naval: false },
            ..
        }
    ));
    play(&mut s, &mut log, OmahaAction::AttackBack);
    // With a radio (full strength): +9 and NA, AR, DE. WN-2 (3, DE NA): 6 + 9 = 15 ≥ 6 → defeated.
    let mut s = empty(5);
    s.naval_gunfire = 1;
    let g = german(&mut s, "WN-2", "WN64", None);
    let i = us(&mut s, "0914", 0, rifle(Division::First));
    actions(&mut s, Division::First);
    play(&mut s, &mut log, OmahaAction::Attack { target });
    play(&mut s, &mut log, OmahaAction::AttackWith { unit: i });
    play(&mut s, &mut log, OmahaAction::AttackDeclared);
    play(
        &mut s,
        &mut log,
        OmahaAction::NavalSupport { use_marker: true },
    );
    play(&mut s, &mut log, OmahaAction::AttackConfirm);
    assert_eq!(s.naval_gunfire, 0);
    assert_eq!(
        s.germans[usize::from(g)].loc,
        GerLoc::Pool(GerPool::EliminatedWn)
    );
    // 8.52: naval barrage on a hidden WN with a depth marker, spotted by infantry with a radio
    // in its fire field: disrupted, marker removed; 8.53: free, and the hex is not attacked.
    let mut s = empty(5);
    s.naval_gunfire = 1;
    let g = german(&mut s, "WN-4", "WN64", Some("WD-3"));
    let i = us(&mut s, "0914", 0, rifle(Division::First));
    actions(&mut s, Division::First);
    play(&mut s, &mut log, OmahaAction::NavalBarrage { target });
    let x = s.germans[usize::from(g)];
    assert!(x.disrupted && x.depth.is_none() && !x.revealed);
    assert_eq!(
        s.step,
        Step::Actions {
            division: Division::First,
            left: 2,
            second: false
        }
    );
    assert!(!legal(&s).contains(&OmahaAction::Attack { target }));
    assert!(!s.us[usize::from(i)].flags.has(UsFlags::ACTED));
    assert!(
        !logged(&log).contains("WN-4"),
        "8.52 never names a hidden unit"
    );
}

#[test]
fn r_8_1_artillery_needs_hq_and_range() {
    // Artillery joins only at range, under an HQ that also commands attacking infantry.
    let mut s = empty(5);
    german(&mut s, "T-6", "C1", None);
    let target = hex(&s, "1113");
    let i = us(&mut s, "1114", 0, rifle(Division::First));
    let art_hex = neighbours(&s, "1114")
        .into_iter()
        .find(|&n| s.data.index.distance(n, target) == 2)
        .expect("a hex");
    let label = label_of(&s, art_hex);
    let a = us(&mut s, &label, 0, |u| u.kind == UsKind::Artillery);
    s.us[usize::from(a)].command = Division::First;
    actions(&mut s, Division::First);
    let mut log = log();
    play(&mut s, &mut log, OmahaAction::Attack { target });
    play(&mut s, &mut log, OmahaAction::AttackWith { unit: i });
    assert!(
        !legal(&s).contains(&OmahaAction::AttackWith { unit: a }),
        "no HQ"
    );
    play(&mut s, &mut log, OmahaAction::AttackBack);
    // A General does not do (8.1: an HQ, not a General).
    let general = leader(&mut s, "1114", UsCounter::General);
    play(&mut s, &mut log, OmahaAction::Attack { target });
    play(&mut s, &mut log, OmahaAction::AttackWith { unit: i });
    assert!(!legal(&s).contains(&OmahaAction::AttackWith { unit: a }));
    play(&mut s, &mut log, OmahaAction::AttackBack);
    s.us[usize::from(general)].loc = UsLoc::OutOfPlay;
    let hq = leader(&mut s, "1114", UsCounter::Hq);
    play(&mut s, &mut log, OmahaAction::Attack { target });
    play(&mut s, &mut log, OmahaAction::AttackWith { unit: i });
    assert!(legal(&s).contains(&OmahaAction::AttackWith { unit: a }));
    play(&mut s, &mut log, OmahaAction::AttackBack);
    // AMB-13, 7.33: once the HQ has moved its command benefits end.
    s.us[usize::from(hq)].flags.set(UsFlags::ACTED, true);
    play(&mut s, &mut log, OmahaAction::Attack { target });
    play(&mut s, &mut log, OmahaAction::AttackWith { unit: i });
    assert!(!legal(&s).contains(&OmahaAction::AttackWith { unit: a }));
}

#[test]
fn r_8_15_no_attack_up_a_bluff_and_8_26_heavy_at_range() {
    // 0815 (flat) lies below WN64 across a bluff: infantry there may not attack (8.15).
    let mut s = empty(5);
    german(&mut s, "WN-3", "WN64", None);
    let target = hex(&s, "0915");
    let i = us(&mut s, "0815", 0, rifle(Division::First));
    actions(&mut s, Division::First);
    assert!(!legal(&s).contains(&OmahaAction::Attack { target }));
    // From 0914 (high ground) it may; a heavy company 2 hexes off on high ground joins at
    // range (8.26), and may join from below across the bluff beside it (8.15).
    s.us[usize::from(i)].loc = UsLoc::Hex(hex(&s, "0914"));
    let heavy = us(&mut s, "0814", 0, |u| {
        u.heavy && u.division == Division::First
    });
    actions(&mut s, Division::First);
    let mut log = log();
    play(&mut s, &mut log, OmahaAction::Attack { target });
    assert!(!legal(&s).contains(&OmahaAction::AttackWith { unit: heavy }));
    play(&mut s, &mut log, OmahaAction::AttackWith { unit: i });
    assert!(legal(&s).contains(&OmahaAction::AttackWith { unit: heavy }));
}

/// 8.16, AMB-14: a hex may be attacked once per Action Phase, each hex of a two-hex WN on its
/// own (8.32).
#[test]
fn r_8_16_once_per_hex_and_8_32_two_hex_wn() {
    // AMB-14: each hex of a two-hex WN is a separate target, attacked once per phase.
    let mut s = empty(5);
    let n = german(&mut s, "WN-7", "WN62N", None);
    let south = german(&mut s, "WN-9", "WN62S", None);
    let north_hex = hex(&s, "0812");
    let south_hex = hex(&s, "0912");
    let i = us(&mut s, "0811", 0, rifle(Division::First));
    let j = us(&mut s, "0913", 0, rifle(Division::First));
    actions(&mut s, Division::First);
    let mut log = log();
    attack(&mut s, &mut log, "0812", &[i]);
    // 8.32: the other hex is untouched.
    assert!(!s.germans[usize::from(south)].revealed);
    assert!(!s.germans[usize::from(south)].disrupted);
    assert!(s.germans[usize::from(n)].revealed);
    let offered = legal(&s);
    assert!(!offered.contains(&OmahaAction::Attack { target: north_hex }));
    assert!(offered.contains(&OmahaAction::Attack { target: south_hex }));
    let _ = j;
}

#[test]
fn r_8_13_pair_costs_one_and_8_3_us_disrupted() {
    // Two non-free infantry in one hex attack together for one action (7.21). Against WN-8
    // (3, AR NA DE) they lack NA: 12 ≥ 6 → German disrupted; against WN-2 with a hidden
    // depth marker a 1-step unit (2 vs 3, ≤) is disrupted and the German hidden again.
    let mut s = empty(5);
    german(&mut s, "WN-8", "WN64", None);
    let a = us(&mut s, "0914", 0, rifle(Division::First));
    let b = us(&mut s, "0914", 0, rifle(Division::First));
    actions(&mut s, Division::First);
    let mut log = log();
    let target = hex(&s, "0915");
    play(&mut s, &mut log, OmahaAction::Attack { target });
    assert!(legal(&s).contains(&OmahaAction::AttackWithPair { unit: a, with: b }));
    play(
        &mut s,
        &mut log,
        OmahaAction::AttackWithPair { unit: a, with: b },
    );
    play(&mut s, &mut log, OmahaAction::AttackDeclared);
    play(&mut s, &mut log, OmahaAction::AttackConfirm);
    assert_eq!(
        s.step,
        Step::Actions {
            division: Division::First,
            left: 1,
            second: false
        }
    );
    let mut s = empty(5);
    let g = german(&mut s, "WN-2", "WN64", Some("WD-4"));
    let a = us(&mut s, "0914", 1, rifle(Division::First));
    actions(&mut s, Division::First);
    attack(&mut s, &mut log, "0915", &[a]);
    assert!(!s.germans[usize::from(g)].revealed, "German hidden (T6)");
    assert!(s.germans[usize::from(g)].depth.is_some());
    assert!(s.us[usize::from(a)].flags.has(UsFlags::DISRUPTED));
    assert!(
        s.us[usize::from(a)].flags.has(UsFlags::DISRUPTED_NEW),
        "7.7: not removable this phase"
    );
    assert!(!legal(&s).contains(&OmahaAction::RemoveDisrupted { unit: a }));
}
