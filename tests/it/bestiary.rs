//! The bestiary: every monster row's numbers against NetHack 3.7's
//! `monsters.h`, written out here (level, speed, AC, magic resistance,
//! alignment, frequency, difficulty, group, size, corpse weight and
//! nutrition, attacks), and the whole table met in the Mines.

use gnomish_mines::dungeon::{Content, Dungeon};

/// NetHack 3.7's numbers: id, level, speed, AC, MR, alignment, frequency,
/// difficulty, group, size, weight, nutrition, attacks.
type Row = (
    &'static str,
    i32,
    u32,
    i32,
    u32,
    i32,
    u32,
    u32,
    &'static str,
    &'static str,
    u32,
    u32,
    &'static str,
);

#[rustfmt::skip]
const NETHACK: &[Row] = &[
    ("gnome", 1, 6, 10, 4, 0, 1, 3, "Small", "Small", 650, 100, "Weapon Phys 1d6"),
    ("gnome_lord", 3, 8, 10, 4, 0, 2, 4, "Alone", "Small", 700, 120, "Weapon Phys 1d8"),
    ("gnomish_wizard", 3, 10, 4, 10, 0, 1, 5, "Alone", "Small", 700, 120, "Magic Spell 0d0"),
    ("gnome_king", 5, 10, 10, 20, 0, 1, 6, "Alone", "Small", 750, 150, "Weapon Phys 2d6"),
    ("dwarf", 2, 6, 10, 10, 4, 3, 4, "Alone", "Medium", 900, 300, "Weapon Phys 1d8"),
    ("hobbit", 1, 9, 10, 0, 6, 2, 2, "Alone", "Small", 500, 200, "Weapon Phys 1d6"),
    ("dwarf_lord", 4, 6, 10, 10, 5, 2, 6, "Alone", "Medium", 900, 300, "Weapon Phys 2d4; Weapon Phys 2d4"),
    ("dwarf_king", 6, 6, 10, 20, 6, 1, 8, "Alone", "Medium", 900, 300, "Weapon Phys 2d6; Weapon Phys 2d6"),
    ("bugbear", 3, 9, 5, 0, -6, 1, 5, "Alone", "Large", 1250, 250, "Weapon Phys 2d4"),
    ("mind_flayer", 9, 12, 5, 90, -8, 1, 13, "Alone", "Medium", 1450, 400, "Weapon Phys 1d4; Tentacle DrainIntelligence 2d1; Tentacle DrainIntelligence 2d1; Tentacle DrainIntelligence 2d1"),
    ("master_mind_flayer", 13, 12, 0, 90, -8, 1, 19, "Alone", "Medium", 1450, 400, "Weapon Phys 1d8; Tentacle DrainIntelligence 2d1; Tentacle DrainIntelligence 2d1; Tentacle DrainIntelligence 2d1; Tentacle DrainIntelligence 2d1; Tentacle DrainIntelligence 2d1"),
    ("shopkeeper", 12, 16, 0, 50, 0, 0, 15, "Alone", "Medium", 1450, 400, "Weapon Phys 4d4; Weapon Phys 4d4"),
    ("priest", 12, 12, 10, 50, 0, 0, 15, "Alone", "Medium", 1450, 400, "Weapon Phys 4d10; Kick Phys 1d4; Magic Clerical 0d0"),
    ("watchman", 6, 10, 10, 0, -2, 1, 8, "Small", "Medium", 1450, 400, "Weapon Phys 1d8"),
    ("watch_captain", 10, 10, 10, 15, -4, 1, 12, "Alone", "Medium", 1450, 400, "Weapon Phys 3d4; Weapon Phys 3d4"),
    ("orc", 1, 9, 10, 0, -3, 0, 3, "Large", "Medium", 850, 150, "Weapon Phys 1d8"),
    ("hill_orc", 2, 9, 10, 0, -4, 2, 4, "Large", "Medium", 1000, 200, "Weapon Phys 1d6"),
    ("mordor_orc", 3, 5, 10, 0, -5, 1, 5, "Large", "Medium", 1200, 200, "Weapon Phys 1d6"),
    ("uruk_hai", 3, 7, 10, 0, -4, 1, 5, "Large", "Medium", 1300, 300, "Weapon Phys 1d8"),
    ("orc_shaman", 3, 9, 5, 10, -5, 1, 5, "Alone", "Medium", 1000, 300, "Magic Spell 0d0"),
    ("orc_captain", 5, 5, 10, 0, -5, 1, 7, "Alone", "Medium", 1350, 350, "Weapon Phys 2d4; Weapon Phys 2d4"),
    ("goblin", 0, 6, 10, 0, -3, 2, 1, "Alone", "Small", 400, 100, "Weapon Phys 1d4"),
    ("monkey", 2, 12, 6, 0, 0, 1, 4, "Alone", "Small", 100, 50, "Claw StealItem 0d0; Bite Phys 1d3"),
    ("water_nymph", 3, 12, 9, 20, 0, 2, 5, "Alone", "Medium", 600, 300, "Claw StealItem 0d0; Claw Seduce 0d0"),
    ("kobold_shaman", 2, 6, 6, 10, -4, 1, 4, "Alone", "Small", 450, 150, "Magic Spell 0d0"),
    ("kitten", 2, 18, 6, 0, 0, 1, 3, "Alone", "Small", 150, 150, "Bite Phys 1d6"),
    ("housecat", 4, 16, 5, 0, 0, 1, 5, "Alone", "Small", 200, 200, "Bite Phys 1d6"),
    ("kobold_mummy", 3, 8, 6, 20, -2, 1, 4, "Alone", "Small", 400, 50, "Claw Phys 1d4"),
    ("gnome_mummy", 4, 10, 6, 20, -3, 1, 5, "Alone", "Small", 650, 50, "Claw Phys 1d6"),
    ("orc_mummy", 5, 10, 5, 20, -4, 1, 6, "Alone", "Medium", 850, 75, "Claw Phys 1d6"),
    ("dwarf_mummy", 5, 10, 5, 20, -4, 1, 6, "Alone", "Medium", 900, 150, "Claw Phys 1d6"),
    ("human_mummy", 6, 12, 4, 30, -5, 1, 7, "Alone", "Medium", 1450, 200, "Claw Phys 2d4; Claw Phys 2d4"),
    ("ettin_mummy", 7, 12, 4, 30, -6, 1, 8, "Alone", "Huge", 1700, 250, "Claw Phys 2d6; Claw Phys 2d6"),
    ("elf_mummy", 6, 12, 4, 30, -5, 1, 7, "Alone", "Medium", 800, 175, "Claw Phys 2d4"),
    ("giant_mummy", 8, 14, 3, 30, -7, 1, 10, "Alone", "Huge", 2050, 375, "Claw Phys 3d4; Claw Phys 3d4"),
    ("kobold_zombie", 0, 6, 10, 0, -2, 1, 1, "Alone", "Small", 400, 50, "Claw Phys 1d4"),
    ("gnome_zombie", 1, 6, 10, 0, -2, 1, 2, "Alone", "Small", 650, 50, "Claw Phys 1d5"),
    ("orc_zombie", 2, 6, 9, 0, -3, 1, 3, "Small", "Medium", 850, 75, "Claw Phys 1d6"),
    ("dwarf_zombie", 2, 6, 9, 0, -3, 1, 3, "Small", "Medium", 900, 150, "Claw Phys 1d6"),
    ("human_zombie", 4, 6, 8, 0, -3, 1, 5, "Small", "Medium", 1450, 200, "Claw Phys 1d8"),
    ("elf_zombie", 3, 6, 9, 0, -3, 1, 4, "Small", "Medium", 800, 175, "Claw Phys 1d7"),
    ("ettin_zombie", 6, 8, 6, 0, -4, 1, 7, "Alone", "Huge", 1700, 250, "Claw Phys 1d10; Claw Phys 1d10"),
    ("giant_zombie", 8, 8, 6, 0, -4, 1, 9, "Alone", "Huge", 2050, 375, "Claw Phys 2d8; Claw Phys 2d8"),
    ("ghoul", 3, 6, 10, 0, -2, 1, 5, "Alone", "Small", 400, 50, "Claw Paralyse 1d2; Claw Phys 1d3"),
    ("vampire", 10, 12, 1, 25, -8, 1, 12, "Alone", "Medium", 1450, 400, "Claw Phys 1d6; Bite DrainLife 1d6"),
    ("vampire_lord", 12, 14, 0, 50, -9, 1, 14, "Alone", "Medium", 1450, 400, "Claw Phys 1d8; Bite DrainLife 1d8"),
    ("small_mimic", 7, 3, 7, 0, 0, 2, 8, "Alone", "Medium", 300, 200, "Claw Phys 3d4"),
    ("large_mimic", 8, 3, 7, 10, 0, 1, 9, "Alone", "Large", 600, 400, "Claw Stick 3d4"),
    ("giant_mimic", 9, 3, 7, 20, 0, 1, 11, "Alone", "Large", 800, 500, "Claw Stick 3d6; Claw Stick 3d6"),
    ("floating_eye", 2, 1, 9, 10, 0, 5, 3, "Alone", "Small", 10, 10, "Passive Paralyse 0d70"),
    ("gas_spore", 1, 3, 10, 0, 0, 1, 2, "Alone", "Small", 10, 10, "Boom Phys 4d6"),
    ("flaming_sphere", 6, 13, 4, 0, 0, 2, 9, "Alone", "Small", 10, 10, "Explode Fire 4d6"),
    ("freezing_sphere", 6, 13, 4, 0, 0, 2, 9, "Alone", "Small", 10, 10, "Explode Cold 4d6"),
    ("shocking_sphere", 6, 13, 4, 0, 0, 2, 10, "Alone", "Small", 10, 10, "Explode Shock 4d6"),
    ("giant_spider", 5, 15, 4, 0, 0, 1, 7, "Alone", "Large", 200, 100, "Bite DrainStrength 2d4"),
    ("pony", 3, 16, 6, 0, 0, 2, 4, "Alone", "Medium", 1300, 250, "Kick Phys 1d6; Bite Phys 1d2"),
    ("little_dog", 2, 18, 6, 0, 0, 1, 3, "Alone", "Small", 150, 150, "Bite Phys 1d6"),
    ("giant_ant", 2, 18, 3, 0, 0, 3, 4, "Small", "Tiny", 10, 10, "Bite Phys 1d4"),
    ("killer_bee", 1, 18, -1, 0, 0, 2, 5, "Large", "Tiny", 1, 5, "Sting DrainStrength 1d3"),
    ("soldier_ant", 3, 18, 3, 0, 0, 2, 6, "Small", "Tiny", 20, 5, "Bite Phys 2d4; Sting DrainStrength 3d4"),
    ("fire_ant", 3, 18, 3, 10, 0, 1, 6, "Small", "Tiny", 30, 10, "Bite Phys 2d4; Bite Fire 2d4"),
    ("giant_beetle", 5, 6, 4, 0, 0, 3, 6, "Alone", "Large", 200, 50, "Bite Phys 3d6"),
    ("acid_blob", 1, 3, 8, 0, 0, 2, 2, "Alone", "Tiny", 30, 10, "Passive Acid 1d8"),
    ("quivering_blob", 5, 1, 8, 0, 0, 2, 6, "Alone", "Small", 200, 100, "Touch Phys 1d8"),
    ("gelatinous_cube", 6, 6, 8, 0, 0, 2, 8, "Alone", "Large", 600, 150, "Touch Paralyse 2d4; Passive Paralyse 1d4"),
    ("chickatrice", 4, 4, 8, 30, 0, 1, 7, "Small", "Tiny", 10, 10, "Bite Phys 1d2; Touch Stone 0d0; Passive Stone 0d0"),
    ("cockatrice", 5, 6, 6, 30, 0, 5, 8, "Alone", "Small", 30, 30, "Bite Phys 1d3; Touch Stone 0d0; Passive Stone 0d0"),
    ("pyrolisk", 6, 6, 6, 30, 0, 1, 8, "Alone", "Small", 30, 30, "Gaze Fire 2d6; Bite Phys 1d6"),
    ("jackal", 0, 12, 7, 0, 0, 3, 1, "Small", "Small", 300, 250, "Bite Phys 1d2"),
    ("fox", 0, 15, 7, 0, 0, 1, 1, "Alone", "Small", 300, 250, "Bite Phys 1d3"),
    ("coyote", 1, 12, 7, 0, 0, 1, 2, "Small", "Small", 300, 250, "Bite Phys 1d4"),
    ("dingo", 4, 16, 5, 0, 0, 1, 5, "Alone", "Medium", 400, 200, "Bite Phys 1d6"),
    ("dog", 4, 16, 5, 0, 0, 1, 5, "Alone", "Medium", 400, 200, "Bite Phys 1d6"),
    ("large_dog", 6, 15, 4, 0, 0, 1, 7, "Alone", "Medium", 800, 250, "Bite Phys 2d4"),
    ("wolf", 5, 12, 4, 0, 0, 2, 6, "Small", "Medium", 500, 250, "Bite Phys 2d4"),
    ("winter_wolf_cub", 5, 12, 4, 0, -5, 2, 7, "Small", "Small", 250, 200, "Bite Phys 1d8; Breath Cold 1d6"),
    ("warg", 7, 12, 4, 0, -5, 2, 8, "Small", "Medium", 850, 350, "Bite Phys 2d6"),
    ("winter_wolf", 7, 12, 4, 20, 0, 1, 9, "Alone", "Large", 700, 300, "Bite Phys 2d6; Breath Cold 2d6"),
    ("jaguar", 4, 15, 6, 0, 0, 2, 6, "Alone", "Large", 600, 300, "Claw Phys 1d4; Claw Phys 1d4; Bite Phys 1d8"),
    ("lynx", 5, 15, 6, 0, 0, 1, 7, "Alone", "Small", 600, 300, "Claw Phys 1d4; Claw Phys 1d4; Bite Phys 1d10"),
    ("panther", 5, 15, 6, 0, 0, 1, 7, "Alone", "Large", 600, 300, "Claw Phys 1d6; Claw Phys 1d6; Bite Phys 1d10"),
    ("large_cat", 6, 15, 4, 0, 0, 1, 7, "Alone", "Small", 250, 250, "Bite Phys 2d4"),
    ("tiger", 6, 12, 6, 0, 0, 2, 8, "Alone", "Large", 600, 300, "Claw Phys 2d4; Claw Phys 2d4; Bite Phys 1d10"),
    ("gremlin", 5, 12, 2, 25, -9, 2, 8, "Alone", "Small", 100, 20, "Claw Phys 1d6; Claw Phys 1d6; Bite Phys 1d4; Claw Curse 0d0"),
    ("gargoyle", 6, 10, -4, 0, -9, 2, 8, "Alone", "Medium", 1000, 200, "Claw Phys 2d6; Claw Phys 2d6; Bite Phys 2d4"),
    ("winged_gargoyle", 9, 15, -2, 0, -12, 1, 11, "Alone", "Medium", 1200, 300, "Claw Phys 3d6; Claw Phys 3d6; Bite Phys 3d4"),
    ("manes", 1, 3, 7, 0, -7, 1, 3, "Large", "Small", 100, 100, "Claw Phys 1d3; Claw Phys 1d3; Bite Phys 1d4"),
    ("homunculus", 2, 12, 6, 10, -7, 2, 3, "Alone", "Tiny", 60, 100, "Bite Sleep 1d3"),
    ("imp", 3, 12, 2, 20, -7, 1, 4, "Alone", "Tiny", 20, 10, "Claw Phys 1d4"),
    ("quasit", 3, 15, 2, 20, -7, 2, 7, "Alone", "Small", 200, 200, "Claw DrainDexterity 1d2; Claw DrainDexterity 1d2; Bite Phys 1d4"),
    ("tengu", 6, 13, 5, 30, 7, 3, 7, "Alone", "Small", 300, 200, "Bite Phys 1d7"),
    ("blue_jelly", 4, 0, 8, 10, 0, 2, 5, "Alone", "Medium", 50, 20, "Passive Cold 0d6"),
    ("spotted_jelly", 5, 0, 8, 10, 0, 1, 6, "Alone", "Medium", 50, 20, "Passive Acid 0d6"),
    ("ochre_jelly", 6, 3, 8, 20, 0, 2, 8, "Alone", "Medium", 50, 20, "Engulf Acid 3d6; Passive Acid 3d6"),
    ("kobold", 0, 6, 10, 0, -2, 1, 1, "Alone", "Small", 400, 100, "Weapon Phys 1d4"),
    ("large_kobold", 1, 6, 10, 0, -3, 1, 2, "Alone", "Small", 450, 150, "Weapon Phys 1d6"),
    ("kobold_lord", 2, 6, 10, 0, -4, 1, 3, "Alone", "Small", 500, 200, "Weapon Phys 2d4"),
    ("leprechaun", 5, 15, 8, 20, 0, 4, 4, "Alone", "Tiny", 60, 30, "Claw StealGold 1d2"),
    ("wood_nymph", 3, 12, 9, 20, 0, 2, 5, "Alone", "Medium", 600, 300, "Claw StealItem 0d0; Claw Seduce 0d0"),
    ("mountain_nymph", 3, 12, 9, 20, 0, 2, 5, "Alone", "Medium", 600, 300, "Claw StealItem 0d0; Claw Seduce 0d0"),
    ("hobgoblin", 1, 9, 10, 0, -4, 2, 3, "Alone", "Medium", 1000, 200, "Weapon Phys 1d6"),
    ("rock_piercer", 3, 1, 3, 0, 0, 4, 4, "Alone", "Small", 200, 200, "Bite Phys 2d6"),
    ("iron_piercer", 5, 1, 0, 0, 0, 2, 6, "Alone", "Medium", 400, 300, "Bite Phys 3d6"),
    ("glass_piercer", 7, 1, 0, 0, 0, 1, 9, "Alone", "Medium", 400, 300, "Bite Phys 4d6"),
    ("rothe", 2, 9, 7, 0, 0, 4, 4, "Small", "Large", 400, 100, "Claw Phys 1d3; Bite Phys 1d3; Bite Phys 1d8"),
    ("mumak", 5, 9, 0, 0, -2, 1, 7, "Alone", "Large", 2500, 500, "Butt Phys 4d12; Bite Phys 2d6"),
    ("leocrotta", 6, 18, 4, 10, 0, 2, 8, "Alone", "Large", 1200, 500, "Claw Phys 2d6; Bite Phys 2d6; Claw Phys 2d6"),
    ("wumpus", 8, 3, 2, 10, 0, 1, 9, "Alone", "Large", 2500, 500, "Bite Phys 3d6"),
    ("titanothere", 12, 12, 6, 0, 0, 2, 13, "Alone", "Large", 2650, 650, "Claw Phys 2d8"),
    ("sewer_rat", 0, 12, 7, 0, 0, 1, 1, "Small", "Tiny", 20, 12, "Bite Phys 1d3"),
    ("giant_rat", 1, 10, 7, 0, 0, 2, 2, "Small", "Tiny", 30, 30, "Bite Phys 1d3"),
    ("rabid_rat", 2, 12, 6, 0, 0, 1, 4, "Alone", "Tiny", 30, 5, "Bite DrainConstitution 2d4"),
    ("rock_mole", 3, 3, 0, 20, 0, 2, 4, "Alone", "Small", 30, 30, "Bite Phys 1d6"),
    ("cave_spider", 1, 12, 3, 0, 0, 2, 3, "Small", "Tiny", 50, 50, "Bite Phys 1d2"),
    ("centipede", 2, 4, 3, 0, 0, 1, 4, "Alone", "Tiny", 50, 50, "Bite DrainStrength 1d3"),
    ("scorpion", 5, 15, 3, 0, 0, 2, 8, "Alone", "Small", 50, 100, "Claw Phys 1d2; Claw Phys 1d2; Sting DrainStrength 1d4"),
    ("lurker_above", 10, 3, 3, 0, 0, 2, 12, "Alone", "Huge", 800, 350, "Engulf Wrap 1d6; Engulf Phys 2d6"),
    ("white_unicorn", 4, 24, 2, 70, 7, 2, 6, "Alone", "Large", 1300, 300, "Butt Phys 1d12; Kick Phys 1d6"),
    ("gray_unicorn", 4, 24, 2, 70, 0, 1, 6, "Alone", "Large", 1300, 300, "Butt Phys 1d12; Kick Phys 1d6"),
    ("black_unicorn", 4, 24, 2, 70, -7, 1, 6, "Alone", "Large", 1300, 300, "Butt Phys 1d12; Kick Phys 1d6"),
    ("horse", 5, 20, 5, 0, 0, 2, 7, "Alone", "Large", 1500, 300, "Kick Phys 1d8; Bite Phys 1d3"),
    ("warhorse", 7, 24, 4, 0, 0, 2, 9, "Alone", "Large", 1800, 350, "Kick Phys 1d10; Bite Phys 1d4"),
    ("fog_cloud", 3, 1, 0, 0, 0, 2, 4, "Alone", "Huge", 0, 0, "Engulf Phys 1d6"),
    ("dust_vortex", 4, 20, 2, 30, 0, 2, 6, "Alone", "Huge", 0, 0, "Engulf Blind 2d8"),
    ("ice_vortex", 5, 20, 2, 30, 0, 1, 7, "Alone", "Huge", 0, 0, "Engulf Cold 1d6"),
    ("energy_vortex", 6, 20, 2, 30, 0, 1, 9, "Alone", "Huge", 0, 0, "Engulf Shock 1d6; Engulf DrainEnergy 2d6; Passive Shock 0d4"),
    ("long_worm", 9, 3, 5, 10, 0, 2, 10, "Alone", "Gigantic", 1500, 500, "Bite Phys 2d4"),
    ("grid_bug", 0, 12, 9, 0, 0, 3, 1, "Small", "Tiny", 15, 10, "Bite Shock 1d1"),
    ("xan", 7, 18, -4, 0, 0, 3, 9, "Alone", "Tiny", 300, 300, "Sting Legs 1d4"),
    ("yellow_light", 3, 15, 0, 0, 0, 4, 5, "Alone", "Small", 0, 0, "Explode Blind 10d20"),
    ("black_light", 5, 15, 0, 0, 0, 2, 7, "Alone", "Small", 0, 0, "Explode Hallucinate 10d12"),
    ("zruty", 9, 8, 3, 0, 0, 2, 11, "Alone", "Large", 1200, 600, "Claw Phys 3d4; Claw Phys 3d4; Bite Phys 3d6"),
    ("couatl", 8, 10, 5, 30, 7, 1, 11, "Small", "Large", 900, 400, "Bite DrainStrength 2d4; Bite Phys 1d3; Hug Wrap 2d4"),
    ("aleax", 10, 8, 0, 30, 7, 1, 12, "Alone", "Medium", 1450, 400, "Weapon Phys 1d6; Weapon Phys 1d6; Kick Phys 1d4"),
    ("bat", 0, 22, 8, 0, 0, 1, 2, "Small", "Tiny", 20, 20, "Bite Phys 1d4"),
    ("giant_bat", 2, 22, 7, 0, 0, 2, 3, "Alone", "Small", 30, 30, "Bite Phys 1d6"),
    ("raven", 4, 20, 6, 0, 0, 2, 6, "Alone", "Small", 40, 20, "Bite Phys 1d6; Claw Blind 1d6"),
    ("vampire_bat", 5, 20, 6, 0, 0, 2, 7, "Alone", "Small", 30, 20, "Bite Phys 1d6; Bite DrainStrength 0d0"),
    ("plains_centaur", 4, 18, 4, 0, 0, 1, 6, "Alone", "Large", 2500, 500, "Weapon Phys 1d6; Kick Phys 1d6"),
    ("forest_centaur", 5, 18, 3, 10, -1, 1, 8, "Alone", "Large", 2550, 600, "Weapon Phys 1d8; Kick Phys 1d6"),
    ("mountain_centaur", 6, 20, 2, 10, -3, 1, 9, "Alone", "Large", 2550, 500, "Weapon Phys 1d10; Kick Phys 1d6; Kick Phys 1d6"),
    ("stalker", 8, 12, 3, 0, 0, 3, 9, "Alone", "Large", 900, 400, "Claw Phys 4d4"),
    ("air_elemental", 8, 36, 2, 30, 0, 1, 10, "Alone", "Huge", 0, 0, "Engulf Phys 1d10"),
    ("fire_elemental", 8, 12, 2, 30, 0, 1, 10, "Alone", "Huge", 0, 0, "Claw Fire 3d6; Passive Fire 0d4"),
    ("earth_elemental", 8, 6, 2, 30, 0, 1, 10, "Alone", "Huge", 2500, 0, "Claw Phys 4d6"),
    ("water_elemental", 8, 6, 2, 30, 0, 1, 10, "Alone", "Huge", 2500, 0, "Claw Phys 5d6"),
    ("lichen", 0, 1, 9, 0, 0, 4, 1, "Alone", "Small", 20, 200, "Touch Stick 0d0"),
    ("brown_mold", 1, 0, 9, 0, 0, 1, 2, "Alone", "Small", 50, 30, "Passive Cold 0d6"),
    ("yellow_mold", 1, 0, 9, 0, 0, 2, 2, "Alone", "Small", 50, 30, "Passive Stun 0d4"),
    ("green_mold", 1, 0, 9, 0, 0, 1, 2, "Alone", "Small", 50, 30, "Passive Acid 0d4"),
    ("red_mold", 1, 0, 9, 0, 0, 1, 2, "Alone", "Small", 50, 30, "Passive Fire 0d4"),
    ("shrieker", 3, 1, 7, 0, 0, 1, 2, "Alone", "Small", 100, 100, ""),
    ("violet_fungus", 3, 1, 7, 0, 0, 2, 5, "Alone", "Small", 100, 100, "Touch Phys 1d4; Touch Stick 0d0"),
    ("stone_giant", 6, 6, 0, 0, 2, 1, 8, "Small", "Huge", 2250, 750, "Weapon Phys 2d10"),
    ("hill_giant", 8, 10, 6, 0, -2, 1, 10, "Small", "Huge", 2200, 700, "Weapon Phys 2d8"),
    ("fire_giant", 9, 12, 4, 5, 2, 1, 11, "Small", "Huge", 2250, 750, "Weapon Phys 2d10"),
    ("frost_giant", 10, 12, 3, 10, -3, 1, 13, "Small", "Huge", 2250, 750, "Weapon Phys 2d12"),
    ("ettin", 10, 12, 3, 0, 0, 1, 13, "Alone", "Huge", 1700, 500, "Weapon Phys 2d8; Weapon Phys 3d6"),
    ("red_naga", 6, 12, 4, 0, -4, 1, 8, "Alone", "Huge", 2600, 400, "Bite Phys 2d4; Breath Fire 2d6"),
    ("black_naga", 8, 14, 2, 10, 4, 1, 10, "Alone", "Huge", 2600, 400, "Bite Phys 2d6; Spit Acid 0d0"),
    ("golden_naga", 10, 14, 2, 70, 5, 1, 13, "Alone", "Huge", 2600, 400, "Bite Phys 2d6; Magic Spell 4d6"),
    ("ogre", 5, 10, 5, 0, -3, 1, 7, "Small", "Large", 1600, 500, "Weapon Phys 2d5"),
    ("ogre_lord", 7, 12, 3, 30, -5, 2, 9, "Alone", "Large", 1700, 700, "Weapon Phys 2d6"),
    ("ogre_king", 9, 14, 4, 60, -7, 2, 11, "Alone", "Large", 1700, 750, "Weapon Phys 3d5"),
    ("gray_ooze", 3, 1, 8, 0, 0, 2, 4, "Alone", "Medium", 500, 250, "Bite Rust 2d8"),
    ("brown_pudding", 5, 3, 8, 0, 0, 1, 6, "Alone", "Medium", 500, 250, "Bite Decay 0d0"),
    ("black_pudding", 10, 6, 6, 0, 0, 1, 12, "Alone", "Large", 900, 250, "Bite Corrode 3d8; Passive Corrode 0d0"),
    ("quantum_mechanic", 7, 12, 3, 10, 0, 3, 9, "Alone", "Medium", 1450, 20, "Claw Teleport 1d4"),
    ("rust_monster", 5, 18, 2, 0, 0, 2, 8, "Alone", "Medium", 1000, 250, "Touch Rust 0d0; Touch Rust 0d0; Passive Rust 0d0"),
    ("garter_snake", 1, 8, 8, 0, 0, 1, 3, "Large", "Tiny", 50, 60, "Bite Phys 1d2"),
    ("snake", 4, 15, 3, 0, 0, 2, 6, "Alone", "Small", 100, 80, "Bite DrainStrength 1d6"),
    ("python", 6, 3, 5, 0, 0, 1, 8, "Alone", "Large", 250, 100, "Bite Phys 1d4; Touch Phys 0d0; Hug Wrap 1d4; Hug Phys 2d4"),
    ("pit_viper", 6, 15, 2, 0, 0, 1, 9, "Alone", "Medium", 100, 60, "Bite DrainStrength 1d4; Bite DrainStrength 1d4"),
    ("cobra", 6, 18, 2, 0, 0, 1, 10, "Alone", "Medium", 250, 100, "Bite DrainStrength 2d4; Spit Blind 0d0"),
    ("troll", 7, 12, 4, 0, -3, 2, 9, "Alone", "Large", 800, 350, "Weapon Phys 4d2; Claw Phys 4d2; Bite Phys 2d6"),
    ("ice_troll", 9, 10, 2, 20, -3, 1, 12, "Alone", "Large", 1000, 300, "Weapon Phys 2d6; Claw Cold 2d6; Bite Phys 2d6"),
    ("rock_troll", 9, 12, 0, 0, -3, 1, 12, "Alone", "Large", 1200, 300, "Weapon Phys 3d6; Claw Phys 2d8; Bite Phys 2d6"),
    ("umber_hulk", 9, 6, 2, 25, 0, 2, 12, "Alone", "Large", 1200, 500, "Claw Phys 3d4; Claw Phys 3d4; Bite Phys 2d5; Gaze Confuse 0d0"),
    ("barrow_wight", 3, 12, 5, 5, -3, 1, 8, "Alone", "Medium", 1200, 0, "Weapon DrainLife 0d0; Magic Spell 0d0; Claw Phys 1d4; Touch Cold 1d4"),
    ("wraith", 6, 12, 4, 15, -6, 2, 8, "Alone", "Medium", 0, 0, "Touch DrainLife 1d6"),
    ("xorn", 8, 9, -2, 20, 0, 1, 11, "Alone", "Medium", 1200, 700, "Claw Phys 1d3; Claw Phys 1d3; Claw Phys 1d3; Bite Phys 4d6"),
    ("ape", 4, 12, 6, 0, 0, 2, 6, "Small", "Large", 1100, 500, "Claw Phys 1d3; Claw Phys 1d3; Bite Phys 1d6"),
    ("owlbear", 5, 12, 5, 0, 0, 3, 7, "Alone", "Large", 1700, 700, "Claw Phys 1d6; Claw Phys 1d6; Hug Phys 2d8"),
    ("yeti", 5, 15, 6, 0, 0, 2, 7, "Alone", "Large", 1600, 700, "Claw Phys 1d6; Claw Phys 1d6; Bite Phys 1d4"),
    ("carnivorous_ape", 6, 12, 6, 0, 0, 1, 8, "Alone", "Large", 1250, 550, "Claw Phys 1d4; Claw Phys 1d4; Hug Phys 1d8"),
    ("sasquatch", 7, 15, 6, 0, 2, 1, 9, "Alone", "Large", 1550, 750, "Claw Phys 1d6; Claw Phys 1d6; Kick Phys 1d8"),
    ("straw_golem", 3, 12, 10, 0, 0, 1, 4, "Alone", "Large", 400, 0, "Claw Phys 1d2; Claw Phys 1d2"),
    ("paper_golem", 3, 12, 10, 0, 0, 1, 4, "Alone", "Large", 400, 0, "Claw Phys 1d3"),
    ("rope_golem", 4, 9, 8, 0, 0, 1, 6, "Alone", "Large", 450, 0, "Claw Phys 1d4; Claw Phys 1d4; Hug Phys 6d1"),
    ("gold_golem", 5, 9, 6, 0, 0, 1, 6, "Alone", "Large", 450, 0, "Claw Phys 2d3; Claw Phys 2d3"),
    ("leather_golem", 6, 6, 6, 0, 0, 1, 7, "Alone", "Large", 800, 0, "Claw Phys 1d6; Claw Phys 1d6"),
    ("wood_golem", 7, 3, 4, 0, 0, 1, 8, "Alone", "Large", 900, 0, "Claw Phys 3d4"),
    ("flesh_golem", 9, 8, 9, 30, 0, 1, 10, "Alone", "Large", 1400, 600, "Claw Phys 2d8; Claw Phys 2d8"),
    ("clay_golem", 11, 7, 7, 40, 0, 1, 12, "Alone", "Large", 1550, 0, "Claw Phys 3d10"),
    ("wererat", 2, 12, 10, 10, -7, 1, 3, "Alone", "Medium", 1450, 400, "Weapon Phys 2d4"),
    ("werejackal", 2, 12, 10, 10, -7, 1, 3, "Alone", "Medium", 1450, 400, "Weapon Phys 2d4"),
    ("werewolf", 5, 12, 10, 20, -7, 1, 6, "Alone", "Medium", 1450, 400, "Weapon Phys 2d4"),
    ("woodland_elf", 4, 12, 10, 10, -5, 2, 6, "Small", "Medium", 800, 350, "Weapon Phys 2d4"),
    ("green_elf", 5, 12, 10, 10, -6, 2, 7, "Small", "Medium", 800, 350, "Weapon Phys 2d4"),
    ("grey_elf", 6, 12, 10, 10, -7, 2, 8, "Small", "Medium", 800, 350, "Weapon Phys 2d4"),
    ("elf_lord", 8, 12, 10, 20, -9, 2, 11, "Small", "Medium", 800, 350, "Weapon Phys 2d4; Weapon Phys 2d4"),
    ("elvenking", 9, 12, 10, 25, -10, 1, 11, "Alone", "Medium", 800, 350, "Weapon Phys 2d4; Weapon Phys 2d4"),
    ("doppelganger", 9, 12, 5, 20, 0, 1, 11, "Alone", "Medium", 1450, 400, "Weapon Phys 1d12"),
    ("soldier", 6, 10, 10, 0, -2, 1, 8, "Small", "Medium", 1450, 400, "Weapon Phys 1d8"),
    ("sergeant", 8, 10, 10, 5, -3, 1, 10, "Small", "Medium", 1450, 400, "Weapon Phys 2d6"),
    ("nurse", 11, 6, 0, 0, 0, 3, 13, "Alone", "Medium", 1450, 400, "Claw Heal 2d6"),
    ("lieutenant", 10, 10, 10, 15, -4, 1, 12, "Alone", "Medium", 1450, 400, "Weapon Phys 3d4; Weapon Phys 3d4"),
    ("amorous_demon", 6, 12, 0, 70, -9, 1, 8, "Alone", "Medium", 1450, 400, "Bite Seduce 0d0; Claw Phys 1d3; Claw Phys 1d3"),
    ("newt", 0, 6, 8, 0, 0, 5, 1, "Alone", "Tiny", 10, 20, "Bite Phys 1d2"),
    ("gecko", 1, 6, 8, 0, 0, 5, 2, "Alone", "Tiny", 10, 20, "Bite Phys 1d3"),
    ("iguana", 2, 6, 7, 0, 0, 5, 3, "Alone", "Tiny", 30, 30, "Bite Phys 1d4"),
    ("lizard", 5, 6, 6, 10, 0, 5, 6, "Alone", "Tiny", 10, 40, "Bite Phys 1d6"),
    ("chameleon", 6, 5, 6, 10, 0, 2, 7, "Alone", "Tiny", 100, 100, "Bite Phys 4d2"),
    ("crocodile", 6, 9, 5, 0, 0, 1, 7, "Alone", "Large", 1450, 400, "Bite Phys 4d2; Claw Phys 1d12"),
    ("baby_long_worm", 5, 3, 5, 0, 0, 0, 6, "Alone", "Large", 600, 250, "Bite Phys 1d4"),
    ("baby_purple_worm", 8, 3, 5, 0, 0, 0, 9, "Alone", "Large", 600, 250, "Bite Phys 1d6"),
    ("baby_gray_dragon", 12, 9, 2, 10, 0, 0, 13, "Alone", "Huge", 1500, 500, "Bite Phys 2d6"),
    ("baby_gold_dragon", 12, 9, 2, 10, 0, 0, 13, "Alone", "Huge", 1500, 500, "Bite Phys 2d6"),
    ("baby_silver_dragon", 12, 9, 2, 10, 0, 0, 13, "Alone", "Huge", 1500, 500, "Bite Phys 2d6"),
    ("baby_red_dragon", 12, 9, 2, 10, 0, 0, 13, "Alone", "Huge", 1500, 500, "Bite Phys 2d6"),
    ("baby_white_dragon", 12, 9, 2, 10, 0, 0, 13, "Alone", "Huge", 1500, 500, "Bite Phys 2d6"),
    ("baby_orange_dragon", 12, 9, 2, 10, 0, 0, 13, "Alone", "Huge", 1500, 500, "Bite Phys 2d6"),
    ("baby_black_dragon", 12, 9, 2, 10, 0, 0, 13, "Alone", "Huge", 1500, 500, "Bite Phys 2d6"),
    ("baby_blue_dragon", 12, 9, 2, 10, 0, 0, 13, "Alone", "Huge", 1500, 500, "Bite Phys 2d6"),
    ("baby_green_dragon", 12, 9, 2, 10, 0, 0, 13, "Alone", "Huge", 1500, 500, "Bite Phys 2d6"),
    ("baby_yellow_dragon", 12, 9, 2, 10, 0, 0, 13, "Alone", "Huge", 1500, 500, "Bite Phys 2d6"),
    ("red_naga_hatchling", 3, 10, 6, 0, 0, 0, 4, "Alone", "Large", 500, 100, "Bite Phys 1d4"),
    ("black_naga_hatchling", 3, 10, 6, 0, 0, 0, 4, "Alone", "Large", 500, 100, "Bite Phys 1d4"),
    ("golden_naga_hatchling", 3, 10, 6, 0, 0, 0, 4, "Alone", "Large", 500, 100, "Bite Phys 1d4"),
    ("guardian_naga_hatchling", 3, 10, 6, 0, 0, 0, 4, "Alone", "Large", 500, 100, "Bite Phys 1d4"),
    ("baby_crocodile", 3, 6, 7, 0, 0, 0, 4, "Alone", "Medium", 200, 200, "Bite Phys 1d4"),
];

/// Where a row is not NetHack's, and why (each a field's name).
const DIFFERS: &[(&str, &str, &str)] = &[
    (
        "shopkeeper",
        "difficulty",
        "never made at random; its magic is drawn at 0",
    ),
    (
        "priest",
        "difficulty",
        "never made at random; its magic is drawn at 0",
    ),
    (
        "watchman",
        "difficulty",
        "never made at random; its magic is drawn at 0",
    ),
    (
        "watch_captain",
        "difficulty",
        "never made at random; its magic is drawn at 0",
    ),
];

fn differs(id: &str, field: &str) -> bool {
    DIFFERS.iter().any(|&(i, f, _)| i == id && f == field)
}

#[test]
fn every_monster_row_has_nethacks_numbers() {
    let content = Content::built_in();
    assert_eq!(
        NETHACK.len(),
        content.monsters().len(),
        "a row of NetHack's for each of ours"
    );
    for &(
        id,
        level,
        speed,
        ac,
        mr,
        alignment,
        frequency,
        difficulty,
        group,
        size,
        weight,
        nutrition,
        attacks,
    ) in NETHACK
    {
        let k = content
            .monster_kind(id)
            .unwrap_or_else(|| panic!("a row for {id}"));
        let row = content.monster(k);
        let check = |field: &str, ours: String, theirs: String| {
            if !differs(id, field) {
                assert_eq!(ours, theirs, "{id}'s {field}");
            }
        };
        check("level", row.level.to_string(), level.to_string());
        check("speed", row.speed.to_string(), speed.to_string());
        check("ac", row.ac.to_string(), ac.to_string());
        check("mr", row.magic_resistance.to_string(), mr.to_string());
        check(
            "alignment",
            row.alignment.to_string(),
            alignment.to_string(),
        );
        // A row never made at random says so with frequency 0 (NetHack's
        // G_NOGEN keeps its frequency and a flag).
        if row.is_made_at_random() {
            check(
                "frequency",
                row.frequency.to_string(),
                frequency.to_string(),
            );
        }
        check(
            "difficulty",
            row.difficulty.to_string(),
            difficulty.to_string(),
        );
        if row.is_made_at_random() {
            check("group", format!("{:?}", row.group), group.to_string());
        }
        check("size", format!("{:?}", row.size), size.to_string());
        if let Some(corpse) = row.corpse.as_ref().filter(|c| c.of.is_none()) {
            check("weight", corpse.weight.to_string(), weight.to_string());
            check(
                "nutrition",
                corpse.nutrition.to_string(),
                nutrition.to_string(),
            );
        }
        let ours: Vec<String> = row
            .attacks
            .iter()
            .map(|a| format!("{:?} {:?} {}d{}", a.0, a.1, a.2, a.3))
            .collect();
        check("attacks", ours.join("; "), attacks.to_string());
    }
}

/// Over levels 1, 2, 5 and 6 of 40 seeds, a gnomish Archeologist (whose
/// own race's monsters are two in three a random monster, groups and all)
/// meets at least 20 monster classes.
#[test]
fn a_gnome_meets_the_whole_bestiary_in_the_mines() {
    let content = Content::built_in();
    let mut classes = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let setup = crate::fixtures::setup_as("archeologist gnome neutral");
        let mut run = Dungeon::new(seed, setup).unwrap();
        for depth in [1, 2, 5, 6] {
            let mut wizard = run.wizard();
            let Ok(level) = wizard.make_level(depth) else {
                continue;
            };
            for m in level.monsters() {
                classes.insert(content.monster(m.kind).glyph);
            }
        }
    }
    let letters: String = classes.iter().collect();
    assert!(classes.len() >= 20, "{} classes: {letters}", classes.len());
}

use crate::traps::{monster, p, put_monster, room_as, said};
use gnomish_mines::dungeon::Command;
use gnomish_mines::generation::Dir;

/// A Valkyrie in the test room at (4, 3), her kitten sent away.
fn alone(seed: u64) -> Dungeon {
    let mut r = room_as(seed, p(4, 3), "valkyrie human lawful");
    r.wizard().level().monsters_mut().clear();
    r
}

/// Waits (searching) `n` times at full health, until the run asks or ends.
fn wait(r: &mut Dungeon, n: usize) {
    for _ in 0..n {
        if r.is_over() {
            return;
        }
        r.wizard().set_hp(1000, 1000);
        r.act(Command::Search);
    }
}

#[test]
fn a_leprechaun_takes_gold_and_teleports_away_with_it() {
    let mut stole = 0;
    for seed in 0..20 {
        let mut r = alone(seed);
        r.wizard().set_gold(400);
        let id = put_monster(&mut r, "leprechaun", p(5, 3));
        wait(&mut r, 30);
        if !said(&r).iter().any(|m| m == "Your purse feels lighter.") {
            continue;
        }
        stole += 1;
        // somegold of 400: 50 to all of it; it carries what it took.
        let taken = 400 - r.player().gold;
        assert!((50..=400).contains(&taken), "{taken}");
        let thief = monster(&r, id).expect("still on the level");
        assert!(thief.gold >= taken);
        // Teleported away: it vanished, or reappeared somewhere else.
        assert!(
            said(&r)
                .iter()
                .any(|m| m.starts_with("The leprechaun vanishes")),
            "{:?}",
            said(&r)
        );
    }
    assert!(stole >= 10, "{stole} of 20");
}

#[test]
fn a_nymph_steals_a_thing_and_drops_it_where_she_dies() {
    let mut stole = 0;
    for seed in 0..20 {
        let mut r = alone(seed);
        let before = r.player().inventory.len();
        let id = put_monster(&mut r, "water_nymph", p(5, 3));
        wait(&mut r, 20);
        let Some(line) = said(&r)
            .into_iter()
            .find(|m| m.starts_with("The water nymph stole "))
        else {
            continue;
        };
        stole += 1;
        assert!(r.player().inventory.len() < before, "{line}");
        // She ran; killed, she drops it.
        let Some(at) = monster(&r, id).map(|m| m.pos) else {
            continue;
        };
        let items = r.level().items().len();
        let m = r
            .wizard()
            .level()
            .monsters_mut()
            .iter()
            .position(|m| m.id == id)
            .unwrap();
        r.wizard().level().monsters_mut()[m].hp = 1;
        r.wizard().teleport(p(at.x - 1, at.y));
        for _ in 0..30 {
            if monster(&r, id).is_none() {
                break;
            }
            let there = monster(&r, id).unwrap().pos;
            let me = r.player().pos;
            match me.dir_to(there) {
                Some(d) => r.act(Command::Move(d)),
                None => {
                    r.wizard().teleport(p(there.x - 1, there.y));
                    continue;
                }
            };
            r.wizard().set_hp(1000, 1000);
        }
        if monster(&r, id).is_none() {
            assert!(r.level().items().len() > items, "she left her loot");
        }
    }
    assert!(stole >= 10, "{stole} of 20");
}

#[test]
fn a_floating_eye_freezes_the_hero_who_hits_it() {
    let mut frozen = 0;
    for seed in 0..30 {
        let mut r = alone(seed);
        let id = put_monster(&mut r, "floating_eye", p(5, 3));
        // Hard to kill in one blow: it must live to gaze.
        let m = r
            .level()
            .monsters()
            .iter()
            .position(|m| m.id == id)
            .unwrap();
        r.wizard().level().monsters_mut()[m].hp = 500;
        r.wizard().set_hp(1000, 1000);
        let turn = r.turn();
        r.act(Command::Move(Dir::E));
        if said(&r)
            .iter()
            .any(|m| m == "You are frozen by the floating eye's gaze!")
        {
            frozen += 1;
            // 3d70 turns (or 127) helpless: the blow's turn is long past.
            assert!(r.turn() - turn >= 3, "{} turns", r.turn() - turn);
        }
    }
    // Two in three of the blows that leave it alive, hit or miss.
    assert!((12..=28).contains(&frozen), "{frozen} of 30");
}

#[test]
fn a_soldier_ant_bites_and_stings_and_a_lichen_sticks() {
    let mut bites = 0;
    let mut stings = 0;
    for seed in 0..10 {
        let mut r = alone(seed);
        put_monster(&mut r, "soldier_ant", p(5, 3));
        wait(&mut r, 10);
        let s = said(&r);
        bites += s.iter().filter(|m| *m == "The soldier ant bites!").count();
        stings += s.iter().filter(|m| *m == "The soldier ant stings!").count();
    }
    assert!(bites > 20 && stings > 20, "{bites} bites, {stings} stings");
    // A lichen's touch holds: stepping away mostly fails.
    let mut held = 0;
    for seed in 0..10 {
        let mut r = alone(seed);
        put_monster(&mut r, "lichen", p(5, 3));
        // It moves at speed 1: a touch every twelve turns.
        wait(&mut r, 40);
        if r.player().held_by.is_some() {
            r.act(Command::Move(Dir::W));
            held += usize::from(
                said(&r)
                    .iter()
                    .any(|m| m == "You cannot escape from the lichen!"),
            );
        }
    }
    assert!(held >= 5, "{held} of 10 held");
}

/// A random monster made by a gnome's welcome brings its group: over 40
/// seeds' levels 1, 2, 5 and 6, some kind that comes in groups stands with
/// others of its kind beside it.
#[test]
fn random_monsters_come_in_groups() {
    let content = Content::built_in();
    let mut packs = 0;
    for seed in 0..40 {
        let setup = crate::fixtures::setup_as("archeologist gnome neutral");
        let mut run = Dungeon::new(seed, setup).unwrap();
        for depth in [1, 2, 5, 6] {
            let mut wizard = run.wizard();
            let Ok(level) = wizard.make_level(depth) else {
                continue;
            };
            let ms = level.monsters();
            packs += ms
                .iter()
                .filter(|m| {
                    let row = content.monster(m.kind);
                    row.glyph != 'G'
                        && row.group != gnomish_mines::dungeon::Group::Alone
                        && ms
                            .iter()
                            .any(|o| o.id != m.id && o.kind == m.kind && o.pos.distance(m.pos) == 1)
                })
                .count();
        }
    }
    assert!(packs >= 4, "{packs} monsters of groups beside their kin");
}

/// docs/demos/menagerie_*.txt, played with docs/demos/menagerie.ron: what
/// each says it shows.
#[test]
fn the_menagerie_demos_show_the_new_attacks() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/demos/menagerie.ron");
    let content =
        std::sync::Arc::new(Content::parse(&std::fs::read_to_string(path).unwrap()).unwrap());
    let play = |name: &str| {
        let file = format!(
            "{}/docs/demos/menagerie_{name}.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(file).unwrap();
        let setup = gnomish_mines::dungeon::RunSetup {
            content: content.clone(),
            ..crate::fixtures::setup_as("valkyrie human lawful")
        };
        let mut r = Dungeon::new(1, setup).unwrap();
        r.play(&gnomish_mines::dungeon::parse_keys(&text).unwrap());
        r
    };
    let r = play("leprechaun");
    let s = said(&r);
    for m in [
        "The leprechaun wakes up!",
        "The leprechaun quickly snatches some gold from between your feet!",
        "The leprechaun vanishes and reappears farther away.",
    ] {
        assert!(s.iter().any(|x| x == m), "{m}: {s:?}");
    }
    let r = play("eye");
    let s = said(&r);
    assert!(
        s.iter()
            .any(|x| x == "You are frozen by the floating eye's gaze!")
    );
    assert_eq!(
        r.status(),
        gnomish_mines::dungeon::RunStatus::Died {
            killer: gnomish_mines::dungeon::Killer::Monster(
                r.content().monster_kind("jackal").unwrap()
            ),
            depth: 1
        }
    );
    let r = play("nymph");
    let s = said(&r);
    for m in [
        "You hit the water nymph.",
        "The water nymph seduces you and you take off your small shield.",
        "The water nymph stole an uncursed +3 small shield.",
        "The water nymph vanishes and reappears close by.",
    ] {
        assert!(s.iter().any(|x| x == m), "{m}: {s:?}");
    }
    assert!(
        !r.player()
            .inventory
            .iter()
            .any(|c| r.content().item(c.kind).id == "small_shield"),
        "the shield is gone"
    );
    let r = play("ant");
    let s = said(&r);
    let at = s
        .iter()
        .position(|x| x == "The soldier ant bites!")
        .expect("a bite");
    assert_eq!(s[at + 1], "The soldier ant misses.", "then its sting");
    assert!(!r.is_over());
}

#[test]
fn a_monster_arrives_one_turn_in_70_where_you_cannot_see_it() {
    // NetHack 3.7's allmain: at the end of one turn in 70 a random monster
    // for the level, out of your sight. A Valkyrie waits on level 1 of 20
    // seeds with the level's own monsters gone: every monster seen after
    // that arrived. The turns with an arrival within 3σ of turns / 70; an
    // arrival (with its group, each on the same turn) where she can't see
    // it nearly always (a cell out of sight is found unless there is none).
    let (mut arrivals, mut turns, mut seen_at_once, mut monsters) = (0u32, 0u64, 0u32, 0u32);
    let mut letters = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let mut r = Dungeon::new(seed, crate::fixtures::setup_as("valkyrie human lawful")).unwrap();
        r.wizard().level().monsters_mut().clear();
        let mut known = std::collections::HashSet::new();
        let start = r.turn();
        while r.turn() - start < 700 && !r.is_over() {
            r.wizard().set_hp(1000, 1000);
            r.act(Command::Search);
            let new: Vec<_> = r
                .level()
                .monsters()
                .iter()
                .filter(|m| !known.contains(&m.id))
                .copied()
                .collect();
            if !new.is_empty() {
                arrivals += 1;
            }
            for m in new {
                known.insert(m.id);
                monsters += 1;
                seen_at_once += u32::from(r.is_visible(m.pos));
                letters.insert(r.content().monster(m.kind).glyph);
            }
        }
        turns += r.turn() - start;
    }
    let mean = turns as f64 / 70.0;
    let sd = (turns as f64 * (1.0 / 70.0) * (69.0 / 70.0)).sqrt();
    println!(
        "{arrivals} arrivals ({monsters} monsters, {seen_at_once} in sight) in {turns} turns, \
         expected {mean:.0} ± {:.0}; letters {letters:?}",
        3.0 * sd
    );
    assert!((f64::from(arrivals) - mean).abs() <= 3.0 * sd);
    assert!(
        seen_at_once * 10 <= monsters,
        "{seen_at_once} of {monsters} in sight"
    );
    assert!(letters.len() >= 5, "{letters:?}");
}
