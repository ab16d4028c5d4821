//! Throwing and firing (NetHack 3.7's `dothrow.c`): `t`, `f` and `Q`, on the
//! hand-drawn room of the trap tests, a monster a few cells east.

use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon};
use gnomish_mines::generation::Dir;

use crate::traps::{monster, p, put_monster, room_as, said};

fn letter(r: &Dungeon, id: &str) -> u8 {
    r.player()
        .inventory
        .iter()
        .find(|c| r.content().item(c.kind).id == id)
        .unwrap_or_else(|| panic!("carries a {id}"))
        .letter
}

fn count_of(r: &Dungeon, id: &str) -> u32 {
    r.player()
        .inventory
        .iter()
        .filter(|c| r.content().item(c.kind).id == id)
        .map(|c| c.quantity)
        .sum()
}

/// A Samurai at (2, 3), the yumi wielded, ya in the quiver, a gnome lord of
/// many hit points at (7, 3).
fn archer(seed: u64) -> (Dungeon, u32) {
    let mut r = room_as(seed, p(2, 3), "samurai human lawful");
    let yumi = letter(&r, "yumi");
    r.act(Command::Wield(yumi));
    // Her dog out of the line of fire.
    crate::hero::put_pet(&mut r, p(12, 1));
    let lord = put_monster(&mut r, "gnome_lord", p(7, 3));
    r.wizard().level().monsters_mut().last_mut().unwrap().hp = 500;
    (r, lord)
}

#[test]
fn a_samurai_shoots_one_or_two_ya_from_her_yumi() {
    let mut volleys = [0usize; 3];
    for seed in 0..60 {
        let (mut r, lord) = archer(seed);
        let before = count_of(&r, "ya");
        assert!(
            said(&r)
                .iter()
                .any(|m| m.contains("(weapon in hands)") || m.contains("yumi"))
        );
        r.act(Command::Fire);
        assert_eq!(r.log().line(), "In what direction?");
        assert!(r.act(Command::Move(Dir::E)));
        let shot = before - count_of(&r, "ya");
        // Basic bow skill and her own yumi and ya: rnd(2).
        assert!((1..=2).contains(&shot), "{shot}");
        volleys[shot as usize] += 1;
        let told: Vec<String> = said(&r);
        if shot == 2 {
            assert!(
                told.iter().any(|m| m.contains("You shoot 2 ya.")),
                "{told:?}"
            );
            assert!(told.iter().any(|m| m.contains("The 1st ya")), "{told:?}");
        }
        // Each hit or missed the lord; what did not break lies by it.
        let hits = told
            .iter()
            .filter(|m| m.contains("hits the gnome lord"))
            .count();
        let misses = told
            .iter()
            .filter(|m| m.contains("misses the gnome lord"))
            .count();
        assert_eq!((hits + misses) as u32, shot, "{told:?}");
        let lying: u32 = r
            .level()
            .items()
            .iter()
            .filter(|i| i.pos == p(7, 3))
            .map(|i| i.quantity)
            .sum();
        assert!(
            lying <= shot && lying as usize >= misses,
            "{lying} of {shot}"
        );
        assert!(monster(&r, lord).unwrap().hp < 500 || hits == 0);
        assert!(!monster(&r, lord).unwrap().peaceful);
    }
    assert!(volleys[1] > 15 && volleys[2] > 15, "{volleys:?}");
}

#[test]
fn a_thrown_dagger_flies_strength_over_two_and_lands() {
    let mut r = room_as(3, p(1, 4), "valkyrie human lawful");
    let dagger = letter(&r, "dagger");
    let st = r
        .player()
        .growth
        .as_ref()
        .unwrap()
        .attribute(gnomish_mines::dungeon::hero::attributes::Attribute::Str);
    assert!(!r.act(Command::Throw(dagger)));
    assert_eq!(r.log().line(), "In what direction?");
    assert!(r.act(Command::Move(Dir::E)));
    // Strength (18/xx folds to 19 to 21) halved, less 10/40 of weight.
    let folded = gnomish_mines::dungeon::hero::attributes::condensed_strength(st);
    let range = (folded / 2).max(1);
    let landed = r
        .level()
        .items()
        .iter()
        .find(|i| r.content().item(i.kind).id == "dagger")
        .unwrap();
    assert_eq!(landed.pos, p(1 + range, 4), "strength {st}");
    assert_eq!(count_of(&r, "dagger"), 0);
}

#[test]
fn ammunition_thrown_by_hand_goes_half_as_far_and_a_wall_stops_anything() {
    let mut r = room_as(4, p(1, 4), "samurai human lawful");
    let ya = letter(&r, "ya");
    let st = r
        .player()
        .growth
        .as_ref()
        .unwrap()
        .attribute(gnomish_mines::dungeon::hero::attributes::Attribute::Str);
    let folded = gnomish_mines::dungeon::hero::attributes::condensed_strength(st);
    r.act(Command::Throw(ya));
    r.act(Command::Move(Dir::E));
    let landed: Vec<_> = r
        .level()
        .items()
        .iter()
        .filter(|i| r.content().item(i.kind).id == "ya")
        .collect();
    assert_eq!(landed.len(), 1, "no volley without the yumi");
    assert_eq!(landed[0].pos, p(1 + folded / 2 / 2, 4));
    // Thrown north from the room's second row, it stops at the wall.
    r.wizard().teleport(p(3, 2));
    let ya = letter(&r, "ya");
    r.act(Command::Throw(ya));
    r.act(Command::Move(Dir::N));
    assert!(r.level().items().iter().any(|i| i.pos == p(3, 1)));
}

#[test]
fn the_quiver_fire_and_what_cannot_be_thrown() {
    let mut r = room_as(5, p(3, 3), "valkyrie human lawful");
    // Nothing readied: f says so after its direction, and no turn passes.
    let turn = r.turn();
    r.act(Command::Fire);
    assert!(!r.act(Command::Move(Dir::E)));
    assert_eq!(r.log().line(), "You have no ammunition readied.");
    // Q readies the dagger, no turn; f throws it.
    let dagger = letter(&r, "dagger");
    assert!(!r.act(Command::Quiver(dagger)));
    assert_eq!(r.log().line(), "b - a +0 dagger (at the ready).");
    r.act(Command::Fire);
    assert!(r.act(Command::Move(Dir::E)));
    assert_eq!(r.turn(), turn + 1);
    assert_eq!(count_of(&r, "dagger"), 0);
    // Worn armour and a welded weapon stay.
    let shield = letter(&r, "small_shield");
    r.act(Command::Throw(shield));
    assert_eq!(
        r.log().line(),
        "You cannot throw something you are wearing."
    );
    let kind = r.content().item_kind("long_sword").unwrap();
    r.wizard().give(Carried {
        blessing: Blessing::Cursed,
        ..Carried::new(88_000, kind, 1)
    });
    let sword = letter(&r, "long_sword");
    r.act(Command::Wield(sword));
    r.act(Command::Throw(sword));
    assert_eq!(r.log().line(), "Your long sword is welded to your hand!");
}

#[test]
fn ammunition_picked_up_again_joins_its_stack_in_the_quiver() {
    let mut r = room_as(6, p(1, 4), "samurai human lawful");
    let before = count_of(&r, "ya");
    let ya = letter(&r, "ya");
    r.act(Command::Throw(ya));
    r.act(Command::Move(Dir::E));
    let at = r
        .level()
        .items()
        .iter()
        .find(|i| r.content().item(i.kind).id == "ya")
        .unwrap()
        .pos;
    r.wizard().teleport(at);
    r.act(Command::PickUp);
    assert_eq!(count_of(&r, "ya"), before);
    let stacks = r
        .player()
        .inventory
        .iter()
        .filter(|c| r.content().item(c.kind).id == "ya")
        .count();
    assert_eq!(stacks, 1);
    assert!(r.player().inventory.iter().any(|c| c.quivered));
}

#[test]
fn the_recorded_volley_still_shoots_two_ya() {
    use crate::cli::{run_ok, stdout};
    // docs/demos/volley.txt: seed 10 as a lawful human Samurai, the yumi
    // wielded, searching until a gnome lord stands in line, then `f`.
    let out = stdout(&run_ok(&["--replay", "docs/demos/volley.txt", "--ascii"]));
    assert!(
        out.contains(
            "message: You shoot 2 ya.  The 1st ya hits the gnome lord.  The 2nd ya hits the gnome lord."
        ),
        "{out}"
    );
}

#[test]
fn a_gnome_lord_lined_up_shoots_crossbow_bolts_from_afar() {
    let mut shots = 0;
    let mut hit = 0;
    for seed in 0..20 {
        let mut r = room_as(seed, p(2, 3), "samurai human lawful");
        crate::hero::put_pet(&mut r, p(12, 1));
        let lord = put_monster(&mut r, "gnome_lord", p(7, 3));
        let crossbow = r.content().item_kind("crossbow").unwrap();
        let bolt = r.content().item_kind("crossbow_bolt").unwrap();
        {
            let mut w = r.wizard();
            let m = w.level().monsters_mut().last_mut().unwrap();
            m.gear[0] = Some(crossbow);
            m.missiles = Some((bolt, 10));
            m.hp = 500;
        }
        // Speed 8: it acts on the second turn.
        for _ in 0..3 {
            if said(&r)
                .iter()
                .any(|m| m.starts_with("The gnome lord shoots"))
            {
                break;
            }
            r.act(Command::Search);
        }
        let told = said(&r);
        let shot = told
            .iter()
            .find(|m| m.starts_with("The gnome lord shoots"))
            .unwrap_or_else(|| panic!("{told:?}"));
        // A lord's volley is rnd(2).
        let n = if shot.contains("2 crossbow bolts") {
            2
        } else {
            1
        };
        assert!(
            shot == "The gnome lord shoots a crossbow bolt!" || n == 2,
            "{shot}"
        );
        let left = monster(&r, lord).unwrap().missiles.map_or(0, |m| m.1);
        assert_eq!(left, 10 - n);
        shots += n;
        let hits = told
            .iter()
            .filter(|m| m.starts_with("You are hit by a crossbow bolt"))
            .count() as u32;
        hit += hits;
        let missed = told
            .iter()
            .filter(|m| m.starts_with("You are almost hit"))
            .count() as u32;
        assert_eq!(hits + missed, n, "{told:?}");
        // What missed lies at your feet.
        let at_feet: u32 = r
            .level()
            .items()
            .iter()
            .filter(|i| i.pos == p(2, 3) && i.kind == bolt)
            .map(|i| i.quantity)
            .sum();
        assert!(at_feet >= missed, "{at_feet} {missed}");
    }
    assert!(shots > 20 && hit > 0 && hit < shots, "{hit} of {shots}");
}

#[test]
fn only_a_hero_s_gnomes_carry_bolts_arrows_and_darts() {
    use gnomish_mines::dungeon::RunSetup;
    let (mut hero, mut nameless) = (0, 0);
    for seed in 0..40 {
        for (setup, count) in [
            (
                crate::fixtures::setup_as("valkyrie human lawful"),
                &mut hero,
            ),
            (RunSetup::default(), &mut nameless),
        ] {
            let levels = Dungeon::levels_as_made(seed, &setup).unwrap();
            for level in levels.iter().take(4) {
                for m in level.monsters() {
                    if let Some((kind, n)) = m.missiles {
                        let id = setup.content.item(kind).id.as_str();
                        // A gnome's, kobold's, centaur's, Uruk-hai's, or a
                        // hobbit's sling stones (6: 3 to 8 of them).
                        let stones = ["rock", "flint"];
                        let shot = ["crossbow_bolt", "arrow", "orcish_arrow", "dart", "dagger"];
                        assert!(shot.contains(&id) || stones.contains(&id), "{id}");
                        let most = match id {
                            "dagger" => 5,
                            "rock" | "flint" => 8,
                            _ => 14,
                        };
                        assert!((3..=most).contains(&n), "{id}: {n}");
                        *count += 1;
                    }
                }
            }
        }
    }
    assert_eq!(nameless, 0);
    assert!(hero > 20, "{hero}");
}

#[test]
fn the_recorded_gnome_lord_still_shoots_from_afar() {
    use crate::cli::{run_ok, stdout};
    // docs/demos/crossbow.txt: seed 164 as a lawful human Valkyrie,
    // exploring and searching in turn until a gnome lord a few cells off
    // shoots.
    let out = stdout(&run_ok(&["--replay", "docs/demos/crossbow.txt", "--ascii"]));
    assert!(
        out.contains(
            "message: The gnome lord shoots a crossbow bolt!  You are hit by a crossbow bolt."
        ),
        "{out}"
    );
}

#[test]
fn a_missile_that_strikes_your_pet_leaves_it_your_pet() {
    let mut r = room_as(7, p(2, 3), "samurai human lawful");
    let yumi = letter(&r, "yumi");
    r.act(Command::Wield(yumi));
    crate::hero::put_pet(&mut r, p(5, 3));
    crate::hero::change_pet(&mut r, |m| m.hp = 500);
    r.act(Command::Fire);
    r.act(Command::Move(Dir::E));
    assert!(
        said(&r).iter().any(|m| m.contains("little dog")),
        "{:?}",
        said(&r)
    );
    let (_, pet) = r.pet().expect("still there");
    assert!(pet.tame && pet.peaceful);
}
