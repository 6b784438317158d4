//! The summary mail, daily or weekly (weekly unless the user chose otherwise): what is unread,
//! and one line per family about its record's latest signed checkpoint, for the parent to keep.
//! It is due one period after the user's registration or their last summary, so a new user does
//! not get one at once.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, JoinType, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Expr, ExprTrait, Func, SimpleExpr},
};

use super::{
    centre::unread_count,
    entities::{ajuste, notificacion},
    kinds,
    mail::{self, NoticeMail},
    preferences::{save_settings, settings_of},
    unsubscribe,
};
use crate::{db::entities::usuario, domain, i18n::Lang, state::AppState};

const LISTED: u64 = 20;
const BATCH: u64 = 200;

/// Users whose summary is due at `now`.
async fn due_users(
    state: &AppState,
    now: DateTime<Utc>,
) -> Result<Vec<usuario::Model>, sea_orm::DbErr> {
    let settings = ajuste::Entity::belongs_to(usuario::Entity)
        .from(ajuste::Column::UsuarioId)
        .to(usuario::Column::Id)
        .into();
    let last: SimpleExpr = Func::coalesce([
        Expr::col((ajuste::Entity, ajuste::Column::ResumenEnviado)),
        Expr::col((usuario::Entity, usuario::Column::CreatedAt)),
    ])
    .into();
    let choice: SimpleExpr = Func::coalesce([
        Expr::col((ajuste::Entity, ajuste::Column::Resumen)),
        Expr::val(ajuste::SummaryFrequency::Weekly.as_str()),
    ])
    .into();
    let due = Condition::any()
        .add(
            Condition::all()
                .add(ExprTrait::eq(
                    choice.clone(),
                    ajuste::SummaryFrequency::Weekly.as_str(),
                ))
                .add(last.clone().lte(now - Duration::days(7))),
        )
        .add(
            Condition::all()
                .add(ExprTrait::eq(
                    choice,
                    ajuste::SummaryFrequency::Daily.as_str(),
                ))
                .add(last.lte(now - Duration::days(1))),
        );
    usuario::Entity::find()
        .join(JoinType::LeftJoin, sea_orm::RelationDef::rev(settings))
        .filter(usuario::Column::DesactivadoAt.is_null())
        .filter(due)
        .order_by_asc(usuario::Column::CreatedAt)
        .limit(BATCH)
        .all(&state.db)
        .await
}

/// Sends every summary due at `now`; gives back how many it sent.
pub async fn send_due(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let users = due_users(state, now).await?;
    let mut sent = 0;
    for user in users {
        send_summary(state, &user).await?;
        let mut settings = settings_of(&state.db, &user.id).await?;
        settings.resumen_enviado = Some(now);
        save_settings(&state.db, settings).await?;
        sent += 1;
    }
    Ok(sent)
}

struct Texts {
    subject: &'static str,
    nothing: &'static str,
    record: &'static str,
}

fn texts(lang: Lang) -> Texts {
    match lang {
        Lang::Es => Texts {
            subject: "Tu resumen de Nido",
            nothing: "No tienes avisos sin leer.",
            record: "El registro de tus familias, firmado por Nido (guarda estas líneas: muestran que no cambió):",
        },
        Lang::En => Texts {
            subject: "Your Nido summary",
            nothing: "You have no unread notices.",
            record: "Your families' record, signed by Nido (keep these lines: they show it did not change):",
        },
    }
}

fn unread_text(lang: Lang, n: u64) -> String {
    match (lang, n) {
        (Lang::Es, 1) => "Tienes 1 aviso sin leer:".to_owned(),
        (Lang::Es, n) => format!("Tienes {n} avisos sin leer:"),
        (Lang::En, 1) => "You have 1 unread notice:".to_owned(),
        (Lang::En, n) => format!("You have {n} unread notices:"),
    }
}

async fn send_summary(state: &AppState, user: &usuario::Model) -> anyhow::Result<()> {
    let Some(to) = usuario::mailbox(user, &user.email) else {
        return Ok(());
    };
    let lang = Lang::parse(&user.language).unwrap_or_default();
    let settings = settings_of(&state.db, &user.id).await?;
    let t = texts(lang);
    let total = unread_count(&state.db, &user.id).await?;
    let mut body = Vec::new();
    if total == 0 {
        body.push(t.nothing.to_owned());
    } else {
        body.push(unread_text(lang, total));
    }
    // Discreet mode: how many, never what or who.
    if !settings.discreto {
        let unread = notificacion::Entity::find()
            .filter(notificacion::Column::UsuarioId.eq(&user.id))
            .filter(notificacion::Column::LeidaAt.is_null())
            // What someone they blocked caused stays in the app, its words too.
            .filter(notificacion::Column::Entrega.ne(notificacion::IN_APP_ONLY))
            .order_by_desc(notificacion::Column::Creada)
            .limit(LISTED)
            .all(&state.db)
            .await?;
        for notice in unread {
            let datos = serde_json::from_str(&notice.datos).unwrap_or_default();
            body.push(format!("• {}", kinds::render(&notice.tipo, &datos, lang).0));
        }
        let mut lines = Vec::new();
        for d in domain::all() {
            lines.extend(
                d.summary_lines(state, user)
                    .await
                    .map_err(|e| anyhow::anyhow!("summary lines: {}", e.code()))?,
            );
        }
        if !lines.is_empty() {
            body.push(t.record.to_owned());
            body.extend(lines);
        }
    }
    let (open, stop_line) = match lang {
        Lang::Es => (
            "Abrir Nido",
            "¿No quieres recibir este resumen? Date de baja aquí:",
        ),
        Lang::En => ("Open Nido", "Don't want this summary? Unsubscribe here:"),
    };
    let body: Vec<&str> = body.iter().map(String::as_str).collect();
    let notice = NoticeMail {
        lang,
        discreet: settings.discreto,
        stops: unsubscribe::SUMMARY,
        subject: t.subject,
        body: &body,
        open: (open, "/notifications"),
        stop_line,
    };
    mail::send(state, user, to, notice).await
}
