//! Who reads a conversation: its participants while they stay members of its family. A removed
//! member keeps their participant row (the record names them) but reads nothing more; to anyone
//! else the conversation does not exist. A professional whose scope holds the messages reads, in
//! their period, the conversations their grantor reads (a parent's own) or those every co-parent
//! takes part in (a family's), and writes in none (403) but their own (`professional`).

use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
    sea_query::{Expr, ExprTrait, Query, SelectStatement},
};

use super::{
    entities::{adjunto, conversacion, mensaje, participante},
    professional,
};
use crate::{
    error::{ApiError, ApiResult},
    families::{
        self, Need, Permission, Reached, Scope,
        access::coparents,
        entities::miembro,
        professionals::{input::Area, lens::Lens},
    },
    ids::{FamilyId, UserId},
    state::AppState,
};

/// Messages' scope rule for the family-wide routes: every member reaches them (each reads the
/// conversations they take part in), and so does a professional whose scope holds them.
pub struct Messages;

impl Scope for Messages {
    fn sees(_: Permission) -> bool {
        true
    }

    const AREA: Option<Area> = Some(Area::Messages);
}

/// The conversations of a family a professional reads through `lens`, with a message in its
/// period: their grantor's, or those every co-parent takes part in.
pub async fn through_lens(
    db: &impl ConnectionTrait,
    familia_id: &str,
    lens: &Lens,
) -> Result<Condition, DbErr> {
    let mut seen = Condition::all().add(conversacion::Column::FamiliaId.eq(familia_id));
    match lens.grantor.as_deref().filter(|_| !lens.shared_only()) {
        Some(grantor) => {
            seen = seen
                .add(conversacion::Column::Id.in_subquery(readable_ids(grantor, Some(familia_id))));
        }
        None => {
            let everyone = coparents(db, familia_id).await?;
            if everyone.is_empty() {
                return Ok(Condition::all().add(Expr::value(false)));
            }
            for coparent in everyone {
                let theirs = Query::select()
                    .column(participante::Column::ConversacionId)
                    .from(participante::Entity)
                    .and_where(participante::Column::UsuarioId.eq(coparent))
                    .to_owned();
                seen = seen.add(conversacion::Column::Id.in_subquery(theirs));
            }
        }
    }
    let (from, until) = lens.instants();
    if from.is_some() || until.is_some() {
        let mut said = Query::select();
        said.column(mensaje::Column::ConversacionId)
            .from(mensaje::Entity);
        if let Some(from) = from {
            said.and_where(mensaje::Column::EnviadoAt.gte(from));
        }
        if let Some(until) = until {
            said.and_where(mensaje::Column::EnviadoAt.lt(until));
        }
        seen = seen.add(conversacion::Column::Id.in_subquery(said.to_owned()));
    }
    Ok(seen)
}

/// A conversation a professional reads, with their lens: their reading of the messages noted
/// (once a day). None when they do not read it.
pub async fn looked_through_lens(
    state: &AppState,
    usuario_id: &UserId,
    conversacion_id: &str,
) -> ApiResult<Option<(conversacion::Model, Lens)>> {
    let Some((row, reached)) = professional_reach(state, usuario_id, conversacion_id).await? else {
        return Ok(None);
    };
    let Some(lens) = reached.lens.clone() else {
        return Ok(None);
    };
    families::access::note_look::<Messages>(state, &reached, usuario_id).await?;
    Ok(Some((row, lens)))
}

/// Whether a professional reads the attachment stored at `key` (or its thumbnail) of a
/// conversation: they read the conversation, and the message it went with was said in their
/// period. Asked again at every download, so an access ended takes its links with it.
pub async fn professional_reads_file(
    state: &AppState,
    usuario_id: &UserId,
    conversacion_id: &str,
    key: &str,
) -> ApiResult<bool> {
    let Some((_, reached)) = professional_reach(state, usuario_id, conversacion_id).await? else {
        return Ok(false);
    };
    let Some(lens) = reached.lens.as_ref() else {
        return Ok(false);
    };
    let Some(file) = adjunto::Entity::find()
        .filter(adjunto::Column::ConversacionId.eq(conversacion_id))
        .filter(
            Condition::any()
                .add(adjunto::Column::Clave.eq(key))
                .add(adjunto::Column::MiniaturaClave.eq(key)),
        )
        .one(&state.db)
        .await?
    else {
        return Ok(false);
    };
    let Some(mensaje_id) = file.mensaje_id else {
        return Ok(false);
    };
    Ok(mensaje::Entity::find_by_id(mensaje_id)
        .one(&state.db)
        .await?
        .is_some_and(|m| lens.moment(m.enviado_at)))
}

/// The conversation and how a professional reaches its family, if they read it.
async fn professional_reach(
    state: &AppState,
    usuario_id: &UserId,
    conversacion_id: &str,
) -> ApiResult<Option<(conversacion::Model, Reached)>> {
    let Some(row) = conversacion::Entity::find_by_id(conversacion_id)
        .one(&state.db)
        .await?
    else {
        return Ok(None);
    };
    let familia_id = FamilyId::new(&row.familia_id);
    let Ok(reached) =
        families::reach::<Messages>(&state.db, &familia_id, usuario_id, Need::Look).await
    else {
        return Ok(None);
    };
    let Some(lens) = reached.lens.as_ref() else {
        return Ok(None);
    };
    let seen = conversacion::Entity::find_by_id(conversacion_id)
        .filter(through_lens(&state.db, &row.familia_id, lens).await?)
        .one(&state.db)
        .await?
        .is_some();
    Ok(seen.then_some((row, reached)))
}

/// The ids of the conversations `usuario_id` may read (of one family, if given), as a subquery.
pub fn readable_ids(usuario_id: &str, familia_id: Option<&str>) -> SelectStatement {
    let mut query = Query::select();
    query
        .column((conversacion::Entity, conversacion::Column::Id))
        .from(conversacion::Entity)
        .inner_join(
            participante::Entity,
            Expr::col((participante::Entity, participante::Column::ConversacionId))
                .equals((conversacion::Entity, conversacion::Column::Id)),
        )
        .inner_join(
            miembro::Entity,
            Expr::col((miembro::Entity, miembro::Column::FamiliaId))
                .equals((conversacion::Entity, conversacion::Column::FamiliaId))
                .and(
                    Expr::col((miembro::Entity, miembro::Column::UsuarioId))
                        .equals((participante::Entity, participante::Column::UsuarioId)),
                ),
        )
        .and_where(
            Expr::col((participante::Entity, participante::Column::UsuarioId)).eq(usuario_id),
        );
    if let Some(familia_id) = familia_id {
        query.and_where(
            Expr::col((conversacion::Entity, conversacion::Column::FamiliaId)).eq(familia_id),
        );
    }
    query.to_owned()
}

/// The conversation if `usuario_id` takes part in it (or it is their own as a professional); 404
/// otherwise, and 403 to a professional who reads it (what a participant does there is not
/// theirs to do).
pub async fn readable_conversation(
    state: &AppState,
    usuario_id: &UserId,
    conversacion_id: &str,
) -> ApiResult<conversacion::Model> {
    let row = conversacion::Entity::find_by_id(conversacion_id)
        .filter(conversacion::Column::Id.in_subquery(readable_ids(usuario_id, None)))
        .one(&state.db)
        .await?;
    if let Some(row) = row {
        return Ok(row);
    }
    if let Some(row) = professional::own(&state.db, usuario_id, conversacion_id).await? {
        return Ok(row);
    }
    let looks = professional_reach(state, usuario_id, conversacion_id)
        .await?
        .is_some();
    Err(if looks {
        ApiError::forbidden()
    } else {
        ApiError::not_found()
    })
}

/// How the caller reads a conversation.
pub enum Looked {
    /// As a participant still in its family (the query that reads its messages checks it again).
    Participant,
    /// As the family professional whose own conversation it is: whole.
    Own,
    /// Through a professional's lens, which the caller applies to the messages it shows.
    Through(Lens),
}

impl Looked {
    pub fn lens(&self) -> Option<&Lens> {
        match self {
            Looked::Through(lens) => Some(lens),
            Looked::Participant | Looked::Own => None,
        }
    }
}

/// A conversation as a participant or a professional reads it, and how.
pub async fn looked_conversation(
    state: &AppState,
    usuario_id: &UserId,
    conversacion_id: &str,
) -> ApiResult<(conversacion::Model, Looked)> {
    let row = conversacion::Entity::find_by_id(conversacion_id)
        .filter(conversacion::Column::Id.in_subquery(readable_ids(usuario_id, None)))
        .one(&state.db)
        .await?;
    if let Some(row) = row {
        return Ok((row, Looked::Participant));
    }
    // Their own conversation a professional reads whole, and it is no reading of the family's.
    if let Some(row) = professional::own(&state.db, usuario_id, conversacion_id).await? {
        return Ok((row, Looked::Own));
    }
    looked_through_lens(state, usuario_id, conversacion_id)
        .await?
        .map(|(row, lens)| (row, Looked::Through(lens)))
        .ok_or_else(ApiError::not_found)
}

/// Whether `usuario_id` may read the conversation `conversacion_id` (and so its attachments).
pub async fn may_read(
    db: &impl ConnectionTrait,
    usuario_id: &UserId,
    conversacion_id: &str,
) -> Result<bool, DbErr> {
    let participant = conversacion::Entity::find_by_id(conversacion_id)
        .filter(conversacion::Column::Id.in_subquery(readable_ids(usuario_id, None)))
        .one(db)
        .await?
        .is_some();
    Ok(participant
        || professional::own(db, usuario_id, conversacion_id)
            .await?
            .is_some())
}

/// The participants who still read the conversation (members of its family, and the family
/// professional whose conversation it is while their access is active), by id.
pub async fn readers(
    db: &impl ConnectionTrait,
    conversation: &conversacion::Model,
) -> Result<Vec<String>, DbErr> {
    let mut readers = members_reading(db, conversation).await?;
    if let Some(theirs) = professional::active_professional(db, conversation).await? {
        readers.push(theirs);
        readers.sort();
    }
    Ok(readers)
}

async fn members_reading(
    db: &impl ConnectionTrait,
    conversation: &conversacion::Model,
) -> Result<Vec<String>, DbErr> {
    let members = Query::select()
        .column(miembro::Column::UsuarioId)
        .from(miembro::Entity)
        .and_where(miembro::Column::FamiliaId.eq(&conversation.familia_id))
        .to_owned();
    participante::Entity::find()
        .select_only()
        .column(participante::Column::UsuarioId)
        .filter(participante::Column::ConversacionId.eq(&conversation.id))
        .filter(participante::Column::UsuarioId.in_subquery(members))
        .order_by_asc(participante::Column::UsuarioId)
        .into_tuple()
        .all(db)
        .await
}
