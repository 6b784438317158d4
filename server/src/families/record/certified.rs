//! The record part of a certified report: the entries written in a period, each with what its
//! reader may see of the content (the audience rule of `Stored::held_for`), and a signed
//! checkpoint that covers them, signed now when the latest one does not.

use chrono::{DateTime, SecondsFormat, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

use super::{
    chain::{Entry, Held},
    checkpoint::{self, CheckpointView},
    entities::entrada,
    verify,
};
use crate::{families::entities::miembro, platform::signing::Signer25519};

/// Whether a reader may see an entry's content. The report prints the content's hash either way
/// (the other parts tell it in words), so the text itself is not kept.
pub enum Shown {
    Content,
    Erased,
    Withheld,
}

pub struct RecordReport {
    /// By `seq`.
    pub entradas: Vec<(Entry, Shown)>,
    /// Covers every entry listed (and all before them).
    pub punto_de_control: Option<CheckpointView>,
}

pub async fn period(
    db: &impl ConnectionTrait,
    signer: &Signer25519,
    reader: &miembro::Model,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> Result<RecordReport, DbErr> {
    let familia_id = reader.familia_id.as_str();
    // `hora` is fixed-width RFC 3339 UTC, so text order is time order.
    let rows = entrada::Entity::find()
        .filter(entrada::Column::FamiliaId.eq(familia_id))
        .filter(entrada::Column::Hora.gte(start.to_rfc3339_opts(SecondsFormat::Millis, true)))
        .filter(entrada::Column::Hora.lt(end.to_rfc3339_opts(SecondsFormat::Millis, true)))
        .order_by_asc(entrada::Column::Seq)
        .all(db)
        .await?;
    let last = rows.last().map(|r| r.seq);
    let entradas = verify::stored_of(db, familia_id, rows)
        .await?
        .into_iter()
        .map(|(entry, stored)| {
            let shown = match stored.held_for(reader) {
                Held::Content(_) => Shown::Content,
                Held::Erased => Shown::Erased,
                Held::Withheld => Shown::Withheld,
            };
            (entry, shown)
        })
        .collect();
    // A checkpoint of `entradas` entries covers sequence numbers 1 to `entradas`.
    let covering = match (checkpoint::latest(db, familia_id).await?, last) {
        (Some(point), Some(last)) if point.entradas >= last => Some(point),
        (Some(point), None) => Some(point),
        _ => Some(checkpoint::sign_head(db, signer, familia_id).await?),
    };
    let punto_de_control = match covering {
        Some(point) => Some(checkpoint::view(db, point).await?),
        None => None,
    };
    Ok(RecordReport {
        entradas,
        punto_de_control,
    })
}
