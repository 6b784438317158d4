//! What an upload is, judged by its first bytes and never by its name or its declared type; and
//! the name it is kept under.

/// How many of the first bytes are read before deciding what a file is. A PDF reader accepts
/// its header anywhere in the first kilobyte, and browsers sniff about as far.
pub const HEAD_LEN: usize = 1024;
/// A PDF ends with `%%EOF` within its last kilobyte.
pub const TAIL_LEN: usize = 1024;
const PDF_MAGIC: &[u8] = b"%PDF-";
const PDF_END: &[u8] = b"%%EOF";
const ZIP_MAGIC: &[u8] = b"PK\x03\x04";
/// The end of a zip's central directory: a PDF that holds one is also an archive (a polyglot).
const ZIP_END: &[u8] = b"PK\x05\x06";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// JPEG, PNG, GIF or WebP by their signatures (the decoder judges the rest).
    Image,
    Pdf,
    /// A zip archive, as every OOXML and OpenDocument file is: `office` judges the rest once its
    /// central directory (at its end) has arrived.
    Office,
}

/// The kind of a file from its first bytes (`HEAD_LEN`, or all of a shorter file); `None` for
/// anything Nido does not keep.
pub fn kind(head: &[u8]) -> Option<Kind> {
    if is_image(head) {
        return Some(Kind::Image);
    }
    if head.starts_with(PDF_MAGIC) && !looks_like_html(head) {
        return Some(Kind::Pdf);
    }
    if head.starts_with(ZIP_MAGIC) {
        return Some(Kind::Office);
    }
    None
}

fn is_image(head: &[u8]) -> bool {
    head.starts_with(&[0xFF, 0xD8, 0xFF])
        || head.starts_with(b"\x89PNG\r\n\x1a\n")
        || head.starts_with(b"GIF87a")
        || head.starts_with(b"GIF89a")
        || (head.len() >= 12 && head.starts_with(b"RIFF") && &head[8..12] == b"WEBP")
}

/// Whether a PDF's last bytes hold its end marker: a file cut short, or something else that
/// only starts like a PDF, does not.
pub fn ends_like_pdf(tail: &[u8]) -> bool {
    tail.windows(PDF_END.len()).any(|w| w == PDF_END)
}

/// Whether a file's last bytes hold the end of a zip archive: a PDF that is one too.
pub fn ends_like_zip(tail: &[u8]) -> bool {
    tail.windows(ZIP_END.len()).any(|w| w == ZIP_END)
}

/// Watches a whole stream for the start of an HTML document, across the seams between pieces:
/// a PDF may carry a page anywhere, not only in its first bytes.
#[derive(Default)]
pub struct HtmlWatch {
    carry: Vec<u8>,
    found: bool,
}

/// The tags that make a file something a browser would run as a page when met anywhere.
const PAGE_TAGS: [&[u8]; 6] = [
    b"<html",
    b"<script",
    b"<!doctype html",
    b"<iframe",
    b"<body",
    b"<svg",
];
/// The longest tag above, less one: what is carried from one piece to the next.
const PAGE_CARRY: usize = 13;

impl HtmlWatch {
    pub fn pass(&mut self, piece: &[u8]) {
        if self.found {
            return;
        }
        let mut window = std::mem::take(&mut self.carry);
        window.extend_from_slice(piece);
        // Only where a `<` is can a tag start: most of a PDF is looked at once, for that byte.
        self.found = window.iter().enumerate().any(|(at, byte)| {
            *byte == b'<'
                && PAGE_TAGS.iter().any(|tag| {
                    window
                        .get(at..at + tag.len())
                        .is_some_and(|found| found.eq_ignore_ascii_case(tag))
                })
        });
        let keep = window.len().min(PAGE_CARRY);
        self.carry = window[window.len() - keep..].to_vec();
    }

    pub fn found(&self) -> bool {
        self.found
    }
}

/// The tags a browser's content sniffing takes for a page (the WHATWG MIME sniffing standard's
/// list, which older browsers looked for anywhere in the first bytes, not only at the start).
const HTML_TAGS: [&[u8]; 17] = [
    b"!doctype html",
    b"html",
    b"head",
    b"script",
    b"iframe",
    b"h1",
    b"div",
    b"font",
    b"table",
    b"a",
    b"style",
    b"title",
    b"b",
    b"body",
    b"br",
    b"p",
    b"svg",
];

/// Whether anything in these bytes reads as the start of an HTML (or SVG, XML) document: a
/// polyglot that a lenient reader could render as a page of Nido's origin.
pub fn looks_like_html(head: &[u8]) -> bool {
    let lower = head.to_ascii_lowercase();
    lower.iter().enumerate().any(|(at, byte)| {
        if *byte != b'<' {
            return false;
        }
        let rest = &lower[at + 1..];
        if rest.starts_with(b"!--") || rest.starts_with(b"?xml") {
            return true;
        }
        HTML_TAGS.iter().any(|tag| {
            rest.starts_with(tag)
                && rest
                    .get(tag.len())
                    .is_some_and(|end| matches!(end, b' ' | b'>' | b'\t' | b'\n' | b'\r'))
        })
    })
}

/// The longest name kept, in characters.
const NAME_MAX_CHARS: usize = 200;

/// The file name as given, cleaned: no folders, no control or text-reversing characters, no
/// quote, semicolon or backslash, no surrounding blanks or leading dots, at most `NAME_MAX_CHARS`, ending in `extension` (a
/// re-encoded image is a JPEG whatever it was called). `fallback` names a file sent without one.
pub fn clean_name(given: Option<&str>, extension: &str, fallback: &str) -> String {
    let base = given
        .unwrap_or_default()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default();
    // What could not stay in a download's header is never kept either.
    let kept: String = base
        .chars()
        .filter(|c| super::download::allowed_in_name(*c))
        .collect();
    let kept = kept.trim().trim_start_matches('.').trim();
    let stem = match kept.rsplit_once('.') {
        Some((stem, _)) if !stem.trim().is_empty() => stem.trim(),
        _ => kept,
    };
    let stem = if stem.is_empty() { fallback } else { stem };
    let room = NAME_MAX_CHARS - extension.chars().count() - 1;
    let stem: String = stem.chars().take(room).collect();
    format!("{}.{extension}", stem.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PDF_HEAD: &[u8] =
        b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n<AB12>";

    #[test]
    fn files_are_judged_by_their_first_bytes() {
        assert_eq!(kind(b"\xFF\xD8\xFF\xE0rest"), Some(Kind::Image));
        assert_eq!(kind(b"\x89PNG\r\n\x1a\nrest"), Some(Kind::Image));
        assert_eq!(kind(b"GIF89a..."), Some(Kind::Image));
        assert_eq!(kind(b"RIFF\x10\0\0\0WEBPVP8 "), Some(Kind::Image));
        assert_eq!(kind(PDF_HEAD), Some(Kind::Pdf));
        assert_eq!(kind(b"PK\x03\x04zip"), Some(Kind::Office));
        assert_eq!(kind(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1legacy.doc"), None);
        assert_eq!(kind(b"<svg xmlns='http://www.w3.org/2000/svg'/>"), None);
        assert_eq!(kind(b"<!DOCTYPE html><html>%PDF-1.4"), None);
        assert_eq!(kind(b" %PDF-1.4"), None, "the header starts the file");
        assert_eq!(kind(b"RIFF\x10\0\0\0WAVE"), None);
        assert_eq!(kind(b""), None);
    }

    #[test]
    fn a_pdf_with_a_page_inside_its_first_bytes_is_refused() {
        for polyglot in [
            &b"%PDF-1.4\n<html><script>alert(1)</script>"[..],
            b"%PDF-1.4\n%<HTML>",
            b"%PDF-1.4\n<!-- x -->",
            b"%PDF-1.4\n<?xml version='1.0'?><svg/>",
            b"%PDF-1.4\n<ScRiPt src=x>",
            b"%PDF-1.4\n<a href='x'>",
            b"%PDF-1.4\n<body\tonload=x>",
        ] {
            assert_eq!(
                kind(polyglot),
                None,
                "{}",
                String::from_utf8_lossy(polyglot)
            );
        }
        // Dictionaries and hex strings are not tags.
        assert!(!looks_like_html(PDF_HEAD));
        assert!(!looks_like_html(b"<<A/B>> <ABBA> <p0>"));
    }

    #[test]
    fn a_page_is_found_anywhere_in_a_stream_even_across_pieces() {
        let mut watch = HtmlWatch::default();
        watch.pass(b"%PDF-1.7 stream data <<>> <scr");
        assert!(!watch.found());
        watch.pass(b"ipt>alert(1)</script>");
        assert!(watch.found());
        let mut clean = HtmlWatch::default();
        clean.pass(b"%PDF-1.7 <</Type/Page>> <AB12> endobj");
        assert!(!clean.found());
        assert!(ends_like_zip(b"...PK\x05\x06\0\0"));
    }

    #[test]
    fn the_end_marker_is_looked_for_in_the_tail() {
        assert!(ends_like_pdf(b"...startxref\n123\n%%EOF\n"));
        assert!(!ends_like_pdf(b"...startxref\n123\n"));
    }

    #[test]
    fn names_are_cleaned_and_end_in_what_is_stored() {
        assert_eq!(
            clean_name(Some("Informe médico.pdf"), "pdf", "documento"),
            "Informe médico.pdf"
        );
        assert_eq!(
            clean_name(Some("C:\\fotos\\playa.PNG"), "jpg", "imagen"),
            "playa.jpg"
        );
        assert_eq!(
            clean_name(Some("../../etc/passwd"), "pdf", "documento"),
            "passwd.pdf"
        );
        assert_eq!(
            clean_name(Some("factura\u{202E}fdp.exe"), "pdf", "documento"),
            "facturafdp.pdf"
        );
        assert_eq!(
            clean_name(Some("  .bashrc  "), "pdf", "documento"),
            "bashrc.pdf"
        );
        assert_eq!(
            clean_name(Some("a\nb\0c.pdf"), "pdf", "documento"),
            "abc.pdf"
        );
        assert_eq!(
            clean_name(
                Some("Acuerdo\"; filename*=UTF-8''Acuerdo.hta; x=\".docx"),
                "docx",
                "documento"
            ),
            "Acuerdo filename*=UTF-8''Acuerdo.hta x=.docx"
        );
        assert_eq!(clean_name(None, "jpg", "imagen"), "imagen.jpg");
        assert_eq!(clean_name(Some("   "), "pdf", "documento"), "documento.pdf");
        let long = "x".repeat(500);
        let cleaned = clean_name(Some(&long), "pdf", "documento");
        assert_eq!(cleaned.chars().count(), NAME_MAX_CHARS);
        assert!(cleaned.ends_with(".pdf"));
    }
}
