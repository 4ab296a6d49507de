//! The browser client, embedded in the binary from the workspace's `web/` folder, so
//! `overlord serve` needs no build step and no files beside it. (In debug builds rust-embed
//! reads the folder from disk instead, so editing the client needs only a reload.)
//!
//! Any path that is not a file and has no extension (`/play/{id}`) gets `index.html`: the
//! client reads the game and the seat token from the address itself.

use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

/// The client's files; its tests (`e2e/` with its node packages, `test/`) stay out of the
/// binary.
#[derive(RustEmbed)]
#[folder = "../../web/"]
#[exclude = "e2e/*"]
#[exclude = "test/*"]
struct Web;

/// The file at `uri`, or the client's page for the client's own routes.
pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    if let Some(response) = file(path) {
        return response;
    }
    let last = path.rsplit('/').next().unwrap_or_default();
    if !last.contains('.')
        && let Some(response) = file("index.html")
    {
        return response;
    }
    (StatusCode::NOT_FOUND, format!("no file /{path} here")).into_response()
}

fn file(path: &str) -> Option<Response> {
    let file = Web::get(path)?;
    let mime = HeaderValue::from_str(file.metadata.mimetype()).ok()?;
    Some(
        (
            [
                (header::CONTENT_TYPE, mime),
                // The client changes with the binary; never keep a stale copy.
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            file.data.into_owned(),
        )
            .into_response(),
    )
}
