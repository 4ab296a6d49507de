//! How a map is drawn: a plain struct the caller fills in, starting from [`Style::default`].
//!
//! Units: stroke widths and font sizes are pixels; sizes and offsets inside a hex are fractions of
//! [`Style::hex_size`], so a style keeps its look when the hexes grow or shrink.

use crate::geometry::Rotation;

/// A line: colour, width in pixels, optional dash pattern and opacity.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    /// Any SVG colour (`#704214`, `black`).
    pub colour: String,
    /// Pixels.
    pub width: f64,
    /// Dash and gap lengths in pixels; empty for a solid line.
    pub dash: Vec<f64>,
    /// 0 (invisible) to 1 (opaque).
    pub opacity: f64,
    /// Round line ends (needed for dotted lines made of zero-length dashes).
    pub round: bool,
}

impl Stroke {
    /// A solid, opaque line.
    #[must_use]
    pub fn new(colour: &str, width: f64) -> Self {
        Self {
            colour: colour.to_owned(),
            width,
            dash: Vec::new(),
            opacity: 1.0,
            round: false,
        }
    }

    /// The same line dashed: `[dash, gap, ...]` in pixels.
    #[must_use]
    pub fn dashed(mut self, pattern: &[f64]) -> Self {
        self.dash = pattern.to_vec();
        self
    }

    /// The same line as round dots `gap` pixels apart.
    #[must_use]
    pub fn dotted(mut self, gap: f64) -> Self {
        self.dash = vec![0.0, gap];
        self.round = true;
        self
    }

    /// The same line with round ends.
    #[must_use]
    pub fn rounded(mut self) -> Self {
        self.round = true;
        self
    }

    #[must_use]
    pub fn with_opacity(mut self, opacity: f64) -> Self {
        self.opacity = opacity;
        self
    }
}

/// How hexes carrying a tag are marked.
#[derive(Clone, Debug, PartialEq)]
pub enum TagStyle {
    /// A translucent colour over the terrain.
    Tint { colour: String, opacity: f64 },
    /// Parallel lines across the hex (`angle` in degrees, `spacing` and `width` in pixels).
    Hatch {
        colour: String,
        width: f64,
        spacing: f64,
        angle: f64,
    },
    /// Scattered round dots, like trees (`radius` as a fraction of the hex size).
    Dots { colour: String, radius: f64 },
    /// A few small squares, like buildings (`size` as a fraction of the hex size).
    Squares { colour: String, size: f64 },
    /// Small x marks, like beach obstacles (`size` as a fraction of the hex size).
    Crosses {
        colour: String,
        size: f64,
        width: f64,
    },
    /// A line just inside the hex's edge.
    Outline { stroke: Stroke, inset: f64 },
}

/// A tag and how to draw it. Tags are drawn in the order of [`Style::tags`].
#[derive(Clone, Debug, PartialEq)]
pub struct TagRule {
    pub tag: String,
    pub style: TagStyle,
    /// Name in the legend; the tag itself when `None`.
    pub legend: Option<String>,
}

/// A stroke drawn for a hexside feature or a road kind.
#[derive(Clone, Debug, PartialEq)]
pub struct LineRule {
    /// Feature name (`hedgerow`) or road kind (`main`).
    pub name: String,
    pub stroke: Stroke,
    /// A second stroke drawn over the first (a road's centre line, a cliff's edge).
    pub over: Option<Stroke>,
    /// Name in the legend; the name itself when `None`.
    pub legend: Option<String>,
    /// Hexside features only: short ticks of this length (a fraction of the hex size) from the
    /// hexside towards the lower of its two hexes, the way maps draw a slope or cliff edge. Towards
    /// both sides when the levels are equal.
    pub ticks: Option<f64>,
}

impl LineRule {
    #[must_use]
    pub fn new(name: &str, stroke: Stroke) -> Self {
        Self {
            name: name.to_owned(),
            stroke,
            over: None,
            legend: None,
            ticks: None,
        }
    }

    /// The same rule with downhill ticks `length` hex sizes long.
    #[must_use]
    pub fn with_ticks(mut self, length: f64) -> Self {
        self.ticks = Some(length);
        self
    }

    /// The same rule with a second stroke on top.
    #[must_use]
    pub fn with_over(mut self, over: Stroke) -> Self {
        self.over = Some(over);
        self
    }

    #[must_use]
    pub fn with_legend(mut self, legend: &str) -> Self {
        self.legend = Some(legend.to_owned());
        self
    }
}

/// A line along the hexsides between two regions (`east` | `west`), or around one region when
/// `other` is `None` (every hexside between a hex of `region` and a map hex outside it).
#[derive(Clone, Debug, PartialEq)]
pub struct RegionBoundary {
    pub region: String,
    pub other: Option<String>,
    pub stroke: Stroke,
    /// Name in the legend; none when `None`.
    pub legend: Option<String>,
}

/// Everything about how a map looks. Fill it in from [`Style::default`].
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// Hex circumradius (centre to corner) in pixels.
    pub hex_size: f64,
    /// Display rotation of the board. Text always stays upright.
    pub rotation: Rotation,
    /// Mirror the board top to bottom after the rotation, for maps whose printed rows grow
    /// upwards (northwards). Text stays readable.
    pub mirror: bool,
    /// Empty space around everything, in pixels.
    pub margin: f64,
    /// Page colour.
    pub background: String,
    /// The hex grid lines.
    pub grid: Stroke,
    /// Terrain colours by terrain name; they win over the map's own `colour`.
    pub terrain_colours: Vec<(String, String)>,
    /// Colours for terrains with none, taken in terrain order.
    pub fallback_palette: Vec<String>,
    /// Per-tag marks, drawn in this order over the terrain.
    pub tags: Vec<TagRule>,
    /// Per-feature hexside strokes, drawn in this order. A feature with no rule is drawn with
    /// `default_feature`.
    pub features: Vec<LineRule>,
    pub default_feature: Stroke,
    /// Per-kind road strokes, drawn centre to centre, in this order. A kind with no rule is drawn
    /// with `default_road`.
    pub roads: Vec<LineRule>,
    pub default_road: Stroke,
    /// Region boundaries, drawn over the hexside features.
    pub region_boundaries: Vec<RegionBoundary>,
    /// The printed four-digit label in each hex.
    pub show_labels: bool,
    /// Label font size in pixels.
    pub label_size: f64,
    pub label_colour: String,
    /// Where the label sits, as a fraction of the hex size from the centre (page directions).
    pub label_offset: (f64, f64),
    /// Hex names (villages, landmarks).
    pub show_names: bool,
    /// Name font size in pixels.
    pub name_size: f64,
    pub name_colour: String,
    /// Where a name sits, as a fraction of the hex size from the centre (page directions).
    pub name_offset: (f64, f64),
    /// Title above the map; the map's own name when `None`, none when `Some("")`.
    pub title: Option<String>,
    pub title_size: f64,
    /// A legend below the map of the terrains, tags, features and roads the map uses.
    pub legend: bool,
    pub legend_size: f64,
    /// CSS font-family list for all text.
    pub font_family: String,
    pub text_colour: String,
}

impl Default for Style {
    fn default() -> Self {
        Self {
            hex_size: 30.0,
            rotation: Rotation::None,
            mirror: false,
            margin: 16.0,
            background: "#ffffff".to_owned(),
            grid: Stroke::new("#555555", 0.6).with_opacity(0.8),
            terrain_colours: Vec::new(),
            fallback_palette: [
                "#e8e4c9", "#b5d29a", "#d9c089", "#9cc3e0", "#c9b3d6", "#a8a8a8", "#e0b0a0",
                "#c2d6c2",
            ]
            .map(str::to_owned)
            .to_vec(),
            tags: Vec::new(),
            features: Vec::new(),
            default_feature: Stroke::new("#333333", 3.0),
            roads: Vec::new(),
            default_road: Stroke::new("#8a5a2b", 2.5).rounded(),
            region_boundaries: Vec::new(),
            show_labels: true,
            label_size: 7.0,
            label_colour: "#333333".to_owned(),
            label_offset: (0.0, -0.62),
            show_names: true,
            name_size: 11.0,
            name_colour: "#111111".to_owned(),
            name_offset: (0.0, 0.32),
            title: None,
            title_size: 20.0,
            legend: true,
            legend_size: 11.0,
            font_family: "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif".to_owned(),
            text_colour: "#111111".to_owned(),
        }
    }
}

impl Style {
    /// The classic wargame look for the tags, features and road kinds common to Normandy maps:
    /// `woods` tree dots, `buildings` squares, `bocage` hatching, `obstacle` crosses, tide lines;
    /// `shingle`, `seawall`, `slope`, `bluff`, cliffs, `hedgerow`, `at_ditch`; `main`, `secondary`,
    /// `trail` and `mined` roads. Start from this and adjust.
    #[must_use]
    pub fn wargame() -> Self {
        let tag = |tag: &str, style: TagStyle| TagRule {
            tag: tag.to_owned(),
            style,
            legend: None,
        };
        Self {
            tags: vec![
                tag(
                    "rough",
                    TagStyle::Dots {
                        colour: "#8a7a5a".to_owned(),
                        radius: 0.04,
                    },
                ),
                tag(
                    "bocage",
                    TagStyle::Hatch {
                        colour: "#3f6b2a".to_owned(),
                        width: 1.0,
                        spacing: 6.0,
                        angle: 45.0,
                    },
                ),
                tag(
                    "woods",
                    TagStyle::Dots {
                        colour: "#2f5d1e".to_owned(),
                        radius: 0.09,
                    },
                ),
                tag(
                    "buildings",
                    TagStyle::Squares {
                        colour: "#3a3a3a".to_owned(),
                        size: 0.16,
                    },
                ),
                tag(
                    "obstacle",
                    TagStyle::Crosses {
                        colour: "#4a2c1a".to_owned(),
                        size: 0.12,
                        width: 1.3,
                    },
                ),
                tag(
                    "tide_low",
                    TagStyle::Outline {
                        stroke: Stroke::new("#1f5fa8", 2.0),
                        inset: 0.12,
                    },
                ),
                tag(
                    "tide_mid",
                    TagStyle::Outline {
                        stroke: Stroke::new("#2a9d8f", 2.0),
                        inset: 0.12,
                    },
                ),
                tag(
                    "tide_high",
                    TagStyle::Outline {
                        stroke: Stroke::new("#d9822b", 2.0),
                        inset: 0.12,
                    },
                ),
            ],
            features: vec![
                LineRule::new("slope", Stroke::new("#b08a5a", 2.0).dashed(&[5.0, 3.0])),
                LineRule::new("bluff", Stroke::new("#7a4a1e", 3.0).rounded()).with_ticks(0.18),
                LineRule::new(
                    "scalable_cliff",
                    Stroke::new("#222222", 4.0).dashed(&[6.0, 3.0]),
                ),
                LineRule::new("sheer_cliff", Stroke::new("#000000", 4.0).rounded()).with_ticks(0.2),
                LineRule::new("seawall", Stroke::new("#3b3b3b", 5.0).rounded()),
                LineRule::new("shingle", Stroke::new("#8d8d8d", 3.5).dotted(5.0)),
                LineRule::new("hedgerow", Stroke::new("#1b5e20", 3.5).rounded()),
                LineRule::new("at_ditch", Stroke::new("#c62828", 3.0).dashed(&[6.0, 3.0])),
            ],
            roads: vec![
                LineRule::new("main", Stroke::new("#6d4c41", 5.0).rounded())
                    .with_over(Stroke::new("#f2c14e", 2.5).rounded())
                    .with_legend("main road"),
                LineRule::new("secondary", Stroke::new("#6d4c41", 3.5).rounded())
                    .with_over(Stroke::new("#ffffff", 1.5).rounded())
                    .with_legend("secondary road"),
                LineRule::new("trail", Stroke::new("#6d4c41", 1.6).dashed(&[4.0, 3.0]))
                    .with_legend("trail"),
                LineRule::new("mined", Stroke::new("#6d4c41", 3.0).rounded())
                    .with_over(Stroke::new("#d32f2f", 1.5).dashed(&[3.0, 3.0]))
                    .with_legend("mined road"),
            ],
            ..Self::default()
        }
    }

    /// The colour given for terrain `name`, if any.
    #[must_use]
    pub fn terrain_colour(&self, name: &str) -> Option<&str> {
        self.terrain_colours
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, c)| c.as_str())
    }

    /// Sets the colour of terrain `name`, replacing any given before.
    pub fn set_terrain_colour(&mut self, name: &str, colour: &str) {
        self.terrain_colours.retain(|(n, _)| n != name);
        self.terrain_colours
            .push((name.to_owned(), colour.to_owned()));
    }

    /// The rule for hexside feature `name`.
    #[must_use]
    pub fn feature(&self, name: &str) -> Option<&LineRule> {
        self.features.iter().find(|r| r.name == name)
    }

    /// The rule for road kind `name`.
    #[must_use]
    pub fn road(&self, name: &str) -> Option<&LineRule> {
        self.roads.iter().find(|r| r.name == name)
    }

    /// The rule for tag `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&TagRule> {
        self.tags.iter().find(|r| r.tag == name)
    }
}
