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
    for line in &mut lines {
        if !line.or.is_empty() {
            let pick = rng.rn2(line.or.len() as u64 + 1) as usize;
            if pick > 0 {
                line.item = line.or[pick - 1].clone();
            }
        }
    }
    if let Some(v) = &role.variant
        && rng.rn2(100) >= u64::from(v.at_least)
    {
        lines.iter_mut().for_each(|l| swap(l, &v.swap));
    }
    if let Some(extra) = role
        .extras
        .iter()
        .find(|e| rng.rn2(u64::from(e.one_in)) == 0)
        .filter(|e| !e.unmade)
    {
        lines.push(KitLine {
            item: extra.item.clone(),
            count: (1, 1),
            spe: extra.spe,
            quivered: false,
            blessing: Default::default(),
            as_made: false,
            or: Vec::new(),
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
    if role.sees_blessings {
        state.discoveries.see_blessings();
    }
    for kind in role.knows.iter().filter_map(|id| content.item_kind(id)) {
        state.discoveries.discover(kind);
    }
    let mut rng = MineRng::from_seed(named_stream_seed(state.seed, "hero kit"));
    let mut wielding = false;
    let lines = kit_lines(hero, rows, &mut rng);
    let mut refused = Refused::new(hero, &content, &lines);
    for line in &lines {
        let count = crate::dungeon::dice::between(&mut rng, line.count);
        // A class ("%") is that many random items of it; an item row is one
        // stack of that many.
        let draws = if content.item_kind(&line.item).is_some() {
            vec![count]
        } else {
            vec![1; count as usize]
        };
        for quantity in draws {
            let Some(kind) = draw(&content, line, &mut refused, &mut rng) else {
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
            // As the line says (uncursed unless it says), or as made but
            // never cursed, and known to be (`ini_inv`'s `bknown`).
            c.blessing = line.blessing;
            if line.as_made {
                let (blessing, spe) =
                    crate::dungeon::kinds::blessings::draw(content.curse_odds(kind), &mut rng);
                c.blessing = match blessing {
                    crate::dungeon::blessing::Blessing::Cursed => Default::default(),
                    b => b,
                };
                // Armour and weapons keep the line's enchantment (NetHack's
                // `UNDEF_BLESS` armour has its `trspe`).
                if row.on_pick_up.armour().is_none() && row.on_pick_up.weapon().is_none() {
                    c.spe = c.spe.saturating_add(spe);
                }
                if row.on_pick_up.accessory().is_some_and(|a| a.charged) && c.spe <= 0 {
                    c.spe = crate::dungeon::dice::rne(3, &mut rng) as i8;
                }
            }
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
            // A book in the kit is a spell known from the start
            // (`initialspell`), fresh for 20,000 turns.
            if row.on_pick_up.spellbook().is_some_and(|b| b.level > 0) {
                state.player.spells.push(crate::dungeon::state::KnownSpell {
                    book: kind,
                    memory: crate::dungeon::rules::study::KEEN,
                });
            }
            carry::give(&mut state.player, &content, c);
        }
    }
    if let Some(range) = role.gold {
        state.player.gold += crate::dungeon::dice::between(&mut rng, range);
    }
    let mut kit_skills: Vec<_> = state
        .player
        .inventory
        .iter()
        .filter_map(|c| content.item(c.kind).on_pick_up.wielded_as())
        .map(|w| w.skill)
        .collect();
    kit_skills.extend(role.casting.starts_basic.iter().copied());
    let mut rng = MineRng::from_seed(named_stream_seed(state.seed, "hero growth"));
    let (mut growth, hp) = Growth::new(hero, rows, &kit_skills, &mut rng);
    // A hero who knows a spell has the power to cast a first-level one
    // (`u_init`'s `SPELL_LEV_PW(1)`: a Healer's or a Monk's 5).
    if !state.player.spells.is_empty() && growth.max_pw < FIRST_SPELL_POWER {
        growth.pw = FIRST_SPELL_POWER;
        growth.max_pw = FIRST_SPELL_POWER;
    }
    crate::dungeon::rules::grow::strengthen_to_carry(&mut growth, &state.player, &content, hero);
    growth.load = crate::dungeon::hero::attributes::Encumbrance::of(
        crate::dungeon::rules::grow::carried_weight(&state.player, &content),
        crate::dungeon::rules::grow::capacity(&growth),
    );
    state.player.hp = hp;
    state.player.max_hp = hp;
    state.player.growth = Some(growth);
    crate::dungeon::rules::grow::know_books_by_skill(state);
}

/// What a random kit item is never (`ini_inv_mkobj_filter`): too strong
/// (a wand of wishing, a ring of levitation) or of no use (blank paper, a
/// wand of nothing, rings of aggravate monster and hunger). NetHack's
/// hallucination and acid potions and its amnesia and fire scrolls are on
/// its list too; this game makes none of them.
const NEVER_IN_A_KIT: &[&str] = &[
    "wand_of_wishing",
    "ring_of_levitation",
    "scroll_of_blank_paper",
    "spellbook_of_blank_paper",
    "ring_of_aggravate_monster",
    "ring_of_hunger",
    "wand_of_nothing",
];

/// The power a first-level spell takes, which a hero who knows a spell
/// starts with at least.
const FIRST_SPELL_POWER: i32 = 5;

/// How many draws a random kit item gets before it is whatever came.
const TRIES: u32 = 1000;

/// What a kit's random items may not be, as the kit is dealt
/// (`ini_inv`'s `nocreate` and `got_sp1`).
struct Refused {
    /// Books the kit names itself (a Wizard's force bolt: she has one),
    /// and a race's own resistance's ring (an orc's poison resistance).
    kinds: Vec<String>,
    /// The schools the role can never learn.
    restricted: Vec<crate::dungeon::skills::Skill>,
    /// What the role's random items are never (its row's `never_given`).
    never_given: Vec<String>,
    /// The last random ring or book (no two alike) and the polymorph
    /// pairings (`nocreate` to `nocreate4`).
    last: Vec<crate::dungeon::content::ItemKind>,
    /// A level-1 book came (then a random book may be up to level 3).
    got_level_one: bool,
}

impl Refused {
    fn new(hero: Hero, content: &crate::dungeon::content::Content, lines: &[KitLine]) -> Refused {
        use crate::dungeon::hero::Intrinsic;
        use crate::dungeon::skills::{Skill, SkillLevel};
        let rows = content.heroes();
        let role = hero.role(rows);
        // (NetHack's "wizard patch": no second force bolt; here any book
        // the kit names.)
        let mut kinds: Vec<String> = lines
            .iter()
            .map(|l| l.item.clone())
            .filter(|id| {
                content
                    .item_kind(id)
                    .is_some_and(|k| content.item(k).on_pick_up.spellbook().is_some())
            })
            .collect();
        if hero
            .race(rows)
            .intrinsics
            .contains(&(1, Intrinsic::PoisonResistance))
        {
            kinds.push("ring_of_poison_resistance".into());
        }
        let restricted = Skill::SCHOOLS
            .into_iter()
            .filter(|s| {
                !role
                    .skills
                    .iter()
                    .any(|(k, most)| k == s && *most > SkillLevel::Restricted)
            })
            .collect();
        Refused {
            kinds,
            restricted,
            never_given: role.never_given.clone(),
            last: Vec::new(),
            got_level_one: false,
        }
    }

    /// May a random kit item be of `kind`?
    fn allows(
        &self,
        content: &crate::dungeon::content::Content,
        kind: crate::dungeon::content::ItemKind,
    ) -> bool {
        let row = content.item(kind);
        if NEVER_IN_A_KIT.contains(&row.id.as_str())
            || self.never_given.contains(&row.id)
            || self.kinds.contains(&row.id)
            || self.last.contains(&kind)
        {
            return false;
        }
        match row.on_pick_up.spellbook() {
            Some(book) => {
                let most = if self.got_level_one { 3 } else { 1 };
                book.level <= most && book.school.is_none_or(|s| !self.restricted.contains(&s))
            }
            None => true,
        }
    }

    /// `kind` came: what it rules out from now on.
    fn came(
        &mut self,
        content: &crate::dungeon::content::Content,
        kind: crate::dungeon::content::ItemKind,
        random: bool,
    ) {
        let row = content.item(kind);
        if row.on_pick_up.spellbook().is_some_and(|b| b.level == 1) {
            self.got_level_one = true;
        }
        if !random {
            return;
        }
        let named = |id: &str| content.item_kind(id);
        let pairs: &[(&str, &[&str])] = &[
            ("wand_of_polymorph", &["ring_of_polymorph_control"]),
            ("ring_of_polymorph", &["ring_of_polymorph_control"]),
            ("potion_of_polymorph", &["ring_of_polymorph_control"]),
            (
                "ring_of_polymorph_control",
                &[
                    "ring_of_polymorph",
                    "spellbook_of_polymorph",
                    "potion_of_polymorph",
                ],
            ),
        ];
        if let Some((_, no)) = pairs.iter().find(|(id, _)| *id == row.id) {
            self.last.extend(no.iter().filter_map(|id| named(id)));
        }
        let ring = row.on_pick_up.accessory().is_some() && row.glyph == '=';
        if ring || row.on_pick_up.spellbook().is_some() {
            self.last.push(kind);
        }
    }
}

/// The kind of one of `line`'s items: its row, or a random one of its
/// class that the kit allows (tried [`TRIES`] times).
fn draw(
    content: &crate::dungeon::content::Content,
    line: &KitLine,
    refused: &mut Refused,
    rng: &mut MineRng,
) -> Option<crate::dungeon::content::ItemKind> {
    let random = content.item_kind(&line.item).is_none();
    let mut kind = objects::resolve(content, &line.item, true, rng)?;
    if random {
        for _ in 0..TRIES {
            if refused.allows(content, kind) {
                break;
            }
            kind = objects::resolve(content, &line.item, true, rng)?;
        }
    }
    refused.came(content, kind, random);
    Some(kind)
}
