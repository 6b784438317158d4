//! The private calendar feed: `GET /api/calendario/{token}.ics` answers, without a session, the
//! events the link's owner sees in every family of theirs and the custody blocks ("Lucía con
//! Ana": one per run of nights held by one parent, from exchange to exchange), from three months
//! back to twelve ahead, as RFC 5545 with times in UTC. The token is the credential: 256 random
//! bits, kept hashed, ended by regenerating or revoking the link, by closing or erasing the
//! account; a family the owner left or was removed from is no longer in it (docs/calendar.md).

pub mod entities;
pub mod ics;
pub mod link;

use std::time::Duration as StdDuration;

use axum::{
    extract::{Path, State},
    response::{IntoResponse, Response},
};
use chrono::{DateTime, Duration, Months, NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    custody::{self, plan::Plan},
    events::{self, OccurrenceView},
    today::people,
};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody},
    families::entities::{familia, miembro},
    i18n::{Lang, Msg},
    ids::{FamilyId, UserId},
    platform::{download::Download, rate_limit::Limit},
    request::ClientInfo,
    state::AppState,
};
use entities::enlace;
use ics::{Calendar, Event, When};

/// Calendar apps poll a feed every few minutes at most; anything faster from one address is
/// someone trying tokens.
const FEED_PER_IP: Limit = Limit {
    name: "calendar_feed_ip",
    max: 120,
    window: StdDuration::from_secs(600),
};

/// How far back and ahead the feed reaches.
const MONTHS_BACK: u32 = 3;
const MONTHS_AHEAD: u32 = 12;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(link::get_link, link::make_link, link::delete_link))
        .routes(routes!(get_feed))
}

/// The feed of the link's owner, as `text/calendar`. `archivo` is the token followed by `.ics`.
/// A token that is not (or no longer) a link answers 404.
#[utoipa::path(get, path = "/calendario/{archivo}", tag = "calendar",
    params(("archivo" = String, Path, description = "`<token>.ics`, as the link gives it")),
    responses(
        (status = 200, description = "the feed (RFC 5545)", content_type = "text/calendar", body = String),
        (status = 404, body = ErrorBody),
        (status = 429, body = ErrorBody),
    ))]
pub async fn get_feed(
    State(state): State<AppState>,
    client: ClientInfo,
    Path(archivo): Path<String>,
) -> ApiResult<Response> {
    state.limiter.hit(&FEED_PER_IP, &client.ip_key()).await?;
    let token = archivo
        .strip_suffix(".ics")
        .filter(|t| !t.is_empty() && t.len() <= 64)
        .ok_or_else(ApiError::not_found)?;
    let owner = owner(&state.db, token)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let body = build(&state.db, &owner, Utc::now()).await?;
    let mut response = body.into_response();
    // The feed changes with every event: apps poll it, nothing in between may keep it.
    Download::attachment("text/calendar; charset=utf-8", "nido.ics")
        .cache("no-store".to_owned())
        .apply(response.headers_mut());
    Ok(response)
}

/// The active user a token belongs to.
async fn owner(db: &impl ConnectionTrait, token: &str) -> ApiResult<Option<usuario::Model>> {
    let Some(link) = enlace::Entity::find()
        .filter(enlace::Column::TokenHash.eq(crate::ids::hash_secret(token)))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    Ok(usuario::Entity::find_by_id(&link.usuario_id)
        .one(db)
        .await?
        .filter(|u| u.desactivado_at.is_none()))
}

/// The whole feed of `user` at `now`.
pub async fn build(
    db: &DatabaseConnection,
    user: &usuario::Model,
    now: DateTime<Utc>,
) -> ApiResult<String> {
    let english = user.language == "en";
    let mut calendar = Calendar::new("-//Nido//Calendario 1.0//ES", "Nido");
    let desde = now
        .checked_sub_months(Months::new(MONTHS_BACK))
        .unwrap_or(now);
    let hasta = now
        .checked_add_months(Months::new(MONTHS_AHEAD))
        .unwrap_or(now);
    let me = UserId::new(&user.id);
    let families: Vec<FamilyId> = miembro::Entity::find()
        .filter(miembro::Column::UsuarioId.eq(&me))
        .order_by_asc(miembro::Column::CreatedAt)
        .all(db)
        .await?
        .into_iter()
        .map(|m| FamilyId::new(m.familia_id))
        .collect();
    for familia_id in families {
        let Some(family) = familia::Entity::find_by_id(familia_id.as_str())
            .one(db)
            .await?
        else {
            continue;
        };
        // A month at a time: a busy family never meets the per-query cap on occurrences.
        let mut from = desde;
        while from < hasta {
            let to = from
                .checked_add_months(Months::new(1))
                .unwrap_or(hasta)
                .min(hasta);
            for occurrence in events::occurrences(db, &familia_id, &me, from, to).await? {
                calendar.event(&event_of(&occurrence, now, english)?);
            }
            from = to;
        }
        custody_blocks(db, &mut calendar, &family, desde, hasta, now, english).await?;
    }
    Ok(calendar.finish())
}

fn event_of(o: &OccurrenceView, now: DateTime<Utc>, english: bool) -> ApiResult<Event> {
    let lang = if english { Lang::En } else { Lang::Es };
    let bad = || ApiError::internal(format!("event {}: unreadable occurrence", o.evento_id));
    let when = if o.todo_el_dia {
        When::AllDay {
            first: o.inicio.parse::<NaiveDate>().map_err(|_| bad())?,
            last: o.fin.parse::<NaiveDate>().map_err(|_| bad())?,
        }
    } else {
        When::Timed {
            start: o.instant,
            end: DateTime::parse_from_rfc3339(&o.fin)
                .map_err(|_| bad())?
                .with_timezone(&Utc),
        }
    };
    // A series' occurrences each get their own UID: the feed lists them expanded, in UTC, as
    // the server places them (a client's own reading of the rule could differ around
    // daylight-saving changes).
    let uid = match o.recurrencia {
        Some(_) => format!(
            "{}-{}@nido",
            o.evento_id,
            o.ocurrencia.replace(['-', ':'], "")
        ),
        None => format!("{}@nido", o.evento_id),
    };
    // An appointment recorded without its kind of visit is named for what it is.
    let summary = match (o.titulo.is_empty(), &o.origen) {
        (true, Some(origen)) if origen.tipo == crate::domain::OriginKind::Appointment => {
            Msg::CalendarAppointment.text(lang).to_owned()
        }
        _ => o.titulo.clone(),
    };
    // A series cut to what an answer takes says so where the app shows an event's notes.
    let description = match o.limitado {
        false => o.notas.clone(),
        true => {
            let note = Msg::CalendarSeriesLimited.text(lang);
            Some(match &o.notas {
                Some(notas) => format!("{notas}\n\n{note}"),
                None => note.to_owned(),
            })
        }
    };
    Ok(Event {
        uid,
        stamp: now,
        when,
        summary,
        location: o.lugar.clone(),
        description,
        category: Some(o.categoria.clone()),
        private: o.privado,
    })
}

/// One event per run of consecutive nights held by one parent, from the exchange that starts it
/// to the one that ends it, named for the children and the parent.
async fn custody_blocks(
    db: &impl ConnectionTrait,
    calendar: &mut Calendar,
    family: &familia::Model,
    desde: DateTime<Utc>,
    hasta: DateTime<Utc>,
    now: DateTime<Utc>,
    english: bool,
) -> ApiResult<()> {
    let zone = custody::zone_of(Some(&family.zona_horaria));
    let first = desde.with_timezone(&zone).date_naive();
    let last = hasta.with_timezone(&zone).date_naive();
    // A block under way when the span opens keeps its own start (and so its UID) by being
    // walked from a month earlier; blocks over before the span are left out.
    let lead = first - Duration::days(31);
    let plan = Plan::load(db, &family.id, zone, lead, last).await?;
    if plan.versions.is_empty() {
        return Ok(());
    }
    let runs: Vec<Run> = runs(&plan, lead, last)
        .into_iter()
        .filter(|r| r.last >= first)
        .collect();
    let names = people::first_names(db, runs.iter().map(|r| r.holder.clone())).await?;
    let children: Vec<String> = people::children(db, &FamilyId::new(&family.id))
        .await?
        .into_iter()
        .map(|c| c.nombre)
        .collect();
    let who = if children.is_empty() {
        if english {
            "The children"
        } else {
            "Los niños"
        }
        .to_owned()
    } else {
        people::join_names(&children, english)
    };
    for run in runs {
        let parent = names.get(&run.holder).cloned().unwrap_or_default();
        let summary = if english {
            format!("{who} with {parent}")
        } else {
            format!("{who} con {parent}")
        };
        calendar.event(&Event {
            uid: format!("custodia-{}-{}@nido", family.id, run.first.format("%Y%m%d")),
            stamp: now,
            when: When::Timed {
                start: plan.exchange_at(run.first),
                end: plan.exchange_at(run.last + Duration::days(1)),
            },
            summary,
            location: None,
            description: None,
            category: Some("custodia".to_owned()),
            private: false,
        });
    }
    Ok(())
}

/// Consecutive nights held by one parent.
#[derive(Debug, PartialEq, Eq)]
pub struct Run {
    pub holder: String,
    pub first: NaiveDate,
    pub last: NaiveDate,
}

/// The runs of nights from `first` to `last` (both included); nights that belong to nobody (before
/// the first schedule) end a run.
pub fn runs(plan: &Plan, first: NaiveDate, last: NaiveDate) -> Vec<Run> {
    let mut found: Vec<Run> = Vec::new();
    for date in first.iter_days().take_while(|d| *d <= last) {
        let Some(holder) = plan.actual(date) else {
            continue;
        };
        match found.last_mut() {
            Some(run) if run.holder == holder && run.last + Duration::days(1) == date => {
                run.last = date;
            }
            _ => found.push(Run {
                holder,
                first: date,
                last: date,
            }),
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::calendar::custody::{
        pattern::Pattern,
        plan::{DEFAULT_EXCHANGE, Version},
    };

    fn date(s: &str) -> NaiveDate {
        s.parse().expect("date")
    }

    #[test]
    fn a_swapped_night_splits_a_run_and_nights_before_the_schedule_make_none() {
        let plan = Plan {
            zone: "Europe/Madrid".parse().expect("zone"),
            versions: vec![Version {
                inicio: date("2026-03-02"),
                pattern: Pattern::parse("7-7", None).expect("pattern"),
                a: "ana".into(),
                b: "beto".into(),
                exchange: DEFAULT_EXCHANGE,
            }],
            periods: Vec::new(),
            swapped: HashMap::from([(date("2026-03-04"), "beto".to_owned())]),
        };
        let run = |holder: &str, first: &str, last: &str| Run {
            holder: holder.into(),
            first: date(first),
            last: date(last),
        };
        assert_eq!(
            runs(&plan, date("2026-02-27"), date("2026-03-12")),
            [
                run("ana", "2026-03-02", "2026-03-03"),
                run("beto", "2026-03-04", "2026-03-04"),
                run("ana", "2026-03-05", "2026-03-08"),
                run("beto", "2026-03-09", "2026-03-12"),
            ]
        );
    }
}
