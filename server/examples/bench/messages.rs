//! `bench messages-seed`: fills a scratch database for `bench/messages.sh`.
//! FAMILIES families of two co-parents (users 2i-1 and 2i of family i, each with a session whose
//! token is `bench-token-<user>`); family 1 has one conversation holding BIG messages, every other
//! family two conversations sharing the rest of MESSAGES. Every message has its recipient's
//! view row (seen ten minutes after it was sent, but for the last three of each conversation).
//! Written in batches of 1,000 rows inside transactions. The family-record entries of the seeded
//! messages are left out (`registro_seq` 0): the thread then shows an empty hash for them.
//!
//! Ids are predictable so the script's clients can name them: see `seeded_id`.

use std::time::Instant;

use chrono::{DateTime, Duration, SubsecRound, Utc};
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseConnection, EntityTrait, IntoActiveModel,
    TransactionTrait,
};

use nido::{
    db::entities::{sesion, usuario},
    families::{
        entities::{familia, miembro},
        record::chain::sha256_hex,
    },
    messages::{
        entities::{conversacion, mensaje, participante, vista},
        tone,
        vocabulary::Topic,
    },
};

pub struct Options {
    pub families: usize,
    pub messages: usize,
    pub big: usize,
}

const SET: &str = include_str!("../../src/messages/tone/set.tsv");
const BATCH: usize = 1_000;
/// Rows per transaction.
const PER_TRANSACTION: usize = 50_000;
// Any valid argon2id hash: these users sign in with their session token, never a password.
const HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$dtl8Je3Gr5C4XC2qwah6cw$i1JkuUaDmMDIdt8KSItOL8bwYU7RjzSh8DwfE7gAavI";

/// Kinds of seeded ids: users 1, families 2, sessions 3, members 4, children 5 (`bench_families`),
/// conversations 0x0c, messages 0x0d.
pub fn seeded_id(kind: u32, n: usize) -> String {
    format!("{kind:08x}-0000-7000-8000-{n:012}")
}

/// The texts messages are made of: the civil lines of the tone set, with their level.
fn templates() -> Vec<(&'static str, &'static str)> {
    SET.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.splitn(3, '\t');
            let (_, label, text) = (parts.next()?, parts.next()?, parts.next()?);
            (label == "civil").then_some(text)
        })
        .map(|t| (t, tone::level(t)))
        .collect()
}

pub(crate) async fn insert_all<A, I>(db: &DatabaseConnection, rows: I) -> anyhow::Result<()>
where
    A: ActiveModelTrait + Send,
    I: IntoIterator<Item = A>,
{
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let txn = db.begin().await?;
        for _ in 0..PER_TRANSACTION / BATCH {
            let batch: Vec<A> = rows.by_ref().take(BATCH).collect();
            if batch.is_empty() {
                break;
            }
            <A::Entity as EntityTrait>::insert_many(batch)
                .exec_without_returning(&txn)
                .await?;
        }
        txn.commit().await?;
    }
    Ok(())
}

fn token_hash(user: usize) -> String {
    sha256_hex(format!("bench-token-{user}").as_bytes())
}

/// A seeded family's members in turn: two co-parents (the first the family's admin), then viewers.
const MEMBERS: [(&str, &str); 4] = [
    ("madre", "coparent"),
    ("padre", "coparent"),
    ("abuela", "viewer"),
    ("cuidador", "viewer"),
];

/// `families` families of `members` users each: user j (from 1, family by family) with a session
/// whose token is `bench-token-<j>`, family i's users (i-1)·members+1 to i·members.
pub(crate) async fn seed_people(
    db: &DatabaseConnection,
    families: usize,
    members: usize,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    anyhow::ensure!(members > 0, "a family has at least one member");
    let users = 1..=families * members;
    insert_all(
        db,
        users.clone().map(|j| {
            usuario::Model {
                id: seeded_id(1, j),
                nombre: "Bench".to_owned(),
                apellido: format!("User{j}"),
                email: format!("bench{j}@example.org"),
                telefono: None,
                foto: None,
                language: "es".to_owned(),
                password_hash: HASH.to_owned(),
                created_at: now,
                updated_at: now,
                email_verificado_at: Some(now),
                email_pendiente: None,
                email_pendiente_vence_at: None,
                desactivado_at: None,
                purga_at: None,
                zona_horaria: nido::time_zone::DEFAULT.to_owned(),
            }
            .into_active_model()
        }),
    )
    .await?;
    insert_all(
        db,
        users.map(|j| {
            sesion::Model {
                id: seeded_id(3, j),
                usuario_id: seeded_id(1, j),
                token_hash: token_hash(j),
                user_agent: Some("bench".to_owned()),
                ip: Some("127.0.0.1".to_owned()),
                created_at: now,
                last_seen_at: now,
            }
            .into_active_model()
        }),
    )
    .await?;
    insert_all(
        db,
        (1..=families).map(|i| {
            familia::Model {
                id: seeded_id(2, i),
                nombre: format!("Familia {i}"),
                zona_horaria: nido::time_zone::DEFAULT.to_owned(),
                calendario_version: 0,
                dinero_version: 0,
                created_at: now,
                updated_at: now,
            }
            .into_active_model()
        }),
    )
    .await?;
    insert_all(
        db,
        (1..=families * members).map(|j| {
            let place = (j - 1) % members;
            let (relacion, permiso) = MEMBERS[place % MEMBERS.len()];
            miembro::Model {
                id: seeded_id(4, j),
                familia_id: seeded_id(2, j.div_ceil(members)),
                usuario_id: seeded_id(1, j),
                relacion: relacion.to_owned(),
                permiso: permiso.to_owned(),
                es_admin: place == 0,
                created_at: now,
                updated_at: now,
            }
            .into_active_model()
        }),
    )
    .await?;
    Ok(())
}

/// One conversation to seed: its family, its number and how many messages it holds.
struct Plan {
    family: usize,
    conversation: usize,
    messages: usize,
}

fn plans(options: &Options) -> Vec<Plan> {
    let mut plans = vec![Plan {
        family: 1,
        conversation: 1,
        messages: options.big.min(options.messages),
    }];
    let others = options.families.saturating_sub(1) * 2;
    let rest = options.messages.saturating_sub(options.big);
    for k in 0..others {
        let share = rest / others + usize::from(k < rest % others);
        plans.push(Plan {
            family: 2 + k / 2,
            conversation: 2 + k,
            messages: share,
        });
    }
    plans
}

async fn seed_conversations(
    db: &DatabaseConnection,
    plans: &[Plan],
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    insert_all(
        db,
        plans.iter().map(|p| {
            conversacion::Model {
                id: seeded_id(0x0c, p.conversation),
                familia_id: seeded_id(2, p.family),
                tema: Topic::MEMBERS[p.conversation % Topic::MEMBERS.len()].into(),
                asunto: format!("Conversación {}", p.conversation),
                creada_por: Some(seeded_id(1, p.family * 2 - 1)),
                mensajes: p.messages as i64,
                version: p.messages as i64,
                ultimo_mensaje_at: (p.messages > 0).then_some(now),
                created_at: now - Duration::minutes(5 * p.messages as i64 + 1),
                updated_at: now,
                acceso_id: None,
            }
            .into_active_model()
        }),
    )
    .await?;
    insert_all(
        db,
        plans.iter().flat_map(|p| {
            [p.family * 2 - 1, p.family * 2].map(|user| {
                participante::Model {
                    conversacion_id: seeded_id(0x0c, p.conversation),
                    usuario_id: seeded_id(1, user),
                    created_at: now,
                }
                .into_active_model()
            })
        }),
    )
    .await?;
    Ok(())
}

/// Every message of every conversation, in order, with a running id.
fn messages<'a>(
    plans: &'a [Plan],
    templates: &'a [(&'static str, &'static str)],
    now: DateTime<Utc>,
) -> impl Iterator<Item = (mensaje::Model, usize, bool)> + 'a {
    let mut next_id = 0;
    plans.iter().flat_map(move |p| {
        let first = next_id;
        next_id += p.messages;
        (1..=p.messages).map(move |numero| {
            let n = first + numero;
            let (texto, tono) = templates[n % templates.len()];
            // Parents take turns; the last message is the newest, five minutes apart.
            let author = p.family * 2 - 1 + numero % 2;
            let recipient = p.family * 2 - (numero % 2);
            let enviado_at = now - Duration::minutes(5 * (p.messages - numero) as i64);
            (
                mensaje::Model {
                    id: seeded_id(0x0d, n),
                    conversacion_id: seeded_id(0x0c, p.conversation),
                    familia_id: seeded_id(2, p.family),
                    numero: numero as i64,
                    autor_id: Some(seeded_id(1, author)),
                    texto: texto.to_owned(),
                    tipo: "normal".to_owned(),
                    responde_a: None,
                    tono: tono.to_owned(),
                    registro_seq: 0,
                    enviado_at,
                },
                recipient,
                p.messages - numero >= 3,
            )
        })
    })
}

pub async fn run(db: DatabaseConnection, options: Options) -> anyhow::Result<()> {
    let started = Instant::now();
    let now = Utc::now().trunc_subsecs(0);
    seed_people(&db, options.families, 2, now).await?;
    let plans = plans(&options);
    seed_conversations(&db, &plans, now).await?;
    let templates = templates();
    anyhow::ensure!(!templates.is_empty(), "the tone set has no civil texts");
    insert_all(
        &db,
        messages(&plans, &templates, now).map(|(m, _, _)| m.into_active_model()),
    )
    .await?;
    insert_all(
        &db,
        messages(&plans, &templates, now).map(|(m, recipient, seen)| {
            vista::Model {
                mensaje_id: m.id,
                usuario_id: seeded_id(1, recipient),
                conversacion_id: m.conversacion_id,
                numero: m.numero,
                vista_at: seen.then(|| m.enviado_at + Duration::minutes(10)),
            }
            .into_active_model()
        }),
    )
    .await?;
    if db.get_database_backend() == sea_orm::DbBackend::Postgres {
        db.execute_unprepared("ANALYZE").await?;
    }
    println!(
        "seeded {} families, {} users with sessions, {} conversations, {} messages and as many views ({} in family 1) in {:.1} s",
        options.families,
        options.families * 2,
        plans.len(),
        plans.iter().map(|p| p.messages).sum::<usize>(),
        plans[0].messages,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
