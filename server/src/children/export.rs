//! What the children domain adds to a user's export: every child of their families, with the
//! whole record and the photo.

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use super::entities::hijo;
use crate::{
    db::entities::usuario,
    domain::{ExportFile, export_json, export_stored},
    error::ApiResult,
    families,
    state::AppState,
};

pub const README: &str = "\
hijos/<id>.json     la ficha completa de cada hijo / each child's whole record\n\
hijos/<id>.jpg      la foto de cada hijo / each child's photo\n\
hijos/tarjeta-enlaces.json  los enlaces a tarjetas de emergencia que creaste, con sus aperturas / the emergency card links you made, with their openings\n";

pub async fn files(state: &AppState, user: &usuario::Model) -> ApiResult<Vec<ExportFile>> {
    let family_ids: Vec<String> = families::memberships(state, &user.id)
        .await?
        .iter()
        .map(|m| m.familia_id.clone())
        .collect();
    let children = hijo::Entity::find()
        .filter(hijo::Column::FamiliaId.is_in(family_ids))
        .order_by_asc(hijo::Column::FechaNacimiento)
        .all(&state.db)
        .await?;
    let photo_keys: Vec<(String, Option<String>)> = children
        .iter()
        .map(|c| (c.id.clone(), c.foto_key.clone()))
        .collect();
    let mut files = Vec::new();
    for child in super::routes::views(state, children, &user.id).await? {
        files.push(export_json(format!("hijos/{}.json", child.id), &child)?);
    }
    for (id, key) in photo_keys {
        if let Some(key) = key {
            files.push(export_stored(format!("hijos/{id}.jpg"), key));
        }
    }
    let links = super::card::links::made_by(&state.db, &user.id).await?;
    files.push(export_json("hijos/tarjeta-enlaces.json", &links)?);
    Ok(files)
}
