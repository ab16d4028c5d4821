//! The terminal's views beside play, as the window has them: the stages
//! (`[` `]`, Space plays them in turn), the comparison (`C`), fly mode
//! (`F`: the view moves over the map while the run waits), the whole map
//! framed (`Home`), zoom steps (`+` `-`, the wheel), the minimap (`Tab`),
//! and the mouse (a click travels, a click on you searches, the mouse over
//! a cell or a right click names it).

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::app::{Key, Mouse, Ui};
use super::map::{Viewport, Zoom};
use crate::generation::{Dir, Pos};
use crate::lab::compare::Comparison;
use crate::saves::Session;

/// How long each stage stays on screen while they play (the window's).
pub(crate) const STAGE_TIME: Duration = Duration::from_millis(700);

/// The characters the views take before any verb: a verb whose own key is
/// one of them (`C`, call) is played here by the key of the game its row
/// adds (Alt+N).
pub(crate) const VIEW_CHARS: &[char] = &['[', ']', ' ', 'O', 'C', 'F', '+', '=', '-'];

impl Ui {
    /// A key of the views; false when it is none of theirs.
    pub(crate) fn view_key(&mut self, key: Key, session: &Session) -> bool {
        // (The characters here are [`VIEW_CHARS`].)
        match key {
            Key::Char('[') | Key::Char(']') => self.step_stage(key == Key::Char(']'), session),
            Key::Char(' ') => self.play_stages(session),
            Key::Char('O') => self.toggle_overlay(session),
            Key::Char('C') => self.toggle_comparison(session),
            Key::Char('F') => self.toggle_fly(session),
            Key::Home => self.frame_whole(session),
            Key::Char('+') | Key::Char('=') => self.zoom(true, session),
            Key::Char('-') => self.zoom(false, session),
            Key::Char('\t') | Key::Tab => self.toggle_minimap(session),
            _ => return false,
        }
        true
    }

    /// `[` and `]`: the level as it was a stage earlier or later; past the
    /// last, as it is. Any key that plays shows it as it is again.
    pub(crate) fn step_stage(&mut self, later: bool, session: &Session) {
        let Some(history) = session.run().history() else {
            self.said = Some("This level was drawn, not grown: it has no stages.".into());
            return;
        };
        self.playing = None;
        self.comparison = None;
        let last = history.last_stage();
        self.stage = match (self.stage, later) {
            (None, false) => Some(last),
            (None, true) => None,
            (Some(s), true) => history.next_stage(s),
            (Some(s), false) => history.prev_stage(s).or(Some(s)),
        };
        self.say_stage(session);
    }

    /// What the message line says of the stage shown.
    pub(crate) fn say_stage(&mut self, session: &Session) {
        let (Some(s), Some(history)) = (self.stage, session.run().history()) else {
            return;
        };
        let how = if self.playing.is_some() {
            "Space stops"
        } else {
            "[ and ] step, any other key plays"
        };
        self.said = Some(format!(
            "Stage {} ({} of {}): {how}.",
            history.stage_name(s),
            history.stages().position(|t| t == s).unwrap_or(0) + 1,
            history.stage_count()
        ));
    }

    /// Space: the stages in turn from the first, one every [`STAGE_TIME`],
    /// then the level as it is; Space again stops.
    pub(crate) fn play_stages(&mut self, session: &Session) {
        if self.playing.take().is_some() {
            self.stage = None;
            return;
        }
        if session.run().history().is_none() {
            self.said = Some("This level was drawn, not grown: it has no stages.".into());
            return;
        }
        self.comparison = None;
        self.stage = Some(crate::generation::Stage::INIT);
        self.playing = Some(Instant::now());
        self.say_stage(session);
    }

    /// Time passes: the stage animation moves on when its stage has been
    /// shown long enough. Returns whether the screen changed.
    pub(crate) fn tick(&mut self, session: &Session, now: Instant) -> bool {
        let Some(since) = self.playing else {
            return false;
        };
        if now.duration_since(since) < STAGE_TIME {
            return false;
        }
        let history = session.run().history();
        let next = self
            .stage
            .zip(history)
            .and_then(|(s, h)| h.next_stage(s).filter(|&n| n < h.last_stage()));
        match next {
            Some(n) => {
                self.stage = Some(n);
                self.playing = Some(now);
                self.say_stage(session);
            }
            None => {
                self.stage = None;
                self.playing = None;
                self.said = None;
            }
        }
        true
    }

    /// `O`: the provenance overlay on or off.
    fn toggle_overlay(&mut self, session: &Session) {
        self.overlay = !self.overlay;
        self.comparison = None;
        if self.overlay && session.run().history().is_none() {
            self.said = Some("This level was drawn, not grown: it has no stages to colour.".into());
        }
    }

    /// `C`: the same seed's level by another pipeline in place of this one
    /// (by default its own without pass 2), the cells that differ marked;
    /// `C` again puts the level back.
    pub(crate) fn toggle_comparison(&mut self, session: &Session) {
        if self.comparison.take().is_some() {
            return;
        }
        match Comparison::of_level(session.run(), self.compare_with.as_ref()) {
            Ok(c) => {
                self.said = Some(format!(
                    "Comparing with {}: {} cells differ (C: back).",
                    c.label,
                    c.differing()
                ));
                self.stage = None;
                self.playing = None;
                self.comparison = Some(Arc::new(c));
            }
            Err(why) => self.said = Some(why),
        }
    }

    /// `F`: fly over the map (the move keys move the view; the run waits),
    /// or land (the view follows you again).
    fn toggle_fly(&mut self, session: &Session) {
        self.fly = !self.fly;
        self.viewport.centre = self.fly.then(|| self.view_centre(session));
        self.said = Some(if self.fly {
            "Flying: the move keys move the view, Home frames the map, F lands.".into()
        } else {
            "Landed.".into()
        });
    }

    /// The cell in the middle of the view now.
    fn view_centre(&self, session: &Session) -> Pos {
        self.viewport
            .centre
            .unwrap_or_else(|| session.run().player().pos)
    }

    /// `Home`: the whole map on screen (flying); `Home` again lands, close
    /// up on you.
    pub(crate) fn frame_whole(&mut self, session: &Session) {
        let whole = self.whole_zoom(session);
        if self.fly && self.viewport.zoom == whole {
            self.fly = false;
            self.viewport = Viewport::default();
            return;
        }
        let map = session.run().map();
        self.fly = true;
        self.viewport = Viewport {
            zoom: whole,
            centre: Some(Pos::new(map.width() as i32 / 2, map.height() as i32 / 2)),
        };
    }

    /// The zoom that frames the whole map in the map's area.
    fn whole_zoom(&self, session: &Session) -> Zoom {
        let map = session.run().map();
        let area = self.map_area;
        Zoom::framing(
            map.width(),
            map.height(),
            area.width as usize,
            area.height as usize,
        )
    }

    /// `+` and `-`, the wheel: a step closer or further, between close up
    /// and the whole map.
    pub(crate) fn zoom(&mut self, closer: bool, session: &Session) {
        let whole = self.whole_zoom(session);
        self.viewport.zoom = if closer {
            self.viewport.zoom.closer()
        } else {
            self.viewport.zoom.further(whole)
        };
    }

    /// `Tab`: the whole map small in a corner, when it is larger than the
    /// screen.
    fn toggle_minimap(&mut self, session: &Session) {
        let map = session.run().map();
        let area = self.map_area;
        if map.width() <= area.width as usize && map.height() <= area.height as usize {
            self.minimap = false;
            self.said = Some("The whole map is on screen: there is no minimap.".into());
            return;
        }
        self.minimap = !self.minimap;
    }

    /// A move key while flying: the view moves a quarter of the screen that
    /// way (Shift and the key: a whole screen).
    pub(crate) fn pan(&mut self, d: Dir, far: bool, session: &Session) {
        let (cw, ch) = self.viewport.zoom.cells();
        let area = self.map_area;
        let part = if far { 1 } else { 4 };
        let (dx, dy) = d.delta();
        let step_x = (area.width as usize * cw / part).max(1) as i32;
        let step_y = (area.height as usize * ch / part).max(1) as i32;
        let map = session.run().map();
        let at = self.view_centre(session);
        let to = Pos::new(
            (at.x + dx * step_x).clamp(0, map.width() as i32 - 1),
            (at.y + dy * step_y).clamp(0, map.height() as i32 - 1),
        );
        self.viewport.centre = Some(to);
    }

    /// The mouse: a left click on a cell you know travels there (on you:
    /// searches), journalled as the keys a player would type; a right click
    /// or the mouse over a cell names it, as `;`; the wheel zooms.
    pub(crate) fn mouse(&mut self, event: Mouse, session: &mut Session) {
        let cell = |ui: &Ui, session: &Session, column, row| {
            let run = session.run();
            ui.viewport
                .cell_at(run.map(), ui.map_area, run.player().pos, column, row)
        };
        match event {
            Mouse::Wheel { closer } => self.zoom(closer, session),
            Mouse::Over { column, row } | Mouse::Right { column, row } => {
                if let Some(p) = cell(self, session, column, row) {
                    self.said = Some(capitalised_sentence(&session.run().what_is_at(p)));
                }
            }
            Mouse::Left { column, row } => {
                let Some(p) = cell(self, session, column, row) else {
                    return;
                };
                if self.fly {
                    self.viewport.centre = Some(p);
                    return;
                }
                let run = session.run();
                if run.is_over() || run.is_asking() || !run.level().is_seen(p) {
                    return;
                }
                for c in run.travel_keys(p) {
                    self.play(c, session);
                }
            }
        }
    }
}

/// "a gnome (peaceful)" as the message line says it: "A gnome (peaceful)."
fn capitalised_sentence(words: &str) -> String {
    format!("{}.", crate::dungeon::shared::capitalised(words))
}
