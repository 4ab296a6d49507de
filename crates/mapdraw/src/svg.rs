//! The SVG writer.
//!
//! The SVG is written as text by hand rather than through an SVG-building crate: the document is a
//! flat list of a few element kinds (polygon, path, circle, rect, text, pattern), every number goes
//! through one formatter that never prints NaN, and every string from the map or the caller goes
//! through one escaper. That keeps the output small, deterministic and byte-stable for tests and
//! caches, with no dependency for the browser build to carry.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;

use overlord_hexmap::{Hex, MapData, neighbours};

use crate::geometry::{Layout, Point};
use crate::overlay::{HexText, Link, Mark, OffMapBox, Overlays, Shape, Side};
use crate::style::{LineRule, Stroke, Style, TagStyle};

/// Writes into a `String`, which cannot fail.
macro_rules! w {
    ($out:expr, $($arg:tt)*) => {{
        let _ = write!($out, $($arg)*);
    }};
}

/// A map laid out on a page: where the hexes go and how big the page is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Page {
    /// Hex positions in page pixels.
    pub layout: Layout,
    pub width: f64,
    pub height: f64,
    /// The rectangle holding every map hex: (top-left, bottom-right).
    pub map_bounds: (Point, Point),
}

/// A box off the map, placed.
struct PlacedBox<'a> {
    spec: &'a OffMapBox,
    side: Side,
    /// Top-left corner and size.
    at: Point,
    width: f64,
    height: f64,
}

impl PlacedBox<'_> {
    fn shift(&mut self, dx: f64, dy: f64) {
        self.at = self.at.offset(dx, dy);
    }

    /// The middle of the box edge that faces the map.
    fn anchor(&self) -> Point {
        let Point { x, y } = self.at;
        match self.side {
            Side::Top => Point::new(x + self.width / 2.0, y + self.height),
            Side::Bottom => Point::new(x + self.width / 2.0, y),
            Side::Left => Point::new(x + self.width, y + self.height / 2.0),
            Side::Right => Point::new(x, y + self.height / 2.0),
        }
    }
}

/// One legend line: a heading and its entries.
struct LegendGroup<'a> {
    heading: &'static str,
    entries: Vec<(Swatch<'a>, String)>,
}

enum Swatch<'a> {
    Fill(String),
    Tag(usize, &'a TagStyle),
    Line(&'a Stroke, Option<&'a Stroke>),
}

/// Everything computed before writing.
struct Plan<'a> {
    page: Page,
    boxes: Vec<PlacedBox<'a>>,
    title: String,
    legend: Vec<LegendGroup<'a>>,
    /// (x, y) of each legend entry, by group then entry, and of each heading.
    legend_rows: Vec<(Point, Vec<Point>)>,
}

/// Lays out `map` with `style` and `overlays` without drawing it: where every hex goes and the
/// size of the page, as [`to_svg`] would draw it.
#[must_use]
pub fn page(map: &MapData, style: &Style, overlays: &Overlays) -> Page {
    plan(map, style, overlays).page
}

/// Draws `map` as an SVG document: terrain, tags, hexside features, roads, region boundaries,
/// labels and names as `style` says, then the game's `overlays`, a title and a legend.
#[must_use]
pub fn to_svg(map: &MapData, style: &Style, overlays: &Overlays) -> String {
    let plan = plan(map, style, overlays);
    let layout = plan.page.layout;
    let mut out = String::with_capacity(64 * 1024 + map.len() * 512);
    w!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \
         width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{font}\">\n",
        w = num(plan.page.width),
        h = num(plan.page.height),
        font = esc(&style.font_family),
    );
    w!(out, "<title>{}</title>\n", esc(&plan.title));
    write_defs(&mut out, style);
    w!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
        num(plan.page.width),
        num(plan.page.height),
        esc(&style.background)
    );
    write_terrain(&mut out, map, style, &layout);
    write_tags(&mut out, map, style, &layout);
    write_features(&mut out, map, style, &layout);
    write_roads(&mut out, map, style, &layout);
    write_regions(&mut out, map, style, &layout);
    write_labels(&mut out, map, style, &plan.page);
    write_overlays(&mut out, style, &layout, overlays);
    write_boxes(&mut out, &layout, &plan.boxes);
    write_title(&mut out, map, style, &plan);
    write_legend(&mut out, style, &plan);
    out.push_str("</svg>\n");
    out
}

fn plan<'a>(map: &'a MapData, style: &'a Style, overlays: &'a Overlays) -> Plan<'a> {
    let base = Layout::new(map.convention(), style.hex_size, style.rotation).mirrored(style.mirror);
    let size = base.size();
    let margin = finite_or(style.margin, 16.0).clamp(0.0, 10_000.0);
    let map_bounds = base
        .bounds(map.hexes().iter().copied())
        .unwrap_or((Point::default(), Point::new(size, size)));

    // Boxes beside the map, in unshifted coordinates.
    let mut boxes = place_boxes(&base, map_bounds, &overlays.boxes);
    let (mut lo, mut hi) = map_bounds;
    for b in &boxes {
        lo.x = lo.x.min(b.at.x);
        lo.y = lo.y.min(b.at.y);
        hi.x = hi.x.max(b.at.x + b.width);
        hi.y = hi.y.max(b.at.y + b.height);
    }

    let title = match &style.title {
        Some(title) => title.clone(),
        None => map.name().to_owned(),
    };
    let title_size = font(style.title_size, 20.0);
    let title_height = if title.is_empty() {
        0.0
    } else {
        title_size * 1.8
    };

    let content_width = hi.x - lo.x;
    let legend = if style.legend {
        legend_groups(map, style)
    } else {
        Vec::new()
    };
    let legend_width = content_width.max(480.0);
    let (legend_rows, legend_height) = layout_legend(style, &legend, legend_width);

    let dx = margin - lo.x;
    let dy = margin + title_height - lo.y;
    let layout = base.with_origin(Point::new(dx, dy));
    for b in &mut boxes {
        b.shift(dx, dy);
    }
    let legend_top =
        margin + title_height + (hi.y - lo.y) + if legend_height > 0.0 { size } else { 0.0 };
    let legend_rows = legend_rows
        .into_iter()
        .map(|(heading, entries)| {
            (
                heading.offset(margin, legend_top),
                entries
                    .into_iter()
                    .map(|p| p.offset(margin, legend_top))
                    .collect(),
            )
        })
        .collect();
    let width =
        content_width.max(if legend.is_empty() { 0.0 } else { legend_width }) + 2.0 * margin;
    let width = width.max(title_text_width(&title, title_size) + 2.0 * margin);
    let height = legend_top + legend_height + margin;
    Plan {
        page: Page {
            layout,
            width,
            height,
            map_bounds: (map_bounds.0.offset(dx, dy), map_bounds.1.offset(dx, dy)),
        },
        boxes,
        title,
        legend,
        legend_rows,
    }
}

fn title_text_width(title: &str, size: f64) -> f64 {
    bold_width(title, size)
}

/// Places each box beside the map on its side, next to its hex, then pushes boxes on the same side
/// apart so they do not overlap.
fn place_boxes<'a>(
    layout: &Layout,
    (lo, hi): (Point, Point),
    specs: &'a [OffMapBox],
) -> Vec<PlacedBox<'a>> {
    let gap = layout.size() * 1.2;
    let mut boxes: Vec<PlacedBox<'a>> = specs
        .iter()
        .map(|spec| {
            let c = layout.centre(spec.hex);
            let side = spec.side.unwrap_or_else(|| {
                let distances = [
                    (c.y - lo.y, Side::Top),
                    (hi.y - c.y, Side::Bottom),
                    (c.x - lo.x, Side::Left),
                    (hi.x - c.x, Side::Right),
                ];
                distances
                    .into_iter()
                    .fold((f64::INFINITY, Side::Bottom), |best, d| {
                        if d.0 < best.0 { d } else { best }
                    })
                    .1
            });
            let font_size = font(spec.font_size, 10.0);
            let width = (text_width(&spec.label, font_size) + font_size * 1.2).max(font_size * 2.5);
            let height = font_size * 2.0;
            let at = match side {
                Side::Top => Point::new(c.x - width / 2.0, lo.y - gap - height),
                Side::Bottom => Point::new(c.x - width / 2.0, hi.y + gap),
                Side::Left => Point::new(lo.x - gap - width, c.y - height / 2.0),
                Side::Right => Point::new(hi.x + gap, c.y - height / 2.0),
            };
            PlacedBox {
                spec,
                side,
                at,
                width,
                height,
            }
        })
        .collect();
    // Sweep each side along its length: a box that would overlap the one before moves on.
    for side in [Side::Top, Side::Bottom, Side::Left, Side::Right] {
        let horizontal = matches!(side, Side::Top | Side::Bottom);
        let mut order: Vec<usize> = (0..boxes.len())
            .filter(|&i| boxes.get(i).is_some_and(|b| b.side == side))
            .collect();
        let along = |b: &PlacedBox<'_>| if horizontal { b.at.x } else { b.at.y };
        order.sort_by(|&a, &b| {
            let (a, b) = (boxes.get(a).map(along), boxes.get(b).map(along));
            a.partial_cmp(&b).unwrap_or(core::cmp::Ordering::Equal)
        });
        let spacing = layout.size() * 0.15;
        let mut end = f64::NEG_INFINITY;
        for i in order {
            if let Some(b) = boxes.get_mut(i) {
                let (start, length) = if horizontal {
                    (b.at.x, b.width)
                } else {
                    (b.at.y, b.height)
                };
                let start = start.max(end + spacing);
                if horizontal {
                    b.at.x = start;
                } else {
                    b.at.y = start;
                }
                end = start + length;
            }
        }
    }
    boxes
}

fn write_defs(out: &mut String, style: &Style) {
    let hatches: Vec<(usize, &TagStyle)> = style
        .tags
        .iter()
        .enumerate()
        .filter(|(_, r)| matches!(r.style, TagStyle::Hatch { .. }))
        .map(|(i, r)| (i, &r.style))
        .collect();
    if hatches.is_empty() {
        return;
    }
    out.push_str("<defs>\n");
    for (i, tag) in hatches {
        if let TagStyle::Hatch {
            colour,
            width,
            spacing,
            angle,
        } = tag
        {
            let spacing = finite_or(*spacing, 6.0).clamp(1.0, 1000.0);
            w!(
                out,
                "<pattern id=\"tag-{i}\" patternUnits=\"userSpaceOnUse\" width=\"{s}\" height=\"{s}\" \
                 patternTransform=\"rotate({a})\"><line x1=\"{h}\" y1=\"0\" x2=\"{h}\" y2=\"{s}\" \
                 stroke=\"{c}\" stroke-width=\"{wd}\"/></pattern>\n",
                s = num(spacing),
                h = num(spacing / 2.0),
                a = num(*angle),
                c = esc(colour),
                wd = num(*width),
            );
        }
    }
    out.push_str("</defs>\n");
}

/// The colour each terrain is drawn in: the style's, else the map's, else the palette's.
fn terrain_colours(map: &MapData, style: &Style) -> Vec<String> {
    map.terrains()
        .iter()
        .enumerate()
        .map(|(i, terrain)| {
            style
                .terrain_colour(&terrain.name)
                .map(str::to_owned)
                .or_else(|| terrain.colour.clone())
                .or_else(|| {
                    let palette = &style.fallback_palette;
                    palette.get(i % palette.len().max(1)).cloned()
                })
                .unwrap_or_else(|| "#dddddd".to_owned())
        })
        .collect()
}

fn write_terrain(out: &mut String, map: &MapData, style: &Style, layout: &Layout) {
    let colours = terrain_colours(map, style);
    w!(out, "<g id=\"terrain\"{}>\n", stroke_attrs(&style.grid));
    // Each hex is named as the game names it, so a client can find a hex and its centre by the
    // label a view or an action uses: on a composed map the printed label repeats from board
    // to board, so there the name carries the board too.
    for ((&hex, cell), label) in map.hexes().iter().zip(map.cells()).zip(hex_names(map)) {
        let fill = colours
            .get(cell.terrain.index())
            .map_or("#dddddd", String::as_str);
        w!(
            out,
            "<polygon data-hex=\"{}\" points=\"{}\" fill=\"{}\"/>\n",
            esc(&label),
            points(&layout.corners(hex)),
            esc(fill)
        );
    }
    out.push_str("</g>\n");
}

/// Where tree dots, building squares and obstacle crosses go, as fractions of the hex size.
const DOTS: [(f64, f64); 7] = [
    (-0.38, -0.12),
    (-0.12, -0.3),
    (0.2, -0.28),
    (0.42, -0.04),
    (-0.28, 0.2),
    (0.06, 0.02),
    (0.3, 0.28),
];
const SQUARES: [(f64, f64); 3] = [(-0.28, -0.12), (0.22, -0.2), (0.0, 0.2)];
const CROSSES: [(f64, f64); 4] = [(-0.32, -0.14), (0.28, -0.22), (-0.12, 0.22), (0.36, 0.2)];

fn write_tags(out: &mut String, map: &MapData, style: &Style, layout: &Layout) {
    out.push_str("<g id=\"tags\">\n");
    for (i, rule) in style.tags.iter().enumerate() {
        let Some(tag) = map.tag_id(&rule.tag) else {
            continue;
        };
        for hex in map.hexes_tagged(tag) {
            let centre = layout.centre(hex);
            write_tag_glyph(out, i, &rule.style, layout, hex, centre, layout.size());
        }
    }
    out.push_str("</g>\n");
}

/// Draws one tag's mark for `hex` (whose centre is `centre`; `size` scales the glyphs).
fn write_tag_glyph(
    out: &mut String,
    index: usize,
    tag: &TagStyle,
    layout: &Layout,
    hex: Hex,
    centre: Point,
    size: f64,
) {
    match tag {
        TagStyle::Tint { colour, opacity } => {
            w!(
                out,
                "<polygon points=\"{}\" fill=\"{}\" fill-opacity=\"{}\"/>\n",
                points(&layout.corners(hex)),
                esc(colour),
                num(opacity.clamp(0.0, 1.0))
            );
        }
        TagStyle::Hatch { .. } => {
            w!(
                out,
                "<polygon points=\"{}\" fill=\"url(#tag-{index})\"/>\n",
                points(&layout.corners(hex))
            );
        }
        TagStyle::Dots { colour, radius } => {
            w!(out, "<g fill=\"{}\">", esc(colour));
            for (dx, dy) in DOTS {
                w!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                    num(centre.x + dx * size),
                    num(centre.y + dy * size),
                    num(radius * size)
                );
            }
            out.push_str("</g>\n");
        }
        TagStyle::Squares { colour, size: side } => {
            let side = side * size;
            w!(out, "<g fill=\"{}\">", esc(colour));
            for (dx, dy) in SQUARES {
                w!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\"/>",
                    num(centre.x + dx * size - side / 2.0),
                    num(centre.y + dy * size - side / 2.0),
                    s = num(side)
                );
            }
            out.push_str("</g>\n");
        }
        TagStyle::Crosses {
            colour,
            size: arm,
            width,
        } => {
            let arm = arm * size / 2.0;
            let mut d = String::new();
            for (dx, dy) in CROSSES {
                let c = centre.offset(dx * size, dy * size);
                w!(
                    d,
                    "M{} {}L{} {}M{} {}L{} {}",
                    num(c.x - arm),
                    num(c.y - arm),
                    num(c.x + arm),
                    num(c.y + arm),
                    num(c.x - arm),
                    num(c.y + arm),
                    num(c.x + arm),
                    num(c.y - arm)
                );
            }
            w!(
                out,
                "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>\n",
                esc(colour),
                num(*width)
            );
        }
        TagStyle::Outline { stroke, inset } => {
            let inset = inset.clamp(0.0, 0.9);
            let corners = layout.corners(hex).map(|c| c.lerp(centre, inset));
            w!(
                out,
                "<polygon points=\"{}\" fill=\"none\"{}/>\n",
                points(&corners),
                stroke_attrs(stroke)
            );
        }
    }
}

/// Draws `segments` as one path per stroke of `rule` (base, then the one on top).
fn write_segments(out: &mut String, segments: &[[Point; 2]], base: &Stroke, over: Option<&Stroke>) {
    if segments.is_empty() {
        return;
    }
    let mut d = String::new();
    for [a, b] in segments {
        w!(d, "M{} {}L{} {}", num(a.x), num(a.y), num(b.x), num(b.y));
    }
    for stroke in std::iter::once(base).chain(over) {
        w!(
            out,
            "<path d=\"{d}\" fill=\"none\"{}/>\n",
            stroke_attrs(stroke)
        );
    }
}

fn write_features(out: &mut String, map: &MapData, style: &Style, layout: &Layout) {
    // Segments by rule (style order), with features that have no rule after them by name.
    let mut ruled: Vec<Vec<[Point; 2]>> = vec![Vec::new(); style.features.len()];
    let mut ticks: Vec<Vec<[Point; 2]>> = vec![Vec::new(); style.features.len()];
    let mut unruled: BTreeMap<&str, Vec<[Point; 2]>> = BTreeMap::new();
    for &(side, features) in map.hexsides() {
        let ends = layout.hexside_ends(side);
        for feature in features.iter() {
            let Some(name) = map.feature_name(feature) else {
                continue;
            };
            let Some(i) = style.features.iter().position(|r| r.name == name) else {
                unruled.entry(name).or_default().push(ends);
                continue;
            };
            if let Some(list) = ruled.get_mut(i) {
                list.push(ends);
            }
            let length = style.features.get(i).and_then(|r| r.ticks);
            if let (Some(length), Some(list)) = (length, ticks.get_mut(i)) {
                list.extend(side_ticks(map, layout, side, ends, length));
            }
        }
    }
    out.push_str("<g id=\"hexsides\">\n");
    for ((rule, segments), ticks) in style.features.iter().zip(&ruled).zip(&ticks) {
        let mut plain = rule.stroke.clone();
        plain.dash.clear();
        plain.width = (plain.width * 0.6).max(0.5);
        write_segments(out, ticks, &plain, None);
        write_segments(out, segments, &rule.stroke, rule.over.as_ref());
    }
    for segments in unruled.values() {
        write_segments(out, segments, &style.default_feature, None);
    }
    out.push_str("</g>\n");
}

/// Ticks along a hexside pointing into its lower hex (both hexes when level).
fn side_ticks(
    map: &MapData,
    layout: &Layout,
    side: overlord_hexmap::HexsideId,
    [p, q]: [Point; 2],
    length: f64,
) -> Vec<[Point; 2]> {
    let (a, b) = side.hexes();
    let (la, lb) = (map.level(a), map.level(b));
    let towards: Vec<Hex> = match (la, lb) {
        (Some(la), Some(lb)) if la < lb => vec![a],
        (Some(la), Some(lb)) if lb < la => vec![b],
        (Some(_), None) => vec![a],
        (None, Some(_)) => vec![b],
        _ => vec![a, b],
    };
    let mid = p.lerp(q, 0.5);
    let length = finite_or(length, 0.0) * layout.size();
    let mut list = Vec::new();
    for hex in towards {
        let c = layout.centre(hex);
        let d = mid.distance(c);
        if d <= 0.0 {
            continue;
        }
        let (dx, dy) = ((c.x - mid.x) / d * length, (c.y - mid.y) / d * length);
        for t in [0.2, 0.5, 0.8] {
            let from = p.lerp(q, t);
            list.push([from, from.offset(dx, dy)]);
        }
    }
    list
}

fn write_roads(out: &mut String, map: &MapData, style: &Style, layout: &Layout) {
    // Kinds with a rule in style order, then the others.
    let mut order: Vec<(Option<&LineRule>, u8)> = Vec::new();
    for rule in &style.roads {
        if let Some(kind) = map.road_kind_id(&rule.name) {
            order.push((Some(rule), kind.0));
        }
    }
    let kinds: HashSet<u8> = map.roads().iter().map(|r| r.kind.0).collect();
    let mut others: Vec<u8> = kinds
        .into_iter()
        .filter(|k| !order.iter().any(|(_, o)| o == k))
        .collect();
    others.sort_unstable();
    order.extend(others.into_iter().map(|k| (None, k)));

    out.push_str("<g id=\"roads\" fill=\"none\">\n");
    for (rule, kind) in order {
        let mut d = String::new();
        for road in map.roads().iter().filter(|r| r.kind.0 == kind) {
            for (i, &hex) in road.path.iter().enumerate() {
                let c = layout.centre(hex);
                w!(
                    d,
                    "{}{} {}",
                    if i == 0 { "M" } else { "L" },
                    num(c.x),
                    num(c.y)
                );
            }
        }
        if d.is_empty() {
            continue;
        }
        let base = rule.map_or(&style.default_road, |r| &r.stroke);
        let over = rule.and_then(|r| r.over.as_ref());
        for stroke in std::iter::once(base).chain(over) {
            w!(out, "<path d=\"{d}\"{}/>\n", stroke_attrs(stroke));
        }
    }
    out.push_str("</g>\n");
}

fn write_regions(out: &mut String, map: &MapData, style: &Style, layout: &Layout) {
    out.push_str("<g id=\"regions\">\n");
    for boundary in &style.region_boundaries {
        let Some(region) = map.region(&boundary.region) else {
            continue;
        };
        let inside: HashSet<Hex> = region.hexes.iter().copied().collect();
        let other: Option<HashSet<Hex>> = match &boundary.other {
            Some(id) => match map.region(id) {
                Some(r) => Some(r.hexes.iter().copied().collect()),
                None => continue,
            },
            None => None,
        };
        let mut segments = Vec::new();
        for &hex in &region.hexes {
            for n in neighbours(hex) {
                let across = match &other {
                    Some(set) => set.contains(&n),
                    None => map.contains(n) && !inside.contains(&n),
                };
                if across && let Some(ends) = layout.hexside(hex, n) {
                    segments.push(ends);
                }
            }
        }
        write_segments(out, &segments, &boundary.stroke, None);
    }
    out.push_str("</g>\n");
}

fn write_labels(out: &mut String, map: &MapData, style: &Style, page: &Page) {
    let layout = &page.layout;
    let (lo, hi) = page.map_bounds;
    if style.show_labels {
        let size = font(style.label_size, 7.0);
        w!(
            out,
            "<g id=\"labels\" font-size=\"{}\" fill=\"{}\" text-anchor=\"middle\">\n",
            num(size),
            esc(&style.label_colour)
        );
        let (dx, dy) = style.label_offset;
        for (&hex, label) in map.hexes().iter().zip(map_labels(map)) {
            let p = layout.within(hex, dx, dy);
            w!(
                out,
                "<text x=\"{}\" y=\"{}\">{label}</text>\n",
                num(p.x),
                num(p.y + size * 0.35)
            );
        }
        out.push_str("</g>\n");
    }
    if style.show_names {
        let size = font(style.name_size, 11.0);
        w!(
            out,
            "<g id=\"names\" font-size=\"{}\" font-weight=\"bold\" fill=\"{}\" text-anchor=\"middle\" \
             stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\" paint-order=\"stroke\">\n",
            num(size),
            esc(&style.name_colour),
            esc(&style.background),
            num(size * 0.3)
        );
        let (dx, dy) = style.name_offset;
        for &hex in map.hexes() {
            if let Some(name) = map.hex_name(hex) {
                let mut p = layout.within(hex, dx, dy);
                // Keep a name near the edge inside the map rather than off the page.
                let half = bold_width(name, size) / 2.0;
                if hi.x - lo.x > 2.0 * half {
                    p.x = p.x.max(lo.x + half).min(hi.x - half);
                }
                w!(
                    out,
                    "<text x=\"{}\" y=\"{}\">{}</text>\n",
                    num(p.x),
                    num(p.y + size * 0.35),
                    esc(name)
                );
            }
        }
        out.push_str("</g>\n");
    }
}

/// The name games know every map hex by ([`MapData::full_label`]: `1A:0812` on a composed map,
/// the printed label otherwise), in dense order.
fn hex_names(map: &MapData) -> impl Iterator<Item = String> + '_ {
    map.hexes()
        .iter()
        .map(|&h| map.full_label(h).unwrap_or_default())
}

/// The printed label of every map hex, in dense order. The text drawn on a hex stays the
/// printed one even on a composed map: it is what the physical board shows, and a board
/// prefix on every hex would crowd it (a game names its boards with an overlay where it
/// wants them named).
fn map_labels(map: &MapData) -> impl Iterator<Item = String> + '_ {
    map.hexes()
        .iter()
        .map(|&h| map.label(h).map(|l| l.to_string()).unwrap_or_default())
}

fn write_overlays(out: &mut String, style: &Style, layout: &Layout, overlays: &Overlays) {
    if overlays.links.is_empty() && overlays.marks.is_empty() && overlays.texts.is_empty() {
        return;
    }
    out.push_str("<g id=\"overlays\">\n");
    for link in &overlays.links {
        write_link(out, layout, link);
    }
    for mark in &overlays.marks {
        write_mark(out, layout, mark);
    }
    for text in &overlays.texts {
        write_text(out, style, layout, text);
    }
    out.push_str("</g>\n");
}

fn write_link(out: &mut String, layout: &Layout, link: &Link) {
    let a = layout.centre(link.from);
    let b = layout.centre(link.to);
    let length = a.distance(b);
    if length <= 0.0 {
        return;
    }
    let inset = (finite_or(link.inset, 0.0) * layout.size())
        .max(0.0)
        .min(length * 0.45);
    let start = a.lerp(b, inset / length);
    let end = b.lerp(a, inset / length);
    write_arrow_line(out, start, end, &link.stroke, link.arrow);
}

/// A line from `start` to `end`, with an arrowhead at `end` if `arrow`.
fn write_arrow_line(out: &mut String, start: Point, end: Point, stroke: &Stroke, arrow: bool) {
    let length = start.distance(end);
    if length <= 0.0 {
        return;
    }
    let (ux, uy) = ((end.x - start.x) / length, (end.y - start.y) / length);
    // `min`/`max` rather than `clamp`, which panics when the bounds cross.
    let head = (finite_or(stroke.width, 1.0) * 3.5)
        .max(5.0)
        .min(length * 0.6);
    let line_end = if arrow {
        end.offset(-ux * head * 0.7, -uy * head * 0.7)
    } else {
        end
    };
    w!(
        out,
        "<path d=\"M{} {}L{} {}\" fill=\"none\"{}/>\n",
        num(start.x),
        num(start.y),
        num(line_end.x),
        num(line_end.y),
        stroke_attrs(stroke)
    );
    if arrow {
        let back = end.offset(-ux * head, -uy * head);
        let (nx, ny) = (-uy * head * 0.45, ux * head * 0.45);
        w!(
            out,
            "<polygon points=\"{}\" fill=\"{}\" fill-opacity=\"{}\"/>\n",
            points(&[end, back.offset(nx, ny), back.offset(-nx, -ny)]),
            esc(&stroke.colour),
            num(stroke.opacity.clamp(0.0, 1.0))
        );
    }
}

fn write_mark(out: &mut String, layout: &Layout, mark: &Mark) {
    let c = layout.within(mark.hex, mark.offset.0, mark.offset.1);
    let r = (finite_or(mark.size, 0.35) * layout.size() / 2.0).max(0.0);
    let stroke = mark.stroke.as_ref().map(stroke_attrs).unwrap_or_default();
    // The layer a client may show and hide.
    let layer = mark
        .layer
        .as_ref()
        .map(|layer| format!(" data-layer=\"{}\"", esc(layer)))
        .unwrap_or_default();
    let fill = esc(&mark.fill);
    // With a tooltip the element gets a `<title>` child; without, it closes at once.
    let title = mark.title.as_ref().map(|t| esc(t));
    let open = title
        .as_ref()
        .map_or_else(|| "/>".to_owned(), |t| format!("><title>{t}</title>"));
    let end = |tag: &str| {
        if title.is_some() {
            format!("</{tag}>")
        } else {
            String::new()
        }
    };
    match mark.shape {
        Shape::Circle => w!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\"{stroke}{layer}{open}{}\n",
            num(c.x),
            num(c.y),
            num(r),
            end("circle")
        ),
        Shape::Ring => w!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{fill}\" stroke-width=\"{}\"{layer}{open}{}\n",
            num(c.x),
            num(c.y),
            num(r * 0.8),
            num((r * 0.4).max(1.0)),
            end("circle")
        ),
        Shape::Square => w!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"{fill}\"{stroke}{layer}{open}{}\n",
            num(c.x - r),
            num(c.y - r),
            end("rect"),
            s = num(2.0 * r)
        ),
        Shape::Diamond => w!(
            out,
            "<polygon points=\"{}\" fill=\"{fill}\"{stroke}{layer}{open}{}\n",
            points(&[
                c.offset(0.0, -r),
                c.offset(r, 0.0),
                c.offset(0.0, r),
                c.offset(-r, 0.0)
            ]),
            end("polygon")
        ),
        Shape::Triangle => w!(
            out,
            "<polygon points=\"{}\" fill=\"{fill}\"{stroke}{layer}{open}{}\n",
            points(&[
                c.offset(0.0, -r),
                c.offset(r * 0.866, r * 0.5),
                c.offset(-r * 0.866, r * 0.5)
            ]),
            end("polygon")
        ),
    }
}

fn write_text(out: &mut String, style: &Style, layout: &Layout, text: &HexText) {
    let size = font(text.font_size, 10.0);
    let p = layout.within(text.hex, text.offset.0, text.offset.1);
    let halo = if text.halo {
        format!(
            " stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\" paint-order=\"stroke\"",
            esc(&style.background),
            num(size * 0.3)
        )
    } else {
        String::new()
    };
    let layer = text
        .layer
        .as_deref()
        .map(|layer| format!(" data-layer=\"{}\"", esc(layer)))
        .unwrap_or_default();
    w!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\" text-anchor=\"middle\"{}{halo}{layer}>{}</text>\n",
        num(p.x),
        num(p.y + size * 0.35),
        num(size),
        esc(&text.colour),
        if text.bold {
            " font-weight=\"bold\""
        } else {
            ""
        },
        esc(&text.text)
    );
}

fn write_boxes(out: &mut String, layout: &Layout, boxes: &[PlacedBox<'_>]) {
    if boxes.is_empty() {
        return;
    }
    out.push_str("<g id=\"boxes\">\n");
    for b in boxes {
        let spec = b.spec;
        if spec.arrow {
            let target = layout.centre(spec.hex);
            let from = b.anchor();
            let length = from.distance(target);
            if length > 0.0 {
                let tip = target.lerp(from, (layout.size() * 0.35 / length).min(0.5));
                write_arrow_line(out, from, tip, &spec.stroke, true);
            }
        }
        w!(
            out,
            "<rect data-box=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"2\" fill=\"{}\"{}/>\n",
            esc(&spec.label),
            num(b.at.x),
            num(b.at.y),
            num(b.width),
            num(b.height),
            esc(&spec.fill),
            stroke_attrs(&spec.stroke)
        );
        let size = font(spec.font_size, 10.0);
        w!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\" text-anchor=\"middle\">{}</text>\n",
            num(b.at.x + b.width / 2.0),
            num(b.at.y + b.height / 2.0 + size * 0.35),
            num(size),
            esc(&spec.text_colour),
            esc(&spec.label)
        );
    }
    out.push_str("</g>\n");
}

fn write_title(out: &mut String, map: &MapData, style: &Style, plan: &Plan<'_>) {
    if plan.title.is_empty() {
        return;
    }
    let size = font(style.title_size, 20.0);
    let margin = finite_or(style.margin, 16.0).clamp(0.0, 10_000.0);
    let baseline = margin + size;
    w!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" fill=\"{}\">{}</text>\n",
        num(margin),
        num(baseline),
        num(size),
        esc(&style.text_colour),
        esc(&plan.title)
    );
    if !map.authored_by().is_empty() {
        let small = size * 0.55;
        w!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#666666\">map data: {}</text>\n",
            num(margin + bold_width(&plan.title, size) + size * 0.6),
            num(baseline),
            num(small),
            esc(map.authored_by())
        );
    }
}

/// The legend: what the map uses, grouped.
fn legend_groups<'a>(map: &MapData, style: &'a Style) -> Vec<LegendGroup<'a>> {
    let mut groups = Vec::new();

    let colours = terrain_colours(map, style);
    let mut used = vec![false; map.terrains().len()];
    for cell in map.cells() {
        if let Some(u) = used.get_mut(cell.terrain.index()) {
            *u = true;
        }
    }
    let terrain: Vec<(Swatch<'a>, String)> = map
        .terrains()
        .iter()
        .zip(colours)
        .zip(used)
        .filter(|(_, used)| *used)
        .map(|((t, c), _)| (Swatch::Fill(c), pretty(&t.name)))
        .collect();
    groups.push(LegendGroup {
        heading: "Terrain",
        entries: terrain,
    });

    let tags = style
        .tags
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            map.tag_id(&r.tag)
                .is_some_and(|t| map.hexes_tagged(t).next().is_some())
        })
        .map(|(i, r)| {
            (
                Swatch::Tag(i, &r.style),
                r.legend.clone().unwrap_or_else(|| pretty(&r.tag)),
            )
        })
        .collect();
    groups.push(LegendGroup {
        heading: "Hexes",
        entries: tags,
    });

    let mut present: HashSet<&str> = HashSet::new();
    for &(_, features) in map.hexsides() {
        for f in features.iter() {
            if let Some(name) = map.feature_name(f) {
                present.insert(name);
            }
        }
    }
    let mut sides: Vec<(Swatch<'a>, String)> = style
        .features
        .iter()
        .filter(|r| present.contains(r.name.as_str()))
        .map(|r| {
            (
                Swatch::Line(&r.stroke, r.over.as_ref()),
                r.legend.clone().unwrap_or_else(|| pretty(&r.name)),
            )
        })
        .collect();
    let mut unruled: Vec<&str> = present
        .into_iter()
        .filter(|name| style.feature(name).is_none())
        .collect();
    unruled.sort_unstable();
    sides.extend(
        unruled
            .into_iter()
            .map(|name| (Swatch::Line(&style.default_feature, None), pretty(name))),
    );
    for boundary in &style.region_boundaries {
        if let Some(legend) = &boundary.legend
            && map.region(&boundary.region).is_some()
        {
            sides.push((Swatch::Line(&boundary.stroke, None), legend.clone()));
        }
    }
    groups.push(LegendGroup {
        heading: "Hexsides",
        entries: sides,
    });

    let kinds: HashSet<u8> = map.roads().iter().map(|r| r.kind.0).collect();
    let mut roads: Vec<(Swatch<'a>, String)> = style
        .roads
        .iter()
        .filter(|r| {
            map.road_kind_id(&r.name)
                .is_some_and(|k| kinds.contains(&k.0))
        })
        .map(|r| {
            (
                Swatch::Line(&r.stroke, r.over.as_ref()),
                r.legend.clone().unwrap_or_else(|| pretty(&r.name)),
            )
        })
        .collect();
    let mut unruled: Vec<u8> = kinds
        .into_iter()
        .filter(|&k| {
            map.road_kind_name(overlord_hexmap::RoadKindId(k))
                .is_some_and(|n| style.road(n).is_none())
        })
        .collect();
    unruled.sort_unstable();
    for k in unruled {
        if let Some(name) = map.road_kind_name(overlord_hexmap::RoadKindId(k)) {
            roads.push((Swatch::Line(&style.default_road, None), pretty(name)));
        }
    }
    groups.push(LegendGroup {
        heading: "Roads",
        entries: roads,
    });

    groups.retain(|g| !g.entries.is_empty());
    groups
}

/// `high_ground` → `high ground`.
fn pretty(name: &str) -> String {
    name.replace('_', " ")
}

/// Legend geometry relative to the legend's top-left corner: each group's heading position and
/// entry positions, and the legend's height.
fn layout_legend(
    style: &Style,
    groups: &[LegendGroup<'_>],
    width: f64,
) -> (Vec<(Point, Vec<Point>)>, f64) {
    let size = font(style.legend_size, 11.0);
    let row = size * 2.0;
    let heading_width = size * 6.5;
    let swatch = size * 2.4;
    let mut rows = Vec::new();
    let mut y = 0.0;
    for group in groups {
        let heading = Point::new(0.0, y);
        let mut x = heading_width;
        let mut entries = Vec::new();
        for (_, text) in &group.entries {
            let entry_width = swatch + size * 0.5 + text_width(text, size) + size * 1.5;
            if x + entry_width > width && x > heading_width {
                x = heading_width;
                y += row;
            }
            entries.push(Point::new(x, y));
            x += entry_width;
        }
        y += row;
        rows.push((heading, entries));
    }
    (rows, y)
}

fn write_legend(out: &mut String, style: &Style, plan: &Plan<'_>) {
    if plan.legend.is_empty() {
        return;
    }
    let size = font(style.legend_size, 11.0);
    let swatch_w = size * 2.4;
    let swatch_h = size * 1.3;
    let layout = &plan.page.layout;
    w!(
        out,
        "<g id=\"legend\" font-size=\"{}\" fill=\"{}\">\n",
        num(size),
        esc(&style.text_colour)
    );
    for (group, (heading, entries)) in plan.legend.iter().zip(&plan.legend_rows) {
        w!(
            out,
            "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>\n",
            num(heading.x),
            num(heading.y + size),
            group.heading
        );
        for ((swatch, text), at) in group.entries.iter().zip(entries) {
            let top = at.y + size * 0.1;
            let mid = Point::new(at.x + swatch_w / 2.0, top + swatch_h / 2.0);
            match swatch {
                Swatch::Fill(colour) => w!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"{}/>\n",
                    num(at.x),
                    num(top),
                    num(swatch_w),
                    num(swatch_h),
                    esc(colour),
                    stroke_attrs(&style.grid)
                ),
                Swatch::Tag(index, tag) => {
                    w!(
                        out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f3efe0\"{}/>\n",
                        num(at.x),
                        num(top),
                        num(swatch_w),
                        num(swatch_h),
                        stroke_attrs(&style.grid)
                    );
                    write_legend_tag(out, *index, tag, mid, swatch_w, swatch_h, layout.size());
                }
                Swatch::Line(base, over) => {
                    let a = Point::new(at.x + 1.0, mid.y);
                    let b = Point::new(at.x + swatch_w - 1.0, mid.y);
                    write_segments(out, &[[a, b]], base, *over);
                }
            }
            w!(
                out,
                "<text x=\"{}\" y=\"{}\">{}</text>\n",
                num(at.x + swatch_w + size * 0.5),
                num(at.y + size),
                esc(text)
            );
        }
    }
    out.push_str("</g>\n");
}

/// A tag's mark inside a legend swatch centred on `mid`.
fn write_legend_tag(
    out: &mut String,
    index: usize,
    tag: &TagStyle,
    mid: Point,
    width: f64,
    height: f64,
    hex_size: f64,
) {
    let rect = |fill: &str, extra: &str| {
        format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"{extra}/>\n",
            num(mid.x - width / 2.0),
            num(mid.y - height / 2.0),
            num(width),
            num(height),
            fill
        )
    };
    match tag {
        TagStyle::Tint { colour, opacity } => out.push_str(&rect(
            &esc(colour),
            &format!(" fill-opacity=\"{}\"", num(opacity.clamp(0.0, 1.0))),
        )),
        TagStyle::Hatch { .. } => out.push_str(&rect(&format!("url(#tag-{index})"), "")),
        TagStyle::Dots { colour, radius } => {
            for dx in [-0.3, 0.0, 0.3] {
                w!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>\n",
                    num(mid.x + dx * width),
                    num(mid.y),
                    num((radius * hex_size).min(height * 0.4)),
                    esc(colour)
                );
            }
        }
        TagStyle::Squares { colour, size } => {
            let s = (size * hex_size).min(height * 0.8);
            for dx in [-0.22, 0.22] {
                w!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"{}\"/>\n",
                    num(mid.x + dx * width - s / 2.0),
                    num(mid.y - s / 2.0),
                    esc(colour),
                    s = num(s)
                );
            }
        }
        TagStyle::Crosses {
            colour,
            size,
            width: line,
        } => {
            let arm = (size * hex_size / 2.0).min(height * 0.4);
            let mut d = String::new();
            for dx in [-0.22, 0.22] {
                let c = mid.offset(dx * width, 0.0);
                w!(
                    d,
                    "M{} {}L{} {}M{} {}L{} {}",
                    num(c.x - arm),
                    num(c.y - arm),
                    num(c.x + arm),
                    num(c.y + arm),
                    num(c.x - arm),
                    num(c.y + arm),
                    num(c.x + arm),
                    num(c.y - arm)
                );
            }
            w!(
                out,
                "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>\n",
                esc(colour),
                num(*line)
            );
        }
        TagStyle::Outline { stroke, .. } => {
            let inner = format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\"{}/>\n",
                num(mid.x - width / 2.0 + 2.0),
                num(mid.y - height / 2.0 + 2.0),
                num((width - 4.0).max(1.0)),
                num((height - 4.0).max(1.0)),
                stroke_attrs(stroke)
            );
            out.push_str(&inner);
        }
    }
}

/// ` stroke="…" stroke-width="…"` and friends for `stroke`.
fn stroke_attrs(stroke: &Stroke) -> String {
    let mut s = format!(
        " stroke=\"{}\" stroke-width=\"{}\"",
        esc(&stroke.colour),
        num(stroke.width.max(0.0))
    );
    let opacity = finite_or(stroke.opacity, 1.0).clamp(0.0, 1.0);
    if opacity < 1.0 {
        w!(s, " stroke-opacity=\"{}\"", num(opacity));
    }
    let dash: Vec<f64> = stroke
        .dash
        .iter()
        .map(|&d| finite_or(d, 0.0).max(0.0))
        .collect();
    if dash.iter().any(|&d| d > 0.0) {
        let list: Vec<String> = dash.into_iter().map(num).collect();
        w!(s, " stroke-dasharray=\"{}\"", list.join(" "));
    }
    if stroke.round {
        s.push_str(" stroke-linecap=\"round\"");
    }
    s.push_str(" stroke-linejoin=\"round\"");
    s
}

/// `x,y x,y …`
fn points(list: &[Point]) -> String {
    let mut s = String::with_capacity(list.len() * 16);
    for (i, p) in list.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        w!(s, "{},{}", num(p.x), num(p.y));
    }
    s
}

/// A number as SVG wants it: at most two decimals, no trailing zeros, never NaN or infinity.
fn num(value: f64) -> String {
    let value = finite_or(value, 0.0);
    let mut s = format!("{value:.2}");
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".to_owned();
    }
    s
}

fn finite_or(value: f64, fallback: f64) -> f64 {
    if value.is_finite() { value } else { fallback }
}

/// A usable font size: finite and within 1..=500 pixels.
fn font(size: f64, fallback: f64) -> f64 {
    finite_or(size, fallback).clamp(1.0, 500.0)
}

/// A rough width of `text` at `size`: sans-serif letters average a little over half an em.
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}

/// A rough width of bold `text` at `size`.
fn bold_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.68
}

/// Escapes text for XML content and attribute values.
pub(crate) fn esc(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            // Control characters other than tab and newline are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => {}
            c => s.push(c),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_finite() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.256), "1.26");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(f64::NAN), "0");
        assert_eq!(num(f64::INFINITY), "0");
        assert_eq!(num(12.50), "12.5");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(esc("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;");
    }
}
