//! Children: each child's records, shared by the members of the child's family.

pub mod access;
mod calendar;
pub mod card;
pub mod deletion;
pub mod entities;
mod export;
pub mod input;
pub mod record_acts;
pub mod records;
pub mod routes;
pub mod views;
pub mod vocabulary;

use async_trait::async_trait;
use sea_orm::{
    ColumnTrait, DatabaseConnection, DatabaseExecutor, DatabaseTransaction, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
    sea_query::{Expr, ExprTrait, SelectStatement},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    db::entities::usuario,
    domain::{CalendarItem, CalendarQuery, Domain, ExportFile, RightsLost, Work},
    error::ApiResult,
    families,
    ids::{ChildId, FamilyId, UserId},
    notifications,
    platform::{
        changes::{Change, Forget},
        jobs::Periodic,
        live::{self, Wake},
    },
    state::{AppState, Parts},
};
use entities::hijo;
use records::FamilyChildren;

/// Tells every member of the child's family, the actor included (their other tabs), that the
/// child changed; inside the change's transaction, to be woken after it commits.
pub(crate) async fn publish_change(
    txn: &impl sea_orm::ConnectionTrait,
    child: &hijo::Model,
) -> Result<Wake, DbErr> {
    let members = families::member_ids(txn, &child.familia_id).await?;
    publish_to(txn, &members, child).await
}

async fn publish_to(
    txn: &impl sea_orm::ConnectionTrait,
    members: &[String],
    child: &hijo::Model,
) -> Result<Wake, DbErr> {
    let ids = live::ChildIds {
        familia_id: child.familia_id.clone(),
        hijo_id: child.id.clone(),
    };
    live::publish(txn, members, live::LiveEvent::Children(ids)).await
}

/// `publish_change`, and a notice of `kind` done by `actor` to the other members, from one read
/// of the family's members; inside the change's transaction, to be woken after it commits.
/// `extra` adds parameters to the notice's texts.
pub(crate) async fn tell_members(
    txn: &DatabaseTransaction,
    child: &hijo::Model,
    actor: &usuario::Model,
    kind: &'static str,
    extra: &[(&str, String)],
) -> Result<Wake, DbErr> {
    let members = families::member_ids(txn, &child.familia_id).await?;
    let changed = publish_to(txn, &members, child).await?;
    let mut datos = serde_json::json!({
        "actor": format!("{} {}", actor.nombre, actor.apellido),
        "hijo": child.nombre,
    });
    for (key, value) in extra {
        datos[*key] = serde_json::Value::String(value.clone());
    }
    let notice = notifications::Notice {
        kind,
        familia_id: Some(child.familia_id.clone()),
        actor_id: Some(actor.id.clone()),
        datos,
        // A deleted child's page is gone; the list shows the recently deleted.
        enlace: Some(match child.eliminado_at {
            Some(_) => "/children".to_owned(),
            None => format!("/children/{}", child.id),
        }),
        objeto_id: None,
        solo_app: Vec::new(),
    };
    Ok(changed.join(families::notices::notify(txn, &members, notice).await?))
}

/// The children domain's part of the contract (`domain`).
pub struct Children;

#[async_trait]
impl Domain for Children {
    fn router(&self) -> OpenApiRouter<AppState> {
        router()
    }

    fn pages(&self) -> axum::Router<AppState> {
        card::page_routes()
    }

    fn periodic(&self) -> Vec<(Periodic, Work)> {
        vec![(
            Periodic {
                kind: "purge_deleted_children",
                every: chrono::Duration::hours(1),
            },
            |state| {
                Box::pin(async move {
                    Ok(deletion::purge_due(&state, chrono::Utc::now())
                        .await
                        .map(drop)?)
                })
            },
        )]
    }

    fn parts(&self, parts: &mut Parts, forget: &mut Vec<Forget>) {
        let cache = records::family_children_cache();
        forget.push(cache.forgetter(|change| match change {
            Change::Family(id) => Some(id),
            Change::User(_) => None,
        }));
        parts.insert::<FamilyChildren>(cache);
    }

    async fn export(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        Ok((export::files(state, user).await?, export::README))
    }

    /// The card links an erased user made stay (the other parent may still rely on them), without
    /// their maker.
    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        card::forget_maker(txn, &user.id).await?;
        Ok(Vec::new())
    }

    /// The children's rows go with the family's (foreign keys cascade); their photos are given
    /// back to be removed.
    async fn erase_family(
        &self,
        txn: &DatabaseTransaction,
        familia_id: &FamilyId,
    ) -> Result<Vec<String>, DbErr> {
        let children = hijo::Entity::find()
            .filter(hijo::Column::FamiliaId.eq(familia_id))
            .all(txn)
            .await?;
        Ok(children
            .into_iter()
            .flat_map(|c| [c.foto_key, c.miniatura_key])
            .flatten()
            .collect())
    }

    /// A child's photo and its thumbnail (`hijos/<child>/...`), by `access::may_see_photo`.
    async fn may_read_file(
        &self,
        state: &AppState,
        key: &str,
        usuario_id: &UserId,
    ) -> Result<Option<bool>, DbErr> {
        let Some(rest) = key.strip_prefix("hijos/") else {
            return Ok(None);
        };
        let hijo_id = rest.split('/').next().unwrap_or_default();
        Ok(Some(
            access::may_see_photo(state, &ChildId::new(hijo_id), usuario_id).await?,
        ))
    }

    /// The emergency card's links the member made in that family end (`card::revocation`).
    async fn coparent_rights_lost(
        &self,
        txn: &DatabaseTransaction,
        lost: &RightsLost,
    ) -> Result<Wake, DbErr> {
        card::revocation::maker_lost_rights(txn, lost).await
    }

    async fn files_in_use(
        &self,
        db: &DatabaseConnection,
        keys: &[String],
    ) -> Result<Vec<String>, DbErr> {
        let children = hijo::Entity::find()
            .filter(
                sea_orm::Condition::any()
                    .add(hijo::Column::FotoKey.is_in(keys.iter().cloned()))
                    .add(hijo::Column::MiniaturaKey.is_in(keys.iter().cloned())),
            )
            .all(db)
            .await?;
        Ok(children
            .into_iter()
            .flat_map(|c| [c.foto_key, c.miniatura_key])
            .flatten()
            .filter(|k| keys.contains(k))
            .collect())
    }

    /// Each child's activities and medical appointments, for whoever reads the child's record.
    async fn calendar_items(
        &self,
        db: &DatabaseConnection,
        query: &CalendarQuery<'_>,
    ) -> Result<Vec<CalendarItem>, DbErr> {
        calendar::items(db, query).await
    }

    async fn user_counters(
        &self,
        db: &DatabaseConnection,
        usuario_id: &UserId,
    ) -> Result<Vec<(&'static str, u64)>, DbErr> {
        let hijos = hijo::Entity::find()
            .filter(hijo::Column::FamiliaId.in_subquery(families::family_ids_of(usuario_id)))
            .filter(hijo::Column::EliminadoAt.is_null())
            .count(db)
            .await?;
        Ok(vec![("hijos", hijos)])
    }

    fn family_children(&self, familia_id: &FamilyId) -> Option<SelectStatement> {
        Some(
            hijo::Entity::find()
                .select_only()
                .column(hijo::Column::Id)
                .column(hijo::Column::Nombre)
                .filter(hijo::Column::FamiliaId.eq(familia_id))
                .filter(hijo::Column::EliminadoAt.is_null())
                .order_by_asc(hijo::Column::FechaNacimiento)
                .order_by_asc(hijo::Column::Nombre)
                .into_query(),
        )
    }

    /// Children not deleted, per family.
    async fn family_counters(
        &self,
        db: &DatabaseExecutor<'_>,
        familia_ids: &[FamilyId],
    ) -> Result<Vec<(FamilyId, &'static str, u64)>, DbErr> {
        let counts = hijo::Entity::find()
            .select_only()
            .column(hijo::Column::FamiliaId)
            .column_as(Expr::col(hijo::Column::Id).count(), "hijos")
            .filter(hijo::Column::FamiliaId.is_in(familia_ids.iter().cloned()))
            .filter(hijo::Column::EliminadoAt.is_null())
            .group_by(hijo::Column::FamiliaId)
            .into_tuple::<(String, i64)>()
            .all(db)
            .await?;
        Ok(counts
            .into_iter()
            .map(|(familia, n)| {
                (
                    FamilyId::new(familia),
                    "hijos",
                    u64::try_from(n).unwrap_or(0),
                )
            })
            .collect())
    }
}

fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_children, routes::create_child))
        .routes(routes!(deletion::list_deleted))
        .routes(routes!(
            routes::get_child,
            routes::update_child,
            deletion::delete_child
        ))
        .routes(routes!(deletion::restore_child))
        .routes(routes!(routes::add_activity))
        .routes(routes!(routes::update_activity, routes::delete_activity))
        .routes(routes!(routes::add_appointment))
        .routes(routes!(
            routes::update_appointment,
            routes::delete_appointment
        ))
        .routes(routes!(routes::add_contact))
        .routes(routes!(routes::update_contact, routes::delete_contact))
        .routes(routes!(routes::set_medical_post, routes::set_medical_put))
        .merge(card::router())
        // Only the photo takes a large body; JSON keeps the limit every JSON route has.
        .merge(
            OpenApiRouter::new()
                .routes(routes!(routes::upload_photo, routes::delete_photo))
                .layer(crate::platform::photo::upload_body_limit()),
        )
}
