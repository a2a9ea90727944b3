//! The explorer page and its assets, compiled into the binary: no build step, no external
//! request (the Content-Security-Policy allows this origin only).

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../static/index.html");
const SCRIPT: &str = include_str!("../static/app.js");
const STYLE: &str = include_str!("../static/style.css");

fn asset(body: &'static str, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'; img-src 'self' data:"),
    );
    response
}

pub(crate) async fn index() -> Response {
    asset(INDEX, "text/html; charset=utf-8")
}

pub(crate) async fn script() -> Response {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

pub(crate) async fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}
