//! The names the calendar shows: a family's children (read from the children's table as rows,
//! since the calendar may not use the children domain's code) and users.

use std::collections::HashMap;

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter,
    sea_query::{Alias, Expr, ExprTrait, Order, Query},
};

use crate::db::entities::usuario;

/// A child of a family, as the calendar names them.
#[derive(Clone, Debug)]
pub struct Child {
    pub id: String,
    pub nombre: String,
}

/// The family's children (not deleted), oldest first, then by name.
pub async fn children(db: &impl ConnectionTrait, familia_id: &str) -> Result<Vec<Child>, DbErr> {
    let query = Query::select()
        .columns([Alias::new("id"), Alias::new("nombre")])
        .from(Alias::new("hijos"))
        .and_where(Expr::col(Alias::new("familia_id")).eq(familia_id))
        .and_where(Expr::col(Alias::new("eliminado_at")).is_null())
        .order_by(Alias::new("fecha_nacimiento"), Order::Asc)
        .order_by(Alias::new("nombre"), Order::Asc)
        .to_owned();
    db.query_all(&query)
        .await?
        .into_iter()
        .map(|row| {
            Ok(Child {
                id: row.try_get("", "id")?,
                nombre: row.try_get("", "nombre")?,
            })
        })
        .collect()
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
