//! One integration-test binary (each `tests/*.rs` would link all of Bevy again).

mod bestiary;
mod blessings;
mod bot;
mod call;
mod chat;
mod cli;
mod common;
mod corpses;
mod destroy;
mod dig;
mod dungeon;
mod engrave;
mod fixtures;
mod getting_around;
mod grow;
mod healer;
mod hero;
mod impaired;
mod key_tables;
mod knight;
mod lab;
mod layers;
mod links;
mod means;
mod monk;
mod muse;
mod objects;
mod passes;
mod powers;
mod properties;
mod ranger;
mod rings;
mod rogue;
mod seams;
mod sell;
mod spell_effects;
mod spells;
mod throwing;
mod town;
mod traps;
#[cfg(feature = "tui")]
mod tui;
mod wands;
#[cfg(feature = "play")]
mod window;
