//! The rules of a run, without Bevy: stairs, light and memory, monsters, combat,
//! items, messages and replays.

use std::collections::HashSet;

use gnomish_mines::dungeon::keys::{keys_text, parse_keys};
use gnomish_mines::dungeon::verbs::{Arg, Takes, table};
use gnomish_mines::dungeon::{
    Carried, Command, Dungeon, Killer, RunSetup, RunStatus, level_seed, render_run,
};
use gnomish_mines::dungeon::{Words, Writing};
use gnomish_mines::dungeon::{adjacent_cells, line_of_sight, line_of_sight_on};
use gnomish_mines::generation::{Dir, MineParams, MineRng, Pos, Tile};

use crate::bot::{bot_play, first_step, walk_to};
use crate::fixtures::{kind, place_next_to_player};

use crate::common::run;

/// A run whose player can't die, for long fuzzes.
fn immortal(mut r: Dungeon) -> Dungeon {
    // Nor does it starve.
    r.wizard()
        .set_hp(1_000_000, 1_000_000)
        .set_nutrition(1_000_000);
    r
}

fn random_commands(seed: u64, n: usize) -> Vec<Command> {
    let mut rng = MineRng::from_seed(seed);
    let all = [
        Command::Move(Dir::N),
        Command::Move(Dir::S),
        Command::Move(Dir::E),
        Command::Move(Dir::W),
        Command::Move(Dir::SE),
        Command::Move(Dir::NW),
        Command::Move(Dir::NE),
        Command::Move(Dir::SW),
        Command::Wait,
        Command::PickUp,
        Command::Down,
        Command::Up,
    ];
    (0..n)
        .map(|_| all[rng.rn2(all.len() as u64) as usize])
        .collect()
}

/// Commands drawn from every row of the verb table, each as likely: every
/// verb, a stepping verb (the moves) with one of the eight directions, a
/// letter verb with one of the first ten inventory letters (some carried,
/// some not). A question's answer is just the next command, so the answers
/// are in it too: `y` (a move north-west) says yes to "Really attack?", a
/// direction answers "In what direction?" (and `>` "In what direction do
/// you want to dig?"), anything else says no.
pub(crate) fn every_verb(seed: u64, n: usize) -> Vec<Command> {
    let mut rng = MineRng::from_seed(seed);
    (0..n)
        .map(|_| {
            let verb = &table()[rng.rn2(table().len() as u64) as usize];
            let arg = match verb.takes() {
                Takes::Letter(_) | Takes::LetterThenDirection(_) => Arg::Letter(rng.rn2(10) as u8),
                Takes::LetterThenWords(..) => {
                    let words = ["Elbereth", "x", "", "hello there"][rng.rn2(4) as usize];
                    Arg::Writing(Writing {
                        with: [Writing::FINGERS, rng.rn2(10) as u8][rng.rn2(2) as usize],
                        words: Words::new(words).unwrap(),
                    })
                }
                Takes::Words(_) => {
                    let words = ["400", "", "lots", "-3"][rng.rn2(4) as usize];
                    Arg::Words(Words::new(words).unwrap())
                }
                Takes::Step => Arg::Dir(Dir::ALL[rng.rn2(8) as usize]),
                Takes::Nothing | Takes::Direction(_) => Arg::None,
            };
            verb.command(arg).expect("the argument its verb takes")
        })
        .collect()
}

/// A pack with something for each letter verb to work on: a pick-axe to dig
/// with, a candle to light, a weapon to wield, armour to wear and take off,
/// potions to drink, scrolls to read, an apple to eat, a wand (empty) to
/// zap, break and write with; and hit points and a
/// meal's worth of nutrition to play 3,000 random commands on (not so much
/// that the apple chokes you: that is at 2,000).
pub(crate) fn kitted(mut r: Dungeon) -> Dungeon {
    r.wizard().set_hp(1_000_000, 1_000_000).set_nutrition(1900);
    let ids = [
        "pick_axe",
        "wax_candle",
        "dagger",
        "leather_armor",
        "potion_of_healing",
        "potion_of_sleeping",
        "scroll_of_light",
        "scroll_of_teleportation",
        "apple",
        "wand_of_striking",
    ];
    for (n, id) in ids.into_iter().enumerate() {
        let kind = r.content().item_kind(id).expect("an item row");
        r.wizard().give(Carried::new(70_000 + n as u32, kind, 1));
    }
    r
}

/// Each row of the verb table is how its commands are written and read: a
/// letter verb has its letter, its prompt's verb and its two keys; a
/// stepping verb a key for each direction; any other verb its one key (no
/// command is written as "?"), and every command reads back from its keys.
#[test]
fn every_verb_row_writes_and_reads_its_commands() {
    for verb in table() {
        let commands: Vec<Command> = match verb.takes() {
            Takes::Letter(prompt) | Takes::LetterThenDirection(prompt) => {
                let c = verb.command(Arg::Letter(5)).unwrap();
                assert_eq!(c.letter(), Some(5), "{}", verb.name());
                assert_eq!(c.letter_verb(), Some(prompt));
                assert_eq!(c.for_letter(7).letter(), Some(7));
                assert_eq!(c.keys(), format!("{}f", verb.key()));
                vec![c, c.for_letter(51)]
            }
            Takes::LetterThenWords(prompt, question, _) => {
                let w = Writing {
                    with: 5,
                    words: Words::new("Elbereth").unwrap(),
                };
                let c = verb.command(Arg::Writing(w)).unwrap();
                assert_eq!(c.letter_verb(), Some(prompt));
                assert_eq!(verb.takes().words_question(), Some(question));
                assert_eq!(c.keys(), format!("{}fElbereth", verb.key()));
                assert!(c.ends_line());
                let fingers = Writing {
                    with: Writing::FINGERS,
                    words: Words::new("x y").unwrap(),
                };
                let f = verb.command(Arg::Writing(fingers)).unwrap();
                assert_eq!(f.keys(), format!("{}-x y", verb.key()));
                vec![c, f]
            }
            Takes::Words(question) => {
                let c = verb
                    .command(Arg::Words(Words::new("400").unwrap()))
                    .unwrap();
                assert_eq!(c.letter_verb(), None);
                assert_eq!(verb.takes().words_question(), Some(question));
                assert_eq!(c.keys(), format!("{}400", verb.key()));
                assert!(c.ends_line());
                vec![c]
            }
            Takes::Step => Dir::ALL
                .iter()
                .map(|&d| verb.command(Arg::Dir(d)).unwrap())
                .collect(),
            Takes::Nothing | Takes::Direction(_) => {
                let c = verb.command(Arg::None).unwrap();
                assert_eq!((c.letter(), c.letter_verb()), (None, None));
                assert_eq!(c.for_letter(5), c, "{}", verb.name());
                assert_eq!(c.keys(), verb.key().to_string());
                vec![c]
            }
        };
        for c in commands {
            assert_eq!(c.verb().name(), verb.name());
            assert!(!c.keys().contains('?'), "{c:?}");
            assert_eq!(parse_keys(&c.keys()), Ok(vec![c]), "{c:?}");
        }
    }
    let moves: String = Dir::ALL.iter().map(|&d| Command::Move(d).keys()).collect();
    assert_eq!(moves, "kjlhuynb", "NetHack's keys, in Dir::ALL's order");
}

#[test]
fn the_verb_fuzz_plays_every_verb_and_letter() {
    let commands = every_verb(3, 3000);
    let played: HashSet<&str> = commands.iter().map(|c| c.verb().name()).collect();
    let table: HashSet<&str> = table().iter().map(|v| v.name()).collect();
    assert_eq!(played, table, "every verb of the table");
    let moves: HashSet<_> = commands
        .iter()
        .filter_map(|c| match c {
            Command::Move(d) => Some(*d),
            _ => None,
        })
        .collect();
    assert_eq!(moves.len(), 8, "every direction");
    let letters: HashSet<_> = commands.iter().filter_map(|c| c.letter()).collect();
    assert_eq!(letters.len(), 10, "every letter drawn from");
    // The kit fills the first nine letters; the tenth is a letter you lack.
}

// ---- field of view ---------------------------------------------------------

/// A hand-made map: `#` blocks, anything else is open.
fn grid(rows: &[&str]) -> (usize, usize, Vec<Vec<bool>>) {
    let blocks: Vec<Vec<bool>> = rows
        .iter()
        .map(|r| r.chars().map(|c| c == '#').collect())
        .collect();
    (rows[0].len(), rows.len(), blocks)
}

fn seen_from(rows: &[&str], from: (usize, usize)) -> HashSet<(usize, usize)> {
    let (w, h, blocks) = grid(rows);
    let mut seen = HashSet::new();
    line_of_sight(
        Pos::new(from.0 as i32, from.1 as i32),
        w,
        h,
        |p| blocks[p.y as usize][p.x as usize],
        |p| {
            seen.insert((p.x as usize, p.y as usize));
        },
    );
    seen
}

/// A slope `n / m` (m > 0) from the eye's centre: columns across per row.
#[derive(Clone, Copy, Debug)]
struct Slope(i64, i64);

impl Slope {
    fn new(n: i64, m: i64) -> Slope {
        let g = gcd(n.abs(), m).max(1);
        Slope(n / g, m / g)
    }

    fn below(self, o: Slope) -> bool {
        self.0 * o.1 < o.0 * self.1
    }

    fn halfway(self, o: Slope) -> Slope {
        Slope::new(self.0 * o.1 + o.0 * self.1, 2 * self.1 * o.1)
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Is the line of slope `s` clear before row `depth`: does it cross each row
/// 1..depth strictly inside an open cell's width (`open(row, column)`),
/// never in a blocking one and never exactly on the edge between two cells?
fn clear(s: Slope, depth: i64, open: &dyn Fn(i64, i64) -> bool) -> bool {
    let Slope(n, m) = s;
    n.abs() <= m
        && (1..depth).all(|k| {
            let twice = 2 * n * k; // twice the crossing, in m-ths of a column
            let on_edge = twice % m == 0 && (twice / m) % 2 != 0;
            !on_edge && open(k, (twice + m).div_euclid(2 * m))
        })
}

/// The cells seen from `from` by the rule `line_of_sight` keeps (symmetric
/// shadowcasting), worked out cell by cell rather than by scanning. A cell
/// is looked at along the axis it is furthest along (both, on a diagonal):
/// rows 1, 2, ... along it, columns across. A line from the eye's centre is
/// clear to a row when it crosses every row before strictly inside an open
/// cell's width (a wall blocks across its middle, not as a square). A floor
/// cell is seen when lines as close as you like to the line between the two
/// centres are clear; a blocking cell when a clear line enters its width.
/// Off the map blocks.
fn seen_by_the_rule(rows: &[&str], from: (usize, usize)) -> HashSet<(usize, usize)> {
    let (w, h, blocks) = grid(rows);
    let (w, h) = (w as i64, h as i64);
    let opaque =
        |x: i64, y: i64| x < 0 || y < 0 || x >= w || y >= h || blocks[y as usize][x as usize];
    let (ox, oy) = (from.0 as i64, from.1 as i64);
    let mut seen = HashSet::from([from]);
    for y in 0..h {
        for x in 0..w {
            let (dx, dy) = (x - ox, y - oy);
            if (dx, dy) == (0, 0) {
                continue;
            }
            // (depth, column, depth runs along y, which way)
            let mut views = Vec::new();
            if dy.abs() >= dx.abs() {
                views.push((dy.abs(), dx, true, dy.signum()));
            }
            if dx.abs() >= dy.abs() {
                views.push((dx.abs(), dy, false, dx.signum()));
            }
            let wall = opaque(x, y);
            let sees = views.into_iter().any(|(d, c, along_y, way)| {
                let open = |k: i64, j: i64| {
                    if along_y {
                        !opaque(ox + j, oy + way * k)
                    } else {
                        !opaque(ox + way * k, oy + j)
                    }
                };
                if !wall {
                    // No edge of a row before d lies within 1/(8 d²) of the
                    // centre's line: the lines just beside it stand for all
                    // those near it.
                    (-1..=1).any(|e| clear(Slope::new(8 * d * c + e, 8 * d * d), d, &open))
                } else {
                    // A clear line strictly inside its width: one between
                    // each two neighbouring edges there stands for all.
                    let (lo, hi) = (Slope::new(2 * c - 1, 2 * d), Slope::new(2 * c + 1, 2 * d));
                    let mut edges = vec![lo, hi];
                    for k in 1..d {
                        let near = k * c / d;
                        for j in near - 2..=near + 2 {
                            for e in [Slope::new(2 * j - 1, 2 * k), Slope::new(2 * j + 1, 2 * k)] {
                                if lo.below(e) && e.below(hi) {
                                    edges.push(e);
                                }
                            }
                        }
                    }
                    edges.sort_by(|a, b| (a.0 * b.1).cmp(&(b.0 * a.1)));
                    edges
                        .windows(2)
                        .any(|p| clear(p[0].halfway(p[1]), d, &open))
                }
            });
            if sees {
                seen.insert((x as usize, y as usize));
            }
        }
    }
    seen
}

/// `want` is what the rule says and what `line_of_sight` shows.
fn assert_picture(rows: &[&str], from: (usize, usize), want: &[&str]) {
    assert_eq!(
        draw(rows, from, &seen_by_the_rule(rows, from)),
        want,
        "the rule"
    );
    assert_eq!(picture(rows, from), want, "line_of_sight");
}

/// What `line_of_sight` shows, drawn.
fn picture(rows: &[&str], from: (usize, usize)) -> Vec<String> {
    draw(rows, from, &seen_from(rows, from))
}

/// The seen cells drawn as a map: `o` seen open, `#` seen wall, space unseen.
fn draw(rows: &[&str], from: (usize, usize), seen: &HashSet<(usize, usize)>) -> Vec<String> {
    rows.iter()
        .enumerate()
        .map(|(y, r)| {
            r.chars()
                .enumerate()
                .map(|(x, c)| match (seen.contains(&(x, y)), c) {
                    (false, _) => ' ',
                    (true, '#') => '#',
                    (true, _) if (x, y) == from => '@',
                    (true, _) => 'o',
                })
                .collect()
        })
        .collect()
}

#[test]
fn an_open_room_is_seen_whole_with_its_walls() {
    let room = ["#######", "#.....#", "#.....#", "#.....#", "#######"];
    let seen = seen_from(&room, (3, 2));
    assert_eq!(seen.len(), 35, "every cell, walls included");
}

#[test]
fn a_pillar_casts_a_shadow() {
    let room = [
        "###########",
        "#.........#",
        "#.........#",
        "#...#.....#",
        "#.........#",
        "###########",
    ];
    // From (1, 3) the pillar's width down column 4 is y 2.5 to 3.5. (9, 2)'s
    // line crosses column 4 at y 2.625, inside it, and so does every line
    // near it: hidden. (9, 1)'s crosses at 2.25: seen.
    let want = [
        "###########",
        "#ooooooooo#",
        "#ooooooo   ",
        "#@oo#      ",
        "#ooooooo   ",
        "###########",
    ];
    assert_picture(&room, (1, 3), &want);
}

#[test]
fn a_corridor_around_a_corner_hides_what_is_past_it() {
    let map = [
        "#########",
        "#.......#",
        "#######.#",
        "#######.#",
        "#######.#",
        "#########",
    ];
    // Round the corner nothing shows: (7, 2)'s line crosses column 5 at
    // y 1.67, inside the wall (5, 2)'s width (1.5 to 2.5). The wall at the
    // far end, (8, 2), shows: lines of slope 1/14 to 1/12 reach inside its
    // width through open cells.
    let want = [
        "#########",
        "#@oooooo#",
        "####### #",
        "         ",
        "         ",
        "         ",
    ];
    assert_picture(&map, (1, 1), &want);
}

#[test]
fn a_line_past_a_pillars_corner_sees_by_the_pillars_middle_not_its_square() {
    let room = ["....", "....", ".#..", "....", "....", "...."];
    // From (0, 4): (1, 0)'s line crosses row 2 at x 0.5, the end of the
    // pillar's width, and the lines just left of it pass open cells all the
    // way: seen, though it clips the pillar's square. So is (3, 0) (it
    // crosses at 1.5). (2, 0)'s line crosses row 2 at the pillar's centre:
    // hidden, as are (1, 1) (at 0.67) and (2, 1) (at 1.33).
    let want = ["oo o", "o  o", "o#oo", "oooo", "@ooo", "oooo"];
    assert_picture(&room, (0, 4), &want);
}

#[test]
fn a_line_squeezed_between_two_walls_edges_is_blocked() {
    let map = [".....", "..#..", ".....", "....#", "....."];
    // From (2, 0), (4, 4)'s line touches the end of (2, 1)'s width in row 1
    // (x 2.5) and the start of (4, 3)'s in row 3 (x 3.5), on opposite sides:
    // every line beside it enters one of them, so it is hidden, though the
    // line itself is inside neither wall.
    let want = ["oo@oo", "oo#oo", "oo oo", "o   #", "o    "];
    assert_picture(&map, (2, 0), &want);
}

#[test]
fn line_of_sight_is_the_rule_on_random_maps() {
    let mut rng = MineRng::from_seed(48);
    for _ in 0..300 {
        let (w, h) = (3 + rng.rn2(12) as usize, 3 + rng.rn2(8) as usize);
        let percent = [10, 25, 40][rng.rn2(3) as usize];
        let mut rows = Vec::new();
        for _ in 0..h {
            let mut row = String::new();
            for _ in 0..w {
                row.push(if rng.rn2(100) < percent { '#' } else { '.' });
            }
            rows.push(row);
        }
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let from = (rng.rn2(w as u64) as usize, rng.rn2(h as u64) as usize);
        assert_eq!(
            seen_from(&rows, from),
            seen_by_the_rule(&rows, from),
            "from {from:?} on\n{}",
            rows.join("\n")
        );
    }
}

#[test]
fn off_the_map_blocks_and_is_never_reported() {
    let open = [".....", ".....", "....."];
    let seen = seen_from(&open, (0, 0));
    assert_eq!(seen.len(), 15);
    let mut n = 0;
    adjacent_cells(Pos::new(0, 0), 5, 3, |_| n += 1);
    assert_eq!(n, 4, "a corner has 3 neighbours and itself");
}

#[test]
fn sight_is_symmetric_between_floor_cells() {
    // On real levels: for sampled floor cells A, every floor cell B that A sees
    // sees A back, and every floor cell A doesn't see doesn't see A.
    for seed in 0..30 {
        let level = gnomish_mines::generation::generate(seed, &MineParams::default()).unwrap();
        let map = &level.map;
        let (w, h) = (map.width(), map.height());
        let blocks = |p: Pos| !map.tile(p).is_walkable();
        let floor: Vec<Pos> = map.cells().filter(|&p| !blocks(p)).collect();
        let sees = |from: Pos| {
            let mut s = HashSet::new();
            line_of_sight(from, w, h, blocks, |p| {
                s.insert(p);
            });
            s
        };
        let all: Vec<HashSet<Pos>> = floor.iter().map(|&a| sees(a)).collect();
        for (i, a) in floor.iter().enumerate().step_by(7) {
            for (j, b) in floor.iter().enumerate() {
                assert_eq!(
                    all[i].contains(b),
                    all[j].contains(a),
                    "seed {seed}: {a:?} and {b:?}"
                );
            }
        }
    }
}

// ---- the dungeon -----------------------------------------------------------

#[test]
fn a_seed_names_the_whole_run() {
    for seed in [1, 2, 99] {
        let a = run(seed);
        assert_eq!(
            a.history().unwrap().seed(),
            seed,
            "level 1 is the run's own seed"
        );
        assert_eq!(a, run(seed));
        let levels = a.level_count();
        let seeds: HashSet<u64> = (1..=levels).map(|d| level_seed(seed, d)).collect();
        assert_eq!(seeds.len(), levels, "every level differs");
    }
}

#[test]
fn a_scripted_run_ends_in_the_same_state_twice() {
    for seed in [3, 4] {
        let commands = random_commands(seed, 3000);
        let mut a = immortal(run(seed));
        let mut b = immortal(run(seed));
        a.play(&commands);
        b.play(&commands);
        assert_eq!(a, b);
        assert_eq!(render_run(&a, true), render_run(&b, true));
        // And the key file of those commands replays to the same place.
        let mut c = immortal(run(seed));
        c.play(&parse_keys(&keys_text(&commands)).unwrap());
        assert_eq!(a, c);
    }
}

/// The same with every verb, letter verbs and answers included, and a pack
/// to use them on: twice the same run, the same from the key file, and the
/// same when cut in two (a resume) at any point.
#[test]
fn every_verb_replays_the_same_run() {
    for seed in [3, 4, 5] {
        let commands = every_verb(seed, 3000);
        let start = || kitted(run(seed));
        let (mut a, mut b, mut c) = (start(), start(), start());
        let mut turns_taken = 0;
        for &cmd in &commands {
            turns_taken += usize::from(a.act(cmd));
        }
        b.play(&commands);
        assert_eq!(a, b, "seed {seed}: the same commands, the same run");
        assert_eq!(render_run(&a, true), render_run(&b, true));
        let text = keys_text(&commands);
        assert_eq!(
            parse_keys(&text).unwrap(),
            commands,
            "every verb written and read back"
        );
        c.play(&parse_keys(&text).unwrap());
        assert_eq!(a, c, "seed {seed}: the same from its key file");
        let cut = commands.len() / 3 + seed as usize;
        let mut d = start();
        d.play(&commands[..cut]);
        d.play(&commands[cut..]);
        assert_eq!(a, d, "seed {seed}: the same when resumed at command {cut}");
        // Runs, travel and exploration take many turns in one command, and
        // looking or the cursor none: count both.
        assert!(
            turns_taken > 300 && a.turn() > 400,
            "seed {seed}: only {turns_taken} commands took turns, {} turns in all",
            a.turn()
        );
    }
}

#[test]
fn down_then_up_then_down_restores_each_level_exactly() {
    // Monsters next to you follow you (a test of their own): send them off,
    // so each level stays whole.
    let shoo = |r: &mut Dungeon| {
        let p = r.player().pos;
        r.wizard()
            .level()
            .monsters_mut()
            .retain(|m| m.pos.distance(p) > 1);
    };
    let mut r = immortal(run(5));
    let to = r.level().down_stairs().unwrap();
    walk_to(&mut r, to);
    shoo(&mut r);
    let level1 = r.level_at(1).unwrap().clone();
    assert!(r.act(Command::Down));
    assert_eq!(r.depth(), 2);
    assert_eq!(r.player().pos, r.level().up_stairs());
    // Play a while on level 2, then go back up (with no traps to fall
    // through: this is about levels kept whole).
    r.wizard().level().traps_mut().clear();
    for c in random_commands(9, 40) {
        if !matches!(c, Command::Up | Command::Down) {
            r.act(c);
        }
    }
    let to = r.level().up_stairs();
    walk_to(&mut r, to);
    shoo(&mut r);
    let level2 = r.level_at(2).unwrap().clone();
    assert!(r.act(Command::Up));
    assert_eq!(r.depth(), 1);
    assert_eq!(r.level_at(1).unwrap(), &level1, "level 1 as it was left");
    assert_eq!(r.player().pos, level1.down_stairs().unwrap());
    shoo(&mut r);
    assert!(r.act(Command::Down));
    assert_eq!(r.level_at(2).unwrap(), &level2, "level 2 as it was left");
    assert_eq!(r.player().pos, level2.up_stairs());
}

#[test]
fn up_on_level_one_says_you_cannot_leave() {
    let mut r = run(1);
    assert!(!r.act(Command::Up));
    assert_eq!(r.log().line(), "You can't leave the mines yet.");
    assert_eq!(r.turn(), 1, "no turn passes");
    assert_eq!(r.depth(), 1);
    r.act(Command::Wait);
    assert!(!r.act(Command::Down));
    assert_eq!(r.log().line(), "You can't go down here.");
}

#[test]
fn levels_are_lit_about_half_the_time() {
    let lit = (0..400)
        .filter(|&s| {
            let mut r = run(s);
            // Level 2 is always a filler (Minetown, always lit, is 3 or 4).
            r.wizard().make_level(2).unwrap().lit()
        })
        .count();
    assert!((160..=240).contains(&lit), "{lit} of 400 lit");
}

#[test]
fn an_unlit_level_shows_only_the_neighbours() {
    let r = run(1);
    assert!(!r.level().lit());
    let p = r.player().pos;
    let visible: HashSet<Pos> = r.visible_cells().iter().map(|&i| r.map().pos(i)).collect();
    let want: HashSet<Pos> = (p.x - 1..=p.x + 1)
        .flat_map(|x| (p.y - 1..=p.y + 1).map(move |y| Pos::new(x, y)))
        .collect();
    assert_eq!(visible, want);
    // A lit level shows everything in line of sight, far beyond the neighbours.
    let lit = (0..50).map(run).find(|r| r.level().lit()).unwrap();
    assert!(lit.visible_cells().len() > 30);
    for &i in lit.visible_cells() {
        assert!(lit.in_line_of_sight(lit.map().pos(i)));
    }
}

#[test]
fn what_was_seen_is_remembered() {
    let mut r = immortal(run(1));
    let start = r.player().pos;
    let to = r.level().down_stairs().unwrap();
    walk_to(&mut r, to);
    assert!(r.level().is_seen(start));
    assert!(!r.is_visible(start));
    let seen = r.level().seen().iter().filter(|&&s| s).count();
    assert!(seen > 20, "{seen} remembered");
}

#[test]
fn each_level_holds_minefills_mix_out_of_view_of_the_stairs() {
    for seed in 0..60 {
        let mut r = run(seed);
        let (gnome, lord, dwarf) = (kind(&r, "gnome"), kind(&r, "gnome_lord"), kind(&r, "dwarf"));
        let content = r.content().clone();
        let levels = r.level_count();
        let filler = r.content().filler();
        // Fillers (Minetown and Mines' End have their own tests).
        let depths: Vec<usize> = (1..=levels).filter(|&d| r.kind_at(d) == filler).collect();
        for d in depths {
            let mut wizard = r.wizard();
            let level = wizard.make_level(d).unwrap();
            // (Below Orcish Town, the orcs that fled with its loot too; and
            // a giant spider on each web.)
            let n = level
                .monsters()
                .iter()
                .filter(|m| !['o', 's'].contains(&content.monster(m.kind).glyph))
                .count();
            assert!(
                (12..=14).contains(&n),
                "seed {seed} level {d}: {n} monsters"
            );
            let count = |k| level.monsters().iter().filter(|m| m.kind == k).count();
            assert!(count(gnome) >= 6);
            assert!(count(lord) >= 1);
            assert!(count(dwarf) >= 2);
            let glyph = |i: &gnomish_mines::dungeon::Item| content.item(i.kind).glyph;
            let gems = level.items().iter().filter(|&i| glyph(i) == '*').count();
            // 2-5 of the `*` line, and up to 4 random objects; at Mines' End
            // the 2-5 and its four to six gray stones.
            let most = if d == levels { 11 } else { 9 };
            assert!((2..=most).contains(&gems), "{gems} gems");
            // None in view of the arrival stairs (but a web's spider, made
            // where its web is, as NetHack's mktrap makes it).
            let up = level.up_stairs();
            let map = &level.map();
            let mut in_view = HashSet::new();
            line_of_sight_on(map, up, |p| {
                in_view.insert(p);
            });
            for m in level
                .monsters()
                .iter()
                .filter(|m| level.trap_at(m.pos).is_none())
            {
                assert!(
                    !in_view.contains(&m.pos),
                    "seed {seed} level {d}: {m:?} in view"
                );
                assert_eq!(map.tile(m.pos), Tile::Floor);
            }
            let stone = level
                .items()
                .iter()
                .filter(|&i| content.item(i.kind).on_pick_up.name() == "Win")
                .count();
            if d == levels {
                assert_eq!(level.down_stairs(), None);
                assert_eq!(stone, 1);
                assert!(!map.tiles().contains(&Tile::DownStairs));
            } else {
                assert!(level.down_stairs().is_some());
                assert_eq!(stone, 0);
            }
        }
    }
}

/// No two monsters share a cell, none stands in rock or wall or on the player.
fn check_monsters(r: &Dungeon) {
    for level in (1..=r.level_count()).filter_map(|d| r.level_at(d)) {
        let mut cells = HashSet::new();
        for m in level.monsters() {
            assert!(cells.insert(m.pos), "two monsters on {:?}", m.pos);
            assert!(level.map().tile(m.pos).is_walkable(), "{m:?} in rock");
            if level.depth() == r.depth() {
                assert_ne!(m.pos, r.player().pos, "{m:?} on the player");
            }
        }
    }
}

#[test]
fn monsters_never_overlap_or_enter_walls_over_10000_fuzzed_turns() {
    for seed in [6, 7] {
        let mut r = immortal(run(seed));
        let mut rng = MineRng::from_seed(seed);
        let mut turns = 0;
        let commands = random_commands(seed + 100, 20_000);
        for c in commands {
            // Mostly toward the monsters, so they fight and crowd; sometimes stairs.
            let c = if rng.rn2(3) == 0 {
                c
            } else if let Some(m) = r.level().monsters().first() {
                let to = m.pos;
                first_step(&r, r.player().pos, to, false).map_or(Command::Wait, Command::Move)
            } else {
                c
            };
            if r.act(c) {
                turns += 1;
            }
            check_monsters(&r);
            if turns >= 10_000 {
                break;
            }
        }
        assert!(turns >= 10_000, "{turns} turns");
    }
}

#[test]
fn monsters_come_for_a_player_they_see() {
    // On a lit level, a gnome put 5 or more cells away in plain view walks up and
    // fights; the monsters that can't see you just wander.
    let mut r = immortal((0..50).map(run).find(|r| r.level().lit()).unwrap());
    let p = r.player().pos;
    let spot = r
        .visible_cells()
        .iter()
        .map(|&i| r.map().pos(i))
        .filter(|&c| r.level().map().tile(c).is_walkable() && r.level().monster_at(c).is_none())
        .max_by_key(|&c| c.distance(p))
        .unwrap();
    assert!(spot.distance(p) >= 5, "{spot:?}");
    let gnome_kind = kind(&r, "gnome");
    let g = r
        .level()
        .monsters()
        .iter()
        .position(|m| m.kind == gnome_kind)
        .unwrap();
    let id = r.level().monsters()[g].id;
    r.wizard().level().monsters_mut()[g].pos = spot;
    let gnome = |r: &Dungeon| *r.level().monsters().iter().find(|m| m.id == id).unwrap();
    let mut last = spot.distance(p);
    for _ in 0..(4 * last) {
        let was = gnome(&r).pos;
        r.act(Command::Wait);
        let d = gnome(&r).pos.distance(p);
        if r.in_line_of_sight(was) {
            assert!(d <= last, "the gnome never steps away while it sees you");
        }
        last = d;
    }
    assert_eq!(last, 1, "the gnome came");
    assert!(
        r.log()
            .history()
            .any(|(_, m)| m == "The gnome hits!" || m == "The gnome misses.")
    );
}

#[test]
fn combat_to_a_death() {
    let mut r = run(2);
    let dwarf = kind(&r, "dwarf");
    place_next_to_player(&mut r, dwarf);
    let mut waited = 0;
    while !r.is_over() && waited < 1000 {
        r.act(Command::Wait);
        waited += 1;
    }
    // The dwarf, or a monster that came to help it.
    assert!(
        matches!(r.status(), RunStatus::Died { depth: 1, .. }),
        "{:?}",
        r.status()
    );
    assert_eq!(r.player().hp, 0);
    let history: Vec<&str> = r.log().history().map(|(_, m)| m).collect();
    assert!(history.iter().any(|m| m.ends_with(" hits!")));
    assert_eq!(history.last(), Some(&"You die..."));
    // A finished run takes no more commands.
    let before = r.clone();
    assert!(!r.act(Command::Move(Dir::E)));
    assert_eq!(r, before);
}

#[test]
fn attacking_a_monster_hits_and_kills_it() {
    let mut r = run(2);
    let p = r.player().pos;
    let gnome = kind(&r, "gnome");
    let (g, at) = place_next_to_player(&mut r, gnome);
    let id = r.level().monsters()[g].id;
    r.wizard().level().monsters_mut()[g].hp = 1;
    // You always hit a gnome (AC 10): one blow of at least 1 kills it.
    assert!(r.act(Command::Move(p.dir_to(at).unwrap())));
    assert_eq!(r.player().pos, p, "attacking doesn't move you");
    assert!(r.level().monsters().iter().all(|m| m.id != id));
    assert!(
        r.log().current().any(|m| m == "You kill the gnome!"),
        "{}",
        r.log().line()
    );
}

#[test]
fn combat_to_a_win() {
    // The bot fights its way down and picks up the gray stone.
    let won = (0..40)
        .find_map(|seed| {
            let mut r = run(seed);
            let keys = bot_play(&mut r, 20_000);
            matches!(r.status(), RunStatus::Won { .. }).then_some((seed, r, keys))
        })
        .expect("some seed in 40 is won by the bot");
    let (seed, r, keys) = won;
    assert_eq!(r.depth(), r.level_count());
    let stone = r.content().item_kind("luckstone").unwrap();
    assert!(r.player().inventory.iter().any(|c| c.kind == stone));
    assert!(r.log().history().any(|(_, m)| m.contains("You win!")));
    assert!(
        r.log()
            .history()
            .any(|(_, m)| m.starts_with("You kill the"))
    );
    // The same keys win again from the seed alone.
    let mut again = run(seed);
    again.play(&keys);
    assert_eq!(again, r);
}

#[test]
fn picking_up_a_gem() {
    let mut r = immortal(run(3));
    let gem = *r
        .level()
        .items()
        .iter()
        .find(|i| r.content().item(i.kind).on_pick_up.name() == "Gem")
        .unwrap();
    walk_to(&mut r, gem.pos);
    assert_eq!(r.player().pos, gem.pos);
    // A gem and glass look alike: "a red gem".
    let name = r.describe_item(&gem);
    assert!(name.ends_with(" gem"), "{name}");
    assert!(
        r.log()
            .current()
            .any(|m| m == format!("You see here {name}.")),
        "{}",
        r.log().line()
    );
    let turn = r.turn();
    assert!(r.act(Command::PickUp));
    assert_eq!(r.turn(), turn + 1);
    assert_eq!(r.gems(), 1);
    assert!(r.level().items().iter().all(|i| i.id != gem.id));
    assert_eq!(
        r.log().current().next(),
        Some(format!("You pick up {name}.").as_str())
    );
    assert!(!r.act(Command::PickUp), "nothing left: no turn");
    assert_eq!(r.log().line(), "There is nothing here to pick up.");
}

#[test]
fn the_message_log_keeps_the_whole_run() {
    let mut r = run(1);
    for _ in 0..80 {
        r.act(Command::Up);
    }
    assert_eq!(r.log().len(), 1 + 80, "the welcome and every refusal");
    assert!(
        r.log()
            .history()
            .skip(1)
            .all(|(_, m)| m == "You can't leave the mines yet.")
    );
    r.act(Command::Wait);
    assert_eq!(r.log().line(), "", "a new action clears the line");
    r.act(Command::PickUp);
    assert_eq!(r.log().line(), "There is nothing here to pick up.");
}

#[test]
fn key_files_parse_with_comments_and_report_bad_keys() {
    let cmds = parse_keys("hjkl # walk\n  yubn\n.s,<>\n").unwrap();
    assert_eq!(cmds.len(), 13);
    assert_eq!(cmds[0], Command::Move(Dir::W));
    assert_eq!(cmds[8], Command::Wait);
    assert_eq!(cmds[9], Command::Search);
    assert_eq!(cmds[12], Command::Down);
    let e = parse_keys("hj\nkZ").unwrap_err();
    assert_eq!((e.line, e.column, e.key), (2, 2, 'Z'));
    assert_eq!(parse_keys(&keys_text(&cmds)).unwrap(), cmds);
}

/// A journal's end is written once: by the writer that saw the last turn
/// however often it catches up after, and by one made for a run already over.
#[test]
fn a_journal_s_end_is_written_once() {
    use gnomish_mines::saves::JournalWriter;
    let keys = parse_keys(include_str!("../../docs/replays/winning_run.txt")).unwrap();
    let dir = std::env::temp_dir().join(format!("gm-end-once-{}", std::process::id()));
    let ends = |path: &std::path::Path| {
        std::fs::read_to_string(path)
            .unwrap()
            .matches("# end:")
            .count()
    };
    let (last, before) = keys.split_last().unwrap();
    let mut r = run(14);
    r.play(before);
    let live = dir.join("live.journal");
    let mut writer = JournalWriter::create(&live, &r).unwrap();
    r.act(*last);
    assert!(r.is_over(), "the recorded run wins on its last key");
    for _ in 0..3 {
        writer.catch_up(&r).unwrap();
    }
    assert_eq!(ends(&live), 1);
    let over = dir.join("over.journal");
    let mut writer = JournalWriter::create(&over, &r).unwrap();
    writer.catch_up(&r).unwrap();
    assert_eq!(ends(&over), 1);
    let _ = std::fs::remove_dir_all(dir);
}

/// The key file at `path` played from its header's seed and variants.
pub(crate) fn played(path: &std::path::Path) -> Dungeon {
    let text = std::fs::read_to_string(path).unwrap();
    let header = gnomish_mines::dungeon::Header::read(&text).unwrap();
    let setup = RunSetup {
        variants: header.variants.clone(),
        ..RunSetup::default()
    };
    let mut r = Dungeon::new(header.seed.unwrap(), setup).unwrap();
    r.play(&parse_keys(&text).unwrap());
    r
}

#[test]
fn the_recorded_runs_in_docs_still_end_as_they_say() {
    let replay = |seed: u64, file: &str| {
        let path = format!("{}/docs/replays/{file}", env!("CARGO_MANIFEST_DIR"));
        let mut r = run(seed);
        r.play(&parse_keys(&std::fs::read_to_string(path).unwrap()).unwrap());
        r
    };
    // The winning run goes through Minetown (College Town), where it prays,
    // and wins in the Mimic of the Mines, its luckstone out in the open.
    let keys = parse_keys(
        &std::fs::read_to_string(format!(
            "{}/docs/replays/winning_run.txt",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    let mut win = run(14);
    let mut said = Vec::new();
    let mut town = false;
    for &c in &keys {
        win.act(c);
        said.extend(win.log().current().map(str::to_string));
        town |= win
            .level_title(win.depth())
            .starts_with("Minetown: College Town");
    }
    assert!(matches!(win.status(), RunStatus::Won { .. }));
    assert_eq!(win.turn(), 352);
    assert!(town, "it passes through College Town");
    for m in [
        "The dwarf swings its pick-axe.",
        "You kill the dwarf!",
        "You kill the gnome lord!",
        "Click! You trigger a rolling boulder trap!",
        "You pick up a dwarvish mattock.",
        "You pick up a hard hat.",
        "The dwarf swings its dwarvish mattock.",
        "You reach Mines' End. The luckstone is here, somewhere behind these walls.",
        "You pick up a gray stone: a luckstone.",
    ] {
        assert!(said.iter().any(|s| s.contains(m)), "{m}");
    }
    // Every recorded winning run (a key file per Mines' End it won, each
    // with its seed and forced variants in its header) still wins.
    let dir = format!("{}/docs/replays", env!("CARGO_MANIFEST_DIR"));
    let mut ends = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("winning") {
            continue;
        }
        let r = played(&path);
        assert!(matches!(r.status(), RunStatus::Won { .. }), "{name}");
        ends.insert(
            r.content()
                .kind_name(r.kind_at(r.level_count()))
                .to_string(),
        );
    }
    assert!(
        ends.len() >= 2,
        "winning runs of two ends or more: {ends:?}"
    );
    let death = replay(10, "seed_10_death.txt");
    assert_eq!(
        death.status(),
        RunStatus::Died {
            killer: Killer::Monster(kind(&death, "dwarf")),
            depth: 1
        }
    );
    // Orcish Town seen through its bars: the run stands by them and sees the
    // orcs of the town, walled off.
    let bars = played(std::path::Path::new(&format!("{dir}/orcish_town_bars.txt")));
    let me = bars.player().pos;
    assert!(
        crate::fixtures::around(me)
            .any(|c| bars.map().tile(c) == gnomish_mines::generation::Tile::IronBars),
        "it stands by the bars"
    );
    let captains = bars
        .level()
        .monsters()
        .iter()
        .filter(|m| bars.is_visible(m.pos) && bars.content().monster(m.kind).id == "orc_captain")
        .count();
    assert!(captains >= 1, "an orc-captain seen through the bars");
    // The Mimic of the Mines' locked niche, kicked open.
    let text = std::fs::read_to_string(format!("{dir}/mimic_kick.txt")).unwrap();
    let mut kick = run(14);
    let mut said = Vec::new();
    for c in parse_keys(&text).unwrap() {
        kick.act(c);
        said.extend(kick.log().current().map(str::to_string));
    }
    assert!(
        kick.level_title(kick.depth())
            .starts_with("Mines' End: Mimic")
    );
    for m in [
        "You find a hidden door.",
        "This door is locked.",
        "As you kick the door, it crashes open!",
    ] {
        assert!(said.iter().any(|s| s == m), "{m}: {said:?}");
    }
    // And with a skeleton key and a lock pick found on the way: each
    // unlocks a niche's door, which then opens, and the run stands in it.
    for (file, tool) in [
        ("mimic_key.txt", "skeleton_key"),
        ("mimic_pick.txt", "lock_pick"),
    ] {
        let path = std::path::PathBuf::from(format!("{dir}/{file}"));
        let r = played(&path);
        let said: Vec<String> = r.log().history().map(|(_, m)| m.to_string()).collect();
        assert!(r.level_title(r.depth()).starts_with("Mines' End: Mimic"));
        assert!(
            r.player()
                .inventory
                .iter()
                .any(|c| r.content().item(c.kind).id == tool),
            "{file}: carries its {tool}"
        );
        for m in [
            "You find a hidden door.",
            "You succeed in unlocking the door.",
            "The door opens.",
        ] {
            assert!(said.iter().any(|s| s == m), "{file}: {m}: {said:?}");
        }
        let at = r.map().tile(r.player().pos);
        assert!(at.is_door() && at != Tile::DoorClosed, "{file}: {at:?}");
        assert_eq!(r.status(), RunStatus::Playing, "{file}");
    }
    let fight = replay(0, "seed_0_fight.txt");
    assert!(
        fight
            .level()
            .monsters()
            .iter()
            .filter(|m| fight.is_visible(m.pos))
            .count()
            >= 3
    );
}

#[test]
fn fillers_hold_a_tool_and_random_objects_in_nethacks_proportions() {
    // minefill: 2-5 `*`, one random tool, 2-4 random objects. A random
    // object's class is drawn by NetHack's mkobjprobs over the classes the
    // content has: weapons 10, armour 10, food 20, tools 8, gems 8, potions
    // 16, scrolls 16 (88 in all; no books, wands, rings or amulets).
    let setup = RunSetup::default();
    let content = setup.content.clone();
    let classes = [
        (')', 10.0),
        ('[', 10.0),
        ('%', 20.0),
        ('(', 8.0),
        ('*', 8.0),
        ('!', 16.0),
        ('?', 16.0),
    ];
    let total: f64 = classes.iter().map(|c| c.1).sum();
    let mut fillers = 0;
    let mut by_class = std::collections::BTreeMap::<char, usize>::new();
    let mut by_kind = std::collections::BTreeMap::<String, usize>::new();
    let mut stones = [0usize; 4]; // gems, glass, gray stones, rocks
    for seed in 0..200 {
        for level in Dungeon::levels_as_made(seed, &setup).unwrap() {
            if level.kind() != content.filler() {
                continue;
            }
            fillers += 1;
            for i in level.items() {
                let row = content.item(i.kind);
                // (Not a trap victim's belongings: nothing else lies on a
                // trap.)
                if row.glyph == '$' || level.trap_at(i.pos).is_some() {
                    continue;
                }
                *by_class.entry(row.glyph).or_default() += 1;
                *by_kind.entry(row.id.clone()).or_default() += 1;
                if row.glyph == '*' {
                    let group = if row.name.contains("glass") {
                        1
                    } else if row.unidentified.as_deref() == Some("gray stone") {
                        2
                    } else if row.id == "rock" {
                        3
                    } else {
                        0
                    };
                    stones[group] += 1;
                }
            }
        }
    }
    let n = fillers as f64;
    println!("{fillers} fillers; a filler holds on average:");
    for (class, odds) in classes {
        let p = odds / total;
        // The random objects' share, and the fixed lines' (1 tool, 3.5 `*`).
        let fixed = match class {
            '(' => 1.0,
            '*' => 3.5,
            _ => 0.0,
        };
        let want = fixed + 3.0 * p;
        // Variance a filler: 2-4 draws of chance p, and the 2-5 `*`.
        let var = 3.0 * p * (1.0 - p) + 2.0 / 3.0 * p * p + if class == '*' { 1.25 } else { 0.0 };
        let got = *by_class.get(&class).unwrap_or(&0) as f64 / n;
        let tolerance = 4.5 * (var / n).sqrt();
        println!("  {class} {got:.3} (NetHack's odds: {want:.3} +- {tolerance:.3})");
        assert!(
            (got - want).abs() < tolerance,
            "{class}: {got} against {want}"
        );
    }
    // The `*` as NetHack makes them in the Mines: gems 171, glass 691, gray
    // stones 28 (no luckstone at random here), rocks 100, of 990.
    let all: usize = stones.iter().sum();
    for (i, (what, odds)) in [
        ("gems", 171.0),
        ("glass", 691.0),
        ("gray stones", 28.0),
        ("rocks", 100.0),
    ]
    .into_iter()
    .enumerate()
    {
        let p = odds / 990.0;
        let got = stones[i] as f64 / all as f64;
        let tolerance = 4.5 * (p * (1.0 - p) / all as f64).sqrt();
        println!("  of {all} `*`: {what} {got:.3} (NetHack's {p:.3} +- {tolerance:.3})");
        assert!((got - p).abs() < tolerance, "{what}: {got} against {p}");
    }
    let tools = *by_class.get(&'(').unwrap_or(&0);
    // Each tool as often as its frequency (NetHack's oc_prob), within the
    // tools the content has.
    let total_f: u32 = content
        .items()
        .iter()
        .filter(|r| r.glyph == '(')
        .map(|r| r.frequency)
        .sum();
    let mut chi2 = 0.0;
    for row in content
        .items()
        .iter()
        .filter(|r| r.glyph == '(' && r.frequency > 0)
    {
        let want = tools as f64 * row.frequency as f64 / total_f as f64;
        let got = *by_kind.get(&row.id).unwrap_or(&0) as f64;
        println!("{:<16} {got:>5} {want:>7.1}", row.id);
        chi2 += (got - want).powi(2) / want;
    }
    // 16 kinds, 15 degrees of freedom: above 40 about one time in 2,000.
    println!("chi-square {chi2:.1}");
    assert!(chi2 < 40.0, "{chi2}");
}
