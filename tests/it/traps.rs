//! Traps, boulders and searching on a level drawn by hand, where every
//! answer can be worked out: a lit room and, walled off below it, a corridor
//! one cell wide (where a monster can't go round anything).

use std::sync::{Arc, OnceLock};

use gnomish_mines::dungeon::content::BUILT_IN;
use gnomish_mines::dungeon::{
    Command, Content, Dungeon, Killer, Monster, RunSetup, RunStatus, Trap, render_run,
};
use gnomish_mines::generation::{Dir, Pos};

/// Level 1 of every run here. The two walls inside the room, at (6, 1) and
/// (7, 2), make a pair of rock corners a boulder can't roll between; the
/// rock at (12, 1) to (14, 1) is there to dig.
const ROOM: [&str; 8] = [
    "----------------",
    "|.<...-.....   |",
    "|......-.......|",
    "|..............|",
    "|..............|",
    "----------------",
    "|..............|",
    "----------------",
];

/// The corridor's row.
pub(crate) const HALL: i32 = 6;

/// The built-in content with the room as level 1 (no monsters or items of
/// its own; each test puts what it needs there), lit or, with `dark`, not.
fn content(dark: bool) -> Arc<Content> {
    static CONTENT: [OnceLock<Arc<Content>>; 2] = [OnceLock::new(), OnceLock::new()];
    CONTENT[dark as usize]
        .get_or_init(|| {
            let rows: Vec<String> = ROOM.iter().map(|r| format!("\"{r}\"")).collect();
            let lit = if dark { "Never" } else { "Always" };
            let kind = format!(
                "\"room\": (builder: \"drawn\", lit: {lit}, settings: (map: [{}])),\n",
                rows.join(", ")
            );
            let text = crate::fixtures::with_kind(&kind, 1);
            Arc::new(Content::parse(&text).unwrap())
        })
        .clone()
}

/// A run of `seed` on the room, standing at `at`.
pub(crate) fn room(seed: u64, at: Pos) -> Dungeon {
    room_lit(seed, at, true)
}

/// A run of `seed` on the room, lit or not, standing at `at`.
pub(crate) fn room_lit(seed: u64, at: Pos, lit: bool) -> Dungeon {
    let setup = RunSetup {
        content: content(!lit),
        ..RunSetup::default()
    };
    let mut r = Dungeon::new(seed, setup).unwrap();
    r.wizard().teleport(at);
    r
}

/// A run of `seed` on the lit room as the hero of `words` ("samurai human
/// lawful"), standing at `at`, with no monsters but those a test puts.
pub(crate) fn room_as(seed: u64, at: Pos, words: &str) -> Dungeon {
    let mut setup = RunSetup {
        content: content(false),
        ..crate::fixtures::setup_as(words)
    };
    setup.options.monsters = false;
    let mut r = Dungeon::new(seed, setup).unwrap();
    r.wizard().teleport(at);
    r
}

/// Put a hidden trap of row `id` at `at`.
pub(crate) fn put_trap(r: &mut Dungeon, id: &str, at: Pos) {
    let kind = r.content().trap_kind(id).expect("a trap row");
    r.wizard().level().traps_mut().push(Trap {
        kind,
        pos: at,
        seen: false,
        launch: None,
    });
}

/// Put a hostile monster of row `id` at `at`; returns its id.
pub(crate) fn put_monster(r: &mut Dungeon, id: &str, at: Pos) -> u32 {
    let kind = r.content().monster_kind(id).unwrap();
    let hp = (r.content().monster(kind).hit_dice as i32 * 8).max(4);
    let mid = 10_000 + r.level().monsters().len() as u32;
    r.wizard()
        .level()
        .monsters_mut()
        .push(Monster::new(mid, kind, at, hp, false));
    mid
}

pub(crate) fn monster(r: &Dungeon, id: u32) -> Option<&Monster> {
    r.level().monsters().iter().find(|m| m.id == id)
}

pub(crate) fn said(r: &Dungeon) -> Vec<String> {
    r.log().history().map(|(_, m)| m.to_string()).collect()
}

pub(crate) fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

/// Step east from (4, 3) onto a trap of row `id` at (5, 3), for each of
/// `seeds`: the runs just after.
fn stepped_on(id: &str, seeds: std::ops::Range<u64>) -> Vec<Dungeon> {
    seeds
        .map(|seed| {
            let mut r = room(seed, p(4, 3));
            r.wizard().set_hp(100, 100);
            put_trap(&mut r, id, p(5, 3));
            assert!(r.act(Command::Move(Dir::E)));
            r
        })
        .collect()
}

fn lost_hp(r: &Dungeon) -> i32 {
    100 - r.player().hp
}

#[test]
fn an_arrow_trap_hits_half_the_time_for_d6_and_is_found() {
    let runs = stepped_on("arrow_trap", 0..400);
    let mut hits = 0;
    for r in &runs {
        let s = said(r);
        assert!(s.iter().any(|m| m == "An arrow shoots out at you!"));
        assert!(r.level().seen_trap_at(p(5, 3)).is_some(), "now found");
        if s.iter().any(|m| m == "It hits you!") {
            hits += 1;
            assert!((1..=6).contains(&lost_hp(r)));
        } else {
            assert!(s.iter().any(|m| m == "It misses you."));
            assert_eq!(lost_hp(r), 0);
        }
    }
    // To-hit 8 + your AC 3 > d20: a d20 of 10 or less, one time in two.
    let share = hits as f64 / runs.len() as f64;
    assert!((0.42..0.58).contains(&share), "hit {share}");
}

#[test]
fn a_dart_trap_hits_nine_times_in_twenty_for_d3() {
    let runs = stepped_on("dart_trap", 0..400);
    let hit: Vec<i32> = runs.iter().map(lost_hp).filter(|&d| d > 0).collect();
    assert!(hit.iter().all(|d| (1..=3).contains(d)));
    let share = hit.len() as f64 / runs.len() as f64;
    assert!((0.37..0.53).contains(&share), "hit {share}");
}

#[test]
fn a_falling_rock_always_hits_for_2d6() {
    let runs = stepped_on("falling_rock_trap", 0..200);
    let damage: Vec<i32> = runs.iter().map(lost_hp).collect();
    assert!(damage.iter().all(|d| (2..=12).contains(d)), "{damage:?}");
    let mean = damage.iter().sum::<i32>() as f64 / damage.len() as f64;
    assert!((6.3..7.7).contains(&mean), "mean {mean}");
}

#[test]
fn a_bear_trap_holds_you_four_to_seven_turns() {
    let mut held_for = Vec::new();
    for r in stepped_on("bear_trap", 0..60) {
        let mut r = r;
        assert!((2..=8).contains(&lost_hp(&r)));
        let Some((_, n)) = r.player().trapped else {
            panic!("held")
        };
        assert!((4..=7).contains(&n));
        // Each step spends a turn in the trap; the last frees you.
        for i in 0..n {
            let turn = r.turn();
            assert!(r.act(Command::Move(Dir::E)));
            assert_eq!(r.turn(), turn + 1);
            assert_eq!(r.player().pos, p(5, 3), "still held after {i} tries");
        }
        assert!(
            said(&r)
                .iter()
                .any(|m| m == "You pull free of the bear trap.")
        );
        r.act(Command::Move(Dir::E));
        assert_eq!(r.player().pos, p(6, 3), "free");
        held_for.push(n);
    }
    for n in 4..=7 {
        assert!(held_for.contains(&n), "{n} turns happens");
    }
}

#[test]
fn a_pit_takes_two_to_seven_turns_to_climb_out_of_and_a_spiked_one_hurts_more() {
    for (id, most) in [("pit", 6), ("spiked_pit", 10)] {
        let runs = stepped_on(id, 0..80);
        let worst = runs.iter().map(lost_hp).max().unwrap();
        assert!(worst <= most && worst > 6 - (10 - most), "{id}: {worst}");
        for mut r in runs {
            assert!((1..=most).contains(&lost_hp(&r)), "{id}");
            let (_, n) = r.player().trapped.expect("in the pit");
            assert!((2..=7).contains(&n));
            for _ in 0..n {
                r.act(Command::Move(Dir::E));
            }
            assert_eq!(r.player().pos, p(5, 3));
            assert!(
                said(&r)
                    .iter()
                    .any(|m| m == "You crawl to the edge of the pit.")
            );
            r.act(Command::Move(Dir::E));
            assert_eq!(r.player().pos, p(6, 3));
        }
    }
}

#[test]
fn sleeping_gas_loses_you_one_to_twenty_five_turns_while_monsters_come() {
    let mut slept = Vec::new();
    for seed in 0..40 {
        let mut r = room(seed, p(4, 3));
        r.wizard().set_hp(1000, 1000);
        put_trap(&mut r, "sleeping_gas_trap", p(5, 3));
        let gnome = put_monster(&mut r, "gnome", p(12, 3));
        let turn = r.turn();
        assert!(r.act(Command::Move(Dir::E)));
        let n = r.turn() - turn - 1;
        assert!((1..=25).contains(&n), "{n}");
        assert_eq!(said(&r).last().map(String::as_str), Some("You wake up."));
        // The gnome (speed 6) walked a cell every other turn meanwhile.
        let walked = 12 - monster(&r, gnome).unwrap().pos.x;
        assert!(
            walked >= (n as i32 / 2).min(6) - 1,
            "{n} turns, {walked} cells"
        );
        slept.push(n);
    }
    assert!(slept.iter().max() > Some(&15) && slept.iter().min() < Some(&8));
}

#[test]
fn a_web_holds_you_a_turn_or_two_a_rust_trap_only_wets_you_bare() {
    for r in stepped_on("web", 0..30) {
        let (_, n) = r.player().trapped.expect("stuck");
        assert!((1..=2).contains(&n));
    }
    // It aims at head, left arm, right arm or body (rn2(5): the body two
    // times in five); with nothing worn or wielded, it only wets you.
    let mut aims = std::collections::BTreeSet::new();
    for r in stepped_on("rust_trap", 0..40) {
        assert_eq!(lost_hp(&r), 0);
        let gush = said(&r)
            .into_iter()
            .find(|m| m.starts_with("A gush of water hits you"))
            .expect("a gush");
        aims.insert(gush);
        assert!(!said(&r).iter().any(|m| m.starts_with("Your ")));
        assert_eq!(r.player().trapped, None);
    }
    assert_eq!(aims.len(), 4, "{aims:?}");
}

#[test]
fn a_squeaky_board_squeaks_and_wakes_the_sleepers_near_it() {
    let mut r = room(1, p(4, 3));
    put_trap(&mut r, "squeaky_board", p(5, 3));
    // As of NetHack 3.7, a squeak under you wakes those within a squared
    // distance under 20 (you are level 1): 3² + 1² = 10 wakes, 7² + 3² = 58
    // sleeps on.
    let near = put_monster(&mut r, "gnome", p(8, 4));
    let far = put_monster(&mut r, "gnome", p(12, 6));
    for m in r.wizard().level().monsters_mut() {
        m.asleep = 50;
    }
    r.act(Command::Move(Dir::E));
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "A board beneath you squeaks loudly.")
    );
    assert_eq!(monster(&r, near).unwrap().asleep, 0);
    assert!(monster(&r, far).unwrap().asleep > 0, "too far to wake");
    assert_eq!(lost_hp(&r), 100 - r.player().max_hp);
}

#[test]
fn holes_and_trap_doors_drop_you_a_level_or_more_onto_a_random_cell() {
    for id in ["hole", "trap_door"] {
        let runs = stepped_on(id, 0..120);
        let mut one = 0;
        for r in &runs {
            assert!(r.depth() >= 2, "{id}: fell");
            assert!(r.map().is_walkable(r.player().pos));
            assert!(!r.level().has_boulder(r.player().pos));
            assert!(r.level().monster_at(r.player().pos).is_none());
            one += usize::from(r.depth() == 2);
        }
        // One level three times in four, more the fourth.
        let share = one as f64 / runs.len() as f64;
        assert!((0.63..0.87).contains(&share), "{id}: {share}");
    }
}

#[test]
fn a_teleportation_trap_moves_you_on_the_level_a_level_teleporter_off_it() {
    for r in stepped_on("teleportation_trap", 0..30) {
        assert_eq!(r.depth(), 1);
        assert_ne!(r.player().pos, p(5, 3));
        assert!(r.map().is_walkable(r.player().pos));
    }
    let mut depths = Vec::new();
    for r in stepped_on("level_teleporter", 0..90) {
        // From level 1: one of the three below it (`rn2(1 + 2) + 1`, skipping 1).
        assert!((2..=4).contains(&r.depth()), "{}", r.depth());
        depths.push(r.depth());
    }
    for d in 2..=4 {
        assert!(depths.contains(&d));
    }
}

#[test]
fn a_rolling_boulder_rolls_through_the_trap_to_the_far_side() {
    let mut hit = 0;
    for seed in 0..100 {
        let mut r = room(seed, p(4, 3));
        r.wizard().set_hp(100, 100);
        let kind = r.content().trap_kind("rolling_boulder_trap").unwrap();
        let launch = Some((p(9, 3), p(1, 3)));
        r.wizard().level().traps_mut().push(Trap {
            kind,
            pos: p(5, 3),
            seen: false,
            launch,
        });
        r.wizard().level().boulders_mut().push(p(9, 3));
        r.act(Command::Move(Dir::E));
        let s = said(&r);
        assert!(
            s.iter()
                .any(|m| m == "Click! You trigger a rolling boulder trap!")
        );
        // It rolled from (9, 3) through you to (1, 3).
        assert_eq!(r.level().boulders(), &[p(1, 3)]);
        if s.iter().any(|m| m == "You are hit by a boulder!") {
            hit += 1;
            assert!((1..=20).contains(&lost_hp(&r)));
        } else {
            assert!(s.iter().any(|m| m == "A boulder rolls past you."));
        }
        // Sprung again with its boulder gone: nothing comes.
        r.act(Command::Move(Dir::W));
        r.act(Command::Move(Dir::E));
        r.act(Command::Move(Dir::NW));
        assert!(
            said(&r)
                .iter()
                .any(|m| m == "Fortunately for you, no boulder was released.")
        );
    }
    // To-hit 9 + AC 3 > d20: 11 in 20.
    assert!((40..70).contains(&hit), "{hit}");
}

#[test]
fn a_land_mine_blows_up_and_leaves_a_pit_you_fall_into() {
    for r in stepped_on("land_mine", 0..40) {
        let pit = r.content().trap_kind("pit").unwrap();
        let t = r.level().trap_at(p(5, 3)).unwrap();
        assert_eq!(r.level().traps()[t].kind, pit);
        assert!(
            said(&r)
                .iter()
                .any(|m| m == "KAABLAMM!!! You triggered a land mine!")
        );
        assert!(said(&r).iter().any(|m| m == "You fall into a pit!"));
        // 1d16, then the pit's 1d6.
        assert!((2..=22).contains(&lost_hp(&r)));
        assert_eq!(r.player().trapped.map(|(k, _)| k), Some(pit));
    }
}

#[test]
fn a_trap_can_kill_you_and_is_named_on_the_tombstone() {
    let mut r = room(3, p(4, 3));
    r.wizard().set_hp(1, 24);
    put_trap(&mut r, "falling_rock_trap", p(5, 3));
    r.act(Command::Move(Dir::E));
    let rock = r.content().trap_kind("falling_rock_trap").unwrap();
    assert_eq!(
        r.status(),
        RunStatus::Died {
            killer: Killer::Trap(rock),
            depth: 1
        }
    );
    assert!(
        gnomish_mines::dungeon::render_run(&r, false)
            .contains("died: killed by a falling rock trap on level 1")
    );
}

#[test]
fn a_found_trap_is_asked_about_before_you_step_on_it_and_shows_as_caret() {
    let mut r = room(2, p(4, 3));
    put_trap(&mut r, "squeaky_board", p(5, 3));
    // Hidden: no caret, and no question.
    assert!(
        !render_run(&r, false)
            .lines()
            .nth(3 + 3)
            .unwrap()
            .contains('^')
    );
    r.act(Command::Move(Dir::E));
    r.act(Command::Move(Dir::W));
    assert!(
        render_run(&r, false)
            .lines()
            .nth(3 + 3)
            .unwrap()
            .contains('^')
    );
    let turn = r.turn();
    assert!(!r.act(Command::Move(Dir::E)), "a question takes no turn");
    assert_eq!(
        r.log().line(),
        "Really step onto that squeaky board? [yn] (n)"
    );
    // No (any key but y): you stay.
    assert!(!r.act(Command::Wait));
    assert_eq!((r.player().pos, r.turn()), (p(4, 3), turn));
    // Yes: onto it.
    r.act(Command::Move(Dir::E));
    assert!(r.act(Command::Move(Dir::NW)));
    assert_eq!(r.player().pos, p(5, 3));
}

#[test]
fn searching_finds_an_adjacent_trap_one_time_in_eight() {
    let mut searches = Vec::new();
    for seed in 0..300 {
        let mut r = room(seed, p(4, 3));
        put_trap(&mut r, "bear_trap", p(5, 4));
        put_trap(&mut r, "pit", p(7, 3));
        let mut n = 0;
        while r.level().seen_trap_at(p(5, 4)).is_none() {
            let turn = r.turn();
            assert!(r.act(Command::Search));
            assert_eq!(r.turn(), turn + 1, "a search takes a turn");
            n += 1;
        }
        assert!(said(&r).iter().any(|m| m == "You find a bear trap."));
        assert!(
            r.level().seen_trap_at(p(7, 3)).is_none(),
            "two cells off: never"
        );
        searches.push(n);
    }
    // Geometric with p = 1/8: a mean of 8 searches.
    let mean = searches.iter().sum::<u32>() as f64 / searches.len() as f64;
    assert!((6.8..9.2).contains(&mean), "mean {mean}");
}

#[test]
fn a_monster_springs_a_trap_you_see_and_never_steps_on_its_kind_again() {
    // In the corridor: the gnome has no way round.
    let mut r = room(4, p(1, HALL));
    put_trap(&mut r, "bear_trap", p(5, HALL));
    let g = put_monster(&mut r, "gnome", p(9, HALL));
    for _ in 0..16 {
        r.act(Command::Wait);
    }
    let bear = r.content().trap_kind("bear_trap").unwrap();
    let gnome = *monster(&r, g).unwrap();
    assert!(gnome.knows_trap(bear), "sprung it");
    assert!(r.level().seen_trap_at(p(5, HALL)).is_some(), "you saw it");
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "The gnome is caught in a bear trap!")
    );
    // A gnome that knows bear traps waits behind this one for good.
    let mut r = room(4, p(1, HALL));
    put_trap(&mut r, "bear_trap", p(5, HALL));
    let g = put_monster(&mut r, "gnome", p(9, HALL));
    let m = r.level().monsters().len() - 1;
    r.wizard().level().monsters_mut()[m].learn_trap(bear);
    for _ in 0..40 {
        r.act(Command::Wait);
        assert!(monster(&r, g).unwrap().pos.x >= 6);
    }
    assert_eq!(monster(&r, g).unwrap().pos, p(6, HALL));
}

#[test]
fn a_monster_falls_through_a_trap_door_and_is_gone_from_the_level() {
    let mut r = room(5, p(1, HALL));
    put_trap(&mut r, "trap_door", p(5, HALL));
    let g = put_monster(&mut r, "gnome", p(7, HALL));
    for _ in 0..8 {
        r.act(Command::Wait);
    }
    assert!(monster(&r, g).is_none());
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "The gnome falls through the trap door!")
    );
}

#[test]
fn a_boulder_moves_one_cell_when_the_cell_beyond_is_free() {
    let mut r = room(1, p(4, 3));
    r.wizard().level().boulders_mut().push(p(5, 3));
    assert!(r.act(Command::Move(Dir::E)));
    assert_eq!(r.player().pos, p(5, 3));
    assert_eq!(r.level().boulders(), &[p(6, 3)]);
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "With great effort you move the boulder.")
    );
    // Diagonally in the open: it rolls.
    r.wizard().teleport(p(9, 4));
    *r.wizard().level().boulders_mut() = vec![p(10, 3)];
    assert!(r.act(Command::Move(Dir::NE)));
    assert_eq!(r.player().pos, p(10, 3));
    assert_eq!(r.level().boulders(), &[p(11, 2)]);
}

#[test]
fn a_boulder_that_cant_move_blocks_you_and_costs_no_turn() {
    // Against the wall; against another boulder.
    for (boulders, from) in [
        (vec![p(14, 3)], p(13, 3)),
        (vec![p(5, 3), p(6, 3)], p(4, 3)),
    ] {
        let mut r = room(1, from);
        *r.wizard().level().boulders_mut() = boulders.clone();
        let turn = r.turn();
        assert!(!r.act(Command::Move(Dir::E)));
        assert_eq!((r.player().pos, r.turn()), (from, turn));
        assert_eq!(r.level().boulders(), &boulders[..]);
        assert_eq!(r.log().line(), "You try to move the boulder, but in vain.");
    }
    // Diagonally between two rock corners: (7, 2) and (6, 1) are wall.
    let mut r = room(1, p(5, 3));
    r.wizard().level().boulders_mut().push(p(6, 2));
    assert!(!r.act(Command::Move(Dir::NE)));
    assert_eq!(r.level().boulders(), &[p(6, 2)]);
    // A monster beyond it.
    let mut r = room(1, p(4, 4));
    r.wizard().level().boulders_mut().push(p(5, 4));
    put_monster(&mut r, "gnome", p(6, 4));
    assert!(!r.act(Command::Move(Dir::E)));
    // You can't see past the boulder; you hear it.
    let s = said(&r);
    assert!(
        s.iter()
            .any(|m| m == "You hear a monster behind the boulder.")
    );
    assert!(
        s.iter()
            .any(|m| m == "Perhaps that's why you cannot move it.")
    );
}

#[test]
fn a_boulder_pushed_into_a_pit_or_hole_fills_it() {
    for (id, message) in [
        ("pit", "The boulder fills a pit."),
        ("hole", "The boulder falls into and plugs a hole!"),
    ] {
        let mut r = room(1, p(4, 3));
        r.wizard().level().boulders_mut().push(p(5, 3));
        put_trap(&mut r, id, p(6, 3));
        assert!(r.act(Command::Move(Dir::E)));
        assert!(r.level().boulders().is_empty(), "{id}");
        assert!(r.level().trap_at(p(6, 3)).is_none(), "{id} filled");
        assert!(said(&r).iter().any(|m| m == message));
        // And the way is safe now.
        r.act(Command::Move(Dir::E));
        assert_eq!((r.depth(), r.player().pos), (1, p(6, 3)));
    }
}

#[test]
fn monsters_dont_push_boulders_and_boulders_stop_sight() {
    let mut r = room(1, p(1, HALL));
    assert!(r.is_visible(p(10, HALL)));
    r.wizard().level().boulders_mut().push(p(6, HALL));
    let g = put_monster(&mut r, "gnome", p(9, HALL));
    r.act(Command::Wait);
    assert!(!r.is_visible(p(10, HALL)), "behind the boulder");
    assert!(r.is_visible(p(6, HALL)), "the boulder itself");
    for _ in 0..30 {
        r.act(Command::Wait);
    }
    assert_eq!(r.level().boulders(), &[p(6, HALL)]);
    assert!(monster(&r, g).unwrap().pos.x > 6);
}

/// NetHack's odds of each trap row at `difficulty`: uniform over the rows
/// made there, a row kept one time in its `kept_one_in` counting that much less.
fn nethack_odds(content: &Content, difficulty: u32) -> Vec<f64> {
    let weight: Vec<f64> = content
        .traps()
        .iter()
        .map(|t| {
            if t.from_difficulty > difficulty {
                0.0
            } else {
                1.0 / t.kept_one_in as f64
            }
        })
        .collect();
    let total: f64 = weight.iter().sum();
    weight.iter().map(|w| w / total).collect()
}

#[test]
fn fillers_have_six_traps_of_nethacks_odds_and_boulders_on_three_in_four() {
    let setup = RunSetup::default();
    let content = setup.content.clone();
    let n = content.traps().len();
    let (mut seen, mut expected) = (vec![0.0; n], vec![0.0; n]);
    let (mut fillers, mut with_boulders, mut traps) = (0, 0, 0);
    for seed in 0..200 {
        let run = Dungeon::new(seed, setup.clone()).unwrap();
        for (i, level) in Dungeon::levels_as_made(seed, &setup)
            .unwrap()
            .iter()
            .enumerate()
        {
            if level.kind() != content.filler() {
                continue;
            }
            fillers += 1;
            // Exactly six, each on floor, shown as `^` (or a web's `"`).
            assert_eq!(level.traps().len(), 6, "seed {seed} level {}", i + 1);
            // (A web's spider stands on it and hides it.)
            let text = gnomish_mines::dungeon::render_level(level, &content);
            let hidden = level
                .traps()
                .iter()
                .filter(|t| level.monster_at(t.pos).is_some())
                .count();
            assert_eq!(text.matches(['^', '"']).count() + hidden, 6, "seed {seed}");
            let difficulty = run.dlvl(i + 1) as u32;
            let odds = nethack_odds(&content, difficulty);
            for t in level.traps() {
                assert!(content.trap(t.kind).from_difficulty <= difficulty);
                seen[t.kind.0 as usize] += 1.0;
                traps += 1;
            }
            for k in 0..n {
                expected[k] += 6.0 * odds[k];
            }
            // A rolling boulder trap brings its own boulder.
            let rolling = level.traps().iter().filter(|t| t.launch.is_some()).count();
            with_boulders += usize::from(level.boulders().len() > rolling);
        }
    }
    println!("{fillers} fillers, {traps} traps");
    println!("{:<22} {:>6} {:>9}", "trap", "made", "NetHack");
    let mut chi2 = 0.0;
    for k in 0..n {
        println!(
            "{:<22} {:>6} {:>9.1}",
            content.traps()[k].name,
            seen[k],
            expected[k]
        );
        if expected[k] > 0.0 {
            chi2 += (seen[k] - expected[k]).powi(2) / expected[k];
        } else {
            assert_eq!(
                seen[k],
                0.0,
                "{} is never made here",
                content.traps()[k].name
            );
        }
    }
    // 15 degrees of freedom: chi-square above 40 happens one time in 2,000.
    println!("chi-square {chi2:.1}");
    assert!(chi2 < 40.0, "trap kinds off NetHack's odds: {chi2}");
    let share = with_boulders as f64 / fillers as f64;
    println!("boulders on {:.1} % of fillers", 100.0 * share);
    assert!((0.71..0.79).contains(&share), "{share}");
}

#[test]
fn a_trap_row_must_name_a_rule_and_keep_its_numbers_in_bounds() {
    let bad_rule = BUILT_IN.replacen("rule: \"Squeak\"", "rule: \"Squeek\"", 1);
    let e = Content::parse(&bad_rule).unwrap_err();
    assert!(
        e.message
            .starts_with("trap 'squeaky_board': no trap rule 'Squeek' (there are: Missile,"),
        "{e}"
    );
    let too_long = BUILT_IN.replacen("hold: Some((4, 7))", "hold: Some((4, 7000))", 1);
    let e = Content::parse(&too_long).unwrap_err();
    assert!(
        e.message
            .contains("hold's high end 7000 is not in 4 to 1000"),
        "{e}"
    );
    let no_boulder = BUILT_IN.replacen(
        "boulder: Some((name: \"boulder\", glyph: '0', tile: 45, colour: (170, 170, 170))),",
        "",
        1,
    );
    let e = Content::parse(&no_boulder).unwrap_err();
    assert!(e.message.contains("no boulder row"), "{e}");
    // A stocking line's class must have rows to draw from.
    let no_class = BUILT_IN.replacen("one_of: [\"(\"]", "one_of: [\"&\"]", 1);
    let e = Content::parse(&no_class).unwrap_err();
    assert!(
        e.message.contains("kind 'filler': no item with id '&'"),
        "{e}"
    );
}

#[test]
fn traps_and_boulders_are_where_they_are_with_or_without_monsters() {
    let calm = RunSetup {
        options: gnomish_mines::dungeon::RunOptions {
            monsters: false,
            autopickup: None,
        },
        ..RunSetup::default()
    };
    for seed in 0..30 {
        let with = Dungeon::levels_as_made(seed, &RunSetup::default()).unwrap();
        let without = Dungeon::levels_as_made(seed, &calm).unwrap();
        for (a, b) in with.iter().zip(&without) {
            assert!(b.monsters().is_empty());
            assert_eq!(a.traps(), b.traps(), "seed {seed}");
            assert_eq!(a.boulders(), b.boulders(), "seed {seed}");
            assert_eq!(a.items(), b.items(), "seed {seed}");
        }
    }
}

#[test]
fn caret_and_a_direction_names_a_found_trap_and_takes_no_turn() {
    let mut r = room(1, p(4, 3));
    put_trap(&mut r, "bear_trap", p(5, 3));
    let turn = r.turn();
    let keys = gnomish_mines::dungeon::parse_keys("^l").unwrap();
    assert_eq!(keys, [Command::LookAtTrap, Command::Move(Dir::E)]);
    r.play(&keys);
    assert_eq!(r.log().line(), "I can't see a trap there.", "hidden");
    r.wizard().level().traps_mut()[0].seen = true;
    assert!(!r.act(Command::LookAtTrap));
    assert_eq!(r.log().line(), "In what direction?");
    assert!(!r.act(Command::Move(Dir::E)));
    assert_eq!(r.log().line(), "That is a bear trap.");
    assert_eq!(
        (r.turn(), r.player().pos),
        (turn, p(4, 3)),
        "no turn, no step"
    );
}

#[test]
fn every_web_made_at_random_has_its_giant_spider_and_it_is_not_caught() {
    use gnomish_mines::dungeon::RunSetup;
    let setup = RunSetup::default();
    let content = setup.content.clone();
    let web = content.trap_kind("web").unwrap();
    let spider = content.monster_kind("giant_spider").unwrap();
    let (mut webs, mut spiders) = (0, 0);
    for seed in 0..400 {
        for level in Dungeon::levels_as_made(seed, &setup).unwrap() {
            for t in level.traps().iter().filter(|t| t.kind == web) {
                webs += 1;
                let on = level.monster_at(t.pos).map(|m| level.monsters()[m].kind);
                assert_eq!(on, Some(spider), "seed {seed}: a web without its spider");
            }
            spiders += level.monsters().iter().filter(|m| m.kind == spider).count();
        }
    }
    println!("{webs} webs, {spiders} giant spiders");
    assert!(
        webs > 50 && spiders == webs,
        "{webs} webs, {spiders} spiders"
    );
    // The spider walks over its web, never caught in it.
    let mut crossed = 0;
    for seed in 0..20 {
        let mut r = room(seed, p(2, 3));
        r.wizard().set_hp(1000, 1000);
        put_trap(&mut r, "web", p(8, 3));
        let s = put_monster(&mut r, "giant_spider", p(9, 3));
        for _ in 0..4 {
            r.act(Command::Search);
            let m = monster(&r, s).unwrap();
            assert_eq!(m.trapped, 0, "seed {seed}: at home in its web");
            crossed += usize::from(m.pos == p(8, 3));
        }
    }
    assert!(crossed > 0, "no spider crossed its web");
}

#[test]
fn early_traps_keep_their_victims_as_mktrap_victim_leaves_them() {
    use gnomish_mines::dungeon::RunSetup;
    let setup = RunSetup::default();
    let content = setup.content.clone();
    let corpse = content
        .items()
        .iter()
        .position(|i| i.on_pick_up.name() == "Corpse")
        .unwrap();
    // Per Dlvl: victim-kind traps, and those with a corpse on them.
    let mut by_dlvl = std::collections::BTreeMap::<usize, (usize, usize)>::new();
    for seed in 0..600 {
        let run = Dungeon::new(seed, setup.clone()).unwrap();
        for level in Dungeon::levels_as_made(seed, &setup).unwrap() {
            let dlvl = run.dlvl(level.depth());
            for t in level.traps() {
                let row = content.trap(t.kind);
                let on = |p| level.items().iter().filter(move |i| i.pos == p);
                let dead = on(t.pos).filter(|i| i.kind.0 as usize == corpse).count();
                if !row.victim || (row.rule == "RollingBoulder" && t.launch.is_none()) {
                    continue;
                }
                let e = by_dlvl.entry(dlvl).or_default();
                e.0 += 1;
                e.1 += dead.min(1);
                if dead > 0 {
                    // Its missile, and at least one possession.
                    if let Some(id) = &row.leaves {
                        assert!(
                            on(t.pos).any(|i| content.item(i.kind).id == *id),
                            "seed {seed}"
                        );
                    }
                    assert!(on(t.pos).count() >= 2 + row.leaves.is_some() as usize);
                }
            }
        }
    }
    println!("{by_dlvl:?}");
    // dlvl <= rnd(4): half at Dlvl 3, a quarter at 4, none below.
    for (&dlvl, &(traps, victims)) in &by_dlvl {
        let share = victims as f64 / traps as f64;
        let want = match dlvl {
            3 => 0.5,
            4 => 0.25,
            _ => 0.0,
        };
        assert!(
            (share - want).abs() < 0.06,
            "Dlvl {dlvl}: {share:.3} of {traps}"
        );
    }
    // Played: the corpse on the first level is long dead when you get there.
    let r = (0..)
        .map(|seed| Dungeon::new(seed, setup.clone()).unwrap())
        .find(|r| r.level().items().iter().any(|i| i.corpse.is_some()))
        .unwrap();
    let c = r.level().items().iter().find_map(|i| i.corpse).unwrap();
    // Died over 50 turns before you came (NetHack's TAINT_AGE + 1).
    assert!(c.died + 50 < r.turn() as i64, "{c:?} at turn {}", r.turn());
    assert!(c.rots_at > r.turn() + 200, "{c:?}");
}

#[test]
fn a_gas_spore_bursts_a_ghoul_freezes_and_a_mind_flayer_sucks() {
    // Killed, a gas spore bursts on everyone next to it for 4d6.
    let mut hurt = Vec::new();
    for seed in 0..30 {
        let mut r = room(seed, p(4, 3));
        r.wizard().set_hp(1000, 1000);
        let spore = put_monster(&mut r, "gas_spore", p(5, 3));
        let g = put_monster(&mut r, "gnome", p(6, 3));
        let i = r
            .level()
            .monsters()
            .iter()
            .position(|m| m.id == spore)
            .unwrap();
        r.wizard().level().monsters_mut()[i].hp = 1;
        while monster(&r, spore).is_some() {
            r.act(Command::Move(Dir::E));
        }
        let s = said(&r);
        assert!(s.iter().any(|m| m == "The gas spore explodes!"), "{s:?}");
        assert!(
            s.iter()
                .any(|m| m == "You are caught in the gas spore's explosion!")
        );
        hurt.push(1000 - r.player().hp);
        // The gnome beside it was caught too: a gnome has at most 8.
        assert!(monster(&r, g).is_none_or(|m| m.hp < 8), "seed {seed}");
    }
    assert!(hurt.iter().all(|&h| (3..=25).contains(&h)), "{hurt:?}");
    // A ghoul's claw freezes you one time in three, for up to ten turns.
    let mut frozen = 0;
    for seed in 0..60 {
        let mut r = room(seed, p(4, 3));
        r.wizard().set_hp(1000, 1000);
        put_monster(&mut r, "ghoul", p(5, 3));
        for _ in 0..6 {
            r.act(Command::Search);
        }
        frozen += usize::from(said(&r).iter().any(|m| m == "You are frozen by the ghoul!"));
    }
    assert!((10..=50).contains(&frozen), "{frozen} of 60 frozen");
    // A mind flayer's tentacles suck, each for 2 (its tentacle attacks).
    let mut r = room(1, p(4, 3));
    r.wizard().set_hp(1000, 1000);
    put_monster(&mut r, "mind_flayer", p(5, 3));
    for _ in 0..10 {
        r.act(Command::Search);
    }
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "The mind flayer's tentacles suck your brain!")
    );
}
