//! The family record: one append-only, hash-chained list per family of the acts a parent may one
//! day need to prove. Every domain appends in the same transaction as the act (`append`); the
//! content stays erasable beside the chain, which keeps only its hash, and each act says who may
//! read its content (`Audience`); checkpoints sign the head. docs/record.md documents the bytes.

pub mod audience;
pub mod certified;
pub mod chain;
pub mod checkpoint;
pub mod daily;
pub mod entities;
pub mod export;
pub mod kinds;
pub mod routes;
pub mod verify;

use chrono::{SecondsFormat, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
    sea_query::{Alias, Expr, ExprTrait, OnConflict, Order, Query},
};
use serde_json::Value;

pub use audience::Audience;
pub use daily::{append_once_a_day, family_today};
use entities::{cabeza, contenido, entrada};
pub use kinds::Kind;

/// Whom an act's content concerns: erasing them erases the content (never the entry).
pub fn user_subject(id: &str) -> String {
    format!("usuario:{id}")
}

pub fn child_subject(id: &str) -> String {
    format!("hijo:{id}")
}

/// When the newest entry of the family's record whose content concerns `subject` (a
/// `user_subject` or `child_subject`) was made, as stored (RFC 3339); None if none does.
/// Newest first, stopping at the first entry about it: the walk is as long as the time since
/// its last activity, not as long as the family's whole record.
pub async fn latest_about(
    db: &impl ConnectionTrait,
    familia_id: &str,
    subject: &str,
) -> Result<Option<String>, DbErr> {
    let subject = format!("% {subject} %");
    let query = Query::select()
        .expr(Expr::col((Alias::new("e"), Alias::new("hora"))))
        .from_as(Alias::new("registro_entradas"), Alias::new("e"))
        .inner_join(
            Alias::new("registro_contenidos"),
            Expr::col((Alias::new("registro_contenidos"), Alias::new("familia_id")))
                .equals((Alias::new("e"), Alias::new("familia_id")))
                .and(
                    Expr::col((Alias::new("registro_contenidos"), Alias::new("seq")))
                        .equals((Alias::new("e"), Alias::new("seq"))),
                ),
        )
        .and_where(Expr::col((Alias::new("e"), Alias::new("familia_id"))).eq(familia_id))
        .and_where(
            Expr::col((Alias::new("registro_contenidos"), Alias::new("sujetos"))).like(subject),
        )
        .order_by((Alias::new("e"), Alias::new("seq")), Order::Desc)
        .limit(1)
        .to_owned();
    match db.query_one(&query).await? {
        Some(row) => row.try_get_by_index(0),
        None => Ok(None),
    }
}

/// One act to record.
pub struct Act<'a> {
    pub kind: Kind,
    /// The user who acted; None for the server's own work (an erasure that fell due).
    pub actor: Option<&'a str>,
    pub content: Value,
    /// `user_subject` / `child_subject` of everyone the content is about.
    pub subjects: Vec<String>,
    /// Who may read the content: the rule of the domain that writes it. Every member sees the
    /// entry itself.
    pub audience: Audience,
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
        tipo: act.kind.as_str().to_owned(),
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
    let (audiencia, lectores) = act.audience.columns();
    contenido::Entity::insert(contenido::ActiveModel {
        familia_id: Set(familia_id.to_owned()),
        seq: Set(entry.seq),
        contenido: Set(Some(content)),
        sujetos: Set(subjects_column(&act.subjects)),
        audiencia: Set(audiencia.to_owned()),
        lectores: Set(lectores),
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
