//! The family record: one append-only, hash-chained list per family of the acts a parent may one
//! day need to prove. Every domain appends in the same transaction as the act (`append`); the
//! content stays erasable beside the chain, which keeps only its hash; checkpoints sign the head.
//! docs/record.md documents the bytes.

pub mod chain;
pub mod checkpoint;
pub mod entities;
pub mod export;
pub mod routes;
pub mod verify;

use chrono::{SecondsFormat, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
    sea_query::{Expr, ExprTrait, OnConflict},
};
use serde_json::Value;

use entities::{cabeza, contenido, entrada};

/// The kinds of entry written today; later domains add theirs.
pub mod kinds {
    pub const FAMILY_CREATED: &str = "familia.creada";
    /// Its name or time zone changed.
    pub const FAMILY_CHANGED: &str = "familia.cambiada";
    pub const MEMBER_JOINED: &str = "miembro.unido";
    pub const MEMBER_LEFT: &str = "miembro.salio";
    pub const MEMBER_REMOVED: &str = "miembro.eliminado";
    pub const MEMBER_CHANGED: &str = "miembro.cambiado";
    pub const CHILD_CREATED: &str = "hijo.creado";
    pub const CHILD_CHANGED: &str = "hijo.modificado";
    pub const CHILD_DELETED: &str = "hijo.eliminado";
    pub const CHILD_RESTORED: &str = "hijo.restaurado";
    pub const CHILD_PURGED: &str = "hijo.purgado";
    pub const CONVERSATION_CREATED: &str = "conversacion.creada";
    pub const MESSAGE_SENT: &str = "mensaje.enviado";
    /// A recipient's first view of one or more messages.
    pub const MESSAGE_SEEN: &str = "mensaje.visto";
    pub const EVENT_CREATED: &str = "evento.creado";
    pub const EVENT_CHANGED: &str = "evento.modificado";
    pub const EVENT_CANCELLED: &str = "evento.cancelado";
    /// A custody schedule set from a date on.
    pub const CUSTODY_SET: &str = "custodia.definida";
    /// A holiday period added or removed.
    pub const CUSTODY_PERIOD: &str = "custodia.periodo";
    pub const SWAP_REQUESTED: &str = "cambio.pedido";
    pub const SWAP_ACCEPTED: &str = "cambio.aceptado";
    pub const SWAP_DECLINED: &str = "cambio.rechazado";
    pub const SWAP_COUNTERED: &str = "cambio.contraoferta";
    pub const SWAP_EXPIRED: &str = "cambio.vencido";
    pub const HANDOVER_RECORDED: &str = "entrega.registrada";
    /// A family's finance settings changed.
    pub const MONEY_SETTINGS: &str = "finanzas.cambiadas";
    /// A change of them that waits for the other co-parents' consent.
    pub const MONEY_PROPOSAL: &str = "finanzas.propuesta";
    /// Accepted (by one, or by the last, which applies it), declined or withdrawn.
    pub const MONEY_PROPOSAL_ANSWERED: &str = "finanzas.propuesta.respondida";
    pub const EXPENSE_CREATED: &str = "gasto.creado";
    pub const EXPENSE_CHANGED: &str = "gasto.modificado";
    pub const EXPENSE_WITHDRAWN: &str = "gasto.retirado";
    /// An answer (approved, refused, disputed), with the state it left the expense in.
    pub const EXPENSE_ANSWERED: &str = "gasto.respondido";
    pub const EXPENSE_RECEIPT: &str = "gasto.recibo";
    /// A monthly expense stopped: by a co-parent, or because its people changed.
    pub const EXPENSE_SERIES_STOPPED: &str = "gasto.recurrente_detenido";
    pub const EXPENSE_REFUND: &str = "gasto.reintegro";
    pub const PAYMENT_RECORDED: &str = "pago.registrado";
    /// Confirmed or not received.
    pub const PAYMENT_ANSWERED: &str = "pago.respondido";
    pub const PAYMENT_PROOF: &str = "pago.comprobante";
    /// An emergency card share link made, revoked, or opened by someone holding it.
    pub const CARD_LINK_CREATED: &str = "tarjeta.creada";
    pub const CARD_LINK_REVOKED: &str = "tarjeta.revocada";
    pub const CARD_LINK_OPENED: &str = "tarjeta.abierta";
    pub const DOCUMENT_UPLOADED: &str = "documento.subido";
    /// A new version of a document's file.
    pub const DOCUMENT_VERSION: &str = "documento.version";
    pub const DOCUMENT_DOWNLOADED: &str = "documento.descargado";
    pub const DOCUMENT_CHANGED: &str = "documento.modificado";
    pub const DOCUMENT_DELETED: &str = "documento.eliminado";
    pub const DOCUMENT_RESTORED: &str = "documento.restaurado";
    pub const DOCUMENT_PURGED: &str = "documento.purgado";
}

/// Whom an act's content concerns: erasing them erases the content (never the entry).
pub fn user_subject(id: &str) -> String {
    format!("usuario:{id}")
}

pub fn child_subject(id: &str) -> String {
    format!("hijo:{id}")
}

/// One act to record.
pub struct Act<'a> {
    pub kind: &'a str,
    /// The user who acted; None for the server's own work (an erasure that fell due).
    pub actor: Option<&'a str>,
    pub content: Value,
    /// `user_subject` / `child_subject` of everyone the content is about.
    pub subjects: Vec<String>,
}

/// Appends `act` to the family's record; call it inside the act's own transaction, so both or
/// neither happen. Gives back the entry's sequence number.
pub async fn append(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    act: Act<'_>,
) -> Result<i64, DbErr> {
    let head = match take_next(txn, familia_id).await? {
        Some(head) => head,
        None => {
            // The family's first entry. Racing first appends on PostgreSQL meet on the head's
            // primary key: the loser does nothing once the winner commits, then takes the next.
            cabeza::Entity::insert(cabeza::ActiveModel {
                familia_id: Set(familia_id.to_owned()),
                entradas: Set(0),
                hash: Set(chain::GENESIS.to_owned()),
            })
            .on_conflict(
                OnConflict::column(cabeza::Column::FamiliaId)
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(txn)
            .await?;
            take_next(txn, familia_id)
                .await?
                .ok_or_else(|| DbErr::RecordNotFound("registro_cabezas".into()))?
        }
    };
    let content = chain::canonical(&act.content);
    let mut entry = chain::Entry {
        familia: familia_id.to_owned(),
        seq: head.entradas,
        tipo: act.kind.to_owned(),
        actor: act.actor.map(str::to_owned),
        hora: Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true),
        contenido: chain::sha256_hex(content.as_bytes()),
        previo: head.hash,
        hash: String::new(),
    };
    entry.hash = entry.computed_hash();
    entrada::Entity::insert(entrada::ActiveModel {
        familia_id: Set(entry.familia.clone()),
        seq: Set(entry.seq),
        tipo: Set(entry.tipo),
        actor: Set(entry.actor),
        hora: Set(entry.hora),
        contenido_hash: Set(entry.contenido),
        previo: Set(entry.previo),
        hash: Set(entry.hash.clone()),
    })
    .exec_without_returning(txn)
    .await?;
    contenido::Entity::insert(contenido::ActiveModel {
        familia_id: Set(familia_id.to_owned()),
        seq: Set(entry.seq),
        contenido: Set(Some(content)),
        sujetos: Set(subjects_column(&act.subjects)),
    })
    .exec_without_returning(txn)
    .await?;
    cabeza::Entity::update_many()
        .col_expr(cabeza::Column::Hash, Expr::value(entry.hash))
        .filter(cabeza::Column::FamiliaId.eq(familia_id))
        .exec(txn)
        .await?;
    Ok(entry.seq)
}

/// Takes the family's next sequence number with the statement that locks its head: a write, so on
/// PostgreSQL it holds the head row until commit and on SQLite the transaction holds the only
/// writer lock before it reads anything. The next append of this family waits here, then reads
/// this one's head. Gives back the head with the count already raised, or None before the first
/// entry.
async fn take_next(
    txn: &impl ConnectionTrait,
    familia_id: &str,
) -> Result<Option<cabeza::Model>, DbErr> {
    Ok(cabeza::Entity::update_many()
        .col_expr(
            cabeza::Column::Entradas,
            Expr::col(cabeza::Column::Entradas).add(1),
        )
        .filter(cabeza::Column::FamiliaId.eq(familia_id))
        .exec_with_returning(txn)
        .await?
        .pop())
}

/// " a b " so that `LIKE '% a %'` finds a subject whole, never a prefix of another.
fn subjects_column(subjects: &[String]) -> String {
    format!(" {} ", subjects.join(" "))
}

/// Erases the content of every entry about `subject` (an erased account, a purged child); the
/// entries and their hashes stay, so the chain still verifies and reports them as erased.
pub async fn erase_subject(db: &impl ConnectionTrait, subject: &str) -> Result<u64, DbErr> {
    // Subjects are our own ids (letters, digits, '-', ':'): no LIKE wildcard can be in them.
    let erased = contenido::Entity::update_many()
        .col_expr(
            contenido::Column::Contenido,
            Expr::value(Option::<String>::None),
        )
        .filter(contenido::Column::Sujetos.like(format!("% {subject} %")))
        .filter(contenido::Column::Contenido.is_not_null())
        .exec(db)
        .await?;
    Ok(erased.rows_affected)
}
