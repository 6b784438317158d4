//! The headers of every answer that hands over a file (a document, a message's attachment, a
//! receipt, an export, a signed file link), built in one place: a name a user chose can never
//! add a parameter to `Content-Disposition`, and no file can render as a page of Nido's origin.

use axum::http::{HeaderMap, HeaderName, HeaderValue, header};

/// How a file is handed over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// Shown by the browser (a photo, a PDF opened to read). Only the types below are.
    Inline,
    /// Saved under its name.
    Attachment,
}

/// What a browser may show itself: raster images and PDFs. Anything else is saved.
const INLINE_TYPES: [&str; 5] = [
    "image/jpeg",
    "image/png",
    "image/gif",
    "image/webp",
    "application/pdf",
];

/// The one policy of every file handed over, shown or saved: a sandbox without scripts, no
/// requests, no frame around it. The browser's own viewer of a shown image needs the image
/// itself and its inline styling; nothing more is allowed, and as no type that renders as a page
/// is ever served (`servable_type`), that styling has nothing to act on. No Nido page frames a
/// file by its address: previews are frames of blob URLs made from fetched bytes, which this
/// policy does not reach.
pub const FILE_CSP: &str = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/// The longest name offered, in characters.
const NAME_MAX_CHARS: usize = 150;

/// Marks that change the order in which text is shown (U+200E/F, U+202A–U+202E, U+2066–U+2069):
/// `factura\u{202E}fdp.exe` reads as a PDF and is not one.
pub fn reorders_text(c: char) -> bool {
    matches!(
        c,
        '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// Whether a character may stay in a file name: not a control, nor one that could close the
/// header's quoted value or start another parameter (`"`, `;`, `\`), nor a folder separator.
pub fn allowed_in_name(c: char) -> bool {
    !c.is_control() && !reorders_text(c) && !matches!(c, '"' | ';' | '\\' | '/')
}

/// A name as offered for saving: its last path part, only allowed characters, no surrounding
/// blanks or leading dots (no hidden file), at most 150 characters; `fallback` when nothing is
/// left.
pub fn clean_name(given: &str, fallback: &str) -> String {
    let base = given.rsplit(['/', '\\']).next().unwrap_or_default();
    let kept: String = base.chars().filter(|c| allowed_in_name(*c)).collect();
    let kept = kept.trim().trim_start_matches('.').trim();
    let name: String = kept.chars().take(NAME_MAX_CHARS).collect();
    let name = name.trim_end();
    if name.is_empty() {
        fallback.to_owned()
    } else {
        name.to_owned()
    }
}

/// The plain ASCII form of a name for clients that ignore `filename*`: Spanish and other Latin
/// letters lose their accents, anything else (and `%`, which some clients decode) becomes `_`.
fn ascii_fallback(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => 'A',
            'ç' => 'c',
            'Ç' => 'C',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'È' | 'É' | 'Ê' | 'Ë' => 'E',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'Ì' | 'Í' | 'Î' | 'Ï' => 'I',
            'ñ' => 'n',
            'Ñ' => 'N',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
            'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' => 'O',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'Ù' | 'Ú' | 'Û' | 'Ü' => 'U',
            'ý' | 'ÿ' => 'y',
            'Ý' => 'Y',
            '%' => '_',
            c if c.is_ascii() => c,
            _ => '_',
        })
        .collect()
}

/// `inline` or `attachment` with the cleaned name twice: an ASCII `filename` and the UTF-8
/// `filename*`, percent-encoded (RFC 6266, RFC 8187). Nothing of the name can leave its value.
pub fn content_disposition(show: Show, given: &str) -> String {
    let name = clean_name(given, "archivo");
    let encoded: String = name
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect();
    let how = match show {
        Show::Inline => "inline",
        Show::Attachment => "attachment",
    };
    format!(
        "{how}; filename=\"{}\"; filename*=UTF-8''{encoded}",
        ascii_fallback(&name)
    )
}

/// A type a browser could run as a page or a script is never sent as such.
fn servable_type(content_type: &str) -> &str {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let (_, subtype) = essence.split_once('/').unwrap_or_default();
    let runs = subtype.contains("html")
        || subtype == "xml"
        || subtype.ends_with("+xml")
        || subtype.contains("javascript")
        || subtype.contains("ecmascript");
    if runs || HeaderValue::from_str(content_type).is_err() {
        "application/octet-stream"
    } else {
        content_type
    }
}

/// The headers of one file handed over: its type, how it is handed over and under what name,
/// `nosniff`, a sandboxing policy and how long it may be kept.
pub struct Download<'a> {
    content_type: &'a str,
    show: Show,
    name: &'a str,
    cache: String,
    len: Option<u64>,
}

impl<'a> Download<'a> {
    /// A file saved as `name` (cleaned here).
    pub fn attachment(content_type: &'a str, name: &'a str) -> Download<'a> {
        Download {
            content_type,
            show: Show::Attachment,
            name,
            cache: "private, no-store".to_owned(),
            len: None,
        }
    }

    /// A file shown by the browser if its type is one that may be (an image, a PDF), saved as
    /// `name` otherwise.
    pub fn inline(content_type: &'a str, name: &'a str) -> Download<'a> {
        Download {
            show: Show::Inline,
            ..Download::attachment(content_type, name)
        }
    }

    /// `Cache-Control` instead of `private, no-store`.
    pub fn cache(mut self, value: String) -> Download<'a> {
        self.cache = value;
        self
    }

    pub fn len(mut self, len: u64) -> Download<'a> {
        self.len = Some(len);
        self
    }

    /// The headers, in order.
    pub fn headers(&self) -> Vec<(HeaderName, String)> {
        let content_type = servable_type(self.content_type);
        let essence = content_type.split(';').next().unwrap_or_default().trim();
        let show = match self.show {
            Show::Inline if INLINE_TYPES.contains(&essence) => Show::Inline,
            _ => Show::Attachment,
        };
        let mut out = vec![
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                content_disposition(show, self.name),
            ),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
            (header::CONTENT_SECURITY_POLICY, FILE_CSP.to_owned()),
            (header::CACHE_CONTROL, self.cache.clone()),
        ];
        if let Some(len) = self.len {
            out.push((header::CONTENT_LENGTH, len.to_string()));
        }
        out
    }

    /// Puts the headers on an answer, replacing any of the same name.
    pub fn apply(&self, headers: &mut HeaderMap) {
        for (name, value) in self.headers() {
            if let Ok(value) = HeaderValue::from_str(&value) {
                headers.insert(name, value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header_of(download: &Download, name: HeaderName) -> String {
        download
            .headers()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
            .unwrap_or_default()
    }

    #[test]
    fn a_hostile_name_comes_back_as_one_clean_pair() {
        let hostile = "Acuerdo\"; filename*=UTF-8''Acuerdo.hta; x=\".docx";
        let value = content_disposition(Show::Attachment, hostile);
        assert_eq!(
            value,
            "attachment; filename=\"Acuerdo filename*=UTF-8''Acuerdo.hta x=.docx\"; \
             filename*=UTF-8''Acuerdo%20filename%2A%3DUTF-8%27%27Acuerdo.hta%20x%3D.docx"
        );
        assert_eq!(value.matches(';').count(), 2, "{value}");
        assert_eq!(value.matches('"').count(), 2, "{value}");
        assert!(HeaderValue::from_str(&value).is_ok());
    }

    #[test]
    fn names_lose_folders_controls_and_reordering_marks() {
        assert_eq!(clean_name("../../etc/passwd", "x"), "passwd");
        assert_eq!(clean_name("..\\..\\x.PDF", "x"), "x.PDF");
        assert_eq!(clean_name("a\r\nb\u{0}c.pdf", "x"), "abc.pdf");
        assert_eq!(clean_name("factura\u{202E}fdp.exe", "x"), "facturafdp.exe");
        assert_eq!(clean_name("   ", "archivo"), "archivo");
        assert_eq!(clean_name(".htaccess", "x"), "htaccess");
        assert_eq!(clean_name(&"ñ".repeat(400), "x").chars().count(), 150);
    }

    #[test]
    fn each_kind_of_hostile_character_is_cleaned_from_a_name() {
        // Quotes and semicolons could close the quoted value or open another parameter.
        assert_eq!(clean_name("a\"b\".pdf", "x"), "ab.pdf");
        assert_eq!(clean_name("a;b; filename=c.pdf", "x"), "ab filename=c.pdf");
        // CR and LF could end the header and start another.
        assert_eq!(
            clean_name("a\r\nSet-Cookie: b.pdf", "x"),
            "aSet-Cookie: b.pdf"
        );
        assert_eq!(clean_name("\r\n", "archivo"), "archivo");
        // Only the last path part stays, with either separator.
        assert_eq!(clean_name("C:\\Users\\ana\\foto.jpg", "x"), "foto.jpg");
        assert_eq!(clean_name("/tmp/", "archivo"), "archivo");
        // Non-ASCII letters stay in the name; the ASCII form and the encoding carry them.
        assert_eq!(clean_name("Ñandú añejo.pdf", "x"), "Ñandú añejo.pdf");
        assert_eq!(clean_name("写真.jpg", "x"), "写真.jpg");
        // Nothing left, or nothing given: the fallback.
        assert_eq!(clean_name("", "archivo"), "archivo");
        assert_eq!(clean_name("..", "archivo"), "archivo");
        assert_eq!(clean_name("\";\"", "archivo"), "archivo");
        assert_eq!(
            content_disposition(Show::Attachment, ""),
            "attachment; filename=\"archivo\"; filename*=UTF-8''archivo"
        );
        for given in [
            "a\"b",
            "a;b",
            "a\r\nb",
            "a/b",
            "a\\b",
            "ñ\u{202E}",
            "",
            "\u{0}",
        ] {
            let value = content_disposition(Show::Inline, given);
            assert_eq!(value.matches('"').count(), 2, "{value}");
            assert_eq!(value.matches(';').count(), 2, "{value}");
            assert!(value.is_ascii(), "{value}");
            assert!(HeaderValue::from_str(&value).is_ok(), "{value}");
        }
    }

    #[test]
    fn the_ascii_form_keeps_spanish_readable_and_the_encoded_one_exact() {
        assert_eq!(
            content_disposition(Show::Inline, "Informe médico Ñandú 100%.pdf"),
            "inline; filename=\"Informe medico Nandu 100_.pdf\"; \
             filename*=UTF-8''Informe%20m%C3%A9dico%20%C3%91and%C3%BA%20100%25.pdf"
        );
        assert_eq!(
            content_disposition(Show::Attachment, "日本.pdf"),
            "attachment; filename=\"__.pdf\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf"
        );
    }

    #[test]
    fn only_images_and_pdfs_show_and_nothing_goes_out_as_a_page() {
        let pdf = Download::inline("application/pdf", "a.pdf").len(10);
        assert!(header_of(&pdf, header::CONTENT_DISPOSITION).starts_with("inline;"));
        assert_eq!(header_of(&pdf, header::CONTENT_SECURITY_POLICY), FILE_CSP);
        assert_eq!(header_of(&pdf, header::CONTENT_LENGTH), "10");
        let docx = Download::inline(
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "a.docx",
        );
        assert!(header_of(&docx, header::CONTENT_DISPOSITION).starts_with("attachment;"));
        assert_eq!(header_of(&docx, header::CONTENT_SECURITY_POLICY), FILE_CSP);
        for page in [
            "text/html",
            "TEXT/HTML; charset=utf-8",
            "image/svg+xml",
            "application/xhtml+xml",
            "text/javascript",
            "application/xml",
            "bad\nvalue",
        ] {
            let d = Download::inline(page, "x");
            assert_eq!(
                header_of(&d, header::CONTENT_TYPE),
                "application/octet-stream",
                "{page}"
            );
            assert!(header_of(&d, header::CONTENT_DISPOSITION).starts_with("attachment;"));
        }
        let csv = Download::attachment("text/csv; charset=utf-8", "gastos.csv");
        assert_eq!(
            header_of(&csv, header::CONTENT_TYPE),
            "text/csv; charset=utf-8"
        );
        assert_eq!(header_of(&csv, header::X_CONTENT_TYPE_OPTIONS), "nosniff");
        assert_eq!(header_of(&csv, header::CACHE_CONTROL), "private, no-store");
        let cached = Download::inline("image/jpeg", "x.jpg").cache("private, max-age=60".into());
        assert_eq!(
            header_of(&cached, header::CACHE_CONTROL),
            "private, max-age=60"
        );
    }
}
