//! `Food(nutrition, turns)`: eaten (`e`), it gives `nutrition` and takes
//! `turns` turns (NetHack's `oc_nutrition` and `oc_delay`); `meat: true`
//! for flesh (NetHack's `FLESH` material but eggs), which a vegetarian
//! hero feels guilty eating.

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::{FoodValue, ItemEffect};

/// NetHack's biggest meal (an enormous meatball) is 2000.
const MAX_NUTRITION: u32 = 2000;
/// And its longest takes 20 turns.
const MAX_TURNS: u32 = 100;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Food {
    nutrition: u32,
    turns: u32,
    #[serde(default)]
    meat: bool,
}

impl ItemEffect for Food {
    fn describe(&self) -> String {
        let turns = if self.turns == 1 { "turn" } else { "turns" };
        let meat = if self.meat { ", meat" } else { "" };
        format!(
            "food (`e`): {} nutrition, {} {turns} to eat{meat}",
            self.nutrition, self.turns
        )
    }

    fn check(&self) -> Result<(), String> {
        if self.nutrition > MAX_NUTRITION {
            return Err(format!(
                "Food nutrition {} is over {MAX_NUTRITION}",
                self.nutrition
            ));
        }
        if !(1..=MAX_TURNS).contains(&self.turns) {
            return Err(format!(
                "Food turns {} is not in 1 to {MAX_TURNS}",
                self.turns
            ));
        }
        Ok(())
    }

    fn food(&self) -> Option<FoodValue> {
        Some(FoodValue {
            nutrition: self.nutrition,
            turns: self.turns,
            meat: self.meat,
        })
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Food>(text)?))
}
