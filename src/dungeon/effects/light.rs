//! `Light(radius, turns)`: a candle or lamp you light and snuff (`a`). Lit,
//! it lights the cells within `radius` of you that you can see, and burns
//! `turns` turns in all; `endless: true` never burns out (a magic lamp).

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::{ItemEffect, LightSource};

/// The widest light a game can live with (NetHack's brightest is 3 or so).
const MAX_RADIUS: u32 = 15;
/// The longest a light may burn.
const MAX_TURNS: u32 = 1_000_000;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Light {
    radius: u32,
    turns: u32,
    #[serde(default)]
    endless: bool,
}

impl ItemEffect for Light {
    fn describe(&self) -> String {
        if self.endless {
            return format!("a light (`a`): radius {}, never burns out", self.radius);
        }
        format!(
            "a light (`a`): radius {}, {} turns of burning",
            self.radius, self.turns
        )
    }

    fn check(&self) -> Result<(), String> {
        if self.radius < 1 || self.radius > MAX_RADIUS {
            return Err(format!(
                "Light radius {} is not in 1 to {MAX_RADIUS}",
                self.radius
            ));
        }
        if self.turns > MAX_TURNS {
            return Err(format!("Light turns {} is over {MAX_TURNS}", self.turns));
        }
        if !self.endless && self.turns == 0 {
            return Err(
                "Light turns 0: it would never light (endless: true never burns out)".into(),
            );
        }
        Ok(())
    }

    fn light(&self) -> Option<LightSource> {
        Some(LightSource {
            radius: self.radius,
            // An endless light's one turn is never burnt.
            turns: if self.endless { 1 } else { self.turns },
            endless: self.endless,
            burns_away: false,
        })
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Light>(text)?))
}
