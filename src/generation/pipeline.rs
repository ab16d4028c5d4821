//! A level's recipe: fill, any number of named CA passes, join.
//!
//! The notation (modelled on Brogue's "ffffftttt" birth/survival strings) writes
//! a pass as its update order and its nine fates for 0 to 8 floor neighbours,
//! `R` rock, `K` keep, `F` floor. NetHack's pipeline is
//!
//! ```text
//! inplace:RRRKKFFFF buffered:KKKKKRKKK buffered:RRRKKKKKK buffered:RRRKKKKKK
//! ```
//!
//! A pass may be named (`erode=buffered:RRRKKKKKK`); unnamed passes are called
//! `pass1`, `pass2`, … by their place in the string, and those names are the
//! stage names `--stages` prints and `--stage` takes. The random fill always
//! comes first and joining last: `fill` may be written at the start, and
//! `nojoin` at the end leaves the caves unjoined.
//!
//! ```
//! use gnomish_mines::generation::Pipeline;
//! let p: Pipeline = "inplace:RRRKKFFFF buffered:RRRKKKKKK".parse().unwrap();
//! assert_eq!(p.passes().count(), 2);
//! assert_eq!(p.to_string(), "inplace:RRRKKFFFF buffered:RRRKKKKKK");
//! assert!("buffered:RRRKKKKK".parse::<Pipeline>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::bitgrid::BitGrid;
use super::passes::{Fate, Interior, Rule, Update};
use super::rng::MineRng;

/// The most passes a pipeline may hold (provenance keeps a small code per cell).
pub(crate) const MAX_PASSES: usize = 60;

/// A CA pass with its name, which names the stage it makes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CaPass {
    /// Its name, as stage names and `--skip-pass` use it.
    pub name: String,
    /// What it does.
    pub rule: Rule,
}

impl CaPass {
    /// A pass called `name` that runs `rule`.
    pub fn new(name: impl Into<String>, rule: Rule) -> Self {
        CaPass {
            name: name.into(),
            rule,
        }
    }

    /// The rule in the notation, without the name: `buffered:RRRKKKKKK`.
    pub(crate) fn rule_notation(&self) -> String {
        let fates: String = self.rule.fates.iter().map(|f| f.letter()).collect();
        format!("{}:{fates}", self.rule.update.word())
    }
}

/// A step of your own between the fill and joining that is not a CA pass: a
/// maze carve, a room stamp, a filter from another generator. It changes the
/// cave's floor and rock, and makes a stage of its own under its name (shown
/// by `--stages`, the stage replay and the overlay, as a pass's is).
///
/// ```
/// use std::sync::Arc;
/// use gnomish_mines::generation::{generate, BitGrid, CaveStep, Interior, MineParams, MineRng, Pipeline, Step};
///
/// /// Floor down the middle column.
/// #[derive(Debug)]
/// struct Spine;
///
/// impl CaveStep for Spine {
///     fn name(&self) -> &str {
///         "spine"
///     }
///     fn run(&self, grid: &mut BitGrid, interior: Interior, _rng: &mut MineRng) {
///         let (columns, rows) = interior.ranges();
///         let x = (columns.start() + columns.end()) / 2;
///         for y in rows {
///             grid.set(x, y, true);
///         }
///     }
/// }
///
/// let mut pipeline = Pipeline::nethack();
/// pipeline.push_step(Step::Custom(Arc::new(Spine))).unwrap();
/// let level = generate(7, &MineParams { pipeline, ..MineParams::default() }).unwrap();
/// let spine = level.history.stage_named("spine").unwrap();
/// assert!(level.history.snapshot(spine).get(40, 10));
/// ```
pub trait CaveStep: fmt::Debug + Send + Sync {
    /// Its name, which names its stage (letters, digits, `_` and `-`).
    fn name(&self) -> &str;

    /// Change the cave: `grid` is floor (`true`) or rock, `interior` the
    /// cells inside the map's border, `rng` the level's roll stream (what it
    /// draws, joining and the stairs no longer draw).
    fn run(&self, grid: &mut BitGrid, interior: Interior, rng: &mut MineRng);
}

/// One step of the pipeline.
#[derive(Clone, Debug)]
pub enum Step {
    /// NetHack's random fill: 40 % of the interior becomes floor.
    Fill,
    /// A CA pass.
    Pass(CaPass),
    /// A step of your own ([`CaveStep`]).
    Custom(Arc<dyn CaveStep>),
    /// Erase specks and dig corridors until the caves are one.
    Join,
}

impl Step {
    /// The name of the stage it makes, for a pass or a step of your own
    /// (the fill's and joining's stages are `init` and `joined`).
    pub fn stage_name(&self) -> Option<&str> {
        match self {
            Step::Pass(p) => Some(&p.name),
            Step::Custom(c) => Some(c.name()),
            Step::Fill | Step::Join => None,
        }
    }
}

impl PartialEq for Step {
    /// A step of your own equals another of the same type and fields (the
    /// same `Debug`).
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Step::Fill, Step::Fill) | (Step::Join, Step::Join) => true,
            (Step::Pass(a), Step::Pass(b)) => a == b,
            (Step::Custom(a), Step::Custom(b)) => {
                Arc::ptr_eq(a, b) || format!("{a:?}") == format!("{b:?}")
            }
            _ => false,
        }
    }
}

impl Eq for Step {}

impl std::hash::Hash for Step {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Step::Pass(p) => p.hash(state),
            Step::Custom(c) => format!("{c:?}").hash(state),
            Step::Fill | Step::Join => {}
        }
    }
}

/// The steps that make a level: [`Step::Fill`] first, passes, then at most one
/// [`Step::Join`], last. Shared, not copied, by every level made with it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pipeline {
    steps: Arc<[Step]>,
}

/// A pipeline that can't be built or read, pointing at the pass at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    /// The 1-based word of the notation at fault (0: the whole string).
    pub word: usize,
    /// Its 1-based column in the string.
    pub column: usize,
    /// The word itself.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for PipelineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.word == 0 {
            f.write_str(&self.reason)
        } else {
            write!(
                f,
                "word {} '{}' (column {}): {}",
                self.word, self.text, self.column, self.reason
            )
        }
    }
}

impl std::error::Error for PipelineError {}

fn whole(reason: impl Into<String>) -> PipelineError {
    PipelineError {
        word: 0,
        column: 0,
        text: String::new(),
        reason: reason.into(),
    }
}

/// Names the stages before and after the passes have.
pub(crate) const INIT_STAGE: &str = "init";
/// The name of the stage after joining.
pub(crate) const JOINED_STAGE: &str = "joined";

impl Default for Pipeline {
    fn default() -> Self {
        Pipeline::nethack()
    }
}

impl Pipeline {
    /// NetHack's pipeline in the notation.
    pub const NETHACK: &'static str =
        "inplace:RRRKKFFFF buffered:KKKKKRKKK buffered:RRRKKKKKK buffered:RRRKKKKKK";

    /// NetHack's `mkmap`: fill, cluster in place, the enigma, erode twice, join.
    pub fn nethack() -> Self {
        let rules = [Rule::CLUSTER, Rule::ENIGMA, Rule::ERODE, Rule::ERODE];
        let mut steps = vec![Step::Fill];
        for (i, rule) in rules.into_iter().enumerate() {
            steps.push(Step::Pass(CaPass::new(default_name(i), rule)));
        }
        steps.push(Step::Join);
        Pipeline {
            steps: steps.into(),
        }
    }

    /// A pipeline from its steps: fill first, join (if any) last, pass names
    /// unique and not `init` or `joined`.
    pub fn new(steps: Vec<Step>) -> Result<Self, PipelineError> {
        if steps.first() != Some(&Step::Fill) {
            return Err(whole("the fill must come first"));
        }
        let mut names: Vec<&str> = Vec::new();
        for (i, step) in steps.iter().enumerate().skip(1) {
            match step {
                Step::Fill => return Err(whole("the fill comes once, first")),
                Step::Join if i + 1 != steps.len() => {
                    return Err(whole("joining comes once, last"));
                }
                Step::Join => {}
                Step::Pass(_) | Step::Custom(_) => {
                    let name = step.stage_name().expect("a pass or a step of its own");
                    check_name(name, &names).map_err(whole)?;
                    names.push(name);
                }
            }
        }
        if names.len() > MAX_PASSES {
            return Err(whole(format!(
                "{} passes and steps; at most {MAX_PASSES}",
                names.len()
            )));
        }
        Ok(Pipeline {
            steps: steps.into(),
        })
    }

    /// Fill, these passes, and joining.
    pub fn of_passes(passes: impl IntoIterator<Item = CaPass>) -> Result<Self, PipelineError> {
        let mut steps = vec![Step::Fill];
        steps.extend(passes.into_iter().map(Step::Pass));
        steps.push(Step::Join);
        Pipeline::new(steps)
    }

    /// The steps, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The CA passes, in order.
    pub fn passes(&self) -> impl Iterator<Item = &CaPass> {
        self.steps.iter().filter_map(|s| match s {
            Step::Pass(p) => Some(p),
            _ => None,
        })
    }

    /// How many CA passes.
    pub fn pass_count(&self) -> usize {
        self.passes().count()
    }

    /// The steps between the fill and joining, each making a stage: the CA
    /// passes and the steps of your own, in order.
    pub fn shaping_steps(&self) -> impl Iterator<Item = &Step> {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Pass(_) | Step::Custom(_)))
    }

    /// How many stages the steps between the fill and joining make.
    pub fn shaping_count(&self) -> usize {
        self.shaping_steps().count()
    }

    /// Does it join the caves?
    pub fn joins(&self) -> bool {
        self.steps.last() == Some(&Step::Join)
    }

    /// The same pipeline with joining on or off.
    pub fn with_join(self, join: bool) -> Self {
        if self.joins() == join {
            return self;
        }
        let mut steps = self.steps.to_vec();
        if join {
            steps.push(Step::Join);
        } else {
            steps.pop();
        }
        Pipeline {
            steps: steps.into(),
        }
    }

    /// Add a pass after the others (before joining).
    pub fn push_pass(&mut self, pass: CaPass) -> Result<(), PipelineError> {
        self.push_step(Step::Pass(pass))
    }

    /// Add a pass or a step of your own after the others (before joining).
    pub fn push_step(&mut self, step: Step) -> Result<(), PipelineError> {
        let mut steps = self.steps.to_vec();
        let at = if self.joins() {
            steps.len() - 1
        } else {
            steps.len()
        };
        steps.insert(at, step);
        *self = Pipeline::new(steps)?;
        Ok(())
    }

    /// The pipeline without the passes at these 1-based places (as in
    /// `--skip-pass N`); the others keep their names.
    pub fn without_passes(&self, skip: &[usize]) -> Result<Self, PipelineError> {
        let n = self.pass_count();
        if let Some(&bad) = skip.iter().find(|&&k| k == 0 || k > n) {
            return Err(whole(format!(
                "there is no pass {bad} to skip: the pipeline has {n} pass{}",
                if n == 1 { "" } else { "es" }
            )));
        }
        let mut k = 0;
        let steps = self
            .steps
            .iter()
            .filter(|s| {
                if let Step::Pass(_) = s {
                    k += 1;
                    !skip.contains(&k)
                } else {
                    true
                }
            })
            .cloned()
            .collect();
        Pipeline::new(steps)
    }

    /// The stage names, in order: `init`, each pass's (or step's) name,
    /// `joined`.
    pub fn stage_names(&self) -> Vec<String> {
        (0..self.shaping_count() + 2)
            .map(|i| self.stage_name(i).to_string())
            .collect()
    }

    /// The name of stage `i`: 0 is `init`, then each pass's (or step's),
    /// then `joined`.
    pub fn stage_name(&self, i: usize) -> &str {
        match i {
            0 => INIT_STAGE,
            _ => self
                .shaping_steps()
                .nth(i - 1)
                .and_then(Step::stage_name)
                .unwrap_or(JOINED_STAGE),
        }
    }
}

/// The name an unnamed pass at 0-based place `i` gets.
fn default_name(i: usize) -> String {
    format!("pass{}", i + 1)
}

fn check_name(name: &str, taken: &[&str]) -> Result<(), String> {
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err(format!(
            "'{name}' is not a pass name: use letters, digits, '_' and '-'"
        ));
    }
    if name == INIT_STAGE || name == JOINED_STAGE {
        return Err(format!("'{name}' names a stage of its own; pick another"));
    }
    if taken.contains(&name) {
        return Err(format!("two passes are named '{name}'"));
    }
    Ok(())
}

impl fmt::Display for Pipeline {
    /// The notation: passes, named where the name is not their place's default,
    /// and `nojoin` when joining is off. A step of your own is written
    /// `NAME=custom`, which names it but does not read back: such a pipeline
    /// is made in code ([`Pipeline::push_step`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words = Vec::new();
        let mut i = 0;
        for step in self.shaping_steps() {
            match step {
                Step::Pass(pass) if pass.name == default_name(i) => {
                    words.push(pass.rule_notation());
                }
                Step::Pass(pass) => words.push(format!("{}={}", pass.name, pass.rule_notation())),
                Step::Custom(c) => words.push(format!("{}=custom", c.name())),
                Step::Fill | Step::Join => {}
            }
            if let Step::Pass(_) = step {
                i += 1;
            }
        }
        if words.is_empty() {
            words.push("fill".to_string());
        }
        if !self.joins() {
            words.push("nojoin".to_string());
        }
        f.write_str(&words.join(" "))
    }
}

impl FromStr for Pipeline {
    type Err = PipelineError;

    fn from_str(s: &str) -> Result<Self, PipelineError> {
        let words = words_with_columns(s);
        if words.is_empty() {
            return Err(whole(
                "empty: give the passes, e.g. \"buffered:RRRKKKKKK\", or \"fill\" for none",
            ));
        }
        let mut steps = vec![Step::Fill];
        let mut join = true;
        let mut names: Vec<String> = Vec::new();
        let last = words.len();
        for (w, &(column, word)) in words.iter().enumerate() {
            let fail = |reason: String| PipelineError {
                word: w + 1,
                column,
                text: word.to_string(),
                reason,
            };
            match word.to_ascii_lowercase().as_str() {
                "fill" if w == 0 => continue,
                "fill" => return Err(fail("the fill can only come first".into())),
                "join" | "nojoin" if w + 1 == last => {
                    join = word.eq_ignore_ascii_case("join");
                    continue;
                }
                "join" | "nojoin" => return Err(fail("joining can only come last".into())),
                _ => {}
            }
            let (name, rule) = match word.split_once('=') {
                Some((name, rule)) => (name.to_string(), rule),
                None => (default_name(names.len()), word),
            };
            let taken: Vec<&str> = names.iter().map(String::as_str).collect();
            check_name(&name, &taken).map_err(&fail)?;
            let rule = parse_rule(rule).map_err(&fail)?;
            names.push(name.clone());
            steps.push(Step::Pass(CaPass::new(name, rule)));
        }
        if join {
            steps.push(Step::Join);
        }
        Pipeline::new(steps)
    }
}

impl FromStr for Rule {
    type Err = String;

    /// A rule in the notation, without a name: `buffered:RRRKKKKKK`.
    fn from_str(s: &str) -> Result<Rule, String> {
        parse_rule(s)
    }
}

/// `inplace:RRRKKFFFF` or `buffered:KKKKKRKKK`.
fn parse_rule(s: &str) -> Result<Rule, String> {
    const HELP: &str = "write a pass as inplace:FATES or buffered:FATES, with nine fates \
                        R (rock), K (keep) or F (floor) for 0 to 8 floor neighbours";
    if s.eq_ignore_ascii_case("custom") {
        return Err("a step of your own is made in code (Pipeline::push_step), not read".into());
    }
    let Some((order, fates)) = s.split_once(':') else {
        return Err(format!("no ':'; {HELP}"));
    };
    let update = match order.to_ascii_lowercase().as_str() {
        "inplace" => Update::InPlace,
        "buffered" => Update::Buffered,
        _ => return Err(format!("'{order}' is not an update order; {HELP}")),
    };
    let letters: Vec<char> = fates.chars().collect();
    if letters.len() != 9 {
        return Err(format!("{} fates, need 9; {HELP}", letters.len()));
    }
    let mut out = [Fate::Keep; 9];
    for (n, c) in letters.into_iter().enumerate() {
        out[n] = Fate::from_letter(c)
            .ok_or_else(|| format!("'{c}' (for {n} neighbours) is not R, K or F; {HELP}"))?;
    }
    Ok(Rule { fates: out, update })
}

/// The whitespace-separated words of `s` with their 1-based columns.
fn words_with_columns(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(b)) => {
                out.push((s[..b].chars().count() + 1, &s[b..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(b) = start {
        out.push((s[..b].chars().count() + 1, &s[b..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nethack_reads_and_writes_as_its_notation() {
        let p: Pipeline = Pipeline::NETHACK.parse().unwrap();
        assert_eq!(p, Pipeline::nethack());
        assert_eq!(p.to_string(), Pipeline::NETHACK);
        assert_eq!(
            p.stage_names(),
            ["init", "pass1", "pass2", "pass3", "pass4", "joined"]
        );
    }

    #[test]
    fn names_fill_and_join_are_read() {
        let p: Pipeline = "fill smooth=buffered:rrrrkffff inplace:RRRKKFFFF nojoin"
            .parse()
            .unwrap();
        assert!(!p.joins());
        let names: Vec<&str> = p.passes().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["smooth", "pass2"]);
        assert_eq!(
            p.to_string(),
            "smooth=buffered:RRRRKFFFF inplace:RRRKKFFFF nojoin"
        );
        assert_eq!(p.to_string().parse::<Pipeline>().unwrap(), p);
        let none: Pipeline = "fill".parse().unwrap();
        assert_eq!(none.pass_count(), 0);
        assert!(none.joins());
        assert_eq!(none.to_string(), "fill");
    }

    #[test]
    fn skipping_keeps_the_other_names() {
        let p = Pipeline::nethack().without_passes(&[2]).unwrap();
        assert_eq!(
            p.stage_names(),
            ["init", "pass1", "pass3", "pass4", "joined"]
        );
        assert_eq!(p.to_string().parse::<Pipeline>().unwrap(), p);
        assert!(Pipeline::nethack().without_passes(&[5]).is_err());
        assert!(Pipeline::nethack().without_passes(&[0]).is_err());
    }

    #[test]
    fn errors_point_at_the_bad_word() {
        let e = "inplace:RRRKKFFFF buffered:KKKKKRKK buffered:RRRKKKKKK"
            .parse::<Pipeline>()
            .unwrap_err();
        assert_eq!((e.word, e.column), (2, 19));
        assert!(e.to_string().contains("8 fates, need 9"), "{e}");
        let e = "inplace:RRRKKFFFF sideways:RRRKKKKKK"
            .parse::<Pipeline>()
            .unwrap_err();
        assert_eq!(e.word, 2);
        assert!(e.reason.contains("'sideways' is not an update order"));
        let e = "buffered:RRRKKXKKK".parse::<Pipeline>().unwrap_err();
        assert!(e.reason.contains("'X' (for 5 neighbours)"), "{e}");
        let e = "a=buffered:KKKKKKKKK a=buffered:KKKKKKKKK"
            .parse::<Pipeline>()
            .unwrap_err();
        assert!(e.reason.contains("two passes are named 'a'"));
        let e = "join buffered:KKKKKKKKK".parse::<Pipeline>().unwrap_err();
        assert_eq!(e.word, 1);
        assert!("init=buffered:KKKKKKKKK".parse::<Pipeline>().is_err());
        assert!("".parse::<Pipeline>().is_err());
        assert!("   ".parse::<Pipeline>().is_err());
        assert!("buffered".parse::<Pipeline>().is_err());
    }

    #[test]
    fn pushing_a_pass_goes_before_joining() {
        let mut p = Pipeline::nethack();
        p.push_pass(CaPass::new("pass5", Rule::ERODE)).unwrap();
        assert_eq!(p.pass_count(), 5);
        assert!(p.joins());
        assert!(p.push_pass(CaPass::new("pass5", Rule::ERODE)).is_err());
    }
}
