//! Game layers drawn over the map: marks, text, lines and arrows, and boxes off the map.
//!
//! A game (or the browser client) fills an [`Overlays`] and passes it to [`crate::to_svg`]. The
//! hexes need not be on the map: a line may run to an off-map hex, and boxes sit beside the map.

use overlord_hexmap::Hex;

use crate::style::Stroke;

/// The shape of a [`Mark`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    Circle,
    Square,
    /// A circle outline; `fill` colours the ring.
    Ring,
    Diamond,
    /// Pointing up.
    Triangle,
}

/// A shape in a hex.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub hex: Hex,
    pub shape: Shape,
    /// Fill colour (for a ring, the ring's colour).
    pub fill: String,
    pub stroke: Option<Stroke>,
    /// Width of the shape as a fraction of the hex size.
    pub size: f64,
    /// From the hex centre, as fractions of the hex size (x right, y down on the page).
    pub offset: (f64, f64),
    /// Tooltip text (an SVG `<title>`).
    pub title: Option<String>,
    /// The layer the mark belongs to (`fire:red`), written as `data-layer` so a client can
    /// show and hide a layer: the part before `:` names the group, the rest the member.
    pub layer: Option<String>,
}

impl Mark {
    /// A mark of `shape` and `fill` at the centre of `hex`, a third of the hex size wide.
    #[must_use]
    pub fn new(hex: Hex, shape: Shape, fill: &str) -> Self {
        Self {
            hex,
            shape,
            fill: fill.to_owned(),
            stroke: None,
            size: 0.35,
            offset: (0.0, 0.0),
            title: None,
            layer: None,
        }
    }

    #[must_use]
    pub fn with_stroke(mut self, stroke: Stroke) -> Self {
        self.stroke = Some(stroke);
        self
    }

    #[must_use]
    pub fn with_size(mut self, size: f64) -> Self {
        self.size = size;
        self
    }

    #[must_use]
    pub fn with_offset(mut self, dx: f64, dy: f64) -> Self {
        self.offset = (dx, dy);
        self
    }

    #[must_use]
    pub fn with_title(mut self, title: &str) -> Self {
        self.title = Some(title.to_owned());
        self
    }

    #[must_use]
    pub fn in_layer(mut self, layer: &str) -> Self {
        self.layer = Some(layer.to_owned());
        self
    }
}

/// Text in a hex, centred on its anchor.
#[derive(Clone, Debug, PartialEq)]
pub struct HexText {
    pub hex: Hex,
    pub text: String,
    pub colour: String,
    /// Pixels.
    pub font_size: f64,
    /// From the hex centre, as fractions of the hex size (x right, y down on the page).
    pub offset: (f64, f64),
    pub bold: bool,
    /// A pale outline around the letters so they read over any terrain.
    pub halo: bool,
    /// The layer the text belongs to, as [`Mark::layer`].
    pub layer: Option<String>,
}

impl HexText {
    #[must_use]
    pub fn new(hex: Hex, text: &str) -> Self {
        Self {
            hex,
            text: text.to_owned(),
            colour: "#111111".to_owned(),
            font_size: 10.0,
            offset: (0.0, 0.0),
            bold: false,
            halo: true,
            layer: None,
        }
    }

    /// Put the text in `layer` (`setup:markers`), as [`Mark::in_layer`].
    #[must_use]
    pub fn in_layer(mut self, layer: &str) -> Self {
        self.layer = Some(layer.to_owned());
        self
    }

    #[must_use]
    pub fn with_colour(mut self, colour: &str) -> Self {
        colour.clone_into(&mut self.colour);
        self
    }

    #[must_use]
    pub fn with_size(mut self, font_size: f64) -> Self {
        self.font_size = font_size;
        self
    }

    #[must_use]
    pub fn with_offset(mut self, dx: f64, dy: f64) -> Self {
        self.offset = (dx, dy);
        self
    }

    #[must_use]
    pub fn bold(mut self) -> Self {
        self.bold = true;
        self
    }
}

/// A line from one hex centre to another, with an arrowhead at `to` if `arrow`.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub from: Hex,
    pub to: Hex,
    pub stroke: Stroke,
    pub arrow: bool,
    /// How far short of each centre the line stops, as a fraction of the hex size.
    pub inset: f64,
}

impl Link {
    /// A plain line.
    #[must_use]
    pub fn line(from: Hex, to: Hex, stroke: Stroke) -> Self {
        Self {
            from,
            to,
            stroke,
            arrow: false,
            inset: 0.0,
        }
    }

    /// An arrow from `from` to `to`, stopping a little short of both centres.
    #[must_use]
    pub fn arrow(from: Hex, to: Hex, stroke: Stroke) -> Self {
        Self {
            from,
            to,
            stroke,
            arrow: true,
            inset: 0.3,
        }
    }
}

/// A side of the drawn map, as seen on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

/// A labelled box beside the map, with an arrow to the hex it belongs to (a landing box, an
/// off-map artillery battery).
#[derive(Clone, Debug, PartialEq)]
pub struct OffMapBox {
    pub label: String,
    pub hex: Hex,
    /// Which side of the map; the side nearest the hex when `None`.
    pub side: Option<Side>,
    pub fill: String,
    pub stroke: Stroke,
    pub text_colour: String,
    /// Pixels.
    pub font_size: f64,
    /// Draw the arrow from the box to the hex.
    pub arrow: bool,
}

impl OffMapBox {
    #[must_use]
    pub fn new(label: &str, hex: Hex) -> Self {
        Self {
            label: label.to_owned(),
            hex,
            side: None,
            fill: "#fffdf4".to_owned(),
            stroke: Stroke::new("#333333", 1.2),
            text_colour: "#111111".to_owned(),
            font_size: 10.0,
            arrow: true,
        }
    }

    #[must_use]
    pub fn on(mut self, side: Side) -> Self {
        self.side = Some(side);
        self
    }

    #[must_use]
    pub fn with_fill(mut self, fill: &str) -> Self {
        fill.clone_into(&mut self.fill);
        self
    }
}

/// Everything a game draws over the map. Drawn in this order: links, marks, texts, boxes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlays {
    pub links: Vec<Link>,
    pub marks: Vec<Mark>,
    pub texts: Vec<HexText>,
    pub boxes: Vec<OffMapBox>,
}

impl Overlays {
    /// No overlays: the bare map.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// A heat map over the map: a red disc in each hex of `cells` (hex, count), wider and darker
    /// the larger its count against the largest, with the count written on it and in its
    /// tooltip (`what` names the count: "losses"). Hexes with a count of 0 get nothing.
    pub fn add_heat(&mut self, cells: &[(Hex, u32)], what: &str) {
        let most = cells.iter().map(|&(_, n)| n).max().unwrap_or(0).max(1);
        for &(hex, count) in cells.iter().filter(|&&(_, n)| n > 0) {
            let share = f64::from(count) / f64::from(most);
            // Light for the fewest, deep red for the most: the eye reads the darkest first.
            let shade = (230.0 - 190.0 * share).round().clamp(0.0, 255.0) as u8;
            self.marks.push(
                Mark::new(hex, Shape::Circle, &format!("#e6{shade:02x}{shade:02x}"))
                    .with_size(0.35 + 0.5 * share.sqrt())
                    .with_stroke(Stroke::new("#7a0000", 0.8))
                    .with_title(&format!("{count} {what}"))
                    .in_layer("heat"),
            );
            self.texts
                .push(HexText::new(hex, &count.to_string()).with_size(10.0).bold());
        }
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
            && self.marks.is_empty()
            && self.texts.is_empty()
            && self.boxes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The heat map shades each hex by its count against the largest: the most-hit hex gets
    /// the widest, darkest disc, a hex with none gets nothing, and every count is written.
    #[test]
    fn heat_shades_by_count_and_skips_empty_hexes() {
        let mut overlays = Overlays::new();
        let (a, b, c) = (Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0));
        overlays.add_heat(&[(a, 1), (b, 4), (c, 0)], "losses");
        assert_eq!(overlays.marks.len(), 2, "the empty hex is skipped");
        let mark = |hex| {
            overlays
                .marks
                .iter()
                .find(|m| m.hex == hex)
                .expect("a mark")
        };
        assert!(mark(b).size > mark(a).size);
        assert_eq!(mark(b).fill, "#e62828", "the most-hit hex is the darkest");
        assert!(mark(a).fill > mark(b).fill, "fewer losses, a lighter red");
        assert_eq!(mark(b).title.as_deref(), Some("4 losses"));
        let texts: Vec<&str> = overlays.texts.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["1", "4"]);
        assert!(
            overlays
                .marks
                .iter()
                .all(|m| m.layer.as_deref() == Some("heat"))
        );
    }
}
