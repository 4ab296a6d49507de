//! Drawing a small map written here: the SVG parses back, carries what the map holds, and the PNG
//! is a PNG.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_datafile::Location;
use overlord_hexmap::{
    Composition, Hex, LabelConvention, LabelOrder, MapData, Orientation, Parity, PlacedBoard,
    Placement,
};
use overlord_mapdraw::{
    HexText, Layout, LineRule, Link, Mark, OffMapBox, Overlays, PNG_SIGNATURE, RegionBoundary,
    Rotation, Shape, Side, Stroke, Style, page, svg_to_png, to_svg,
};
use resvg::usvg;

/// A 6 x 5 map with every kind of thing a map file can hold, in the given convention.
fn small_map(orientation: &str, order: &str, shifted: &str) -> MapData {
    let text = format!(
        r##"
name = "Test <Beach> & Co"
authored_by = "Overlord tests"
[convention]
orientation = "{orientation}"
order = "{order}"
shifted = "{shifted}"
[terrain]
sea = {{ colour = "#3060a0" }}
beach = {{ colour = "#e8d8a0" }}
flat = {{}}
high_ground = {{}}
[[fill]]
terrain = "flat"
columns = [1, 6]
rows = [1, 6]
[[hex]]
at = ["0101", "0102", "0103", "0104", "0105"]
terrain = "sea"
tags = ["tide_low"]
[[hex]]
at = ["0201", "0202", "0203", "0204", "0205"]
terrain = "beach"
tags = ["obstacle", "tide_high"]
[[hex]]
at = ["0503", "0504"]
terrain = "high_ground"
level = 1
tags = ["woods", "bocage"]
[[hex]]
at = "0402"
terrain = "flat"
tags = ["buildings", "mystery_tag"]
name = "Vierville-sur-Mer"
[[hexside]]
between = ["0201", "0301"]
features = ["shingle", "seawall"]
[[hexside]]
between = ["0302", "0402"]
features = ["bluff"]
[[hexside]]
between = ["0403", "0503"]
features = ["hedgerow", "unknown_feature"]
[[road]]
kind = "main"
path = ["0301", "0302", "0402", "0502", "0602"]
[[road]]
kind = "cart_track"
path = ["0403", "0404"]
[[region]]
id = "east"
hexes = ["0101", "0102", "0201", "0202", "0301", "0302", "0401", "0402", "0501", "0502", "0601", "0602"]
[[region]]
id = "west"
hexes = ["0103", "0104", "0105", "0203", "0204", "0205", "0303", "0304", "0305", "0403", "0404", "0405", "0503", "0504", "0505", "0603", "0604", "0605"]
[[position]]
id = "exit-A"
hexes = ["0605"]
"##
    );
    MapData::from_toml_str(&text, "test.toml").unwrap()
}

fn omaha_like() -> MapData {
    small_map("flat_top", "column_row", "even")
}

fn style() -> Style {
    let mut style = Style::wargame();
    style.rotation = Rotation::Anticlockwise;
    style.set_terrain_colour("flat", "#dfe8c4");
    style.region_boundaries.push(RegionBoundary {
        region: "east".to_owned(),
        other: Some("west".to_owned()),
        stroke: Stroke::new("#c00000", 2.0).dashed(&[8.0, 4.0]),
        legend: Some("sector boundary".to_owned()),
    });
    style
        .features
        .push(LineRule::new("hedgerow", Stroke::new("#00ff00", 9.0)));
    style
}

fn overlays(map: &MapData) -> Overlays {
    let hex = |label: &str| map.hex(label.parse().unwrap()).unwrap();
    let mut overlays = Overlays::new();
    for (i, shape) in [
        Shape::Circle,
        Shape::Square,
        Shape::Ring,
        Shape::Diamond,
        Shape::Triangle,
    ]
    .into_iter()
    .enumerate()
    {
        overlays.marks.push(
            Mark::new(hex("0303"), shape, "#d00000")
                .with_offset(-0.4 + 0.2 * i as f64, 0.0)
                .with_size(0.2)
                .with_stroke(Stroke::new("black", 0.5))
                .with_title("WN 62 <fire>"),
        );
    }
    overlays
        .texts
        .push(HexText::new(hex("0304"), "WN62").bold().with_size(9.0));
    overlays.links.push(Link::arrow(
        hex("0303"),
        hex("0505"),
        Stroke::new("#d00000", 2.0),
    ));
    overlays.links.push(Link::line(
        hex("0101"),
        hex("0105"),
        Stroke::new("blue", 1.0).dashed(&[2.0, 2.0]),
    ));
    overlays
        .boxes
        .push(OffMapBox::new("Landing box FR1", hex("0101")));
    overlays
        .boxes
        .push(OffMapBox::new("Landing box FR2", hex("0102")));
    overlays
        .boxes
        .push(OffMapBox::new("Artillery", hex("0605")).on(Side::Right));
    overlays
}

fn parse(svg: &str) -> usvg::Tree {
    usvg::Tree::from_str(svg, &usvg::Options::default())
        .unwrap_or_else(|error| panic!("the SVG is well-formed: {error}\n{svg}"))
}

#[test]
fn the_svg_parses_back_in_every_convention_and_rotation() {
    for orientation in ["flat_top", "pointy_top"] {
        for order in ["column_row", "row_column"] {
            for shifted in ["even", "odd"] {
                let map = small_map(orientation, order, shifted);
                for turns in 0..4 {
                    let mut style = style();
                    style.rotation = Rotation::from_quarter_turns(turns);
                    let svg = to_svg(&map, &style, &overlays(&map));
                    let tree = parse(&svg);
                    let page = page(&map, &style, &overlays(&map));
                    assert!((tree.size().width() - page.width as f32).abs() < 0.01);
                    assert!((tree.size().height() - page.height as f32).abs() < 0.01);
                }
            }
        }
    }
}

#[test]
fn the_svg_holds_what_the_map_holds() {
    let map = omaha_like();
    let svg = to_svg(&map, &style(), &Overlays::new());
    // One hex polygon per hex in the terrain group, filled with the map's and the style's colours.
    let terrain = svg
        .split("<g id=\"terrain\"")
        .nth(1)
        .and_then(|rest| rest.split("</g>").next())
        .unwrap();
    assert_eq!(terrain.matches("<polygon").count(), map.len());
    assert!(terrain.contains("#3060a0"), "the map's sea colour");
    assert!(terrain.contains("#dfe8c4"), "the style's flat colour");
    // Labels, names, title (escaped), legend entries.
    assert!(svg.contains(">0101</text>") && svg.contains(">0605</text>"));
    assert!(svg.contains(">Vierville-sur-Mer</text>"));
    assert!(svg.contains("Test &lt;Beach&gt; &amp; Co"));
    for legend in [
        "high ground",
        "woods",
        "buildings",
        "bocage",
        "obstacle",
        "tide low",
        "shingle",
        "seawall",
        "bluff",
        "hedgerow",
        "unknown feature",
        "main road",
        "cart track",
        "sector boundary",
    ] {
        assert!(
            svg.contains(&format!(">{legend}</text>")),
            "legend: {legend}"
        );
    }
    // Tags without a rule are not drawn and not in the legend.
    assert!(!svg.contains("mystery"));
    // Hatching is a pattern.
    assert!(svg.contains("<pattern id=\"tag-"));
}

#[test]
fn labels_and_names_can_be_turned_off() {
    let map = omaha_like();
    let mut style = style();
    style.show_labels = false;
    style.show_names = false;
    style.legend = false;
    style.title = Some(String::new());
    let svg = to_svg(&map, &style, &Overlays::new());
    parse(&svg);
    assert!(!svg.contains(">0101</text>"));
    assert!(!svg.contains("Vierville"));
    assert!(!svg.contains("id=\"legend\""));
}

#[test]
fn the_drawn_hexes_are_where_the_layout_says() {
    let map = omaha_like();
    let style = style();
    let page = page(&map, &style, &overlays(&map));
    let (lo, hi) = page.map_bounds;
    assert!(lo.x >= 0.0 && lo.y >= 0.0 && hi.x <= page.width && hi.y <= page.height);
    for &hex in map.hexes() {
        let c = page.layout.centre(hex);
        assert!(c.x > lo.x && c.x < hi.x && c.y > lo.y && c.y < hi.y);
    }
    // The rotation puts printed column 1 (the sea) at the bottom.
    let sea = page
        .layout
        .centre(map.hex("0103".parse().unwrap()).unwrap());
    let inland = page
        .layout
        .centre(map.hex("0603".parse().unwrap()).unwrap());
    assert!(sea.y > inland.y);
    let layout = Layout::new(LabelConvention::OMAHA, style.hex_size, style.rotation);
    assert!((layout.hex_width() - page.layout.hex_width()).abs() < 1e-12);
}

#[test]
fn an_overlay_off_the_map_and_odd_numbers_do_not_break_the_svg() {
    let map = omaha_like();
    let mut style = style();
    style.hex_size = f64::NAN;
    style.label_size = f64::INFINITY;
    style.margin = -5.0;
    let mut overlays = overlays(&map);
    overlays.links.push(Link::arrow(
        Hex::new(40, -40),
        Hex::new(40, -40),
        Stroke::new("red", f64::NAN),
    ));
    overlays.marks.push(
        Mark::new(Hex::new(-30, 99), Shape::Ring, "\"><script>").with_size(f64::NEG_INFINITY),
    );
    let svg = to_svg(&map, &style, &overlays);
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
    assert!(!svg.contains("<script>"));
    parse(&svg);
}

#[test]
fn a_row_column_pointy_map_draws_too() {
    let map = MapData::from_toml_str(
        r#"
name = "Normandy-ish"
authored_by = "Overlord tests"
[convention]
orientation = "pointy_top"
order = "row_column"
shifted = "odd"
[terrain]
clear = {}
[[fill]]
terrain = "clear"
columns = [1, 4]
rows = [1, 3]
"#,
        "n.toml",
    )
    .unwrap();
    let convention = map.convention();
    assert_eq!(
        convention,
        LabelConvention {
            orientation: Orientation::PointyTop,
            order: LabelOrder::RowColumn,
            shifted: Parity::Odd
        }
    );
    let svg = to_svg(&map, &Style::default(), &Overlays::new());
    parse(&svg);
    assert!(svg.contains(">0304</text>"), "row 03, column 04");
}

#[test]
fn the_png_is_a_png() {
    let map = omaha_like();
    let svg = to_svg(&map, &style(), &overlays(&map));
    let png = svg_to_png(&svg, 1.0).unwrap();
    assert!(png.starts_with(&PNG_SIGNATURE));
    let half = svg_to_png(&svg, 0.5).unwrap();
    assert!(half.starts_with(&PNG_SIGNATURE));
    assert!(half.len() < png.len());
}

#[test]
fn bad_png_requests_are_errors() {
    let map = omaha_like();
    let svg = to_svg(&map, &Style::default(), &Overlays::new());
    for scale in [0.0, -1.0, f32::NAN, f32::INFINITY, 1000.0] {
        assert!(svg_to_png(&svg, scale).is_err(), "scale {scale}");
    }
    assert!(svg_to_png("<svg", 1.0).is_err());
    assert!(svg_to_png("not svg at all", 1.0).is_err());
}

#[test]
fn shapes_render_without_any_font() {
    // With no font at all, text is dropped and shapes are still drawn.
    let map = omaha_like();
    let svg = to_svg(&map, &style(), &overlays(&map));
    let mut options = usvg::Options::default();
    *options.fontdb_mut() = usvg::fontdb::Database::new();
    let tree = usvg::Tree::from_str(&svg, &options).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    assert!(
        pixmap
            .pixels()
            .iter()
            .any(|p| p.red() < 100 && p.blue() > 100)
    );
}

#[test]
fn hexes_boxes_and_layered_marks_are_named_for_a_client() {
    let map = omaha_like();
    let mut overlays = overlays(&map);
    let at = map.hex("0303".parse().unwrap()).unwrap();
    overlays
        .marks
        .push(Mark::new(at, Shape::Ring, "red").in_layer("fire:red"));
    overlays
        .marks
        .push(Mark::new(at, Shape::Circle, "red").in_layer("fire:<red>"));
    overlays
        .texts
        .push(HexText::new(at, "EPW").in_layer("setup:markers"));
    let svg = to_svg(&map, &style(), &overlays);
    parse(&svg);
    // Every hex polygon carries its printed label, once.
    for &hex in map.hexes() {
        let label = map.label(hex).unwrap().to_string();
        let attribute = format!("<polygon data-hex=\"{label}\" ");
        assert_eq!(svg.matches(&attribute).count(), 1, "{label}");
    }
    assert!(svg.contains("<rect data-box=\"Landing box FR1\" "));
    assert!(svg.contains("data-layer=\"fire:red\""));
    assert!(svg.contains("data-layer=\"fire:&lt;red&gt;\""));
    assert!(svg.contains("data-layer=\"setup:markers\">EPW</text>"));
    // Marks and texts without a layer carry none.
    assert_eq!(svg.matches("data-layer=").count(), 3);
}

#[test]
fn hexes_of_a_composed_map_are_named_with_their_board() {
    // Two copies of the small map side by side, eight columns apart: every printed label is
    // on both boards.
    let place = |id: &str, offset: Hex| PlacedBoard {
        id: id.to_owned(),
        map: omaha_like(),
        placement: Placement {
            rotation: overlord_hexmap::Rotation::NONE,
            offset,
        },
        written_at: Location::default(),
    };
    let composition = Composition {
        name: "Two boards".to_owned(),
        authored_by: "Overlord tests".to_owned(),
        source: "field.toml".to_owned(),
        // Flat-top axial: two columns right is q + 2, r - 1, so this keeps the rows level.
        boards: vec![place("1A", Hex::ZERO), place("2B", Hex::new(8, -4))],
        overlays: Vec::new(),
    };
    let map = composition.compose().unwrap();
    assert_eq!(map.len(), 2 * omaha_like().len());
    let svg = to_svg(&map, &style(), &Overlays::new());
    parse(&svg);
    let names: Vec<&str> = svg
        .split("<polygon data-hex=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect();
    assert_eq!(names.len(), map.len());
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "no hex name repeats: {names:?}");
    // Each name is the one games use, and finds its hex again.
    for (&hex, name) in map.hexes().iter().zip(&names) {
        assert_eq!(map.full_label(hex).as_deref(), Some(*name));
        assert_eq!(map.find(name), Some(hex));
    }
    assert!(names.contains(&"1A:0303") && names.contains(&"2B:0303"));
    // The text drawn on a hex stays the printed label, once per board.
    assert_eq!(svg.matches(">0303</text>").count(), 2);
    assert!(!svg.contains(">1A:0303</text>"));
}
