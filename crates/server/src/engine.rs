//! `GET /engine?fen=FEN&movetime=MS&multipv=N`: the project's own engine (`kpk-search`, as
//! `kpk uci` plays) analysing any legal position, streamed as it thinks: one JSON object per line
//! for each line of each completed iteration (`depth`, `seldepth`, `multipv`, `nodes`,
//! `time_ms`, `tbhits`, the `score` in the Score crate's words, the principal variation as `pv`
//! of `uci` and `san`; [`kpk_answers::analysis`]), then a last line with `done: true` and the
//! `bestmove`. `multipv` (1 to [`MAX_LINES`], default 1) asks for that many lines per depth;
//! without `movetime` (or with 0) the engine thinks until the client goes away or the limit. Empty lines come between them, every quarter
//! second from the request on (readers skip them): writing one is how a client that went away
//! is noticed, waiting or searching, and its turn and slot given back. The search never waits
//! for a slow reader: a line it has no room for is dropped. A request that gets no turn within
//! [`EngineLimits::queue_time`] ends with a line `{"error": ...}` (the answer has begun: 200).
//!
//! Bounded per request: at most [`EngineLimits::max_time`] of thinking and a transposition
//! table of [`EngineLimits::table_mib`]. Limited: at most [`EngineLimits::per_client`]
//! analyses at once from one client address (more are answered 429), and at most
//! [`EngineLimits::searches`] searches at once in all, each on a blocking thread of its own, so
//! the tablebase routes keep the async workers. A search stops when its client goes away.
//! Positions the tables hold are answered from them at the root (the embedded tables for three
//! men, the Syzygy files given to the server beyond), as `kpk uci` answers them.
//!
//! With `--engine` ([`crate::UciProgram`], `uci_host`), the operator's UCI engine answers every
//! position instead, one process per analysis under the same turns and per-client limits, its
//! table and threads its own options (`--engine-option`); its lines carry its `id name`.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use kpk_answers::analysis::{self, Iteration, done};
use kpk_search::search::{Info, Limits, Searcher, Syzygy};
use kpk_syzygy::Tablebases;
use shakmaty::Chess;
use tokio::sync::{Semaphore, mpsc};

use kpk_answers::api::{ApiError, ErrorAnswer};

use crate::uci_host::UciProgram;

/// The most lines an analysis shows per depth (lichess's analysis board offers up to five).
pub use kpk_answers::analysis::MAX_LINES;

/// How often an empty line is sent while the engine thinks: a client that went away is
/// noticed when one cannot be written, and its search stopped.
const KEEPALIVE: Duration = Duration::from_millis(250);

/// The lines a stream holds for a client that reads slowly; beyond them an iteration's line is
/// dropped (the search never waits for a client: its time limit holds whatever the client does).
const CHANNEL_LINES: usize = 256;

/// Sends an empty line every [`KEEPALIVE`] until the client goes away.
async fn keep_alive(tx: mpsc::Sender<Bytes>) {
    loop {
        tokio::select! {
            () = tx.closed() => break,
            () = tokio::time::sleep(KEEPALIVE) => {
                // a full channel is a slow reader, not a closed one: skip this line
                if let Err(mpsc::error::TrySendError::Closed(_)) = tx.try_send(Bytes::from_static(b"\n")) {
                    break;
                }
            }
        }
    }
}

/// How much the engine may do for each request and in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineLimits {
    /// Searches running at once, for every client together; more wait their turn.
    pub searches: usize,
    /// Analyses one client address may have under way (waiting or searching) at once.
    pub per_client: usize,
    /// The longest a request may ask the engine to think (`movetime`, also its default: an
    /// analysis without one runs until its client goes away or this limit).
    pub max_time: Duration,
    /// The longest a request waits for its turn before it is told the engine is busy.
    pub queue_time: Duration,
    /// The transposition table of each search, in MiB.
    pub table_mib: usize,
}

impl Default for EngineLimits {
    /// [`EngineLimits::ANALYSES`] analyses per client (one per open tab of the page), as many
    /// searches at once (or one per core but one, where there are more), 120 seconds of
    /// thinking, 10 seconds in the queue, 16 MiB of table.
    fn default() -> EngineLimits {
        EngineLimits::per_client(usize::from(EngineLimits::ANALYSES))
    }
}

impl EngineLimits {
    /// The analyses one client may have at once by default: four tabs of the page, each
    /// analysing (the searches share the cores).
    pub const ANALYSES: u16 = 4;

    /// The defaults with `analyses` analyses at once per client, and searches enough for them
    /// (or one per core but one, where there are more cores).
    ///
    /// ```
    /// let limits = kpk_server::EngineLimits::per_client(6);
    /// assert_eq!(limits.per_client, 6);
    /// assert!(limits.searches >= 6);
    /// ```
    #[must_use]
    pub fn per_client(analyses: usize) -> EngineLimits {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let analyses = analyses.max(1);
        EngineLimits {
            searches: cores.saturating_sub(1).max(analyses),
            per_client: analyses,
            max_time: Duration::from_secs(120),
            queue_time: Duration::from_secs(10),
            table_mib: analysis::TABLE_MIB,
        }
    }
}

/// The address a request came from, put in its extensions by the server for each connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientAddr(pub IpAddr);

/// The engine's shared state: the limits, the searches' turns, each client's analyses.
pub(crate) struct Engine {
    limits: EngineLimits,
    turns: Arc<Semaphore>,
    clients: Arc<Mutex<HashMap<Option<IpAddr>, usize>>>,
    tables: Arc<Tablebases>,
    /// The operator's UCI engine, where one is chosen; else the project's own searches.
    uci: Option<Arc<UciProgram>>,
}

/// One analysis counted against its client while it lasts.
struct ClientSlot {
    clients: Arc<Mutex<HashMap<Option<IpAddr>, usize>>>,
    client: Option<IpAddr>,
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut clients = self.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = clients.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                clients.remove(&self.client);
            }
        }
    }
}

fn line_of(root: &Chess, info: &Info) -> Bytes {
    Bytes::from(Iteration::of(root, info).to_line())
}

/// The stream's last line: an error, or the end of the analysis.
fn last_line(value: &impl serde::Serialize) -> Bytes {
    let mut text = serde_json::to_vec(value).unwrap_or_default();
    text.push(b'\n');
    Bytes::from(text)
}

impl Engine {
    pub(crate) fn new(
        limits: EngineLimits,
        tables: Arc<Tablebases>,
        uci: Option<Arc<UciProgram>>,
    ) -> Engine {
        Engine {
            limits,
            turns: Arc::new(Semaphore::new(limits.searches.max(1))),
            clients: Arc::new(Mutex::new(HashMap::new())),
            tables,
            uci,
        }
    }

    /// Counts an analysis against `client`, or the 429 that refuses it.
    fn admit(&self, client: Option<IpAddr>) -> Result<ClientSlot, ApiError> {
        let mut clients = self.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = clients.entry(client).or_insert(0);
        if *n >= self.limits.per_client {
            return Err(ApiError {
                status: 429,
                message: format!(
                    "too many analyses: this client has {} under way (one per open tab), the most \
                     kpk serve allows (its --analyses); close a tab, or stop its engine",
                    *n
                ),
            });
        }
        *n += 1;
        Ok(ClientSlot { clients: Arc::clone(&self.clients), client })
    }

    /// Starts the analysis of `root` for `movetime` (capped at the limit) and answers the
    /// stream of its iterations; the 429 when the client has too many under way.
    pub(crate) fn analyse(
        &self,
        root: Chess,
        movetime: Option<u64>,
        lines: u8,
        client: Option<IpAddr>,
    ) -> Result<Body, ApiError> {
        let slot = self.admit(client)?;
        let max = self.limits.max_time;
        let time =
            movetime.filter(|&ms| ms > 0).map_or(max, |ms| Duration::from_millis(ms).min(max));
        let (tx, rx) = mpsc::channel::<Bytes>(CHANNEL_LINES);
        let turns = Arc::clone(&self.turns);
        let queue_time = self.limits.queue_time;
        let table_mib = self.limits.table_mib;
        let tables = Arc::clone(&self.tables);
        let uci = self.uci.clone();
        tokio::spawn(async move {
            // from the start, waiting included: an empty line now and then, since writing one is
            // how a closed connection is noticed; the search is stopped as soon as it is
            let watcher = tokio::spawn(keep_alive(tx.clone()));
            let permit = tokio::select! {
                waited = tokio::time::timeout(queue_time, turns.acquire_owned()) => match waited {
                    Ok(Ok(permit)) => permit,
                    _ => {
                        let busy = ErrorAnswer { error: format!("the engine is busy: no turn within {} s", queue_time.as_secs()) };
                        let _ = tx.try_send(last_line(&busy));
                        watcher.abort();
                        return;
                    }
                },
                () = tx.closed() => {
                    watcher.abort();
                    return; // the client went away while waiting: its slot is freed now
                }
            };
            // the operator's UCI engine, one process for this analysis, or the project's own
            if let Some(program) = uci {
                let _turn = permit;
                let _slot = slot;
                program.analyse(&root, time, lines, &tx).await;
                watcher.abort();
                return;
            }
            // the table is allocated off the async workers
            let Ok(searcher) =
                tokio::task::spawn_blocking(move || searcher(table_mib, tables, lines)).await
            else {
                watcher.abort();
                return;
            };
            let stop = searcher.stop_flag();
            let closed = tx.clone();
            let stopper = tokio::spawn(async move {
                closed.closed().await;
                stop.store(true, Ordering::Relaxed);
            });
            let _ = tokio::task::spawn_blocking(move || {
                let _turn = permit;
                let _slot = slot;
                search(searcher, &root, time, &tx);
            })
            .await;
            watcher.abort();
            stopper.abort();
        });
        let stream = futures_util::stream::unfold(rx, |mut rx| async move {
            rx.recv().await.map(|line| (Ok::<_, Infallible>(line), rx))
        });
        Ok(Body::from_stream(stream))
    }
}

/// A searcher as `kpk uci` plays: the tables at the root and below it, every selective piece,
/// the Syzygy files where the server has them; `lines` lines per depth.
fn searcher(table_mib: usize, tables: Arc<Tablebases>, lines: u8) -> Searcher {
    let mut searcher = Searcher::new(table_mib).with_options(analysis::options(lines));
    if tables.files().next().is_some() {
        searcher.set_syzygy(Some(Syzygy { tables, probe_limit: 7 }));
    }
    searcher
}

/// The search itself, on a blocking thread: each iteration sent as it completes, then the best
/// move; stopped when a line cannot be sent (the client went away).
fn search(mut searcher: Searcher, root: &Chess, time: Duration, tx: &mpsc::Sender<Bytes>) {
    let stop = searcher.stop_flag();
    let limits = Limits { time: Some(time), ..Limits::default() };
    let result = searcher.run(root, &[], limits, &mut |info| {
        // never wait for the client: a line it has no room for is dropped
        if let Err(mpsc::error::TrySendError::Closed(_)) = tx.try_send(line_of(root, info)) {
            stop.store(true, Ordering::Relaxed);
        }
    });
    // the search's deepest depth reached: nothing is left to search
    let complete = u32::from(result.depth) >= kpk_search::search::MAX_SEARCH_PLY;
    let _ = tx.try_send(last_line(&done(root, result.depth, result.best, result.score, complete)));
}
