//! What a swap's step tells: one notice kind (`custodia.cambio`) whose text is the step's.

use sea_orm::{DatabaseTransaction, DbErr, EntityTrait};

use crate::{
    db::entities::usuario,
    families,
    ids::FamilyId,
    notifications::{self, kinds},
    platform::live::Wake,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Asked(usize),
    Accepted,
    Declined,
    Countered,
    Expired,
}

fn texts(step: Step, actor: &str) -> (String, String) {
    match step {
        Step::Asked(n) => (
            format!(
                "{actor} te pidió un cambio de {n} {}.",
                if n == 1 { "noche" } else { "noches" }
            ),
            format!(
                "{actor} asked you to swap {n} {}.",
                if n == 1 { "night" } else { "nights" }
            ),
        ),
        Step::Accepted => (
            format!("{actor} aceptó tu pedido de cambio: el calendario cambió."),
            format!("{actor} accepted your swap request: the calendar changed."),
        ),
        Step::Declined => (
            format!("{actor} rechazó tu pedido de cambio."),
            format!("{actor} declined your swap request."),
        ),
        Step::Countered => (
            format!("{actor} respondió a tu pedido de cambio con otra propuesta."),
            format!("{actor} answered your swap request with a counter-offer."),
        ),
        Step::Expired => (
            "Un pedido de cambio venció sin respuesta: el calendario no cambió.".to_owned(),
            "A swap request expired unanswered: the calendar did not change.".to_owned(),
        ),
    }
}

/// Notifies `recipients` (those still in the family) of a step by `actor_id` (None: the
/// server's own, an expiry) on the request `cambio_id`. Inside the step's transaction.
pub async fn tell(
    txn: &DatabaseTransaction,
    familia_id: &FamilyId,
    cambio_id: &str,
    actor_id: Option<&str>,
    recipients: &[String],
    step: Step,
) -> Result<Wake, DbErr> {
    let actor = match actor_id {
        Some(id) => usuario::Entity::find_by_id(id)
            .one(txn)
            .await?
            .map(|u| format!("{} {}", u.nombre, u.apellido))
            .unwrap_or_default(),
        None => String::new(),
    };
    let (es, en) = texts(step, &actor);
    let members = families::member_ids(txn, familia_id).await?;
    let recipients: Vec<String> = recipients
        .iter()
        .filter(|r| members.contains(r))
        .cloned()
        .collect();
    let notice = notifications::Notice {
        kind: kinds::CUSTODY_SWAP,
        familia_id: Some(familia_id.to_string()),
        actor_id: actor_id.map(str::to_owned),
        datos: serde_json::json!({"actor": actor, "detalleEs": es, "detalleEn": en}),
        enlace: Some("/calendar".to_owned()),
        objeto_id: Some(cambio_id.to_owned()),
        solo_app: Vec::new(),
    };
    families::notices::notify(txn, &recipients, notice).await
}
