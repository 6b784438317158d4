//! Shared secrets: made by whichever instance needs one first, then read by all.

use sea_orm::{
    ConnectionTrait, DbErr,
    sea_query::{Alias, Expr, OnConflict, Query},
};

/// The secret called `name`, created at random on first use.
pub async fn secret(db: &impl ConnectionTrait, name: &str) -> Result<String, DbErr> {
    secret_or(db, name, &crate::ids::new_secret()).await
}

/// Sets `name` to `value`, whether or not it was set before.
pub async fn put(db: &impl ConnectionTrait, name: &str, value: &str) -> Result<(), DbErr> {
    let insert = Query::insert()
        .into_table(Alias::new("ajustes"))
        .columns([Alias::new("clave"), Alias::new("valor")])
        .values([name.into(), value.into()])
        .map_err(|e| DbErr::Custom(e.to_string()))?
        .on_conflict(
            OnConflict::column(Alias::new("clave"))
                .update_column(Alias::new("valor"))
                .to_owned(),
        )
        .to_owned();
    db.execute(&insert).await?;
    Ok(())
}

/// The value of `name`, if it was ever set.
pub async fn get(db: &impl ConnectionTrait, name: &str) -> Result<Option<String>, DbErr> {
    use sea_orm::sea_query::ExprTrait;
    let select = Query::select()
        .column(Alias::new("valor"))
        .from(Alias::new("ajustes"))
        .and_where(Expr::col(Alias::new("clave")).eq(name))
        .to_owned();
    match db.query_one(&select).await? {
        Some(row) => Ok(Some(row.try_get("", "valor")?)),
        None => Ok(None),
    }
}

/// The value of `name`, set to `value` first if it was never set (the first writer wins).
pub async fn secret_or(
    db: &impl ConnectionTrait,
    name: &str,
    value: &str,
) -> Result<String, DbErr> {
    let insert = Query::insert()
        .into_table(Alias::new("ajustes"))
        .columns([Alias::new("clave"), Alias::new("valor")])
        .values([name.into(), value.into()])
        .map_err(|e| DbErr::Custom(e.to_string()))?
        .on_conflict(
            OnConflict::column(Alias::new("clave"))
                .do_nothing()
                .to_owned(),
        )
        .to_owned();
    // A lost race inserts nothing, and that is the point: the first value stays.
    db.execute(&insert).await?;
    get(db, name)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(format!("setting {name}")))
}
