//! What the messages domain adds to a user's export: the conversations they read, each with
//! every message as they see it (authors, quotes, files, first views and record entries).

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use super::{
    access::readable_ids,
    entities::{conversacion, mensaje},
    views,
};
use crate::{
    db::entities::usuario,
    domain::{ExportFile, export_json},
    error::ApiResult,
    state::AppState,
};

pub const README: &str = "\
mensajes/conversaciones.json   tus conversaciones / your conversations\n\
mensajes/<id>.json             los mensajes de cada conversación, del primero al último / each conversation's messages, first to last\n";

pub async fn files(state: &AppState, user: &usuario::Model) -> ApiResult<Vec<ExportFile>> {
    let rows = conversacion::Entity::find()
        .filter(conversacion::Column::Id.in_subquery(readable_ids(&user.id, None)))
        .order_by_asc(conversacion::Column::CreatedAt)
        .all(&state.db)
        .await?;
    let ids: Vec<String> = rows.iter().map(|c| c.id.clone()).collect();
    let mut files = vec![export_json(
        "mensajes/conversaciones.json",
        &views::conversations(state, rows, &user.id).await?,
    )?];
    for id in ids {
        let messages = mensaje::Entity::find()
            .filter(mensaje::Column::ConversacionId.eq(&id))
            .order_by_asc(mensaje::Column::Numero)
            .all(&state.db)
            .await?;
        files.push(export_json(
            format!("mensajes/{id}.json"),
            &views::messages(state, messages).await?,
        )?);
    }
    Ok(files)
}
