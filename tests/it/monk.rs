//! The Monk (NetHack 3.7's `role.c`, `u_init.c` and `attrib.c`'s
//! `mon_abil`), his martial arts (`find_roll_to_hit`'s unarmoured bonus and
//! suit penalty, `double_punch`, `hmon_hitmon_stagger`) and confusing
//! monsters (`seffect_confuse_monster`, `nohandglow`, a confused monster's
//! `m_move`), on the hand-drawn room of the trap tests.

use gnomish_mines::dungeon::skills::{Skill, SkillLevel};
use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon, RunSetup};
use gnomish_mines::generation::Dir;

use crate::fixtures::{hand_over, hold, pack_count, pack_find};
use crate::traps::{monster, p, put_monster, room_as, said};

const MONK: &str = "monk human neutral";

#[test]
fn a_monk_starts_with_u_init_s_kit_one_of_three_books_and_no_weapon() {
    let books = [
        "spellbook_of_healing",
        "spellbook_of_protection",
        "spellbook_of_confuse_monster",
    ];
    let (mut each, mut lamps) = ([0; 3], 0);
    for seed in 0..120 {
        let setup: RunSetup = crate::fixtures::setup_as(MONK);
        let r = Dungeon::new(seed, setup).unwrap();
        let content = r.content();
        let pack = &r.player().inventory;
        let gloves = pack_find(&r, "leather_gloves").unwrap();
        assert!(gloves.worn && gloves.spe == 2, "seed {seed}");
        let robe = pack_find(&r, "robe").unwrap();
        assert!(robe.worn && robe.spe == 1, "seed {seed}");
        assert!(!pack.iter().any(|c| c.wielded), "seed {seed}: no weapon");
        for (id, n) in [
            ("potion_of_healing", 3),
            ("food_ration", 3),
            ("apple", 5),
            ("orange", 5),
            ("fortune_cookie", 3),
        ] {
            assert_eq!(pack_count(&r, id), n, "seed {seed}: {id}");
        }
        let scrolls: Vec<&str> = pack
            .iter()
            .map(|c| content.item(c.kind).id.as_str())
            .filter(|id| id.starts_with("scroll_of"))
            .collect();
        assert_eq!(scrolls.len(), 1, "seed {seed}: {scrolls:?}");
        assert!(
            !["scroll_of_enchant_weapon", "scroll_of_blank_paper"].contains(&scrolls[0]),
            "seed {seed}: {scrolls:?}"
        );
        let known: Vec<&str> = r
            .player()
            .spells
            .iter()
            .map(|s| content.item(s.book).id.as_str())
            .collect();
        assert_eq!(known.len(), 1, "seed {seed}: {known:?}");
        let book = books.iter().position(|b| *b == known[0]).unwrap();
        each[book] += 1;
        assert_eq!(pack_find(&r, known[0]).unwrap().blessing, Blessing::Blessed);
        for c in pack {
            assert_ne!(c.blessing, Blessing::Cursed, "seed {seed}");
        }
        lamps += usize::from(pack_find(&r, "oil_lamp").is_some());
        // 12 hit points and a human's 2; power 2 + 1..2 and a human's 1,
        // raised to a first-level spell's 5.
        assert_eq!(r.player().max_hp, 14);
        let pw = gnomish_mines::dungeon::Status::of(&r).grown.unwrap().pw;
        assert_eq!(pw, (5, 5), "seed {seed}");
        // AC 10 less the robe's 2 + 1 and the gloves' 1 + 2.
        assert_eq!(r.armour_class(), 4, "seed {seed}");
        for id in ["shuriken", "dwarvish_iron_helm", "high_boots"] {
            let kind = content.item_kind(id).unwrap();
            assert!(r.discoveries().knows(kind), "{id}");
        }
        let cloak = content.item_kind("cloak_of_displacement").unwrap();
        assert!(!r.discoveries().knows(cloak), "magic armour is not known");
    }
    // A third each (`rn2(90) / 30`).
    assert!(each.iter().all(|&n| n >= 25), "{each:?}");
    // No marker here; a lamp 3 times in 40 (the marker's 1 in 4 first).
    assert!((2..=22).contains(&lamps), "{lamps} lamps in 120");
}

#[test]
fn a_gnome_or_elf_monk_is_refused() {
    let content = gnomish_mines::dungeon::built_in_content();
    for words in ["monk gnome neutral", "monk elf chaotic"] {
        assert!(
            gnomish_mines::dungeon::Hero::parse(content.heroes(), words).is_err(),
            "{words}"
        );
    }
    assert!(gnomish_mines::dungeon::Hero::parse(content.heroes(), MONK).is_ok());
}

/// A Monk at (4, 3) hitting a gnome lord of 1000 hit points at (5, 3)
/// `times` times: what was said.
fn punches(seed: u64, times: usize, dress: impl Fn(&mut Dungeon)) -> Vec<String> {
    let mut r = room_as(seed, p(4, 3), MONK);
    r.wizard().set_hp(5000, 5000);
    r.wizard().level().monsters_mut().retain(|m| !m.tame);
    dress(&mut r);
    let lord = put_monster(&mut r, "gnome_lord", p(5, 3));
    {
        let mut wizard = r.wizard();
        let m = wizard.level().monsters_mut().last_mut().unwrap();
        m.hp = 1000;
        m.max_hp = 1000;
    }
    let mut out = Vec::new();
    for _ in 0..times {
        // Back in place and steady.
        hold(&mut r, lord, |m| {
            m.pos = p(5, 3);
            m.stunned = false;
        });
        r.act(Command::Move(Dir::E));
        out.extend(r.log().current().map(str::to_string));
    }
    out
}

#[test]
fn a_monk_hits_far_more_often_unarmoured_and_his_suit_is_cumbersome() {
    let (mut bare, mut suited, mut cumbersome) = (0, 0, 0);
    for seed in 0..20 {
        let lines = punches(seed, 10, |_| {});
        bare += lines.iter().filter(|l| is_hit(l)).count();
        assert!(!lines.iter().any(|l| l.contains("cumbersome")));
        let lines = punches(seed, 10, |r| {
            let kind = r.content().item_kind("leather_armor").unwrap();
            let mut suit = Carried::new(90_000, kind, 1);
            suit.worn = true;
            hand_over(r, suit);
        });
        suited += lines.iter().filter(|l| is_hit(l)).count();
        cumbersome += lines
            .iter()
            .filter(|l| *l == "Your armor is rather cumbersome...")
            .count();
    }
    // Unarmoured: 1 + level 1 + AC 10 + martial arts at Basic's 3 + level
    // / 3 + 2 (and the strength and dexterity bonuses): 17 or so of 20.
    assert!(bare > 140, "{bare} of 200 bare");
    // In a suit, 20 less: a d20 never comes under it; most rolls would have
    // hit without it.
    assert_eq!(suited, 0, "{suited} of 200 in a suit");
    assert!(cumbersome > 140, "{cumbersome} of 200");
}

fn is_hit(line: &str) -> bool {
    line == "You hit the gnome lord." || line.ends_with("from your powerful strike!")
}

#[test]
fn a_grand_master_s_blows_come_twice_and_stagger_now_and_then() {
    let (mut commands, mut doubled, mut staggered) = (0, 0, 0);
    for seed in 0..30 {
        let mut r = room_as(seed, p(4, 3), MONK);
        r.wizard()
            .set_hp(5000, 5000)
            .set_skill(Skill::BareHands, SkillLevel::GrandMaster);
        r.wizard().level().monsters_mut().retain(|m| !m.tame);
        let lord = put_monster(&mut r, "gnome_lord", p(5, 3));
        for _ in 0..30 {
            hold(&mut r, lord, |m| {
                m.pos = p(5, 3);
                m.hp = 1000;
                m.stunned = false;
            });
            r.act(Command::Move(Dir::E));
            let lines: Vec<String> = r.log().current().map(str::to_string).collect();
            let blows = lines
                .iter()
                .filter(|l| is_hit(l) || *l == "You miss the gnome lord.")
                .count();
            commands += 1;
            if lines
                .iter()
                .any(|l| l == "The gnome lord staggers from your powerful strike!")
            {
                staggered += 1;
                // Knocked a cell east, stunned, and no second blow after.
                let m = monster(&r, lord).unwrap();
                assert_eq!(m.pos, p(6, 3), "{lines:?}");
                assert!(m.stunned);
                // The stagger is the last blow: no second after it.
                let last = lines
                    .iter()
                    .rposition(|l| is_hit(l) || l.starts_with("You miss"));
                assert!(
                    lines[last.unwrap()].ends_with("powerful strike!"),
                    "{lines:?}"
                );
                continue;
            }
            assert!((1..=2).contains(&blows), "{lines:?}");
            doubled += usize::from(blows == 2);
        }
    }
    // A second punch 4 times in 5 at Grand Master.
    assert!(doubled * 10 > commands * 6, "{doubled} of {commands}");
    assert!(doubled * 10 < commands * 9, "{doubled} of {commands}");
    // rnd(100) < 6 on a blow that did more than 1: about 3 in 100 blows.
    assert!((5..=60).contains(&staggered), "{staggered} of {commands}");
}

#[test]
fn a_large_monster_never_staggers() {
    for seed in 0..10 {
        let mut r = room_as(seed, p(4, 3), MONK);
        r.wizard()
            .set_hp(5000, 5000)
            .set_skill(Skill::BareHands, SkillLevel::GrandMaster);
        r.wizard().level().monsters_mut().retain(|m| !m.tame);
        put_monster(&mut r, "bugbear", p(5, 3));
        r.wizard().level().monsters_mut().last_mut().unwrap().hp = 5000;
        for _ in 0..40 {
            r.act(Command::Move(Dir::E));
        }
        assert!(
            !said(&r).iter().any(|l| l.contains("staggers")),
            "seed {seed}"
        );
    }
}

#[test]
fn a_scroll_of_confuse_monster_makes_the_hands_glow_and_confuse_what_they_hit() {
    let mut confused = 0;
    for seed in 0..20 {
        let mut r = room_as(seed, p(4, 3), MONK);
        r.wizard().set_hp(5000, 5000);
        r.wizard().level().monsters_mut().retain(|m| !m.tame);
        if pack_find(&r, "scroll_of_confuse_monster").is_some() {
            continue;
        }
        let kind = r.content().item_kind("scroll_of_confuse_monster").unwrap();
        let letter = hand_over(&mut r, Carried::new(90_000, kind, 2));
        r.act(Command::Read(letter));
        assert!(
            said(&r)
                .iter()
                .any(|l| l == "Your hands begin to glow red."),
            "{:?}",
            said(&r)
        );
        r.act(Command::Read(letter));
        assert!(
            said(&r)
                .iter()
                .any(|l| l == "The red glow of your hands intensifies.")
        );
        // Two uncursed scrolls: 3 + 1..2 hits each, 8 to 10.
        let mut spent = 0;
        let mut last = false;
        for _ in 0..20 {
            let lord = put_monster(&mut r, "gnome_lord", p(5, 3));
            r.wizard().level().monsters_mut().last_mut().unwrap().hp = 1000;
            // Hit until it is confused or the glow is gone.
            for _ in 0..10 {
                r.act(Command::Move(Dir::E));
                let lines: Vec<String> = r.log().current().map(str::to_string).collect();
                if lines
                    .iter()
                    .any(|l| l == "Your hands no longer glow so brightly red.")
                {
                    spent += 1;
                }
                if lines.iter().any(|l| l == "Your hands stop glowing red.") {
                    spent += 1;
                    last = true;
                }
                let m = monster(&r, lord).unwrap();
                if m.confused {
                    // Not said of one the same blow stunned.
                    let stunned = lines.iter().any(|l| l.ends_with("powerful strike!"));
                    assert!(
                        stunned
                            || lines
                                .iter()
                                .any(|l| l == "The gnome lord appears confused."),
                        "{lines:?}"
                    );
                    confused += 1;
                    break;
                }
                if last {
                    break;
                }
            }
            r.wizard().level().monsters_mut().retain(|m| m.id != lord);
            if last {
                break;
            }
        }
        assert!(last, "seed {seed}: the glow went");
        assert!((8..=10).contains(&spent), "seed {seed}: {spent} hits");
    }
    // A gnome lord resists one time in 25 or so (magic resistance 4).
    assert!(confused > 150, "{confused}");
}

#[test]
fn a_confused_monster_stumbles_about_and_seldom_strikes() {
    let (mut confused_blows, mut steady_blows) = (0, 0);
    for seed in 0..20 {
        for confused in [true, false] {
            let mut r = room_as(seed, p(4, 3), MONK);
            r.wizard().set_hp(5000, 5000);
            r.wizard().level().monsters_mut().retain(|m| !m.tame);
            let lord = put_monster(&mut r, "gnome_lord", p(5, 3));
            {
                let mut wizard = r.wizard();
                let m = wizard.level().monsters_mut().last_mut().unwrap();
                m.confused = confused;
                m.hp = 1000;
            }
            for _ in 0..10 {
                // Keep it beside you.
                hold(&mut r, lord, |m| {
                    m.pos = p(5, 3);
                    m.confused = confused;
                });
                r.act(Command::Search);
                let blows = r
                    .log()
                    .current()
                    .filter(|l| {
                        l.starts_with("The gnome lord hits")
                            || l.starts_with("The gnome lord misses")
                    })
                    .count();
                if confused {
                    confused_blows += blows;
                } else {
                    steady_blows += blows;
                }
            }
        }
    }
    // Steady, it strikes every action it has (speed 8: two in three
    // turns); confused, only when it stumbles into you, one of its eight
    // cells or so.
    assert!(steady_blows > 80, "{steady_blows} vs {confused_blows}");
    assert!(
        confused_blows * 3 < steady_blows,
        "{confused_blows} vs {steady_blows}"
    );
}

#[test]
fn a_monk_feels_his_levels_as_mon_abil_says() {
    let mut r = room_as(1, p(4, 3), MONK);
    for _ in 0..16 {
        r.wizard().gain_experience(1_000_000);
    }
    let lines = said(&r);
    for (level, line) in [
        (3, "You feel healthy!"),
        (5, "You feel stealthy!"),
        (7, "You feel sensitive!"),
        (9, "You feel perceptive!"),
        (11, "You feel cool!"),
        (13, "You feel warm!"),
        (15, "You feel insulated!"),
        (17, "You feel controlled!"),
    ] {
        let welcome = format!("Welcome to experience level {level}.");
        let at = lines
            .iter()
            .position(|l| *l == welcome)
            .unwrap_or_else(|| panic!("{welcome}"));
        assert_eq!(lines[at + 1], line, "{lines:?}");
    }
}

#[test]
fn a_monk_who_eats_meat_feels_guilty_every_time() {
    let mut r = room_as(5, p(4, 3), MONK);
    r.wizard().set_nutrition(100);
    let before = r.player().growth.as_ref().unwrap().alignment;
    let kind = r.content().item_kind("tripe_ration").unwrap();
    let letter = hand_over(&mut r, Carried::new(90_000, kind, 2));
    for _ in 0..2 {
        r.act(Command::Eat(letter));
        for _ in 0..3 {
            r.act(Command::Search);
        }
    }
    let guilt = said(&r).iter().filter(|l| *l == "You feel guilty.").count();
    assert_eq!(guilt, 2, "{:?}", said(&r));
    let after = r.player().growth.as_ref().unwrap().alignment;
    assert_eq!(after, before - 2);
    // An apple is no meat.
    let apple = pack_find(&r, "apple").unwrap().letter;
    r.act(Command::Eat(apple));
    let guilt = said(&r).iter().filter(|l| *l == "You feel guilty.").count();
    assert_eq!(guilt, 2);
    // Nor is a Valkyrie's meat her shame.
    let mut r = room_as(5, p(4, 3), "valkyrie human lawful");
    r.wizard().set_nutrition(100);
    let letter = hand_over(&mut r, Carried::new(90_000, kind, 1));
    r.act(Command::Eat(letter));
    assert!(!said(&r).iter().any(|l| l == "You feel guilty."));
}
