//! Means and 95 % confidence intervals (Student's t), for the lab's tables.

/// t quantiles for a two-sided 95 % interval, for 1 to 30 degrees of freedom.
const T95: [f64; 30] = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042,
];

/// The t quantile for a two-sided 95 % interval with `df` degrees of freedom
/// (past 30, 1.96 + 2.4/df, within 0.001 of the table).
pub fn t95(df: usize) -> f64 {
    match df {
        0 => f64::INFINITY,
        1..=30 => T95[df - 1],
        _ => 1.96 + 2.4 / df as f64,
    }
}

/// A sample's mean and the half-width of its 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Half the 95 % interval's width.
    pub half_width: f64,
    /// How many.
    pub n: usize,
}

impl Estimate {
    /// The estimate of a sample.
    pub(crate) fn of(xs: impl IntoIterator<Item = f64>) -> Estimate {
        let xs: Vec<f64> = xs.into_iter().collect();
        let n = xs.len();
        if n == 0 {
            return Estimate {
                mean: f64::NAN,
                half_width: f64::NAN,
                n,
            };
        }
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = if n > 1 {
            xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        Estimate {
            mean,
            half_width: t95(n - 1) * (var / n as f64).sqrt(),
            n,
        }
    }

    /// `mean ± half-width`, with `digits` decimals.
    pub(crate) fn show(&self, digits: usize, signed: bool) -> String {
        if signed {
            format!("{:+.d$} ± {:.d$}", self.mean, self.half_width, d = digits)
        } else {
            format!("{:.d$} ± {:.d$}", self.mean, self.half_width, d = digits)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interval_worked_out_by_hand() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7, se sqrt(4/7),
        // t(7) = 2.365: half-width 1.7878.
        let e = Estimate::of([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(e.mean, 5.0);
        assert!((e.half_width - 2.365 * (32.0f64 / 7.0 / 8.0).sqrt()).abs() < 1e-12);
        assert!((e.half_width - 1.7878).abs() < 1e-4);
        assert_eq!(e.show(1, true), "+5.0 ± 1.8");
        // A large sample's t is close to the normal's.
        assert!((t95(1000) - 1.9624).abs() < 1e-3);
    }
}
