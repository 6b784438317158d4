//! The tables of live events: each user's events and the counter of their sequence, the
//! one-use tickets that open a stream, and the streams open now.

use crate::ids::UserId;
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Alias, Expr, ExprTrait, OnConflict, Query},
};

pub mod evento {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "eventos_vivos")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub usuario_id: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub seq: i64,
        pub tipo: String,
        /// JSON text.
        pub datos: String,
        pub creado: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod contador {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "eventos_vivos_contadores")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub usuario_id: String,
        pub ultimo: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod ticket {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "tiempo_real_tickets")]
    pub struct Model {
        /// SHA-256 of the ticket, hex: the ticket itself is never stored.
        #[sea_orm(primary_key, auto_increment = false)]
        pub hash: String,
        pub usuario_id: String,
        pub sesion_id: String,
        pub expira: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod flujo {
    use sea_orm::entity::prelude::*;

    /// A stream open on some instance; its `latido` is refreshed while it stays open.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "flujos_en_vivo")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub usuario_id: String,
        pub latido: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// Counts a new stream of the user's, if fewer than `max` of their streams beat after `alive`.
/// The row goes in first and is taken back when over: two instances admitting at once may both
/// refuse, never both let one too many in.
pub async fn admit_stream(
    db: &impl ConnectionTrait,
    id: &str,
    usuario_id: &str,
    now: DateTime<Utc>,
    alive: DateTime<Utc>,
    max: u64,
) -> Result<bool, DbErr> {
    use sea_orm::PaginatorTrait;
    flujo::Entity::insert(flujo::ActiveModel {
        id: sea_orm::Set(id.to_owned()),
        usuario_id: sea_orm::Set(usuario_id.to_owned()),
        latido: sea_orm::Set(now),
    })
    .exec_without_returning(db)
    .await?;
    let open = flujo::Entity::find()
        .filter(flujo::Column::UsuarioId.eq(usuario_id))
        .filter(flujo::Column::Latido.gt(alive))
        .count(db)
        .await?;
    if open > max {
        close_stream(db, id).await?;
        return Ok(false);
    }
    Ok(true)
}

/// The stream is still open at `now`.
pub async fn beat_stream(
    db: &impl ConnectionTrait,
    id: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    flujo::Entity::update_many()
        .col_expr(flujo::Column::Latido, Expr::value(now))
        .filter(flujo::Column::Id.eq(id))
        .exec(db)
        .await
        .map(drop)
}

pub async fn close_stream(db: &impl ConnectionTrait, id: &str) -> Result<(), DbErr> {
    flujo::Entity::delete_by_id(id.to_owned())
        .exec(db)
        .await
        .map(drop)
}

/// Takes the user's next sequence number. On PostgreSQL the upsert locks the counter's row until
/// the transaction ends, so a user's events commit in the order of their numbers: a stream that
/// has sent number n never later finds a smaller one appear.
pub(super) async fn next_seq(db: &impl ConnectionTrait, usuario_id: &str) -> Result<i64, DbErr> {
    let table = Alias::new("eventos_vivos_contadores");
    let ultimo = Alias::new("ultimo");
    let stmt = Query::insert()
        .into_table(table.clone())
        .columns([Alias::new("usuario_id"), ultimo.clone()])
        .values([usuario_id.into(), 1i64.into()])
        .map_err(|e| DbErr::Custom(e.to_string()))?
        .on_conflict(
            OnConflict::column(Alias::new("usuario_id"))
                .value(ultimo.clone(), Expr::col((table, ultimo.clone())).add(1))
                .to_owned(),
        )
        .returning_col(ultimo)
        .to_owned();
    match db.query_one(&stmt).await? {
        Some(row) => row.try_get("", "ultimo"),
        None => Err(DbErr::Custom("the live counter gave no number".into())),
    }
}

pub(super) async fn insert(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    seq: i64,
    kind: &str,
    datos: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    evento::Entity::insert(evento::ActiveModel {
        usuario_id: sea_orm::Set(usuario_id.to_owned()),
        seq: sea_orm::Set(seq),
        tipo: sea_orm::Set(kind.to_owned()),
        datos: sea_orm::Set(datos.to_owned()),
        creado: sea_orm::Set(now),
    })
    .exec_without_returning(db)
    .await
    .map(drop)
}

/// The user's last sequence number handed out (0 before their first event).
pub async fn last_seq(db: &impl ConnectionTrait, usuario_id: &str) -> Result<i64, DbErr> {
    Ok(contador::Entity::find_by_id(usuario_id.to_owned())
        .one(db)
        .await?
        .map_or(0, |c| c.ultimo))
}

/// The smallest sequence number still kept for the user, if any event is.
pub async fn first_kept(db: &impl ConnectionTrait, usuario_id: &str) -> Result<Option<i64>, DbErr> {
    evento::Entity::find()
        .select_only()
        .column_as(evento::Column::Seq.min(), "first")
        .filter(evento::Column::UsuarioId.eq(usuario_id))
        .into_tuple::<Option<i64>>()
        .one(db)
        .await
        .map(Option::flatten)
}

/// The user's events after `after`, oldest first, at most `limit`.
pub async fn events_after(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    after: i64,
    limit: u64,
) -> Result<Vec<evento::Model>, DbErr> {
    evento::Entity::find()
        .filter(evento::Column::UsuarioId.eq(usuario_id))
        .filter(evento::Column::Seq.gt(after))
        .order_by_asc(evento::Column::Seq)
        .limit(limit)
        .all(db)
        .await
}

/// Drops the events created before `before` and the tickets expired by `now`.
pub async fn prune(
    db: &impl ConnectionTrait,
    before: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<u64, DbErr> {
    let events = evento::Entity::delete_many()
        .filter(evento::Column::Creado.lt(before))
        .exec(db)
        .await?
        .rows_affected;
    let tickets = ticket::Entity::delete_many()
        .filter(ticket::Column::Expira.lte(now))
        .exec(db)
        .await?
        .rows_affected;
    // Streams of an instance that died without closing them: their beat stopped long ago.
    let streams = flujo::Entity::delete_many()
        .filter(flujo::Column::Latido.lt(now - chrono::Duration::hours(1)))
        .exec(db)
        .await?
        .rows_affected;
    Ok(events + tickets + streams)
}

/// Everything kept for a user whose account is being erased.
pub async fn erase_user(db: &impl ConnectionTrait, usuario_id: &str) -> Result<(), DbErr> {
    ticket::Entity::delete_many()
        .filter(ticket::Column::UsuarioId.eq(usuario_id))
        .exec(db)
        .await?;
    evento::Entity::delete_many()
        .filter(evento::Column::UsuarioId.eq(usuario_id))
        .exec(db)
        .await?;
    contador::Entity::delete_by_id(usuario_id.to_owned())
        .exec(db)
        .await?;
    Ok(())
}

/// Stores a ticket (its hash) for the user's session, valid until `expira`.
pub async fn insert_ticket(
    db: &impl ConnectionTrait,
    hash: &str,
    usuario_id: &UserId,
    sesion_id: &str,
    expira: DateTime<Utc>,
) -> Result<(), DbErr> {
    ticket::Entity::insert(ticket::ActiveModel {
        hash: sea_orm::Set(hash.to_owned()),
        usuario_id: sea_orm::Set(usuario_id.to_string()),
        sesion_id: sea_orm::Set(sesion_id.to_owned()),
        expira: sea_orm::Set(expira),
    })
    .exec_without_returning(db)
    .await
    .map(drop)
}

/// Takes the ticket if it is there and valid at `now`: one statement deletes it, so of two
/// instances presented the same ticket only one gets the row back.
pub async fn take_ticket(
    db: &impl ConnectionTrait,
    hash: &str,
    now: DateTime<Utc>,
) -> Result<Option<ticket::Model>, DbErr> {
    let taken = ticket::Entity::delete_many()
        .filter(ticket::Column::Hash.eq(hash))
        .exec_with_returning(db)
        .await?;
    Ok(taken.into_iter().find(|t| t.expira > now))
}
