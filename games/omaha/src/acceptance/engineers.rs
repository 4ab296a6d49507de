//! Rule 10, engineer demolitions: T-10.1 and T-10.11.

use super::fire::{fire_card, put_wn, shows};
use super::*;
use crate::data::{Colour, Division, Sector, Symbol, UsKind};
use crate::engineers::{clearable, clears_allowed};
use crate::state::Step;

fn labels(s: &Omaha, hexes: &[HexId]) -> Vec<String> {
    hexes
        .iter()
        .map(|&h| s.data.index.hexes[usize::from(h)].label.to_string())
        .collect()
}

/// Turn 3, every East WN occupied, and an East card showing red, purple and blue only.
fn east_fire_state() -> (Omaha, crate::index::GerId) {
    let mut s = empty(3);
    let wn60 = put_wn(&mut s, "WN60");
    for slot in ["WN61", "WN62N", "WN62S", "WN64", "WN65N", "WN65S"] {
        put_wn(&mut s, slot);
    }
    let card = fire_card(&s, |f| {
        let mut colours: Vec<Colour> = f.icons.iter().map(|i| i.colour).collect();
        colours.sort_by_key(|c| format!("{c:?}"));
        colours == [Colour::Blue, Colour::Purple, Colour::Red]
    });
    s.fire_cards[0] = Some(card);
    (s, wn60)
}

#[test]
fn t_10_1_engineer_clearing() {
    // Turn 3, East card red, purple, blue; no WN eliminated or disrupted: only 0612.
    let (s, wn60) = east_fire_state();
    assert_eq!(labels(&s, &clearable(&s, Sector::East)), ["0612"]);
    // WN60 (purple) disrupted, or eliminated: any two of the obstacle hexes 0606–0612.
    let all = ["0606", "0607", "0608", "0609", "0610", "0611", "0612"];
    let mut disrupted = s.clone();
    disrupted.germans[usize::from(wn60)].disrupted = true;
    assert_eq!(
        labels(&disrupted, &clearable(&disrupted, Sector::East)),
        all
    );
    let mut eliminated = s.clone();
    eliminated.germans[usize::from(wn60)].loc = GerLoc::Pool(crate::state::GerPool::EliminatedWn);
    assert_eq!(
        labels(&eliminated, &clearable(&eliminated, Sector::East)),
        all
    );
    // The Engineer Phase of turn 3 clears up to two of them, then passes to the West.
    let mut s = disrupted;
    assert_eq!(clears_allowed(3), 2);
    s.step = Step::Engineers {
        sector: Sector::East,
        left: clears_allowed(3),
    };
    s.run(&mut log());
    assert_eq!(
        s.step,
        Step::Engineers {
            sector: Sector::East,
            left: 2
        }
    );
    for label in ["0606", "0612"] {
        let h = hex(&s, label);
        let _ = overlord_engine::Game::apply(
            &mut s,
            crate::action::OmahaAction::Clear { hex: h },
            &mut log(),
        )
        .expect("legal");
        assert!(s.is_cleared(h));
    }
    assert!(!matches!(
        s.step,
        Step::Engineers {
            sector: Sector::East,
            ..
        }
    ));
    // Turn 8: at most 1 per sector; turn 17: none (also turn 16, High Tide).
    assert_eq!(clears_allowed(8), 1);
    assert_eq!(clears_allowed(15), 1);
    assert_eq!(clears_allowed(16), 0);
    assert_eq!(clears_allowed(17), 0);
}

#[test]
fn t_10_1_amb_18_position_sector_card() {
    // 0619 is a West obstacle hex in the field of WN65 (red, East). AMB-18: it is blocked by
    // the card of WN65's own sector, not the hex's.
    let mut s = empty(3);
    put_wn(&mut s, "WN65N");
    let h = hex(&s, "0619");
    assert_eq!(s.data.index.hexes[usize::from(h)].sector, Sector::West);
    let red = fire_card(&s, |f| shows(f, Colour::Red).is_some());
    let no_red = fire_card(&s, |f| {
        shows(f, Colour::Red).is_none() && shows(f, Colour::Brown).is_none()
    });
    // Red on the East card only: 0619 may not be cleared.
    s.fire_cards = [Some(red), Some(no_red)];
    assert!(!clearable(&s, Sector::West).contains(&h));
    // Red on the West card only: WN65 does not fire, 0619 may be cleared.
    s.fire_cards = [Some(no_red), Some(red)];
    assert!(clearable(&s, Sector::West).contains(&h));
}

#[test]
fn t_10_11_cleared_markers() {
    let mut s = empty(9);
    for label in ["0613", "0615", "0616", "0617", "0618"] {
        let h = hex(&s, label);
        s.set_cleared(h);
    }
    for label in ["0613", "0615", "0616", "0617", "0618"] {
        assert!(s.is_cleared(hex(&s, label)), "{label}");
    }
    let gap = hex(&s, "0614");
    assert!(!s.is_cleared(gap));
    // A turn-9 mine check for a unit landing in 0614 applies. No box of our map lands in 0614 at
    // Mid tide, so a clone of the data points ER2's Mid-tide hex there.
    let er1 = landing_box(&s, "ER1");
    let er2 = landing_box(&s, "ER2");
    Arc::make_mut(&mut s.data).index.boxes[usize::from(er2)].land[1] = Some(gap);
    let mine = (1..=54u8)
        .find(|&c| {
            s.data
                .card(c)
                .and_then(|c| c.landing.clone())
                .is_some_and(|l| l.mine)
        })
        .expect("a mine card");
    let a = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    let b = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[a]);
    s.us[usize::from(a)].loc = UsLoc::Box(er2);
    s.us[usize::from(b)].loc = UsLoc::Box(er1);
    for u in [a, b] {
        s.us[usize::from(u)].flags.set(UsFlags::CHECKED_EAST, true);
    }
    assert_eq!(
        crate::landing::mine_candidates(&s, Sector::East, mine),
        vec![a],
        "0614 is not cleared; 0613 is"
    );
}
