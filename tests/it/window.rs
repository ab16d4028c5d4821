//! A real window (under Xvfb in CI): screenshots of the plain and overlay views,
//! checked pixel by pixel. Skipped without a display unless
//! GNOMISH_MINES_WINDOW_TESTS=require, as `.ci/run` sets.

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
    let out = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .args(["--seed", "1", "--screenshot"])
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

fn colours(img: &image::RgbImage) -> HashSet<[u8; 3]> {
    img.pixels().map(|p| p.0).collect()
}

#[test]
fn screenshots_show_the_level_and_the_overlay() {
    if !have_display() {
        return;
    }
    let dir = out_dir();
    let plain = shoot(&dir.join("plain.png"), &[]);
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
