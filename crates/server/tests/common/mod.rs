//! What the server's loopback tests share: a server on a free port.

use std::net::SocketAddr;

use kpk_server::Limits;

/// A server with `limits` on a free loopback port, on a runtime of its own (two workers).
pub fn start(limits: Limits) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            kpk_server::serve(listener, limits, std::future::pending()).await.unwrap();
        });
    });
    rx.recv().unwrap()
}
