//! The contract between the shell and the domains. Work that spans domains (a user's export, an
//! account's or a family's erasure, the files that rows point at, the counters of the profile hub)
//! asks every domain through this trait instead of reaching into another domain's tables. Each
//! domain fills in what concerns it; `lib.rs` lists the domains, so adding one is a folder plus a
//! line there. See docs/architecture.md.

use std::sync::OnceLock;

use async_trait::async_trait;
use chrono::{DateTime, NaiveTime, Utc, Weekday};
use futures_util::future::BoxFuture;
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DatabaseExecutor, DatabaseTransaction, DbErr,
    sea_query::SelectStatement,
};
use utoipa_axum::router::OpenApiRouter;

use crate::{
    db::entities::usuario,
    error::ApiResult,
    ids::{ChildId, FamilyId, UserId},
    platform::{
        changes::Forget,
        jobs::{Job, Periodic},
        live::Wake,
    },
    state::{AppState, Parts},
};

/// What a job does, given the state: periodic work, or a one-off job's handler with its row.
pub type Work = fn(AppState) -> BoxFuture<'static, anyhow::Result<()>>;
pub type Handler = fn(AppState, Job) -> BoxFuture<'static, anyhow::Result<()>>;

/// A file in a user's export: its path in the archive and what it holds.
pub struct ExportFile {
    pub path: String,
    pub content: ExportContent,
}

pub enum ExportContent {
    /// Bytes made for the export (JSON, say).
    Bytes(Vec<u8>),
    /// A stored file, by its key: decrypted into the archive a chunk at a time when the archive
    /// is written, so an export holds at most one chunk of the stored files in memory. A file
    /// that is gone by then is left out.
    Stored(String),
}

/// Something a domain puts on a family's calendar from its own records (a child's activity or
/// medical appointment). The calendar expands it with its own recurrence and shows it in the
/// month, the feed and "Today" beside the family's events, marked with where it lives
/// (`origin`), so that it is changed there: the record stays its one source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarItem {
    pub origin: CalendarOrigin,
    /// May be empty (an appointment with no kind of visit): the reader names it then.
    pub titulo: String,
    /// The calendar's own `tipo` and `categoria` for it (`actividad`, `medico`...).
    pub tipo: &'static str,
    pub categoria: &'static str,
    pub lugar: Option<String>,
    pub notas: Option<String>,
    /// The children it concerns.
    pub hijos: Vec<String>,
    pub when: CalendarWhen,
}

crate::closed_set! {
    /// What a calendar item that is not a family event is, in its own domain.
    pub enum OriginKind {
        /// A child's activity.
        Activity = "actividad",
        /// A child's medical appointment.
        Appointment = "turno",
    }
}

/// Where a calendar item lives: its kind, the child it belongs to, its id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarOrigin {
    pub tipo: OriginKind,
    pub hijo_id: String,
    pub id: String,
}

/// When a calendar item happens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CalendarWhen {
    /// Every week on `days`, in the family's time zone, from the day of `since` on: from the
    /// first to the second wall-clock time (the second left out: an hour), or all day without
    /// hours.
    Weekly {
        since: DateTime<Utc>,
        days: Vec<Weekday>,
        hours: Option<(NaiveTime, Option<NaiveTime>)>,
    },
    /// Once, from `at`, for `minutes`.
    Once { at: DateTime<Utc>, minutes: i64 },
}

#[async_trait]
pub trait Domain: Send + Sync {
    /// Its routes, mounted under `/api`.
    fn router(&self) -> OpenApiRouter<AppState>;

    /// Pages the server renders itself, outside `/api` (e.g. the emergency card's), mounted
    /// before the web app's fallback.
    fn pages(&self) -> axum::Router<AppState> {
        axum::Router::new()
    }

    /// Its work that repeats, run once per period across instances (`platform::jobs`).
    fn periodic(&self) -> Vec<(Periodic, Work)> {
        Vec::new()
    }

    /// The one-off job kinds it handles (reminders, expiries), by kind.
    fn jobs(&self) -> Vec<(&'static str, Handler)> {
        Vec::new()
    }

    /// Puts in the state what it keeps in memory, with how to forget what a change made stale.
    fn parts(&self, _parts: &mut Parts, _forget: &mut Vec<Forget>) {}

    /// What it adds to a user's export, and the lines that describe it in the archive's README.
    async fn export(
        &self,
        _state: &AppState,
        _user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        Ok((Vec::new(), ""))
    }

    /// Erases what it holds about a user whose account is being erased, inside the erasure's
    /// transaction (before the user's row goes). Gives back the stored files to remove once the
    /// transaction commits.
    async fn erase_account(
        &self,
        _txn: &DatabaseTransaction,
        _user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        Ok(Vec::new())
    }

    /// Erases what it holds for a family being erased, inside the erasure's transaction (before the
    /// family's row goes). Gives back the stored files to remove once the transaction commits.
    async fn erase_family(
        &self,
        _txn: &DatabaseTransaction,
        _familia_id: &FamilyId,
    ) -> Result<Vec<String>, DbErr> {
        Ok(Vec::new())
    }

    /// Which of these stored files its rows still point at.
    async fn files_in_use(
        &self,
        _db: &DatabaseConnection,
        _keys: &[String],
    ) -> Result<Vec<String>, DbErr> {
        Ok(Vec::new())
    }

    /// Whether `usuario_id` may still read the stored file `key`, when the key is one of this
    /// domain's (`None` when it is not): a signed file link is served only while the user it was
    /// issued to may, by the same rule as the domain's own routes (`http::files`).
    async fn may_read_file(
        &self,
        _state: &AppState,
        _key: &str,
        _usuario_id: &UserId,
    ) -> Result<Option<bool>, DbErr> {
        Ok(None)
    }

    /// A member lost the co-parent's rights in a family (removed, left, made a viewer, account
    /// closed or erased; `families` calls it inside the change's transaction, after the change):
    /// what they hold there only as a co-parent ends with it (the emergency card's links they
    /// made). Gives back the live events to wake after the commit.
    async fn coparent_rights_lost(
        &self,
        _txn: &DatabaseTransaction,
        _lost: &RightsLost,
    ) -> Result<Wake, DbErr> {
        Ok(Wake::none())
    }

    /// Its counters on the profile hub, by name (`hijos`, `mensajes`...).
    async fn user_counters(
        &self,
        _db: &DatabaseConnection,
        _usuario_id: &UserId,
    ) -> Result<Vec<(&'static str, u64)>, DbErr> {
        Ok(Vec::new())
    }

    /// Short lines for the user's summary mail (`notifications::summary`), in their language: a
    /// family's record checkpoint, say.
    async fn summary_lines(
        &self,
        _state: &AppState,
        _user: &usuario::Model,
    ) -> ApiResult<Vec<String>> {
        Ok(Vec::new())
    }

    /// What it puts on the calendar of a family (`CalendarItem`) that `usuario_id` may see by its
    /// own rule, for the child `hijo_id` alone if given; items that happen once only if they
    /// start within `[desde, hasta)`.
    async fn calendar_items(
        &self,
        _db: &DatabaseConnection,
        _query: &CalendarQuery<'_>,
    ) -> Result<Vec<CalendarItem>, DbErr> {
        Ok(Vec::new())
    }

    /// The query of a family's children (not deleted), oldest first then by name, giving each
    /// one's `id` and `nombre`, when children are this domain's (`None` when not). A query
    /// rather than an answer, so that the asker runs it in its own transaction
    /// (`domain::family_children`).
    fn family_children(&self, _familia_id: &FamilyId) -> Option<SelectStatement> {
        None
    }

    /// Its counters per family, as (family, name, count), for the families given.
    async fn family_counters(
        &self,
        _db: &DatabaseExecutor<'_>,
        _familia_ids: &[FamilyId],
    ) -> Result<Vec<(FamilyId, &'static str, u64)>, DbErr> {
        Ok(Vec::new())
    }
}

static DOMAINS: OnceLock<&'static [&'static dyn Domain]> = OnceLock::new();

/// Called by the shell at start. The list is code, the same for every server in the process, so
/// a second call (tests start many servers) changes nothing.
pub fn install(domains: &'static [&'static dyn Domain]) {
    let _ = DOMAINS.set(domains);
}

/// Every domain, in the shell's order.
pub fn all() -> &'static [&'static dyn Domain] {
    DOMAINS.get().copied().unwrap_or_default()
}

/// Which of these stored files some domain's rows still point at.
pub async fn files_in_use(db: &DatabaseConnection, keys: &[String]) -> Result<Vec<String>, DbErr> {
    let mut used = Vec::new();
    for domain in all() {
        used.extend(domain.files_in_use(db, keys).await?);
    }
    Ok(used)
}

/// Whether `usuario_id` may still read the stored file `key`: the domain whose file it is says
/// so; a key no domain knows is read by no one.
pub async fn may_read_file(
    state: &AppState,
    key: &str,
    usuario_id: &UserId,
) -> Result<bool, DbErr> {
    for domain in all() {
        if let Some(answer) = domain.may_read_file(state, key, usuario_id).await? {
            return Ok(answer);
        }
    }
    Ok(false)
}

/// How a member came to lose the co-parent's rights in a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RightsLoss {
    /// An admin removed them.
    Removed,
    Left,
    /// Their permission became `viewer`.
    MadeViewer,
    AccountClosed,
    AccountErased,
}

impl RightsLoss {
    /// Its name in the family record (`motivo`).
    pub fn code(self) -> &'static str {
        match self {
            RightsLoss::Removed => "miembro_eliminado",
            RightsLoss::Left => "miembro_salio",
            RightsLoss::MadeViewer => "paso_a_lector",
            RightsLoss::AccountClosed => "cuenta_cerrada",
            RightsLoss::AccountErased => "cuenta_borrada",
        }
    }
}

/// A member who lost the co-parent's rights in a family, and how.
#[derive(Clone, Debug)]
pub struct RightsLost {
    pub familia_id: FamilyId,
    pub usuario_id: UserId,
    pub how: RightsLoss,
}

/// Tells every domain that a member lost the co-parent's rights in a family, inside the change's
/// transaction; gives back what to wake after the commit.
pub async fn coparent_rights_lost(
    txn: &DatabaseTransaction,
    lost: &RightsLost,
) -> Result<Wake, DbErr> {
    let mut wake = Wake::none();
    for domain in all() {
        wake = wake.join(domain.coparent_rights_lost(txn, lost).await?);
    }
    Ok(wake)
}

/// Every domain's counters of these families (their children, say), by family and name.
pub async fn family_counters(
    db: &DatabaseExecutor<'_>,
    familia_ids: &[FamilyId],
) -> Result<std::collections::HashMap<(FamilyId, &'static str), u64>, DbErr> {
    let mut counts = std::collections::HashMap::new();
    for domain in all() {
        for (familia, name, n) in domain.family_counters(db, familia_ids).await? {
            counts.insert((familia, name), n);
        }
    }
    Ok(counts)
}

/// A child of a family, as other domains name and check them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyChild {
    pub id: ChildId,
    pub nombre: String,
}

/// The family's children (not deleted), oldest first, then by name, as the domain that keeps
/// them answers; read on `db`, the caller's connection or transaction.
pub async fn family_children(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
) -> Result<Vec<FamilyChild>, DbErr> {
    let mut children = Vec::new();
    for domain in all() {
        let Some(query) = domain.family_children(familia_id) else {
            continue;
        };
        for row in db.query_all(&query).await? {
            children.push(FamilyChild {
                id: ChildId::new(row.try_get::<String>("", "id")?),
                nombre: row.try_get("", "nombre")?,
            });
        }
    }
    Ok(children)
}

/// Whether every one of `ids` is a child (not deleted) of the family: true for none, false if
/// one is given twice.
pub async fn children_of_family(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    ids: &[String],
) -> Result<bool, DbErr> {
    if ids.is_empty() {
        return Ok(true);
    }
    let children = family_children(db, familia_id).await?;
    let found = children
        .iter()
        .filter(|c| ids.iter().any(|id| *id == *c.id))
        .count();
    Ok(found == ids.len())
}

/// Whose calendar, for whom and when: what the calendar asks the domains for its items.
#[derive(Debug, Clone, Copy)]
pub struct CalendarQuery<'a> {
    pub familia_id: &'a FamilyId,
    pub usuario_id: &'a UserId,
    pub hijo_id: Option<&'a ChildId>,
    pub desde: DateTime<Utc>,
    pub hasta: DateTime<Utc>,
}

/// Every domain's calendar items for the query.
pub async fn calendar_items(
    db: &DatabaseConnection,
    query: &CalendarQuery<'_>,
) -> Result<Vec<CalendarItem>, DbErr> {
    let mut items = Vec::new();
    for domain in all() {
        items.extend(domain.calendar_items(db, query).await?);
    }
    Ok(items)
}

/// Settles the file notes left by interrupted changes (`platform::pending`), asking every domain
/// which files its rows still point at. Gives back how many files were removed.
pub async fn sweep_pending_files(state: &AppState) -> Result<usize, DbErr> {
    let db = state.db.clone();
    let in_use = move |keys: Vec<String>| {
        let db = db.clone();
        async move { files_in_use(&db, &keys).await }
    };
    crate::platform::pending::sweep(state, in_use).await
}

/// An export file holding `value` as pretty JSON.
pub fn export_json(
    path: impl Into<String>,
    value: &impl serde::Serialize,
) -> ApiResult<ExportFile> {
    let bytes = serde_json::to_vec_pretty(value).map_err(crate::error::ApiError::internal)?;
    Ok(ExportFile {
        path: path.into(),
        content: ExportContent::Bytes(bytes),
    })
}

/// An export file holding the stored file `key`, decrypted (read when the archive is written).
pub fn export_stored(path: impl Into<String>, key: impl Into<String>) -> ExportFile {
    ExportFile {
        path: path.into(),
        content: ExportContent::Stored(key.into()),
    }
}

/// A person as the other members of a family see them: an id and a name. A name is empty when
/// that account has been erased since.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct PersonView {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
}

impl PersonView {
    pub fn of(user: &usuario::Model) -> PersonView {
        PersonView {
            id: user.id.clone(),
            nombre: user.nombre.clone(),
            apellido: user.apellido.clone(),
        }
    }
}
