//! Signs a report's PDF the standard way (PAdES baseline): an incremental update appended to the
//! file `krilla` wrote adds a signature dictionary, an invisible signature field on the first
//! page and the form that lists it; the signature is a CMS detached signature over every byte of
//! the file but its own hex value (`/ByteRange`). Any reader that checks signatures (`pdfsig`,
//! Acrobat) finds it valid, and invalid once any byte outside it changes.

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

#[cfg(test)]
use crate::platform::document_signing::DocumentSigner;
use crate::platform::{
    document_signing::{self, Checked},
    timestamp::{self, Stamp},
};

/// Room for the CMS in the file, in bytes: a P-256 signature with its certificate takes about
/// 1 KB, a timestamp token with the authority's certificates 2 to 8 KB more.
const SIGNATURE_ROOM: usize = 16 * 1024;
/// Each of the three numbers of `/ByteRange` is written in this many characters, so that filling
/// them in moves no byte.
const NUMBER_WIDTH: usize = 10;

/// What the appended update needs to know of the original file.
struct Original {
    size: u64,
    root: u64,
    info: Option<u64>,
    id: Option<String>,
    startxref: u64,
    /// The first page's object number and dictionary.
    page: (u64, String),
    catalog: String,
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn rfind(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).rposition(|w| w == needle)
}

/// The number after `key` in `text` (`/Size 444` or `/Size444`).
fn number_after(text: &str, key: &str) -> Option<u64> {
    let at = text.find(key)? + key.len();
    let digits: String = text[at..]
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The dictionary of object `number`: from its `<<` to the `>>` that closes it before `endobj`.
fn dictionary(pdf: &[u8], number: u64) -> Option<String> {
    let header = format!("\n{number} 0 obj");
    let start = find(pdf, header.as_bytes())? + header.len();
    let end = start + find(&pdf[start..], b"endobj")?;
    let text = std::str::from_utf8(&pdf[start..end]).ok()?;
    let open = text.find("<<")?;
    let close = text.rfind(">>")?;
    (close > open).then(|| text[open..close + 2].to_owned())
}

fn read(pdf: &[u8]) -> Result<Original, String> {
    let at = rfind(pdf, b"startxref").ok_or("no startxref")?;
    let startxref = number_after(
        std::str::from_utf8(&pdf[at..]).map_err(|_| "an unreadable end")?,
        "startxref",
    )
    .ok_or("no xref offset")?;
    let trailer_at = rfind(pdf, b"trailer").ok_or("no trailer")?;
    let trailer = std::str::from_utf8(&pdf[trailer_at..at]).map_err(|_| "an unreadable trailer")?;
    let size = number_after(trailer, "/Size").ok_or("no /Size")?;
    let root = number_after(trailer, "/Root").ok_or("no /Root")?;
    let info = number_after(trailer, "/Info");
    let id = trailer.find("/ID").and_then(|i| {
        trailer[i..]
            .find(']')
            .map(|j| trailer[i..i + j + 1].to_owned())
    });
    let catalog = dictionary(pdf, root).ok_or("no catalog")?;
    let pages = number_after(&catalog, "/Pages").ok_or("no /Pages")?;
    let kids = dictionary(pdf, pages).ok_or("no page tree")?;
    let first = number_after(&kids, "/Kids[")
        .or_else(|| number_after(&kids, "/Kids ["))
        .ok_or("no first page")?;
    let page = dictionary(pdf, first).ok_or("no first page's dictionary")?;
    if page.contains("/Annots") || catalog.contains("/AcroForm") {
        return Err("the file already has annotations or a form".into());
    }
    Ok(Original {
        size,
        root,
        info,
        id,
        startxref,
        page: (first, page),
        catalog,
    })
}

/// `dict` (`<<…>>`) with `entries` added before its end.
fn with(dict: &str, entries: &str) -> String {
    format!("{}{entries}>>", &dict[..dict.len() - 2])
}

fn pdf_date(at: DateTime<Utc>) -> String {
    at.format("D:%Y%m%d%H%M%SZ").to_string()
}

/// A file with its signature's room made, waiting for the CMS over `digest`.
pub struct Prepared {
    out: Vec<u8>,
    /// Where the hex string of `/Contents` starts (its `<`).
    contents: usize,
    /// The SHA-256 of every byte but the signature's room: what the signature signs.
    pub digest: [u8; 32],
}

impl Prepared {
    /// The file with `cms` written into its room.
    pub fn fill(mut self, cms: &[u8]) -> Result<Vec<u8>, String> {
        if cms.len() > SIGNATURE_ROOM {
            return Err("the signature does not fit its room".into());
        }
        let hex: String = cms.iter().map(|b| format!("{b:02X}")).collect();
        let at = self.contents + 1;
        self.out[at..at + hex.len()].copy_from_slice(hex.as_bytes());
        Ok(self.out)
    }
}

/// `pdf` signed by `signer` at `at`, with no timestamp.
#[cfg(test)]
pub fn sign(pdf: Vec<u8>, signer: &DocumentSigner, at: DateTime<Utc>) -> Result<Vec<u8>, String> {
    let prepared = prepare(pdf, at)?;
    let cms = signer
        .sign_digest(&prepared.digest)
        .map_err(|e| format!("{e:#}"))?;
    prepared.fill(&cms)
}

/// `pdf` with the update that will hold a signature made at `at` appended.
pub fn prepare(pdf: Vec<u8>, at: DateTime<Utc>) -> Result<Prepared, String> {
    let original = read(&pdf)?;
    let sig = original.size;
    let field = original.size + 1;
    let (page_number, page) = &original.page;
    let placeholder = " ".repeat(NUMBER_WIDTH);

    let mut out = pdf;
    // The update is the signature's room and a few objects: grown once to fit, a large file is
    // not copied into a buffer twice its size.
    out.reserve_exact(
        SIGNATURE_ROOM * 2 + 16 * 1024 + original.page.1.len() + original.catalog.len(),
    );
    if out.last() != Some(&b'\n') {
        out.push(b'\n');
    }
    let mut offsets: Vec<(u64, usize)> = Vec::new();
    let mut object = |out: &mut Vec<u8>, number: u64, body: &str| {
        offsets.push((number, out.len()));
        out.extend_from_slice(format!("{number} 0 obj\n{body}\nendobj\n").as_bytes());
    };
    let signature = format!(
        "<</Type/Sig/Filter/Adobe.PPKLite/SubFilter/ETSI.CAdES.detached/ByteRange[0 {placeholder} {placeholder} {placeholder}]/Contents<{}>/M({})/Name(Nido)/Reason(Nido certified report)>>",
        "0".repeat(SIGNATURE_ROOM * 2),
        pdf_date(at)
    );
    object(&mut out, sig, &signature);
    object(
        &mut out,
        field,
        &format!(
            "<</Type/Annot/Subtype/Widget/FT/Sig/T(Nido)/V {sig} 0 R/F 132/Rect[0 0 0 0]/P {page_number} 0 R>>"
        ),
    );
    object(
        &mut out,
        *page_number,
        &with(page, &format!("/Annots[{field} 0 R]")),
    );
    object(
        &mut out,
        original.root,
        &with(
            &original.catalog,
            &format!("/AcroForm<</Fields[{field} 0 R]/SigFlags 3>>"),
        ),
    );
    offsets.sort();
    let xref = out.len();
    let mut table = String::from("xref\n0 1\n0000000000 65535 f\r\n");
    for (number, offset) in &offsets {
        table.push_str(&format!("{number} 1\n{offset:010} 00000 n\r\n"));
    }
    let info = original
        .info
        .map(|i| format!("/Info {i} 0 R"))
        .unwrap_or_default();
    table.push_str(&format!(
        "trailer\n<</Size {}/Root {} 0 R{info}{}/Prev {}>>\nstartxref\n{xref}\n%%EOF\n",
        original.size + 2,
        original.root,
        original.id.clone().unwrap_or_default(),
        original.startxref
    ));
    out.extend_from_slice(table.as_bytes());

    // The byte range: everything but the hex string of /Contents, its brackets included.
    let sig_at = offsets
        .iter()
        .find(|(n, _)| *n == sig)
        .map(|(_, o)| *o)
        .ok_or("the signature object was not written")?;
    let contents = sig_at + find(&out[sig_at..], b"/Contents<").ok_or("no /Contents")? + 9;
    let after = contents + SIGNATURE_ROOM * 2 + 2;
    let range = [0, contents, after, out.len() - after];
    let numbers: Vec<String> = range[1..]
        .iter()
        .map(|n| format!("{n:<NUMBER_WIDTH$}"))
        .collect();
    let byte_range = format!("/ByteRange[0 {}]", numbers.join(" "));
    let range_at = sig_at + find(&out[sig_at..], b"/ByteRange[").ok_or("no /ByteRange")?;
    let old_len = format!("/ByteRange[0 {placeholder} {placeholder} {placeholder}]").len();
    if byte_range.len() != old_len {
        return Err("the file is too large to sign".into());
    }
    out[range_at..range_at + old_len].copy_from_slice(byte_range.as_bytes());

    let mut hasher = Sha256::new();
    hasher.update(&out[..contents]);
    hasher.update(&out[after..]);
    Ok(Prepared {
        out,
        contents,
        digest: hasher.finalize().into(),
    })
}

/// The length of the DER value that starts `bytes` (tag, length and content), if it reads as one.
fn der_length(bytes: &[u8]) -> Option<usize> {
    let first = *bytes.get(1)?;
    if first < 0x80 {
        return Some(2 + usize::from(first));
    }
    let count = usize::from(first & 0x7f);
    if count == 0 || count > 4 {
        return None;
    }
    let mut length = 0usize;
    for byte in bytes.get(2..2 + count)? {
        length = (length << 8) | usize::from(*byte);
    }
    Some(2 + count + length)
}

/// A signature found in a file: its CMS (DER), and where its hex string starts and ends.
struct Embedded {
    cms: Vec<u8>,
    first: usize,
    second: usize,
}

/// The last signature of `pdf`, or what is wrong with it. None when the file has no signature.
fn embedded(pdf: &[u8]) -> Option<Result<Embedded, Checked>> {
    let at = rfind(pdf, b"/ByteRange[")? + "/ByteRange[".len();
    let end = at + find(&pdf[at..], b"]")?;
    let numbers: Vec<usize> = std::str::from_utf8(&pdf[at..end])
        .ok()?
        .split_whitespace()
        .map(|n| n.parse().ok())
        .collect::<Option<_>>()?;
    let [0, first, second, length] = numbers[..] else {
        return Some(Err(Checked::Invalid));
    };
    if first >= second
        || second.checked_add(length) != Some(pdf.len())
        || pdf.get(first) != Some(&b'<')
        || pdf.get(second - 1) != Some(&b'>')
    {
        return Some(Err(Checked::DigestMismatch));
    }
    let hex = &pdf[first + 1..second - 1];
    let bytes: Option<Vec<u8>> = hex
        .chunks(2)
        .map(|pair| {
            std::str::from_utf8(pair)
                .ok()
                .and_then(|p| u8::from_str_radix(p, 16).ok())
        })
        .collect();
    let Some(mut cms) = bytes else {
        return Some(Err(Checked::Invalid));
    };
    let Some(length) = der_length(&cms).filter(|n| *n <= cms.len()) else {
        return Some(Err(Checked::Invalid));
    };
    cms.truncate(length);
    Some(Ok(Embedded { cms, first, second }))
}

/// What the last signature of `pdf` says, and its outside timestamp: `stamp` is None when it
/// carries none, `Some(None)` when it carries one that does not hold for this signature.
pub struct Checks {
    pub signature: Checked,
    pub stamp: Option<Option<Stamp>>,
}

/// The checks of `pdf`'s last signature, or None when it has none. A signature that does not
/// cover the whole file (something was appended after it) reads as a changed file.
pub fn check(pdf: &[u8]) -> Option<Checks> {
    let Embedded { cms, first, second } = match embedded(pdf)? {
        Ok(found) => found,
        Err(signature) => {
            return Some(Checks {
                signature,
                stamp: None,
            });
        }
    };
    let mut hasher = Sha256::new();
    hasher.update(&pdf[..first]);
    hasher.update(&pdf[second..]);
    let stamp = document_signing::timestamp_token(&cms).map(|token| {
        document_signing::signature_digest(&cms)
            .and_then(|digest| timestamp::check(&token, &digest))
    });
    Some(Checks {
        signature: document_signing::check(&cms, &hasher.finalize()),
        stamp,
    })
}

/// The CMS (DER) of `pdf`'s last signature, if it has one that reads.
pub fn cms_of(pdf: &[u8]) -> Option<Vec<u8>> {
    Some(embedded(pdf)?.ok()?.cms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_dictionaries_are_read_from_the_text() {
        assert_eq!(
            number_after("<</Size 444/Root 443 0 R>>", "/Root"),
            Some(443)
        );
        assert_eq!(number_after("/Kids[408 0 R 409 0 R]", "/Kids["), Some(408));
        let pdf = b"%PDF\n5 0 obj\n<</Type/Catalog/MarkInfo<</Marked true>>>>\nendobj\n";
        assert_eq!(
            dictionary(pdf, 5).as_deref(),
            Some("<</Type/Catalog/MarkInfo<</Marked true>>>>")
        );
        assert_eq!(with("<</A 1>>", "/B 2"), "<</A 1/B 2>>");
    }
}
