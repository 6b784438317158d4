//! An expense's shares, exactly: each participant's weight over the weights' total, rounded down
//! to the minor unit, and the minor units left over given one each by the largest remainder.
//! Ties go first to the participants other than the payer, in the order they joined the family,
//! and to the payer last. The shares always add up to the amount.

/// One participant of an expense and their weight: a percentage in hundredths (62.5 % is 6250),
/// a monthly income in minor units, or 1 for equal shares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weighted {
    pub usuario_id: String,
    pub weight: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SplitError {
    /// Nobody to share it.
    NoParticipants,
    /// The same person twice.
    Repeated,
    /// The weights add up to nothing (every income zero, say).
    NoWeight,
    /// Not a positive amount.
    Amount,
}

/// The shares of `amount` (minor units, positive), in the order of `participants`, which is the
/// order they joined the family. `payer` may or may not be one of them.
pub fn split(amount: i64, participants: &[Weighted], payer: &str) -> Result<Vec<i64>, SplitError> {
    if amount <= 0 {
        return Err(SplitError::Amount);
    }
    if participants.is_empty() {
        return Err(SplitError::NoParticipants);
    }
    for (i, p) in participants.iter().enumerate() {
        if participants[..i]
            .iter()
            .any(|q| q.usuario_id == p.usuario_id)
        {
            return Err(SplitError::Repeated);
        }
    }
    let total: u128 = participants.iter().map(|p| u128::from(p.weight)).sum();
    if total == 0 {
        return Err(SplitError::NoWeight);
    }
    let amount = amount as u128;
    let mut shares = Vec::with_capacity(participants.len());
    let mut remainders = Vec::with_capacity(participants.len());
    for p in participants {
        let exact = amount * u128::from(p.weight);
        shares.push(exact / total);
        remainders.push(exact % total);
    }
    let left = amount - shares.iter().sum::<u128>();
    // Largest remainder first; among equals, everyone but the payer in joining order, then the
    // payer. `left` is below the number of participants, so each gets at most one.
    let mut order: Vec<usize> = (0..participants.len()).collect();
    order.sort_by(|&a, &b| {
        remainders[b]
            .cmp(&remainders[a])
            .then_with(|| {
                let payer_a = participants[a].usuario_id == payer;
                let payer_b = participants[b].usuario_id == payer;
                payer_a.cmp(&payer_b)
            })
            .then_with(|| a.cmp(&b))
    });
    for &i in order.iter().take(left as usize) {
        shares[i] += 1;
    }
    // Each share is at most the amount, which fits in an i64.
    Ok(shares.into_iter().map(|s| s as i64).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn people(weights: &[(&str, u64)]) -> Vec<Weighted> {
        weights
            .iter()
            .map(|(id, w)| Weighted {
                usuario_id: (*id).to_owned(),
                weight: *w,
            })
            .collect()
    }

    #[test]
    fn odd_cents_go_to_the_others_before_the_payer() {
        let three = people(&[("ana", 1), ("beto", 1), ("carla", 1)]);
        // 100 / 3: 33 each, one left; all remainders equal, so the first who is not the payer.
        assert_eq!(split(100, &three, "ana"), Ok(vec![33, 34, 33]));
        assert_eq!(split(100, &three, "beto"), Ok(vec![34, 33, 33]));
        // Two left: the two who did not pay, in joining order.
        assert_eq!(split(101, &three, "ana"), Ok(vec![33, 34, 34]));
        assert_eq!(split(101, &three, "carla"), Ok(vec![34, 34, 33]));
        // The payer gets a cent only when everyone else has one.
        let two = people(&[("ana", 1), ("beto", 1)]);
        assert_eq!(split(1, &two, "beto"), Ok(vec![1, 0]));
        assert_eq!(split(1, &two, "nobody-here"), Ok(vec![1, 0]));
    }

    #[test]
    fn percentages_with_decimals_and_the_largest_remainder() {
        let p = people(&[("ana", 6250), ("beto", 3750)]);
        // 1001 × 62.5 % = 625.625 and 375.375: the larger remainder takes the cent.
        assert_eq!(split(1001, &p, "beto"), Ok(vec![626, 375]));
        assert_eq!(split(1001, &p, "ana"), Ok(vec![626, 375]));
        assert_eq!(split(10_000, &p, "ana"), Ok(vec![6250, 3750]));
        // 33.33 / 33.33 / 33.34 of one peso.
        let thirds = people(&[("ana", 3333), ("beto", 3333), ("carla", 3334)]);
        assert_eq!(split(100, &thirds, "carla"), Ok(vec![33, 33, 34]));
    }

    #[test]
    fn income_weights_and_a_single_bearer() {
        // Incomes of 1,500,000.00 and 500,000.00: three quarters and one quarter.
        let incomes = people(&[("ana", 150_000_000), ("beto", 50_000_000)]);
        assert_eq!(split(9_999, &incomes, "ana"), Ok(vec![7_499, 2_500]));
        let alone = people(&[("beto", 1)]);
        assert_eq!(split(12_345, &alone, "ana"), Ok(vec![12_345]));
    }

    #[test]
    fn shares_always_add_up_even_for_the_largest_amounts() {
        let p = people(&[("a", u64::MAX / 3), ("b", u64::MAX / 5), ("c", 7), ("d", 1)]);
        for amount in [1, 2, 3, 999_999_999_999, 1_000_000_000_000, i64::MAX] {
            let shares = split(amount, &p, "c").expect("shares");
            assert_eq!(
                shares.iter().map(|s| i128::from(*s)).sum::<i128>(),
                i128::from(amount)
            );
            assert!(shares.iter().all(|s| *s >= 0));
        }
    }

    #[test]
    fn what_cannot_be_split_is_refused() {
        let p = people(&[("ana", 1)]);
        assert_eq!(split(0, &p, "ana"), Err(SplitError::Amount));
        assert_eq!(split(-5, &p, "ana"), Err(SplitError::Amount));
        assert_eq!(split(5, &[], "ana"), Err(SplitError::NoParticipants));
        assert_eq!(
            split(5, &people(&[("ana", 0), ("beto", 0)]), "ana"),
            Err(SplitError::NoWeight)
        );
        assert_eq!(
            split(5, &people(&[("ana", 1), ("ana", 1)]), "ana"),
            Err(SplitError::Repeated)
        );
    }
}
