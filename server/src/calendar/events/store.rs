//! Writing events: rows from checked fields, and what every change brings along in its
//! transaction (the family record, the live event to those who see it).

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter,
    sea_query::Expr,
};
use serde_json::{Value, json};

use super::{
    access::{audience, record_audience},
    entities::evento,
    input::{Fields, start_list},
    reminders,
};
use crate::ids::{FamilyId, UserId};
use crate::{
    error::ApiResult,
    families::record::{self, Act, Kind},
    ids,
    platform::live::{self, Wake},
};

/// The columns that follow from the fields.
fn fill(row: &mut evento::ActiveModel, fields: &Fields, now: DateTime<Utc>) -> ApiResult<()> {
    let (first, last) = fields.bounds()?;
    row.titulo = Set(fields.titulo.clone());
    row.tipo = Set(fields.tipo.into());
    row.categoria = Set(fields.categoria.into());
    row.inicio = Set(fields.inicio.to_string());
    row.fin = Set(fields.fin.to_string());
    row.todo_el_dia = Set(fields.todo_el_dia());
    row.zona_horaria = Set(fields.zona_horaria.clone());
    row.recurrencia = Set(fields.recurrencia.clone());
    row.excepciones = Set(start_list(&fields.excepciones));
    row.fechas_extra = Set(start_list(&fields.fechas_extra));
    row.hijos = Set(Value::from(fields.hijos.clone()).to_string());
    row.lugar = Set(fields.lugar.clone());
    row.notas = Set(fields.notas.clone());
    row.privado = Set(fields.privado);
    row.recordatorios = Set(Value::from(fields.recordatorios.clone()).to_string());
    row.primer_inicio = Set(first);
    row.ultimo_inicio = Set(last);
    row.proximo_aviso = Set(reminders::next_due(fields, last, now));
    row.updated_at = Set(now);
    Ok(())
}

/// The first statement of a change to an event: a write, so on PostgreSQL it holds the event's
/// row until commit and on SQLite the transaction holds the only writer lock before it reads
/// anything (a read first could not become a write while another writer waits). A second change
/// of the same event waits here, then reads the first one's result.
pub async fn lock(txn: &impl ConnectionTrait, evento_id: &str) -> Result<(), DbErr> {
    evento::Entity::update_many()
        .col_expr(
            evento::Column::UpdatedAt,
            Expr::col(evento::Column::UpdatedAt),
        )
        .filter(evento::Column::Id.eq(evento_id))
        .exec(txn)
        .await?;
    Ok(())
}

/// Stores a new event.
pub async fn insert(
    txn: &impl ConnectionTrait,
    familia_id: &FamilyId,
    autor_id: &UserId,
    fields: &Fields,
    taken_from: Option<(&str, Option<String>)>,
) -> ApiResult<evento::Model> {
    let now = Utc::now();
    let mut row = evento::ActiveModel {
        id: Set(ids::new_id()),
        familia_id: Set(familia_id.to_string()),
        autor_id: Set(Some(autor_id.to_string())),
        serie_id: Set(taken_from.as_ref().map(|(id, _)| (*id).to_owned())),
        ocurrencia: Set(taken_from.and_then(|(_, o)| o)),
        created_at: Set(now),
        ..Default::default()
    };
    fill(&mut row, fields, now)?;
    Ok(evento::Entity::insert(row).exec_with_returning(txn).await?)
}

/// Stores new fields for an event.
pub async fn update(
    txn: &impl ConnectionTrait,
    row: &evento::Model,
    fields: &Fields,
) -> ApiResult<evento::Model> {
    let mut active: evento::ActiveModel = row.clone().into();
    fill(&mut active, fields, Utc::now())?;
    Ok(evento::Entity::update(active).exec(txn).await?)
}

/// Writes the act to the family record and tells those who see the event (before and after the
/// change) to refresh their calendars. A private event's entry names neither its title nor its
/// times, and its content is its author's alone (`access::record_audience`): the entry itself is
/// read by every member.
pub async fn announce(
    txn: &impl ConnectionTrait,
    kind: Kind,
    actor: &str,
    rows: &[&evento::Model],
    detail: Value,
) -> Result<Wake, DbErr> {
    let Some(main) = rows.first() else {
        return Ok(Wake::none());
    };
    let content = if main.privado {
        json!({"eventoId": main.id, "privado": true, "detalle": detail})
    } else {
        json!({
            "eventoId": main.id,
            "titulo": main.titulo,
            "inicio": main.inicio,
            "zonaHoraria": main.zona_horaria,
            "recurrencia": main.recurrencia,
            "detalle": detail,
        })
    };
    let mut subjects = vec![record::user_subject(actor)];
    for row in rows {
        if let Ok(hijos) = serde_json::from_str::<Vec<String>>(&row.hijos) {
            subjects.extend(hijos.iter().map(|h| record::child_subject(h)));
        }
    }
    subjects.sort();
    subjects.dedup();
    record::append(
        txn,
        &main.familia_id,
        Act {
            kind,
            actor: Some(actor),
            content,
            subjects,
            audience: record_audience(main),
        },
    )
    .await?;
    let mut recipients = Vec::new();
    for row in rows {
        recipients.extend(audience(txn, row).await?);
    }
    recipients.sort();
    recipients.dedup();
    live::publish(
        txn,
        &recipients,
        live::LiveEvent::CalendarEvents(live::CalendarEventIds {
            familia_id: main.familia_id.clone(),
            evento_id: main.id.clone(),
        }),
    )
    .await
}
