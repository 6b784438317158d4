//! One open stream: what it sends first, and the loop that sends the rows it has not sent yet each
//! time it is woken, until the session ends or the server stops.

use std::{collections::VecDeque, convert::Infallible, time::Duration};

use axum::response::sse::Event;
use futures_util::{Stream, StreamExt, stream};
use sea_orm::{DbErr, EntityTrait};
use serde::Serialize;
use tokio::time::{Interval, MissedTickBehavior};
use utoipa::ToSchema;

use crate::{
    db::entities::sesion,
    ids,
    platform::live::{NoIds, Subscription, store},
    state::AppState,
};

/// Rows read at once; a stream far behind reads again at once for the rest.
const BATCH: u64 = 200;
/// Without a wake, a stream re-checks its session (and its rows) this often, and beats.
const CHECK_EVERY: Duration = Duration::from_secs(15);
/// Streams a user may hold open at once, on all instances together: every tab and device of a
/// family's day, with room to spare.
pub(super) const MAX_OPEN: u64 = 10;
/// A stream whose beat is older than this was left by an instance that died: it counts no more.
const ALIVE_FOR: chrono::Duration = chrono::Duration::seconds(60);

/// What the stream says of itself, beside the user's events; `event:` and `data:` as in a
/// `LiveEvent`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "event", content = "data")]
pub enum LiveSignal {
    /// First, without an id: the stream is open; `ultimo` is the user's last event number.
    #[serde(rename = "listo")]
    Ready(LiveReady),
    /// The events after the resume point are no longer all kept: reload what is shown. Its id is
    /// the user's last event number.
    #[serde(rename = "recargar")]
    Reload(NoIds),
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LiveReady {
    pub ultimo: i64,
}

impl LiveSignal {
    fn event(&self) -> Result<Event, DbErr> {
        let tagged = serde_json::to_value(self)
            .map_err(|e| DbErr::Custom(format!("a live signal's data: {e}")))?;
        let name = tagged["event"].as_str().unwrap_or_default();
        Ok(Event::default()
            .event(name)
            .data(tagged["data"].to_string()))
    }
}

/// The row that counts an open stream (`flujos_en_vivo`); dropping it, when the stream ends or
/// its client goes, takes the row away.
pub(super) struct Counted {
    state: AppState,
    id: String,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let (db, id) = (self.state.db.clone(), std::mem::take(&mut self.id));
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                if let Err(err) = store::close_stream(&db, &id).await {
                    tracing::warn!(error = %err, "an ended live stream stays counted until it goes stale");
                }
            });
        }
    }
}

/// Counts a new stream of the user's; None when they already hold `MAX_OPEN` (unless rate
/// limits are off, as for load benchmarks).
pub(super) async fn admit(state: &AppState, usuario_id: &str) -> Result<Option<Counted>, DbErr> {
    let id = ids::new_id();
    let now = chrono::Utc::now();
    let max = if state.config.rate_limits {
        MAX_OPEN
    } else {
        u64::MAX
    };
    let admitted =
        store::admit_stream(&state.db, &id, usuario_id, now, now - ALIVE_FOR, max).await?;
    Ok(admitted.then(|| Counted {
        state: state.clone(),
        id,
    }))
}

struct Reader {
    state: AppState,
    usuario_id: String,
    sesion_id: String,
    /// The last sequence sent.
    last: i64,
    subscription: Subscription,
    queue: VecDeque<Event>,
    check: Interval,
    counted: Counted,
}

/// Opens the caller's stream from `resume` (the last id the client got), or from now.
pub(super) async fn open(
    state: AppState,
    counted: Counted,
    usuario_id: String,
    sesion_id: String,
    resume: Option<i64>,
) -> Result<impl Stream<Item = Result<Event, Infallible>> + Send + 'static, DbErr> {
    // Before reading: an event committed from here on wakes the stream.
    let subscription = state.live.subscribe(&usuario_id);
    let current = store::last_seq(&state.db, &usuario_id).await?;
    let mut queue = VecDeque::from([LiveSignal::Ready(LiveReady { ultimo: current }).event()?]);
    let last = match resume {
        None => current,
        Some(asked) if asked == current => current,
        Some(asked) => {
            let first = store::first_kept(&state.db, &usuario_id).await?;
            // The events after `asked` are all there only if the oldest kept is at most the next.
            let complete = asked < current && first.is_some_and(|f| f <= asked + 1);
            if complete {
                asked
            } else {
                queue.push_back(
                    LiveSignal::Reload(NoIds {})
                        .event()?
                        .id(current.to_string()),
                );
                current
            }
        }
    };
    let mut check =
        tokio::time::interval_at(tokio::time::Instant::now() + CHECK_EVERY, CHECK_EVERY);
    check.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let reader = Reader {
        state: state.clone(),
        usuario_id,
        sesion_id,
        last,
        subscription,
        queue,
        check,
        counted,
    };
    Ok(stream::unfold(reader, Reader::next)
        .map(Ok)
        .take_until(state.live.stopped()))
}

impl Reader {
    async fn next(mut self) -> Option<(Event, Reader)> {
        loop {
            if let Some(event) = self.queue.pop_front() {
                return Some((event, self));
            }
            match self.read().await {
                Ok(true) => continue,
                Ok(false) => {}
                Err(err) => {
                    // The client reconnects with its Last-Event-ID and misses nothing.
                    tracing::warn!(error = %err, "live stream ended on a database error");
                    return None;
                }
            }
            tokio::select! {
                () = self.subscription.woken() => {}
                _ = self.check.tick() => {
                    let beat = store::beat_stream(&self.state.db, &self.counted.id, chrono::Utc::now());
                    if let Err(err) = beat.await {
                        tracing::warn!(error = %err, "live stream missed a beat");
                    }
                }
            }
            match self.session_alive().await {
                Ok(true) => {}
                Ok(false) => return None,
                Err(err) => {
                    tracing::warn!(error = %err, "live stream ended on a database error");
                    return None;
                }
            }
        }
    }

    /// Queues the rows after the last sent; false when there were none.
    async fn read(&mut self) -> Result<bool, DbErr> {
        let rows = store::events_after(&self.state.db, &self.usuario_id, self.last, BATCH).await?;
        for row in &rows {
            self.queue.push_back(
                Event::default()
                    .id(row.seq.to_string())
                    .event(&row.tipo)
                    .data(&row.datos),
            );
        }
        match rows.last() {
            Some(row) => {
                self.last = row.seq;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Signing out or a revoked session ends the stream.
    async fn session_alive(&self) -> Result<bool, DbErr> {
        Ok(sesion::Entity::find_by_id(self.sesion_id.clone())
            .one(&self.state.db)
            .await?
            .is_some_and(|s| s.usuario_id == self.usuario_id))
    }
}
