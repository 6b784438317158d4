//! What money tells: a live `dinero` event to the family's members so open screens reload, and
//! a notice to the other co-parents involved for each decision (two kinds, `dinero.gasto` and
//! `dinero.pago`, whose text is the step's, in both languages).

use sea_orm::{ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait};

use crate::{
    db::entities::usuario,
    families,
    i18n::Lang,
    notifications::{self, kinds},
    platform::live::{self, Wake},
};

/// Tells the family's members that its money changed (ids only).
pub async fn publish_change(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    data: serde_json::Value,
) -> Result<Wake, DbErr> {
    let members = families::member_ids(txn, familia_id).await?;
    let mut data = data;
    if let Some(object) = data.as_object_mut() {
        object.insert("familiaId".into(), familia_id.into());
    }
    live::publish(txn, &members, "dinero", data).await
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
    let members = families::member_ids(txn, familia_id).await?;
    Ok(recipients
        .iter()
        .filter(|r| members.contains(r))
        .cloned()
        .collect())
}

/// Notifies `recipients` (minus the actor) of a step of the expense `gasto_id`.
pub async fn tell_expense(
    txn: &DatabaseTransaction,
    familia_id: &str,
    gasto_id: &str,
    actor_id: &str,
    recipients: &[String],
    descripcion: &str,
    step: ExpenseStep,
) -> Result<Wake, DbErr> {
    let actor = actor_name(txn, actor_id).await?;
    let (es, en) = expense_texts(step, &actor, descripcion);
    let notice = notifications::Notice {
        kind: kinds::MONEY_EXPENSE,
        familia_id: Some(familia_id.to_owned()),
        actor_id: Some(actor_id.to_owned()),
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
    familia_id: &str,
    pago_id: &str,
    actor_id: &str,
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
        familia_id: Some(familia_id.to_owned()),
        actor_id: Some(actor_id.to_owned()),
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
