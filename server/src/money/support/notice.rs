//! What child support tells: a step by one parent to the other (`cuota.aviso`, whose text is
//! the step's), and an overdue due to both (`cuota.vencida`).

use chrono::NaiveDate;
use sea_orm::{DatabaseTransaction, DbErr, EntityTrait};

use super::{coparents, entities::cuota};
use crate::{
    db::entities::usuario,
    families,
    notifications::{self, kinds},
    platform::live::Wake,
};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Created,
    Changed,
    Adjusted {
        monto: String,
        desde: NaiveDate,
    },
    PaymentToConfirm {
        monto: String,
    },
    PaymentRecorded {
        monto: String,
    },
    PaymentConfirmed {
        monto: String,
    },
    PaymentNotReceived {
        monto: String,
    },
    /// A change that waits for the recipient's consent, as texts of what it would do.
    Proposed {
        es: String,
        en: String,
    },
    ProposalAccepted,
    ProposalDeclined,
    ProposalWithdrawn,
}

fn texts(step: &Step, actor: &str) -> (String, String) {
    match step {
        Step::Created => (
            format!("{actor} registró una cuota alimentaria."),
            format!("{actor} set up child support."),
        ),
        Step::Changed => (
            format!("{actor} cambió la cuota alimentaria."),
            format!("{actor} changed the child support."),
        ),
        Step::Adjusted { monto, desde } => (
            format!("{actor} ajustó la cuota alimentaria a {monto} desde el {desde}."),
            format!("{actor} adjusted the child support to {monto} from {desde}."),
        ),
        Step::PaymentToConfirm { monto } => (
            format!("{actor} registró un pago de cuota de {monto}: confirma si lo recibiste."),
            format!(
                "{actor} recorded a support payment of {monto}: confirm whether you received it."
            ),
        ),
        Step::PaymentRecorded { monto } => (
            format!("{actor} registró que recibió un pago de cuota de {monto}."),
            format!("{actor} recorded receiving a support payment of {monto}."),
        ),
        Step::PaymentConfirmed { monto } => (
            format!("{actor} confirmó que recibió tu pago de cuota de {monto}."),
            format!("{actor} confirmed receiving your support payment of {monto}."),
        ),
        Step::Proposed { es, en } => (
            format!("{actor} propone {es}: no se aplica hasta que lo aceptes."),
            format!("{actor} proposes to {en}: it does not apply until you accept."),
        ),
        Step::ProposalAccepted => (
            format!("{actor} aceptó tu propuesta de cambio de la cuota alimentaria: ya se aplica."),
            format!("{actor} accepted your proposed change to the child support: it applies now."),
        ),
        Step::ProposalDeclined => (
            format!(
                "{actor} rechazó tu propuesta de cambio de la cuota alimentaria: sigue como estaba."
            ),
            format!(
                "{actor} declined your proposed change to the child support: it stays as it was."
            ),
        ),
        Step::ProposalWithdrawn => (
            format!("{actor} retiró su propuesta de cambio de la cuota alimentaria."),
            format!("{actor} withdrew their proposed change to the child support."),
        ),
        Step::PaymentNotReceived { monto } => (
            format!("{actor} indicó que no recibió tu pago de cuota de {monto}."),
            format!("{actor} said your support payment of {monto} did not arrive."),
        ),
    }
}

/// The agreement's other party (payer or payee, whoever `actor_id` is not), if still a
/// co-parent of the family.
pub async fn other_party(
    txn: &DatabaseTransaction,
    row: &cuota::Model,
    actor_id: &str,
) -> Result<Vec<String>, DbErr> {
    let members = coparents(txn, &row.familia_id).await?;
    Ok([&row.pagador_id, &row.beneficiario_id]
        .into_iter()
        .flatten()
        .filter(|id| id.as_str() != actor_id && members.contains(id))
        .cloned()
        .collect())
}

/// Tells `recipients` of a step by `actor_id`. Inside the step's transaction.
pub async fn tell(
    txn: &DatabaseTransaction,
    row: &cuota::Model,
    actor_id: &str,
    recipients: &[String],
    step: Step,
) -> Result<Wake, DbErr> {
    let actor = usuario::Entity::find_by_id(actor_id)
        .one(txn)
        .await?
        .map(|u| format!("{} {}", u.nombre, u.apellido))
        .unwrap_or_default();
    let (es, en) = texts(&step, &actor);
    let notice = notifications::Notice {
        kind: kinds::SUPPORT_STEP,
        familia_id: Some(row.familia_id.clone()),
        actor_id: Some(actor_id.to_owned()),
        datos: serde_json::json!({"actor": actor, "detalleEs": es, "detalleEn": en}),
        enlace: Some("/finances".to_owned()),
        objeto_id: Some(row.id.clone()),
        solo_app: Vec::new(),
    };
    families::notices::notify(txn, recipients, notice).await
}

/// Tells both parents that a due is overdue. Inside the claim's transaction.
pub async fn overdue(
    txn: &DatabaseTransaction,
    row: &cuota::Model,
    parents: &[String],
    periodo: &str,
    vence: NaiveDate,
    falta: &str,
) -> Result<Wake, DbErr> {
    let notice = notifications::Notice {
        kind: kinds::SUPPORT_OVERDUE,
        familia_id: Some(row.familia_id.clone()),
        actor_id: None,
        datos: serde_json::json!({
            "periodo": periodo,
            "vence": vence.format("%Y-%m-%d").to_string(),
            "falta": falta,
        }),
        enlace: Some("/finances".to_owned()),
        objeto_id: Some(row.id.clone()),
        solo_app: Vec::new(),
    };
    families::notices::notify(txn, parents, notice).await
}
