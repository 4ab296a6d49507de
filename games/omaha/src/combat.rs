//! US combat (rule 8): who may attack (8.1, 8.11–8.16), the weapons they bring (8.2–8.27, T3),
//! the resolution of an attack (8.3, 8.31–8.34, T5-ALG, T6), tank barrages (8.4, T4) and Naval
//! Gunfire markers (8.5).
//!
//! An attack is declared in small prompts (A-ATTACK, DESIGN.md): the target hex (offered in the
//! Action Phase list), then one participant (or same-hex pair) at a time, then the Naval Gunfire
//! marker, then a confirmation; "back" cancels at any point before the confirmation and spends
//! nothing. The participants carry [`UsFlags::ATTACKING`] while the attack is built. The
//! resolution may stop at P-HERO-BONUS (before the table is read) and P-ATTRITION (after).

use crate::action::{DrawFor, HeroChoice, OmahaAction, OmahaEvent, OmahaLog};
use crate::command::{commanded, commanders};
use crate::data::{Division, GermanDivision, UsKind, Weapon};
use crate::germans;
use crate::index::{GerId, GerKind, Ground, HexId, MAX_POSITIONS, PosId, UsId};
use crate::state::hex_of;
use crate::state::{AttackStage, DepthLoc, GerLoc, GerPool, Omaha, Step, UsFlags, UsLoc};
use crate::tables::attack::{self, AttackResult, Counter};
use crate::tables::barrage::{BarrageResult, barrage_result};
use crate::tables::terrain::{
    HexFeature, Hexside, Multipliers, SideDefence, defence_multipliers, hexside_defence_all,
};
use crate::tables::weapons::{
    Attacker, NAVAL_GUNFIRE, NAVAL_GUNFIRE_STRENGTH, Weapons, printed_weapons, unit_weapons,
};
use overlord_engine::RuleId;

pub const COMBAT: RuleId = RuleId("8");
pub const WHO: RuleId = RuleId("8.1");
pub const RANGE: RuleId = RuleId("8.11");
pub const ELEVATION: RuleId = RuleId("8.12");
pub const SPEND: RuleId = RuleId("8.13");
pub const LEADERS: RuleId = RuleId("8.14");
pub const ACROSS: RuleId = RuleId("8.15");
pub const ONCE: RuleId = RuleId("8.16");
pub const WEAPONS: RuleId = RuleId("8.2");
pub const REDUCED: RuleId = RuleId("8.21");
pub const FLANKING: RuleId = RuleId("8.22");
pub const HERO: RuleId = RuleId("8.23");
pub const RADIO: RuleId = RuleId("8.24");
pub const NAVAL_NA: RuleId = RuleId("8.25");
pub const HEAVY: RuleId = RuleId("8.26");
pub const TANKS: RuleId = RuleId("8.27");
pub const RESOLVE: RuleId = RuleId("8.3");
pub const MULTI: RuleId = RuleId("8.31");
pub const TWO_HEX_WN: RuleId = RuleId("8.32");
pub const RETREAT: RuleId = RuleId("8.33");
pub const BARRAGE: RuleId = RuleId("8.4");
pub const ARTILLERY_BARRAGE: RuleId = RuleId("17.3");
pub const ONE_BARRAGER: RuleId = RuleId("8.41");
pub const BARRAGE_LIMITS: RuleId = RuleId("8.42");
pub const NAVAL_ATTACK: RuleId = RuleId("8.51");
pub const NAVAL_BARRAGE: RuleId = RuleId("8.52");
pub const NAVAL_FREE: RuleId = RuleId("8.53");
pub const ATTRITION: RuleId = RuleId("T6");

// ---- geometry and facts -------------------------------------------------------------------

fn distance(state: &Omaha, a: HexId, b: HexId) -> u32 {
    state.data.index.distance(a, b)
}

fn ground(state: &Omaha, hex: HexId) -> Ground {
    state
        .data
        .index
        .hexes
        .get(usize::from(hex))
        .map_or(Ground::Sea, |h| h.ground)
}

/// Beach, flat (and sea) are the low level; high ground the high one (8.12, 8.15).
fn low(state: &Omaha, hex: HexId) -> bool {
    ground(state, hex) != Ground::High
}

/// The German unit in `hex` (8.32: one hex of a two-hex WN at a time).
/// 23.6: a German tank in `hex` is attacked like a position.
pub fn german_at(state: &Omaha, hex: HexId) -> Option<GerId> {
    let index = &state.data.index;
    state
        .germans
        .iter()
        .position(|g| match g.loc {
            GerLoc::Slot(s) => index
                .slots
                .get(usize::from(s))
                .is_some_and(|x| x.hex == hex),
            GerLoc::Hex(h) => h == hex,
            GerLoc::Pool(_) | GerLoc::OutOfPlay => false,
        })
        .map(|g| g as GerId)
}

fn position_of(state: &Omaha, unit: GerId) -> Option<PosId> {
    match state.germans.get(usize::from(unit))?.loc {
        GerLoc::Slot(s) => state
            .data
            .index
            .slots
            .get(usize::from(s))
            .map(|s| s.position),
        _ => None,
    }
}

/// Whether `hex` is in the fire field of position `pos` (any level).
pub(crate) fn in_field(state: &Omaha, pos: PosId, hex: HexId) -> bool {
    state
        .data
        .index
        .hexes
        .get(usize::from(hex))
        .is_some_and(|h| usize::from(pos) < MAX_POSITIONS && h.fired_on_by & (1 << pos) != 0)
}

/// The hexside features between two adjacent hexes (none when they are not adjacent).
fn sides(state: &Omaha, a: HexId, b: HexId) -> &[Hexside] {
    state
        .data
        .index
        .edge(a, b)
        .map_or(&[][..], |e| e.sides.as_slice())
}

/// T5b, 8.15: how an adjacent attack from `from` crosses into `target`.
fn side_defence(state: &Omaha, from: HexId, target: HexId) -> SideDefence {
    let above = !low(state, from) && low(state, target);
    hexside_defence_all(sides(state, from, target), above)
}

fn across_bluff_or_cliff(state: &Omaha, from: HexId, target: HexId) -> bool {
    sides(state, from, target).iter().any(|s| {
        matches!(
            s,
            Hexside::Bluff | Hexside::ScalableCliff | Hexside::SheerCliff
        )
    })
}

/// The fire field of the German unit a barrage or a ranged attack aims at: its position's
/// printed field, or a German tank's own (23.3; a tank belongs to no position).
enum TargetField {
    Position(PosId),
    /// 23.3: the tank's hex and its T8 field.
    Tank(HexId, Vec<HexId>),
}

impl TargetField {
    /// The field of German unit `g`, if it is in a position or is a tank on the map.
    fn of(state: &Omaha, g: GerId) -> Option<TargetField> {
        match state.germans.get(usize::from(g))?.loc {
            GerLoc::Hex(h) => Some(TargetField::Tank(
                h,
                crate::tanks::field(state, h)
                    .into_iter()
                    .map(|(x, _)| x)
                    .collect(),
            )),
            _ => position_of(state, g).map(TargetField::Position),
        }
    }

    /// `hex` is in the field (8.4, 8.52, 17.3 observers).
    fn has(&self, state: &Omaha, hex: HexId) -> bool {
        match self {
            TargetField::Position(p) => in_field(state, *p, hex),
            TargetField::Tank(_, f) => f.contains(&hex),
        }
    }

    /// 8.12: the unit projects fire points into a beach hex. For a tank (INTERP): a beach hex
    /// of its T8 field that 23.42 lets it fire at, as a position "on a bluff overlooking the
    /// beach".
    fn fires_on_beach(&self, state: &Omaha) -> bool {
        match self {
            TargetField::Position(p) => {
                usize::from(*p) < MAX_POSITIONS && state.data.index.firing_on_beach & (1 << *p) != 0
            }
            TargetField::Tank(at, f) => f.iter().any(|&h| {
                ground(state, h) == Ground::Beach
                    && crate::tanks::elevation_allows(&state.data.index, *at, h)
            }),
        }
    }

    /// The colour a barrage's card must show (T4): the position's, or the tank's own (23).
    fn colour(&self, state: &Omaha, g: GerId) -> Option<crate::data::Colour> {
        match self {
            TargetField::Position(p) => state
                .data
                .index
                .positions
                .get(usize::from(*p))
                .map(|x| x.colour),
            TargetField::Tank(..) => crate::tanks::colour(state, g),
        }
    }
}

/// 8.12: a unit on the beach or the flat fires at range at a higher position only if that
/// position projects fire points into a beach hex; with 23.6, a German tank likewise
/// ([`TargetField::fires_on_beach`]).
fn elevation_ok(state: &Omaha, from: HexId, target: HexId) -> bool {
    if !low(state, from) || low(state, target) {
        return true;
    }
    german_at(state, target)
        .and_then(|g| TargetField::of(state, g))
        .is_some_and(|f| f.fires_on_beach(state))
}

/// [`elevation_ok`] when the target's field is already known.
fn elevation_ok_at(state: &Omaha, from: HexId, target: HexId, field: &TargetField) -> bool {
    !low(state, from) || low(state, target) || field.fires_on_beach(state)
}

fn kind(state: &Omaha, unit: UsId) -> Option<UsKind> {
    state.data.index.us.get(usize::from(unit))?.kind()
}

fn infantry(state: &Omaha, unit: UsId) -> bool {
    kind(state, unit).is_some_and(UsKind::infantry)
}

fn roster(state: &Omaha, unit: UsId) -> Option<&crate::data::UsUnit> {
    state.data.us.units.get(usize::from(unit))
}

fn full_strength(state: &Omaha, unit: UsId) -> bool {
    state.us.get(usize::from(unit)).map(|u| u.steps)
        == state.data.index.us.get(usize::from(unit)).map(|i| i.steps)
}

/// 8.26: a heavy company keeps its range 2 only at full strength.
fn heavy(state: &Omaha, unit: UsId) -> bool {
    roster(state, unit).is_some_and(|r| r.heavy) && full_strength(state, unit)
}

/// 8.11: the printed range (none printed: adjacent only; U: unlimited).
fn range(state: &Omaha, unit: UsId) -> u32 {
    if heavy(state, unit) {
        return 2;
    }
    match roster(state, unit).and_then(|r| r.range) {
        None => 1,
        Some(crate::data::Range::Hexes(n)) => u32::from(n),
        Some(crate::data::Range::Unlimited(_)) => u32::MAX,
    }
}

/// The printed attack strength at the unit's current steps.
pub(crate) fn strength(state: &Omaha, unit: UsId) -> u8 {
    let steps = state.us.get(usize::from(unit)).map_or(0, |u| u.steps);
    roster(state, unit)
        .and_then(|r| r.attack.get(usize::from(steps).checked_sub(1)?))
        .copied()
        .unwrap_or(0)
}

/// A Hero (not Inspired) is with the unit: it may give the attack bonus (8.23, 11.13, 11.15).
fn has_hero(state: &Omaha, unit: UsId) -> bool {
    crate::effects::has_hero(state, unit)
}

/// 7.1: the same free-action rule as every other action.
fn free(state: &Omaha, unit: UsId) -> bool {
    crate::movement::free(state, unit)
}

/// The weapons a unit has of its own (T3, 8.21): full-strength infantry carry RD.
fn own_radio(state: &Omaha, unit: UsId) -> bool {
    let Some(k) = kind(state, unit) else {
        return false;
    };
    let steps = state.us.get(usize::from(unit)).map_or(0, |u| u.steps);
    let printed = roster(state, unit).map_or(&[][..], |r| printed_weapons(r, steps));
    unit_weapons(&Attacker {
        kind: k,
        full_strength: full_strength(state, unit),
        printed,
        heavy: heavy(state, unit),
        distance: 2,
        across_bluff_or_cliff: false,
        hq_command: false,
    })
    .contains(Weapon::RD)
}

/// 7.2, 7.4, 7.7, 8.13, 8.14: a unit of `division` that may still spend an action in combat.
fn can_act(state: &Omaha, unit: UsId, division: Division) -> bool {
    let Some(u) = state.us.get(usize::from(unit)) else {
        return false;
    };
    let blocked = UsFlags::ACTED
        | UsFlags::DISRUPTED
        | UsFlags::CLIMB
        | UsFlags::CLIMB_CLIFF
        | UsFlags::ATTACKING;
    matches!(u.loc, UsLoc::Hex(_))
        && u.command == division
        && u.flags.0 & blocked == 0
        && !state.data.index.us[usize::from(unit)].is_leader()
}

fn this_turn(list: &[(u8, HexId)], turn: u8, hex: HexId) -> bool {
    list.contains(&(turn, hex))
}

/// 8.16 (AMB-14): not yet attacked nor barraged this phase.
fn may_attack_hex(state: &Omaha, hex: HexId) -> bool {
    !this_turn(&state.attacked, state.turn, hex) && !this_turn(&state.barraged, state.turn, hex)
}

fn participants(state: &Omaha) -> Vec<UsId> {
    (0..state.us.len())
        .filter(|&u| state.us[u].flags.has(UsFlags::ATTACKING))
        .map(|u| u as UsId)
        .collect()
}

/// 8.1, 8.15: an infantry participant adjacent to the target across a permitted hexside.
fn adjacent_infantry(state: &Omaha, unit: UsId, target: HexId) -> bool {
    infantry(state, unit)
        && hex_of(state, unit).is_some_and(|h| {
            distance(state, h, target) == 1
                && side_defence(state, h, target) != SideDefence::Prohibited
        })
}

/// 8.1, 8.11, 8.12, 8.15: whether `unit` may join the attack on `target` given the
/// participants declared so far (`with`). Every condition only grows with `with`.
fn may_join(state: &Omaha, unit: UsId, target: HexId, with: &[UsId]) -> bool {
    let Some(from) = hex_of(state, unit) else {
        return false;
    };
    let Some(k) = kind(state, unit) else {
        return false; // 8.14: leaders never take part
    };
    let d = distance(state, from, target);
    if d == 0 || d > range(state, unit) {
        return false; // 8.11
    }
    let adjacent = d == 1;
    let permitted = adjacent && side_defence(state, from, target) != SideDefence::Prohibited;
    let ranged = elevation_ok(state, from, target); // 8.12
    let infantry_with = || with.iter().any(|&w| adjacent_infantry(state, w, target));
    match k {
        UsKind::Infantry | UsKind::Ranger if heavy(state, unit) => {
            if adjacent {
                // 8.15: across a bluff or cliff only beside an infantry attack across a
                // permitted hexside.
                permitted || infantry_with()
            } else {
                ranged
            }
        }
        UsKind::Infantry | UsKind::Ranger => permitted,
        UsKind::Tank | UsKind::AntiTank | UsKind::Aa | UsKind::SpAa => {
            // 8.15: across a bluff or cliff from below only as a ranged attack (8.12); from
            // above, a cliff stays closed.
            let geometry = if adjacent {
                permitted || (low(state, from) && range(state, unit) >= 2 && ranged)
            } else {
                ranged
            };
            let attacking_infantry: Vec<UsId> = with
                .iter()
                .copied()
                .filter(|&w| infantry(state, w))
                .collect();
            // 8.1 (AMB-82: "adjacent to an attacking infantry unit").
            let condition = adjacent
                || attacking_infantry
                    .iter()
                    .any(|&w| hex_of(state, w).is_some_and(|h| distance(state, h, from) == 1))
                || commanded(state, unit, false)
                || attacking_infantry
                    .iter()
                    .any(|&w| commanded(state, w, false));
            geometry && condition
        }
        UsKind::Artillery | UsKind::SpArtillery | UsKind::Dukw => {
            let hqs: Vec<UsId> = commanders(state, unit, true).collect();
            let coordinated = with.iter().any(|&w| {
                infantry(state, w) && commanders(state, w, true).any(|h| hqs.contains(&h))
            });
            let exposed = !k.armored() && crate::control::in_german_fire_field(state, from, false);
            !adjacent && ranged && coordinated && !exposed
        }
        UsKind::Engineer => false,
    }
}

/// 8.13, 7.21 (AMB-73): every participant spends an action; two in one hex share one, and a
/// free unit paired with one that is not costs that one action. Per hex: half the non-free
/// participants, rounded up.
fn cost(state: &Omaha, units: impl IntoIterator<Item = UsId>) -> u8 {
    let mut hexes: Vec<(HexId, u8)> = Vec::new();
    for u in units {
        if free(state, u) {
            continue;
        }
        let Some(h) = hex_of(state, u) else { continue };
        match hexes.iter_mut().find(|(x, _)| *x == h) {
            Some((_, n)) => *n += 1,
            None => hexes.push((h, 1)),
        }
    }
    hexes.iter().map(|(_, n)| n.div_ceil(2)).sum()
}

/// 8.51: a Naval Gunfire marker may join if an attacking infantry unit has a Radio or is under
/// HQ command.
fn naval_usable(state: &Omaha, with: &[UsId]) -> bool {
    state.naval_gunfire > 0
        && with
            .iter()
            .any(|&u| infantry(state, u) && (own_radio(state, u) || commanded(state, u, true)))
}

// ---- the Action Phase list ----------------------------------------------------------------

/// The combat entries of the Action Phase list (7, 8.1, 8.4, 8.52).
/// `on_map`: the US units on the map, in id order.
pub(crate) fn legal_in_actions(
    state: &Omaha,
    occupancy: &crate::movement::Occupancy,
    answers: &crate::movement::FreeAnswers,
    on_map: &[UsId],
    division: Division,
    left: u8,
    out: &mut Vec<OmahaAction>,
) {
    // 7.1: once the division's actions are spent, only units that act for free take part.
    let mut actors: Vec<UsId> = Vec::with_capacity(on_map.len());
    actors.extend(
        on_map
            .iter()
            .copied()
            .filter(|&u| can_act(state, u, division) && (left > 0 || answers.free(state, u))),
    );
    // Only barrages need the German hexes listed: found at the first that does.
    let targets = std::cell::OnceCell::new();
    let targets = || targets.get_or_init(|| german_hexes(state)).as_slice();
    // A-ATTACK: only where some infantry could open it (8.1), so a started attack can always
    // be declared. Only hexes beside an infantry actor can qualify: look there, not at every
    // German hex against every actor.
    let mut opened: Vec<HexId> = Vec::new();
    for &u in &actors {
        let Some(from) = hex_of(state, u) else {
            continue;
        };
        if !infantry(state, u) {
            continue;
        }
        for &target in &state.data.index.hexes[usize::from(from)].neighbours {
            if !opened.contains(&target)
                // The hexes of `german_hexes`, asked in one step.
                && occupancy.german_in(target)
                && may_attack_hex(state, target)
                && adjacent_infantry(state, u, target)
                && may_join(state, u, target, &[])
            {
                opened.push(target);
            }
        }
    }
    opened.sort_unstable();
    out.extend(
        opened
            .into_iter()
            .map(|target| OmahaAction::Attack { target }),
    );
    // 8.4: found at the first barrage that needs an observer; whether the tanks and observers
    // are commanded is asked of the same units for every target.
    let observers = std::cell::OnceCell::new();
    let commanded = crate::movement::UnitAnswers::default();
    for &unit in &actors {
        let artillery = matches!(
            kind(state, unit),
            Some(UsKind::Artillery | UsKind::SpArtillery)
        );
        if kind(state, unit) == Some(UsKind::Tank) {
            // 8.4: only targets at range can be barraged; most are not, so rule them out
            // first, with the tank's range found once.
            let Some(from) = hex_of(state, unit) else {
                continue;
            };
            let reach = range(state, unit);
            for &(target, german) in targets() {
                if in_barrage_range(state, from, reach, target)
                    && may_barrage_seen_by(
                        state, on_map, &observers, &commanded, unit, from, target, german,
                    )
                {
                    out.push(OmahaAction::Barrage { unit, target });
                }
            }
        } else if artillery && crate::tables::schedule::extended(state.turn) {
            // 17.3: artillery barrages from turn 17.
            for &(target, german) in targets() {
                if may_artillery_barrage(state, on_map, unit, target, german) {
                    out.push(OmahaAction::Barrage { unit, target });
                }
            }
        }
    }
    if state.naval_gunfire > 0 {
        let spotters = naval_spotters(state, on_map);
        for &(target, german) in targets() {
            if naval_barrage_open(state, &spotters, target, german) {
                out.push(OmahaAction::NavalBarrage { target });
            }
        }
    }
}

/// Hexes holding a German unit, in hex order, each with the unit [`german_at`] finds there
/// (the lowest id). Most Action-Phase prompts ask this (for the barrages), so it marks the
/// occupied slots by their place in the index's hex order and reads the marks back in order,
/// instead of sorting the Germans or walking every slot.
fn german_hexes(state: &Omaha) -> Vec<(HexId, GerId)> {
    let index = &state.data.index;
    // Bit r: the slot `slots_by_hex[r]` is occupied. Slot ids are `u8`, so 256 bits hold them.
    let mut occupied = [0u64; 4];
    // The lowest German id in the slot of each place, valid where its bit is set.
    let mut occupant: [GerId; 256] = [0; 256];
    let mut tanks: Vec<(HexId, GerId)> = Vec::new();
    for (g, unit) in state.germans.iter().enumerate() {
        let g = g as GerId;
        match unit.loc {
            GerLoc::Slot(s) => {
                let Some(&rank) = index.slot_rank.get(usize::from(s)) else {
                    continue;
                };
                let (word, bit) = (usize::from(rank / 64), 1u64 << (rank % 64));
                // Germans come in id order: the first found in a slot is its lowest.
                if occupied[word] & bit == 0 {
                    occupied[word] |= bit;
                    occupant[usize::from(rank)] = g;
                }
            }
            // 23.6: German tanks are attacked like positions.
            GerLoc::Hex(h) => tanks.push((h, g)),
            GerLoc::Pool(_) | GerLoc::OutOfPlay => {}
        }
    }
    let mut out: Vec<(HexId, GerId)> = Vec::with_capacity(32 + tanks.len());
    for (w, &word) in occupied.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let rank = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let g = occupant[rank];
            let hex = index.slots[usize::from(index.slots_by_hex[rank])].hex;
            match out.last_mut() {
                Some((h, lowest)) if *h == hex => *lowest = (*lowest).min(g),
                _ => out.push((hex, g)),
            }
        }
    }
    if !tanks.is_empty() {
        out.extend(tanks);
        out.sort_unstable();
        out.dedup_by_key(|t| t.0);
    }
    out
}

/// 8.4, 8.41, 8.42, 8.12: whether this tank may barrage `target` now.
/// `g` is the German unit in `target` ([`german_at`]); `on_map` the US units on the map. The
/// Action-Phase list keeps the observers for every tank and target instead.
#[cfg(test)]
pub(crate) fn may_barrage(
    state: &Omaha,
    on_map: &[UsId],
    unit: UsId,
    target: HexId,
    g: GerId,
) -> bool {
    let Some(from) = hex_of(state, unit) else {
        return false;
    };
    in_barrage_range(state, from, range(state, unit), target)
        && may_barrage_seen_by(
            state,
            on_map,
            &std::cell::OnceCell::new(),
            &crate::movement::UnitAnswers::default(),
            unit,
            from,
            target,
            g,
        )
}

/// 8.4: a barrage is fired at range (not adjacent), within the printed range `reach`.
fn in_barrage_range(state: &Omaha, from: HexId, reach: u32, target: HexId) -> bool {
    (2..=reach).contains(&distance(state, from, target))
}

/// 8.4: the units that can observe for a tank's barrage, with their hexes: non-disrupted
/// infantry on the map. Found at most once per Action-Phase prompt (few targets get this far),
/// then asked of every tank and target.
fn barrage_observers(state: &Omaha, on_map: &[UsId]) -> Vec<(HexId, UsId)> {
    // Sized once: a `filter` hides the length, and growing it cost more than the test.
    let mut out = Vec::with_capacity(on_map.len());
    out.extend(observing_infantry(state, on_map).filter_map(|o| hex_of(state, o).map(|h| (h, o))));
    out
}

/// The non-disrupted infantry among `on_map`: who may observe for a barrage (8.4) or spot for
/// naval gunfire (8.52).
fn observing_infantry<'a>(state: &'a Omaha, on_map: &'a [UsId]) -> impl Iterator<Item = UsId> + 'a {
    on_map
        .iter()
        .copied()
        .filter(|&o| infantry(state, o) && !state.us[usize::from(o)].flags.has(UsFlags::DISRUPTED))
}

/// `may_barrage` for a tank in `from` with `target` already found [`in_barrage_range`],
/// keeping the observers ([`barrage_observers`]) in `observers` once found and whether a unit
/// is commanded (8.4) in `commanded`.
#[allow(clippy::too_many_arguments)]
fn may_barrage_seen_by(
    state: &Omaha,
    on_map: &[UsId],
    observers: &std::cell::OnceCell<Vec<(HexId, UsId)>>,
    commanded: &crate::movement::UnitAnswers,
    unit: UsId,
    from: HexId,
    target: HexId,
    g: GerId,
) -> bool {
    // 8.4 with 23.6: a position's unit, or a German tank (always revealed, 23.41).
    let Some(field) = TargetField::of(state, g) else {
        return false;
    };
    // 8.42: an unrevealed reinforcement unit can never be barraged.
    let hidden_reinforcement = !state.germans[usize::from(g)].revealed
        && !matches!(
            state.data.index.germans[usize::from(g)].kind,
            GerKind::Wn(_)
        );
    // 8.41: several barrages, but never on a hex attacked this phase.
    if this_turn(&state.attacked, state.turn, target)
        || hidden_reinforcement
        || !elevation_ok_at(state, from, target, &field)
    {
        return false;
    }
    if field.has(state, from) {
        return true;
    }
    // 8.4: an observer in the field; the tank or the observer commanded.
    let mut in_field = observers
        .get_or_init(|| barrage_observers(state, on_map))
        .iter()
        .filter(|(h, _)| field.has(state, *h))
        .map(|&(_, o)| o);
    let is_commanded = |u: UsId| commanded.get(u, || crate::command::commanded(state, u, false));
    if is_commanded(unit) {
        in_field.next().is_some()
    } else {
        in_field.any(is_commanded)
    }
}

/// 17.3 (with 8.41, 8.12): whether this artillery or SP artillery unit may barrage `target`
/// now. `g` is the German unit in `target`; `on_map` the US units on the map.
/// - in range, not adjacent;
/// - a WN unit (revealed or not) or a revealed reinforcement unit;
/// - not attacked this phase (8.41);
/// - the artillery under command of an HQ or CP (not a General);
/// - an observer in the target's fire field: the artillery itself if armored (non-armored
///   artillery may not stand in a German fire field at all), or non-disrupted infantry under
///   command of the same HQ or CP;
/// - 8.12: from the beach or the flat only at a position firing into a beach hex.
pub(crate) fn may_artillery_barrage(
    state: &Omaha,
    on_map: &[UsId],
    unit: UsId,
    target: HexId,
    g: GerId,
) -> bool {
    let Some(from) = hex_of(state, unit) else {
        return false;
    };
    let d = distance(state, from, target);
    if d < 2 || d > range(state, unit) {
        return false;
    }
    // 17.3 with 23.6: a position's unit, or a German tank (always revealed, 23.41).
    let Some(field) = TargetField::of(state, g) else {
        return false;
    };
    let wn = matches!(
        state.data.index.germans[usize::from(g)].kind,
        GerKind::Wn(_)
    );
    if (!wn && !state.germans[usize::from(g)].revealed)
        || this_turn(&state.attacked, state.turn, target)
        || !elevation_ok_at(state, from, target, &field)
    {
        return false;
    }
    let armored = state.data.index.us[usize::from(unit)].armored();
    // 17.3: non-armored artillery may not be in a German fire field (of a non-disrupted
    // occupied position, 6.4).
    if !armored && crate::control::in_german_fire_field(state, from, false) {
        return false;
    }
    let hqs: Vec<UsId> = commanders(state, unit, true).collect();
    if hqs.is_empty() {
        return false;
    }
    if armored && field.has(state, from) {
        return true;
    }
    on_map.iter().copied().any(|o| {
        hex_of(state, o).is_some_and(|h| field.has(state, h))
            && infantry(state, o)
            && !state.us[usize::from(o)].flags.has(UsFlags::DISRUPTED)
            && commanders(state, o, true).any(|c| hqs.contains(&c))
    })
}

/// 8.52, 8.53: whether a Naval Gunfire marker may barrage `target` now.
/// `g` is the German unit in `target` ([`german_at`]); `on_map` the US units on the map. The
/// Action-Phase list finds the spotters once for every target instead.
#[cfg(test)]
pub(crate) fn may_naval_barrage(state: &Omaha, on_map: &[UsId], target: HexId, g: GerId) -> bool {
    state.naval_gunfire > 0 && naval_barrage_open(state, &naval_spotters(state, on_map), target, g)
}

/// 8.52: the hexes of the units that can spot for a naval barrage: non-disrupted infantry
/// with a Radio of its own or under HQ command. Found once per Action-Phase prompt, then
/// asked of every target.
fn naval_spotters(state: &Omaha, on_map: &[UsId]) -> Vec<HexId> {
    // Sized once, as `barrage_observers`.
    let mut out = Vec::with_capacity(on_map.len());
    out.extend(
        observing_infantry(state, on_map)
            .filter(|&o| own_radio(state, o) || commanded(state, o, true))
            .filter_map(|o| hex_of(state, o)),
    );
    out
}

/// `may_naval_barrage` with the spotters already found ([`naval_spotters`]).
fn naval_barrage_open(state: &Omaha, spotters: &[HexId], target: HexId, g: GerId) -> bool {
    if state.naval_gunfire == 0 || this_turn(&state.attacked, state.turn, target) {
        return false;
    }
    // 8.52 with 23.6: a position's unit, or a German tank (always revealed, 23.41).
    let Some(field) = TargetField::of(state, g) else {
        return false;
    };
    let wn = matches!(
        state.data.index.germans[usize::from(g)].kind,
        GerKind::Wn(_)
    );
    if !wn && !state.germans[usize::from(g)].revealed {
        return false; // 8.52: a hidden reinforcement unit cannot be naval-barraged
    }
    // 8.52: a spotter in the target's fire field.
    spotters.iter().any(|&h| field.has(state, h))
}

// ---- the attack prompts -------------------------------------------------------------------

/// Legal answers while an attack is declared or resolved.
pub fn legal(state: &Omaha, out: &mut Vec<OmahaAction>) {
    let Step::Attack {
        division,
        left,
        target,
        stage,
        ..
    } = state.step
    else {
        return;
    };
    let with = participants(state);
    match stage {
        AttackStage::Participants => {
            let candidates: Vec<UsId> = (0..state.us.len() as UsId)
                .filter(|&u| can_act(state, u, division) && may_join(state, u, target, &with))
                .collect();
            // 8.1: a joiner is offered only if the attack can still be declared after it,
            // so that no answer leads where calling the attack off is all that is left.
            let declarable = |all: &[UsId]| {
                cost(state, all.iter().copied()) <= left
                    && (all.iter().any(|&u| adjacent_infantry(state, u, target))
                        || candidates.iter().any(|&w| {
                            !all.contains(&w)
                                && adjacent_infantry(state, w, target)
                                && cost(state, all.iter().copied().chain([w])) <= left
                        }))
            };
            for &u in &candidates {
                let mut all = with.clone();
                all.push(u);
                if declarable(&all) {
                    out.push(OmahaAction::AttackWith { unit: u });
                }
            }
            for (i, &u) in candidates.iter().enumerate() {
                for &w in &candidates[i + 1..] {
                    if hex_of(state, u) != hex_of(state, w) || free(state, u) || free(state, w) {
                        continue;
                    }
                    let mut all = with.clone();
                    all.extend([u, w]);
                    if declarable(&all) {
                        out.push(OmahaAction::AttackWithPair { unit: u, with: w });
                    }
                }
            }
            if with.iter().any(|&u| adjacent_infantry(state, u, target)) {
                out.push(OmahaAction::AttackDeclared);
            }
            out.push(OmahaAction::AttackBack);
        }
        AttackStage::Naval => {
            out.extend([true, false].map(|use_marker| OmahaAction::NavalSupport { use_marker }))
        }
        AttackStage::Confirm { .. } => {
            out.extend([OmahaAction::AttackConfirm, OmahaAction::AttackBack])
        }
        AttackStage::HeroBonus { .. } => out.extend(
            [
                HeroChoice::Strength,
                HeroChoice::Wildcard,
                HeroChoice::Nothing,
            ]
            .map(|bonus| OmahaAction::HeroBonus { bonus }),
        ),
        AttackStage::Attrition => {
            out.extend(
                attrition_candidates(state, target)
                    .into_iter()
                    .map(|u| OmahaAction::Attrition { unit: Some(u) }),
            );
            out.push(OmahaAction::Attrition { unit: None });
        }
    }
}

/// Carry out a combat action already found legal (from the Action Phase list or an attack
/// prompt).
pub fn apply(state: &mut Omaha, action: OmahaAction, log: &mut OmahaLog) {
    match (state.step, action) {
        (
            Step::Actions {
                division,
                left,
                second,
            },
            OmahaAction::Attack { target },
        ) => {
            state.step = Step::Attack {
                division,
                left,
                second,
                target,
                stage: AttackStage::Participants,
            };
            let label = label(state, target);
            log.public(WHO, OmahaEvent::Note, || {
                format!("An attack on {label} is being declared (8.1).")
            });
        }
        (Step::Actions { .. }, OmahaAction::Barrage { unit, target }) => {
            barrage(state, unit, target, log)
        }
        (Step::Actions { .. }, OmahaAction::NavalBarrage { target }) => {
            naval_barrage(state, target, log)
        }
        (Step::Attack { .. }, OmahaAction::AttackWith { unit }) => join(state, unit, log),
        (Step::Attack { .. }, OmahaAction::AttackWithPair { unit, with }) => {
            join(state, unit, log);
            join(state, with, log);
        }
        (Step::Attack { .. }, OmahaAction::AttackDeclared) => {
            let with = participants(state);
            let stage = if naval_usable(state, &with) {
                AttackStage::Naval
            } else {
                AttackStage::Confirm { naval: false }
            };
            set_stage(state, stage);
        }
        (Step::Attack { .. }, OmahaAction::NavalSupport { use_marker }) => {
            set_stage(state, AttackStage::Confirm { naval: use_marker })
        }
        (Step::Attack { .. }, OmahaAction::AttackBack) => {
            log.public(WHO, OmahaEvent::Note, || {
                "The attack is called off; nothing is spent.".to_owned()
            });
            finish(state, None);
        }
        (
            Step::Attack {
                stage: AttackStage::Confirm { naval },
                ..
            },
            OmahaAction::AttackConfirm,
        ) => confirm(state, naval, log),
        (
            Step::Attack {
                stage: AttackStage::HeroBonus { naval },
                ..
            },
            OmahaAction::HeroBonus { bonus },
        ) => resolve(state, naval, bonus, log),
        (Step::Attack { target, .. }, OmahaAction::Attrition { unit }) => {
            attrition(state, target, unit, log)
        }
        _ => {}
    }
}

/// The prompt of an attack stage (spec 5.1: A-ATTACK, P-HERO-BONUS, P-ATTRITION).
pub fn prompt(state: &Omaha, target: HexId, stage: AttackStage) -> (&'static str, RuleId, String) {
    let hex = label(state, target);
    match stage {
        AttackStage::Participants => (
            "attack",
            WHO,
            format!(
                "Attack on {hex}: add attackers one unit or same-hex pair at a time, then declare, or go back (8.1, 8.13)."
            ),
        ),
        AttackStage::Naval => (
            "attack_naval",
            NAVAL_ATTACK,
            format!(
                "Attack on {hex}: use a Naval Gunfire marker ({} held; +9, NA, AR, DE) (8.51)?",
                state.naval_gunfire
            ),
        ),
        AttackStage::Confirm { naval } => (
            "attack_confirm",
            RESOLVE,
            format!(
                "Attack on {hex} by {} unit(s){}: resolve it, or go back (8.3)?",
                participants(state).len(),
                if naval { " with naval gunfire" } else { "" }
            ),
        ),
        AttackStage::HeroBonus { .. } => (
            "hero_bonus",
            HERO,
            format!(
                "Attack on {hex}: the Hero gives +1 strength, a wildcard weapon, or nothing (8.23, 11.13)?"
            ),
        ),
        AttackStage::Attrition => (
            "attrition",
            ATTRITION,
            format!(
                "Attack on {hex}: an adjacent attacker may lose a step to remove the depth marker (T6 possible attrition)."
            ),
        ),
    }
}

fn set_stage(state: &mut Omaha, stage: AttackStage) {
    if let Step::Attack {
        division,
        left,
        second,
        target,
        ..
    } = state.step
    {
        state.step = Step::Attack {
            division,
            left,
            second,
            target,
            stage,
        };
    }
}

fn label(state: &Omaha, hex: HexId) -> String {
    state.data.index.label(hex)
}

/// The name the log may show: "a German unit" while it is face-down.
fn german_name(state: &Omaha, g: GerId) -> String {
    match state.germans.get(usize::from(g)) {
        Some(x) if x.revealed => state.data.index.germans[usize::from(g)].name.clone(),
        _ => "a German unit".to_owned(),
    }
}

fn join(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    if let Some(u) = state.us.get_mut(usize::from(unit)) {
        u.flags.set(UsFlags::ATTACKING, true);
    }
    let name = state.name(unit).to_owned();
    log.public(SPEND, OmahaEvent::Note, || {
        format!("{name} joins the attack (8.1).")
    });
}

/// Back to the Action Phase; the participants' markers come off. `left`: the actions left
/// after the attack (None: as before it).
fn finish(state: &mut Omaha, left_after: Option<u8>) {
    for u in &mut state.us {
        u.flags.set(UsFlags::ATTACKING, false);
    }
    if let Step::Attack {
        division,
        left,
        second,
        ..
    } = state.step
    {
        state.step = Step::Actions {
            division,
            left: left_after.unwrap_or(left),
            second,
        };
    }
}

/// 8.13: the participants spend their actions; 8.16: the hex is marked; 8.3 step 1: the unit
/// is revealed; then P-HERO-BONUS or the table.
fn confirm(state: &mut Omaha, naval: bool, log: &mut OmahaLog) {
    let Step::Attack {
        division,
        left,
        second,
        target,
        ..
    } = state.step
    else {
        return;
    };
    let with = participants(state);
    let spent = cost(state, with.iter().copied());
    for &u in &with {
        state.us[usize::from(u)].flags.set(UsFlags::ACTED, true);
    }
    let left = left.saturating_sub(spent);
    state.step = Step::Attack {
        division,
        left,
        second,
        target,
        stage: AttackStage::Confirm { naval },
    };
    log.public(SPEND, OmahaEvent::Note, || {
        format!(
            "{} unit(s) attack; the attack costs {spent} action(s) (8.13, 7.21).",
            with.len()
        )
    });
    let turn = state.turn;
    state.attacked.retain(|&(t, _)| t == turn);
    state.attacked.push((turn, target));
    if naval {
        state.naval_gunfire = state.naval_gunfire.saturating_sub(1);
        log.public(NAVAL_ATTACK, OmahaEvent::Note, || {
            "A Naval Gunfire marker supports the attack: +9, NA, AR, DE (8.51).".to_owned()
        });
    }
    let Some(g) = german_at(state, target) else {
        finish(state, Some(left));
        return;
    };
    // 8.3 step 1: reveal the unit; its depth marker stays as it is.
    if !state.germans[usize::from(g)].revealed {
        // Invariant 5: the reveal is a barrier for undo (germans::reveal counts it).
        germans::reveal(state, g, log);
    }
    let hero = with.iter().any(|&u| {
        has_hero(state, u) && hex_of(state, u).is_some_and(|h| distance(state, h, target) == 1)
    });
    if hero {
        set_stage(state, AttackStage::HeroBonus { naval });
        return;
    }
    resolve(state, naval, HeroChoice::Nothing, log);
}

/// German required weapons of unit `g` (2.2.1), by the index's order of the roster.
fn unit_required(state: &Omaha, g: GerId) -> (Weapons, Option<GermanDivision>) {
    let roster = &state.data.german;
    let mut i = usize::from(g);
    if let Some(u) = roster.wn_units.get(i) {
        return (u.required.iter().copied().collect(), None);
    }
    i -= roster.wn_units.len();
    if i < roster.artillery.len() {
        return (Weapons::EMPTY, None);
    }
    i -= roster.artillery.len();
    if let Some(u) = roster.reinforcements.get(i) {
        return (u.required.iter().copied().collect(), Some(u.division));
    }
    i -= roster.reinforcements.len();
    roster.tanks.get(i).map_or((Weapons::EMPTY, None), |u| {
        (u.required.iter().copied().collect(), None)
    })
}

/// 8.3 steps 2–5 with 8.31 (pooling), 8.22, 8.24, 8.26, 8.27, 8.51, T5-ALG and T6.
fn resolve(state: &mut Omaha, naval: bool, hero: HeroChoice, log: &mut OmahaLog) {
    let Step::Attack { left, target, .. } = state.step else {
        return;
    };
    let with = participants(state);
    let Some(g) = german_at(state, target) else {
        finish(state, Some(left));
        return;
    };
    let index = &state.data.index;
    let pos = position_of(state, g);
    // 8.33, 12.24: LOC is determined at the moment of the attack.
    let had_loc = pos.is_some_and(|p| crate::control::german_loc(state, p));
    let mut us_strength: u16 = with.iter().map(|&u| u16::from(strength(state, u))).sum();
    let mut weapons = Weapons::EMPTY;
    let mut hexes: Vec<HexId> = Vec::new();
    let mut side_multipliers: Vec<Multipliers> = Vec::new();
    for &u in &with {
        let (Some(from), Some(k)) = (hex_of(state, u), kind(state, u)) else {
            continue;
        };
        let d = distance(state, from, target);
        let steps = state.us[usize::from(u)].steps;
        let printed = roster(state, u).map_or(&[][..], |r| printed_weapons(r, steps));
        weapons = weapons.union(unit_weapons(&Attacker {
            kind: k,
            full_strength: full_strength(state, u),
            printed,
            heavy: heavy(state, u),
            distance: u8::try_from(d).unwrap_or(u8::MAX),
            across_bluff_or_cliff: d == 1 && across_bluff_or_cliff(state, from, target),
            hq_command: commanded(state, u, true),
        }));
        if d == 1 {
            if !hexes.contains(&from) {
                hexes.push(from);
            }
            // T5-ALG (AMB-46): adjacent attackers across a permitted hexside; one firing
            // across a closed one does so at range (8.15, 8.26) and is left out.
            if let SideDefence::Allowed(m) = side_defence(state, from, target) {
                side_multipliers.push(m);
            }
        }
    }
    if naval {
        us_strength += u16::from(NAVAL_GUNFIRE_STRENGTH);
        weapons = weapons.union(NAVAL_GUNFIRE);
    }
    if hero == HeroChoice::Strength {
        us_strength += 1;
    }
    let non_adjacent_pair = hexes
        .iter()
        .enumerate()
        .any(|(i, &a)| hexes[i + 1..].iter().any(|&b| distance(state, a, b) != 1));
    let german_tank = index.germans[usize::from(g)].kind == GerKind::Tank;
    let feature = HexFeature::from_tags(state.data.map.tags(index.hexes[usize::from(target)].hex));
    let terrain = defence_multipliers(feature, &side_multipliers, german_tank);
    let (required, _) = unit_required(state, g);
    let depth = state.germans[usize::from(g)].depth.map(|d| {
        let marker = &state.data.german.depth_markers[usize::from(d)];
        (
            d,
            attack::Depth {
                counter: Counter {
                    strength: marker.strength,
                    required: marker.required.iter().copied().collect(),
                },
                revealed: state.depth[usize::from(d)].revealed,
                tactical_reinforcement: marker.tactical_reinforcement,
            },
        )
    });
    let outcome = attack::resolve(&attack::Attack {
        us_strength,
        weapons,
        hero_wildcard: hero == HeroChoice::Wildcard,
        attack_hexes: u8::try_from(hexes.len()).unwrap_or(u8::MAX),
        non_adjacent_pair,
        unit: Counter {
            strength: index.germans[usize::from(g)].strength,
            required,
        },
        depth: depth.map(|(_, d)| d),
        terrain,
        turn: state.turn,
    });
    let name = german_name(state, g);
    let where_ = label(state, target);
    let first = outcome.first;
    log.public(RESOLVE, OmahaEvent::Attacked { target }, || {
        format!(
            "Attack on {name} in {where_}: {us_strength} against {} (terrain ×{}/×{}); all weapons: {}; {:?}, {:?} → {:?} (8.3, T5, T6).",
            first.defence,
            terrain.unit,
            terrain.depth,
            if first.all_weapons { "yes" } else { "no" },
            first.comparison,
            first.composition,
            first.result
        )
    });
    let result = outcome.result;
    if let Some((d, info)) = depth
        && (outcome.second.is_some() || result == AttackResult::TacticalReinforcement)
    {
        // 8.3 step 5: the depth marker is revealed, and undo may not take the attack back.
        state.depth[usize::from(d)].revealed = true;
        state.flips += 1;
        let marker = state.data.german.depth_markers[usize::from(d)].id.clone();
        log.public(RESOLVE, OmahaEvent::Note, || {
            format!(
                "The depth marker is revealed: {marker} (strength {}) (8.3 step 5).",
                info.counter.strength
            )
        });
        if let Some(second) = outcome.second {
            log.public(RESOLVE, OmahaEvent::Note, || {
                format!(
                    "Compared again: {us_strength} against {}; all weapons: {}; {:?} → {:?} (8.3 step 5, T6).",
                    second.defence,
                    if second.all_weapons { "yes" } else { "no" },
                    second.comparison,
                    second.result
                )
            });
        }
    }
    let effects = result.effects();
    if effects.tactical_reinforcement {
        // T6 note (1), 9.4, AMB-16: the marker goes, the reinforcement enters, then the
        // attacked unit is defeated.
        remove_depth(state, g, ATTRITION, log);
        if let Some(p) = pos {
            germans::tactical_reinforcement(state, p, false, log);
        }
    }
    if effects.depth_eliminated {
        remove_depth(state, g, RESOLVE, log);
    }
    if effects.german_disrupted && !effects.german_defeated {
        state.germans[usize::from(g)].disrupted = true;
        let name = german_name(state, g);
        log.public(RESOLVE, OmahaEvent::Note, || {
            format!("{name} is disrupted (T6).")
        });
    }
    // 23.41: a German tank is always revealed; T6's "German hidden" leaves it face-up.
    let tank = state.data.index.germans.get(usize::from(g)).map(|x| x.kind) == Some(GerKind::Tank);
    if effects.german_hidden && !tank {
        state.germans[usize::from(g)].revealed = false;
        log.public(RESOLVE, OmahaEvent::Note, || {
            format!("{name} is flipped face-down again (German hidden, T6).")
        });
    }
    if effects.german_depth_added && !germans::add_depth_marker_to(state, g, log) {
        log.public(RESOLVE, OmahaEvent::Note, || {
            "German +1 depth: no marker is placed (no LOC or an empty box; 12.24, AMB-47)."
                .to_owned()
        });
    }
    if effects.us_disrupted {
        for &u in &with {
            state.disrupt(u, RESOLVE, log);
            // 7.7: disrupted in this Action Phase (the step is the attack's, not Actions).
            state.us[usize::from(u)]
                .flags
                .set(UsFlags::DISRUPTED_NEW, true);
        }
    }
    if effects.german_defeated {
        defeat(state, g, had_loc, log);
    }
    if effects.attrition_option
        && state.germans[usize::from(g)].depth.is_some()
        && !attrition_candidates(state, target).is_empty()
    {
        set_stage(state, AttackStage::Attrition);
        return;
    }
    finish(state, Some(left));
}

/// A depth marker is removed from play (T6 "depth eliminated", 8.33, T4, 8.52).
fn remove_depth(state: &mut Omaha, g: GerId, rule: RuleId, log: &mut OmahaLog) {
    let Some(d) = state
        .germans
        .get_mut(usize::from(g))
        .and_then(|x| x.depth.take())
    else {
        return;
    };
    state.depth[usize::from(d)].loc = DepthLoc::OutOfPlay;
    let revealed = state.depth[usize::from(d)].revealed;
    let marker = if revealed {
        state.data.german.depth_markers[usize::from(d)].id.clone()
    } else {
        "a face-down depth marker".to_owned()
    };
    log.public(rule, OmahaEvent::Note, || {
        format!("The depth marker ({marker}) is removed from play.")
    });
}

/// 8.33, 23.6: a defeated German unit retreats or is eliminated.
pub(crate) fn defeat(state: &mut Omaha, g: GerId, had_loc: bool, log: &mut OmahaLog) {
    remove_depth(state, g, RETREAT, log);
    let name = german_name(state, g);
    let kind = state.data.index.germans[usize::from(g)].kind;
    let (_, division) = unit_required(state, g);
    let (loc, text) = match kind {
        GerKind::Wn(_) => (
            GerLoc::Pool(GerPool::EliminatedWn),
            "is eliminated (to the eliminated-WN pool)",
        ),
        GerKind::Tactical | GerKind::Divisional | GerKind::Meyer
            if division == Some(GermanDivision::D352) && had_loc =>
        {
            (
                GerLoc::Pool(GerPool::Division),
                "retreats face-down into the Division Reinforcement box",
            )
        }
        GerKind::Tank => (GerLoc::OutOfPlay, "is removed, a tank never retreats"),
        _ => (GerLoc::OutOfPlay, "is eliminated"),
    };
    let x = &mut state.germans[usize::from(g)];
    x.loc = loc;
    x.disrupted = false;
    if loc == GerLoc::Pool(GerPool::Division) {
        x.revealed = false;
    }
    // 23.6: a defeated German tank never retreats.
    let rule = if kind == GerKind::Tank {
        crate::armor::US_ACTIONS
    } else {
        RETREAT
    };
    log.public(rule, OmahaEvent::Note, || {
        format!("German defeated: {name} {text} ({rule}).")
    });
}

/// T6 "possible attrition": attackers adjacent to the target.
fn attrition_candidates(state: &Omaha, target: HexId) -> Vec<UsId> {
    participants(state)
        .into_iter()
        .filter(|&u| hex_of(state, u).is_some_and(|h| distance(state, h, target) == 1))
        .collect()
}

/// P-ATTRITION answered.
fn attrition(state: &mut Omaha, target: HexId, unit: Option<UsId>, log: &mut OmahaLog) {
    if let Some(u) = unit {
        let name = state.name(u).to_owned();
        log.public(ATTRITION, OmahaEvent::Note, || {
            format!("Attrition: {name} gives a step to remove the depth marker (T6).")
        });
        state.lose_step(u, ATTRITION, log);
        if let Some(g) = german_at(state, target) {
            remove_depth(state, g, ATTRITION, log);
        }
    } else {
        log.public(ATTRITION, OmahaEvent::Note, || {
            "Attrition declined (T6).".to_owned()
        });
    }
    finish(state, None);
}

// ---- barrages -----------------------------------------------------------------------------

/// 8.4, 8.41, T4: a tank barrage.
fn barrage(state: &mut Omaha, unit: UsId, target: HexId, log: &mut OmahaLog) {
    let Step::Actions {
        division,
        left,
        second,
    } = state.step
    else {
        return;
    };
    let Some(g) = german_at(state, target) else {
        return;
    };
    let is_free = free(state, unit);
    state.us[usize::from(unit)].flags.set(UsFlags::ACTED, true);
    state.step = Step::Actions {
        division,
        left: if is_free {
            left
        } else {
            left.saturating_sub(1)
        },
        second,
    };
    let turn = state.turn;
    state.barraged.retain(|&(t, _)| t == turn);
    state.barraged.push((turn, target));
    let name = state.name(unit).to_owned();
    let where_ = label(state, target);
    // 17.3: artillery barrages by the same table and limits as tanks (8.4, 8.41).
    let rule = if kind(state, unit) == Some(UsKind::Tank) {
        BARRAGE
    } else {
        ARTILLERY_BARRAGE
    };
    log.public(rule, OmahaEvent::Barraged { target }, || {
        format!("{name} barrages {where_} ({}).", rule.0)
    });
    // 8.41: a new card for this barrage.
    let Some(card) = state.draw_card(DrawFor::Barrage, log) else {
        return;
    };
    let Some(fire) = state.data.card(card).and_then(|c| c.fire.clone()) else {
        return;
    };
    // T4: the target position's colour; a German tank's own (23).
    let colour = TargetField::of(state, g).and_then(|f| f.colour(state, g));
    // AMB-44: any icon of the colour, single or double.
    let colour_shown = fire.icons.iter().any(|i| Some(i.colour) == colour);
    let symbol_shown = state.data.index.us[usize::from(unit)].symbol == Some(fire.target);
    let has_depth = state.germans[usize::from(g)].depth.is_some();
    let result = barrage_result(colour_shown, symbol_shown, has_depth, strength(state, unit));
    let gname = german_name(state, g);
    log.public(BARRAGE, OmahaEvent::Note, || {
        format!(
            "Barrage (T4, AMB-43): colour {}, symbol {}, depth marker {}: {result:?}.",
            if colour_shown { "shown" } else { "not shown" },
            if symbol_shown { "shown" } else { "not shown" },
            if has_depth { "present" } else { "absent" },
        )
    });
    match result {
        BarrageResult::NoEffect => {}
        BarrageResult::Disrupted | BarrageResult::DisruptedAndDepthRemoved => {
            state.germans[usize::from(g)].disrupted = true;
            log.public(BARRAGE, OmahaEvent::Note, || {
                format!("{gname} is disrupted (T4).")
            });
            if result == BarrageResult::DisruptedAndDepthRemoved {
                remove_depth(state, g, BARRAGE, log);
            }
        }
    }
}

/// 8.52, 8.53: a naval barrage, a free action.
fn naval_barrage(state: &mut Omaha, target: HexId, log: &mut OmahaLog) {
    let Some(g) = german_at(state, target) else {
        return;
    };
    state.naval_gunfire = state.naval_gunfire.saturating_sub(1);
    let turn = state.turn;
    state.barraged.retain(|&(t, _)| t == turn);
    state.barraged.push((turn, target));
    state.germans[usize::from(g)].disrupted = true;
    let name = german_name(state, g);
    let where_ = label(state, target);
    log.public(NAVAL_BARRAGE, OmahaEvent::Barraged { target }, || {
        format!("Naval gunfire barrages {where_}: {name} is disrupted (8.52, 8.53).")
    });
    remove_depth(state, g, NAVAL_BARRAGE, log);
}

#[cfg(test)]
pub(crate) fn sides_for_test(state: &Omaha, a: HexId, b: HexId) -> Vec<Hexside> {
    sides(state, a, b).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::acceptance::play_random;
    use crate::state::OmahaOptions;

    /// 8.4's target list ([`german_hexes`], read back from bits in hex order) holds every hex
    /// with a German unit, in hex order, each with the unit [`german_at`] finds there, in every
    /// state of seeded random games; and again with German tanks (23) put on the map, one in a
    /// hex a position's unit holds and one in a hex of its own.
    #[test]
    fn rule_8_4_german_hexes_match_german_at_in_random_play() {
        let check = |state: &Omaha| {
            let expected: Vec<(HexId, GerId)> = (0..state.data.index.hexes.len())
                .filter_map(|h| {
                    let h = h as HexId;
                    german_at(state, h).map(|g| (h, g))
                })
                .collect();
            assert_eq!(german_hexes(state), expected);
        };
        let mut checked = 0;
        for seed in 0..4 {
            play_random("first-wave", &OmahaOptions::default(), seed, |state| {
                checked += 1;
                check(state);
                let tanks: Vec<usize> = (0..state.germans.len())
                    .filter(|&g| state.data.index.germans[g].kind == GerKind::Tank)
                    .collect();
                let held = german_hexes(state);
                if let ([first, second, ..], Some(&(hex, _))) = (tanks.as_slice(), held.first()) {
                    let mut armored = state.clone();
                    armored.germans[*first].loc = GerLoc::Hex(hex);
                    armored.germans[*second].loc = GerLoc::Hex(hex.saturating_add(1));
                    check(&armored);
                }
            });
        }
        assert!(checked > 500, "only {checked} states checked");
    }
}
