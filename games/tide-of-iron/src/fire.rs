//! Fire (`TOI-COMBAT`, `TOI-ACT-CONC`, `TOI-COMBAT-SEQ`): who may fire at whom (line of sight and
//! range), the dice, and what the net hits do. Combined fire, Op Fire, area attacks and
//! assaults come later.

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::data::{FigureClass, OperationRule, Specialization};
use crate::state::{Kind, Step, Then, ToiGame, UnitId};
use crate::tables::dice::{RangeBand, net_hits, range_band};
use crate::tables::results::{
    Condition, SuppressiveOutcome, VehicleOutcome, damaged, suppressive_hits, vehicle_hits,
};
use crate::tables::strength::{attack_dice, defence_dice, squad_attack};
use overlord_engine::{Die, Refusal, RuleId};

pub use crate::cover::{cover, smoke_at};

/// `TOI-COMBAT`.
pub const COMBAT: RuleId = RuleId("TOI-COMBAT");
/// `TOI-ACT-CONC`.
pub const CONCENTRATED: RuleId = RuleId("TOI-ACT-CONC");
/// `TOI-COMBAT-SEQ`: the dice.
pub const SEQUENCE: RuleId = RuleId("TOI-COMBAT-SEQ");
/// `TOI-COMBAT-NORMAL-SQUAD`: the owner removes figures.
pub const CASUALTIES: RuleId = RuleId("TOI-COMBAT-NORMAL-SQUAD");

/// What `unit` fires with at a squad (`vs_vehicle` false) or a vehicle: its firepower and
/// range (`TOI-COMBAT-MIXED`: every figure of a squad fires; `TOI-COMBAT-VEHDMG`: a heavily
/// damaged vehicle fires at half).
pub fn weapon(game: &ToiGame, unit: UnitId, vs_vehicle: bool) -> Option<(u8, u8)> {
    weapon_with(game, unit, vs_vehicle, false)
}

/// [`weapon`], of the machine-gun crews alone with `mg_only` (`TOI-UNIT-MG`).
pub fn weapon_with(
    game: &ToiGame,
    unit: UnitId,
    vs_vehicle: bool,
    mg_only: bool,
) -> Option<(u8, u8)> {
    let data = game.data();
    match game.unit(unit).kind {
        Kind::Squad { figures, .. } => {
            // TOI-UNIT-MORTAR: no mixed fire: a mortar fires only its area attack.
            let present: Vec<_> = figures
                .iter()
                .filter_map(|&f| data.figures.get(usize::from(f)))
                .filter(|f| f.area.is_none())
                .filter(|f| !mg_only || f.class == FigureClass::MgCrew)
                .collect();
            if present.is_empty() {
                return None;
            }
            let attack = squad_attack(present, vs_vehicle)?;
            // TOI-SPEC-AT: armour-piercing weapons against every vehicle.
            if vs_vehicle && crate::specialization::is(game, unit, Specialization::AntiTank) {
                return Some((
                    attack
                        .firepower
                        .saturating_add(crate::specialization::ANTI_TANK_FIREPOWER),
                    crate::specialization::ANTI_TANK_RANGE,
                ));
            }
            Some((attack.firepower, attack.range))
        }
        Kind::Vehicle { figure, damage } => {
            let f = data.figures.get(usize::from(figure))?;
            let attack = if vs_vehicle {
                f.vs_vehicle
            } else {
                f.vs_infantry
            }?;
            let fp = if vs_vehicle {
                damaged(damage, 0, 0, 0, attack.firepower).vs_vehicle
            } else {
                damaged(damage, 0, 0, attack.firepower, 0).vs_infantry
            };
            Some((fp, attack.range))
        }
    }
}

/// `TOI-FORT-WIRE`, `TOI-FORT-MINE`, `TOI-FORT-SMOKE`, `TOI-MODS`: how many times `unit`'s
/// firepower is halved where it stands and as it is (a squad in razor wire, anyone in a
/// minefield or smoke, a squad firing in Desperate Defense).
pub fn position_halvings(game: &ToiGame, unit: UnitId) -> u8 {
    let Some(hex) = game.hex_of(unit) else {
        return 0;
    };
    let m = game.markers(hex);
    let squad = matches!(game.unit(unit).kind, Kind::Squad { .. });
    u8::from(squad && m.wire)
        + u8::from(m.mines)
        + u8::from(m.smoke)
        // Desperate Defense or Rally: half firepower, once (an officer adds nothing more).
        + u8::from(desperate(game, unit) || rallied(game, unit))
}

/// `TOI-HALF`: whether `unit`'s firepower would be halved more than once (it cannot attack).
pub fn halved_out(game: &ToiGame, unit: UnitId, fire_and_movement: bool) -> bool {
    position_halvings(game, unit) + u8::from(fire_and_movement) > 1
}

/// `TOI-COMBAT-COND`: why `unit` may not fire now.
pub fn cannot_fire(game: &ToiGame, unit: UnitId) -> Option<&'static str> {
    match game.unit(unit).kind {
        Kind::Squad { condition, .. }
            if condition != Condition::Normal && !desperate(game, unit) =>
        {
            Some("a pinned or disrupted squad cannot fire (TOI-COMBAT-COND)")
        }
        _ => None,
    }
}

/// `TOI-UNIT-OFFICER` Rally: whether `unit` is a pinned squad with an officer of its side in
/// its hex: activated with Concentrated Fire, it fires at half firepower (and only so).
pub fn rallied(game: &ToiGame, unit: UnitId) -> bool {
    matches!(
        game.unit(unit).kind,
        Kind::Squad {
            condition: Condition::Pinned,
            ..
        }
    ) && game
        .hex_of(unit)
        .is_some_and(|h| game.trait_in_hex(h, game.unit(unit).nation, "rally"))
}

/// Why `unit` may not lead a Concentrated Fire: [`cannot_fire`], but a rallied squad may.
pub fn cannot_concentrate(game: &ToiGame, unit: UnitId) -> Option<&'static str> {
    cannot_fire(game, unit).filter(|_| !rallied(game, unit))
}

/// `TOI-UNIT-TANK` Concussive Firepower: whether `unit`, a tank, fires at a squad in a building
/// hex or a pillbox: +3 firepower and +3 range.
pub fn concussive(game: &ToiGame, unit: UnitId, target: UnitId) -> bool {
    matches!(game.unit(target).kind, Kind::Squad { .. })
        && matches!(game.unit(unit).kind, Kind::Vehicle { .. })
        && game.has_trait(unit, "concussive_firepower")
        && (game.unit(target).fort == crate::state::Fort::Pillbox
            || game.hex_of(target).is_some_and(|h| {
                game.scenario()
                    .battlefield
                    .terrain
                    .get(h.index())
                    .and_then(|&t| game.data().terrain.get(usize::from(t)))
                    .is_some_and(|t| t.id == "building")
            }))
}

/// `TOI-UNIT-TANK`: what Concussive Firepower adds to firepower and range.
pub const CONCUSSION: u8 = 3;

/// `TOI-CARD-OPS` "Desperate Defense": whether `unit` is a pinned or disrupted squad whose side
/// holds the card: it may attack, at half firepower (an officer adds nothing more).
pub fn desperate(game: &ToiGame, unit: UnitId) -> bool {
    matches!(game.unit(unit).kind, Kind::Squad { condition, .. } if condition != Condition::Normal)
        && game.operation(game.unit(unit).nation, OperationRule::DesperateDefense)
}

/// The range band of `unit`'s fire at `target`, if it sees it (`TOI-COMBAT-LOS`) and reaches it
/// (`TOI-COMBAT-RANGE`, `TOI-COMBAT-ELEV`; Fire and Movement never at long range).
pub fn band(
    game: &ToiGame,
    unit: UnitId,
    target: UnitId,
    fire_and_movement: bool,
) -> Option<RangeBand> {
    band_with(game, unit, target, fire_and_movement, false)
}

/// `TOI-UNIT-MG`: whether `unit` is a squad with machine-gun crews and other figures that fire,
/// so that firing with the crews alone is a choice of its own.
pub fn mg_choice(game: &ToiGame, unit: UnitId) -> bool {
    let Kind::Squad { figures, .. } = game.unit(unit).kind else {
        return false;
    };
    let data = game.data();
    let firing = || {
        figures
            .iter()
            .filter_map(|&f| data.figures.get(usize::from(f)))
            .filter(|f| f.area.is_none())
    };
    firing().any(|f| f.class == FigureClass::MgCrew)
        && firing().any(|f| f.class != FigureClass::MgCrew)
}

/// `TOI-UNIT-MG` Rapid Op Fire: whether `unit` fires with its machine-gun crews alone, chosen
/// (`mg_only`) or because they are all it fires with; such a unit stays in Op Fire.
pub fn fires_mg_alone(game: &ToiGame, unit: UnitId, mg_only: bool) -> bool {
    let Kind::Squad { figures, .. } = game.unit(unit).kind else {
        return false;
    };
    let data = game.data();
    let mut firing = figures
        .iter()
        .filter_map(|&f| data.figures.get(usize::from(f)))
        .filter(|f| f.area.is_none())
        .peekable();
    firing.peek().is_some()
        && (mg_only && mg_choice(game, unit) || firing.all(|f| f.class == FigureClass::MgCrew))
}

/// [`band`], of the machine-gun crews alone with `mg_only` (their own range, `TOI-UNIT-MG`).
pub fn band_with(
    game: &ToiGame,
    unit: UnitId,
    target: UnitId,
    fire_and_movement: bool,
    mg_only: bool,
) -> Option<RangeBand> {
    // TOI-COMBAT-HIDDEN: a hidden squad is never a target.
    if game.unit(target).hidden {
        return None;
    }
    let field = &game.scenario().battlefield;
    let (a, b) = (game.hex_of(unit)?, game.hex_of(target)?);
    let vs_vehicle = matches!(game.unit(target).kind, Kind::Vehicle { .. });
    let (_, range) = weapon_with(game, unit, vs_vehicle, mg_only)?;
    let range = if concussive(game, unit, target) {
        range + CONCUSSION
    } else {
        range
    };
    let band = range_band(
        field.hexes.distance(a, b),
        range,
        field.level(a),
        field.level(b),
        fire_and_movement,
    )?;
    crate::cover::sees(game, a, b).then_some(band)
}

/// The enemy units `unit` may fire at now (with Fire and Movement: not at long range).
pub fn targets(game: &ToiGame, unit: UnitId, fire_and_movement: bool) -> Vec<UnitId> {
    if cannot_concentrate(game, unit).is_some() {
        return Vec::new();
    }
    if halved_out(game, unit, fire_and_movement) {
        return Vec::new();
    }
    let owner = game.unit(unit).nation;
    game.unit_ids()
        .filter(|&t| game.unit(t).nation != owner && game.hex_of(t).is_some())
        .filter(|&t| band(game, unit, t, fire_and_movement).is_some())
        .collect()
}

/// What an attack did to its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// No net hit, or none that changed anything.
    Nothing,
    /// A normal attack's hits on a squad: its owner removes this many figures.
    Casualties(u8),
    /// A suppressive attack pinned or disrupted the squad (`TOI-COMBAT-SUPP`).
    Shaken,
    /// The vehicle was damaged; `slight` when only lightly, and it is a heavy vehicle
    /// (`Sturdy`: a tank lightly damaged by Op Fire moves on).
    Damaged { slight: bool },
    /// Destroyed, routed: off the map.
    Gone,
}

/// `TOI-COMBAT-SUPP`: why a suppressive attack on `target` is refused.
pub fn suppressive_refusal(game: &ToiGame, target: UnitId) -> Option<Refusal> {
    matches!(game.unit(target).kind, Kind::Vehicle { .. }).then(|| {
        Refusal::by_rule(
            RuleId("TOI-COMBAT-SUPP"),
            "a suppressive attack cannot target a vehicle",
        )
    })
}

/// `TOI-ACT-CONC`: `unit` fires at `target`, a normal attack or (at a squad) a suppressive one;
/// its activation ends once the hits are applied.
pub fn concentrated_fire(
    game: &mut ToiGame,
    unit: UnitId,
    target: UnitId,
    suppressive: bool,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    log.public(
        CONCENTRATED,
        ToiEvent::Activated {
            unit,
            action: "concentrated fire",
        },
        || format!("{} fires", crate::text::unit_name(game, unit)),
    );
    match attack(game, unit, target, suppressive, false, log)? {
        Effect::Casualties(hits) => {
            game.step = Step::Casualties {
                unit: target,
                hits,
                then: Then::End(unit),
            };
        }
        _ => game.end_activation(unit),
    }
    Ok(())
}

/// `TOI-COMBAT-SEQ`: `unit` attacks `target` (at half firepower and never at long range with
/// Fire and Movement, `TOI-ACT-FM`); the effect, a normal attack's casualties still to choose.
pub fn attack(
    game: &mut ToiGame,
    unit: UnitId,
    target: UnitId,
    suppressive: bool,
    fire_and_movement: bool,
    log: &mut ToiLog,
) -> Result<Effect, Refusal> {
    combined_attack(
        game,
        unit,
        &[],
        target,
        suppressive,
        fire_and_movement,
        0,
        log,
    )
}

/// `TOI-COMBAT-COMBINED`: `lead` attacks `target` with `supporters` adding half their
/// firepower each, at the least favourable range band of them all; every participant is
/// fatigued by the caller. The participants in `mg_only` (a bit per unit) fire with their
/// machine-gun crews alone (`TOI-UNIT-MG`).
#[allow(clippy::too_many_arguments)]
pub fn combined_attack(
    game: &mut ToiGame,
    lead: UnitId,
    supporters: &[UnitId],
    target: UnitId,
    suppressive: bool,
    fire_and_movement: bool,
    mg_only: u128,
    log: &mut ToiLog,
) -> Result<Effect, Refusal> {
    if let Some(why) = cannot_concentrate(game, lead) {
        return Err(Refusal::by_rule(COMBAT, why));
    }
    if halved_out(game, lead, fire_and_movement) {
        return Err(Refusal::by_rule(
            RuleId("TOI-HALF"),
            "its firepower would be halved twice: it cannot attack",
        ));
    }
    if suppressive && let Some(refusal) = suppressive_refusal(game, target) {
        return Err(refusal);
    }
    if game.unit(target).hidden {
        return Err(Refusal::by_rule(
            crate::hidden::HIDDEN,
            "a hidden squad cannot be targeted by fire",
        ));
    }
    let Some((band, halvings)) =
        band_and_halvings(game, lead, supporters, target, fire_and_movement, mg_only)
    else {
        return Err(Refusal::by_rule(
            RuleId("TOI-COMBAT-LOS"),
            "the target is out of sight or out of range",
        ));
    };
    let hits = roll(
        game,
        Participants {
            lead,
            supporters,
            mg_only,
            suppressive,
        },
        target,
        band,
        halvings,
        log,
    );
    for &unit in std::iter::once(&lead).chain(supporters) {
        // TOI-CARD-OPS "Camouflage" (errata): firing reveals only with 2 hits or more.
        let camouflaged =
            game.operation(game.unit(unit).nation, OperationRule::Camouflage) && hits < 2;
        if !camouflaged {
            crate::hidden::reveal(game, unit, "it fired", log);
        }
    }
    Ok(apply_hits(game, target, hits, suppressive, log))
}

/// The units that may support `lead`'s attack on `target` (`TOI-COMBAT-COMBINED`): its own
/// nation's, with the token `token` (fresh for Concentrated Fire, Op Fire for Op Fire), that
/// see and reach the target.
pub fn supporters(
    game: &ToiGame,
    lead: UnitId,
    target: UnitId,
    token: crate::state::Token,
) -> Vec<UnitId> {
    let nation = game.unit(lead).nation;
    game.unit_ids()
        .filter(|&u| {
            u != lead
                && game.unit(u).nation == nation
                && game.unit(u).token == token
                && game.op_fired & (1u128 << u.0) == 0
                && game.hex_of(u).is_some()
                && may_support(game, u, target)
        })
        .collect()
}

/// Whether `unit` may support an attack on `target` (`TOI-COMBAT-COMBINED`): it sees and reaches
/// it, and can fire.
pub fn may_support(game: &ToiGame, unit: UnitId, target: UnitId) -> bool {
    // TOI-HALF (T-MODS-01): supporting halves, so a unit halved already (a heavily damaged
    // vehicle, a squad in wire, smoke or a minefield) cannot support.
    let heavy = matches!(
        game.unit(unit).kind,
        Kind::Vehicle {
            damage: crate::tables::results::Damage::Heavy,
            ..
        }
    );
    cannot_fire(game, unit).is_none()
        && !heavy
        && position_halvings(game, unit) == 0
        && band(game, unit, target, false).is_some()
}

/// Whether `unit`'s bit is set in `mg_only`.
fn alone(mg_only: u128, unit: UnitId) -> bool {
    mg_only & (1u128 << unit.0) != 0
}

/// Who fires in an attack, and how.
struct Participants<'a> {
    lead: UnitId,
    supporters: &'a [UnitId],
    /// A bit per participant firing its machine-gun crews alone (`TOI-UNIT-MG`).
    mg_only: u128,
    suppressive: bool,
}

/// `TOI-COMBAT-COVER` with what depends on the attack: an elite figure's Resilience against
/// suppressive fire (`TOI-UNIT-ELITE`, +1 each), a medic's Bandage against normal fire
/// (`TOI-SPEC-MEDIC`, +1), a flamethrower's burning of an adjacent unit (`TOI-SPEC-FLAME`, -5,
/// never below 0, `TOI-MODS`).
pub fn attack_cover(game: &ToiGame, target: UnitId, suppressive: bool, burnt: bool) -> u8 {
    let mut cover = cover(game, target);
    if let Kind::Squad { figures, .. } = game.unit(target).kind {
        if suppressive {
            // TOI-UNIT-OFFICER Determination: +1 with an officer of its side in the hex.
            let determined = game
                .hex_of(target)
                .is_some_and(|h| game.trait_in_hex(h, game.unit(target).nation, "determination"));
            cover = cover.saturating_add(u8::from(determined));
            let resilient = figures
                .iter()
                .filter_map(|&f| game.data().figures.get(usize::from(f)))
                .filter(|f| f.traits.iter().any(|t| t == "resilience"))
                .count() as u8;
            cover = cover.saturating_add(resilient);
        } else if crate::specialization::bandaged(game, target) {
            cover = cover.saturating_add(1);
        }
    }
    if burnt {
        cover = cover.saturating_sub(crate::specialization::FLAME_COVER);
    }
    cover
}

/// The dice of an attack before they are rolled (`TOI-COMBAT-SEQ` steps 1-4): black dice and
/// the face they hit from, red dice, and whether Thick Armor turns one red die into a 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pool {
    pub black: u8,
    pub band: RangeBand,
    pub red: u8,
    pub thick_armor: bool,
}

impl Pool {
    /// The chance of each number of net hits, 0 first (`tables::dice::hit_odds`).
    pub fn odds(&self) -> Vec<f64> {
        crate::tables::dice::hit_odds(self.black, self.band, self.red, self.thick_armor)
    }

    /// "6 black on 5-6, 2 red: 0 hits 31%, 1 hit 42%, 2+ 27%": the pool and its odds.
    pub fn describe(&self) -> String {
        let odds = self.odds();
        let mut parts = Vec::new();
        let mut rest = 1.0;
        for (hits, p) in odds.iter().enumerate() {
            if parts.len() == 3 && hits + 1 < odds.len() {
                parts.push(format!("{hits}+ {:.0}%", 100.0 * rest));
                break;
            }
            parts.push(format!("{hits} {:.0}%", 100.0 * p));
            rest -= p;
        }
        let from = match self.band.black_hits_from() {
            6 => "6".to_owned(),
            face => format!("{face}-6"),
        };
        format!(
            "{} black on {from}, {} red{}: hits {}",
            self.black,
            self.red,
            if self.thick_armor {
                " (Thick Armor)"
            } else {
                ""
            },
            parts.join(", ")
        )
    }
}

/// `TOI-COMBAT-SEQ` steps 1-4: the dice `who` would roll at `target` in `band`.
fn pool(
    game: &ToiGame,
    who: &Participants<'_>,
    target: UnitId,
    band: RangeBand,
    halvings: u8,
) -> Pool {
    let Participants {
        lead: unit,
        supporters,
        mg_only,
        suppressive,
    } = *who;
    let target_vehicle = matches!(game.unit(target).kind, Kind::Vehicle { .. });
    let fp = |game: &ToiGame, u: UnitId| {
        let base = weapon_with(game, u, target_vehicle, alone(mg_only, u)).map_or(0, |(fp, _)| fp);
        // TOI-SPEC-FLAME: +2 against an adjacent unit, a supporter's before it is halved.
        let base = if crate::specialization::burns(game, u, target) {
            base.saturating_add(crate::specialization::FLAME_FIREPOWER)
        } else {
            base
        };
        if concussive(game, u, target) {
            base.saturating_add(CONCUSSION)
        } else {
            base
        }
    };
    let burnt = std::iter::once(&unit)
        .chain(supporters)
        .any(|&u| crate::specialization::burns(game, u, target));
    let firepower = fp(game, unit);
    let support: Vec<u8> = supporters.iter().map(|&s| fp(game, s)).collect();
    let black = attack_dice(firepower, halvings, &support).unwrap_or(0);
    let armor = match game.unit(target).kind {
        Kind::Vehicle { figure, damage } => {
            let base = game
                .data()
                .figures
                .get(usize::from(figure))
                .and_then(|f| f.armor)
                .unwrap_or(0);
            damaged(damage, 0, base, 0, 0).armor
        }
        Kind::Squad { .. } => 0,
    };
    let red = defence_dice(armor, &[attack_cover(game, target, suppressive, burnt)]);
    Pool {
        black,
        band,
        red,
        thick_armor: game.has_trait(target, "thick_armor"),
    }
}

/// The least favourable band of `lead` and `supporters` at `target`, and the halvings of the
/// lead's firepower, as `combined_attack` will roll them; `None` when one of them cannot.
fn band_and_halvings(
    game: &ToiGame,
    lead: UnitId,
    supporters: &[UnitId],
    target: UnitId,
    fire_and_movement: bool,
    mg_only: u128,
) -> Option<(RangeBand, u8)> {
    let mut worst: Option<RangeBand> = None;
    for &unit in std::iter::once(&lead).chain(supporters) {
        let b = band_with(game, unit, target, fire_and_movement, alone(mg_only, unit))?;
        // The black dice's success number of the least favourable band (close < normal < long).
        worst = Some(worst.map_or(b, |w| {
            if b.black_hits_from() > w.black_hits_from() {
                b
            } else {
                w
            }
        }));
    }
    let halvings = u8::from(fire_and_movement) + position_halvings(game, lead);
    Some((worst.unwrap_or(RangeBand::Normal), halvings))
}

/// The dice of the attack `lead` (with `supporters`) would make on `target` now, shown before
/// it is rolled (the terminal's and the browser's odds); `None` where it may not attack.
pub fn preview(
    game: &ToiGame,
    lead: UnitId,
    supporters: &[UnitId],
    target: UnitId,
    suppressive: bool,
    fire_and_movement: bool,
    mg_only: u128,
) -> Option<Pool> {
    let (band, halvings) =
        band_and_halvings(game, lead, supporters, target, fire_and_movement, mg_only)?;
    let who = Participants {
        lead,
        supporters,
        mg_only,
        suppressive,
    };
    Some(pool(game, &who, target, band, halvings))
}

/// `TOI-COMBAT-SEQ` steps 1-5: the dice of an attack on `target`, and the net hits.
fn roll(
    game: &mut ToiGame,
    who: Participants<'_>,
    target: UnitId,
    band: RangeBand,
    halvings: u8,
    log: &mut ToiLog,
) -> u8 {
    let unit = who.lead;
    let Pool {
        black: black_count,
        red: red_count,
        thick_armor,
        ..
    } = pool(game, &who, target, band, halvings);
    let black: Vec<u8> = (0..black_count)
        .map(|_| game.rng.roll(Die::D6, SEQUENCE) as u8)
        .collect();
    let mut red: Vec<u8> = (0..red_count)
        .map(|_| game.rng.roll(Die::D6, SEQUENCE) as u8)
        .collect();
    // TOI-UNIT-TANK Thick Armor: the owner turns one defence die into a 6 (the lowest: there is
    // never a reason not to).
    if thick_armor && let Some(low) = red.iter_mut().filter(|d| **d < 6).min() {
        *low = 6;
    }
    let hits = net_hits(&black, &red, band);
    log.public(
        SEQUENCE,
        ToiEvent::Attack {
            attacker: unit,
            target,
            black: black.clone(),
            red: red.clone(),
            hits,
        },
        || {
            format!(
                "{} at {} ({band:?} range): black {black:?}, red {red:?}: {hits} hit(s)",
                crate::text::unit_name(game, unit),
                crate::text::unit_name(game, target)
            )
        },
    );
    hits
}

/// `TOI-COMBAT-SEQ` step 6: what `hits` net hits do to `target` (a normal attack's casualties
/// on a squad are left to its owner's choice).
fn apply_hits(
    game: &mut ToiGame,
    target: UnitId,
    hits: u8,
    suppressive: bool,
    log: &mut ToiLog,
) -> Effect {
    let name = crate::text::unit_name(game, target);
    match game.unit(target).kind {
        Kind::Vehicle { figure, damage } => {
            let def = game.data().figures.get(usize::from(figure));
            let fragile = def.is_some_and(|f| f.traits.iter().any(|t| t == "fragile"));
            let sturdy = def.is_some_and(|f| f.traits.iter().any(|t| t == "sturdy"));
            match vehicle_hits(damage, hits, fragile) {
                VehicleOutcome::Destroyed => {
                    game.destroy(target);
                    log.public(
                        RuleId("TOI-COMBAT-NORMAL-VEH"),
                        ToiEvent::Casualty {
                            unit: target,
                            eliminated: true,
                        },
                        || format!("{name} is destroyed"),
                    );
                    Effect::Gone
                }
                VehicleOutcome::Damaged(now) if now != damage => {
                    game.units[target.index()].kind = Kind::Vehicle {
                        figure,
                        damage: now,
                    };
                    log.public(
                        RuleId("TOI-COMBAT-NORMAL-VEH"),
                        ToiEvent::Condition { unit: target },
                        || format!("{name}: {now:?} damage"),
                    );
                    Effect::Damaged {
                        slight: sturdy && now == crate::tables::results::Damage::Light,
                    }
                }
                VehicleOutcome::Damaged(_) => Effect::Nothing,
            }
        }
        Kind::Squad { figures, condition } if suppressive => {
            match suppressive_hits(condition, hits) {
                SuppressiveOutcome::Routed => {
                    game.destroy(target);
                    log.public(
                        RuleId("TOI-COMBAT-SUPP"),
                        ToiEvent::Casualty {
                            unit: target,
                            eliminated: true,
                        },
                        || format!("{name} is routed"),
                    );
                    Effect::Gone
                }
                SuppressiveOutcome::Shaken(now) if now != condition => {
                    game.units[target.index()].kind = Kind::Squad {
                        figures,
                        condition: now,
                    };
                    // TOI-COMBAT-COND: a squad pinned or disrupted is fatigued at once (an Op
                    // Fire squad's token flips).
                    game.units[target.index()].token = crate::state::Token::Fatigued;
                    log.public(
                        RuleId("TOI-COMBAT-SUPP"),
                        ToiEvent::Condition { unit: target },
                        || format!("{name} is {now:?}"),
                    );
                    Effect::Shaken
                }
                SuppressiveOutcome::Shaken(_) => Effect::Nothing,
            }
        }
        Kind::Squad { .. } if hits == 0 => Effect::Nothing,
        Kind::Squad { .. } => Effect::Casualties(hits),
    }
}

/// `TOI-COMBAT-NORMAL-SQUAD`: the figures the hit squad's owner may remove next.
pub fn casualty_choices(game: &ToiGame, unit: UnitId, out: &mut Vec<ToiAction>) {
    if let Kind::Squad { figures, .. } = game.unit(unit).kind {
        let mut seen: Vec<u8> = Vec::new();
        for (slot, &f) in figures.iter().enumerate() {
            // One choice per kind of figure: removing one regular or another is the same.
            if f != crate::state::EMPTY_SLOT && !seen.contains(&f) {
                seen.push(f);
                out.push(ToiAction::Lose { slot: slot as u8 });
            }
        }
    }
}

/// `TOI-COMBAT-NORMAL-SQUAD`: the owner removes the figure in `slot`.
pub fn lose(
    game: &mut ToiGame,
    unit: UnitId,
    hits: u8,
    then: Then,
    slot: u8,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    let Kind::Squad {
        mut figures,
        condition,
    } = game.unit(unit).kind
    else {
        return Err(Refusal::by_rule(CASUALTIES, "not a squad"));
    };
    let Some(cell) = figures
        .get_mut(usize::from(slot))
        .filter(|c| **c != crate::state::EMPTY_SLOT)
    else {
        return Err(Refusal::by_rule(CASUALTIES, "no figure in that slot"));
    };
    let lost = *cell;
    *cell = crate::state::EMPTY_SLOT;
    let gone = figures.iter().all(|&f| f == crate::state::EMPTY_SLOT);
    game.units[unit.index()].kind = Kind::Squad { figures, condition };
    if gone {
        game.destroy(unit);
    }
    let figure = game
        .data()
        .figures
        .get(usize::from(lost))
        .map_or_else(String::new, |f| f.name.clone());
    let name = crate::text::unit_name(game, unit);
    log.public(
        CASUALTIES,
        ToiEvent::Casualty {
            unit,
            eliminated: gone,
        },
        || {
            if gone {
                format!("{name} loses its last figure ({figure}): the squad is gone")
            } else {
                format!("{name} loses a {figure}")
            }
        },
    );
    // TOI-COMBAT-ASSAULT step 6: the active squad wiped out, the rest fall on the other
    // participants.
    if let Then::Assault(assault) = then
        && gone
        && hits > 1
        && let Some(next) = assault
            .participants()
            .into_iter()
            .find(|&u| u != unit && game.hex_of(u).is_some())
    {
        game.step = Step::Casualties {
            unit: next,
            hits: hits - 1,
            then,
        };
        return Ok(());
    }
    if gone || hits <= 1 {
        match then {
            Then::End(attacker) => game.end_activation(attacker),
            // The moving squad lost figures to Op Fire: it moves on, unless it is gone.
            Then::Resume(mv) if gone => game.end_activation(mv.unit),
            Then::Resume(mv) => game.step = Step::Resume(mv),
            Then::Assault(assault) => game.step = Step::AssaultLosses(assault),
            Then::Stop(mv) => game.step = Step::Stopped(mv),
            Then::Losses(attacker) => next_losses(game, attacker),
        }
    } else {
        game.step = Step::Casualties {
            unit,
            hits: hits - 1,
            then,
        };
    }
    Ok(())
}

/// The squads' normal losses of an area attack, chosen by their owners one squad after the
/// other; then the attacking unit's activation ends (an off-board strike's action ends with
/// no unit to fatigue).
pub fn take_losses(game: &mut ToiGame, losses: Vec<(UnitId, u8)>, attacker: Option<UnitId>) {
    game.losses = losses;
    next_losses(game, attacker);
}

/// The next squad's losses of an area attack, or the end of the action.
pub fn next_losses(game: &mut ToiGame, attacker: Option<UnitId>) {
    // The next queued squad still on the map.
    while !game.losses.is_empty() {
        let (unit, hits) = game.losses.remove(0);
        if game.hex_of(unit).is_some() {
            game.step = Step::Casualties {
                unit,
                hits,
                then: Then::Losses(attacker),
            };
            return;
        }
    }
    match attacker {
        Some(unit) => game.end_activation(unit),
        None => game.step = Step::AfterAction,
    }
}
