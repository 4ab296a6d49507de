//! Battlefields put together from board files (`TOI-SETUP-2`): boards side by side, turned,
//! joined at their half hexes, with overlays; and every problem composing can find.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use overlord_datafile::Location;
use overlord_hexmap::{
    Composition, FlatTopDirection, Hex, HexId, HexIndex, HexLabel, MapData, MapError, PlacedBoard,
    Placement, Rotation, direction_between, distance,
};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/compose")
}

fn label(text: &str) -> HexLabel {
    text.parse().unwrap()
}

fn load(name: &str) -> MapData {
    MapData::load_battlefield(fixtures().join(name)).unwrap_or_else(|e| panic!("{e}"))
}

fn errors(name: &str) -> Vec<MapError> {
    match MapData::load_battlefield(fixtures().join(name)) {
        Ok(_) => panic!("{name} composed"),
        Err(errors) => errors.into_vec(),
    }
}

fn board(name: &str) -> MapData {
    MapData::load(fixtures().join(name)).unwrap()
}

/// The terrain name of a composed hex.
fn terrain(map: &MapData, hex: Hex) -> &str {
    map.terrain_name(map.terrain(hex).unwrap()).unwrap()
}

#[test]
fn every_fixture_says_who_authored_it() {
    for entry in std::fs::read_dir(fixtures()).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        assert!(text.contains("authored_by = \"Overlord project\""));
    }
}

#[test]
fn two_boards_side_by_side_join_their_half_hexes() {
    let map = load("side_by_side.toml");
    assert_eq!(map.boards(), ["A", "B"]);
    // 12 hexes of A and 9 of B, three of each joined in pairs.
    assert_eq!(map.len(), 12 + 9 - 3);
    let joined = map.find("A:0401").unwrap();
    assert_eq!(
        map.find("B:0101"),
        Some(joined),
        "a joined hex answers to both labels"
    );
    assert_eq!(
        map.board(joined),
        Some("A"),
        "it belongs to the first board placed"
    );
    assert_eq!(map.full_label(joined).as_deref(), Some("A:0401"));
    assert!(!map.is_half(joined), "two halves make a whole hex");
    // The first board's half gives the terrain; the tags of both halves are kept.
    assert_eq!(terrain(&map, joined), "clear");
    let ford = map.find("B:0102").unwrap();
    assert_eq!(ford, map.find("A:0402").unwrap());
    assert_eq!(map.tags(ford).collect::<Vec<_>>(), ["ford"]);
    // B's outer column stays half: nothing joins it.
    for row in 1..=3 {
        let outer = map.find(&format!("B:030{row}")).unwrap();
        assert!(map.is_half(outer));
    }
    assert_eq!(map.half_hexes().iter().filter(|&&h| h).count(), 3);
    // Across the join: B's second column neighbours the joined hexes.
    let b0201 = map.find("B:0201").unwrap();
    assert_eq!(distance(joined, b0201), 1);
    assert!(map.neighbours_on_map(joined).any(|n| n == b0201));
    assert_eq!(terrain(&map, b0201), "rough");
    // Both boards' terrain types, each once, in order of first use.
    let names: Vec<&str> = map.terrains().iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["clear", "woods", "rough"]);
    // B's hedge is on the composed map between its own hexes.
    let hedge = map.feature_id("hedge").unwrap();
    let b0202 = map.find("B:0202").unwrap();
    let b0302 = map.find("B:0302").unwrap();
    assert!(map.hexside_has(b0202, b0302, hedge));
    // A label both boards print is ambiguous; one only A prints is not.
    assert_eq!(map.hex(label("0101")), None);
    assert_eq!(map.hex(label("0401")), Some(joined));
    assert_eq!(map.find("C:0101"), None);
    // Places keep their board's id.
    assert_eq!(
        map.position("A:farm").unwrap().hexes,
        [map.find("A:0302").unwrap()]
    );
    for (i, &hex) in map.hexes().iter().enumerate() {
        assert_eq!(map.index(hex), Some(i));
    }
}

#[test]
fn the_anchor_and_the_offset_place_a_board_alike() {
    // B's 0101 is axial (1, 0), A's 0401 is (4, -2): the offset is (3, -1).
    let by_anchor = load("side_by_side.toml");
    let a = board("board_a.toml");
    let b = board("board_b.toml");
    let by_offset = Composition {
        name: "Two boards side by side".to_owned(),
        authored_by: "Overlord project".to_owned(),
        source: by_anchor.source_file().to_owned(),
        boards: vec![
            PlacedBoard {
                id: "A".to_owned(),
                map: a,
                placement: Placement::default(),
                written_at: Location::default(),
            },
            PlacedBoard {
                id: "B".to_owned(),
                map: b,
                placement: Placement {
                    rotation: Rotation::NONE,
                    offset: Hex::new(3, -1),
                },
                written_at: Location::default(),
            },
        ],
        overlays: Vec::new(),
    }
    .compose()
    .unwrap();
    assert_eq!(by_offset, by_anchor);
}

#[test]
fn a_board_turned_half_way_keeps_its_hexsides_and_neighbours() {
    let map = load("rotated.toml");
    let a = board("board_a.toml");
    let placement = Placement {
        rotation: Rotation::HALF,
        offset: Hex::new(10, 10),
    };
    let at = |l: &str| placement.apply(a.hex(label(l)).unwrap()).unwrap();
    assert_eq!(map.find("R:0202"), Some(at("0202")));
    assert_eq!(map.label(at("0202")), Some(label("0202")));
    // On the board 0203 lies south of 0202; turned upside down, north of it.
    let (upper, lower) = (at("0202"), at("0203"));
    assert_eq!(
        direction_between(upper, lower),
        Some(FlatTopDirection::N.edge())
    );
    // The wall between them turned with the board.
    let wall = map.feature_id("wall").unwrap();
    assert!(map.hexside_has(upper, lower, wall));
    assert_eq!(map.hexsides().len(), 1);
    // The road still runs 0101 - 0201 - 0301, now from right to left.
    let track = map.road_kind_id("track").unwrap();
    assert_eq!(map.road_between(at("0101"), at("0201")), Some(track));
    assert_eq!(map.road_between(at("0201"), at("0301")), Some(track));
    // What a single hex carries comes along.
    assert_eq!(map.hex_name(upper), Some("Little wood"));
    assert_eq!(map.level(upper), Some(1));
    assert!(map.is_half(at("0401")));
    assert_eq!(map.len(), a.len());
}

#[test]
fn rotation_is_in_sixths_clockwise() {
    assert_eq!(Rotation::from_degrees(180), Some(Rotation::HALF));
    assert_eq!(Rotation::from_degrees(-60), Some(Rotation::sixths(5)));
    assert_eq!(Rotation::from_degrees(90), None);
    assert_eq!(Rotation::sixths(7).degrees(), 60);
    let hex = Hex::new(1, 2);
    for steps in 0..6 {
        assert_eq!(
            Rotation::sixths(steps).turn(hex),
            Some(hex.rotate_cw(u32::from(steps)))
        );
    }
    // Clockwise as printed: one step turns south-east into south.
    let se = FlatTopDirection::SE.offset();
    assert_eq!(
        Rotation::sixths(1).turn(se),
        Some(FlatTopDirection::S.offset())
    );
    assert_eq!(Rotation::HALF.turn(Hex::new(i32::MIN, 0)), None);
}

#[test]
fn an_overlay_replaces_terrain_and_what_it_is_asked_to() {
    let map = load("overlay.toml");
    let (a0201, a0202) = (map.find("A:0201").unwrap(), map.find("A:0202").unwrap());
    assert_eq!(terrain(&map, a0201), "woods");
    assert_eq!(terrain(&map, a0202), "woods");
    // Level replaced, as asked; tags and name kept, as not asked.
    assert_eq!(map.level(a0201), Some(2));
    assert_eq!(map.tags(a0201).count(), 0);
    assert_eq!(map.hex_name(a0202), Some("Little wood"));
    // The hedge between the two covered hexes is the overlay's.
    let hedge = map.feature_id("hedge").unwrap();
    assert!(map.hexside_has(a0201, a0202, hedge));
    // The road across 0201 is still there, and the hexes around are untouched.
    let track = map.road_kind_id("track").unwrap();
    assert_eq!(
        map.road_between(a0201, map.find("A:0101").unwrap()),
        Some(track)
    );
    assert_eq!(terrain(&map, map.find("A:0203").unwrap()), "clear");
    // Nothing else changed: the same hexes, labels and boards as the board alone.
    assert_eq!(map.len(), board("board_a.toml").len());
}

#[test]
fn boards_may_not_overlap_on_whole_hexes() {
    let errors = errors("overlap.toml");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let error = &errors[0];
    assert!(error.file.ends_with("overlap.toml"));
    assert_eq!((error.line, error.field.as_str()), (9, "board.offset"));
    assert!(
        error.message.starts_with(
            "board `B` overlaps board `A` on 6 hex(es), first B:0101 on A:0301; boards may \
             share only the half hexes"
        ),
        "{error}"
    );
}

#[test]
fn an_overlay_off_the_map_is_refused() {
    let errors = errors("overlay_off_map.toml");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(
        errors[0].to_string(),
        format!(
            "{}:9:1: overlay.offset: overlay `woods` falls off the map: its hex(es) 0102 land \
             on no board",
            fixtures().join("overlay_off_map.toml").display()
        )
    );
}

#[test]
fn a_missing_board_file_is_named_where_it_is_placed() {
    let errors = errors("missing_board.toml");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let error = &errors[0];
    assert_eq!((error.line, error.column), (11, 8));
    assert_eq!(error.field, "board.file");
    assert!(
        error.message.starts_with("cannot read the board file `")
            && error.message.contains("no_such_board.toml"),
        "{error}"
    );
}

/// A battlefield written to a scratch folder, its map files named by absolute path.
fn scratch(name: &str, body: &str) -> Vec<MapError> {
    let dir = std::env::temp_dir().join(format!("hexmap-compose-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let text = format!(
        "name = \"T\"\nauthored_by = \"Overlord project\"\n{}",
        body.replace("FIXTURES", &fixtures().display().to_string())
    );
    std::fs::write(&path, text).unwrap();
    let result = MapData::load_battlefield(&path);
    std::fs::remove_file(&path).unwrap();
    match result {
        Ok(_) => panic!("{name} composed"),
        Err(errors) => errors.into_vec(),
    }
}

#[test]
fn placements_are_checked_field_by_field() {
    let errors = scratch(
        "rotation.toml",
        "[[board]]\nid = \"A\"\nfile = \"FIXTURES/board_a.toml\"\nrotation = 90\n",
    );
    assert_eq!(
        (errors[0].line, errors[0].field.as_str()),
        (6, "board.rotation")
    );
    assert!(errors[0].message.contains("multiple of 60"));

    let errors = scratch(
        "twice.toml",
        "[[board]]\nid = \"A\"\nfile = \"FIXTURES/board_a.toml\"\n\
         [[board]]\nid = \"A\"\nfile = \"FIXTURES/board_a.toml\"\noffset = [20, 0]\n",
    );
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!((errors[0].line, errors[0].field.as_str()), (6, "board.id"));
    assert!(errors[0].message.contains("placed twice"));

    let errors = scratch(
        "colon.toml",
        "[[board]]\nid = \"A:1\"\nfile = \"FIXTURES/board_a.toml\"\n",
    );
    assert!(errors[0].message.contains("no `:`"), "{errors:#?}");

    let errors = scratch(
        "anchor.toml",
        "[[board]]\nid = \"A\"\nfile = \"FIXTURES/board_a.toml\"\n\
         anchor = { hex = \"0101\", on = \"Q:0101\" }\n",
    );
    assert_eq!(errors[0].field, "board.anchor.on", "{errors:#?}");

    let errors = scratch(
        "offset.toml",
        "[[board]]\nid = \"A\"\nfile = \"FIXTURES/board_a.toml\"\noffset = [1, 2, 3]\n",
    );
    assert_eq!(errors[0].field, "board.offset", "{errors:#?}");

    let errors = scratch(
        "replace.toml",
        "[[board]]\nid = \"A\"\nfile = \"FIXTURES/board_a.toml\"\n\
         [[overlay]]\nid = \"w\"\nfile = \"FIXTURES/overlay_woods.toml\"\nreplace = [\"colour\"]\n",
    );
    assert_eq!(errors[0].field, "overlay.replace", "{errors:#?}");

    let errors = scratch("none.toml", "");
    assert_eq!(errors[0].field, "board", "{errors:#?}");
    assert!(errors[0].message.contains("at least one board"));
}

#[test]
fn a_broken_board_file_reports_its_own_lines() {
    let dir = std::env::temp_dir().join(format!("hexmap-compose-broken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bad.toml"),
        "name = \"Bad\"\nauthored_by = \"Overlord project\"\n[terrain]\nclear = {}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("field.toml"),
        "name = \"T\"\nauthored_by = \"Overlord project\"\n[[board]]\nid = \"A\"\nfile = \"bad.toml\"\n",
    )
    .unwrap();
    let errors = MapData::load_battlefield(dir.join("field.toml"))
        .unwrap_err()
        .into_vec();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(errors[0].file.ends_with("bad.toml"), "{errors:#?}");
    assert_eq!(errors[0].field, "convention");
}

#[test]
fn boards_of_different_orientations_do_not_compose() {
    let pointy = "name = \"P\"\nauthored_by = \"Overlord project\"\n[convention]\n\
                  orientation = \"pointy_top\"\norder = \"row_column\"\nshifted = \"odd\"\n\
                  [terrain]\nclear = {}\n[[fill]]\nterrain = \"clear\"\ncolumns = [1, 2]\n\
                  rows = [1, 2]\n";
    let pointy = MapData::from_toml_str(pointy, "p.toml").unwrap();
    let place = |id: &str, map: MapData, offset: Hex| PlacedBoard {
        id: id.to_owned(),
        map,
        placement: Placement {
            rotation: Rotation::NONE,
            offset,
        },
        written_at: Location {
            file: "field.toml".to_owned(),
            line: 3,
            column: 1,
        },
    };
    let composition = Composition {
        boards: vec![
            place("A", board("board_a.toml"), Hex::ZERO),
            place("P", pointy, Hex::new(30, 0)),
        ],
        ..Composition::default()
    };
    let errors = composition.compose().unwrap_err().into_vec();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].message.contains("share an orientation"));
    assert_eq!(errors[0].line, 3);
}

#[test]
fn boards_far_apart_are_refused_not_allocated() {
    let place = |id: &str, offset: Hex| PlacedBoard {
        id: id.to_owned(),
        map: board("board_a.toml"),
        placement: Placement {
            rotation: Rotation::NONE,
            offset,
        },
        written_at: Location::default(),
    };
    let composition = Composition {
        boards: vec![
            place("A", Hex::ZERO),
            place("B", Hex::new(1_000_000, 1_000_000)),
        ],
        ..Composition::default()
    };
    let errors = composition.compose().unwrap_err().into_vec();
    assert!(errors[0].message.contains("so far apart"), "{errors:#?}");
}

#[test]
fn the_hex_index_numbers_a_composed_map() {
    let map = load("side_by_side.toml");
    let index = HexIndex::new(&map).unwrap();
    assert_eq!(index.len(), map.len());
    let joined = index.id(map.find("A:0401").unwrap()).unwrap();
    assert_eq!(
        usize::from(joined.0),
        map.index(map.find("B:0101").unwrap()).unwrap()
    );
    // 0401 is printed on A alone; 0101 on both boards, on different hexes.
    assert_eq!(index.id_of_label(label("0401")), Some(joined));
    assert_eq!(index.id_of_label(label("0101")), None);
    assert!(!index.is_half(joined));
    let b0201 = index.id(map.find("B:0201").unwrap()).unwrap();
    assert!(index.neighbours_on_map(joined).any(|n| n == b0201));
    let direction = index.direction(joined, b0201).unwrap();
    assert_eq!(index.neighbour(joined, direction), Some(b0201));
    assert_eq!(index.distance(joined, b0201), 1);
    assert_eq!(index.distance(joined, HexId::NONE), u32::MAX);
}
