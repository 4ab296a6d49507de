//! The US and German rosters (rules 2.2.1, 2.23, 2.24, 3, 5.3, 5.33, Easy Fox; us_units.toml,
//! german_units.toml).

use super::{Report, unique};
use crate::data::DepthKind;
use crate::data::{Division, OmahaData, Pool, Sector, UsKind, WnCategory};

pub fn check(data: &OmahaData, report: &mut Report) {
    us(data, report);
    german(data, report);
}

/// Whether `landing` names a box, the letters of a lettered box, or a division (rule 5.3).
pub fn landing_resolves(data: &OmahaData, landing: &str) -> bool {
    landing == "1st"
        || landing == "29th"
        || data.boxes.landing_box(landing).is_some()
        || data
            .boxes
            .landing
            .iter()
            .any(|b| b.letters.as_deref() == Some(landing))
}

fn us(data: &OmahaData, report: &mut Report) {
    let us = &data.us;
    unique(
        report,
        "unit.id",
        us.units.iter().map(|u| (u.id.clone(), &u.at)),
    );
    for u in &us.units {
        let steps = u.steps();
        // Rule 2.2.1: 1-4 steps; regular infantry companies 3, artillery battalions 4, "every
        // other formation 1 or 2" (Rangers included: 13.11 keeps them apart from regular
        // infantry).
        let allowed = match u.kind {
            UsKind::Infantry => 3..=3,
            UsKind::Ranger => 1..=2,
            _ => 1..=4,
        };
        if !allowed.contains(&steps) {
            report.at(
                &u.at,
                "unit.attack",
                format!(
                    "{} has {steps} step(s); units have 1-4, regular infantry companies 3, \
                     Rangers 1 or 2 (rule 2.2.1)",
                    u.id
                ),
            );
        }
        if u.kind.infantry() && u.reduced_weapons.len() + 1 != steps {
            report.at(
                &u.at,
                "unit.reduced_weapons",
                format!(
                    "infantry prints weapons on each reduced side: give {} lists (rule 8.21)",
                    steps.saturating_sub(1)
                ),
            );
        }
        if !landing_resolves(data, &u.landing) {
            report.at(
                &u.at,
                "unit.landing",
                format!(
                    "`{}` is not a landing box, beach letters or division (rule 5.3)",
                    u.landing
                ),
            );
        }
        // 5.33: a Charlie box, or the Charlie beach's letters.
        let charlie = u.landing == crate::data::boxes::CHARLIE
            || data
                .boxes
                .landing_box(&u.landing)
                .is_some_and(|b| b.rangers_only());
        if charlie && u.kind != UsKind::Ranger {
            report.at(
                &u.at,
                "unit.landing",
                "only Rangers may be placed in the Charlie boxes (rule 5.33)",
            );
        }
        if u.arrival.is_some_and(|t| !(1..=32).contains(&t)) {
            report.at(&u.at, "unit.arrival", "arrival turns run 1-32");
        }
        if u.arrival.is_none()
            && (u.kind != UsKind::Tank || data.boxes.landing_box(&u.landing).is_none())
        {
            report.at(&u.at, "unit.arrival", "only first-wave tanks have no arrival turn, and they name their box (setup, rule 3)");
        }
        if let Some(b) = data.boxes.landing_box(&u.landing)
            && b.sector != u.division.sector()
            && u.arrival.is_none()
        {
            report.at(
                &u.at,
                "unit.landing",
                "a first-wave tank starts in a box of its own division's sector",
            );
        }
    }
    // Setup rule 3 step 5: 8 first-wave tanks, 4 per division.
    for division in [Division::First, Division::TwentyNinth] {
        let tanks = us
            .units
            .iter()
            .filter(|u| u.arrival.is_none() && u.division == division)
            .count();
        if tanks != 4 {
            report.file("us_units.toml", "unit.arrival", format!("{division:?} has {tanks} first-wave tanks without arrival turn; setup places 4 per division (rule 3)"));
        }
    }
    // Easy Fox: 24 1st-Division units arrive on turn 10 or earlier.
    let early = us
        .units
        .iter()
        .filter(|u| u.division == Division::First && u.arrival.is_some_and(|t| t <= 10))
        .count();
    if early != 24 {
        report.file(
            "us_units.toml",
            "unit.arrival",
            format!("{early} 1st-Division units arrive by turn 10; Easy Fox uses 24"),
        );
    }
    unique(
        report,
        "hero.name",
        us.heroes.iter().map(|h| (h.name.clone(), &h.at)),
    );
    for hero in ["Spalding", "Strojny", "Montieth", "Thompson", "Smith"] {
        if !us.heroes.iter().any(|h| h.name == hero) {
            report.file(
                "us_units.toml",
                "hero",
                format!("Hero {hero} is missing (rule 21.1)"),
            );
        }
    }
    if us.hqs.len() != 4 {
        report.file(
            "us_units.toml",
            "hq",
            format!(
                "{} HQs; the game has 4, one per regiment (rule 18.21)",
                us.hqs.len()
            ),
        );
    }
    for hq in ["16 HQ", "116 HQ"] {
        if !us.hqs.iter().any(|h| h.id == hq) {
            report.file(
                "us_units.toml",
                "hq",
                format!("{hq} is missing (rule 21.1)"),
            );
        }
    }
    for (general, division) in [("Cota", Division::TwentyNinth), ("Wyman", Division::First)] {
        if !us
            .generals
            .iter()
            .any(|g| g.name == general && g.division == division)
        {
            report.file(
                "us_units.toml",
                "general",
                format!("General {general} ({division:?}) is missing (rule 11.3)"),
            );
        }
    }
    for leader in us
        .hqs
        .iter()
        .map(|h| (&h.landing, &h.at))
        .chain(us.generals.iter().map(|g| (&g.landing, &g.at)))
    {
        if !landing_resolves(data, leader.0) {
            report.at(
                leader.1,
                "landing",
                format!(
                    "`{}` is not a landing box, beach letters or division",
                    leader.0
                ),
            );
        }
    }
}

fn german(data: &OmahaData, report: &mut Report) {
    let g = &data.german;
    unique(
        report,
        "id",
        g.ids().into_iter().map(|(id, at)| (id.to_owned(), at)),
    );
    let file = "german_units.toml";
    let mut expect = |what: &str, count: usize, want: usize, field: &str| {
        if count != want {
            report.file(
                file,
                field,
                format!("{count} {what}; the rulebook has {want} (rule 3)"),
            );
        }
    };
    let wn = |c: WnCategory| g.wn_units.iter().filter(|u| u.category == c).count();
    expect("WN units", g.wn_units.len(), 18, "wn_unit");
    expect(
        "\"88\" WN units",
        wn(WnCategory::C88),
        2,
        "wn_unit.category",
    );
    expect(
        "\"75\" WN units",
        wn(WnCategory::C75),
        6,
        "wn_unit.category",
    );
    expect(
        "rocket WN units",
        wn(WnCategory::Rocket),
        1,
        "wn_unit.category",
    );
    expect(
        "WN units without artillery",
        wn(WnCategory::None),
        9,
        "wn_unit.category",
    );
    expect(
        "off-map artillery units",
        g.artillery.len(),
        4,
        "artillery_unit",
    );
    for sector in [Sector::East, Sector::West] {
        let n = g.artillery.iter().filter(|a| a.sector == sector).count();
        expect(
            &format!("{sector:?} artillery units"),
            n,
            2,
            "artillery_unit.sector",
        );
    }
    let pool = |p: Pool| g.reinforcements.iter().filter(|u| u.pool == p).count();
    expect(
        "Tactical (T) units",
        pool(Pool::T),
        9,
        "reinforcement_unit.pool",
    );
    expect(
        "Divisional (D) units",
        pool(Pool::D),
        11,
        "reinforcement_unit.pool",
    );
    expect(
        "Kampfgruppe Meyer (M) units",
        pool(Pool::M),
        8,
        "reinforcement_unit.pool",
    );
    expect("tanks", g.tanks.len(), 4, "tank_unit");
    let depth = |k: DepthKind| g.depth_markers.iter().filter(|d| d.kind == k).count();
    expect("depth markers", g.depth_markers.len(), 54, "depth_marker");
    expect(
        "WN depth markers",
        depth(DepthKind::Wn),
        18,
        "depth_marker.kind",
    );
    expect(
        "Mobile depth markers",
        depth(DepthKind::Mobile),
        24,
        "depth_marker.kind",
    );
    expect(
        "Building depth markers",
        depth(DepthKind::Building),
        8,
        "depth_marker.kind",
    );
    expect(
        "Armor depth markers",
        depth(DepthKind::Armor),
        4,
        "depth_marker.kind",
    );
    for d in &g.depth_markers {
        if d.tactical_reinforcement && d.kind != DepthKind::Wn {
            report.at(
                &d.at,
                "depth_marker.tactical_reinforcement",
                "only WN depth markers bring Tactical reinforcements (rule 9.4)",
            );
        }
    }
}
