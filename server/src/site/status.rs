//! The live status page's payload (spec §2 System status, §3): every service probed for real,
//! the machine's memory and load, and the notices an operator publishes with `nido status`.

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use axum::extract::State;
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, sea_query::Condition,
};
use serde::Serialize;
use tokio::sync::Mutex;
use utoipa::ToSchema;

use super::entities::aviso;
use crate::{db::settings, error::ApiResult, request::Json, state::AppState};

/// Probes write, read and mail: a page polled by every visitor must not run them for each one.
const FRESH_FOR: Duration = Duration::from_secs(10);
/// A probe slower than this counts as degraded.
const SLOW: Duration = Duration::from_secs(1);
/// Resolved incidents stay on the page this long, so visitors see what happened.
const RESOLVED_SHOWN_FOR: chrono::Duration = chrono::Duration::days(7);
pub const HEARTBEAT_KEY: &str = "heartbeat_jobs";

/// From best to worst: the overall status is the worst of the services.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ServiceStatus {
    Operational,
    Maintenance,
    Degraded,
    PartialOutage,
    MajorOutage,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StatusAnswer {
    pub success: bool,
    pub data: StatusData,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusData {
    pub overall: Overall,
    pub services: Vec<Service>,
    pub metrics: Metrics,
    pub incidents: Vec<Incident>,
    pub scheduled_maintenance: Vec<Maintenance>,
    /// When these figures were measured.
    pub checked_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Overall {
    pub status: ServiceStatus,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Service {
    /// webApp, apiServices, database, emailService, notifications or fileStorage.
    pub name: String,
    pub status: ServiceStatus,
    /// Milliseconds the probe took.
    pub response_time: u64,
    pub last_checked: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Metrics {
    pub memory: Memory,
    pub cpu: Cpu,
    /// Seconds this server process has been running.
    pub uptime: u64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Memory {
    /// Megabytes in use on the machine.
    pub used: u64,
    /// Megabytes the machine has.
    pub total: u64,
    /// Used over total, in percent, one decimal.
    pub percentage: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Cpu {
    /// The one-minute load average.
    pub load: f64,
    pub cores: u32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Incident {
    pub id: String,
    pub title: String,
    pub description: String,
    /// When it began.
    pub timestamp: DateTime<Utc>,
    pub resolved_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Maintenance {
    pub id: String,
    pub title: String,
    pub description: String,
    pub scheduled_time: DateTime<Utc>,
    pub ends_at: Option<DateTime<Utc>>,
}

/// Remembers the last measurement, and when this process started.
#[derive(Clone)]
pub struct Monitor {
    started: Instant,
    last: Arc<Mutex<Option<(Instant, StatusData)>>>,
}

impl Default for Monitor {
    fn default() -> Self {
        Monitor {
            started: Instant::now(),
            last: Arc::default(),
        }
    }
}

/// The state of every service, the machine and the published notices.
#[utoipa::path(get, path = "/system/status", tag = "site",
    responses((status = 200, body = StatusAnswer)))]
pub async fn status(State(state): State<AppState>) -> ApiResult<Json<StatusAnswer>> {
    // One measurement at a time: visitors arriving meanwhile wait for it and share it.
    let mut last = state.part::<Monitor>().last.lock().await;
    if let Some((at, data)) = last.as_ref()
        && at.elapsed() < FRESH_FOR
    {
        return Ok(Json(StatusAnswer {
            success: true,
            data: data.clone(),
        }));
    }
    let data = measure(&state).await;
    *last = Some((Instant::now(), data.clone()));
    Ok(Json(StatusAnswer {
        success: true,
        data,
    }))
}

async fn measure(state: &AppState) -> StatusData {
    let now = Utc::now();
    let database = timed(async { state.db.execute_unprepared("SELECT 1").await.map(|_| ()) }).await;
    let storage = timed(storage_probe(state)).await;
    let mail = timed(state.mailer.probe()).await;
    let jobs = timed(jobs_probe(state)).await;
    let web = crate::platform::web_app::built();

    let api = if database.0 == ServiceStatus::Operational {
        ServiceStatus::Operational
    } else {
        // The process answers, but nothing that needs data can.
        ServiceStatus::PartialOutage
    };
    let services = vec![
        service("webApp", status_if(web), 0, now),
        // No mobile app exists yet (web/src/app/features.ts): the page lists none.
        service("apiServices", api, database.1, now),
        service("database", database.0, database.1, now),
        service("emailService", mail.0, mail.1, now),
        service("notifications", jobs.0, jobs.1, now),
        service("fileStorage", storage.0, storage.1, now),
    ];

    let (incidents, scheduled_maintenance) = notices(state, now).await.unwrap_or_default();
    let maintenance_now = scheduled_maintenance
        .iter()
        .any(|m| m.scheduled_time <= now && m.ends_at.is_none_or(|end| end > now));
    let worst = services
        .iter()
        .map(|s| s.status)
        .max()
        .unwrap_or(ServiceStatus::Operational);
    let overall = if maintenance_now {
        worst.max(ServiceStatus::Maintenance)
    } else {
        worst
    };

    StatusData {
        overall: Overall { status: overall },
        services,
        metrics: Metrics {
            memory: memory(),
            cpu: cpu(),
            uptime: state.part::<Monitor>().started.elapsed().as_secs(),
        },
        incidents,
        scheduled_maintenance,
        checked_at: now,
    }
}

fn service(name: &str, status: ServiceStatus, ms: u64, now: DateTime<Utc>) -> Service {
    Service {
        name: name.to_owned(),
        status,
        response_time: ms,
        last_checked: now,
    }
}

fn status_if(ok: bool) -> ServiceStatus {
    if ok {
        ServiceStatus::Operational
    } else {
        ServiceStatus::MajorOutage
    }
}

/// Runs a probe and grades it: failed is an outage, slow is degraded.
async fn timed<E: std::fmt::Display>(
    probe: impl Future<Output = Result<(), E>>,
) -> (ServiceStatus, u64) {
    let start = Instant::now();
    let result = tokio::time::timeout(Duration::from_secs(5), probe).await;
    let elapsed = start.elapsed();
    let ms = elapsed.as_millis().try_into().unwrap_or(u64::MAX);
    let status = match result {
        Ok(Ok(())) if elapsed < SLOW => ServiceStatus::Operational,
        Ok(Ok(())) => ServiceStatus::Degraded,
        Ok(Err(err)) => {
            tracing::warn!(error = %err, "status probe failed");
            ServiceStatus::MajorOutage
        }
        Err(_) => ServiceStatus::MajorOutage,
    };
    (status, ms)
}

async fn storage_probe(state: &AppState) -> anyhow::Result<()> {
    let key = format!("_status/probe-{}", uuid::Uuid::now_v7().simple());
    let payload = bytes::Bytes::from_static(b"probe");
    // Straight to the store, not through `files`: this probes the store alone, whatever the
    // database's state, and the five bytes are no one's data.
    state.storage.put(&key, payload.clone()).await?;
    let read = state.storage.get(&key).await?;
    state.storage.delete(&key).await?;
    anyhow::ensure!(read == Some(payload), "the probe file did not read back");
    Ok(())
}

/// The job runner writes a heartbeat every minute; an old one means jobs are not running.
async fn jobs_probe(state: &AppState) -> anyhow::Result<()> {
    let beat = settings::get(&state.db, HEARTBEAT_KEY)
        .await?
        .and_then(|v| DateTime::parse_from_rfc3339(&v).ok())
        .ok_or_else(|| anyhow::anyhow!("no heartbeat yet"))?;
    let age = Utc::now().signed_duration_since(beat);
    anyhow::ensure!(
        age < chrono::Duration::minutes(5),
        "the last heartbeat is {age} old"
    );
    Ok(())
}

/// Open incidents and those resolved lately; maintenance that is coming or under way.
async fn notices(
    state: &AppState,
    now: DateTime<Utc>,
) -> Result<(Vec<Incident>, Vec<Maintenance>), sea_orm::DbErr> {
    let rows = aviso::Entity::find()
        .filter(
            Condition::any()
                .add(aviso::Column::ResueltoAt.is_null())
                .add(aviso::Column::ResueltoAt.gt(now - RESOLVED_SHOWN_FOR)),
        )
        .order_by_desc(aviso::Column::Desde)
        .all(&state.db)
        .await?;
    let mut incidents = Vec::new();
    let mut maintenance = Vec::new();
    for row in rows {
        if row.tipo == aviso::MAINTENANCE {
            let over = row.resuelto_at.is_some() || row.hasta.is_some_and(|end| end <= now);
            if !over {
                maintenance.push(Maintenance {
                    id: row.id,
                    title: row.titulo,
                    description: row.descripcion,
                    scheduled_time: row.desde,
                    ends_at: row.hasta,
                });
            }
        } else {
            incidents.push(Incident {
                id: row.id,
                title: row.titulo,
                description: row.descripcion,
                timestamp: row.desde,
                resolved_at: row.resuelto_at,
            });
        }
    }
    maintenance.sort_by_key(|m| m.scheduled_time);
    Ok((incidents, maintenance))
}

/// Machine memory from /proc/meminfo (Linux); zeros elsewhere.
fn memory() -> Memory {
    let info = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let field = |name: &str| -> u64 {
        info.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|kb| kb.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let total_kb = field("MemTotal:");
    let used_kb = total_kb.saturating_sub(field("MemAvailable:"));
    let percentage = if total_kb == 0 {
        0.0
    } else {
        (used_kb as f64 * 1000.0 / total_kb as f64).round() / 10.0
    };
    Memory {
        used: used_kb / 1024,
        total: total_kb / 1024,
        percentage,
    }
}

/// The one-minute load average from /proc/loadavg (Linux) and the cores this process may use.
fn cpu() -> Cpu {
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or(0.0);
    let cores = std::thread::available_parallelism()
        .map(|n| u32::try_from(n.get()).unwrap_or(u32::MAX))
        .unwrap_or(1);
    Cpu { load, cores }
}
