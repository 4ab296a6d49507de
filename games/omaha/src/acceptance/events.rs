//! The event catalogue (RB "Event descriptions", 8.5, 9.2–9.5, 11.1, 13.12, 19.33): every event
//! kind of `cards.toml`, the Easy Fox changes, T-X2, and Heroes (11.11–11.15, 11.4).

use super::fire::{add_depth, fire_card, put, put_reinforcement, put_wn};
use super::germans::{boxes, soldier, wn};
use super::*;
use crate::action::OmahaAction;
use crate::control::tests::{german, pick, position, slot};
use crate::data::{Colour, Division, EventEffect, FireLevel, Sector, Symbol, UsKind, WnCategory};
use crate::events::event_phase;
use crate::index::{GerKind, Ground};
use crate::state::{GerPool, HeroLoc, Step};
use overlord_engine::{Game, RuleId};

/// The first card whose event on `turn` satisfies `f`.
fn event_card(s: &Omaha, turn: u8, f: impl Fn(&EventEffect) -> bool) -> u8 {
    (1..=54u8)
        .find(|&c| {
            s.data
                .card(c)
                .and_then(|c| c.event_on(turn))
                .is_some_and(|e| f(&e.effect))
        })
        .expect("an event card")
}

/// Draw the event of `card` on the current turn.
fn play_event(s: &mut Omaha, card: u8) -> OmahaLog {
    stack(s, &[card]);
    s.step = Step::Event;
    let mut log = log();
    event_phase(s, &mut log);
    log
}

/// An Easy Fox game on `turn` with every counter off the board.
fn easy(turn: u8) -> Omaha {
    let mut s = crate::setup::setup(
        &data(),
        "easy-fox",
        &OmahaOptions::default(),
        GameRng::seeded(1),
    )
    .expect("setup");
    for u in &mut s.us {
        u.loc = UsLoc::OutOfPlay;
        u.flags = UsFlags::default();
    }
    for g in &mut s.germans {
        g.loc = GerLoc::OutOfPlay;
        g.depth = None;
    }
    for d in &mut s.depth {
        d.loc = DepthLoc::OutOfPlay;
    }
    s.turn = turn;
    s
}

fn infantry_of(s: &mut Omaha, division: Division, label: &str, steps: u8) -> UsId {
    let u = pick(s, |i| {
        i.kind() == Some(UsKind::Infantry) && i.division == division
    });
    s.us[usize::from(u)].loc = UsLoc::Hex(hex(s, label));
    s.us[usize::from(u)].steps = steps;
    u
}

fn ignored_by_easy_fox(log: &OmahaLog) -> bool {
    log.entries().iter().any(|e| e.rule == RuleId("EASY-FOX"))
}

// ---- none, add_depth_marker.

#[test]
fn event_none() {
    let mut s = empty(3);
    let before = s.clone();
    let card = event_card(&s, 3, |e| *e == EventEffect::None);
    play_event(&mut s, card);
    assert_eq!(s.step, Step::Fire(Sector::East));
    assert_eq!(
        (s.germans.clone(), s.us.clone()),
        (before.germans, before.us)
    );
}

#[test]
fn event_add_depth_marker_one_sector_and_each_sector() {
    use crate::data::DepthWhere;
    let mut s = empty(3);
    boxes(&mut s);
    let east = german(&mut s, "WN64", None, wn);
    let west = german(&mut s, "WN71", None, wn);
    let each = event_card(&s, 3, |e| {
        matches!(
            e,
            EventEffect::AddDepthMarker {
                place: DepthWhere::EachSector,
                ..
            }
        )
    });
    let mut t = s.clone();
    play_event(&mut t, each);
    assert!(t.germans[usize::from(east)].depth.is_some());
    assert!(t.germans[usize::from(west)].depth.is_some());
    let west_card = event_card(&s, 3, |e| {
        matches!(
            e,
            EventEffect::AddDepthMarker {
                place: DepthWhere::Sector,
                sector: Some(Sector::West)
            }
        )
    });
    let mut t = s.clone();
    play_event(&mut t, west_card);
    assert!(t.germans[usize::from(west)].depth.is_some());
    assert!(t.germans[usize::from(east)].depth.is_none());
    let one = event_card(&s, 3, |e| {
        matches!(
            e,
            EventEffect::AddDepthMarker {
                place: DepthWhere::One,
                ..
            }
        )
    });
    let mut t = s.clone();
    play_event(&mut t, one);
    let placed = [east, west]
        .iter()
        .filter(|&&g| t.germans[usize::from(g)].depth.is_some())
        .count();
    assert_eq!(placed, 1);
    assert_eq!(t.step, Step::Fire(Sector::East));
}

#[test]
fn easy_fox_each_sector_becomes_one() {
    use crate::data::DepthWhere;
    let mut s = easy(3);
    boxes(&mut s);
    let a = german(&mut s, "WN64", None, wn);
    let b = german(&mut s, "WN60", None, wn);
    let each = event_card(&s, 3, |e| {
        matches!(
            e,
            EventEffect::AddDepthMarker {
                place: DepthWhere::EachSector,
                ..
            }
        )
    });
    play_event(&mut s, each);
    let placed = [a, b]
        .iter()
        .filter(|&&g| s.germans[usize::from(g)].depth.is_some())
        .count();
    assert_eq!(placed, 1);
}

// ---- reinforcements, Kampfgruppe Meyer.

#[test]
fn event_reinforcements_and_easy_fox_zones() {
    let mut s = empty(3);
    boxes(&mut s);
    let zone_c = event_card(
        &s,
        3,
        |e| matches!(e, EventEffect::Reinforcements { zones } if zones == &['C']),
    );
    let mut t = s.clone();
    play_event(&mut t, zone_c);
    let placed: Vec<String> = t
        .germans
        .iter()
        .filter_map(|g| match g.loc {
            GerLoc::Slot(x) => Some(t.data.index.slots[usize::from(x)].name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(placed.len(), 1);
    assert!(placed[0].starts_with('C'), "{placed:?}");
    // Easy Fox ignores zones E, F and G.
    let mut e = easy(3);
    boxes(&mut e);
    let zone_f = event_card(
        &e,
        3,
        |x| matches!(x, EventEffect::Reinforcements { zones } if zones == &['F']),
    );
    play_event(&mut e, zone_f);
    assert!(e.germans.iter().all(|g| !matches!(g.loc, GerLoc::Slot(_))));
}

#[test]
fn event_kampfgruppe_meyer() {
    let mut s = crate::setup::setup(
        &data(),
        "first-wave",
        &OmahaOptions::default(),
        GameRng::seeded(2),
    )
    .expect("setup");
    s.turn = 17;
    let card = event_card(&s, 17, |e| {
        matches!(e, EventEffect::KampfgruppeMeyer { .. })
    });
    let before = s
        .germans
        .iter()
        .filter(|g| g.loc == GerLoc::Pool(GerPool::Meyer))
        .count();
    play_event(&mut s, card);
    let after = s
        .germans
        .iter()
        .filter(|g| g.loc == GerLoc::Pool(GerPool::Meyer))
        .count();
    assert_eq!(after + 4, before);
    let mut e = easy(17);
    let log = play_event(&mut e, card);
    assert!(ignored_by_easy_fox(&log));
}

// ---- naval gunfire (8.5).

#[test]
fn event_naval_gunfire_markers() {
    let mut s = empty(8);
    let one = event_card(&s, 8, |e| {
        matches!(
            e,
            EventEffect::NavalGunfire {
                count: 1,
                division: Some(Division::First)
            }
        )
    });
    let two = event_card(&s, 8, |e| {
        matches!(e, EventEffect::NavalGunfire { count: 2, .. })
    });
    play_event(&mut s, one);
    play_event(&mut s, two);
    assert_eq!(s.naval_gunfire, 3);
    let mut e = easy(8);
    let for_29th = event_card(&e, 8, |x| {
        matches!(
            x,
            EventEffect::NavalGunfire {
                division: Some(Division::TwentyNinth),
                ..
            }
        )
    });
    let log = play_event(&mut e, for_29th);
    assert_eq!(e.naval_gunfire, 0);
    assert!(ignored_by_easy_fox(&log));
}

// ---- Hero (11.11, 9.23), P-HERO.

#[test]
fn event_hero_prompt_and_placement() {
    let mut s = empty(5);
    let a = infantry_of(&mut s, Division::First, "0713", 3);
    let b = infantry_of(&mut s, Division::First, "0714", 2);
    infantry_of(&mut s, Division::TwentyNinth, "0726", 3);
    let card = event_card(&s, 5, |e| {
        matches!(
            e,
            EventEffect::Hero {
                division: Division::First,
                depth_marker: false
            }
        )
    });
    play_event(&mut s, card);
    assert_eq!(
        s.step,
        Step::HeroPlacement {
            division: Division::First,
            depth_marker: false
        }
    );
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(
        legal,
        vec![
            OmahaAction::PlaceHero { unit: a },
            OmahaAction::PlaceHero { unit: b }
        ]
    );
    assert_eq!(s.prompt().name, "hero");
    let mut log = log();
    crate::events::apply(&mut s, OmahaAction::PlaceHero { unit: b }, &mut log);
    let h = s.hero_with(b).expect("a Hero with b");
    assert_eq!(s.data.us.heroes[h].division, Division::First);
    assert!(!s.heroes[h].inspired);
    assert_eq!(s.step, Step::Fire(Sector::East));
    // The view and the text picture show it.
    let view = s.view(overlord_engine::Viewer::Seat(overlord_engine::Seat(0)));
    assert_eq!(view.heroes.len(), 1);
    assert_eq!(view.heroes[0].unit, b);
    assert!(crate::text::picture(&s).contains(" hero "));
}

#[test]
fn rule_9_23_hero_event_with_depth_marker() {
    let mut s = empty(5);
    boxes(&mut s);
    let east = german(&mut s, "WN64", None, wn);
    let west = german(&mut s, "WN71", None, wn);
    // One 1st-Division unit, in the West sector: the Hero's sector is the West.
    let u = infantry_of(&mut s, Division::First, "0726", 3);
    assert_eq!(
        s.data.index.hexes[usize::from(hex(&s, "0726"))].sector,
        Sector::West
    );
    let card = event_card(&s, 5, |e| {
        matches!(
            e,
            EventEffect::Hero {
                division: Division::First,
                depth_marker: true
            }
        )
    });
    let log = play_event(&mut s, card);
    assert!(s.hero_with(u).is_some(), "one candidate: placed at once");
    assert!(s.germans[usize::from(west)].depth.is_some());
    assert!(s.germans[usize::from(east)].depth.is_none());
    assert!(log.entries().iter().any(|e| e.rule == RuleId("9.23")));
}

#[test]
fn easy_fox_ignores_29th_division_events() {
    let mut e = easy(5);
    let card = event_card(&e, 5, |x| {
        matches!(
            x,
            EventEffect::Hero {
                division: Division::TwentyNinth,
                ..
            }
        )
    });
    let log = play_event(&mut e, card);
    assert!(ignored_by_easy_fox(&log));
    assert_eq!(e.step, Step::Fire(Sector::East));
}

// ---- artillery limits (19.33), plunging fire, smoke.

#[test]
fn event_artillery_limits_engineers() {
    let mut s = empty(17);
    let card = event_card(&s, 17, |e| *e == EventEffect::ArtilleryLimitsEngineers);
    let mut t = s.clone();
    play_event(&mut t, card);
    assert!(!t.engineers_limited, "no artillery in play: no effect");
    put(&mut s, "WN60", |k| k == GerKind::Wn(WnCategory::C75));
    play_event(&mut s, card);
    assert!(s.engineers_limited);
    crate::events::end_of_turn(&mut s);
    assert!(!s.engineers_limited);
}

#[test]
fn event_plunging_fire() {
    let mut s = empty(5);
    // A beach hex beside a protective hexside with a Sporadic point of some East position.
    let index = &s.data.index;
    let (h, p) = (0..index.hexes.len())
        .find_map(|h| {
            let info = &index.hexes[h];
            if info.ground != Ground::Beach || info.protective_distance != 0 {
                return None;
            }
            info.fire
                .iter()
                .find(|(p, l)| {
                    *l == FireLevel::Sporadic
                        && index.positions[usize::from(*p)].sector == Sector::East
                        && matches!(
                            index.positions[usize::from(*p)].kind,
                            crate::index::PosKind::Wn { .. }
                        )
                })
                .map(|&(p, _)| (h as HexId, p))
        })
        .expect("a Sporadic point on a protected beach hex");
    let pos = s.data.index.positions[usize::from(p)].clone();
    let colour = pos.colour;
    let name = s.data.index.slots[usize::from(pos.slots[0])].name.clone();
    put_wn(&mut s, &name);
    let u = pick(&s, |i| i.kind() == Some(UsKind::Infantry));
    s.us[usize::from(u)].loc = UsLoc::Hex(h);
    let card = fire_card(&s, |f| {
        f.icons.iter().any(|i| i.colour == colour && !i.double)
    });
    let level = |s: &Omaha| {
        let firing = crate::fire::firing_positions(s, Sector::East, card);
        crate::fire::candidates(s, &firing, card)
            .iter()
            .find(|c| c.unit == usize::from(u))
            .map(|c| c.level)
    };
    assert_ne!(level(&s), Some(FireLevel::Intense));
    let plunge = event_card(&s, 5, |e| *e == EventEffect::PlungingFire);
    play_event(&mut s, plunge);
    assert!(s.plunging_fire);
    assert_eq!(level(&s), Some(FireLevel::Intense));
    crate::events::end_of_turn(&mut s);
    assert!(!s.plunging_fire);
}

#[test]
fn event_smoke_and_easy_fox_wn66() {
    let mut s = empty(5);
    put_wn(&mut s, "WN64");
    let colour = s.data.index.positions[usize::from(position(&s, "WN64"))].colour;
    let fire = fire_card(&s, |f| {
        f.icons.iter().any(|i| i.colour == colour && !i.double)
    });
    let fires = |s: &Omaha| {
        crate::fire::firing_positions(s, Sector::East, fire)
            .iter()
            .any(|f| f.position == position(s, "WN64"))
    };
    assert!(fires(&s));
    let card = event_card(
        &s,
        5,
        |e| matches!(e, EventEffect::Smoke { wns } if wns.contains(&64)),
    );
    play_event(&mut s, card);
    assert!(!fires(&s), "AMB-62: a smoked WN does not fire");
    assert!(
        s.view(overlord_engine::Viewer::Seat(overlord_engine::Seat(0)))
            .smoke
            .contains(&"WN64".to_owned())
    );
    crate::events::end_of_turn(&mut s);
    assert!(fires(&s));
    let mut e = easy(10);
    let wn66 = event_card(
        &e,
        10,
        |x| matches!(x, EventEffect::Smoke { wns } if wns.contains(&66)),
    );
    let log = play_event(&mut e, wn66);
    assert!(ignored_by_easy_fox(&log) && e.smoke.is_empty());
}

// ---- revealing: Prisoner Talks (G-PRISONER), Patrol Report (G-PATROL-REPORT-TIE).

#[test]
fn event_prisoner_talks_prompt_and_face_up_reinforcement() {
    let mut s = empty(5);
    boxes(&mut s);
    let a = german(&mut s, "WN62N", None, wn);
    german(&mut s, "WN64", None, wn);
    let tr = s
        .data
        .index
        .depth
        .iter()
        .position(|d| d.tactical_reinforcement)
        .expect("a TR marker") as u8;
    s.depth[usize::from(tr)].loc = DepthLoc::Under(a);
    s.germans[usize::from(a)].depth = Some(tr);
    let card = event_card(&s, 5, |e| {
        matches!(
            e,
            EventEffect::PrisonerTalks {
                sector: Sector::East
            }
        )
    });
    play_event(&mut s, card);
    assert_eq!(
        s.step,
        Step::Prisoner {
            sector: Sector::East
        }
    );
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal.len(), 2);
    let choice = OmahaAction::RevealGerman {
        slot: slot(&s, "WN62N"),
    };
    assert!(legal.contains(&choice));
    let mut log = log();
    crate::events::apply(&mut s, choice, &mut log);
    assert!(s.germans[usize::from(a)].revealed);
    assert_eq!(s.step, Step::Fire(Sector::East));
    let t = s
        .germans
        .iter()
        .position(|g| g.loc == GerLoc::Slot(slot(&s, "R-0913")))
        .expect("the 9.4 reinforcement");
    assert!(s.germans[t].revealed, "face-up (9.4, events)");
}

#[test]
fn event_patrol_report_nearest_and_tie() {
    let mut s = empty(5);
    let a = german(&mut s, "WN64", None, wn);
    let b = german(&mut s, "WN60", None, wn);
    // A US unit next to WN64 only.
    let near = land_neighbour(&s, s.data.index.slots[usize::from(slot(&s, "WN64"))].hex);
    let card = event_card(&s, 5, |e| {
        matches!(
            e,
            EventEffect::PatrolReport {
                sector: Sector::East
            }
        )
    });
    let mut t = s.clone();
    soldier(&mut t, near);
    play_event(&mut t, card);
    assert!(t.germans[usize::from(a)].revealed);
    assert!(!t.germans[usize::from(b)].revealed);
    // No US unit on the map: every face-down unit is as near: G-PATROL-REPORT-TIE.
    play_event(&mut s, card);
    assert_eq!(
        s.step,
        Step::PatrolReport {
            sector: Sector::East
        }
    );
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal.len(), 2);
    assert_eq!(s.prompt().name, "patrol_report_tie");
}

/// EV-PRISONER-TALKS and EV-PATROL-REPORT ties list the face-down positions in an order that
/// does not depend on which unit lies face-down where: two units swapped between their slots
/// give the same prompt (6.3). The server's leak test found the order by unit.
#[test]
fn ev_prisoner_and_patrol_report_ties_do_not_order_by_the_hidden_units() {
    for patrol in [false, true] {
        let mut s = empty(5);
        boxes(&mut s);
        let a = german(&mut s, "WN64", None, wn);
        let b = german(&mut s, "WN60", None, wn);
        let card = event_card(&s, 5, |e| match e {
            EventEffect::PatrolReport { sector } => patrol && *sector == Sector::East,
            EventEffect::PrisonerTalks { sector } => !patrol && *sector == Sector::East,
            _ => false,
        });
        play_event(&mut s, card);
        let mut swapped = s.clone();
        let (la, lb) = (s.germans[usize::from(a)].loc, s.germans[usize::from(b)].loc);
        swapped.germans[usize::from(a)].loc = lb;
        swapped.germans[usize::from(b)].loc = la;
        let (mut legal, mut legal_swapped) = (Vec::new(), Vec::new());
        s.legal_actions(&mut legal);
        swapped.legal_actions(&mut legal_swapped);
        assert_eq!(legal.len(), 2, "patrol {patrol}: a tie prompt");
        assert_eq!(legal, legal_swapped, "patrol {patrol}");
    }
}

// ---- fire events: Screaming Meemies (T-X2, G-MEEMIES), Rocket destroyed, naval fire, artillery.

#[test]
fn t_x2_event_screaming_meemies() {
    // Our map has no beach or flat hex within 3 hexes of WN69 (1425): the case keeps its shape
    // with low-ground units at 4 (eligible) and 8 (too far), and high-ground units at 3 and 4
    // (wrong ground).
    let mut s = empty(5);
    put(&mut s, "WN69", |k| k == GerKind::Wn(WnCategory::Rocket));
    let wn69 = s.data.index.slots[usize::from(slot(&s, "WN69"))].hex;
    let find = |s: &Omaha, d: u32, low: bool| {
        (0..s.data.index.hexes.len() as HexId)
            .find(|&h| {
                let g = s.data.index.hexes[usize::from(h)].ground;
                s.data.index.distance(h, wn69) == d
                    && (matches!(g, Ground::Beach | Ground::Flat) == low)
                    && g != Ground::Sea
                    && s.data.index.slots.iter().all(|x| x.hex != h)
                    && s.us_at(UsLoc::Hex(h)).next().is_none()
            })
            .expect("a hex")
    };
    let mut units = Vec::new();
    for (d, low) in [(4, true), (8, true), (3, false), (4, false)] {
        let h = find(&s, d, low);
        let u = pick(&s, |i| i.kind() == Some(UsKind::Infantry));
        s.us[usize::from(u)].loc = UsLoc::Hex(h);
        s.us[usize::from(u)].steps = 3;
        units.push(u);
    }
    let card = event_card(&s, 5, |e| *e == EventEffect::ScreamingMeemies);
    play_event(&mut s, card);
    let steps: Vec<u8> = units.iter().map(|&u| s.us[usize::from(u)].steps).collect();
    assert_eq!(
        steps,
        vec![2, 3, 3, 3],
        "only the low-ground unit 3 to 7 hexes away"
    );
    assert!(s.meemies_occurred);
    assert!(s.artillery_fired.iter().any(|&f| f), "19.33, AMB-30");
}

#[test]
fn event_screaming_meemies_tie_prompt_and_disrupted_rocket() {
    let mut s = empty(5);
    let r = put(&mut s, "WN69", |k| k == GerKind::Wn(WnCategory::Rocket));
    let wn69 = s.data.index.slots[usize::from(slot(&s, "WN69"))].hex;
    let hexes: Vec<HexId> = (0..s.data.index.hexes.len() as HexId)
        .filter(|&h| {
            matches!(
                s.data.index.hexes[usize::from(h)].ground,
                Ground::Beach | Ground::Flat
            ) && (3..=7).contains(&s.data.index.distance(h, wn69))
        })
        .take(2)
        .collect();
    let mut units = Vec::new();
    for h in hexes {
        let u = pick(&s, |i| i.kind() == Some(UsKind::Infantry));
        s.us[usize::from(u)].loc = UsLoc::Hex(h);
        units.push(u);
    }
    let card = event_card(&s, 5, |e| *e == EventEffect::ScreamingMeemies);
    let mut disrupted = s.clone();
    disrupted.germans[usize::from(r)].disrupted = true;
    play_event(&mut disrupted, card);
    assert!(
        !disrupted.meemies_occurred,
        "a disrupted rocket unit does not fire"
    );
    play_event(&mut s, card);
    assert_eq!(s.step, Step::Meemies);
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal.len(), 2);
    let mut log = log();
    crate::events::apply(
        &mut s,
        OmahaAction::MeemiesTarget { unit: units[1] },
        &mut log,
    );
    assert_eq!(s.us[usize::from(units[1])].steps, 2);
    assert_eq!(s.step, Step::Fire(Sector::East));
}

#[test]
fn event_rocket_artillery_destroyed() {
    let mut s = empty(5);
    let r = put(&mut s, "WN69", |k| k == GerKind::Wn(WnCategory::Rocket));
    add_depth(&mut s, r);
    let card = event_card(&s, 5, |e| *e == EventEffect::RocketArtilleryDestroyed);
    let mut t = s.clone();
    play_event(&mut t, card);
    assert!(
        matches!(t.germans[usize::from(r)].loc, GerLoc::Slot(_)),
        "no Meemies yet"
    );
    s.meemies_occurred = true;
    play_event(&mut s, card);
    assert_eq!(s.germans[usize::from(r)].loc, GerLoc::OutOfPlay);
    assert!(s.germans[usize::from(r)].depth.is_none());
    assert!(s.check_invariants().is_ok());
}

#[test]
fn event_naval_fire_hits_position() {
    let mut s = empty(5);
    // Card 11's targets: WN62 diamond, WN64 triangle, WN65 circle.
    let card = event_card(
        &s,
        5,
        |e| matches!(e, EventEffect::NavalFireHitsPosition { targets } if targets.iter().any(|t| t.position == "WN62" && t.symbol == Symbol::Diamond)),
    );
    let g = put_wn(&mut s, "WN62N");
    add_depth(&mut s, g);
    // Two diamond units in WN62S.
    let at = s.data.index.slots[usize::from(slot(&s, "WN62S"))].hex;
    let mut units = Vec::new();
    for _ in 0..2 {
        let u = pick(&s, |i| {
            i.kind() == Some(UsKind::Infantry) && i.symbol == Some(Symbol::Diamond)
        });
        s.us[usize::from(u)].loc = UsLoc::Hex(at);
        units.push(u);
    }
    let diamond = fire_card(&s, |f| f.target == Symbol::Diamond);
    let second = (1..=54u8)
        .find(|&c| {
            c != diamond
                && c != card
                && s.data
                    .card(c)
                    .and_then(|c| c.fire.as_ref())
                    .is_some_and(|f| f.target == Symbol::Diamond)
        })
        .expect("another diamond card");
    stack(&mut s, &[card, diamond, second]);
    s.step = Step::Event;
    let mut log = log();
    event_phase(&mut s, &mut log);
    assert!(s.germans[usize::from(g)].disrupted);
    assert!(s.germans[usize::from(g)].depth.is_none());
    assert_eq!(
        s.step,
        Step::NavalHit {
            position: position(&s, "WN62"),
            symbol: Symbol::Diamond
        }
    );
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal.len(), 2);
    crate::events::apply(
        &mut s,
        OmahaAction::NavalHitTarget { unit: units[0] },
        &mut log,
    );
    assert_eq!(s.us[usize::from(units[0])].steps, 2);
    assert_eq!(s.step, Step::Fire(Sector::East));
    assert!(s.check_invariants().is_ok());
}

#[test]
fn event_german_artillery() {
    let mut s = empty(5);
    let card = event_card(&s, 5, |e| {
        matches!(
            e,
            EventEffect::GermanArtillery {
                sector: Sector::East
            }
        )
    });
    let b = landing_box(&s, "ER1");
    let u = pick(&s, |i| {
        i.kind() == Some(UsKind::Infantry) && i.division == Division::First
    });
    s.us[usize::from(u)].loc = UsLoc::Box(b);
    let mut t = s.clone();
    play_event(&mut t, card);
    assert_eq!(
        t.us[usize::from(u)].steps,
        3,
        "no German artillery: no effect"
    );
    put(&mut s, "WN60", |k| k == GerKind::Wn(WnCategory::C75));
    play_event(&mut s, card);
    assert_eq!(s.us[usize::from(u)].steps, 2);
    assert!(s.artillery_fired[0]);
}

/// G-ART-TIE (6.5) for the German artillery event (19.33): equal targets by the 6.5
/// priorities and steps are the player's choice, with the same prompt as the card's artillery;
/// the answer costs that unit a step, sets the sector's flag (AMB-30) and the turn goes on to
/// the German Fire Phase. A lower priority is not offered; with guns but no target, no flag.
#[test]
fn g_art_tie_6_5_german_artillery_event_asks_the_player() {
    let mut s = empty(5);
    let card = event_card(&s, 5, |e| {
        matches!(
            e,
            EventEffect::GermanArtillery {
                sector: Sector::East
            }
        )
    });
    put(&mut s, "WN60", |k| k == GerKind::Wn(WnCategory::C75));
    let mut guns_only = s.clone();
    let log = play_event(&mut guns_only, card);
    assert_eq!(
        guns_only.artillery_fired,
        [false, false],
        "AMB-30: no step lost"
    );
    assert!(log.entries().iter().any(|e| e.rule == RuleId("19.33")));
    // Two 3-step infantry units in East boxes (priority 1) and one on the beach (priority 4).
    let infantry = |i: &crate::index::UsInfo| {
        i.kind() == Some(UsKind::Infantry) && i.division == Division::First
    };
    let a = pick(&s, infantry);
    s.us[usize::from(a)].loc = UsLoc::Box(landing_box(&s, "ER1"));
    let b = pick(&s, infantry);
    s.us[usize::from(b)].loc = UsLoc::Box(landing_box(&s, "ER2"));
    let c = pick(&s, infantry);
    s.us[usize::from(c)].loc = UsLoc::Hex(hex(&s, "0515"));
    let units = [a, b, c];
    let mut log = play_event(&mut s, card);
    assert_eq!(
        s.step,
        Step::ArtilleryTie {
            sector: Sector::East,
            event: true
        }
    );
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(
        legal,
        vec![
            OmahaAction::ArtilleryTarget { unit: a.min(b) },
            OmahaAction::ArtilleryTarget { unit: a.max(b) }
        ]
    );
    let prompt = s.prompt();
    assert_eq!(
        (prompt.name, prompt.rule),
        ("artillery_tie", crate::fire::ARTILLERY)
    );
    // No step lost and no flag before the answer; the beach unit is refused.
    assert_eq!(units.map(|u| s.us[usize::from(u)].steps), [3, 3, 3]);
    assert_eq!(s.artillery_fired, [false, false]);
    assert!(
        s.clone()
            .apply(OmahaAction::ArtilleryTarget { unit: c }, &mut log)
            .is_err()
    );
    // The player picks the higher id.
    let high = a.max(b);
    crate::events::german_artillery_answered(&mut s, high, &mut log);
    assert_eq!(
        units.map(|u| s.us[usize::from(u)].steps),
        units.map(|u| if u == high { 2 } else { 3 })
    );
    assert_eq!(s.step, Step::Fire(Sector::East));
    assert_eq!(s.artillery_fired, [true, false], "AMB-30");
    assert!(s.choices.is_empty());
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule == RuleId("19.33") && e.text.starts_with("G-ART-TIE"))
    );
    assert!(s.check_invariants().is_ok());
}

// ---- Germans Concealed, add a step (P-STEP-ADD), snipers.

#[test]
fn event_germans_concealed() {
    let mut s = empty(5);
    put_reinforcement(&mut s, "C1");
    put_wn(&mut s, "WN64");
    let c1 = s.data.index.slots[usize::from(slot(&s, "C1"))].hex;
    let wn64 = s.data.index.slots[usize::from(slot(&s, "WN64"))].hex;
    let land = |s: &Omaha, h: HexId, avoid: HexId| {
        s.data.index.hexes[usize::from(h)]
            .neighbours
            .iter()
            .copied()
            .find(|&n| {
                s.data.index.hexes[usize::from(n)].ground != Ground::Sea
                    && s.data.index.distance(n, avoid) > 1
                    && s.data.index.slots.iter().all(|x| x.hex != n)
            })
            .expect("a hex")
    };
    let by_c1 = land(&s, c1, wn64);
    let by_wn = land(&s, wn64, c1);
    let symbol = Symbol::Circle;
    let a = pick(&s, |i| {
        i.kind() == Some(UsKind::Infantry) && i.symbol == Some(symbol)
    });
    s.us[usize::from(a)].loc = UsLoc::Hex(by_c1);
    let b = pick(&s, |i| {
        i.kind() == Some(UsKind::Infantry) && i.symbol == Some(symbol)
    });
    s.us[usize::from(b)].loc = UsLoc::Hex(by_wn);
    let c = pick(&s, |i| {
        i.kind() == Some(UsKind::Infantry) && i.symbol != Some(symbol)
    });
    s.us[usize::from(c)].loc = UsLoc::Hex(by_c1);
    let card = event_card(&s, 5, |e| *e == EventEffect::GermansConcealed { symbol });
    play_event(&mut s, card);
    let d = |u: UsId| s.us[usize::from(u)].flags.has(UsFlags::DISRUPTED);
    assert!(d(a), "next to a face-down reinforcement");
    assert!(!d(b), "next to a WN only");
    assert!(!d(c), "another symbol");
}

#[test]
fn event_add_step_prompt_and_fallback() {
    let mut s = empty(5);
    let card = event_card(&s, 5, |e| {
        *e == EventEffect::AddStep {
            division: Division::First,
        }
    });
    // None in the 1st: one in the 29th gets it at once.
    let w = infantry_of(&mut s, Division::TwentyNinth, "0726", 1);
    let mut t = s.clone();
    play_event(&mut t, card);
    assert_eq!(t.us[usize::from(w)].steps, 2);
    // Two in the 1st: P-STEP-ADD.
    let a = infantry_of(&mut s, Division::First, "0713", 1);
    let b = infantry_of(&mut s, Division::First, "0714", 1);
    infantry_of(&mut s, Division::First, "0715", 2);
    play_event(&mut s, card);
    assert_eq!(
        s.step,
        Step::StepAdd {
            division: Division::First
        }
    );
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(
        legal,
        vec![
            OmahaAction::AddStep { unit: a },
            OmahaAction::AddStep { unit: b }
        ]
    );
    let before = crate::effects::infantry_losses(&s, Division::First);
    let mut log = log();
    crate::events::apply(&mut s, OmahaAction::AddStep { unit: a }, &mut log);
    assert_eq!(s.us[usize::from(a)].steps, 2);
    assert_eq!(
        crate::effects::infantry_losses(&s, Division::First) + 1,
        before,
        "13.12"
    );
}

#[test]
fn event_snipers_no_effect_before_command_posts() {
    let mut s = empty(17);
    let card = event_card(&s, 17, |e| matches!(e, EventEffect::Snipers { .. }));
    let log = play_event(&mut s, card);
    assert!(log.entries().iter().any(|e| e.rule == RuleId("EV-SNIPERS")));
    assert_eq!(s.step, Step::Fire(Sector::East));
}

// ---- Heroes: 11.12 free action, 11.14 sacrifice (P-HERO-SACRIFICE), 11.4 star fire.

#[test]
fn rule_11_12_hero_unit_takes_a_free_action() {
    let mut s = empty(5);
    let u = infantry_of(&mut s, Division::First, "0713", 3);
    crate::actions::start_action_phase(&mut s);
    let mut out = Vec::new();
    crate::actions::legal(&s, Division::First, 0, &mut out);
    assert!(
        !out.iter()
            .any(|a| matches!(a, OmahaAction::Move { unit, .. } if *unit == u))
    );
    s.heroes[0].loc = HeroLoc::On(u);
    out.clear();
    crate::actions::legal(&s, Division::First, 0, &mut out);
    assert!(
        out.iter()
            .any(|a| matches!(a, OmahaAction::Move { unit, .. } if *unit == u))
    );
    // 11.15: Inspired too.
    s.heroes[0].inspired = true;
    out.clear();
    crate::actions::legal(&s, Division::First, 0, &mut out);
    assert!(
        out.iter()
            .any(|a| matches!(a, OmahaAction::Move { unit, .. } if *unit == u))
    );
}

#[test]
fn rule_11_14_hero_sacrifice() {
    let mut s = empty(5);
    let u = infantry_of(&mut s, Division::First, "0713", 1);
    s.heroes[0].loc = HeroLoc::On(u);
    let mut log = log();
    // Not German fire (AMB-19): the unit dies, the marker goes with it (11.11).
    let mut t = s.clone();
    t.lose_step(u, RuleId("5.14"), &mut log);
    assert_eq!(t.us[usize::from(u)].loc, UsLoc::Eliminated);
    assert_eq!(t.heroes[0].loc, HeroLoc::Removed);
    // German fire: P-HERO-SACRIFICE before the turn goes on.
    s.step = Step::DivisionOrder;
    s.lose_step(u, crate::fire::FIRE, &mut log);
    assert_eq!(s.us[usize::from(u)].steps, 1);
    s.run(&mut log);
    assert_eq!(s.step, Step::HeroSacrifice { unit: u });
    assert_eq!(s.prompt().name, "hero_sacrifice");
    let mut no = s.clone();
    let _ = s
        .apply(OmahaAction::SacrificeHero { sacrifice: true }, &mut log)
        .expect("legal");
    assert_eq!(s.us[usize::from(u)].steps, 1);
    assert!(s.heroes[0].inspired && s.heroes[0].loc == HeroLoc::On(u));
    assert_eq!(s.step, Step::DivisionOrder);
    assert!(crate::text::picture(&s).contains(" inspired "));
    let _ = no
        .apply(OmahaAction::SacrificeHero { sacrifice: false }, &mut log)
        .expect("legal");
    assert_eq!(no.us[usize::from(u)].loc, UsLoc::Eliminated);
    assert_eq!(no.heroes[0].loc, HeroLoc::Removed);
    // Inspired: no second sacrifice.
    s.lose_step(u, crate::fire::FIRE, &mut log);
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Eliminated);
}

#[test]
fn rule_11_4_star_fire_kills_the_hero() {
    // Red WN70 with a unit and a depth marker (hit limit 2), a West card with a red star.
    let mut s = empty(9);
    let g = put_wn(&mut s, "WN70");
    add_depth(&mut s, g);
    let card = fire_card(&s, |f| {
        f.icons
            .iter()
            .any(|i| i.colour == Colour::Red && i.star && !i.double)
    });
    let red_moderate_or_intense = |s: &Omaha, h: HexId| {
        s.data.index.hexes[usize::from(h)]
            .fire
            .iter()
            .any(|&(p, l)| {
                p == position(s, "WN70") && matches!(l, FireLevel::Intense | FireLevel::Moderate)
            })
    };
    let h = (0..s.data.index.hexes.len() as HexId)
        .find(|&h| {
            red_moderate_or_intense(&s, h)
                && s.data.index.hexes[usize::from(h)].ground != Ground::Sea
                && !crate::landing::submerged(
                    s.data.index.hexes[usize::from(h)].tide,
                    crate::data::tide_of_turn(9),
                )
        })
        .expect("a hex in WN70's field");
    let u = pick(&s, |i| i.kind() == Some(UsKind::Infantry));
    s.us[usize::from(u)].loc = UsLoc::Hex(h);
    s.heroes[0].loc = HeroLoc::On(u);
    stack(&mut s, &[card]);
    let mut log = log();
    crate::fire::fire_phase(&mut s, Sector::West, &mut log);
    assert!(s.heroes[0].inspired, "11.4: killed, flipped to Inspired");
    assert_eq!(s.heroes[0].loc, HeroLoc::On(u));
    assert!(log.entries().iter().any(|e| e.rule == RuleId("11.4")));
}

#[test]
fn hero_prompt_is_wired_through_the_game() {
    // P-HERO answered through `Game::apply` (the turn then runs on into the Fire Phase).
    let mut s = empty(5);
    let a = infantry_of(&mut s, Division::First, "0713", 3);
    infantry_of(&mut s, Division::First, "0714", 3);
    let card = event_card(&s, 5, |e| {
        matches!(
            e,
            EventEffect::Hero {
                division: Division::First,
                depth_marker: false
            }
        )
    });
    play_event(&mut s, card);
    let mut log = log();
    let anchors = s.anchors(&OmahaAction::PlaceHero { unit: a });
    assert!(!anchors.hexes.is_empty());
    let _ = s
        .apply(OmahaAction::PlaceHero { unit: a }, &mut log)
        .expect("legal");
    assert!(s.hero_with(a).is_some());
}
