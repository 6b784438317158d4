//! The names the calendar shows: a family's children (asked of the children domain through
//! `domain`, since the calendar may not use its code) and users.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use crate::{db::entities::usuario, domain, ids::FamilyId};

/// A child of a family, as the calendar names them.
pub use crate::domain::FamilyChild as Child;

/// The family's children (not deleted), oldest first, then by name.
pub async fn children(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
) -> Result<Vec<Child>, DbErr> {
    domain::family_children(db, familia_id).await
}

/// First names of the users, by id.
pub async fn first_names(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = String>,
) -> Result<HashMap<String, String>, DbErr> {
    let mut ids: Vec<String> = ids.into_iter().collect();
    ids.sort();
    ids.dedup();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u.nombre))
        .collect())
}

/// "Lucía", "Lucía y Tomás", "Lucía, Tomás y Ana" (or in English).
pub fn join_names(names: &[String], english: bool) -> String {
    let and = if english { " and " } else { " y " };
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{}{and}{last}", rest.join(", ")),
    }
}
