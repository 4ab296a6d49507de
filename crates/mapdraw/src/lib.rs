//! Map drawing for the Overlord engine: any hex map ([`overlord_hexmap::MapData`]) as SVG, with the
//! game's own layers on top, and SVG to PNG.
//!
//! The CLI's `overlord map` and the game crates draw their boards with it, and the browser client
//! will use the same code (it has no system dependency: the SVG is plain text, and only
//! [`svg_to_png`] needs resvg).
//!
//! - [`Layout`] places hexes on the page from the map's [`overlord_hexmap::LabelConvention`]
//!   (flat-top or pointy-top, column-row or row-column, odd or even shifted), with a display
//!   [`Rotation`] in quarter turns.
//! - [`Style`] is a plain struct of colours, strokes and switches: terrain fills (the map's own
//!   colours, else a palette), per-tag marks ([`TagStyle`]), per-feature hexside strokes and
//!   per-kind road strokes ([`LineRule`]), region boundaries, labels, names, title, legend.
//!   [`Style::wargame`] is a ready look for Normandy maps.
//! - [`Overlays`] is what a game draws on top: [`Mark`]s (circle, square, ring, diamond, triangle),
//!   [`HexText`], [`Link`]s (lines and arrows between hexes) and [`OffMapBox`]es beside the map.
//! - [`to_svg`] writes the document; [`page`] gives its layout without drawing; [`svg_to_png`]
//!   rasterises it.
//!
//! Nothing here panics on user input: names and colours from map files are escaped, and numbers
//! that are not finite are replaced before they reach the SVG.

mod geometry;
mod overlay;
mod png;
mod style;
mod svg;

pub use geometry::{Layout, Point, Rotation};
pub use overlay::{HexText, Link, Mark, OffMapBox, Overlays, Shape, Side};
pub use png::{Error, MAX_PNG_SIDE, svg_to_png};
pub use style::{LineRule, RegionBoundary, Stroke, Style, TagRule, TagStyle};
pub use svg::{Page, page, to_svg};

/// The PNG file signature: the first eight bytes of every PNG.
pub const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
