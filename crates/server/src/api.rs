//! The HTTP routes (docs/server-api.md). Handlers read the request, call `play`, and answer
//! JSON; every refusal is an [`ApiError`] with its status, code and reason.

use crate::app::App;
use crate::catalog::ScenarioMap;
use crate::errors::ApiError;
use crate::limits::{self, Client, Refusal};
use crate::play::{ActRequest, CreateRequest, UndoRequest};
use crate::seats;
use crate::store::{self, GameStatus};
use crate::{assets, imports, ws};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use std::net::SocketAddr;

/// Every route of the server: the API under `/api`, the web client everywhere else.
pub fn router(app: App) -> Router {
    let api = Router::new()
        .route("/api/catalog", get(catalog))
        .route("/api/catalog/{game}/map.svg", get(map_svg))
        .route("/api/catalog/{game}/board.json", get(board))
        .route("/api/catalog/{game}/rules", get(rules))
        .route("/api/games", get(list).post(create))
        .route(
            "/api/games/import",
            post(import).layer(DefaultBodyLimit::max(app.limits.record_bytes)),
        )
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/sight", get(sight))
        .route("/api/games/{id}/record", get(export))
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .merge(crate::workshop::routes())
        .route("/api/{*rest}", any(no_such_route))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(app.limits.body_bytes))
        .route_layer(middleware::from_fn_with_state(app.clone(), rate_limit));
    Router::new()
        .merge(api)
        .fallback(assets::serve)
        .layer(middleware::from_fn(secure_headers))
        .layer(middleware::from_fn_with_state(app.clone(), check_host))
        .layer(middleware::from_fn(log_request))
        .with_state(app)
}

/// What every answer carries so a browser keeps the pages to themselves: their scripts,
/// styles and connections only from this server, never framed by another site (clickjacking),
/// no type guessed from content, no address sent on to other sites.
async fn secure_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
             connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// Refuse a request for a host name this server does not answer to (`hosts`): a web page
/// whose name an attacker points at this machine (DNS rebinding) must not read it.
async fn check_host(State(app): State<App>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|value| value.to_str().ok());
    match (app.hosts.get(), host) {
        (Some(hosts), Some(host)) if !hosts.allows(host) => ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            "bad_host",
            format!(
                "this server does not answer to the name `{host}`; its operator can allow it \
                 with `overlord serve --allowed-host NAME`"
            ),
        )
        .into_response(),
        _ => next.run(request).await,
    }
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this route does not take that method; docs/server-api.md lists each route's",
    )
}

/// One line per request in the operator's log (`info`; a 5xx at `error`, after the line with
/// its cause): method, path, status, time taken. Never the query, which carries a WebSocket's
/// token, nor any header.
async fn log_request(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let address = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0.ip());
    let started = std::time::Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16();
    let took_ms = started.elapsed().as_secs_f64() * 1000.0;
    let address = address.map_or_else(String::new, |address| address.to_string());
    if response.status().is_server_error() {
        tracing::error!(%method, path, status, took_ms, address, "request failed");
    } else {
        tracing::info!(%method, path, status, took_ms, address, "request");
    }
    response
}

/// Who sent `request`, for the rate limiter.
pub fn client_of(
    app: &App,
    headers: &HeaderMap,
    request_address: Option<SocketAddr>,
    token: Option<&str>,
) -> Client {
    let token = token
        .map(str::to_owned)
        .or_else(|| seats::bearer_token(headers).ok().flatten());
    Client {
        token_hash: token.as_deref().map(seats::token_hash),
        address: limits::client_address(
            headers,
            request_address.map(|address| address.ip()),
            app.limits.trust_proxy,
        ),
    }
}

/// Charge one request to `client`'s bucket, or the 429 to answer. A token not yet known to be
/// a seat's is looked up only when its address has nothing left (`limits`).
pub async fn admit(app: &App, client: &Client) -> Result<(), ApiError> {
    match app.limiter.admit(client) {
        Ok(()) => Ok(()),
        Err(Refusal::Wait(wait)) => Err(wait),
        Err(Refusal::LookUp(wait)) => {
            let Some(hash) = client.token_hash.clone() else {
                return Err(wait);
            };
            let looked_up = hash.clone();
            let found = app
                .db
                .call(move |connection| store::game_of_token_hash(connection, &looked_up))
                .await
                .map_err(ApiError::storage)?;
            if found.is_none() {
                return Err(wait);
            }
            app.limiter.know_seat(&hash);
            match app.limiter.admit(client) {
                Ok(()) => Ok(()),
                Err(Refusal::Wait(wait) | Refusal::LookUp(wait)) => Err(wait),
            }
        }
    }
}

/// Slow down a client that sends too much: 429 once its bucket is empty.
async fn rate_limit(State(app): State<App>, request: Request, next: Next) -> Response {
    let address = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0);
    // The WebSocket's token is in its query (`?token=`): count it against that seat too.
    let query_token = request.uri().query().and_then(|query| {
        query
            .split('&')
            .find_map(|pair| pair.strip_prefix("token="))
            .map(str::to_owned)
    });
    let client = client_of(&app, request.headers(), address, query_token.as_deref());
    match admit(&app, &client).await {
        Ok(()) => next.run(request).await,
        Err(error) => error.into_response(),
    }
}

/// Read `body` to its end (at most `limit` bytes), keeping nothing.
async fn discard(body: axum::body::Body, limit: usize) {
    use http_body_util::BodyExt;
    let mut body = body;
    let mut read = 0;
    while read <= limit {
        match body.frame().await {
            Some(Ok(frame)) => read += frame.data_ref().map_or(0, Bytes::len),
            Some(Err(_)) | None => return,
        }
    }
}

/// The body, if it is JSON (415 otherwise). Requiring the JSON content type also keeps other
/// web sites out: a browser sends a cross-site `text/plain` POST without asking, but asks the
/// server first (and is refused) before one of type `application/json`.
fn json_body<E: Into<ApiError>>(
    headers: &HeaderMap,
    body: Result<Bytes, E>,
) -> Result<Bytes, ApiError> {
    let body = body.map_err(Into::into)?;
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    let essence = content_type.split(';').next().unwrap_or("").trim();
    if !essence.eq_ignore_ascii_case("application/json") {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "not_json",
            format!(
                "the body must be JSON sent as `Content-Type: application/json`, not `{}`",
                if content_type.is_empty() {
                    "(none)"
                } else {
                    content_type
                }
            ),
        ));
    }
    Ok(body)
}

/// The JSON body as `T`, or a 415, 400 (or 413) that says what is wrong with it.
pub(crate) fn parse_body<T: DeserializeOwned>(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    let body = json_body(headers, body)?;
    serde_json::from_slice(&body).map_err(|error| {
        ApiError::bad_request(
            "bad_json",
            format!("the body is not the JSON this call takes: {error} (see docs/server-api.md)"),
        )
    })
}

impl From<BytesRejection> for ApiError {
    fn from(rejection: BytesRejection) -> ApiError {
        body_rejection(rejection)
    }
}

fn body_rejection(rejection: BytesRejection) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            "the request body is over the server's limit for this call",
        )
    } else {
        ApiError::bad_request("bad_body", rejection.body_text())
    }
}

pub(crate) fn parse_query<T>(query: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    query
        .map(|Query(query)| query)
        .map_err(|rejection| ApiError::bad_request("bad_query", rejection.body_text()))
}

async fn no_such_route() -> ApiError {
    ApiError::not_found("no such API route; docs/server-api.md lists them")
}

async fn catalog(State(app): State<App>) -> Json<serde_json::Value> {
    Json(json!({ "games": app.catalog.games }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MapQuery {
    /// The scenario whose own map to draw, for a game whose scenarios assemble theirs.
    #[serde(default)]
    pub(crate) scenario: Option<String>,
}

/// A map drawn as SVG, as the answer.
pub(crate) fn svg_answer(svg: String) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("image/svg+xml"),
        )],
        svg,
    )
        .into_response()
}

async fn map_svg(
    State(app): State<App>,
    Path(game): Path<String>,
    query: Result<Query<MapQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let scenario = parse_query(query)?.scenario;
    let drawing = app.clone();
    let svg = tokio::task::spawn_blocking(move || draw_map(&drawing, &game, scenario.as_deref()))
        .await
        .map_err(|error| ApiError::internal(format!("drawing the map failed: {error}")))??;
    Ok(svg_answer(svg))
}

/// The map `map.svg` answers: `scenario`'s own for a game whose scenarios assemble theirs,
/// else the game's one map (a `scenario` the game has no use for is not an error: a client
/// may ask every game the same way).
fn draw_map(app: &App, game: &str, scenario: Option<&str>) -> Result<String, ApiError> {
    let no_map = || {
        ApiError::not_found(format!(
            "no map for `{game}`: the game is unknown, has no map, or its data does not load"
        ))
    };
    let one_map = || app.catalog.map_svg(&app.registry, game).ok_or_else(no_map);
    let Some(scenario) = scenario else {
        return one_map();
    };
    match app.catalog.scenario_map_svg(&app.registry, game, scenario) {
        None => Err(no_map()),
        Some(ScenarioMap::Shared) => one_map(),
        Some(ScenarioMap::Own(svg)) => Ok(svg),
        Some(ScenarioMap::Unknown(known)) => Err(ApiError::not_found(format!(
            "`{game}` has no scenario `{scenario}`; its scenarios are {} (GET /api/catalog \
             lists them)",
            known.join(", ")
        ))),
    }
}

async fn board(State(app): State<App>, Path(game): Path<String>) -> Result<Response, ApiError> {
    let reading = app.clone();
    let name = game.clone();
    let board =
        tokio::task::spawn_blocking(move || reading.catalog.board(&reading.registry, &name))
            .await
            .map_err(|error| ApiError::internal(format!("reading the board failed: {error}")))?;
    let board = board.ok_or_else(|| {
        ApiError::not_found(format!(
            "no board data for `{game}`: the game is unknown, needs none, or its data does not \
             load (run `overlord validate {game}`)"
        ))
    })?;
    Ok(Json(board).into_response())
}

async fn rules(State(app): State<App>, Path(game): Path<String>) -> Result<Response, ApiError> {
    match app.catalog.rules(&game) {
        None => Err(ApiError::not_found(format!(
            "no game called `{game}`; GET /api/catalog lists the games there are"
        ))),
        Some(Err(reason)) => Err(ApiError::not_found(reason)),
        Some(Ok(rules)) => Ok(Json(rules).into_response()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    /// `in_progress` (the default), `over`, or `all`.
    #[serde(default)]
    status: Option<String>,
}

async fn list(
    State(app): State<App>,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let status = match parse_query(query)?.status.as_deref() {
        None | Some("in_progress") => Some(GameStatus::InProgress),
        Some("over") => Some(GameStatus::Over),
        Some("all") => None,
        Some(other) => {
            return Err(ApiError::bad_request(
                "bad_query",
                format!("status `{other}` is not in_progress, over or all"),
            ));
        }
    };
    Ok(Json(json!({ "games": app.list(status).await? })))
}

/// The client address a request came from, as the rate limits read it.
fn address_of(
    app: &App,
    headers: &HeaderMap,
    connection: Option<&axum::Extension<ConnectInfo<SocketAddr>>>,
) -> Option<std::net::IpAddr> {
    limits::client_address(
        headers,
        connection.map(|info| info.0.0.ip()),
        app.limits.trust_proxy,
    )
}

async fn create(
    State(app): State<App>,
    connection: Option<axum::Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let request: CreateRequest = parse_body(&headers, body)?;
    app.limiter
        .admit_creation(address_of(&app, &headers, connection.as_ref()))?;
    Ok((StatusCode::CREATED, Json(app.create(request).await?)))
}

/// Read off the threads that answer requests, a few at once, within the values and actions a
/// record may hold (`imports`); replayed on a blocking thread too.
async fn import(
    State(app): State<App>,
    connection: Option<axum::Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Result<impl IntoResponse, ApiError> {
    app.limiter
        .admit_creation(address_of(&app, &headers, connection.as_ref()))?;
    // The leave comes before the body is read, so imports waiting their turn hold no memory.
    let Ok(_turn) = app.imports.clone().try_acquire_owned() else {
        // Read to its end, keeping nothing, so the client gets the answer rather than a
        // connection closed in the middle of what it sends.
        discard(body, app.limits.record_bytes).await;
        return Err(ApiError {
            retry_after_s: Some(5),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "the server is reading as many imports as it reads at once; try again in a few \
                 seconds",
            )
        });
    };
    let read = axum::body::to_bytes(body, app.limits.record_bytes)
        .await
        .map_err(|_| ApiError::too_large(app.limits.record_bytes));
    let body = json_body(&headers, read)?;
    let limits = app.limits;
    let request = tokio::task::spawn_blocking(move || imports::read(&body, &limits))
        .await
        .map_err(|error| ApiError::internal(format!("reading the record failed: {error}")))??;
    Ok((StatusCode::CREATED, Json(app.import(request).await?)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StateQuery {
    /// Log lines from this position on (0, the default, for the whole log).
    #[serde(default)]
    log_from: usize,
}

async fn state(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    query: Result<Query<StateQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let query = parse_query(query)?;
    let token = seats::bearer_token(&headers)?;
    Ok(Json(app.state(&id, token.as_deref(), query.log_from).await?).into_response())
}

async fn act(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let token = seats::bearer_token(&headers)?;
    let request: ActRequest = parse_body(&headers, body)?;
    Ok(Json(app.act(&id, token.as_deref(), request).await?).into_response())
}

async fn undo(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let token = seats::bearer_token(&headers)?;
    // Undo needs no body: an empty one is the same as `{}`.
    let empty = matches!(&body, Ok(bytes) if bytes.iter().all(u8::is_ascii_whitespace));
    let request: UndoRequest = if empty {
        UndoRequest::default()
    } else {
        parse_body(&headers, body)?
    };
    Ok(Json(app.undo(&id, token.as_deref(), request).await?).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HintQuery {
    /// The bot to ask (default: the rule bot).
    #[serde(default)]
    bot: Option<String>,
}

async fn hint(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    query: Result<Query<HintQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let query = parse_query(query)?;
    let token = seats::bearer_token(&headers)?;
    Ok(Json(
        app.hint(&id, token.as_deref(), query.bot.as_deref())
            .await?,
    )
    .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SightQuery {
    /// The unit looked from, by the id the game's anchors use; read here rather than by serde
    /// so that a missing or bad one is refused in words a person can act on.
    #[serde(default)]
    unit: Option<String>,
}

async fn sight(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    query: Result<Query<SightQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let query = parse_query(query)?;
    let unit = match query.unit.as_deref().map(str::trim) {
        None | Some("") => {
            return Err(ApiError::bad_request(
                "bad_query",
                "say which unit to look from: `?unit=N`, N the unit's id as the game's actions \
                 and views name it",
            ));
        }
        Some(text) => text.parse::<u32>().map_err(|_| {
            ApiError::bad_request(
                "bad_query",
                format!(
                    "`unit` must be a unit's id, a whole number from 0 as the game's actions \
                     and views name it, not `{text}`"
                ),
            )
        })?,
    };
    let token = seats::bearer_token(&headers)?;
    Ok(Json(app.sight(&id, token.as_deref(), unit).await?).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayQuery {
    /// Actions to replay (default: all of them).
    #[serde(default)]
    at: Option<usize>,
}

async fn replay(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    query: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let query = parse_query(query)?;
    let token = seats::bearer_token(&headers)?;
    Ok(Json(app.replay_frame(&id, token.as_deref(), query.at).await?).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExportQuery {
    /// Give the record of a game in progress although it tells what is hidden.
    #[serde(default)]
    reveal: bool,
}

async fn export(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    query: Result<Query<ExportQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let query = parse_query(query)?;
    let token = seats::bearer_token(&headers)?;
    let record = app.export(&id, token.as_deref(), query.reveal).await?;
    let disposition = format!("attachment; filename=\"overlord-{id}.json\"");
    let mut response = Json(record).into_response();
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
