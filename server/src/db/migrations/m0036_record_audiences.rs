//! The family record says who may read each entry's content (`audiencia`, `lectores` beside the
//! content, outside the hashed bytes), and keeps "already recorded today" marks for acts that can
//! repeat at will (`registro_marcas`). Existing entries get their audience from their kind and the
//! rows of the domain that wrote them; an entry that cannot be placed is left to co-parents, never
//! opened to the whole family.
//!
//! Kinds and audience names are spelled out here rather than taken from the record's code: a
//! migration keeps meaning what it meant when it ran.

use std::collections::{BTreeMap, HashMap};

use sea_orm_migration::{
    prelude::*,
    schema::*,
    sea_orm::{ConnectionTrait, DbErr, QueryResult},
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RegistroContenidos {
    Table,
    FamiliaId,
    Seq,
    Contenido,
    Audiencia,
    Lectores,
}

#[derive(DeriveIden)]
enum RegistroEntradas {
    Table,
    FamiliaId,
    Seq,
    Tipo,
    Actor,
}

#[derive(DeriveIden)]
enum RegistroMarcas {
    Table,
    Dia,
    Clave,
    FamiliaId,
}

#[derive(DeriveIden)]
enum Familias {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Eventos {
    Table,
    Privado,
    AutorId,
}

#[derive(DeriveIden)]
enum Documentos {
    Table,
    Visibilidad,
    SubidoPor,
}

#[derive(DeriveIden)]
enum ConversacionParticipantes {
    Table,
    ConversacionId,
    UsuarioId,
}

const FAMILY: &str = "familia";
const CO_PARENTS: &str = "coprogenitores";
const USERS: &str = "usuarios";

/// Kinds every member read: the family's make-up, its children's records, and the shared
/// calendar's custody, swaps and handovers.
const FAMILY_KINDS: &[&str] = &[
    "familia.creada",
    "familia.cambiada",
    "miembro.unido",
    "miembro.salio",
    "miembro.eliminado",
    "miembro.cambiado",
    "hijo.creado",
    "hijo.modificado",
    "hijo.eliminado",
    "hijo.restaurado",
    "hijo.purgado",
    "custodia.definida",
    "custodia.periodo",
    "cambio.pedido",
    "cambio.aceptado",
    "cambio.rechazado",
    "cambio.contraoferta",
    "cambio.vencido",
    "entrega.registrada",
];

/// Kinds whose audience depends on their domain's rows: events (private ones are their
/// author's), documents (their visibility) and conversations (their participants).
const EVENT_KINDS: &[&str] = &["evento.creado", "evento.modificado", "evento.cancelado"];
const DOCUMENT_KINDS: &[&str] = &[
    "documento.subido",
    "documento.version",
    "documento.descargado",
    "documento.modificado",
    "documento.eliminado",
    "documento.restaurado",
    "documento.purgado",
];
const CONVERSATION_KINDS: &[&str] = &["conversacion.creada", "mensaje.enviado", "mensaje.visto"];

/// Entries placed per round: bounds memory on a long record.
const PAGE: u64 = 1_000;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement. The defaults are the narrowest shared rule, so
        // a row written by an older server during a rolling start is never opened to all.
        m.alter_table(
            Table::alter()
                .table(RegistroContenidos::Table)
                .add_column(string_len(RegistroContenidos::Audiencia, 16).default(CO_PARENTS))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(RegistroContenidos::Table)
                .add_column(text(RegistroContenidos::Lectores).default(""))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(RegistroMarcas::Table)
                .col(string_len(RegistroMarcas::Dia, 10))
                .col(string_len(RegistroMarcas::Clave, 160))
                .col(string_len(RegistroMarcas::FamiliaId, 36))
                // The day first: pruning past days walks the key's prefix.
                .primary_key(
                    Index::create()
                        .col(RegistroMarcas::Dia)
                        .col(RegistroMarcas::Clave),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(RegistroMarcas::Table, RegistroMarcas::FamiliaId)
                        .to(Familias::Table, Familias::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_registro_marcas_familia")
                .table(RegistroMarcas::Table)
                .col(RegistroMarcas::FamiliaId)
                .to_owned(),
        )
        .await?;
        backfill(m.get_connection()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(RegistroMarcas::Table).to_owned())
            .await?;
        for column in [RegistroContenidos::Lectores, RegistroContenidos::Audiencia] {
            m.alter_table(
                Table::alter()
                    .table(RegistroContenidos::Table)
                    .drop_column(column)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}

/// Gives every existing entry its audience. Whole: it first sets every row to co-parents, so it
/// can be run again over rows it placed before (the tests do).
pub async fn backfill(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    db.execute(
        Query::update()
            .table(RegistroContenidos::Table)
            .value(RegistroContenidos::Audiencia, CO_PARENTS)
            .value(RegistroContenidos::Lectores, ""),
    )
    .await?;
    db.execute(
        Query::update()
            .table(RegistroContenidos::Table)
            .value(RegistroContenidos::Audiencia, FAMILY)
            .and_where(Expr::exists(of_kinds(FAMILY_KINDS.iter().copied()))),
    )
    .await?;
    let mut after: Option<(String, i64)> = None;
    loop {
        let page = placed_by_rows(db, after.as_ref()).await?;
        let Some(last) = page.last() else { break };
        after = Some((last.familia_id.clone(), last.seq));
        let full = page.len() as u64 == PAGE;
        place(db, &page).await?;
        if !full {
            break;
        }
    }
    Ok(())
}

/// `EXISTS` of the content row's entry being of one of `kinds`.
fn of_kinds<'a>(kinds: impl IntoIterator<Item = &'a str>) -> SelectStatement {
    Query::select()
        .expr(Expr::val(1))
        .from(RegistroEntradas::Table)
        .and_where(
            Expr::col((RegistroEntradas::Table, RegistroEntradas::FamiliaId))
                .equals((RegistroContenidos::Table, RegistroContenidos::FamiliaId)),
        )
        .and_where(
            Expr::col((RegistroEntradas::Table, RegistroEntradas::Seq))
                .equals((RegistroContenidos::Table, RegistroContenidos::Seq)),
        )
        .and_where(
            Expr::col((RegistroEntradas::Table, RegistroEntradas::Tipo))
                .is_in(kinds.into_iter().map(str::to_owned)),
        )
        .to_owned()
}

/// An entry whose audience its domain's rows decide.
struct Placed {
    familia_id: String,
    seq: i64,
    tipo: String,
    actor: Option<String>,
    content: Option<serde_json::Value>,
}

impl Placed {
    fn id_of(&self, key: &str) -> Option<&str> {
        self.content.as_ref()?.get(key)?.as_str()
    }
}

async fn placed_by_rows(
    db: &impl ConnectionTrait,
    after: Option<&(String, i64)>,
) -> Result<Vec<Placed>, DbErr> {
    let kinds = EVENT_KINDS
        .iter()
        .chain(DOCUMENT_KINDS)
        .chain(CONVERSATION_KINDS)
        .map(|k| (*k).to_owned());
    let mut query = Query::select();
    query
        .column((RegistroEntradas::Table, RegistroEntradas::FamiliaId))
        .column((RegistroEntradas::Table, RegistroEntradas::Seq))
        .column((RegistroEntradas::Table, RegistroEntradas::Tipo))
        .column((RegistroEntradas::Table, RegistroEntradas::Actor))
        .column((RegistroContenidos::Table, RegistroContenidos::Contenido))
        .from(RegistroEntradas::Table)
        .inner_join(
            RegistroContenidos::Table,
            Expr::col((RegistroContenidos::Table, RegistroContenidos::FamiliaId))
                .equals((RegistroEntradas::Table, RegistroEntradas::FamiliaId))
                .and(
                    Expr::col((RegistroContenidos::Table, RegistroContenidos::Seq))
                        .equals((RegistroEntradas::Table, RegistroEntradas::Seq)),
                ),
        )
        .and_where(Expr::col((RegistroEntradas::Table, RegistroEntradas::Tipo)).is_in(kinds))
        .order_by(
            (RegistroEntradas::Table, RegistroEntradas::FamiliaId),
            Order::Asc,
        )
        .order_by((RegistroEntradas::Table, RegistroEntradas::Seq), Order::Asc)
        .limit(PAGE);
    if let Some((familia_id, seq)) = after {
        let familia = Expr::col((RegistroEntradas::Table, RegistroEntradas::FamiliaId));
        query.cond_where(
            Cond::any()
                .add(familia.clone().gt(familia_id.as_str()))
                .add(
                    Cond::all()
                        .add(familia.eq(familia_id.as_str()))
                        .add(Expr::col((RegistroEntradas::Table, RegistroEntradas::Seq)).gt(*seq)),
                ),
        );
    }
    db.query_all(&query)
        .await?
        .iter()
        .map(|row| {
            let content: Option<String> = row.try_get("", "contenido")?;
            Ok(Placed {
                familia_id: row.try_get("", "familia_id")?,
                seq: row.try_get("", "seq")?,
                tipo: row.try_get("", "tipo")?,
                actor: row.try_get("", "actor")?,
                content: content.and_then(|c| serde_json::from_str(&c).ok()),
            })
        })
        .collect()
}

/// (audiencia, lectores) of each entry of the page, written one statement per family and value.
async fn place(db: &impl ConnectionTrait, page: &[Placed]) -> Result<(), DbErr> {
    let ids = |kinds: &[&str], key: &str| -> Vec<String> {
        page.iter()
            .filter(|p| kinds.contains(&p.tipo.as_str()))
            .filter_map(|p| p.id_of(key).map(str::to_owned))
            .collect()
    };
    let events = rows_by_id(
        db,
        Eventos::Table,
        vec![Eventos::Privado.into_iden(), Eventos::AutorId.into_iden()],
        ids(EVENT_KINDS, "eventoId"),
    )
    .await?;
    let documents = rows_by_id(
        db,
        Documentos::Table,
        vec![
            Documentos::Visibilidad.into_iden(),
            Documentos::SubidoPor.into_iden(),
        ],
        ids(DOCUMENT_KINDS, "documento"),
    )
    .await?;
    let participants = participants_of(db, ids(CONVERSATION_KINDS, "conversacion")).await?;

    let mut groups: BTreeMap<(&str, &str, String), Vec<i64>> = BTreeMap::new();
    for entry in page {
        let (audiencia, readers): (&str, Vec<String>) =
            if EVENT_KINDS.contains(&entry.tipo.as_str()) {
                event_audience(entry, &events)?
            } else if DOCUMENT_KINDS.contains(&entry.tipo.as_str()) {
                document_audience(entry, &documents)?
            } else {
                match entry
                    .id_of("conversacion")
                    .and_then(|c| participants.get(c))
                {
                    Some(people) => (USERS, people.clone()),
                    None => (CO_PARENTS, Vec::new()),
                }
            };
        let lectores = if audiencia == USERS {
            format!(" {} ", readers.join(" "))
        } else {
            String::new()
        };
        groups
            .entry((entry.familia_id.as_str(), audiencia, lectores))
            .or_default()
            .push(entry.seq);
    }
    for ((familia_id, audiencia, lectores), seqs) in groups {
        if audiencia == CO_PARENTS {
            continue; // what every row was set to first
        }
        db.execute(
            Query::update()
                .table(RegistroContenidos::Table)
                .value(RegistroContenidos::Audiencia, audiencia)
                .value(RegistroContenidos::Lectores, lectores)
                .and_where(Expr::col(RegistroContenidos::FamiliaId).eq(familia_id))
                .and_where(Expr::col(RegistroContenidos::Seq).is_in(seqs)),
        )
        .await?;
    }
    Ok(())
}

/// A private event's entries are its author's; an entry written while the event was private
/// (its content says so, without a title) stays its actor's, who was the author. A public
/// event's entries are the family's; one whose event or content is gone, the co-parents'.
fn event_audience(
    entry: &Placed,
    events: &HashMap<String, QueryResult>,
) -> Result<(&'static str, Vec<String>), DbErr> {
    let Some(content) = &entry.content else {
        return Ok((CO_PARENTS, Vec::new()));
    };
    let written_private = content.get("privado").and_then(|p| p.as_bool()) == Some(true);
    let row = entry.id_of("eventoId").and_then(|id| events.get(id));
    let private_now = match row {
        Some(row) => row.try_get::<bool>("", "privado")?,
        None => false,
    };
    if private_now {
        let author: Option<String> = row
            .map(|r| r.try_get("", "autor_id"))
            .transpose()?
            .flatten();
        return Ok((USERS, author.into_iter().collect()));
    }
    if written_private {
        return Ok((USERS, entry.actor.iter().cloned().collect()));
    }
    Ok(match row {
        Some(_) => (FAMILY, Vec::new()),
        None => (CO_PARENTS, Vec::new()),
    })
}

/// A document's entries follow its visibility: the family, the co-parents, or its uploader
/// alone. A document erased for good (or an entry without content) leaves them to co-parents.
fn document_audience(
    entry: &Placed,
    documents: &HashMap<String, QueryResult>,
) -> Result<(&'static str, Vec<String>), DbErr> {
    let Some(row) = entry.id_of("documento").and_then(|id| documents.get(id)) else {
        return Ok((CO_PARENTS, Vec::new()));
    };
    let visibilidad: String = row.try_get("", "visibilidad")?;
    Ok(match visibilidad.as_str() {
        "familia" => (FAMILY, Vec::new()),
        "coprogenitores" => (CO_PARENTS, Vec::new()),
        _ => {
            let uploader: Option<String> = row.try_get("", "subido_por")?;
            (USERS, uploader.into_iter().collect())
        }
    })
}

/// The rows of `table` with these ids (its `id` column), by id, with the columns given.
async fn rows_by_id(
    db: &impl ConnectionTrait,
    table: impl IntoIden,
    columns: Vec<DynIden>,
    ids: Vec<String>,
) -> Result<HashMap<String, QueryResult>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = db
        .query_all(
            Query::select()
                .column(Alias::new("id"))
                .columns(columns)
                .from(table)
                .and_where(Expr::col(Alias::new("id")).is_in(ids)),
        )
        .await?;
    rows.into_iter()
        .map(|row| Ok((row.try_get::<String>("", "id")?, row)))
        .collect()
}

/// Each conversation's participants, sorted.
async fn participants_of(
    db: &impl ConnectionTrait,
    conversations: Vec<String>,
) -> Result<HashMap<String, Vec<String>>, DbErr> {
    let mut found: HashMap<String, Vec<String>> = HashMap::new();
    if conversations.is_empty() {
        return Ok(found);
    }
    let rows = db
        .query_all(
            Query::select()
                .column(ConversacionParticipantes::ConversacionId)
                .column(ConversacionParticipantes::UsuarioId)
                .from(ConversacionParticipantes::Table)
                .and_where(
                    Expr::col(ConversacionParticipantes::ConversacionId).is_in(conversations),
                )
                .order_by(ConversacionParticipantes::UsuarioId, Order::Asc),
        )
        .await?;
    for row in rows {
        found
            .entry(row.try_get("", "conversacion_id")?)
            .or_default()
            .push(row.try_get("", "usuario_id")?);
    }
    Ok(found)
}
