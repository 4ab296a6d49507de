//! Landing boxes, artillery boxes and tracks (rules 2.1, 5.2, 5.32, 6.51, 18.22, 19.2, T10;
//! boxes.toml, tracks.toml).

use super::{Geo, Report, unique};
use crate::data::{LANDING_BOX_IDS, OmahaData, Sector, Tide, tide_of_turn};

pub fn check(data: &OmahaData, geo: &Geo<'_>, report: &mut Report) {
    let boxes = &data.boxes;
    unique(
        report,
        "landing_box.id",
        boxes.landing.iter().map(|b| (b.id.clone(), &b.at)),
    );
    let ids: Vec<&str> = boxes.landing.iter().map(|b| b.id.as_str()).collect();
    if ids != LANDING_BOX_IDS {
        report.file(
            "boxes.toml",
            "landing_box",
            format!(
                "the landing boxes must be, east to west: {}",
                LANDING_BOX_IDS.join(", ")
            ),
        );
    }
    for b in &boxes.landing {
        let lettered = !b.id.starts_with("drift");
        if b.letters.is_some() != lettered {
            report.at(
                &b.at,
                "landing_box.letters",
                "lettered boxes carry their beach letters; the drift boxes have none (rule 5.32)",
            );
        }
        if let Some(letters) = &b.letters
            && !b.id.starts_with(letters.as_str())
        {
            report.at(
                &b.at,
                "landing_box.letters",
                format!("box {} does not start with its letters {letters}", b.id),
            );
        }
        let lands = [
            (Tide::Low, Some(b.land.low)),
            (Tide::Mid, Some(b.land.mid)),
            (Tide::High, b.land.high),
        ];
        for (tide, hex) in lands {
            let Some(hex) = hex else { continue };
            // Rule 5.2: a box lands on the beach hex of the tide line in force.
            if !matches!(geo.terrain(hex), Some("beach" | "sea")) {
                report.at(
                    &b.at,
                    "landing_box.land",
                    format!("{hex}, a landing hex of {}, is not beach (rule 5.2)", b.id),
                );
            }
            if !geo.has_tag(hex, tide.tag()) {
                report.at(&b.at, "landing_box.land", format!("{hex} is the {tide:?} landing hex of {} but carries no `{}` tag (rule 5.2)", b.id, tide.tag()));
            }
            if !geo.in_region(hex, b.sector.region()) && b.letters.is_some() {
                report.at(
                    &b.at,
                    "landing_box.land",
                    format!(
                        "{hex} lies outside the {:?} sector of box {}",
                        b.sector, b.id
                    ),
                );
            }
        }
        for &hex in &b.high_path {
            if !geo.exists(hex) {
                report.at(
                    &b.at,
                    "landing_box.high_path",
                    format!("{hex} is not on the map"),
                );
            }
        }
    }
    for sector in [Sector::East, Sector::West] {
        if boxes
            .artillery
            .iter()
            .filter(|a| a.sector == sector)
            .count()
            != 1
        {
            report.file(
                "boxes.toml",
                "artillery_box",
                format!("give exactly one artillery box for the {sector:?} sector (rule 6.51)"),
            );
        }
    }
    for a in &boxes.artillery {
        for observer in &a.observers {
            if !data.positions.has(observer) {
                report.at(
                    &a.at,
                    "artillery_box.observers",
                    format!("no position `{observer}` (rule 6.51)"),
                );
            }
        }
    }
    tracks(data, report);
}

fn tracks(data: &OmahaData, report: &mut Report) {
    let turns = &data.tracks.turns;
    if turns.len() != 32 || turns.iter().zip(1..).any(|(t, n)| t.turn != n) {
        report.file(
            "tracks.toml",
            "turn",
            "the Turn track has turns 1 to 32, in order (rule 2.1)",
        );
    }
    for t in turns {
        if t.tide != tide_of_turn(t.turn) {
            report.at(
                &t.at,
                "turn.tide",
                format!(
                    "turn {} is {:?} tide in table T10",
                    t.turn,
                    tide_of_turn(t.turn)
                ),
            );
        }
    }
    if !turns.iter().any(|t| t.shuffle) {
        report.file(
            "tracks.toml",
            "turn.shuffle",
            "no turn is marked \"Shuffle Cards\" (rule 2.1)",
        );
    }
    let hq = &data.tracks.hq_range.spaces;
    if hq.first() != Some(&1)
        || hq.last() != Some(&4)
        || hq.windows(2).any(|w| w[1] < w[0] || w[1] > w[0] + 1)
    {
        report.file(
            "tracks.toml",
            "hq_range_track.spaces",
            "the HQ Range Track runs from 1 up to 4, never falling or skipping (rule 18.22)",
        );
    }
    let engineer = &data.tracks.engineer_range.spaces;
    if engineer.first() != Some(&0) || engineer.windows(2).any(|w| w[1] < w[0] || w[1] > w[0] + 1) {
        report.file(
            "tracks.toml",
            "engineer_range_track.spaces",
            "the Engineer Range Track starts at 0 and never falls or skips (rule 19.1)",
        );
    }
}
