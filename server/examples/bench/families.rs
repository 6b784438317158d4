//! `bench families-seed`: fills a scratch database for `bench/children.sh`,
//! `bench/soak.sh` and `bench/live.sh`. FAMILIES families of MEMBERS users each (user j, from 1,
//! family by family, with a session whose token is `bench-token-<j>`; the first two co-parents,
//! the first of them the admin, the others viewers), and two children per family: family i's are
//! numbered 2i and 2i+1 (kind 5), each with an activity on Mondays and Wednesdays (kind 6, the
//! child's number), a medical appointment (kind 7, the same) and two emergency contacts (kind 8,
//! 2n+1 and 2n+2 for child n). Rows go straight into the database through the entities, so a
//! column added by a migration shows here at build time; no family-record entries.

use std::time::Instant;

use chrono::{NaiveDate, SubsecRound, Utc};
use sea_orm::{ActiveValue::Set, DatabaseConnection};

use crate::messages::{insert_all, seed_people, seeded_id};
use nido::children::entities::{actividad, contacto, hijo, turno};

pub struct Options {
    pub families: usize,
    pub members: usize,
}

/// The two children of family `family`, by number.
fn children(family: usize) -> [usize; 2] {
    [family * 2, family * 2 + 1]
}

pub async fn run(db: DatabaseConnection, options: Options) -> anyhow::Result<()> {
    let started = Instant::now();
    let now = Utc::now().trunc_subsecs(0);
    seed_people(&db, options.families, options.members, now).await?;
    let families = 1..=options.families;
    insert_all(
        &db,
        families.clone().flat_map(|i| {
            children(i).into_iter().enumerate().map(move |(k, n)| {
                let birth = NaiveDate::from_ymd_opt(2010 + k as i32, 3 + k as u32, 10 + k as u32);
                hijo::ActiveModel {
                    id: Set(seeded_id(5, n)),
                    familia_id: Set(seeded_id(2, i)),
                    nombre: Set(format!("Hijo{k}")),
                    apellido: Set(format!("User{i}")),
                    fecha_nacimiento: Set(birth.unwrap_or_default()),
                    genero: Set(if k == 0 { "masculino" } else { "femenino" }.to_owned()),
                    grupo_sanguineo: Set(Some("O+".to_owned())),
                    escuela: Set(Some("Escuela 5".to_owned())),
                    grado: Set(Some("3".to_owned())),
                    profesor_principal: Set(Some("Marta".to_owned())),
                    telefono_escuela: Set(Some("011 4444-5555".to_owned())),
                    horario_entrada: Set(Some("08:00".to_owned())),
                    horario_salida: Set(Some("12:30".to_owned())),
                    doctor_nombre: Set(Some("Dra. Pérez".to_owned())),
                    doctor_telefono: Set(Some("011 5555-0000".to_owned())),
                    alergias: Set(r#"["maní"]"#.to_owned()),
                    medicamentos: Set("[]".to_owned()),
                    condiciones_especiales: Set("[]".to_owned()),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                }
            })
        }),
    )
    .await?;
    let numbers = || families.clone().flat_map(children);
    insert_all(
        &db,
        numbers().map(|n| actividad::ActiveModel {
            id: Set(seeded_id(6, n)),
            hijo_id: Set(seeded_id(5, n)),
            nombre: Set("Natación".to_owned()),
            lugar: Set(Some("Club".to_owned())),
            dias_semana: Set(r#"["lunes","miercoles"]"#.to_owned()),
            hora_inicio: Set(Some("17:00".to_owned())),
            hora_fin: Set(Some("18:00".to_owned())),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }),
    )
    .await?;
    insert_all(
        &db,
        numbers().map(|n| turno::ActiveModel {
            id: Set(seeded_id(7, n)),
            hijo_id: Set(seeded_id(5, n)),
            tipo_consulta: Set("Control".to_owned()),
            estado: Set("programado".to_owned()),
            fecha_hora: Set(now),
            medico_nombre: Set(Some("Dr. Ruiz".to_owned())),
            medico_especialidad: Set(Some("Pediatría".to_owned())),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }),
    )
    .await?;
    insert_all(
        &db,
        numbers().flat_map(|n| {
            [1, 2].map(|c| contacto::ActiveModel {
                id: Set(seeded_id(8, n * 2 + c)),
                hijo_id: Set(seeded_id(5, n)),
                nombre: Set(format!("Contacto {c}")),
                relacion: Set("familia".to_owned()),
                telefono: Set("011 4000-0000".to_owned()),
                prioridad: Set(Some(c as i32)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            })
        }),
    )
    .await?;
    if db.get_database_backend() == sea_orm::DbBackend::Postgres {
        use sea_orm::ConnectionTrait;
        db.execute_unprepared("ANALYZE").await?;
    }
    println!(
        "seeded {} families of {}, {} users with sessions, {} children in {:.1} s",
        options.families,
        options.members,
        options.families * options.members,
        options.families * 2,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
