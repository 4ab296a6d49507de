//! The checks made once every file is read: the shapes of the tables, the Weapon Type Chart,
//! the vehicles' and squads' references and limits, and each mission's cross-references and
//! paragraph book (the spec's section 7.17; issue 30's validator: every reference leads to a
//! paragraph, every paragraph can be reached from the mission sheet, no loop of references
//! that never ends, every effect uses a known verb with valid arguments, every placement lands
//! on a legal hex, every flag tested is set somewhere). Each problem points at the line to fix.

use super::map::Terrain;
use super::mission::{Effect, Entry, MissionDef, RawEntry, Ref, SheetTable, When, paragraph_id};
use super::squad::SoldierDef;
use super::tables::Tables;
use super::vehicles::VehicleKind;
use super::weapons::{BlastRow, Side, WeaponDef, WeaponType, Weapons};
use super::{AmbushData, CampaignDef};
use crate::map::MissionMap;
use overlord_datafile::{Doc, Spanned};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// Where each table of `tables.toml` was written.
pub type TableSpans = Vec<(&'static str, Range<usize>)>;

/// The length a d10 table has: one result per face, 0..=9.
const D10: usize = 10;

/// `tables.toml`: every per-die row has ten results, the range bands nine, the terrains of the
/// fire modifiers are the map's.
pub fn tables(tables: &Tables, spans: &TableSpans, doc: &mut Doc<'_>) {
    let span = |key: &str| {
        spans
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(0..0, |(_, s)| s.clone())
    };
    let mut rows: Vec<(&str, &str, usize, usize)> = vec![
        (
            "range_bands",
            "range_bands.upper",
            tables.range_bands.upper.len(),
            9,
        ),
        (
            "scatter",
            "scatter.result",
            tables.scatter.result.len(),
            D10,
        ),
        (
            "assault",
            "assault.kill_outcome",
            tables.assault.kill_outcome.len(),
            D10,
        ),
        (
            "assault",
            "assault.capture_outcome",
            tables.assault.capture_outcome.len(),
            D10,
        ),
        (
            "generation",
            "generation.pc",
            tables.generation.pc.len(),
            D10,
        ),
        (
            "generation",
            "generation.ws",
            tables.generation.ws.len(),
            D10,
        ),
        (
            "generation",
            "generation.ds",
            tables.generation.ds.len(),
            D10,
        ),
        (
            "generation",
            "generation.mpa",
            tables.generation.mpa.len(),
            D10,
        ),
        (
            "campaign",
            "campaign.roll_pc_or_in",
            tables.campaign.roll_pc_or_in.len(),
            D10,
        ),
        ("accident", "accident.car", tables.accident.car.len(), D10),
        ("accident", "accident.tank", tables.accident.tank.len(), D10),
        (
            "gcdm",
            "gcdm.grenade_base",
            tables.gcdm.grenade_base.len(),
            6,
        ),
        (
            "gcdm",
            "gcdm.satchel_base",
            tables.gcdm.satchel_base.len(),
            3,
        ),
    ];
    let tank = &tables.hit_chart.tank;
    for (name, row) in [
        ("front_closed", &tank.front_closed),
        ("front_open", &tank.front_open),
        ("side_closed", &tank.side_closed),
        ("side_open", &tank.side_open),
        ("rear_closed", &tank.rear_closed),
        ("rear_open", &tank.rear_open),
    ] {
        rows.push(("hit_chart", name, row.len(), D10));
    }
    for (table, field, len, want) in rows {
        if len != want {
            doc.problem(
                &span(table),
                field,
                format!("{len} results where the table needs {want} (one per die face)"),
            );
        }
    }
    if !tables.range_bands.upper.windows(2).all(|w| w[0] < w[1]) {
        doc.problem(
            &span("range_bands"),
            "range_bands.upper",
            "the bands' upper bounds must grow from band to band",
        );
    }
    for occupants in 0..=4u8 {
        match tables.hit_chart.car.get(&occupants.to_string()) {
            Some(row) if row.len() == D10 => {}
            Some(row) => doc.problem(
                &span("hit_chart"),
                &format!("hit_chart.car.{occupants}"),
                format!("{} results where the table needs 10", row.len()),
            ),
            None => doc.problem(
                &span("hit_chart"),
                "hit_chart.car",
                format!("no row for a car with {occupants} occupants (AMBX-VEH-4 has 0 to 4)"),
            ),
        }
    }
    for name in tables.fcm.terrain.keys() {
        if !Terrain::ALL.iter().any(|t| t.name() == name) {
            doc.problem(
                &span("fcm"),
                &format!("fcm.terrain.{name}"),
                format!("`{name}` is no terrain (AMBX-MAP-5: {})", terrain_names()),
            );
        }
    }
}

fn terrain_names() -> String {
    Terrain::ALL
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `weapons.toml`: the chart's rows have their lengths, firing types say how far and how hard
/// they hit, blast rows named exist, every weapon is of a known type.
pub fn weapons(
    types: &BTreeMap<String, Spanned<WeaponType>>,
    blasts: &BTreeMap<String, Spanned<BlastRow>>,
    weapons: &BTreeMap<String, Spanned<WeaponDef>>,
    doc: &mut Doc<'_>,
) {
    for (id, kind) in types {
        let span = kind.span();
        let t = kind.get_ref();
        let field = |f: &str| format!("type.{id}.{f}");
        if let Some(dd) = &t.dd {
            if dd.len() != 9 {
                doc.problem(
                    &span,
                    &field("dd"),
                    format!("{} DDs where the nine range bands need 9", dd.len()),
                );
            }
            if t.damage.is_none() || t.max_range.is_none() {
                doc.problem(
                    &span,
                    &field("damage"),
                    "a type that fires needs `damage` and `max_range`",
                );
            }
        }
        if let Some(damage) = &t.damage
            && damage.len() != D10
        {
            doc.problem(
                &span,
                &field("damage"),
                format!("{} results where the d10 needs 10", damage.len()),
            );
        }
        if let Some(pen) = &t.pen
            && pen.len() != D10
        {
            doc.problem(
                &span,
                &field("pen"),
                format!("{} results where the d10 needs 10", pen.len()),
            );
        }
        for (name, blast) in [
            ("side_blast", &t.side_blast),
            ("blast_outside", &t.blast_outside),
            ("blast_inside", &t.blast_inside),
        ] {
            if let Some(blast) = blast
                && !blasts.contains_key(blast)
            {
                doc.problem(
                    &span,
                    &field(name),
                    format!("no blast row `{blast}` in [blast]"),
                );
            }
        }
    }
    for (id, row) in blasts {
        if row.get_ref().damage.len() != D10 {
            doc.problem(
                &row.span(),
                &format!("blast.{id}.damage"),
                format!(
                    "{} results where the d10 needs 10",
                    row.get_ref().damage.len()
                ),
            );
        }
    }
    for (id, weapon) in weapons {
        if !types.contains_key(&weapon.get_ref().kind) {
            doc.problem(
                &weapon.span(),
                &format!("weapon.{id}.type"),
                format!("no weapon type `{}` in [type]", weapon.get_ref().kind),
            );
        }
    }
}

/// `vehicles.toml`: the guns exist, armour fits the kind (AMBX-VEH-1).
pub fn vehicles(
    kinds: &BTreeMap<String, Spanned<VehicleKind>>,
    weapons: &Weapons,
    doc: &mut Doc<'_>,
) {
    for (id, kind) in kinds {
        let span = kind.span();
        let k = kind.get_ref();
        for gun in k.weapons() {
            if weapons.weapon(gun).is_none() {
                doc.problem(
                    &span,
                    &format!("vehicle.{id}"),
                    format!("no weapon `{gun}` in weapons.toml"),
                );
            }
        }
        let armor = &k.armor;
        if k.armored && (armor.hull.is_none() || armor.turret.is_none() || armor.track.is_none()) {
            doc.problem(
                &span,
                &format!("vehicle.{id}.armor"),
                "an armoured vehicle needs hull, turret and track armour",
            );
        }
        if !k.armored && armor.body.is_none() {
            doc.problem(
                &span,
                &format!("vehicle.{id}.armor"),
                "an unarmoured vehicle needs body armour (L)",
            );
        }
        if k.seats > 4 {
            doc.problem(
                &span,
                &format!("vehicle.{id}.seats"),
                "at most 4 seats: the hit chart knows a driver and three passengers",
            );
        }
    }
}

/// A squad file (AMBX-SOL-1..6): costs, points, ratings within the caps, the items and their
/// Port Boxes, the Ammo Boxes and the equipment points.
pub fn squad(
    points: &Spanned<u8>,
    equipment: &Spanned<u8>,
    soldiers: &[Spanned<SoldierDef>],
    tables: &Tables,
    weapons: &Weapons,
    doc: &mut Doc<'_>,
) {
    let generation = &tables.generation;
    let caps = &tables.campaign.caps;
    if soldiers.len() > usize::from(generation.max_squad) {
        doc.problem(
            &points.span(),
            "soldier",
            format!(
                "{} soldiers: a squad has at most {}",
                soldiers.len(),
                generation.max_squad
            ),
        );
    }
    if !soldiers.iter().any(|s| s.get_ref().commander) && !soldiers.is_empty() {
        doc.problem(
            &points.span(),
            "soldier.commander",
            "no squad leader: one soldier must be a commander (AMBX-SOL-2)",
        );
    }
    let mut ids = BTreeSet::new();
    let (mut cost_sum, mut ep_sum) = (0u32, 0u32);
    for soldier in soldiers {
        let span = soldier.span();
        let s = soldier.get_ref();
        if !ids.insert(s.id.clone()) {
            doc.problem(&span, "soldier.id", format!("`{}` twice", s.id));
        }
        let cost = generation.base_cost
            + s.initiative
            + if s.commander {
                generation.commander_cost
            } else {
                0
            };
        if s.cost != cost {
            doc.problem(
                &span,
                "soldier.cost",
                format!(
                    "{} costs {cost} (1 + IN {} + 2 for a commander, AMBX-SOL-2), not {}",
                    s.id, s.initiative, s.cost
                ),
            );
        }
        cost_sum += u32::from(s.cost);
        for (name, value, cap) in [
            ("in", i16::from(s.initiative), i16::from(caps.initiative)),
            ("pc", i16::from(s.pc), i16::from(caps.pc)),
            ("ws", i16::from(s.ws), i16::from(caps.ws)),
            ("ds", i16::from(s.ds), i16::from(caps.ds)),
        ] {
            if value > cap || (name == "ws" && value < -2) {
                doc.problem(
                    &span,
                    &format!("soldier.{name}"),
                    format!(
                        "{} {name} {value} is beyond the cap {cap} (AMB-CAMP-6)",
                        s.id
                    ),
                );
            }
        }
        let mut port_boxes = 0u32;
        for item in &s.items {
            match (weapons.weapon(item), weapons.type_of(item)) {
                (Some(w), Some(t)) => {
                    if w.side != Side::Us || w.vehicle_mounted {
                        doc.problem(
                            &span,
                            "soldier.items",
                            format!("`{item}` is not a US soldier's item"),
                        );
                    }
                    port_boxes += u32::from(t.port_boxes);
                }
                _ => doc.problem(
                    &span,
                    "soldier.items",
                    format!("no weapon or item `{item}` in weapons.toml"),
                ),
            }
        }
        let mut ammo_boxes = 0u32;
        for (for_what, &boxes) in &s.ammo {
            ammo_boxes += u32::from(boxes);
            let Some(t) = weapons.type_of(for_what) else {
                doc.problem(
                    &span,
                    "soldier.ammo",
                    format!("no weapon `{for_what}` in weapons.toml"),
                );
                continue;
            };
            // Grenades are carried in Ammo Box slots, one each; a weapon's Ammo Boxes must go
            // with it (their price: AMBX-SOL-6, `kit_cost`).
            if !t.thrown && !s.items.contains(for_what) {
                doc.problem(
                    &span,
                    "soldier.ammo",
                    format!("Ammo Boxes for `{for_what}`, which {} does not carry", s.id),
                );
            }
        }
        ep_sum += super::squad::kit_cost(weapons, s);
        if port_boxes > u32::from(generation.port_boxes) {
            doc.problem(
                &span,
                "soldier.items",
                format!(
                    "{} carries {port_boxes} Port Boxes of items; he has {} (AMBX-SOL-4)",
                    s.id, generation.port_boxes
                ),
            );
        }
        if ammo_boxes > u32::from(generation.ammo_slots) {
            doc.problem(
                &span,
                "soldier.ammo",
                format!(
                    "{} carries {ammo_boxes} Ammo Boxes; he has {} slots (AMBX-SOL-4)",
                    s.id, generation.ammo_slots
                ),
            );
        }
    }
    if cost_sum != u32::from(*points.get_ref()) {
        doc.problem(
            &points.span(),
            "squad_points_used",
            format!(
                "the soldiers cost {cost_sum} points, not {}",
                points.get_ref()
            ),
        );
    }
    if cost_sum > u32::from(generation.squad_points) {
        doc.problem(
            &points.span(),
            "squad_points_used",
            format!(
                "{cost_sum} points: a squad is bought with {} (AMBX-SOL-2)",
                generation.squad_points
            ),
        );
    }
    if ep_sum != u32::from(*equipment.get_ref()) {
        doc.problem(
            &equipment.span(),
            "equipment_points_used",
            format!(
                "the equipment costs {ep_sum} points at AMBX-SOL-6's prices, not {}",
                equipment.get_ref()
            ),
        );
    }
    if ep_sum > u32::from(generation.equipment_points) {
        doc.problem(
            &equipment.span(),
            "equipment_points_used",
            format!(
                "{ep_sum} equipment points: a squad has {} (AMBX-SOL-6)",
                generation.equipment_points
            ),
        );
    }
}

/// `campaign.toml`: every mission listed exists and every mission is listed once; the squad
/// exists. The missions are put in campaign order.
pub fn campaign(campaign: &CampaignDef, data: &mut AmbushData, doc: &mut Doc<'_>) {
    mission_ids(data, doc);
    let mut ordered = Vec::with_capacity(data.missions.len());
    for id in &campaign.missions {
        match data
            .missions
            .iter()
            .position(|m| &m.header.id == id.get_ref())
        {
            Some(i) => ordered.push(data.missions.remove(i)),
            None => doc.problem(
                &id.span(),
                "campaign.missions",
                format!(
                    "no mission `{}` in missions/ (or listed twice)",
                    id.get_ref()
                ),
            ),
        }
    }
    // A mission the campaign does not list is a standalone mission, played on its own after
    // the campaign's in the scenario list: one written in the mission editor, or dropped into
    // missions/ by a player, plays without editing the campaign (docs/ambush/data.md).
    ordered.append(&mut data.missions);
    data.missions = ordered;
    if data.squad(&campaign.squad).is_none() {
        doc.push(doc.source().whole_file(
            "campaign.squad",
            format!("no squad `{}` in squads/", campaign.squad),
        ));
    }
}

/// A mission id names one mission, and is not the campaign's scenario id: a mission written
/// in the editor that reuses S1 is told so, not played in S1's place.
fn mission_ids(data: &AmbushData, doc: &mut Doc<'_>) {
    for (i, mission) in data.missions.iter().enumerate() {
        let id = &mission.header.id;
        let clash = if id == crate::CAMPAIGN {
            Some("is the campaign's scenario id".to_owned())
        } else {
            data.missions[..i]
                .iter()
                .find(|m| &m.header.id == id)
                .map(|first| format!("is already the id of {}", first.file))
        };
        if let Some(clash) = clash {
            let text = mission.source.text();
            let at = text
                .find("[mission]")
                .and_then(|m| text[m..].find("id =").map(|i| m + i))
                .unwrap_or(0);
            doc.push(mission.source.problem(
                &(at..at + 1),
                "mission.id",
                format!("mission id `{id}` {clash}: give this mission an id of its own"),
            ));
        }
    }
}

/// The action codes of a German card (AMBX-GER-2), `PA:nnn` aside.
const CODES: [&str; 21] = [
    "AF", "SF", "GR", "PF", "MV", "MS", "MA", "AS", "EV", "RT", "ST:P", "ST:C", "ST:S", "ST:C+AF",
    "HD", "SU", "SP", "DR", "DF", "DX", "PA",
];

/// Everything checked of one mission. Map faults keep the map from being made; the rest is
/// reported as found.
pub fn mission(data: &AmbushData, mission: &mut MissionDef, doc: &mut Doc<'_>) {
    let mut check = MissionCheck {
        data,
        mission,
        doc,
        refs: Vec::new(),
        table: SheetTable::default(),
    };
    let map = check.map();
    if let Some(map) = &map {
        check.header(map);
        check.conditions();
        check.sheet(map);
        check.germans();
        check.vehicles();
        check.victory(map);
        check.paragraphs(map);
        check.references();
    }
    let table = std::mem::take(&mut check.table);
    mission.table = table;
    mission.hexes = map;
}

/// A paragraph reference found in the mission: from where (a root or another paragraph), to
/// which paragraph, the sighting gating it, and where it was written.
struct Reference {
    from: Option<u16>,
    to: u16,
    sighting: Option<u8>,
    span: Range<usize>,
    field: String,
}

struct MissionCheck<'m, 'd, 'a> {
    data: &'d AmbushData,
    mission: &'m MissionDef,
    doc: &'m mut Doc<'a>,
    refs: Vec<Reference>,
    /// The sheet as read, for play.
    table: SheetTable,
}

impl MissionCheck<'_, '_, '_> {
    fn problem(&mut self, span: &Range<usize>, field: &str, message: impl Into<String>) {
        self.doc.problem(span, field, message);
    }

    /// AMBX-MAP: the grid complete, hex ids well formed, buildings whole, hexsides agreeing.
    fn map(&mut self) -> Option<MissionMap> {
        let header = &self.mission.header;
        let hexes: BTreeMap<String, _> = self
            .mission
            .map
            .hex
            .iter()
            .map(|(k, v)| (k.get_ref().clone(), v.get_ref().clone()))
            .collect();
        match MissionMap::build(&header.name, header.map_cols, header.map_rows, &hexes) {
            Ok(map) => Some(map),
            Err(faults) => {
                for fault in faults {
                    let span = self
                        .mission
                        .map
                        .hex
                        .iter()
                        .find(|(k, _)| *k.get_ref() == fault.hex)
                        .map_or_else(
                            || {
                                self.mission
                                    .map
                                    .hex
                                    .keys()
                                    .next()
                                    .map_or(0..0, Spanned::span)
                            },
                            |(k, _)| k.span(),
                        );
                    let field = if fault.field.is_empty() {
                        format!("map.hex.{}", fault.hex)
                    } else {
                        format!("map.hex.{}.{}", fault.hex, fault.field)
                    };
                    self.problem(&span, &field, fault.message);
                }
                None
            }
        }
    }

    fn whole(&mut self, field: &str, message: impl Into<String>) {
        let problem = self.mission.source.whole_file(field, message);
        self.doc.push(problem);
    }

    fn header(&mut self, map: &MissionMap) {
        let header = &self.mission.header;
        for hex in &header.us_entry {
            match map.hex(hex) {
                None => self.whole(
                    "mission.us_entry",
                    format!("entry hex {hex} is not on the map"),
                ),
                Some(h) if !on_any_edge(map, h) => {
                    self.whole(
                        "mission.us_entry",
                        format!("entry hex {hex} is not on a map edge"),
                    );
                }
                Some(_) => {}
            }
        }
        if !self
            .mission
            .conditions
            .iter()
            .any(|c| c.number == header.start_condition)
        {
            self.whole(
                "mission.start_condition",
                format!("no Condition {} in [[condition]]", header.start_condition),
            );
        }
        if let Some(squad) = &header.squad
            && self.data.squad(squad).is_none()
        {
            self.whole("mission.squad", format!("no squad `{squad}` in squads/"));
        }
    }

    fn conditions(&mut self) {
        let numbers: Vec<u8> = self.mission.conditions.iter().map(|c| c.number).collect();
        if numbers.is_empty() {
            self.whole("condition", "a mission needs at least one [[condition]]");
        }
        for (i, &n) in numbers.iter().enumerate() {
            if usize::from(n) != i + 1 {
                self.whole(
                    "condition.number",
                    format!(
                        "Conditions are numbered 1, 2, 3... in order; found {n} as the {}th",
                        i + 1
                    ),
                );
            }
        }
        for condition in &self.mission.conditions {
            if condition.activation_level > 9 {
                self.whole(
                    "condition.activation_level",
                    format!(
                        "activation level {} of Condition {}: a d10 reads 0 to 9",
                        condition.activation_level, condition.number
                    ),
                );
            }
            let mut pool = Vec::new();
            for entry in &condition.activation_pool {
                if let Ok(r @ (Ref::Nothing | Ref::Paragraph(_) | Ref::Gated { .. })) =
                    Ref::parse(entry.get_ref())
                {
                    pool.push(r);
                }
                match Ref::parse(entry.get_ref()) {
                    Ok(Ref::Event | Ref::Activation) => self.problem(&entry.span(), "condition.activation_pool", "an activation pool lists paragraphs (\"nnn\", \"sN:nnn\") or \"-\", not \"E\" or \"A\""),
                    Ok(r) => self.reference(None, r, entry.span(), "condition.activation_pool"),
                    Err(e) => self.problem(&entry.span(), "condition.activation_pool", e),
                }
            }
            self.table.pools.push(pool);
        }
        let re = &self.mission.events.re;
        if re.len() != 19 {
            let span = re.first().map_or(0..0, Spanned::span);
            self.problem(
                &span,
                "events.re",
                format!(
                    "{} entries where the 2d10 sums 0 to 18 need 19 (AMBX-MIS-5)",
                    re.len()
                ),
            );
        }
        for entry in re.clone() {
            match self.entry(&entry, "events.re") {
                Some(e) if e.refs().contains(&Ref::Event) => self.problem(
                    &entry.span(),
                    "events.re",
                    "an RE entry may not itself be an Event (AMBX-MIS-5)",
                ),
                Some(e) => self.table.events.push(e),
                None => self.table.events.push(Entry::One(Ref::Nothing)),
            }
        }
    }

    /// Read one sheet entry, recording its paragraph references as roots.
    fn entry(&mut self, raw: &Spanned<RawEntry>, field: &str) -> Option<Entry> {
        let span = raw.span();
        let parse = |text: &str| Ref::parse(text);
        let entry = match raw.get_ref() {
            RawEntry::One(text) => parse(text).map(Entry::One),
            RawEntry::Lines(lines) => match (&lines.first, &lines.any) {
                (Some(list), None) if !list.is_empty() => list
                    .iter()
                    .map(|t| parse(t))
                    .collect::<Result<_, _>>()
                    .map(Entry::First),
                (None, Some(list)) if !list.is_empty() => list
                    .iter()
                    .map(|t| parse(t))
                    .collect::<Result<_, _>>()
                    .map(Entry::Any),
                _ => Err(
                    "a list entry is { first = [...] } or { any = [...] }, with at least one line"
                        .to_owned(),
                ),
            },
        };
        match entry {
            Ok(entry) => {
                for &r in entry.refs() {
                    self.reference(None, r, span.clone(), field);
                }
                Some(entry)
            }
            Err(e) => {
                self.problem(&span, field, e);
                None
            }
        }
    }

    fn reference(&mut self, from: Option<u16>, r: Ref, span: Range<usize>, field: &str) {
        if let Some(to) = r.paragraph() {
            let sighting = match r {
                Ref::Gated { sighting, .. } => Some(sighting),
                _ => None,
            };
            self.refs.push(Reference {
                from,
                to,
                sighting,
                span,
                field: field.to_owned(),
            });
        }
    }

    fn condition_key(&mut self, key: &str, span: &Range<usize>, field: &str) {
        let known = key
            .parse::<u8>()
            .ok()
            .filter(|n| self.mission.conditions.iter().any(|c| c.number == *n));
        if known.is_none() {
            self.problem(
                span,
                field,
                format!("`{key}` is no Condition of the mission"),
            );
        }
    }

    fn sheet(&mut self, map: &MissionMap) {
        let conditions = self.mission.conditions.len();
        self.table.check = vec![vec![None; conditions]; map.cells.len()];
        self.table.gmove = vec![vec![None; conditions]; map.cells.len()];
        let slot = |condition: &str| {
            condition
                .parse::<usize>()
                .ok()
                .filter(|&n| (1..=conditions).contains(&n))
                .map(|n| n - 1)
        };
        let check = self.mission.sheet.check.clone();
        for (hex, entries) in &check {
            let field = format!("sheet.check.{}", hex.get_ref());
            if map.hex(hex.get_ref()).is_none() {
                self.problem(
                    &hex.span(),
                    &field,
                    format!("hex {} is not on the map", hex.get_ref()),
                );
            }
            for (condition, entry) in entries {
                self.condition_key(condition, &entry.span(), &field);
                let read = self.entry(entry, &field);
                if let (Some(h), Some(c)) = (map.hex(hex.get_ref()), slot(condition)) {
                    self.table.check[usize::from(h.0)][c] = read;
                }
            }
        }
        let gmove = self.mission.sheet.gmove.clone();
        for (hex, moves) in &gmove {
            let field = format!("sheet.gmove.{}", hex.get_ref());
            if map.hex(hex.get_ref()).is_none() {
                self.problem(
                    &hex.span(),
                    &field,
                    format!("hex {} is not on the map", hex.get_ref()),
                );
            }
            for (condition, to) in moves {
                self.condition_key(condition, &to.span(), &field);
                if let (Some(h), Some(c)) = (map.hex(hex.get_ref()), slot(condition)) {
                    self.table.gmove[usize::from(h.0)][c] = map.hex(to.get_ref());
                }
                if to.get_ref() != "-" && map.hex(to.get_ref()).is_none() {
                    self.problem(
                        &to.span(),
                        &field,
                        format!(
                            "destination {} is not on the map (\"-\" means stay)",
                            to.get_ref()
                        ),
                    );
                }
            }
        }
    }

    fn germans(&mut self) {
        let conditions = self.mission.conditions.len();
        let mut columns: Vec<String> = (1..=conditions).map(|n| n.to_string()).collect();
        columns.push("SP".to_owned());
        columns.push("S".to_owned());
        let mut codes = BTreeSet::new();
        for german in &self.mission.germans {
            let span = german.span();
            let g = german.get_ref();
            let is_letter = g.code.len() == 1 && g.code.bytes().all(|b| b.is_ascii_uppercase());
            if !is_letter {
                self.doc.problem(
                    &span,
                    "german.code",
                    format!(
                        "`{}`: a German card's code is one capital letter (AMBX-GER-1)",
                        g.code
                    ),
                );
            }
            if !codes.insert(g.code.clone()) {
                self.doc
                    .problem(&span, "german.code", format!("code `{}` twice", g.code));
            }
            let mut panzerfaust = false;
            for weapon in &g.weapons {
                match self.data.weapons.weapon(weapon) {
                    Some(w) if w.side == Side::German && !w.vehicle_mounted => {
                        panzerfaust |= self
                            .data
                            .weapons
                            .type_of(weapon)
                            .is_some_and(|t| t.single_use && t.explosive);
                    }
                    Some(_) => self.doc.problem(
                        &span,
                        "german.weapons",
                        format!("`{weapon}` is not a German soldier's weapon"),
                    ),
                    None => self.doc.problem(
                        &span,
                        "german.weapons",
                        format!("no weapon `{weapon}` in weapons.toml"),
                    ),
                }
            }
            if g.columns != columns {
                self.doc.problem(
                    &span,
                    "german.columns",
                    format!(
                        "the columns are {columns:?}: one per Condition, then SP and S (AMBX-GER-1)"
                    ),
                );
            }
            if g.table.len() != D10 || g.table.iter().any(|row| row.len() != g.columns.len()) {
                self.doc.problem(
                    &span,
                    "german.table",
                    format!(
                        "the table has 10 rows (Action Numbers 0 to 9) of {} codes each",
                        g.columns.len()
                    ),
                );
            }
            let mut faults = BTreeSet::new();
            for code in g.table.iter().flatten() {
                let (verb, arg) = code
                    .split_once(':')
                    .map_or((code.as_str(), None), |(v, a)| (v, Some(a)));
                let known = CODES.contains(&code.as_str()) || (verb == "PA" && arg.is_some());
                if !known {
                    self.doc.problem(
                        &span,
                        "german.table",
                        format!("`{code}` is no action code (AMBX-GER-2)"),
                    );
                    continue;
                }
                if verb == "PA" {
                    match arg.map(paragraph_id) {
                        Some(Ok(p)) => self.refs.push(Reference {
                            from: None,
                            to: p,
                            sighting: None,
                            span: span.clone(),
                            field: "german.table".to_owned(),
                        }),
                        _ => self.doc.problem(
                            &span,
                            "german.table",
                            format!("`{code}`: write PA:nnn with a three-digit paragraph"),
                        ),
                    }
                }
                let needs = match code.as_str() {
                    "GR" if g.grenades == 0 => Some("GR needs grenades > 0"),
                    "PF" if !panzerfaust => Some("PF needs a panzerfaust among the weapons"),
                    "DR" | "DF" if g.ds.is_none() => {
                        Some("DR and DF are a driver's codes: give the card `ds`")
                    }
                    _ => None,
                };
                if let Some(why) = needs {
                    faults.insert(why);
                }
            }
            for why in faults {
                self.doc
                    .problem(&span, "german.table", format!("German {}: {why}", g.code));
            }
        }
    }

    fn vehicles(&mut self) {
        let mut ids = BTreeSet::new();
        for vehicle in &self.mission.vehicles {
            let v = vehicle.get_ref();
            if !ids.insert(v.id.clone()) {
                self.doc
                    .problem(&vehicle.span(), "vehicle.id", format!("`{}` twice", v.id));
            }
            match self.data.vehicles.get(&v.kind) {
                Some(kind) if kind.side != v.side => self.doc.problem(
                    &vehicle.span(),
                    "vehicle.side",
                    format!("a {} is on the other side", v.kind),
                ),
                Some(_) => {}
                None => self.doc.problem(
                    &vehicle.span(),
                    "vehicle.kind",
                    format!("no vehicle kind `{}` in vehicles.toml", v.kind),
                ),
            }
        }
    }

    fn victory(&mut self, map: &MissionMap) {
        let victory = &self.mission.victory;
        let mut bad = Vec::new();
        for (field, hexes) in [
            ("victory.require_us_in", &victory.require_us_in),
            ("victory.rescue_hexes", &victory.rescue_hexes),
            (
                "victory.rescue_with_guard_hexes",
                &victory.rescue_with_guard_hexes,
            ),
        ] {
            for hex in hexes {
                if map.hex(hex).is_none() {
                    bad.push((field, format!("hex {hex} is not on the map")));
                }
            }
        }
        for (field, message) in bad {
            self.whole(field, message);
        }
    }

    fn paragraphs(&mut self, map: &MissionMap) {
        let mut ids = BTreeSet::new();
        let flags_set: BTreeSet<&str> = self
            .mission
            .paragraphs
            .iter()
            .flat_map(|p| p.get_ref().all_effects())
            .filter_map(|e| match e.get_ref() {
                Effect::SetFlag { flag } => Some(flag.as_str()),
                _ => None,
            })
            .collect();
        let sightings: BTreeSet<u8> = self
            .mission
            .paragraphs
            .iter()
            .filter_map(|p| p.get_ref().sighting)
            .collect();
        let mission = self.mission;
        if flags_set.len() > 64 {
            let span = mission.paragraphs.first().map_or(0..0, Spanned::span);
            self.problem(
                &span,
                "paragraph.effects",
                format!("{} flags: a mission keeps at most 64", flags_set.len()),
            );
        }
        for paragraph in &mission.paragraphs {
            if paragraph.get_ref().sighting.is_some_and(|s| s > 63) {
                self.problem(
                    &paragraph.span(),
                    "paragraph.sighting",
                    "sightings are numbered 0 to 63",
                );
            }
            let span = paragraph.span();
            let p = paragraph.get_ref();
            let id = match paragraph_id(&p.id) {
                Ok(id) => id,
                Err(e) => {
                    self.problem(&span, "paragraph.id", e);
                    continue;
                }
            };
            if !ids.insert(id) {
                self.problem(&span, "paragraph.id", format!("paragraph {} twice", p.id));
            }
            match (&p.effects, &p.mode, &p.lines) {
                (Some(_), None, None) => {}
                (None, Some(_), Some(lines)) if !lines.is_empty() => {}
                _ => self.problem(
                    &span,
                    "paragraph.effects",
                    format!(
                        "paragraph {}: give either `effects`, or `mode` with [[paragraph.lines]]",
                        p.id
                    ),
                ),
            }
            for line in p.lines.iter().flatten() {
                self.when(&line.when, &span, &flags_set, &sightings);
                self.effects(id, &line.effects, map);
            }
            if let Some(effects) = &p.effects {
                self.effects(id, effects, map);
            }
        }
    }

    /// AMBX-PAR-3: what a `when` names exists, and every flag it tests is set somewhere.
    fn when(
        &mut self,
        when: &When,
        span: &Range<usize>,
        flags_set: &BTreeSet<&str>,
        sightings: &BTreeSet<u8>,
    ) {
        for flag in when.flag.iter().chain(&when.not_flag) {
            if !flags_set.contains(flag.as_str()) {
                self.problem(
                    span,
                    "paragraph.lines.when",
                    format!("flag `{flag}` is tested but no paragraph sets it (set_flag)"),
                );
            }
        }
        for s in when.sighting.iter().chain(&when.not_sighting) {
            if !sightings.contains(s) {
                self.problem(
                    span,
                    "paragraph.lines.when",
                    format!("sighting {s} is tested but no paragraph records it"),
                );
            }
        }
        if let Some(c) = when.condition
            && !self.mission.conditions.iter().any(|k| k.number == c)
        {
            self.problem(span, "paragraph.lines.when", format!("no Condition {c}"));
        }
        let germans: Vec<&String> = when
            .german_active
            .iter()
            .chain(&when.german_wounded)
            .chain(when.us_within.iter().map(|u| &u.of))
            .collect();
        for g in germans {
            if self.mission.german(g).is_none() {
                self.problem(
                    span,
                    "paragraph.lines.when",
                    format!("no German card `{g}`"),
                );
            }
        }
    }

    /// AMBX-PAR-2: each effect's arguments name what exists and place on legal hexes; `goto`
    /// ends its list.
    fn effects(&mut self, from: u16, effects: &[Spanned<Effect>], map: &MissionMap) {
        for (i, effect) in effects.iter().enumerate() {
            let span = effect.span();
            let field = "paragraph.effects";
            if matches!(effect.get_ref(), Effect::Goto { .. }) && i + 1 < effects.len() {
                self.problem(
                    &span,
                    field,
                    "`goto` ends the paragraph: effects after it are never applied",
                );
            }
            for next in effect.get_ref().next_paragraphs() {
                match paragraph_id(next) {
                    Ok(to) => self.refs.push(Reference {
                        from: Some(from),
                        to,
                        sighting: None,
                        span: span.clone(),
                        field: field.to_owned(),
                    }),
                    Err(e) => self.problem(&span, field, e),
                }
            }
            let fault = self.effect_fault(effect.get_ref(), map);
            if let Some(message) = fault {
                self.problem(&span, field, message);
            }
        }
    }

    fn effect_fault(&self, effect: &Effect, map: &MissionMap) -> Option<String> {
        let german = |code: &str| {
            self.mission.german(code).map_or_else(
                || Err(format!("no German card `{code}` in the mission")),
                Ok,
            )
        };
        let on_map = |hex: &str| {
            map.hex(hex)
                .ok_or_else(|| format!("hex {hex} is not on the map"))
        };
        let result: Result<(), String> = (|| {
            match effect {
                Effect::PlaceGerman {
                    german: code,
                    hex,
                    prepared,
                    ..
                } => {
                    let card = german(code)?;
                    on_map(hex)?;
                    if let Some(w) = prepared.iter().find(|w| !card.weapons.contains(w)) {
                        return Err(format!(
                            "German {code} does not carry `{w}` to have it prepared"
                        ));
                    }
                }
                Effect::PlaceVehicle {
                    vehicle,
                    kind,
                    hex,
                    side,
                    driver,
                    passengers,
                    ..
                } => {
                    let instance = self
                        .mission
                        .vehicles
                        .iter()
                        .map(Spanned::get_ref)
                        .find(|v| &v.id == vehicle)
                        .ok_or_else(|| format!("no [[vehicle]] `{vehicle}` in the mission"))?;
                    if &instance.kind != kind || instance.side != *side {
                        return Err(format!(
                            "vehicle {vehicle} is a {} of side {:?} in [[vehicle]]",
                            instance.kind, instance.side
                        ));
                    }
                    let k = self
                        .data
                        .vehicles
                        .get(kind)
                        .ok_or_else(|| format!("no vehicle kind `{kind}`"))?;
                    let h = on_map(hex)?;
                    let terrain = map.cell(h).terrain;
                    let forbidden = self
                        .data
                        .tables
                        .movement
                        .vehicle
                        .forbidden
                        .contains(&terrain)
                        || (k.is_large() && terrain == Terrain::Forest);
                    if forbidden {
                        return Err(format!(
                            "a {kind} may not be in {} (AMB-VACT-9)",
                            terrain.name()
                        ));
                    }
                    let card = german(driver)?;
                    if card.ds.is_none() {
                        return Err(format!("driver {driver} has no `ds` (Driving Skill)"));
                    }
                    for p in passengers {
                        german(p)?;
                    }
                    if k.crew > 0 && !passengers.is_empty() {
                        return Err(format!(
                            "a {kind}'s crew is fixed: no passengers (AMB-VMOV-6)"
                        ));
                    }
                    if k.crew == 0 && passengers.len() + 1 > usize::from(k.seats) {
                        return Err(format!("a {kind} seats {}, driver included", k.seats));
                    }
                }
                Effect::SetCondition { value }
                    if !self.mission.conditions.iter().any(|c| c.number == *value) =>
                {
                    return Err(format!("no Condition {value}"));
                }
                Effect::FreeFire {
                    target: Some(code), ..
                } => {
                    german(code)?;
                }
                Effect::GermanFreeFire {
                    german: code,
                    target,
                    ..
                } => {
                    german(code)?;
                    if target != "actor" && target != "easiest" {
                        return Err(format!("target `{target}`: write \"actor\" or \"easiest\""));
                    }
                }
                Effect::Blast { hex, table, .. } => {
                    if hex != "random_us" {
                        on_map(hex)?;
                    }
                    if !self.data.weapons.blasts.contains_key(table) {
                        return Err(format!("no blast row `{table}` in weapons.toml"));
                    }
                }
                Effect::MarkHex { hex: Some(hex), .. } => {
                    on_map(hex)?;
                }
                Effect::Surrender { german: code } => {
                    german(code)?;
                }
                Effect::GiveItem { to, item, .. } => {
                    if to != "actor" {
                        return Err(format!("`to = \"{to}\"`: items go to the actor"));
                    }
                    if self.data.weapons.weapon(item).is_none() {
                        return Err(format!("no weapon or item `{item}` in weapons.toml"));
                    }
                }
                _ => {}
            }
            Ok(())
        })();
        result.err()
    }

    /// Every reference leads to a paragraph (gated ones to a paragraph recording that
    /// sighting); every paragraph is reached from the sheet, the event column, the pools or a
    /// German card; no loop of references.
    fn references(&mut self) {
        let paragraphs: BTreeMap<u16, Option<u8>> = self
            .mission
            .paragraphs
            .iter()
            .filter_map(|p| Some((paragraph_id(&p.get_ref().id).ok()?, p.get_ref().sighting)))
            .collect();
        let refs = std::mem::take(&mut self.refs);
        for r in &refs {
            match paragraphs.get(&r.to) {
                None => self.problem(
                    &r.span,
                    &r.field,
                    format!("paragraph {:03} does not exist", r.to),
                ),
                Some(&recorded) => {
                    if let Some(s) = r.sighting
                        && recorded != Some(s)
                    {
                        self.problem(
                            &r.span,
                            &r.field,
                            format!(
                                "s{s}:{:03} gates on sighting {s}, but paragraph {:03} records {}",
                                r.to,
                                r.to,
                                recorded.map_or("none".to_owned(), |n| format!("s{n}"))
                            ),
                        );
                    }
                }
            }
        }
        // Reachability from the roots, along goto / pc_check branches.
        let mut reached: BTreeSet<u16> = refs
            .iter()
            .filter(|r| r.from.is_none())
            .map(|r| r.to)
            .collect();
        let mut frontier: Vec<u16> = reached.iter().copied().collect();
        while let Some(at) = frontier.pop() {
            for r in refs.iter().filter(|r| r.from == Some(at)) {
                if reached.insert(r.to) {
                    frontier.push(r.to);
                }
            }
        }
        for paragraph in &self.mission.paragraphs {
            if let Ok(id) = paragraph_id(&paragraph.get_ref().id)
                && !reached.contains(&id)
            {
                self.doc.problem(&paragraph.span(), "paragraph.id", format!("paragraph {:03} is never read: no sheet entry, event, pool, German card or other paragraph leads to it", id));
            }
        }
        // Loops: a depth-first search over the references between paragraphs.
        let edges: BTreeMap<u16, Vec<&Reference>> =
            refs.iter()
                .filter(|r| r.from.is_some())
                .fold(BTreeMap::new(), |mut m, r| {
                    m.entry(r.from.unwrap_or_default())
                        .or_insert_with(Vec::new)
                        .push(r);
                    m
                });
        let mut state: BTreeMap<u16, u8> = BTreeMap::new(); // 1: on the path, 2: done
        let mut reported = false;
        for &start in paragraphs.keys() {
            let mut path = Vec::new();
            if let Some((r, cycle)) = find_loop(start, &edges, &mut state, &mut path)
                && !reported
            {
                let names: Vec<String> = cycle.iter().map(|p| format!("{p:03}")).collect();
                self.problem(
                    &r.span,
                    &r.field,
                    format!("the references loop and never end: {}", names.join(" → ")),
                );
                reported = true;
            }
        }
    }
}

/// A loop reachable from `at`, as the reference that closes it and the paragraphs around it.
fn find_loop<'r>(
    at: u16,
    edges: &BTreeMap<u16, Vec<&'r Reference>>,
    state: &mut BTreeMap<u16, u8>,
    path: &mut Vec<u16>,
) -> Option<(&'r Reference, Vec<u16>)> {
    match state.get(&at) {
        Some(2) => return None,
        Some(1) => {
            let from = path.iter().position(|&p| p == at).unwrap_or(0);
            let mut cycle = path[from..].to_vec();
            cycle.push(at);
            return edges
                .get(path.last()?)?
                .iter()
                .find(|r| r.to == at)
                .map(|r| (*r, cycle));
        }
        _ => {}
    }
    state.insert(at, 1);
    path.push(at);
    for r in edges.get(&at).into_iter().flatten() {
        if let Some(found) = find_loop(r.to, edges, state, path) {
            return Some(found);
        }
    }
    path.pop();
    state.insert(at, 2);
    None
}

fn on_any_edge(map: &MissionMap, hex: crate::map::Hex) -> bool {
    use super::mission::Edge;
    [Edge::North, Edge::East, Edge::South, Edge::West]
        .into_iter()
        .any(|e| map.on_edge(hex, e))
}
