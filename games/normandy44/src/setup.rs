//! A new game of a scenario (24.2, 25.1, 26.1): every unit put where its card says, the tracks
//! at their starting values, every hex German-controlled, turn 1's fixed weather
//! (Overcast-2, 4.1).

use crate::data::{Assault, Beach, N44Data, Scenario, applies};
use crate::state::{
    Location, Mulberry, N44Options, Normandy44, SUPPLY_7TH, SUPPLY_CW, SUPPLY_FORTRESS, SUPPLY_US,
    Step, Tracks, TurnWeather, UnitFlags, UnitState,
};
use crate::tables::weather::Weather;
use overlord_engine::{GameRng, SetupError};
use std::sync::Arc;

/// The game of `scenario` before its first decision.
pub fn new_game(
    data: &Arc<N44Data>,
    scenario: &str,
    options: &N44Options,
    rng: GameRng,
) -> Result<Normandy44, SetupError> {
    let id = Scenario::parse(scenario).ok_or_else(|| {
        SetupError(format!(
            "no scenario `{scenario}`; Normandy '44 has campaign, mini and cherbourg"
        ))
    })?;
    let def = data
        .scenario(id)
        .ok_or_else(|| SetupError(format!("the data has no scenario `{scenario}`")))?;
    let mut units = vec![
        UnitState {
            at: Location::OutOfPlay,
            step: 0,
            flags: UnitFlags::default(),
            spent: 0,
        };
        data.units.len()
    ];
    let mut put = |unit: &str, at: Location| {
        if let Some(u) = data.unit_id(unit) {
            units[u.index()].at = at;
        }
    };
    let hex_of = |label: &Option<String>| label.as_deref().and_then(|l| data.map.hex(l));
    let setup = if id == Scenario::Cherbourg {
        &data.cherbourg_setup
    } else {
        &data.german_setup
    };
    for p in setup.iter().filter(|p| applies(&p.scenario, id)) {
        let at = match (hex_of(&p.hex), p.in_box.as_deref()) {
            (Some(hex), _) => Location::Hex(hex),
            (None, Some("mobilization-243")) => Location::Mobilization(0),
            (None, Some("mobilization-709")) => Location::Mobilization(1),
            _ => continue,
        };
        put(&p.unit, at);
    }
    // 20.1, 26.1: the assaults of the scenario (all nine, or Utah alone in Cherbourg).
    let utah_only = id == Scenario::Cherbourg;
    for a in &data.assaults {
        let Some(i) = Assault::ALL.iter().position(|x| x.position() == a.beach) else {
            continue;
        };
        if utah_only && Assault::ALL[i] != Assault::Utah {
            continue;
        }
        for u in a.units.iter().chain(&a.tanks) {
            put(u, Location::AssaultBox(i as u8));
        }
    }
    for w in &data.second_waves {
        let Some(beach) = Beach::ALL.iter().position(|b| b.id() == w.beach) else {
            continue;
        };
        if utah_only && Beach::ALL[beach] != Beach::Utah {
            continue;
        }
        for u in &w.units {
            put(u, Location::SecondWave(beach as u8));
        }
    }
    if !utah_only {
        for w in &data.next_wave {
            for u in &w.units {
                put(u, Location::NextWave);
            }
        }
    }
    // 20.2: the drops come down in the Special Invasion Phase, the gliders on turn 2.
    let us_only = |unit: &str| {
        !utah_only
            || data.unit_id(unit).and_then(|u| data.unit(u).army) == Some(crate::data::Army::Us)
    };
    for d in data.drops.iter().filter(|d| us_only(&d.unit)) {
        put(&d.unit, Location::Airborne(1));
    }
    for d in data.gliders.iter().filter(|d| us_only(&d.unit)) {
        put(&d.unit, Location::Airborne(2));
    }
    for a in data
        .german_arrivals
        .iter()
        .filter(|a| applies(&a.scenario, id))
    {
        put(&a.unit, Location::Arriving(a.turn));
    }
    for g in data.gb.iter().filter(|g| applies(&g.scenario, id)) {
        put(&g.unit, Location::Britain);
    }
    let mut tracks = Tracks::default();
    if id == Scenario::Cherbourg {
        tracks.supply[SUPPLY_FORTRESS] = data.tracks.cherbourg_german_supply;
    } else {
        tracks.supply[SUPPLY_7TH] = data.tracks.german_supply;
        tracks.supply[SUPPLY_FORTRESS] = data.tracks.fortress_supply;
    }
    tracks.supply[SUPPLY_US] = data.tracks.us_supply;
    tracks.supply[SUPPLY_CW] = data.tracks.cw_supply;
    let words = data.map.hexes.len().div_ceil(64);
    Ok(Normandy44 {
        data: Arc::clone(data),
        scenario: id,
        options: options.clone(),
        rng,
        turn: 1,
        last_turn: def.turns,
        step: Step::Invasion(0),
        weather: TurnWeather {
            condition: Weather::Overcast,
            row: 2,
        },
        previous_row: 2,
        units,
        allied_control: vec![0; words],
        tracks,
        mulberries: [Mulberry::NotStarted; 2],
        attackers: Vec::new(),
        attacked_hexes: Vec::new(),
        chooser: None,
        reveals: 0,
        outcome: None,
        invasion: crate::state::Invasion::default(),
        supply_due: 0,
        cw_choice_due: 0,
        mobilized: [false; 2],
        entry_zones: Vec::new(),
        evacuations: Vec::new(),
        cotentin_relocated: false,
        fortress_removed: false,
        // 26.2 item 1: the German armor replacement marker starts in box "1".
        cherbourg_armor: id == Scenario::Cherbourg,
        withdrawal_offered: false,
        batteries_silenced: 0,
        ips: Vec::new(),
        combat: Default::default(),
        memo: Default::default(),
        part: 0,
        facing_british: Vec::new(),
        solitaire: Default::default(),
        bombardment: Default::default(),
    })
}
