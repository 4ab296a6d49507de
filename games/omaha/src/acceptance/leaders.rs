//! Rule 11.4, German fire against Leaders: T-11.4 (General wounded, then killed; an HQ back to
//! the Turn track). The Command Post part is extended mode (18) and is not here.

use super::fire::{add_depth, fire_card, place, put_wn, steps};
use super::*;
use crate::action::OmahaAction;
use crate::data::{Colour, Division, Sector, UsKind};
use crate::fire::fire_phase;
use crate::state::Step;
use overlord_engine::Game;

/// Red WN70 with a unit and a depth marker (hit limit 2) and a West card with a red star.
fn star_state(turn: u8) -> (Omaha, u8) {
    let mut s = empty(turn);
    let g = put_wn(&mut s, "WN70");
    add_depth(&mut s, g);
    let card = fire_card(&s, |f| {
        f.icons
            .iter()
            .any(|i| i.colour == Colour::Red && i.star && !i.double)
    });
    (s, card)
}

fn qualifying(s: &Omaha, card: u8, skip: &[UsId]) -> UsId {
    let symbol = s
        .data
        .card(card)
        .and_then(|c| c.fire.clone())
        .expect("fire")
        .target;
    find(s, Division::TwentyNinth, UsKind::Infantry, symbol, skip)
}

#[test]
fn t_11_4_leaders_under_fire() {
    // One qualifying unit (0527, red Moderate) and General Cota in 0626 (red Moderate).
    let (mut s, card) = star_state(2);
    let u = qualifying(&s, card, &[]);
    let cota = unit(&s, "Cota");
    place(&mut s, u, "0527");
    place(&mut s, cota, "0626");
    let two = s.clone();
    stack(&mut s, &[card]);
    fire_phase(&mut s, Sector::West, &mut log());
    assert_eq!(steps(&s, u), 2, "the unit is hit first (11.41)");
    let general = s.us[usize::from(cota)];
    assert!(
        general.flags.has(UsFlags::WOUNDED),
        "the spare hit wounds Cota"
    );
    assert_eq!(general.loc, UsLoc::Hex(hex(&s, "0626")));
    assert!(!general.flags.has(UsFlags::DISRUPTED), "11.42");

    // A wounded General hit again is killed.
    let mut again = two.clone();
    again.us[usize::from(cota)]
        .flags
        .set(UsFlags::WOUNDED, true);
    stack(&mut again, &[card]);
    fire_phase(&mut again, Sector::West, &mut log());
    assert_eq!(again.us[usize::from(cota)].loc, UsLoc::Eliminated);

    // Two qualifying units use both hits: the General is not hit.
    let mut s = two;
    let v = qualifying(&s, card, &[u]);
    place(&mut s, v, "0524");
    stack(&mut s, &[card]);
    fire_phase(&mut s, Sector::West, &mut log());
    assert_eq!((steps(&s, u), steps(&s, v)), (2, 2));
    assert!(!s.us[usize::from(cota)].flags.has(UsFlags::WOUNDED));
}

#[test]
fn t_11_4_hq_hit_goes_to_the_track() {
    // Turn 9: 116 HQ in 0626 (red Moderate) with one qualifying unit in 0527.
    let (mut s, card) = star_state(9);
    let u = qualifying(&s, card, &[]);
    let hq = unit(&s, "116 HQ");
    place(&mut s, u, "0527");
    place(&mut s, hq, "0626");
    stack(&mut s, &[card]);
    fire_phase(&mut s, Sector::West, &mut log());
    assert_eq!(s.us[usize::from(hq)].loc, UsLoc::Track(11));
    // Turn 11: it is placed in a landing box, any lettered box of its division's sector
    // (AMB-21) but the Charlie boxes, for Rangers only (5.33).
    s.turn = 11;
    s.step = Step::NextArrival;
    s.run(&mut log());
    assert_eq!(s.step, Step::Place(hq));
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    let mut boxes: Vec<String> = legal
        .iter()
        .filter_map(|a| match *a {
            OmahaAction::PlaceInBox { landing_box, .. } => {
                Some(s.data.index.boxes[usize::from(landing_box)].name.clone())
            }
            _ => None,
        })
        .collect();
    boxes.sort();
    let mut west: Vec<String> = s
        .data
        .index
        .boxes
        .iter()
        .filter(|b| b.lettered && b.sector == Sector::West && !b.name.starts_with("CH"))
        .map(|b| b.name.clone())
        .collect();
    west.sort();
    assert_eq!(boxes, west);
    // Issue 25: each placement anchors its landing box as a place the player can click.
    for action in &legal {
        if let OmahaAction::PlaceInBox { landing_box, .. } = *action {
            let name = s.data.index.boxes[usize::from(landing_box)].name.clone();
            assert_eq!(
                s.anchors(action).places,
                vec![overlord_engine::Place::new(
                    overlord_engine::Place::BOX,
                    name
                )]
            );
        }
    }
    let dw1 = landing_box(&s, "DW1");
    let _ = s
        .apply(
            OmahaAction::PlaceInBox {
                unit: hq,
                landing_box: dw1,
            },
            &mut log(),
        )
        .expect("legal");
    assert_eq!(s.us[usize::from(hq)].loc, UsLoc::Box(dw1));
}
