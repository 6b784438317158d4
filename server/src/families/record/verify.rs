//! Verifying a family's record as stored: every entry's hash and link, every present content's
//! hash, the head row, and the latest checkpoint's signature and place in the chain.

use std::collections::HashMap;

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    chain::{ChainCheck, Entry},
    checkpoint::{self, CheckpointView},
    entities::{cabeza, contenido, entrada},
};

/// Entries read per query: bounds memory on a long record.
const PAGE: u64 = 500;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    /// Every entry holds, links to the one before, and agrees with the head and the checkpoint.
    pub valido: bool,
    pub entradas: i64,
    /// The sequence number of the first entry that does not hold (or is missing), or null.
    pub primer_error: Option<i64>,
    /// Entries whose content was erased (an erased account, a purged child): their hash still
    /// links the chain, so they are not errors.
    pub contenido_borrado: i64,
    /// The latest signed checkpoint, or null before the first.
    pub punto_de_control: Option<CheckpointView>,
}

pub fn entry_of(row: entrada::Model) -> Entry {
    Entry {
        familia: row.familia_id,
        seq: row.seq,
        tipo: row.tipo,
        actor: row.actor,
        hora: row.hora,
        contenido: row.contenido_hash,
        previo: row.previo,
        hash: row.hash,
    }
}

/// Entries with `after < seq`, ascending, at most `limit`, each with its content (None once erased).
pub async fn entries_after(
    db: &impl ConnectionTrait,
    familia_id: &str,
    after: i64,
    limit: u64,
) -> Result<Vec<(Entry, Option<String>)>, DbErr> {
    let rows = entrada::Entity::find()
        .filter(entrada::Column::FamiliaId.eq(familia_id))
        .filter(entrada::Column::Seq.gt(after))
        .order_by_asc(entrada::Column::Seq)
        .limit(limit)
        .all(db)
        .await?;
    contents_of(db, familia_id, rows).await
}

pub async fn contents_of(
    db: &impl ConnectionTrait,
    familia_id: &str,
    rows: Vec<entrada::Model>,
) -> Result<Vec<(Entry, Option<String>)>, DbErr> {
    let seqs: Vec<i64> = rows.iter().map(|r| r.seq).collect();
    let mut contents: HashMap<i64, Option<String>> = contenido::Entity::find()
        .filter(contenido::Column::FamiliaId.eq(familia_id))
        .filter(contenido::Column::Seq.is_in(seqs))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.seq, c.contenido))
        .collect();
    Ok(rows
        .into_iter()
        .map(|row| {
            let content = contents.remove(&row.seq).flatten();
            (entry_of(row), content)
        })
        .collect())
}

pub async fn verify(db: &impl ConnectionTrait, familia_id: &str) -> Result<Verification, DbErr> {
    // Read in this order, each no older than the one before: appends committed meanwhile only add
    // entries past the head that was read, which the walk leaves for the next verification.
    let point = checkpoint::latest(db, familia_id).await?;
    // Without a head row every entry is walked, and any entry there disagrees with the missing
    // head (a family with no entry has no head row either).
    let (bound, head_count, head_hash) =
        match cabeza::Entity::find_by_id(familia_id).one(db).await? {
            Some(head) => (head.entradas, head.entradas, head.hash),
            None => (i64::MAX, 0, super::chain::GENESIS.to_owned()),
        };
    let mut check = ChainCheck::new(
        familia_id,
        point.as_ref().map(|p| (p.entradas, p.cabeza.clone())),
    );
    let mut after = 0;
    loop {
        let page = entries_after(db, familia_id, after, PAGE).await?;
        let Some((last, _)) = page.last() else { break };
        after = last.seq;
        // Entries past the head read above were appended after it: the next verification,
        // reading a newer head, walks them.
        let mut past_head = false;
        for (entry, content) in &page {
            if entry.seq > bound {
                past_head = true;
                break;
            }
            check.push(entry, content.as_deref());
        }
        if past_head || (page.len() as u64) < PAGE {
            break;
        }
    }
    let check = check.finish(Some((head_count, head_hash.as_str())));
    let punto_de_control = match point {
        Some(p) => Some(checkpoint::view(db, p).await?),
        None => None,
    };
    let signature_holds = punto_de_control.as_ref().is_none_or(|p| p.firma_valida);
    Ok(Verification {
        valido: check.valid() && signature_holds,
        entradas: check.entries,
        primer_error: check.first_error,
        contenido_borrado: check.erased,
        punto_de_control,
    })
}
