//! The dense hex index a game keeps its state by: ids, the flat neighbour table, hexside and
//! road tables, distances.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use overlord_hexmap::{
    EdgeDirection, FlatTopDirection, HexId, HexIndex, HexLabel, MapData, distance, neighbours,
};

fn board_a() -> MapData {
    MapData::load(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/compose/board_a.toml"))
        .unwrap()
}

fn label(text: &str) -> HexLabel {
    text.parse().unwrap()
}

#[test]
fn ids_are_the_maps_dense_indices() {
    let map = board_a();
    let index = HexIndex::new(&map).unwrap();
    assert_eq!(index.len(), 12);
    assert_eq!(index.ids().count(), 12);
    for (i, &hex) in map.hexes().iter().enumerate() {
        let id = index.id(hex).unwrap();
        assert_eq!(id.index(), i);
        assert_eq!(index.hex(id), Some(hex));
        assert_eq!(index.label(id), map.label(hex));
        assert_eq!(index.id_of_label(map.label(hex).unwrap()), Some(id));
        assert_eq!(index.is_half(id), map.is_half(hex));
    }
    assert_eq!(index.id_of_label(label("0909")), None);
    assert_eq!(index.hex(HexId::NONE), None);
    assert_eq!(index.label(HexId(12)), None);
}

#[test]
fn the_neighbour_table_is_in_direction_order_with_none_off_the_map() {
    let map = board_a();
    let index = HexIndex::new(&map).unwrap();
    assert_eq!(index.neighbour_table().len(), map.len());
    for id in index.ids() {
        let hex = index.hex(id).unwrap();
        let row = index.neighbours(id);
        for (k, next) in neighbours(hex).into_iter().enumerate() {
            assert_eq!(row[k], index.id(next).unwrap_or(HexId::NONE));
        }
        // The ids a game's flood reads are the map's neighbours, in the map's order.
        let on_map: Vec<HexId> = index.neighbours_on_map(id).collect();
        let expected: Vec<HexId> = map
            .neighbours_on_map(hex)
            .map(|n| index.id(n).unwrap())
            .collect();
        assert_eq!(on_map, expected);
        for next in on_map {
            assert_eq!(index.distance(id, next), 1);
            let direction = index.direction(id, next).unwrap();
            assert_eq!(index.neighbour(id, direction), Some(next));
        }
    }
    // The corner 0101 has no neighbour to the north.
    let corner = index.id_of_label(label("0101")).unwrap();
    assert_eq!(index.neighbour(corner, FlatTopDirection::N.edge()), None);
    assert_eq!(index.neighbours(HexId::NONE), [HexId::NONE; 6]);
}

#[test]
fn hexsides_roads_and_distances_by_id() {
    let map = board_a();
    let index = HexIndex::new(&map).unwrap();
    let id = |l: &str| index.id_of_label(label(l)).unwrap();
    let wall = map.feature_id("wall").unwrap();
    let south = FlatTopDirection::S.edge();
    assert!(index.hexside_features(id("0202"), south).contains(wall));
    assert!(
        index
            .hexside_features(id("0203"), FlatTopDirection::N.edge())
            .contains(wall)
    );
    assert!(
        index
            .hexside_features(id("0202"), FlatTopDirection::N.edge())
            .is_empty()
    );
    let track = map.road_kind_id("track");
    let east = index.direction(id("0101"), id("0201")).unwrap();
    assert_eq!(index.road(id("0101"), east), track);
    assert_eq!(index.road(id("0101"), south), None);
    for a in index.ids() {
        for b in index.ids() {
            assert_eq!(
                index.distance(a, b),
                distance(index.hex(a).unwrap(), index.hex(b).unwrap())
            );
        }
    }
    assert!(index.is_half(id("0401")));
    let _: EdgeDirection = south;
}
