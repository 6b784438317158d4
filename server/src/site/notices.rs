//! The operator's side of the status page: incidents and maintenance windows, managed with
//! `nido status add|resolve|list` against the same database the servers use.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set,
    sea_query::Expr,
};

use super::entities::aviso;
use crate::ids;

pub enum NewNotice {
    Incident,
    Maintenance {
        starts: DateTime<Utc>,
        ends: Option<DateTime<Utc>>,
    },
}

/// Publishes a notice and gives back its id.
pub async fn add(
    db: &DatabaseConnection,
    kind: NewNotice,
    title: &str,
    description: &str,
) -> anyhow::Result<String> {
    let title = title.trim();
    anyhow::ensure!(
        !title.is_empty() && title.chars().count() <= 200,
        "the title must have 1 to 200 characters"
    );
    let now = Utc::now();
    let (tipo, desde, hasta) = match kind {
        NewNotice::Incident => (aviso::INCIDENT, now, None),
        NewNotice::Maintenance { starts, ends } => {
            anyhow::ensure!(
                ends.is_none_or(|e| e > starts),
                "the maintenance must end after it starts"
            );
            (aviso::MAINTENANCE, starts, ends)
        }
    };
    let row = aviso::ActiveModel {
        id: Set(ids::new_id()),
        tipo: Set(tipo.to_owned()),
        titulo: Set(title.to_owned()),
        descripcion: Set(description.trim().to_owned()),
        desde: Set(desde),
        hasta: Set(hasta),
        resuelto_at: Set(None),
        created_at: Set(now),
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// Marks an incident resolved, or a maintenance window done or called off.
pub async fn resolve(db: &DatabaseConnection, id: &str) -> anyhow::Result<()> {
    let result = aviso::Entity::update_many()
        .col_expr(aviso::Column::ResueltoAt, Expr::value(Utc::now()))
        .filter(aviso::Column::Id.eq(id))
        .filter(aviso::Column::ResueltoAt.is_null())
        .exec(db)
        .await?;
    anyhow::ensure!(
        result.rows_affected == 1,
        "no open notice has the id {id} (see `nido status list`)"
    );
    Ok(())
}

/// Every notice, newest first, one line each.
pub async fn list(db: &DatabaseConnection) -> anyhow::Result<Vec<String>> {
    let rows = aviso::Entity::find()
        .order_by_desc(aviso::Column::Desde)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let state = match r.resuelto_at {
                Some(at) => format!("resolved {}", at.to_rfc3339()),
                None => "open".to_owned(),
            };
            let until = r
                .hasta
                .map(|h| format!(" until {}", h.to_rfc3339()))
                .unwrap_or_default();
            format!(
                "{}  {:<13} {}{}  [{}]  {}",
                r.id,
                r.tipo,
                r.desde.to_rfc3339(),
                until,
                state,
                r.titulo
            )
        })
        .collect())
}
