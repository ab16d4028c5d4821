//! Spellbooks studied and spells cast (NetHack 3.7's `study_book`,
//! `percent_success`, `spelleffects`), on the hand-drawn room of the trap
//! tests.

use gnomish_mines::dungeon::hero::attributes::Attribute;
use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon};
use gnomish_mines::generation::Dir;

use crate::traps::{monster, p, put_monster, room_as, said};

/// A spellbook of row `id`, so blessed, in the hero's pack: its letter.
fn give_book(r: &mut Dungeon, id: &str, blessing: Blessing) -> u8 {
    let kind = r.content().item_kind(id).unwrap();
    let mut c = Carried::new(80_000 + r.player().inventory.len() as u32, kind, 1);
    c.blessing = blessing;
    crate::fixtures::hand_over(r, c)
}

/// A lawful human Valkyrie in the room, Wis 18, who has learnt force bolt
/// from a blessed book.
fn valkyrie_with_force_bolt(seed: u64) -> Dungeon {
    let mut r = room_as(seed, p(4, 3), "valkyrie human lawful");
    r.wizard().set_attribute(Attribute::Wis, 18);
    let book = give_book(&mut r, "spellbook_of_force_bolt", Blessing::Blessed);
    r.act(Command::Read(book));
    r
}

#[test]
fn a_blessed_book_is_studied_for_its_delay_and_teaches_its_spell() {
    let mut r = room_as(1, p(4, 3), "valkyrie human lawful");
    let kind = r.content().item_kind("spellbook_of_force_bolt").unwrap();
    let book = give_book(&mut r, "spellbook_of_force_bolt", Blessing::Blessed);
    let turn = r.turn();
    assert!(r.act(Command::Read(book)));
    let told = said(&r);
    assert!(
        told.iter().any(|m| m == "You begin to memorize the runes."),
        "{told:?}"
    );
    assert_eq!(told.last().unwrap(), "You learn \"force bolt\".");
    // The read, then force bolt's delay of 2, then the turn it is learnt.
    assert_eq!(r.turn() - turn, 4);
    assert_eq!(r.player().spells.len(), 1);
    assert_eq!(r.player().spells[0].book, kind);
    assert!(r.discoveries().knows(kind));
    // Known well, the book is not studied again, and no turn passes.
    assert!(!r.act(Command::Read(book)));
    assert_eq!(
        r.log().line(),
        "You know \"force bolt\" quite well already."
    );
}

#[test]
fn the_spell_list_shows_the_failure_rate_percent_success_works_out() {
    let mut r = room_as(2, p(4, 3), "valkyrie human lawful");
    assert!(!r.act(Command::ListSpells));
    assert_eq!(r.log().line(), "You don't know any spells right now.");
    let mut r = valkyrie_with_force_bolt(2);
    assert!(!r.act(Command::ListSpells));
    // A Valkyrie: base 10, her small shield (30, not over) adds 0; Wis 18:
    // 11 * 18 / 2 = 99; unskilled in attack at level 1: difficulty
    // 0 - (0 + 0 + 1) = -1, learning 15 * 1 / 1 = 15: 114; then
    // 114 * (20 - 10) / 15 - 10 = 66 in 100 to work, 34 to fail.
    assert_eq!(
        said(&r).last().unwrap(),
        "a - force bolt  1  attack  34%  100%"
    );
    // Metal boots add 2 to the penalty: 114 * 8 / 15 - 12 = 48.
    let boots = r.content().item_kind("iron_shoes").unwrap();
    let mut c = Carried::new(81_000, boots, 1);
    c.worn = true;
    r.wizard().give(c);
    r.act(Command::ListSpells);
    assert_eq!(
        said(&r).last().unwrap(),
        "a - force bolt  1  attack  52%  100%"
    );
}

#[test]
fn casting_costs_five_power_a_level_and_a_failure_half() {
    let (mut worked, mut failed) = (0, 0);
    for seed in 0..40 {
        let mut r = valkyrie_with_force_bolt(seed);
        r.wizard().set_power(5, 5);
        let gnome = put_monster(&mut r, "gnome", p(6, 3));
        let hp = monster(&r, gnome).unwrap().hp;
        assert!(!r.act(Command::Cast(0)), "asks which way");
        assert_eq!(r.log().line(), "In what direction?");
        assert!(r.act(Command::Move(Dir::E)));
        let pw = gnomish_mines::dungeon::Status::of(&r).grown.unwrap().pw.0;
        if said(&r)
            .iter()
            .any(|m| m == "You fail to cast the spell correctly.")
        {
            assert_eq!(pw, 3, "a failure costs half of 5");
            assert_eq!(monster(&r, gnome).map(|m| m.hp), Some(hp));
            failed += 1;
        } else {
            assert_eq!(pw, 0);
            // Force bolt strikes as the wand: 2d12, or it misses.
            let now = monster(&r, gnome).map_or(0, |m| m.hp);
            assert!(now < hp || said(&r).iter().any(|m| m.contains("miss")));
            worked += 1;
        }
    }
    // 66 in 100 work: over 40, about 26 (3σ is about 9).
    assert!(
        (17..=35).contains(&worked),
        "{worked} worked, {failed} failed"
    );
    // With too little power it is not cast, and no turn passes.
    let mut r = valkyrie_with_force_bolt(1);
    r.wizard().set_power(4, 10);
    let turn = r.turn();
    assert!(!r.act(Command::Cast(0)));
    assert_eq!(
        r.log().line(),
        "You don't have enough energy to cast that spell."
    );
    assert_eq!(r.turn(), turn);
}

#[test]
fn a_cursed_level_one_book_teleports_you_and_teaches_nothing() {
    let mut r = room_as(3, p(4, 3), "valkyrie human lawful");
    let book = give_book(&mut r, "spellbook_of_light", Blessing::Cursed);
    assert!(r.act(Command::Read(book)));
    // A level-1 book's only harm is `rn2(1)`: the teleport.
    let told = said(&r);
    assert!(
        told.iter().any(|m| m == "You feel a wrenching sensation."),
        "{told:?}"
    );
    assert!(r.player().spells.is_empty());
}

#[test]
fn a_spell_like_a_scroll_or_a_potion_works_as_one() {
    let mut r = room_as(4, p(4, 3), "valkyrie human lawful");
    r.wizard().set_attribute(Attribute::Wis, 18);
    let book = give_book(&mut r, "spellbook_of_healing", Blessing::Blessed);
    r.act(Command::Read(book));
    assert_eq!(said(&r).last().unwrap(), "You learn \"healing\".");
    let max = r.player().max_hp;
    let mut healed = false;
    for _ in 0..10 {
        r.wizard().set_power(5, 5).set_hp(1, max);
        r.act(Command::Cast(0));
        // Healing asks a way; `.` is yourself.
        r.act(Command::Wait);
        if r.player().hp > 1 {
            // 6d4 at most 24.
            assert!(r.player().hp <= 25);
            assert!(said(&r).iter().any(|m| m == "You feel better."));
            healed = true;
            break;
        }
    }
    assert!(healed);
}

#[test]
fn the_recorded_demo_lists_a_wizard_s_two_spells() {
    use crate::cli::{run_ok, stdout};
    // docs/demos/wizard.txt: seed 5 as a neutral human Wizard, `+` at once.
    let out = stdout(&run_ok(&["--replay", "docs/demos/wizard.txt", "--ascii"]));
    // Int 18, her quarterstaff: force bolt never fails (see the force bolt
    // test below for the sum), nor magic missile, level 2 in the attack
    // school she is Basic in.
    assert!(
        out.contains("a - force bolt  1  attack  0%  100%  b - magic missile  2  attack  0%  100%"),
        "{out}"
    );
    assert!(out.contains("Pw:7(7)"), "{out}");
}

#[test]
fn a_wizard_starts_with_u_init_s_kit_and_two_spells() {
    use gnomish_mines::dungeon::RunSetup;
    let never = [
        "wand_of_wishing",
        "wand_of_nothing",
        "ring_of_levitation",
        "ring_of_hunger",
        "ring_of_aggravate_monster",
        "scroll_of_blank_paper",
        "spellbook_of_blank_paper",
    ];
    let mut books_seen = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let setup: RunSetup = crate::fixtures::setup_as("wizard human neutral");
        let r = Dungeon::new(seed, setup).unwrap();
        let content = r.content();
        let pack = &r.player().inventory;
        let of = |glyph: char| {
            pack.iter()
                .filter(|c| content.item(c.kind).glyph == glyph)
                .map(|c| c.quantity)
                .sum::<u32>()
        };
        let staff = pack
            .iter()
            .find(|c| content.item(c.kind).id == "quarterstaff")
            .unwrap();
        assert!(staff.wielded && staff.spe == 1 && staff.blessing == Blessing::Blessed);
        assert!(
            pack.iter()
                .any(|c| content.item(c.kind).id == "cloak_of_magic_resistance" && c.worn)
        );
        assert_eq!(
            (of('/'), of('='), of('!'), of('?'), of('+')),
            (1, 2, 3, 3, 2),
            "seed {seed}"
        );
        let rings: Vec<_> = pack
            .iter()
            .filter(|c| content.item(c.kind).glyph == '=')
            .collect();
        assert_ne!(rings[0].kind, rings[1].kind, "no two rings alike");
        for c in pack {
            let row = content.item(c.kind);
            assert!(!never.contains(&row.id.as_str()), "seed {seed}: {}", row.id);
            assert_ne!(c.blessing, Blessing::Cursed, "seed {seed}: {}", row.id);
            if row.glyph == '=' && c.spe_known && row.id != "ring_of_levitation" {
                // A charged ring never starts below +1 (a plain one is 0).
                assert!(c.spe >= 0, "seed {seed}: {} {}", row.id, c.spe);
            }
        }
        // Force bolt and one random book of level 1 to 3: both spells known.
        let spells = &r.player().spells;
        assert_eq!(spells.len(), 2, "seed {seed}");
        assert_eq!(content.item(spells[0].book).id, "spellbook_of_force_bolt");
        let other = content.item(spells[1].book);
        assert_ne!(other.id, "spellbook_of_force_bolt");
        books_seen.insert(other.id.clone());
        assert!(
            other.on_pick_up.spellbook().unwrap().level <= 3,
            "{}",
            other.id
        );
        assert_eq!(spells[0].memory, 20_000);
        // A human Wizard's power: 4 + d3 + a human's 1.
        let pw = gnomish_mines::dungeon::Status::of(&r).grown.unwrap().pw;
        assert!(
            (6..=8).contains(&pw.0) && pw.0 == pw.1,
            "seed {seed}: {pw:?}"
        );
    }
    assert!(books_seen.len() >= 5, "{books_seen:?}");
}

#[test]
fn a_wizard_casts_force_bolt_almost_surely_and_for_little_food() {
    let mut r = room_as(5, p(4, 3), "wizard human neutral");
    r.wizard()
        .set_attribute(Attribute::Int, 18)
        .set_power(20, 20);
    // Base 1, her quarterstaff -3: penalty -2; Int 18: 99, Basic in attack:
    // difficulty 0 - (6 + 0 + 1) = -7, learning 105, at most 20: 119; then
    // 119 * 22 / 15 + 2 = 176, at most 100: she never fails.
    r.act(Command::ListSpells);
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "a - force bolt  1  attack  0%  100%"),
        "{:?}",
        said(&r)
    );
    let gnome = put_monster(&mut r, "gnome", p(6, 3));
    let hp = monster(&r, gnome).unwrap().hp;
    let food = r.player().nutrition;
    r.act(Command::Cast(0));
    r.act(Command::Move(Dir::E));
    assert_eq!(
        gnomish_mines::dungeon::Status::of(&r).grown.unwrap().pw.0,
        15
    );
    // Int 17 or more: no hunger from the spell, only the turn's.
    assert!(
        food - r.player().nutrition <= 1,
        "{food} {}",
        r.player().nutrition
    );
    assert!(
        said(&r)
            .iter()
            .all(|m| m != "You fail to cast the spell correctly.")
    );
    // Struck as by a wand of striking (2d12), unless the blow missed.
    let told = said(&r);
    if monster(&r, gnome).is_none_or(|m| m.hp < hp) {
        assert!(
            told.iter()
                .any(|m| m.starts_with("The spell hits the gnome!")),
            "{told:?}"
        );
    } else {
        assert!(
            told.iter().any(|m| m == "The spell misses the gnome."),
            "{told:?}"
        );
    }
}

#[test]
fn a_wizard_is_warned_of_a_book_too_hard_and_may_leave_it() {
    let mut r = room_as(6, p(4, 3), "wizard human neutral");
    r.wizard().set_attribute(Attribute::Int, 10);
    // Int 10 + 4 + 1 / 2 - 2 * 5 = 4: "very" difficult (under 12).
    let book = give_book(&mut r, "spellbook_of_magic_mapping", Blessing::Uncursed);
    let turn = r.turn();
    assert!(!r.act(Command::Read(book)));
    assert_eq!(
        said(&r).last().unwrap(),
        "This spellbook is very difficult to comprehend.  Continue? [yn] (n)"
    );
    // No: the turn is spent, and nothing is learnt.
    assert!(r.act(Command::Search));
    assert_eq!(r.turn(), turn + 1);
    assert_eq!(r.player().spells.len(), 2);
    // A blessed book asks nothing (one whose spell she does not know).
    let known: Vec<_> = r.player().spells.iter().map(|s| s.book).collect();
    let id = ["spellbook_of_knock", "spellbook_of_light"]
        .into_iter()
        .find(|id| !known.contains(&r.content().item_kind(id).unwrap()))
        .unwrap();
    let blessed = give_book(&mut r, id, Blessing::Blessed);
    r.act(Command::Read(blessed));
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "You begin to memorize the runes.")
    );
}

#[test]
fn a_priest_sees_every_blessing_and_starts_with_two_books_of_her_schools() {
    use gnomish_mines::dungeon::RunSetup;
    for seed in 0..30 {
        let setup: RunSetup = crate::fixtures::setup_as("priest human lawful");
        let mut r = Dungeon::new(seed, setup).unwrap();
        let content = r.content().clone();
        let pack = &r.player().inventory;
        let water = pack
            .iter()
            .find(|c| content.item(c.kind).id == "potion_of_water")
            .unwrap();
        assert_eq!((water.quantity, water.blessing), (4, Blessing::Blessed));
        let mace = pack
            .iter()
            .find(|c| content.item(c.kind).id == "mace")
            .unwrap();
        assert!(mace.wielded && mace.spe == 1);
        // Two books, of healing, divination or clerical spells (the rest are
        // restricted to her), level 1 first, then up to 3; both known.
        let spells = &r.player().spells;
        assert_eq!(spells.len(), 2, "seed {seed}");
        for s in spells {
            let book = content.item(s.book).on_pick_up.spellbook().unwrap();
            let school = format!("{:?}", book.school.unwrap());
            assert!(
                ["HealingSpells", "DivinationSpells", "ClericalSpells"].contains(&school.as_str()),
                "seed {seed}: {school}"
            );
            assert!(book.level <= 3);
        }
        assert_ne!(spells[0].book, spells[1].book);
        // A thing she did not know the blessing of still shows it.
        let kind = content.item_kind("dagger").unwrap();
        let mut c = Carried::new(77_000, kind, 1);
        c.blessing = Blessing::Cursed;
        let letter = crate::fixtures::hand_over(&mut r, c);
        let given = *r
            .player()
            .inventory
            .iter()
            .find(|c| c.letter == letter)
            .unwrap();
        assert!(!given.blessing_known);
        let line = r.describe_carried(&given);
        assert!(line.contains("cursed dagger"), "{line}");
    }
}

#[test]
fn protection_gives_a_golden_haze_that_wears_off_a_point_every_ten_turns() {
    let mut r = room_as(3, p(4, 3), "priest human lawful");
    r.wizard()
        .set_attribute(Attribute::Wis, 18)
        .set_power(50, 50);
    let book = give_book(&mut r, "spellbook_of_protection", Blessing::Blessed);
    r.act(Command::Read(book));
    let letter = r.player().spells.len() as u8 - 1;
    let ac = r.armour_class();
    // Level 1: log2(1) + 1 = 1 point; her AC 7 keeps the divisor 4.
    let cast = |r: &mut Dungeon| loop {
        r.act(Command::Cast(letter));
        if r.log().line() != "You fail to cast the spell correctly." {
            break r.log().line();
        }
    };
    assert_eq!(
        cast(&mut r),
        "The air around you begins to shimmer with a golden haze."
    );
    assert_eq!(r.armour_class(), ac - 1);
    // A second: 1 - 1 / 4 = 1 more.
    assert_eq!(
        cast(&mut r),
        "The golden haze around you becomes more dense."
    );
    assert_eq!(r.armour_class(), ac - 2);
    // Each point lasts 10 turns (she is not Expert).
    let mut faded = Vec::new();
    for _ in 0..25 {
        r.act(Command::Search);
        let line = r.log().line();
        if line.contains("haze") {
            faded.push((r.armour_class(), line));
        }
    }
    assert_eq!(
        faded,
        [
            (
                ac - 1,
                "The golden haze around you becomes less dense.".to_string()
            ),
            (ac, "The golden haze around you disappears.".to_string())
        ]
    );
}

#[test]
fn the_recorded_force_bolt_demo_kills_a_gnome_with_the_spell() {
    use crate::cli::{run_ok, stdout};
    // docs/demos/force_bolt.txt: seed 9 as a neutral human Wizard, sixteen
    // searches, then force bolt south at a gnome two cells away.
    let out = stdout(&run_ok(&[
        "--replay",
        "docs/demos/force_bolt.txt",
        "--ascii",
    ]));
    assert!(
        out.contains("message: The spell hits the gnome!  You kill the gnome!"),
        "{out}"
    );
    assert!(out.contains("Pw:4(8)") && out.contains("T:18"), "{out}");
}

#[test]
fn the_recorded_priest_demo_shows_every_blessing_in_her_pack() {
    use gnomish_mines::dungeon::parse_keys;
    // docs/demos/priest.txt: seed 2 as a neutral human Priest, a wait; the
    // screenshots show her inventory, which each line here is.
    let text = std::fs::read_to_string("docs/demos/priest.txt").unwrap();
    assert!(text.starts_with("# seed: 2\n# hero: priest human neutral\n"));
    let setup = crate::fixtures::setup_as("priest human neutral");
    let mut r = Dungeon::new(2, setup).unwrap();
    r.play(&parse_keys(&text).unwrap());
    let lines: Vec<String> = r
        .player()
        .inventory
        .iter()
        .map(|c| r.describe_carried(c))
        .collect();
    for want in [
        "a blessed +1 mace (weapon in hand)",
        "a blessed +0 robe (being worn)",
        "an uncursed +0 small shield (being worn)",
        "4 blessed potions of water",
    ] {
        assert!(lines.iter().any(|l| l.contains(want)), "{want}: {lines:?}");
    }
}

#[test]
fn the_recorded_bookshop_demo_buys_a_spellbook_in_college_town_and_learns_it() {
    use gnomish_mines::dungeon::{RunSetup, parse_keys};
    // docs/demos/bookshop.txt: seed 17 as a neutral gnomish Healer, College
    // Town for Minetown; down the stairs, the bookshop, a book bought and
    // read.
    let text = std::fs::read_to_string("docs/demos/bookshop.txt").unwrap();
    assert!(text.starts_with(
        "# seed: 17\n# variant: minetown=college_town\n# hero: healer gnome neutral\n"
    ));
    let setup = RunSetup {
        variants: vec![("minetown".to_string(), "college_town".to_string())],
        ..crate::fixtures::setup_as("healer gnome neutral")
    };
    let mut r = Dungeon::new(17, setup).unwrap();
    let gold = r.player().gold;
    r.play(&parse_keys(&text).unwrap());
    let log: Vec<String> = r.log().history().map(|(_, m)| m.to_string()).collect();
    let said = |text: &str| log.iter().any(|m| m.contains(text));
    assert!(said("Welcome to the rare books!"), "{log:?}");
    assert!(
        said("You bought a copper spellbook for 100 zorkmids."),
        "{log:?}"
    );
    assert_eq!(
        r.log().line(),
        "You begin to memorize the runes.  You add \"force bolt\" to your repertoire, as 'd'."
    );
    assert_eq!(r.player().gold, gold - 100);
    let shop = r
        .level()
        .shops()
        .iter()
        .find(|s| s.name == "rare books")
        .expect("College Town's bookshop");
    assert!(shop.floor.contains(&r.player().pos), "read in the shop");
    assert_eq!(r.turn(), 144);
}
