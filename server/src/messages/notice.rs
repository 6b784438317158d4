//! Who hears of a new message, and how. A notice names who wrote and about which topic, never
//! the text. A sender's burst to one person (more than `BURST_COUNT` messages to them within
//! `BURST_WINDOW`, in any of their conversations) is told to them once; an emergency is always
//! told, and goes out by mail and push even in quiet hours. A recipient who blocked the author
//! gets the notice in the app only, as with every notice (`families::notices`).

use std::collections::HashMap;

use chrono::Duration;
use sea_orm::{
    ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QuerySelect, QueryTrait,
    sea_query::{Expr, ExprTrait},
};

use super::{
    entities::{conversacion, mensaje, vista},
    vocabulary::{MessageType, Topic},
};
use crate::{
    db::entities::usuario,
    families,
    notifications::{self, kinds},
    platform::live::Wake,
    vocabulary::ClosedSet,
};

/// Messages a sender may send one person in `BURST_WINDOW`, across conversations, each notified.
pub const BURST_COUNT: u64 = 10;
pub const BURST_WINDOW: Duration = Duration::minutes(10);

/// The stored topic's name in Spanish and English, for the notice's text; one no version wrote
/// reads as general, so that the notice still goes out.
pub fn topic_names(tema: &str) -> (&'static str, &'static str) {
    Topic::from_wire(tema).unwrap_or(Topic::General).names()
}

/// What a message's notice is, given how many messages its sender sent just before it in the
/// window: None when it makes no notice (later messages of a burst).
pub fn kind_for(tipo: MessageType, sent_before_in_window: u64) -> Option<&'static str> {
    if tipo == MessageType::Emergency {
        return Some(kinds::MESSAGE_EMERGENCY);
    }
    match sent_before_in_window {
        n if n < BURST_COUNT => Some(if tipo == MessageType::Urgent {
            kinds::MESSAGE_URGENT
        } else {
            kinds::MESSAGE_NEW
        }),
        BURST_COUNT => Some(kinds::MESSAGE_BURST),
        _ => None,
    }
}

/// How many messages `author_id` sent each of `recipients` in the window before `message`, in
/// any conversation: one first-view row per recipient of each message says who received it. The
/// rule counts what reaches a person, so that 40 conversations of one message each do not mail
/// them 40 times when 40 messages in one conversation would not.
async fn sent_before(
    txn: &DatabaseTransaction,
    author_id: &str,
    message: &mensaje::Model,
    recipients: &[String],
) -> Result<HashMap<String, u64>, DbErr> {
    let recent = mensaje::Entity::find()
        .select_only()
        .column(mensaje::Column::Id)
        .filter(mensaje::Column::AutorId.eq(author_id))
        .filter(mensaje::Column::EnviadoAt.gt(message.enviado_at - BURST_WINDOW))
        .filter(mensaje::Column::Id.ne(&message.id))
        .into_query();
    let counts: Vec<(String, i64)> = vista::Entity::find()
        .select_only()
        .column(vista::Column::UsuarioId)
        .column_as(Expr::col(vista::Column::MensajeId).count(), "n")
        .filter(vista::Column::MensajeId.in_subquery(recent))
        .filter(vista::Column::UsuarioId.is_in(recipients.iter().cloned()))
        .group_by(vista::Column::UsuarioId)
        .into_tuple()
        .all(txn)
        .await?;
    Ok(counts
        .into_iter()
        .map(|(usuario_id, n)| (usuario_id, u64::try_from(n).unwrap_or(0)))
        .collect())
}

/// Notifies the recipients of `message`, inside the send's transaction: each by their own count
/// of the sender's recent messages, so one may get the burst notice while another is told of
/// each message. `professional` is the recipient who is the conversation's professional, if any.
pub async fn tell(
    txn: &DatabaseTransaction,
    conversation: &conversacion::Model,
    author: &usuario::Model,
    message: &mensaje::Model,
    recipients: &[String],
    professional: Option<&str>,
) -> Result<Wake, DbErr> {
    if recipients.is_empty() {
        return Ok(Wake::none());
    }
    let before = sent_before(txn, &author.id, message, recipients).await?;
    // The row was written from a checked type; anything else is told as a normal message.
    let tipo = MessageType::from_wire(&message.tipo).unwrap_or(MessageType::Normal);
    // A professional reads the conversation on their case's page, members in their messages.
    let members_link = format!("/messages/{}", conversation.id);
    let professional_link = format!("/casos/{}?vista=conversacion", conversation.familia_id);
    let mut by_kind: Vec<(&'static str, &str, Vec<String>)> = Vec::new();
    for recipient in recipients {
        let n = before.get(recipient).copied().unwrap_or(0);
        let Some(kind) = kind_for(tipo, n) else {
            continue;
        };
        let link = if professional == Some(recipient.as_str()) {
            professional_link.as_str()
        } else {
            members_link.as_str()
        };
        match by_kind
            .iter_mut()
            .find(|(k, l, _)| *k == kind && *l == link)
        {
            Some((_, _, people)) => people.push(recipient.clone()),
            None => by_kind.push((kind, link, vec![recipient.clone()])),
        }
    }
    if by_kind.is_empty() {
        return Ok(Wake::none());
    }
    let (tema_es, tema_en) = topic_names(&conversation.tema);
    let mut wake = Wake::none();
    for (kind, link, people) in by_kind {
        let notice = notifications::Notice {
            kind,
            familia_id: Some(conversation.familia_id.clone()),
            actor_id: Some(author.id.clone()),
            datos: serde_json::json!({
                "actor": format!("{} {}", author.nombre, author.apellido),
                "temaEs": tema_es,
                "temaEn": tema_en,
            }),
            enlace: Some(link.to_owned()),
            objeto_id: Some(message.id.clone()),
            solo_app: Vec::new(),
        };
        wake = wake.join(families::notices::notify(txn, &people, notice).await?);
    }
    Ok(wake)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_told_once_and_an_emergency_always() {
        use MessageType::{Emergency, Normal, Urgent};
        assert_eq!(kind_for(Normal, 0), Some(kinds::MESSAGE_NEW));
        assert_eq!(kind_for(Normal, 9), Some(kinds::MESSAGE_NEW));
        assert_eq!(kind_for(Urgent, 3), Some(kinds::MESSAGE_URGENT));
        assert_eq!(kind_for(Normal, 10), Some(kinds::MESSAGE_BURST));
        assert_eq!(kind_for(Urgent, 10), Some(kinds::MESSAGE_BURST));
        assert_eq!(kind_for(Normal, 11), None);
        assert_eq!(kind_for(Emergency, 40), Some(kinds::MESSAGE_EMERGENCY));
    }

    #[test]
    fn a_notice_names_the_topic_in_both_languages() {
        assert_eq!(topic_names("medico"), ("salud", "health"));
        assert_eq!(topic_names("gastos"), ("gastos", "expenses"));
        assert_eq!(
            topic_names("general"),
            ("temas generales", "general matters")
        );
        assert_eq!(topic_names("otro"), ("temas generales", "general matters"));
    }
}
