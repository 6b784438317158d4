//! What the messages domain adds to a user's export: the conversations they read, each with
//! every message as they see it (authors, quotes, files, first views and record entries), and
//! the files sent with those messages, decrypted, with a manifest of their SHA-256.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use super::{
    access::readable_ids,
    entities::{adjunto, conversacion, mensaje},
    views,
};
use crate::{
    db::entities::usuario,
    domain::{ExportFile, export_json, export_stored},
    error::ApiResult,
    state::AppState,
};

pub const README: &str = "\
mensajes/conversaciones.json   tus conversaciones / your conversations\n\
mensajes/<id>.json             los mensajes de cada conversación, del primero al último / each conversation's messages, first to last\n\
mensajes/adjuntos/             los archivos enviados con esos mensajes, <mensaje>-<n>-<nombre> / the files sent with them, <message>-<n>-<name>\n\
mensajes/adjuntos.json         cada archivo con su SHA-256 (sha256sum lo comprueba; es el del registro de la familia) / each file with its SHA-256 (check it with sha256sum; it is the one in the family record)\n";

/// One line of `mensajes/adjuntos.json`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AttachmentRecord {
    /// Its path in the archive.
    archivo: String,
    adjunto_id: String,
    mensaje_id: String,
    conversacion_id: String,
    /// The name it was sent under.
    nombre: String,
    mime: String,
    tamano: i64,
    /// Hex SHA-256 of the file's bytes, as the message's record entry holds it.
    sha256: String,
}

pub async fn files(state: &AppState, user: &usuario::Model) -> ApiResult<Vec<ExportFile>> {
    let rows = conversacion::Entity::find()
        .filter(conversacion::Column::Id.in_subquery(readable_ids(&user.id, None)))
        .order_by_asc(conversacion::Column::CreatedAt)
        .all(&state.db)
        .await?;
    let ids: Vec<String> = rows.iter().map(|c| c.id.clone()).collect();
    let mut files = vec![export_json(
        "mensajes/conversaciones.json",
        &views::conversations(state, rows, &user.id).await?,
    )?];
    let mut manifest = Vec::new();
    for id in ids {
        let messages = mensaje::Entity::find()
            .filter(mensaje::Column::ConversacionId.eq(&id))
            .order_by_asc(mensaje::Column::Numero)
            .all(&state.db)
            .await?;
        let sent = sent_files(state, &id, &messages).await?;
        files.push(export_json(
            format!("mensajes/{id}.json"),
            &views::messages(state, messages, &user.id).await?,
        )?);
        for (row, numero_en_mensaje) in sent {
            let Some(mensaje_id) = row.mensaje_id else {
                continue;
            };
            let archivo = format!(
                "mensajes/adjuntos/{mensaje_id}-{numero_en_mensaje}-{}",
                safe_name(&row.nombre)
            );
            files.push(export_stored(archivo.clone(), row.clave));
            manifest.push(AttachmentRecord {
                archivo,
                adjunto_id: row.id,
                mensaje_id,
                conversacion_id: row.conversacion_id,
                nombre: row.nombre,
                mime: row.mime,
                tamano: row.tamano,
                sha256: row.sha256,
            });
        }
    }
    files.push(export_json("mensajes/adjuntos.json", &manifest)?);
    Ok(files)
}

/// The files sent with these messages of one conversation, in the messages' order and each
/// message's own, with each one's place (from 1) among its message's files.
async fn sent_files(
    state: &AppState,
    conversacion_id: &str,
    messages: &[mensaje::Model],
) -> ApiResult<Vec<(adjunto::Model, usize)>> {
    let numero: HashMap<&str, i64> = messages.iter().map(|m| (m.id.as_str(), m.numero)).collect();
    let mut rows: Vec<(i64, adjunto::Model)> = adjunto::Entity::find()
        .filter(adjunto::Column::ConversacionId.eq(conversacion_id))
        .filter(adjunto::Column::MensajeId.is_not_null())
        .all(&state.db)
        .await?
        .into_iter()
        .filter_map(|row| Some((*numero.get(row.mensaje_id.as_deref()?)?, row)))
        .collect();
    rows.sort_by_key(|(n, row)| (*n, row.orden));
    let mut out: Vec<(adjunto::Model, usize)> = Vec::with_capacity(rows.len());
    for (_, row) in rows {
        let place = match out.last() {
            Some((last, n)) if last.mensaje_id == row.mensaje_id => n + 1,
            _ => 1,
        };
        out.push((row, place));
    }
    Ok(out)
}

/// A file name that every system can unpack: letters (of any script), digits, `.`, `-` and `_`;
/// anything else becomes `_`, and it never starts with a dot.
fn safe_name(nombre: &str) -> String {
    let safe: String = nombre
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let safe = safe.trim_start_matches('.');
    if safe.is_empty() {
        "archivo".to_owned()
    } else {
        safe.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::safe_name;

    #[test]
    fn names_in_the_archive_are_safe_everywhere() {
        assert_eq!(safe_name("Informe médico.pdf"), "Informe_médico.pdf");
        assert_eq!(safe_name("a/b\\c:d*?\"<>|.jpg"), "a_b_c_d______.jpg");
        assert_eq!(safe_name("..oculto.pdf"), "oculto.pdf");
        assert_eq!(safe_name("..."), "archivo");
        assert_eq!(safe_name("Лист 1.pdf"), "Лист_1.pdf");
    }
}
