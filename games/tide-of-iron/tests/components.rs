//! The shipped components hold what the spec states: the terrain table 2.2 as the rules give
//! it, the figure values table 2.1 marks as the source's (SRC) or its examples' (EX), and board
//! faces of one shape that join at their half hexes.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::Components;
use overlord_tide_of_iron::ToiData;
use overlord_tide_of_iron::data::{Attack, FigureClass, Nation};
use std::path::Path;
use std::sync::OnceLock;

fn data() -> &'static ToiData {
    static DATA: OnceLock<ToiData> = OnceLock::new();
    DATA.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/tide-of-iron");
        <ToiData as Components>::load(&dir).unwrap_or_else(|e| panic!("{e}"))
    })
}

/// (id, squad cost, vehicle cost, cover, blocks LOS, entrenchments)
type Row = (&'static str, Option<u8>, Option<u8>, u8, bool, bool);

#[test]
fn toi_terr_table_2_2_in_terrain_toml() {
    // TOI-TERR-CLEAR, -ROUGH, -WOODS, -STREAM, -LAKE, -BRIDGE, -BUILDING; roads and hills are
    // not terrains of their own (TOI-TERR-ROAD, TOI-TERR-HILL: the map's roads and levels).
    let table: [Row; 9] = [
        ("clear", Some(1), Some(1), 0, false, true),
        ("rough", Some(2), Some(1), 1, false, true),
        ("woods", Some(2), Some(3), 2, true, true),
        ("stream_fordable", Some(2), Some(4), 0, false, false),
        ("stream_full", Some(3), None, 0, false, false),
        ("stream_deep", None, None, 0, false, false),
        ("lake", None, None, 0, false, false),
        ("bridge", Some(1), Some(1), 1, false, false),
        ("building", Some(2), None, 3, true, false),
    ];
    assert_eq!(data().terrain.len(), table.len());
    for (id, squad, vehicle, cover, los, entrench) in table {
        let t = data()
            .terrain(id)
            .unwrap_or_else(|| panic!("no terrain `{id}`"));
        assert_eq!(
            (
                t.squad_cost,
                t.vehicle_cost,
                t.cover,
                t.blocks_los,
                t.entrenchments
            ),
            (squad, vehicle, cover, los, entrench),
            "{id}"
        );
    }
}

fn attack(range: u8, firepower: u8) -> Option<Attack> {
    Some(Attack { range, firepower })
}

#[test]
fn toi_unit_table_2_1_source_values() {
    let d = data();
    // TOI-UNIT-REG: move 4, 4 / 1 against infantry, 1 / 1 against vehicles.
    for id in ["us-regular", "de-regular"] {
        let f = d.figure(id).unwrap();
        assert_eq!((f.movement, f.slots), (4, 1));
        assert_eq!((f.vs_infantry, f.vs_vehicle), (attack(4, 1), attack(1, 1)));
    }
    // TOI-UNIT-ELITE: 2 firepower against infantry, and Resilience.
    for id in ["us-elite", "de-elite"] {
        let f = d.figure(id).unwrap();
        assert_eq!(f.vs_infantry, attack(4, 2));
        assert!(f.traits.iter().any(|t| t == "resilience"));
    }
    // TOI-UNIT-OFFICER.
    assert!(
        d.figure("us-officer")
            .unwrap()
            .traits
            .iter()
            .any(|t| t == "rally")
    );
    // TOI-UNIT-MG: the US crew 5 / 3 and 3 / 2, the German 5 / 4; two slots.
    let us_mg = d.figure("us-mg").unwrap();
    assert_eq!(
        (us_mg.vs_infantry, us_mg.vs_vehicle, us_mg.slots),
        (attack(5, 3), attack(3, 2), 2)
    );
    assert_eq!(d.figure("de-mg").unwrap().vs_infantry, attack(5, 4));
    // TOI-UNIT-MORTAR: range 8, suppressive 4, normal 2, a minimum range.
    let mortar = d.figure("us-mortar").unwrap().area.unwrap();
    assert_eq!(
        (mortar.range, mortar.suppressive, mortar.firepower),
        (8, 4, 2)
    );
    assert!(mortar.minimum_range > 1);
    // TOI-UNIT-TANK: the Sherman moves 7, fires 7 and 8, armor 4; the Tiger 6 against infantry.
    let sherman = d.figure("us-sherman").unwrap();
    assert_eq!(sherman.class, FigureClass::Tank);
    assert_eq!(sherman.movement, 7);
    assert_eq!(sherman.vs_infantry.map(|a| a.firepower), Some(7));
    assert_eq!(sherman.vs_vehicle.map(|a| a.firepower), Some(8));
    assert_eq!(sherman.armor, Some(4));
    assert_eq!(d.figure("de-tiger").unwrap().vs_infantry, attack(5, 6));
    // TOI-UNIT-HT: armor 1, one squad aboard. TOI-UNIT-TRUCK: the GMC moves 4, two squads.
    for id in ["us-halftrack", "de-halftrack"] {
        let f = d.figure(id).unwrap();
        assert_eq!((f.armor, f.transport), (Some(1), Some(1)));
    }
    let truck = d.figure("us-truck").unwrap();
    assert_eq!((truck.movement, truck.transport), (4, Some(2)));
    // Both nations field every class.
    for nation in [Nation::Us, Nation::De] {
        let mut classes: Vec<FigureClass> = d
            .figures
            .iter()
            .filter(|f| f.nation == nation)
            .map(|f| f.class)
            .collect();
        classes.dedup();
        assert_eq!(
            classes.len(),
            8,
            "{nation:?}: every class, once each in a row"
        );
    }
}

#[test]
fn toi_unit_values_the_source_leaves_out_are_marked_ours() {
    // Table 2.1: the Panzer IV's values are all unknown; the halftracks' firepower too.
    let pz = data().figure("de-panzer-iv").unwrap();
    for field in ["move", "vs_infantry", "vs_vehicle", "armor"] {
        assert!(pz.ours.iter().any(|o| o == field), "{field}");
    }
    assert!(
        data()
            .figure("us-halftrack")
            .unwrap()
            .ours
            .iter()
            .any(|o| o == "vs_infantry")
    );
    assert!(data().figure("us-regular").unwrap().ours.is_empty());
}

#[test]
fn toi_move_halfhex_board_faces_have_half_hexes_at_their_short_edges() {
    let face = data().board("1A").expect("board 1A");
    assert_eq!(face.map.len(), 12 * 9);
    let halves = face.map.half_hexes().iter().filter(|&&h| h).count();
    assert_eq!(halves, 18, "columns 01 and 12");
    assert!(face.map.roads().len() >= 2);
}

#[test]
fn toi_setup_2_the_map_picture_shows_every_face() {
    let svg = data().map_svg().expect("the faces compose");
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
    for face in &data().boards {
        assert!(
            svg.contains(&format!(">{}<", face.id)),
            "face {} is labelled",
            face.id
        );
    }
}

/// `TOI-COMP`: the box's figures, as the inventory counts them.
#[test]
fn toi_comp_the_inventory_of_figures() {
    let count = |id: &str| {
        data()
            .figures
            .iter()
            .find(|f| f.id == id)
            .and_then(|f| f.count)
            .unwrap_or_else(|| panic!("{id} has no count"))
    };
    for nation in ["us", "de"] {
        assert_eq!(count(&format!("{nation}-regular")), 54);
        assert_eq!(count(&format!("{nation}-elite")), 12);
        for six in ["officer", "mortar", "mg", "halftrack", "truck"] {
            assert_eq!(count(&format!("{nation}-{six}")), 6, "{nation}-{six}");
        }
    }
    assert_eq!(count("us-sherman"), 12);
    assert_eq!(count("de-panzer-iv") + count("de-tiger"), 12);
    let figures: u16 = data().figures.iter().filter_map(|f| f.count).sum();
    assert_eq!(figures, 216, "216 plastic figures");
}

/// `TOI-COMP-DESC`, `TOI-DIV`: 24 bases a nation, 12 of each division's shade: no scenario
/// fields more squads of a division, reinforcements counted.
#[test]
fn toi_comp_desc_toi_div_no_scenario_needs_more_bases_than_the_box() {
    for s in &data().scenarios {
        for nation in Nation::ALL {
            for division in [1, 2] {
                let bases = s
                    .units
                    .iter()
                    .filter(|u| u.nation == nation && u.division == division && !u.vehicle)
                    .count();
                assert!(bases <= 12, "{}: {bases} bases", s.id);
            }
        }
    }
}

/// `TOI-REFCARD`: every figure's reference card: its movement, and its attack grid against
/// infantry and against vehicles (range and firepower), the mortar's area attack instead, and
/// the trucks with none; the elite's values are the source's (vs infantry 4/2, vs vehicles 1/1).
#[test]
fn toi_refcard_every_figure_has_its_reference_values() {
    for f in &data().figures {
        assert!(
            f.movement > 0 || f.class == FigureClass::MortarCrew,
            "{}",
            f.id
        );
        match f.class {
            FigureClass::MortarCrew => assert!(f.area.is_some(), "{}", f.id),
            FigureClass::Truck => assert!(f.vs_infantry.is_none(), "{}", f.id),
            _ => assert!(
                f.vs_infantry.is_some() && f.vs_vehicle.is_some(),
                "{} lacks its attack grid",
                f.id
            ),
        }
    }
    let elite = data().figures.iter().find(|f| f.id == "us-elite").unwrap();
    assert_eq!(elite.vs_infantry, attack(4, 2));
    assert_eq!(elite.vs_vehicle, attack(1, 1));
}

/// `TOI-INTRO`: the game is scenario-based, Americans against Germans: every scenario fixes
/// both sides' forces, its rounds and actions, and a victory condition with objectives.
#[test]
fn toi_intro_every_scenario_sets_forces_rounds_and_victory() {
    for s in &data().scenarios {
        for nation in Nation::ALL {
            assert!(s.units.iter().any(|u| u.nation == nation), "{}", s.id);
        }
        assert!(s.rounds > 0 && s.actions > 0, "{}", s.id);
        assert!(!s.objectives.is_empty(), "{}", s.id);
    }
}

/// `TOI-COMBAT-LOS`: the battlefield's kept answers are the line tracer's, asked once or twice,
/// either way round, for every pair of hexes of every scenario.
#[test]
fn toi_combat_los_the_kept_answers_are_the_tracers() {
    for s in &data().scenarios {
        let field = &s.battlefield;
        let ids: Vec<_> = field.hexes.ids().collect();
        for &a in &ids {
            for &b in &ids {
                let (ha, hb) = (field.hexes.hex(a).unwrap(), field.hexes.hex(b).unwrap());
                let traced = field.sight.line_of_sight(ha, hb, &|_| false);
                assert_eq!(field.sees(a, b, false, &|_| false), traced, "{}", s.id);
                assert_eq!(field.sees(b, a, false, &|_| false), traced, "{}", s.id);
                assert_eq!(field.sees(a, b, false, &|_| false), traced, "{}", s.id);
            }
        }
    }
}

/// `TOI-SETUP-2`: `overlord map tide-of-iron --scenario S` draws each scenario's assembled
/// battlefield, every whole hex of it, with its objectives; an unknown scenario is refused
/// naming those there are.
#[test]
fn toi_setup_2_each_scenario_battlefield_is_drawn() {
    use overlord_engine::Components;
    for s in &data().scenarios {
        let svg = data().scenario_svg(&s.id).unwrap().unwrap();
        assert!(svg.contains("<svg") && svg.contains(&s.name), "{}", s.id);
        let drawn = svg.matches("<polygon").count();
        assert!(
            drawn >= s.battlefield.map.hexes().len(),
            "{}: {drawn} hexes",
            s.id
        );
        assert!(svg.contains("victory objective"), "{}", s.id);
        // The setup lies in layers the browser hides while it draws the game as it stands:
        // every starting unit's disc, and each side's deployment area.
        let discs: Vec<&str> = svg
            .lines()
            .filter(|l| l.contains("unit(s)</title>"))
            .collect();
        assert!(!discs.is_empty(), "{}", s.id);
        for disc in discs {
            assert!(
                disc.contains("data-layer=\"setup:units\""),
                "{}: {disc}",
                s.id
            );
        }
        assert!(svg.contains("data-layer=\"deployment:US\""), "{}", s.id);
        // Each board's id, so that its hexes are told from another board's.
        for board in s.battlefield.map.boards() {
            assert!(
                svg.contains(&format!(">{board}</text>")),
                "{}: board {board}",
                s.id
            );
        }
    }
    let error = data().scenario_svg("nowhere").unwrap().unwrap_err();
    assert!(error.contains("le-hameau"), "{error}");
}

/// The rules reference the browser opens from a rule id (`data/tide-of-iron/rules.toml`, written
/// by `scripts/rules-reference.py`) has an entry for every rule id of the spec, so every id the
/// game's log, prompts and counters cite opens its own text.
#[test]
fn toi_rules_reference_has_every_rule_id_of_the_spec() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let missing = overlord_engine::testing::rules_without_text(
        &root.join("data/tide-of-iron"),
        &root.join("docs/tide-of-iron/rule-ids.txt"),
    )
    .unwrap();
    assert!(missing.is_empty(), "rule ids with no text: {missing:?}");
}

/// `TOI-CARD-STRAT`, `TOI-CARD-OPS`: every strategy and operations card reads at a click in the
/// browser (the board data's card texts): its cost, and a bombardment's numbers.
#[test]
fn toi_card_strat_every_card_reads_at_a_click() {
    let board = overlord_tide_of_iron::picture::board(data());
    let cards = board["cards"].as_array().unwrap();
    assert_eq!(
        cards.len(),
        data().cards.cards.len() + data().cards.operations.len()
    );
    for card in &data().cards.cards {
        let text = cards
            .iter()
            .find(|c| c["name"] == card.name.as_str())
            .and_then(|c| c["text"].as_str())
            .unwrap();
        assert!(text.contains(&format!("cost {}", card.cost)), "{text}");
        if let Some(area) = card.area {
            assert!(text.contains(&format!("Area Attack {area}")), "{text}");
        }
    }
    assert!(board["figures"].as_array().unwrap().len() == data().figures.len());
}
