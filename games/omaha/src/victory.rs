//! Winning and losing (rule 13, Easy Fox, 20, 21.2, 22, T9): victory points at the end of turn 16
//! (13.2, 13.21, 13.22), the extended scenarios' first check (20.2) and final tally at the end of
//! turn 32 (20.3, 21.2), and the variants' VP modifiers (22). Catastrophic defeat (13.1, 13.11,
//! 13.12, 20.1) is checked at every step lost, in [`crate::effects`].

use crate::control::Control;
use crate::data::{OmahaData, Sector};
use crate::index::{HexId, PosId, PosKind};
use crate::state::{Omaha, UsLoc};
use overlord_engine::RuleId;

/// 13.2: victory points.
pub const VICTORY: RuleId = RuleId("13.2");
/// 13.21: draws.
pub const DRAWS: RuleId = RuleId("13.21");
/// Easy Fox: victory counted on the East half of the map.
pub const EASY_FOX: RuleId = RuleId("EASY-FOX");

/// 13.2: The First Wave is won with this many VP.
pub const FIRST_WAVE_VP: u16 = 19;
/// Easy Fox (T9): won with this many VP, East sector only.
pub const EASY_FOX_VP: u16 = 9;

/// What scored a victory-point item (13.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VpSource {
    /// A WN position: 1 VP, or 2 for a two-hex WN with both hexes controlled.
    Wn(PosId),
    /// A German reinforcement position, with or without the VP symbol: 1 VP.
    Reinforcement(PosId),
    /// A draw, by its index among the map's regions: 5 VP (13.21).
    Draw(usize),
}

/// One scoring item, with the rule that scores it, for the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VpItem {
    pub rule: RuleId,
    pub source: VpSource,
    pub vp: u8,
}

impl VpItem {
    /// "WN62: 2 VP (13.2)".
    pub fn describe(&self, data: &OmahaData) -> String {
        let name = match self.source {
            VpSource::Wn(p) | VpSource::Reinforcement(p) => data
                .index
                .positions
                .get(usize::from(p))
                .map_or("?", |p| p.name.as_str())
                .to_owned(),
            VpSource::Draw(r) => data
                .map
                .regions()
                .get(r)
                .map_or("?", |r| r.name.as_deref().unwrap_or(r.id.as_str()))
                .to_owned(),
        };
        format!("{name}: {} VP ({})", self.vp, self.rule.0)
    }
}

/// The victory points of a state and what scored them (13.2).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VpBreakdown {
    /// The scoring items, WNs first, then reinforcement positions, then draws.
    pub items: Vec<VpItem>,
    pub total: u16,
}

impl VpBreakdown {
    fn add(&mut self, rule: RuleId, source: VpSource, vp: u8) {
        self.items.push(VpItem { rule, source, vp });
        self.total = self.total.saturating_add(u16::from(vp));
    }
}

/// The draws of the map (13.21): each `draw-*` region with its hexes inland of the anti-tank
/// barrier, as (region index, hexes). Found once with the index (`find_draws`): victory
/// points are counted for every move the rule bot weighs.
pub fn draws(data: &OmahaData) -> &[(usize, Vec<HexId>)] {
    &data.index.draws
}

/// 13.2, 13.21, 13.22: the victory points. A WN position scores 1 VP if its hex is controlled
/// for VP (13.22); a two-hex WN scores 2 VP, and nothing unless both hexes are. A reinforcement
/// position scores 1 VP. A draw scores 5 VP if every one of its hexes inland of the anti-tank
/// barrier is controlled (13.21). A hex holding a German unit is never controlled.
///
/// With `east_only` (Easy Fox, AMB-61) only East-sector positions and draws lying wholly in the
/// East sector (E-1, E-3 on the shipped map) count.
pub fn victory_points(state: &Omaha, east_only: bool) -> VpBreakdown {
    let data = state.data();
    let index = &data.index;
    let control = Control::new(state);
    let counts = |sector: Sector| !east_only || sector == Sector::East;
    let mut out = VpBreakdown::default();
    let mut reinforcements = Vec::new();
    for (p, pos) in index.positions.iter().enumerate() {
        let Ok(p) = PosId::try_from(p) else { continue };
        if !counts(pos.sector) || pos.slots.is_empty() {
            continue;
        }
        let all = pos.slots.iter().all(|&s| {
            index
                .slots
                .get(usize::from(s))
                .is_some_and(|slot| control.vp_control(slot.hex))
        });
        if !all {
            continue;
        }
        match pos.kind {
            PosKind::Wn { .. } => {
                let vp = u8::try_from(pos.slots.len()).unwrap_or(u8::MAX);
                out.add(VICTORY, VpSource::Wn(p), vp);
            }
            PosKind::Reinforcement { .. } => reinforcements.push(p),
        }
    }
    for p in reinforcements {
        out.add(VICTORY, VpSource::Reinforcement(p), 1);
    }
    for &(region, ref hexes) in draws(data) {
        let east = hexes.iter().all(|&h| {
            index
                .hexes
                .get(usize::from(h))
                .is_some_and(|h| h.sector == Sector::East)
        });
        if east_only && !east {
            continue;
        }
        if !hexes.is_empty() && hexes.iter().all(|&h| control.vp_control(h)) {
            out.add(DRAWS, VpSource::Draw(region), 5);
        }
    }
    out
}

/// 13.2 / Easy Fox (T9): at the end of turn 16, whether the scenario is won, and the VP total.
/// The First Wave needs 19 VP on the whole map; Easy Fox needs 9 VP counting only the East
/// sector's positions and draws.
pub fn scenario_result(state: &Omaha, easy_fox: bool) -> (bool, u16) {
    let vp = victory_points(state, easy_fox).total;
    let needed = if easy_fox { EASY_FOX_VP } else { FIRST_WAVE_VP };
    (vp >= needed, vp)
}

/// 20.3: the final victory-point count of the extended game.
pub const FINAL_VP: RuleId = RuleId("20.3");
/// 20.2: the check at the end of turn 16 of D-Day at Omaha Beach.
pub const FIRST_CHECK: RuleId = RuleId("20.2");
/// 21.2: Beyond the Beach's levels.
pub const BTB_VICTORY: RuleId = RuleId("21.2");
/// 22: the VP modifiers of the optional variants.
pub const VARIANT_VP: RuleId = RuleId("22");

/// 20.3, AMB-29: whether the German obstacles of a draw (its index among the map's regions, as
/// [`draws`] gives it) are all cleared by an Engineer Base: every obstacle hexside and mined road
/// of the draw inside some base's range (19.3, 19.31): `engineer_bases::draw_cleared`.
pub type DrawCleared<'a> = &'a dyn Fn(&Omaha, usize) -> bool;

/// The [`DrawCleared`] test where no draw has its obstacles cleared (tests of the rest of 20.3).
pub fn no_engineer_bases(_state: &Omaha, _draw: usize) -> bool {
    false
}

/// 20.3 (T9 "20.3 VP"): count every item of the final tally from the state.
///
/// - road-side reinforcement positions: positions with the VP flag (AMB-65) whose every hex is
///   controlled for VP (13.22);
/// - draws opened (AMB-29): every hex of the draw inland of the anti-tank barrier controlled
///   for VP, and `draw_cleared` says engineers have cleared its obstacles;
/// - units on high ground: US units that are neither infantry (regular or Ranger) nor HQs, on a
///   high-ground hex; Generals are leaders, not units, and never count (▶ spec);
/// - exited steps: steps of tanks and regular infantry exited by a lettered exit hex to which a
///   US line of communication (12.3) can be traced now; an exited unit is off the map, so it
///   never also scores on high ground (AMB-32);
/// - Ranger steps exited by exit F or G, line of communication or not;
/// - WN hexes not controlled for VP (both hexes of a two-hex WN count, one by one);
/// - (19.3) a position holding a US Garrison counts as controlled, for both items above;
/// - German units in the Kampfgruppe Meyer box (its depth markers do not count).
pub fn final_tally(
    state: &Omaha,
    draw_cleared: DrawCleared<'_>,
) -> crate::tables::victory::FinalTally {
    use crate::data::UsKind;
    use crate::index::Ground;
    use crate::state::{GerLoc, GerPool};
    let data = state.data();
    let index = &data.index;
    let control = Control::new(state);
    let count = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    let all_controlled = |slots: &[crate::index::SlotId]| {
        !slots.is_empty()
            && slots.iter().all(|&s| {
                index
                    .slots
                    .get(usize::from(s))
                    .is_some_and(|slot| control.vp_control(slot.hex))
            })
    };
    // 19.3: a position holding a US Garrison scores as a controlled position.
    let garrisoned = |p: usize| crate::engineer_bases::garrisoned(state, p as PosId);
    let road_positions = count(
        index
            .positions
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p.kind, PosKind::Reinforcement { vp: true, .. }))
            .filter(|&(i, p)| garrisoned(i) || all_controlled(&p.slots))
            .count(),
    );
    let draws_opened = count(
        draws(data)
            .iter()
            .filter(|(region, hexes)| {
                !hexes.is_empty()
                    && hexes.iter().all(|&h| control.vp_control(h))
                    && draw_cleared(state, *region)
            })
            .count(),
    );
    let mut high_ground_units = 0u16;
    let mut exited_steps = 0u16;
    let mut ranger_steps_f_g = 0u16;
    for (u, info) in state.us.iter().zip(&index.us) {
        let Some(kind) = info.kind() else { continue }; // HQs and Generals
        match u.loc {
            UsLoc::Hex(h) => {
                let high = index
                    .hexes
                    .get(usize::from(h))
                    .is_some_and(|x| x.ground == Ground::High);
                if high && !kind.infantry() {
                    high_ground_units = high_ground_units.saturating_add(1);
                }
            }
            UsLoc::Exited(letter) => {
                let letter = char::from(letter);
                let steps = u16::from(u.steps);
                match kind {
                    UsKind::Tank | UsKind::Infantry => {
                        let loc = index.exit_hex(letter).is_some_and(|h| control.us_loc(h));
                        if loc {
                            exited_steps = exited_steps.saturating_add(steps);
                        }
                    }
                    UsKind::Ranger if matches!(letter, 'F' | 'G') => {
                        ranger_steps_f_g = ranger_steps_f_g.saturating_add(steps);
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    let mut wn_hexes: Vec<HexId> = index
        .positions
        .iter()
        .enumerate()
        .filter(|&(i, p)| matches!(p.kind, PosKind::Wn { .. }) && !garrisoned(i))
        .flat_map(|(_, p)| p.slots.iter())
        .filter_map(|&s| index.slots.get(usize::from(s)).map(|slot| slot.hex))
        .collect();
    wn_hexes.sort_unstable();
    wn_hexes.dedup();
    let uncontrolled_wn_hexes = count(wn_hexes.iter().filter(|&&h| !control.vp_control(h)).count());
    let kg_meyer_units = count(
        state
            .germans
            .iter()
            .filter(|g| g.loc == GerLoc::Pool(GerPool::Meyer))
            .count(),
    );
    crate::tables::victory::FinalTally {
        road_positions,
        draws_opened,
        high_ground_units,
        exited_steps,
        ranger_steps_f_g,
        uncontrolled_wn_hexes,
        kg_meyer_units,
    }
}

/// 22, 23.7: the variants of this game, as their VP modifiers see them (23.7: each German tank
/// that entered the map, even if later eliminated).
pub fn variants(state: &Omaha) -> crate::tables::victory::Variants {
    crate::tables::victory::Variants {
        bombardment_22_1: state.options.effective_bombardment,
        tanks_safe_22_2: state.options.first_wave_tanks_safe,
        rangers_pdh_22_3: state.options.rangers_reinforce_pointe_du_hoc,
        improved_reaction_22_4: state.options.improved_german_reaction,
        german_tanks_entered: crate::armor::vp(state),
    }
}

/// 22 (T9): the VP modifiers of the variants in play; 0 without variants.
pub fn variant_modifier(state: &Omaha) -> i16 {
    crate::tables::victory::variant_vp(&variants(state))
}

/// 20.2: D-Day at Omaha Beach at the end of turn 16: the 13.2 total, and what it decides. The
/// variant modifiers (22) wait for the end of the game: the seed adds them to the total "a fine
/// partita", and in this scenario that is the turn-32 tally (docs/omaha/interpretations.md).
pub(crate) fn turn_16_check(state: &Omaha) -> (crate::tables::victory::TurnSixteenCheck, i16) {
    let vp = i16::try_from(victory_points(state, false).total).unwrap_or(i16::MAX);
    (crate::tables::victory::turn_16_check(vp), vp)
}

/// 20.3, 21.2: the final level at the end of turn 32 of `scenario`: the 20.3 tally plus the
/// variant modifiers (22).
pub(crate) fn final_result(
    state: &Omaha,
    scenario: crate::tables::victory::ExtendedScenario,
    draw_cleared: DrawCleared<'_>,
) -> (
    crate::tables::victory::VictoryLevel,
    i16,
    crate::tables::victory::FinalTally,
) {
    let tally = final_tally(state, draw_cleared);
    let vp = tally.vp().saturating_add(variant_modifier(state));
    (crate::tables::victory::final_level(scenario, vp), vp, tally)
}

/// 20.2: at the end of turn 16 of D-Day at Omaha Beach, count the 13.2 VP (without the variant
/// modifiers, 22: they count at the end of the game) and end the game on 25+ (decisive
/// victory) or 10 or fewer (decisive defeat); `true` when the game ended.
pub(crate) fn end_turn_16(state: &mut Omaha, log: &mut crate::action::OmahaLog) -> bool {
    use crate::tables::victory::TurnSixteenCheck;
    let (check, vp) = turn_16_check(state);
    let note = if variant_modifier(state) != 0 {
        " (the variant modifiers count at the end of turn 32, 22)"
    } else {
        ""
    };
    if !check.ends_game() {
        log.public(FIRST_CHECK, crate::action::OmahaEvent::Note, || {
            format!("End of turn 16: {vp} VP{note}, 11-24: the battle goes on to turn 32 (20.2).")
        });
        return false;
    }
    let won = check == TurnSixteenCheck::DecisiveVictory;
    set_outcome(state, won, vp, FIRST_CHECK);
    log.public(FIRST_CHECK, crate::action::OmahaEvent::GameOver, || {
        if won {
            format!("End of turn 16: {vp} VP{note}, 25 or more: decisive US victory (20.2).")
        } else {
            format!("End of turn 16: {vp} VP{note}, 10 or fewer: decisive US defeat (20.2).")
        }
    });
    true
}

/// 20.3, 21.2: at the end of turn 32, the final tally and level; the game ends, won with a
/// tactical victory or better. `draw_cleared` is rule 19's test ([`DrawCleared`]).
pub(crate) fn end_turn_32(
    state: &mut Omaha,
    scenario: crate::tables::victory::ExtendedScenario,
    draw_cleared: DrawCleared<'_>,
    log: &mut crate::action::OmahaLog,
) {
    use crate::tables::victory::ExtendedScenario;
    let (level, vp, tally) = final_result(state, scenario, draw_cleared);
    let modifier = variant_modifier(state);
    let rule = match scenario {
        ExtendedScenario::DDayAtOmahaBeach => FINAL_VP,
        ExtendedScenario::BeyondTheBeach => BTB_VICTORY,
    };
    set_outcome(state, level.is_win(), vp, rule);
    log.public(rule, crate::action::OmahaEvent::GameOver, || {
        format!(
            "End of turn 32 (20.3): {} road-side positions, {} draws opened (x4), {} units on high ground, {} exited steps, {} Ranger steps out by F or G, -{} WN hexes not held, -{} units in the KG Meyer box{}: {vp} VP, {} ({}).",
            tally.road_positions,
            tally.draws_opened,
            tally.high_ground_units,
            tally.exited_steps,
            tally.ranger_steps_f_g,
            tally.uncontrolled_wn_hexes,
            tally.kg_meyer_units,
            if modifier != 0 {
                format!(", variants {modifier:+} (22)")
            } else {
                String::new()
            },
            level.name(),
            rule.0
        )
    });
}

fn set_outcome(state: &mut Omaha, won: bool, vp: i16, rule: RuleId) {
    let winners = if won {
        crate::seats::all(state)
    } else {
        overlord_engine::SeatSet::EMPTY
    };
    state.outcome = Some(overlord_engine::Outcome::shared(
        crate::seats::count(state),
        winners,
        false,
        i32::from(vp),
        rule,
    ));
    state.step = crate::state::Step::Over;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::tests::{empty, german, infantry, position};
    use crate::index::GerKind;

    // ---- 13.2, 13.21, 13.22: victory points (T-13.2).

    fn wn(k: GerKind) -> bool {
        matches!(k, GerKind::Wn(_))
    }

    #[test]
    fn rule_13_2_two_hex_wn_all_or_nothing() {
        let mut s = empty(16);
        let wn62 = position(&s, "WN62");
        infantry(&mut s, "0812", 1);
        let vp = victory_points(&s, false);
        assert!(
            !vp.items.iter().any(|i| i.source == VpSource::Wn(wn62)),
            "one hex of two: 0 VP"
        );
        assert_eq!(vp.total, 0);
        infantry(&mut s, "0912", 1);
        let vp = victory_points(&s, false);
        let item = vp
            .items
            .iter()
            .find(|i| i.source == VpSource::Wn(wn62))
            .expect("WN62 scores");
        assert_eq!((item.vp, item.rule), (2, VICTORY));
        assert_eq!(vp.total, 2);
        assert_eq!(item.describe(s.data()), "WN62: 2 VP (13.2)");
    }

    #[test]
    fn rule_13_2_german_held_position_never_controlled() {
        let mut s = empty(16);
        infantry(&mut s, "0812", 1);
        infantry(&mut s, "0912", 1);
        german(&mut s, "WN62S", None, wn);
        assert_eq!(victory_points(&s, false).total, 0);
    }

    #[test]
    fn rule_13_2_one_hex_wn_and_reinforcement_position() {
        let mut s = empty(16);
        infantry(&mut s, "1222", 1); // WN67
        infantry(&mut s, "1113", 1); // C1
        let vp = victory_points(&s, false);
        assert_eq!(vp.total, 2);
        assert!(vp.items.contains(&VpItem {
            rule: VICTORY,
            source: VpSource::Wn(position(&s, "WN67")),
            vp: 1
        }));
        assert!(vp.items.contains(&VpItem {
            rule: VICTORY,
            source: VpSource::Reinforcement(position(&s, "C1")),
            vp: 1
        }));
    }

    #[test]
    fn rule_13_21_draw_five_vp() {
        // E-3 inland of the barrier: 0910, 0911, 1010, 1011, 1110, 1210. Companies on the draw
        // floor in 1010 and 1210 occupy or control all six.
        let mut s = empty(16);
        infantry(&mut s, "1010", 2);
        let partial = victory_points(&s, false);
        assert!(
            !partial
                .items
                .iter()
                .any(|i| matches!(i.source, VpSource::Draw(_))),
            "1210 uncontrolled"
        );
        infantry(&mut s, "1210", 2);
        let vp = victory_points(&s, false);
        let draw = vp
            .items
            .iter()
            .find(|i| matches!(i.source, VpSource::Draw(_)))
            .expect("E-3 scores");
        assert_eq!((draw.vp, draw.rule), (5, DRAWS));
        assert!(draw.describe(s.data()).starts_with("Draw E-3"));
        assert_eq!(vp.total, 5);
        // A German fire field over one inland hex (13.22) undoes it.
        let p = position(&s, "WN61");
        let e3 = draws(s.data())
            .iter()
            .find(|(r, _)| s.data().map.regions()[*r].id == "draw-E3")
            .expect("E-3")
            .1
            .clone();
        let covers = e3.iter().any(|&h| {
            s.data().index.hexes[usize::from(h)]
                .fire
                .iter()
                .any(|&(q, _)| q == p)
        });
        assert!(covers, "WN61's field reaches into E-3");
        german(&mut s, "WN61", None, wn);
        assert!(
            !victory_points(&s, false)
                .items
                .iter()
                .any(|i| matches!(i.source, VpSource::Draw(_)))
        );
    }

    /// Put 1-step companies (own hex only) on the first `n` reinforcement positions of `sector`.
    fn hold_positions(s: &mut Omaha, sector: Sector, n: usize) {
        let labels: Vec<String> = s
            .data
            .index
            .positions
            .iter()
            .filter(|p| matches!(p.kind, PosKind::Reinforcement { .. }) && p.sector == sector)
            .take(n)
            .map(|p| {
                s.data.index.hexes[usize::from(s.data.index.slots[usize::from(p.slots[0])].hex)]
                    .label
                    .to_string()
            })
            .collect();
        assert_eq!(labels.len(), n);
        for label in labels {
            infantry(s, &label, 1);
        }
    }

    #[test]
    fn t_13_2_first_wave_nineteen_wins_eighteen_loses() {
        let mut s = empty(16);
        hold_positions(&mut s, Sector::East, 10);
        hold_positions(&mut s, Sector::West, 8);
        assert_eq!(scenario_result(&s, false), (false, 18));
        // One more reinforcement position.
        let mut s2 = empty(16);
        hold_positions(&mut s2, Sector::East, 11);
        hold_positions(&mut s2, Sector::West, 8);
        assert_eq!(scenario_result(&s2, false), (true, 19));
    }

    #[test]
    fn easy_fox_nine_vp_east_only() {
        let mut s = empty(16);
        hold_positions(&mut s, Sector::East, 8);
        hold_positions(&mut s, Sector::West, 6);
        assert_eq!(victory_points(&s, false).total, 14);
        assert_eq!(
            scenario_result(&s, true),
            (false, 8),
            "West positions do not count"
        );
        let mut s = empty(16);
        hold_positions(&mut s, Sector::East, 9);
        assert_eq!(scenario_result(&s, true), (true, 9));
    }

    #[test]
    fn amb_61_easy_fox_counts_east_draws_only() {
        // D-3 (West) inland of the barrier: 0923, 0924, 1023, 1024, 1123. A company in 1023
        // controls 1024, 0923 and 1123 too; a 1-step one holds 0924.
        let mut s = empty(16);
        infantry(&mut s, "1023", 2);
        infantry(&mut s, "0924", 1);
        let all = victory_points(&s, false);
        assert!(
            all.items
                .iter()
                .any(|i| matches!(i.source, VpSource::Draw(_)) && i.vp == 5),
            "D-3 scores in The First Wave"
        );
        assert!(
            !victory_points(&s, true)
                .items
                .iter()
                .any(|i| matches!(i.source, VpSource::Draw(_))),
            "not in Easy Fox"
        );
        // E-3 (East) counts in Easy Fox.
        let mut s = empty(16);
        infantry(&mut s, "1010", 2);
        infantry(&mut s, "1210", 2);
        assert_eq!(victory_points(&s, true).total, 5);
    }

    #[test]
    fn rule_13_2_draws_are_the_four_of_the_map() {
        let s = empty(16);
        let ids: Vec<String> = draws(s.data())
            .iter()
            .map(|(r, _)| s.data().map.regions()[*r].id.clone())
            .collect();
        assert_eq!(ids.len(), 4, "{ids:?}");
        assert!(draws(s.data()).iter().all(|(_, hexes)| !hexes.is_empty()));
    }

    /// 4.2, 13.2: the late turns under random play. Random play almost always ends in a
    /// catastrophe (13.1) by turn 10, so here every reduced regular infantry company is given
    /// its steps back after each action: the games then run through turns 10-16 (the events,
    /// the High tide, drowning at the end of turn 16) to the victory check, without a panic, a
    /// stall or a broken invariant.
    #[test]
    fn late_turns_play_through_to_the_13_2_victory_check() {
        use overlord_engine::{Game, Status};
        let mut checked = 0;
        for seed in 0..12u64 {
            let data = crate::acceptance::data();
            let state = crate::acceptance::play_random(
                "first-wave",
                &crate::state::OmahaOptions::default(),
                seed,
                |state| {
                    for (u, info) in state.us.iter_mut().zip(&data.index.us) {
                        if info.regular_infantry() && u.steps >= 1 {
                            u.steps = info.steps;
                        }
                    }
                },
            );
            let Status::Over(outcome) = state.status() else {
                unreachable!("the loop ends when the game does")
            };
            if outcome.rule == crate::turn::VICTORY {
                assert_eq!(
                    state.turn, 16,
                    "seed {seed}: the victory check comes on turn 16"
                );
                checked += 1;
            }
        }
        assert!(
            checked >= 6,
            "only {checked} of 12 games reached the 13.2 check"
        );
    }
}
