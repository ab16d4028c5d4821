//! The lab's charts, as PNG files: the distributions of a few metrics per
//! pipeline, and where pass 2 bites. Drawn by plotters' bitmap backend, with
//! text from the DejaVu Sans font shipped in `assets/fonts` (its licence
//! beside it): no system fonts or libraries are needed.

use std::path::{Path, PathBuf};

use plotters::prelude::*;
use plotters::style::FontStyle;

use super::{LabRun, METRICS, bites};

const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const FAMILY: &str = "sans-serif";

/// The lines' colours, one per pipeline (Okabe–Ito).
const COLOURS: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
];

/// The metrics whose distributions are drawn.
pub(crate) const DRAWN: [&str; 4] = ["floor", "wall_runs_4", "chokepoints", "sight"];

fn font() -> Result<(), String> {
    // Registering twice is harmless; the first font stays.
    plotters::style::register_font(FAMILY, FontStyle::Normal, FONT)
        .map_err(|_| "the shipped font would not load".to_string())
}

/// Draw every chart into `dir`; returns the files written.
pub fn draw(run: &LabRun, dir: &Path) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    font()?;
    let mut written = Vec::new();
    for id in DRAWN {
        let m = METRICS
            .iter()
            .position(|(i, _, _)| *i == id)
            .expect("a metric");
        let path = dir.join(format!("{id}.png"));
        distribution(run, m, &path).map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path);
    }
    if let Some((v, b)) = (0..run.results.len()).find_map(|v| run.bites(v).map(|b| (v, b))) {
        let path = dir.join("pass2_bites.png");
        bites_chart(&run.config.variants[v].name, &b, &path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

type Fallible = Result<(), Box<dyn std::error::Error>>;

/// One metric's distribution per pipeline: the share of levels in each of 40
/// bins, as lines.
fn distribution(run: &LabRun, m: usize, path: &Path) -> Fallible {
    let (_, label, _) = METRICS[m];
    let series: Vec<(String, Vec<f64>)> = run
        .config
        .variants
        .iter()
        .enumerate()
        .map(|(v, variant)| (variant.name.clone(), run.column(v, m).collect()))
        .collect();
    let bins = Bins::of(&series);
    let shares: Vec<Vec<(f64, f64)>> = series.iter().map(|(_, xs)| bins.shares(xs)).collect();
    let title = format!("{label}: {} seeds", run.config.count);
    draw_lines(&title, label, &bins, &series, &shares, path)
}

/// How a metric's values are binned.
struct Bins {
    /// The first bin's lowest value, and the last bin's end.
    lo: f64,
    hi: f64,
    /// The values a bin holds.
    width: f64,
    bins: usize,
    /// Every value is a whole number (a count).
    integral: bool,
    /// Where a bin's point sits past its lowest value.
    middle: f64,
}

/// The most bins a distribution has.
const MOST_BINS: f64 = 40.0;

impl Bins {
    /// Bins spanning every value of every series.
    fn of(series: &[(String, Vec<f64>)]) -> Bins {
        let all = series.iter().flat_map(|s| s.1.iter().copied());
        let (lo, hi) = all.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
            (a.min(x), b.max(x))
        });
        let (lo, hi) = if lo.is_finite() && hi > lo {
            (lo, hi)
        } else {
            (0.0, 1.0)
        };
        // Counts are binned a whole number of values a bin, starting on a whole
        // number, so no bin holds one value more than its neighbours (which
        // would draw spikes that are not in the data).
        let integral = series
            .iter()
            .all(|(_, xs)| xs.iter().all(|x| x.fract() == 0.0));
        let (lo, width, bins) = if integral {
            let width = ((hi - lo + 1.0) / MOST_BINS).ceil().max(1.0);
            (lo, width, ((hi - lo + 1.0) / width).ceil() as usize)
        } else {
            (lo, (hi - lo) / MOST_BINS, MOST_BINS as usize)
        };
        // Each bin's point sits at the middle of the values it holds.
        let middle = if integral {
            (width - 1.0) / 2.0
        } else {
            width / 2.0
        };
        let hi = lo + width * bins as f64;
        Bins {
            lo,
            hi,
            width,
            bins,
            integral,
            middle,
        }
    }

    /// The share of `xs` in each bin, at the bin's point.
    fn shares(&self, xs: &[f64]) -> Vec<(f64, f64)> {
        let (lo, width, bins) = (self.lo, self.width, self.bins);
        let mut counts = vec![0usize; bins];
        for &x in xs {
            counts[(((x - lo) / width) as usize).min(bins - 1)] += 1;
        }
        counts
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                (
                    lo + i as f64 * width + self.middle,
                    c as f64 / xs.len().max(1) as f64,
                )
            })
            .collect()
    }
}

/// Draw each series' shares as a line, titled `title`, the metric `label`
/// along the bottom.
fn draw_lines(
    title: &str,
    label: &str,
    bins: &Bins,
    series: &[(String, Vec<f64>)],
    shares: &[Vec<(f64, f64)>],
    path: &Path,
) -> Fallible {
    let (integral, width) = (bins.integral, bins.width);
    let top = shares.iter().flatten().map(|p| p.1).fold(0.0, f64::max) * 1.1 + 1e-9;
    let root = BitMapBackend::new(path, (900, 540)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, (FAMILY, 24))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(64)
        .build_cartesian_2d(bins.lo..bins.hi, 0.0..top)?;
    chart
        .configure_mesh()
        .x_desc(if integral && width > 1.0 {
            format!("{label} (bins of {width})")
        } else {
            label.to_string()
        })
        .x_label_formatter(&|x| {
            if integral {
                format!("{x:.0}")
            } else {
                format!("{x:.1}")
            }
        })
        .y_desc("share of levels")
        .label_style((FAMILY, 14))
        .draw()?;
    for (i, ((name, _), points)) in series.iter().zip(shares).enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        chart
            .draw_series(LineSeries::new(points.clone(), colour.stroke_width(3)))?
            .label(name.clone())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour.stroke_width(3)));
    }
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE.mix(0.9))
        .label_font((FAMILY, 16))
        .draw()?;
    root.present()?;
    Ok(())
}

/// Where pass 2 bites: each neighbourhood class's share, largest first, with
/// its 3 × 3 picture.
fn bites_chart(variant: &str, b: &bites::Bites, path: &Path) -> Fallible {
    let ranked: Vec<(u8, f64)> = b.ranked().into_iter().take(12).collect();
    let rows = ranked.len().max(1);
    let root = BitMapBackend::new(path, (900, 80 + 44 * rows as u32)).into_drawing_area();
    root.fill(&WHITE)?;
    // Room on the right for the longest label.
    let top = ranked.first().map_or(1.0, |r| r.1) * 100.0 * 1.75;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("where pass 2 bites ({variant}): share of cells turned to rock"),
            (FAMILY, 22),
        )
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(150)
        .build_cartesian_2d(0.0..top, 0.0..rows as f64)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc("% of bitten cells")
        .label_style((FAMILY, 14))
        .draw()?;
    for (i, &(class, share)) in ranked.iter().enumerate() {
        let y = (rows - 1 - i) as f64;
        chart.draw_series(std::iter::once(Rectangle::new(
            [(0.0, y + 0.2), (share * 100.0, y + 0.8)],
            COLOURS[1].filled(),
        )))?;
        chart.draw_series(std::iter::once(Text::new(
            format!("{:.1} %  {}", share * 100.0, bites::name(class)),
            (share * 100.0 + top * 0.01, y + 0.6),
            (FAMILY, 14),
        )))?;
    }
    // The neighbourhoods, drawn as little 3 x 3 grids beside their bars.
    let area = chart.plotting_area().clone();
    for (i, &(class, _)) in ranked.iter().enumerate() {
        let y = (rows - 1 - i) as f64 + 0.5;
        let (px, py) = area.map_coordinate(&(0.0, y));
        let picture = bites::picture(class);
        for (r, line) in picture.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let x0 = px - 130 + c as i32 * 12;
                let y0 = py - 18 + r as i32 * 12;
                let fill = match ch {
                    '#' => RGBColor(60, 60, 60),
                    'x' => COLOURS[1],
                    _ => RGBColor(235, 225, 190),
                };
                root.draw(&Rectangle::new(
                    [(x0, y0), (x0 + 11, y0 + 11)],
                    fill.filled(),
                ))?;
            }
        }
    }
    root.present()?;
    Ok(())
}
