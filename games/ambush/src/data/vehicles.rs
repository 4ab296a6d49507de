//! `vehicles.toml`: the vehicle kinds (AMBX-VEH-1).

use super::weapons::{Rating, Side};
use serde::Deserialize;
use std::collections::BTreeMap;

/// AMBX-VEH-1: small (cars) or large (tanks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    Small,
    Large,
}

/// A vehicle's armour by location; `[front, side, rear]` for hull and turret.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armor {
    #[serde(default)]
    pub body: Option<Rating>,
    #[serde(default)]
    pub tire: Option<Rating>,
    #[serde(default)]
    pub hull: Option<[Rating; 3]>,
    #[serde(default)]
    pub turret: Option<[Rating; 3]>,
    #[serde(default)]
    pub track: Option<Rating>,
}

/// One vehicle kind.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleKind {
    pub name: String,
    pub side: Side,
    pub size: Size,
    pub armored: bool,
    pub can_close: bool,
    /// Seats for soldiers, seat 0 the driver's (cars); tanks have an abstract crew.
    pub seats: u8,
    pub crew: u8,
    pub slow_mpa: u8,
    pub fast_mpa: u8,
    pub armor: Armor,
    /// Guns fired by the occupant of a seat (`seat1 = "m2hb"`).
    #[serde(default)]
    pub mounted: BTreeMap<String, String>,
    #[serde(default)]
    pub turret_gun: Option<String>,
    #[serde(default)]
    pub turret_mg: Option<String>,
    #[serde(default)]
    pub bow_mg: Option<String>,
    /// AMB-VACT-2: false for the Jagdpanther's fixed gun.
    #[serde(default)]
    pub turret_rotates: bool,
}

impl VehicleKind {
    /// Whether this kind may enter terrain that only small vehicles enter (AMB-VACT-9: large
    /// vehicles may not enter woods).
    pub fn is_large(&self) -> bool {
        self.size == Size::Large
    }

    /// The weapons the kind carries.
    pub fn weapons(&self) -> impl Iterator<Item = &String> {
        self.mounted
            .values()
            .chain(&self.turret_gun)
            .chain(&self.turret_mg)
            .chain(&self.bow_mg)
    }
}
