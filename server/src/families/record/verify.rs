//! Verifying a family's record as stored: every entry's hash and link, every present content's
//! hash, the head row, and the latest checkpoint's signature and place in the chain. The server
//! checks every content itself, whoever asks; a reader is only told how many they may not read.

use std::collections::HashMap;

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    Audience,
    chain::{ChainCheck, Entry, Held},
    checkpoint::{self, CheckpointView},
    entities::{cabeza, contenido, entrada},
};
use crate::families::entities::miembro;

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
    /// Entries whose content is not for this reader (money for co-parents, a conversation for
    /// its participants...): the server checked it against its hash all the same.
    pub contenido_reservado: i64,
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

/// An entry's content as stored (None once erased), and who may read it.
#[derive(Debug)]
pub struct Stored {
    pub content: Option<String>,
    pub audience: Audience,
}

impl Stored {
    /// What `reader` is shown of it.
    pub fn held_for(&self, reader: &miembro::Model) -> Held<'_> {
        match &self.content {
            None => Held::Erased,
            Some(text) if self.audience.admits(reader) => Held::Content(text),
            Some(_) => Held::Withheld,
        }
    }

    fn held(&self) -> Held<'_> {
        Held::stored(self.content.as_deref())
    }
}

/// Entries with `after < seq`, ascending, at most `limit`, each with its stored content.
pub async fn entries_after(
    db: &impl ConnectionTrait,
    familia_id: &str,
    after: i64,
    limit: u64,
) -> Result<Vec<(Entry, Stored)>, DbErr> {
    let rows = entrada::Entity::find()
        .filter(entrada::Column::FamiliaId.eq(familia_id))
        .filter(entrada::Column::Seq.gt(after))
        .order_by_asc(entrada::Column::Seq)
        .limit(limit)
        .all(db)
        .await?;
    stored_of(db, familia_id, rows).await
}

/// These entries of the family with their stored content and its audience.
pub async fn stored_of(
    db: &impl ConnectionTrait,
    familia_id: &str,
    rows: Vec<entrada::Model>,
) -> Result<Vec<(Entry, Stored)>, DbErr> {
    let seqs: Vec<i64> = rows.iter().map(|r| r.seq).collect();
    let mut contents: HashMap<i64, contenido::Model> = contenido::Entity::find()
        .filter(contenido::Column::FamiliaId.eq(familia_id))
        .filter(contenido::Column::Seq.is_in(seqs))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.seq, c))
        .collect();
    Ok(rows
        .into_iter()
        .map(|row| {
            let stored = match contents.remove(&row.seq) {
                Some(c) => Stored {
                    content: c.contenido,
                    audience: Audience::from_columns(&c.audiencia, &c.lectores),
                },
                // A missing content row reads as erased, as it always has: the entry's own
                // hash still links the chain.
                None => Stored {
                    content: None,
                    audience: Audience::CoParents,
                },
            };
            (entry_of(row), stored)
        })
        .collect())
}

/// These entries with their content as stored (None once erased), whoever may read it: for a
/// domain that has already decided its reader may (a conversation's print for its participants).
pub async fn contents_of(
    db: &impl ConnectionTrait,
    familia_id: &str,
    rows: Vec<entrada::Model>,
) -> Result<Vec<(Entry, Option<String>)>, DbErr> {
    Ok(stored_of(db, familia_id, rows)
        .await?
        .into_iter()
        .map(|(entry, stored)| (entry, stored.content))
        .collect())
}

/// Checks the family's record; with a `reader`, also counts the entries whose content is not
/// for them (None: the server's own check, as the benchmarks and tests ask).
pub async fn verify(
    db: &impl ConnectionTrait,
    familia_id: &str,
    reader: Option<&miembro::Model>,
) -> Result<Verification, DbErr> {
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
    let mut withheld = 0;
    let mut after = 0;
    loop {
        let page = entries_after(db, familia_id, after, PAGE).await?;
        let Some((last, _)) = page.last() else { break };
        after = last.seq;
        // Entries past the head read above were appended after it: the next verification,
        // reading a newer head, walks them.
        let mut past_head = false;
        for (entry, stored) in &page {
            if entry.seq > bound {
                past_head = true;
                break;
            }
            check.push(entry, stored.held());
            if reader.is_some_and(|r| matches!(stored.held_for(r), Held::Withheld)) {
                withheld += 1;
            }
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
        contenido_reservado: withheld,
        punto_de_control,
    })
}
