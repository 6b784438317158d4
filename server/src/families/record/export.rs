//! The record as it leaves the server: one JSON file per family in the account export, holding
//! every entry, its content unless erased or not for the exporting member, and the latest signed
//! checkpoint with its public key; and its check (`nido verify`), which needs no server and no
//! database.

use std::{io::Read, path::Path};

use anyhow::Context;
use base64::{Engine, engine::general_purpose::STANDARD};
use sea_orm::{ConnectionTrait, DbErr};
use serde::{Deserialize, Serialize};

use super::{
    chain::{self, ChainCheck, Entry, Held},
    checkpoint::{self, CheckpointView, decode_key},
    verify,
};
use crate::{
    families::entities::miembro,
    platform::{signing, timestamp},
};

pub const FORMAT: &str = "nido-registro v1";

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordExport {
    pub formato: String,
    pub familia: String,
    pub entradas: Vec<ExportedEntry>,
    pub punto_de_control: Option<ExportedCheckpoint>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportedEntry {
    #[serde(flatten)]
    pub entry: Entry,
    /// The content's canonical JSON, whose SHA-256 is `contenido`; null once erased, or when it
    /// is not for the member who exported it.
    pub contenido_json: Option<String>,
    /// The content exists but is not for the member who exported it (absent in exports made
    /// before this field: read as false).
    #[serde(default)]
    pub contenido_reservado: bool,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportedCheckpoint {
    #[serde(flatten)]
    pub checkpoint: CheckpointView,
    /// The public key as PEM, for `openssl pkeyutl -verify -pubin`.
    pub clave_pem: Option<String>,
}

/// A family's whole record for the export, as `reader` (a member) may read it.
pub async fn family_record(
    db: &impl ConnectionTrait,
    familia_id: &str,
    reader: &miembro::Model,
) -> Result<RecordExport, DbErr> {
    // The checkpoint first: one signed later could cover entries this export would not hold.
    let latest = checkpoint::latest(db, familia_id).await?;
    let mut entradas = Vec::new();
    let mut after = 0;
    loop {
        let page = verify::entries_after(db, familia_id, after, 500).await?;
        let Some((last, _)) = page.last() else { break };
        after = last.seq;
        let full = page.len() == 500;
        entradas.extend(page.into_iter().map(|(entry, stored)| {
            let held = stored.held_for(reader);
            ExportedEntry {
                contenido_json: match held {
                    Held::Content(text) => Some(text.to_owned()),
                    Held::Erased | Held::Withheld => None,
                },
                contenido_reservado: matches!(held, Held::Withheld),
                entry,
            }
        }));
        if !full {
            break;
        }
    }
    let punto_de_control = match latest {
        Some(point) => {
            let view = checkpoint::view(db, point).await?;
            let clave_pem = view
                .clave_publica
                .as_deref()
                .and_then(decode_key)
                .and_then(|raw| signing::public_key_pem(&raw));
            Some(ExportedCheckpoint {
                checkpoint: view,
                clave_pem,
            })
        }
        None => None,
    };
    Ok(RecordExport {
        formato: FORMAT.to_owned(),
        familia: familia_id.to_owned(),
        entradas,
        punto_de_control,
    })
}

/// What `nido verify` found in one family's record.
#[derive(Debug)]
pub struct FileReport {
    pub name: String,
    pub familia: String,
    pub entries: i64,
    pub first_error: Option<i64>,
    pub erased: i64,
    /// Entries whose content the exporting member may not read: their links are checked, their
    /// content cannot be.
    pub withheld: i64,
    pub checkpoint: Option<CheckpointReport>,
}

#[derive(Debug)]
pub struct CheckpointReport {
    pub entradas: i64,
    pub hora: String,
    pub key_id: String,
    pub signature_holds: bool,
    /// Its outside timestamp: None when it has none, `Some(None)` when it does not hold.
    pub stamp: Option<Option<timestamp::Stamp>>,
}

impl FileReport {
    pub fn valid(&self) -> bool {
        self.first_error.is_none()
            && self
                .checkpoint
                .as_ref()
                .is_none_or(|c| c.signature_holds && !matches!(c.stamp, Some(None)))
    }
}

/// Checks one exported record: the chain, every present content, and the checkpoint's
/// signature with the public key it carries (whose id should be listed at
/// `/api/registro/claves`).
pub fn check_record(name: &str, record: &RecordExport) -> FileReport {
    let point = record.punto_de_control.as_ref().map(|p| &p.checkpoint);
    let mut check = ChainCheck::new(
        &record.familia,
        point.map(|p| (p.entradas, p.cabeza.clone())),
    );
    for e in &record.entradas {
        let held = match (&e.contenido_json, e.contenido_reservado) {
            (Some(text), _) => Held::Content(text),
            (None, true) => Held::Withheld,
            (None, false) => Held::Erased,
        };
        check.push(&e.entry, held);
    }
    let check = check.finish(None);
    let checkpoint = point.map(|p| {
        let text = chain::checkpoint_text(&record.familia, p.entradas, &p.cabeza, &p.hora);
        let signature_holds = p
            .clave_publica
            .as_deref()
            .and_then(decode_key)
            .filter(|raw| signing::key_id(raw) == p.clave_id)
            .zip(STANDARD.decode(&p.firma).ok())
            .is_some_and(|(raw, sig)| signing::verify(&raw, text.as_bytes(), &sig));
        let stamp = p
            .sello
            .as_ref()
            .map(|sello| checkpoint::stamp_of(&sello.token, &p.firma));
        CheckpointReport {
            entradas: p.entradas,
            hora: p.hora.clone(),
            key_id: p.clave_id.clone(),
            signature_holds,
            stamp,
        }
    });
    FileReport {
        name: name.to_owned(),
        familia: record.familia.clone(),
        entries: check.entries,
        first_error: check.first_error,
        erased: check.erased,
        withheld: check.withheld,
        checkpoint,
    }
}

/// Checks every record in `path`: an account export (ZIP, its `registro/*.json`) or one record
/// file on its own.
pub fn check_file(path: &Path) -> anyhow::Result<Vec<FileReport>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.starts_with(b"PK") {
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
            .with_context(|| format!("{} is not a readable ZIP", path.display()))?;
        let mut reports = Vec::new();
        for i in 0..archive.len() {
            let mut file = archive.by_index(i)?;
            let name = file.name()?.into_owned();
            if !(name.starts_with("registro/") && name.ends_with(".json")) {
                continue;
            }
            let mut text = String::new();
            file.read_to_string(&mut text)
                .with_context(|| format!("cannot read {name}"))?;
            reports.push(check_record(&name, &parse(&name, &text)?));
        }
        if reports.is_empty() {
            anyhow::bail!(
                "{} holds no family record (registro/*.json)",
                path.display()
            );
        }
        Ok(reports)
    } else {
        let name = path.display().to_string();
        let text = String::from_utf8(bytes).with_context(|| format!("{name} is not text"))?;
        Ok(vec![check_record(&name, &parse(&name, &text)?)])
    }
}

fn parse(name: &str, text: &str) -> anyhow::Result<RecordExport> {
    let record: RecordExport = serde_json::from_str(text)
        .with_context(|| format!("{name} is not a Nido family record"))?;
    if record.formato != FORMAT {
        anyhow::bail!("{name}: unknown format '{}'", record.formato);
    }
    Ok(record)
}
