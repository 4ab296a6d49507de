//! `tables.toml`: the numbers the rules read (AMBX-WTC-1, AMBX-AR-1, AMBX-CMD-1, AMBX-FCM,
//! AMBX-GCDM, AMBX-WTC-7, AMBX-ASLT, AMBX-WTC-5, AMBX-MOV-1, AMBX-VEH-2, AMBX-SOL, AMBX-CAMP,
//! AMBX-VEH-6, AMBX-VEH-4). Each table is decoded on its own, so one mistyped value does not
//! hide the others.

use serde::Deserialize;
use std::collections::BTreeMap;

/// AMB-DICE-1, AMBX-DICE: how the dice read.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceTable {
    pub percentile_00_is_100: bool,
    pub skill_auto_success: u8,
    pub skill_auto_failure: u8,
}

/// AMBX-WTC-1: the inclusive upper bound of each range band.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeBands {
    pub upper: Vec<u8>,
}

/// AMBX-AR-1: where a marker lands on the AR Track.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArTrackTable {
    pub two_turns_min_score: u8,
    pub one_turn_min_score: u8,
    pub red_die_max: u8,
    pub wounded_max_turns: u8,
}

/// AMB-RND-5, AMBX-CMD-1.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandTable {
    pub threshold: u8,
    pub commander_radius: u8,
}

/// AMBX-FCM-1: fire combat modifiers.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fcm {
    pub target_standing: i8,
    pub target_crouching: i8,
    pub target_prone: i8,
    pub target_prone_close: i8,
    /// The target hex's terrain, by terrain name.
    pub terrain: BTreeMap<String, i8>,
    pub crater_standing: i8,
    pub building_through_window: i8,
    pub target_unaware_or_panicked: i8,
    pub vehicle_small: i8,
    pub vehicle_large: i8,
    pub snap: i8,
    pub unprepared_lmg_snap: i8,
    pub firer_wounded: i8,
    pub firer_vehicle_moved: i8,
    pub us_with_german_weapon_ws: i8,
}

/// AMBX-GCDM-1/2: grenades and satchels.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gcdm {
    /// The base DD at ranges 1..=6.
    pub grenade_base: Vec<i8>,
    /// The base DD at ranges 1..=3.
    pub satchel_base: Vec<i8>,
    pub thrower_crouching: i8,
    pub thrower_wounded: i8,
    pub target_higher: i8,
    pub no_los: i8,
    pub thrower_in_forest: i8,
    pub through_window: i8,
    pub into_open_vehicle: i8,
    pub max_range_standing: u8,
    pub max_range_crouching: u8,
    pub satchel_max_range: u8,
}

/// AMBX-GCDM-4: the scatter die, `dir0`..`dir5`, `short` or `long` for each of 0..=9.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScatterTable {
    pub result: Vec<Scatter>,
}

/// Where a grenade that missed lands (AMBX-GCDM-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scatter {
    Dir0,
    Dir1,
    Dir2,
    Dir3,
    Dir4,
    Dir5,
    Short,
    Long,
}

/// AMBX-WTC-7: how far a target's stance lowers the blast damage die.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlastShift {
    pub standing: u8,
    pub crouching: u8,
    pub prone: u8,
    pub vehicle_occupant: u8,
}

/// AMBX-ASLT: assault modifiers and outcomes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssaultTable {
    pub base_dd: i8,
    pub charge: i8,
    pub attacker_wounded: i8,
    pub handy_weapon: i8,
    pub heavy_weapon: i8,
    pub defender_prone: i8,
    pub defender_wounded: i8,
    pub defender_panicked: i8,
    pub defender_unaware: i8,
    pub capture_mode: i8,
    pub friend_in_hex: i8,
    pub friend_in_hex_max: i8,
    pub kill_outcome: Vec<super::weapons::Damage>,
    pub capture_outcome: Vec<super::weapons::Damage>,
}

/// AMBX-WTC-5: clearing a jam in rounds is a skill roll against `base` + WS.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClearJam {
    pub base: i8,
}

/// AMBX-MOV-1 and AMBX-VEH-2: movement costs.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    pub infantry: InfantryCosts,
    pub vehicle: VehicleCosts,
}

/// AMBX-MOV-1: infantry MP to enter a hex in rounds.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfantryCosts {
    pub clear: u8,
    pub road: u8,
    pub field: u8,
    pub bridge: u8,
    pub brush: u8,
    pub rough: u8,
    pub crater: u8,
    pub forest: u8,
    pub rubble: u8,
    pub stream: u8,
    pub building_door: u8,
    pub building_window: u8,
    pub climb_per_level: u8,
    pub embankment_up: u8,
}

/// AMBX-VEH-2: vehicle MP per hex.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleCosts {
    pub road: u8,
    pub clear: u8,
    pub field: u8,
    pub bridge: u8,
    pub brush: u8,
    pub rough: u8,
    pub forest_small: u8,
    pub climb_per_level: u8,
    pub embankment_tank: u8,
    pub reverse_extra: u8,
    /// Terrain no vehicle enters (AMB-VACT-9).
    pub forbidden: Vec<super::map::Terrain>,
}

/// AMBX-SOL-2/3/6: squad generation.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Generation {
    pub squad_points: u8,
    pub max_squad: u8,
    pub equipment_points: u8,
    pub in_max_at_purchase: u8,
    pub base_cost: u8,
    pub commander_cost: u8,
    pub pc: Vec<u8>,
    pub ws: Vec<i8>,
    pub ds: Vec<u8>,
    pub mpa: Vec<u8>,
    pub port_boxes: u8,
    pub ammo_slots: u8,
}

/// AMB-CAMP, AMBX-CAMP.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignTable {
    pub xp_success_per_survivor: u8,
    pub xp_failure_per_survivor: u8,
    pub xp_loss_penalty: u8,
    pub xp_min_each: u8,
    pub xp_max_each: u8,
    pub improvement_cost: u8,
    pub caps: Caps,
    pub roll_pc_or_in: Vec<RaisedRating>,
}

/// AMB-CAMP-6: the ratings' caps.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Caps {
    #[serde(rename = "in")]
    pub initiative: u8,
    pub pc: u8,
    pub ws: i8,
    pub ds: u8,
}

/// AMBX-CAMP-4: which rating a "roll to raise PC or IN" raises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum RaisedRating {
    #[serde(rename = "PC")]
    Perception,
    #[serde(rename = "IN")]
    Initiative,
}

/// AMBX-VEH-6: the accident tables, one result per d10.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccidentTable {
    pub car: Vec<CarAccident>,
    pub tank: Vec<TankAccident>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CarAccident {
    Swerve,
    Spin,
    Ditch,
    Crash,
    Rollover,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TankAccident {
    Stall,
    Bogged,
    ThrownTrack,
    ThrownTrackPanic,
}

/// AMBX-VEH-4: the hit charts.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HitCharts {
    /// By number of occupants ("0".."4"), one location per d10.
    pub car: BTreeMap<String, Vec<CarLocation>>,
    pub tank: TankHitChart,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CarLocation {
    Tire,
    Body,
    Driver,
    Psgr1,
    Psgr2,
    Psgr3,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TankLocation {
    Track,
    Hull,
    Turret,
    Crew,
}

/// AMBX-VEH-4: a tank's hit chart by the attacker's aspect, closed or open.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TankHitChart {
    pub front_closed: Vec<TankLocation>,
    pub front_open: Vec<TankLocation>,
    pub side_closed: Vec<TankLocation>,
    pub side_open: Vec<TankLocation>,
    pub rear_closed: Vec<TankLocation>,
    pub rear_open: Vec<TankLocation>,
}

/// Every table of `tables.toml`.
#[derive(Clone, Debug)]
pub struct Tables {
    pub dice: DiceTable,
    pub range_bands: RangeBands,
    pub ar_track: ArTrackTable,
    pub command: CommandTable,
    pub fcm: Fcm,
    pub gcdm: Gcdm,
    pub scatter: ScatterTable,
    pub blast_shift: BlastShift,
    pub assault: AssaultTable,
    pub clear_jam: ClearJam,
    pub movement: Movement,
    pub generation: Generation,
    pub campaign: CampaignTable,
    pub accident: AccidentTable,
    pub hit_chart: HitCharts,
}
