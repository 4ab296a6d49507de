//! First Wave states for timing search: Action-Phase prompts (the commonest and widest
//! decisions) met in rule-bot games, one every 25 decisions. Shared by the IS-MCTS bench and the
//! `throughput` example.

use overlord_ai::{Bot, BotRng, RuleBot};
use overlord_engine::{Game, GameRng, Log, Status};
use overlord_omaha::state::Step;
use overlord_omaha::{Omaha, OmahaData};
use rand::SeedableRng;
use std::sync::Arc;

/// Action Phase states of rule-bot games, one every few decisions.
pub fn states(data: &Arc<OmahaData>) -> Vec<Omaha> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    let mut log = Log::disabled();
    for seed in 0..4 {
        let mut state = Omaha::setup(
            data,
            "first-wave",
            &Default::default(),
            GameRng::seeded(seed),
            &mut log,
        )
        .expect("setup");
        let mut rng = BotRng::seed_from_u64(seed);
        let mut step = 0;
        while let Status::ToAct(seat) = state.status() {
            state.legal_actions(&mut legal);
            if matches!(state.step(), Step::Actions { .. }) && legal.len() > 4 && step % 25 == 0 {
                out.push(state.clone());
            }
            let action = RuleBot
                .choose(&state, seat, &legal, &mut rng)
                .expect("action");
            let _ = state.apply_listed(action, &mut log).expect("legal");
            step += 1;
        }
    }
    out
}
