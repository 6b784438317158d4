//! What a certified report says, page by page: the cover (family, period, sections, who asked and
//! when, the verification code and how to check it), then one part per section, laid out by
//! `layout`.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;

use super::{
    ReportSection,
    labels::label,
    layout::{Column, Frame, Layout},
    words::{self, Words},
};
use crate::{
    calendar::certified::CalendarReport,
    documents::certified::ReportedDocument,
    families::record::certified::{RecordReport, Shown},
    i18n::{self, Lang},
    messages::certified::ReportedConversation,
    money::{certified::MoneyReport, notice::format_amount},
    vocabulary::ClosedSet,
};

/// Everything a report shows, gathered for its maker.
pub struct Contents {
    pub familia: String,
    pub maker: String,
    pub zone: Tz,
    pub desde: NaiveDate,
    pub hasta: NaiveDate,
    pub lang: Lang,
    pub secciones: Vec<ReportSection>,
    pub created: DateTime<Utc>,
    pub codigo: String,
    /// Where anyone checks it: `{public address}/verificar/{codigo}`.
    pub url: String,
    /// The SHA-256 of the certificate the file is signed with.
    pub firma: String,
    /// The timestamp authority's host, when the server has one configured.
    pub sello: Option<String>,
    /// People by id, as the family knows them.
    pub names: HashMap<String, String>,
    pub children: HashMap<String, String>,
    pub mensajes: Option<Vec<ReportedConversation>>,
    /// When the files were asked to be appended (`adjuntos`): the ids of those that were.
    pub adjuntos: Option<std::collections::HashSet<String>>,
    pub calendario: Option<CalendarReport>,
    pub dinero: Option<MoneyReport>,
    pub documentos: Option<Vec<ReportedDocument>>,
    pub registro: Option<RecordReport>,
}

impl Contents {
    fn name(&self, id: Option<&str>) -> String {
        let w = words::of(self.lang);
        match id {
            None => w.nobody.to_owned(),
            Some(id) => self
                .names
                .get(id)
                .cloned()
                .unwrap_or_else(|| w.former_member.to_owned()),
        }
    }

    /// Day and month as each language writes them: 31/12/2026 in Spanish, 2026-12-31 in
    /// English (unambiguous wherever it is read); hours are 24-hour in both.
    fn date_format(&self) -> &'static str {
        match self.lang {
            Lang::Es => "%d/%m/%Y",
            Lang::En => "%Y-%m-%d",
        }
    }

    fn local(&self, at: DateTime<Utc>) -> String {
        at.with_timezone(&self.zone)
            .format(&format!("{} %H:%M", self.date_format()))
            .to_string()
    }

    fn day(&self, date: NaiveDate) -> String {
        date.format(self.date_format()).to_string()
    }

    /// A `YYYY-MM` month: 12/2026 in Spanish, as it comes in English.
    fn month(&self, month: &str) -> String {
        match (self.lang, month.split_once('-')) {
            (Lang::Es, Some((year, number))) => format!("{number}/{year}"),
            _ => month.to_owned(),
        }
    }

    fn period(&self) -> String {
        format!(
            "{} – {}",
            i18n::long_date(self.desde, self.lang),
            i18n::long_date(self.hasta, self.lang)
        )
    }

    fn section_names(&self) -> String {
        self.secciones
            .iter()
            .map(|s| section_title(*s, words::of(self.lang)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A person as the report names them: first name and surname.
pub fn full_name(nombre: &str, apellido: &str) -> String {
    format!("{nombre} {apellido}").trim().to_owned()
}

pub fn section_title(section: ReportSection, w: &Words) -> &'static str {
    match section {
        ReportSection::Messages => w.messages,
        ReportSection::Calendar => w.calendar,
        ReportSection::Money => w.money,
        ReportSection::Documents => w.documents,
        ReportSection::Record => w.record,
    }
}

/// The QR code of `text`, row by row (true: dark), with the quiet zone around it.
fn qr_modules(text: &str) -> Vec<Vec<bool>> {
    let Ok(code) = qrcodegen::QrCode::encode_text(text, qrcodegen::QrCodeEcc::Medium) else {
        return Vec::new();
    };
    let size = code.size();
    (-4..size + 4)
        .map(|y| (-4..size + 4).map(|x| code.get_module(x, y)).collect())
        .collect()
}

/// A titled list: its heading, then its table, or the words that say the period has none.
fn listed<T>(
    page: &mut Layout,
    w: &Words,
    title: &str,
    items: &[T],
    columns: &[Column<'_>],
    row: impl Fn(&T) -> Vec<String>,
) {
    page.heading(2, title);
    if items.is_empty() {
        page.paragraph(w.none_in_period, false);
    } else {
        let rows: Vec<Vec<String>> = items.iter().map(row).collect();
        page.table(columns, &rows);
    }
}

/// Lays the report out, calling `progress` with the share done (0.0–1.0) after each part.
pub fn compose(contents: &Contents, mut progress: impl FnMut(f32)) -> Layout {
    let w = words::of(contents.lang);
    let mut page = Layout::new();
    cover(&mut page, contents, w);
    let parts = contents.secciones.len().max(1) as f32;
    for (i, section) in contents.secciones.iter().enumerate() {
        page.new_page();
        page.heading(1, section_title(*section, w));
        match section {
            ReportSection::Messages => messages(&mut page, contents, w),
            ReportSection::Calendar => calendar(&mut page, contents, w),
            ReportSection::Money => money(&mut page, contents, w),
            ReportSection::Documents => documents(&mut page, contents, w),
            ReportSection::Record => record(&mut page, contents, w),
        }
        progress((i + 1) as f32 / parts);
    }
    page
}

pub fn frame(contents: &Contents) -> Frame {
    let w = words::of(contents.lang);
    Frame {
        title: format!("{} · {} · {}", w.title, contents.familia, contents.period()),
        language: contents.lang.as_str().to_owned(),
        created: contents.created,
        header: format!("Nido · {} · {}", contents.familia, contents.period()),
        footer: format!("{}: {}", w.code, contents.codigo),
        page_of: w.page_of,
    }
}

fn cover(page: &mut Layout, c: &Contents, w: &Words) {
    page.heading(1, w.title);
    page.paragraph(w.intro, false);
    page.space(6.0);
    page.pair(w.family, &c.familia);
    page.pair(w.period, &c.period());
    page.pair(w.sections, &c.section_names());
    page.pair(w.asked_by, &c.maker);
    page.pair(
        w.asked_at,
        &format!(
            "{} ({}) · {} UTC",
            c.local(c.created),
            c.zone.name(),
            c.created.format(&format!("{} %H:%M:%S", c.date_format()))
        ),
    );
    page.pair(w.time_zone, c.zone.name());
    page.pair(w.code, &c.codigo);
    page.pair(w.signature, &format!("{} {}", w.signature_key, c.firma));
    page.pair(
        w.timestamp,
        &match &c.sello {
            Some(host) => w.timestamp_asked.replace("{}", host),
            None => w.timestamp_none.to_owned(),
        },
    );
    page.space(10.0);
    page.heading(2, w.how_to_check);
    page.paragraph(w.check_online, false);
    page.bold_paragraph(&c.url);
    page.qr(&qr_modules(&c.url), 88.0);
    page.paragraph(w.check_record, false);
    page.space(6.0);
    page.paragraph(w.what_it_holds, true);
}

fn messages(page: &mut Layout, c: &Contents, w: &Words) {
    let conversations = c.mensajes.as_deref().unwrap_or_default();
    if conversations.is_empty() {
        page.paragraph(w.none_in_period, false);
        return;
    }
    for reported in conversations {
        let conversation = &reported.conversacion;
        page.heading(2, &conversation.asunto);
        let people: Vec<String> = conversation
            .participantes
            .iter()
            .map(|p| full_name(&p.nombre, &p.apellido))
            .collect();
        page.paragraph(
            &format!(
                "{}: {} · {}: {}",
                w.topic,
                label(&conversation.tema, c.lang),
                w.participants,
                people.join(", ")
            ),
            true,
        );
        for message in &reported.mensajes {
            let author = message
                .autor
                .as_ref()
                .map(|a| full_name(&a.nombre, &a.apellido))
                .unwrap_or_else(|| w.former_member.to_owned());
            let kind = match message.tipo.as_str() {
                "urgente" => format!(" · {}", w.urgent),
                "emergencia" => format!(" · {}", w.emergency),
                _ => String::new(),
            };
            page.bold_paragraph(&format!(
                "#{} · {} · {}{}",
                message.numero,
                author,
                c.local(message.enviado_at),
                kind
            ));
            page.paragraph_at(10.0, &message.texto, false, false);
            let views: Vec<String> = message
                .vistas
                .iter()
                .map(|v| {
                    let when = v
                        .vista_at
                        .map(|at| c.local(at))
                        .unwrap_or_else(|| w.not_seen.to_owned());
                    format!("{} — {}", c.name(Some(&v.usuario_id)), when)
                })
                .collect();
            let mut proof = Vec::new();
            if !views.is_empty() {
                proof.push(format!("{}: {}", w.seen_by, views.join("; ")));
            }
            for file in &message.adjuntos {
                let hash = reported
                    .archivos
                    .get(&file.id)
                    .map_or("", |f| f.sha256.as_str());
                let appended = match &c.adjuntos {
                    None => "",
                    Some(ids) if ids.contains(&file.id) => w.file_appended,
                    Some(_) => w.file_not_appended,
                };
                proof.push(format!(
                    "{}: {} · SHA-256 {hash}{appended}",
                    w.files, file.nombre
                ));
            }
            proof.push(format!(
                "{} #{} · {}",
                w.record_entry, message.registro.seq, message.registro.hash
            ));
            page.paragraph_at(10.0, &proof.join("\n"), true, false);
            page.space(3.0);
        }
    }
}

fn calendar(page: &mut Layout, c: &Contents, w: &Words) {
    let Some(report) = &c.calendario else {
        return;
    };
    page.heading(2, w.parenting_time);
    let figures = |list: &[crate::calendar::custody::share::Figure], which: &str| {
        list.iter()
            .map(|f| {
                vec![
                    c.name(Some(&f.usuario_id)),
                    which.to_owned(),
                    format!("{} ({:.2} %)", f.noches, f.porcentaje_noches),
                    format!("{:.2} ({:.2} %)", f.horas, f.porcentaje_horas),
                ]
            })
            .collect::<Vec<_>>()
    };
    let mut rows = figures(&report.reparto.planificado, w.planned);
    rows.extend(figures(&report.reparto.real, w.actual));
    if rows.is_empty() {
        page.paragraph(w.none_in_period, false);
    } else {
        page.table(
            &[
                (3.0, w.parent),
                (2.0, w.state),
                (2.0, w.nights),
                (2.0, w.hours),
            ],
            &rows,
        );
    }
    let changed: Vec<Vec<String>> = report
        .noches
        .iter()
        .filter(|(planned, actual)| planned.holder != actual.holder)
        .map(|(planned, actual)| {
            vec![
                c.day(planned.date),
                c.name(Some(&planned.holder)),
                c.name(Some(&actual.holder)),
            ]
        })
        .collect();
    if !changed.is_empty() {
        page.heading(3, &format!("{} ({} ≠ {})", w.nights, w.planned, w.actual));
        page.table(
            &[(2.0, w.night), (3.0, w.planned), (3.0, w.actual)],
            &changed,
        );
    }

    listed(
        page,
        w,
        w.handovers,
        &report.entregas,
        &[
            (2.0, w.date),
            (2.5, w.happened),
            (3.0, w.recorded_by),
            (5.0, w.note),
        ],
        |h| {
            vec![
                c.day(h.fecha),
                c.local(h.ocurrio),
                c.name(h.registrada_por.as_deref()),
                h.nota.clone().unwrap_or_default(),
            ]
        },
    );

    listed(
        page,
        w,
        w.swaps,
        &report.cambios,
        &[
            (2.5, w.asked),
            (2.5, w.by),
            (2.5, w.to),
            (2.5, w.nights),
            (2.0, w.state),
            (4.0, w.reason),
        ],
        |s| {
            let nights: Vec<String> = s.noches.iter().map(|d| c.day(*d)).collect();
            vec![
                c.local(s.created_at),
                c.name(Some(&s.solicitante_id)),
                c.name(Some(&s.destinatario_id)),
                nights.join(", "),
                label(&s.estado, c.lang).to_owned(),
                s.motivo.clone(),
            ]
        },
    );

    listed(
        page,
        w,
        w.events,
        &report.eventos,
        &[(3.0, w.starts), (7.0, w.event), (2.0, w.kind)],
        |e| {
            let starts = if e.todo_el_dia {
                format!(
                    "{} ({})",
                    e.inicio.get(..10).unwrap_or(&e.inicio),
                    w.all_day
                )
            } else {
                c.local(e.instant)
            };
            let children: Vec<&str> = e
                .hijos
                .iter()
                .filter_map(|h| c.children.get(h).map(String::as_str))
                .collect();
            let mut what = e.titulo.clone();
            if !children.is_empty() {
                what.push_str(&format!(" · {}", children.join(", ")));
            }
            if let Some(place) = &e.lugar {
                what.push_str(&format!(" · {place}"));
            }
            vec![starts, what, label(&e.tipo, c.lang).to_owned()]
        },
    );
}

fn money(page: &mut Layout, c: &Contents, w: &Words) {
    let Some(report) = &c.dinero else {
        return;
    };
    let amount = |monto: i64, moneda: &str| format_amount(monto, moneda, c.lang);
    listed(
        page,
        w,
        w.expenses,
        &report.gastos,
        &[
            (2.0, w.date),
            (4.5, w.description),
            (2.5, w.category),
            (2.5, w.amount),
            (2.5, w.paid_by),
            (2.0, w.state),
        ],
        |e| {
            vec![
                c.day(e.fecha),
                e.descripcion.clone(),
                label(&e.categoria, c.lang).to_owned(),
                amount(e.monto, &e.moneda),
                c.name(Some(&e.pagado_por)),
                label(&e.estado, c.lang).to_owned(),
            ]
        },
    );
    let totals = &report.resumen.gastos;
    if !totals.por_categoria.is_empty() {
        page.heading(3, w.totals_by_category);
        let mut rows: Vec<Vec<String>> = totals
            .por_categoria
            .iter()
            .map(|t| {
                vec![
                    label(&t.categoria, c.lang).to_owned(),
                    amount(t.total, &totals.moneda),
                ]
            })
            .collect();
        let total: i64 = totals.por_categoria.iter().map(|t| t.total).sum();
        rows.push(vec![w.total.to_owned(), amount(total, &totals.moneda)]);
        page.table(&[(3.0, w.category), (2.0, w.total)], &rows);
    }

    listed(
        page,
        w,
        w.payments,
        &report.pagos,
        &[
            (2.0, w.date),
            (3.0, w.from),
            (3.0, w.to),
            (2.5, w.amount),
            (2.0, w.method),
            (2.0, w.state),
        ],
        |p| {
            vec![
                c.day(p.fecha),
                c.name(Some(&p.de)),
                c.name(Some(&p.para)),
                amount(p.monto, &p.moneda),
                p.metodo.clone().unwrap_or_default(),
                label(&p.estado, c.lang).to_owned(),
            ]
        },
    );

    page.heading(2, w.support);
    if report.cuotas.is_empty() {
        page.paragraph(w.none_in_period, false);
    } else {
        for support in &report.cuotas {
            let agreement = &support.cuota;
            page.paragraph(
                &format!(
                    "{} → {}",
                    c.name(agreement.pagador_id.as_deref()),
                    c.name(agreement.beneficiario_id.as_deref())
                ),
                false,
            );
            let rows: Vec<Vec<String>> = support
                .vencimientos
                .iter()
                .map(|d| {
                    vec![
                        c.month(&d.periodo),
                        c.day(d.vence),
                        amount(d.monto, &agreement.moneda),
                        amount(d.pagado, &agreement.moneda),
                        label(d.estado.wire(), c.lang).to_owned(),
                    ]
                })
                .collect();
            page.table(
                &[
                    (2.0, w.month),
                    (2.0, w.due),
                    (2.5, w.amount),
                    (2.5, w.paid),
                    (2.0, w.state),
                ],
                &rows,
            );
        }
    }

    if !report.resumen.saldo_por_mes.is_empty() {
        page.heading(2, w.balance_by_month);
        let rows: Vec<Vec<String>> = report
            .resumen
            .saldo_por_mes
            .iter()
            .flat_map(|month| {
                month.saldos.iter().map(|s| {
                    vec![
                        c.month(&month.mes),
                        c.name(Some(&s.usuario_id)),
                        amount(s.saldo, &totals.moneda),
                    ]
                })
            })
            .collect();
        page.table(&[(2.0, w.month), (3.0, w.parent), (2.5, w.amount)], &rows);
    }
}

fn documents(page: &mut Layout, c: &Contents, w: &Words) {
    let list = c.documentos.as_deref().unwrap_or_default();
    if list.is_empty() {
        page.paragraph(w.none_in_period, false);
        return;
    }
    let rows: Vec<Vec<String>> = list
        .iter()
        .flat_map(|d| {
            let doc = &d.documento;
            d.versiones.iter().map(move |v| {
                vec![
                    format!("{} ({})", doc.titulo, label(&doc.categoria, c.lang)),
                    label(&doc.visibilidad, c.lang).to_owned(),
                    v.numero.to_string(),
                    format!("{} · {}", v.nombre, c.local(v.created_at)),
                    v.sha256.clone(),
                ]
            })
        })
        .collect();
    page.table(
        &[
            (3.5, w.document),
            (2.0, w.visibility),
            (1.0, w.version),
            (3.5, w.file),
            (4.5, "SHA-256"),
        ],
        &rows,
    );
}

fn record(page: &mut Layout, c: &Contents, w: &Words) {
    let Some(report) = &c.registro else {
        return;
    };
    page.paragraph(w.record_intro, true);
    if report.entradas.is_empty() {
        page.paragraph(w.none_in_period, false);
    } else {
        let rows: Vec<Vec<String>> = report
            .entradas
            .iter()
            .map(|(entry, shown)| {
                // The content itself is what the other parts show in words; here, its hash,
                // which an export of the record checks it against.
                let state = match shown {
                    Shown::Content => "",
                    Shown::Erased => w.erased,
                    Shown::Withheld => w.withheld,
                };
                vec![
                    entry.seq.to_string(),
                    entry.hora.clone(),
                    entry.tipo.clone(),
                    c.name(entry.actor.as_deref()),
                    format!("{}\n{} {state}", entry.hash, entry.contenido)
                        .trim_end()
                        .to_owned(),
                ]
            })
            .collect();
        page.table(
            &[
                (1.0, w.entry),
                (3.2, w.time_utc),
                (2.6, w.kind),
                (2.4, w.actor),
                (7.0, w.content),
            ],
            &rows,
        );
    }
    page.heading(2, w.checkpoint);
    match &report.punto_de_control {
        None => page.paragraph(w.checkpoint_none, false),
        Some(point) => {
            page.pair(w.entry, &point.entradas.to_string());
            page.pair(w.time_utc, &point.hora);
            page.pair("SHA-256", &point.cabeza);
            page.pair("Ed25519", &point.clave_id);
            page.paragraph(&format!("{}:\n{}", w.checkpoint_text, point.texto), true);
            page.paragraph(&point.firma, true);
            if let Some(sello) = point.sello.as_ref().filter(|s| s.valido) {
                page.pair(
                    w.timestamp,
                    &format!(
                        "{} · {} UTC",
                        sello.autoridad.as_deref().unwrap_or_default(),
                        sello
                            .momento
                            .map(|m| m
                                .format(&format!("{} %H:%M:%S", c.date_format()))
                                .to_string())
                            .unwrap_or_default()
                    ),
                );
            }
        }
    }
}
