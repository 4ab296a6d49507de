//! The replay slider's frames: what a seat saw just after the `at`-th action of its game,
//! rebuilt by replaying the record's first `at` actions. A frame is built from the engine's
//! per-viewer calls only (`views::replay_state`), exactly as a live state is, so it tells the
//! seat nothing it was not shown at the time.

use crate::app::App;
use crate::errors::ApiError;
use crate::live::{Holder, hot_seat_view};
use crate::views::{ReplayState, ReplayedAction, header, replay_state};
use overlord_engine::{Status, Viewer};

impl App {
    /// The frame of game `id` after its first `at` actions (all of them when `None`) for the
    /// holder of `token` (a spectator without one).
    pub async fn replay_frame(
        &self,
        id: &str,
        token: Option<&str>,
        at: Option<usize>,
    ) -> Result<ReplayState, ApiError> {
        let game = self.lock_game(id).await?;
        let holder = self.holder(&game, token).await?;
        let bots = game.bot_seats();
        let mut record = game.record();
        let header = header(&game);
        let dir = self.data_dir_of(&game.row.game, game.row.workshop.as_deref());
        drop(game);
        let actions = record.actions.len();
        let at = at.unwrap_or(actions);
        if at > actions {
            return Err(ApiError::bad_request(
                "bad_query",
                format!("the game has {actions} actions: ask for `at` from 0 to {actions}"),
            ));
        }
        record.actions.truncate(at);
        let last = at
            .checked_sub(1)
            .and_then(|k| record.actions.pop().map(|a| (k, a)));
        let app = self.clone();
        tokio::task::spawn_blocking(move || {
            let entry = app.registry.get(&record.game)?;
            let broken = |error: String| {
                ApiError::internal(format!(
                    "game {} does not replay ({error}); export its record and report it",
                    header.id
                ))
            };
            let mut session = entry
                .replay(&dir, &record)
                .map_err(|error| broken(error.to_string()))?;
            // The hot seat sees each moment as it was shown then: as the seat of a person to
            // act after it (or the first seat of a person).
            let viewer = |session: &dyn overlord_engine::DynMatch| match holder {
                Holder::Spectator => Viewer::Spectator,
                Holder::Seat(seat) => Viewer::Seat(seat),
                Holder::HotSeat => Viewer::Seat(hot_seat_view(session.status(), &bots)),
            };
            // Whose choices the asker saw (and may read the label of): its own seat's, or
            // for the hot seat every seat of a person's.
            let chose = |seat: overlord_engine::Seat| match holder {
                Holder::Spectator => false,
                Holder::Seat(own) => own == seat,
                Holder::HotSeat => !bots.get(usize::from(seat.0)).copied().unwrap_or(false),
            };
            let last_action = match last {
                None => None,
                Some((index, action)) => {
                    let Status::ToAct(seat) = session.status() else {
                        return Err(broken(format!("action {index} comes after the end")));
                    };
                    // The label of the viewer's own choice, from the list it chose from; another
                    // seat's choices are not the viewer's to see.
                    let label = chose(seat)
                        .then(|| {
                            session
                                .legal_actions()
                                .into_iter()
                                .find(|legal| legal.action == action)
                                .map(|legal| legal.anchors.label)
                        })
                        .flatten();
                    session
                        .apply_json(seat, &action)
                        .map_err(|error| broken(format!("action {index}: {error}")))?;
                    Some(ReplayedAction {
                        seat: seat.0,
                        label,
                    })
                }
            };
            let viewer = viewer(session.as_ref());
            Ok(replay_state(
                session.as_ref(),
                header,
                viewer,
                actions,
                last_action,
            ))
        })
        .await
        .map_err(|error| ApiError::internal(format!("replaying the game failed: {error}")))?
    }
}
