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

/// AMBX-SOL-6: what `card`'s equipment costs in equipment points: each item's price (a weapon
/// using ammunition by the percentage comes with 2 Ammo Boxes), each further Ammo Box or rocket
/// 1, each grenade its price. Unknown ids cost nothing (the validator reports them).
pub fn kit_cost(weapons: &super::weapons::Weapons, card: &SoldierDef) -> u32 {
    let items: u32 = card
        .items
        .iter()
        .filter_map(|item| weapons.weapon(item))
        .map(|w| u32::from(w.cost))
        .sum();
    let ammo: u32 = card
        .ammo
        .iter()
        .filter_map(|(for_what, &boxes)| {
            let t = weapons.type_of(for_what)?;
            Some(if t.thrown && !card.items.contains(for_what) {
                u32::from(boxes) * u32::from(weapons.weapon(for_what).map_or(1, |w| w.cost))
            } else if card.items.contains(for_what) {
                let included = if t.ammo.is_some() { 2 } else { 0 };
                u32::from(boxes.saturating_sub(included))
            } else {
                0
            })
        })
        .sum();
    items + ammo
}
