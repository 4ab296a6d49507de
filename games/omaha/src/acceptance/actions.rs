//! Rule 7, US actions: T-7.1, T-7.21, T-7.32, T-7.4 / 7.5 (basic) and T-7.6.

use super::fire::{add_depth, fire_card, place, position, put_wn, shows, single, steps};
use super::*;
use crate::action::OmahaAction;
use crate::data::{Colour, Division, Symbol, UsKind};
use crate::index::Ground;
use crate::state::Step;
use crate::tables::terrain::Crossing;
use overlord_engine::Game;

/// The Action Phase of `division` with `left` actions.
fn acting(s: &mut Omaha, division: Division, left: u8) {
    s.step = Step::Actions {
        division,
        left,
        second: true,
    };
}

fn left(s: &Omaha) -> u8 {
    match s.step {
        Step::Actions { left, .. } => left,
        step => panic!("not in the Action Phase: {step:?}"),
    }
}

/// The legal actions of one unit.
fn legal_for(s: &Omaha, unit: UsId) -> Vec<OmahaAction> {
    let mut all = Vec::new();
    s.legal_actions(&mut all);
    all.retain(|a| match *a {
        OmahaAction::Move { unit: u, .. }
        | OmahaAction::StartCliff { unit: u, .. }
        | OmahaAction::ContinueCliff { unit: u, .. }
        | OmahaAction::RemoveClimb { unit: u }
        | OmahaAction::RemoveDisrupted { unit: u } => u == unit,
        _ => false,
    });
    all
}

fn apply(s: &mut Omaha, action: OmahaAction) {
    if let Err(e) = Game::apply(s, action, &mut log()) {
        panic!("{action:?}: {e:?}");
    }
}

fn mv(unit: UsId, to: HexId) -> OmahaAction {
    OmahaAction::Move { unit, to }
}

fn pd(s: &Omaha, label: &str) -> (Ground, u32) {
    let h = &s.data.index.hexes[usize::from(hex(s, label))];
    (h.ground, h.protective_distance)
}

/// A new Action Phase on the next turn (V.0: markers of the last phase cleared).
fn next_turn(s: &mut Omaha, division: Division) {
    s.turn += 1;
    crate::actions::end_action_phase(s);
    crate::actions::start_action_phase(s);
    acting(s, division, 2);
}

#[test]
fn t_7_1_self_preservation() {
    let mut s = empty(2);
    let u = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[],
    );
    place(&mut s, u, "0336");
    // H = 0336, two hexes from a protective hex; H1 = 0335 (beach, 1); H2 = 0235 (beach, 2);
    // H3 = 0435 (high ground, 1).
    assert_eq!(pd(&s, "0336"), (Ground::Beach, 2));
    assert_eq!(pd(&s, "0335"), (Ground::Beach, 1));
    assert_eq!(pd(&s, "0235"), (Ground::Beach, 2));
    assert_eq!(pd(&s, "0435"), (Ground::High, 1));
    let (h1, h2, h3) = (hex(&s, "0335"), hex(&s, "0235"), hex(&s, "0435"));
    // No action left: only the self-preservation move remains.
    acting(&mut s, Division::TwentyNinth, 0);
    let legal = legal_for(&s, u);
    assert!(legal.contains(&mv(u, h1)));
    assert!(!legal.contains(&mv(u, h2)));
    assert!(!legal.contains(&mv(u, h3)));
    // With actions left: H1 is free, H2 an ordinary move.
    let mut free = s.clone();
    acting(&mut free, Division::TwentyNinth, 2);
    apply(&mut free, mv(u, h1));
    assert_eq!(left(&free), 2);
    let mut paid = s.clone();
    acting(&mut paid, Division::TwentyNinth, 2);
    apply(&mut paid, mv(u, h2));
    assert_eq!(left(&paid), 1);
    // On our map 0336 → 0435 climbs the Charlie cliffs: no move at all. (Elsewhere a beach
    // hex next to a non-beach hex shares its protective hexside, so no beach hex has a closer
    // non-beach neighbour that infantry may enter.)
    assert_eq!(
        crate::movement::crossing(&s, u, hex(&s, "0336"), h3),
        Crossing::Prohibited
    );
}

#[test]
fn t_7_21_group_cost() {
    let mut s = empty(2);
    let a = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[],
    );
    let b = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[a],
    );
    let ranger = find(
        &s,
        Division::TwentyNinth,
        UsKind::Ranger,
        Symbol::Circle,
        &[],
    );
    // Flat hexes, away from any German position.
    let (to, elsewhere) = (hex(&s, "0630"), hex(&s, "0732"));
    place(&mut s, a, "0731");
    place(&mut s, b, "0731");
    acting(&mut s, Division::TwentyNinth, 2);
    let base = s.clone();
    // Two units to the same hex, neither free: one action.
    let pair = OmahaAction::MovePair {
        unit: a.min(b),
        with: a.max(b),
        to,
    };
    apply(&mut s, pair);
    assert_eq!(left(&s), 1);
    for u in [a, b] {
        assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(to));
        assert!(s.us[usize::from(u)].flags.has(UsFlags::ACTED));
    }
    // To different hexes: two actions.
    let mut s = base.clone();
    apply(&mut s, mv(a, to));
    apply(&mut s, mv(b, elsewhere));
    assert_eq!(left(&s), 0);
    // A Ranger with an infantry unit: one action between them (AMB-73); the Ranger alone: none.
    let mut s = base.clone();
    s.us[usize::from(b)].loc = UsLoc::OutOfPlay;
    place(&mut s, ranger, "0731");
    apply(&mut s, mv(ranger, to));
    assert_eq!(left(&s), 2, "the Ranger alone is free");
    apply(&mut s, mv(a, to));
    assert_eq!(left(&s), 1);
}

/// T-7.32: orange WN62 occupied (WN62N, 0812), no depth unless `depth`; a ◆ infantry unit moves
/// from 0911 to 0811 (both adjacent to and in WN62's field) and `card` is drawn.
fn infiltration(card: u8, depth: bool, data: Option<Arc<OmahaData>>) -> (Omaha, UsId) {
    let mut s = empty(2);
    if let Some(data) = data {
        s.data = data;
    }
    let g = put_wn(&mut s, "WN62N");
    if depth {
        add_depth(&mut s, g);
    }
    let u = find(&s, Division::First, UsKind::Infantry, Symbol::Diamond, &[]);
    place(&mut s, u, "0911");
    acting(&mut s, Division::First, 2);
    stack(&mut s, &[card]);
    let draws = s.draws;
    let to = hex(&s, "0811");
    apply(&mut s, mv(u, to));
    assert_eq!(s.draws, draws + 1, "a Fire card is drawn for the move");
    (s, u)
}

#[test]
fn t_7_32_infiltration() {
    let s = empty(2);
    let wn62 = position(&s, "WN62");
    for label in ["0911", "0811"] {
        let h = hex(&s, label);
        assert!(
            s.data.index.hexes[usize::from(h)]
                .fire
                .iter()
                .any(|&(p, _)| p == wn62)
        );
        let adjacent = s.data.index.positions[usize::from(wn62)]
            .slots
            .iter()
            .map(|&sl| s.data.index.slots[usize::from(sl)].hex)
            .any(|wn_hex| {
                s.data.index.hexes[usize::from(wn_hex)]
                    .neighbours
                    .contains(&h)
            });
        assert!(adjacent, "{label} is adjacent to WN62");
    }
    let (from, to) = (hex(&s, "0911"), hex(&s, "0811"));
    // Orange single + ◆: the unit loses a step, then chooses.
    let card = fire_card(&s, |f| {
        single(f, Colour::Orange) && f.target == Symbol::Diamond
    });
    let (lost, u) = infiltration(card, false, None);
    assert_eq!(steps(&lost, u), 2);
    assert!(matches!(lost.step, Step::Infiltration { .. }));
    let mut go = lost.clone();
    apply(&mut go, OmahaAction::CompleteInfiltration { go: true });
    assert_eq!(go.us[usize::from(u)].loc, UsLoc::Hex(to));
    let mut stay = lost;
    apply(&mut stay, OmahaAction::CompleteInfiltration { go: false });
    assert_eq!(stay.us[usize::from(u)].loc, UsLoc::Hex(from));
    for s in [&go, &stay] {
        assert_eq!(left(s), 1, "the action is spent either way");
        assert!(legal_for(s, u).is_empty());
    }
    // Orange double + ◆: no loss without a depth marker, a loss with one. Our deck has no
    // such card: one is written into a clone of the data (an orange-double card made ◆).
    let mut data = data();
    let double = fire_card(&s, |f| shows(f, Colour::Orange) == Some(true));
    let fire = Arc::make_mut(&mut data)
        .cards
        .iter_mut()
        .find(|c| c.number == double)
        .and_then(|c| c.fire.as_mut())
        .expect("card");
    fire.target = Symbol::Diamond;
    let (s1, u) = infiltration(double, false, Some(Arc::clone(&data)));
    assert_eq!(
        (steps(&s1, u), s1.us[usize::from(u)].loc),
        (3, UsLoc::Hex(to))
    );
    let (s2, u) = infiltration(double, true, Some(data));
    assert_eq!(steps(&s2, u), 2);
    // Orange with ▲, or a ◆ card without orange: no loss.
    let triangle = fire_card(&s, |f| {
        single(f, Colour::Orange) && f.target == Symbol::Triangle
    });
    let no_orange = fire_card(&s, |f| {
        shows(f, Colour::Orange).is_none() && f.target == Symbol::Diamond
    });
    for card in [triangle, no_orange] {
        let (s, u) = infiltration(card, false, None);
        assert_eq!(
            (steps(&s, u), s.us[usize::from(u)].loc),
            (3, UsLoc::Hex(to)),
            "card {card}"
        );
        assert_eq!(left(&s), 1);
    }
    // An HQ alone may not make the same move; without the German unit it may.
    let mut s = empty(2);
    let hq = unit(&s, "16 HQ");
    place(&mut s, hq, "0911");
    acting(&mut s, Division::First, 2);
    assert!(legal_for(&s, hq).contains(&mv(hq, to)));
    put_wn(&mut s, "WN62N");
    assert!(
        !legal_for(&s, hq).contains(&mv(hq, to)),
        "7.32: no infiltration alone"
    );
}

/// T-7.4 / 7.5: climbing a bluff (Climb marker, then its free removal; 7.41: an HQ crosses in
/// one action without a marker) and a scalable cliff; 7.51: a unit starting the Action Phase
/// with Climb Cliff takes one free action, either going on up or removing the marker and staying.
#[test]
fn t_7_4_7_5_climbing() {
    // Bluff: 0704 (beach) → 0804 (high ground).
    let mut s = empty(2);
    let u = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    place(&mut s, u, "0704");
    let top = hex(&s, "0804");
    assert_eq!(
        crate::movement::crossing(&s, u, hex(&s, "0704"), top),
        Crossing::Climb
    );
    acting(&mut s, Division::First, 2);
    apply(&mut s, mv(u, top));
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(top));
    assert!(s.us[usize::from(u)].flags.has(UsFlags::CLIMB));
    assert_eq!(left(&s), 1);
    // Turn t+1: the only action is the free removal of Climb.
    next_turn(&mut s, Division::First);
    let mut disrupted = s.clone();
    assert_eq!(legal_for(&s, u), vec![OmahaAction::RemoveClimb { unit: u }]);
    apply(&mut s, OmahaAction::RemoveClimb { unit: u });
    assert!(!s.us[usize::from(u)].flags.has(UsFlags::CLIMB));
    assert_eq!(left(&s), 2);
    // Climb and Disrupted: only the free removal of Disrupted; Climb stays.
    disrupted.us[usize::from(u)]
        .flags
        .set(UsFlags::DISRUPTED, true);
    assert_eq!(
        legal_for(&disrupted, u),
        vec![OmahaAction::RemoveDisrupted { unit: u }]
    );
    apply(&mut disrupted, OmahaAction::RemoveDisrupted { unit: u });
    assert!(disrupted.us[usize::from(u)].flags.has(UsFlags::CLIMB));
    assert_eq!(left(&disrupted), 2);
    // 7.41: an HQ crosses the bluff in one (free) action, without a Climb marker.
    let mut s = empty(2);
    let hq = unit(&s, "16 HQ");
    place(&mut s, hq, "0704");
    acting(&mut s, Division::First, 2);
    apply(&mut s, mv(hq, top));
    assert_eq!(s.us[usize::from(hq)].loc, UsLoc::Hex(top));
    assert!(!s.us[usize::from(hq)].flags.has(UsFlags::CLIMB));
    assert_eq!(left(&s), 2);

    // Cliff: 0334 (beach) → 0434 (high ground).
    let mut s = empty(2);
    let u = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[],
    );
    place(&mut s, u, "0334");
    let (foot, top) = (hex(&s, "0334"), hex(&s, "0434"));
    acting(&mut s, Division::TwentyNinth, 2);
    let start = OmahaAction::StartCliff {
        unit: u,
        toward: top,
    };
    assert!(legal_for(&s, u).contains(&start));
    assert!(!legal_for(&s, u).contains(&mv(u, top)));
    let mut ranger_state = s.clone();
    // Turn t: Climb Cliff placed, no movement; it costs an action.
    apply(&mut s, start);
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(foot));
    assert!(s.us[usize::from(u)].flags.has(UsFlags::CLIMB_CLIFF));
    assert_eq!(left(&s), 1);
    // Turn t+1: continue (free: move across, Climb Cliff becomes Climb) or give up and stay.
    next_turn(&mut s, Division::TwentyNinth);
    let cont = OmahaAction::ContinueCliff { unit: u, to: top };
    let legal = legal_for(&s, u);
    assert!(legal.contains(&cont));
    assert!(legal.contains(&OmahaAction::RemoveClimb { unit: u }));
    assert!(legal.iter().all(|a| matches!(
        a,
        OmahaAction::ContinueCliff { .. } | OmahaAction::RemoveClimb { .. }
    )));
    let mut abandon = s.clone();
    apply(&mut abandon, OmahaAction::RemoveClimb { unit: u });
    assert_eq!(abandon.us[usize::from(u)].loc, UsLoc::Hex(foot));
    assert!(!abandon.us[usize::from(u)].flags.has(UsFlags::CLIMB_CLIFF));
    assert_eq!(left(&abandon), 2);
    apply(&mut s, cont);
    let flags = s.us[usize::from(u)].flags;
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(top));
    assert!(flags.has(UsFlags::CLIMB) && !flags.has(UsFlags::CLIMB_CLIFF));
    assert_eq!(left(&s), 2);
    // Turn t+2: the free removal of Climb.
    next_turn(&mut s, Division::TwentyNinth);
    assert_eq!(legal_for(&s, u), vec![OmahaAction::RemoveClimb { unit: u }]);
    apply(&mut s, OmahaAction::RemoveClimb { unit: u });
    assert!(!s.us[usize::from(u)].flags.has(UsFlags::CLIMB));
    assert_eq!(left(&s), 2);
    // A free-eligible unit (a Ranger) starts the climb for no action.
    let ranger = find(
        &ranger_state,
        Division::TwentyNinth,
        UsKind::Ranger,
        Symbol::Circle,
        &[],
    );
    ranger_state.us[usize::from(u)].loc = UsLoc::OutOfPlay;
    place(&mut ranger_state, ranger, "0334");
    apply(
        &mut ranger_state,
        OmahaAction::StartCliff {
            unit: ranger,
            toward: top,
        },
    );
    assert_eq!(left(&ranger_state), 2);
}

/// Two units of `division` and kind `kind` in `label`, the lower id first.
fn two(s: &mut Omaha, division: Division, kind: UsKind, label: &str) -> (UsId, UsId) {
    let a = find(s, division, kind, Symbol::Diamond, &[]);
    let b = find(s, division, kind, Symbol::Diamond, &[a]);
    place(s, a, label);
    place(s, b, label);
    (a.min(b), a.max(b))
}

/// 7.21 with 7.4 and 7.5: two units of one hex crossing a bluff together, or starting a cliff
/// climb together, spend one action between them; each gets its marker.
#[test]
fn r7_21_pairs_cross_a_bluff_and_start_a_cliff_for_one_action() {
    // Bluff: 0704 (beach) to 0804 (high ground).
    let mut s = empty(2);
    let (a, b) = two(&mut s, Division::First, UsKind::Infantry, "0704");
    let top = hex(&s, "0804");
    acting(&mut s, Division::First, 2);
    let pair = OmahaAction::MovePair {
        unit: a,
        with: b,
        to: top,
    };
    assert!(legal(&s).contains(&pair), "{:?}", legal(&s));
    apply(&mut s, pair);
    for u in [a, b] {
        assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(top));
        assert!(s.us[usize::from(u)].flags.has(UsFlags::CLIMB));
    }
    assert_eq!(left(&s), 1);
    // Cliff: 0334 (beach) toward 0434 (high ground); 29th Division.
    let mut s = empty(2);
    let (a, b) = two(&mut s, Division::TwentyNinth, UsKind::Infantry, "0334");
    let (foot, top) = (hex(&s, "0334"), hex(&s, "0434"));
    acting(&mut s, Division::TwentyNinth, 2);
    let start = OmahaAction::StartCliffPair {
        unit: a,
        with: b,
        toward: top,
    };
    assert!(legal(&s).contains(&start), "{:?}", legal(&s));
    apply(&mut s, start);
    for u in [a, b] {
        assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(foot));
        assert!(s.us[usize::from(u)].flags.has(UsFlags::CLIMB_CLIFF));
    }
    assert_eq!(left(&s), 1);
}

/// 7.21 with 7.32: a pair infiltrating draws one Fire card; each unit whose symbol it shows
/// loses a step, and the player completes the move, or stays, for both (one action either way).
#[test]
fn r7_21_r7_32_a_pair_infiltrates_on_one_card() {
    let mut s = empty(2);
    put_wn(&mut s, "WN62N");
    let (a, b) = two(&mut s, Division::First, UsKind::Infantry, "0911");
    let (from, to) = (hex(&s, "0911"), hex(&s, "0811"));
    acting(&mut s, Division::First, 2);
    let card = fire_card(&s, |f| {
        single(f, Colour::Orange) && f.target == Symbol::Diamond
    });
    stack(&mut s, &[card]);
    let pair = OmahaAction::MovePair {
        unit: a,
        with: b,
        to,
    };
    assert!(legal(&s).contains(&pair), "{:?}", legal(&s));
    let draws = s.draws;
    apply(&mut s, pair);
    assert_eq!(s.draws, draws + 1, "one card for the pair");
    assert_eq!((steps(&s, a), steps(&s, b)), (2, 2));
    assert!(matches!(s.step, Step::Infiltration { with: Some(_), .. }));
    let mut stay = s.clone();
    apply(&mut s, OmahaAction::CompleteInfiltration { go: true });
    apply(&mut stay, OmahaAction::CompleteInfiltration { go: false });
    for u in [a, b] {
        assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(to));
        assert_eq!(stay.us[usize::from(u)].loc, UsLoc::Hex(from));
    }
    assert_eq!((left(&s), left(&stay)), (1, 1));
}

/// 7.32: an HQ or a General never infiltrates alone, but does with another unit: the pair is
/// offered (and only for the infiltration: other moves it makes alone, for free).
#[test]
fn r7_32_leaders_infiltrate_together_with_another_unit() {
    for name in ["16 HQ", "Cota"] {
        let mut s = empty(2);
        put_wn(&mut s, "WN62N");
        let leader = unit(&s, name);
        let u = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
        place(&mut s, leader, "0911");
        place(&mut s, u, "0911");
        s.us[usize::from(leader)].command = Division::First;
        let to = hex(&s, "0811");
        acting(&mut s, Division::First, 2);
        assert!(!legal_for(&s, leader).contains(&mv(leader, to)), "{name}");
        let pair = OmahaAction::MovePair {
            unit: leader.min(u),
            with: leader.max(u),
            to,
        };
        let list = legal(&s);
        assert!(list.contains(&pair), "{name}: {list:?}");
        assert!(
            !list.iter().any(
                |a| matches!(a, OmahaAction::MovePair { to: t, .. } if *t != to
                && crate::movement::infiltrators(&s, hex(&s, "0911"), *t) == 0)
            ),
            "{name}: no pair for a move the leader makes alone"
        );
        let no_orange = fire_card(&s, |f| shows(f, Colour::Orange).is_none());
        stack(&mut s, &[no_orange]);
        let draws = s.draws;
        apply(&mut s, pair);
        assert_eq!(s.draws, draws + 1, "{name}: the infiltration's card");
        for x in [leader, u] {
            assert_eq!(s.us[usize::from(x)].loc, UsLoc::Hex(to), "{name}");
        }
        assert_eq!(left(&s), 1, "{name}: the unit pays, the leader is free");
    }
}

/// T-7.6: three units in a hex at the end of the Action Phase; 7.61: the HQ and the Hero do not
/// count; 7.63: the player eliminates one unit of his choice to comply.
#[test]
fn t_7_6_stacking() {
    // Three units, a Hero (with one of them) and an HQ in one hex at the end of the Action
    // Phase.
    let mut s = empty(2);
    let a = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    let b = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[a]);
    let c = find(
        &s,
        Division::First,
        UsKind::Infantry,
        Symbol::Circle,
        &[a, b],
    );
    let hq = unit(&s, "16 HQ");
    for u in [a, b, c, hq] {
        place(&mut s, u, "0911");
    }
    s.heroes[0].loc = crate::state::HeroLoc::On(a);
    s.step = Step::Stacking;
    s.run(&mut log());
    assert_eq!(s.step, Step::Stacking, "the player must choose");
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    let choices: Vec<UsId> = legal
        .iter()
        .filter_map(|x| match *x {
            OmahaAction::EliminateForStacking { unit } => Some(unit),
            _ => None,
        })
        .collect();
    assert_eq!(
        choices,
        vec![a, b, c],
        "the HQ does not count and cannot be chosen"
    );
    apply(&mut s, OmahaAction::EliminateForStacking { unit: b });
    assert_eq!(s.us[usize::from(b)].loc, UsLoc::Eliminated);
    assert!(crate::actions::overstacked_hex(&s).is_none());
    assert_ne!(s.step, Step::Stacking);
    for u in [a, c, hq] {
        assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(hex(&s, "0911")));
    }
    assert_eq!(s.heroes[0].loc, crate::state::HeroLoc::On(a));
}
