//! The map file as written, before any checking. Everything a message may point at is `Spanned`.

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::labels::LabelConvention;

/// A whole map file, each part decoded on its own so one bad entry does not hide the others.
#[derive(Default)]
pub(crate) struct RawDoc {
    /// Top-level keys present, valid or not, so a bad value is not also reported as missing.
    pub present: Vec<String>,
    pub name: Option<Spanned<String>>,
    pub authored_by: Option<Spanned<String>>,
    pub convention: Option<Spanned<LabelConvention>>,
    /// `[terrain]` entries in file order: that order numbers the `TerrainId`s.
    pub terrain: Vec<(Spanned<String>, RawTerrain)>,
    pub fills: Vec<Spanned<RawFill>>,
    pub hexes: Vec<RawHexEntry>,
    pub hexsides: Vec<Spanned<RawHexside>>,
    pub positions: Vec<Spanned<RawPlace>>,
    pub roads: Vec<Spanned<RawRoad>>,
    pub regions: Vec<Spanned<RawPlace>>,
}

impl RawDoc {
    pub fn has(&self, key: &str) -> bool {
        self.present.iter().any(|k| k == key)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTerrain {
    #[serde(default)]
    pub colour: Option<Spanned<String>>,
}

/// `fill = { terrain = "sea", columns = [1, 30], rows = [1, 40] }`: a rectangle of printed
/// columns and rows, both ranges inclusive.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawFill {
    pub terrain: Spanned<String>,
    pub columns: Spanned<Vec<i64>>,
    pub rows: Spanned<Vec<i64>>,
    #[serde(default)]
    pub level: Option<Spanned<i64>>,
}

/// One `[[hex]]`. Its `at` (one label or a list) is taken out before decoding the rest, because
/// serde cannot keep spans through a "string or array" choice.
pub(crate) struct RawHexEntry {
    pub at: Vec<Spanned<String>>,
    pub body: RawHex,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawHex {
    #[serde(default)]
    pub terrain: Option<Spanned<String>>,
    #[serde(default)]
    pub level: Option<Spanned<i64>>,
    #[serde(default)]
    pub tags: Vec<Spanned<String>>,
    #[serde(default)]
    pub name: Option<Spanned<String>>,
    #[serde(default)]
    pub half: Option<Spanned<bool>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawHexside {
    pub between: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    pub features: Vec<Spanned<String>>,
}

/// `[[position]]` and `[[region]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPlace {
    pub id: Spanned<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub hexes: Vec<Spanned<String>>,
    #[serde(default)]
    pub tags: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawRoad {
    pub kind: Spanned<String>,
    pub path: Spanned<Vec<Spanned<String>>>,
}
