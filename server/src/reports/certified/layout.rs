//! Lays a report out on A4 pages and writes it as a tagged PDF/A-2u file with `krilla` (PDF/A-3u
//! when message files are appended to it).
//!
//! Two passes: the content is first placed on pages (`Layout`), so that the running footer can
//! say "page n of N"; then every page is drawn. Each line of text is a leaf of the structure tree
//! (headings, paragraphs, tables with their rows and cells) that screen readers follow; the
//! running header and footer, rules, shading and the QR code are artifacts they skip.

use std::{num::NonZeroU16, sync::LazyLock};

use krilla::{
    Document, SerializeSettings,
    color::rgb,
    configure::{Archival, ConfigurationBuilder},
    destination::XyzDestination,
    embed::{AssociationKind, EmbeddedFile, MimeType},
    geom::{PathBuilder, Point, Rect},
    metadata::{DateTime, Metadata},
    num::NormalizedF32,
    outline::{Outline, OutlineNode},
    page::PageSettings,
    paint::{Fill, Stroke},
    surface::Surface,
    tagging::{
        Artifact, ArtifactType, ContentTag, Identifier, Node, SpanTag, TableHeaderScope, Tag,
        TagGroup, TagKind, TagTree,
    },
    text::{Font, TextDirection},
};

/// A4, in points.
pub const PAGE_WIDTH: f32 = 595.28;
pub const PAGE_HEIGHT: f32 = 841.89;
const LEFT: f32 = 56.0;
const RIGHT: f32 = PAGE_WIDTH - 56.0;
/// Where the body starts and must end: the running header and footer sit outside.
const TOP: f32 = 72.0;
const BOTTOM: f32 = PAGE_HEIGHT - 64.0;
pub const WIDTH: f32 = RIGHT - LEFT;

pub const BODY: f32 = 9.5;
pub const SMALL: f32 = 8.0;
const LEADING: f32 = 1.38;
const CELL_PAD: f32 = 3.0;

const REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// One of the two faces, with what it takes to measure text in it.
pub struct Face {
    font: Font,
    metrics: ttf_parser::Face<'static>,
    units: f32,
}

impl Face {
    fn load(data: &'static [u8]) -> Face {
        // The fonts are compiled in: a test reads both, so this cannot fail in a build that
        // passed its tests.
        let font = Font::new(data.into(), 0).expect("the embedded font is readable");
        let metrics = ttf_parser::Face::parse(data, 0).expect("the embedded font is readable");
        let units = f32::from(metrics.units_per_em());
        Face {
            font,
            metrics,
            units,
        }
    }

    /// The width of `text` at `size` points, as the text is drawn (without kerning, which these
    /// fonts barely use; lines keep a little room for it).
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let units: u32 = text
            .chars()
            .map(|c| {
                self.metrics
                    .glyph_index(c)
                    .and_then(|g| self.metrics.glyph_hor_advance(g))
                    .map_or(0, u32::from)
            })
            .sum();
        units as f32 / self.units * size
    }

    fn covers(&self, c: char) -> bool {
        self.metrics.glyph_index(c).is_some()
    }
}

pub struct Fonts {
    pub regular: Face,
    pub bold: Face,
}

pub static FONTS: LazyLock<Fonts> = LazyLock::new(|| Fonts {
    regular: Face::load(REGULAR),
    bold: Face::load(BOLD),
});

/// `text` with what the fonts cannot draw replaced by U+FFFD, and control characters other than
/// line breaks (a tab, a carriage return) by spaces: an archival PDF may not show a missing
/// glyph, and what was replaced is still in the record, whose hashes the report lists.
pub fn drawable(text: &str) -> String {
    let fonts = &*FONTS;
    text.chars()
        .map(|c| {
            if c == '\n' {
                c
            } else if c.is_control() {
                ' '
            } else if fonts.regular.covers(c) && fonts.bold.covers(c) {
                c
            } else {
                '\u{FFFD}'
            }
        })
        .collect()
}

/// Splits `text` into lines at most `width` wide at `size`, at spaces where it can and inside a
/// word only when the word alone is too long. Line breaks in `text` are kept.
pub fn wrap(face: &Face, text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        let mut line_width = 0.0;
        let space = face.width(" ", size);
        for word in paragraph.split(' ') {
            let word_width = face.width(word, size);
            let gap = if line.is_empty() { 0.0 } else { space };
            if line_width + gap + word_width <= width {
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(word);
                line_width += gap + word_width;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                line_width = 0.0;
            }
            if word_width <= width {
                line.push_str(word);
                line_width = word_width;
                continue;
            }
            // A word longer than the line (a link, a hash): cut it where it must be.
            for c in word.chars() {
                let w = face.width(c.encode_utf8(&mut [0; 4]), size);
                if line_width + w > width && !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                    line_width = 0.0;
                }
                line.push(c);
                line_width += w;
            }
        }
        lines.push(line);
    }
    lines
}

/// What a group of the structure tree is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Section,
    Heading(u16),
    Paragraph,
    Table,
    Row,
    HeaderCell,
    Cell,
}

enum Node0 {
    Group(Role, Vec<Node0>),
    Leaf(usize),
}

struct Text {
    x: f32,
    y: f32,
    size: f32,
    bold: bool,
    grey: bool,
    text: String,
    /// Its place among the leaves of the structure tree; None for an artifact.
    leaf: Option<usize>,
}

enum Mark {
    Text(Text),
    Rule {
        y: f32,
    },
    Shade {
        y: f32,
        height: f32,
    },
    Qr {
        y: f32,
        module: f32,
        dark: Vec<(u16, u16)>,
    },
}

#[derive(Default)]
struct Page {
    marks: Vec<Mark>,
}

/// A column of a table: its share of the width, and its heading.
pub type Column<'a> = (f32, &'a str);

/// The content placed on pages, before it is drawn.
pub struct Layout {
    pages: Vec<Page>,
    y: f32,
    groups: Vec<(Role, Vec<Node0>)>,
    leaves: usize,
    outline: Vec<(u16, String, usize, f32)>,
}

impl Default for Layout {
    fn default() -> Self {
        Self::new()
    }
}

impl Layout {
    pub fn new() -> Layout {
        Layout {
            pages: vec![Page::default()],
            y: TOP,
            groups: vec![(Role::Section, Vec::new())],
            leaves: 0,
            outline: Vec::new(),
        }
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    fn page(&mut self) -> &mut Page {
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    pub fn new_page(&mut self) {
        self.pages.push(Page::default());
        self.y = TOP;
    }

    /// Starts a new page unless `height` still fits on this one.
    fn room_for(&mut self, height: f32) {
        if self.y + height > BOTTOM && self.y > TOP {
            self.new_page();
        }
    }

    pub fn space(&mut self, points: f32) {
        self.y += points;
    }

    pub fn open(&mut self, role: Role) {
        self.groups.push((role, Vec::new()));
    }

    pub fn close(&mut self) {
        if self.groups.len() < 2 {
            return;
        }
        if let Some((role, children)) = self.groups.pop()
            && !children.is_empty()
            && let Some((_, parent)) = self.groups.last_mut()
        {
            parent.push(Node0::Group(role, children));
        }
    }

    fn text(&mut self, x: f32, size: f32, bold: bool, grey: bool, text: String) {
        let leaf = self.leaves;
        self.leaves += 1;
        if let Some((_, children)) = self.groups.last_mut() {
            children.push(Node0::Leaf(leaf));
        }
        let y = self.y + size;
        self.page().marks.push(Mark::Text(Text {
            x,
            y,
            size,
            bold,
            grey,
            text,
            leaf: Some(leaf),
        }));
    }

    /// A heading (1: a part of the report, 2: a conversation or a table's title), kept on the
    /// page of what follows it, and listed in the file's bookmarks.
    pub fn heading(&mut self, level: u16, text: &str) {
        let size = match level {
            1 => 15.0,
            2 => 11.5,
            _ => 10.0,
        };
        let text = drawable(text);
        let lines = wrap(&FONTS.bold, &text, size, WIDTH);
        let height = lines.len() as f32 * size * LEADING;
        self.space(if level == 1 { 4.0 } else { 8.0 });
        self.room_for(height + 4.0 * BODY * LEADING);
        let page = self.pages.len() - 1;
        self.outline.push((level, text.clone(), page, self.y));
        self.open(Role::Heading(level));
        for line in lines {
            self.text(LEFT, size, true, false, line);
            self.y += size * LEADING;
        }
        self.close();
        self.space(if level == 1 { 6.0 } else { 2.0 });
    }

    /// A paragraph in the body's size (`small`: the smaller grey one of notes and proofs).
    pub fn paragraph(&mut self, text: &str, small: bool) {
        self.paragraph_at(0.0, text, small, false);
    }

    pub fn bold_paragraph(&mut self, text: &str) {
        self.paragraph_at(0.0, text, false, true);
    }

    /// A paragraph indented by `indent` points.
    pub fn paragraph_at(&mut self, indent: f32, text: &str, small: bool, bold: bool) {
        let size = if small { SMALL } else { BODY };
        let face = if bold { &FONTS.bold } else { &FONTS.regular };
        let lines = wrap(face, &drawable(text), size, WIDTH - indent);
        self.open(Role::Paragraph);
        for line in lines {
            self.room_for(size * LEADING);
            self.text(LEFT + indent, size, bold, small, line);
            self.y += size * LEADING;
        }
        self.close();
        self.space(2.0);
    }

    /// Label and value side by side, the value wrapped in its column.
    pub fn pair(&mut self, label: &str, value: &str) {
        let label_width = 150.0;
        let lines = wrap(
            &FONTS.regular,
            &drawable(value),
            BODY,
            WIDTH - label_width - 8.0,
        );
        self.room_for(BODY * LEADING * lines.len().min(3) as f32);
        self.open(Role::Paragraph);
        self.text(LEFT, BODY, true, false, drawable(label));
        for line in lines {
            self.room_for(BODY * LEADING);
            self.text(LEFT + label_width, BODY, false, false, line);
            self.y += BODY * LEADING;
        }
        self.close();
    }

    /// A QR code of `modules` (rows of dark or light), `size` points wide, at the left margin.
    pub fn qr(&mut self, modules: &[Vec<bool>], size: f32) {
        self.room_for(size + 8.0);
        let module = size / modules.len().max(1) as f32;
        let dark = modules
            .iter()
            .enumerate()
            .flat_map(|(row, line)| {
                line.iter()
                    .enumerate()
                    .filter(|(_, on)| **on)
                    .map(move |(column, _)| (column as u16, row as u16))
            })
            .collect();
        let y = self.y;
        self.page().marks.push(Mark::Qr { y, module, dark });
        self.space(size + 8.0);
    }

    pub fn rule(&mut self) {
        self.space(3.0);
        let y = self.y;
        self.page().marks.push(Mark::Rule { y });
        self.space(5.0);
    }

    /// A table with a header row, repeated (as an artifact) on each page it continues on. Cells
    /// wrap; a row moves to the next page whole when it fits on one, and is split otherwise.
    pub fn table(&mut self, columns: &[Column<'_>], rows: &[Vec<String>]) {
        let total: f32 = columns.iter().map(|c| c.0).sum();
        let widths: Vec<f32> = columns
            .iter()
            .map(|c| c.0 / total.max(f32::EPSILON) * WIDTH)
            .collect();
        let line = SMALL * LEADING;
        let heading: Vec<Vec<String>> = columns
            .iter()
            .zip(&widths)
            .map(|(c, w)| wrap(&FONTS.bold, &drawable(c.1), SMALL, w - 2.0 * CELL_PAD))
            .collect();
        let heading_height = heading.iter().map(Vec::len).max().unwrap_or(1) as f32 * line;
        self.room_for(heading_height + 2.0 * line + 2.0 * CELL_PAD);
        self.open(Role::Table);
        self.header_row(&widths, &heading, true);
        for (i, row) in rows.iter().enumerate() {
            let cells: Vec<Vec<String>> = row
                .iter()
                .zip(&widths)
                .map(|(text, w)| wrap(&FONTS.regular, &drawable(text), SMALL, w - 2.0 * CELL_PAD))
                .collect();
            let count = cells.iter().map(Vec::len).max().unwrap_or(1).max(1);
            let height = count as f32 * line + 2.0 * CELL_PAD;
            if self.y + height > BOTTOM && height <= BOTTOM - TOP - heading_height {
                self.new_page();
                self.header_row(&widths, &heading, false);
            }
            if i % 2 == 1 {
                let y = self.y;
                self.page().marks.push(Mark::Shade {
                    y,
                    height: height.min(BOTTOM - y),
                });
            }
            self.open(Role::Row);
            let top = self.y + CELL_PAD;
            let mut x = LEFT;
            for (cell, width) in cells.iter().zip(&widths) {
                self.open(Role::Cell);
                self.y = top;
                for text in cell {
                    if self.y + line > BOTTOM {
                        // Only a row taller than a page gets here: it goes on over the page.
                        self.new_page();
                        self.header_row(&widths, &heading, false);
                    }
                    self.text(x + CELL_PAD, SMALL, false, false, text.clone());
                    self.y += line;
                }
                self.close();
                x += width;
            }
            self.close();
            self.y = (top + count as f32 * line + CELL_PAD).min(BOTTOM);
            if self.y < top {
                self.y = top + CELL_PAD;
            }
        }
        self.close();
        self.space(6.0);
    }

    fn header_row(&mut self, widths: &[f32], heading: &[Vec<String>], tagged: bool) {
        let line = SMALL * LEADING;
        let top = self.y;
        let count = heading.iter().map(Vec::len).max().unwrap_or(1);
        if tagged {
            self.open(Role::Row);
        }
        let mut x = LEFT;
        for (cell, width) in heading.iter().zip(widths) {
            if tagged {
                self.open(Role::HeaderCell);
            }
            self.y = top + CELL_PAD;
            for text in cell {
                if tagged {
                    self.text(x + CELL_PAD, SMALL, true, false, text.clone());
                } else {
                    let y = self.y + SMALL;
                    self.page().marks.push(Mark::Text(Text {
                        x: x + CELL_PAD,
                        y,
                        size: SMALL,
                        bold: true,
                        grey: false,
                        text: text.clone(),
                        leaf: None,
                    }));
                }
                self.y += line;
            }
            if tagged {
                self.close();
            }
            x += width;
        }
        if tagged {
            self.close();
        }
        self.y = top + count as f32 * line + 2.0 * CELL_PAD;
        let y = self.y;
        self.page().marks.push(Mark::Rule { y });
    }
}

/// What every page says around the body, and the file's metadata.
pub struct Frame {
    pub title: String,
    /// BCP 47, e.g. "es".
    pub language: String,
    pub created: chrono::DateTime<chrono::Utc>,
    /// The running header (family and period).
    pub header: String,
    /// The footer's left part (the verification code).
    pub footer: String,
    /// "page {n} of {N}".
    pub page_of: fn(usize, usize) -> String,
}

fn grey() -> rgb::Color {
    rgb::Color::new(90, 90, 90)
}

fn draw_text(surface: &mut Surface<'_>, text: &Text) {
    let face = if text.bold {
        &FONTS.bold
    } else {
        &FONTS.regular
    };
    surface.set_fill(Some(Fill {
        paint: if text.grey {
            grey().into()
        } else {
            rgb::Color::black().into()
        },
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }));
    surface.draw_text(
        Point::from_xy(text.x, text.y),
        face.font.clone(),
        text.size,
        &text.text,
        false,
        TextDirection::Auto,
    );
}

fn artifact(surface: &mut Surface<'_>, kind: ArtifactType, draw: impl FnOnce(&mut Surface<'_>)) {
    surface.start_tagged(ContentTag::Artifact(Artifact::with_kind(kind)));
    draw(surface);
    surface.end_tagged();
}

fn tag_of(role: Role) -> TagKind {
    match role {
        Role::Section => Tag::Section.into(),
        Role::Heading(level) => {
            Tag::Hn(NonZeroU16::new(level).unwrap_or(NonZeroU16::MIN), None).into()
        }
        Role::Paragraph => Tag::P.into(),
        Role::Table => Tag::Table.into(),
        Role::Row => Tag::TR.into(),
        Role::HeaderCell => Tag::TH(TableHeaderScope::Column).into(),
        Role::Cell => Tag::TD.into(),
    }
}

fn build(node: Node0, ids: &mut [Option<Identifier>]) -> Option<Node> {
    match node {
        Node0::Leaf(i) => ids.get_mut(i).and_then(Option::take).map(Node::Leaf),
        Node0::Group(role, children) => {
            let children: Vec<Node> = children.into_iter().filter_map(|c| build(c, ids)).collect();
            (!children.is_empty()).then(|| TagGroup::with_children(tag_of(role), children).into())
        }
    }
}

impl Layout {
    /// Draws the pages as a tagged PDF/A-2u file.
    /// The PDF, with `appended` embedded as attachments when there are any (PDF/A-3u then, the
    /// part of the standard that admits files of any kind; PDF/A-2u otherwise).
    pub fn render(mut self, frame: &Frame, appended: Vec<Appended>) -> Result<Vec<u8>, String> {
        while self.groups.len() > 1 {
            self.close();
        }
        let archival = if appended.is_empty() {
            Archival::A2_U
        } else {
            Archival::A3_U
        };
        let configuration = ConfigurationBuilder::new()
            .with_archival_validator(archival)
            .finish()
            .map_err(|e| format!("{e:?}"))?;
        let mut document = Document::new_with(SerializeSettings {
            configuration,
            enable_tagging: true,
            ..Default::default()
        });
        let mut ids: Vec<Option<Identifier>> = (0..self.leaves).map(|_| None).collect();
        let count = self.pages.len();
        let settings =
            PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT).ok_or("the page has no size")?;
        // Each page's marks are dropped once written: their memory serves the writer's.
        for (index, page) in std::mem::take(&mut self.pages).into_iter().enumerate() {
            let mut pdf_page = document.start_page_with(settings.clone());
            let mut surface = pdf_page.surface();
            for mark in &page.marks {
                match mark {
                    Mark::Text(text) => match text.leaf {
                        Some(leaf) => {
                            let id = surface.start_tagged(ContentTag::Span(SpanTag::empty()));
                            draw_text(&mut surface, text);
                            surface.end_tagged();
                            if let Some(slot) = ids.get_mut(leaf) {
                                *slot = Some(id);
                            }
                        }
                        None => artifact(&mut surface, ArtifactType::PaginationOther, |s| {
                            draw_text(s, text)
                        }),
                    },
                    Mark::Rule { y } => artifact(&mut surface, ArtifactType::Layout, |s| {
                        let mut path = PathBuilder::new();
                        path.move_to(LEFT, *y);
                        path.line_to(RIGHT, *y);
                        if let Some(path) = path.finish() {
                            s.set_fill(None);
                            s.set_stroke(Some(Stroke {
                                paint: rgb::Color::new(180, 180, 180).into(),
                                width: 0.5,
                                ..Default::default()
                            }));
                            s.draw_path(&path);
                            s.set_stroke(None);
                        }
                    }),
                    Mark::Qr { y, module, dark } => {
                        artifact(&mut surface, ArtifactType::Other, |s| {
                            let mut path = PathBuilder::new();
                            for (column, row) in dark {
                                if let Some(rect) = Rect::from_xywh(
                                    LEFT + f32::from(*column) * module,
                                    y + f32::from(*row) * module,
                                    *module,
                                    *module,
                                ) {
                                    path.push_rect(rect);
                                }
                            }
                            if let Some(path) = path.finish() {
                                s.set_fill(Some(Fill::default()));
                                s.draw_path(&path);
                            }
                        })
                    }
                    Mark::Shade { y, height } => {
                        artifact(&mut surface, ArtifactType::Layout, |s| {
                            let mut path = PathBuilder::new();
                            if let Some(rect) = Rect::from_xywh(LEFT, *y, WIDTH, *height) {
                                path.push_rect(rect);
                            }
                            if let Some(path) = path.finish() {
                                s.set_fill(Some(Fill {
                                    paint: rgb::Color::new(244, 244, 241).into(),
                                    opacity: NormalizedF32::ONE,
                                    rule: Default::default(),
                                }));
                                s.draw_path(&path);
                            }
                        })
                    }
                }
            }
            // The running header and footer, which screen readers skip.
            let small = |x: f32, y: f32, text: String| Text {
                x,
                y,
                size: 7.5,
                bold: false,
                grey: true,
                text,
                leaf: None,
            };
            let header = small(LEFT, 40.0, drawable(&frame.header));
            artifact(&mut surface, ArtifactType::PaginationOther, |s| {
                draw_text(s, &header)
            });
            let footer = small(LEFT, PAGE_HEIGHT - 36.0, drawable(&frame.footer));
            artifact(&mut surface, ArtifactType::PaginationOther, |s| {
                draw_text(s, &footer)
            });
            let number = (frame.page_of)(index + 1, count);
            let width = FONTS.regular.width(&number, 7.5);
            let number = small(RIGHT - width, PAGE_HEIGHT - 36.0, number);
            artifact(&mut surface, ArtifactType::PageNumber, |s| {
                draw_text(s, &number)
            });
            surface.finish();
            pdf_page.finish();
        }

        let mut tree = TagTree::new().with_lang(Some(frame.language.clone()));
        let root = self.groups.pop().map(|(_, c)| c).unwrap_or_default();
        for node in root {
            if let Some(node) = build(node, &mut ids) {
                tree.push(node);
            }
        }
        document.set_tag_tree(tree);

        let mut outline = Outline::new();
        let mut current: Option<OutlineNode> = None;
        for (level, text, page, y) in self.outline {
            let node = OutlineNode::new(text, XyzDestination::new(page, Point::from_xy(LEFT, y)));
            if level <= 1 {
                if let Some(done) = current.take() {
                    outline.push_child(done);
                }
                current = Some(node);
            } else if let Some(parent) = current.as_mut() {
                parent.push_child(node);
            } else {
                outline.push_child(node);
            }
        }
        if let Some(done) = current {
            outline.push_child(done);
        }
        document.set_outline(outline);

        document.set_metadata(
            Metadata::new()
                .title(frame.title.clone())
                .language(frame.language.clone())
                .creator("Nido".to_owned())
                .producer("Nido".to_owned())
                .creation_date(pdf_date_time(frame.created)),
        );
        for file in appended {
            let embedded = EmbeddedFile {
                path: file.name,
                mime_type: MimeType::new(&file.mime)
                    .or_else(|| MimeType::new("application/octet-stream")),
                description: Some(file.description),
                association_kind: AssociationKind::Supplement,
                modification_date: Some(pdf_date_time(file.modified)),
                data: file.data.into(),
                compress: None,
                location: None,
            };
            document
                .embed_file(embedded)
                .ok_or("two appended files have the same name")?;
        }
        document.finish().map_err(|e| format!("{e:?}"))
    }
}

/// A file embedded in the report (a message's file, when the report is asked `adjuntos`).
pub struct Appended {
    /// Unique within the report.
    pub name: String,
    pub mime: String,
    pub description: String,
    pub modified: chrono::DateTime<chrono::Utc>,
    pub data: Vec<u8>,
}

fn pdf_date_time(at: chrono::DateTime<chrono::Utc>) -> DateTime {
    use chrono::{Datelike, Timelike};
    DateTime::new(at.year().clamp(0, 9999) as u16)
        .month(at.month() as u8)
        .day(at.day() as u8)
        .hour(at.hour() as u8)
        .minute(at.minute() as u8)
        .second(at.second() as u8)
        .utc_offset_hour(0)
        .utc_offset_minute(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_faces_load_and_cover_spanish() {
        for face in [&FONTS.regular, &FONTS.bold] {
            for c in "áéíóúüñÁÉÍÓÚÜÑ¿¡€$«»".chars() {
                assert!(face.covers(c), "{c}");
            }
        }
        assert_eq!(drawable("a\tb🙂\nc"), "a b\u{FFFD}\nc");
    }

    #[test]
    fn lines_keep_within_the_width_and_lose_no_word() {
        let text = "Hoy los chicos llevaron la mochila, el inhalador y la tarjeta sanitaria; \
                    mañana a las 18:00 los busca Beto. https://example.org/una/direccion/muy/larga/sin/espacios/que/no/entra";
        let lines = wrap(&FONTS.regular, text, BODY, 160.0);
        assert!(lines.len() > 3);
        for line in &lines {
            assert!(FONTS.regular.width(line, BODY) <= 160.0 + 0.01, "{line}");
        }
        let joined: String = lines.concat().split_whitespace().collect();
        let original: String = text.split_whitespace().collect();
        assert_eq!(joined, original);
        assert_eq!(
            wrap(&FONTS.regular, "uno\ndos", BODY, 300.0),
            ["uno", "dos"]
        );
    }
}
