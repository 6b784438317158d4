//! The expansion against python-dateutil with zoneinfo (scripts/reference/rrule_reference.py),
//! over rules around the daylight-saving changes of Europe/Madrid and America/Santiago and around
//! 29 February.

use std::{
    io::Write,
    path::PathBuf,
    process::{Command, Stdio},
};

use chrono::{DateTime, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use serde_json::{Value, json};

use super::{Rule, Series, Start, resolve};

struct Case {
    zone: Tz,
    start: Start,
    rule: Option<String>,
    exdates: Vec<Start>,
    rdates: Vec<Start>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
}

impl Case {
    fn json(&self) -> Value {
        let list = |v: &[Start]| v.iter().map(Start::to_string).collect::<Vec<_>>();
        json!({
            "zone": self.zone.name(),
            "start": self.start.to_string(),
            "allDay": self.start.is_day(),
            "rule": self.rule,
            "exdates": list(&self.exdates),
            "rdates": list(&self.rdates),
            "from": self.from.to_rfc3339(),
            "to": self.to.to_rfc3339(),
        })
    }

    fn ours(&self) -> Value {
        let series = Series {
            zone: self.zone,
            start: self.start,
            rule: self
                .rule
                .as_deref()
                .map(|r| Rule::parse(r, self.start).expect("a reference rule parses")),
            exdates: self.exdates.clone(),
            rdates: self.rdates.clone(),
        };
        let found = series
            .occurrences(self.from, self.to)
            .expect("a reference case expands");
        // Within the limits an answer keeps, the limited expansion is the same.
        assert_eq!(
            series.limited(self.from, self.to),
            Ok(super::Limited {
                found: found.clone(),
                cut: false
            }),
            "{}",
            self.json()
        );
        Value::Array(
            found
                .iter()
                .map(|o| json!([o.start.to_string(), o.instant.to_rfc3339()]))
                .collect(),
        )
    }
}

/// The reference's interpreter: the one `make test` installs dateutil into, else `python3`.
fn python() -> PathBuf {
    if let Ok(path) = std::env::var("NIDO_REFERENCE_PYTHON") {
        return path.into();
    }
    let venv =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/reference-venv/bin/python3");
    if venv.exists() {
        venv
    } else {
        "python3".into()
    }
}

fn reference(cases: &[Case]) -> Vec<Value> {
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/reference/rrule_reference.py");
    let mut child = Command::new(python())
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs (make test installs python-dateutil)");
    let input = Value::Array(cases.iter().map(Case::json).collect()).to_string();
    child
        .stdin
        .take()
        .expect("the reference's stdin")
        .write_all(input.as_bytes())
        .expect("the cases reach the reference");
    let out = child.wait_with_output().expect("the reference finishes");
    assert!(
        out.status.success(),
        "the reference failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the reference prints JSON")
}

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("a test date")
}

fn utc_until(zone: Tz, start: Start) -> String {
    resolve(zone, start.naive())
        .with_timezone(&Utc)
        .format("%Y%m%dT%H%M%SZ")
        .to_string()
}

/// Rules for a series starting at `start`, UNTIL set on the series' own instances (inclusive
/// ends are where implementations differ).
fn rules(zone: Tz, start: Start) -> Vec<String> {
    let later = |days: i64| start.like(start.naive() + Duration::days(days));
    let mut rules: Vec<String> = [
        "FREQ=DAILY;COUNT=10",
        "FREQ=DAILY;INTERVAL=3;COUNT=9",
        "FREQ=WEEKLY;BYDAY=SA,SU;COUNT=8",
        "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU;COUNT=8",
        "FREQ=WEEKLY;COUNT=6",
        "FREQ=MONTHLY;BYDAY=-1SU;COUNT=14",
        "FREQ=MONTHLY;BYDAY=1SU;COUNT=14",
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=12",
        "FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1,-1;COUNT=10",
        "FREQ=MONTHLY;BYMONTHDAY=29,30,31;COUNT=20",
        "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=14",
        "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=30;COUNT=6",
        "FREQ=YEARLY;BYMONTH=3,4,9,10;BYDAY=-1SU,1SU;COUNT=12",
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;COUNT=6",
        "FREQ=YEARLY;COUNT=4",
    ]
    .iter()
    .map(|r| (*r).to_owned())
    .collect();
    match start {
        Start::At(_) => {
            rules.push(format!("FREQ=DAILY;UNTIL={}", utc_until(zone, later(5))));
            rules.push(format!(
                "FREQ=WEEKLY;BYDAY=MO,WE,SU;UNTIL={}",
                utc_until(zone, later(21))
            ));
            rules.push("FREQ=DAILY;BYHOUR=0,2,23;COUNT=12".to_owned());
        }
        Start::Day(d) => {
            rules.push(format!(
                "FREQ=DAILY;UNTIL={}",
                (d + Duration::days(5)).format("%Y%m%d")
            ));
            rules.push(format!("FREQ=DAILY;UNTIL={}", utc_until(zone, later(4))));
        }
    }
    rules
}

fn cases() -> Vec<Case> {
    let madrid = chrono_tz::Europe::Madrid;
    let santiago = chrono_tz::America::Santiago;
    let mut starts: Vec<(Tz, Vec<&str>)> = vec![
        (
            madrid,
            vec![
                "2025-03-27",
                "2025-10-24",
                "2026-03-26",
                "2026-10-22",
                "2027-03-25",
                "2027-10-28",
            ],
        ),
        (
            santiago,
            vec![
                "2025-04-03",
                "2025-09-04",
                "2026-04-02",
                "2026-09-03",
                "2027-04-01",
                "2027-09-02",
            ],
        ),
    ];
    // 29 February and the ends of months, in both zones.
    for (_, days) in starts.iter_mut() {
        days.extend([
            "2024-02-29",
            "2028-02-29",
            "2026-01-29",
            "2026-01-31",
            "2027-12-31",
        ]);
    }
    let mut cases = Vec::new();
    for (zone, days) in &starts {
        for d in days {
            let mut all: Vec<Start> = ["00:00:00", "00:30:00", "02:30:00", "23:30:00", "17:30:00"]
                .iter()
                .map(|t| Start::parse(&format!("{d}T{t}"), false).expect("a test start"))
                .collect();
            all.push(Start::Day(day(d)));
            for start in all {
                let from = resolve(*zone, start.naive()).with_timezone(&Utc) - Duration::days(1);
                let later = |days: i64, minutes: i64| {
                    start.like(start.naive() + Duration::days(days) + Duration::minutes(minutes))
                };
                for (i, rule) in rules(*zone, start).into_iter().enumerate() {
                    // Every third case has exceptions and extra dates, some not exactly on the rule.
                    let (exdates, rdates) = if i % 3 == 0 {
                        (
                            vec![later(1, 0), later(2, 1), later(7, 0)],
                            vec![later(3, 90), later(40, 0)],
                        )
                    } else {
                        (Vec::new(), Vec::new())
                    };
                    cases.push(Case {
                        zone: *zone,
                        start,
                        rule: Some(rule),
                        exdates,
                        rdates,
                        from,
                        to: from + Duration::days(4 * 365),
                    });
                }
                // A window ending exactly on an instance leaves it out; one starting on it keeps it.
                let edge = resolve(*zone, later(3, 0).naive()).with_timezone(&Utc);
                for (from, to) in [(from, edge), (edge, edge + Duration::days(3))] {
                    cases.push(Case {
                        zone: *zone,
                        start,
                        rule: Some("FREQ=DAILY".to_owned()),
                        exdates: Vec::new(),
                        rdates: Vec::new(),
                        from,
                        to,
                    });
                }
                cases.push(Case {
                    zone: *zone,
                    start,
                    rule: None,
                    exdates: Vec::new(),
                    rdates: vec![later(1, 0)],
                    from,
                    to: from + Duration::days(30),
                });
            }
        }
    }
    cases
}

#[test]
fn expansion_matches_python_dateutil_around_daylight_saving_and_leap_days() {
    let cases = cases();
    assert!(cases.len() > 1_000, "{} cases", cases.len());
    let theirs = reference(&cases);
    assert_eq!(theirs.len(), cases.len());
    let mut differences = Vec::new();
    let mut instances = 0;
    for (case, theirs) in cases.iter().zip(theirs) {
        let ours = case.ours();
        instances += ours.as_array().map_or(0, Vec::len);
        if ours != theirs {
            differences.push(format!(
                "{}\n  ours:   {ours}\n  theirs: {theirs}",
                case.json()
            ));
        }
    }
    assert!(instances > 10_000, "{instances} instances");
    assert!(
        differences.is_empty(),
        "{} of {} cases differ:\n{}",
        differences.len(),
        cases.len(),
        differences
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
