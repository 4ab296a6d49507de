//! Map files: a valid map's queries, a corpus of broken files with their exact messages, and
//! arbitrary input that must never panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_hexmap::{
    Hex, HexLabel, HexsideId, LabelConvention, MapData, MapError, Orientation, distance,
};
use proptest::prelude::*;

const EXAMPLE: &str = r##"# any comment
name = "Test map"
authored_by = "Overlord project"
[convention]
orientation = "flat_top"
order = "column_row"
shifted = "even"
[terrain]
clear = { colour = "#c8d8a0" }
woods = { colour = "#4a7a3a" }
sea = {}
[[fill]]
terrain = "sea"
columns = [1, 12]
rows = [1, 20]
[[fill]]
terrain = "clear"
columns = [5, 12]
rows = [10, 20]
level = 1
[[hex]]
at = "0812"
terrain = "woods"
level = 2
tags = ["village"]
name = "Vierville"
[[hex]]
at = ["0813", "0814"]
tags = ["village", "beach"]
[[hexside]]
between = ["0812", "0912"]
features = ["hedgerow"]
[[hexside]]
between = ["0813", "0814"]
features = ["hedgerow", "stream"]
[[position]]
id = "WN62"
hexes = ["0812", "0912"]
tags = ["wn"]
[[position]]
id = "reserve_box"
name = "Reserve"
[[road]]
kind = "main"
path = ["0812", "0813", "0814"]
[[road]]
kind = "track"
path = ["0814", "0914"]
[[region]]
id = "east_sector"
hexes = ["0812", "0813"]
"##;

fn label(text: &str) -> HexLabel {
    text.parse().unwrap()
}

#[test]
fn example_map_loads_and_answers_queries() {
    let map = MapData::from_toml_str(EXAMPLE, "example.toml").unwrap();
    let at = |l: &str| map.hex(label(l)).unwrap();
    assert_eq!(map.name(), "Test map");
    assert_eq!(map.authored_by(), "Overlord project");
    assert_eq!(map.source_file(), "example.toml");
    assert_eq!(map.convention(), LabelConvention::OMAHA);
    assert_eq!(map.len(), 12 * 20);

    // Dense index: ascending label order, constant-time lookup both ways.
    for (i, &hex) in map.hexes().iter().enumerate() {
        assert_eq!(map.index(hex), Some(i));
        assert_eq!(map.hex_at(i), Some(hex));
    }
    assert_eq!(map.label(map.hexes()[0]), Some(label("0101")));
    assert_eq!(map.hex(label("1301")), None);
    assert_eq!(map.index(Hex::new(-5, 0)), None);
    assert!(!map.contains(LabelConvention::OMAHA.to_hex(label("0121"))));

    // Terrain ids follow the order of [terrain]; later fills paint over earlier ones.
    let [clear, woods, sea] = ["clear", "woods", "sea"].map(|t| map.terrain_id(t).unwrap());
    assert_eq!((clear.0, woods.0, sea.0), (0, 1, 2));
    assert_eq!(map.terrains()[1].colour.as_deref(), Some("#4a7a3a"));
    assert_eq!(map.terrain(at("0101")), Some(sea));
    assert_eq!(map.terrain(at("0510")), Some(clear));
    assert_eq!(map.level(at("0510")), Some(1));
    assert_eq!(map.terrain(at("0812")), Some(woods));
    assert_eq!(map.level(at("0812")), Some(2));
    // A [[hex]] without terrain keeps its fill's terrain and level.
    assert_eq!(
        map.cell(at("0813")).map(|c| (c.terrain, c.level)),
        Some((clear, 1))
    );
    assert_eq!(map.terrain_name(woods), Some("woods"));

    assert_eq!(map.hex_name(at("0812")), Some("Vierville"));
    assert_eq!(map.hex_name(at("0813")), None);
    let village = map.tag_id("village").unwrap();
    assert_eq!(
        map.tags(at("0814")).collect::<Vec<_>>(),
        ["village", "beach"]
    );
    let villages: Vec<Hex> = map.hexes_tagged(village).collect();
    assert_eq!(villages, [at("0812"), at("0813"), at("0814")]);

    let hedgerow = map.feature_id("hedgerow").unwrap();
    let stream = map.feature_id("stream").unwrap();
    assert!(map.hexside_has(at("0912"), at("0812"), hedgerow));
    assert!(!map.hexside_has(at("0912"), at("0812"), stream));
    let side = HexsideId::between(at("0814"), at("0813")).unwrap();
    assert_eq!(
        map.hexside_features(side).iter().collect::<Vec<_>>(),
        [hedgerow, stream]
    );
    assert_eq!(map.hexsides().len(), 2);

    let wn62 = map.position("WN62").unwrap();
    assert_eq!(wn62.hexes, [at("0812"), at("0912")]);
    assert!(wn62.has_tag("wn"));
    let reserve = map.position("reserve_box").unwrap();
    assert!(reserve.hexes.is_empty());
    assert_eq!(reserve.name.as_deref(), Some("Reserve"));
    assert_eq!(map.region("east_sector").unwrap().hexes.len(), 2);

    let main = map.road_kind_id("main").unwrap();
    let track = map.road_kind_id("track").unwrap();
    assert_eq!(map.road_between(at("0813"), at("0812")), Some(main));
    assert_eq!(map.road_between(at("0914"), at("0814")), Some(track));
    assert_eq!(map.road_between(at("0812"), at("0814")), None);
    assert_eq!(map.road_links(at("0814")).len(), 2);
    assert_eq!(map.roads()[0].path.len(), 3);

    assert_eq!(map.neighbours_on_map(at("0101")).count(), 2, "a corner");
    assert!(
        map.neighbours_on_map(at("0812"))
            .all(|n| distance(n, at("0812")) == 1)
    );
}

#[test]
fn pointy_row_first_map() {
    let text = "name = \"N\"\nauthored_by = \"me\"\n[convention]\norientation = \"pointy_top\"\n\
                order = \"row_column\"\nshifted = \"odd\"\n[terrain]\nclear = {}\n\
                [[fill]]\nterrain = \"clear\"\ncolumns = [1, 5]\nrows = [1, 5]\n\
                [[hexside]]\nbetween = [\"0101\", \"0201\"]\n";
    let map = MapData::from_toml_str(text, "n.toml").unwrap();
    assert_eq!(map.convention().orientation, Orientation::PointyTop);
    assert_eq!(map.len(), 25);
    // Row 1 is odd, so shifted towards higher columns: 0101 (row 1, column 1) touches row 2's
    // columns 1 and 2, printed 0201 and 0202.
    let at = |l: &str| map.hex(label(l)).unwrap();
    assert_eq!(distance(at("0101"), at("0202")), 1);
    for (i, &hex) in map.hexes().iter().enumerate() {
        assert_eq!(map.index(hex), Some(i));
    }
}

#[test]
fn load_reads_files_and_reports_missing_ones() {
    let dir = std::env::temp_dir().join(format!("hexmap-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("map.toml");
    std::fs::write(&path, EXAMPLE).unwrap();
    let map = MapData::load(&path).unwrap();
    assert_eq!(map.source_file(), path.display().to_string());
    std::fs::remove_file(&path).unwrap();
    let errors = MapData::load(&path).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors.errors()[0].line, 0);
    // A problem with no place in the text reads as line 0, column 0, as in every data file.
    assert!(
        errors.errors()[0]
            .to_string()
            .starts_with(&format!("{}:0:0: : cannot read", path.display()))
    );
    std::fs::remove_dir(&dir).unwrap();
}

/// Lines 1-13: a valid map of columns 1-10 by rows 1-20. Each broken case starts at line 14.
const BASE: &str = r##"name = "T"
authored_by = "me"
[convention]
orientation = "flat_top"
order = "column_row"
shifted = "even"
[terrain]
clear = {}
woods = { colour = "#4a7a3a" }
[[fill]]
terrain = "clear"
columns = [1, 10]
rows = [1, 20]
"##;

fn errors_of(text: &str) -> Vec<MapError> {
    match MapData::from_toml_str(text, "data/t/map.toml") {
        Ok(_) => panic!("expected errors in:\n{text}"),
        Err(errors) => errors.into_vec(),
    }
}

/// The single error of `BASE + case`, checked for file, line, field and message.
fn check(case: &str, line: usize, field: &str, message: &str) -> MapError {
    let errors = errors_of(&format!("{BASE}{case}"));
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let error = errors.into_iter().next().unwrap();
    assert_eq!(error.file, "data/t/map.toml");
    assert_eq!((error.line, error.field.as_str()), (line, field), "{error}");
    assert!(error.message.contains(message), "{error}");
    error
}

#[test]
fn map_error_hexside_not_adjacent() {
    let error = check(
        "[[hexside]]\nbetween = [\"0812\", \"0915\"]\n",
        15,
        "hexside.between",
        "",
    );
    assert_eq!(
        error.to_string(),
        "data/t/map.toml:15:11: hexside.between: 0812 and 0915 are not adjacent; \
         a hexside joins two neighbouring hexes"
    );
}

#[test]
fn map_error_labels() {
    check(
        "[[hex]]\nat = \"812\"\nterrain = \"woods\"\n",
        15,
        "hex.at",
        "four printed digits",
    );
    check(
        "[[hex]]\nat = [\"0812\", \"08x3\"]\n",
        15,
        "hex.at",
        "`08x3` is not a hex label",
    );
    check("[[hex]]\nat = 812\n", 15, "hex.at", "expected a label");
    check(
        "[[hexside]]\nbetween = [\"0812\", \"9\"]\n",
        15,
        "hexside.between",
        "`9`",
    );
}

#[test]
fn map_error_hex_declared_twice() {
    let case = "[[hex]]\nat = [\"0812\", \"0813\"]\nterrain = \"woods\"\n[[hex]]\nat = \"0812\"\n";
    check(
        case,
        18,
        "hex.at",
        "0812 is declared twice; first at line 15",
    );
}

#[test]
fn map_error_unknown_terrain() {
    check(
        "[[hex]]\nat = \"0812\"\nterrain = \"forest\"\n",
        16,
        "hex.terrain",
        "`forest`",
    );
    check(
        "[[fill]]\nterrain = \"sea\"\ncolumns = [1, 2]\nrows = [1, 2]\n",
        15,
        "fill.terrain",
        "unknown terrain `sea`; declare it under [terrain] (known: clear, woods)",
    );
}

#[test]
fn map_error_hex_without_terrain() {
    check(
        "[[hex]]\nat = \"5050\"\n",
        15,
        "hex.terrain",
        "5050 has no terrain",
    );
}

#[test]
fn map_error_road_steps() {
    check(
        "[[road]]\nkind = \"main\"\npath = [\"0812\", \"0813\",\n  \"0815\"]\n",
        17,
        "road.path",
        "0813 and 0815 are not adjacent; each step of a road goes to a neighbouring hex",
    );
    check(
        "[[road]]\nkind = \"main\"\npath = [\"0812\"]\n",
        16,
        "road.path",
        "at least two",
    );
}

#[test]
fn map_error_places_off_the_map() {
    check(
        "[[position]]\nid = \"WN62\"\nhexes = [\"0812\", \"4040\"]\n",
        16,
        "position.hexes",
        "4040 is not on this map",
    );
    check(
        "[[region]]\nid = \"east\"\nhexes = [\"0101\", \"0121\"]\n",
        16,
        "region.hexes",
        "0121 is not on this map",
    );
    check(
        "[[hexside]]\nbetween = [\"1001\", \"1101\"]\n",
        15,
        "hexside.between",
        "1101 is not on this map",
    );
}

#[test]
fn map_error_duplicate_ids() {
    let twice = "[[position]]\nid = \"WN62\"\n[[position]]\nid = \"WN62\"\n";
    check(
        twice,
        17,
        "position.id",
        "`WN62` is used twice; first at line 15",
    );
    let twice = "[[region]]\nid = \"e\"\n[[region]]\nid = \"e\"\n";
    check(twice, 17, "region.id", "used twice");
    let twice = "[[hexside]]\nbetween = [\"0812\", \"0912\"]\n[[hexside]]\nbetween = [\"0912\", \"0812\"]\n";
    check(
        twice,
        17,
        "hexside.between",
        "declared twice; first at line 15",
    );
}

#[test]
fn map_error_shapes_and_values() {
    check(
        "[[hex]]\nat = \"0812\"\nterain = \"woods\"\n",
        16,
        "hex.terain",
        "unknown field",
    );
    check(
        "[[hex]]\nterrain = \"woods\"\n",
        14,
        "hex",
        "missing field `at`",
    );
    check(
        "[[hex]]\nat = \"0812\"\nlevel = 300\n",
        16,
        "hex.level",
        "300 is out of range",
    );
    check(
        "[[hex]]\nat = \"0812\"\nlevel = \"high\"\n",
        16,
        "hex.level",
        "invalid type",
    );
    check(
        "[[fill]]\nterrain = \"clear\"\ncolumns = [5, 2]\nrows = [1, 2]\n",
        16,
        "fill.columns",
        "",
    );
    check(
        "[[fill]]\nterrain = \"clear\"\ncolumns = [1, 2]\nrows = [1, 2, 3]\n",
        17,
        "fill.rows",
        "",
    );
    check(
        "[[hexside]]\nbetween = [\"0812\"]\n",
        15,
        "hexside.between",
        "expected two labels",
    );
    check("[[position]]\nid = 3\n", 15, "position.id", "invalid type");
    check(
        "[[position]]\nid = \" \"\n",
        15,
        "position.id",
        "must not be empty",
    );
    check("[extra]\nx = 1\n", 14, "extra", "unknown key");
}

#[test]
fn map_error_entries_must_be_tables() {
    let text = format!("hex = [\"0812\"]\n{BASE}");
    let errors = errors_of(&text);
    assert_eq!(
        (errors[0].line, errors[0].field.as_str()),
        (1, "hex"),
        "{errors:#?}"
    );
    assert!(
        errors[0]
            .message
            .contains("expected a table, like [[hex]], found string")
    );
    assert_eq!(errors.len(), 1);
}

#[test]
fn map_error_syntax_has_a_position() {
    let error = check("[[hex]\nat = \"0812\"\n", 14, "", "");
    assert!(error.column > 1);
    assert!(
        error.to_string().starts_with("data/t/map.toml:14:"),
        "{error}"
    );
}

#[test]
fn map_error_header_fields() {
    let text = "name = \"T\"\n[convention]\norientation = \"flat\"\norder = \"column_row\"\n\
                shifted = \"even\"\n[terrain]\nclear = { colour = \"green\" }\n";
    let errors = errors_of(text);
    let summary: Vec<(usize, &str)> = errors.iter().map(|e| (e.line, e.field.as_str())).collect();
    assert_eq!(
        summary,
        [
            (1, "authored_by"),
            (3, "convention.orientation"),
            (7, "terrain.clear.colour")
        ],
        "{errors:#?}"
    );
    assert!(errors[0].message.contains("missing"));
    assert!(errors[1].message.contains("flat_top"));
    assert!(errors[2].message.contains("#rrggbb"));
}

#[test]
fn every_problem_is_reported_in_file_order() {
    let case = "[[hex]]\nat = \"0812\"\nterrain = \"forest\"\n\
                [[hexside]]\nbetween = [\"0812\", \"0915\"]\n\
                [[position]]\nid = \"A\"\nhexes = [\"9999\"]\n\
                [[road]]\nkind = \"main\"\npath = [\"0101\", \"0103\"]\n";
    let errors = errors_of(&format!("{BASE}{case}"));
    let summary: Vec<(usize, &str)> = errors.iter().map(|e| (e.line, e.field.as_str())).collect();
    assert_eq!(
        summary,
        [
            (16, "hex.terrain"),
            (18, "hexside.between"),
            (21, "position.hexes"),
            (24, "road.path")
        ]
    );
    let all = overlord_hexmap::MapErrors(errors).to_string();
    assert_eq!(
        all.lines().count(),
        5,
        "a count, then one line per problem: {all}"
    );
    assert!(all.starts_with("4 problem(s) in the data:\n"), "{all}");
}

/// Fragments of plausible map files, so generated input gets past the TOML parser often.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("[[hex]]".to_owned()),
        Just("[[hexside]]".to_owned()),
        Just("[[road]]".to_owned()),
        Just("[[position]]".to_owned()),
        Just("[[region]]".to_owned()),
        Just("[[fill]]".to_owned()),
        Just("[terrain]".to_owned()),
        Just("[convention]".to_owned()),
        Just("orientation = \"pointy_top\"".to_owned()),
        Just("shifted = \"odd\"".to_owned()),
        Just("order = \"row_column\"".to_owned()),
        Just("clear = {}".to_owned()),
        Just("terrain = \"clear\"".to_owned()),
        "[0-9]{1,5}".prop_map(|l| format!("at = \"{l}\"")),
        ("[0-9]{4}", "[0-9]{4}").prop_map(|(a, b)| format!("between = [\"{a}\", \"{b}\"]")),
        prop::collection::vec("[0-9]{4}", 0..4).prop_map(|v| format!("path = {v:?}")),
        prop::collection::vec("[0-9]{4}", 0..4).prop_map(|v| format!("hexes = {v:?}")),
        (-3i64..120, -3i64..120).prop_map(|(a, b)| format!("columns = [{a}, {b}]")),
        (-3i64..120, -3i64..120).prop_map(|(a, b)| format!("rows = [{a}, {b}]")),
        any::<i64>().prop_map(|n| format!("level = {n}")),
        "[a-z]{1,3}".prop_map(|s| format!("id = \"{s}\"")),
        "[a-z]{1,3}".prop_map(|s| format!("kind = \"{s}\"")),
        ".{0,12}",
    ]
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        let _ = MapData::from_toml_str(&text, "fuzz.toml");
    }

    #[test]
    fn arbitrary_map_like_files_never_panic(lines in prop::collection::vec(fragment(), 0..30)) {
        let text = format!("{BASE}{}\n", lines.join("\n"));
        match MapData::from_toml_str(&text, "fuzz.toml") {
            Ok(map) => {
                for (i, &hex) in map.hexes().iter().enumerate() {
                    prop_assert_eq!(map.index(hex), Some(i));
                }
            }
            Err(errors) => {
                prop_assert!(!errors.is_empty());
                for e in &errors {
                    prop_assert!(e.line >= 1 && e.column >= 1, "{}", e);
                }
            }
        }
    }
}
