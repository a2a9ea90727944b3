//! Any UCI engine the operator chooses (`kpk serve --engine PATH`, `--engine-option NAME=VALUE`)
//! analysing beyond the tables, behind the same `/engine` stream as the project's own engine:
//! one process per analysis, its output read by a [`UciReader`] (its `info` lines as iterations, a
//! line that reaches the tables scored by them, a mate they disprove written to the log), its
//! `bestmove` as the stream's last line.
//!
//! Only the operator names the program and its options: no request can. A program that
//! misbehaves never holds the server: it must say `uciok` and `readyok` within [`HANDSHAKE`], a
//! line longer than [`MAX_LINE`] bytes is dropped, a crash or an end of its output ends the
//! analysis with a line that says so, and an engine that does not answer `stop` with its
//! `bestmove` within [`HANDSHAKE`] is killed; the engine's process is ended (told to quit, else
//! killed, with every process it started) and reaped when its analysis ends, whatever ended
//! it.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use axum::body::Bytes;
use kpk_answers::analysis;
use kpk_answers::api::ErrorAnswer;
use kpk_answers::uci_info::{Reading, UciReader};
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::sync::mpsc;
use tokio::time::{Instant, timeout};

/// The longest an engine may take to say `uciok`, `readyok`, or its `bestmove` after `stop`.
pub const HANDSHAKE: Duration = Duration::from_secs(5);

/// The longest line read from an engine; a longer one is dropped whole.
pub const MAX_LINE: usize = 16 * 1024;

/// A UCI engine as the operator named it, checked: its program, its options, its `id name`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciProgram {
    /// The program.
    pub path: PathBuf,
    /// The options set before each analysis (`setoption name NAME value VALUE`).
    pub options: Vec<(String, String)>,
    /// The name it gives itself (`id name`), or the program's file name.
    pub name: String,
}

/// An engine process and its two ends.
struct Running {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// The line being read: kept here, so that a read given up (the time is up, the client went
    /// away) loses nothing of it.
    partial: Vec<u8>,
    /// The line being read is over [`MAX_LINE`]: it is read to its end and dropped.
    skipping: bool,
}

impl Running {
    fn start(path: &Path) -> Result<Running, String> {
        let mut command = Command::new(path);
        // a group of its own: whatever the engine starts (a wrapper script's real engine) is
        // ended with it
        #[cfg(unix)]
        command.process_group(0);
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("the engine {} cannot be started: {e}", path.display()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("the engine's input and output cannot be opened".to_string());
        };
        Ok(Running {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            partial: Vec::new(),
            skipping: false,
        })
    }

    async fn send(&mut self, line: &str) -> Result<(), String> {
        self.stdin
            .write_all(format!("{line}\n").as_bytes())
            .await
            .map_err(|_| "the engine stopped reading its input".to_string())
    }

    /// The engine's next line (`None` at the end of its output), a line over [`MAX_LINE`]
    /// bytes dropped. Safe to give up: what was read of a line stays for the next call.
    async fn line(&mut self) -> Option<String> {
        loop {
            let room = MAX_LINE.saturating_sub(self.partial.len()).max(1) as u64;
            let n =
                (&mut self.stdout).take(room).read_until(b'\n', &mut self.partial).await.ok()?;
            if n == 0 {
                return None;
            }
            if self.partial.ends_with(b"\n") {
                let line = String::from_utf8_lossy(&self.partial).trim_end().to_string();
                self.partial.clear();
                if std::mem::take(&mut self.skipping) {
                    continue; // the end of a line too long: dropped whole
                }
                return Some(line);
            }
            if self.partial.len() >= MAX_LINE {
                // too long: the rest of it is read and dropped
                self.partial.clear();
                self.skipping = true;
            }
        }
    }

    /// Reads lines until one starts with `word`, within `limit`: the lines before it, given to
    /// `each`; an error where the output ends or the time is up.
    async fn until(
        &mut self,
        word: &str,
        limit: Duration,
        mut each: impl FnMut(&str),
    ) -> Result<String, String> {
        let deadline = Instant::now() + limit;
        loop {
            match timeout(deadline.saturating_duration_since(Instant::now()), self.line()).await {
                Err(_) => {
                    return Err(format!(
                        "the engine did not say {word} within {} s",
                        limit.as_secs()
                    ));
                }
                Ok(None) => return Err(format!("the engine stopped before it said {word}")),
                Ok(Some(line)) if line.split_ascii_whitespace().next() == Some(word) => {
                    return Ok(line);
                }
                Ok(Some(line)) => each(&line),
            }
        }
    }

    /// Ends the engine: told to quit, given 200 ms to close its output, then its whole process
    /// group killed (what it started too) and the process reaped, so that none is left behind.
    async fn end(mut self) {
        let _ = self.send("quit").await;
        let _ = timeout(Duration::from_millis(200), async { while self.line().await.is_some() {} })
            .await;
        self.kill_group();
        let _ = self.child.kill().await;
        let _ = self.child.wait().await;
    }

    /// Kills the engine's process group (what it started too), while the engine is not yet
    /// reaped: its id (the group's) cannot have been reused.
    fn kill_group(&self) {
        #[cfg(unix)]
        if let Some(id) = self.child.id().and_then(|id| i32::try_from(id).ok()) {
            use nix::sys::signal::{Signal, killpg};
            let _ = killpg(nix::unistd::Pid::from_raw(id), Signal::SIGKILL);
        }
    }
}

impl Drop for Running {
    /// An analysis dropped before its end (the server shutting down mid-analysis): its whole
    /// group killed all the same (the process itself is killed on drop and reaped by tokio).
    fn drop(&mut self) {
        self.kill_group();
    }
}

impl UciProgram {
    /// Starts `path` once: it must answer `uci` with `uciok` (its `id name` read on the way)
    /// within [`HANDSHAKE`], then it is ended. The server refuses to start with an engine that
    /// does not.
    ///
    /// # Errors
    /// What is wrong, in words: the program cannot be started, or it does not speak UCI.
    pub async fn check(path: &Path, options: Vec<(String, String)>) -> Result<UciProgram, String> {
        let mut engine = Running::start(path)?;
        let mut name = None;
        let result = async {
            engine.send("uci").await?;
            engine
                .until("uciok", HANDSHAKE, |line| {
                    if let Some(rest) = line.strip_prefix("id name ") {
                        name = Some(rest.trim().to_string());
                    }
                })
                .await
        }
        .await;
        engine.end().await;
        result.map_err(|e| format!("{}: {e}", path.display()))?;
        let fallback =
            path.file_name().map_or_else(|| "engine".into(), |n| n.to_string_lossy().into_owned());
        Ok(UciProgram { path: path.to_path_buf(), options, name: name.unwrap_or(fallback) })
    }

    /// [`UciProgram::check`] for a caller outside an async runtime (the command line).
    ///
    /// # Errors
    /// As [`UciProgram::check`]; or no runtime could be started.
    pub fn check_blocking(
        path: &Path,
        options: Vec<(String, String)>,
    ) -> Result<UciProgram, String> {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start a runtime: {e}"))?
            .block_on(UciProgram::check(path, options))
    }

    /// Analyses `root` for `time` with `lines` lines per depth, sending each iteration, then the
    /// best move, into `tx`; stops (`stop`, then the kill) when `tx` closes (the client went
    /// away) or the time is up. A failure ends the stream with a line that says what happened.
    pub(crate) async fn analyse(
        &self,
        root: &Chess,
        time: Duration,
        lines: u8,
        tx: &mpsc::Sender<Bytes>,
    ) {
        let mut engine = match Running::start(&self.path) {
            Ok(e) => e,
            Err(e) => return fail(tx, &e).await,
        };
        let outcome = self.run(&mut engine, root, time, lines, tx).await;
        engine.end().await;
        match outcome {
            Ok(Some(last)) => last_line(tx, Bytes::from(last.to_line())).await,
            Ok(None) => {}
            Err(e) => fail(tx, &format!("{}: {e}", self.name)).await,
        }
    }

    async fn run(
        &self,
        engine: &mut Running,
        root: &Chess,
        time: Duration,
        lines: u8,
        tx: &mpsc::Sender<Bytes>,
    ) -> Result<Option<analysis::Done>, String> {
        engine.send("uci").await?;
        engine.until("uciok", HANDSHAKE, |_| {}).await?;
        for (name, value) in &self.options {
            engine.send(&format!("setoption name {name} value {value}")).await?;
        }
        engine
            .send(&format!("setoption name MultiPV value {}", lines.clamp(1, analysis::MAX_LINES)))
            .await?;
        engine.send("isready").await?;
        engine.until("readyok", HANDSHAKE, |_| {}).await?;
        let fen = Fen::from_position(root, EnPassantMode::Legal);
        engine.send(&format!("position fen {fen}")).await?;
        engine.send("go infinite").await?;
        let deadline = Instant::now() + time;
        let mut reader = UciReader::new(root.clone(), &self.name);
        // each contradiction written to the log once, not at every depth
        let mut logged = std::collections::HashSet::new();
        // once told to stop, the engine has HANDSHAKE to say its best move, however much it
        // says meanwhile
        let mut stopped: Option<Instant> = None;
        loop {
            // the engine's next line; or the time is up, or the client went away
            let event = if let Some(by) = stopped {
                match tokio::time::timeout_at(by, engine.line()).await {
                    Ok(line) => Event::Line(line),
                    Err(_) => {
                        return Err(format!(
                            "the engine did not stop within {} s of being told to: it was ended",
                            HANDSHAKE.as_secs()
                        ));
                    }
                }
            } else {
                tokio::select! {
                    line = engine.line() => Event::Line(line),
                    () = tokio::time::sleep_until(deadline) => Event::TimeUp,
                    () = tx.closed() => Event::Gone,
                }
            };
            let line = match event {
                Event::Line(Some(line)) => line,
                Event::Line(None) => return Err("the engine stopped unexpectedly".to_string()),
                Event::Gone => return Ok(None),
                Event::TimeUp => {
                    engine.send("stop").await?;
                    stopped = Some(Instant::now() + HANDSHAKE);
                    continue;
                }
            };
            match reader.read(&line) {
                Some(Reading::Line(it)) => {
                    if let Some(said) = it.tables.as_ref().and_then(|t| t.contradiction.as_ref())
                        && logged.insert(said.clone())
                    {
                        eprintln!("kpk serve: {said}");
                    }
                    // never wait for the client: a line it has no room for is dropped
                    if let Err(mpsc::error::TrySendError::Closed(_)) =
                        tx.try_send(Bytes::from(it.to_line()))
                    {
                        engine.send("stop").await?;
                        return Ok(None);
                    }
                }
                Some(Reading::Done(last)) => return Ok(Some(last)),
                None => {}
            }
        }
    }
}

/// What the analysis waits for.
enum Event {
    /// The engine's next line, or the end of its output.
    Line(Option<String>),
    /// The analysis's time is up.
    TimeUp,
    /// The client went away.
    Gone,
}

/// Ends the stream with `message` (and writes it to the server's log).
async fn fail(tx: &mpsc::Sender<Bytes>, message: &str) {
    eprintln!("kpk serve: {message}");
    let mut text =
        serde_json::to_vec(&ErrorAnswer { error: message.to_string() }).unwrap_or_default();
    text.push(b'\n');
    last_line(tx, Bytes::from(text)).await;
}

/// Sends the stream's last line, waiting (a little) for room where the client reads slowly:
/// the page must learn how the analysis ended.
async fn last_line(tx: &mpsc::Sender<Bytes>, line: Bytes) {
    let _ = timeout(HANDSHAKE, tx.send(line)).await;
}
