//! `missions/*.toml`: a mission (AMBX-MIS-1): its header and briefing, Conditions, event column,
//! map, mission sheet, German cards, vehicles, victory conditions and paragraph book
//! (AMBX-PAR). Decoded part by part so one mistyped paragraph does not hide the next; the
//! checks across parts are in [`super::check`].

use super::map::{Dir, HexDef};
use super::weapons::Side;
use overlord_datafile::{Source, Spanned};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The German exit edge (`RT`, AMBX-GER-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    North,
    East,
    South,
    West,
}

/// `[mission]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionHeader {
    pub id: String,
    pub name: String,
    pub date: String,
    pub map_cols: u8,
    pub map_rows: u8,
    pub start_condition: u8,
    pub us_entry: Vec<String>,
    pub german_exit_edge: Edge,
    pub briefing: String,
    /// The squad a standalone game of the mission starts with (a file in `squads/`, by its
    /// stem); ours, not the spec's: the spec leaves the squad to the campaign.
    #[serde(default)]
    pub squad: Option<String>,
}

/// `[[condition]]` (AMBX-MIS-1, AMBX-MIS-6).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionDef {
    pub number: u8,
    pub name: String,
    /// AMB-OPS-8: an Activation Check succeeds on a d10 at most this.
    pub activation_level: u8,
    pub activation_pool: Vec<Spanned<String>>,
}

/// One sheet entry as written (AMBX-MIS-3): a reference, or a list of them.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum RawEntry {
    One(String),
    Lines(EntryLines),
}

/// `{ first = [...] }` or `{ any = [...] }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryLines {
    #[serde(default)]
    pub first: Option<Vec<String>>,
    #[serde(default)]
    pub any: Option<Vec<String>>,
}

/// One reference of the entry grammar (AMBX-MIS-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ref {
    /// `-`.
    Nothing,
    /// `E`: an Event (AMB-OPS-7).
    Event,
    /// `A`: an Activation Check (AMB-OPS-8).
    Activation,
    /// `nnn`.
    Paragraph(u16),
    /// `sN:nnn`: the paragraph only while sighting N has not occurred (AMB-OPS-4).
    Gated { sighting: u8, paragraph: u16 },
}

impl Ref {
    /// Read one reference, or say what is wrong with it.
    pub fn parse(text: &str) -> Result<Ref, String> {
        match text {
            "-" => return Ok(Ref::Nothing),
            "E" => return Ok(Ref::Event),
            "A" => return Ok(Ref::Activation),
            _ => {}
        }
        if let Some(rest) = text.strip_prefix('s') {
            let Some((sighting, paragraph)) = rest.split_once(':') else {
                return Err(format!(
                    "`{text}` is no entry: write \"sN:nnn\" for a gated paragraph"
                ));
            };
            let sighting = sighting
                .parse::<u8>()
                .map_err(|_| format!("`{text}`: the sighting number must be a small number"))?;
            return Ok(Ref::Gated {
                sighting,
                paragraph: paragraph_id(paragraph)?,
            });
        }
        paragraph_id(text).map(Ref::Paragraph).map_err(|_| {
            format!(
                "`{text}` is no entry: write \"-\", \"E\", \"A\", a paragraph \"nnn\" or \"sN:nnn\""
            )
        })
    }

    /// The paragraph it reads, if any.
    pub fn paragraph(self) -> Option<u16> {
        match self {
            Ref::Paragraph(p) | Ref::Gated { paragraph: p, .. } => Some(p),
            _ => None,
        }
    }
}

/// A paragraph id: three digits, `000`..`999` (AMBX-PAR-1).
pub fn paragraph_id(text: &str) -> Result<u16, String> {
    if text.len() == 3 && text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse::<u16>().map_err(|e| e.to_string())
    } else {
        Err(format!(
            "`{text}` is no paragraph id: write three digits, \"000\" to \"999\""
        ))
    }
}

/// A sheet entry once read: one reference, numbered lines (the first valid applies) or
/// bulleted lines (the player chooses a valid one), AMB-OPS-6.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    One(Ref),
    First(Vec<Ref>),
    Any(Vec<Ref>),
}

impl Entry {
    /// Every reference of the entry.
    pub fn refs(&self) -> &[Ref] {
        match self {
            Entry::One(r) => std::slice::from_ref(r),
            Entry::First(lines) | Entry::Any(lines) => lines,
        }
    }
}

/// The mission sheet read once at load: what the engine consults during play.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SheetTable {
    /// AMBX-MIS-2: per hex (dense id) and Condition (1-based, at index `condition - 1`).
    pub check: Vec<Vec<Option<Entry>>>,
    /// AMBX-MIS-4: per hex and Condition, the red destination (`None`: stay).
    pub gmove: Vec<Vec<Option<crate::map::Hex>>>,
    /// AMBX-MIS-5: the RE column, by 2d10 sum.
    pub events: Vec<Entry>,
    /// AMBX-MIS-6: each Condition's activation pool.
    pub pools: Vec<Vec<Ref>>,
}

impl SheetTable {
    /// The sheet's entry for `hex` in `condition`, if any.
    pub fn check(&self, hex: crate::map::Hex, condition: u8) -> Option<&Entry> {
        self.check
            .get(usize::from(hex.0))?
            .get(usize::from(condition).checked_sub(1)?)?
            .as_ref()
    }

    /// The red movement destination for a German in `hex` in `condition`, if any.
    pub fn gmove(&self, hex: crate::map::Hex, condition: u8) -> Option<crate::map::Hex> {
        *self
            .gmove
            .get(usize::from(hex.0))?
            .get(usize::from(condition).checked_sub(1)?)?
    }
}

/// `[events]`: the RE column (AMBX-MIS-5).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventsDef {
    pub re: Vec<Spanned<RawEntry>>,
}

/// `[map]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapDef {
    pub hex: BTreeMap<Spanned<String>, Spanned<HexDef>>,
}

/// `[sheet]`: the per-hex checks by Condition (AMBX-MIS-2) and the red German movement
/// destinations (AMBX-MIS-4).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetDef {
    #[serde(default)]
    pub check: BTreeMap<Spanned<String>, BTreeMap<String, Spanned<RawEntry>>>,
    #[serde(default)]
    pub gmove: BTreeMap<Spanned<String>, BTreeMap<String, Spanned<String>>>,
}

/// `[[german]]`: a German card (AMBX-GER-1).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GermanCard {
    pub code: String,
    pub name: String,
    #[serde(rename = "in")]
    pub initiative: u8,
    pub ws: i8,
    pub mpa: u8,
    /// AMBX-GER-9: used for grenade strikes, dodging vehicles and booby traps.
    #[serde(default = "german_pc")]
    pub pc: u8,
    #[serde(default)]
    pub ds: Option<u8>,
    #[serde(default)]
    pub commander: bool,
    pub weapons: Vec<String>,
    #[serde(default)]
    pub grenades: u8,
    pub columns: Vec<String>,
    /// Ten rows (Action Numbers 0..=9) of one code per column.
    pub table: Vec<Vec<String>>,
}

fn german_pc() -> u8 {
    5
}

/// `[[vehicle]]`: a vehicle a paragraph may place.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleInstance {
    pub id: String,
    pub kind: String,
    pub side: Side,
}

/// `[victory]` (AMBX-MIS-10).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryDef {
    #[serde(default)]
    pub require_us_in: Vec<String>,
    #[serde(default)]
    pub require_no_active_germans: bool,
    #[serde(default)]
    pub require_vp_at_least: i32,
    #[serde(default)]
    pub declare_end_only_in_ops: bool,
    #[serde(default)]
    pub vp_german_killed_or_incapacitated: i32,
    #[serde(default)]
    pub vp_german_captured: i32,
    #[serde(default)]
    pub vp_vehicle_disabled_or_destroyed: i32,
    #[serde(default)]
    pub rescue_hexes: Vec<String>,
    #[serde(default)]
    pub rescue_with_guard_hexes: Vec<String>,
}

/// `first` or `any` lines (AMB-OPS-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineMode {
    First,
    Any,
}

/// `[[paragraph]]` (AMBX-PAR-1).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Paragraph {
    pub id: String,
    /// Applying the paragraph records this sighting (AMB-OPS-3).
    #[serde(default)]
    pub sighting: Option<u8>,
    pub text: String,
    #[serde(default)]
    pub effects: Option<Vec<Spanned<Effect>>>,
    #[serde(default)]
    pub mode: Option<LineMode>,
    #[serde(default)]
    pub lines: Option<Vec<Line>>,
}

impl Paragraph {
    /// Every effect of the paragraph, its lines' included.
    pub fn all_effects(&self) -> impl Iterator<Item = &Spanned<Effect>> {
        self.effects
            .iter()
            .flatten()
            .chain(self.lines.iter().flatten().flat_map(|l| &l.effects))
    }
}

/// `[[paragraph.lines]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    pub when: When,
    #[serde(default)]
    pub text: Option<String>,
    pub effects: Vec<Spanned<Effect>>,
}

/// A stance (AMBX-PAR-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stance {
    Standing,
    Crouching,
    Prone,
}

/// Where a German placed in rounds starts on the AR Track (AMB-NEWG).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum ArStart {
    #[serde(rename = "2T")]
    TwoTurns,
    #[serde(rename = "1T")]
    OneTurn,
    #[serde(rename = "C")]
    Complete,
    #[serde(rename = "roll")]
    Roll,
}

/// Who makes a paragraph's Perception Check (AMBX-PAR-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    Actor,
    ActorGroup,
    BestInHex,
    EachInHex,
}

/// Who takes a paragraph's US free fire (AMBX-PAR-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shooter {
    Actor,
    PcPassed,
}

/// Aimed or snap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireKind {
    Snap,
    Aimed,
}

/// A hex marker (AMBX-MIS-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Marker {
    Event,
    TrapResolved,
    Minefield,
    Landmark,
    Breach,
    Rubble,
}

impl Marker {
    /// Every marker, in bit order ([`crate::state::marker_bit`]).
    pub const ALL: [Marker; 6] = [
        Marker::Event,
        Marker::TrapResolved,
        Marker::Minefield,
        Marker::Landmark,
        Marker::Breach,
        Marker::Rubble,
    ];
}

/// How a paragraph ends the mission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionResult {
    Success,
    Failure,
}

/// The phase a `when` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseName {
    Ops,
    Rounds,
}

/// One effect (AMBX-PAR-2), by its `op`.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    PlaceGerman {
        german: String,
        hex: String,
        stance: Stance,
        #[serde(default)]
        ar: Option<ArStart>,
        #[serde(default)]
        prepared: Vec<String>,
    },
    PlaceVehicle {
        vehicle: String,
        kind: String,
        hex: String,
        facing: Dir,
        side: Side,
        driver: String,
        #[serde(default)]
        passengers: Vec<String>,
        #[serde(default)]
        open: Option<bool>,
    },
    SetCondition {
        value: u8,
    },
    Event,
    ActivationCheck,
    Goto {
        paragraph: String,
    },
    PcCheck {
        who: Who,
        #[serde(default)]
        success: Option<String>,
        #[serde(default)]
        fail: Option<String>,
    },
    FreeFire {
        shooter: Shooter,
        fire: FireKind,
        #[serde(default)]
        target: Option<String>,
    },
    GermanFreeFire {
        german: String,
        fire: FireKind,
        /// `actor`, `easiest`.
        target: String,
    },
    Boobytrap,
    Minefield,
    Blast {
        /// `random_us` or a hex.
        hex: String,
        table: String,
        #[serde(default)]
        pc_check: bool,
    },
    Vp {
        amount: i32,
    },
    SetFlag {
        flag: String,
    },
    MarkHex {
        marker: Marker,
        #[serde(default)]
        hex: Option<String>,
    },
    Surrender {
        german: String,
    },
    GiveItem {
        /// `actor`.
        to: String,
        item: String,
        #[serde(default)]
        ammo_boxes: u8,
    },
    Nothing,
    EndMission {
        result: MissionResult,
    },
}

impl Effect {
    /// The paragraphs this effect goes on to read (`goto`, `pc_check`'s branches).
    pub fn next_paragraphs(&self) -> Vec<&str> {
        match self {
            Effect::Goto { paragraph } => vec![paragraph.as_str()],
            Effect::PcCheck { success, fail, .. } => {
                success.iter().chain(fail).map(String::as_str).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// `when`: everything listed must hold (AMBX-PAR-3).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct When {
    #[serde(default)]
    pub sighting: Option<u8>,
    #[serde(default)]
    pub not_sighting: Option<u8>,
    #[serde(default)]
    pub flag: Option<String>,
    #[serde(default)]
    pub not_flag: Option<String>,
    #[serde(default)]
    pub condition: Option<u8>,
    #[serde(default)]
    pub phase: Option<PhaseName>,
    #[serde(default)]
    pub hex_marker: Option<Marker>,
    #[serde(default)]
    pub german_active: Option<String>,
    #[serde(default)]
    pub german_wounded: Option<String>,
    #[serde(default)]
    pub us_within: Option<UsWithin>,
    #[serde(default)]
    pub german_on_map: Option<bool>,
    #[serde(default)]
    pub actor_free_port_box: Option<bool>,
    #[serde(default)]
    pub always: Option<bool>,
}

/// `us_within = { of = "C", range = 2, min = 2 }`: at least `min` active US soldiers within
/// `range` hexes of German `of`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UsWithin {
    pub of: String,
    pub range: u8,
    pub min: u8,
}

/// One mission, read and checked.
#[derive(Clone, Debug)]
pub struct MissionDef {
    /// Its file, under the data folder (`missions/s1_crossroads_farm.toml`).
    pub file: String,
    /// Its text, so checks made later can point at a line.
    pub source: Source,
    pub header: MissionHeader,
    pub conditions: Vec<ConditionDef>,
    pub events: EventsDef,
    pub map: MapDef,
    pub sheet: SheetDef,
    pub germans: Vec<Spanned<GermanCard>>,
    pub vehicles: Vec<Spanned<VehicleInstance>>,
    pub victory: VictoryDef,
    pub paragraphs: Vec<Spanned<Paragraph>>,
    /// The sheet, event column and pools as the engine reads them.
    pub table: SheetTable,
    /// The flags its paragraphs set, sorted: a game keeps them as bits by this index.
    pub flags: Vec<String>,
    /// The map as hexmap data, built once the map checks pass.
    pub hexes: Option<crate::map::MissionMap>,
}

impl MissionDef {
    /// The paragraph with id `id` (`"104"`).
    pub fn paragraph(&self, id: &str) -> Option<&Paragraph> {
        self.paragraphs
            .iter()
            .map(Spanned::get_ref)
            .find(|p| p.id == id)
    }

    /// The index of flag `name` among [`Self::flags`].
    pub fn flag_index(&self, name: &str) -> Option<usize> {
        self.flags.binary_search_by(|f| f.as_str().cmp(name)).ok()
    }

    /// The German card with code `code`.
    pub fn german(&self, code: &str) -> Option<&GermanCard> {
        self.germans
            .iter()
            .map(Spanned::get_ref)
            .find(|g| g.code == code)
    }
}
