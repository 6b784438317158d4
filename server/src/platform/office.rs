//! Office documents (OOXML: DOCX, XLSX, PPTX; OpenDocument: ODT, ODS, ODP) are zip archives. An
//! upload streams into the store without ever being whole in memory, so it is judged from its
//! first bytes (the first entry, which OpenDocument requires to be `mimetype`) and its last bytes
//! (the central directory, which lists every entry with its sizes). Nothing is decompressed: the
//! sizes the archive declares are enough to refuse a zip bomb, and what it really holds is never
//! opened by the server.

/// How much of the end of an archive is kept while it streams: its central directory must fit.
/// A real office document's directory takes a few kilobytes; 256 KiB holds thousands of entries.
pub const TAIL_LEN: usize = 256 * 1024;
/// The most the entries may declare in all once uncompressed.
const MAX_TOTAL_UNCOMPRESSED: u64 = 256 * 1024 * 1024;
/// An entry may declare at most this many times its compressed size, once past `RATIO_FLOOR`:
/// text compresses ten or twenty times, a bomb thousands.
const MAX_RATIO: u64 = 200;
const RATIO_FLOOR: u64 = 1024 * 1024;
const MAX_ENTRIES: usize = 10_000;

const LOCAL_HEADER: &[u8] = b"PK\x03\x04";
const CENTRAL_HEADER: &[u8] = b"PK\x01\x02";
const END_OF_DIRECTORY: &[u8] = b"PK\x05\x06";
const END_LEN: usize = 22;
/// Entries that are archives themselves (or office files, which are): refused, not opened.
const NESTED: [&str; 16] = [
    ".zip", ".jar", ".7z", ".rar", ".gz", ".tgz", ".tar", ".bz2", ".xz", ".cab", ".docx", ".xlsx",
    ".pptx", ".odt", ".ods", ".odp",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Office {
    Docx,
    Xlsx,
    Pptx,
    Odt,
    Ods,
    Odp,
}

impl Office {
    pub fn mime(self) -> &'static str {
        match self {
            Office::Docx => {
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            }
            Office::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            Office::Pptx => {
                "application/vnd.openxmlformats-officedocument.presentationml.presentation"
            }
            Office::Odt => "application/vnd.oasis.opendocument.text",
            Office::Ods => "application/vnd.oasis.opendocument.spreadsheet",
            Office::Odp => "application/vnd.oasis.opendocument.presentation",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Office::Docx => "docx",
            Office::Xlsx => "xlsx",
            Office::Pptx => "pptx",
            Office::Odt => "odt",
            Office::Ods => "ods",
            Office::Odp => "odp",
        }
    }
}

/// Why an archive is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not an office document (a plain zip, a damaged one, a directory beyond the tail).
    NotOffice,
    /// Built to hurt: a bomb, an archive inside, encrypted entries, data before or after.
    Hostile,
}

/// One entry of the central directory.
struct Entry {
    name: String,
    flags: u16,
    method: u16,
    compressed: u64,
    uncompressed: u64,
    local_offset: u64,
}

fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// Judges an archive of `total` bytes from its first bytes and its last `tail` (at most
/// `TAIL_LEN`, all of it for a smaller file).
pub fn judge(head: &[u8], tail: &[u8], total: u64) -> Result<Office, Refusal> {
    if !head.starts_with(LOCAL_HEADER) {
        return Err(Refusal::NotOffice);
    }
    let entries = central_directory(tail, total)?;
    check_entries(&entries)?;
    match open_document(head)? {
        Some(kind) => Ok(kind),
        None => ooxml(&entries),
    }
}

/// The entries of the central directory, which must end the file exactly and start where its
/// end record says: bytes before the archive or after it (a polyglot) are refused.
fn central_directory(tail: &[u8], total: u64) -> Result<Vec<Entry>, Refusal> {
    if tail.len() < END_LEN {
        return Err(Refusal::NotOffice);
    }
    // The end record is the last 22 bytes unless a comment follows it; office files carry none.
    let end = tail.len() - END_LEN;
    if &tail[end..end + 4] != END_OF_DIRECTORY {
        return Err(Refusal::NotOffice);
    }
    let count = usize::from(u16_at(tail, end + 10).ok_or(Refusal::NotOffice)?);
    let size = u64::from(u32_at(tail, end + 12).ok_or(Refusal::NotOffice)?);
    let offset = u64::from(u32_at(tail, end + 16).ok_or(Refusal::NotOffice)?);
    if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
        // Zip64: never needed below 25 MB.
        return Err(Refusal::Hostile);
    }
    if count > MAX_ENTRIES {
        return Err(Refusal::Hostile);
    }
    if offset + size + END_LEN as u64 != total {
        return Err(Refusal::Hostile);
    }
    let tail_start = total - tail.len() as u64;
    if offset < tail_start {
        // The directory began before the kept tail: far larger than any office file's.
        return Err(Refusal::Hostile);
    }
    let start = usize::try_from(offset - tail_start).map_err(|_| Refusal::NotOffice)?;
    let directory = &tail[start..end];
    let mut entries = Vec::with_capacity(count);
    let mut at = 0;
    for _ in 0..count {
        let (entry, next) = central_entry(directory, at).ok_or(Refusal::NotOffice)?;
        entries.push(entry);
        at = next;
    }
    if at != directory.len() {
        return Err(Refusal::Hostile);
    }
    Ok(entries)
}

fn central_entry(directory: &[u8], at: usize) -> Option<(Entry, usize)> {
    if directory.get(at..at + 4)? != CENTRAL_HEADER {
        return None;
    }
    let name_len = usize::from(u16_at(directory, at + 28)?);
    let extra_len = usize::from(u16_at(directory, at + 30)?);
    let comment_len = usize::from(u16_at(directory, at + 32)?);
    let name_start = at + 46;
    let name = directory.get(name_start..name_start + name_len)?;
    let entry = Entry {
        name: String::from_utf8_lossy(name).into_owned(),
        flags: u16_at(directory, at + 8)?,
        method: u16_at(directory, at + 10)?,
        compressed: u64::from(u32_at(directory, at + 20)?),
        uncompressed: u64::from(u32_at(directory, at + 24)?),
        local_offset: u64::from(u32_at(directory, at + 42)?),
    };
    Some((entry, name_start + name_len + extra_len + comment_len))
}

/// What no office document does: encrypted entries, methods other than stored and deflate,
/// archives inside, absurd sizes, names that climb out of the archive.
fn check_entries(entries: &[Entry]) -> Result<(), Refusal> {
    let mut total = 0u64;
    for entry in entries {
        let lower = entry.name.to_ascii_lowercase();
        let encrypted = entry.flags & 0x1 != 0;
        let odd_method = !matches!(entry.method, 0 | 8);
        let nested = NESTED.iter().any(|ext| lower.ends_with(ext));
        let climbs = lower.starts_with('/') || lower.split(['/', '\\']).any(|part| part == "..");
        let ratio_absurd = entry.uncompressed > RATIO_FLOOR
            && entry.uncompressed > entry.compressed.saturating_mul(MAX_RATIO);
        if encrypted || odd_method || nested || climbs || ratio_absurd {
            return Err(Refusal::Hostile);
        }
        total = total.saturating_add(entry.uncompressed);
    }
    if total > MAX_TOTAL_UNCOMPRESSED {
        return Err(Refusal::Hostile);
    }
    if entries.first().is_none_or(|e| e.local_offset != 0) {
        return Err(Refusal::Hostile);
    }
    Ok(())
}

/// An OpenDocument file starts with its `mimetype` entry, stored uncompressed, holding its type.
/// `None` when the first entry is something else (an OOXML file, perhaps).
fn open_document(head: &[u8]) -> Result<Option<Office>, Refusal> {
    let name_len = usize::from(u16_at(head, 26).ok_or(Refusal::NotOffice)?);
    let extra_len = usize::from(u16_at(head, 28).ok_or(Refusal::NotOffice)?);
    let name = head.get(30..30 + name_len).ok_or(Refusal::NotOffice)?;
    if name != b"mimetype" {
        return Ok(None);
    }
    let method = u16_at(head, 8).ok_or(Refusal::NotOffice)?;
    let size = usize::try_from(u32_at(head, 18).ok_or(Refusal::NotOffice)?)
        .map_err(|_| Refusal::NotOffice)?;
    let start = 30 + name_len + extra_len;
    let content = head
        .get(start..start + size.min(100))
        .ok_or(Refusal::NotOffice)?;
    if method != 0 {
        return Err(Refusal::NotOffice);
    }
    let kind = match content {
        b"application/vnd.oasis.opendocument.text" => Office::Odt,
        b"application/vnd.oasis.opendocument.spreadsheet" => Office::Ods,
        b"application/vnd.oasis.opendocument.presentation" => Office::Odp,
        _ => return Err(Refusal::NotOffice),
    };
    Ok(Some(kind))
}

/// An OOXML file lists its parts' types in `[Content_Types].xml` and keeps its main part in the
/// folder of its kind.
fn ooxml(entries: &[Entry]) -> Result<Office, Refusal> {
    let has = |name: &str| entries.iter().any(|e| e.name == name);
    let has_folder = |folder: &str| entries.iter().any(|e| e.name.starts_with(folder));
    if !has("[Content_Types].xml") {
        return Err(Refusal::NotOffice);
    }
    let kinds = [
        (Office::Docx, "word/"),
        (Office::Xlsx, "xl/"),
        (Office::Pptx, "ppt/"),
    ];
    let found: Vec<Office> = kinds
        .iter()
        .filter(|(_, folder)| has_folder(folder))
        .map(|(kind, _)| *kind)
        .collect();
    match found.as_slice() {
        [one] => Ok(*one),
        _ => Err(Refusal::NotOffice),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A zip written by hand: stored entries with the sizes given (the content is not read).
    fn archive(entries: &[(&str, &[u8], u64, u32)]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut directory = Vec::new();
        for (name, content, declared, flags) in entries {
            let offset = out.len() as u32;
            let local = |buf: &mut Vec<u8>| {
                buf.extend_from_slice(LOCAL_HEADER);
                buf.extend_from_slice(&20u16.to_le_bytes());
                buf.extend_from_slice(&(*flags as u16).to_le_bytes());
                buf.extend_from_slice(&0u16.to_le_bytes());
                buf.extend_from_slice(&[0; 8]);
                buf.extend_from_slice(&(content.len() as u32).to_le_bytes());
                buf.extend_from_slice(&(content.len() as u32).to_le_bytes());
                buf.extend_from_slice(&(name.len() as u16).to_le_bytes());
                buf.extend_from_slice(&0u16.to_le_bytes());
                buf.extend_from_slice(name.as_bytes());
                buf.extend_from_slice(content);
            };
            local(&mut out);
            directory.extend_from_slice(CENTRAL_HEADER);
            directory.extend_from_slice(&[20, 0, 20, 0]);
            directory.extend_from_slice(&(*flags as u16).to_le_bytes());
            directory.extend_from_slice(&0u16.to_le_bytes());
            directory.extend_from_slice(&[0; 8]);
            directory.extend_from_slice(&(content.len() as u32).to_le_bytes());
            directory.extend_from_slice(&(*declared as u32).to_le_bytes());
            directory.extend_from_slice(&(name.len() as u16).to_le_bytes());
            directory.extend_from_slice(&[0; 12]);
            directory.extend_from_slice(&offset.to_le_bytes());
            directory.extend_from_slice(name.as_bytes());
        }
        let offset = out.len() as u32;
        out.extend_from_slice(&directory);
        out.extend_from_slice(END_OF_DIRECTORY);
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
        out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
        out.extend_from_slice(&(directory.len() as u32).to_le_bytes());
        out.extend_from_slice(&offset.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out
    }

    fn judged(bytes: &[u8]) -> Result<Office, Refusal> {
        judge(
            bytes,
            &bytes[bytes.len().saturating_sub(TAIL_LEN)..],
            bytes.len() as u64,
        )
    }

    #[test]
    fn real_shapes_are_recognised() {
        let docx = archive(&[
            ("[Content_Types].xml", b"<Types/>", 8, 0),
            ("word/document.xml", b"<w/>", 4, 0),
        ]);
        assert_eq!(judged(&docx), Ok(Office::Docx));
        let odt = archive(&[
            (
                "mimetype",
                b"application/vnd.oasis.opendocument.text",
                39,
                0,
            ),
            ("content.xml", b"<x/>", 4, 0),
        ]);
        assert_eq!(judged(&odt), Ok(Office::Odt));
    }

    #[test]
    fn bombs_nested_encrypted_and_shapeless_archives_are_refused() {
        let bomb = archive(&[
            ("[Content_Types].xml", b"<Types/>", 8, 0),
            ("word/document.xml", b"<w/>", 4_000_000_000, 0),
        ]);
        assert_eq!(judged(&bomb), Err(Refusal::Hostile));
        let nested = archive(&[
            ("[Content_Types].xml", b"<Types/>", 8, 0),
            ("word/inner.zip", b"PK", 2, 0),
        ]);
        assert_eq!(judged(&nested), Err(Refusal::Hostile));
        let encrypted = archive(&[
            ("[Content_Types].xml", b"<Types/>", 8, 1),
            ("word/document.xml", b"<w/>", 4, 0),
        ]);
        assert_eq!(judged(&encrypted), Err(Refusal::Hostile));
        let plain = archive(&[("notes.txt", b"hola", 4, 0)]);
        assert_eq!(judged(&plain), Err(Refusal::NotOffice));
        let mut appended = archive(&[
            ("[Content_Types].xml", b"<Types/>", 8, 0),
            ("word/document.xml", b"<w/>", 4, 0),
        ]);
        appended.extend_from_slice(b"<html>");
        assert!(judged(&appended).is_err());
    }
}
