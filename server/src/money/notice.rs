//! What money tells: a live `dinero` event to the family's co-parents so open screens reload, and
//! a notice to the other co-parents involved for each decision (two kinds, `dinero.gasto` and
//! `dinero.pago`, whose text is the step's, in both languages).

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter};

use super::settings::SettingsChanges;

use crate::{
    db::entities::usuario,
    families,
    i18n::Lang,
    ids::{FamilyId, UserId},
    notifications::{self, kinds},
    platform::live::{self, Wake},
};

/// Tells the family's co-parents that its money changed (ids only): the only ones money's own
/// routes show anything to, so a viewer's stream does not learn even when money moves.
pub async fn publish_change(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    what: live::MoneySubject,
) -> Result<Wake, DbErr> {
    let members = super::access::coparents(txn, familia_id).await?;
    let ids = live::MoneyIds {
        familia_id: familia_id.to_owned(),
        what,
    };
    live::publish(txn, &members, live::LiveEvent::Money(ids)).await
}

/// An amount in minor units written for people: `ARS 12.345,67` in Spanish, `ARS 12,345.67` in
/// English, with the currency's own number of decimals.
pub fn format_amount(monto: i64, moneda: &str, lang: Lang) -> String {
    let exponent = iso_currency::Currency::from_code(moneda)
        .and_then(|c| c.exponent())
        .unwrap_or(2) as u32;
    let (thousands, decimal) = match lang {
        Lang::Es => ('.', ','),
        Lang::En => (',', '.'),
    };
    let unit = 10i64.pow(exponent);
    let (whole, cents) = (monto.abs() / unit, monto.abs() % unit);
    let digits = whole.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(thousands);
        }
        grouped.push(c);
    }
    let sign = if monto < 0 { "-" } else { "" };
    if exponent == 0 {
        format!("{moneda} {sign}{grouped}")
    } else {
        format!(
            "{moneda} {sign}{grouped}{decimal}{cents:0width$}",
            width = exponent as usize
        )
    }
}

#[derive(Clone, Copy, Debug)]
pub enum ExpenseStep {
    /// Added; `to_answer`: it waits for the recipients' approval.
    Added {
        to_answer: bool,
    },
    Approved,
    /// Every approval is in: it counts.
    Counted,
    Refused,
    Disputed,
    /// The creator replied to a dispute.
    Replied,
    /// The creator took the dispute's proposal; `counts`: it now counts.
    ProposalAccepted {
        counts: bool,
    },
    Changed,
    Withdrawn,
    /// The insurer's refund was recorded.
    Refunded,
}

fn expense_texts(step: ExpenseStep, actor: &str, what: &str) -> (String, String) {
    match step {
        ExpenseStep::Added { to_answer: true } => (
            format!("{actor} cargó un gasto para que lo apruebes: {what}."),
            format!("{actor} added an expense for you to approve: {what}."),
        ),
        ExpenseStep::Added { to_answer: false } => (
            format!("{actor} cargó un gasto, aprobado automáticamente: {what}."),
            format!("{actor} added an expense, approved automatically: {what}."),
        ),
        ExpenseStep::Approved => (
            format!("{actor} aprobó el gasto {what}."),
            format!("{actor} approved the expense {what}."),
        ),
        ExpenseStep::Counted => (
            format!("{actor} aprobó el gasto {what}: ya cuenta en el balance."),
            format!("{actor} approved the expense {what}: it now counts in the balance."),
        ),
        ExpenseStep::Refused => (
            format!("{actor} rechazó el gasto {what}."),
            format!("{actor} refused the expense {what}."),
        ),
        ExpenseStep::Disputed => (
            format!("{actor} disputó el gasto {what} y propone otra cosa."),
            format!("{actor} disputed the expense {what} and proposes something else."),
        ),
        ExpenseStep::Replied => (
            format!("{actor} contestó la disputa del gasto {what}."),
            format!("{actor} replied to the dispute of the expense {what}."),
        ),
        ExpenseStep::ProposalAccepted { counts: true } => (
            format!("{actor} aceptó la propuesta para el gasto {what}: ya cuenta en el balance."),
            format!(
                "{actor} accepted the proposal for the expense {what}: it now counts in the balance."
            ),
        ),
        ExpenseStep::ProposalAccepted { counts: false } => (
            format!("{actor} aceptó la propuesta para el gasto {what}."),
            format!("{actor} accepted the proposal for the expense {what}."),
        ),
        ExpenseStep::Changed => (
            format!("{actor} cambió el gasto {what}."),
            format!("{actor} changed the expense {what}."),
        ),
        ExpenseStep::Refunded => (
            format!("{actor} registró el reintegro del gasto {what}: se reparte como el gasto."),
            format!(
                "{actor} recorded the refund of the expense {what}: it is split like the expense."
            ),
        ),
        ExpenseStep::Withdrawn => (
            format!("{actor} retiró el gasto {what}."),
            format!("{actor} withdrew the expense {what}."),
        ),
    }
}

#[derive(Clone, Copy, Debug)]
pub enum PaymentStep {
    /// Recorded by the payer: the receiver must confirm it.
    ToConfirm,
    /// Recorded by the receiver, who got it.
    Received,
    Confirmed,
    NotReceived,
}

fn payment_texts(step: PaymentStep, actor: &str, es: &str, en: &str) -> (String, String) {
    match step {
        PaymentStep::ToConfirm => (
            format!("{actor} registró un pago de {es} para ti: confírmalo cuando lo recibas."),
            format!("{actor} recorded a payment of {en} to you: confirm it once you receive it."),
        ),
        PaymentStep::Received => (
            format!("{actor} registró que recibió tu pago de {es}."),
            format!("{actor} recorded receiving your payment of {en}."),
        ),
        PaymentStep::Confirmed => (
            format!("{actor} confirmó que recibió tu pago de {es}."),
            format!("{actor} confirmed receiving your payment of {en}."),
        ),
        PaymentStep::NotReceived => (
            format!("{actor} indicó que no recibió tu pago de {es}."),
            format!("{actor} said your payment of {en} never arrived."),
        ),
    }
}

/// A step of the family's finance settings, for the other co-parents.
pub enum SettingsStep<'a> {
    /// Applied at once; `moneda` when the currency changed.
    Changed {
        moneda: Option<&'a str>,
        cambios: &'a SettingsChanges,
        /// The currency incomes are in.
        en: &'a str,
    },
    Proposed {
        cambios: &'a SettingsChanges,
        en: &'a str,
    },
    /// One of several accepted; others still have to.
    AcceptedByOne,
    /// The last acceptance: it applied.
    Applied {
        cambios: &'a SettingsChanges,
        en: &'a str,
    },
    Declined,
    Withdrawn,
    /// Accepted after its proposer stopped being a co-parent: it does not apply.
    Lapsed,
}

/// The changes as a list people read, in Spanish and English.
fn describe(
    moneda: Option<&str>,
    cambios: &SettingsChanges,
    en: &str,
    names: &HashMap<String, String>,
) -> (String, String) {
    let mut es_parts = Vec::new();
    let mut en_parts = Vec::new();
    if let Some(m) = moneda {
        es_parts.push(format!("moneda {m}"));
        en_parts.push(format!("currency {m}"));
    }
    for (code, monto) in &cambios.aprobacion_automatica {
        if *monto > 0 {
            es_parts.push(format!(
                "aprobación automática en {code} por debajo de {}",
                format_amount(*monto, code, Lang::Es)
            ));
            en_parts.push(format!(
                "automatic approval in {code} under {}",
                format_amount(*monto, code, Lang::En)
            ));
        } else {
            es_parts.push(format!("sin aprobación automática en {code}"));
            en_parts.push(format!("no automatic approval in {code}"));
        }
    }
    for (id, monto) in &cambios.ingresos {
        let name = names.get(id).map_or("", String::as_str);
        match monto {
            Some(v) => {
                es_parts.push(format!(
                    "ingreso de {name}: {}",
                    format_amount(*v, en, Lang::Es)
                ));
                en_parts.push(format!(
                    "{name}'s income: {}",
                    format_amount(*v, en, Lang::En)
                ));
            }
            None => {
                es_parts.push(format!("sin ingreso de {name}"));
                en_parts.push(format!("no income for {name}"));
            }
        }
    }
    (es_parts.join("; "), en_parts.join("; "))
}

fn settings_texts(
    step: &SettingsStep,
    actor: &str,
    names: &HashMap<String, String>,
) -> (String, String) {
    match step {
        SettingsStep::Changed {
            moneda,
            cambios,
            en,
        } => {
            let (es_list, en_list) = describe(*moneda, cambios, en, names);
            (
                format!("{actor} cambió los ajustes de finanzas: {es_list}."),
                format!("{actor} changed the finance settings: {en_list}."),
            )
        }
        SettingsStep::Proposed { cambios, en } => {
            let (es_list, en_list) = describe(None, cambios, en, names);
            (
                format!(
                    "{actor} propone cambiar los ajustes de finanzas: {es_list}. Se aplica cuando lo acepten todos los co-padres."
                ),
                format!(
                    "{actor} proposes changing the finance settings: {en_list}. It applies once every co-parent accepts."
                ),
            )
        }
        SettingsStep::AcceptedByOne => (
            format!("{actor} aceptó tu propuesta de cambio de los ajustes de finanzas; faltan otras respuestas."),
            format!("{actor} accepted your proposal to change the finance settings; others still have to answer."),
        ),
        SettingsStep::Applied { cambios, en } => {
            let (es_list, en_list) = describe(None, cambios, en, names);
            (
                format!("{actor} aceptó la propuesta y los ajustes de finanzas cambiaron: {es_list}."),
                format!("{actor} accepted the proposal and the finance settings changed: {en_list}."),
            )
        }
        SettingsStep::Declined => (
            format!("{actor} rechazó la propuesta de cambio de los ajustes de finanzas: no se aplica."),
            format!("{actor} declined the proposal to change the finance settings: it does not apply."),
        ),
        SettingsStep::Withdrawn => (
            format!("{actor} retiró su propuesta de cambio de los ajustes de finanzas."),
            format!("{actor} withdrew their proposal to change the finance settings."),
        ),
        SettingsStep::Lapsed => (
            "La propuesta de cambio de los ajustes de finanzas caducó: quien la hizo ya no es co-padre.".to_owned(),
            "The proposal to change the finance settings lapsed: whoever made it is no longer a co-parent.".to_owned(),
        ),
    }
}

/// Tells `recipients` (minus the actor, and only those still in the family) of a step of the
/// finance settings.
pub async fn tell_settings(
    txn: &DatabaseTransaction,
    familia_id: &FamilyId,
    actor_id: &UserId,
    recipients: &[String],
    step: SettingsStep<'_>,
) -> Result<Wake, DbErr> {
    let mut ids: Vec<String> = vec![actor_id.to_string()];
    if let SettingsStep::Changed { cambios, .. }
    | SettingsStep::Proposed { cambios, .. }
    | SettingsStep::Applied { cambios, .. } = &step
    {
        ids.extend(cambios.ingresos.keys().cloned());
    }
    let names: HashMap<String, String> = usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(ids))
        .all(txn)
        .await?
        .into_iter()
        .map(|u| (u.id, format!("{} {}", u.nombre, u.apellido)))
        .collect();
    let actor = names.get(actor_id.as_str()).cloned().unwrap_or_default();
    let (es, en) = settings_texts(&step, &actor, &names);
    let notice = notifications::Notice {
        kind: kinds::MONEY_SETTINGS,
        familia_id: Some(familia_id.to_string()),
        actor_id: Some(actor_id.to_string()),
        datos: serde_json::json!({"actor": actor, "detalleEs": es, "detalleEn": en}),
        enlace: Some("/finances?ajustes=1".to_owned()),
        objeto_id: None,
        solo_app: Vec::new(),
    };
    let members = super::access::coparents(txn, familia_id).await?;
    let mut recipients: Vec<String> = recipients
        .iter()
        .filter(|r| members.contains(r))
        .cloned()
        .collect();
    recipients.sort();
    recipients.dedup();
    families::notices::notify(txn, &recipients, notice).await
}

async fn actor_name(txn: &DatabaseTransaction, actor_id: &str) -> Result<String, DbErr> {
    Ok(usuario::Entity::find_by_id(actor_id)
        .one(txn)
        .await?
        .map(|u| format!("{} {}", u.nombre, u.apellido))
        .unwrap_or_default())
}

/// Only those still in the family hear of it.
async fn members_among(
    txn: &DatabaseTransaction,
    familia_id: &str,
    recipients: &[String],
) -> Result<Vec<String>, DbErr> {
    // Money is for co-parents: someone charged while a co-parent and made a viewer since hears
    // nothing more of it, as its routes show them nothing.
    let members = super::access::coparents(txn, familia_id).await?;
    Ok(recipients
        .iter()
        .filter(|r| members.contains(r))
        .cloned()
        .collect())
}

/// Notifies `recipients` (minus the actor) of a step of the expense `gasto_id`.
pub async fn tell_expense(
    txn: &DatabaseTransaction,
    familia_id: &FamilyId,
    gasto_id: &str,
    actor_id: &UserId,
    recipients: &[String],
    descripcion: &str,
    step: ExpenseStep,
) -> Result<Wake, DbErr> {
    let actor = actor_name(txn, actor_id).await?;
    let (es, en) = expense_texts(step, &actor, descripcion);
    let notice = notifications::Notice {
        kind: kinds::MONEY_EXPENSE,
        familia_id: Some(familia_id.to_string()),
        actor_id: Some(actor_id.to_string()),
        datos: serde_json::json!({
            "actor": actor, "descripcion": descripcion, "detalleEs": es, "detalleEn": en,
        }),
        enlace: Some(format!("/finances?gasto={gasto_id}")),
        objeto_id: Some(gasto_id.to_owned()),
        solo_app: Vec::new(),
    };
    let recipients = members_among(txn, familia_id, recipients).await?;
    families::notices::notify(txn, &recipients, notice).await
}

/// Notifies the other side of the payment `pago_id` of a step.
#[allow(clippy::too_many_arguments)]
pub async fn tell_payment(
    txn: &DatabaseTransaction,
    familia_id: &FamilyId,
    pago_id: &str,
    actor_id: &UserId,
    recipient: &str,
    monto: i64,
    moneda: &str,
    step: PaymentStep,
) -> Result<Wake, DbErr> {
    let actor = actor_name(txn, actor_id).await?;
    let (monto_es, monto_en) = (
        format_amount(monto, moneda, Lang::Es),
        format_amount(monto, moneda, Lang::En),
    );
    let (es, en) = payment_texts(step, &actor, &monto_es, &monto_en);
    let notice = notifications::Notice {
        kind: kinds::MONEY_PAYMENT,
        familia_id: Some(familia_id.to_string()),
        actor_id: Some(actor_id.to_string()),
        datos: serde_json::json!({
            "actor": actor, "montoEs": monto_es, "montoEn": monto_en,
            "detalleEs": es, "detalleEn": en,
        }),
        enlace: Some(format!("/finances?pago={pago_id}")),
        objeto_id: Some(pago_id.to_owned()),
        solo_app: Vec::new(),
    };
    let recipients = members_among(txn, familia_id, &[recipient.to_owned()]).await?;
    families::notices::notify(txn, &recipients, notice).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_in_each_language_with_the_currencys_decimals() {
        assert_eq!(format_amount(1234567, "ARS", Lang::Es), "ARS 12.345,67");
        assert_eq!(format_amount(1234567, "ARS", Lang::En), "ARS 12,345.67");
        assert_eq!(format_amount(5, "EUR", Lang::Es), "EUR 0,05");
        assert_eq!(format_amount(1500, "JPY", Lang::En), "JPY 1,500");
        assert_eq!(format_amount(1234, "KWD", Lang::En), "KWD 1.234");
    }
}
