//! Taming by a spell, as NetHack 3.7 does it: charm monster reads as an
//! uncursed scroll of taming (`seffect_taming`, `maybe_tame`, `tamedog`),
//! create familiar calls a pet out of nothing (`make_familiar` with no
//! figurine).
//!
//! **Charm monster** acts on each monster next to you (and your steed):
//! unless it passes its resistance check (`resist` at your level) it is
//! woken, made peaceful, its flight ended, and, unless it is a human or
//! keeps a post (a shopkeeper, a priest, the watch), made your pet. A
//! shopkeeper is calmed even when it resists. No line a monster; "The
//! neighborhood is friendlier." when one you see changed ("seems" when
//! none you see did), "Nothing interesting seems to happen." when none
//! did, "Nothing interesting happens." with no one there.
//!
//! **Create familiar** makes, next to you, one time in three the pet your
//! role or your choice gives (`pet_type`), else a random monster of the
//! level's difficulty; it comes tame, with nothing in its hands, and
//! without a word.

use crate::dungeon::direction::Way;
use crate::dungeon::state::RunState;

/// Turns from its taming until a pet is hungry (NetHack's `initedog`).
const FIRST_MEAL: u64 = 1000;

/// Charm monster (it asks no direction).
pub(crate) fn charm(state: &mut RunState, _: Option<Way>) {
    let your_level = state.player.growth.as_ref().map_or(1, |g| g.level);
    let me = state.player.pos;
    let mut candidates = u32::from(state.player.steed.is_some());
    let (mut changed, mut seen_changed) = (0, 0);
    // NetHack walks the square round you column by column.
    for dx in -1..=1 {
        for dy in -1..=1 {
            let p = crate::generation::Pos::new(me.x + dx, me.y + dy);
            let Some(m) = state.level().monster_at(p) else {
                continue;
            };
            candidates += 1;
            if maybe_tame(state, m, your_level) {
                changed += 1;
                let monster = state.level().monsters[m];
                if crate::dungeon::rules::sight::sees_monster(state, &monster) {
                    seen_changed += 1;
                }
            }
        }
    }
    let line = match (changed, seen_changed, candidates) {
        (0, _, 0) => "Nothing interesting happens.",
        (0, _, _) => "Nothing interesting seems to happen.",
        (_, 0, _) => "The neighborhood seems friendlier.",
        _ => "The neighborhood is friendlier.",
    };
    state.say(line);
}

/// Monster `m` charmed (`maybe_tame` and `tamedog`). Returns whether it
/// changed: hostile to peaceful, or untamed to tame.
fn maybe_tame(state: &mut RunState, m: usize, your_level: u32) -> bool {
    let row = state
        .content()
        .monster(state.level().monsters[m].kind)
        .clone();
    let keeps_shop = row.role.keeps_shop();
    if crate::dungeon::rules::zap::resists_magic(state, m, your_level) && !keeps_shop {
        return false;
    }
    let turn = state.turn;
    let monster = &mut state.level_mut().monsters[m];
    let was = (monster.peaceful, monster.tame);
    monster.asleep = 0;
    monster.peaceful = true;
    monster.flees = 0;
    // Humans and those with a post (shopkeepers, priests, the watch) are
    // only calmed (`tamedog`'s refusals).
    let only_calmed = row.race.as_deref() == Some("human") || row.role.keeps_post();
    if !only_calmed && !monster.tame {
        monster.tame = true;
        monster.hungry_at = turn + FIRST_MEAL;
        monster.eating = 0;
    }
    let now = (monster.peaceful, monster.tame);
    (!was.0 && now.0) || (!was.1 && now.1)
}

/// Create familiar (it asks no direction).
pub(crate) fn familiar(state: &mut RunState, _: Option<Way>) {
    let kind = if state.rng.rn2(3) == 0 {
        crate::dungeon::rules::pet::pet_type(state)
    } else {
        let content = state.setup.content.clone();
        let difficulty = state.dlvl(state.depth) as u32;
        let you = state.player.growth.as_ref().map_or(1, |g| g.level as i32);
        crate::dungeon::kinds::classes::random_monster(&content, difficulty, you, &mut state.rng)
    };
    let Some(kind) = kind else {
        state.say("There seems to be nothing available for a familiar.");
        return;
    };
    let me = state.player.pos;
    let Some(m) = crate::dungeon::rules::zap::new_monster_next_to(state, me, kind) else {
        return;
    };
    let turn = state.turn;
    let familiar = &mut state.level_mut().monsters[m];
    familiar.peaceful = true;
    familiar.tame = true;
    familiar.hungry_at = turn + FIRST_MEAL;
}
