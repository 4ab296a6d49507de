//! The terrain table (spec table 2.2, `TOI-TERR-*`): `terrain.toml`.

use overlord_datafile::files::At;
use overlord_datafile::located;
use serde::Deserialize;

/// One kind of terrain (`[[terrain]]`): what entering it costs, the cover it gives, whether it
/// blocks line of sight and takes entrenchments.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainDef {
    #[serde(skip)]
    pub at: At,
    /// The name board files use for it (`woods`).
    pub id: String,
    pub name: String,
    /// MP a squad pays to enter (`TOI-TERR`); absent: squads may not enter.
    #[serde(default)]
    pub squad_cost: Option<u8>,
    /// MP a vehicle pays to enter; absent: vehicles may not enter.
    #[serde(default)]
    pub vehicle_cost: Option<u8>,
    /// Defence dice added to units in the hex (table 2.4).
    pub cover: u8,
    /// Whether the hex is an obstacle to line of sight (`TOI-COMBAT-LOS`).
    pub blocks_los: bool,
    /// Whether entrenchments may be dug there (`TOI-FORT`).
    pub entrenchments: bool,
}

located!(TerrainDef);
