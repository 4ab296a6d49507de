//! Rule 5: T-5.1, T-5.2, T-5.11, T-5.14, T-5.21, and 5.21's open sea.

use super::*;
use crate::data::{Division, Sector, Symbol, UsKind};
use crate::state::Step;

#[test]
fn t_5_1_landing_check_example() {
    let mut s = empty(2);
    // The card "◆B ▲A ●D" (card 5 of our deck).
    let card = (1..=54u8).find(|&c| {
        let l = s
            .data
            .card(c)
            .and_then(|c| c.landing.clone())
            .expect("landing");
        format!("{:?}{:?}{:?}", l.diamond, l.triangle, l.circle) == "BAD"
    });
    let card = card.expect("a card ◆B ▲A ●D");
    stack(&mut s, &[card]);
    let u1 = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Diamond,
        &[],
    );
    let u2 = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[],
    );
    let u3 = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[u2],
    );
    let u4 = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Triangle,
        &[],
    );
    let dw2 = landing_box(&s, "DW2");
    let dr2 = landing_box(&s, "DR2");
    for (u, b) in [(u1, dw2), (u2, dw2), (u3, dr2), (u4, dr2)] {
        s.us[usize::from(u)].loc = UsLoc::Box(b);
    }
    let mut log = log();
    crate::landing::check(&mut s, Sector::West, &mut log);
    // ◆ → B: drift 2 East; ▲ → A: drift 4 East; ● → D: no effect.
    assert_eq!(s.us[usize::from(u1)].loc, UsLoc::Box(dw2 - 2));
    assert_eq!(s.us[usize::from(u4)].loc, UsLoc::Box(dr2 - 4));
    assert_eq!(s.us[usize::from(u2)].loc, UsLoc::Box(dw2));
    assert_eq!(s.us[usize::from(u3)].loc, UsLoc::Box(dr2));
    assert_eq!(s.step, Step::Land);
    crate::landing::land(&mut s, &mut log);
    let low = |b: BoxId| s.data.index.boxes[usize::from(b)].land[0].expect("low hex");
    assert_eq!(
        s.us[usize::from(u1)].loc,
        UsLoc::Hex(low(dw2 - 2)),
        "drifted units land from their new box"
    );
    assert_eq!(s.us[usize::from(u2)].loc, UsLoc::Hex(low(dw2)));
}

#[test]
fn t_5_2_tide_landing_hexes() {
    for (turn, label) in [(3, "0513"), (10, "0613"), (18, "0714")] {
        let mut s = empty(turn);
        let u = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
        s.us[usize::from(u)].loc = UsLoc::Box(landing_box(&s, "ER1"));
        crate::landing::land(&mut s, &mut log());
        assert_eq!(
            s.us[usize::from(u)].loc,
            UsLoc::Hex(hex(&s, label)),
            "turn {turn}"
        );
    }
}

#[test]
fn t_5_11_drift_off_the_line_and_high_tide() {
    // Easternmost box, drift 1 East on turn 5: Turn track 7.
    let mut s = empty(5);
    let u = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    s.us[usize::from(u)].loc = UsLoc::Box(0);
    let card = (1..=54u8)
        .find(|&c| {
            s.data
                .card(c)
                .and_then(|c| c.landing.clone())
                .is_some_and(|l| format!("{:?}", l.circle) == "B")
        })
        .expect("a card with ●B");
    stack(&mut s, &[card]);
    crate::landing::check(&mut s, Sector::East, &mut log());
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Track(7));
    // High tide: drifting into a box without a high-tide hex delays two turns (AMB-03).
    let mut s = empty(17);
    s.us[usize::from(u)].loc = UsLoc::Box(landing_box(&s, "CH1"));
    let mut log = log();
    crate::landing::ranger_drift(&mut s, Sector::West, u, 0, &mut log);
    s.us[usize::from(u)].loc = UsLoc::Box(landing_box(&s, "CH2"));
    crate::landing::land(&mut s, &mut log);
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Track(19));
}

#[test]
fn t_5_14_mines() {
    let mine_card = (1..=54u8)
        .find(|&c| {
            empty(9)
                .data
                .card(c)
                .and_then(|c| c.landing.clone())
                .is_some_and(|l| l.mine)
        })
        .expect("a mine card");
    // Turn 9: two East units, one lands in uncleared 0614... our ER2 lands in 0615, ER1 in 0613.
    let mut s = empty(9);
    let a = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    let b = find(&s, Division::First, UsKind::Infantry, Symbol::Diamond, &[]);
    let (er1, er2) = (landing_box(&s, "ER1"), landing_box(&s, "ER2"));
    s.us[usize::from(a)].loc = UsLoc::Box(er2);
    s.us[usize::from(b)].loc = UsLoc::Box(er1);
    s.set_cleared(hex(&s, "0613"));
    for u in [a, b] {
        s.us[usize::from(u)].flags.set(UsFlags::CHECKED_EAST, true);
    }
    let candidates = crate::landing::mine_candidates(&s, Sector::East, mine_card);
    assert_eq!(
        candidates,
        vec![a],
        "only the unit landing in the uncleared hex"
    );
    // Turn 4 (Low) and turn 23: no check.
    for turn in [4, 23] {
        let mut s2 = s.clone();
        s2.turn = turn;
        assert!(
            crate::landing::mine_candidates(&s2, Sector::East, mine_card).is_empty(),
            "turn {turn}"
        );
    }
    // An HQ alone: no loss, delayed two turns.
    let mut s = empty(9);
    let hq = unit(&s, "16 HQ");
    s.us[usize::from(hq)].loc = UsLoc::Box(er2);
    let hq_card = mine_card;
    stack(&mut s, &[hq_card]);
    crate::landing::check(&mut s, Sector::East, &mut log());
    assert_eq!(s.us[usize::from(hq)].loc, UsLoc::Track(11));
    // A General alone: nothing.
    let mut s = empty(9);
    let general = unit(&s, "Wyman");
    s.us[usize::from(general)].loc = UsLoc::Box(er2);
    stack(&mut s, &[mine_card]);
    crate::landing::check(&mut s, Sector::East, &mut log());
    assert_eq!(s.us[usize::from(general)].loc, UsLoc::Box(er2));
}

#[test]
fn t_5_21_tide_drowning() {
    // End of turn 7: a unit on a low-tide hex drowns, one with a Climb marker survives.
    let mut s = empty(7);
    let a = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    let b = find(&s, Division::First, UsKind::Infantry, Symbol::Diamond, &[]);
    s.us[usize::from(a)].loc = UsLoc::Hex(hex(&s, "0513"));
    s.us[usize::from(b)].loc = UsLoc::Hex(hex(&s, "0515"));
    s.us[usize::from(b)].flags.set(UsFlags::CLIMB, true);
    crate::turn::drown(&mut s, &mut log());
    assert_eq!(s.us[usize::from(a)].loc, UsLoc::Eliminated);
    assert_eq!(s.us[usize::from(b)].loc, UsLoc::Hex(hex(&s, "0515")));
    // End of turn 16: mid-tide hexes are under water.
    let mut s = empty(16);
    s.us[usize::from(a)].loc = UsLoc::Hex(hex(&s, "0613"));
    crate::turn::drown(&mut s, &mut log());
    assert_eq!(s.us[usize::from(a)].loc, UsLoc::Eliminated);
    // Turn 8: no move into a low-tide hex.
    let mut s = empty(8);
    s.us[usize::from(a)].loc = UsLoc::Hex(hex(&s, "0613"));
    s.step = Step::Actions {
        division: Division::First,
        left: 2,
        second: true,
    };
    let mut legal = Vec::new();
    crate::actions::legal(&s, Division::First, 2, &mut legal);
    let low = hex(&s, "0513");
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, crate::action::OmahaAction::Move { to, .. } if *to == low))
    );
}

#[test]
fn r5_21_the_open_sea_is_never_entered_nor_survived() {
    // Turn 2, Low Tide: 0420 is on the low-tide line; 0419 (and 0320, 0321) beyond it are open
    // sea with no tide line (the Terrain Effects Chart has no row for them).
    let mut s = empty(2);
    let a = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    let from = hex(&s, "0420");
    s.us[usize::from(a)].loc = UsLoc::Hex(from);
    let sea: Vec<HexId> = s.data.index.hexes[usize::from(from)]
        .neighbours
        .iter()
        .copied()
        .filter(|&h| {
            let info = &s.data.index.hexes[usize::from(h)];
            info.ground == crate::index::Ground::Sea && info.tide.is_none()
        })
        .collect();
    assert!(sea.contains(&hex(&s, "0419")), "{sea:?}");
    s.step = Step::Actions {
        division: Division::First,
        left: 2,
        second: true,
    };
    let mut legal = Vec::new();
    crate::actions::legal(&s, Division::First, 2, &mut legal);
    let moves: Vec<HexId> = legal
        .iter()
        .filter_map(|x| match *x {
            crate::action::OmahaAction::Move { unit, to } if unit == a => Some(to),
            _ => None,
        })
        .collect();
    assert!(
        moves.contains(&hex(&s, "0421")),
        "the low-tide line is open"
    );
    assert!(!moves.iter().any(|h| sea.contains(h)), "{moves:?}");
    // The extended game's two-hex moves neither enter nor cross it.
    let mut t = s.clone();
    t.turn = 28;
    let paths = crate::moves_extended::two_hex_paths(&t, a);
    assert!(!paths.is_empty());
    assert!(
        !paths
            .iter()
            .any(|p| p.hexes.iter().any(|h| sea.contains(h))),
        "{paths:?}"
    );
    // A unit found there at the end of a Low Tide turn is lost (5.21).
    s.us[usize::from(a)].loc = UsLoc::Hex(hex(&s, "0419"));
    crate::turn::drown(&mut s, &mut log());
    assert_eq!(s.us[usize::from(a)].loc, UsLoc::Eliminated);
}

/// P-LEADER-FOLLOW fixture: turn 2, the card "◆B ▲A ●D" on top (drift 2 East for ◆ 29th
/// infantry, 4 East for ▲, nothing for ●), and 116 HQ in DR2 with the units `symbols`.
fn follow_state(symbols: &[Symbol]) -> (Omaha, UsId, Vec<UsId>) {
    let mut s = empty(2);
    let card = (1..=54u8)
        .find(|&c| {
            s.data
                .card(c)
                .and_then(|c| c.landing.clone())
                .is_some_and(|l| format!("{:?}{:?}{:?}", l.diamond, l.triangle, l.circle) == "BAD")
        })
        .expect("a card ◆B ▲A ●D");
    stack(&mut s, &[card]);
    let dr2 = landing_box(&s, "DR2");
    let hq = unit(&s, "116 HQ");
    s.us[usize::from(hq)].loc = UsLoc::Box(dr2);
    let mut units = Vec::new();
    for &symbol in symbols {
        let u = find(&s, Division::TwentyNinth, UsKind::Infantry, symbol, &units);
        s.us[usize::from(u)].loc = UsLoc::Box(dr2);
        units.push(u);
    }
    (s, hq, units)
}

/// Where the log says `unit` landed (5.2).
fn landed(log: &OmahaLog, unit: UsId) -> Option<HexId> {
    log.entries().iter().find_map(|e| match e.event {
        crate::action::OmahaEvent::Landed { unit: u, hex } if u == unit => Some(hex),
        _ => None,
    })
}

#[test]
fn p_leader_follow_5_12_leader_follows_a_drifting_unit() {
    use crate::action::OmahaAction::LeaderFollows;
    // Two units drift out of the HQ's box: it may follow either (which one) or stay.
    let (mut s, hq, units) = follow_state(&[Symbol::Diamond, Symbol::Triangle]);
    let [diamond, triangle] = units[..] else {
        panic!("two units")
    };
    let dr2 = landing_box(&s, "DR2");
    let mut log = log();
    crate::landing::check(&mut s, Sector::West, &mut log);
    assert_eq!(s.us[usize::from(diamond)].loc, UsLoc::Box(dr2 - 2));
    assert_eq!(s.us[usize::from(triangle)].loc, UsLoc::Box(dr2 - 4));
    assert_eq!(
        s.step,
        Step::LeaderFollow {
            sector: Sector::West,
            leader: hq
        }
    );
    // In the order they drifted: the check goes through a box's units by id (5.1).
    let (first, second) = (diamond.min(triangle), diamond.max(triangle));
    assert_eq!(
        legal(&s),
        vec![
            LeaderFollows { unit: Some(first) },
            LeaderFollows { unit: Some(second) },
            LeaderFollows { unit: None },
        ]
    );
    let prompt = overlord_engine::Game::prompt(&s);
    assert_eq!((prompt.name, prompt.rule.0), ("leader_follow", "5.12"));
    let anchors = overlord_engine::Game::anchors(
        &s,
        &LeaderFollows {
            unit: Some(triangle),
        },
    );
    assert_eq!(anchors.units, vec![u32::from(hq), u32::from(triangle)]);
    let picture = overlord_engine::Game::text_picture(&s, overlord_engine::Viewer::Spectator)
        .expect("picture");
    assert!(
        picture.contains("P-LEADER-FOLLOW (5.12): 116 HQ in DR2"),
        "{picture}"
    );
    // The HQ goes with the ▲ unit: both land from DR2 - 4 (5.2).
    let stay = s.clone();
    let _ = overlord_engine::Game::apply(
        &mut s,
        LeaderFollows {
            unit: Some(triangle),
        },
        &mut log,
    )
    .expect("legal");
    let low = |s: &Omaha, b: BoxId| s.data.index.boxes[usize::from(b)].land[0].expect("low hex");
    assert_eq!(landed(&log, hq), Some(low(&s, dr2 - 4)));
    assert_eq!(landed(&log, triangle), Some(low(&s, dr2 - 4)));
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule.0 == "5.12" && e.text.starts_with("P-LEADER-FOLLOW"))
    );
    // Or it stays: it lands from DR2.
    let (mut s, mut log) = (stay, self::log());
    let _ = overlord_engine::Game::apply(&mut s, LeaderFollows { unit: None }, &mut log)
        .expect("legal");
    assert_eq!(landed(&log, hq), Some(low(&s, dr2)));
}

#[test]
fn p_leader_follow_5_12_no_prompt_without_a_drift() {
    // ● → D: no effect, nothing drifts: no prompt, the check goes on to the landing.
    let (mut s, hq, _) = follow_state(&[Symbol::Circle]);
    crate::landing::check(&mut s, Sector::West, &mut log());
    assert_eq!(s.step, Step::Land);
    assert_eq!(
        s.us[usize::from(hq)].loc,
        UsLoc::Box(landing_box(&s, "DR2"))
    );
    assert!(s.follow.is_empty());
    // A unit drifting out of another box asks nothing of this HQ.
    let (mut s, hq, _) = follow_state(&[]);
    let other = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Diamond,
        &[],
    );
    s.us[usize::from(other)].loc = UsLoc::Box(landing_box(&s, "DW2"));
    crate::landing::check(&mut s, Sector::West, &mut log());
    assert_eq!(s.step, Step::Land);
    assert_eq!(
        s.us[usize::from(hq)].loc,
        UsLoc::Box(landing_box(&s, "DR2"))
    );
}
