//! `squads/*.toml`: pre-generated squads (AMBX-SOL-1..6). A new campaign and a standalone
//! mission start with one.

use serde::Deserialize;
use std::collections::BTreeMap;

/// One US soldier's card (AMBX-SOL-1).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoldierDef {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub commander: bool,
    #[serde(rename = "in")]
    pub initiative: u8,
    pub pc: u8,
    pub ws: i8,
    pub ds: u8,
    pub mpa: u8,
    /// AMB-CAMP-4: squad points paid for him (1 + IN + 2 for a commander).
    pub cost: u8,
    /// Weapon and item ids, each in its Port Boxes.
    #[serde(default)]
    pub items: Vec<String>,
    /// Ammo Boxes by the weapon (or grenade) they are for.
    #[serde(default)]
    pub ammo: BTreeMap<String, u8>,
}

/// A squad file.
#[derive(Clone, Debug)]
pub struct SquadDef {
    /// The file's stem (`sample_squad`), as missions name it.
    pub id: String,
    pub file: String,
    pub squad_points_used: u8,
    pub equipment_points_used: u8,
    pub soldiers: Vec<SoldierDef>,
}
