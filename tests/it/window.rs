//! A real window (under Xvfb in CI): screenshots of the plain and overlay views,
//! checked pixel by pixel. Skipped without a display unless
//! GNOMISH_MINES_WINDOW_TESTS=require, as `.ci/run` sets.

// Helpers shared with the demos' tests are unused in a build without a demo.
#![cfg_attr(
    not(all(feature = "overlay", feature = "stages", feature = "fly")),
    allow(unused_imports, dead_code)
)]

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn have_display() -> bool {
    let has = std::env::var("DISPLAY").is_ok_and(|d| !d.is_empty());
    if !has {
        if std::env::var("GNOMISH_MINES_WINDOW_TESTS").as_deref() == Ok("require") {
            panic!("GNOMISH_MINES_WINDOW_TESTS=require but there is no DISPLAY");
        }
        eprintln!("skipped: no DISPLAY (run under xvfb-run to include the window tests)");
    }
    has
}

fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn shoot(path: &Path, extra: &[&str]) -> image::RgbImage {
    let _ = std::fs::remove_file(path);
    let seed = if extra.contains(&"--seed") {
        &[][..]
    } else {
        &["--seed", "1"][..]
    };
    let out = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .args(seed)
        .arg("--screenshot")
        .arg(path)
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    image::open(path).expect("a PNG").to_rgb8()
}

#[cfg(feature = "overlay")]
fn colours(img: &image::RgbImage) -> HashSet<[u8; 3]> {
    img.pixels().map(|p| p.0).collect()
}

#[cfg(feature = "overlay")]
#[test]
fn screenshots_show_the_level_and_the_overlay() {
    if !have_display() {
        return;
    }
    let dir = out_dir();
    let plain = shoot(&dir.join("plain.png"), &["--reveal"]);
    let overlay = shoot(&dir.join("overlay.png"), &["--overlay"]);
    assert_eq!(plain.dimensions(), (1280, 720));
    assert_eq!(overlay.dimensions(), (1280, 720));
    let (pc, oc) = (colours(&plain), colours(&overlay));
    assert!(pc.len() >= 8, "plain view has {} colours", pc.len());
    assert!(oc.len() >= 8, "overlay has {} colours", oc.len());
    // The stairs' yellow and the wall bricks are on screen.
    assert!(pc.contains(&[255, 220, 60]), "no stairs colour");
    assert!(pc.contains(&[128, 118, 104]), "no wall colour");
    // The overlay shows the provenance colours (pass 1 sky blue, tinted tiles).
    assert!(oc.contains(&[0x56, 0xB4, 0xE9]), "no pass-1 colour");
    let differing = plain
        .pixels()
        .zip(overlay.pixels())
        .filter(|(a, b)| a != b)
        .count();
    assert!(differing > 50_000, "only {differing} pixels differ");
}

fn count(img: &image::RgbImage, colour: [u8; 3]) -> usize {
    img.pixels().filter(|p| p.0 == colour).count()
}

#[test]
fn screenshots_show_an_unlit_level_and_monsters_in_view() {
    if !have_display() {
        return;
    }
    let dir = out_dir();
    // Seed 1 starts on an unlit level: only the player's neighbours show.
    let unlit = shoot(&dir.join("unlit.png"), &[]);
    let revealed = shoot(&dir.join("revealed.png"), &["--reveal"]);
    let lit_pixels = |img: &image::RgbImage| {
        img.pixels()
            .filter(|p| p.0.iter().map(|&c| c as u32).sum::<u32>() > 120)
            .count()
    };
    // The HUD text is bright in both; the map only in the revealed one.
    let (dark, full) = (lit_pixels(&unlit), lit_pixels(&revealed));
    assert!(
        dark * 3 < full,
        "unlit {dark} vs revealed {full} bright pixels"
    );
    assert!(count(&unlit, [255, 255, 255]) > 20, "the player @ shows");
    assert_eq!(
        count(&unlit, [255, 220, 60]),
        0,
        "stairs out of view stay black"
    );
    // Seed 0 after five steps: gnome lords in view on a lit level, drawn blue.
    let keys = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/replays/seed_0_monster_in_view.txt"
    );
    let monsters = shoot(
        &dir.join("monsters.png"),
        &["--seed", "0", "--replay", keys],
    );
    assert!(
        count(&monsters, [90, 130, 255]) > 20,
        "no gnome lord on screen"
    );
    assert!(
        count(&revealed, [90, 130, 255]) > 20,
        "M shows the gnome lords of seed 1"
    );
    assert_eq!(
        count(&unlit, [90, 130, 255]),
        0,
        "no monster is in view on seed 1"
    );
}

#[test]
fn a_display_that_cannot_open_is_a_one_line_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .env("DISPLAY", ":917")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("display"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .env_remove("DISPLAY")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_window_with_no_graphics_driver_is_a_one_line_error() {
    if !have_display() {
        return;
    }
    // Bevy makes the renderer while building its plugins: with no Vulkan
    // driver it panics there, and that must end as our one line, exit 2.
    let out = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .env("VK_ICD_FILENAMES", "/no/such/driver.json")
        .arg("--screenshot")
        .arg(out_dir().join("never.png"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
    let ours: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("gnomish-mines:"))
        .collect();
    assert_eq!(ours.len(), 1, "{err}");
    assert!(ours[0].contains("could not open the game window"), "{err}");
    assert!(!err.contains("ERROR"), "no driver noise:\n{err}");
}
