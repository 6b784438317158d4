//! Mail and push for new notices, after the change that made them commits (a job per `notify`).
//! Each recipient gets what their preferences ask for, in their language; discreet mode says only
//! that something is new. Push goes at once; the mail waits `NIDO_MAIL_DELAY_SECONDS` (a job
//! due then, `MAIL_JOB`) and is dropped if the notice was read meanwhile, in the centre or by
//! opening what it is about: someone reading live is not mailed what they just saw. Urgent kinds
//! and emergencies never wait. A mail that comes due in quiet hours still goes: the notice came
//! outside them, and holding it would push it a second time when they end. In the recipient's quiet hours (their time zone) a notice is held
//! (`retenida`) unless its kind is urgent; when the hours end, one mail and one push tell what
//! came in meanwhile. A kind that is `siempre` (an emergency) goes by mail and push whatever the
//! recipient chose for it.

use chrono::{DateTime, NaiveTime, Utc};
use chrono_tz::Tz;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::Expr,
};
use serde::{Deserialize, Serialize};

use super::{
    entities::{ajuste, notificacion},
    kinds,
    mail::{self, NoticeMail},
    preferences::{ReleasePayload, choices_of, settings_of},
    push::PushMessage,
    push_out, unsubscribe,
};
use crate::{db::entities::usuario, i18n::Lang, platform::jobs, state::AppState};

pub const JOB: &str = "notificaciones.entregar";
/// The mails that waited, due `NIDO_MAIL_DELAY_SECONDS` after their notices.
pub const MAIL_JOB: &str = "notificaciones.correo";

#[derive(Debug, Serialize, Deserialize)]
pub struct Payload {
    pub ids: Vec<String>,
}

/// Whether `now` falls in the user's quiet hours, counted on their wall clock. A window whose
/// start is after its end crosses midnight (22:00–07:00).
pub fn in_quiet_hours(settings: &ajuste::Model, zona_horaria: &str, now: DateTime<Utc>) -> bool {
    let parse = |t: &Option<String>| {
        t.as_deref()
            .and_then(|t| NaiveTime::parse_from_str(t, "%H:%M").ok())
    };
    let (Some(desde), Some(hasta)) = (
        parse(&settings.silencio_desde),
        parse(&settings.silencio_hasta),
    ) else {
        return false;
    };
    let zone: Tz = zona_horaria.parse().unwrap_or(chrono_tz::UTC);
    let time = now.with_timezone(&zone).time();
    if desde < hasta {
        desde <= time && time < hasta
    } else {
        time >= desde || time < hasta
    }
}

/// Whether a notice waits for the user's quiet hours to end: an urgent one never does.
fn held_back(
    urgent: bool,
    settings: &ajuste::Model,
    zona_horaria: &str,
    now: DateTime<Utc>,
) -> bool {
    !urgent && in_quiet_hours(settings, zona_horaria, now)
}

fn lang_of(user: &usuario::Model) -> Lang {
    Lang::parse(&user.language).unwrap_or_default()
}

/// The delivery job: each notice once, as its recipient chose.
pub async fn run(state: &AppState, payload: Payload) -> anyhow::Result<()> {
    let now = Utc::now();
    let mut waiting = Vec::new();
    for id in payload.ids {
        if deliver(state, &id, now).await? == Mail::Waits {
            waiting.push(id);
        }
    }
    if !waiting.is_empty() {
        jobs::enqueue(
            &state.db,
            MAIL_JOB,
            &Payload { ids: waiting },
            now + state.config.mail_delay,
            None,
        )
        .await?;
    }
    Ok(())
}

/// The waiting-mail job: the mails of its notices that are still unread.
pub async fn run_mail(state: &AppState, payload: Payload) -> anyhow::Result<()> {
    for id in payload.ids {
        mail_waiting(state, &id).await?;
    }
    Ok(())
}

/// Sends every waiting mail due at `now` (its notice older than the delay) whose notice is still
/// unread, and drops the others; gives back how many it mailed. The jobs do the same for their
/// own notices when due; this lets a test or an operator move the clock.
pub async fn mail_due(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let due: Vec<String> = notificacion::Entity::find()
        .select_only()
        .column(notificacion::Column::Id)
        .filter(notificacion::Column::Entrega.eq(notificacion::MAIL_WAITING))
        .filter(notificacion::Column::Creada.lte(now - state.config.mail_delay))
        .order_by_asc(notificacion::Column::Creada)
        .limit(500)
        .into_tuple()
        .all(&state.db)
        .await?;
    let mut mailed = 0;
    for id in due {
        if mail_waiting(state, &id).await? {
            mailed += 1;
        }
    }
    Ok(mailed)
}

/// One waiting mail: claimed first (so two runs never both send it), then sent if the notice is
/// still unread and its recipient still wants it. Answers whether it was mailed.
async fn mail_waiting(state: &AppState, id: &str) -> anyhow::Result<bool> {
    let ids = [id.to_owned()];
    if set_delivery(
        &state.db,
        &ids,
        notificacion::MAIL_WAITING,
        notificacion::SENT,
    )
    .await?
        == 0
    {
        return Ok(false);
    }
    let Some(notice) = notificacion::Entity::find_by_id(id).one(&state.db).await? else {
        return Ok(false);
    };
    if notice.leida_at.is_some() {
        return Ok(false);
    }
    let Some(user) = usuario::Entity::find_by_id(&notice.usuario_id)
        .one(&state.db)
        .await?
    else {
        return Ok(false);
    };
    let wants_mail = choices_of(&state.db, &user.id)
        .await?
        .get(&notice.tipo)
        .is_none_or(|choice| choice.0);
    if user.desactivado_at.is_some() || !wants_mail {
        return Ok(false);
    }
    let settings = settings_of(&state.db, &user.id).await?;
    let datos = serde_json::from_str(&notice.datos).unwrap_or_default();
    let (titulo, texto) = kinds::render(&notice.tipo, &datos, lang_of(&user));
    let enlace = notice.enlace.as_deref().unwrap_or("/notifications");
    mail_notice(
        state,
        &user,
        &settings,
        &notice.tipo,
        &titulo,
        &texto,
        enlace,
    )
    .await?;
    Ok(true)
}

/// What became of a notice's mail in `deliver`.
#[derive(PartialEq, Eq)]
enum Mail {
    /// Sent, held with the rest in quiet hours, or not wanted.
    Settled,
    /// Waiting for `MAIL_JOB`.
    Waits,
}

async fn set_delivery(
    db: &impl ConnectionTrait,
    ids: &[String],
    from: &str,
    to: &str,
) -> Result<u64, DbErr> {
    Ok(notificacion::Entity::update_many()
        .col_expr(notificacion::Column::Entrega, Expr::value(to))
        .filter(notificacion::Column::Id.is_in(ids.iter().cloned()))
        .filter(notificacion::Column::Entrega.eq(from))
        .exec(db)
        .await?
        .rows_affected)
}

async fn deliver(state: &AppState, id: &str, now: DateTime<Utc>) -> anyhow::Result<Mail> {
    // A second run of the job finds it delivered (or read and gone) and does nothing.
    let Some(notice) = notificacion::Entity::find_by_id(id)
        .filter(notificacion::Column::Entrega.eq(notificacion::PENDING))
        .one(&state.db)
        .await?
    else {
        return Ok(Mail::Settled);
    };
    let ids = [notice.id.clone()];
    let Some(user) = usuario::Entity::find_by_id(&notice.usuario_id)
        .one(&state.db)
        .await?
    else {
        return Ok(Mail::Settled);
    };
    let settings = settings_of(&state.db, &user.id).await?;
    let kind = kinds::find(&notice.tipo);
    let urgent = kind.is_some_and(|k| k.urgente);
    let always = kind.is_some_and(|k| k.siempre);
    if held_back(urgent, &settings, &user.zona_horaria, now) {
        set_delivery(&state.db, &ids, notificacion::PENDING, notificacion::HELD).await?;
        return Ok(Mail::Settled);
    }
    let mut mail = Mail::Settled;
    // A closed account keeps its notices in case it comes back, but hears nothing.
    if user.desactivado_at.is_none() {
        let (email, push) = if always {
            (true, true)
        } else {
            choices_of(&state.db, &user.id)
                .await?
                .get(&notice.tipo)
                .copied()
                .unwrap_or((true, true))
        };
        let lang = lang_of(&user);
        let datos = serde_json::from_str(&notice.datos).unwrap_or_default();
        let (titulo, texto) = kinds::render(&notice.tipo, &datos, lang);
        let enlace = notice
            .enlace
            .clone()
            .unwrap_or_else(|| "/notifications".to_owned());
        let waits =
            email && !urgent && !always && state.config.mail_delay > chrono::Duration::zero();
        if waits {
            mail = Mail::Waits;
        } else if email {
            mail_notice(
                state,
                &user,
                &settings,
                &notice.tipo,
                &titulo,
                &texto,
                &enlace,
            )
            .await?;
        }
        if push {
            let message = if settings.discreto {
                push_out::discreet(lang)
            } else {
                PushMessage {
                    titulo,
                    texto,
                    enlace,
                    etiqueta: notice.id.clone(),
                }
            };
            push_out::send(state, &user.id, message).await;
        }
    }
    let next = match mail {
        Mail::Waits => notificacion::MAIL_WAITING,
        Mail::Settled => notificacion::SENT,
    };
    set_delivery(&state.db, &ids, notificacion::PENDING, next).await?;
    Ok(mail)
}

async fn mail_notice(
    state: &AppState,
    user: &usuario::Model,
    settings: &ajuste::Model,
    tipo: &str,
    titulo: &str,
    texto: &str,
    enlace: &str,
) -> anyhow::Result<()> {
    let Some(to) = usuario::mailbox(user, &user.email) else {
        return Ok(());
    };
    let lang = lang_of(user);
    let (open, mut stop_line) = labels(lang);
    // An emergency's mail cannot be stopped: its link offers the other mails instead, and says so.
    let mut stops = tipo;
    if kinds::find(tipo).is_some_and(|k| k.siempre) {
        stops = unsubscribe::ALL_MAIL;
        stop_line = match lang {
            Lang::Es => {
                "Las emergencias llegan siempre y no se pueden desactivar. ¿No quieres los demás emails? Date de baja aquí:"
            }
            Lang::En => {
                "Emergencies always arrive and cannot be turned off. Don't want the other emails? Unsubscribe here:"
            }
        };
    }
    let discreet_text = kinds::discreet_text(lang);
    let (subject, body, path) = if settings.discreto {
        (discreet_text, discreet_text, "/notifications")
    } else {
        (titulo, texto, enlace)
    };
    let notice = NoticeMail {
        lang,
        discreet: settings.discreto,
        stops,
        subject,
        body: &[body],
        open: (open, path),
        stop_line,
    };
    mail::send(state, user, to, notice).await
}

fn labels(lang: Lang) -> (&'static str, &'static str) {
    match lang {
        Lang::Es => (
            "Abrir en Nido",
            "¿No quieres recibir estos emails? Date de baja aquí:",
        ),
        Lang::En => ("Open in Nido", "Don't want these emails? Unsubscribe here:"),
    }
}

pub async fn run_release(state: &AppState, payload: ReleasePayload) -> anyhow::Result<()> {
    release_user(state, &payload.usuario_id, Utc::now()).await?;
    Ok(())
}

/// The periodic look: every user with held notices whose quiet hours are over at `now` gets
/// them, gathered in one mail and one push. Gives back how many users it sent to.
pub async fn release_due(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let users: Vec<String> = notificacion::Entity::find()
        .select_only()
        .column(notificacion::Column::UsuarioId)
        .distinct()
        .filter(notificacion::Column::Entrega.eq(notificacion::HELD))
        .limit(500)
        .into_tuple()
        .all(&state.db)
        .await?;
    let mut sent = 0;
    for usuario_id in users {
        if release_user(state, &usuario_id, now).await? {
            sent += 1;
        }
    }
    Ok(sent)
}

/// Sends what the user's quiet hours held, unless they are still on. Answers whether it did.
async fn release_user(
    state: &AppState,
    usuario_id: &str,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let Some(user) = usuario::Entity::find_by_id(usuario_id)
        .one(&state.db)
        .await?
    else {
        return Ok(false);
    };
    let settings = settings_of(&state.db, usuario_id).await?;
    if in_quiet_hours(&settings, &user.zona_horaria, now) {
        return Ok(false);
    }
    let held = notificacion::Entity::find()
        .filter(notificacion::Column::UsuarioId.eq(usuario_id))
        .filter(notificacion::Column::Entrega.eq(notificacion::HELD))
        .order_by_asc(notificacion::Column::Creada)
        .all(&state.db)
        .await?;
    if held.is_empty() {
        return Ok(false);
    }
    if user.desactivado_at.is_none() {
        let choices = choices_of(&state.db, usuario_id).await?;
        let choice = |tipo: &str| match kinds::find(tipo) {
            Some(kind) if kind.siempre => (true, true),
            _ => choices.get(tipo).copied().unwrap_or((true, true)),
        };
        let lang = lang_of(&user);
        // What they already read in the app needs no mail.
        let fresh: Vec<&notificacion::Model> =
            held.iter().filter(|n| n.leida_at.is_none()).collect();
        let to_mail: Vec<String> = fresh
            .iter()
            .filter(|n| choice(&n.tipo).0)
            .map(|n| {
                let datos = serde_json::from_str(&n.datos).unwrap_or_default();
                kinds::render(&n.tipo, &datos, lang).0
            })
            .collect();
        if !to_mail.is_empty() {
            mail_held(state, &user, &settings, &to_mail).await?;
        }
        let pushes = fresh.iter().filter(|n| choice(&n.tipo).1).count();
        if pushes > 0 {
            let message = if settings.discreto {
                push_out::discreet(lang)
            } else {
                let texto = away_text(lang, pushes);
                PushMessage {
                    titulo: "Nido".to_owned(),
                    texto,
                    enlace: "/notifications".to_owned(),
                    etiqueta: "retenidas".to_owned(),
                }
            };
            push_out::send(state, usuario_id, message).await;
        }
    }
    let ids: Vec<String> = held.into_iter().map(|n| n.id).collect();
    set_delivery(&state.db, &ids, notificacion::HELD, notificacion::SENT).await?;
    Ok(true)
}

fn away_text(lang: Lang, n: usize) -> String {
    match (lang, n) {
        (Lang::Es, 1) => "Mientras no estabas: 1 aviso nuevo".to_owned(),
        (Lang::Es, n) => format!("Mientras no estabas: {n} avisos nuevos"),
        (Lang::En, 1) => "While you were away: 1 new notice".to_owned(),
        (Lang::En, n) => format!("While you were away: {n} new notices"),
    }
}

async fn mail_held(
    state: &AppState,
    user: &usuario::Model,
    settings: &ajuste::Model,
    titles: &[String],
) -> anyhow::Result<()> {
    let Some(to) = usuario::mailbox(user, &user.email) else {
        return Ok(());
    };
    let lang = lang_of(user);
    let subject = away_text(lang, titles.len());
    let (open, stop_line) = labels(lang);
    let list: Vec<String> = titles.iter().map(|t| format!("• {t}")).collect();
    let body: Vec<&str> = if settings.discreto {
        vec![kinds::discreet_text(lang)]
    } else {
        std::iter::once(subject.as_str())
            .chain(list.iter().map(String::as_str))
            .collect()
    };
    let notice = NoticeMail {
        lang,
        discreet: settings.discreto,
        stops: unsubscribe::ALL_MAIL,
        subject: if settings.discreto {
            kinds::discreet_text(lang)
        } else {
            &subject
        },
        body: &body,
        open: (open, "/notifications"),
        stop_line,
    };
    mail::send(state, user, to, notice).await
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn quiet(desde: &str, hasta: &str) -> ajuste::Model {
        ajuste::Model {
            usuario_id: "u".to_owned(),
            silencio_desde: Some(desde.to_owned()),
            silencio_hasta: Some(hasta.to_owned()),
            discreto: false,
            resumen: ajuste::SummaryFrequency::Weekly.as_str().to_owned(),
            resumen_enviado: None,
        }
    }

    /// 12:00 UTC plus `hours`, which is 09:00 plus `hours` in Buenos Aires (UTC-3).
    fn at(hours: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 24, 12, 0, 0)
            .single()
            .map(|t| t + chrono::Duration::hours(hours))
            .unwrap_or_default()
    }

    #[test]
    fn quiet_hours_count_on_the_users_wall_clock_and_may_cross_midnight() {
        let zone = "America/Argentina/Buenos_Aires";
        let night = quiet("22:00", "07:00");
        assert!(!in_quiet_hours(&night, zone, at(0)), "09:00");
        assert!(in_quiet_hours(&night, zone, at(13)), "22:00");
        assert!(in_quiet_hours(&night, zone, at(15)), "00:00");
        assert!(in_quiet_hours(&night, zone, at(21)), "06:00");
        assert!(!in_quiet_hours(&night, zone, at(22)), "07:00 ends it");
        let nap = quiet("13:00", "15:00");
        assert!(in_quiet_hours(&nap, zone, at(4)), "13:00");
        assert!(!in_quiet_hours(&nap, zone, at(6)), "15:00");
        assert!(!in_quiet_hours(&nap, "UTC", at(4)), "16:00 in UTC");
        let none = ajuste::Model {
            silencio_desde: None,
            silencio_hasta: None,
            ..night
        };
        assert!(!in_quiet_hours(&none, zone, at(15)));
    }

    #[test]
    fn only_urgent_notices_pass_through_quiet_hours() {
        let zone = "America/Argentina/Buenos_Aires";
        let night = quiet("22:00", "07:00");
        assert!(held_back(false, &night, zone, at(15)), "00:00, not urgent");
        assert!(!held_back(true, &night, zone, at(15)), "00:00, urgent");
        assert!(!held_back(false, &night, zone, at(0)), "09:00");
    }
}
