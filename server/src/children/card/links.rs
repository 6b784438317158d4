//! `/api/hijos/{id}/tarjeta`: a child's emergency card share links, for co-parents only. A
//! link's token is shown once, in the answer that made it; the list shows the live links (not
//! expired, not revoked) with their openings.

use std::collections::HashMap;

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    TransactionTrait, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    acts, co_parents,
    entities::{apertura, enlace},
};
use crate::ids::UserId;
use crate::{
    children::access::CoParentChild,
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    i18n::Msg,
    ids,
    request::Json,
    state::AppState,
};

/// The shortest and longest a link may live.
const SHORTEST: Duration = Duration::hours(24);
const LONGEST: Duration = Duration::days(366);

#[derive(Debug, Deserialize, ToSchema)]
pub struct CardLinkInput {
    /// When the link stops working: RFC 3339, between 24 hours and one year from now.
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub vence: Option<serde_json::Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Maker {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OpeningView {
    pub at: DateTime<Utc>,
    /// A coarse name of the browser, e.g. "Chrome · Android"; "?" when not recognised.
    pub navegador: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardLinkView {
    #[serde(rename = "_id")]
    pub id: String,
    /// `NIDO_PUBLIC_URL/tarjeta/<token>`: only in the answer that made the link.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub vence_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    /// Null when the maker's account was erased.
    pub creado_por: Option<Maker>,
    /// Oldest first.
    pub aperturas: Vec<OpeningView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CardLinkAnswer {
    pub success: bool,
    pub data: CardLinkView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CardLinksAnswer {
    pub success: bool,
    pub data: Vec<CardLinkView>,
}

#[derive(Deserialize)]
/// The child's `{id}` is read by the access check.
pub struct LinkPath {
    enlace_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RevokedAnswer {
    pub success: bool,
}

/// The expiry asked for, checked against `now`.
fn expiry(input: &CardLinkInput, now: DateTime<Utc>) -> Result<DateTime<Utc>, Msg> {
    let text = match &input.vence {
        None | Some(serde_json::Value::Null) => return Err(Msg::CardExpiryRequired),
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => {
            return Err(Msg::CardExpiryRequired);
        }
        Some(serde_json::Value::String(s)) => s,
        Some(_) => return Err(Msg::CardExpiryRange),
    };
    let at = DateTime::parse_from_rfc3339(text.trim())
        .map_err(|_| Msg::CardExpiryRange)?
        .with_timezone(&Utc);
    // A minute of slack: "24 hours" picked in a browser reaches the server a moment later.
    if at < now + SHORTEST - Duration::minutes(1) || at > now + LONGEST {
        return Err(Msg::CardExpiryRange);
    }
    Ok(at)
}

/// Makes a share link to the child's emergency card.
#[utoipa::path(post, path = "/hijos/{id}/tarjeta", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = CardLinkInput,
    responses(
        (status = 201, body = CardLinkAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
pub async fn create_link(
    State(state): State<AppState>,
    access: CoParentChild,
    Json(input): Json<CardLinkInput>,
) -> ApiResult<(StatusCode, Json<CardLinkAnswer>)> {
    let now = Utc::now();
    let mut errors = FieldErrors::default();
    let vence = errors.check("vence", expiry(&input, now));
    errors.into_result()?;
    let vence = vence.ok_or_else(|| ApiError::internal("a checked expiry vanished"))?;
    let token = ids::new_secret();
    let link = enlace::Model {
        id: ids::new_id(),
        hijo_id: access.child.id.clone(),
        token_hash: ids::hash_secret(&token),
        creado_por: Some(access.auth.user.id.clone()),
        vence_at: vence,
        revocado_at: None,
        primera_apertura_at: None,
        created_at: now,
    };
    let txn = state.db.begin().await?;
    enlace::Entity::insert(enlace::ActiveModel {
        id: Set(link.id.clone()),
        hijo_id: Set(link.hijo_id.clone()),
        token_hash: Set(link.token_hash.clone()),
        creado_por: Set(link.creado_por.clone()),
        vence_at: Set(link.vence_at),
        revocado_at: Set(None),
        primera_apertura_at: Set(None),
        created_at: Set(now),
    })
    .exec_without_returning(&txn)
    .await?;
    acts::created(&txn, &access.child, &link, &access.auth.user.id).await?;
    let parents = co_parents(&txn, &access.child.familia_id).await?;
    let wake = super::publish(&txn, &parents, &access.child).await?;
    txn.commit().await?;
    state.wake(wake);
    let base = state.config.public_url.as_str().trim_end_matches('/');
    let mut view = view_of(&link, Some(&access.auth.user), Vec::new());
    view.url = Some(format!("{base}/tarjeta/{token}"));
    Ok((
        StatusCode::CREATED,
        Json(CardLinkAnswer {
            success: true,
            data: view,
        }),
    ))
}

/// The child's live links (not expired, not revoked), newest first, with their openings.
#[utoipa::path(get, path = "/hijos/{id}/tarjeta", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = CardLinksAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn list_links(
    State(state): State<AppState>,
    access: CoParentChild,
) -> ApiResult<Json<CardLinksAnswer>> {
    let links = enlace::Entity::find()
        .filter(enlace::Column::HijoId.eq(&access.child.id))
        .filter(enlace::Column::RevocadoAt.is_null())
        .filter(enlace::Column::VenceAt.gt(Utc::now()))
        .order_by_desc(enlace::Column::CreatedAt)
        .all(&state.db)
        .await?;
    let mut openings = openings_of(&state.db, &links).await?;
    let makers: HashMap<String, usuario::Model> = usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(links.iter().filter_map(|l| l.creado_por.clone())))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|u| (u.id.clone(), u))
        .collect();
    let data = links
        .iter()
        .map(|l| {
            let maker = l.creado_por.as_ref().and_then(|id| makers.get(id));
            view_of(l, maker, openings.remove(&l.id).unwrap_or_default())
        })
        .collect();
    Ok(Json(CardLinksAnswer {
        success: true,
        data,
    }))
}

/// Revokes a link at once: its page answers 404 from now on.
#[utoipa::path(delete, path = "/hijos/{id}/tarjeta/{enlace_id}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path), ("enlace_id" = String, Path)),
    responses(
        (status = 200, body = RevokedAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn revoke_link(
    State(state): State<AppState>,
    access: CoParentChild,
    Path(path): Path<LinkPath>,
) -> ApiResult<Json<RevokedAnswer>> {
    let enlace_id = path.enlace_id;
    let now = Utc::now();
    let txn = state.db.begin().await?;
    // The write comes first (SQLite), and only a live link of this child is touched.
    let done = enlace::Entity::update_many()
        .col_expr(enlace::Column::RevocadoAt, Expr::value(now))
        .filter(enlace::Column::Id.eq(&enlace_id))
        .filter(enlace::Column::HijoId.eq(&access.child.id))
        .filter(enlace::Column::RevocadoAt.is_null())
        .filter(enlace::Column::VenceAt.gt(now))
        .exec(&txn)
        .await?;
    if done.rows_affected == 0 {
        return Err(ApiError::not_found());
    }
    acts::revoked(
        &txn,
        &access.child,
        &enlace_id,
        &UserId::new(&access.auth.user.id),
    )
    .await?;
    let parents = co_parents(&txn, &access.child.familia_id).await?;
    let wake = super::publish(&txn, &parents, &access.child).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(Json(RevokedAnswer { success: true }))
}

/// The openings of these links, oldest first, by link.
async fn openings_of(
    db: &impl ConnectionTrait,
    links: &[enlace::Model],
) -> Result<HashMap<String, Vec<OpeningView>>, DbErr> {
    let mut openings: HashMap<String, Vec<OpeningView>> = HashMap::new();
    for o in apertura::Entity::find()
        .filter(apertura::Column::EnlaceId.is_in(links.iter().map(|l| l.id.clone())))
        .order_by_asc(apertura::Column::At)
        .all(db)
        .await?
    {
        openings.entry(o.enlace_id).or_default().push(OpeningView {
            at: o.at,
            navegador: o.navegador,
        });
    }
    Ok(openings)
}

/// A link as a user's export shows it: every link they made, live or not, with its openings.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportedLink {
    id: String,
    hijo_id: String,
    created_at: DateTime<Utc>,
    vence_at: DateTime<Utc>,
    revocado_at: Option<DateTime<Utc>>,
    aperturas: Vec<OpeningView>,
}

/// Every card link `usuario_id` made, oldest first (never a token: only its hash is kept).
pub async fn made_by(
    db: &impl ConnectionTrait,
    usuario_id: &str,
) -> Result<Vec<ExportedLink>, DbErr> {
    let links = enlace::Entity::find()
        .filter(enlace::Column::CreadoPor.eq(usuario_id))
        .order_by_asc(enlace::Column::CreatedAt)
        .all(db)
        .await?;
    let mut openings = openings_of(db, &links).await?;
    Ok(links
        .into_iter()
        .map(|l| ExportedLink {
            aperturas: openings.remove(&l.id).unwrap_or_default(),
            id: l.id,
            hijo_id: l.hijo_id,
            created_at: l.created_at,
            vence_at: l.vence_at,
            revocado_at: l.revocado_at,
        })
        .collect())
}

fn view_of(
    link: &enlace::Model,
    maker: Option<&usuario::Model>,
    aperturas: Vec<OpeningView>,
) -> CardLinkView {
    CardLinkView {
        id: link.id.clone(),
        url: None,
        vence_at: link.vence_at,
        created_at: link.created_at,
        creado_por: maker.map(|u| Maker {
            id: u.id.clone(),
            nombre: u.nombre.clone(),
        }),
        aperturas,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(v: serde_json::Value) -> CardLinkInput {
        CardLinkInput { vence: Some(v) }
    }

    #[test]
    fn the_expiry_must_fall_between_a_day_and_a_year() {
        let now: DateTime<Utc> = "2026-03-01T12:00:00Z".parse().expect("now");
        let ok = |s: &str| expiry(&input(serde_json::json!(s)), now);
        assert!(ok("2026-03-02T12:00:00Z").is_ok());
        assert!(ok("2027-03-01T12:00:00Z").is_ok());
        assert_eq!(ok("2026-03-02T10:00:00Z"), Err(Msg::CardExpiryRange));
        assert_eq!(ok("2027-03-03T12:00:00Z"), Err(Msg::CardExpiryRange));
        assert_eq!(ok("mañana"), Err(Msg::CardExpiryRange));
        assert_eq!(ok(" "), Err(Msg::CardExpiryRequired));
        assert_eq!(
            expiry(&input(serde_json::json!(5)), now),
            Err(Msg::CardExpiryRange)
        );
        assert_eq!(
            expiry(&CardLinkInput { vence: None }, now),
            Err(Msg::CardExpiryRequired)
        );
    }
}
