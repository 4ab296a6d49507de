//! The Initial Phase (4.1 A): the weather (4), the Mulberries (21.1), what the Weather Table
//! row brings both sides (5, 6.1, 16.1, 19.1.1, 19.2, 26.2), and HQs and Werfers back to Ready
//! (4.1 A.4). Its two choices come after the receipts, in [`Step::InitialChoice`]: the German
//! splits his SupP (D1, 5.2), then the Allies take each "CW" replacement as British or Canadian
//! (D2, 6.2).

use crate::action::{N44Action, N44Event, N44Log};
use crate::beaches::{
    engineer_off_beach, fortress_traces_south, mulberry_complete, unit_in_supply,
};
use crate::data::{Army, Beach, Class, Scenario, Side};
use crate::state::{
    Mulberry, Normandy44, Pool, SUPPLY_7TH, SUPPLY_CW, SUPPLY_FORTRESS, SUPPLY_US, Step,
    TurnWeather, UnitFlags,
};
use crate::tables::costs::{
    REPLACEMENT_CAP, SUPPLY_CAP, rp_after_reductions, rp_per_turn, stockpile,
};
use crate::tables::weather::{
    AlliedReplacements, GermanArmorReplacement, GermanInfantryReplacement, WeatherEffects,
    WeatherRow, WeatherSource, allied_free_supply, allied_ip_allowance_per_army,
    cherbourg_armor_replacement_usable, cherbourg_receipts, german_ip_allowance, weather_row,
    weather_source,
};
use overlord_engine::{Die, Refusal, RuleId};

/// 4: weather.
pub const WEATHER: RuleId = RuleId("4.1");
/// 4.2: turn 2's weather.
pub const TURN_TWO: RuleId = RuleId("4.2");
/// 28.1: historical weather.
pub const HISTORICAL: RuleId = RuleId("28.1");

/// 5.2: the German SupP split.
pub const GERMAN_SUPPLY: RuleId = RuleId("5.2");
/// 5.3: the Allied free SupP.
pub const ALLIED_SUPPLY: RuleId = RuleId("5.3");
/// 5.1: 19 SupP per marker at most.
pub const SUPPLY_CAP_RULE: RuleId = RuleId("5.1");
/// 6.1: replacements are received in the Initial Phase (9 per marker at most).
pub const REPLACEMENTS: RuleId = RuleId("6.1");
/// 6.2: a "CW" result is a British or a Canadian infantry replacement.
pub const CW_CHOICE: RuleId = RuleId("6.2");
/// 6.5: the Allied RP of the turn, after the 6.5.3 reductions.
pub const RP: RuleId = RuleId("6.5.3");
/// 19.1.1, 19.2: air units and naval markers of the turn.
pub const AIR_NAVAL: RuleId = RuleId("19.1.1");
/// 16.1: IP allowances.
pub const IP_ALLOWANCE: RuleId = RuleId("16.1");
/// 4.1 A.4 (17.2, 17.3): in-supply HQs and Werfers flip back to Ready.
pub const FLIP: RuleId = RuleId("17.2");
/// 26.2: the Cherbourg scenario's receipts.
pub const CHERBOURG: RuleId = RuleId("26.2");

/// The Initial Phase of turns 2 and later (4.1 A): everything automatic, then its choices, if
/// any, in [`Step::InitialChoice`]; otherwise the German player turn is next.
pub fn initial_phase(game: &mut Normandy44, log: &mut N44Log) {
    let rolled_one = roll_weather(game, log);
    new_turn(game);
    crate::mulberry::initial_phase(game, log);
    receive(game, rolled_one, log);
    flip_to_ready(game, log);
    if game.supply_due > 0 || game.cw_choice_due > 0 {
        game.step = Step::InitialChoice;
        game.chooser = Some(initial_chooser(game));
    }
}

/// The per-turn counters start again (4.1 D.4): landings, evacuations, mobilizations; last
/// turn's landed reinforcements are ordinary units again (6.5.2).
fn new_turn(game: &mut Normandy44) {
    game.mobilized = [false; 2];
    game.evacuations.clear();
    game.tracks.rp_landed = [0; 5];
    game.withdrawal_offered = false;
    for unit in game.unit_ids().collect::<Vec<_>>() {
        game.unit_mut(unit).flags.set(UnitFlags::LANDED, false);
    }
}

/// 4.1, 4.2, 28.1: the turn's weather: rolled (on table 2.6 on turn 2), or fixed. Says whether
/// the die showed a 1 (26.2: with 28.1 a rolled 1 frees the Cherbourg armor replacement).
pub fn roll_weather(game: &mut Normandy44, log: &mut N44Log) -> bool {
    game.previous_row = game.weather.row;
    let historical = game.options.historical_weather;
    let previous = WeatherRow::new(i16::from(game.previous_row));
    let (rule, raw) = match weather_source(game.turn, historical) {
        WeatherSource::Fixed(_) => (HISTORICAL, None),
        WeatherSource::TurnTwoTable => (TURN_TWO, Some(game.rng.roll(Die::D6, TURN_TWO))),
        WeatherSource::Roll => (WEATHER, Some(game.rng.roll(Die::D6, WEATHER))),
    };
    let raw = raw.map(|r| u8::try_from(r).unwrap_or(1));
    let row = weather_row(game.turn, raw.unwrap_or(1), previous, historical);
    if raw.is_some() {
        game.reveals += 1;
    }
    let condition = row.weather();
    game.weather = TurnWeather {
        condition,
        row: row.value(),
    };
    let value = row.value();
    log.public(
        rule,
        N44Event::Die {
            purpose: "weather",
            raw: raw.unwrap_or(0),
            modified: i8::try_from(value).unwrap_or(1),
        },
        || match raw {
            Some(raw) => format!("Weather: rolled {raw}, row {value}: {condition:?}"),
            None => format!("Weather: row {value}, {condition:?} (historical weather)"),
        },
    );
    raw == Some(1)
}

/// Add `gained` to the SupP of marker `marker` (5.1: 19 at most, the excess lost).
fn add_supply(game: &mut Normandy44, marker: usize, gained: u8, rule: RuleId, log: &mut N44Log) {
    if gained == 0 {
        return;
    }
    let before = game.tracks.supply[marker];
    let after = stockpile(before, gained, SUPPLY_CAP);
    game.tracks.supply[marker] = after;
    let name = supply_name(marker);
    log.public(rule, N44Event::Note, || {
        if after - before < gained {
            format!(
                "{name} receives {gained} SupP: {after} (19 at most, 5.1; {} lost)",
                gained - (after - before)
            )
        } else {
            format!("{name} receives {gained} SupP: {after}")
        }
    });
}

/// A SupP marker's name.
fn supply_name(marker: usize) -> &'static str {
    match marker {
        SUPPLY_7TH => "The 7th Army",
        SUPPLY_FORTRESS => "Fortress Cherbourg",
        SUPPLY_US => "The US First Army",
        _ => "The British Second Army",
    }
}

/// Add `gained` replacements to `pool` (6.1: 9 at most, the excess lost).
pub fn add_replacements(game: &mut Normandy44, pool: Pool, gained: u8, log: &mut N44Log) {
    if gained == 0 {
        return;
    }
    let slot = &mut game.tracks.replacements[pool as usize];
    let after = stockpile(*slot, gained, REPLACEMENT_CAP);
    *slot = after;
    log.public(REPLACEMENTS, N44Event::Note, || {
        format!("{} replacements: +{gained}, now {after}", pool_name(pool))
    });
}

/// A replacement pool's name.
pub fn pool_name(pool: Pool) -> &'static str {
    match pool {
        Pool::GermanInfantry => "German infantry",
        Pool::GermanArmor => "German armor",
        Pool::GermanPt => "German armor \"1 (PT)\" (use now)",
        Pool::GermanLowTq0 => "German infantry \"1 (0)\" (use now, TQ 0 or −1)",
        Pool::GermanLowTqMinus1 => "German infantry \"1 (−1)\" (use now, TQ −1)",
        Pool::UsInfantry => "US infantry",
        Pool::UsArmor => "US armor",
        Pool::UsAirborne => "US airborne",
        Pool::BritishInfantry => "British infantry",
        Pool::BritishArmor => "British armor",
        Pool::BritishAirborne => "British airborne",
        Pool::CanadianInfantry => "Canadian infantry",
    }
}

/// The Allied replacements of a row into their pools; the "CW" ones wait for D2.
fn allied_replacements(game: &mut Normandy44, allied: AlliedReplacements, log: &mut N44Log) {
    add_replacements(game, Pool::UsInfantry, allied.us_infantry, log);
    add_replacements(game, Pool::UsArmor, allied.us_armor, log);
    add_replacements(game, Pool::BritishInfantry, allied.british_infantry, log);
    add_replacements(game, Pool::BritishArmor, allied.british_armor, log);
    add_replacements(game, Pool::CanadianInfantry, allied.canadian_infantry, log);
    game.cw_choice_due = allied.cw_choice_infantry;
}

/// The German infantry replacement of a row into its pool (6.4: the low-TQ ones into use-now
/// pools).
fn german_infantry(game: &mut Normandy44, r: Option<GermanInfantryReplacement>, log: &mut N44Log) {
    let pool = match r {
        None => return,
        Some(GermanInfantryReplacement::Ordinary) => Pool::GermanInfantry,
        Some(GermanInfantryReplacement::TqZeroOrMinusOne) => Pool::GermanLowTq0,
        Some(GermanInfantryReplacement::TqMinusOne) => Pool::GermanLowTqMinus1,
    };
    add_replacements(game, pool, 1, log);
}

/// 6.5.1, 6.5.3: `army`'s RP this turn: by the weather, less 2 per engineer of the army away
/// from its beach (Sword's excepted) and 2 for a destroyed Mulberry.
pub fn turn_rp(game: &Normandy44, army: Army) -> u8 {
    let base = rp_per_turn(army, game.weather.condition, game.scenario);
    let engineers = Beach::ALL
        .into_iter()
        .filter(|&b| b.army() == army && b.counts_for_engineer_reduction())
        .filter(|&b| engineer_off_beach(game, b))
        .count();
    let destroyed = game.mulberries[army.index()] == Mulberry::Destroyed;
    rp_after_reductions(base, u8::try_from(engineers).unwrap_or(u8::MAX), destroyed)
}

/// 4.1 A.3: the receipts of the turn's row (2.5; 26.2 in the Cherbourg scenario).
fn receive(game: &mut Normandy44, rolled_one: bool, log: &mut N44Log) {
    let row = WeatherRow::new(i16::from(game.weather.row));
    if game.scenario == Scenario::Cherbourg {
        receive_cherbourg(game, row, rolled_one, log);
    } else {
        receive_campaign(game, row, log);
    }
    for army in [Army::Us, Army::Cw] {
        game.tracks.rp[army.index()] = turn_rp(game, army);
    }
    let [us, cw] = game.tracks.rp;
    log.public(RP, N44Event::Note, || {
        format!("Allied RP this turn: {us} US, {cw} CW")
    });
    let [air_us, air_cw] = game.tracks.air;
    let [naval_us, naval_cw] = game.tracks.naval;
    log.public(AIR_NAVAL, N44Event::Note, || {
        format!(
            "Allied air units: {air_us} US, {air_cw} CW; naval markers: {naval_us} US, {naval_cw} CW"
        )
    });
    let [ip_de, ip_us, ip_cw] = game.tracks.ip_allowance;
    log.public(IP_ALLOWANCE, N44Event::Note, || {
        format!("IPs that may be started: German {ip_de}, US {ip_us}, CW {ip_cw}")
    });
}

/// 2.5, 5, 6.1, 16.1, 19: the campaign's and mini game's receipts.
fn receive_campaign(game: &mut Normandy44, row: WeatherRow, log: &mut N44Log) {
    let effects = WeatherEffects::of(row);
    german_supply(game, effects.german_supply, log);
    for (army, marker) in [(Army::Us, SUPPLY_US), (Army::Cw, SUPPLY_CW)] {
        let free = allied_free_supply(row, mulberry_complete(game, army));
        game.solitaire.received[army.index()] = free;
        add_supply(game, marker, free, ALLIED_SUPPLY, log);
    }
    german_infantry(game, effects.german_infantry, log);
    match effects.german_armor {
        Some(GermanArmorReplacement::PantherTiger) => {
            add_replacements(game, Pool::GermanPt, 1, log);
        }
        Some(GermanArmorReplacement::Ordinary) => {
            add_replacements(game, Pool::GermanArmor, 1, log);
        }
        None => {}
    }
    allied_replacements(game, effects.allied, log);
    game.tracks.air = [effects.us_air, effects.cw_air];
    game.tracks.naval = [effects.us_naval, effects.cw_naval];
    let allied_ip = allied_ip_allowance_per_army(row);
    game.tracks.ip_allowance = [german_ip_allowance(row, game.turn), allied_ip, allied_ip];
}

/// 26.2: the Cherbourg scenario's receipts (US only; the German SupP all on Fortress Cherbourg).
fn receive_cherbourg(game: &mut Normandy44, row: WeatherRow, rolled_one: bool, log: &mut N44Log) {
    // 19.2, A-41: the special Cherbourg bombardment's second marker comes with its first use
    // (combat), since the turn of the bombardment is the Allied player's choice made later.
    let r = cherbourg_receipts(game.turn, row, false);
    add_supply(game, SUPPLY_FORTRESS, r.german_supply, CHERBOURG, log);
    game.solitaire.received = [r.allied_supply, 0];
    add_supply(game, SUPPLY_US, r.allied_supply, CHERBOURG, log);
    german_infantry(game, r.german_infantry, log);
    allied_replacements(game, r.allied, log);
    // 26.2 item 1: the once-per-scenario armor replacement may be used in a Storm turn (or on a
    // rolled 1 with 28.1); it waits in the use-now pool, and the marker goes when it is used.
    if game.cherbourg_armor
        && game.tracks.replacements[Pool::GermanPt as usize] == 0
        && cherbourg_armor_replacement_usable(game.turn, row, rolled_one)
    {
        game.tracks.replacements[Pool::GermanPt as usize] = 1;
        log.public(CHERBOURG, N44Event::Note, || {
            "The German may use his one armor replacement of the scenario this turn".to_owned()
        });
    }
    game.tracks.air = [r.us_air, 0];
    game.tracks.naval = [r.us_naval, 0];
    game.tracks.ip_allowance = [r.german_ip, r.allied_ip, 0];
}

/// 5.2: the German SupP of the row: the German splits them when Fortress Cherbourg may take
/// some (D1), else they all go to the 7th Army.
fn german_supply(game: &mut Normandy44, supply: u8, log: &mut N44Log) {
    if supply == 0 {
        return;
    }
    if fortress_traces_south(game) {
        game.supply_due = supply;
        log.public(GERMAN_SUPPLY, N44Event::Note, || {
            format!("The German receives {supply} SupP to split between the 7th Army and Fortress Cherbourg")
        });
    } else {
        add_supply(game, SUPPLY_7TH, supply, GERMAN_SUPPLY, log);
    }
}

/// 4.1 A.4, 17.2, 17.3: every in-supply HQ and Werfer on its Moved side flips back to Ready
/// (Disorganized ones too).
fn flip_to_ready(game: &mut Normandy44, log: &mut N44Log) {
    for unit in game.unit_ids().collect::<Vec<_>>() {
        let def = game.data().unit(unit);
        if !matches!(def.class, Class::Hq | Class::Werfer)
            || game.hex_of(unit).is_none()
            || !game.unit(unit).flags.has(UnitFlags::SPENT)
            || !unit_in_supply(game, unit)
        {
            continue;
        }
        game.unit_mut(unit).flags.set(UnitFlags::SPENT, false);
        let name = game.data().unit(unit).short.clone();
        log.public(
            FLIP,
            N44Event::Marker {
                unit,
                marker: "moved",
                on: false,
            },
            || format!("{name} is in supply and flips back to Ready"),
        );
    }
}

/// Who answers the Initial Phase's next choice.
fn initial_chooser(game: &Normandy44) -> Side {
    if game.supply_due > 0 {
        Side::German
    } else {
        Side::Allied
    }
}

/// The answers to the Initial Phase's choice showing.
pub fn legal(game: &Normandy44, out: &mut Vec<N44Action>) {
    if game.supply_due > 0 {
        // 5.2: Fortress Cherbourg only while a Cherbourg city hex traces to the south edge.
        let most = if fortress_traces_south(game) {
            game.supply_due
        } else {
            0
        };
        out.extend(
            (fortress_least(game).min(most)..=most)
                .map(|points| N44Action::FortressSupply { points }),
        );
    } else if game.cw_choice_due > 0 {
        out.push(N44Action::CwReplacement { canadian: false });
        out.push(N44Action::CwReplacement { canadian: true });
    }
}

/// 27.2: of 2 or more SupP, one goes to Fortress Cherbourg (when it may receive any).
fn fortress_least(game: &Normandy44) -> u8 {
    u8::from(crate::solitaire::on(game) && game.supply_due >= 2 && fortress_traces_south(game))
}

/// Answer the Initial Phase's choice showing.
pub fn answer(game: &mut Normandy44, action: N44Action, log: &mut N44Log) -> Result<(), Refusal> {
    match action {
        N44Action::FortressSupply { points } if game.supply_due > 0 => {
            if points > 0 && !fortress_traces_south(game) {
                return Err(Refusal::by_rule(
                    GERMAN_SUPPLY,
                    "no Cherbourg city hex traces a line of supply to the south edge: \
                     Fortress Cherbourg receives no SupP",
                ));
            }
            if points < fortress_least(game) {
                return Err(Refusal::by_rule(
                    crate::solitaire::SOLITAIRE,
                    "of 2 or more SupP, one goes to Fortress Cherbourg (27.2)",
                ));
            }
            if points > game.supply_due {
                return Err(Refusal::by_rule(
                    GERMAN_SUPPLY,
                    format!("only {} SupP were received", game.supply_due),
                ));
            }
            let rest = game.supply_due - points;
            game.supply_due = 0;
            add_supply(game, SUPPLY_FORTRESS, points, GERMAN_SUPPLY, log);
            add_supply(game, SUPPLY_7TH, rest, GERMAN_SUPPLY, log);
        }
        N44Action::CwReplacement { canadian } if game.supply_due == 0 && game.cw_choice_due > 0 => {
            game.cw_choice_due -= 1;
            let pool = if canadian {
                Pool::CanadianInfantry
            } else {
                Pool::BritishInfantry
            };
            log.public(CW_CHOICE, N44Event::Note, || {
                format!("The \"CW\" replacement is taken as {}", pool_name(pool))
            });
            add_replacements(game, pool, 1, log);
        }
        _ => {
            return Err(Refusal::by_rule(
                WEATHER,
                "not a choice of the Initial Phase now",
            ));
        }
    }
    if game.supply_due > 0 || game.cw_choice_due > 0 {
        game.chooser = Some(initial_chooser(game));
    } else {
        game.chooser = None;
        game.step = Step::Begin(Side::German);
    }
    Ok(())
}
