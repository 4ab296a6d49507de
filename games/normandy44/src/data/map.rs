//! The map as the rules read it: the generic map file (`map.toml`, hexmap's format) turned into
//! dense per-hex arrays of the game's own terrain, flags and hexsides, and the map's named
//! positions (beaches, drops, entry hexes...) resolved to hex ids. docs/normandy44/data.md
//! gives every id the file must use.

use crate::tables::terrain::{HexsideFeature, Terrain};
use overlord_datafile::Problem;
use overlord_hexmap::{EdgeDirection, HexId, HexIndex, HexMap, Place};

use super::cards::EntryColour;

/// Per-hex facts other than terrain, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HexFlags(pub u32);

impl HexFlags {
    pub const TOWN: u32 = 1;
    pub const CITY: u32 = 1 << 1;
    pub const HILLTOP: u32 = 1 << 2;
    pub const AIRFIELD: u32 = 1 << 3;
    /// Land next to the sea (18.5's Allied attrition DRM, 8.5.5's border).
    pub const COASTAL: u32 = 1 << 4;
    pub const NAVAL_ZONE: u32 = 1 << 5;
    /// On the US side of the Army Boundary (22.1).
    pub const US_SECTOR: u32 = 1 << 6;
    /// On the Allied side of the 27 June Historical Advance Line (24.3, 26.1).
    pub const H_LINE_ALLIED: u32 = 1 << 7;
    /// Beyond the mini game's Bombardment Line (25.2).
    pub const BEYOND_BOMBARDMENT_LINE: u32 = 1 << 8;
    pub const CHERBOURG_PERIMETER: u32 = 1 << 9;
    pub const SOUTH_EDGE: u32 = 1 << 10;
    pub const EAST_EDGE: u32 = 1 << 11;
    pub const COTENTIN: u32 = 1 << 12;
    pub const PERMANENT_IP: u32 = 1 << 13;
    /// A hex on the map's outer rim (units forced off the map are eliminated, 9.2).
    pub const RIM: u32 = 1 << 14;

    pub fn has(self, bit: u32) -> bool {
        self.0 & bit != 0
    }
}

/// What one hexside holds, seen from one of its hexes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hexside {
    /// Bits of [`HexsideFeature`] by discriminant.
    pub features: u16,
    pub road: Option<RoadKind>,
}

impl Hexside {
    pub fn has(self, feature: HexsideFeature) -> bool {
        self.features & (1 << feature as u16) != 0
    }
}

/// The two road kinds (9.3, TEC).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoadKind {
    Main,
    Secondary,
}

/// The nine assault hexes of the invasion (20.3), in the order the example of play resolves
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Assault {
    Utah,
    PointeDuHoc,
    Omaha29,
    Omaha1,
    GoldJig,
    GoldKing,
    JunoMike,
    JunoNan,
    SwordQueen,
}

impl Assault {
    pub const ALL: [Assault; 9] = [
        Assault::Utah,
        Assault::PointeDuHoc,
        Assault::Omaha29,
        Assault::Omaha1,
        Assault::GoldJig,
        Assault::GoldKing,
        Assault::JunoMike,
        Assault::JunoNan,
        Assault::SwordQueen,
    ];

    /// The map position of its beach hex.
    pub fn position(self) -> &'static str {
        match self {
            Assault::Utah => "beach-utah",
            Assault::PointeDuHoc => "beach-pdh",
            Assault::Omaha29 => "beach-omaha-29",
            Assault::Omaha1 => "beach-omaha-1",
            Assault::GoldJig => "beach-gold-jig",
            Assault::GoldKing => "beach-gold-king",
            Assault::JunoMike => "beach-juno-mike",
            Assault::JunoNan => "beach-juno-nan",
            Assault::SwordQueen => "beach-sword-queen",
        }
    }

    /// The beach it belongs to; Pointe du Hoc belongs to none (no engineer, no RP limit).
    pub fn beach(self) -> Option<Beach> {
        match self {
            Assault::Utah => Some(Beach::Utah),
            Assault::PointeDuHoc => None,
            Assault::Omaha29 | Assault::Omaha1 => Some(Beach::Omaha),
            Assault::GoldJig | Assault::GoldKing => Some(Beach::Gold),
            Assault::JunoMike | Assault::JunoNan => Some(Beach::Juno),
            Assault::SwordQueen => Some(Beach::Sword),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Assault::Utah => "Utah",
            Assault::PointeDuHoc => "Pointe du Hoc",
            Assault::Omaha29 => "Omaha (29th Division)",
            Assault::Omaha1 => "Omaha (1st Division)",
            Assault::GoldJig => "Gold (Jig)",
            Assault::GoldKing => "Gold (King)",
            Assault::JunoMike => "Juno (Mike)",
            Assault::JunoNan => "Juno (Nan)",
            Assault::SwordQueen => "Sword (Queen)",
        }
    }
}

pub use crate::tables::costs::Beach;

/// The map, dense.
#[derive(Clone, Debug)]
pub struct GameMap {
    pub file: HexMap,
    pub hexes: HexIndex,
    pub terrain: Vec<Terrain>,
    pub flags: Vec<HexFlags>,
    pub sides: Vec<[Hexside; 6]>,
    pub assaults: [HexId; 9],
    pub beachheads: [HexId; 5],
    /// US, CW.
    pub mulberries: [HexId; 2],
    /// (colour, hexes) of the German entry zones, in the order the edge runs (6.6).
    pub entries: Vec<(EntryColour, Vec<HexId>)>,
    pub mobilization_243: Vec<HexId>,
    pub mobilization_709: Vec<HexId>,
    pub batteries: Vec<(String, HexId)>,
    /// The city hexes inside the Cherbourg Perimeter, in hex order (5.2, 17.4, 18.1, 23.2,
    /// 26.3): asked for every supply source and every German reinforcement list.
    pub cherbourg_cities: Vec<HexId>,
}

/// The map's own ids of terrain types, hexside features and road kinds, by the game's meaning.
const TERRAINS: [(&str, Terrain); 9] = [
    ("sea", Terrain::Sea),
    ("clear", Terrain::Clear),
    ("mixed", Terrain::Mixed),
    ("bocage", Terrain::Bocage),
    ("woods", Terrain::Woods),
    ("flooded", Terrain::Flooded),
    ("marsh", Terrain::Marsh),
    ("town", Terrain::Town),
    ("city", Terrain::City),
];

const FEATURES: [(&str, HexsideFeature); 8] = [
    ("minor_river", HexsideFeature::MinorRiver),
    ("major_river", HexsideFeature::MajorRiver),
    ("flooded", HexsideFeature::Flooded),
    ("causeway", HexsideFeature::Causeway),
    ("impassable", HexsideFeature::Impassable),
    ("all_sea", HexsideFeature::AllSea),
    ("carpiquet", HexsideFeature::Carpiquet),
    ("cherbourg_perimeter", HexsideFeature::CherbourgPerimeter),
];

const REGIONS: [(&str, u32); 8] = [
    ("naval_bombardment_zone", HexFlags::NAVAL_ZONE),
    ("us_sector", HexFlags::US_SECTOR),
    ("h_line_allied", HexFlags::H_LINE_ALLIED),
    ("beyond_bombardment_line", HexFlags::BEYOND_BOMBARDMENT_LINE),
    ("cherbourg_perimeter", HexFlags::CHERBOURG_PERIMETER),
    ("south_edge", HexFlags::SOUTH_EDGE),
    ("east_edge", HexFlags::EAST_EDGE),
    ("cotentin", HexFlags::COTENTIN),
];

const TAGS: [(&str, u32); 3] = [
    ("hilltop", HexFlags::HILLTOP),
    ("airfield", HexFlags::AIRFIELD),
    ("permanent_ip", HexFlags::PERMANENT_IP),
];

impl GameMap {
    /// The game's reading of `file`, or every problem with it (an unknown terrain, a position
    /// the rules need that the file lacks).
    pub fn new(file: HexMap) -> Result<GameMap, Vec<Problem>> {
        let mut problems = Vec::new();
        let name = file.source_file().to_owned();
        let mut complain = |field: &str, message: String| {
            problems.push(Problem::whole_file(name.clone(), field, message));
        };
        let Some(hexes) = HexIndex::new(&file) else {
            complain(
                "hex",
                "the map has more hexes than the game can number".into(),
            );
            return Err(problems);
        };
        let mut terrain = Vec::with_capacity(hexes.len());
        let mut flags = vec![HexFlags::default(); hexes.len()];
        for (i, cell) in file.cells().iter().enumerate() {
            let name = file.terrain_name(cell.terrain).unwrap_or("");
            match TERRAINS.iter().find(|(n, _)| *n == name) {
                Some(&(_, t)) => terrain.push(t),
                None => {
                    complain(
                        "terrain",
                        format!(
                            "terrain `{name}` means nothing to Normandy '44; use one of {}",
                            TERRAINS.map(|(n, _)| n).join(", ")
                        ),
                    );
                    terrain.push(Terrain::Clear);
                }
            }
            if let Some(flag) = flags.get_mut(i) {
                match terrain.last() {
                    Some(Terrain::Town) => flag.0 |= HexFlags::TOWN,
                    Some(Terrain::City) => flag.0 |= HexFlags::CITY,
                    _ => {}
                }
            }
        }
        for (tag, bit) in TAGS {
            if let Some(tag) = file.tag_id(tag) {
                for hex in file.hexes_tagged(tag) {
                    if let Some(i) = file.index(hex) {
                        flags[i].0 |= bit;
                    }
                }
            }
        }
        for (region, bit) in REGIONS {
            match file.region(region) {
                Some(place) => {
                    for hex in &place.hexes {
                        if let Some(i) = file.index(*hex) {
                            flags[i].0 |= bit;
                        }
                    }
                }
                None => complain("region", format!("the rules need the region `{region}`")),
            }
        }
        let feature_ids: Vec<_> = FEATURES
            .iter()
            .filter_map(|&(n, f)| file.feature_id(n).map(|id| (id, f)))
            .collect();
        let main = file.road_kind_id("main");
        let secondary = file.road_kind_id("secondary");
        let mut sides = Vec::with_capacity(hexes.len());
        for id in hexes.ids() {
            let mut around = [Hexside::default(); 6];
            for (d, side) in EdgeDirection::ALL_DIRECTIONS.iter().zip(around.iter_mut()) {
                let set = hexes.hexside_features(id, *d);
                for &(fid, f) in &feature_ids {
                    if set.contains(fid) {
                        side.features |= 1 << f as u16;
                    }
                }
                let road = hexes.road(id, *d);
                side.road = if road.is_some() && road == main {
                    Some(RoadKind::Main)
                } else if road.is_some() && road == secondary {
                    Some(RoadKind::Secondary)
                } else {
                    None
                };
            }
            sides.push(around);
            let land = terrain.get(id.index()) != Some(&Terrain::Sea);
            let rim = hexes.neighbours(id).contains(&HexId::NONE);
            let coastal = land
                && hexes
                    .neighbours_on_map(id)
                    .any(|n| terrain.get(n.index()) == Some(&Terrain::Sea));
            if let Some(flag) = flags.get_mut(id.index()) {
                if rim {
                    flag.0 |= HexFlags::RIM;
                }
                if coastal {
                    flag.0 |= HexFlags::COASTAL;
                }
            }
        }
        let one = |problems: &mut Vec<Problem>, id: &str| -> HexId {
            let hex = file
                .position(id)
                .and_then(|p| p.hexes.first().copied())
                .and_then(|h| hexes.id(h));
            hex.unwrap_or_else(|| {
                problems.push(Problem::whole_file(
                    name.clone(),
                    "position",
                    format!("the rules need the position `{id}` with one hex"),
                ));
                HexId::NONE
            })
        };
        let assaults = Assault::ALL.map(|a| one(&mut problems, a.position()));
        let beachheads = Beach::ALL.map(|b| one(&mut problems, &format!("beachhead-{}", b.id())));
        let mulberries = [
            one(&mut problems, "mulberry-us"),
            one(&mut problems, "mulberry-cw"),
        ];
        let many = |place: Option<&Place>| -> Vec<HexId> {
            place
                .map(|p| p.hexes.iter().filter_map(|h| hexes.id(*h)).collect())
                .unwrap_or_default()
        };
        let entries = EntryColour::ALL
            .iter()
            .map(|&c| {
                let hexes: Vec<HexId> = file
                    .positions()
                    .iter()
                    .filter(|p| p.id.starts_with(&format!("entry-{}-", c.name())))
                    .flat_map(|p| many(Some(p)))
                    .collect();
                (c, hexes)
            })
            .collect::<Vec<_>>();
        for (c, hexes) in &entries {
            if hexes.is_empty() {
                problems.push(Problem::whole_file(
                    name.clone(),
                    "position",
                    format!(
                        "the rules need German entry hexes `entry-{}-1`...",
                        c.name()
                    ),
                ));
            }
        }
        let batteries = file
            .positions()
            .iter()
            .filter(|p| p.id.starts_with("battery-"))
            .filter_map(|p| Some((p.id.clone(), hexes.id(*p.hexes.first()?)?)))
            .collect();
        let cherbourg_cities = hexes
            .ids()
            .filter(|&h| {
                flags
                    .get(h.index())
                    .is_some_and(|f| f.has(HexFlags::CITY) && f.has(HexFlags::CHERBOURG_PERIMETER))
            })
            .collect();
        let map = GameMap {
            cherbourg_cities,
            mobilization_243: many(file.position("mobilize-243")),
            mobilization_709: many(file.position("mobilize-709")),
            hexes,
            terrain,
            flags,
            sides,
            assaults,
            beachheads,
            mulberries,
            entries,
            batteries,
            file,
        };
        if problems.is_empty() {
            Ok(map)
        } else {
            Err(problems)
        }
    }

    /// The hexes of map position `id` (a drop zone, a landing zone...).
    pub fn position(&self, id: &str) -> Vec<HexId> {
        self.file
            .position(id)
            .map(|p| p.hexes.iter().filter_map(|h| self.hexes.id(*h)).collect())
            .unwrap_or_default()
    }

    /// The hex printed `label` (`1815`).
    pub fn hex(&self, label: &str) -> Option<HexId> {
        self.file.find(label).and_then(|h| self.hexes.id(h))
    }

    /// The printed label of `hex`.
    pub fn label(&self, hex: HexId) -> String {
        self.hexes
            .label(hex)
            .map_or_else(|| "off-map".to_owned(), |l| l.to_string())
    }

    pub fn terrain(&self, hex: HexId) -> Terrain {
        self.terrain
            .get(hex.index())
            .copied()
            .unwrap_or(Terrain::Sea)
    }

    pub fn flags(&self, hex: HexId) -> HexFlags {
        self.flags.get(hex.index()).copied().unwrap_or_default()
    }

    /// The hexside between `a` and its neighbour in `direction` (0..6, hexmap's order).
    pub fn side(&self, a: HexId, direction: usize) -> Hexside {
        self.sides
            .get(a.index())
            .and_then(|s| s.get(direction))
            .copied()
            .unwrap_or_default()
    }

    /// The name printed on `hex` (a town's), if any.
    pub fn name(&self, hex: HexId) -> Option<&str> {
        self.hexes.hex(hex).and_then(|h| self.file.hex_name(h))
    }
}
