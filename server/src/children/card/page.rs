//! `GET /tarjeta/{token}`: the card itself, rendered here as one self-contained page (no script,
//! one inline stylesheet allowed by its hash), in the visitor's language, printable on A4 or
//! Letter. Unknown, expired and revoked tokens, and a deleted child's, all get the same 404 page.
//! Every opening is kept in the link's openings, and written into the family record once per
//! link and day; the first one of a link tells the co-parents.

use std::{sync::LazyLock, time::Duration as StdDuration};

use axum::{
    body::Body,
    extract::{Path, Query, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use base64::Engine;
use chrono::{Datelike, NaiveDate, NaiveDateTime, Utc};
use chrono_tz::Tz;
use futures_util::TryStreamExt;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait,
    sea_query::Expr,
};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::{
    acts, browser, co_parents,
    entities::{apertura, enlace},
};
use crate::{
    children::entities::{contacto, hijo},
    error::{ApiError, ApiResult},
    families::{self, entities::familia, record},
    i18n::{self, Lang},
    ids, notifications,
    platform::{download::Download, rate_limit::Limit},
    request::ClientInfo,
    state::AppState,
    time_zone,
};

/// Tokens that lead nowhere, per address: a person mistyping a link tries a few times, someone
/// guessing tries thousands. Pages that open are given back, so a babysitter reloading the card
/// is never stopped.
const MISSES_PER_IP: Limit = Limit {
    name: "emergency_card_ip",
    max: 30,
    window: StdDuration::from_secs(600),
};

/// `ids::new_secret` makes 43 characters; anything else cannot be a token.
const TOKEN_LEN: usize = 43;

const STYLE: &str = include_str!("card.css");

/// Only the stylesheet above, images from this origin (the photo), nothing else: no script,
/// no form, no frame, no base.
static CSP: LazyLock<String> = LazyLock::new(|| {
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(STYLE.as_bytes()));
    format!(
        "default-src 'none'; style-src 'sha256-{hash}'; img-src 'self'; base-uri 'none'; \
         form-action 'none'; frame-ancestors 'none'"
    )
});

#[derive(Deserialize)]
pub struct PageQuery {
    lang: Option<String>,
}

/// The language asked for by `?lang=`, else the browser's, else Spanish.
fn language(query: &PageQuery, headers: &HeaderMap) -> Lang {
    query
        .lang
        .as_deref()
        .and_then(Lang::parse)
        .unwrap_or_else(|| Lang::from_headers(headers))
}

/// The live link a token opens and its child, if any.
async fn resolve(
    db: &impl ConnectionTrait,
    token: &str,
) -> ApiResult<Option<(enlace::Model, hijo::Model)>> {
    if token.len() != TOKEN_LEN {
        return Ok(None);
    }
    let Some(link) = enlace::Entity::find()
        .filter(enlace::Column::TokenHash.eq(ids::hash_secret(token)))
        .filter(enlace::Column::RevocadoAt.is_null())
        .filter(enlace::Column::VenceAt.gt(Utc::now()))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let child = hijo::Entity::find_by_id(&link.hijo_id)
        .filter(hijo::Column::EliminadoAt.is_null())
        .one(db)
        .await?;
    Ok(child.map(|c| (link, c)))
}

/// The link a token opens and its child, or the page to answer instead: a 404 for a token that
/// opens nothing (counted as a miss), a 429 once a connection has missed too often.
async fn guarded(
    state: &AppState,
    client: &ClientInfo,
    token: &str,
) -> ApiResult<Result<(enlace::Model, hijo::Model), Response>> {
    let subject = client.ip_key();
    if let Err(limited) = state.limiter.hit(&MISSES_PER_IP, &subject).await {
        let Some(retry) = limited.retry_after() else {
            return Err(limited);
        };
        let mut page = html(StatusCode::TOO_MANY_REQUESTS, too_many_page());
        page.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(retry));
        return Ok(Err(page));
    }
    let found = resolve(&state.db, token).await?;
    if found.is_some() {
        state.limiter.refund(&MISSES_PER_IP, &subject).await?;
    }
    Ok(found.ok_or_else(|| html(StatusCode::NOT_FOUND, not_found_page())))
}

pub async fn show(
    State(state): State<AppState>,
    client: ClientInfo,
    headers: HeaderMap,
    Path(token): Path<String>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let lang = language(&query, &headers);
    let (link, child) = match guarded(&state, &client, &token).await? {
        Ok(found) => found,
        Err(page) => return Ok(page),
    };
    let navegador = browser::describe(client.user_agent.as_deref());
    record_opening(&state, &link, &child, &navegador).await?;
    let mut contacts = contacto::Entity::find()
        .filter(contacto::Column::HijoId.eq(&child.id))
        .all(&state.db)
        .await?;
    sort_by_priority(&mut contacts);
    // The visitor has no account and the page no script: the family's clock is the one the
    // people who made the link live by, and the page names it.
    let zone = familia::Entity::find_by_id(&child.familia_id)
        .one(&state.db)
        .await?
        .map(|f| f.zona_horaria)
        .unwrap_or_else(|| time_zone::DEFAULT.to_owned());
    let tz: Tz = zone.parse().unwrap_or(Tz::UTC);
    let now = Utc::now();
    let card = Card {
        token: &token,
        child: &child,
        contacts: &contacts,
        vence_at: link.vence_at.with_timezone(&tz).naive_local(),
        zone: time_zone::city_and_offset(&zone, link.vence_at),
        today: now.with_timezone(&tz).date_naive(),
    };
    Ok(html(StatusCode::OK, card.render(lang)))
}

/// The photo of the card's child, under the same checks as the page.
pub async fn photo(
    State(state): State<AppState>,
    client: ClientInfo,
    Path(token): Path<String>,
) -> ApiResult<Response> {
    let child = match guarded(&state, &client, &token).await? {
        Ok((_, child)) => child,
        Err(page) => return Ok(page),
    };
    let Some(key) = child.foto_key else {
        return Ok(html(StatusCode::NOT_FOUND, not_found_page()));
    };
    let Some(opened) = state
        .files
        .open(&state.db, &key)
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))?
    else {
        return Ok(html(StatusCode::NOT_FOUND, not_found_page()));
    };
    // Photos are re-encoded and small: read and checked whole before answering.
    let bytes: Vec<bytes::Bytes> = opened
        .content
        .try_collect()
        .await
        .map_err(|e| ApiError::internal(format!("refused to serve: {e:#}")))?;
    let kind = mime_guess::from_path(&key).first_or_octet_stream();
    let name = key.rsplit('/').next().unwrap_or_default();
    let mut response = Body::from(bytes.concat()).into_response();
    let headers = response.headers_mut();
    Download::inline(kind.essence_str(), name)
        .cache("no-store".to_owned())
        .apply(headers);
    private_headers(headers);
    Ok(response)
}

/// The opening, its record entry, and for a link's first one a notice to the co-parents; a
/// live event either way so an open list of links shows it.
async fn record_opening(
    state: &AppState,
    link: &enlace::Model,
    child: &hijo::Model,
    navegador: &str,
) -> ApiResult<()> {
    let now = Utc::now();
    let today = record::family_today(&state.db, &child.familia_id).await?;
    let txn = state.db.begin().await?;
    apertura::Entity::insert(apertura::ActiveModel {
        id: Set(ids::new_id()),
        enlace_id: Set(link.id.clone()),
        at: Set(now),
        navegador: Set(navegador.to_owned()),
    })
    .exec_without_returning(&txn)
    .await?;
    // Whoever sets the first opening's time is the first, even with two visitors at once.
    let first = enlace::Entity::update_many()
        .col_expr(enlace::Column::PrimeraAperturaAt, Expr::value(now))
        .filter(enlace::Column::Id.eq(&link.id))
        .filter(enlace::Column::PrimeraAperturaAt.is_null())
        .exec(&txn)
        .await?
        .rows_affected
        == 1;
    acts::opened(&txn, child, &link.id, navegador, today).await?;
    let parents = co_parents(&txn, &child.familia_id).await?;
    let mut wake = super::publish(&txn, &parents, child).await?;
    if first {
        let notice = notifications::Notice {
            kind: notifications::kinds::CARD_OPENED,
            familia_id: Some(child.familia_id.clone()),
            actor_id: None,
            datos: serde_json::json!({"hijo": child.nombre, "navegador": navegador}),
            enlace: Some(format!("/children/{}", child.id)),
            objeto_id: Some(link.id.clone()),
            solo_app: Vec::new(),
        };
        wake = wake.join(families::notices::notify(&txn, &parents, notice).await?);
    }
    txn.commit().await?;
    state.wake(wake);
    Ok(())
}

/// Priority 1 first; contacts without one after those with one, oldest first among equals.
fn sort_by_priority(contacts: &mut [contacto::Model]) {
    contacts.sort_by_key(|c| (c.prioridad.is_none(), c.prioridad, c.created_at));
}

fn html(status: StatusCode, body: String) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    if let Ok(csp) = HeaderValue::from_str(&CSP) {
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    private_headers(headers);
    response
}

/// Nothing may keep, index or pass on what the token opens.
fn private_headers(headers: &mut HeaderMap) {
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::HeaderName::from_static("x-robots-tag"),
        HeaderValue::from_static("noindex, nofollow"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
}

/// Text for HTML content and quoted attributes.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A phone number as dialled: digits and a leading plus only.
fn dial(phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    match phone.trim_start().starts_with('+') {
        true => format!("+{digits}"),
        false => digits,
    }
}

fn phone_link(phone: &str) -> String {
    let number = dial(phone);
    if number.trim_start_matches('+').is_empty() {
        return esc(phone);
    }
    format!(r#"<a class="tel" href="tel:{number}">{}</a>"#, esc(phone))
}

fn head(lang: Lang, title: &str) -> String {
    format!(
        r#"<!doctype html><html lang="{}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>{}</title><style>{STYLE}</style></head>"#,
        lang.as_str(),
        esc(title)
    )
}

/// The same page for every token that opens nothing, in both languages, so it tells nothing.
fn not_found_page() -> String {
    format!(
        r#"{}<body><main class="card missing"><h1>Este enlace no está disponible</h1><p>El enlace a la tarjeta de emergencia no existe, venció o fue revocado. Pide un enlace nuevo a la familia.</p><h1 lang="en">This link is not available</h1><p lang="en">The link to the emergency card does not exist, has expired or was revoked. Ask the family for a new link.</p></main></body></html>"#,
        head(Lang::Es, "Enlace no disponible · Link not available")
    )
}

/// The page once a connection has tried too many links that open nothing, in both languages.
fn too_many_page() -> String {
    format!(
        r#"{}<body><main class="card missing"><h1>Demasiados intentos</h1><p>Desde esta conexión se probaron demasiados enlaces que no existen. Espera unos minutos y vuelve a abrir el enlace que te dio la familia.</p><h1 lang="en">Too many attempts</h1><p lang="en">Too many links that do not exist were tried from this connection. Wait a few minutes, then open the link the family gave you again.</p></main></body></html>"#,
        head(Lang::Es, "Demasiados intentos · Too many attempts")
    )
}

struct Card<'a> {
    /// Only for the photo's address, relative to the page: `<token>/foto` from `/tarjeta/`.
    token: &'a str,
    child: &'a hijo::Model,
    contacts: &'a [contacto::Model],
    /// When the link ends, on the family's clock.
    vence_at: NaiveDateTime,
    /// The family's zone: its city, when it is a place, and its offset then ("GMT-3").
    zone: (Option<String>, String),
    today: NaiveDate,
}

/// The card's words, per language.
struct Words {
    title: &'static str,
    born: &'static str,
    years: &'static str,
    year: &'static str,
    blood: &'static str,
    allergies: &'static str,
    medications: &'static str,
    conditions: &'static str,
    notes: &'static str,
    doctor: &'static str,
    contacts: &'static str,
    none: &'static str,
    unknown: &'static str,
    photo_of: &'static str,
    valid_until: &'static str,
    footer: &'static str,
}

const ES: Words = Words {
    title: "Tarjeta de emergencia",
    born: "Nacimiento",
    years: "años",
    year: "año",
    blood: "Grupo sanguíneo",
    allergies: "Alergias",
    medications: "Medicamentos",
    conditions: "Condiciones especiales",
    notes: "Notas médicas",
    doctor: "Médico",
    contacts: "Contactos de emergencia",
    none: "Ninguna registrada",
    unknown: "Sin datos",
    photo_of: "Foto de",
    valid_until: "Enlace válido hasta el",
    footer: "Datos que la familia mantiene en Nido. Ante una emergencia, llama primero al servicio de emergencias local.",
};

const EN: Words = Words {
    title: "Emergency card",
    born: "Date of birth",
    years: "years",
    year: "year",
    blood: "Blood type",
    allergies: "Allergies",
    medications: "Medications",
    conditions: "Special conditions",
    notes: "Medical notes",
    doctor: "Doctor",
    contacts: "Emergency contacts",
    none: "None recorded",
    unknown: "Not recorded",
    photo_of: "Photo of",
    valid_until: "Link valid until",
    footer: "Details the family keeps in Nido. In an emergency, call your local emergency number first.",
};

fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Es => &ES,
        Lang::En => &EN,
    }
}

/// Whole years from `born` to `today`.
fn age(born: NaiveDate, today: NaiveDate) -> i32 {
    let mut years = today.year() - born.year();
    if (today.month(), today.day()) < (born.month(), born.day()) {
        years -= 1;
    }
    years.max(0)
}

/// Whose clock the card's times are on: ", hora de Buenos Aires (GMT-3)", ", Buenos Aires time
/// (GMT-3)", or the offset alone for a zone that is not a place.
fn zone_words((city, offset): &(Option<String>, String), lang: Lang) -> String {
    match (city, lang) {
        (Some(city), Lang::Es) => format!(", hora de {city} ({offset})"),
        (Some(city), Lang::En) => format!(", {city} time ({offset})"),
        (None, _) => format!(" ({offset})"),
    }
}

fn date_text(date: NaiveDate, lang: Lang) -> String {
    match lang {
        Lang::Es => date.format("%d/%m/%Y").to_string(),
        Lang::En => date.format("%B %-d, %Y").to_string(),
    }
}

/// A JSON array of text as kept on the child; anything unreadable shows as nothing.
fn items(json: &str) -> Vec<String> {
    serde_json::from_str::<Vec<String>>(json)
        .unwrap_or_default()
        .into_iter()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

fn initials(child: &hijo::Model) -> String {
    [&child.nombre, &child.apellido]
        .iter()
        .filter_map(|s| s.chars().next())
        .flat_map(char::to_uppercase)
        .collect()
}

/// Links to this same page in the other language; they keep the visitor on the card.
fn switcher(lang: Lang) -> String {
    let link = |to: Lang, label: &str| {
        let current = if to == lang {
            r#" aria-current="page""#
        } else {
            ""
        };
        format!(
            r#"<a href="?lang={}" hreflang="{}"{current}>{label}</a>"#,
            to.as_str(),
            to.as_str()
        )
    };
    format!(
        r#"<nav class="lang">{} {}</nav>"#,
        link(Lang::Es, "Español"),
        link(Lang::En, "English")
    )
}

fn list_block(class: &str, heading: &str, entries: &[String], none: &str) -> String {
    let body = if entries.is_empty() {
        format!(r#"<p class="none">{}</p>"#, esc(none))
    } else {
        let lis: String = entries
            .iter()
            .map(|e| format!("<li>{}</li>", esc(e)))
            .collect();
        format!("<ul>{lis}</ul>")
    };
    format!(
        r#"<section class="block {class}"><h2>{}</h2>{body}</section>"#,
        esc(heading)
    )
}

/// The parent's free-text medical notes ("adrenaline auto-injector in the backpack"), with their
/// line breaks, right after the allergies they often explain; nothing when none were written.
fn notes_block(w: &Words, notes: Option<&str>) -> String {
    let Some(notes) = notes.map(str::trim).filter(|n| !n.is_empty()) else {
        return String::new();
    };
    format!(
        r#"<section class="block notes"><h2>{}</h2><p>{}</p></section>"#,
        esc(w.notes),
        esc(notes)
    )
}

impl Card<'_> {
    fn render(&self, lang: Lang) -> String {
        let w = words(lang);
        let c = self.child;
        let name = format!("{} {}", c.nombre, c.apellido);
        let years = age(c.fecha_nacimiento, self.today);
        let unit = if years == 1 { w.year } else { w.years };
        let portrait = match c.foto_key {
            Some(_) => format!(
                r#"<img class="photo" src="{}/foto" alt="{} {}">"#,
                esc(self.token),
                esc(w.photo_of),
                esc(&c.nombre)
            ),
            None => format!(
                r#"<div class="photo initials" aria-hidden="true">{}</div>"#,
                esc(&initials(c))
            ),
        };
        let blood = c
            .grupo_sanguineo
            .as_deref()
            .filter(|s| !s.trim().is_empty())
            .unwrap_or(w.unknown);
        let mut out = head(lang, &format!("{} · {name}", w.title));
        out.push_str(r#"<body><main class="card"><header class="top">"#);
        out.push_str(&format!(r#"<p class="kind">{}</p>"#, esc(w.title)));
        out.push_str(&switcher(lang));
        out.push_str("</header>");
        out.push_str(&format!(
            r#"<section class="who">{portrait}<div><h1>{}</h1><p class="born">{}: {} ({years} {unit})</p><p class="blood"><span>{}</span> <strong>{}</strong></p></div></section>"#,
            esc(&name),
            esc(w.born),
            date_text(c.fecha_nacimiento, lang),
            esc(w.blood),
            esc(blood)
        ));
        out.push_str(&list_block(
            "alert",
            w.allergies,
            &items(&c.alergias),
            w.none,
        ));
        out.push_str(&notes_block(w, c.notas_medicas.as_deref()));
        out.push_str(&list_block(
            "",
            w.medications,
            &items(&c.medicamentos),
            w.none,
        ));
        out.push_str(&list_block(
            "",
            w.conditions,
            &items(&c.condiciones_especiales),
            w.none,
        ));
        out.push_str(&self.doctor(w));
        out.push_str(&self.contact_list(w));
        out.push_str(&format!(
            r#"<footer><p>{} {}.</p><p>{}</p></footer></main></body></html>"#,
            esc(w.valid_until),
            esc(&format!(
                "{}, {}{}",
                i18n::long_date(self.vence_at.date(), lang),
                i18n::clock(self.vence_at.time(), lang),
                zone_words(&self.zone, lang)
            )),
            esc(w.footer)
        ));
        out
    }

    fn doctor(&self, w: &Words) -> String {
        let c = self.child;
        let name = c.doctor_nombre.as_deref().filter(|s| !s.trim().is_empty());
        let phone = c
            .doctor_telefono
            .as_deref()
            .filter(|s| !s.trim().is_empty());
        let body = match (name, phone) {
            (None, None) => format!(r#"<p class="none">{}</p>"#, esc(w.unknown)),
            _ => format!(
                r#"<p><strong>{}</strong> {}</p>"#,
                esc(name.unwrap_or("")),
                phone.map(phone_link).unwrap_or_default()
            ),
        };
        format!(
            r#"<section class="block"><h2>{}</h2>{body}</section>"#,
            esc(w.doctor)
        )
    }

    fn contact_list(&self, w: &Words) -> String {
        let body = if self.contacts.is_empty() {
            format!(r#"<p class="none">{}</p>"#, esc(w.none))
        } else {
            let items: String = self
                .contacts
                .iter()
                .map(|k| {
                    format!(
                        r#"<li><strong>{}</strong> <span class="rel">{}</span><br>{}</li>"#,
                        esc(&k.nombre),
                        esc(&k.relacion),
                        phone_link(&k.telefono)
                    )
                })
                .collect();
            format!(r#"<ol class="contacts">{items}</ol>"#)
        };
        format!(
            r#"<section class="block"><h2>{}</h2>{body}</section>"#,
            esc(w.contacts)
        )
    }
}
