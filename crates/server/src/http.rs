//! The HTTP layer: routes, limits, and serving until a shutdown signal.

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use kpk_syzygy::Tablebases;
use serde::Deserialize;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::timeout::TimeoutLayer;

use crate::cache::Cache;
use crate::engine::{ClientAddr, Engine, EngineLimits, MAX_LINES};
use crate::page;
use crate::uci_host::UciProgram;
use kpk_answers::api::{self, ApiError};
use kpk_answers::routes;
use kpk_answers::view::View;

/// The server's bounds, and the engine beyond the tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Requests handled at once; more wait their turn (within the time limit).
    pub concurrency: usize,
    /// The longest a request may take, waiting included, before it is answered 408.
    pub request_time: Duration,
    /// The longest a connection may take to send a request's head (its request line and
    /// headers) before it is dropped: without it, clients that send half a request and wait
    /// hold their connections for ever, and a few of them can hold every one a machine allows.
    pub header_time: Duration,
    /// The most bytes of answers kept to answer a position asked again without probing
    /// (`/standard` and `/standard/mainline`; keys, bodies and a fixed allowance per entry);
    /// 0 keeps none.
    pub cache_bytes: usize,
    /// What the engine may do (`/engine`): per request, per client, in all.
    pub engine: EngineLimits,
    /// The UCI engine the operator chose to analyse beyond the tables (`--engine`), checked
    /// ([`UciProgram::check`]); `None`: the project's own engine.
    pub uci: Option<Arc<UciProgram>>,
}

impl Default for Limits {
    /// 64 requests at once, 5 seconds each, 5 seconds to send a request's head, 16 MiB of
    /// answers kept, the engine's defaults ([`EngineLimits::default`]).
    fn default() -> Limits {
        Limits {
            concurrency: 64,
            request_time: Duration::from_secs(5),
            header_time: Duration::from_secs(5),
            cache_bytes: 16 << 20,
            engine: EngineLimits::default(),
            uci: None,
        }
    }
}

/// The query of every API route.
#[derive(Deserialize)]
struct FenQuery {
    fen: Option<String>,
}

/// A JSON response with a status.
fn json_response(status: StatusCode, body: &impl serde::Serialize) -> Response {
    json_bytes(status, Bytes::from(serde_json::to_vec(body).unwrap_or_default()))
}

/// A response with a status and a body that is JSON text already.
fn json_bytes(status: StatusCode, body: Bytes) -> Response {
    let mut response = (status, body).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

fn error_response(e: &ApiError) -> Response {
    let status = StatusCode::from_u16(e.status).unwrap_or(StatusCode::BAD_REQUEST);
    json_response(status, &e.to_json())
}

/// The query of an API route, or the 400 that answers a malformed one.
fn read_query(query: Result<Query<FenQuery>, QueryRejection>) -> Result<FenQuery, ApiError> {
    query.map(|Query(q)| q).map_err(|e| ApiError::bad_request(format!("malformed query: {e}")))
}

/// Answers a cached route: the query read ([`read_query`]), then the body kept for `route`
/// and its FEN, or `respond`'s, kept for the next time.
fn cached(
    app: &Shared,
    route: &str,
    query: Result<Query<FenQuery>, QueryRejection>,
    respond: impl FnOnce(Option<&str>) -> Result<Vec<u8>, ApiError>,
) -> Response {
    let q = match read_query(query) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    let fen = q.fen.as_deref();
    // the route, a space, the FEN as asked (a request without one is not kept)
    let key = fen.map(|f| [route.as_bytes(), b" ", f.as_bytes()].concat());
    if let Some(body) = key.as_deref().and_then(|k| app.cache.get(k)) {
        return json_bytes(StatusCode::OK, body);
    }
    match respond(fen) {
        Ok(body) => {
            let body = Bytes::from(body);
            if let Some(k) = key {
                app.cache.insert(&k, body.clone());
            }
            json_bytes(StatusCode::OK, body)
        }
        Err(e) => error_response(&e),
    }
}

/// Answers an API route: the query read ([`read_query`]), then `respond` on its FEN.
fn answer<T: serde::Serialize>(
    query: Result<Query<FenQuery>, QueryRejection>,
    respond: impl FnOnce(Option<&str>) -> Result<T, ApiError>,
) -> Response {
    let q = match read_query(query) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    match respond(q.fen.as_deref()) {
        Ok(v) => json_bytes(StatusCode::OK, Bytes::from(to_bytes(&v))),
        Err(e) => error_response(&e),
    }
}

/// A typed answer's JSON text (the answers serialise infallibly: strings, numbers, booleans,
/// and maps with string keys).
fn to_bytes(answer: &impl serde::Serialize) -> Vec<u8> {
    serde_json::to_vec(answer).unwrap_or_else(|_| b"null".to_vec())
}

/// What every route shares: the tables it answers from (the embedded ones and the files
/// given), the answers already sent, and the engine.
struct Shared {
    tables: Arc<Tablebases>,
    cache: Cache,
    engine: Engine,
}

type App = State<Arc<Shared>>;

async fn standard(State(app): App, query: Result<Query<FenQuery>, QueryRejection>) -> Response {
    cached(&app, "/standard", query, |fen| api::standard_body(&app.tables, fen))
}

async fn standard_mainline(
    State(app): App,
    query: Result<Query<FenQuery>, QueryRejection>,
) -> Response {
    cached(&app, "/standard/mainline", query, |fen| {
        api::mainline_in(&app.tables, fen).map(|line| to_bytes(&line))
    })
}

async fn index(State(app): App, query: Result<Query<page::PageQuery>, QueryRejection>) -> Response {
    page::index(&app.tables, &query)
}

async fn kpk_map(query: Result<Query<FenQuery>, QueryRejection>) -> Response {
    answer(query, api::map)
}

async fn kpk_line(query: Result<Query<FenQuery>, QueryRejection>) -> Response {
    answer(query, api::line)
}

/// `/view?fen=`: what the analysis board shows of the position (the starting position without
/// a FEN); 400 with the view, its `error` said, for a FEN that does not read.
async fn view(State(app): App, query: Result<Query<FenQuery>, QueryRejection>) -> Response {
    let q = match read_query(query) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    let v = View::of(&app.tables, q.fen.as_deref());
    let status = if v.error.is_some() { StatusCode::BAD_REQUEST } else { StatusCode::OK };
    json_bytes(status, Bytes::from(to_bytes(&v)))
}

/// The query of `/engine`.
#[derive(Deserialize)]
struct EngineQuery {
    fen: Option<String>,
    movetime: Option<u64>,
    multipv: Option<u8>,
}

async fn engine(
    State(app): App,
    client: Option<Extension<ClientAddr>>,
    query: Result<Query<EngineQuery>, QueryRejection>,
) -> Response {
    let started = query
        .map_err(|e| ApiError::bad_request(format!("malformed query: {e}")))
        .and_then(|Query(q)| {
            let root = api::parse_position(q.fen.as_deref())?;
            let lines = q.multipv.unwrap_or(1);
            if !(1..=MAX_LINES).contains(&lines) {
                return Err(ApiError::bad_request(format!(
                    "multipv {lines}: the engine shows 1 to {MAX_LINES} lines"
                )));
            }
            let client = client.map(|Extension(ClientAddr(ip))| ip);
            app.engine.analyse(root, q.movetime, lines, client)
        });
    match started {
        Ok(body) => {
            let mut response = (StatusCode::OK, body).into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response
        }
        Err(e) => error_response(&e),
    }
}

async fn method_not_allowed() -> Response {
    error_response(&ApiError {
        status: 405,
        message: "method not allowed: every route answers GET only".into(),
    })
}

async fn not_found() -> Response {
    error_response(&ApiError {
        status: 404,
        message:
            "not found: the routes are /, /standard, /standard/mainline, /kpk/map, /kpk/line and /engine"
                .into(),
    })
}

/// A panic inside a handler becomes a 500 with a JSON error; the server keeps running.
fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    json_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        &ApiError { status: 500, message: "internal error".into() }.to_json(),
    )
}

/// The application with the embedded tables alone: [`router_with`].
pub fn router(limits: Limits) -> Router {
    router_with(limits, Arc::new(Tablebases::new()))
}

/// The application: the page and its assets, the API routes answering from `tables`, and the
/// limits (concurrency, time per request, panics caught).
pub fn router_with(limits: Limits, tables: Arc<Tablebases>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/page.js", get(page::script))
        .route("/page.css", get(page::style))
        .route(routes::STANDARD.path, get(standard))
        .route(routes::MAINLINE.path, get(standard_mainline))
        .route(routes::MAP.path, get(kpk_map))
        .route(routes::LINE.path, get(kpk_line))
        .route(routes::VIEW.path, get(view))
        .route(routes::ENGINE.path, get(engine))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(CatchPanicLayer::custom(panic_response))
        // one semaphore for every route (a layer on a router wraps each route apart), inside
        // the time limit, so that waiting for a turn counts against it
        .layer(GlobalConcurrencyLimitLayer::new(limits.concurrency))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, limits.request_time))
        .with_state(Arc::new(Shared {
            engine: Engine::new(limits.engine, Arc::clone(&tables), limits.uci),
            tables,
            cache: Cache::new(limits.cache_bytes),
        }))
}

/// Serves on `listener` until `shutdown` completes, then finishes the requests under way and
/// returns. Each connection speaks HTTP/1.1 and is dropped when a request's head takes longer
/// than [`Limits::header_time`] to arrive.
///
/// # Errors
/// None today: a failed `accept` (a client gone before it was accepted, or no file descriptor
/// left) is waited out and serving goes on, as a server must; the `Result` leaves room for
/// errors a caller should see.
pub async fn serve(
    listener: tokio::net::TcpListener,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with(listener, limits, Arc::new(Tablebases::new()), shutdown).await
}

/// [`serve`] answering from `tables` (the embedded tables and the Syzygy files added to them).
///
/// # Errors
/// As [`serve`].
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    limits: Limits,
    tables: Arc<Tablebases>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let header_time = limits.header_time;
    let app = router_with(limits, tables);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new()).header_read_timeout(header_time);
    let connections = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    wait_after_accept_error(&e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // each request knows its client's address (the engine's limit per client)
        let client = ClientAddr(peer.ip());
        let service = hyper_util::service::TowerToHyperService::new(tower::util::MapRequest::new(
            app.clone(),
            move |mut request: axum::extract::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(client);
                request
            },
        ));
        let connection = http.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
        let connection = connections.watch(connection);
        tokio::spawn(async move {
            // a client that goes away or breaks the protocol ends only its own connection
            let _ = connection.await;
        });
    }
    // the requests under way finish; a client that never reads its answers cannot hold the
    // process: after a few seconds the remaining connections are dropped
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, connections.shutdown()).await;
    Ok(())
}

/// How long a shutdown waits for the requests under way.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// After a failed `accept`: at once when only that client is gone; a moment when the process
/// is out of resources (file descriptors), so that the loop does not spin.
async fn wait_after_accept_error(e: &std::io::Error) {
    use std::io::ErrorKind;
    if !matches!(
        e.kind(),
        ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset | ErrorKind::ConnectionRefused
    ) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Binds `addr`, calls `ready` with the bound address (the port is known even when `addr`
/// asked for port 0), and serves `tables` until Ctrl-C (SIGINT) or SIGTERM, on a runtime of its
/// own: what `kpk serve` runs.
///
/// # Errors
/// A message when the runtime cannot start, the address cannot be bound, or serving fails.
pub fn run_until_signal(
    addr: &str,
    limits: Limits,
    tables: Tablebases,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        ready(local);
        serve_with(listener, limits, Arc::new(tables), shutdown_signal())
            .await
            .map_err(|e| format!("server error on {local}: {e}"))
    })
}

/// Completes on Ctrl-C, or on SIGTERM where there is one.
async fn shutdown_signal() {
    let interrupt = async {
        // if the handler cannot be installed, only SIGTERM (or the process's end) stops us
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}
