//! The checks across files: every reference resolves, every unit is placed once per scenario,
//! every face is one the rules can read.

use super::cards::{Scenario, applies};
use super::{N44Data, Side};
use crate::tables::terrain::Terrain;
use overlord_datafile::files::{At, Report};
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn check(data: &mut N44Data, report: &mut Report) {
    unique(
        report,
        data.formations.iter().map(|f| (&f.id, &f.at)),
        "formation.id",
    );
    unique(report, data.units.iter().map(|u| (&u.id, &u.at)), "unit.id");
    unique(
        report,
        data.cadres.iter().map(|c| (&c.id, &c.at)),
        "cadre.id",
    );
    let formations: BTreeMap<&str, usize> = data
        .formations
        .iter()
        .enumerate()
        .map(|(i, f)| (f.id.as_str(), i))
        .collect();
    for f in &data.formations {
        if let Some(parent) = &f.parent
            && !formations.contains_key(parent.as_str())
        {
            report.at(
                &f.at,
                "formation.parent",
                format!("no formation `{parent}`"),
            );
        }
    }
    let mut formation_of = Vec::with_capacity(data.units.len());
    let mut cadre_of = Vec::with_capacity(data.units.len());
    for u in &data.units {
        formation_of.push(u.formation.as_ref().and_then(|id| {
            let found = formations.get(id.as_str()).map(|&i| i as u16);
            if found.is_none() {
                report.at(
                    &u.at,
                    "unit.formation",
                    format!("no formation `{id}` in units.toml"),
                );
            }
            found
        }));
        cadre_of.push(u.cadre.as_ref().and_then(|id| {
            let found = data
                .cadres
                .iter()
                .position(|c| &c.id == id)
                .map(|i| i as u8);
            if found.is_none() {
                report.at(
                    &u.at,
                    "unit.cadre",
                    format!("no cadre `{id}` in cadres.toml"),
                );
            }
            found
        }));
        let printed = u.steps.len() + usize::from(u.cadre.is_some());
        if u.steps.is_empty() || printed > 3 {
            report.at(
                &u.at,
                "unit.steps",
                "a unit has 1 or 2 printed faces, and a cadre as a 3rd step (2.3.5)",
            );
        }
        for face in &u.steps {
            if face.av.is_some() != face.av_colour.is_some() {
                report.at(
                    &u.at,
                    "unit.steps.av_colour",
                    "an armor value needs its colour and a colour its value",
                );
            }
            if face.tq.is_none() && u.class != super::Class::Silhouette {
                report.at(
                    &u.at,
                    "unit.steps.tq",
                    "every unit but a silhouette has a TQ (2.3.1)",
                );
            }
        }
        if (u.side == Side::Allied) != u.army.is_some() {
            report.at(
                &u.at,
                "unit.army",
                "every Allied unit, and no German one, belongs to an army (us or cw)",
            );
        }
    }
    data.formation_of = formation_of;
    data.cadre_of = cadre_of;

    for scenario in Scenario::ALL {
        if data.scenario(scenario).is_none() {
            report.file(
                "scenarios.toml",
                "scenario",
                format!("the scenario `{}` is missing", scenario.id()),
            );
        }
    }
    for s in &data.scenarios {
        if Scenario::parse(&s.id).is_none() {
            report.at(
                &s.at,
                "scenario.id",
                "the rules know the scenarios campaign, mini and cherbourg",
            );
        }
    }
    placements(data, report);
}

fn unique<'a>(report: &mut Report, ids: impl Iterator<Item = (&'a String, &'a At)>, field: &str) {
    let mut seen = BTreeSet::new();
    for (id, at) in ids {
        if !seen.insert(id.as_str()) {
            report.at(at, field, format!("`{id}` is used twice"));
        }
    }
}

/// Every unit a scenario's cards name exists and is placed at most once; a hex is a land hex
/// of the map; a position is one the map has.
fn placements(data: &N44Data, report: &mut Report) {
    let known: BTreeSet<&str> = data.units.iter().map(|u| u.id.as_str()).collect();
    let land = |label: &str| {
        data.map
            .hex(label)
            .is_some_and(|h| data.map.terrain(h) != Terrain::Sea)
    };
    for scenario in Scenario::ALL {
        let mut placed: BTreeSet<String> = BTreeSet::new();
        let mut place = |report: &mut Report, unit: &str, at: &At, field: &str| {
            if !known.contains(unit) {
                report.at(at, field, format!("no unit `{unit}` in units.toml"));
            } else if !placed.insert(unit.to_owned()) {
                report.at(
                    at,
                    field,
                    format!("`{unit}` is placed twice in the {} scenario", scenario.id()),
                );
            }
        };
        let setup = if scenario == Scenario::Cherbourg {
            &data.cherbourg_setup
        } else {
            &data.german_setup
        };
        for p in setup.iter().filter(|p| applies(&p.scenario, scenario)) {
            place(report, &p.unit, &p.at, "unit");
            match (&p.hex, &p.in_box) {
                (Some(hex), None) if !land(hex) => {
                    report.at(
                        &p.at,
                        "hex",
                        format!("`{hex}` is not a land hex of the map"),
                    );
                }
                (Some(_), None) => {}
                (None, Some(b))
                    if matches!(b.as_str(), "mobilization-243" | "mobilization-709") => {}
                (None, Some(b)) => report.at(
                    &p.at,
                    "box",
                    format!("no box `{b}`; the boxes are mobilization-243 and mobilization-709"),
                ),
                _ => report.at(&p.at, "hex", "a placement names either a hex or a box"),
            }
        }
        if scenario != Scenario::Cherbourg {
            for a in &data.assaults {
                for u in &a.units {
                    place(report, u, &a.at, "assault.units");
                }
                if let Some(t) = &a.tanks {
                    place(report, t, &a.at, "assault.tanks");
                }
                if data.map.file.position(&a.beach).is_none() {
                    report.at(
                        &a.at,
                        "assault.beach",
                        format!("no map position `{}`", a.beach),
                    );
                }
            }
            for w in &data.second_waves {
                for u in &w.units {
                    place(report, u, &w.at, "second_wave.units");
                }
            }
            for w in &data.next_wave {
                for u in &w.units {
                    place(report, u, &w.at, "next_wave.units");
                }
            }
        }
        for d in data.drops.iter().chain(&data.gliders) {
            if scenario == Scenario::Cherbourg && !d.unit.starts_with("us-") {
                continue;
            }
            place(report, &d.unit, &d.at, "unit");
            if data.map.file.position(&d.position).is_none() {
                report.at(
                    &d.at,
                    "position",
                    format!("no map position `{}`", d.position),
                );
            }
        }
        for a in data
            .german_arrivals
            .iter()
            .filter(|a| applies(&a.scenario, scenario))
        {
            place(report, &a.unit, &a.at, "german.unit");
            match (&a.colour, &a.hex) {
                (Some(_), None) => {}
                (None, Some(hex)) if land(hex) => {}
                (None, Some(hex)) => report.at(
                    &a.at,
                    "hex",
                    format!("`{hex}` is not a land hex of the map"),
                ),
                _ => report.at(
                    &a.at,
                    "colour",
                    "a reinforcement enters by a colour or at a hex",
                ),
            }
        }
        for g in data.gb.iter().filter(|g| applies(&g.scenario, scenario)) {
            place(report, &g.unit, &g.at, "gb.unit");
        }
    }
}
