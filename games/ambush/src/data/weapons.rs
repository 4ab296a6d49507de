//! `weapons.toml`: the Weapon Type Chart (AMBX-WTC-6), the blast rows (AMBX-WTC-7) and the
//! weapons soldiers and vehicles carry, each of a type (AMBX-WTC-6's weapon → type mapping).

use serde::Deserialize;
use std::collections::BTreeMap;

/// A personnel damage result (AMBX-WTC-2, AMBX-DMG-1; `C` only on the assault capture row,
/// AMBX-ASLT-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Damage {
    #[serde(rename = "-")]
    None,
    #[serde(rename = "P")]
    Panic,
    /// WND PRONE (AMB-FIRE-8): a wound, or panic for a prone target.
    #[serde(rename = "WP")]
    WoundProne,
    #[serde(rename = "W")]
    Wound,
    #[serde(rename = "I")]
    Incapacitate,
    #[serde(rename = "K")]
    Kill,
    #[serde(rename = "C")]
    Capture,
}

/// An armour rating, and a penetration result (AMBX-WTC-2: penetrates a rating at most the
/// result; L < M < H).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub enum Rating {
    #[serde(rename = "L")]
    Light,
    #[serde(rename = "M")]
    Medium,
    #[serde(rename = "H")]
    Heavy,
}

/// A penetration result: none, or the heaviest rating it goes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Penetration {
    Through(Rating),
    None(NoPenetration),
}

/// `-` in a penetration row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum NoPenetration {
    #[serde(rename = "-")]
    None,
}

/// How long a weapon that needs preparing stays prepared (AMBX-WTC-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Prep {
    UntilMoved,
    UntilUsed,
}

/// A side of the game, as data files write it.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, Deserialize,
)]
pub enum Side {
    #[serde(rename = "US")]
    Us,
    #[serde(rename = "GER")]
    German,
}

/// One row of the Weapon Type Chart. Thrown weapons, radios and blast-only types leave the
/// firing fields out.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponType {
    /// AMB-FIRE-1: the jam percentage for aimed fire (and for snap fire where `jam_snap` is
    /// absent); AMB-GREN-5's dud check reads the blast row instead.
    #[serde(default)]
    pub jam_aimed: Option<u8>,
    #[serde(default)]
    pub jam_snap: Option<u8>,
    /// AMB-FIRE-6: the ammunition percentage.
    #[serde(default)]
    pub ammo: Option<u8>,
    /// AMB-FIRE-6 "A": every shot uses a box.
    #[serde(default)]
    pub ammo_always: bool,
    /// AMB-VAMMO-1/2.
    #[serde(default)]
    pub ammo_unlimited: bool,
    /// AMB-VAMMO-1.
    #[serde(default)]
    pub never_jams: bool,
    /// AMB-ACT-2: a bazooka never snap fires.
    #[serde(default = "yes")]
    pub snap_allowed: bool,
    #[serde(default)]
    pub single_use: bool,
    #[serde(default)]
    pub min_range: u8,
    #[serde(default)]
    pub max_range: Option<u8>,
    /// The base DD per range band (AMBX-WTC-1), 0 where it cannot fire.
    #[serde(default)]
    pub dd: Option<Vec<u8>>,
    #[serde(default)]
    pub damage: Option<Vec<Damage>>,
    #[serde(default)]
    pub pen: Option<Vec<Penetration>>,
    /// AMBX-SOL-4.
    pub port_boxes: u8,
    /// AMB-AUTO.
    #[serde(default)]
    pub auto: bool,
    /// AMB-ACT-12, AMB-ACT-18.
    #[serde(default)]
    pub crew: bool,
    #[serde(default)]
    pub prep: Option<Prep>,
    /// AMB-PEN-1.
    #[serde(default)]
    pub explosive: bool,
    #[serde(default)]
    pub vehicle_only: bool,
    /// AMB-WPN-3: the blast row others in the target's hex take.
    #[serde(default)]
    pub side_blast: Option<String>,
    #[serde(default)]
    pub thrown: bool,
    /// AMB-GREN-2: a satchel is thrown standing only.
    #[serde(default)]
    pub standing_only: bool,
    #[serde(default)]
    pub blast_outside: Option<String>,
    #[serde(default)]
    pub blast_inside: Option<String>,
    /// AMB-EQP-2: a radio cannot be taken from the enemy.
    #[serde(default = "yes")]
    pub capturable: bool,
}

fn yes() -> bool {
    true
}

/// AMBX-WTC-7: a blast row.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlastRow {
    pub dud: u8,
    pub damage: Vec<Damage>,
}

/// One weapon (or item) a card, squad or vehicle names.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponDef {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub side: Side,
    /// AMBX-SOL-6: equipment points (a weapon includes 2 Ammo Boxes).
    pub cost: u8,
    #[serde(default)]
    pub vehicle_mounted: bool,
}

/// Everything in `weapons.toml`, by id.
#[derive(Clone, Debug, Default)]
pub struct Weapons {
    pub types: BTreeMap<String, WeaponType>,
    pub blasts: BTreeMap<String, BlastRow>,
    pub weapons: BTreeMap<String, WeaponDef>,
    /// The weapons' ids in id order: a weapon's index in the state is its place here (kept so
    /// that the state's index finds its weapon without walking the map).
    ids: Vec<String>,
    /// Each weapon's chart row, by the same index (the chapters ask it on every shot).
    rows: Vec<Option<WeaponType>>,
}

impl Weapons {
    /// The chart, the blasts and the weapons, indexed.
    pub fn new(
        types: BTreeMap<String, WeaponType>,
        blasts: BTreeMap<String, BlastRow>,
        weapons: BTreeMap<String, WeaponDef>,
    ) -> Weapons {
        let ids = weapons.keys().cloned().collect();
        let rows = weapons
            .values()
            .map(|w| types.get(&w.kind).cloned())
            .collect();
        Weapons {
            types,
            blasts,
            weapons,
            ids,
            rows,
        }
    }

    /// The weapon called `id`.
    pub fn weapon(&self, id: &str) -> Option<&WeaponDef> {
        self.weapons.get(id)
    }

    /// The index of the weapon called `id` among [`Self::weapons`] (in id order): how the
    /// game state names it.
    pub fn index_of(&self, id: &str) -> Option<u8> {
        self.weapons
            .keys()
            .position(|k| k == id)
            .and_then(|i| u8::try_from(i).ok())
    }

    /// The weapon with index `index`, and its id.
    pub fn by_index(&self, index: u8) -> Option<(&String, &WeaponDef)> {
        let id = self.ids.get(usize::from(index))?;
        self.weapons.get(id).map(|w| (id, w))
    }

    /// The chart row of the weapon with index `index`.
    pub fn type_by_index(&self, index: u8) -> Option<&WeaponType> {
        self.rows.get(usize::from(index))?.as_ref()
    }

    /// The type of the weapon called `id`.
    pub fn type_of(&self, id: &str) -> Option<&WeaponType> {
        self.weapons.get(id).and_then(|w| self.types.get(&w.kind))
    }
}
