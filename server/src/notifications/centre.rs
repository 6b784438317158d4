//! The notification centre: the signed-in user's notices, newest first, and their read state.

use axum::extract::{Path, Query, State};
use chrono::Utc;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
    sea_query::{Expr, IntoCondition},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{entities::notificacion, kinds};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    i18n::{self, Msg},
    ids::UserId,
    platform::live,
    request::{AuthUser, Json},
    state::AppState,
};

const PAGE: u64 = 20;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// The `siguiente` of the previous page: the notices older than it.
    cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeView {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(value_type = super::kinds::NoticeKind)]
    pub tipo: String,
    /// In the reader's language.
    pub titulo: String,
    pub texto: String,
    /// The web path it opens.
    pub enlace: Option<String>,
    pub familia_id: Option<String>,
    pub leida: bool,
    pub creada: chrono::DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NoticePage {
    pub notificaciones: Vec<NoticeView>,
    /// The cursor of the next page; null on the last.
    pub siguiente: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NoticePageAnswer {
    pub success: bool,
    pub data: NoticePage,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadCount {
    pub total: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadAnswer {
    pub success: bool,
    pub data: UnreadCount,
}

fn view(row: notificacion::Model, lang: i18n::Lang) -> NoticeView {
    let datos = serde_json::from_str(&row.datos).unwrap_or_default();
    let (titulo, texto) = kinds::render(&row.tipo, &datos, lang);
    NoticeView {
        id: row.id,
        tipo: row.tipo,
        titulo,
        texto,
        enlace: row.enlace,
        familia_id: row.familia_id,
        leida: row.leida_at.is_some(),
        creada: row.creada,
    }
}

/// Your notices, newest first, 20 a page.
#[utoipa::path(get, path = "/notificaciones", tag = "notifications", security(("bearer" = [])),
    params(ListQuery),
    responses(
        (status = 200, body = NoticePageAnswer),
        (status = 401, body = ErrorBody),
        (status = 422, description = "a cursor that is not one of your notices", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<ListQuery>,
) -> ApiResult<Json<NoticePageAnswer>> {
    let mine = notificacion::Column::UsuarioId.eq(&auth.id);
    let mut find = notificacion::Entity::find().filter(mine.clone());
    if let Some(cursor) = query
        .cursor
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        let last = notificacion::Entity::find_by_id(cursor)
            .filter(mine)
            .one(&state.db)
            .await?
            .ok_or_else(|| ApiError::field("cursor", Msg::NotificationCursorInvalid))?;
        find = find.filter(
            Condition::any()
                .add(notificacion::Column::Creada.lt(last.creada))
                .add(
                    Condition::all()
                        .add(notificacion::Column::Creada.eq(last.creada))
                        .add(notificacion::Column::Id.lt(last.id)),
                ),
        );
    }
    let rows = find
        .order_by_desc(notificacion::Column::Creada)
        .order_by_desc(notificacion::Column::Id)
        .limit(PAGE + 1)
        .all(&state.db)
        .await?;
    let more = rows.len() as u64 > PAGE;
    let lang = i18n::current();
    let notificaciones: Vec<NoticeView> = rows
        .into_iter()
        .take(PAGE as usize)
        .map(|row| view(row, lang))
        .collect();
    let siguiente = more
        .then(|| notificaciones.last().map(|n| n.id.clone()))
        .flatten();
    Ok(Json(NoticePageAnswer {
        success: true,
        data: NoticePage {
            notificaciones,
            siguiente,
        },
    }))
}

pub async fn unread_count(db: &impl ConnectionTrait, usuario_id: &str) -> Result<u64, DbErr> {
    notificacion::Entity::find()
        .filter(notificacion::Column::UsuarioId.eq(usuario_id))
        .filter(notificacion::Column::LeidaAt.is_null())
        .count(db)
        .await
}

fn count_answer(total: u64) -> Json<UnreadAnswer> {
    Json(UnreadAnswer {
        success: true,
        data: UnreadCount { total },
    })
}

/// How many of your notices are unread.
#[utoipa::path(get, path = "/notificaciones/no-leidas", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = UnreadAnswer), (status = 401, body = ErrorBody)))]
pub async fn unread(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<UnreadAnswer>> {
    Ok(count_answer(unread_count(&state.db, &auth.id).await?))
}

/// Tells the user's tabs that some of their notices were read, so each bell counts again.
async fn announce_read(txn: &DatabaseTransaction, usuario_id: &str) -> Result<live::Wake, DbErr> {
    live::publish(
        txn,
        &[usuario_id.to_owned()],
        live::LiveEvent::NoticesRead(live::NoIds {}),
    )
    .await
}

/// Marks some of the user's unread notices read (all of them without `id`), tells their other
/// tabs, and answers the new unread count.
async fn mark(state: &AppState, usuario_id: &str, id: Option<&str>) -> ApiResult<u64> {
    let txn = state.db.begin().await?;
    let mut update = notificacion::Entity::update_many()
        .col_expr(notificacion::Column::LeidaAt, Expr::value(Utc::now()))
        .filter(notificacion::Column::UsuarioId.eq(usuario_id))
        .filter(notificacion::Column::LeidaAt.is_null());
    if let Some(id) = id {
        update = update.filter(notificacion::Column::Id.eq(id));
    }
    let changed = update.exec(&txn).await?.rows_affected;
    let wake = if changed > 0 {
        announce_read(&txn, usuario_id).await?
    } else {
        live::Wake::none()
    };
    let total = unread_count(&txn, usuario_id).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(total)
}

/// Inside the caller's transaction: marks read the user's unread notices whose `objeto_id`
/// meets `about` (a condition on `notificacion::Column::ObjetoId`, such as "a message of this
/// conversation up to number n"), and tells their tabs as reading them in the centre does. The
/// domain that made the notices knows what its reader has seen; this service only marks. Gives
/// back how many were marked, and the wake to send after the commit.
pub async fn mark_read_about(
    txn: &DatabaseTransaction,
    usuario_id: &str,
    about: impl IntoCondition,
) -> Result<(u64, live::Wake), DbErr> {
    let changed = notificacion::Entity::update_many()
        .col_expr(notificacion::Column::LeidaAt, Expr::value(Utc::now()))
        .filter(notificacion::Column::UsuarioId.eq(usuario_id))
        .filter(notificacion::Column::LeidaAt.is_null())
        .filter(notificacion::Column::ObjetoId.is_not_null())
        .filter(about)
        .exec(txn)
        .await?
        .rows_affected;
    if changed == 0 {
        return Ok((0, live::Wake::none()));
    }
    Ok((changed, announce_read(txn, usuario_id).await?))
}

/// `mark_read_about` for the notices about one thing (`objeto_id`): the user acted on it (answered
/// the request, approved the expense, opened the document), so its notice needs no more
/// attention, nor its waiting mail. Gives back the wake to send after the commit.
pub async fn mark_read_of(
    txn: &DatabaseTransaction,
    usuario_id: &UserId,
    objeto_id: &str,
) -> Result<live::Wake, DbErr> {
    let (_, wake) = mark_read_about(
        txn,
        usuario_id,
        notificacion::Column::ObjetoId.eq(objeto_id),
    )
    .await?;
    Ok(wake)
}

/// Mark one of your notices read; answers the new unread count. Another user's notice: 404.
#[utoipa::path(post, path = "/notificaciones/{id}/leida", tag = "notifications", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = UnreadAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such notice of yours", body = ErrorBody),
    ))]
pub async fn mark_read(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<UnreadAnswer>> {
    let exists = notificacion::Entity::find_by_id(&id)
        .filter(notificacion::Column::UsuarioId.eq(&auth.id))
        .count(&state.db)
        .await?
        > 0;
    if !exists {
        return Err(ApiError::not_found());
    }
    Ok(count_answer(mark(&state, &auth.id, Some(&id)).await?))
}

/// Mark all your notices read.
#[utoipa::path(post, path = "/notificaciones/leidas", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = UnreadAnswer), (status = 401, body = ErrorBody)))]
pub async fn mark_all_read(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<UnreadAnswer>> {
    Ok(count_answer(mark(&state, &auth.id, None).await?))
}
