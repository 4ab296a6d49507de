//! What the game reports to batch simulation (`overlord sim ambush`): the soldiers each side
//! has lost, and at the end whether the mission was accomplished, its VP, the squad's dead,
//! wounded and captured, the Germans put out of the fight, and how often each of the mission's
//! sightings occurred (the paragraphs that record one: how far into the mission the squad got)
//! and how often each of its paragraphs was read.
//! The Germans still fighting at the end are the places that held out, by their card code.
//! A campaign (`--scenario campaign`) reports the missions played and accomplished and their
//! VP instead of the sightings, which differ from mission to mission.

use crate::data::weapons::Side;
use crate::state::{Ambush, Phase, Place, SoldierId};
use crate::tables::damage::Health;
use overlord_engine::Statistics;

impl Ambush {
    /// The mission's sightings (AMB-OPS-3), in order: those its paragraphs record.
    fn mission_sightings(&self) -> Vec<u8> {
        let mut sightings: Vec<u8> = self
            .mission()
            .paragraphs
            .iter()
            .filter_map(|paragraph| paragraph.get_ref().sighting)
            .collect();
        sightings.sort_unstable();
        sightings.dedup();
        sightings
    }

    /// The soldiers of `side` out of the fight (killed, incapacitated or captured).
    fn out_of_the_fight(&self, side: Side) -> u32 {
        self.soldiers
            .iter()
            .filter(|s| s.side == side && s.inactive())
            .count() as u32
    }
}

/// Whose losses the heat map shows (`Statistics::fallen_at`).
const FALLEN: &str = "US soldiers";

impl Statistics for Ambush {
    /// Soldiers out of the fight, each side, so far.
    fn losses(&self) -> Vec<(String, u32)> {
        vec![
            ("US".to_owned(), self.out_of_the_fight(Side::Us)),
            ("German".to_owned(), self.out_of_the_fight(Side::German)),
        ]
    }

    fn counters(&self) -> Vec<(String, i64)> {
        let us = |health: Health| {
            self.soldiers
                .iter()
                .filter(|s| s.side == Side::Us && s.health == health)
                .count() as i64
        };
        let accomplished = matches!(self.phase, Phase::Ended { success: true });
        let mut out = vec![
            ("mission accomplished".to_owned(), i64::from(accomplished)),
            ("VP".to_owned(), i64::from(self.vp)),
            ("US killed".to_owned(), us(Health::Killed)),
            ("US incapacitated".to_owned(), us(Health::Incapacitated)),
            ("US wounded".to_owned(), us(Health::Wounded)),
            (
                "US captured".to_owned(),
                self.soldiers
                    .iter()
                    .filter(|s| s.side == Side::Us && s.captured)
                    .count() as i64,
            ),
            (
                "Germans out of the fight".to_owned(),
                i64::from(self.out_of_the_fight(Side::German)),
            ),
        ];
        // A campaign's games end in different missions, whose sightings differ: it reports
        // how far the campaign got instead, the same names in every game.
        if let Some(campaign) = &self.campaign {
            let accomplished = campaign.results.iter().filter(|(success, _)| *success);
            out.push((
                "campaign missions played".to_owned(),
                campaign.results.len() as i64,
            ));
            out.push((
                "campaign missions accomplished".to_owned(),
                accomplished.count() as i64,
            ));
            out.push((
                "campaign VP".to_owned(),
                campaign.results.iter().map(|&(_, vp)| i64::from(vp)).sum(),
            ));
            return out;
        }
        for sighting in self.mission_sightings() {
            out.push((
                format!("sighting {sighting:02} occurred"),
                i64::from(self.sightings & (1 << sighting) != 0),
            ));
        }
        // AMB-OPS-3: every paragraph of the mission, read or not, so that a batch's means are
        // how often each is reached.
        let mut paragraphs: Vec<&str> = self
            .mission()
            .paragraphs
            .iter()
            .map(|p| p.get_ref().id.as_str())
            .collect();
        paragraphs.sort_unstable();
        for id in paragraphs {
            let read = crate::data::mission::paragraph_id(id)
                .is_ok_and(|n| self.paragraphs_read.binary_search(&n).is_ok());
            out.push((format!("paragraph {id} read"), i64::from(read)));
        }
        out
    }

    /// Where US soldiers were killed or incapacitated, by the hex each lies in (a soldier hit
    /// aboard a vehicle, the vehicle's hex). A campaign reports none: its games end on
    /// different maps.
    fn fallen_at(&self) -> Vec<(String, String)> {
        let Some(map) = self.mission().hexes.as_ref() else {
            return Vec::new();
        };
        if self.campaign.is_some() {
            return Vec::new();
        }
        self.soldiers
            .iter()
            .filter(|s| {
                s.side == Side::Us
                    && matches!(s.health, Health::Killed | Health::Incapacitated)
                    && !s.captured
            })
            .filter_map(|s| s.hex(&self.vehicles))
            .map(|hex| (FALLEN.to_owned(), map.label(hex)))
            .collect()
    }

    /// The mission map with where the squad fell shaded on it.
    fn heat_map(&self, whose: &str, counts: &[(String, u32)]) -> Option<String> {
        if whose != FALLEN || self.campaign.is_some() || self.mission().hexes.is_none() {
            return None;
        }
        Some(crate::picture::heat_svg(self.mission(), counts))
    }

    /// The Germans placed and still fighting, by their card's code: not out of the fight, not
    /// gone, and not surrendered (AMB-GER-5: he waits to be captured).
    fn holding_out(&self) -> Vec<String> {
        (0..self.soldiers.len() as u8)
            .map(SoldierId)
            .filter(|&id| {
                let s = self.soldier(id);
                s.side == Side::German
                    && !s.inactive()
                    && !s.surrendered
                    && !matches!(s.place, Place::OffMap | Place::Exited)
            })
            .map(|id| self.name(id))
            .collect()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::testkit::s1;

    /// A mission's figures for `overlord sim`: the same names in every game of it, each side's
    /// losses as its soldiers fall, the sightings as they occur.
    #[test]
    fn the_figures_follow_the_fallen_and_the_sightings() {
        let mut game = s1(&[]);
        let names = |game: &Ambush| -> Vec<String> {
            game.counters().into_iter().map(|(name, _)| name).collect()
        };
        let before = names(&game);
        assert!(before.iter().any(|name| name.starts_with("sighting ")));
        let counter = |game: &Ambush, name: &str| {
            game.counters()
                .into_iter()
                .find(|(n, _)| n == name)
                .map(|(_, value)| value)
                .unwrap()
        };
        assert_eq!(game.losses(), [("US".into(), 0), ("German".into(), 0)]);
        let us = (0..game.soldiers.len())
            .position(|i| game.soldiers[i].side == Side::Us)
            .unwrap();
        game.soldiers[us].health = Health::Killed;
        let german = (0..game.soldiers.len())
            .position(|i| game.soldiers[i].side == Side::German)
            .unwrap();
        game.soldiers[german].captured = true;
        assert_eq!(game.losses(), [("US".into(), 1), ("German".into(), 1)]);
        assert_eq!(counter(&game, "US killed"), 1);
        assert_eq!(counter(&game, "Germans out of the fight"), 1);
        let first = game.mission_sightings()[0];
        let name = format!("sighting {first:02} occurred");
        assert_eq!(counter(&game, &name), 0);
        game.sightings |= 1 << first;
        assert_eq!(counter(&game, &name), 1);
        assert_eq!(names(&game), before, "the same names whatever happened");
        assert_eq!(counter(&game, "mission accomplished"), 0);
        game.phase = Phase::Ended { success: true };
        assert_eq!(counter(&game, "mission accomplished"), 1);
    }

    /// A campaign's games end in different missions: the same names whatever the mission.
    #[test]
    fn a_campaign_reports_its_missions_with_the_same_names_in_every_game() {
        let data = std::sync::Arc::clone(&s1(&[]).data);
        let rng = overlord_engine::GameRng::seeded(1);
        let mut log = overlord_engine::Log::disabled();
        let mut game = <Ambush as overlord_engine::Game>::setup(
            &data,
            crate::CAMPAIGN,
            &Default::default(),
            rng,
            &mut log,
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        let names = |game: &Ambush| -> Vec<String> {
            game.counters().into_iter().map(|(name, _)| name).collect()
        };
        let first = names(&game);
        assert!(first.iter().all(|name| !name.starts_with("sighting")));
        let campaign = game.campaign.as_mut().unwrap();
        campaign.results = vec![(true, 3), (false, 1)];
        campaign.step = 2;
        let counter = |game: &Ambush, name: &str| {
            game.counters()
                .into_iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v)
        };
        assert_eq!(counter(&game, "campaign missions played"), Some(2));
        assert_eq!(counter(&game, "campaign missions accomplished"), Some(1));
        assert_eq!(counter(&game, "campaign VP"), Some(4));
        assert_eq!(names(&game), first);
        // Its games end on different maps: no heat map.
        let us = (0..game.soldiers.len())
            .position(|i| game.soldiers[i].side == Side::Us)
            .unwrap();
        game.soldiers[us].health = Health::Killed;
        game.soldiers[us].place = Place::Hex(crate::map::Hex(0));
        assert!(game.fallen_at().is_empty());
        assert!(game.heat_map(FALLEN, &[("0101".to_owned(), 1)]).is_none());
    }

    /// AMB-OPS-3: each paragraph the rules read is booked, and the figures give every paragraph
    /// of the mission, read or not: a sighting's paragraph read means its sighting occurred.
    #[test]
    fn amb_ops_3_every_paragraph_read_is_booked() {
        use overlord_engine::{Game, GameRng, Heuristics, Log, Status};
        use rand::SeedableRng;
        let data = crate::testkit::data();
        let mut read_in_some_game = false;
        for seed in 0..8 {
            let mut game = <Ambush as Game>::setup(
                &data,
                "M2",
                &Default::default(),
                GameRng::seeded(seed),
                &mut Log::disabled(),
            )
            .unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut legal = Vec::new();
            while let Status::ToAct(_) = game.status() {
                game.legal_actions(&mut legal);
                let action = game.rule_based_action(&legal, &mut rng).unwrap();
                let _ = game.apply(action, &mut Log::disabled()).unwrap();
            }
            read_in_some_game |= !game.paragraphs_read.is_empty();
            let counters = game.counters();
            for paragraph in &game.mission().paragraphs {
                let paragraph = paragraph.get_ref();
                let id = crate::data::mission::paragraph_id(&paragraph.id).unwrap();
                let read = game.paragraphs_read.contains(&id);
                let name = format!("paragraph {} read", paragraph.id);
                let counted = counters.iter().find(|(n, _)| *n == name).map(|&(_, v)| v);
                assert_eq!(counted, Some(i64::from(read)), "seed {seed}: {name}");
                if let (true, Some(n)) = (read, paragraph.sighting) {
                    assert!(game.sightings & (1 << n) != 0, "seed {seed}: sighting {n}");
                }
            }
        }
        assert!(read_in_some_game, "the rule bot reads a paragraph of M2");
    }

    /// Where the squad fell: the hex of each US soldier killed or incapacitated (not the
    /// wounded, not the captured, not the Germans), which the mission map shades.
    #[test]
    fn the_fallen_are_counted_where_they_lie() {
        let mut game = s1(&[]);
        assert!(game.fallen_at().is_empty());
        let us: Vec<usize> = (0..game.soldiers.len())
            .filter(|&i| game.soldiers[i].side == Side::Us)
            .take(4)
            .collect();
        let here = crate::testkit::hex(&game, "0303");
        let there = crate::testkit::hex(&game, "0404");
        for (&i, (health, hex)) in us.iter().zip([
            (Health::Killed, here),
            (Health::Incapacitated, here),
            (Health::Wounded, there),
            (Health::Killed, there),
        ]) {
            game.soldiers[i].health = health;
            game.soldiers[i].place = Place::Hex(hex);
        }
        game.soldiers[us[3]].captured = true;
        let german = (0..game.soldiers.len())
            .position(|i| game.soldiers[i].side == Side::German)
            .unwrap();
        game.soldiers[german].health = Health::Killed;
        game.soldiers[german].place = Place::Hex(there);
        let here = (FALLEN.to_owned(), "0303".to_owned());
        assert_eq!(game.fallen_at(), [here.clone(), here]);
        let svg = game.heat_map(FALLEN, &[("0303".to_owned(), 2)]).unwrap();
        assert!(
            svg.contains("2 US soldiers killed or incapacitated here"),
            "{svg}"
        );
    }

    #[test]
    fn the_germans_still_fighting_hold_out_by_their_code() {
        let mut game = s1(&[]);
        assert!(game.holding_out().is_empty(), "none placed yet");
        let german = (0..game.soldiers.len())
            .position(|i| game.soldiers[i].side == Side::German)
            .unwrap();
        let hex = crate::testkit::hex(&game, "0104");
        game.soldiers[german].place = Place::Hex(hex);
        assert_eq!(game.holding_out(), [game.name(SoldierId(german as u8))]);
        game.soldiers[german].surrendered = true;
        assert!(game.holding_out().is_empty(), "AMB-GER-5: surrendered");
        game.soldiers[german].surrendered = false;
        game.soldiers[german].health = Health::Killed;
        assert!(game.holding_out().is_empty());
    }
}
