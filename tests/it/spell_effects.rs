//! The spells that are no wand's, potion's or scroll's of this game
//! (NetHack 3.7's detections, clairvoyance, cause fear, charm monster,
//! create familiar, restore ability, levitation, drain life, chain
//! lightning), cast by a Wizard on the hand-drawn room of the trap tests:
//! a lit room, and below its wall a corridor it cannot see.

use gnomish_mines::dungeon::hero::attributes::Attribute;
use gnomish_mines::dungeon::skills::{Skill, SkillLevel};
use gnomish_mines::dungeon::{Command, Dungeon, Item, render_run};
use gnomish_mines::generation::{Dir, Pos};

use crate::traps::{HALL, monster, p, put_monster, room_as, said};

/// A neutral human Wizard of `level` at (4, 3) with Int 18,
/// plenty of power, at least Basic in every school, no pet, who knows only
/// the spell of book `book` (its letter is `a`).
fn wizard_with(seed: u64, book: &str, level: u32) -> Dungeon {
    let mut r = room_as(seed, p(4, 3), "wizard human neutral");
    r.wizard().level().monsters_mut().clear();
    let kind = r.content().item_kind(book).unwrap();
    // A level a gain, as NetHack's `newexplevel`.
    for _ in 1..level {
        r.wizard().gain_experience(1_000_000);
    }
    r.wizard()
        .set_attribute(Attribute::Int, 18)
        .set_power(200, 200)
        .forget_spells()
        .learn(kind);
    for school in Skill::SCHOOLS {
        r.wizard().set_skill(school, SkillLevel::Basic);
    }
    r
}

/// A level-12 Wizard who knows the spell of book `book`.
fn wizard_knowing(seed: u64, book: &str) -> Dungeon {
    wizard_with(seed, book, 12)
}

/// Cast spell `a` (then `way`, if it asks one) until it works: the lines
/// said by the cast that worked.
fn cast(r: &mut Dungeon, way: Option<Command>) -> Vec<String> {
    for _ in 0..50 {
        r.wizard().set_power(200, 200);
        let took = r.act(Command::Cast(0));
        let took = match way {
            Some(w) if !took => r.act(w),
            _ => took,
        };
        assert!(took, "{:?}", said(r));
        let lines: Vec<String> = r.log().current().map(str::to_string).collect();
        if !lines
            .iter()
            .any(|l| l == "You fail to cast the spell correctly.")
        {
            return lines;
        }
    }
    panic!("the spell never worked");
}

fn put_item(r: &mut Dungeon, id: &str, at: Pos) -> u32 {
    let kind = r.content().item_kind(id).unwrap();
    let item_id = 70_000 + r.level().items().len() as u32;
    r.wizard()
        .level()
        .items_mut()
        .push(Item::new(item_id, kind, at, 1));
    item_id
}

/// The glyph the player's view shows at `at`.
fn shown(r: &Dungeon, at: Pos) -> char {
    let text = render_run(r, false);
    // The status lines and the message first, then the map's rows.
    let lines: Vec<&str> = text.lines().collect();
    let top = lines.len() - r.map().height();
    let row = lines[top + at.y as usize];
    row.chars().nth(at.x as usize).unwrap_or(' ')
}

#[test]
fn detect_monsters_shows_them_until_the_next_command_or_a_while_when_skilled() {
    let mut r = wizard_knowing(1, "spellbook_of_detect_monsters");
    let gnome = put_monster(&mut r, "gnome", p(8, HALL));
    let seen = |r: &Dungeon| r.sees_monster(monster(r, gnome).unwrap());
    assert!(!seen(&r), "the corridor is out of sight");
    let told = cast(&mut r, None);
    assert_eq!(told.last().unwrap(), "You sense the presence of monsters.");
    assert!(seen(&r));
    assert_eq!(shown(&r, p(8, HALL)), 'G');
    r.act(Command::Search);
    assert!(!seen(&r), "one look only");
    // Skilled: 21 to 60 turns of it, and not a word.
    r.wizard()
        .set_skill(Skill::DivinationSpells, SkillLevel::Skilled);
    let told = cast(&mut r, None);
    assert!(!told.iter().any(|l| l.contains("sense")), "{told:?}");
    let mut turns = 0;
    while seen(&r) && turns < 100 {
        r.act(Command::Search);
        turns += 1;
    }
    assert!((20..=60).contains(&turns), "{turns}");
    // With no monster at all, the threat; a novice (under 1,000 points for
    // a Wizard) only has a strange feeling.
    r.wizard().level().monsters_mut().clear();
    r.wizard()
        .set_skill(Skill::DivinationSpells, SkillLevel::Basic);
    assert_eq!(cast(&mut r, None).last().unwrap(), "You feel threatened.");
    let mut novice = wizard_with(1, "spellbook_of_detect_monsters", 1);
    assert_eq!(
        cast(&mut novice, None).last().unwrap(),
        "You have a strange feeling for a moment, then it passes."
    );
}

#[test]
fn detect_food_and_treasure_draw_what_lies_out_of_sight() {
    let mut r = wizard_knowing(2, "spellbook_of_detect_food");
    let ration = put_item(&mut r, "food_ration", p(9, HALL));
    let dagger = put_item(&mut r, "dagger", p(11, HALL));
    assert_eq!(shown(&r, p(9, HALL)), ' ');
    let told = cast(&mut r, None);
    assert_eq!(
        told.last().unwrap(),
        "Your nose tingles and you smell food."
    );
    assert_eq!(shown(&r, p(9, HALL)), '%');
    assert_eq!(shown(&r, p(11, HALL)), ' ', "a dagger is no food");
    let shows = |r: &Dungeon, id: u32| {
        let item = r.level().items().iter().find(|i| i.id == id).unwrap();
        r.level().shows_item(item)
    };
    assert!(shows(&r, ration) && !shows(&r, dagger));
    // Treasure: every thing.
    let mut r2 = wizard_knowing(2, "spellbook_of_detect_treasure");
    let dagger = put_item(&mut r2, "dagger", p(11, HALL));
    let told = cast(&mut r2, None);
    assert_eq!(told.last().unwrap(), "You detect the presence of objects.");
    assert!(shows(&r2, dagger));
    assert_eq!(shown(&r2, p(11, HALL)), ')');
    // Food only under you: smelt, not drawn.
    let mut r3 = wizard_knowing(3, "spellbook_of_detect_food");
    put_item(&mut r3, "apple", p(4, 3));
    assert_eq!(
        cast(&mut r3, None).last().unwrap(),
        "You smell food nearby."
    );
}

#[test]
fn clairvoyance_maps_the_cells_round_you_and_skilled_shows_their_monsters() {
    let mut r = wizard_knowing(4, "spellbook_of_clairvoyance");
    let gnome = put_monster(&mut r, "gnome", p(6, HALL));
    assert!(!r.level().is_seen(p(6, HALL)));
    let told = cast(&mut r, None);
    assert!(told.iter().all(|l| !l.contains("surroundings")), "{told:?}");
    // From 9 left of (4, 3) to 10 right: the corridor's every cell.
    for x in 1..15 {
        assert!(r.level().is_seen(p(x, HALL)), "{x}");
    }
    assert!(!r.sees_monster(monster(&r, gnome).unwrap()));
    r.wizard()
        .set_skill(Skill::DivinationSpells, SkillLevel::Skilled);
    r.wizard().level().forget(p(6, HALL));
    let told = cast(&mut r, None);
    assert_eq!(told.last().unwrap(), "You sense your surroundings.");
    assert!(r.sees_monster(monster(&r, gnome).unwrap()));
    r.act(Command::Search);
    assert!(!r.sees_monster(monster(&r, gnome).unwrap()));
}

#[test]
fn cause_fear_sends_the_monsters_in_view_fleeing() {
    let (mut scared, mut casts) = (0, 0);
    for seed in 0..30 {
        let mut r = wizard_knowing(seed, "spellbook_of_cause_fear");
        let lord = put_monster(&mut r, "gnome_lord", p(8, 3));
        let hidden = put_monster(&mut r, "gnome", p(8, HALL));
        let told = cast(&mut r, None);
        assert!(told.iter().all(|l| !l.contains("laughter")), "{told:?}");
        casts += 1;
        if monster(&r, lord).is_some_and(|m| m.flees > 0) {
            scared += 1;
        }
        assert_eq!(monster(&r, hidden).unwrap().flees, 0, "out of sight");
    }
    // A gnome lord's magic resistance is 4 in 100: nearly all flee.
    assert!(scared >= casts - 4, "{scared} of {casts}");
    let mut r = wizard_knowing(1, "spellbook_of_cause_fear");
    assert_eq!(
        cast(&mut r, None).last().unwrap(),
        "You hear maniacal laughter in the distance."
    );
}

#[test]
fn charm_monster_tames_those_next_to_you_and_only_calms_a_watchman() {
    let mut r = wizard_knowing(5, "spellbook_of_charm_monster");
    r.wizard()
        .set_skill(Skill::EnchantmentSpells, SkillLevel::Skilled);
    let gnome = put_monster(&mut r, "gnome", p(5, 3));
    let watchman = put_monster(&mut r, "watchman", p(4, 4));
    let far = put_monster(&mut r, "gnome", p(7, 3));
    let told = cast(&mut r, None);
    assert_eq!(told.last().unwrap(), "The neighborhood is friendlier.");
    let g = monster(&r, gnome).unwrap();
    assert!(g.tame && g.peaceful);
    let w = monster(&r, watchman).unwrap();
    assert!(w.peaceful && !w.tame);
    assert!(!monster(&r, far).unwrap().tame);
    // Again: nothing left to change.
    assert_eq!(
        cast(&mut r, None).last().unwrap(),
        "Nothing interesting seems to happen."
    );
    r.wizard().level().monsters_mut().clear();
    assert_eq!(
        cast(&mut r, None).last().unwrap(),
        "Nothing interesting happens."
    );
}

#[test]
fn create_familiar_brings_a_tame_monster_a_third_of_the_time_your_kitten() {
    let (mut kittens, mut made) = (0, 0);
    for seed in 0..60 {
        let mut r = wizard_knowing(seed, "spellbook_of_create_familiar");
        r.wizard()
            .set_skill(Skill::ClericalSpells, SkillLevel::Skilled);
        cast(&mut r, None);
        let pets: Vec<_> = r.level().monsters().iter().filter(|m| m.tame).collect();
        assert_eq!(pets.len(), 1, "seed {seed}");
        let pet = pets[0];
        // Made next to you, it has had the turn's move since.
        assert!(pet.pos.distance(p(4, 3)) <= 3);
        assert!(pet.gear.iter().all(Option::is_none));
        made += 1;
        if r.content().monster(pet.kind).id == "kitten" {
            kittens += 1;
        }
    }
    // A Wizard's pet one time in three; random kittens are rare at depth 1.
    assert!((10..=35).contains(&kittens), "{kittens} of {made}");
}

#[test]
fn restore_ability_brings_back_one_lowered_attribute_or_all_when_skilled() {
    let mut r = wizard_knowing(6, "spellbook_of_restore_ability");
    let g = |r: &Dungeon, a| r.player().growth.as_ref().unwrap().attribute(a);
    let (st, con) = (g(&r, Attribute::Str), g(&r, Attribute::Con));
    r.wizard()
        .set_attribute(Attribute::Str, st - 2)
        .set_attribute(Attribute::Con, con - 1);
    let told = cast(&mut r, None);
    assert_eq!(told.last().unwrap(), "Wow!  This makes you feel good!");
    let back = [(Attribute::Str, st), (Attribute::Con, con)]
        .iter()
        .filter(|&&(a, v)| g(&r, a) == v)
        .count();
    assert_eq!(back, 1, "one of the two");
    cast(&mut r, None);
    assert_eq!((g(&r, Attribute::Str), g(&r, Attribute::Con)), (st, con));
    // Skilled (a Wizard may be): both at once, and "great".
    r.wizard()
        .set_attribute(Attribute::Str, st - 2)
        .set_attribute(Attribute::Con, con - 1)
        .set_skill(Skill::HealingSpells, SkillLevel::Skilled);
    let told = cast(&mut r, None);
    assert_eq!(told.last().unwrap(), "Wow!  This makes you feel great!");
    assert_eq!((g(&r, Attribute::Str), g(&r, Attribute::Con)), (st, con));
}

#[test]
fn levitation_floats_you_a_while_and_skilled_you_come_down_at_will() {
    let mut lasted = Vec::new();
    for seed in 0..12 {
        let mut r = wizard_knowing(seed, "spellbook_of_levitation");
        let told = cast(&mut r, None);
        assert_eq!(told.last().unwrap(), "You start to float in the air!");
        let mut turns = 0;
        let mut heard = Vec::new();
        while r.player().levitation > 0 && turns < 200 {
            r.act(Command::Search);
            turns += 1;
            heard.extend(r.log().current().map(str::to_string));
        }
        assert!(
            heard
                .iter()
                .any(|l| l == "You wobble unsteadily in the air.")
        );
        assert_eq!(heard.last().unwrap(), "You float gently to the floor.");
        // Floating, you reach nothing on the floor; landed, you do.
        lasted.push(turns);
    }
    assert!(lasted.iter().all(|t| (10..=150).contains(t)), "{lasted:?}");
    let mut r = wizard_knowing(1, "spellbook_of_levitation");
    r.wizard()
        .set_skill(Skill::EscapeSpells, SkillLevel::Skilled);
    cast(&mut r, None);
    assert!(r.player().levitation >= 250);
    let turn = r.turn();
    assert!(r.act(Command::Down));
    assert_eq!(r.log().line(), "You float gently to the floor.");
    assert_eq!(r.player().levitation, 0);
    assert!(r.turn() > turn);
}

#[test]
fn drain_life_weakens_a_living_monster_a_level_and_spares_the_undead() {
    let mut weaker = 0;
    for seed in 0..30 {
        let mut r = wizard_knowing(seed, "spellbook_of_drain_life");
        let lord = put_monster(&mut r, "gnome_lord", p(7, 3));
        let zombie = put_monster(&mut r, "gnome_zombie", p(9, 3));
        let (hp, max) = {
            let m = monster(&r, lord).unwrap();
            (m.hp, m.max_hp)
        };
        let zombie_hp = monster(&r, zombie).unwrap().hp;
        let told = cast(&mut r, Some(Command::Move(Dir::E)));
        if let Some(m) = monster(&r, lord) {
            if told
                .iter()
                .any(|l| l == "The gnome lord suddenly seems weaker!")
            {
                weaker += 1;
                // Twice the drain off its hit points, once off its most.
                let lost = max - m.max_hp;
                assert!((1..=8).contains(&lost), "{lost}");
                assert_eq!(hp - m.hp, 2 * lost);
                assert_eq!(m.drained, 1);
            } else {
                assert!(m.hp < hp, "resisting, it loses half");
            }
        }
        if let Some(z) = monster(&r, zombie) {
            assert_eq!(z.hp, zombie_hp, "the undead resist draining");
        }
    }
    assert!(weaker >= 15, "{weaker}");
    // A +2 dagger the beam passes loses a point, nine times in ten.
    let mut drained = 0;
    for seed in 0..20 {
        let mut r = wizard_knowing(seed, "spellbook_of_drain_life");
        let id = put_item(&mut r, "dagger", p(5, 3));
        r.wizard()
            .level()
            .items_mut()
            .iter_mut()
            .find(|i| i.id == id)
            .unwrap()
            .spe = 2;
        cast(&mut r, Some(Command::Move(Dir::E)));
        let spe = r.level().items().iter().find(|i| i.id == id).unwrap().spe;
        assert!(spe == 1 || spe == 2);
        drained += usize::from(spe == 1);
    }
    assert!(drained >= 14, "{drained}");
    // At yourself, a level.
    let mut r = wizard_knowing(7, "spellbook_of_drain_life");
    let level = r.player().growth.as_ref().unwrap().level;
    assert_eq!(level, 12);
    let told = cast(&mut r, Some(Command::Wait));
    assert_eq!(told.last().unwrap(), &format!("Goodbye level {level}."));
    assert_eq!(r.player().growth.as_ref().unwrap().level, level - 1);
}

#[test]
fn chain_lightning_reaches_three_cells_and_springs_on_from_a_monster() {
    let mut near_hit = 0;
    for seed in 0..20 {
        let mut r = wizard_knowing(seed, "spellbook_of_chain_lightning");
        // Three cells east, then two more past it: the first is reached,
        // the second only through it.
        let first = put_monster(&mut r, "gnome_lord", p(7, 3));
        let second = put_monster(&mut r, "gnome_lord", p(10, 3));
        let north = put_monster(&mut r, "gnome_lord", p(4, 1));
        let friend = put_monster(&mut r, "gnome", p(3, 3));
        r.wizard()
            .level()
            .monsters_mut()
            .iter_mut()
            .find(|m| m.id == friend)
            .unwrap()
            .peaceful = true;
        let hp = |r: &Dungeon, id| monster(r, id).map_or(0, |m| m.hp);
        let before = (hp(&r, first), hp(&r, second), hp(&r, friend));
        let north_hp = hp(&r, north);
        let told = cast(&mut r, None);
        assert!(hp(&r, first) < before.0, "seed {seed}: {told:?}");
        assert!(hp(&r, second) < before.1, "seed {seed}: chained on");
        assert_eq!(hp(&r, friend), before.2, "peaceful ones are spared");
        // Two cells up, straight: reached too.
        if hp(&r, north) < north_hp {
            near_hit += 1;
        }
    }
    assert_eq!(near_hit, 20);
}

#[test]
fn the_new_books_are_made_at_their_odds_and_cure_blindness_is_not() {
    let content = gnomish_mines::dungeon::built_in_content();
    let freq = |id: &str| content.item_kind(id).map(|k| content.item(k).frequency);
    for (id, odds) in [
        ("spellbook_of_detect_monsters", 43),
        ("spellbook_of_detect_food", 30),
        ("spellbook_of_detect_treasure", 20),
        ("spellbook_of_clairvoyance", 15),
        ("spellbook_of_cause_fear", 25),
        ("spellbook_of_charm_monster", 20),
        ("spellbook_of_create_familiar", 10),
        ("spellbook_of_restore_ability", 25),
        ("spellbook_of_levitation", 20),
        ("spellbook_of_drain_life", 10),
        ("spellbook_of_chain_lightning", 25),
    ] {
        assert_eq!(freq(id), Some(odds), "{id}");
    }
    assert_eq!(freq("spellbook_of_jumping"), Some(20));
    assert_eq!(freq("spellbook_of_cure_blindness"), None);
}

#[test]
fn jumping_leaps_to_a_cell_in_reach_over_open_floor_and_a_monster_stops_it() {
    let mut r = wizard_knowing(8, "spellbook_of_jumping");
    let keys = |r: &mut Dungeon, k: &str| {
        r.play(&gnomish_mines::dungeon::parse_keys(k).unwrap());
    };
    cast(&mut r, None);
    assert_eq!(r.cursor(), Some(p(4, 3)));
    // Basic in escape spells: squared distance 12 at most; (7, 4) is 10.
    let turn = r.turn();
    let food = r.player().nutrition;
    keys(&mut r, "lllj.");
    assert_eq!(r.player().pos, p(7, 4), "{:?}", said(&r));
    assert_eq!(r.turn(), turn + 1, "the landing costs a turn");
    assert!((1..=26).contains(&(food - r.player().nutrition)));
    // Too far: (11, 4) is 16 away.
    cast(&mut r, None);
    keys(&mut r, "llll.");
    assert_eq!(said(&r)[said(&r).len() - 2], "Too far!");
    assert_eq!(r.player().pos, p(7, 4));
    // A gnome on the line stops you short.
    put_monster(&mut r, "gnome", p(9, 4));
    cast(&mut r, None);
    keys(&mut r, "lll.");
    assert!(said(&r).contains(&"You bump into a gnome.".to_string()));
    assert_eq!(r.player().pos, p(8, 4));
    // A boulder on the line is no way over.
    r.wizard().level().monsters_mut().clear();
    r.wizard().teleport(p(8, 3));
    r.wizard().level().boulders_mut().push(p(9, 3));
    cast(&mut r, None);
    keys(&mut r, "llj.");
    assert!(
        said(&r).contains(&"There is an obstacle preventing that jump.".to_string()),
        "{:?}",
        said(&r)
    );
    assert_eq!(r.player().pos, p(8, 3));
}

#[test]
fn a_wizard_knows_the_books_her_skill_in_their_school_reaches() {
    let r = room_as(9, p(4, 3), "wizard human neutral");
    let knows = |id: &str| r.discoveries().knows(r.content().item_kind(id).unwrap());
    // Basic in attack and enchantment: up to level 3.
    for id in [
        "spellbook_of_magic_missile",
        "spellbook_of_drain_life",
        "spellbook_of_chain_lightning",
        "spellbook_of_sleep",
        "spellbook_of_cause_fear",
    ] {
        assert!(knows(id), "{id}");
    }
    for id in ["spellbook_of_fireball", "spellbook_of_charm_monster"] {
        assert!(!knows(id), "{id}");
    }
    // Unskilled elsewhere: level 1 only.
    assert!(knows("spellbook_of_detect_monsters") && knows("spellbook_of_jumping"));
    assert!(!knows("spellbook_of_detect_food") && !knows("spellbook_of_haste_self"));
    // A Valkyrie knows none by sight.
    let v = room_as(9, p(4, 3), "valkyrie human lawful");
    let kind = v.content().item_kind("spellbook_of_light").unwrap();
    assert!(!v.discoveries().knows(kind));
}
