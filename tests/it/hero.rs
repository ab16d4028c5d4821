//! The hero: who NetHack lets you be, who is friendly to whom, the Mines'
//! welcome for a gnome or a dwarf, and who follows you on the stairs.

use gnomish_mines::dungeon::hero::{self, ALIGNMENTS, Hero, peace_minded};
use gnomish_mines::dungeon::{Alignment, Command, Dungeon, Monster, RunSetup, built_in_content};
use gnomish_mines::generation::{Dir, MineRng};

use crate::cli::assert_refused;
use crate::fixtures::setup_as;

/// A hero of `role`, `race` and `alignment` by name, allowed or not
/// (`peace_minded` is defined for any).
fn any_hero(role: &str, race: &str, alignment: Alignment) -> Hero {
    let rows = built_in_content();
    let rows = rows.heroes();
    Hero {
        role: rows.roles.iter().position(|r| r.id == role).unwrap() as u16,
        race: rows.races.iter().position(|r| r.id == race).unwrap() as u16,
        alignment,
    }
}

/// `peace_minded` for every race and alignment against every monster the
/// Mines make, worked out by hand from NetHack 3.7's sources: each monster's
/// `maligntyp` and flags (`monsters.h`), each race's love and hate masks
/// (`role.c`). Per race (human, elf, dwarf, gnome, orc), three letters for
/// lawful, neutral and chaotic: P always peaceful, H always hostile, r the
/// co-aligned roll, peaceful with odds (1 - 1/16) x (1 - 1/(2 + |alignment|))
/// for a role whose alignment record starts at 0 (the Valkyrie).
const TABLE: &[(&str, i32, [&str; 5])] = &[
    // Gnomes: humans hate them, dwarves and gnomes love them; neutral.
    ("gnome", 0, ["HHH", "HrH", "PPP", "PPP", "HrH"]),
    ("gnome_lord", 0, ["HHH", "HrH", "PPP", "PPP", "HrH"]),
    ("gnomish_wizard", 0, ["HHH", "HrH", "PPP", "PPP", "HrH"]),
    ("gnome_king", 0, ["HHH", "HrH", "PPP", "PPP", "HrH"]),
    // Dwarves: lawful; loved by dwarves and gnomes, hated by orcs.
    ("dwarf", 4, ["rHH", "rHH", "PPP", "PPP", "HHH"]),
    // Hobbits: lawful, of no hero race.
    ("hobbit", 6, ["rHH", "rHH", "rHH", "rHH", "rHH"]),
    ("dwarf_lord", 5, ["rHH", "rHH", "PPP", "PPP", "HHH"]),
    ("dwarf_king", 6, ["rHH", "rHH", "PPP", "PPP", "HHH"]),
    ("bugbear", -6, ["HHr", "HHr", "HHr", "HHr", "HHr"]),
    ("mind_flayer", -8, ["HHH"; 5]),
    ("master_mind_flayer", -8, ["HHH"; 5]),
    // The town's keepers: always peaceful (M2_PEACEFUL).
    ("shopkeeper", 0, ["PPP", "PPP", "PPP", "PPP", "PPP"]),
    ("priest", 0, ["PPP", "PPP", "PPP", "PPP", "PPP"]),
    ("watchman", -2, ["PPP", "PPP", "PPP", "PPP", "PPP"]),
    ("watch_captain", -4, ["PPP", "PPP", "PPP", "PPP", "PPP"]),
    // Orcs: chaotic; hated by humans, elves and dwarves; an orc hero's are
    // not loved (the orc race's love mask is empty).
    ("orc", -3, ["HHH", "HHH", "HHH", "HHr", "HHr"]),
    ("hill_orc", -4, ["HHH", "HHH", "HHH", "HHr", "HHr"]),
    ("mordor_orc", -5, ["HHH", "HHH", "HHH", "HHr", "HHr"]),
    ("uruk_hai", -4, ["HHH", "HHH", "HHH", "HHr", "HHr"]),
    ("orc_shaman", -5, ["HHH", "HHH", "HHH", "HHr", "HHr"]),
    ("orc_captain", -5, ["HHH", "HHH", "HHH", "HHr", "HHr"]),
    ("goblin", -3, ["HHH", "HHH", "HHH", "HHr", "HHr"]),
    // The towns' animals: neutral, of no race.
    ("monkey", 0, ["HrH", "HrH", "HrH", "HrH", "HrH"]),
    ("kitten", 0, ["HrH", "HrH", "HrH", "HrH", "HrH"]),
    ("housecat", 0, ["HrH", "HrH", "HrH", "HrH", "HrH"]),
    ("little_dog", 0, ["HrH", "HrH", "HrH", "HrH", "HrH"]),
    ("pony", 0, ["HrH", "HrH", "HrH", "HrH", "HrH"]),
    // Always hostile (M2_HOSTILE): nymphs, kobolds, the dead, mimics, eyes
    // and spheres.
    ("water_nymph", 0, ["HHH"; 5]),
    ("kobold_shaman", -4, ["HHH"; 5]),
    ("kobold_mummy", -2, ["HHH"; 5]),
    ("gnome_mummy", -3, ["HHH"; 5]),
    ("orc_mummy", -4, ["HHH"; 5]),
    ("dwarf_mummy", -4, ["HHH"; 5]),
    ("human_mummy", -5, ["HHH"; 5]),
    ("ettin_mummy", -6, ["HHH"; 5]),
    ("kobold_zombie", -2, ["HHH"; 5]),
    ("gnome_zombie", -2, ["HHH"; 5]),
    ("orc_zombie", -3, ["HHH"; 5]),
    ("dwarf_zombie", -3, ["HHH"; 5]),
    ("human_zombie", -3, ["HHH"; 5]),
    ("vampire", -8, ["HHH"; 5]),
    ("vampire_lord", -9, ["HHH"; 5]),
    ("elf_mummy", -5, ["HHH"; 5]),
    ("giant_mummy", -7, ["HHH"; 5]),
    ("elf_zombie", -3, ["HHH"; 5]),
    ("ettin_zombie", -4, ["HHH"; 5]),
    ("giant_zombie", -4, ["HHH"; 5]),
    ("ghoul", -2, ["HHH"; 5]),
    ("gas_spore", 0, ["HHH"; 5]),
    ("small_mimic", 0, ["HHH"; 5]),
    ("large_mimic", 0, ["HHH"; 5]),
    ("giant_mimic", 0, ["HHH"; 5]),
    ("floating_eye", 0, ["HHH"; 5]),
    ("giant_spider", 0, ["HHH"; 5]),
    ("flaming_sphere", 0, ["HHH"; 5]),
    ("freezing_sphere", 0, ["HHH"; 5]),
    ("shocking_sphere", 0, ["HHH"; 5]),
    // The rest of NetHack 3.7's Mines bestiary, by the same rules from its
    // flags (tools/monsters37.py --json): a minion (Aleax, couatl) is
    // peaceful to a co-aligned hero whose record is not below 0.
    ("giant_ant", 0, ["HHH"; 5]),
    ("killer_bee", 0, ["HHH"; 5]),
    ("soldier_ant", 0, ["HHH"; 5]),
    ("fire_ant", 0, ["HHH"; 5]),
    ("giant_beetle", 0, ["HHH"; 5]),
    ("acid_blob", 0, ["HrH"; 5]),
    ("quivering_blob", 0, ["HHH"; 5]),
    ("gelatinous_cube", 0, ["HHH"; 5]),
    ("chickatrice", 0, ["HHH"; 5]),
    ("cockatrice", 0, ["HHH"; 5]),
    ("pyrolisk", 0, ["HHH"; 5]),
    ("jackal", 0, ["HHH"; 5]),
    ("fox", 0, ["HHH"; 5]),
    ("coyote", 0, ["HHH"; 5]),
    ("dingo", 0, ["HHH"; 5]),
    ("dog", 0, ["HrH"; 5]),
    ("large_dog", 0, ["HrH"; 5]),
    ("wolf", 0, ["HHH"; 5]),
    ("winter_wolf_cub", -5, ["HHH"; 5]),
    ("warg", -5, ["HHH"; 5]),
    ("winter_wolf", 0, ["HHH"; 5]),
    ("jaguar", 0, ["HHH"; 5]),
    ("lynx", 0, ["HHH"; 5]),
    ("panther", 0, ["HHH"; 5]),
    ("large_cat", 0, ["HrH"; 5]),
    ("tiger", 0, ["HHH"; 5]),
    ("gremlin", -9, ["HHr"; 5]),
    ("gargoyle", -9, ["HHH"; 5]),
    ("winged_gargoyle", -12, ["HHH"; 5]),
    ("manes", -7, ["HHH"; 5]),
    ("homunculus", -7, ["HHr"; 5]),
    ("imp", -7, ["HHr"; 5]),
    ("quasit", -7, ["HHr"; 5]),
    ("tengu", 7, ["rHH"; 5]),
    ("blue_jelly", 0, ["HHH"; 5]),
    ("spotted_jelly", 0, ["HHH"; 5]),
    ("ochre_jelly", 0, ["HHH"; 5]),
    ("kobold", -2, ["HHH"; 5]),
    ("large_kobold", -3, ["HHH"; 5]),
    ("kobold_lord", -4, ["HHH"; 5]),
    ("leprechaun", 0, ["HHH"; 5]),
    ("wood_nymph", 0, ["HHH"; 5]),
    ("mountain_nymph", 0, ["HHH"; 5]),
    ("hobgoblin", -4, ["HHH", "HHH", "HHH", "HHr", "HHr"]),
    ("rock_piercer", 0, ["HHH"; 5]),
    ("iron_piercer", 0, ["HHH"; 5]),
    ("glass_piercer", 0, ["HHH"; 5]),
    ("rothe", 0, ["HHH"; 5]),
    ("mumak", -2, ["HHH"; 5]),
    ("leocrotta", 0, ["HHH"; 5]),
    ("wumpus", 0, ["HHH"; 5]),
    ("titanothere", 0, ["HHH"; 5]),
    ("sewer_rat", 0, ["HHH"; 5]),
    ("giant_rat", 0, ["HHH"; 5]),
    ("rabid_rat", 0, ["HHH"; 5]),
    ("rock_mole", 0, ["HHH"; 5]),
    ("cave_spider", 0, ["HHH"; 5]),
    ("centipede", 0, ["HHH"; 5]),
    ("scorpion", 0, ["HHH"; 5]),
    ("lurker_above", 0, ["HHH"; 5]),
    ("white_unicorn", 7, ["rHH"; 5]),
    ("gray_unicorn", 0, ["HrH"; 5]),
    ("black_unicorn", -7, ["HHr"; 5]),
    ("horse", 0, ["HrH"; 5]),
    ("warhorse", 0, ["HrH"; 5]),
    ("fog_cloud", 0, ["HHH"; 5]),
    ("dust_vortex", 0, ["HHH"; 5]),
    ("ice_vortex", 0, ["HHH"; 5]),
    ("energy_vortex", 0, ["HHH"; 5]),
    ("long_worm", 0, ["HHH"; 5]),
    ("grid_bug", 0, ["HHH"; 5]),
    ("xan", 0, ["HHH"; 5]),
    ("yellow_light", 0, ["HHH"; 5]),
    ("black_light", 0, ["HHH"; 5]),
    ("zruty", 0, ["HHH"; 5]),
    ("couatl", 7, ["PHH"; 5]),
    ("aleax", 7, ["PHH"; 5]),
    ("bat", 0, ["HrH"; 5]),
    ("giant_bat", 0, ["HHH"; 5]),
    ("raven", 0, ["HHH"; 5]),
    ("vampire_bat", 0, ["HHH"; 5]),
    ("plains_centaur", 0, ["HrH"; 5]),
    ("forest_centaur", -1, ["HHr"; 5]),
    ("mountain_centaur", -3, ["HHr"; 5]),
    ("stalker", 0, ["HHH"; 5]),
    ("air_elemental", 0, ["HrH"; 5]),
    ("fire_elemental", 0, ["HrH"; 5]),
    ("earth_elemental", 0, ["HrH"; 5]),
    ("water_elemental", 0, ["HrH"; 5]),
    ("lichen", 0, ["HHH"; 5]),
    ("brown_mold", 0, ["HHH"; 5]),
    ("yellow_mold", 0, ["HHH"; 5]),
    ("green_mold", 0, ["HHH"; 5]),
    ("red_mold", 0, ["HHH"; 5]),
    ("shrieker", 0, ["HHH"; 5]),
    ("violet_fungus", 0, ["HHH"; 5]),
    ("stone_giant", 2, ["rHH"; 5]),
    ("hill_giant", -2, ["HHr"; 5]),
    ("fire_giant", 2, ["rHH"; 5]),
    ("frost_giant", -3, ["HHr"; 5]),
    ("ettin", 0, ["HHH"; 5]),
    ("red_naga", -4, ["HHr"; 5]),
    ("black_naga", 4, ["rHH"; 5]),
    ("golden_naga", 5, ["rHH"; 5]),
    ("ogre", -3, ["HHr"; 5]),
    ("ogre_lord", -5, ["HHr"; 5]),
    ("ogre_king", -7, ["HHr"; 5]),
    ("gray_ooze", 0, ["HHH"; 5]),
    ("brown_pudding", 0, ["HHH"; 5]),
    ("black_pudding", 0, ["HHH"; 5]),
    ("quantum_mechanic", 0, ["HHH"; 5]),
    ("rust_monster", 0, ["HHH"; 5]),
    ("garter_snake", 0, ["HrH"; 5]),
    ("snake", 0, ["HHH"; 5]),
    ("python", 0, ["HHH"; 5]),
    ("pit_viper", 0, ["HHH"; 5]),
    ("cobra", 0, ["HHH"; 5]),
    ("troll", -3, ["HHH"; 5]),
    ("ice_troll", -3, ["HHH"; 5]),
    ("rock_troll", -3, ["HHH"; 5]),
    ("umber_hulk", 0, ["HrH"; 5]),
    ("barrow_wight", -3, ["HHH"; 5]),
    ("wraith", -6, ["HHH"; 5]),
    ("xorn", 0, ["HHH"; 5]),
    ("ape", 0, ["HrH"; 5]),
    ("owlbear", 0, ["HHH"; 5]),
    ("yeti", 0, ["HHH"; 5]),
    ("carnivorous_ape", 0, ["HHH"; 5]),
    ("sasquatch", 2, ["rHH"; 5]),
    ("straw_golem", 0, ["HHH"; 5]),
    ("paper_golem", 0, ["HHH"; 5]),
    ("rope_golem", 0, ["HHH"; 5]),
    ("gold_golem", 0, ["HHH"; 5]),
    ("leather_golem", 0, ["HHH"; 5]),
    ("wood_golem", 0, ["HHH"; 5]),
    ("flesh_golem", 0, ["HHH"; 5]),
    ("clay_golem", 0, ["HHH"; 5]),
    ("wererat", -7, ["HHH"; 5]),
    ("werejackal", -7, ["HHH"; 5]),
    ("werewolf", -7, ["HHH"; 5]),
    ("woodland_elf", -5, ["HHr", "PPP", "HHr", "HHr", "HHH"]),
    ("green_elf", -6, ["HHr", "PPP", "HHr", "HHr", "HHH"]),
    ("grey_elf", -7, ["HHr", "PPP", "HHr", "HHr", "HHH"]),
    ("elf_lord", -9, ["HHr", "PPP", "HHr", "HHr", "HHH"]),
    ("elvenking", -10, ["HHr", "PPP", "HHr", "HHr", "HHH"]),
    ("doppelganger", 0, ["HHH"; 5]),
    ("soldier", -2, ["HHH"; 5]),
    ("sergeant", -3, ["HHH"; 5]),
    ("nurse", 0, ["HHH"; 5]),
    ("lieutenant", -4, ["HHH"; 5]),
    ("amorous_demon", -9, ["HHH"; 5]),
    ("newt", 0, ["HHH"; 5]),
    ("gecko", 0, ["HHH"; 5]),
    ("iguana", 0, ["HHH"; 5]),
    ("lizard", 0, ["HHH"; 5]),
    ("chameleon", 0, ["HHH"; 5]),
    ("crocodile", 0, ["HHH"; 5]),
    ("baby_long_worm", 0, ["HHH"; 5]),
    ("baby_purple_worm", 0, ["HHH"; 5]),
    ("baby_gray_dragon", 0, ["HHH"; 5]),
    ("baby_gold_dragon", 0, ["HHH"; 5]),
    ("baby_silver_dragon", 0, ["HHH"; 5]),
    ("baby_red_dragon", 0, ["HHH"; 5]),
    ("baby_white_dragon", 0, ["HHH"; 5]),
    ("baby_orange_dragon", 0, ["HHH"; 5]),
    ("baby_black_dragon", 0, ["HHH"; 5]),
    ("baby_blue_dragon", 0, ["HHH"; 5]),
    ("baby_green_dragon", 0, ["HHH"; 5]),
    ("baby_yellow_dragon", 0, ["HHH"; 5]),
    ("red_naga_hatchling", 0, ["HrH"; 5]),
    ("black_naga_hatchling", 0, ["HrH"; 5]),
    ("golden_naga_hatchling", 0, ["HrH"; 5]),
    ("guardian_naga_hatchling", 0, ["HrH"; 5]),
    ("baby_crocodile", 0, ["HHH"; 5]),
];

#[test]
fn peace_minded_is_nethacks_for_every_race_alignment_and_mines_monster() {
    let content = built_in_content();
    let rows = content.heroes();
    let races = ["human", "elf", "dwarf", "gnome", "orc"];
    // Every monster row is in the table, and the table's alignment is the
    // row's.
    for m in content.monsters() {
        let line = TABLE.iter().find(|(id, _, _)| *id == m.id);
        let (_, alignment, _) = line.unwrap_or_else(|| panic!("{} is not in the table", m.id));
        assert_eq!(m.alignment, *alignment, "{}'s alignment", m.id);
    }
    let n = 4000;
    for (id, alignment, by_race) in TABLE {
        let row = content.monster(content.monster_kind(id).unwrap());
        for (race, letters) in races.iter().zip(by_race) {
            for (al, want) in ALIGNMENTS.into_iter().zip(letters.chars()) {
                let hero = any_hero("valkyrie", race, al);
                let mut rng = MineRng::from_seed(11);
                let peaceful = (0..n)
                    .filter(|_| peace_minded(rows, hero, row.nature(), &mut rng))
                    .count();
                let share = peaceful as f64 / n as f64;
                let what = format!("{id} to a {} {race}: {share}", al.word());
                match want {
                    'P' => assert_eq!(peaceful, n, "{what}"),
                    'H' => assert_eq!(peaceful, 0, "{what}"),
                    _ => {
                        let odds =
                            (1.0 - 1.0 / 16.0) * (1.0 - 1.0 / (2.0 + alignment.abs() as f64));
                        assert!((share - odds).abs() < 0.03, "{what}, want {odds}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_role_with_a_record_rolls_with_it() {
    // NetHack's last case: hostile when rn2(16 + record) comes up 0, or then
    // rn2(2 + |alignment|) does. The Archeologist's record starts at 10, so
    // a co-aligned gnome (alignment 0) is peaceful with odds 25/26 × 1/2 =
    // 0.4808; a record ignored would make them 15/16 × 1/2 = 0.4688.
    let content = built_in_content();
    let gnome = content.monster(content.monster_kind("gnome").unwrap());
    let elf = any_hero("archeologist", "elf", Alignment::Neutral);
    assert_eq!(content.heroes().roles[elf.role as usize].record, 10);
    // Draw for draw: a mirror of the same stream gives the same two rolls.
    let (mut rng, mut mirror) = (MineRng::from_seed(3), MineRng::from_seed(3));
    for i in 0..2000 {
        let want = mirror.rn2(26) != 0 && mirror.rn2(2) != 0;
        let got = peace_minded(content.heroes(), elf, gnome.nature(), &mut rng);
        assert_eq!(got, want, "roll {i}");
    }
    // And in the large: 120,000 gnomes, the share within 0.006 of the odds
    // (4.2 standard errors, half the 0.012 an ignored record moves it).
    let n = 120_000;
    let peaceful = (0..n)
        .filter(|_| peace_minded(content.heroes(), elf, gnome.nature(), &mut rng))
        .count();
    let share = peaceful as f64 / n as f64;
    let odds = 25.0 / 52.0;
    assert!((share - odds).abs() < 0.006, "{share}, want {odds}");
}

#[test]
fn the_combinations_nethack_forbids_are_refused_with_what_is_allowed() {
    let content = built_in_content();
    let rows = content.heroes();
    let refuse = |role: Option<&str>, race: Option<&str>, al: Option<&str>, says: &str| {
        let e = hero::choose(rows, role, race, al, 0).unwrap_err();
        assert!(e.contains(says), "{e:?} should say {says:?}");
        e
    };
    // A gnome Samurai: the Samurai is human only.
    let e = refuse(
        Some("samurai"),
        Some("gnome"),
        None,
        "a samurai may be human",
    );
    assert_eq!(e, "NetHack has no gnome samurai: a samurai may be human");
    // A chaotic Valkyrie; a lawful gnome; an orc Archeologist.
    refuse(
        Some("valkyrie"),
        None,
        Some("chaotic"),
        "a valkyrie may be lawful, neutral",
    );
    refuse(
        None,
        Some("gnome"),
        Some("lawful"),
        "a gnome may be neutral",
    );
    refuse(
        Some("archeologist"),
        Some("orc"),
        None,
        "human, dwarf, gnome",
    );
    // A dwarf Valkyrie is lawful only: the race says so.
    refuse(
        Some("valkyrie"),
        Some("dwarf"),
        Some("neutral"),
        "a dwarf may be lawful",
    );
    // Unknown names list the known ones.
    refuse(
        Some("paladin"),
        None,
        None,
        "roles: archeologist, barbarian",
    );
    // A gnome Knight, a dwarf Wizard, an elf Monk: as NetHack forbids.
    refuse(Some("knight"), Some("gnome"), None, "a knight may be human");
    refuse(
        Some("wizard"),
        Some("dwarf"),
        None,
        "a wizard may be human, elf, gnome, orc",
    );
    refuse(Some("monk"), Some("elf"), None, "a monk may be human");
    // A gnome Wizard is neutral, as a gnome must be.
    refuse(
        Some("wizard"),
        Some("gnome"),
        Some("chaotic"),
        "a gnome may be neutral",
    );
    refuse(
        None,
        Some("hobbit"),
        None,
        "races: human, elf, dwarf, gnome, orc",
    );
    refuse(None, None, Some("good"), "lawful, neutral or chaotic");

    // Every allowed combination is NetHack's (role.c), and every one can be
    // chosen: 2 x 3 for the Archeologist and Caveman (human lawful or
    // neutral, dwarf lawful, gnome neutral: 4 each), and so on.
    let count = |role: &str| {
        let mut seen = std::collections::HashSet::new();
        for pick in 0..64 {
            seen.insert(hero::choose(rows, Some(role), None, None, pick).unwrap());
        }
        seen.len()
    };
    assert_eq!(count("archeologist"), 4);
    assert_eq!(
        count("barbarian"),
        3,
        "human neutral or chaotic, orc chaotic"
    );
    assert_eq!(count("caveman"), 4);
    assert_eq!(count("samurai"), 1);
    assert_eq!(count("tourist"), 1);
    assert_eq!(
        count("valkyrie"),
        3,
        "human lawful or neutral, dwarf lawful"
    );
}

#[test]
fn a_forbidden_hero_on_the_command_line_is_one_line_and_exit_2() {
    assert_refused(
        &[
            "--seed", "1", "--ascii", "--role", "samurai", "--race", "gnome",
        ],
        "--role samurai --race gnome: NetHack has no gnome samurai: a samurai may be human",
    );
    assert_refused(
        &["--seed", "1", "--ascii", "--alignment", "evil"],
        "there is no alignment 'evil'",
    );
}

#[test]
fn a_hero_starts_with_the_roles_hit_points_and_kit() {
    let run = Dungeon::new(5, setup_as("valkyrie dwarf lawful")).unwrap();
    // 14 for the Valkyrie, 4 for the dwarf.
    assert_eq!(run.player().max_hp, 18);
    let names: Vec<String> = run
        .player()
        .inventory
        .iter()
        .map(|c| run.describe_carried(c))
        .collect();
    assert!(
        names
            .iter()
            .any(|n| n.contains("spear") && n.contains("weapon in hand")),
        "{names:?}"
    );
    assert!(
        names
            .iter()
            .any(|n| n.contains("small shield") && n.contains("being worn")),
        "{names:?}"
    );
    // AC 10, less the +3 small shield's 1 + 3 (NetHack 3.7's kit).
    assert_eq!(run.armour_class(), 6);
    let gnome = Dungeon::new(5, setup_as("archeologist gnome neutral")).unwrap();
    assert_eq!(gnome.player().max_hp, 12, "11 + 1");
    let tourist = Dungeon::new(5, setup_as("tourist human neutral")).unwrap();
    assert!((1..=1000).contains(&tourist.gold()));
    assert_eq!(tourist.player().max_hp, 10, "8 + 2");
}

/// The G (gnomes, lords, wizards, kings) and how many of them are peaceful,
/// over the first fillers of `seeds` as `hero`.
fn gnomes_met(hero: &str, seeds: std::ops::Range<u64>) -> (usize, usize) {
    let setup = setup_as(hero);
    let content = setup.content.clone();
    let (mut gnomes, mut peaceful) = (0, 0);
    for seed in seeds {
        let run = Dungeon::new(seed, setup.clone()).unwrap();
        let level = run.level_as_made(1).unwrap();
        for m in level.monsters() {
            if content.monster(m.kind).glyph == 'G' {
                gnomes += 1;
                peaceful += usize::from(m.peaceful);
            }
        }
    }
    (gnomes, peaceful)
}

#[test]
fn a_gnome_finds_fewer_gnomes_in_the_mines_and_every_one_peaceful() {
    let (human, human_peaceful) = gnomes_met("valkyrie human lawful", 0..1000);
    let (gnome, gnome_peaceful) = gnomes_met("archeologist gnome neutral", 0..1000);
    assert_eq!(human_peaceful, 0, "a human's gnomes are all hostile");
    assert_eq!(gnome_peaceful, gnome, "a gnome's gnomes are all peaceful");
    // Two in three of a gnome hero's gnomes are random monsters instead;
    // at the Mines' first level (Dlvl 3 to 5) rndmonst makes a gnome only
    // at Dlvl 5, a few times in a hundred: about a third as many.
    let ratio = gnome as f64 / human as f64;
    assert!(human > 9000, "{human} G over 1000 first levels");
    assert!(
        (0.31..0.38).contains(&ratio),
        "{gnome} against {human}: {ratio}"
    );
}

#[test]
fn the_nameless_hero_of_old_runs_is_stocked_as_before() {
    // No hero: the content's player row, no kit, and the town's lines that
    // were peaceful before heroes are peaceful still.
    let run = Dungeon::new(5, RunSetup::default()).unwrap();
    assert_eq!(run.player().max_hp, built_in_content().player().hp);
    assert!(run.player().inventory.is_empty());
}

#[test]
fn only_stalkers_follow_a_hero_down_the_stairs() {
    // A hero stands on the down stairs of a hand-placed level with a gnome
    // (which doesn't stalk) and a watchman (which does) next to it.
    let content = built_in_content();
    let mut run = Dungeon::new(3, setup_as("valkyrie human lawful")).unwrap();
    let down = run
        .level()
        .down_stairs()
        .expect("level 1 has a down staircase");
    let gnome = content.monster_kind("gnome").unwrap();
    let watchman = content.monster_kind("watchman").unwrap();
    let around: Vec<_> = Dir::ALL
        .iter()
        .map(|&d| down.step(d))
        .filter(|&p| run.map().tile(p).is_walkable())
        .take(2)
        .collect();
    assert_eq!(around.len(), 2, "two free cells by the stairs");
    {
        let mut w = run.wizard();
        w.teleport(down);
        let monsters = w.level().monsters_mut();
        monsters.clear();
        monsters.push(Monster::new(900, gnome, around[0], 5, false));
        monsters.push(Monster::new(901, watchman, around[1], 5, true));
    }
    assert!(run.act(Command::Down));
    assert_eq!(run.depth(), 2);
    let followers: Vec<u32> = run.level().monsters().iter().map(|m| m.id).collect();
    assert!(followers.contains(&901), "the watchman stalks");
    assert!(!followers.contains(&900), "the gnome stays behind");
    assert!(
        run.level_at(1)
            .unwrap()
            .monsters()
            .iter()
            .any(|m| m.id == 900)
    );
}

/// A run as `hero` with `pet` (`--pet`; None: the role's or drawn).
pub(crate) fn with_pet(hero: &str, pet: Option<&str>) -> RunSetup {
    RunSetup {
        pet: pet.map(str::to_string),
        ..setup_as(hero)
    }
}

#[test]
fn a_hero_starts_with_its_pet_next_to_it() {
    // The Samurai's own pet is a little dog.
    let run = Dungeon::new(7, setup_as("samurai human lawful")).unwrap();
    let (depth, pet) = run.pet().expect("a pet");
    assert_eq!(depth, 1);
    assert_eq!(run.content().monster(pet.kind).id, "little_dog");
    assert!(pet.tame && pet.peaceful);
    assert_eq!(
        run.pet_name().as_deref(),
        Some("Hachi"),
        "NetHack's name for a Samurai's dog"
    );
    assert_eq!(pet.pos.distance(run.player().pos), 1, "next to you");
    // A role's own pet is its whatever --pet says (NetHack's `pet_type`);
    // --pet chooses for the others, or says none; the nameless hero has no
    // pet.
    let dog = Dungeon::new(7, with_pet("samurai human lawful", Some("kitten"))).unwrap();
    assert_eq!(
        dog.content().monster(dog.pet().unwrap().1.kind).id,
        "little_dog"
    );
    let cat = Dungeon::new(7, with_pet("valkyrie human lawful", Some("kitten"))).unwrap();
    assert_eq!(
        cat.content().monster(cat.pet().unwrap().1.kind).id,
        "kitten"
    );
    assert_eq!(cat.pet_name(), None, "a kitten has no name of its role's");
    assert!(
        Dungeon::new(7, with_pet("samurai human lawful", Some("none")))
            .unwrap()
            .pet()
            .is_none()
    );
    assert!(
        Dungeon::new(7, RunSetup::default())
            .unwrap()
            .pet()
            .is_none()
    );
    // A role without a pet of its own gets a kitten or a little dog, each
    // about as often.
    let dogs = (0..200)
        .filter(|&s| {
            let r = Dungeon::new(s, setup_as("valkyrie human lawful")).unwrap();
            r.content().monster(r.pet().unwrap().1.kind).id == "little_dog"
        })
        .count();
    assert!((70..130).contains(&dogs), "{dogs} little dogs in 200");
}

/// Change the pet of `run` on its current level (a wizard's change).
pub(crate) fn change_pet(run: &mut Dungeon, change: impl FnOnce(&mut Monster)) {
    let id = run.pet().unwrap().1.id;
    let mut w = run.wizard();
    let m = w
        .level()
        .monsters_mut()
        .iter_mut()
        .find(|m| m.id == id)
        .unwrap();
    change(m);
}

/// Put the pet of `run` at `at` (a wizard's move).
pub(crate) fn put_pet(run: &mut Dungeon, at: gnomish_mines::generation::Pos) {
    change_pet(run, |m| m.pos = at);
}

#[test]
fn the_pet_follows_you_down_when_next_to_you_and_waits_when_not() {
    let mut run = Dungeon::new(3, with_pet("valkyrie human lawful", Some("kitten"))).unwrap();
    let down = run.level().down_stairs().unwrap();
    let next = Dir::ALL
        .iter()
        .map(|&d| down.step(d))
        .find(|&p| run.map().tile(p).is_walkable() && run.level().monster_at(p).is_none())
        .unwrap();
    run.wizard()
        .teleport(down)
        .level()
        .monsters_mut()
        .retain(|m| m.tame);
    put_pet(&mut run, next);
    assert!(run.act(Command::Down));
    assert_eq!(run.pet().unwrap().0, 2, "it came down with you");
    let up = run.player().pos;
    assert_eq!(run.pet().unwrap().1.pos.distance(up), 1);
    // Sent away from the stairs, it stays on level 2 when you go up.
    let far = run
        .map()
        .cells()
        .find(|&p| {
            run.map().tile(p) == gnomish_mines::generation::Tile::Floor
                && p.distance(up) > 5
                && run.level().monster_at(p).is_none()
        })
        .unwrap();
    put_pet(&mut run, far);
    assert!(run.act(Command::Up));
    assert_eq!(run.depth(), 1);
    let (depth, pet) = run.pet().unwrap();
    assert_eq!(depth, 2, "it waits on level 2");
    assert_eq!(pet.pos.distance(far), 0, "where you left it: {:?}", pet.pos);
}

#[test]
fn the_pet_fights_the_hostile_it_can_beat_and_leaves_the_peaceful_alone() {
    let content = built_in_content();
    let gnome = content.monster_kind("gnome").unwrap();
    for (peaceful, fought) in [(false, true), (true, false)] {
        let mut run =
            Dungeon::new(3, with_pet("valkyrie human lawful", Some("little_dog"))).unwrap();
        let pet = run.pet().unwrap().1.pos;
        let me = run.player().pos;
        // A sleeping gnome next to the pet and out of your reach.
        let spot = Dir::ALL
            .iter()
            .map(|&d| pet.step(d))
            .find(|&p| {
                run.map().tile(p).is_walkable()
                    && p.distance(me) > 1
                    && run.level().monster_at(p).is_none()
            })
            .expect("a cell by the pet");
        {
            let mut w = run.wizard();
            let monsters = w.level().monsters_mut();
            monsters.retain(|m| m.tame);
            let mut g = Monster::new(900, gnome, spot, 30, peaceful);
            g.asleep = 1000;
            monsters.push(g);
        }
        // The pet is a little dog: level 2 against the gnome's 1.
        for _ in 0..6 {
            run.act(Command::Search);
        }
        let gnome_now = run.level().monsters().iter().find(|m| m.id == 900);
        let hurt = gnome_now.is_none_or(|g| g.hp < 30);
        assert_eq!(hurt, fought, "peaceful {peaceful}: {:?}", run.log());
    }
}

#[test]
fn stepping_into_your_pet_swaps_places() {
    let mut run = Dungeon::new(3, with_pet("valkyrie human lawful", Some("kitten"))).unwrap();
    let (me, pet) = (run.player().pos, run.pet().unwrap().1.pos);
    let d = Dir::ALL
        .iter()
        .copied()
        .find(|&d| me.step(d) == pet)
        .unwrap();
    // Keep the pet where it is while you step.
    change_pet(&mut run, |m| m.asleep = 5);
    assert!(run.act(Command::Move(d)));
    assert_eq!(run.player().pos, pet);
    assert_eq!(run.pet().unwrap().1.pos, me);
    assert!(
        run.log()
            .line()
            .contains("You swap places with your kitten"),
        "{}",
        run.log().line()
    );
}
