//! Settling up: the fewest payments that bring every balance of one currency to zero, each going
//! straight from someone who owes to someone who is owed.
//!
//! With n balances that are not zero, n − 1 payments always settle them, and each group of
//! balances that adds up to zero on its own saves one: the fewest payments are n minus the most
//! groups the balances can be split into, each adding up to zero. That is found exactly over the
//! subsets of the balances (2ⁿ·n steps: a family has a handful of members); past `EXACT_UP_TO`
//! balances the groups are not looked for and the result is n − 1 payments.

/// Payments between these many people are minimised exactly.
const EXACT_UP_TO: usize = 16;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub de: String,
    pub para: String,
    pub monto: i64,
}

/// The payments that settle `balances` (positive: is owed; negative: owes), given in a stable
/// order (the order people joined the family), which decides between equally short answers.
/// The balances must add up to zero; None otherwise.
pub fn settle(balances: &[(String, i64)]) -> Option<Vec<Payment>> {
    if balances.iter().map(|(_, b)| i128::from(*b)).sum::<i128>() != 0 {
        return None;
    }
    let open: Vec<(&str, i64)> = balances
        .iter()
        .filter(|(_, b)| *b != 0)
        .map(|(id, b)| (id.as_str(), *b))
        .collect();
    let groups = if open.len() <= EXACT_UP_TO {
        zero_sum_groups(&open)
    } else {
        vec![(0..open.len()).collect()]
    };
    let mut payments = Vec::new();
    for group in groups {
        pay_within(
            &group.iter().map(|&i| open[i]).collect::<Vec<_>>(),
            &mut payments,
        );
    }
    Some(payments)
}

/// The most groups adding up to zero that the balances (all but zero, adding up to zero) split
/// into, as indexes, each group as small as can be.
fn zero_sum_groups(open: &[(&str, i64)]) -> Vec<Vec<usize>> {
    let n = open.len();
    let full = (1usize << n) - 1;
    let mut sum = vec![0i128; 1 << n];
    // best[mask]: the most zero-sum groups a chain of additions up to `mask` has closed.
    let mut best = vec![0u32; 1 << n];
    for mask in 1..=full {
        let low = mask.trailing_zeros() as usize;
        sum[mask] = sum[mask & (mask - 1)] + i128::from(open[low].1);
        let before = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| best[mask & !(1 << i)])
            .max()
            .unwrap_or(0);
        best[mask] = before + u32::from(sum[mask] == 0);
    }
    // Take groups off the whole: each time the smallest subset holding the lowest remaining
    // person that adds up to zero and leaves a rest that still splits into one group fewer.
    let mut groups = Vec::new();
    let mut rest = full;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        let mut pick = rest;
        let mut sub = rest;
        while sub != 0 {
            if sub & low != 0
                && sum[sub] == 0
                && (rest == sub || (sum[rest ^ sub] == 0 && best[rest ^ sub] + 1 == best[rest]))
                && sub.count_ones() < pick.count_ones()
            {
                pick = sub;
            }
            sub = (sub - 1) & rest;
        }
        groups.push((0..n).filter(|i| pick & (1 << i) != 0).collect());
        rest ^= pick;
    }
    groups
}

/// Settles one group adding up to zero: the first who owes pays the first who is owed as much as
/// both allow, and so on; a group of k people takes k − 1 payments at most.
fn pay_within(group: &[(&str, i64)], payments: &mut Vec<Payment>) {
    let mut owe: Vec<(&str, i64)> = group
        .iter()
        .filter(|(_, b)| *b < 0)
        .map(|(id, b)| (*id, -b))
        .collect();
    let mut owed: Vec<(&str, i64)> = group.iter().filter(|(_, b)| *b > 0).copied().collect();
    let (mut i, mut j) = (0, 0);
    while i < owe.len() && j < owed.len() {
        let monto = owe[i].1.min(owed[j].1);
        payments.push(Payment {
            de: owe[i].0.to_owned(),
            para: owed[j].0.to_owned(),
            monto,
        });
        owe[i].1 -= monto;
        owed[j].1 -= monto;
        if owe[i].1 == 0 {
            i += 1;
        }
        if owed[j].1 == 0 {
            j += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn balances(list: &[(&str, i64)]) -> Vec<(String, i64)> {
        list.iter().map(|(id, b)| ((*id).to_owned(), *b)).collect()
    }

    fn pay(de: &str, para: &str, monto: i64) -> Payment {
        Payment {
            de: de.to_owned(),
            para: para.to_owned(),
            monto,
        }
    }

    /// Applying the payments brings every balance to zero.
    fn settles(list: &[(&str, i64)], payments: &[Payment]) -> bool {
        let mut left: Vec<(String, i64)> = balances(list);
        for p in payments {
            for (id, b) in left.iter_mut() {
                if *id == p.de {
                    *b += p.monto;
                }
                if *id == p.para {
                    *b -= p.monto;
                }
            }
        }
        payments.iter().all(|p| p.monto > 0) && left.iter().all(|(_, b)| *b == 0)
    }

    #[test]
    fn two_parents_take_one_payment_or_none() {
        assert_eq!(
            settle(&balances(&[("ana", 1_234_567), ("beto", -1_234_567)])),
            Some(vec![pay("beto", "ana", 1_234_567)])
        );
        assert_eq!(settle(&balances(&[("ana", 0), ("beto", 0)])), Some(vec![]));
        assert_eq!(settle(&[]), Some(vec![]));
    }

    #[test]
    fn pairs_that_cancel_are_settled_apart() {
        // Greedy in order would make three payments; two pairs make two.
        let list = [("a", 5), ("b", -3), ("c", 3), ("d", -5)];
        let payments = settle(&balances(&list)).expect("payments");
        assert_eq!(payments, vec![pay("d", "a", 5), pay("b", "c", 3)]);
        assert!(settles(&list, &payments));
    }

    #[test]
    fn the_fewest_payments_whatever_the_order() {
        // Three groups adding up to zero among seven people: four payments.
        let list = [
            ("a", 7),
            ("b", -2),
            ("c", 10),
            ("d", -5),
            ("e", -10),
            ("f", 2),
            ("g", -2),
        ];
        let payments = settle(&balances(&list)).expect("payments");
        assert!(settles(&list, &payments));
        assert_eq!(payments.len(), 4, "{payments:?}");
        // Every rotation of the same balances needs as few.
        for k in 0..list.len() {
            let mut turned = list.to_vec();
            turned.rotate_left(k);
            let payments = settle(&balances(&turned)).expect("payments");
            assert!(settles(&turned, &payments));
            assert_eq!(payments.len(), 4);
        }
    }

    /// The most groups adding up to zero that `items` split into, by trying every partition.
    fn most_groups(items: &[i64]) -> usize {
        let Some((&first, rest)) = items.split_first() else {
            return 0;
        };
        let mut best = 0;
        // The group holding the first item: it and any subset of the rest.
        for mask in 0..(1usize << rest.len()) {
            let inside: i64 = first
                + (0..rest.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| rest[i])
                    .sum::<i64>();
            if inside != 0 {
                continue;
            }
            let outside: Vec<i64> = (0..rest.len())
                .filter(|i| mask & (1 << i) == 0)
                .map(|i| rest[i])
                .collect();
            best = best.max(1 + most_groups(&outside));
        }
        best
    }

    #[test]
    fn as_few_payments_as_trying_every_split_finds() {
        // A small linear congruential generator: the same cases every run.
        let mut seed: u64 = 0x5eed;
        let mut next = |m: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % m
        };
        for _ in 0..300 {
            let n = 2 + next(6) as usize;
            let mut list: Vec<(String, i64)> = (0..n - 1)
                .map(|i| (format!("p{i}"), next(9) as i64 - 4))
                .collect();
            let last = -list.iter().map(|(_, b)| b).sum::<i64>();
            list.push((format!("p{}", n - 1), last));
            let open: Vec<i64> = list.iter().map(|(_, b)| *b).filter(|b| *b != 0).collect();
            let payments = settle(&list).expect("payments");
            let names: Vec<(&str, i64)> = list.iter().map(|(id, b)| (id.as_str(), *b)).collect();
            assert!(settles(&names, &payments), "{list:?} {payments:?}");
            assert_eq!(payments.len(), open.len() - most_groups(&open), "{list:?}");
        }
    }

    #[test]
    fn many_people_are_still_settled() {
        let list: Vec<(String, i64)> = (0..20)
            .map(|i| (format!("p{i}"), if i < 10 { i + 1 } else { -(i - 9) }))
            .collect();
        let payments = settle(&list).expect("payments");
        let names: Vec<(&str, i64)> = list.iter().map(|(id, b)| (id.as_str(), *b)).collect();
        assert!(settles(&names, &payments));
        assert!(payments.len() <= 19);
    }

    #[test]
    fn balances_that_do_not_add_up_are_refused() {
        assert_eq!(settle(&balances(&[("ana", 5), ("beto", -4)])), None);
    }
}
