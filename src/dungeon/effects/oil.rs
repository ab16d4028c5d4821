//! `Oil(radius: 1, turns: 400)`: a potion of oil. Quaffed (`q`), it is the
//! potion rule "oil" (`rules/quaff.rs`); applied (`a`), it is lit and
//! gives a dim light of `radius` for `turns` turns, and then it has burnt
//! away (NetHack's `light_cocktail`: a flask holds 400 turns of oil and
//! lights the cells next to you).

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::{ItemEffect, LightSource};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Oil {
    radius: u32,
    turns: u32,
}

impl ItemEffect for Oil {
    fn describe(&self) -> String {
        format!(
            "a potion (`q`): oil; lit (`a`), a light of radius {} for {} turns, then burnt away",
            self.radius, self.turns
        )
    }

    fn check(&self) -> Result<(), String> {
        // A candle's or a lamp's bounds.
        let light = crate::dungeon::effects::EffectRef::parse(&format!(
            "Light(radius: {}, turns: {})",
            self.radius, self.turns
        ))?;
        light.check().map_err(|e| e.replacen("Light", "Oil", 1))
    }

    fn light(&self) -> Option<LightSource> {
        Some(LightSource {
            radius: self.radius,
            turns: self.turns,
            endless: false,
            burns_away: true,
        })
    }

    fn quaffed(&self) -> Option<&str> {
        Some("oil")
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Oil>(text)?))
}
