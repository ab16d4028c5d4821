//! Monsters that fire and throw (NetHack 3.7's `mthrowu.c`): a monster
//! with a stack of missiles (a gnome's crossbow bolts with its crossbow, its
//! arrows with its bow, its darts or daggers), lined up with you within
//! [`BOLT_RANGE`] and not next to you, shoots or throws instead of stepping
//! closer ([`super::monsters`] decides). A volley is 1, one more for a lord
//! and two for a king (a row's `volley`), then `rnd` of that; each missile
//! hits when your AC + 8 + 3 − the distance (at least −4) is above a d20
//! (`thitu`), for its die; one that hits survives one time in three
//! (`drop_throw`), and what survives lands at your feet.

use crate::dungeon::content::Content;
use crate::dungeon::content::ItemKind;
use crate::dungeon::discoveries::counted;
use crate::dungeon::effects::Ranged;
use crate::dungeon::items::Item;
use crate::dungeon::monsters::Monster;
use crate::dungeon::shared::Killer;
use crate::dungeon::state::RunState;
use crate::generation::Dir;

/// How far a monster shoots (NetHack's `BOLT_LIM`).
pub(crate) const BOLT_RANGE: i32 = 8;

/// The missiles `m` can fire or throw now, and how many: ammunition with
/// its launcher among its gear, or missiles and daggers of its own.
pub(crate) fn armed(content: &Content, m: &Monster) -> Option<(ItemKind, u32)> {
    let (kind, count) = m.missiles.filter(|&(_, n)| n > 0)?;
    let shot = content.item(kind).on_pick_up.wielded_as()?;
    let ready = match shot.ranged {
        Ranged::Ammo => m.gear.iter().flatten().any(|&g| {
            content
                .item(g)
                .on_pick_up
                .wielded_as()
                .is_some_and(|w| w.ranged == Ranged::Launcher && w.skill == shot.skill)
        }),
        Ranged::Missile | Ranged::Thrown => true,
        _ => false,
    };
    ready.then_some((kind, count))
}

/// Monster `m` fires or throws its missiles at you, that way.
pub(crate) fn shoot(state: &mut RunState, m: usize, _way: Dir) {
    let content = state.setup.content.clone();
    let monster = state.level().monsters[m];
    let Some((kind, count)) = armed(&content, &monster) else {
        return;
    };
    let row = content.monster(monster.kind);
    let shot = content.item(kind).on_pick_up.wielded_as().expect("armed");
    let verb = if shot.ranged == Ranged::Ammo {
        "shoots"
    } else {
        "throws"
    };
    let n = (state.rng.rnd(u64::from(1 + row.volley)) as u32).min(count);
    let name = state.discoveries.floor_name(&content, kind).to_string();
    let seen = state.sight.visible_mark[state.level().map.index(monster.pos)];
    let who = if seen {
        format!("The {}", row.name)
    } else {
        "It".to_string()
    };
    state.say(format!("{who} {verb} {}!", counted(n, &name)));
    let left = count - n;
    state.level_mut().monsters[m].missiles = (left > 0).then_some((kind, left));
    let distance = monster.pos.distance(state.player.pos) as i32;
    let die = content.item(kind).on_pick_up.weapon().unwrap_or(1);
    for _ in 0..n {
        let ac = crate::dungeon::rules::wear::armour_class(&state.player, &content);
        let tlev = (3 - distance).max(-4) + 8;
        let a = crate::dungeon::discoveries::counted(1, &name);
        let hits = ac + tlev > state.rng.rnd(20) as i32;
        let survives = if hits {
            let damage = crate::dungeon::dice::roll_damage(die, &mut state.rng).max(1);
            let mark = if damage > 4 { "!" } else { "." };
            state.say(format!("You are hit by {a}{mark}"));
            state.player.hp -= damage;
            state.die_if_spent(Killer::Monster(monster.kind));
            state.rng.rn2(3) == 0
        } else {
            state.say(format!("You are almost hit by {a}."));
            true
        };
        if survives {
            let id = state.ids.next_id();
            let mut item = Item::new(id, kind, state.player.pos, 1);
            let level_seed = crate::dungeon::seeds::level_seed(state.seed, state.depth);
            let hero = state.player.hero.is_some();
            crate::dungeon::kinds::blessings::make(&mut item, &content, level_seed, hero);
            state.level_mut().items.push(item);
        }
        if state.is_over() {
            return;
        }
    }
}
