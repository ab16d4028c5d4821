//! A hero's start (NetHack's `u_init`): the role's kit in the pack (the first
//! weapon wielded, armour worn, each with its enchantment, known), its gold,
//! then its growth: hit points, power, attributes (raised while the kit is
//! too heavy to carry, as `u_init_carry_attr_boost`) and skills (the kit's
//! weapons Basic). The kit and the growth are drawn from streams of their
//! own, so the rest of the run's rolls are where they would be.

use crate::dungeon::hero::{Growth, Hero, HeroRows, KitLine};
use crate::dungeon::kinds::objects;
use crate::dungeon::rules::carry;
use crate::dungeon::seeds::named_stream_seed;
use crate::dungeon::state::{Carried, RunState};
use crate::generation::MineRng;

/// The lines of a hero's kit (`u_init_role`, `u_init_race`): the role's,
/// or its other kit when the draw says so; the first of its extras that
/// comes up; the race's own lines; each item then swapped for the race's
/// own kind of it (`ini_inv_obj_substitution`).
fn kit_lines(hero: Hero, rows: &HeroRows, rng: &mut MineRng) -> Vec<KitLine> {
    let (role, race) = (hero.role(rows), hero.race(rows));
    let swap = |line: &mut KitLine, pairs: &[(String, String)]| {
        if let Some((_, to)) = pairs.iter().find(|(from, _)| *from == line.item) {
            line.item = to.clone();
        }
    };
    let mut lines = role.kit.clone();
    if let Some(v) = &role.variant
        && rng.rn2(100) >= u64::from(v.at_least)
    {
        lines.iter_mut().for_each(|l| swap(l, &v.swap));
    }
    if let Some(extra) = role
        .extras
        .iter()
        .find(|e| rng.rn2(u64::from(e.one_in)) == 0)
    {
        lines.push(KitLine {
            item: extra.item.clone(),
            count: (1, 1),
            spe: extra.spe,
            quivered: false,
            blessing: Default::default(),
        });
    }
    lines.extend(race.kit.iter().cloned());
    lines.iter_mut().for_each(|l| swap(l, &race.substitutes));
    lines
}

/// Dress `state`'s player as its hero: hit points, kit and gold. A run
/// without a hero keeps the player row's.
pub(crate) fn equip(state: &mut RunState) {
    let Some(hero) = state.player.hero else {
        return;
    };
    let content = state.setup.content.clone();
    let rows = content.heroes();
    let role = hero.role(rows);
    let mut rng = MineRng::from_seed(named_stream_seed(state.seed, "hero kit"));
    let mut wielding = false;
    for line in &kit_lines(hero, rows, &mut rng) {
        let count = crate::dungeon::dice::between(&mut rng, line.count);
        // A class ("%") is that many random items of it; an item row is one
        // stack of that many.
        let draws = if content.item_kind(&line.item).is_some() {
            vec![count]
        } else {
            vec![1; count as usize]
        };
        for quantity in draws {
            let Some(kind) = objects::resolve(&content, &line.item, true, &mut rng) else {
                continue;
            };
            let row = content.item(kind);
            // A kit is known to its hero (`ini_inv`'s `discover_object`):
            // the Tourist's potions, a dwarf's dwarvish spear.
            state.discoveries.discover(kind);
            let mut c = Carried::new(state.ids.next_id(), kind, quantity);
            c.burn_left = row.on_pick_up.light().map(|l| l.turns);
            c.spe = line.spe as i8;
            // A wand comes charged as any new one (`ini_inv` makes it with
            // `mksobj`), its charges known.
            if let Some(range) = row.on_pick_up.charges() {
                c.spe = crate::dungeon::dice::between(&mut rng, range) as i8;
            }
            // As the line says (uncursed unless it says), and known to be
            // (`ini_inv`'s `bknown`).
            c.blessing = line.blessing;
            c.blessing_known = true;
            c.spe_known = row.on_pick_up.wielded_as().is_some()
                || row.on_pick_up.armour().is_some()
                || row.on_pick_up.charges().is_some()
                || row.on_pick_up.accessory().is_some_and(|a| a.charged);
            if row.on_pick_up.weapon().is_some() && !wielding && !line.quivered {
                c.wielded = true;
                wielding = true;
            }
            c.worn = row.on_pick_up.armour().is_some();
            c.quivered = line.quivered;
            carry::give(&mut state.player, &content, c);
        }
    }
    if let Some(range) = role.gold {
        state.player.gold += crate::dungeon::dice::between(&mut rng, range);
    }
    let kit_skills: Vec<_> = state
        .player
        .inventory
        .iter()
        .filter_map(|c| content.item(c.kind).on_pick_up.wielded_as())
        .map(|w| w.skill)
        .collect();
    let mut rng = MineRng::from_seed(named_stream_seed(state.seed, "hero growth"));
    let (mut growth, hp) = Growth::new(hero, rows, &kit_skills, &mut rng);
    crate::dungeon::rules::grow::strengthen_to_carry(&mut growth, &state.player, &content, hero);
    growth.load = crate::dungeon::hero::attributes::Encumbrance::of(
        crate::dungeon::rules::grow::carried_weight(&state.player, &content),
        crate::dungeon::rules::grow::capacity(&growth),
    );
    state.player.hp = hp;
    state.player.max_hp = hp;
    state.player.growth = Some(growth);
}
