//! Reminders of events: at each of an event's `recordatorios` (minutes before each occurrence), a
//! notice to everyone who sees it. A periodic job looks every minute; each reminder is claimed by
//! a row in `evento_avisos` (one per event, occurrence and offset), so several instances, or a
//! run repeated, send it once. A reminder more than `GRACE` late (the server was down) is
//! dropped: a "one week before" notice six days late would only confuse. Each event keeps when
//! the job must look at it next (`proximo_aviso`), so a run reads only the events with a reminder
//! due, not every series.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ColumnTrait, EntityTrait, QueryFilter, Set, TransactionTrait,
    sea_query::{Expr, OnConflict},
};

use super::{
    access::audience,
    entities::{aviso, evento},
    input::Fields,
};
use crate::{
    calendar::recurrence::Start,
    domain::Work,
    families,
    notifications::{Notice, kinds},
    platform::jobs::Periodic,
    state::AppState,
};

pub const GRACE: Duration = Duration::hours(1);
/// How far past the furthest reminder the next one is looked for; beyond, the event is looked at
/// again then.
const LOOKAHEAD: Duration = Duration::days(35);

pub fn periodic() -> Vec<(Periodic, Work)> {
    vec![(
        Periodic {
            kind: "calendario.recordatorios",
            every: Duration::minutes(1),
        },
        |state| {
            Box::pin(async move {
                send_due(&state, Utc::now()).await?;
                Ok(())
            })
        },
    )]
}

/// When the first reminder after `after` falls due; a time to look again when none falls within
/// the look-ahead but the series goes on past it; None when no reminder is left. `last` is the
/// series' last start instant (None when it never ends).
pub fn next_due(
    fields: &Fields,
    last: Option<DateTime<Utc>>,
    after: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let furthest = fields.recordatorios.iter().max().copied()?;
    let until = after + Duration::minutes(i64::from(furthest)) + LOOKAHEAD;
    let again = last.is_none_or(|l| l >= until).then_some(until);
    let Ok(series) = fields.series() else {
        return again;
    };
    let Ok(occurrences) = series.limited(after, until) else {
        return again;
    };
    occurrences
        .found
        .iter()
        .flat_map(|o| {
            let instant = o.instant.with_timezone(&Utc);
            fields
                .recordatorios
                .iter()
                .map(move |m| instant - Duration::minutes(i64::from(*m)))
        })
        .filter(|due| *due > after)
        .min()
        .or(again)
}

/// Sends the reminders due at `now` not sent yet; answers how many it sent.
pub async fn send_due(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let rows = evento::Entity::find()
        .filter(evento::Column::ProximoAviso.lte(now))
        .all(&state.db)
        .await?;
    let mut sent = 0;
    for row in rows {
        let furthest = |f: &Fields| f.recordatorios.iter().max().copied().unwrap_or(0);
        // One event that does not read (or a series too dense to walk) is logged and left out,
        // never keeping the others' reminders back; its occurrences are as the calendar shows
        // them (`Series::limited`).
        let read = Fields::of(&row)
            .map_err(|e| e.code().to_owned())
            .and_then(|fields| {
                let until =
                    now + Duration::minutes(i64::from(furthest(&fields))) + Duration::seconds(1);
                let found = fields
                    .series()
                    .and_then(|s| s.limited(now - GRACE, until))
                    .map_err(|m| m.code().to_owned())?
                    .found;
                Ok((fields, found))
            });
        let (fields, occurrences) = match read {
            Ok(read) => read,
            Err(code) => {
                tracing::error!(evento = %row.id, code, "an event's reminders cannot be worked out");
                set_next(state, &row, None).await?;
                continue;
            }
        };
        for occurrence in &occurrences {
            let instant = occurrence.instant.with_timezone(&Utc);
            for minutes in &fields.recordatorios {
                let due = instant - Duration::minutes(i64::from(*minutes));
                if due <= now
                    && due > now - GRACE
                    && send_one(state, &row, &fields, occurrence.start, *minutes).await?
                {
                    sent += 1;
                }
            }
        }
        set_next(state, &row, next_due(&fields, row.ultimo_inicio, now)).await?;
    }
    Ok(sent)
}

/// When the job looks at the event next, unless it changed meanwhile (the change set its own).
async fn set_next(
    state: &AppState,
    row: &evento::Model,
    next: Option<DateTime<Utc>>,
) -> Result<(), sea_orm::DbErr> {
    evento::Entity::update_many()
        .col_expr(evento::Column::ProximoAviso, Expr::value(next))
        .filter(evento::Column::Id.eq(&row.id))
        .filter(evento::Column::UpdatedAt.eq(row.updated_at))
        .exec(&state.db)
        .await?;
    Ok(())
}

/// Claims and sends one reminder in one transaction; false when another run had it.
async fn send_one(
    state: &AppState,
    row: &evento::Model,
    fields: &Fields,
    start: Start,
    minutes: i32,
) -> anyhow::Result<bool> {
    let txn = state.db.begin().await?;
    let claimed = aviso::Entity::insert(aviso::ActiveModel {
        evento_id: Set(row.id.clone()),
        ocurrencia: Set(start.to_string()),
        minutos: Set(minutes),
        enviado_at: Set(Utc::now()),
    })
    .on_conflict(
        OnConflict::columns([
            aviso::Column::EventoId,
            aviso::Column::Ocurrencia,
            aviso::Column::Minutos,
        ])
        .do_nothing()
        .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    if claimed == 0 {
        return Ok(false);
    }
    let cuando = match start {
        Start::Day(d) => d.format("%Y-%m-%d").to_string(),
        Start::At(t) => format!("{} ({})", t.format("%Y-%m-%d %H:%M"), fields.zona_horaria),
    };
    let recipients = audience(&txn, row).await?;
    let wake = families::notices::notify(
        &txn,
        &recipients,
        Notice {
            kind: kinds::EVENT_REMINDER,
            familia_id: Some(row.familia_id.clone()),
            actor_id: None,
            datos: serde_json::json!({"titulo": fields.titulo, "cuando": cuando, "minutos": minutes}),
            enlace: Some("/calendar".to_owned()),
            objeto_id: None,
            solo_app: Vec::new(),
        },
    )
    .await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(true)
}
