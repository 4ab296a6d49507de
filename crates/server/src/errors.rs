//! Every refusal the server gives: an HTTP status, a stable machine-readable code, and a reason
//! for people that says what to do next. The same value travels over the WebSocket.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use overlord_engine::{MatchError, RegistryError};
use serde::Serialize;

/// A request the server refused, or could not carry out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{reason}")]
pub struct ApiError {
    /// The HTTP status (also sent over the WebSocket, so clients handle both alike).
    #[serde(serialize_with = "serialize_status")]
    pub status: StatusCode,
    /// A stable code for programs (`not_your_turn`, `refused`, `bad_json`...).
    pub code: &'static str,
    /// What is wrong and what to do instead, for people.
    pub reason: String,
    /// The rule an illegal action breaks, when the game names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// For `too_many_requests`: seconds to wait before trying again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after_s: Option<u64>,
}

fn serialize_status<S: serde::Serializer>(status: &StatusCode, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u16(status.as_u16())
}

impl ApiError {
    /// A refusal with `status`, `code` and `reason`.
    pub fn new(status: StatusCode, code: &'static str, reason: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            reason: reason.into(),
            rule: None,
            retry_after_s: None,
        }
    }

    /// 400: the request cannot be read.
    pub fn bad_request(code: &'static str, reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, reason)
    }

    /// 401: the seat token is missing where one is needed, or unknown.
    pub fn unauthorized(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "bad_token", reason)
    }

    /// 403: the caller is known but may not do this.
    pub fn forbidden(code: &'static str, reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, code, reason)
    }

    /// 404: no such game.
    pub fn not_found(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", reason)
    }

    /// 409: the request is fine but the game is not in a state to take it.
    pub fn conflict(code: &'static str, reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, reason)
    }

    /// 413: the body is over the limit.
    pub fn too_large(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("the request body is over the server's limit of {limit} bytes"),
        )
    }

    /// 429: the caller is sending faster than the limit allows.
    pub fn too_many_requests(retry_after_s: u64) -> ApiError {
        ApiError {
            retry_after_s: Some(retry_after_s),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_requests",
                format!("too many requests; wait {retry_after_s} s and try again"),
            )
        }
    }

    /// 500: the server's own fault (its data, a bug); nothing the caller sent is wrong.
    pub fn internal(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", reason)
    }

    /// 503: the database could not store or read; the request had no effect.
    pub fn storage(error: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "storage",
            format!(
                "the server could not use its database ({error}); nothing was changed, try again"
            ),
        )
    }
}

impl From<MatchError> for ApiError {
    fn from(error: MatchError) -> ApiError {
        let reason = error.to_string();
        match error {
            MatchError::NotYourTurn { .. } => ApiError::conflict("not_your_turn", reason),
            MatchError::GameOver(_) => ApiError::conflict("game_over", reason),
            MatchError::Refused(refusal) => ApiError {
                rule: refusal.rule.map(|rule| rule.0.to_owned()),
                ..ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "refused", reason)
            },
            MatchError::BadAction(_) => ApiError::bad_request("bad_action", reason),
            MatchError::Script(_) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "script", reason)
            }
            MatchError::CannotUndo(_) => ApiError::conflict("cannot_undo", reason),
            MatchError::Setup(_) => ApiError::bad_request("setup", reason),
            MatchError::Record(_) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_record", reason)
            }
            MatchError::NoAdvice(_) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "no_advice", reason)
            }
        }
    }
}

impl From<RegistryError> for ApiError {
    fn from(error: RegistryError) -> ApiError {
        match error {
            RegistryError::UnknownGame(game) => ApiError::bad_request(
                "unknown_game",
                format!("no game called `{game}`; GET /api/catalog lists the games there are"),
            ),
            RegistryError::NotPlayable(game) => ApiError::conflict(
                "not_playable",
                format!("the rules of `{game}` are not playable yet: only its data can be drawn"),
            ),
            RegistryError::Data(errors) => {
                // The problems name files on the server: the operator's log has them.
                tracing::error!("a game's data does not load: {errors}");
                ApiError::internal(
                    "the server's game data does not load; its operator can see why with \
                     `overlord validate`",
                )
            }
            RegistryError::Options(reason) => {
                ApiError::bad_request("bad_options", format!("bad options: {reason}"))
            }
            RegistryError::Match(error) => error.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status;
        // The server's own faults go to the operator's log with their cause (the request's
        // line, `api::log_request`, says which request it was).
        if status.is_server_error() {
            tracing::error!(
                status = status.as_u16(),
                code = self.code,
                "{}",
                self.reason
            );
        }
        let retry_after = self.retry_after_s;
        let mut response = (status, axum::Json(self)).into_response();
        if let Some(seconds) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
