//! The labelled set (`set.tsv`) rated as a whole. Lines after the `# held-out` marker were written
//! after the rules were settled and are reported apart, as a check that the rules generalise.

use super::analysis::{Idioma, ToneLevel, analyze};

const SET: &str = include_str!("set.tsv");

struct Case {
    idioma: Idioma,
    hostile: bool,
    text: &'static str,
    held_out: bool,
}

fn cases() -> Vec<Case> {
    let mut held_out = false;
    let mut out = Vec::new();
    for (n, line) in SET.lines().enumerate() {
        if line.starts_with("# held-out") {
            held_out = true;
            continue;
        }
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.splitn(3, '\t');
        let (Some(idioma), Some(label), Some(text)) = (parts.next(), parts.next(), parts.next())
        else {
            panic!("set.tsv line {} lacks a field", n + 1);
        };
        let idioma = match idioma {
            "es" => Idioma::Es,
            "en" => Idioma::En,
            other => panic!("set.tsv line {}: language {other}", n + 1),
        };
        let hostile = match label {
            "hostil" => true,
            "civil" => false,
            other => panic!("set.tsv line {}: label {other}", n + 1),
        };
        out.push(Case {
            idioma,
            hostile,
            text,
            held_out,
        });
    }
    out
}

#[derive(Default)]
struct Tally {
    hostile: usize,
    civil: usize,
    hostile_flagged: usize,
    hostile_rated_hostile: usize,
    civil_flagged: usize,
    civil_rated_hostile: usize,
}

impl Tally {
    fn add(&mut self, hostile: bool, nivel: ToneLevel) {
        if hostile {
            self.hostile += 1;
            self.hostile_flagged += usize::from(nivel != ToneLevel::Ok);
            self.hostile_rated_hostile += usize::from(nivel == ToneLevel::Hostile);
        } else {
            self.civil += 1;
            self.civil_flagged += usize::from(nivel != ToneLevel::Ok);
            self.civil_rated_hostile += usize::from(nivel == ToneLevel::Hostile);
        }
    }

    fn ratio(a: usize, b: usize) -> f64 {
        if b == 0 { 1.0 } else { a as f64 / b as f64 }
    }

    /// Of the texts rated hostile, how many are.
    fn precision(&self) -> f64 {
        Self::ratio(
            self.hostile_rated_hostile,
            self.hostile_rated_hostile + self.civil_rated_hostile,
        )
    }

    /// Of the hostile texts, how many got any flag.
    fn recall(&self) -> f64 {
        Self::ratio(self.hostile_flagged, self.hostile)
    }

    fn hostile_recall(&self) -> f64 {
        Self::ratio(self.hostile_rated_hostile, self.hostile)
    }

    fn civil_false_alarm(&self) -> f64 {
        Self::ratio(self.civil_flagged, self.civil)
    }

    fn line(&self, name: &str) -> String {
        format!(
            "{name:<22} {:>3} hostile {:>3} civil  precision {:.3}  recall {:.3}  hostile recall {:.3}  civil false alarm {:.3}",
            self.hostile,
            self.civil,
            self.precision(),
            self.recall(),
            self.hostile_recall(),
            self.civil_false_alarm()
        )
    }
}

#[test]
fn the_labelled_set_is_rated_well_enough() {
    let cases = cases();
    let mut overall = Tally::default();
    let mut by_language = [Tally::default(), Tally::default()];
    let mut held_out = Tally::default();
    let mut misses = Vec::new();
    for case in &cases {
        let nivel = analyze(case.text, Some(case.idioma)).nivel;
        overall.add(case.hostile, nivel);
        by_language[usize::from(case.idioma == Idioma::En)].add(case.hostile, nivel);
        if case.held_out {
            held_out.add(case.hostile, nivel);
        }
        let wrong = if case.hostile {
            nivel != ToneLevel::Hostile
        } else {
            nivel != ToneLevel::Ok
        };
        if wrong {
            misses.push(format!(
                "  {} {:<8} {}  {}",
                if case.held_out {
                    "held-out"
                } else {
                    "        "
                },
                nivel.as_str(),
                if case.hostile { "hostil" } else { "civil " },
                case.text
            ));
        }
    }
    println!("{}", by_language[0].line("spanish"));
    println!("{}", by_language[1].line("english"));
    println!("{}", overall.line("overall"));
    println!("{}", held_out.line("held-out only"));
    println!("mistakes:\n{}", misses.join("\n"));
    assert!(
        overall.hostile_recall() >= 0.85,
        "hostile recall {:.3} below 0.85",
        overall.hostile_recall()
    );
    assert!(
        overall.civil_false_alarm() <= 0.05,
        "civil false alarm {:.3} above 0.05",
        overall.civil_false_alarm()
    );
    assert!(cases.len() >= 320, "the set holds {} texts", cases.len());
    let spanish = cases.iter().filter(|c| c.idioma == Idioma::Es).count();
    assert!(
        spanish * 2 == cases.len(),
        "half the set must be Spanish: {spanish} of {}",
        cases.len()
    );
}

#[test]
fn both_lexicons_at_once_agree_with_the_labels_as_well() {
    let mut overall = Tally::default();
    for case in cases() {
        overall.add(case.hostile, analyze(case.text, None).nivel);
    }
    println!("{}", overall.line("without idioma"));
    assert!(overall.hostile_recall() >= 0.85);
    assert!(overall.civil_false_alarm() <= 0.05);
}
