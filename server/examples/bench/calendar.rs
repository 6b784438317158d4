//! `bench calendar-seed`: fills a scratch database for `bench/calendar.sh`.
//! FAMILIES families of two co-parents (users 2i-1 and 2i of family i, each with a session whose
//! token is `bench-token-<user>`, as `bench messages-seed` makes them), each with a 2-2-5-5
//! custody schedule that began 400 days ago, two yearly holiday periods (Christmas alternating,
//! summer in halves) and EVENTS recurring events (weekly, daily, monthly and yearly series
//! that began up to a year ago, some with COUNT or UNTIL). Rows go straight into the database;
//! the family-record entries are left out, and no reminder is due (`proximo_aviso` null).

use std::time::Instant;

use chrono::{Duration, NaiveDate, SubsecRound, Utc};
use sea_orm::{DatabaseConnection, IntoActiveModel};

use crate::messages::{insert_all, seed_people, seeded_id};
use nido::calendar::{
    custody::entities::{custodia, periodo},
    events::{
        entities::evento,
        input::Fields,
        vocabulary::{EventCategory, EventType},
    },
    recurrence::Start,
};

pub struct Options {
    pub families: usize,
    pub events: usize,
}

/// Rules the events take in turn: the shapes a family's calendar holds.
const RULES: [&str; 10] = [
    "FREQ=WEEKLY;BYDAY=MO,WE",
    "FREQ=WEEKLY;BYDAY=TU,TH",
    "FREQ=WEEKLY;BYDAY=FR",
    "FREQ=DAILY",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA",
    "FREQ=MONTHLY;BYMONTHDAY=15",
    "FREQ=MONTHLY;BYDAY=1MO",
    "FREQ=YEARLY",
    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=400",
    "FREQ=WEEKLY;BYDAY=SU;UNTIL=20991231T000000Z",
];

const CATEGORIES: [(EventType, EventCategory); 5] = [
    (EventType::Activity, EventCategory::Activities),
    (EventType::Pickup, EventCategory::School),
    (EventType::Reminder, EventCategory::Medical),
    (EventType::Family, EventCategory::Celebrations),
    (EventType::Custom, EventCategory::Travel),
];

fn event(family: usize, k: usize, today: NaiveDate, zone: &str) -> anyhow::Result<evento::Model> {
    let first_day = today - Duration::days(30 + ((family * 7 + k * 11) % 330) as i64);
    let start = first_day
        .and_hms_opt(
            8 + (k % 12) as u32,
            if k.is_multiple_of(2) { 0 } else { 30 },
            0,
        )
        .ok_or_else(|| anyhow::anyhow!("a bench time"))?;
    let (tipo, categoria) = CATEGORIES[k % CATEGORIES.len()];
    let fields = Fields {
        titulo: format!("Evento {k}"),
        tipo,
        categoria,
        inicio: Start::At(start),
        fin: Start::At(start + Duration::minutes(60 + 15 * (k % 4) as i64)),
        zona_horaria: zone.to_owned(),
        recurrencia: Some(RULES[k % RULES.len()].to_owned()),
        excepciones: Vec::new(),
        fechas_extra: Vec::new(),
        hijos: Vec::new(),
        lugar: k.is_multiple_of(3).then(|| "Club del barrio".to_owned()),
        notas: None,
        privado: k % 10 == 9,
        recordatorios: vec![60],
    };
    let (primer, ultimo) = fields
        .bounds()
        .map_err(|e| anyhow::anyhow!("bench event {k}: {e:?}"))?;
    let now = Utc::now().trunc_subsecs(0);
    let author = family * 2 - 1 + k % 2;
    Ok(evento::Model {
        id: seeded_id(0x0e, (family - 1) * 1000 + k + 1),
        familia_id: seeded_id(2, family),
        autor_id: Some(seeded_id(1, author)),
        titulo: fields.titulo.clone(),
        tipo: fields.tipo.into(),
        categoria: fields.categoria.into(),
        inicio: fields.inicio.to_string(),
        fin: fields.fin.to_string(),
        todo_el_dia: false,
        zona_horaria: fields.zona_horaria.clone(),
        recurrencia: fields.recurrencia.clone(),
        excepciones: "[]".to_owned(),
        fechas_extra: "[]".to_owned(),
        hijos: "[]".to_owned(),
        lugar: fields.lugar.clone(),
        notas: None,
        privado: fields.privado,
        recordatorios: "[60]".to_owned(),
        serie_id: None,
        ocurrencia: None,
        primer_inicio: primer,
        ultimo_inicio: ultimo,
        proximo_aviso: None,
        created_at: now,
        updated_at: now,
    })
}

pub async fn run(db: DatabaseConnection, options: Options) -> anyhow::Result<()> {
    let started = Instant::now();
    let now = Utc::now().trunc_subsecs(0);
    let zone = nido::time_zone::DEFAULT;
    let today = now.date_naive();
    seed_people(&db, options.families, 2, now).await?;
    let families = 1..=options.families;
    insert_all(
        &db,
        families.clone().map(|i| {
            custodia::Model {
                id: seeded_id(0x20, i),
                familia_id: seeded_id(2, i),
                patron: "2-2-5-5".to_owned(),
                ciclo: Some("AABBAAAAABBBBB".to_owned()),
                inicio: today - Duration::days(400),
                progenitor_a: seeded_id(1, 2 * i - 1),
                progenitor_b: seeded_id(1, 2 * i),
                hora_intercambio: "18:00".to_owned(),
                creada_por: Some(seeded_id(1, 2 * i - 1)),
                created_at: now,
            }
            .into_active_model()
        }),
    )
    .await?;
    let date = |y: i32, m: u32, d: u32| NaiveDate::from_ymd_opt(y, m, d).unwrap_or(today);
    let year = today
        .format("%Y")
        .to_string()
        .parse::<i32>()
        .unwrap_or(2026)
        - 1;
    insert_all(
        &db,
        families.clone().flat_map(|i| {
            [
                ("Navidad", date(year, 12, 24), date(year, 12, 25), "alterna"),
                ("Verano", date(year, 1, 2), date(year, 1, 31), "mitades"),
            ]
            .into_iter()
            .enumerate()
            .map(move |(n, (nombre, desde, hasta, modo))| {
                periodo::Model {
                    id: seeded_id(0x21, 2 * i + n),
                    familia_id: seeded_id(2, i),
                    nombre: nombre.to_owned(),
                    desde,
                    hasta,
                    modo: modo.to_owned(),
                    usuario_id: seeded_id(1, 2 * i - 1),
                    anual: true,
                    creado_por: Some(seeded_id(1, 2 * i - 1)),
                    created_at: now,
                }
                .into_active_model()
            })
        }),
    )
    .await?;
    let mut rows = Vec::with_capacity(options.families * options.events);
    for i in families {
        for k in 0..options.events {
            rows.push(event(i, k, today, zone)?.into_active_model());
        }
    }
    insert_all(&db, rows).await?;
    if db.get_database_backend() == sea_orm::DbBackend::Postgres {
        use sea_orm::ConnectionTrait;
        db.execute_unprepared("ANALYZE").await?;
    }
    println!(
        "seeded {} families with a 2-2-5-5 schedule, two yearly periods and {} recurring events each in {:.1} s",
        options.families,
        options.events,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
