//! Rule 6, German fire: T-6.2a, T-6.2b, T-6.3a, T-6.3b, T-6.31, T-6.34, T-6.35, T-6.4, T-6.5,
//! T-6.51 and T-X1, on the real positions of `data/omaha/positions.toml`.
//!
//! Our map is authored by the Overlord project, not the publisher's: where its fire fields
//! differ from the rulebook's map, a test keeps the case's hexes and says what our data makes of
//! them (the rules decide the outcome, the data only the geometry).

use super::*;
use crate::action::OmahaLog;
use crate::data::{Colour, Division, FireLevel, FireSection, Sector, Symbol, UsKind, WnCategory};
use crate::fire::{ARTILLERY, HIT_LIMIT, candidates, fire_phase, firing_positions};
use crate::index::{DepthId, GerId, GerKind, PosId};
use crate::state::{GerPool, Step};

/// The first card of the deck whose German Fire section satisfies `f`.
pub(super) fn fire_card(s: &Omaha, f: impl Fn(&FireSection) -> bool) -> u8 {
    (1..=54u8)
        .find(|&c| s.data.card(c).and_then(|c| c.fire.as_ref()).is_some_and(&f))
        .expect("a card with that fire section")
}

/// The icon of `colour` on a fire section: `Some(double)` if shown.
pub(super) fn shows(f: &FireSection, colour: Colour) -> Option<bool> {
    f.icons
        .iter()
        .find(|i| i.colour == colour)
        .map(|i| i.double)
}

/// The colour is on the card in a single square.
pub(super) fn single(f: &FireSection, colour: Colour) -> bool {
    shows(f, colour) == Some(false)
}

/// An off-board German unit whose kind satisfies `kind`, put in the slot named `slot`.
pub(super) fn put(s: &mut Omaha, slot: &str, kind: impl Fn(GerKind) -> bool) -> GerId {
    let at = s.data.index.slot_named(slot).expect("slot");
    let g = (0..s.germans.len())
        .find(|&g| s.germans[g].loc == GerLoc::OutOfPlay && kind(s.data.index.germans[g].kind))
        .expect("a free German unit") as GerId;
    s.germans[usize::from(g)].loc = GerLoc::Slot(at);
    g
}

/// A WN unit without artillery in a WN slot (it never counts for 6.5).
pub(super) fn put_wn(s: &mut Omaha, slot: &str) -> GerId {
    put(s, slot, |k| k == GerKind::Wn(WnCategory::None))
}

/// An unrevealed (face-down) reinforcement unit in a reinforcement position.
pub(super) fn put_reinforcement(s: &mut Omaha, slot: &str) -> GerId {
    let g = put(s, slot, |k| {
        matches!(k, GerKind::Tactical | GerKind::Divisional)
    });
    s.germans[usize::from(g)].revealed = false;
    g
}

/// A depth marker under German unit `g` (2.24).
pub(super) fn add_depth(s: &mut Omaha, g: GerId) -> DepthId {
    let d = (0..s.depth.len())
        .find(|&d| s.depth[d].loc == DepthLoc::OutOfPlay)
        .expect("a free depth marker") as DepthId;
    s.depth[usize::from(d)].loc = DepthLoc::Under(g);
    s.germans[usize::from(g)].depth = Some(d);
    d
}

/// Put US unit `u` in the hex with this label.
pub(super) fn place(s: &mut Omaha, u: UsId, label: &str) {
    s.us[usize::from(u)].loc = UsLoc::Hex(hex(s, label));
}

pub(super) fn position(s: &Omaha, name: &str) -> PosId {
    s.data
        .index
        .positions
        .iter()
        .position(|p| p.name == name)
        .unwrap_or_else(|| panic!("no position {name}")) as PosId
}

pub(super) fn steps(s: &Omaha, u: UsId) -> u8 {
    s.us[usize::from(u)].steps
}

pub(super) fn disrupted(s: &Omaha, u: UsId) -> bool {
    s.us[usize::from(u)].flags.has(UsFlags::DISRUPTED)
}

/// The firing positions of a sector's card, by name, with their hit limits.
fn firing(s: &Omaha, sector: Sector, card: u8) -> Vec<(String, u8)> {
    firing_positions(s, sector, card)
        .into_iter()
        .map(|f| {
            (
                s.data.index.positions[usize::from(f.position)].name.clone(),
                f.capacity,
            )
        })
        .collect()
}

/// The units some firing position could hit with this card (SYS-FIRE-CANDIDATES).
fn targets(s: &Omaha, sector: Sector, card: u8) -> Vec<UsId> {
    let firing = firing_positions(s, sector, card);
    let mut units: Vec<UsId> = candidates(s, &firing, card)
        .iter()
        .map(|c| c.unit as UsId)
        .collect();
    units.sort_unstable();
    units.dedup();
    units
}

/// Another symbol than `symbol`.
fn other(symbol: Symbol) -> Symbol {
    match symbol {
        Symbol::Diamond => Symbol::Circle,
        _ => Symbol::Diamond,
    }
}

#[test]
fn t_6_2a_cross_sector_fire() {
    let mut s = empty(2);
    // WN65 (red, East) occupied; U with the card symbol in a West hex of its Moderate field.
    put_wn(&mut s, "WN65N");
    let wn65 = position(&s, "WN65");
    assert_eq!(
        s.data.index.positions[usize::from(wn65)].sector,
        Sector::East
    );
    let h = hex(&s, "0519");
    assert_eq!(s.data.index.hexes[usize::from(h)].sector, Sector::West);
    assert!(
        s.data.index.hexes[usize::from(h)]
            .fire
            .contains(&(wn65, FireLevel::Moderate))
    );
    let east = fire_card(&s, |f| single(f, Colour::Red));
    let symbol = s
        .data
        .card(east)
        .and_then(|c| c.fire.clone())
        .expect("fire")
        .target;
    let u = find(&s, Division::TwentyNinth, UsKind::Infantry, symbol, &[]);
    place(&mut s, u, "0519");
    // The East card shows a red single square: WN65 may hit U, across the sector line (6.22).
    assert_eq!(firing(&s, Sector::East, east), vec![("WN65".to_owned(), 1)]);
    assert_eq!(targets(&s, Sector::East, east), vec![u]);
    stack(&mut s, &[east]);
    fire_phase(&mut s, Sector::East, &mut log());
    assert_eq!(steps(&s, u), 2, "WN65 hits U in the West sector");
    // Only the West card shows red: WN65 does not fire, on either card.
    let west = fire_card(&s, |f| shows(f, Colour::Red).is_some());
    let east = fire_card(&s, |f| shows(f, Colour::Red).is_none());
    assert!(firing(&s, Sector::West, west).is_empty());
    assert!(firing(&s, Sector::East, east).is_empty());
}

#[test]
fn t_6_2b_same_colour_fields() {
    let mut s = empty(2);
    // Brown C1 (1113) occupied, brown C5 unoccupied; the brown points in 1313 and 1314 are C5's.
    put_reinforcement(&mut s, "C1");
    let (c1, c5) = (position(&s, "C1"), position(&s, "C5"));
    for label in ["1313", "1314"] {
        let brown: Vec<PosId> = s.data.index.hexes[usize::from(hex(&s, label))]
            .fire
            .iter()
            .map(|&(p, _)| p)
            .filter(|&p| s.data.index.positions[usize::from(p)].colour == Colour::Brown)
            .collect();
        assert_eq!(
            brown,
            vec![c5],
            "6.23: the brown points in {label} are C5's only"
        );
    }
    let card = fire_card(&s, |f| single(f, Colour::Brown));
    let symbol = s
        .data
        .card(card)
        .and_then(|c| c.fire.clone())
        .expect("fire")
        .target;
    let a = find(&s, Division::First, UsKind::Infantry, symbol, &[]);
    let b = find(&s, Division::First, UsKind::Infantry, symbol, &[a]);
    place(&mut s, a, "1313");
    place(&mut s, b, "1314");
    assert_eq!(firing(&s, Sector::East, card), vec![("C1".to_owned(), 1)]);
    assert!(
        targets(&s, Sector::East, card).is_empty(),
        "C1 does not hit 1313 or 1314"
    );
    // C1 does fire: a unit in its own Intense hex 1013 is a target.
    let c = find(&s, Division::First, UsKind::Infantry, symbol, &[a, b]);
    place(&mut s, c, "1013");
    assert!(
        s.data.index.hexes[usize::from(hex(&s, "1013"))]
            .fire
            .contains(&(c1, FireLevel::Intense))
    );
    assert_eq!(targets(&s, Sector::East, card), vec![c]);
}

/// T-6.3a/b: the positions of the rulebook's fire examples on our map.
fn example_positions(s: &mut Omaha) -> [GerId; 3] {
    // Red WN70 (0728): unit + depth marker.
    let red = put_wn(s, "WN70");
    add_depth(s, red);
    // Purple WN72 (0531/0631): two units + one depth marker.
    let purple_n = put_wn(s, "WN72N");
    let purple_s = put_wn(s, "WN72S");
    add_depth(s, purple_n);
    // Green WN71 (0629): unit, no depth. Blue WN73 (0533) occupied.
    put_wn(s, "WN71");
    put_wn(s, "WN73");
    [red, purple_n, purple_s]
}

#[test]
fn t_6_3a_german_fire_example_1() {
    let mut s = empty(2);
    let [_, purple_n, purple_s] = example_positions(&mut s);
    // The West card: red single, purple single, green double; symbol ◆ (card 7).
    let card = fire_card(&s, |f| {
        single(f, Colour::Red)
            && single(f, Colour::Purple)
            && shows(f, Colour::Green) == Some(true)
            && f.target == Symbol::Diamond
    });
    let inf = |s: &Omaha, symbol, skip: &[UsId]| {
        find(s, Division::TwentyNinth, UsKind::Infantry, symbol, skip)
    };
    let i0427 = inf(&s, Symbol::Triangle, &[]);
    let i0527 = inf(&s, Symbol::Diamond, &[]);
    let aa0626 = find(&s, Division::First, UsKind::Aa, Symbol::Diamond, &[]);
    let c1 = inf(&s, Symbol::Circle, &[]);
    let c2 = inf(&s, Symbol::Circle, &[c1]);
    let c3 = inf(&s, Symbol::Circle, &[c1, c2]);
    let ranger = find(
        &s,
        Division::TwentyNinth,
        UsKind::Ranger,
        Symbol::Diamond,
        &[],
    );
    for (u, label) in [
        (i0427, "0427"),
        (i0527, "0527"),
        (aa0626, "0626"),
        // Three ● units in purple Moderate hexes (outside red's field).
        (c1, "0329"),
        (c2, "0332"),
        (c3, "0432"),
        (ranger, "0333"),
    ] {
        place(&mut s, u, label);
    }
    assert_eq!((steps(&s, i0527), steps(&s, aa0626)), (3, 2));
    // Firing positions: red and purple (green: double square without depth; blue: not on the
    // card), in SYS-GER-ORDER, with hit limits 3 and 2.
    assert_eq!(
        firing(&s, Sector::West, card),
        vec![("WN72".to_owned(), 3), ("WN70".to_owned(), 2)]
    );

    // Red alone (purple disrupted), as in the rulebook: 0427 loses a step (Intense, whatever
    // its symbol); 0527 and 0626 tie on Moderate and distance 2, and 0527 has more steps;
    // 0626 is untouched (limit 2 reached).
    let mut red_only = s.clone();
    for g in [purple_n, purple_s] {
        red_only.germans[usize::from(g)].disrupted = true;
    }
    stack(&mut red_only, &[card]);
    fire_phase(&mut red_only, Sector::West, &mut log());
    assert_eq!(steps(&red_only, i0427), 2);
    assert_eq!(steps(&red_only, i0527), 2);
    assert_eq!(steps(&red_only, aa0626), 2);
    assert!(!disrupted(&red_only, aa0626));
    // 6.4: purple is on the card, so its units recover after the fire.
    assert!(!red_only.germans[usize::from(purple_n)].disrupted);

    // Both fire. Purple: no unit in an Intense hex; the three ● units in Moderate hexes lack ◆;
    // the Ranger in 0333 (Sporadic, ◆) is disrupted. On our map purple's field also reaches
    // 0527 (Moderate) and 0626 (Sporadic), which the rulebook's does not: 6.34 then spreads the
    // step losses (SYS-FIRE-ALLOC), so purple takes 0527's step and red's second hit goes to
    // 0626, which purple also disrupts. Purple uses all 3 of its hits.
    stack(&mut s, &[card]);
    fire_phase(&mut s, Sector::West, &mut log());
    assert_eq!(steps(&s, i0427), 2);
    assert!(!disrupted(&s, i0427));
    assert_eq!(steps(&s, i0527), 2);
    assert_eq!(steps(&s, aa0626), 1);
    assert!(disrupted(&s, aa0626));
    for u in [c1, c2, c3] {
        assert_eq!((steps(&s, u), disrupted(&s, u)), (3, false));
    }
    assert_eq!(steps(&s, ranger), 2, "a Ranger counter has 2 steps (2.2.1)");
    assert!(disrupted(&s, ranger), "0333 Ranger disrupted (Sporadic, ◆)");
}

#[test]
fn t_6_3b_german_fire_example_2() {
    let mut s = empty(2);
    example_positions(&mut s);
    // The West card: orange single, red single with the tank symbol, blue single; symbol ▲.
    let card = fire_card(&s, |f| {
        single(f, Colour::Orange)
            && single(f, Colour::Red)
            && single(f, Colour::Blue)
            && f.icons.iter().any(|i| i.colour == Colour::Red && i.tank)
            && f.target == Symbol::Triangle
    });
    let i0427 = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[],
    );
    let tank = find(
        &s,
        Division::TwentyNinth,
        UsKind::Tank,
        Symbol::Triangle,
        &[],
    );
    let d1 = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Diamond,
        &[],
    );
    let d2 = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Diamond,
        &[d1],
    );
    let i0429 = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Triangle,
        &[],
    );
    let ranger = find(
        &s,
        Division::TwentyNinth,
        UsKind::Ranger,
        Symbol::Diamond,
        &[],
    );
    // The two non-▲ units stand in other red Moderate hexes (in 0328 with the tank they would
    // make a concentrated target, 6.35). Our WN73 has 0333 in its Intense field, where the
    // Ranger would be hit whatever its symbol (AMB-41), so the Ranger stands in 0335, a blue
    // Moderate hex, for the case's symbol mismatch.
    for (u, label) in [
        (i0427, "0427"),
        (tank, "0328"),
        (d1, "0424"),
        (d2, "0524"),
        (i0429, "0429"),
        (ranger, "0335"),
    ] {
        place(&mut s, u, label);
    }
    let wn73 = position(&s, "WN73");
    let blue: Vec<_> = s.data.index.hexes[usize::from(hex(&s, "0335"))]
        .fire
        .iter()
        .filter(|(p, _)| s.data.index.positions[usize::from(*p)].colour == Colour::Blue)
        .copied()
        .collect();
    assert_eq!(blue, vec![(wn73, FireLevel::Moderate)]);
    // Red and blue fire; green and purple are not on the card; no orange position is occupied.
    assert_eq!(
        firing(&s, Sector::West, card),
        vec![("WN73".to_owned(), 1), ("WN70".to_owned(), 2)]
    );
    stack(&mut s, &[card]);
    fire_phase(&mut s, Sector::West, &mut log());
    assert_eq!(steps(&s, i0427), 2, "0427: Intense");
    assert_eq!(
        steps(&s, tank),
        1,
        "0328 tank: the armor bonus makes it non-armored"
    );
    assert!(
        !disrupted(&s, i0429) && steps(&s, i0429) == 3,
        "0429: limit reached"
    );
    for u in [d1, d2] {
        assert_eq!((steps(&s, u), disrupted(&s, u)), (3, false));
    }
    assert_eq!(
        (steps(&s, ranger), disrupted(&s, ranger)),
        (2, false),
        "blue: symbol mismatch"
    );

    // The same card without the tank symbol on red: the tank in a Moderate hex is spared
    // (6.36), and red's second hit goes to 0429 (Sporadic, ▲: disrupted).
    let mut s2 = empty(2);
    example_positions(&mut s2);
    for (u, label) in [(i0427, "0427"), (tank, "0328"), (i0429, "0429")] {
        place(&mut s2, u, label);
    }
    let data = Arc::make_mut(&mut s2.data);
    // A card our deck lacks, written into a clone of the data: red single without the tank.
    let fire = data
        .cards
        .iter_mut()
        .find(|c| c.number == card)
        .and_then(|c| c.fire.as_mut())
        .expect("the card");
    for icon in &mut fire.icons {
        icon.tank = false;
    }
    stack(&mut s2, &[card]);
    fire_phase(&mut s2, Sector::West, &mut log());
    assert_eq!(steps(&s2, tank), 2);
    assert_eq!(steps(&s2, i0427), 2);
    assert!(disrupted(&s2, i0429));
}

#[test]
fn t_6_31_hit_limits() {
    let purple = fire_card(&empty(2), |f| single(f, Colour::Purple));
    let purple_double = fire_card(&empty(2), |f| shows(f, Colour::Purple) == Some(true));
    let red = fire_card(&empty(2), |f| single(f, Colour::Red));
    // A lone unit: 1.
    let mut s = empty(2);
    let g = put_wn(&mut s, "WN70");
    assert_eq!(firing(&s, Sector::West, red), vec![("WN70".to_owned(), 1)]);
    // Unit + depth: 2.
    add_depth(&mut s, g);
    assert_eq!(firing(&s, Sector::West, red), vec![("WN70".to_owned(), 2)]);
    // Two-hex WN with two units and one depth marker: 3.
    let mut s = empty(2);
    put_wn(&mut s, "WN72N");
    let south = put_wn(&mut s, "WN72S");
    add_depth(&mut s, south);
    assert_eq!(
        firing(&s, Sector::West, purple),
        vec![("WN72".to_owned(), 3)]
    );
    assert_eq!(
        firing(&s, Sector::West, purple_double),
        vec![("WN72".to_owned(), 3)]
    );
    // One hex disrupted (unit + depth there): only the other hex's counters count (6.41); its
    // depth marker no longer qualifies the WN for a double square (AMB-07).
    s.germans[usize::from(south)].disrupted = true;
    assert_eq!(
        firing(&s, Sector::West, purple),
        vec![("WN72".to_owned(), 1)]
    );
    assert!(firing(&s, Sector::West, purple_double).is_empty());
    // Both hexes disrupted: no fire.
    for g in &mut s.germans {
        g.disrupted |= g.loc != GerLoc::OutOfPlay;
    }
    assert!(firing(&s, Sector::West, purple).is_empty());
}

#[test]
fn t_6_34_spreading_step_losses() {
    let mut s = empty(2);
    // A = red WN70 (unit + depth: limit 2); B = green WN71 (lone unit: limit 1).
    let a = put_wn(&mut s, "WN70");
    add_depth(&mut s, a);
    put_wn(&mut s, "WN71");
    let card = fire_card(&s, |f| single(f, Colour::Red) && single(f, Colour::Green));
    let symbol = s
        .data
        .card(card)
        .and_then(|c| c.fire.clone())
        .expect("fire")
        .target;
    // X in 0428 (Intense for both); Y and Z in red Moderate hexes 0524 and 0424, outside
    // green's field, with the card symbol; Y has more steps, so A's priority is X > Y > Z.
    let x = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        other(symbol),
        &[],
    );
    let y = find(&s, Division::TwentyNinth, UsKind::Infantry, symbol, &[]);
    let z = find(&s, Division::TwentyNinth, UsKind::Infantry, symbol, &[y]);
    place(&mut s, x, "0428");
    place(&mut s, y, "0524");
    place(&mut s, z, "0424");
    s.us[usize::from(z)].steps = 2;
    let firing = firing_positions(&s, Sector::West, card);
    let (wn70, wn71) = (position(&s, "WN70"), position(&s, "WN71"));
    let of = |p: PosId| firing.iter().position(|f| f.position == p).expect("fires");
    let mut cs = candidates(&s, &firing, card);
    cs.sort_by_key(|c| (c.position, c.key()));
    let list = |p: PosId| -> Vec<(UsId, bool)> {
        cs.iter()
            .filter(|c| c.position == of(p))
            .map(|c| (c.unit as UsId, c.loses_step))
            .collect()
    };
    assert_eq!(list(wn70), vec![(x, true), (y, true), (z, true)]);
    assert_eq!(list(wn71), vec![(x, true)]);
    // Basic mode: every unit loses exactly one step (B → X, A → Y and Z).
    stack(&mut s, &[card]);
    fire_phase(&mut s, Sector::West, &mut log());
    assert_eq!([steps(&s, x), steps(&s, y), steps(&s, z)], [2, 2, 1]);
}

#[test]
fn t_6_35_concentrated_target() {
    // WN70 (unit + depth: limit 2); a red single card with symbol S.
    let mut s = empty(2);
    let g = put_wn(&mut s, "WN70");
    add_depth(&mut s, g);
    let card = fire_card(&s, |f| single(f, Colour::Red));
    let symbol = s
        .data
        .card(card)
        .and_then(|c| c.fire.clone())
        .expect("fire")
        .target;
    // Two infantry units of 3 and 2 steps without S in 0524, a red Moderate hex.
    let a = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        other(symbol),
        &[],
    );
    let b = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        other(symbol),
        &[a],
    );
    place(&mut s, a, "0524");
    place(&mut s, b, "0524");
    s.us[usize::from(b)].steps = 2;
    let mut four = s.clone();
    assert_eq!(targets(&s, Sector::West, card), vec![a.min(b), a.max(b)]);
    stack(&mut s, &[card]);
    fire_phase(&mut s, Sector::West, &mut log());
    assert_eq!((steps(&s, a), steps(&s, b)), (2, 1), "5 steps: both hit");
    // 3 + 1 = 4 steps: not concentrated, neither has the symbol.
    four.us[usize::from(b)].steps = 1;
    assert!(targets(&four, Sector::West, card).is_empty());

    // An infiltration into a concentrated hex: never concentrated for the check (7.32). Orange
    // WN62 occupied; a unit without the card symbol infiltrates from 0911 into 0811, which holds
    // 3 + 2 steps; the card shows orange in a single square.
    let mut s = empty(2);
    put_wn(&mut s, "WN62N");
    let card = fire_card(&s, |f| single(f, Colour::Orange));
    let symbol = s
        .data
        .card(card)
        .and_then(|c| c.fire.clone())
        .expect("fire")
        .target;
    let mover = find(&s, Division::First, UsKind::Infantry, other(symbol), &[]);
    let a = find(
        &s,
        Division::First,
        UsKind::Infantry,
        other(symbol),
        &[mover],
    );
    let b = find(&s, Division::First, UsKind::Infantry, symbol, &[]);
    place(&mut s, mover, "0911");
    place(&mut s, a, "0811");
    place(&mut s, b, "0811");
    s.us[usize::from(b)].steps = 2;
    s.step = Step::Actions {
        division: Division::First,
        left: 2,
        second: true,
    };
    stack(&mut s, &[card]);
    let to = hex(&s, "0811");
    let draws = s.draws;
    let _ = overlord_engine::Game::apply(
        &mut s,
        crate::action::OmahaAction::Move { unit: mover, to },
        &mut log(),
    )
    .expect("legal");
    assert_eq!(s.draws, draws + 1, "the infiltration card is drawn");
    assert_eq!(steps(&s, mover), 3, "no loss: the hex is not concentrated");
    assert_eq!(s.us[usize::from(mover)].loc, UsLoc::Hex(to));
}

#[test]
fn t_6_4_german_disruption_recovery() {
    let mut s = empty(2);
    // Disrupted units in East positions red (WN65) and blue (WN64), and in West red WN70.
    let red = put_wn(&mut s, "WN65N");
    let blue = put_wn(&mut s, "WN64");
    let west_red = put_wn(&mut s, "WN70");
    for g in [red, blue, west_red] {
        s.germans[usize::from(g)].disrupted = true;
    }
    // The East card shows red in a double square, and no blue.
    let card = fire_card(&s, |f| {
        shows(f, Colour::Red) == Some(true) && shows(f, Colour::Blue).is_none()
    });
    stack(&mut s, &[card]);
    fire_phase(&mut s, Sector::East, &mut log());
    assert!(
        !s.germans[usize::from(red)].disrupted,
        "red recovers, even without depth"
    );
    assert!(
        s.germans[usize::from(blue)].disrupted,
        "blue is not on the card"
    );
    assert!(
        s.germans[usize::from(west_red)].disrupted,
        "the East card does not touch a West position"
    );
}

/// T-6.5 fixture: turn `turn`, two "75" WN units in East WNs (orange WN62 and blue WN64) and one
/// active off-map 105 in the East box.
fn artillery_state(turn: u8) -> Omaha {
    let mut s = empty(turn);
    put(&mut s, "WN62N", |k| k == GerKind::Wn(WnCategory::C75));
    put(&mut s, "WN64", |k| k == GerKind::Wn(WnCategory::C75));
    let g = (0..s.germans.len())
        .find(|&g| s.data.index.germans[g].kind == GerKind::OffMapArtillery)
        .expect("off-map artillery");
    s.germans[g].loc = GerLoc::Pool(GerPool::Artillery(Sector::East));
    s.germans[g].active = true;
    s
}

#[test]
fn t_6_5_german_artillery() {
    let s = empty(4);
    let block = |c: u8| s.data.card(c).and_then(|c| c.artillery.clone());
    let calibres = |c: u8| {
        block(c).map(|b| {
            let mut v: Vec<String> = b.calibres.iter().map(|c| format!("{c:?}")).collect();
            v.sort();
            (b.value, v.join(" "))
        })
    };
    // "3 / 75 88 105", symbol ◆, with no orange or blue icon (those positions hold the 75s).
    let three = (1..=54u8)
        .find(|&c| {
            calibres(c) == Some((3, "C105 C75 C88".into()))
                && s.data
                    .card(c)
                    .and_then(|c| c.fire.clone())
                    .is_some_and(|f| {
                        f.target == Symbol::Diamond
                            && shows(&f, Colour::Orange).is_none()
                            && shows(&f, Colour::Blue).is_none()
                    })
        })
        .expect("a card 3 / 75 88 105 with ◆");
    let two = (1..=54u8)
        .find(|&c| calibres(c) == Some((2, "C105 C88".into())))
        .expect("a card 2 / 88 105");
    let fixture = |turn: u8| {
        let mut s = artillery_state(turn);
        let box_inf = find(&s, Division::First, UsKind::Infantry, Symbol::Diamond, &[]);
        let tank = find(&s, Division::First, UsKind::Tank, Symbol::Diamond, &[]);
        let beach_inf = find(
            &s,
            Division::First,
            UsKind::Infantry,
            Symbol::Diamond,
            &[box_inf],
        );
        s.us[usize::from(box_inf)].loc = UsLoc::Box(landing_box(&s, "ER1"));
        s.us[usize::from(box_inf)].steps = 2;
        place(&mut s, tank, "0513");
        place(&mut s, beach_inf, "0515");
        (s, [box_inf, tank, beach_inf])
    };
    // Count 3 ≥ 3: a hit, on the infantry in the landing box (priority 1).
    let (mut s, [box_inf, tank, beach_inf]) = fixture(4);
    stack(&mut s, &[three]);
    fire_phase(&mut s, Sector::East, &mut log());
    assert_eq!(
        [steps(&s, box_inf), steps(&s, tank), steps(&s, beach_inf)],
        [1, 2, 3]
    );
    // Without it, the tank on the beach (priority 2).
    let (mut s, _) = fixture(4);
    s.us[usize::from(box_inf)].loc = UsLoc::OutOfPlay;
    stack(&mut s, &[three]);
    fire_phase(&mut s, Sector::East, &mut log());
    assert_eq!([steps(&s, tank), steps(&s, beach_inf)], [1, 3]);
    // "2 / 88 105": only the 105 counts, 1 < 2: no hit, whatever the symbol.
    let (mut s, units) = fixture(4);
    let symbol = s
        .data
        .card(two)
        .and_then(|c| c.fire.clone())
        .expect("fire")
        .target;
    let target = find(&s, Division::First, UsKind::Infantry, symbol, &units);
    s.us[usize::from(target)].loc = UsLoc::Box(landing_box(&s, "ER2"));
    stack(&mut s, &[two]);
    fire_phase(&mut s, Sector::East, &mut log());
    assert_eq!(steps(&s, target), 3);
    assert_eq!(steps(&s, box_inf), 2);
    // Turn 3: no artillery check. Variant 22.1 on turn 4: none either.
    for (turn, effective_bombardment) in [(3, false), (4, true)] {
        let (mut s, [box_inf, ..]) = fixture(turn);
        s.options.effective_bombardment = effective_bombardment;
        stack(&mut s, &[three]);
        fire_phase(&mut s, Sector::East, &mut log());
        assert_eq!(
            steps(&s, box_inf),
            2,
            "turn {turn}, 22.1 {effective_bombardment}"
        );
    }
}

#[test]
fn t_6_51_off_map_artillery() {
    let mut s = empty(4);
    let batteries: Vec<usize> = (0..s.germans.len())
        .filter(|&g| s.data.index.germans[g].kind == GerKind::OffMapArtillery)
        .filter(|&g| {
            s.data.german.artillery[g - s.data.german.wn_units.len()].sector == Sector::East
        })
        .collect();
    assert_eq!(batteries.len(), 2);
    for &g in &batteries {
        s.germans[g].loc = GerLoc::Pool(GerPool::Artillery(Sector::East));
        s.germans[g].active = true;
    }
    // "1 / 105": the batteries alone make a hit.
    let card = (1..=54u8)
        .find(|&c| {
            s.data
                .card(c)
                .and_then(|c| c.artillery.clone())
                .is_some_and(|b| b.value == 1 && b.calibres == vec![crate::data::Calibre::C105])
        })
        .expect("a card 1 / 105");
    let symbol = s
        .data
        .card(card)
        .and_then(|c| c.fire.clone())
        .expect("fire")
        .target;
    let target = find(&s, Division::First, UsKind::Infantry, symbol, &[]);
    s.us[usize::from(target)].loc = UsLoc::Box(landing_box(&s, "ER1"));
    // Every observer position of the East box (WN60, WN62, WN65) is US-occupied.
    let mut skip = vec![target];
    let mut occupiers = Vec::new();
    for label in ["0807", "0812", "0912", "0817", "0918"] {
        let u = find(&s, Division::First, UsKind::Infantry, other(symbol), &skip);
        skip.push(u);
        place(&mut s, u, label);
        occupiers.push(u);
    }
    let wn65 = position(&s, "WN65");
    assert!(!crate::control::german_loc(&s, wn65));
    let base = s.clone();
    stack(&mut s, &[card]);
    fire_phase(&mut s, Sector::East, &mut log());
    assert!(batteries.iter().all(|&g| !s.germans[g].active), "inactive");
    assert_eq!(steps(&s, target), 3, "inactive batteries do not count");

    // The batteries as the last phase left them: inactive.
    let mut inactive = base;
    for &g in &batteries {
        inactive.germans[g].active = false;
    }
    // WN65 is re-occupied by a German unit: the batteries count again.
    let mut reoccupied = inactive.clone();
    reoccupied.us[usize::from(occupiers[3])].loc = UsLoc::OutOfPlay;
    put_wn(&mut reoccupied, "WN65N");
    stack(&mut reoccupied, &[card]);
    fire_phase(&mut reoccupied, Sector::East, &mut log());
    assert!(batteries.iter().all(|&g| reoccupied.germans[g].active));
    assert_eq!(steps(&reoccupied, target), 2);

    // Or WN65 regains German communication (its hex 0918 is free again).
    let mut regained = inactive;
    regained.us[usize::from(occupiers[4])].loc = UsLoc::OutOfPlay;
    assert!(crate::control::german_loc(&regained, wn65));
    stack(&mut regained, &[card]);
    fire_phase(&mut regained, Sector::East, &mut log());
    assert!(batteries.iter().all(|&g| regained.germans[g].active));
    assert_eq!(steps(&regained, target), 2);
}

#[test]
fn t_x1_basic_one_step_cap_with_disruption() {
    // U in 0919 (West), Intense for both WN65 (red, East) and R-1019 (green, West, unrevealed).
    // A = WN65 takes U's step in the East fire; B = R-1019 fires on the West card, in the same
    // German Fire Phase.
    let mut s = empty(2);
    put_wn(&mut s, "WN65N");
    put_reinforcement(&mut s, "R-1019");
    let east = fire_card(&s, |f| single(f, Colour::Red));
    let west = fire_card(&s, |f| {
        single(f, Colour::Green) && shows(f, Colour::Red).is_none()
    });
    let u = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[],
    );
    let v = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[u],
    );
    place(&mut s, u, "0919");
    let r1019 = position(&s, "R-1019");
    let wn65 = position(&s, "WN65");
    let fire = |s: &Omaha, label: &str| s.data.index.hexes[usize::from(hex(s, label))].fire.clone();
    assert!(fire(&s, "0919").contains(&(wn65, FireLevel::Intense)));
    assert!(fire(&s, "0919").contains(&(r1019, FireLevel::Intense)));
    assert_eq!(
        fire(&s, "0920").iter().filter(|(p, _)| *p == wn65).count(),
        0
    );
    let mut alone = s.clone();

    // With a next candidate V (0920, Intense for B only): B's hit goes to V.
    place(&mut s, v, "0920");
    stack(&mut s, &[east, west]);
    let mut log = log();
    fire_phase(&mut s, Sector::East, &mut log);
    assert_eq!(steps(&s, u), 2, "A's hit");
    assert!(s.us[usize::from(u)].flags.has(UsFlags::HIT_THIS_PHASE));
    fire_phase(&mut s, Sector::West, &mut log);
    assert_eq!(
        (steps(&s, u), disrupted(&s, u)),
        (2, false),
        "U unaffected by B"
    );
    assert_eq!(
        (steps(&s, v), disrupted(&s, v)),
        (2, true),
        "unrevealed Intense"
    );

    // Without one: U loses no second step (6.34). The crate reads 6.33 and AMB-51 as keeping
    // the disruption part of B's hit, which still changes something (fire_alloc.rs,
    // amb_51_excess_step_still_disrupts); T-X1's "unaffected" is read as "loses no step".
    stack(&mut alone, &[east, west]);
    fire_phase(&mut alone, Sector::East, &mut log);
    fire_phase(&mut alone, Sector::West, &mut log);
    assert_eq!(steps(&alone, u), 2, "one step per phase");
    assert!(disrupted(&alone, u));
    assert!(
        alone
            .us
            .iter()
            .all(|x| !x.flags.has(UsFlags::HIT_THIS_PHASE)),
        "the phase's marks are cleared after the West fire"
    );
}

// ---------------------------------------------------------------------------------------------
// The German side's choices the rules leave to the player: G-FIRE-TIE (6.31), G-LEADER (11.41),
// G-ART-TIE (6.5).

/// Answer the prompt of `s` with `action`, which must be legal.
fn answer(s: &mut Omaha, action: crate::action::OmahaAction, log: &mut OmahaLog) {
    let _ = overlord_engine::Game::apply(s, action, log).expect("legal");
}

/// G-FIRE-TIE fixture: red WN70 (a lone unit: hit limit 1, with `depth` a depth marker too:
/// limit 2) on a West card showing red in a single square; one 3-step infantry unit with the
/// card symbol in red Moderate 0626 and `in_0527` more in 0527, both at distance 2.
fn fire_tie_state(depth: bool, in_0527: usize) -> (Omaha, u8, Vec<UsId>) {
    let mut s = empty(2);
    let g = put_wn(&mut s, "WN70");
    if depth {
        add_depth(&mut s, g);
    }
    let card = fire_card(&s, |f| single(f, Colour::Red));
    let symbol = s
        .data
        .card(card)
        .and_then(|c| c.fire.clone())
        .expect("fire")
        .target;
    let mut units = Vec::new();
    for i in 0..=in_0527 {
        let u = find(&s, Division::TwentyNinth, UsKind::Infantry, symbol, &units);
        place(&mut s, u, if i == 0 { "0626" } else { "0527" });
        units.push(u);
    }
    units.sort_unstable();
    let firing = firing_positions(&s, Sector::West, card);
    let cs = candidates(&s, &firing, card);
    assert_eq!(cs.len(), units.len());
    assert!(
        cs.iter().all(|c| c.key() == cs[0].key()),
        "6.31: same level, distance and steps"
    );
    stack(&mut s, &[card]);
    (s, card, units)
}

#[test]
fn g_fire_tie_6_31_player_chooses_which_unit_is_hit() {
    let (mut s, card, units) = fire_tie_state(false, 1);
    let (low, high) = (units[0], units[1]);
    let draws = s.draws;
    let mut log = log();
    fire_phase(&mut s, Sector::West, &mut log);
    let wn70 = position(&s, "WN70");
    assert_eq!(
        s.step,
        Step::FireTie {
            sector: Sector::West,
            position: wn70,
            take: 1
        }
    );
    use crate::action::OmahaAction::FireTieTarget;
    assert_eq!(
        legal(&s),
        vec![FireTieTarget { unit: low }, FireTieTarget { unit: high }]
    );
    let prompt = overlord_engine::Game::prompt(&s);
    assert_eq!((prompt.name, prompt.rule), ("fire_tie", HIT_LIMIT));
    assert!(
        prompt.text.contains("WN70") && prompt.text.contains("6.31"),
        "{}",
        prompt.text
    );
    let anchors = overlord_engine::Game::anchors(&s, &FireTieTarget { unit: high });
    assert_eq!(anchors.units, vec![u32::from(high)]);
    assert_eq!(anchors.hexes, vec!["0728".to_owned(), "0527".to_owned()]);
    let picture = overlord_engine::Game::text_picture(
        &s,
        overlord_engine::Viewer::Seat(overlord_engine::Seat(0)),
    )
    .expect("picture");
    assert!(
        picture.contains("G-FIRE-TIE (6.31): WN70 hits 1 of"),
        "{picture}"
    );
    // Nothing is hit before the answer.
    assert_eq!((steps(&s, low), steps(&s, high)), (3, 3));

    // The player picks the higher id: it is hit, the other not; no second card is drawn.
    let mut high_pick = s.clone();
    answer(&mut high_pick, FireTieTarget { unit: high }, &mut log);
    assert_eq!((steps(&high_pick, low), steps(&high_pick, high)), (3, 2));
    assert_eq!(high_pick.draws, draws + 1, "the Fire card is drawn once");
    assert_eq!(high_pick.fire_cards[1], Some(card));
    assert!(!matches!(high_pick.step, Step::FireTie { .. }));
    assert!(high_pick.fire_picks.is_empty() && high_pick.choices.is_empty());
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule == HIT_LIMIT && e.text.starts_with("G-FIRE-TIE"))
    );

    // The lowest id gives what the engine allocated before it asked (SYS-FIRE-ALLOC).
    let firing = firing_positions(&s, Sector::West, card);
    let cs = candidates(&s, &firing, card);
    let engine = crate::fire_alloc::allocate(crate::fire_alloc::Mode::Basic, &[1], &cs);
    let hit: Vec<UsId> = engine.hits[0].iter().map(|&c| cs[c].unit as UsId).collect();
    assert_eq!(hit, vec![low]);
    answer(&mut s, FireTieTarget { unit: low }, &mut log);
    assert_eq!((steps(&s, low), steps(&s, high)), (2, 3));
}

#[test]
fn g_fire_tie_6_31_one_prompt_per_hit_and_no_prompt_without_a_choice() {
    // Limit 2 among three equal units: two prompts, the second without the first answer.
    let (mut s, _, units) = fire_tie_state(true, 2);
    let mut log = log();
    let draws = s.draws;
    fire_phase(&mut s, Sector::West, &mut log);
    assert!(matches!(s.step, Step::FireTie { take: 2, .. }));
    use crate::action::OmahaAction::FireTieTarget;
    assert_eq!(
        legal(&s),
        units
            .iter()
            .map(|&unit| FireTieTarget { unit })
            .collect::<Vec<_>>()
    );
    answer(&mut s, FireTieTarget { unit: units[2] }, &mut log);
    assert!(matches!(s.step, Step::FireTie { take: 1, .. }));
    assert_eq!(
        legal(&s),
        vec![
            FireTieTarget { unit: units[0] },
            FireTieTarget { unit: units[1] }
        ]
    );
    answer(&mut s, FireTieTarget { unit: units[0] }, &mut log);
    assert_eq!(
        units.iter().map(|&u| steps(&s, u)).collect::<Vec<_>>(),
        vec![2, 3, 2]
    );
    assert_eq!(s.draws, draws + 1, "the Fire card is drawn once");
    // The limit covers every equal unit: no choice, no prompt.
    let (mut s, _, units) = fire_tie_state(true, 1);
    fire_phase(&mut s, Sector::West, &mut log);
    assert!(!matches!(s.step, Step::FireTie { .. }));
    assert!(units.iter().all(|&u| steps(&s, u) == 2));
}

/// G-LEADER fixture: red WN70 with a unit and a depth marker (hit limit 2) on a West card with
/// a red star, one qualifying unit in 0527 (red Moderate): one hit is left for a Leader.
fn star_tie_state() -> (Omaha, UsId) {
    let mut s = empty(2);
    let g = put_wn(&mut s, "WN70");
    add_depth(&mut s, g);
    let card = fire_card(&s, |f| {
        f.icons
            .iter()
            .any(|i| i.colour == Colour::Red && i.star && !i.double)
    });
    let symbol = s
        .data
        .card(card)
        .and_then(|c| c.fire.clone())
        .expect("fire")
        .target;
    let u = find(&s, Division::TwentyNinth, UsKind::Infantry, symbol, &[]);
    place(&mut s, u, "0527");
    stack(&mut s, &[card]);
    (s, u)
}

#[test]
fn g_leader_11_41_player_chooses_which_leader_is_hit() {
    // General Cota and 116 HQ both in 0626 (red Moderate), equally near WN70.
    let (mut s, u) = star_tie_state();
    let (cota, hq) = (unit(&s, "Cota"), unit(&s, "116 HQ"));
    place(&mut s, cota, "0626");
    place(&mut s, hq, "0626");
    let mut log = log();
    fire_phase(&mut s, Sector::West, &mut log);
    assert_eq!(steps(&s, u), 2, "11.41: units first");
    let wn70 = position(&s, "WN70");
    assert_eq!(
        s.step,
        Step::LeaderHit {
            sector: Sector::West,
            position: wn70,
            left: 1
        }
    );
    use crate::action::OmahaAction::LeaderTarget;
    let mut options = vec![LeaderTarget { unit: cota }, LeaderTarget { unit: hq }];
    options.sort_by_key(|a| match a {
        LeaderTarget { unit } => *unit,
        _ => 0,
    });
    assert_eq!(legal(&s), options);
    let prompt = overlord_engine::Game::prompt(&s);
    assert_eq!((prompt.name, prompt.rule.0), ("leader_hit", "11.41"));
    assert_eq!(
        overlord_engine::Game::anchors(&s, &LeaderTarget { unit: cota }).label,
        "WN70 hits Cota"
    );
    // The player picks the General: wounded; the HQ stays on the map.
    answer(&mut s, LeaderTarget { unit: cota }, &mut log);
    assert!(s.us[usize::from(cota)].flags.has(UsFlags::WOUNDED));
    assert_eq!(s.us[usize::from(hq)].loc, UsLoc::Hex(hex(&s, "0626")));
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule.0 == "11.41" && e.text.starts_with("G-LEADER"))
    );

    // One Leader nearer than the other: no prompt, the nearer is hit (11.41).
    let (mut s, _) = star_tie_state();
    place(&mut s, cota, "0626");
    place(&mut s, hq, "0427");
    fire_phase(&mut s, Sector::West, &mut log);
    assert!(!matches!(s.step, Step::LeaderHit { .. }));
    assert!(s.us[usize::from(cota)].flags.has(UsFlags::WOUNDED));
    assert_eq!(s.us[usize::from(hq)].loc, UsLoc::Hex(hex(&s, "0427")));
}

#[test]
fn g_leader_11_41_hero_sacrifice_waits_for_the_answer() {
    // The unit in 0527 has one step and a Hero: its loss waits (11.14), and its Hero is one of
    // the Leaders as near as Cota (11.4). P-HERO-SACRIFICE comes only after G-LEADER.
    let (mut s, u) = star_tie_state();
    s.us[usize::from(u)].steps = 1;
    s.heroes[0].loc = crate::state::HeroLoc::On(u);
    let cota = unit(&s, "Cota");
    place(&mut s, cota, "0626");
    let mut log = log();
    fire_phase(&mut s, Sector::West, &mut log);
    use crate::action::OmahaAction::LeaderTarget;
    assert!(matches!(s.step, Step::LeaderHit { .. }));
    assert_eq!(
        legal(&s),
        vec![LeaderTarget { unit: cota }, LeaderTarget { unit: u }]
    );
    s.run(&mut log);
    assert!(
        matches!(s.step, Step::LeaderHit { .. }),
        "no P-HERO-SACRIFICE inside the fire"
    );
    assert!(
        overlord_engine::Game::anchors(&s, &LeaderTarget { unit: u })
            .label
            .contains("the Hero with"),
    );
    // Star fire on Cota: the Hero lives, and P-HERO-SACRIFICE is asked now.
    let mut on_cota = s.clone();
    answer(&mut on_cota, LeaderTarget { unit: cota }, &mut log);
    assert_eq!(on_cota.step, Step::HeroSacrifice { unit: u });
    // Star fire on the Hero: it dies, and its unit loses its last step (11.14).
    answer(&mut s, LeaderTarget { unit: u }, &mut log);
    assert!(s.heroes[0].inspired);
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Eliminated);
    assert!(!s.us[usize::from(cota)].flags.has(UsFlags::WOUNDED));
}

#[test]
fn g_art_tie_6_5_player_chooses_the_artillery_target() {
    // "3 / 75 88 105" with ◆ and no orange or blue icon: two ◆ infantry units of 2 steps in
    // East landing boxes, both priority 1 with the most steps.
    let mut s = artillery_state(4);
    let three = (1..=54u8)
        .find(|&c| {
            s.data.card(c).is_some_and(|card| {
                card.artillery.as_ref().is_some_and(|b| {
                    b.value == 3
                        && [
                            crate::data::Calibre::C75,
                            crate::data::Calibre::C88,
                            crate::data::Calibre::C105,
                        ]
                        .iter()
                        .all(|c| b.calibres.contains(c))
                }) && card.fire.as_ref().is_some_and(|f| {
                    f.target == Symbol::Diamond
                        && shows(f, Colour::Orange).is_none()
                        && shows(f, Colour::Blue).is_none()
                })
            })
        })
        .expect("a card 3 / 75 88 105 with ◆");
    let a = find(&s, Division::First, UsKind::Infantry, Symbol::Diamond, &[]);
    let b = find(&s, Division::First, UsKind::Infantry, Symbol::Diamond, &[a]);
    s.us[usize::from(a)].loc = UsLoc::Box(landing_box(&s, "ER1"));
    s.us[usize::from(b)].loc = UsLoc::Box(landing_box(&s, "ER2"));
    for u in [a, b] {
        s.us[usize::from(u)].steps = 2;
    }
    stack(&mut s, &[three]);
    let draws = s.draws;
    let mut log = log();
    fire_phase(&mut s, Sector::East, &mut log);
    assert_eq!(
        s.step,
        Step::ArtilleryTie {
            sector: Sector::East,
            event: false
        }
    );
    use crate::action::OmahaAction::ArtilleryTarget;
    let (low, high) = (a.min(b), a.max(b));
    assert_eq!(
        legal(&s),
        vec![
            ArtilleryTarget { unit: low },
            ArtilleryTarget { unit: high }
        ]
    );
    let prompt = overlord_engine::Game::prompt(&s);
    assert_eq!((prompt.name, prompt.rule), ("artillery_tie", ARTILLERY));
    assert_eq!((steps(&s, a), steps(&s, b)), (2, 2));
    // The player picks the higher id. The East card is not drawn again (the West one is).
    let west_card = s.deck.hidden_cards_mut().last().copied();
    answer(&mut s, ArtilleryTarget { unit: high }, &mut log);
    assert_eq!((steps(&s, low), steps(&s, high)), (2, 1));
    assert_eq!(s.fire_cards[0], Some(three));
    assert_eq!(s.draws, draws + 2, "the East card once, then the West card");
    assert_eq!(s.fire_cards[1], west_card);
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule == ARTILLERY && e.text.starts_with("G-ART-TIE"))
    );
    // Different steps: no choice, no prompt; the unit with more steps is hit.
    let mut s = artillery_state(4);
    s.us[usize::from(a)].loc = UsLoc::Box(landing_box(&s, "ER1"));
    s.us[usize::from(b)].loc = UsLoc::Box(landing_box(&s, "ER2"));
    s.us[usize::from(a)].steps = 2;
    stack(&mut s, &[three]);
    fire_phase(&mut s, Sector::East, &mut log);
    assert!(!matches!(s.step, Step::ArtilleryTie { .. }));
    assert_eq!((steps(&s, a), steps(&s, b)), (2, 2));
}

/// The T-6.5 card "3 / 75 88 105" with ◆ and no orange or blue icon (the fixture's 75s sit in
/// orange WN62 and blue WN64, so no position fires).
fn three_diamond(s: &Omaha) -> u8 {
    (1..=54u8)
        .find(|&c| {
            s.data.card(c).is_some_and(|card| {
                card.artillery.as_ref().is_some_and(|b| {
                    b.value == 3
                        && [
                            crate::data::Calibre::C75,
                            crate::data::Calibre::C88,
                            crate::data::Calibre::C105,
                        ]
                        .iter()
                        .all(|c| b.calibres.contains(c))
                }) && card.fire.as_ref().is_some_and(|f| {
                    f.target == Symbol::Diamond
                        && shows(f, Colour::Orange).is_none()
                        && shows(f, Colour::Blue).is_none()
                })
            })
        })
        .expect("a card 3 / 75 88 105 with ◆")
}

/// 6.5, 6.35, AMB-10: a beach hex holding five or more steps (leaders excluded) is a
/// concentrated target, so its units count as having the card's symbol for artillery; a
/// landing box never is, so its units need the printed symbol.
#[test]
fn amb_10_concentrated_beach_hex_is_an_artillery_target() {
    let card = three_diamond(&empty(4));
    // Infantry without ◆: 3 + 3 steps in box ER1 (priority 1 if they qualified), 3 + `second`
    // steps on beach hex 0515 (priority 4), and `hq` puts an HQ in 0515 too.
    let fixture = |second: u8, hq: bool| {
        let mut s = artillery_state(4);
        let mut units = Vec::new();
        for _ in 0..4 {
            let u = find(
                &s,
                Division::First,
                UsKind::Infantry,
                Symbol::Circle,
                &units,
            );
            units.push(u);
        }
        let er1 = landing_box(&s, "ER1");
        for &u in &units[..2] {
            s.us[usize::from(u)].loc = UsLoc::Box(er1);
        }
        place(&mut s, units[2], "0515");
        place(&mut s, units[3], "0515");
        s.us[usize::from(units[3])].steps = second;
        if hq {
            let h = crate::control::tests::pick(&s, |i| i.counter == crate::index::UsCounter::Hq);
            place(&mut s, h, "0515");
        }
        assert_eq!(
            s.data.index.hexes[usize::from(hex(&s, "0515"))].ground,
            crate::index::Ground::Beach
        );
        stack(&mut s, &[card]);
        let mut log = log();
        fire_phase(&mut s, Sector::East, &mut log);
        (units.iter().map(|&u| steps(&s, u)).collect::<Vec<_>>(), log)
    };
    // 3 + 2 = 5 steps on the beach: concentrated, the 3-step unit is hit (6.35); the box's 6
    // steps do not make its units targets (AMB-10).
    let (hit, log) = fixture(2, false);
    assert_eq!(hit, vec![3, 3, 2, 2]);
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule == ARTILLERY && e.text.contains("hits"))
    );
    // 3 + 1 = 4: not concentrated, and no unit has ◆: no hit. An HQ adds no steps (6.35).
    assert_eq!(fixture(1, false).0, vec![3, 3, 3, 1]);
    assert_eq!(fixture(1, true).0, vec![3, 3, 3, 1]);
}

/// 19.33, AMB-30: a 6.5 artillery hit sets this turn's artillery flag of the hit unit's sector
/// (automatic target or G-ART-TIE answer); no hit, no flag; the flags clear at the end of the
/// turn (VI).
#[test]
fn amb_30_artillery_flag_from_6_5_hits_cleared_at_end_of_turn() {
    let card = three_diamond(&empty(4));
    let fixture = |units: usize, batteries: bool| {
        let mut s = artillery_state(4);
        if !batteries {
            for g in &mut s.germans {
                if matches!(g.loc, GerLoc::Pool(GerPool::Artillery(_))) {
                    g.loc = GerLoc::OutOfPlay;
                }
            }
        }
        let mut us = Vec::new();
        for name in ["ER1", "ER2"].iter().take(units) {
            let u = find(&s, Division::First, UsKind::Infantry, Symbol::Diamond, &us);
            s.us[usize::from(u)].loc = UsLoc::Box(landing_box(&s, name));
            us.push(u);
        }
        stack(&mut s, &[card]);
        (s, us)
    };
    // One target: hit at once, the East flag is set.
    let (mut s, us) = fixture(1, true);
    let mut log = log();
    fire_phase(&mut s, Sector::East, &mut log);
    assert_eq!(steps(&s, us[0]), 2);
    assert_eq!(s.artillery_fired, [true, false], "AMB-30: East");
    // Two equal targets: the flag is set when the G-ART-TIE answer lands.
    let (mut s, us) = fixture(2, true);
    fire_phase(&mut s, Sector::East, &mut log);
    assert!(matches!(s.step, Step::ArtilleryTie { .. }));
    assert_eq!(s.artillery_fired, [false, false]);
    crate::fire::artillery_answered(&mut s, us[1], &mut log);
    assert_eq!(steps(&s, us[1]), 2);
    assert_eq!(s.artillery_fired, [true, false], "AMB-30 after G-ART-TIE");
    // Two batteries of three: no hit, no flag.
    let (mut s, us) = fixture(1, false);
    fire_phase(&mut s, Sector::East, &mut log);
    assert_eq!(steps(&s, us[0]), 3);
    assert_eq!(s.artillery_fired, [false, false], "AMB-30: no step lost");
    // VI: the flags come off at the end of the turn. The turn runs on into turn 5 (whose fire
    // finds no US unit to hit: the hit one leaves play).
    let (mut s, us) = fixture(1, true);
    fire_phase(&mut s, Sector::East, &mut log);
    assert_eq!(s.artillery_fired, [true, false]);
    s.us[usize::from(us[0])].loc = UsLoc::OutOfPlay;
    s.step = Step::EndOfTurn;
    s.run(&mut log);
    assert_eq!(s.turn, 5);
    assert_eq!(s.artillery_fired, [false, false], "AMB-30: cleared in VI");
}
