//! The emergency card: a child's vital details (photo, birth date, blood group, allergies,
//! medications, conditions, doctor, emergency contacts in priority order) on one printable page
//! that a co-parent can share with a babysitter or a school through a link that expires. The
//! link's token is the credential: 256 random bits, kept hashed, ended by its expiry or by
//! revoking it. The page is rendered by the server, with no script, and links nowhere else in
//! Nido (docs/emergency-card.md).

mod browser;
pub mod entities;
pub mod links;
pub mod page;
pub mod revocation;

use axum::{Router, routing::get};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use serde_json::json;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::entities::hijo;
use crate::{
    families::{
        self,
        entities::miembro,
        record::{self, Act, Audience, Kind, child_subject, kinds},
    },
    platform::live::{self, Wake},
    state::AppState,
};

/// The API routes, under `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(links::list_links, links::create_link))
        .routes(routes!(links::revoke_link))
}

/// The public page and its photo, outside `/api`: mounted before the web app's fallback.
pub fn page_routes() -> Router<AppState> {
    Router::new()
        .route("/tarjeta/{token}", get(page::show))
        .route("/tarjeta/{token}/foto", get(page::photo))
}

/// Leaves the links `usuario_id` made without a maker (an account being erased).
pub async fn forget_maker(db: &impl ConnectionTrait, usuario_id: &str) -> Result<(), DbErr> {
    entities::enlace::Entity::update_many()
        .col_expr(
            entities::enlace::Column::CreadoPor,
            sea_orm::sea_query::Expr::value(Option::<String>::None),
        )
        .filter(entities::enlace::Column::CreadoPor.eq(usuario_id))
        .exec(db)
        .await
        .map(drop)
}

/// The co-parents of a family: who makes, sees and is told about the card's links.
async fn co_parents(db: &impl ConnectionTrait, familia_id: &str) -> Result<Vec<String>, DbErr> {
    miembro::Entity::find()
        .select_only()
        .column(miembro::Column::UsuarioId)
        .filter(miembro::Column::FamiliaId.eq(familia_id))
        .filter(miembro::Column::Permiso.is_in(families::Permission::EDITORS))
        .into_tuple()
        .all(db)
        .await
}

/// Tells the co-parents' screens that the child's card links changed (made, revoked, opened).
async fn publish(
    db: &impl ConnectionTrait,
    parents: &[String],
    child: &hijo::Model,
) -> Result<Wake, DbErr> {
    let ids = live::ChildIds {
        familia_id: child.familia_id.clone(),
        hijo_id: child.id.clone(),
    };
    live::publish(db, parents, live::LiveEvent::EmergencyCards(ids)).await
}

/// What the card writes into the family record. Its links are the co-parents' business (their
/// routes answer anyone else 404), so their entries' content is the co-parents' too.
mod acts {
    use chrono::NaiveDate;

    use super::*;
    use crate::ids::UserId;

    fn act<'a>(
        kind: Kind,
        child: &hijo::Model,
        actor: Option<&'a str>,
        content: serde_json::Value,
    ) -> Act<'a> {
        Act {
            kind,
            actor,
            content,
            subjects: vec![child_subject(&child.id)],
            audience: Audience::CoParents,
        }
    }

    async fn write(
        txn: &impl ConnectionTrait,
        kind: Kind,
        child: &hijo::Model,
        actor: Option<&str>,
        content: serde_json::Value,
    ) -> Result<(), DbErr> {
        record::append(txn, &child.familia_id, act(kind, child, actor, content))
            .await
            .map(|_| ())
    }

    pub async fn created(
        txn: &impl ConnectionTrait,
        child: &hijo::Model,
        link: &entities::enlace::Model,
        actor: &str,
    ) -> Result<(), DbErr> {
        let content = json!({"hijo": child.id, "enlace": link.id, "vence": link.vence_at});
        write(txn, kinds::CARD_LINK_CREATED, child, Some(actor), content).await
    }

    pub async fn revoked(
        txn: &impl ConnectionTrait,
        child: &hijo::Model,
        enlace_id: &str,
        actor: &UserId,
    ) -> Result<(), DbErr> {
        let content = json!({"hijo": child.id, "enlace": enlace_id});
        write(txn, kinds::CARD_LINK_REVOKED, child, Some(actor), content).await
    }

    /// Someone without an account opened the page: no actor. Once per link and family day
    /// (`today`), however often it is loaded; the openings list keeps every one.
    pub async fn opened(
        txn: &impl ConnectionTrait,
        child: &hijo::Model,
        enlace_id: &str,
        navegador: &str,
        today: NaiveDate,
    ) -> Result<(), DbErr> {
        let content = json!({"hijo": child.id, "enlace": enlace_id, "navegador": navegador});
        let kind = kinds::CARD_LINK_OPENED;
        let mark = format!("{kind} {enlace_id}");
        let act = act(kind, child, None, content);
        record::append_once_a_day(txn, &child.familia_id, today, &mark, act)
            .await
            .map(|_| ())
    }
}
