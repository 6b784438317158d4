//! Who hears of a new message, and how. A notice names who wrote and about which topic, never
//! the text. A sender's burst (more than `BURST_COUNT` messages within `BURST_WINDOW` in one
//! conversation) is told once; an emergency is always told, and goes out by mail and push even
//! in quiet hours. A recipient who blocked the author gets the notice in the app only, as with
//! every notice (`families::notices`).

use chrono::Duration;
use sea_orm::{ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, PaginatorTrait, QueryFilter};

use super::entities::{
    conversacion,
    mensaje::{self, EMERGENCY, URGENT},
};
use crate::{
    db::entities::usuario,
    families,
    notifications::{self, kinds},
    platform::live::Wake,
};

/// Messages a sender may send in `BURST_WINDOW` in one conversation, each notified.
pub const BURST_COUNT: u64 = 10;
pub const BURST_WINDOW: Duration = Duration::minutes(10);

/// The topic's name in Spanish and English, for the notice's text.
pub fn topic_names(tema: &str) -> (&'static str, &'static str) {
    match tema {
        "medico" => ("salud", "health"),
        "escuela" => ("la escuela", "school"),
        "actividades" => ("actividades", "activities"),
        "horarios" => ("horarios", "schedules"),
        "gastos" => ("gastos", "expenses"),
        _ => ("temas generales", "general matters"),
    }
}

/// What a message's notice is, given how many messages its sender sent just before it in the
/// window: None when it makes no notice (later messages of a burst).
pub fn kind_for(tipo: &str, sent_before_in_window: u64) -> Option<&'static str> {
    if tipo == EMERGENCY {
        return Some(kinds::MESSAGE_EMERGENCY);
    }
    match sent_before_in_window {
        n if n < BURST_COUNT => Some(if tipo == URGENT {
            kinds::MESSAGE_URGENT
        } else {
            kinds::MESSAGE_NEW
        }),
        BURST_COUNT => Some(kinds::MESSAGE_BURST),
        _ => None,
    }
}

/// Notifies the recipients of `message`, inside the send's transaction.
pub async fn tell(
    txn: &DatabaseTransaction,
    conversation: &conversacion::Model,
    author: &usuario::Model,
    message: &mensaje::Model,
    recipients: &[String],
) -> Result<Wake, DbErr> {
    if recipients.is_empty() {
        return Ok(Wake::none());
    }
    let before = mensaje::Entity::find()
        .filter(mensaje::Column::ConversacionId.eq(&conversation.id))
        .filter(mensaje::Column::AutorId.eq(&author.id))
        .filter(mensaje::Column::EnviadoAt.gt(message.enviado_at - BURST_WINDOW))
        .filter(mensaje::Column::Numero.lt(message.numero))
        .count(txn)
        .await?;
    let Some(kind) = kind_for(&message.tipo, before) else {
        return Ok(Wake::none());
    };
    let (tema_es, tema_en) = topic_names(&conversation.tema);
    let notice = notifications::Notice {
        kind,
        familia_id: Some(conversation.familia_id.clone()),
        actor_id: Some(author.id.clone()),
        datos: serde_json::json!({
            "actor": format!("{} {}", author.nombre, author.apellido),
            "temaEs": tema_es,
            "temaEn": tema_en,
        }),
        enlace: Some(format!("/messages/{}", conversation.id)),
        objeto_id: Some(message.id.clone()),
        solo_app: Vec::new(),
    };
    families::notices::notify(txn, recipients, notice).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_told_once_and_an_emergency_always() {
        assert_eq!(kind_for("normal", 0), Some(kinds::MESSAGE_NEW));
        assert_eq!(kind_for("normal", 9), Some(kinds::MESSAGE_NEW));
        assert_eq!(kind_for("urgente", 3), Some(kinds::MESSAGE_URGENT));
        assert_eq!(kind_for("normal", 10), Some(kinds::MESSAGE_BURST));
        assert_eq!(kind_for("urgente", 10), Some(kinds::MESSAGE_BURST));
        assert_eq!(kind_for("normal", 11), None);
        assert_eq!(kind_for("emergencia", 40), Some(kinds::MESSAGE_EMERGENCY));
    }
}
