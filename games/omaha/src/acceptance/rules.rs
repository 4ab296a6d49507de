//! Rules 2–13 by rule id: a focused test for each rule (or section-9 interpretation) of
//! omaha-beach.md that no section-8 case checks on its own, grouped by chapter, on the shipped
//! data with scripted cards. Each test names the ids it checks in its doc comment;
//! `tests/rule_citations.rs` keeps every id of docs/omaha/rule-ids.txt cited.

use super::combat::{actions as combat_phase, attack, german, leader, play, rifle, us};
use super::fire::{add_depth, disrupted, fire_card, place, position, put, put_wn, single, steps};
use super::legal;
use super::*;
use crate::action::{DrawFor, OmahaAction, OmahaEvent};
use crate::data::{
    Calibre, Colour, Division, EventEffect, FireLevel, Sector, Symbol, Tide, UsKind, WnArtillery,
    WnCategory, tide_of_turn,
};
use crate::index::{GerKind, Ground, HexId, Landing, PosKind, UsCounter};
use crate::state::{GerPool, Step};
use crate::tables::landing::{LandingResult, landing_result};
use crate::tables::terrain::{Crossing, Hexside};
use overlord_engine::Game;

/// The names of landing boxes, in box order.
fn box_names(s: &Omaha, boxes: &[BoxId]) -> Vec<String> {
    boxes
        .iter()
        .map(|&b| s.data.index.boxes[usize::from(b)].name.clone())
        .collect()
}

/// The lettered boxes (5.32), in box order, except those `skip` accepts.
fn lettered_except(s: &Omaha, skip: impl Fn(&str) -> bool) -> Vec<String> {
    s.data
        .index
        .boxes
        .iter()
        .filter(|b| b.lettered && !skip(&b.name))
        .map(|b| b.name.clone())
        .collect()
}

/// The Action Phase of `division` with `left` actions, command taken at its start (7.1).
fn acting(s: &mut Omaha, division: Division, left: u8) {
    crate::actions::start_action_phase(s);
    s.step = Step::Actions {
        division,
        left,
        second: true,
    };
}

fn actions_left(s: &Omaha) -> u8 {
    match s.step {
        Step::Actions { left, .. } => left,
        step => panic!("not in the Action Phase: {step:?}"),
    }
}

fn all_legal(s: &Omaha) -> Vec<OmahaAction> {
    let mut out = Vec::new();
    s.legal_actions(&mut out);
    out
}

/// The hexes `unit` may move to now (A-MOVE).
fn moves(s: &Omaha, unit: UsId) -> Vec<HexId> {
    all_legal(s)
        .into_iter()
        .filter_map(|a| match a {
            OmahaAction::Move { unit: u, to } if u == unit => Some(to),
            _ => None,
        })
        .collect()
}

fn apply(s: &mut Omaha, action: OmahaAction) {
    if let Err(e) = Game::apply(s, action, &mut log()) {
        panic!("{action:?}: {e:?}");
    }
}

fn ground(s: &Omaha, h: HexId) -> Ground {
    s.data.index.hexes[usize::from(h)].ground
}

/// The land hexes where position `p` projects fire points of `level`.
fn field_hexes(s: &Omaha, p: crate::index::PosId, level: FireLevel) -> Vec<HexId> {
    (0..s.data.index.hexes.len() as HexId)
        .filter(|&h| {
            let info = &s.data.index.hexes[usize::from(h)];
            info.ground != Ground::Sea && info.fire.contains(&(p, level))
        })
        .collect()
}

/// The target symbol of a card's German Fire section.
fn target_of(s: &Omaha, card: u8) -> Symbol {
    s.data
        .card(card)
        .and_then(|c| c.fire.as_ref())
        .map(|f| f.target)
        .expect("a fire section")
}

/// A symbol other than `symbol`.
fn other_symbol(symbol: Symbol) -> Symbol {
    match symbol {
        Symbol::Diamond => Symbol::Circle,
        _ => Symbol::Diamond,
    }
}

/// A card whose artillery section has a value of at most `max` and lists every calibre of
/// `calibres`, and whose German Fire section satisfies `f`.
fn artillery_card(
    s: &Omaha,
    max: u8,
    calibres: &[Calibre],
    f: impl Fn(&crate::data::FireSection) -> bool,
) -> u8 {
    (1..=54u8)
        .find(|&c| {
            let Some(card) = s.data.card(c) else {
                return false;
            };
            card.artillery
                .as_ref()
                .is_some_and(|a| a.value <= max && calibres.iter().all(|x| a.calibres.contains(x)))
                && card.fire.as_ref().is_some_and(&f)
        })
        .expect("an artillery card")
}

// ---- 2 Components ----------------------------------------------------------------------------

/// 2.1, AMB-01, AMB-02: the map as rule 2.1 describes it. The dashed line splits it into the
/// East sector (the 1st Division's, on the left with the sea at the bottom: the low rows) and
/// the West sector (the 29th's); the landing boxes run East to West, the East ones first; six
/// position colours; WN62 is two hexes (0812 N, 0912 S); WN positions carry the artillery
/// printed for setup (3); reinforcement ids are a zone A–G and a priority 1–11 which is the
/// number in the id (AMB-02), ID-less positions exist; 42 VP positions; exits A–G are
/// single map-edge hexes; the Turn track shows the time and the tide of 32 turns.
#[test]
fn r2_1_map_sectors_positions_boxes_exits_and_turn_track() {
    let s = empty(1);
    let d = &s.data;
    let index = &d.index;
    // AMB-01: East = 1st Division, West = 29th Division.
    assert_eq!(crate::index::division_of(Sector::East), Division::First);
    assert_eq!(
        crate::index::division_of(Sector::West),
        Division::TwentyNinth
    );
    assert_eq!(Division::First.sector(), Sector::East);
    assert_eq!(Division::TwentyNinth.sector(), Sector::West);
    // The dashed line: in every column the East hexes lie on the low rows, before the West ones.
    for column in 1..=18u8 {
        let rows = |sector: Sector| -> Vec<u8> {
            index
                .hexes
                .iter()
                .filter(|h| h.label.first() == column && h.sector == sector)
                .map(|h| h.label.second())
                .collect()
        };
        let (east, west) = (rows(Sector::East), rows(Sector::West));
        assert!(!east.is_empty() && !west.is_empty(), "column {column}");
        assert!(
            east.iter().max() < west.iter().min(),
            "column {column}: East rows {east:?}, West rows {west:?}"
        );
    }
    // The sea is at the bottom (low columns), the high ground inland.
    let ground_of = |label: &str| ground(&s, hex(&s, label));
    assert_eq!(ground_of("0110"), Ground::Sea);
    assert_eq!(ground_of("0610"), Ground::Beach);
    assert_eq!(ground_of("1510"), Ground::High);
    // Landing boxes: East to West, the East sector's first; each lettered box is named by its
    // beach initials and a number and lands in its own sector at Low Tide.
    let sectors: Vec<Sector> = index.boxes.iter().map(|b| b.sector).collect();
    let first_west = sectors
        .iter()
        .position(|&x| x == Sector::West)
        .expect("West boxes");
    assert!(first_west > 0);
    assert!(sectors[..first_west].iter().all(|&x| x == Sector::East));
    assert!(sectors[first_west..].iter().all(|&x| x == Sector::West));
    for b in index.boxes.iter().filter(|b| b.lettered) {
        let (letters, number) = b.name.split_at(2);
        assert!(
            letters.chars().all(|c| c.is_ascii_uppercase()) && number.parse::<u8>().is_ok(),
            "{}",
            b.name
        );
        let low = b.land[0].expect("a Low Tide hex");
        assert_eq!(index.hexes[usize::from(low)].sector, b.sector, "{}", b.name);
    }
    let dw1 = d.boxes.landing_box("DW1").expect("DW1 = Dog White 1");
    assert_eq!(dw1.letters.as_deref(), Some("DW"));
    // Six position colours.
    let colours: std::collections::BTreeSet<Colour> =
        index.positions.iter().map(|p| p.colour).collect();
    assert_eq!(colours.len(), 6);
    // WN positions: WN62 is one position of two hexes, N and S; the inland WN67 and WN69 too.
    let wn62 = position(&s, "WN62");
    let slots: Vec<(String, String)> = index.positions[usize::from(wn62)]
        .slots
        .iter()
        .map(|&sl| {
            let slot = &index.slots[usize::from(sl)];
            (
                slot.name.clone(),
                index.hexes[usize::from(slot.hex)].label.to_string(),
            )
        })
        .collect();
    assert_eq!(
        slots,
        [
            ("WN62N".to_owned(), "0812".to_owned()),
            ("WN62S".to_owned(), "0912".to_owned())
        ]
    );
    for n in [67, 69] {
        assert!(d.positions.wn(n).is_some(), "WN{n}");
    }
    // The artillery printed on WN hexes (setup 3, step 2).
    let printed = |slot: &str| {
        index
            .slots
            .iter()
            .find(|x| x.name == slot)
            .map(|x| x.artillery)
            .unwrap_or_else(|| panic!("{slot}"))
    };
    for slot in ["WN61", "WN72S"] {
        assert_eq!(printed(slot), WnArtillery::C88, "{slot}");
    }
    for slot in ["WN60", "WN62S", "WN65S", "WN68S", "WN70", "WN73"] {
        assert_eq!(printed(slot), WnArtillery::C75, "{slot}");
    }
    assert_eq!(printed("WN69"), WnArtillery::Rocket);
    assert_eq!(printed("WN64"), WnArtillery::None);
    // Reinforcement positions: zone A–G and a priority 1–11, the number of the id (AMB-02).
    let mut id_less = 0;
    for r in &d.positions.reinforcements {
        let p = position(&s, &r.name());
        let PosKind::Reinforcement { zone, priority, .. } = index.positions[usize::from(p)].kind
        else {
            panic!("{} is a reinforcement position", r.name());
        };
        match &r.id {
            Some(id) => {
                let (letter, number) = id.split_at(1);
                assert_eq!(zone, letter.chars().next(), "{id}");
                assert!(('A'..='G').contains(&zone.expect("zone")), "{id}");
                assert_eq!(Some(priority), number.parse().ok(), "{id}");
                assert!((1..=11).contains(&priority), "{id}");
            }
            None => {
                id_less += 1;
                assert_eq!((zone, priority), (None, 0), "{}", r.name());
            }
        }
    }
    assert!(id_less > 0, "positions without an ID exist (1014, 0828)");
    assert_eq!(
        d.positions.reinforcements.iter().filter(|r| r.vp).count(),
        42
    );
    // Exits A–G: one hex each, on the map edge.
    for letter in 'A'..='G' {
        let exit = d
            .map
            .position(&format!("exit-{letter}"))
            .unwrap_or_else(|| panic!("exit {letter}"));
        assert_eq!(exit.hexes.len(), 1, "exit {letter}");
        assert!(
            d.map.neighbours_on_map(exit.hexes[0]).count() < 6,
            "exit {letter} is on the map edge"
        );
    }
    // The Turn track: 32 turns from 06:15, 15 minutes a turn through turn 16, then 30; the tide
    // of each turn.
    assert_eq!(d.tracks.turns.len(), 32);
    let mut minutes = 6 * 60 + 15;
    for (i, t) in d.tracks.turns.iter().enumerate() {
        assert_eq!(usize::from(t.turn), i + 1);
        assert_eq!(
            t.time,
            format!("{:02}:{:02}", minutes / 60, minutes % 60),
            "turn {}",
            t.turn
        );
        minutes += if t.turn < 17 { 15 } else { 30 };
        assert_eq!(t.tide, tide_of_turn(t.turn), "turn {}", t.turn);
    }
    assert!(d.tracks.turns.iter().any(|t| t.shuffle), "Shuffle Cards");
    let tide = |turn: u8| d.tracks.turns[usize::from(turn) - 1].tide;
    assert_eq!(
        (tide(1), tide(6), tide(7)),
        (Tide::Low, Tide::Low, Tide::Mid)
    );
    assert_eq!(
        (tide(15), tide(16), tide(22)),
        (Tide::Mid, Tide::High, Tide::High)
    );
}

/// 2.2.1: the counters. 352 on the sheet; regular infantry companies have 3 steps, artillery
/// battalions 4, everything else (Rangers included) 1 or 2, with a replacement counter
/// for 3–4 steps; a black symbol (control of adjacent hexes, 12.1) for infantry, Rangers and
/// tanks; the 8 first-wave tanks have no arrival turn and start in their printed boxes, every
/// other unit on the Turn track; 726th Regiment units belong to the 716th Division; WN units
/// have a calibre (88, 75, rocket or none); reinforcement units start in the box of their type.
#[test]
fn r2_2_1_counters() {
    let d = data();
    assert_eq!(d.counter_count(), 352);
    for u in &d.us.units {
        let expected: &[usize] = match u.kind {
            UsKind::Infantry => &[3],
            UsKind::Artillery | UsKind::SpArtillery | UsKind::Dukw => &[4],
            _ => &[1, 2],
        };
        assert!(expected.contains(&u.steps()), "{} {:?}", u.id, u.kind);
        assert_eq!(u.counters(), if u.steps() >= 3 { 2 } else { 1 }, "{}", u.id);
        assert_eq!(
            u.controls_adjacent,
            matches!(u.kind, UsKind::Infantry | UsKind::Ranger | UsKind::Tank),
            "{}",
            u.id
        );
    }
    let first_wave_tanks: Vec<&str> =
        d.us.units
            .iter()
            .filter(|u| u.arrival.is_none())
            .map(|u| u.id.as_str())
            .collect();
    assert_eq!(first_wave_tanks.len(), 8);
    assert!(
        d.us.units
            .iter()
            .filter(|u| u.arrival.is_none())
            .all(|u| u.kind == UsKind::Tank)
    );
    // At setup (3, step 5): first-wave tanks in their printed boxes, the others on the track.
    let s = crate::setup::setup(
        &d,
        "first-wave",
        &OmahaOptions::default(),
        GameRng::seeded(7),
    )
    .expect("setup");
    for (i, info) in s.data.index.us.iter().enumerate() {
        let loc = s.us[i].loc;
        match (info.arrival, &info.landing) {
            (None, Landing::Box(b)) => assert_eq!(loc, UsLoc::Box(*b), "{}", info.name),
            (Some(turn), _) if turn < 16 => {
                assert_eq!(loc, UsLoc::Track(turn), "{}", info.name)
            }
            (Some(_), _) => assert_eq!(loc, UsLoc::OutOfPlay, "{}", info.name),
            (None, _) => panic!("{} has no arrival turn and no box", info.name),
        }
        assert_eq!(s.us[i].steps, info.steps, "{}", info.name);
    }
    // German counters.
    for u in &d.german.reinforcements {
        if u.regiment == Some(726) {
            assert_eq!(u.division, crate::data::GermanDivision::D716, "{}", u.id);
        }
    }
    let category = |c: WnCategory| d.german.wn_units.iter().filter(|u| u.category == c).count();
    assert_eq!(
        [
            category(WnCategory::C88),
            category(WnCategory::C75),
            category(WnCategory::Rocket),
            category(WnCategory::None)
        ],
        [2, 6, 1, 9]
    );
    for (g, info) in s.data.index.germans.iter().enumerate() {
        let expected = match info.kind {
            GerKind::Tactical => Some(GerLoc::Pool(GerPool::Tactical)),
            GerKind::Divisional => Some(GerLoc::Pool(GerPool::Division)),
            GerKind::Meyer => Some(GerLoc::Pool(GerPool::Meyer)),
            _ => None,
        };
        if let Some(expected) = expected {
            assert_eq!(s.germans[g].loc, expected, "{}", info.name);
            assert!(!s.germans[g].revealed, "{} starts face-down", info.name);
        }
    }
}

/// 2.23: the unit types. Tanks, SP artillery and SP AA are armored, no other type; the German
/// types are WN brigades (plain, with artillery, with rockets), infantry companies, off-map
/// artillery and (optional) tank half-companies.
#[test]
fn r2_23_unit_types_and_armor() {
    use UsKind::*;
    for kind in [
        Infantry,
        Ranger,
        Tank,
        Artillery,
        SpArtillery,
        Dukw,
        Aa,
        SpAa,
        AntiTank,
        Engineer,
    ] {
        assert_eq!(
            kind.armored(),
            matches!(kind, Tank | SpArtillery | SpAa),
            "{kind:?}"
        );
        assert_eq!(
            kind.infantry(),
            matches!(kind, Infantry | Ranger),
            "{kind:?}"
        );
    }
    let d = data();
    // Every US type of the list is in the roster, and the HQs are regimental.
    for kind in [
        Infantry,
        Ranger,
        Tank,
        Artillery,
        SpArtillery,
        Dukw,
        Aa,
        SpAa,
        AntiTank,
        Engineer,
    ] {
        assert!(d.us.units.iter().any(|u| u.kind == kind), "{kind:?}");
    }
    assert_eq!(d.us.hqs.len(), 4);
    // The armored units are the ones the rules treat as armored.
    for (i, info) in d.index.us.iter().enumerate() {
        if let Some(kind) = info.kind() {
            assert_eq!(info.armored(), kind.armored(), "{i}");
        }
    }
    // German types.
    let kinds: Vec<GerKind> = d.index.germans.iter().map(|g| g.kind).collect();
    for kind in [
        GerKind::Wn(WnCategory::None),
        GerKind::Wn(WnCategory::C75),
        GerKind::Wn(WnCategory::Rocket),
        GerKind::OffMapArtillery,
        GerKind::Tactical,
        GerKind::Tank,
    ] {
        assert!(kinds.contains(&kind), "{kind:?}");
    }
    assert_eq!(d.german.artillery.len(), 4);
}

/// 2.3: 55 cards in three sections; card 55 (the US-actions summary) is out of the deck, so 54
/// are shuffled; each card drawn serves exactly one purpose (Landing, Event, Fire...), so in a
/// turn of play no card is drawn twice and each draw has its own card.
#[test]
fn r2_3_the_deck_and_one_purpose_per_card() {
    let d = data();
    assert_eq!(d.cards.len(), 55);
    for card in &d.cards {
        if card.number == 55 {
            assert!(card.summary);
            assert!(card.landing.is_none() && card.fire.is_none() && card.event.is_empty());
        } else {
            assert!(!card.summary, "card {}", card.number);
            assert!(card.landing.is_some(), "card {} landing", card.number);
            assert!(card.fire.is_some(), "card {} fire", card.number);
            assert!(!card.event.is_empty(), "card {} event", card.number);
        }
    }
    let mut log = log();
    let mut s = <Omaha as Game>::setup(
        &d,
        "first-wave",
        &OmahaOptions::default(),
        GameRng::seeded(11),
        &mut log,
    )
    .expect("setup");
    let mut pile: Vec<u8> = s.deck.draw_order().collect();
    pile.extend(s.turn_cards.iter().copied());
    pile.sort_unstable();
    assert_eq!(pile, (1..=54).collect::<Vec<u8>>(), "54 cards, no 55");
    // Play three turns, always taking the last legal answer (it ends the Action Phase soon).
    while s.turn <= 3 && s.outcome.is_none() {
        let legal = all_legal(&s);
        let action = *legal.last().expect("a legal action");
        let _ = Game::apply(&mut s, action, &mut log).expect("legal");
    }
    // The draws of each whole turn, 1 to 3.
    let mut turn_draws: Vec<(u8, Vec<(u8, DrawFor)>)> = Vec::new();
    for e in log.entries() {
        match e.event {
            OmahaEvent::TurnBegins { turn } => turn_draws.push((turn, Vec::new())),
            OmahaEvent::CardDrawn { card, purpose } => turn_draws
                .last_mut()
                .expect("a turn")
                .1
                .push((card, purpose)),
            _ => {}
        }
    }
    let turns: Vec<&Vec<(u8, DrawFor)>> = turn_draws
        .iter()
        .filter(|(turn, _)| (1..=3).contains(turn))
        .map(|(_, draws)| draws)
        .collect();
    assert_eq!(turns.len(), 3, "{turn_draws:?}");
    for draws in turns {
        let mut cards: Vec<u8> = draws.iter().map(|&(c, _)| c).collect();
        cards.sort_unstable();
        cards.dedup();
        assert_eq!(
            cards.len(),
            draws.len(),
            "a card drawn twice in a turn: {draws:?}"
        );
        for purpose in [
            DrawFor::Landing(Sector::East),
            DrawFor::Landing(Sector::West),
            DrawFor::Event,
            DrawFor::Fire(Sector::East),
            DrawFor::Fire(Sector::West),
        ] {
            assert!(
                draws.iter().filter(|&&(_, p)| p == purpose).count() <= 1,
                "{purpose:?}: {draws:?}"
            );
        }
        assert_eq!(
            draws
                .iter()
                .filter(|&&(_, p)| matches!(p, DrawFor::Fire(_)))
                .count(),
            2,
            "one Fire card per sector: {draws:?}"
        );
    }
}

/// 2.4: the charts and tables of the reference cards, as section 2 of the spec transcribes
/// them: one printed cell of each of T1 (landing), T2 (German fire), T3 (US weapons), T4
/// (barrage), T5 (terrain) and T6 (US attack).
#[test]
fn r2_4_charts_and_tables() {
    use crate::data::LandingLetter::{A, B, C};
    use crate::data::Weapon::{BG, BR, BZ, DE, MO, RD};
    use crate::tables::attack::{AttackResult, Comparison, Composition, attack_result};
    use crate::tables::barrage::{BarrageResult, barrage_result};
    use crate::tables::fire_chart::{FireColumn, FireEffect, FireTarget, fire_effect};
    use crate::tables::terrain::{HexFeature, Multipliers, hex_defence};
    use crate::tables::weapons::{FULL_INFANTRY, Weapons};
    let opts = crate::tables::landing::LandingOptions::default();
    // T1.
    assert_eq!(
        landing_result(UsKind::Tank, 1, B, false, &opts),
        LandingResult::Eliminated
    );
    assert_eq!(
        landing_result(UsKind::Infantry, 2, C, false, &opts),
        LandingResult::Drift {
            east: true,
            boxes: 9
        }
    );
    assert_eq!(
        landing_result(UsKind::Dukw, 10, A, false, &opts),
        LandingResult::Eliminated
    );
    assert_eq!(
        landing_result(UsKind::Artillery, 20, B, false, &opts),
        LandingResult::RemovedFromPlay
    );
    // T2.
    let target = |armored, has_symbol| FireTarget {
        armored,
        has_symbol,
    };
    assert_eq!(
        fire_effect(
            FireLevel::Intense,
            FireColumn::WnOrRevealed,
            target(true, false)
        ),
        FireEffect::LoseStep
    );
    assert_eq!(
        fire_effect(
            FireLevel::Moderate,
            FireColumn::Unrevealed,
            target(false, true)
        ),
        FireEffect::LoseStepAndDisrupt
    );
    assert_eq!(
        fire_effect(
            FireLevel::Sporadic,
            FireColumn::WnOrRevealed,
            target(false, true)
        ),
        FireEffect::Disrupt
    );
    assert_eq!(
        fire_effect(
            FireLevel::Moderate,
            FireColumn::WnOrRevealed,
            target(true, true)
        ),
        FireEffect::None
    );
    // T3.
    assert_eq!(FULL_INFANTRY, Weapons::of(&[BZ, BG, BR, DE, MO, RD]));
    // T4.
    assert_eq!(
        barrage_result(true, true, true, 6),
        BarrageResult::DisruptedAndDepthRemoved
    );
    assert_eq!(
        barrage_result(false, false, true, 6),
        BarrageResult::NoEffect
    );
    // T5.
    assert_eq!(
        hex_defence(HexFeature::Buildings),
        Multipliers { unit: 2, depth: 2 }
    );
    assert_eq!(
        hex_defence(HexFeature::Woods),
        Multipliers { unit: 2, depth: 1 }
    );
    // T6.
    assert_eq!(
        attack_result(true, Comparison::AtLeastDouble, Composition::Alone, 5),
        AttackResult::GermanDefeated
    );
    assert_eq!(
        attack_result(false, Comparison::Less, Composition::UnrevealedDepth, 5),
        AttackResult::UsDisruptedGermanHidden
    );
}

// ---- 5 US amphibious operations ---------------------------------------------------------

/// 5.12, AMB-04: HQs and Generals make no landing check. A sector's Landing card is drawn only
/// when a unit in its boxes needs a check or, on turns 7–22, could set off a mine: an HQ can
/// (5.14), a General never.
#[test]
fn r5_12_leaders_make_no_landing_check() {
    let er1 = landing_box(&empty(1), "ER1");
    // Turn 4 (Low Tide, no mines): an HQ alone in an East box draws no card.
    let mut s = empty(4);
    let hq = unit(&s, "16 HQ");
    s.us[usize::from(hq)].loc = UsLoc::Box(er1);
    let draws = s.draws;
    crate::landing::check(&mut s, Sector::East, &mut log());
    assert_eq!(s.draws, draws, "no Landing card for an HQ alone");
    assert_eq!(s.step, Step::LandingCheck(Sector::West));
    assert_eq!(s.us[usize::from(hq)].loc, UsLoc::Box(er1));
    // Turn 9 (mines possible): a General alone draws none either.
    let mut s = empty(9);
    let general = unit(&s, "Wyman");
    s.us[usize::from(general)].loc = UsLoc::Box(er1);
    let draws = s.draws;
    crate::landing::check(&mut s, Sector::East, &mut log());
    assert_eq!(s.draws, draws, "no Landing card for a General alone");
    // An HQ could set off a mine: the card is drawn; without the mine symbol nothing happens
    // to the HQ, which has no landing check of its own.
    let mut s = empty(9);
    s.us[usize::from(hq)].loc = UsLoc::Box(er1);
    let quiet = (1..=54u8)
        .find(|&c| {
            s.data
                .card(c)
                .and_then(|c| c.landing.as_ref())
                .is_some_and(|l| !l.mine)
        })
        .expect("a card without the mine symbol");
    stack(&mut s, &[quiet]);
    let draws = s.draws;
    crate::landing::check(&mut s, Sector::East, &mut log());
    assert_eq!(s.draws, draws + 1);
    assert_eq!(s.landing_cards[0], Some(quiet));
    assert_eq!(s.us[usize::from(hq)].loc, UsLoc::Box(er1));
    assert_eq!(s.us[usize::from(hq)].steps, 1);
    // Turn 1: a tank eliminated by its landing result beside an HQ; the HQ is untouched.
    let mut s = empty(1);
    let tank = unit(&s, "1/A/741");
    let symbol = s.data.index.us[usize::from(tank)].symbol.expect("symbol");
    let deadly = (1..=54u8)
        .find(|&c| {
            s.data
                .card(c)
                .and_then(|c| c.landing.as_ref())
                .is_some_and(|l| {
                    landing_result(
                        UsKind::Tank,
                        1,
                        l.letter(symbol),
                        false,
                        &s.landing_options(),
                    ) == LandingResult::Eliminated
                })
        })
        .expect("a card eliminating the tank");
    s.us[usize::from(tank)].loc = UsLoc::Box(er1);
    s.us[usize::from(hq)].loc = UsLoc::Box(er1);
    stack(&mut s, &[deadly]);
    crate::landing::check(&mut s, Sector::East, &mut log());
    assert_eq!(s.us[usize::from(tank)].loc, UsLoc::Eliminated);
    assert_eq!(s.us[usize::from(hq)].loc, UsLoc::Box(er1));
}

/// 5.13: from turn 4 a Ranger whose result is "No effect" may drift 1 to 4 boxes East
/// (P-RANGER-DRIFT, 0 = stay); not C/2R, the Ranger company of the first turns, and not
/// before turn 4.
#[test]
fn r5_13_ranger_may_drift_east_after_no_effect() {
    let s = empty(6);
    let ranger = unit(&s, "A-B/2R");
    let no_effect = |turn: u8, symbol: Symbol| {
        (1..=54u8)
            .find(|&c| {
                s.data
                    .card(c)
                    .and_then(|c| c.landing.as_ref())
                    .is_some_and(|l| {
                        landing_result(
                            UsKind::Ranger,
                            turn,
                            l.letter(symbol),
                            true,
                            &s.landing_options(),
                        ) == LandingResult::NoEffect
                    })
            })
            .expect("a card with no effect on the Ranger")
    };
    let dg1 = landing_box(&s, "DG1");
    let rangers_turn = |turn: u8, unit: UsId| {
        let mut s = empty(turn);
        s.us[usize::from(unit)].loc = UsLoc::Box(dg1);
        let symbol = s.data.index.us[usize::from(unit)].symbol.expect("symbol");
        stack(&mut s, &[no_effect(turn, symbol)]);
        crate::landing::check(&mut s, Sector::West, &mut log());
        s
    };
    // Turn 6: P-RANGER-DRIFT, 0 to 4 boxes East.
    let mut s = rangers_turn(6, ranger);
    assert_eq!(
        s.step,
        Step::RangerDrift {
            sector: Sector::West,
            unit: ranger
        }
    );
    assert_eq!(
        all_legal(&s),
        (0..=4)
            .map(|boxes| OmahaAction::RangerDrift { boxes })
            .collect::<Vec<_>>()
    );
    crate::landing::ranger_drift(&mut s, Sector::West, ranger, 3, &mut log());
    assert_eq!(s.us[usize::from(ranger)].loc, UsLoc::Box(dg1 - 3));
    assert_eq!(s.step, Step::LandingCheck(Sector::West));
    // Turn 3: no option yet.
    let s = rangers_turn(3, ranger);
    assert_eq!(s.step, Step::Land);
    // C/2R never has it.
    let c2r = unit(&s, "C/2R");
    let s = rangers_turn(6, c2r);
    assert_eq!(s.step, Step::Land);
    assert_eq!(s.us[usize::from(c2r)].loc, UsLoc::Box(dg1));
    // Nor has regular infantry.
    let inf = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Diamond,
        &[],
    );
    let s = rangers_turn(6, inf);
    assert_eq!(s.step, Step::Land);
}

/// 5.15, AMB-04: infantry landing after turn 14 makes no landing check, but until turn 22 it
/// is still checked for mines, so the sector's card is drawn; a sector whose units need
/// neither draws no card.
#[test]
fn r5_15_late_infantry_is_checked_for_mines_only() {
    let s = empty(15);
    let u = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    let er1 = landing_box(&s, "ER1");
    let mid = s.data.index.boxes[usize::from(er1)].land[1].expect("Mid Tide hex");
    assert!(s.data.index.hexes[usize::from(mid)].obstacle);
    // A card that would drift infantry on turn 14, without the mine symbol.
    let drifting = (1..=54u8)
        .find(|&c| {
            s.data
                .card(c)
                .and_then(|c| c.landing.as_ref())
                .is_some_and(|l| {
                    !l.mine
                        && matches!(
                            landing_result(
                                UsKind::Infantry,
                                14,
                                l.letter(Symbol::Circle),
                                false,
                                &s.landing_options()
                            ),
                            LandingResult::Drift { .. }
                        )
                })
        })
        .expect("a drifting card");
    let mine = (1..=54u8)
        .find(|&c| {
            s.data
                .card(c)
                .and_then(|c| c.landing.as_ref())
                .is_some_and(|l| l.mine)
        })
        .expect("a mine card");
    let fifteen = |card: u8, cleared: bool| {
        let mut s = empty(15);
        s.us[usize::from(u)].loc = UsLoc::Box(er1);
        if cleared {
            s.set_cleared(mid);
        }
        stack(&mut s, &[card]);
        let draws = s.draws;
        crate::landing::check(&mut s, Sector::East, &mut log());
        // AMB-04: drawn for the mine check, unless the landing hex is cleared.
        assert_eq!(
            s.draws,
            draws + u32::from(!cleared),
            "the card is drawn for the mine check"
        );
        s
    };
    let s = fifteen(drifting, false);
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Box(er1), "no drift");
    assert_eq!(steps(&s, u), 3);
    let s = fifteen(mine, false);
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Box(er1));
    assert_eq!(steps(&s, u), 2, "a mine in the uncleared landing hex");
    let s = fifteen(mine, true);
    assert_eq!(steps(&s, u), 3, "the hex is cleared: no card, no mine");
    assert_eq!(s.landing_cards[0], None);
    // Turn 5: a tank alone (armor has no row from turn 4, no mines before turn 7): no card; an
    // infantry unit needs one.
    let mut s = empty(5);
    let tank = unit(&s, "1/A/741");
    s.us[usize::from(tank)].loc = UsLoc::Box(er1);
    let draws = s.draws;
    crate::landing::check(&mut s, Sector::East, &mut log());
    assert_eq!(s.draws, draws);
    assert_eq!(s.us[usize::from(tank)].loc, UsLoc::Box(er1));
    let mut s = empty(5);
    s.us[usize::from(u)].loc = UsLoc::Box(er1);
    let draws = s.draws;
    crate::landing::check(&mut s, Sector::East, &mut log());
    assert_eq!(s.draws, draws + 1);
}

/// AMB-04 (5.14, 5.15): on turns 7–22 a sector's Landing card is drawn for the mines only when
/// a non-General unit in its boxes would land in (Mid Tide) or pass through (High Tide) an
/// uncleared obstacle hex; a unit already checked with the East card that drifted into a West
/// box leaves the West sector's draw alone (AMB-63).
#[test]
fn amb_04_a_card_for_the_mines_only_where_a_mine_could_go_off() {
    let probe = empty(1);
    let er1 = landing_box(&probe, "ER1");
    let er1_box = probe.data.index.boxes[usize::from(er1)].clone();
    let mid = er1_box.land[1].expect("a Mid Tide hex");
    assert!(probe.data.index.hexes[usize::from(mid)].obstacle);
    let high_path = er1_box.high_path.clone();
    assert!(
        high_path
            .iter()
            .any(|&h| probe.data.index.hexes[usize::from(h)].obstacle)
    );
    // Whether the East sector draws a card with `name` alone in ER1, `clear` cleared.
    let draws_card = |turn: u8, name: &str, clear: &[HexId]| {
        let mut s = empty(turn);
        let u = unit(&s, name);
        s.us[usize::from(u)].loc = UsLoc::Box(er1);
        for &h in clear {
            s.set_cleared(h);
        }
        let draws = s.draws;
        crate::landing::check(&mut s, Sector::East, &mut log());
        s.draws != draws
    };
    // Turn 9, Mid Tide: an HQ (no T1 check, but mines, 5.14) lands in ER1's Mid Tide hex.
    assert!(draws_card(9, "16 HQ", &[]));
    assert!(
        !draws_card(9, "16 HQ", &[mid]),
        "the landing hex is cleared"
    );
    assert!(
        !draws_card(9, "Wyman", &[]),
        "a General never sets off a mine"
    );
    // Turn 18, High Tide: a tank (no T1 row after turn 3) passes through ER1's path.
    assert!(!crate::tables::landing::needs_check(
        UsKind::Tank,
        18,
        &probe.landing_options()
    ));
    assert!(draws_card(18, "1/A/741", &[]));
    assert!(
        !draws_card(18, "1/A/741", &high_path),
        "every hex of the path is cleared"
    );
    // Turn 15 in the West: a 1st-Division unit that drifted in after the East check (its card
    // made its mine check) draws no West card; the same unit unchecked does.
    let west = probe
        .data
        .index
        .boxes
        .iter()
        .position(|b| {
            b.sector == Sector::West
                && b.land[1].is_some_and(|h| probe.data.index.hexes[usize::from(h)].obstacle)
        })
        .expect("a West box landing on an obstacle hex at Mid Tide") as BoxId;
    let u = find(
        &probe,
        Division::First,
        UsKind::Infantry,
        Symbol::Circle,
        &[],
    );
    for (checked_east, drawn) in [(true, false), (false, true)] {
        let mut s = empty(15);
        s.us[usize::from(u)].loc = UsLoc::Box(west);
        s.us[usize::from(u)]
            .flags
            .set(UsFlags::CHECKED_EAST, checked_east);
        let draws = s.draws;
        crate::landing::check(&mut s, Sector::West, &mut log());
        assert_eq!(
            s.draws != draws,
            drawn,
            "checked with the East card: {checked_east}"
        );
    }
}

/// 5.31: a landing box holds one or two US units; HQs and Generals do not count and may join a
/// full box.
#[test]
fn r5_31_no_more_than_two_units_in_a_box() {
    let mut s = empty(5);
    let (er1, er2, er3) = (
        landing_box(&s, "ER1"),
        landing_box(&s, "ER2"),
        landing_box(&s, "ER3"),
    );
    let arriving = unit(&s, "A/1/16");
    assert_eq!(
        s.data.index.us[usize::from(arriving)].landing,
        Landing::Beach("ER".into())
    );
    s.us[usize::from(arriving)].loc = UsLoc::Track(5);
    for name in ["E/2/16", "F/2/16"] {
        let u = unit(&s, name);
        s.us[usize::from(u)].loc = UsLoc::Box(er1);
    }
    let g = unit(&s, "G/2/16");
    s.us[usize::from(g)].loc = UsLoc::Box(er2);
    let hq = unit(&s, "16 HQ");
    let general = unit(&s, "Wyman");
    for leader in [hq, general] {
        s.us[usize::from(leader)].loc = UsLoc::Box(er2);
    }
    assert_eq!(crate::landing::legal_boxes(&s, arriving), vec![er2, er3]);
    assert!(crate::landing::legal_boxes(&s, hq).contains(&er1));
    // Through the game: P-BOX offers ER2 and ER3 only.
    s.step = Step::NextArrival;
    s.run(&mut log());
    assert_eq!(s.step, Step::Place(arriving));
    assert_eq!(
        all_legal(&s),
        vec![
            OmahaAction::PlaceInBox {
                unit: arriving,
                landing_box: er2
            },
            OmahaAction::PlaceInBox {
                unit: arriving,
                landing_box: er3
            }
        ]
    );
    apply(
        &mut s,
        OmahaAction::PlaceInBox {
            unit: arriving,
            landing_box: er2,
        },
    );
    assert_eq!(s.us[usize::from(arriving)].loc, UsLoc::Box(er2));
}

/// 5.32, 5.33: arriving units go into lettered boxes only (the drift boxes at the ends of the
/// line are never offered), and only Rangers into the Charlie boxes, also for a unit delayed
/// past turn 10 that may use any box.
#[test]
fn r5_32_r5_33_lettered_boxes_and_charlie_for_rangers() {
    let s = empty(7);
    assert!(s.data.index.boxes.iter().any(|b| !b.lettered));
    // 112•121 engineers land by division: any lettered West box but the Charlie ones.
    let engineers = unit(&s, "112•121");
    assert_eq!(
        s.data.index.us[usize::from(engineers)].landing,
        Landing::Division
    );
    assert_eq!(
        box_names(&s, &crate::landing::legal_boxes(&s, engineers)),
        ["EG1", "EG2", "DR1", "DR2", "DW1", "DW2", "DG1", "DG2"]
    );
    // A Ranger printed for CH: the Charlie boxes.
    let ranger = unit(&s, "C-D/5R");
    assert_eq!(
        box_names(&s, &crate::landing::legal_boxes(&s, ranger)),
        ["CH1", "CH2", "CH3"]
    );
    // Delayed to turn 12: any lettered box, Charlie for the Ranger only.
    let mut s = empty(12);
    let infantry = unit(&s, "A/1/16");
    for u in [infantry, ranger] {
        s.us[usize::from(u)].loc = UsLoc::Track(12);
        s.us[usize::from(u)].flags.set(UsFlags::DELAYED, true);
    }
    assert_eq!(
        box_names(&s, &crate::landing::legal_boxes(&s, infantry)),
        lettered_except(&s, |name| name.starts_with("CH"))
    );
    assert_eq!(
        box_names(&s, &crate::landing::legal_boxes(&s, ranger)),
        lettered_except(&s, |_| false)
    );
}

/// 5.31: a General is never placed alone in a box when a unit arriving the same turn could be
/// placed with him. He is placed after the other arrivals of the turn, and only into a box open
/// to him that holds one of them (an HQ does not count); with none, any box open to him.
#[test]
fn r5_31_a_general_is_never_placed_alone() {
    // Turn 5: A-B/2R (Dog Green), 116 HQ (Dog White) and Cota (any 29th box) arrive together.
    let mut s = empty(5);
    let (ranger, hq, cota) = (unit(&s, "A-B/2R"), unit(&s, "116 HQ"), unit(&s, "Cota"));
    assert_eq!(
        s.data.index.us[usize::from(cota)].counter,
        UsCounter::General
    );
    for u in [cota, hq, ranger] {
        s.us[usize::from(u)].loc = UsLoc::Track(5);
    }
    let alone = crate::landing::legal_boxes(&s, cota);
    assert_eq!(
        box_names(&s, &alone),
        ["EG1", "EG2", "DR1", "DR2", "DW1", "DW2", "DG1", "DG2"],
        "nobody placed yet: any lettered West box but Charlie (5.33)"
    );
    let (dg2, dw1) = (landing_box(&s, "DG2"), landing_box(&s, "DW1"));
    s.step = Step::NextArrival;
    s.run(&mut log());
    assert_eq!(s.step, Step::Place(ranger));
    apply(
        &mut s,
        OmahaAction::PlaceInBox {
            unit: ranger,
            landing_box: dg2,
        },
    );
    assert_eq!(s.step, Step::Place(hq));
    apply(
        &mut s,
        OmahaAction::PlaceInBox {
            unit: hq,
            landing_box: dw1,
        },
    );
    // Last, Cota: only with the Ranger, not with the HQ alone.
    assert_eq!(s.step, Step::Place(cota));
    assert_eq!(
        all_legal(&s),
        vec![OmahaAction::PlaceInBox {
            unit: cota,
            landing_box: dg2
        }]
    );
    let refused = Game::apply(
        &mut s,
        OmahaAction::PlaceInBox {
            unit: cota,
            landing_box: dw1,
        },
        &mut log(),
    );
    assert!(refused.is_err(), "Cota alone with the HQ is refused");
    apply(
        &mut s,
        OmahaAction::PlaceInBox {
            unit: cota,
            landing_box: dg2,
        },
    );
    assert_eq!(s.us[usize::from(cota)].loc, UsLoc::Box(dg2));
    // A General listed before the units of his turn still waits for them.
    let mut s = empty(5);
    for u in [cota, ranger] {
        s.us[usize::from(u)].loc = UsLoc::Track(5);
    }
    s.step = Step::NextArrival;
    s.run(&mut log());
    assert_eq!(
        s.step,
        Step::Place(ranger),
        "the Ranger is placed before Cota"
    );
}

/// 5.33: only Rangers are placed in the Charlie boxes: not an HQ coming back (AMB-21), nor a
/// General, nor a General delayed past turn 10 who may use any box (5.34). (Seed and spec agree:
/// "Solo le unità di Ranger"; no HQ or General is a Ranger.)
#[test]
fn r5_33_no_leader_placed_in_the_charlie_boxes() {
    let mut s = empty(12);
    let (hq, cota) = (unit(&s, "116 HQ"), unit(&s, "Cota"));
    for u in [hq, cota] {
        s.us[usize::from(u)].loc = UsLoc::Track(12);
        s.us[usize::from(u)].flags.set(UsFlags::DELAYED, true);
    }
    let west_but_charlie = ["EG1", "EG2", "DR1", "DR2", "DW1", "DW2", "DG1", "DG2"];
    assert_eq!(
        box_names(&s, &crate::landing::legal_boxes(&s, hq)),
        west_but_charlie,
        "AMB-21: any lettered box of its sector but Charlie"
    );
    assert_eq!(
        box_names(&s, &crate::landing::legal_boxes(&s, cota)),
        lettered_except(&s, |name| name.starts_with("CH"))
    );
    let s = empty(5);
    assert_eq!(
        box_names(&s, &crate::landing::legal_boxes(&s, cota)),
        west_but_charlie
    );
}

/// 5.34: from turn 7 (never on turns 1–6, AMB-64) an arriving unit may be delayed to a later
/// turn; arriving by turn 10 it must use its printed box, after turn 10 any box of either
/// sector (5.31–5.33 still apply), and it may be delayed again.
#[test]
fn r5_34_voluntary_delay() {
    // Turn 6: boxes only.
    let mut s = empty(6);
    let c = unit(&s, "C/1/16");
    s.us[usize::from(c)].loc = UsLoc::Track(6);
    s.step = Step::NextArrival;
    s.run(&mut log());
    assert_eq!(s.step, Step::Place(c));
    let legal = all_legal(&s);
    assert!(!legal.is_empty());
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, OmahaAction::PlaceInBox { .. }))
    );
    // Turn 7: a delay to any later turn of the scenario.
    let mut s = empty(7);
    let at = unit(&s, "AT/16");
    s.us[usize::from(at)].loc = UsLoc::Track(7);
    s.step = Step::NextArrival;
    s.run(&mut log());
    assert_eq!(s.step, Step::Place(at));
    let delays: Vec<u8> = all_legal(&s)
        .into_iter()
        .filter_map(|a| match a {
            OmahaAction::Delay { unit, to_turn } if unit == at => Some(to_turn),
            _ => None,
        })
        .collect();
    assert_eq!(delays, (8..=15).collect::<Vec<u8>>());
    apply(
        &mut s,
        OmahaAction::Delay {
            unit: at,
            to_turn: 9,
        },
    );
    assert_eq!(s.us[usize::from(at)].loc, UsLoc::Track(9));
    assert!(s.us[usize::from(at)].flags.has(UsFlags::DELAYED));
    // Arriving on turn 9: its printed beach only, and it may be delayed again.
    let mut nine = empty(9);
    nine.us[usize::from(at)] = s.us[usize::from(at)];
    assert_eq!(
        box_names(&nine, &crate::landing::legal_boxes(&nine, at)),
        ["ER1", "ER2", "ER3"]
    );
    nine.step = Step::NextArrival;
    nine.run(&mut log());
    assert_eq!(nine.step, Step::Place(at));
    assert!(
        all_legal(&nine)
            .iter()
            .any(|a| matches!(a, OmahaAction::Delay { to_turn: 11, .. }))
    );
    // Arriving on turn 11: any lettered box of either sector but Charlie, none full.
    let mut eleven = empty(11);
    eleven.us[usize::from(at)] = s.us[usize::from(at)];
    eleven.us[usize::from(at)].loc = UsLoc::Track(11);
    let dr1 = landing_box(&eleven, "DR1");
    for name in ["I/3/116", "K/3/116"] {
        let u = unit(&eleven, name);
        eleven.us[usize::from(u)].loc = UsLoc::Box(dr1);
    }
    assert_eq!(
        box_names(&eleven, &crate::landing::legal_boxes(&eleven, at)),
        lettered_except(&eleven, |name| name.starts_with("CH") || name == "DR1")
    );
}

/// 5.21, AMB-05: a unit with a Climb Cliff marker survives the tide like one with a Climb
/// marker; a unit without either drowns.
#[test]
fn amb_05_climb_cliff_marker_saves_from_the_tide() {
    let mut s = empty(7);
    let a = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    let b = find(&s, Division::First, UsKind::Infantry, Symbol::Diamond, &[]);
    let c = find(&s, Division::First, UsKind::Infantry, Symbol::Triangle, &[]);
    for (u, label) in [(a, "0513"), (b, "0515"), (c, "0517")] {
        place(&mut s, u, label);
        let h = hex(&s, label);
        assert_eq!(s.data.index.hexes[usize::from(h)].tide, Some(Tide::Low));
    }
    s.us[usize::from(b)].flags.set(UsFlags::CLIMB_CLIFF, true);
    s.us[usize::from(c)].flags.set(UsFlags::CLIMB, true);
    crate::turn::drown(&mut s, &mut log());
    assert_eq!(s.us[usize::from(a)].loc, UsLoc::Eliminated);
    assert_eq!(s.us[usize::from(b)].loc, UsLoc::Hex(hex(&s, "0515")));
    assert_eq!(s.us[usize::from(c)].loc, UsLoc::Hex(hex(&s, "0517")));
}

/// 5.22, AMB-06: a 29th Division unit landing in an East hex passes to the 1st Division's
/// command (Command Transfer), but its losses still count in the 29th's Losses box (13.1).
#[test]
fn amb_06_command_transfer_keeps_the_printed_losses_box() {
    let mut s = empty(3);
    let u = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[],
    );
    let er3 = landing_box(&s, "ER3");
    assert_eq!(s.data.index.boxes[usize::from(er3)].sector, Sector::East);
    s.us[usize::from(u)].loc = UsLoc::Box(er3);
    crate::landing::land(&mut s, &mut log());
    let UsLoc::Hex(h) = s.us[usize::from(u)].loc else {
        panic!("landed");
    };
    assert_eq!(s.data.index.hexes[usize::from(h)].sector, Sector::East);
    assert_eq!(s.us[usize::from(u)].command, Division::First);
    assert!(s.us[usize::from(u)].flags.has(UsFlags::TRANSFERRED));
    s.us[usize::from(u)].steps = 1;
    assert_eq!(
        crate::effects::infantry_losses(&s, Division::TwentyNinth),
        1
    );
    assert_eq!(crate::effects::infantry_losses(&s, Division::First), 0);
}

// ---- 6 German fire ----------------------------------------------------------------------

/// 6.21: a two-hex WN is one position with one fire field, even with only one hex manned: WN62
/// manned in its south hex fires into its whole field, and with both hexes manned it is still
/// one firing position.
#[test]
fn r6_21_two_hex_wn_is_one_position() {
    let mut s = empty(2);
    let wn62 = position(&s, "WN62");
    assert_eq!(s.data.index.positions[usize::from(wn62)].slots.len(), 2);
    put_wn(&mut s, "WN62S");
    let card = fire_card(&s, |f| single(f, Colour::Orange));
    let symbol = target_of(&s, card);
    // A hex of WN62's field nearer its empty north hex (0812) than the manned south one.
    let (north, south) = (hex(&s, "0812"), hex(&s, "0912"));
    let index = &s.data.index;
    let (h, level) = (0..index.hexes.len() as HexId)
        .filter(|&h| index.hexes[usize::from(h)].ground != Ground::Sea)
        .filter(|&h| index.distance(h, north) < index.distance(h, south))
        .find_map(|h| {
            index.hexes[usize::from(h)]
                .fire
                .iter()
                .find(|&&(p, _)| p == wn62)
                .map(|&(_, l)| (h, l))
        })
        .expect("a hex of WN62's field on its north side");
    let label = index.hexes[usize::from(h)].label.to_string();
    let u = find(&s, Division::First, UsKind::Infantry, symbol, &[]);
    place(&mut s, u, &label);
    let firing = crate::fire::firing_positions(&s, Sector::East, card);
    let wn62_firing: Vec<u8> = firing
        .iter()
        .filter(|f| f.position == wn62)
        .map(|f| f.capacity)
        .collect();
    assert_eq!(wn62_firing, [1], "one position, one counter");
    let candidates = crate::fire::candidates(&s, &firing, card);
    assert!(candidates.iter().any(|c| c.unit == usize::from(u)));
    let mut both = s.clone();
    put_wn(&mut both, "WN62N");
    let firing = crate::fire::firing_positions(&both, Sector::East, card);
    assert_eq!(
        firing
            .iter()
            .filter(|f| f.position == wn62)
            .map(|f| f.capacity)
            .collect::<Vec<_>>(),
        [2],
        "both hexes: still one position"
    );
    stack(&mut s, &[card]);
    crate::fire::fire_phase(&mut s, Sector::East, &mut log());
    let effect = crate::tables::fire_chart::fire_effect(
        level,
        crate::tables::fire_chart::FireColumn::WnOrRevealed,
        crate::tables::fire_chart::FireTarget {
            armored: false,
            has_symbol: true,
        },
    );
    assert_eq!(steps(&s, u) == 2, effect.loses_step(), "{level:?}");
    assert_eq!(disrupted(&s, u), effect.disrupts(), "{level:?}");
}

/// 6.32: a hit unit that loses a step is reduced (3 → 2); a unit with one step left that loses
/// it is eliminated.
#[test]
fn r6_32_step_loss_and_elimination() {
    let mut s = empty(2);
    let g = put_wn(&mut s, "WN62N");
    add_depth(&mut s, g);
    let wn62 = position(&s, "WN62");
    let intense = field_hexes(&s, wn62, FireLevel::Intense);
    let label = s.data.index.hexes[usize::from(intense[0])]
        .label
        .to_string();
    let card = fire_card(&s, |f| single(f, Colour::Orange));
    let a = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    let b = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[a]);
    place(&mut s, a, &label);
    place(&mut s, b, &label);
    s.us[usize::from(b)].steps = 1;
    stack(&mut s, &[card]);
    crate::fire::fire_phase(&mut s, Sector::East, &mut log());
    assert_eq!(steps(&s, a), 2, "reduced");
    assert_eq!(s.us[usize::from(a)].loc, UsLoc::Hex(intense[0]));
    assert_eq!(s.us[usize::from(b)].loc, UsLoc::Eliminated);
    assert_eq!(steps(&s, b), 0);
    assert!(s.check_invariants().is_ok());
}

/// 6.37: damage is per unit, not per stack: in a Moderate hex the unit with the card's symbol
/// loses a step and the one beside it without the symbol does not; in an Intense hex both do.
#[test]
fn r6_37_damage_is_per_unit_not_per_stack() {
    let mut s = empty(2);
    let g = put_wn(&mut s, "WN62N");
    add_depth(&mut s, g);
    let wn62 = position(&s, "WN62");
    let card = fire_card(&s, |f| single(f, Colour::Orange));
    let symbol = target_of(&s, card);
    let x = find(&s, Division::First, UsKind::Infantry, symbol, &[]);
    let y = find(
        &s,
        Division::First,
        UsKind::Infantry,
        other_symbol(symbol),
        &[],
    );
    for u in [x, y] {
        s.us[usize::from(u)].steps = 2; // 4 steps in the hex: not a concentrated target
    }
    let base = s.clone();
    let moderate = field_hexes(&s, wn62, FireLevel::Moderate);
    let label = s.data.index.hexes[usize::from(moderate[0])]
        .label
        .to_string();
    place(&mut s, x, &label);
    place(&mut s, y, &label);
    stack(&mut s, &[card]);
    crate::fire::fire_phase(&mut s, Sector::East, &mut log());
    assert_eq!((steps(&s, x), steps(&s, y)), (1, 2), "Moderate: only x");
    let mut s = base;
    let intense = field_hexes(&s, wn62, FireLevel::Intense);
    let label = s.data.index.hexes[usize::from(intense[0])]
        .label
        .to_string();
    place(&mut s, x, &label);
    place(&mut s, y, &label);
    stack(&mut s, &[card]);
    crate::fire::fire_phase(&mut s, Sector::East, &mut log());
    assert_eq!((steps(&s, x), steps(&s, y)), (1, 1), "Intense: both");
}

/// 6.52: a WN artillery position has a normal fire field: in one phase it fires on a unit in
/// its field and counts for the 6.5 artillery check.
#[test]
fn r6_52_wn_artillery_fires_and_counts() {
    let mut s = empty(4);
    let card = artillery_card(&s, 2, &[Calibre::C75], |f| single(f, Colour::Orange));
    let value = s
        .data
        .card(card)
        .and_then(|c| c.artillery.clone())
        .expect("artillery")
        .value;
    assert_eq!(value, 2);
    let symbol = target_of(&s, card);
    put(&mut s, "WN62N", |k| k == GerKind::Wn(WnCategory::C75));
    put(&mut s, "WN64", |k| k == GerKind::Wn(WnCategory::C75));
    let wn62 = position(&s, "WN62");
    let intense = field_hexes(&s, wn62, FireLevel::Intense);
    let label = s.data.index.hexes[usize::from(intense[0])]
        .label
        .to_string();
    let a = find(
        &s,
        Division::First,
        UsKind::Infantry,
        other_symbol(symbol),
        &[],
    );
    place(&mut s, a, &label);
    let b = find(&s, Division::First, UsKind::Infantry, symbol, &[a]);
    s.us[usize::from(b)].loc = UsLoc::Box(landing_box(&s, "ER1"));
    let base = s.clone();
    stack(&mut s, &[card]);
    crate::fire::fire_phase(&mut s, Sector::East, &mut log());
    assert_eq!(steps(&s, a), 2, "WN62 fires on its Intense hex");
    assert_eq!(steps(&s, b), 2, "and counts: 2 × 75 ≥ 2");
    // With a plain WN unit in WN62 the count is 1: no artillery hit.
    let mut s = base;
    let g = (0..s.germans.len())
        .find(|&g| s.data.index.germans[g].kind == GerKind::Wn(WnCategory::C75))
        .expect("the 75 in WN62");
    let slot = s.germans[g].loc;
    s.germans[g].loc = GerLoc::OutOfPlay;
    let plain = put_wn(&mut s, "WN62N");
    assert_eq!(s.germans[usize::from(plain)].loc, slot);
    stack(&mut s, &[card]);
    crate::fire::fire_phase(&mut s, Sector::East, &mut log());
    assert_eq!(steps(&s, a), 2);
    assert_eq!(steps(&s, b), 3);
}

/// 6.53: the rocket battery of WN69 never counts for the artillery check: with it and one 75
/// in the West the count is 1; with a second 75 instead it is 2.
#[test]
fn r6_53_rocket_battery_never_counts() {
    let s = empty(4);
    let card = artillery_card(&s, 2, &[Calibre::C75], |_| true);
    let value = s
        .data
        .card(card)
        .and_then(|c| c.artillery.clone())
        .expect("artillery")
        .value;
    assert_eq!(value, 2);
    let symbol = target_of(&s, card);
    let fixture = |rocket: bool| {
        let mut s = empty(4);
        if rocket {
            put(&mut s, "WN69", |k| k == GerKind::Wn(WnCategory::Rocket));
        } else {
            put(&mut s, "WN73", |k| k == GerKind::Wn(WnCategory::C75));
        }
        put(&mut s, "WN70", |k| k == GerKind::Wn(WnCategory::C75));
        let target = find(&s, Division::TwentyNinth, UsKind::Infantry, symbol, &[]);
        s.us[usize::from(target)].loc = UsLoc::Box(landing_box(&s, "DR1"));
        stack(&mut s, &[card]);
        crate::fire::fire_phase(&mut s, Sector::West, &mut log());
        steps(&s, target)
    };
    assert_eq!(fixture(true), 3, "the rocket does not count");
    assert_eq!(fixture(false), 2, "two 75s do");
}

/// East artillery for AMB-09 and AMB-10: two "75" WN units and an active off-map 105 (count 3),
/// and a card "3 or less / 75 … 105" with its target symbol.
fn east_artillery() -> (Omaha, Symbol) {
    let mut s = empty(4);
    put(&mut s, "WN62N", |k| k == GerKind::Wn(WnCategory::C75));
    put(&mut s, "WN64", |k| k == GerKind::Wn(WnCategory::C75));
    let g = (0..s.germans.len())
        .find(|&g| {
            s.data.index.germans[g].kind == GerKind::OffMapArtillery
                && s.data.german.artillery[g - s.data.german.wn_units.len()].sector == Sector::East
        })
        .expect("an East battery");
    s.germans[g].loc = GerLoc::Pool(GerPool::Artillery(Sector::East));
    s.germans[g].active = true;
    let card = artillery_card(&s, 3, &[Calibre::C75, Calibre::C105], |_| true);
    let symbol = target_of(&s, card);
    stack(&mut s, &[card]);
    (s, symbol)
}

/// 6.5, AMB-09: among artillery targets of one priority the unit with the most steps is hit,
/// whichever comes first in the roster.
#[test]
fn amb_09_artillery_hits_the_unit_with_most_steps() {
    for more_first in [false, true] {
        let (mut s, symbol) = east_artillery();
        let a = find(&s, Division::First, UsKind::Infantry, symbol, &[]);
        let b = find(&s, Division::First, UsKind::Infantry, symbol, &[a]);
        assert!(a < b);
        let (er1, er2) = (landing_box(&s, "ER1"), landing_box(&s, "ER2"));
        s.us[usize::from(a)].loc = UsLoc::Box(er1);
        s.us[usize::from(b)].loc = UsLoc::Box(er2);
        let (more, fewer) = if more_first { (a, b) } else { (b, a) };
        s.us[usize::from(fewer)].steps = 2;
        crate::fire::fire_phase(&mut s, Sector::East, &mut log());
        assert_eq!(steps(&s, more), 2, "the unit with 3 steps is hit");
        assert_eq!(steps(&s, fewer), 2, "the other keeps its 2");
    }
}

/// 6.5, AMB-10: a landing box is never a concentrated target: two 3-step infantry units
/// without the card's symbol in one box are not artillery targets; a 2-step unit with the
/// symbol in another box is hit instead.
#[test]
fn amb_10_no_concentrated_target_in_a_landing_box() {
    let (mut s, symbol) = east_artillery();
    let other = other_symbol(symbol);
    let x = find(&s, Division::First, UsKind::Infantry, other, &[]);
    let y = find(&s, Division::First, UsKind::Infantry, other, &[x]);
    let t = find(&s, Division::First, UsKind::Infantry, symbol, &[]);
    let (er1, er2) = (landing_box(&s, "ER1"), landing_box(&s, "ER2"));
    for u in [x, y] {
        s.us[usize::from(u)].loc = UsLoc::Box(er1);
    }
    s.us[usize::from(t)].loc = UsLoc::Box(er2);
    s.us[usize::from(t)].steps = 2;
    crate::fire::fire_phase(&mut s, Sector::East, &mut log());
    assert_eq!((steps(&s, x), steps(&s, y)), (3, 3));
    assert_eq!(steps(&s, t), 1);
}

/// 6.51, AMB-11: at the start of the German Fire Phase an off-map battery turns inactive when
/// every observer position of its box is not German-occupied, is US-occupied or US-controlled,
/// and has no German LOC; it stays active while one observer is German-occupied. West
/// batteries are checked against the West box's observers.
#[test]
fn amb_11_off_map_artillery_and_its_observers() {
    let s = empty(4);
    let observers = s
        .data
        .boxes
        .artillery
        .iter()
        .find(|b| b.sector == Sector::East)
        .map(|b| b.observers.clone())
        .expect("the East box");
    let batteries: Vec<usize> = (0..s.germans.len())
        .filter(|&g| s.data.index.germans[g].kind == GerKind::OffMapArtillery)
        .collect();
    let fixture = |german_in: Option<&str>| {
        let mut s = empty(4);
        for &g in &batteries {
            let sector = s.data.german.artillery[g - s.data.german.wn_units.len()].sector;
            s.germans[g].loc = GerLoc::Pool(GerPool::Artillery(sector));
            s.germans[g].active = true;
        }
        let mut skip = Vec::new();
        for name in &observers {
            let p = position(&s, name);
            for sl in s.data.index.positions[usize::from(p)].slots.clone() {
                let slot = &s.data.index.slots[usize::from(sl)];
                if german_in == Some(slot.name.as_str()) {
                    continue;
                }
                let h = s.data.index.hexes[usize::from(slot.hex)].label.to_string();
                let u = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &skip);
                skip.push(u);
                place(&mut s, u, &h);
            }
        }
        if let Some(slot) = german_in {
            put_wn(&mut s, slot);
        }
        let card = fire_card(&s, |_| true);
        stack(&mut s, &[card]);
        crate::fire::fire_phase(&mut s, Sector::East, &mut log());
        batteries
            .iter()
            .map(|&g| {
                let sector = s.data.german.artillery[g - s.data.german.wn_units.len()].sector;
                (sector, s.germans[g].active)
            })
            .collect::<Vec<_>>()
    };
    // Every East observer US-occupied, none with German LOC: the East batteries go inactive.
    let silenced = fixture(None);
    assert!(
        silenced
            .iter()
            .all(|&(sector, active)| active == (sector == Sector::West)),
        "{silenced:?}"
    );
    // WN65's north hex still German-occupied: they stay active.
    let held = fixture(Some("WN65N"));
    assert!(held.iter().all(|&(_, active)| active), "{held:?}");
}

// ---- 7 US actions -----------------------------------------------------------------------

/// 7.3: a move is one hex into an adjacent hex, under the Terrain Effects Chart, for one action:
/// from the beach at 0711 infantry may cross the shingle onto the flat; a tank there may not
/// leave the beach (non-infantry are stuck on the beach, AMB-45).
#[test]
fn r7_3_move_one_hex_under_the_terrain_chart() {
    let mut s = empty(2);
    let from = hex(&s, "0711");
    assert_eq!(ground(&s, from), Ground::Beach);
    let neighbours = s.data.index.hexes[usize::from(from)].neighbours.clone();
    let i = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    s.us[usize::from(i)].loc = UsLoc::Hex(from);
    acting(&mut s, Division::First, 2);
    let to = moves(&s, i);
    assert!(!to.is_empty());
    assert!(to.iter().all(|h| neighbours.contains(h)), "one hex");
    let inland: Vec<HexId> = to
        .iter()
        .copied()
        .filter(|&h| ground(&s, h) != Ground::Beach)
        .collect();
    assert!(!inland.is_empty(), "infantry leaves the beach");
    let mut tank_state = s.clone();
    tank_state.us[usize::from(i)].loc = UsLoc::OutOfPlay;
    let t = unit(&tank_state, "1/A/741");
    tank_state.us[usize::from(t)].loc = UsLoc::Hex(from);
    acting(&mut tank_state, Division::First, 2);
    let tank_to = moves(&tank_state, t);
    assert!(!tank_to.is_empty());
    assert!(
        tank_to
            .iter()
            .all(|&h| ground(&tank_state, h) == Ground::Beach),
        "the tank stays on the beach"
    );
    for &h in &inland {
        assert_eq!(
            crate::movement::crossing(&tank_state, t, from, h),
            Crossing::Prohibited
        );
    }
    // The move costs one action.
    apply(
        &mut s,
        OmahaAction::Move {
            unit: i,
            to: inland[0],
        },
    );
    assert_eq!(s.us[usize::from(i)].loc, UsLoc::Hex(inland[0]));
    assert_eq!(actions_left(&s), 1);
}

/// 7.22: a unit may move across the East/West line; its own division pays for the move, and
/// crossing on foot (unlike landing, 5.22) leaves it under its division's command.
#[test]
fn r7_22_moving_across_the_sector_line() {
    let mut s = empty(2);
    let index = &s.data.index;
    let (from, to) = (0..index.hexes.len() as HexId)
        .filter(|&h| index.hexes[usize::from(h)].ground == Ground::Beach)
        .filter(|&h| index.hexes[usize::from(h)].sector == Sector::East)
        .find_map(|h| {
            index.hexes[usize::from(h)]
                .neighbours
                .iter()
                .copied()
                .find(|&n| {
                    let x = &index.hexes[usize::from(n)];
                    x.sector == Sector::West && x.ground == Ground::Beach
                })
                .map(|n| (h, n))
        })
        .expect("beach hexes on both sides of the line");
    let u = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    s.us[usize::from(u)].loc = UsLoc::Hex(from);
    acting(&mut s, Division::First, 2);
    assert!(moves(&s, u).contains(&to));
    apply(&mut s, OmahaAction::Move { unit: u, to });
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(to));
    assert_eq!(actions_left(&s), 1, "paid by the 1st Division");
    assert_eq!(s.us[usize::from(u)].command, Division::First);
    assert!(!s.us[usize::from(u)].flags.has(UsFlags::TRANSFERRED));
}

/// The first East beach hex with a West beach neighbour, and that neighbour (7.22).
fn across_the_line(s: &Omaha) -> (HexId, HexId) {
    let index = &s.data.index;
    (0..index.hexes.len() as HexId)
        .filter(|&h| index.hexes[usize::from(h)].ground == Ground::Beach)
        .filter(|&h| index.hexes[usize::from(h)].sector == Sector::East)
        .find_map(|h| {
            index.hexes[usize::from(h)]
                .neighbours
                .iter()
                .copied()
                .find(|&n| {
                    let x = &index.hexes[usize::from(n)];
                    x.sector == Sector::West && x.ground == Ground::Beach
                })
                .map(|n| (h, n))
        })
        .expect("beach hexes on both sides of the line")
}

/// 7.22: a unit of the other division moving across the East/West line may be paid by the
/// acting division: it is offered that move only (no move within its sector, no marker
/// removal), it spends one of the acting division's actions (none where 7.1 makes it free),
/// keeps its one action of the phase, stays under its own command (solo game), and the move
/// names the division that makes it (A-MOVE).
#[test]
fn r7_22_the_other_division_may_pay_for_a_crossing() {
    let mut s = empty(2);
    let (from, to) = across_the_line(&s);
    let u = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    s.us[usize::from(u)].loc = UsLoc::Hex(from);
    acting(&mut s, Division::TwentyNinth, 2);
    s.step = Step::Actions {
        division: Division::TwentyNinth,
        left: 2,
        second: false,
    };
    let sector = |h: HexId| s.data.index.hexes[usize::from(h)].sector;
    let unit_moves = moves(&s, u);
    assert!(unit_moves.contains(&to));
    assert!(
        unit_moves.iter().all(|&h| sector(h) == Sector::West),
        "only moves across the line"
    );
    let label = s.anchors(&OmahaAction::Move { unit: u, to }).label;
    assert!(label.contains("by the 29th Division, 7.22"), "{label}");
    assert!(s.prompt().text.contains("7.22"));
    let mut log = log();
    play(&mut s, &mut log, OmahaAction::Move { unit: u, to });
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(to));
    assert_eq!(actions_left(&s), 1, "paid by the 29th Division");
    assert_eq!(s.us[usize::from(u)].command, Division::First);
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule.0 == "7.22" && e.text.contains("29th Division's actions"))
    );
    // The 1st Division's turn: the unit has taken its one action of the phase.
    play(&mut s, &mut log, OmahaAction::EndDivision);
    assert!(matches!(
        s.step,
        Step::Actions {
            division: Division::First,
            ..
        }
    ));
    assert!(moves(&s, u).is_empty());
    assert!(!legal(&s).iter().any(|a| matches!(
        a,
        OmahaAction::Move { unit, .. } | OmahaAction::MovePair { unit, .. } if *unit == u
    )));

    // Free where 7.1 makes it free: under a General's command, with no action left (and not a
    // self-preservation move, free for another reason).
    let mut s = empty(2);
    let protective = |h: HexId| s.data.index.hexes[usize::from(h)].protective_distance;
    assert!(protective(to) >= protective(from));
    s.us[usize::from(u)].loc = UsLoc::Hex(from);
    let wyman = unit(&s, "Wyman");
    s.us[usize::from(wyman)].loc = UsLoc::Hex(from);
    acting(&mut s, Division::TwentyNinth, 0);
    assert!(moves(&s, u).contains(&to));
    apply(&mut s, OmahaAction::Move { unit: u, to });
    assert_eq!(actions_left(&s), 0);
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(to));

    // Not paid: with no action left and no free action, or when Disrupted (7.7 is its own
    // division's action).
    let mut s = empty(2);
    s.us[usize::from(u)].loc = UsLoc::Hex(from);
    acting(&mut s, Division::TwentyNinth, 0);
    let protective = |h: HexId| s.data.index.hexes[usize::from(h)].protective_distance;
    assert!(
        moves(&s, u)
            .iter()
            .all(|&h| ground(&s, h) == Ground::Beach && protective(h) < protective(from)),
        "only a free self-preservation move (7.1)"
    );
    acting(&mut s, Division::TwentyNinth, 2);
    s.us[usize::from(u)].flags.set(UsFlags::DISRUPTED, true);
    assert!(!legal(&s).iter().any(|a| matches!(
        a,
        OmahaAction::RemoveDisrupted { unit } if *unit == u
    )));

    // 7.21 with 7.22: two 1st-Division units of one hex cross together for one 29th action.
    let mut s = empty(2);
    let w = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[u]);
    for x in [u, w] {
        s.us[usize::from(x)].loc = UsLoc::Hex(from);
    }
    acting(&mut s, Division::TwentyNinth, 2);
    let pair = OmahaAction::MovePair {
        unit: u.min(w),
        with: u.max(w),
        to,
    };
    assert!(all_legal(&s).contains(&pair));
    assert!(
        s.anchors(&pair).label.contains(" and "),
        "the pair names both units"
    );
    apply(&mut s, pair);
    assert_eq!(actions_left(&s), 1);
    assert!(
        all_legal(&s)
            .iter()
            .all(|a| !matches!(a, OmahaAction::MovePair { .. }))
    );
}

/// 7.31: a US unit may not enter a hex holding a German unit; it may enter an empty German
/// position.
#[test]
fn r7_31_no_entry_into_a_german_hex() {
    let mut s = empty(3);
    let u = find(&s, Division::First, UsKind::Infantry, Symbol::Circle, &[]);
    place(&mut s, u, "0914");
    let wn64 = hex(&s, "0915");
    assert_eq!(
        crate::movement::crossing(&s, u, hex(&s, "0914"), wn64),
        Crossing::Allowed
    );
    let mut manned = s.clone();
    put_wn(&mut manned, "WN64");
    acting(&mut manned, Division::First, 2);
    assert!(!moves(&manned, u).contains(&wn64));
    acting(&mut s, Division::First, 2);
    assert!(moves(&s, u).contains(&wn64));
    apply(&mut s, OmahaAction::Move { unit: u, to: wn64 });
    assert_eq!(s.us[usize::from(u)].loc, UsLoc::Hex(wn64));
}

/// 7.62, AMB-08: there is no step limit in a hex: two 3-step units (and an HQ) end the Action
/// Phase with no stacking loss; the 6 steps make the hex a concentrated target (five or more).
#[test]
fn r7_62_no_step_limit_but_five_steps_concentrate() {
    let mut s = empty(2);
    put_wn(&mut s, "WN62N");
    let wn62 = position(&s, "WN62");
    let card = fire_card(&s, |f| single(f, Colour::Orange));
    let other = other_symbol(target_of(&s, card));
    let moderate = field_hexes(&s, wn62, FireLevel::Moderate);
    let label = s.data.index.hexes[usize::from(moderate[0])]
        .label
        .to_string();
    let a = find(&s, Division::First, UsKind::Infantry, other, &[]);
    let b = find(&s, Division::First, UsKind::Infantry, other, &[a]);
    let hq = unit(&s, "16 HQ");
    for u in [a, b, hq] {
        place(&mut s, u, &label);
    }
    assert!(crate::actions::overstacked_hex(&s).is_none());
    s.step = Step::Stacking;
    assert!(all_legal(&s).is_empty(), "nothing to eliminate");
    // Concentrated: both qualify although neither has the card's symbol; with 3 + 1 steps not.
    let firing = crate::fire::firing_positions(&s, Sector::East, card);
    let hit: Vec<usize> = crate::fire::candidates(&s, &firing, card)
        .iter()
        .map(|c| c.unit)
        .collect();
    assert!(hit.contains(&usize::from(a)) && hit.contains(&usize::from(b)));
    s.us[usize::from(b)].steps = 1;
    assert!(crate::fire::candidates(&s, &firing, card).is_empty());
}

/// 7.1, AMB-12: a protective hex has a shingle, seawall, slope, bluff or scalable-cliff
/// hexside; a sheer cliff protects nothing (0336, under Pointe de la Percée, is two hexes from
/// shelter although it has sheer-cliff hexsides).
#[test]
fn amb_12_protective_hexes() {
    let s = empty(2);
    let index = &s.data.index;
    let mut sheer_only = 0;
    for (h, info) in index.hexes.iter().enumerate() {
        let sides: Vec<Hexside> = info.edges.iter().flat_map(|e| e.sides.clone()).collect();
        let protective = sides.iter().any(|side| {
            matches!(
                side,
                Hexside::Shingle
                    | Hexside::Seawall
                    | Hexside::Slope
                    | Hexside::Bluff
                    | Hexside::ScalableCliff
            )
        });
        assert_eq!(
            info.protective_distance == 0,
            protective,
            "{} ({h})",
            info.label
        );
        if !protective && sides.contains(&Hexside::SheerCliff) {
            sheer_only += 1;
        }
    }
    assert!(sheer_only > 0, "a hex with a sheer cliff and no shelter");
    let pd = |label: &str| index.hexes[usize::from(hex(&s, label))].protective_distance;
    assert_eq!(pd("0336"), 2);
    assert_eq!(pd("0334"), 0, "scalable cliff");
    assert_eq!(pd("0704"), 0, "bluff");
    assert_eq!(pd("0711"), 0, "shingle");
}

// ---- 8 US combat ------------------------------------------------------------------------

/// 8.2: attackers that bring every weapon the German counters require use the better half of
/// T6: a full rifle company (6) against a lone WN unit of strength 2 defeats it when it has the
/// weapons (WN-5: BZ, DE) and only disrupts it when one is missing (WN-3: DE, AR).
#[test]
fn r8_2_required_weapons_decide_the_half_of_the_table() {
    for (name, defeated) in [("WN-5", true), ("WN-3", false)] {
        let mut s = empty(5);
        let g = german(&mut s, name, "WN64", None);
        let i = us(&mut s, "0914", 0, rifle(Division::First));
        combat_phase(&mut s, Division::First);
        attack(&mut s, &mut log(), "0915", &[i]);
        let x = s.germans[usize::from(g)];
        assert!(x.revealed, "{name}");
        if defeated {
            assert_eq!(x.loc, GerLoc::Pool(GerPool::EliminatedWn), "{name}");
        } else {
            assert!(matches!(x.loc, GerLoc::Slot(_)) && x.disrupted, "{name}");
        }
    }
}

/// 8.21: reduced infantry has only the weapons printed on its reduced counter: E/2/16 at full
/// strength brings RD and defeats WN-17 (2: BZ, RD); at 2 steps (printed BZ, BR, MO; attack 4,
/// still double) it lacks RD and only disrupts it.
#[test]
fn r8_21_reduced_infantry_uses_its_printed_weapons() {
    for (steps_left, defeated) in [(3, true), (2, false)] {
        let mut s = empty(5);
        let g = german(&mut s, "WN-17", "WN64", None);
        let i = us(&mut s, "0914", steps_left, |u| u.id == "E/2/16");
        combat_phase(&mut s, Division::First);
        attack(&mut s, &mut log(), "0915", &[i]);
        let x = s.germans[usize::from(g)];
        assert_eq!(
            x.loc == GerLoc::Pool(GerPool::EliminatedWn),
            defeated,
            "{steps_left} steps"
        );
        assert_eq!(x.disrupted, !defeated, "{steps_left} steps");
    }
}

/// 8.24, 11.2: an HQ gives a commanded unit attacking from an adjacent hex a radio: the reduced
/// E/2/16 (no RD of its own) beside 16 HQ has every weapon WN-17 requires and defeats it; a
/// General's command gives no radio.
#[test]
fn r8_24_hq_radio() {
    for (counter, defeated) in [(UsCounter::Hq, true), (UsCounter::General, false)] {
        let mut s = empty(5);
        let g = german(&mut s, "WN-17", "WN64", None);
        let i = us(&mut s, "0914", 2, |u| u.id == "E/2/16");
        let beside = s.data.index.hexes[usize::from(hex(&s, "0914"))]
            .neighbours
            .iter()
            .copied()
            .find(|&n| n != hex(&s, "0915"))
            .expect("a hex beside 0914");
        let label = s.data.index.hexes[usize::from(beside)].label.to_string();
        leader(&mut s, &label, counter);
        combat_phase(&mut s, Division::First);
        attack(&mut s, &mut log(), "0915", &[i]);
        let x = s.germans[usize::from(g)];
        assert_eq!(
            x.loc == GerLoc::Pool(GerPool::EliminatedWn),
            defeated,
            "{counter:?}"
        );
    }
}

/// 8.54: a Naval Gunfire marker may be used in the turn it is received or kept for a later
/// turn; once used it is discarded.
#[test]
fn r8_54_naval_gunfire_marker_kept_until_used() {
    let mut s = empty(8);
    let g = german(&mut s, "WN-4", "WN64", None);
    let spotter = us(&mut s, "0914", 0, rifle(Division::First));
    let wn64 = hex(&s, "0915");
    // Turn 8: the event gives one marker; it could be used at once.
    let naval = (1..=54u8)
        .find(|&c| {
            s.data.card(c).and_then(|c| c.event_on(8)).is_some_and(|e| {
                matches!(
                    e.effect,
                    EventEffect::NavalGunfire {
                        count: 1,
                        division: None | Some(Division::First)
                    }
                )
            })
        })
        .expect("a Naval Gunfire event on turn 8");
    stack(&mut s, &[naval]);
    s.step = Step::Event;
    crate::events::event_phase(&mut s, &mut log());
    assert_eq!(s.naval_gunfire, 1);
    combat_phase(&mut s, Division::First);
    assert!(all_legal(&s).contains(&OmahaAction::NavalBarrage { target: wn64 }));
    // Not used: the turn ends and the marker is kept. Turn 9's cards: no event, a Fire card
    // without WN64's blue (the spotter stays fit), any West card.
    let quiet_event = (1..=54u8)
        .find(|&c| {
            c != naval
                && s.data
                    .card(c)
                    .and_then(|c| c.event_on(9))
                    .is_some_and(|e| e.effect == EventEffect::None)
        })
        .expect("a card without event on turn 9");
    let no_blue = (1..=54u8)
        .find(|&c| {
            c != naval
                && c != quiet_event
                && s.data
                    .card(c)
                    .and_then(|c| c.fire.as_ref())
                    .is_some_and(|f| f.icons.iter().all(|i| i.colour != Colour::Blue))
        })
        .expect("a card without blue");
    let west = (1..=54u8)
        .find(|&c| ![naval, quiet_event, no_blue].contains(&c))
        .expect("a card");
    stack(&mut s, &[quiet_event, no_blue, west]);
    s.step = Step::Stacking;
    s.run(&mut log());
    loop {
        match s.step {
            Step::Engineers { .. } => apply(&mut s, OmahaAction::StopClearing),
            Step::DivisionOrder => apply(
                &mut s,
                OmahaAction::FirstDivision {
                    division: Division::First,
                },
            ),
            Step::Actions { .. } => break,
            step => panic!("unexpected step {step:?}"),
        }
    }
    assert_eq!(s.turn, 9);
    assert_eq!(s.naval_gunfire, 1, "kept");
    assert!(!disrupted(&s, spotter));
    assert!(all_legal(&s).contains(&OmahaAction::NavalBarrage { target: wn64 }));
    apply(&mut s, OmahaAction::NavalBarrage { target: wn64 });
    assert!(s.germans[usize::from(g)].disrupted);
    assert_eq!(s.naval_gunfire, 0, "discarded after use");
    assert!(
        !all_legal(&s)
            .iter()
            .any(|a| matches!(a, OmahaAction::NavalBarrage { .. }))
    );
}

// ---- 10 US engineer demolitions ---------------------------------------------------------

/// 10.12: each sector clears up to 2 obstacle hexes a turn at Low Tide (turns 2–6), 1 at Mid
/// Tide (7–15) and none at High Tide (16–22): on turn 8 the East clears one hex and the phase
/// passes to the West; on turn 16 there is no Engineer prompt.
#[test]
fn r10_12_tide_limits_on_clearing() {
    use crate::engineers::clears_allowed;
    for turn in 2..=22u8 {
        let expected = match tide_of_turn(turn) {
            Tide::Low => 2,
            Tide::Mid => 1,
            Tide::High => 0,
        };
        assert_eq!(clears_allowed(turn), expected, "turn {turn}");
    }
    let mut s = empty(8);
    let any = fire_card(&s, |_| true);
    s.fire_cards = [Some(any), Some(any)];
    s.step = Step::Engineers {
        sector: Sector::East,
        left: clears_allowed(8),
    };
    s.run(&mut log());
    assert_eq!(
        s.step,
        Step::Engineers {
            sector: Sector::East,
            left: 1
        }
    );
    let first = crate::engineers::clearable(&s, Sector::East)[0];
    apply(&mut s, OmahaAction::Clear { hex: first });
    assert!(s.is_cleared(first));
    assert_eq!(
        s.step,
        Step::Engineers {
            sector: Sector::West,
            left: 1
        }
    );
    let mut s = empty(16);
    s.step = Step::Engineers {
        sector: Sector::East,
        left: clears_allowed(16),
    };
    s.run(&mut log());
    assert_eq!(s.step, Step::DivisionOrder);
}

// ---- 11 Heroes, HQs and Generals --------------------------------------------------------

/// 11.2: an HQ moves one hex as a free action within the TEC (no scalable cliff), and at the
/// start of the Action Phase commands every unit in its hex and the adjacent ones, of either
/// division: a 29th Division company beside the 1st Division's 16 HQ moves for free.
#[test]
fn r11_2_hq_free_move_and_command_of_either_division() {
    let mut s = empty(5);
    let hq = unit(&s, "16 HQ");
    let u = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[],
    );
    place(&mut s, hq, "0731");
    place(&mut s, u, "0732");
    let base = s.clone();
    // The 29th Division has no action left; its company beside the HQ still moves.
    acting(&mut s, Division::TwentyNinth, 0);
    assert!(s.us[usize::from(u)].flags.has(UsFlags::COMMANDED));
    let to = moves(&s, u);
    assert!(!to.is_empty(), "a free action under the HQ's command");
    let mut alone = base.clone();
    alone.us[usize::from(hq)].loc = UsLoc::OutOfPlay;
    acting(&mut alone, Division::TwentyNinth, 0);
    assert!(moves(&alone, u).is_empty());
    // The HQ's own move is free.
    let mut s = base;
    acting(&mut s, Division::First, 2);
    let step = moves(&s, hq)[0];
    apply(&mut s, OmahaAction::Move { unit: hq, to: step });
    assert_eq!(s.us[usize::from(hq)].loc, UsLoc::Hex(step));
    assert_eq!(actions_left(&s), 2);
    // Within the TEC: no scalable cliff for an HQ.
    assert_eq!(
        crate::movement::crossing(&s, hq, hex(&s, "0334"), hex(&s, "0434")),
        Crossing::Prohibited
    );
}

/// 11.3, AMB-20: a General moves one hex as a free action ignoring the TEC's movement
/// restrictions (he goes straight up the scalable cliff at 0334–0434, without a marker) but
/// not into rough terrain (0435); he commands the units around him, of either division, and
/// lets a tank join an attack at range (8.1).
#[test]
fn r11_3_general_ignores_the_tec_but_not_rough_terrain() {
    let mut s = empty(6);
    let cota = unit(&s, "Cota");
    place(&mut s, cota, "0334");
    let (cliff_top, rough) = (hex(&s, "0434"), hex(&s, "0435"));
    assert!(
        s.data.index.hexes[usize::from(cliff_top)]
            .neighbours
            .contains(&rough)
    );
    acting(&mut s, Division::TwentyNinth, 2);
    assert!(moves(&s, cota).contains(&cliff_top));
    apply(
        &mut s,
        OmahaAction::Move {
            unit: cota,
            to: cliff_top,
        },
    );
    assert_eq!(s.us[usize::from(cota)].loc, UsLoc::Hex(cliff_top));
    assert!(!s.us[usize::from(cota)].flags.has(UsFlags::CLIMB));
    assert_eq!(actions_left(&s), 2, "free");
    acting(&mut s, Division::TwentyNinth, 2);
    assert!(!moves(&s, cota).contains(&rough), "no rough terrain");
    // Command across divisions: Wyman (1st) beside a 29th Division company.
    let mut s = empty(10);
    let wyman = unit(&s, "Wyman");
    let u = find(
        &s,
        Division::TwentyNinth,
        UsKind::Infantry,
        Symbol::Circle,
        &[],
    );
    place(&mut s, wyman, "0731");
    place(&mut s, u, "0732");
    acting(&mut s, Division::TwentyNinth, 0);
    assert!(!moves(&s, u).is_empty());
    // A tank joins an attack at range only under command: C1 (1113) attacked from 1114.
    let mut s = empty(10);
    german(&mut s, "T-6", "C1", None);
    let target = hex(&s, "1113");
    let i = us(&mut s, "1114", 0, rifle(Division::First));
    let infantry_hex = hex(&s, "1114");
    let index = &s.data.index;
    let tank_hex = (0..index.hexes.len() as HexId)
        .find(|&h| {
            index.hexes[usize::from(h)].ground == Ground::High
                && index.distance(h, target) == 3
                && index.distance(h, infantry_hex) >= 2
                && index.hexes[usize::from(h)].neighbours.iter().any(|&n| {
                    index.distance(n, target) >= 2 && index.distance(n, infantry_hex) >= 2
                })
        })
        .expect("a hex for the tank");
    let general_hex = index.hexes[usize::from(tank_hex)]
        .neighbours
        .iter()
        .copied()
        .find(|&n| index.distance(n, target) >= 2 && index.distance(n, infantry_hex) >= 2)
        .expect("a hex for the General");
    let (tank_label, general_label) = (
        index.hexes[usize::from(tank_hex)].label.to_string(),
        index.hexes[usize::from(general_hex)].label.to_string(),
    );
    let tank = us(&mut s, &tank_label, 0, |u| {
        u.kind == UsKind::Tank && u.division == Division::First
    });
    let mut log = log();
    let joins = |s: &mut Omaha, log: &mut OmahaLog| {
        combat_phase(s, Division::First);
        play(s, log, OmahaAction::Attack { target });
        play(s, log, OmahaAction::AttackWith { unit: i });
        let joins = legal(s).contains(&OmahaAction::AttackWith { unit: tank });
        play(s, log, OmahaAction::AttackBack);
        joins
    };
    assert!(!joins(&mut s, &mut log), "not without command");
    leader(&mut s, &general_label, UsCounter::General);
    assert!(joins(&mut s, &mut log), "under the General's command");
}

// ---- 13 Winning and losing --------------------------------------------------------------

/// 13.11, AMB-24: range-2 (heavy-weapons) infantry companies are regular infantry: reduced to
/// one step they go in the Losses box; Rangers never do.
#[test]
fn amb_24_heavy_companies_are_regular_infantry() {
    let mut s = empty(12);
    let heavy = unit(&s, "H/2/16");
    let ranger = unit(&s, "A-B/2R");
    assert!(s.data.us.units[usize::from(heavy)].heavy);
    assert!(s.data.index.us[usize::from(heavy)].regular_infantry());
    assert!(!s.data.index.us[usize::from(ranger)].regular_infantry());
    place(&mut s, heavy, "0712");
    place(&mut s, ranger, "0713");
    s.us[usize::from(heavy)].steps = 1;
    s.us[usize::from(ranger)].steps = 1;
    assert_eq!(crate::effects::infantry_losses(&s, Division::First), 1);
    assert_eq!(
        crate::effects::infantry_losses(&s, Division::TwentyNinth),
        0
    );
}
