//! The one way a domain sends a notice: families owns blocking, so it is here that a notice
//! caused by someone learns who blocked them. Those recipients get it in the app only (no mail,
//! no push, nor its text in a summary), whatever domain it comes from. Domains never call
//! `notifications::notify` themselves (`layers` checks it).

use sea_orm::{ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QuerySelect};

use super::entities::bloqueo;
use crate::{
    notifications::{self, Notice},
    platform::live::Wake,
};

/// `notifications::notify`, with the recipients who blocked the notice's actor kept to the app.
pub async fn notify(
    txn: &DatabaseTransaction,
    recipients: &[String],
    mut notice: Notice,
) -> Result<Wake, DbErr> {
    if let Some(actor) = notice.actor_id.as_deref()
        && !recipients.is_empty()
    {
        let blockers: Vec<String> = bloqueo::Entity::find()
            .select_only()
            .column(bloqueo::Column::UsuarioId)
            .filter(bloqueo::Column::BloqueadoId.eq(actor))
            .filter(bloqueo::Column::UsuarioId.is_in(recipients.iter().cloned()))
            .into_tuple()
            .all(txn)
            .await?;
        notice.solo_app.extend(blockers);
    }
    notifications::notify(txn, recipients, notice).await
}
