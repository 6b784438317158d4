//! The accept loop. It does what `axum::serve` does, plus a deadline for each request's headers
//! (hyper's `header_read_timeout`, which needs a timer that `axum::serve` does not set): a client
//! that trickles its headers in is cut off instead of holding a connection for ever. Bodies have
//! their own deadline, the request timeout of the router.

use std::{net::SocketAddr, time::Duration};

use axum::{Router, body::Body, extract::ConnectInfo, http::Request};
use hyper::body::Incoming;
use hyper_util::{
    rt::{TokioExecutor, TokioIo, TokioTimer},
    server::{conn::auto::Builder, graceful::GracefulShutdown},
    service::TowerToHyperService,
};
use tokio::net::TcpListener;
use tower::ServiceExt;

pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long requests in flight may take to finish once shutting down.
const DRAIN: Duration = Duration::from_secs(30);

pub async fn run(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT);
    loop {
        let (stream, addr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                // Out of file descriptors and the like: pause rather than spin.
                Err(err) => {
                    tracing::warn!(error = %err, "connection not accepted");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let service = app
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                request
                    .extensions_mut()
                    .insert(ConnectInfo::<SocketAddr>(addr));
                request.map(Body::new)
            });
        let connection = builder
            .serve_connection_with_upgrades(TokioIo::new(stream), TowerToHyperService::new(service))
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!(error = %err, "connection ended with an error");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("requests still running after {DRAIN:?}; stopping anyway");
    }
}
