//! The messages' section of a family's statistics (`mensajes`): for each person, what they sent,
//! how soon they answered and how soon they saw what they were sent, over the period and per
//! calendar month. Only the conversations the caller takes part in count, as only those are theirs
//! to read. Descriptive figures only: nothing here rates a text or labels a person.
//!
//! A person's answer time runs from the earliest message someone else sent in the conversation
//! since this person last wrote there, to this person's next message; only messages of the period
//! count, so the first message of the period answers nothing. Seen time runs from when a message
//! was sent (the server delivers it then) to when this person first saw it.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use super::{
    access::readable_ids,
    entities::{conversacion, mensaje, participante, vista},
    vocabulary::MessageType,
};
use crate::{
    error::ApiResult,
    ids::{FamilyId, UserId},
    platform::kept,
    state::AppState,
    vocabulary::ClosedSet,
};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageStatistics {
    pub por_persona: Vec<PersonMessages>,
    /// The same for each calendar month of the period that has messages.
    pub por_mes: Vec<MonthMessages>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthMessages {
    /// `YYYY-MM`.
    pub mes: String,
    pub por_persona: Vec<PersonMessages>,
}

#[derive(Debug, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonMessages {
    pub usuario_id: String,
    pub enviados: i64,
    pub urgentes: i64,
    pub emergencias: i64,
    /// Minutes, the median of this person's answer times; null without any.
    pub respuesta_mediana: Option<i64>,
    /// Minutes, the median time from a message's delivery to this person's first view of it;
    /// null without any.
    pub visto_mediana: Option<i64>,
}

/// What the figures are made of, for one person in one stretch of time.
#[derive(Default)]
struct Tally {
    sent: i64,
    urgent: i64,
    emergency: i64,
    answers: Vec<i64>,
    views: Vec<i64>,
}

/// The median of seconds, in whole minutes rounded half up; None for no samples.
pub fn median_minutes(samples: &mut [i64]) -> Option<i64> {
    if samples.is_empty() {
        return None;
    }
    samples.sort_unstable();
    let n = samples.len();
    // Twice the median, so that an even count's middle pair stays exact.
    let doubled = if n % 2 == 1 {
        2 * samples[n / 2]
    } else {
        samples[n / 2 - 1] + samples[n / 2]
    };
    Some((doubled.max(0) + 60) / 120)
}

/// A message as the figures need it: id, conversation, author, type, when sent.
type SentRow = (String, String, Option<String>, String, DateTime<Utc>);

/// Each person's tallies over the whole period (key `None`) and per month (`Some("YYYY-MM")`).
type Tallies = BTreeMap<Option<String>, BTreeMap<String, Tally>>;

/// Adds one sample to the whole period's tally and to its month's.
fn add(tallies: &mut Tallies, month: &str, person: &str, change: impl Fn(&mut Tally)) {
    for key in [None, Some(month.to_owned())] {
        change(
            tallies
                .entry(key)
                .or_default()
                .entry(person.to_owned())
                .or_default(),
        );
    }
}

fn figures(people: BTreeMap<String, Tally>) -> Vec<PersonMessages> {
    people
        .into_iter()
        .map(|(usuario_id, mut t)| PersonMessages {
            usuario_id,
            enviados: t.sent,
            urgentes: t.urgent,
            emergencias: t.emergency,
            respuesta_mediana: median_minutes(&mut t.answers),
            visto_mediana: median_minutes(&mut t.views),
        })
        .collect()
}

/// Sections kept in memory as their JSON, each with the conversations its reader reads and their
/// versions: a conversation's version is raised in the transaction of every change to what the
/// section counts (a message sent, a first view, an author erased), and a conversation joined or
/// left changes the list, so a kept section is served only while it is still the same.
pub type Answers = kept::Answers<Vec<(String, i64)>>;

/// A section is a few hundred bytes per person and month: 16 MB keep thousands of them.
const BUDGET_BYTES: usize = 16 * 1024 * 1024;
const MAX_KEPT_BYTES: usize = 1024 * 1024;

pub fn cache() -> Answers {
    kept::cache(BUDGET_BYTES)
}

/// `messages`' section as JSON, kept while the conversations `caller` reads are unchanged.
pub async fn kept(
    state: &AppState,
    familia_id: &FamilyId,
    caller: &UserId,
    zone: Tz,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> ApiResult<Box<RawValue>> {
    let stamp: Vec<(String, i64)> = conversacion::Entity::find()
        .select_only()
        .columns([conversacion::Column::Id, conversacion::Column::Version])
        .filter(conversacion::Column::Id.in_subquery(readable_ids(caller, Some(familia_id))))
        .order_by_asc(conversacion::Column::Id)
        .into_tuple()
        .all(&state.db)
        .await?;
    let key = format!("{familia_id} {caller} {start} {end} {zone}");
    let body = kept::answer(state.part::<Answers>(), key, stamp, MAX_KEPT_BYTES, || {
        messages(state, familia_id, caller, zone, start, end)
    })
    .await?;
    kept::raw(body)
}

/// The section for messages sent from `start` to before `end`, months read in `zone`.
pub async fn messages(
    state: &AppState,
    familia_id: &FamilyId,
    caller: &UserId,
    zone: Tz,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> ApiResult<MessageStatistics> {
    let readable = readable_ids(caller, Some(familia_id));
    let rows: Vec<SentRow> = mensaje::Entity::find()
        .select_only()
        .columns([
            mensaje::Column::Id,
            mensaje::Column::ConversacionId,
            mensaje::Column::AutorId,
            mensaje::Column::Tipo,
            mensaje::Column::EnviadoAt,
        ])
        .filter(mensaje::Column::ConversacionId.in_subquery(readable.clone()))
        .filter(mensaje::Column::EnviadoAt.gte(start))
        .filter(mensaje::Column::EnviadoAt.lt(end))
        .order_by_asc(mensaje::Column::ConversacionId)
        .order_by_asc(mensaje::Column::Numero)
        .into_tuple()
        .all(&state.db)
        .await?;
    let members: Vec<(String, String)> = participante::Entity::find()
        .select_only()
        .columns([
            participante::Column::ConversacionId,
            participante::Column::UsuarioId,
        ])
        .filter(participante::Column::ConversacionId.in_subquery(readable.clone()))
        .into_tuple()
        .all(&state.db)
        .await?;
    let seen: Vec<(String, String, DateTime<Utc>)> = vista::Entity::find()
        .select_only()
        .columns([
            vista::Column::MensajeId,
            vista::Column::UsuarioId,
            vista::Column::VistaAt,
        ])
        .filter(vista::Column::ConversacionId.in_subquery(readable))
        .filter(vista::Column::VistaAt.gte(start))
        .into_tuple()
        .all(&state.db)
        .await?;
    Ok(compute(&rows, &members, &seen, zone))
}

/// The figures of messages (in order within each conversation), the conversations' participants
/// and the first views, months read in `zone`.
fn compute(
    rows: &[SentRow],
    members: &[(String, String)],
    seen: &[(String, String, DateTime<Utc>)],
    zone: Tz,
) -> MessageStatistics {
    let mut participants: HashMap<&str, Vec<&str>> = HashMap::new();
    for (conversation, user) in members {
        participants.entry(conversation).or_default().push(user);
    }
    let month_of = |at: DateTime<Utc>| at.with_timezone(&zone).format("%Y-%m").to_string();
    let mut tallies = Tallies::new();
    let mut sent_at: HashMap<&str, (DateTime<Utc>, String)> = HashMap::new();
    // Per conversation and person: since when someone else's message has waited for them.
    let mut waiting: HashMap<(&str, &str), DateTime<Utc>> = HashMap::new();
    for (id, conversation, author, kind, at) in rows {
        let month = month_of(*at);
        sent_at.insert(id, (*at, month.clone()));
        let Some(author) = author else { continue };
        add(&mut tallies, &month, author, |t| {
            t.sent += 1;
            match MessageType::from_wire(kind) {
                Some(MessageType::Urgent) => t.urgent += 1,
                Some(MessageType::Emergency) => t.emergency += 1,
                _ => {}
            }
        });
        if let Some(since) = waiting.remove(&(conversation.as_str(), author.as_str())) {
            let seconds = (*at - since).num_seconds();
            add(&mut tallies, &month, author, |t| t.answers.push(seconds));
        }
        for other in participants
            .get(conversation.as_str())
            .into_iter()
            .flatten()
        {
            if *other != author.as_str() {
                waiting.entry((conversation.as_str(), other)).or_insert(*at);
            }
        }
    }
    for (message, reader, at) in seen {
        let Some((sent, month)) = sent_at.get(message.as_str()) else {
            continue;
        };
        let seconds = (*at - *sent).num_seconds();
        add(&mut tallies, month, reader, |t| t.views.push(seconds));
    }
    let mut whole = Vec::new();
    let mut por_mes = Vec::new();
    for (key, people) in tallies {
        match key {
            None => whole = figures(people),
            Some(mes) => por_mes.push(MonthMessages {
                mes,
                por_persona: figures(people),
            }),
        }
    }
    MessageStatistics {
        por_persona: whole,
        por_mes,
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn answers_run_from_the_earliest_unanswered_message_and_views_from_delivery() {
        let at = |month: u32, day: u32, h: u32, m: u32| {
            Utc.with_ymd_and_hms(2026, month, day, h, m, 0)
                .single()
                .expect("instant")
        };
        let sent = |id: &str, conversation: &str, author: Option<&str>, kind: &str, t| {
            (
                id.to_owned(),
                conversation.to_owned(),
                author.map(str::to_owned),
                kind.to_owned(),
                t,
            )
        };
        let rows = vec![
            // Ana writes twice; Beto answers 40 minutes after the first one, then Ana 10 after.
            sent("m1", "c1", Some("ana"), "normal", at(3, 31, 12, 0)),
            sent("m2", "c1", Some("ana"), "urgente", at(3, 31, 12, 20)),
            sent("m3", "c1", Some("beto"), "normal", at(3, 31, 12, 40)),
            sent("m4", "c1", None, "normal", at(3, 31, 12, 45)),
            sent("m5", "c1", Some("ana"), "normal", at(3, 31, 12, 50)),
            // In April (Buenos Aires is UTC-3: 1 April 02:00 UTC is still 31 March there).
            sent("m6", "c2", Some("beto"), "emergencia", at(4, 1, 2, 0)),
            sent("m7", "c2", Some("beto"), "normal", at(4, 1, 4, 0)),
        ];
        let members: Vec<(String, String)> =
            [("c1", "ana"), ("c1", "beto"), ("c2", "ana"), ("c2", "beto")]
                .iter()
                .map(|(c, u)| ((*c).to_owned(), (*u).to_owned()))
                .collect();
        let seen = vec![
            ("m1".to_owned(), "beto".to_owned(), at(3, 31, 12, 30)),
            ("m2".to_owned(), "beto".to_owned(), at(3, 31, 12, 31)),
            ("m3".to_owned(), "ana".to_owned(), at(3, 31, 13, 40)),
            ("gone".to_owned(), "ana".to_owned(), at(3, 31, 14, 0)),
        ];
        let zone: Tz = "America/Argentina/Buenos_Aires".parse().expect("zone");
        let stats = compute(&rows, &members, &seen, zone);
        let ana = &stats.por_persona[0];
        let beto = &stats.por_persona[1];
        assert_eq!(
            (ana.usuario_id.as_str(), ana.enviados, ana.urgentes),
            ("ana", 3, 1)
        );
        assert_eq!((beto.enviados, beto.emergencias), (3, 1));
        // Beto: 40 min (m1 to m3). Ana: 10 min (m3 to m5).
        assert_eq!(beto.respuesta_mediana, Some(40));
        assert_eq!(ana.respuesta_mediana, Some(10));
        // Beto saw m1 after 30 min and m2 after 11: 20.5, rounded up. Ana saw m3 after an hour.
        assert_eq!(beto.visto_mediana, Some(21));
        assert_eq!(ana.visto_mediana, Some(60));
        let months: Vec<&str> = stats.por_mes.iter().map(|m| m.mes.as_str()).collect();
        assert_eq!(months, ["2026-03", "2026-04"]);
        assert_eq!(stats.por_mes[0].por_persona[1].enviados, 2);
        let april = &stats.por_mes[1].por_persona;
        assert_eq!(
            (april.len(), april[0].usuario_id.as_str(), april[0].enviados),
            (1, "beto", 1)
        );
    }

    #[test]
    fn the_median_is_in_whole_minutes_rounded_half_up() {
        assert_eq!(median_minutes(&mut []), None);
        assert_eq!(median_minutes(&mut [90]), Some(2));
        assert_eq!(median_minutes(&mut [89]), Some(1));
        // 60 and 120 seconds: 90 s, one and a half minutes, rounds up.
        assert_eq!(median_minutes(&mut [120, 60]), Some(2));
        assert_eq!(median_minutes(&mut [600, 60, 3_600]), Some(10));
    }
}
