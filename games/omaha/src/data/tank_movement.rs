//! The German Tank Movement Map (variant 23.5; tank_movement.toml).

use super::files::{At, located};
use overlord_hexmap::HexLabel;
use serde::Deserialize;

/// Per Fire-card symbol, the hex to move to from a junction.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BySymbol {
    pub diamond: HexLabel,
    pub triangle: HexLabel,
    pub circle: HexLabel,
}

/// The movement order printed on one road hex.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TankOrder {
    pub hex: HexLabel,
    #[serde(default)]
    pub next: Option<HexLabel>,
    #[serde(default)]
    pub by_symbol: Option<BySymbol>,
    #[serde(skip)]
    pub at: At,
}

located!(TankOrder);

impl TankOrder {
    /// Every hex this order may send a tank to.
    pub fn destinations(&self) -> Vec<HexLabel> {
        let mut out: Vec<HexLabel> = self.next.into_iter().collect();
        if let Some(b) = &self.by_symbol {
            out.extend([b.diamond, b.triangle, b.circle]);
        }
        out
    }
}
