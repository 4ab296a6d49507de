//! Who may attack and with what (10.1-10.3, 6.2, 15.3, 16.1, 22.1), the strengths and odds
//! (10.4-10.7, 11.1, 11.2) and every column shift (11.3-11.9, 16.3, 9.8.4, 19, 28.2), with the
//! artillery, air and naval support a player may add (11.6, 17.2, 17.3, 19.1.2, 19.2).

use super::{armor_value, armored, cf, direction, face, is_cadre, quality, reserve_segment};
use crate::data::{Army, Class, HexFlags, Scenario, Side, UnitId};
use crate::state::{
    MafChoice, Normandy44, SUPPLY_7TH, SUPPLY_CW, SUPPLY_FORTRESS, SUPPLY_US, UnitFlags,
};
use crate::tables::air::{jabo_applies, jabo_shift};
use crate::tables::crt::{Column, CrtResult, FinalColumn, OddsColumn, capped, halved};
use crate::tables::terrain::{
    AttackEffect, Fortification, HexsideFeature, attack_across, attack_out_of,
    attacker_armor_shift_into, capped_dcb,
};
use crate::tables::weather::Weather;
use overlord_engine::RuleId;
use overlord_hexmap::HexId;

/// 10.4: the 18-factor limit.
pub const CAP: RuleId = RuleId("10.4");
/// 11.1: halving.
pub const HALVING: RuleId = RuleId("11.1");
/// 11.2: the defensive combat bonus.
pub const DCB: RuleId = RuleId("11.2");
/// 11.3: rivers and flooded hexes.
pub const RIVERS: RuleId = RuleId("11.3");
/// 11.4.1: the attacker's armor shift.
pub const ARMOR_ATTACK: RuleId = RuleId("11.4.1");
/// 11.4.2: the defender's armor shift.
pub const ARMOR_DEFENCE: RuleId = RuleId("11.4.2");
/// 11.4.4: where the attacker gets no armor shift.
pub const ARMOR_LIMITS: RuleId = RuleId("11.4.4");
/// 11.5: the TQ shift.
pub const TQ: RuleId = RuleId("11.5");
/// 11.6: artillery shifts.
pub const ARTILLERY: RuleId = RuleId("11.6");
/// 11.7: the Carpiquet airfield hexside.
pub const CARPIQUET: RuleId = RuleId("11.7");
/// 11.8: hilltops.
pub const HILLTOP: RuleId = RuleId("11.8");
/// 11.9: Tigers.
pub const TIGER: RuleId = RuleId("11.9");
/// 16.3: the Cherbourg Perimeter.
pub const PERIMETER: RuleId = RuleId("16.3");
/// 17.2: HQs.
pub const HQ: RuleId = RuleId("17.2");
/// 17.3: Werfer brigades.
pub const WERFER: RuleId = RuleId("17.3");
/// 9.8.4: a defender with an SM marker.
pub const SM_DEFENDER: RuleId = RuleId("9.8.4");
/// 19.1.2: offensive air support.
pub const AIR: RuleId = RuleId("19.1.2");
/// 19.1.3: the Jabo Table.
pub const JABO: RuleId = RuleId("19.1.3");
/// 19.2: naval support.
pub const NAVAL: RuleId = RuleId("19.2");
/// 28.2: flank fire (optional).
pub const FLANK_FIRE: RuleId = RuleId("28.2");
/// 6.5.2: Allied reinforcements on their landing turn attack halved.
pub const LANDED: RuleId = RuleId("6.5.2");
/// 18.4: out-of-supply units attack halved.
pub const OOS: RuleId = RuleId("18.4");

/// The support declared for an attack (11.6, 19.1.2, 19.1.3, 19.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Support {
    /// Artillery shifts (HQs and Werfers).
    pub artillery: u8,
    /// Air units.
    pub air: u8,
    pub naval: bool,
    /// The Jabo roll, once made (19.1.3); `None` before it.
    pub jabo: Option<u8>,
}

/// One column shift of an attack: its rule, its amount (right positive) and what gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shift {
    pub rule: RuleId,
    pub amount: i8,
    pub what: &'static str,
}

/// An attack as it would be resolved (10.5): strengths, raw odds, every shift, the final
/// column and the chance of each CRT result.
#[derive(Clone, Debug, PartialEq)]
pub struct Assessment {
    /// The attack strength after halving and the 18 cap (10.4, 11.1).
    pub attack: u16,
    /// The defence strength: CF plus capped DCB, after the 18 cap (10.4, 11.2).
    pub defence: u16,
    /// The DCB counted (11.2).
    pub dcb: u16,
    /// The odds before shifts (10.5).
    pub raw: OddsColumn,
    pub shifts: Vec<Shift>,
    /// The net column shift (Jabos included once rolled).
    pub net: i8,
    /// Where the attack is resolved; `None` when the raw odds are below 1-3 (10.6).
    pub final_column: Option<FinalColumn>,
    /// The German attack in a Clear turn still waits for its Jabo roll (19.1.3); the chances
    /// average over it.
    pub jabo_pending: bool,
    /// The MAF's units (10.3) and those that gave a TQ, armor or Tiger shift (12.2).
    pub maf: Vec<UnitId>,
    pub givers: Vec<UnitId>,
    /// The chance of each result, over the die (and the Jabo die while pending).
    pub chances: Vec<(CrtResult, f64)>,
    /// Each attacker's CF as counted, with the rule that halved it, if any (11.1).
    pub lines: Vec<AttackerLine>,
    /// Whether a side's total was cut to 18 (10.4).
    pub capped: bool,
    /// Shifts the attack would have had but a rule denies (amount 0), for the record.
    pub denied: Vec<Shift>,
}

/// One attacker's part of the attack strength (11.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackerLine {
    pub unit: UnitId,
    /// Its CF as printed on its current face.
    pub cf: u8,
    /// Its CF as counted.
    pub counted: u8,
    /// The rule that halved it (the first of its reasons; it is halved once, 11.1).
    pub halved_by: Option<RuleId>,
}

impl Assessment {
    /// The chance of `result`.
    pub fn chance(&self, result: CrtResult) -> f64 {
        self.chances
            .iter()
            .find(|(r, _)| *r == result)
            .map_or(0.0, |(_, p)| *p)
    }

    /// The final column as people write it ("3-1", "A1").
    pub fn column_label(&self) -> &'static str {
        match self.final_column {
            Some(FinalColumn::Column(c)) => c.label(),
            Some(FinalColumn::AutomaticA1) => "below 1-3: A1",
            None => "below 1-3",
        }
    }
}

/// The defending group of a hex and its strength (10.4, 11.2, 13.5, A-48).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Defence {
    /// Units that add strength: those in the hex but the ones that retreated in this phase
    /// (13.5).
    pub units: Vec<UnitId>,
    pub cf: u16,
    pub dcb: u16,
    /// CF plus DCB, capped at 18.
    pub total: u16,
}

/// 11.2, 13.5, A-48, 9.8.4, 16.2, 17.7: the defence of `hex`: the CF of its units (not those
/// that retreated in this phase) plus the terrain's DCB, which never exceeds the CF of the
/// units that receive it (no strongpoints, silhouettes, FLAK or SM-marked units), all capped
/// at 18 (10.4).
pub fn defence(game: &Normandy44, hex: HexId) -> Defence {
    let units: Vec<UnitId> = game
        .units_in(hex)
        .filter(|&u| !game.unit(u).flags.has(UnitFlags::RETREATED))
        .collect();
    let cf_total: u16 = units.iter().map(|&u| u16::from(cf(game, u))).sum();
    let receiving: u16 = units
        .iter()
        .filter(|&&u| {
            !matches!(
                game.data.unit(u).class,
                Class::Strongpoint | Class::Silhouette | Class::Flak
            ) && !game.unit(u).flags.has(UnitFlags::SM)
        })
        .map(|&u| u16::from(cf(game, u)))
        .sum();
    let dcb = capped_dcb(&[game.terrain(hex)], receiving);
    Defence {
        units,
        cf: cf_total,
        dcb,
        total: capped(cf_total + dcb),
    }
}

/// The fortification in `hex` (16.1, 16.2): a strongpoint, a complete IP of the defender or a
/// permanent IP.
pub fn fortification(game: &Normandy44, hex: HexId) -> Fortification {
    crate::fortify::fortification(game, hex)
}

/// 11.1, 11.3, 11.4.4, 11.7, 16.3: what attacking from `from` into the adjacent `to` does to a
/// unit of `side` (its hexside and its own hex).
pub fn attack_effect(game: &Normandy44, from: HexId, to: HexId, side: Side) -> AttackEffect {
    let Some(k) = direction(game, from, to) else {
        return AttackEffect {
            allowed: false,
            ..AttackEffect::NONE
        };
    };
    let hexside = game.data.map.side(from, k);
    let features: Vec<HexsideFeature> = HexsideFeature::ALL
        .into_iter()
        .filter(|&f| hexside.has(f))
        .collect();
    attack_across(&features, side).and(attack_out_of(&[game.terrain(from)]))
}

/// Why `unit` may not attack `hex` in this phase (10.1, 10.7, 6.2, 13.6, 15.3, 16.1, 16.2,
/// 17.2, 17.3, 17.7, 17.8, 17.9, 20.2), if it may not.
pub fn why_cannot_attack(
    game: &Normandy44,
    side: Side,
    unit: UnitId,
    hex: HexId,
) -> Option<&'static str> {
    if game.side_of(unit) != side {
        return Some("it is not a unit of the attacking side");
    }
    let Some(from) = game.hex_of(unit) else {
        return Some("it is not on the map");
    };
    if game.data.map.hexes.distance(from, hex) != 1 {
        return Some("it is not adjacent to the defending hex (10.1)");
    }
    let state = game.unit(unit);
    let flags = state.flags;
    match game.data.unit(unit).class {
        Class::Hq | Class::Werfer => {
            return Some("HQs and Werfers support; they never attack (17.2, 17.3)");
        }
        Class::Strongpoint | Class::BeachEngineer => return Some("it only defends (16.2, 17.8)"),
        Class::Flak => return Some("FLAK regiments cannot attack (17.7)"),
        _ => {}
    }
    if face(game, unit).is_none_or(|f| f.defence_only || f.cf == 0) {
        return Some("a unit with a parenthesized CF cannot attack (10.7)");
    }
    if is_cadre(game, unit) {
        return Some("a cadre cannot attack (17.9)");
    }
    if flags.has(UnitFlags::DISORGANIZED) {
        return Some("a Disorganized unit cannot attack (13.6)");
    }
    if flags.has(UnitFlags::SCATTERED) {
        return Some("a scattered unit cannot attack (20.2)");
    }
    if flags.has(UnitFlags::ATTACKED) {
        return Some("it has attacked already this phase (10.1)");
    }
    let stack = game.units_in(from).filter(|&u| game.side_of(u) == side);
    let mut replaced = false;
    let mut building = false;
    for u in stack {
        let f = game.unit(u).flags;
        replaced |= f.has(UnitFlags::REPLACED);
        building |= f.has(UnitFlags::BUILDING_IP);
    }
    if replaced {
        return Some("a Replacement marker forbids attacks out of its hex (6.2)");
    }
    if building {
        return Some("no attacks out of a hex whose IP was started this turn (16.1)");
    }
    if reserve_segment(game) && !flags.has(UnitFlags::RESERVE) {
        return Some("only units in Reserve attack in the Reserve Combat Segment (15.3)");
    }
    if !crate::cherbourg::may_attack(game, unit, hex) {
        return Some("from turn 3 the 101st and 82nd attack only within their zones (26.3)");
    }
    if !attack_allowed(game, from, hex) {
        return Some("no attack across an impassable or all-sea hexside (9.6)");
    }
    None
}

/// 9.6: whether an attack from `from` into `to` is allowed at all: they are adjacent and the
/// hexside between them is neither impassable nor all-sea. [`attack_effect`]'s `allowed`,
/// without weighing its other effects (the attacker's hex never forbids an attack).
fn attack_allowed(game: &Normandy44, from: HexId, to: HexId) -> bool {
    direction(game, from, to).is_some_and(|k| {
        let hexside = game.data.map.side(from, k);
        !hexside.has(HexsideFeature::Impassable) && !hexside.has(HexsideFeature::AllSea)
    })
}

/// The units of `side` that may attack `hex` now, in id order: those [`why_cannot_attack`]
/// lets attack. Its checks are taken apart: those of the attacking hex (6.2, 16.1, 9.6) once
/// per neighbour, those of the unit alone, then 26.3's zones per unit.
pub fn eligible_attackers(game: &Normandy44, side: Side, hex: HexId) -> Vec<UnitId> {
    let mut eligible = Vec::new();
    let by_hex = game.units_by_hex();
    let reserve = reserve_segment(game);
    for n in game.data.map.hexes.neighbours_on_map(hex) {
        // Most neighbours hold none of the side's units: answered before any unit is weighed.
        let mut units = by_hex.hex_units(n).peekable();
        if units.peek().is_none_or(|&u| game.side_of(u) != side) {
            continue;
        }
        // 6.2, 16.1: a Replacement marker or an IP started this turn on any unit of the side
        // in the hex forbids attacks out of it.
        let stack_bars = by_hex.hex_units(n).any(|u| {
            let f = game.unit(u).flags;
            game.side_of(u) == side && (f.has(UnitFlags::REPLACED) || f.has(UnitFlags::BUILDING_IP))
        });
        if stack_bars || !attack_allowed(game, n, hex) {
            continue;
        }
        eligible.extend(units.filter(|&u| {
            game.side_of(u) == side
                && unit_may_attack(game, u, reserve)
                && crate::cherbourg::may_attack(game, u, hex)
        }));
    }
    eligible
}

/// [`why_cannot_attack`]'s checks of the unit alone (10.7, 13.6, 15.3, 17.2, 17.3, 17.7, 17.8,
/// 17.9, 20.2, 10.1), `reserve`: whether the phase is the Reserve Combat Segment.
fn unit_may_attack(game: &Normandy44, unit: UnitId, reserve: bool) -> bool {
    if matches!(
        game.data.unit(unit).class,
        Class::Hq | Class::Werfer | Class::Strongpoint | Class::BeachEngineer | Class::Flak
    ) {
        return false;
    }
    if face(game, unit).is_none_or(|f| f.defence_only || f.cf == 0) || is_cadre(game, unit) {
        return false;
    }
    let flags = game.unit(unit).flags;
    !(flags.has(UnitFlags::DISORGANIZED)
        || flags.has(UnitFlags::SCATTERED)
        || flags.has(UnitFlags::ATTACKED)
        || (reserve && !flags.has(UnitFlags::RESERVE)))
}

/// The division a unit belongs to, for 10.3: its formation's parent, or its formation.
fn division(game: &Normandy44, unit: UnitId) -> Option<usize> {
    let f = usize::from(
        game.data
            .formation_of
            .get(unit.index())
            .copied()
            .flatten()?,
    );
    let parent = game.data.formations.get(f)?.parent.as_deref();
    match parent {
        Some(p) => game.data.formations.iter().position(|x| x.id == p),
        None => Some(f),
    }
}

/// 10.3: the units of the MAF `choice` among `attackers`: the chosen unit's formation (its
/// division when several of the division's units attack, else the unit itself), with every
/// attacker stacked with one of those assigned to it (the reading of the module doc); or
/// every attacker as a battle group of at most 6 CF. Empty when the choice does not stand.
pub fn maf_units(game: &Normandy44, attackers: &[UnitId], choice: MafChoice) -> Vec<UnitId> {
    match choice {
        MafChoice::None => Vec::new(),
        MafChoice::BattleGroup => {
            let total: u16 = attackers.iter().map(|&u| u16::from(cf(game, u))).sum();
            if total <= 6 {
                attackers.to_vec()
            } else {
                Vec::new()
            }
        }
        MafChoice::Formation(unit) => {
            if !attackers.contains(&unit) {
                return Vec::new();
            }
            let core: Vec<UnitId> = match division(game, unit) {
                Some(d)
                    if attackers
                        .iter()
                        .filter(|&&a| division(game, a) == Some(d))
                        .count()
                        >= 2 =>
                {
                    attackers
                        .iter()
                        .copied()
                        .filter(|&a| division(game, a) == Some(d))
                        .collect()
                }
                _ => vec![unit],
            };
            let hexes: Vec<HexId> = core.iter().filter_map(|&u| game.hex_of(u)).collect();
            attackers
                .iter()
                .copied()
                .filter(|&a| {
                    core.contains(&a) || game.hex_of(a).is_some_and(|h| hexes.contains(&h))
                })
                .collect()
        }
    }
}

/// The support chosen for the attack being built.
pub fn support_of(game: &Normandy44) -> Support {
    Support {
        artillery: u8::try_from(game.combat.artillery.len()).unwrap_or(u8::MAX),
        air: game.combat.air,
        naval: game.combat.naval,
        jabo: None,
    }
}

/// The attacking side: the attackers', else the phasing side.
fn attacking_side(game: &Normandy44) -> Side {
    game.attackers
        .first()
        .map(|&u| game.side_of(u))
        .or_else(|| game.phasing())
        .unwrap_or(Side::German)
}

/// The army of the Allied attackers (22.1: one at a time).
fn attacking_army(game: &Normandy44) -> Option<Army> {
    game.attackers.first().and_then(|&u| game.army_of(u))
}

/// 17.2, 17.4: the SupP track an HQ pays from: its army's for the Allies; for the German, by
/// where it traces supply: Fortress Cherbourg if it traces only to a Cherbourg city hex, the
/// 7th Army if it traces to an entry hex (while the 7th Army has SupP; else the Fortress if it
/// traces there too). The Cotentin artillery HQ pays from the Fortress only (17.4).
pub fn hq_pool(game: &Normandy44, hq: UnitId) -> usize {
    match game.army_of(hq) {
        Some(Army::Us) => SUPPLY_US,
        Some(Army::Cw) => SUPPLY_CW,
        None => {
            if crate::beaches::cotentin_hq(game) == Some(hq) || game.scenario == Scenario::Cherbourg
            {
                return SUPPLY_FORTRESS;
            }
            let pools = crate::supply_lines::german_hq_pools(game, hq);
            let seventh_has = game.tracks.supply[SUPPLY_7TH] > 0;
            if pools.fortress && (!pools.seventh_army || !seventh_has) {
                SUPPLY_FORTRESS
            } else {
                SUPPLY_7TH
            }
        }
    }
}

/// 11.6: the most artillery shifts one attack (or DD) may have: 2, or 1 in Storm.
fn artillery_cap(game: &Normandy44) -> usize {
    if game.weather.condition == Weather::Storm {
        1
    } else {
        2
    }
}

/// Why HQ or Werfer `unit` is not fit to fire at all (17.2, 17.3, 13.6, A-56): on its Moved
/// side, Disorganized, moved more than a hex, or (an HQ) out of supply.
pub fn artillery_unfit(game: &Normandy44, unit: UnitId) -> Option<&'static str> {
    let class = game.data.unit(unit).class;
    if !matches!(class, Class::Hq | Class::Werfer) {
        return Some("only HQs and Werfers give artillery support (11.6)");
    }
    if game.hex_of(unit).is_none() {
        return Some("it is not on the map");
    }
    let flags = game.unit(unit).flags;
    if flags.has(UnitFlags::SPENT) {
        return Some("it is on its Moved (used) side (17.2, 17.3)");
    }
    if flags.has(UnitFlags::DISORGANIZED) {
        return Some("a Disorganized HQ or Werfer gives no support (13.6)");
    }
    if flags.has(UnitFlags::MOVED_FAR) {
        return Some("it moved more than one hex this turn (17.2, 17.3)");
    }
    if class == Class::Hq && (flags.has(UnitFlags::OOS) || flags.has(UnitFlags::ISOLATED)) {
        return Some("an HQ must be in supply to fire (17.2)");
    }
    None
}

/// 11.6, 17.2, 17.3: why `unit` may not add an artillery shift to the attack on `hex` being
/// built.
pub fn artillery_refusal(game: &Normandy44, hex: HexId, unit: UnitId) -> Option<&'static str> {
    let side = attacking_side(game);
    if game.side_of(unit) != side {
        return Some("only the attacker's own HQs and Werfers support his attack (11.6)");
    }
    if let Some(why) = artillery_unfit(game, unit) {
        return Some(why);
    }
    let Some(at) = game.hex_of(unit) else {
        return Some("it is not on the map");
    };
    let hq = game.data.unit(unit).class == Class::Hq;
    let range = if hq { 5 } else { 3 };
    if game.data.map.hexes.distance(at, hex) > range {
        return Some(if hq {
            "an HQ supports attacks within 5 hexes (17.2)"
        } else {
            "a Werfer supports attacks within 3 hexes (17.3)"
        });
    }
    let chosen = &game.combat.artillery;
    if chosen.len() >= artillery_cap(game) {
        return Some("at most 2 artillery shifts per attack, 1 in Storm (11.6)");
    }
    let uses = chosen.iter().filter(|&&u| u == unit).count();
    let per_combat = if hq && side == Side::Allied { 2 } else { 1 };
    if uses >= per_combat {
        return Some(if hq && side == Side::Allied {
            "an Allied HQ gives at most 2 shifts per combat (17.2)"
        } else if hq {
            "a German HQ gives 1 shift per combat (17.2)"
        } else {
            "a Werfer fires once per turn (17.3)"
        });
    }
    if side == Side::Allied && game.army_of(unit) != attacking_army(game) {
        return Some("US HQs may not support CW units, nor CW HQs US units (17.2)");
    }
    if hq {
        let pool = hq_pool(game, unit);
        let spent = chosen
            .iter()
            .filter(|&&u| game.data.unit(u).class == Class::Hq && hq_pool(game, u) == pool)
            .count();
        if usize::from(game.tracks.supply[pool]) <= spent {
            return Some("no SupP left on its track to pay for the shift (17.2)");
        }
        if let Some(left) = game
            .army_of(unit)
            .and_then(|army| crate::solitaire::allied_supply_left(game, army))
            && usize::from(left) <= spent
        {
            return Some(
                "the army has used its SupP of the turn and one more (27.2, weather roll under 5)",
            );
        }
    }
    None
}

/// 19.1.2: why no (more) air unit may support the attack being built.
pub fn air_refusal(game: &Normandy44) -> Option<&'static str> {
    if attacking_side(game) != Side::Allied {
        return Some("only the Allies have air units (19.1)");
    }
    let available = game.tracks.air[0] + game.tracks.air[1];
    if game.combat.air >= available {
        return Some("no air unit is left this turn (19.1)");
    }
    let limit = if game.turn >= 17 { 2 } else { 1 };
    if game.combat.air >= limit {
        return Some("one air unit per combat before the 22 June turn, two from it (19.1.2)");
    }
    // 27.2: an army's air units shift only attacks in its own zone.
    if crate::solitaire::on(game)
        && let crate::state::Step::Phase(_, _, crate::state::Stage::Attack { hex }) = game.step
    {
        let zone = crate::solitaire::zone_army(game, hex);
        if attacking_army(game) != Some(zone) || game.tracks.air[zone.index()] <= game.combat.air {
            return Some("an army's air units support only attacks in its own zone (27.2)");
        }
    }
    None
}

/// 19.2: why no naval marker may support the attack on `hex` being built.
pub fn naval_refusal(game: &Normandy44, hex: HexId) -> Option<&'static str> {
    if attacking_side(game) != Side::Allied {
        return Some("only the Allies have naval markers (19.2)");
    }
    if game.combat.naval {
        return Some("one naval marker per attack (19.2)");
    }
    if game.weather.condition == Weather::Storm {
        return Some("no naval support in Storm turns (19.2)");
    }
    let Some(army) = attacking_army(game) else {
        return Some("no unit attacks yet");
    };
    if special_bombardment(game, hex) {
        return special_bombardment_refusal(game, hex, army);
    }
    if !game.data.map.flags(hex).has(HexFlags::NAVAL_ZONE) {
        return Some("the defending hex is outside the Naval Bombardment Zone (19.2)");
    }
    if army == Army::Us && game.bombardment.turn == game.turn {
        return Some(
            "the US naval markers bombard Cherbourg this turn, and nowhere else (19.2, A-41)",
        );
    }
    if game.tracks.naval[army.index()] == 0 {
        return Some(
            "no naval marker of the attacking army is left (19.2: US markers support US units, \
             British markers British Second Army units)",
        );
    }
    None
}

/// 19.2: whether naval support against `hex` would be the special Cherbourg bombardment: a hex
/// inside the Cherbourg Perimeter and outside the Naval Bombardment Zone.
pub fn special_bombardment(game: &Normandy44, hex: HexId) -> bool {
    let flags = game.data.map.flags(hex);
    flags.has(HexFlags::CHERBOURG_PERIMETER) && !flags.has(HexFlags::NAVAL_ZONE)
}

/// 19.2, A-41: why the special Cherbourg bombardment may not support this attack on `hex`:
/// once a game, by the two US naval markers in one turn on two different hexes. In the
/// Cherbourg scenario, where the US receives one marker a turn, the turn of the bombardment
/// brings the second (26.2).
fn special_bombardment_refusal(game: &Normandy44, hex: HexId, army: Army) -> Option<&'static str> {
    if army != Army::Us {
        return Some("only the US naval markers bombard Cherbourg (19.2, A-41)");
    }
    let markers = game.tracks.naval[Army::Us.index()];
    let used = game.bombardment;
    if used.turn == 0 {
        let needed = if game.scenario == Scenario::Cherbourg {
            1
        } else {
            2
        };
        return (markers < needed).then_some(
            "the special Cherbourg bombardment takes both US naval markers in one turn (19.2)",
        );
    }
    if used.turn != game.turn {
        return Some("the special Cherbourg bombardment is once a game, and was made (19.2)");
    }
    if used.hex == hex {
        return Some("the two bombardment markers go against different hexes (19.2)");
    }
    (markers == 0).then_some("both US naval markers have bombarded Cherbourg (19.2)")
}

/// 10.5, 11, 16.3, 9.8.4, 19, 28.2: the attack on `hex` by `attackers` with MAF `maf` and
/// `support`, as it would be resolved. The order of the computation is A-36's: halve per unit,
/// sum, cap; defence CF plus capped DCB, cap; raw column; shifts; the 10.6 limits.
pub fn assess(
    game: &Normandy44,
    hex: HexId,
    attackers: &[UnitId],
    maf: MafChoice,
    support: &Support,
) -> Assessment {
    let side = attackers
        .first()
        .map(|&u| game.side_of(u))
        .unwrap_or_else(|| attacking_side(game));
    let maf_set = maf_units(game, attackers, maf);
    let defence = defence(game, hex);
    let effects: Vec<(UnitId, AttackEffect)> = attackers
        .iter()
        .map(|&u| {
            let effect = game.hex_of(u).map_or(AttackEffect::NONE, |from| {
                attack_effect(game, from, hex, side)
            });
            (u, effect)
        })
        .collect();
    let effect_of = |u: UnitId| {
        effects
            .iter()
            .find(|(x, _)| *x == u)
            .map_or(AttackEffect::NONE, |(_, e)| *e)
    };
    // 11.1: each unit halved at most once, for any of its reasons; rounding up.
    let mut attack = 0u16;
    let mut lines = Vec::new();
    for &(u, effect) in &effects {
        let flags = game.unit(u).flags;
        let halved_by = if effect.halved {
            Some(hexside_rule(game, u, hex))
        } else if !maf_set.contains(&u) {
            Some(super::MAF)
        } else if flags.has(UnitFlags::LANDED) {
            Some(LANDED)
        } else if flags.has(UnitFlags::OOS) || flags.has(UnitFlags::ISOLATED) {
            Some(OOS)
        } else {
            None
        };
        let c = cf(game, u);
        let counted = if halved_by.is_some() { halved(c) } else { c };
        attack += u16::from(counted);
        lines.push(AttackerLine {
            unit: u,
            cf: c,
            counted,
            halved_by,
        });
    }
    let was_capped = attack > capped(attack) || defence.cf + defence.dcb > defence.total;
    let attack = capped(attack);
    let raw = Column::from_strengths(attack, defence.total);
    let mut shifts = Vec::new();
    let mut givers: Vec<UnitId> = Vec::new();
    let target = game.terrain(hex);
    let fort = fortification(game, hex);
    let defenders = &defence.units;
    let defender_best_av = defenders
        .iter()
        .filter_map(|&u| armor_value(game, u).map(|(av, _)| av))
        .max();
    // 11.4.1, 11.4.4 (11.3, 16.1-16.3): a grey-AV MAF unit allowed the shift, against no AV or
    // a lower best AV.
    let into_ok = attacker_armor_shift_into(&[target], fort);
    let mut denied = Vec::new();
    let armor_givers: Vec<UnitId> = maf_set
        .iter()
        .copied()
        .filter(|&u| armored(game, u) && into_ok && effect_of(u).attacker_armor_shift)
        .filter(|&u| {
            let av = armor_value(game, u).map_or(0, |(av, _)| av);
            defender_best_av.is_none_or(|best| av > best)
        })
        .collect();
    let maf_tanks: Vec<UnitId> = maf_set
        .iter()
        .copied()
        .filter(|&u| armored(game, u))
        .collect();
    if armor_givers.is_empty()
        && !maf_tanks.is_empty()
        && (!into_ok
            || maf_tanks
                .iter()
                .all(|&u| !effect_of(u).attacker_armor_shift))
    {
        denied.push(Shift {
            rule: ARMOR_LIMITS,
            amount: 0,
            what: "no attacker armor shift into woods, a city or a flooded hex, against an IP \
                   or SP, or across a major river, flooded hexside or the Perimeter",
        });
    }
    if !armor_givers.is_empty() {
        shifts.push(Shift {
            rule: ARMOR_ATTACK,
            amount: 1,
            what: "armor in the MAF",
        });
        givers.extend(&armor_givers);
    }
    // 11.4.2: no AV in the MAF against infantry with grey-AV armor; not across the
    // Perimeter (16.3).
    let maf_has_av = maf_set.iter().any(|&u| armor_value(game, u).is_some());
    let infantry = defenders.iter().any(|&u| {
        let def = game.data.unit(u);
        def.class.infantry_type() || (def.side == Side::Allied && def.class == Class::Armor)
    });
    let tanks = defenders.iter().any(|&u| armored(game, u));
    let across_perimeter =
        !maf_set.is_empty() && maf_set.iter().all(|&u| !effect_of(u).defender_armor_shift);
    if !maf_set.is_empty() && !maf_has_av && infantry && tanks && !across_perimeter {
        shifts.push(Shift {
            rule: ARMOR_DEFENCE,
            amount: -1,
            what: "defending armor against a MAF without AV",
        });
    }
    // 11.5: TQ.
    let defender_best_tq = defenders.iter().map(|&u| quality(game, u)).max();
    let tq_givers: Vec<UnitId> = maf_set
        .iter()
        .copied()
        .filter(|&u| defender_best_tq.is_none_or(|best| quality(game, u) > best))
        .collect();
    if !tq_givers.is_empty() {
        shifts.push(Shift {
            rule: TQ,
            amount: 1,
            what: "a MAF unit of higher TQ than every defender",
        });
        givers.extend(&tq_givers);
    }
    if !maf_set.is_empty() && maf_set.iter().all(|&u| quality(game, u) < 0) {
        shifts.push(Shift {
            rule: TQ,
            amount: -1,
            what: "every MAF unit has a negative TQ",
        });
    }
    if support.artillery > 0 {
        shifts.push(Shift {
            rule: ARTILLERY,
            amount: i8::try_from(support.artillery).unwrap_or(2),
            what: "artillery",
        });
    }
    if support.air > 0 {
        shifts.push(Shift {
            rule: AIR,
            amount: i8::try_from(support.air).unwrap_or(2),
            what: "air support",
        });
    }
    if support.naval {
        shifts.push(Shift {
            rule: NAVAL,
            amount: 1,
            what: "naval support",
        });
    }
    // 11.9: a Tiger in the MAF, not across a major river or flooded hexside nor into or out of
    // a flooded hex; a defending Tiger.
    if side == Side::German {
        let tigers: Vec<UnitId> = maf_set
            .iter()
            .copied()
            .filter(|&u| game.data.unit(u).tiger)
            .filter(|&u| {
                !effect_of(u).counts_for_one_left
                    && target != crate::tables::terrain::Terrain::Flooded
            })
            .collect();
        if !tigers.is_empty() {
            shifts.push(Shift {
                rule: TIGER,
                amount: 1,
                what: "a Tiger battalion in the MAF",
            });
            givers.extend(&tigers);
        }
    }
    if defenders.iter().any(|&u| game.data.unit(u).tiger) {
        shifts.push(Shift {
            rule: TIGER,
            amount: -1,
            what: "a defending Tiger battalion",
        });
    }
    // 9.8.4: a defender carrying an SM marker.
    if defenders
        .iter()
        .any(|&u| game.unit(u).flags.has(UnitFlags::SM))
    {
        shifts.push(Shift {
            rule: SM_DEFENDER,
            amount: 1,
            what: "a defender carries a strategic movement marker",
        });
    }
    // 11.3: every MAF unit across a major river or flooded hexside or out of a flooded hex.
    if !maf_set.is_empty() && maf_set.iter().all(|&u| effect_of(u).counts_for_one_left) {
        shifts.push(Shift {
            rule: RIVERS,
            amount: -1,
            what: "every MAF unit attacks across a major river or flooded hexside, or out of a flooded hex",
        });
    }
    if game.data.map.flags(hex).has(HexFlags::HILLTOP) {
        shifts.push(Shift {
            rule: HILLTOP,
            amount: -1,
            what: "the defender is on a hilltop",
        });
    }
    // 28.2: defending stacks next to the defender and to an attacker, not attacked this
    // phase.
    if game.options.flank_fire {
        let from: Vec<HexId> = attackers.iter().filter_map(|&u| game.hex_of(u)).collect();
        let flanks = game
            .data
            .map
            .hexes
            .neighbours_on_map(hex)
            .filter(|&h| game.occupant(h) == Some(side.enemy()))
            .filter(|h| !game.attacked_hexes.contains(h))
            .filter(|&h| {
                from.iter()
                    .any(|&a| game.data.map.hexes.distance(a, h) == 1)
            })
            .count()
            .min(2);
        if flanks > 0 {
            shifts.push(Shift {
                rule: FLANK_FIRE,
                amount: -i8::try_from(flanks).unwrap_or(2),
                what: "flank fire",
            });
        }
    }
    let jabo_pending =
        side == Side::German && jabo_applies(game.weather.condition) && support.jabo.is_none();
    if let Some(roll) = support.jabo {
        let amount = jabo_shift(roll);
        if amount != 0 {
            shifts.push(Shift {
                rule: JABO,
                amount,
                what: "Jabos",
            });
        }
    }
    let net: i8 = shifts.iter().map(|s| s.amount).sum();
    givers.sort_unstable();
    givers.dedup();
    let chances = chances(raw, net, jabo_pending);
    Assessment {
        attack,
        defence: defence.total,
        dcb: defence.dcb,
        raw,
        final_column: raw.shifted(net),
        shifts,
        net,
        jabo_pending,
        maf: maf_set,
        givers,
        chances,
        lines,
        capped: was_capped,
        denied,
    }
}

/// The rule behind a unit's halving by its hexside or hex (11.3 rivers and flooded, 11.7
/// Carpiquet, 16.3 the Perimeter).
fn hexside_rule(game: &Normandy44, unit: UnitId, hex: HexId) -> RuleId {
    let Some(from) = game.hex_of(unit) else {
        return HALVING;
    };
    let Some(k) = direction(game, from, hex) else {
        return HALVING;
    };
    let side = game.data.map.side(from, k);
    if side.has(HexsideFeature::Carpiquet) {
        CARPIQUET
    } else if side.has(HexsideFeature::CherbourgPerimeter) {
        PERIMETER
    } else {
        RIVERS
    }
}

/// The chance of each result of `raw` shifted by `net`, over the die and, while `jabo` is
/// pending, over the Jabo die (19.1.3).
fn chances(raw: OddsColumn, net: i8, jabo: bool) -> Vec<(CrtResult, f64)> {
    let jabos: Vec<i8> = if jabo {
        (1..=6).map(jabo_shift).collect()
    } else {
        vec![0]
    };
    let total = (jabos.len() * 6) as f64;
    let mut counts = [0u32; 9];
    for j in &jabos {
        let Some(column) = raw.shifted(net + j) else {
            continue;
        };
        for die in 1..=6 {
            let result = column.result(die);
            if let Some(i) = CrtResult::ALL.iter().position(|&r| r == result) {
                counts[i] += 1;
            }
        }
    }
    CrtResult::ALL
        .iter()
        .zip(counts)
        .filter(|&(_, n)| n > 0)
        .map(|(&r, n)| (r, f64::from(n) / total))
        .collect()
}
