//! The workshop's HTTP routes (docs/server-api.md, "Workshop"): each reads its request, does
//! the file work and the validating on a blocking thread, and answers JSON.

use super::{BalanceRequest, FILE_BYTES, FileRequest};
use crate::api::{MapQuery, parse_body, parse_query, svg_answer};
use crate::app::App;
use crate::errors::ApiError;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

/// The workshop's routes, added to the API's.
pub fn routes() -> Router<App> {
    // A file travels in JSON, its quotes and line ends escaped: room for that.
    let file_body = DefaultBodyLimit::max(FILE_BYTES * 2);
    Router::new()
        .route("/api/workshop/{game}", get(listing))
        .route("/api/workshop/{game}/authored/{file}", get(authored))
        .route("/api/workshop/{game}/check", post(check).layer(file_body))
        .route("/api/workshop/{game}/saved", post(save).layer(file_body))
        .route("/api/workshop/{game}/saved/{key}", get(saved))
        .route("/api/workshop/{game}/saved/{key}/file", get(download))
        .route("/api/workshop/{game}/saved/{key}/map.svg", get(map_svg))
        .route("/api/workshop/{game}/saved/{key}/board.json", get(board))
        .route("/api/workshop/{game}/saved/{key}/balance", post(balance))
}

/// Run `work` on a blocking thread: it reads and writes files and loads data.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| ApiError::internal(format!("the workshop failed: {error}")))?
}

async fn listing(State(app): State<App>, Path(game): Path<String>) -> Result<Response, ApiError> {
    let listing = blocking(move || app.workshop_listing(&game)).await?;
    Ok(Json(listing).into_response())
}

async fn authored(
    State(app): State<App>,
    Path((game, file)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let text = blocking(move || app.workshop_authored(&game, &file)).await?;
    Ok(toml_text(text, None))
}

async fn check(
    State(app): State<App>,
    Path(game): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: FileRequest = parse_body(&headers, body)?;
    let checked = blocking(move || app.workshop_check(&game, &request)).await?;
    Ok(Json(checked).into_response())
}

async fn save(
    State(app): State<App>,
    Path(game): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: FileRequest = parse_body(&headers, body)?;
    let saved = blocking(move || app.workshop_save(&game, &request)).await?;
    Ok((StatusCode::CREATED, Json(saved)).into_response())
}

async fn saved(
    State(app): State<App>,
    Path((game, key)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let saved = blocking(move || app.workshop_saved(&game, &key)).await?;
    Ok(Json(saved).into_response())
}

async fn download(
    State(app): State<App>,
    Path((game, key)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let saved = blocking(move || app.workshop_saved(&game, &key)).await?;
    let file = saved.saved.file.clone();
    Ok(toml_text(saved.text, Some(&file)))
}

/// A TOML file as text; with `download`, for the browser to save under that name (checked
/// when it was saved: letters, digits, `_`, `-`).
fn toml_text(text: String, download: Option<&str>) -> Response {
    let mut response = (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        )],
        text,
    )
        .into_response();
    if let Some(value) = download
        .and_then(|file| HeaderValue::from_str(&format!("attachment; filename=\"{file}\"")).ok())
    {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

async fn map_svg(
    State(app): State<App>,
    Path((game, key)): Path<(String, String)>,
    query: Result<Query<MapQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let scenario = parse_query(query)?.scenario;
    let svg = blocking(move || app.workshop_map(&game, &key, scenario.as_deref())).await?;
    Ok(svg_answer(svg))
}

async fn board(
    State(app): State<App>,
    Path((game, key)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let board = blocking(move || app.workshop_board(&game, &key)).await?;
    Ok(Json(board).into_response())
}

async fn balance(
    State(app): State<App>,
    Path((game, key)): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: BalanceRequest = parse_body(&headers, body)?;
    let permit = std::sync::Arc::clone(&app.balance)
        .try_acquire_owned()
        .map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "another balance batch is being played on this server; ask again when it is done",
            )
        })?;
    let balance = blocking(move || {
        let _permit = permit;
        app.workshop_balance(&game, &key, &request)
    })
    .await?;
    Ok(Json(balance).into_response())
}
