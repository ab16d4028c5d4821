//! The comparison behind the game's comparison view: the same seed's level
//! made by another pipeline (as its kind makes it: `Dungeon::remake_map`), and
//! how each cell differs. Plain Rust; the game only draws it.

use crate::dungeon::Dungeon;
use crate::generation::{LevelMap, Pipeline, Tile};

/// How a cell of the other level differs from the same cell here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellDiff {
    /// The same tile in both.
    Same,
    /// Walkable here, not there (the other pipeline left rock or wall).
    FloorOnlyHere,
    /// Walkable there, not here.
    FloorOnlyThere,
    /// Both walkable or both not, but another tile: a wall of another shape,
    /// stairs moved.
    OtherTile,
}

impl CellDiff {
    /// How `there` differs from `here`, one cell.
    pub fn of(here: Tile, there: Tile) -> CellDiff {
        match (here.is_walkable(), there.is_walkable()) {
            _ if here == there => CellDiff::Same,
            (true, false) => CellDiff::FloorOnlyHere,
            (false, true) => CellDiff::FloorOnlyThere,
            _ => CellDiff::OtherTile,
        }
    }

    /// Every kind, in the order the view's legend lists them.
    pub const ALL: [CellDiff; 4] = [
        CellDiff::Same,
        CellDiff::FloorOnlyHere,
        CellDiff::FloorOnlyThere,
        CellDiff::OtherTile,
    ];

    /// What a legend calls cells of this kind.
    pub fn describe(self) -> &'static str {
        match self {
            CellDiff::Same => "the same",
            CellDiff::FloorOnlyHere => "floor only in this level",
            CellDiff::FloorOnlyThere => "floor only in the other",
            CellDiff::OtherTile => "walls reshaped, stairs moved",
        }
    }
}

/// The same seed's level by another pipeline, cell by cell against this one.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// What the other level is, for the view's title: "without pass 2", or
    /// the pipeline string.
    pub label: String,
    /// The pipeline the other level was made with.
    pub pipeline: Pipeline,
    /// The other level's map.
    pub map: LevelMap,
    /// Per cell, in the maps' index order.
    pub diffs: Vec<CellDiff>,
}

impl Comparison {
    /// `there`, made by `other`, marked cell by cell against `here`.
    pub fn between(
        here: &LevelMap,
        there: LevelMap,
        other: &Pipeline,
        label: impl Into<String>,
    ) -> Comparison {
        let diffs = here
            .tiles()
            .iter()
            .zip(there.tiles())
            .map(|(&a, &b)| CellDiff::of(a, b))
            .collect();
        Comparison {
            label: label.into(),
            pipeline: other.clone(),
            map: there,
            diffs,
        }
    }

    /// The level `run` stands on against the same seed's level made by
    /// `other` (None: the level's own pipeline without pass 2), remade as
    /// its kind makes it (a town carved into the cave too), so only the
    /// passes differ. Both front ends' comparison views show this; an
    /// error is a line for the message bar.
    pub fn of_level(run: &Dungeon, other: Option<&Pipeline>) -> Result<Comparison, String> {
        let Some(history) = run.history() else {
            return Err("This level was built, not generated: there is nothing to compare.".into());
        };
        let (other, label) = match other {
            Some(p) => (p.clone(), "the --compare pipeline".to_string()),
            None => {
                let Some(p) = without_pass2(&history.params().pipeline) else {
                    return Err(
                        "This level's pipeline has no pass 2 to leave out: give another with --compare."
                            .into(),
                    );
                };
                (p, "this level without pass 2".to_string())
            }
        };
        let there = run
            .remake_map(run.depth(), &other)
            .map_err(|e| format!("The other pipeline made no level from this seed: {e}."))?;
        Ok(Comparison::between(run.map(), there, &other, label))
    }

    /// How many cells are of `kind`.
    pub fn count(&self, kind: CellDiff) -> usize {
        self.diffs.iter().filter(|&&d| d == kind).count()
    }

    /// How many cells differ at all.
    pub fn differing(&self) -> usize {
        self.diffs.len() - self.count(CellDiff::Same)
    }
}

/// The pipeline the view compares with by default: this one without its
/// second pass (None when it has no second pass).
pub fn without_pass2(pipeline: &Pipeline) -> Option<Pipeline> {
    pipeline.without_passes(&[2]).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::{MineParams, generate};

    #[test]
    fn the_same_pipeline_differs_nowhere() {
        let params = MineParams::default();
        for seed in 0..20 {
            let level = generate(seed, &params).unwrap();
            let again = generate(seed, &params).unwrap().map;
            let c = Comparison::between(&level.map, again, &params.pipeline, "same");
            assert_eq!(c.map, level.map, "seed {seed}: made again, the same");
            assert_eq!(c.differing(), 0);
        }
    }

    #[test]
    fn cells_are_marked_by_how_they_differ() {
        let params = MineParams::default();
        let level = generate(3, &params).unwrap();
        let other = without_pass2(&params.pipeline).unwrap();
        let there = generate(
            3,
            &MineParams {
                pipeline: other.clone(),
                ..params
            },
        )
        .unwrap()
        .map;
        let c = Comparison::between(&level.map, there.clone(), &other, "without pass 2");
        assert_eq!(c.map, there);
        for i in 0..there.len() {
            let expect = CellDiff::of(level.map.tiles()[i], there.tiles()[i]);
            assert_eq!(c.diffs[i], expect, "cell {i}");
        }
        // Without pass 2 the cave is larger: more floor there than here.
        assert!(c.count(CellDiff::FloorOnlyThere) > c.count(CellDiff::FloorOnlyHere));
    }

    #[test]
    fn a_cell_differs_by_walkability_first() {
        use Tile::*;
        assert_eq!(CellDiff::of(Floor, Floor), CellDiff::Same);
        assert_eq!(CellDiff::of(Floor, Rock), CellDiff::FloorOnlyHere);
        assert_eq!(CellDiff::of(DownStairs, HWall), CellDiff::FloorOnlyHere);
        assert_eq!(CellDiff::of(VWall, Floor), CellDiff::FloorOnlyThere);
        assert_eq!(CellDiff::of(UpStairs, Floor), CellDiff::OtherTile);
        assert_eq!(CellDiff::of(HWall, TopLeftCorner), CellDiff::OtherTile);
        assert_eq!(CellDiff::of(Rock, VWall), CellDiff::OtherTile);
    }

    #[test]
    fn a_pipeline_without_a_second_pass_has_no_default() {
        let one: Pipeline = "inplace:RRRKKFFFF".parse().unwrap();
        assert_eq!(without_pass2(&one), None);
        let nethack = Pipeline::nethack();
        assert_eq!(without_pass2(&nethack).unwrap().pass_count(), 3);
    }
}
