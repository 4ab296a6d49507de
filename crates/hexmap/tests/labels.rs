//! Printed labels, conventions and directions: omaha 0.4, AMBX-MAP-1..3, normandy 0.1.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_hexmap::{
    FlatTopDirection, Hex, HexLabel, LabelConvention, LabelOrder, Orientation, Parity,
    PointyTopDirection, direction_between, distance, neighbours,
};
use proptest::prelude::*;

fn label(text: &str) -> HexLabel {
    text.parse().unwrap()
}

fn omaha(text: &str) -> Hex {
    LabelConvention::OMAHA.to_hex(label(text))
}

fn adjacent(a: &str, b: &str) -> bool {
    distance(omaha(a), omaha(b)) == 1
}

fn all_conventions() -> Vec<LabelConvention> {
    let mut out = Vec::new();
    for orientation in [Orientation::FlatTop, Orientation::PointyTop] {
        for order in [LabelOrder::ColumnRow, LabelOrder::RowColumn] {
            for shifted in [Parity::Even, Parity::Odd] {
                out.push(LabelConvention {
                    orientation,
                    order,
                    shifted,
                });
            }
        }
    }
    out
}

#[test]
fn t_0_4_ddob_adjacency() {
    for (a, b) in [
        ("0812", "0912"),
        ("0817", "0918"),
        ("0531", "0631"),
        ("0513", "0613"),
        ("0613", "0714"),
        ("1316", "1416"),
        ("1321", "1322"),
        ("1321", "1320"),
        ("1321", "1220"),
    ] {
        assert!(adjacent(a, b), "{a} and {b} must be adjacent (omaha 0.4)");
        assert!(adjacent(b, a));
    }
    assert!(
        !adjacent("0513", "0714"),
        "the tide hexes are a chain, not a triangle"
    );
}

#[test]
fn t_0_4_base_0711_range_1() {
    let base = omaha("0711");
    let in_range: Vec<HexLabel> = neighbours(base)
        .into_iter()
        .filter_map(|h| LabelConvention::OMAHA.to_label(h))
        .collect();
    for expected in ["0710", "0712", "0810", "0811"] {
        assert!(
            in_range.contains(&label(expected)),
            "{expected} is 1 hex from 0711 (R 19.31)"
        );
    }
}

#[test]
fn t_0_4_distance_1313_to_1113() {
    assert_eq!(distance(omaha("1313"), omaha("1113")), 2);
}

/// The stated rule, for every hex of a 100 x 100 board: even x is adjacent to (x±1, y) and
/// (x±1, y+1), odd x to (x±1, y-1) and (x±1, y), and both to (x, y±1).
#[test]
fn t_0_4_even_q_neighbour_rule() {
    for x in 1u8..99 {
        for y in 1u8..99 {
            let dy: [i8; 2] = if x % 2 == 0 { [0, 1] } else { [-1, 0] };
            let mut expected = vec![(x, y - 1), (x, y + 1)];
            for dx in [x - 1, x + 1] {
                for d in dy {
                    expected.push((dx, y.checked_add_signed(d).unwrap()));
                }
            }
            let hex = LabelConvention::OMAHA.to_hex(HexLabel::new(x, y).unwrap());
            let mut found: Vec<(u8, u8)> = neighbours(hex)
                .into_iter()
                .map(|n| {
                    let l = LabelConvention::OMAHA.to_label(n).unwrap();
                    (l.first(), l.second())
                })
                .collect();
            expected.sort_unstable();
            found.sort_unstable();
            assert_eq!(found, expected, "neighbours of {x:02}{y:02}");
        }
    }
}

/// omaha 0.4 cube conversion: q = x, r = y - (x + (x & 1)) / 2.
#[test]
fn t_0_4_cube_formula() {
    for x in 0i32..100 {
        for y in 0i32..100 {
            let l = HexLabel::new(x as u8, y as u8).unwrap();
            assert_eq!(
                LabelConvention::OMAHA.to_hex(l),
                Hex::new(x, y - (x + (x & 1)) / 2)
            );
        }
    }
}

/// AMBX-MAP-2: the neighbour table, by direction number and column parity.
#[test]
fn ambx_map_2_neighbour_table() {
    let odd: [(i8, i8); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)];
    let even: [(i8, i8); 6] = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)];
    let c = LabelConvention::AMBUSH;
    for column in 2u8..20 {
        for row in 2u8..20 {
            let here = c.to_hex(HexLabel::new(column, row).unwrap());
            let table = if column % 2 == 0 { even } else { odd };
            for (d, (dc, dr)) in table.into_iter().enumerate() {
                let dir = FlatTopDirection::from_index(d as u8).unwrap();
                let there = HexLabel::new(
                    column.checked_add_signed(dc).unwrap(),
                    row.checked_add_signed(dr).unwrap(),
                )
                .unwrap();
                let step = dir.offset();
                let moved = Hex::new(here.x + step.x, here.y + step.y);
                assert_eq!(
                    c.to_label(moved),
                    Some(there),
                    "{column:02}{row:02} {dir:?}"
                );
                assert_eq!(direction_between(here, moved), Some(dir.edge()));
                assert_eq!(dir.opposite().index(), (dir.index() + 3) % 6);
            }
        }
    }
}

/// AMBX-MAP-3: distance from the spec's cube formula on 0-based numbers equals ours.
#[test]
fn ambx_map_3_cube_distance() {
    let cube = |l: HexLabel| {
        let col0 = i32::from(l.first()) - 1;
        let row0 = i32::from(l.second()) - 1;
        let x = col0;
        let z = row0 - (col0 - (col0 & 1)) / 2;
        (x, -x - z, z)
    };
    let labels: Vec<HexLabel> = (1u8..=12)
        .flat_map(|c| (1u8..=12).map(move |r| HexLabel::new(c, r).unwrap()))
        .collect();
    for &a in &labels {
        for &b in &labels {
            let (ax, ay, az) = cube(a);
            let (bx, by, bz) = cube(b);
            let spec = (ax - bx).abs().max((ay - by).abs()).max((az - bz).abs());
            let ours = distance(
                LabelConvention::AMBUSH.to_hex(a),
                LabelConvention::AMBUSH.to_hex(b),
            );
            assert_eq!(ours, spec as u32, "{a} to {b}");
        }
    }
}

#[test]
fn labels_round_trip_in_every_convention() {
    for convention in all_conventions() {
        for number in 0u16..=9999 {
            let l = HexLabel::from_number(number).unwrap();
            let hex = convention.to_hex(l);
            assert_eq!(convention.to_label(hex), Some(l), "{convention:?} {l}");
        }
    }
}

/// In every convention the shifted lines really are shifted: a hex of a shifted column (row)
/// touches the same and the next row (column) of its neighbouring lines.
#[test]
fn shifted_lines_touch_the_next_row_or_column() {
    for convention in all_conventions() {
        let shifted_line: u8 = match convention.shifted {
            Parity::Even => 10,
            Parity::Odd => 11,
        };
        let (major, minor) = (shifted_line, 20u8);
        let printed = |major: u8, minor: u8| match convention.orientation {
            Orientation::FlatTop => convention.label(major, minor).unwrap(),
            Orientation::PointyTop => convention.label(minor, major).unwrap(),
        };
        let here = convention.to_hex(printed(major, minor));
        for other in [major - 1, major + 1] {
            for m in [minor, minor + 1] {
                assert_eq!(
                    distance(here, convention.to_hex(printed(other, m))),
                    1,
                    "{convention:?}"
                );
            }
            assert_eq!(
                distance(here, convention.to_hex(printed(other, minor - 1))),
                2
            );
        }
    }
}

/// normandy 0.1: labels are RRCC; the same board read row-first gives the same hexes.
#[test]
fn normandy_row_first_labels() {
    let row_first = LabelConvention {
        order: LabelOrder::RowColumn,
        ..LabelConvention::OMAHA
    };
    // Column 15, row 18 is printed 1815 (St-Lô) row-first and 1518 column-first.
    assert_eq!(
        row_first.to_hex(label("1815")),
        LabelConvention::OMAHA.to_hex(label("1518"))
    );
    assert_eq!(row_first.column_row(label("1815")), (15, 18));
}

#[test]
fn labels_outside_the_printable_range_are_none() {
    let c = LabelConvention::OMAHA;
    assert_eq!(c.to_label(Hex::new(-1, 0)), None);
    assert_eq!(c.to_label(Hex::new(100, 0)), None);
    assert_eq!(c.to_label(Hex::new(0, 100)), None);
    assert_eq!(c.to_label(Hex::new(i32::MAX, i32::MIN)), None);
}

#[test]
fn label_parsing_and_display() {
    assert_eq!(label("0812").number(), 812);
    assert_eq!(label("0812").to_string(), "0812");
    assert_eq!(HexLabel::new(0, 5).unwrap().to_string(), "0005");
    for bad in [
        "812",
        "08120",
        "08a2",
        "",
        " 812",
        "+812",
        "０８１２",
        "-812",
    ] {
        let error = bad.parse::<HexLabel>().unwrap_err();
        assert!(
            error.to_string().contains("four printed digits"),
            "{bad}: {error}"
        );
    }
    assert_eq!(HexLabel::new(100, 0), None);
    assert_eq!(HexLabel::from_number(10_000), None);
}

#[test]
fn convention_deserializes_from_snake_case() {
    let c: LabelConvention =
        toml::from_str("orientation = \"pointy_top\"\norder = \"row_column\"\nshifted = \"odd\"")
            .unwrap();
    assert_eq!(c.orientation, Orientation::PointyTop);
    assert_eq!(c.order, LabelOrder::RowColumn);
    assert_eq!(c.shifted, Parity::Odd);
}

#[test]
fn direction_names_follow_the_orientation() {
    let flat = LabelConvention::OMAHA;
    let pointy = LabelConvention {
        orientation: Orientation::PointyTop,
        ..flat
    };
    // "Up" on the printed map is the next lower row number.
    let up = direction_between(flat.to_hex(label("0812")), flat.to_hex(label("0811"))).unwrap();
    assert_eq!(flat.direction_name(up), "N");
    let east = direction_between(pointy.to_hex(label("0812")), pointy.to_hex(label("0912")));
    assert_eq!(pointy.direction_name(east.unwrap()), "E");
    for d in PointyTopDirection::ALL {
        assert_eq!(PointyTopDirection::from_edge(d.edge()), d);
        assert_eq!(
            d.opposite().offset(),
            Hex::new(-d.offset().x, -d.offset().y)
        );
    }
    for d in FlatTopDirection::ALL {
        assert_eq!(FlatTopDirection::from_edge(d.edge()), d);
    }
}

fn convention_strategy() -> impl Strategy<Value = LabelConvention> {
    (0usize..8).prop_map(|i| all_conventions()[i])
}

proptest! {
    #[test]
    fn hex_label_hex_round_trip(c in convention_strategy(), q in -200i32..200, r in -200i32..200) {
        let hex = Hex::new(q, r);
        if let Some(l) = c.to_label(hex) {
            prop_assert_eq!(c.to_hex(l), hex);
        }
    }

    #[test]
    fn label_hex_label_round_trip(c in convention_strategy(), n in 0u16..=9999) {
        let l = HexLabel::from_number(n).unwrap();
        prop_assert_eq!(c.to_label(c.to_hex(l)), Some(l));
        prop_assert_eq!(l.to_string().parse::<HexLabel>(), Ok(l));
    }

    #[test]
    fn label_parsing_never_panics(text in ".{0,8}") {
        let _ = text.parse::<HexLabel>();
    }

    #[test]
    fn distance_is_symmetric_and_extreme_inputs_do_not_panic(
        a in any::<(i32, i32)>(), b in any::<(i32, i32)>()
    ) {
        let (a, b) = (Hex::new(a.0, a.1), Hex::new(b.0, b.1));
        prop_assert_eq!(distance(a, b), distance(b, a));
        let _ = neighbours(a);
        let _ = direction_between(a, b);
    }
}
