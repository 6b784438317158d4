//! Who reads a conversation: its participants while they stay members of its family. A removed
//! member keeps their participant row (the record names them) but reads nothing more; to anyone
//! else the conversation does not exist.

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Expr, ExprTrait, Query, SelectStatement},
};

use super::entities::{conversacion, participante};
use crate::{
    error::{ApiError, ApiResult},
    families::entities::miembro,
    ids::UserId,
    state::AppState,
};

/// The ids of the conversations `usuario_id` may read (of one family, if given), as a subquery.
pub fn readable_ids(usuario_id: &str, familia_id: Option<&str>) -> SelectStatement {
    let mut query = Query::select();
    query
        .column((conversacion::Entity, conversacion::Column::Id))
        .from(conversacion::Entity)
        .inner_join(
            participante::Entity,
            Expr::col((participante::Entity, participante::Column::ConversacionId))
                .equals((conversacion::Entity, conversacion::Column::Id)),
        )
        .inner_join(
            miembro::Entity,
            Expr::col((miembro::Entity, miembro::Column::FamiliaId))
                .equals((conversacion::Entity, conversacion::Column::FamiliaId))
                .and(
                    Expr::col((miembro::Entity, miembro::Column::UsuarioId))
                        .equals((participante::Entity, participante::Column::UsuarioId)),
                ),
        )
        .and_where(
            Expr::col((participante::Entity, participante::Column::UsuarioId)).eq(usuario_id),
        );
    if let Some(familia_id) = familia_id {
        query.and_where(
            Expr::col((conversacion::Entity, conversacion::Column::FamiliaId)).eq(familia_id),
        );
    }
    query.to_owned()
}

/// The conversation if `usuario_id` may read it; 404 otherwise.
pub async fn readable_conversation(
    state: &AppState,
    usuario_id: &UserId,
    conversacion_id: &str,
) -> ApiResult<conversacion::Model> {
    conversacion::Entity::find_by_id(conversacion_id)
        .filter(conversacion::Column::Id.in_subquery(readable_ids(usuario_id, None)))
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)
}

/// Whether `usuario_id` may read the conversation `conversacion_id` (and so its attachments).
pub async fn may_read(
    db: &impl ConnectionTrait,
    usuario_id: &UserId,
    conversacion_id: &str,
) -> Result<bool, DbErr> {
    Ok(conversacion::Entity::find_by_id(conversacion_id)
        .filter(conversacion::Column::Id.in_subquery(readable_ids(usuario_id, None)))
        .one(db)
        .await?
        .is_some())
}

/// The participants who still read the conversation (members of its family), by id.
pub async fn readers(
    db: &impl ConnectionTrait,
    conversation: &conversacion::Model,
) -> Result<Vec<String>, DbErr> {
    let members = Query::select()
        .column(miembro::Column::UsuarioId)
        .from(miembro::Entity)
        .and_where(miembro::Column::FamiliaId.eq(&conversation.familia_id))
        .to_owned();
    participante::Entity::find()
        .select_only()
        .column(participante::Column::UsuarioId)
        .filter(participante::Column::ConversacionId.eq(&conversation.id))
        .filter(participante::Column::UsuarioId.in_subquery(members))
        .order_by_asc(participante::Column::UsuarioId)
        .into_tuple()
        .all(db)
        .await
}
