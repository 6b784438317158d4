//! Documents: each family's papers (legal, medical, school...), shared with the members who may
//! see them, kept in versions, stored encrypted, and counted against the family's quota. See
//! docs/documents.md for the rules.

pub mod access;
pub mod certified;
pub mod entities;
mod export;
pub mod input;
pub mod quota;
pub mod routes;
pub mod store;
pub mod upload;
pub mod views;
pub mod vocabulary;

use async_trait::async_trait;
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, sea_query::Query,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    db::entities::usuario,
    domain::{Domain, ExportFile, Work},
    error::ApiResult,
    families::{self, entities::miembro},
    ids::{FamilyId, UserId},
    platform::jobs::Periodic,
    state::AppState,
};
use entities::{documento, documento_version};
use vocabulary::Visibility;

/// The documents domain's part of the contract (`domain`).
pub struct Documents;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_documents))
        .routes(routes!(routes::space))
        .routes(routes!(
            routes::get_document,
            routes::update_document,
            routes::delete_document
        ))
        .routes(routes!(routes::restore_document))
        .routes(routes!(routes::download))
        // Only uploads take a large body; JSON keeps the limit every JSON route has.
        .merge(
            OpenApiRouter::new()
                .routes(routes!(routes::create_document))
                .routes(routes!(routes::add_version))
                .layer(upload::body_limit()),
        )
}

fn versions_of(
    documents: sea_orm::sea_query::SelectStatement,
) -> sea_orm::Select<documento_version::Entity> {
    documento_version::Entity::find()
        .filter(documento_version::Column::DocumentoId.in_subquery(documents))
}

#[async_trait]
impl Domain for Documents {
    fn router(&self) -> OpenApiRouter<AppState> {
        router()
    }

    fn periodic(&self) -> Vec<(Periodic, Work)> {
        vec![(
            Periodic {
                kind: "purge_deleted_documents",
                every: chrono::Duration::hours(1),
            },
            |state| {
                Box::pin(async move {
                    store::purge_due(&state, chrono::Utc::now())
                        .await
                        .map(drop)
                        .map_err(|e| anyhow::anyhow!("purging documents: {}", e.code()))
                })
            },
        )]
    }

    async fn export(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        Ok((export::files(state, user).await?, export::README))
    }

    /// A user's private documents go with their account (no one else could ever see them); the
    /// family's other documents stay with the family, no longer naming who uploaded them.
    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        let private = Query::select()
            .column(documento::Column::Id)
            .from(documento::Entity)
            .and_where(documento::Column::SubidoPor.eq(&user.id))
            .and_where(documento::Column::Visibilidad.eq(Visibility::Private))
            .to_owned();
        let files: Vec<String> = versions_of(private)
            .all(txn)
            .await?
            .iter()
            .flat_map(documento_version::Model::keys)
            .collect();
        documento::Entity::delete_many()
            .filter(documento::Column::SubidoPor.eq(&user.id))
            .filter(documento::Column::Visibilidad.eq(Visibility::Private))
            .exec(txn)
            .await?;
        documento::Entity::update_many()
            .col_expr(
                documento::Column::SubidoPor,
                sea_orm::sea_query::Expr::value(Option::<String>::None),
            )
            .filter(documento::Column::SubidoPor.eq(&user.id))
            .exec(txn)
            .await?;
        documento::Entity::update_many()
            .col_expr(
                documento::Column::EliminadoPor,
                sea_orm::sea_query::Expr::value(Option::<String>::None),
            )
            .filter(documento::Column::EliminadoPor.eq(&user.id))
            .exec(txn)
            .await?;
        documento_version::Entity::update_many()
            .col_expr(
                documento_version::Column::SubidoPor,
                sea_orm::sea_query::Expr::value(Option::<String>::None),
            )
            .filter(documento_version::Column::SubidoPor.eq(&user.id))
            .exec(txn)
            .await?;
        Ok(files)
    }

    /// The rows go with the family's (foreign keys cascade); their files are given back.
    async fn erase_family(
        &self,
        txn: &DatabaseTransaction,
        familia_id: &FamilyId,
    ) -> Result<Vec<String>, DbErr> {
        let documents = Query::select()
            .column(documento::Column::Id)
            .from(documento::Entity)
            .and_where(documento::Column::FamiliaId.eq(familia_id))
            .to_owned();
        Ok(versions_of(documents)
            .all(txn)
            .await?
            .iter()
            .flat_map(documento_version::Model::keys)
            .collect())
    }

    async fn files_in_use(
        &self,
        db: &DatabaseConnection,
        keys: &[String],
    ) -> Result<Vec<String>, DbErr> {
        let versions = documento_version::Entity::find()
            .filter(
                Condition::any()
                    .add(documento_version::Column::Clave.is_in(keys.iter().cloned()))
                    .add(documento_version::Column::MiniaturaClave.is_in(keys.iter().cloned())),
            )
            .all(db)
            .await?;
        Ok(versions
            .iter()
            .flat_map(documento_version::Model::keys)
            .filter(|k| keys.contains(k))
            .collect())
    }

    /// The documents the user can see, not deleted, across their families.
    async fn user_counters(
        &self,
        db: &DatabaseConnection,
        usuario_id: &UserId,
    ) -> Result<Vec<(&'static str, u64)>, DbErr> {
        let coparent_of = Query::select()
            .column(miembro::Column::FamiliaId)
            .from(miembro::Entity)
            .and_where(miembro::Column::UsuarioId.eq(usuario_id))
            .and_where(miembro::Column::Permiso.is_in(families::Permission::EDITORS))
            .to_owned();
        let visible = Condition::any()
            .add(documento::Column::Visibilidad.eq(Visibility::Family))
            .add(
                Condition::all()
                    .add(documento::Column::Visibilidad.eq(Visibility::CoParents))
                    .add(documento::Column::FamiliaId.in_subquery(coparent_of)),
            )
            .add(
                Condition::all()
                    .add(documento::Column::Visibilidad.eq(Visibility::Private))
                    .add(documento::Column::SubidoPor.eq(usuario_id)),
            );
        let documentos = documento::Entity::find()
            .filter(documento::Column::FamiliaId.in_subquery(families::family_ids_of(usuario_id)))
            .filter(documento::Column::EliminadoAt.is_null())
            .filter(visible)
            .count(db)
            .await?;
        Ok(vec![("documentos", documentos)])
    }
}
