//! The spell of restore ability, as NetHack 3.7's potion acts for it
//! (`peffect_restore_ability`): an attribute lowered below the most it has
//! been (by poison, a contaminated potion, a spellbook's contact poison, an
//! amulet of life saving, abuse) comes back to that most. The attributes
//! are tried from a random one round; one is restored, or every one when
//! you are Skilled in healing spells. Unlike the potion, the spell never
//! gives back lost levels.

use crate::dungeon::direction::Way;
use crate::dungeon::hero::attributes::ATTRIBUTES;
use crate::dungeon::skills::Skill;
use crate::dungeon::state::RunState;

/// Cast it (it asks no direction).
pub(crate) fn cast(state: &mut RunState, _: Option<Way>) {
    let blessed = crate::dungeon::rules::grow::skilled(state, Skill::HealingSpells);
    // What a blessed one cannot mend makes it only "better" (NetHack's
    // `unfixable_trouble_count`: of those this game has, food poisoning and
    // strangling).
    let troubled = state.player.sick.is_some() || state.strangled.is_some();
    let feel = match (blessed, troubled) {
        (false, _) => "good",
        (true, false) => "great",
        (true, true) => "better",
    };
    state.say(format!("Wow!  This makes you feel {feel}!"));
    let start = state.rng.rn2(ATTRIBUTES.len() as u64) as usize;
    let Some(g) = state.player.growth.as_mut() else {
        return;
    };
    for k in 0..ATTRIBUTES.len() {
        let a = ATTRIBUTES[(start + k) % ATTRIBUTES.len()];
        let most = g.attributes.peak.get(a);
        if g.attributes.base(a) < most {
            g.attributes.set(a, most);
            if !blessed {
                break;
            }
        }
    }
}
