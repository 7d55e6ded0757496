//! How the command line writes numbers: counts with their noun, solution counts that may have
//! reached a limit, and rates. Every command writes them through here, so that `1 solution`
//! and `at least 5 solutions` read the same wherever they appear.

/// `1 node`, `2 nodes`.
pub fn plural(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// `1158 solutions`, `1 solution`, or `at least 5 solutions` when the count reached its limit.
pub fn count_message(found: u64, limit: u64) -> String {
    let noun = if found == 1 { "solution" } else { "solutions" };
    if found >= limit {
        format!("at least {found} {noun}")
    } else {
        format!("{found} {noun}")
    }
}

/// A rate as a whole number, with two decimals below 100 so slow engines do not show 0.
pub fn rate(r: f64) -> String {
    if r >= 100.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.2}")
    }
}

/// `count / seconds`, or 0 when no time was measured (a search too short for the clock).
pub fn per_second(count: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        count as f64 / seconds
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_english() {
        assert_eq!(count_message(0, 10), "0 solutions");
        assert_eq!(count_message(1, 10), "1 solution");
        assert_eq!(count_message(1158, 1_000_000), "1158 solutions");
        assert_eq!(count_message(5, 5), "at least 5 solutions");
        assert_eq!(count_message(1, 1), "at least 1 solution");
        assert_eq!(plural(1, "node"), "1 node");
        assert_eq!(plural(0, "piece"), "0 pieces");
    }

    #[test]
    fn rates() {
        assert_eq!(rate(12345.6), "12346");
        assert_eq!(rate(0.5), "0.50");
        assert_eq!(rate(100.0), "100", "whole from 100 on");
        assert_eq!(rate(99.5), "99.50");
    }

    #[test]
    fn a_rate_over_no_time_is_zero() {
        assert_eq!(per_second(10, 2.0), 5.0);
        assert_eq!(per_second(10, 0.0), 0.0, "not infinite");
        assert_eq!(per_second(0, 0.0), 0.0, "not NaN");
    }
}
