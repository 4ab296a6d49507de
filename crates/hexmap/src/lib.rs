//! Hex geometry and map data for the Overlord engine: the bottom layer that every game crate builds on.
//!
//! What lives here:
//! - [`Hex`] (axial coordinates, re-exported from `hexx`) with [`distance`], [`neighbours`] and
//!   [`direction_between`], plus direction names for flat-top and pointy-top boards;
//! - printed four-digit hex labels ([`HexLabel`]) and the [`LabelConvention`] that maps them to axial
//!   coordinates for each game's map;
//! - [`HexsideId`], one id per hexside whichever side it is seen from;
//! - [`trace_line`], the exact centre-to-centre line of `TOI-COMBAT-LOS-ALGO`, with the hexes it
//!   crosses and those it only touches on each side;
//! - movement [`Cost`] in exact thirds of a point, [`shortest_path`] and [`reachable`];
//! - [`MapData`], a map loaded from a hand-written TOML file, validated with every problem reported
//!   as `file:line:column: field: message` (the workspace's one problem type,
//!   [`overlord_datafile::Problem`], here called [`MapError`]);
//! - [`Composition`], a battlefield put together from several board files, each turned and moved
//!   into place, with half hexes joined at board edges and overlays laid over some hexes: the
//!   result is a [`MapData`] too;
//! - [`HexIndex`], dense `u16` ids for a map's hexes with a flat neighbour table, the shape game
//!   state is kept in;
//! - [`Marks`], a per-hex (or per-anything) table that a search reuses from one search to the
//!   next without clearing it.
//!
//! Invariants the rest of the workspace relies on:
//! - Geometry is exact: no floating point anywhere in this crate. Line tracing uses integer and
//!   rational arithmetic, costs are integer thirds.
//! - A [`HexsideId`] is canonical: `HexsideId::between(a, b) == HexsideId::between(b, a)`.
//! - Label conversion is lossless: `convention.to_label(convention.to_hex(l)) == Some(l)` for every
//!   label in every convention.
//! - Nothing here panics on user input: map files, labels and coordinates produce errors or `None`.
//!   Coordinates are meant to be map-sized; beyond about ±2^30 results degrade gracefully (hexes
//!   that cannot be represented are left out) but never panic.
//! - Map data is immutable once loaded and all of its iteration orders are deterministic.

mod coords;
mod data;
mod error;
mod hexside;
mod index;
mod labels;
mod line;
mod marks;
mod path;

pub use coords::{
    EdgeDirection, FlatTopDirection, Hex, PointyTopDirection, direction_between, distance,
    neighbours,
};
pub use data::{
    Composition, FeatureId, FeatureSet, HexCell, HexMap, MapData, Place, PlacedBoard,
    PlacedOverlay, Placement, Replaces, Road, RoadKindId, RoadLink, Rotation, TagId, TerrainDef,
    TerrainId,
};
pub use error::{MapError, MapErrors};
pub use hexside::HexsideId;
pub use index::{HexId, HexIndex};
pub use labels::{HexLabel, LabelConvention, LabelError, LabelOrder, Orientation, Parity};
pub use line::{Contact, HexLine, LineHex, LineParam, Side, trace_line};
pub use marks::Marks;
pub use path::{Cost, reachable, shortest_path, shortest_path_within};
