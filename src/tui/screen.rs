//! NetHack's screen in a terminal: the message line on top (`--More--` when
//! this action's messages don't fit), the map, and two status lines at the
//! bottom. A map larger than the screen scrolls with you; a terminal smaller
//! than 80 × 24 gets a line that says so instead of a garbled screen.
//!
//! Colours are NetHack's sixteen: each content colour drawn as its hue
//! ([`Hue::of`]), terrain as NetHack colours it. Symbols are the
//! generator's (`-` and `|` walls), or DEC line drawing with
//! `dec_graphics`, as NetHack's `DECgraphics` symset.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::dungeon::Dungeon;
use crate::dungeon::messages::MORE;
use crate::dungeon::render::{CellView, cell_view};
use crate::dungeon::shared::inventory_letter;
use crate::dungeon::status::{Ending, Status};
use crate::dungeon::verbs::{GameKey, table};
use crate::generation::Pos;
use crate::palette::Hue;
use crate::saves::Session;

use super::app::{Panel, Ui, prompt_line};

/// The smallest terminal the screen fits: NetHack's 80 × 24.
pub(crate) const MIN_SIZE: (u16, u16) = (80, 24);

/// The keys of the terminal's own, for the help panel: what the window does
/// with its view keys.
const OWN_KEYS: &[(&str, &str)] = &[
    ("i", "what you carry"),
    ("?", "this help"),
    ("Ctrl+P", "the message history (PgUp, PgDn or < > to page)"),
    ("M", "show the whole level (again: what you know)"),
    ("O", "colour each cell by the stage that last changed it"),
    (
        "[ ]",
        "the level as it was a stage earlier, later (any key that plays: now)",
    ),
    ("Esc", "never mind (a prompt, a question, the cursor)"),
    ("Ctrl+N", "a new run (twice while this one is alive)"),
    ("F3", "the options in force, and their file"),
    ("S", "save and quit: the run resumes next time"),
];

/// Draw the whole screen.
pub(crate) fn draw(frame: &mut Frame, session: &Session, ui: &mut Ui) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        too_small(frame, area);
        return;
    }
    let run = session.run();
    if let Some(pick) = &ui.pick {
        let text = pick.text(run.content().heroes());
        frame.render_widget(Paragraph::new(text), area);
        return;
    }
    let message = Rect::new(area.x, area.y, area.width, 1);
    let map = Rect::new(area.x, area.y + 1, area.width, area.height - 3);
    let status = Rect::new(area.x, area.y + area.height - 2, area.width, 2);
    draw_message(frame, message, session, ui);
    draw_map(frame, map, run, ui);
    draw_status(frame, status, run);
    match ui.panel {
        Panel::Map if run.is_over() => draw_ending(frame, map, session),
        Panel::Map => {}
        Panel::Inventory => draw_inventory(frame, map, run),
        Panel::Help(page) => draw_help(frame, map, page),
        Panel::History(back) => draw_history(frame, map, run, back, ui.history_page),
        Panel::Options => {
            let lines = ui
                .options
                .lines()
                .map(|l| Line::from(l.to_string()))
                .collect();
            panel(frame, map, "Options (F3 closes)", lines);
        }
    }
}

/// A terminal under 80 × 24: one line that says so (and how to quit).
fn too_small(frame: &mut Frame, area: Rect) {
    let text = format!(
        "gnomish-mines needs a terminal of at least {} x {}; this one is {} x {}. \
         Make it larger, or press S then y to save and quit.",
        MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

/// The message line: the terminal's own line, a letter prompt, the notice,
/// or this action's messages in chunks that fit, `--More--` after each but
/// the last.
fn draw_message(frame: &mut Frame, area: Rect, session: &Session, ui: &mut Ui) {
    let run = session.run();
    let text = if let Some(own) = &ui.said {
        own.clone()
    } else if let Some(key) = ui.prompt {
        prompt_line(key, session)
    } else if let Some(notice) = session.notice() {
        notice.to_string()
    } else if let Some(q) = run.cursor_question() {
        q.to_string()
    } else {
        let chunks = run.log().more_chunks(area.width as usize);
        ui.more_chunks = chunks.len();
        let at = ui.more_passed.min(chunks.len().saturating_sub(1));
        match chunks.get(at) {
            Some(c) if ui.more_waiting() => format!("{c}{MORE}"),
            Some(c) => c.clone(),
            None => String::new(),
        }
    };
    frame.render_widget(Paragraph::new(text), area);
}

/// Where the map's top-left cell is drawn from: the map's own corner when it
/// fits, else a window on it that keeps you in the middle.
pub(crate) fn scroll(map_size: usize, view: usize, at: i32) -> usize {
    if map_size <= view {
        return 0;
    }
    let want = at.max(0) as usize;
    want.saturating_sub(view / 2).min(map_size - view)
}

fn draw_map(frame: &mut Frame, area: Rect, run: &Dungeon, ui: &Ui) {
    let map = run.map();
    let (w, h) = (map.width(), map.height());
    let me = run.player().pos;
    let x0 = scroll(w, area.width as usize, me.x);
    let y0 = scroll(h, area.height as usize, me.y);
    let history = run.history().filter(|_| ui.overlay);
    let staged = ui.stage.zip(run.history()).map(|(s, h)| h.tiles_at(s));
    let marks = crate::palette::Palette::Default.marks();
    let buf = frame.buffer_mut();
    for sy in 0..area.height as usize {
        for sx in 0..area.width as usize {
            let (x, y) = (x0 + sx, y0 + sy);
            if x >= w || y >= h {
                continue;
            }
            let p = Pos::new(x as i32, y as i32);
            // A stage of the level's making shows the whole cave as it was.
            let view = match &staged {
                Some(tiles) => {
                    let tile = tiles[map.index(p)];
                    CellView {
                        glyph: tile.glyph(),
                        colour: None,
                        tile: Some(tile),
                        seen_now: true,
                    }
                }
                None => cell_view(run, p, ui.reveal),
            };
            let (glyph, mut style) = look(&view, ui.dec_graphics);
            // The overlay: the cell's background is its stage's colour, on
            // every cell you know (rock too: passes make rock as well).
            if let Some(h) = history
                && (ui.reveal || run.level().is_seen(p))
            {
                let (r, g, b) = marks.provenance(h.provenance(p));
                style = style.bg(Color::Rgb(r, g, b));
                if view.tile.is_some() {
                    style = style.fg(Color::Black);
                }
            }
            let cell = &mut buf[(area.x + sx as u16, area.y + sy as u16)];
            cell.set_char(glyph);
            cell.set_style(style);
        }
    }
    if let Some(h) = history {
        draw_legend(frame, area, h);
    }
}

/// The overlay's legend, one line at the foot of the map: each stage's
/// colour and name.
fn draw_legend(frame: &mut Frame, area: Rect, history: &crate::generation::CaveHistory) {
    let marks = crate::palette::Palette::Default.marks();
    let mut spans = vec![Span::raw("stages: ")];
    for kind in history.provenance_kinds() {
        let (r, g, b) = marks.provenance(kind);
        spans.push(Span::styled(" ", Style::default().bg(Color::Rgb(r, g, b))));
        spans.push(Span::raw(format!("{} ", history.provenance_name(kind))));
    }
    let line = Rect::new(area.x, area.y + area.height - 1, area.width, 1);
    frame.render_widget(Clear, line);
    frame.render_widget(Paragraph::new(Line::from(spans)), line);
}

/// A cell's character and style as the terminal draws it.
pub(crate) fn look(view: &CellView, dec_graphics: bool) -> (char, Style) {
    // A thing's colour is its content row's hue; terrain's, its row's.
    let colour = match (view.colour, view.tile) {
        (Some(rgb), _) => ansi(Hue::of(rgb)),
        (None, Some(tile)) => ansi(tile.row().hue),
        (None, None) => Color::Reset,
    };
    let dec = view.tile.and_then(|t| t.row().dec).filter(|_| dec_graphics);
    let glyph = dec.unwrap_or(view.glyph);
    (glyph, Style::default().fg(colour))
}

/// NetHack's colour for a hue, among the terminal's sixteen.
fn ansi(hue: Hue) -> Color {
    match hue {
        Hue::DarkGrey => Color::DarkGray,
        Hue::Grey => Color::Gray,
        Hue::White => Color::White,
        Hue::Red => Color::Red,
        Hue::Orange => Color::LightRed,
        Hue::Brown => Color::Yellow,
        Hue::Yellow => Color::LightYellow,
        Hue::Green => Color::Green,
        Hue::Cyan => Color::Cyan,
        Hue::Blue => Color::Blue,
        Hue::Purple => Color::Magenta,
        Hue::Magenta => Color::LightMagenta,
    }
}

/// The two status lines, NetHack's place for them: who you are and
/// where, then how you stand (the window's status bar has the same
/// fields, [`Status::fields`]).
fn draw_status(frame: &mut Frame, area: Rect, run: &Dungeon) {
    let status = Status::of(run);
    let fields = status.fields();
    let (first, second) = fields.split_at(status.split());
    let lines = vec![Line::from(first.join("  ")), Line::from(second.join("  "))];
    frame.render_widget(Paragraph::new(lines), area);
}

/// A panel over the map: a bordered box with a title.
fn panel(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line>) {
    frame.render_widget(Clear, area);
    let block = Block::default().borders(Borders::ALL).title(Span::styled(
        format!(" {title} "),
        Style::default().add_modifier(Modifier::BOLD),
    ));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn draw_inventory(frame: &mut Frame, area: Rect, run: &Dungeon) {
    let mut lines: Vec<Line> = run
        .player()
        .inventory
        .iter()
        .map(|c| {
            Line::from(format!(
                "{} - {}",
                inventory_letter(c.letter),
                run.describe_carried(c)
            ))
        })
        .collect();
    if lines.is_empty() {
        lines.push(Line::from("Not carrying anything."));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(format!("$ - {} gold pieces", run.gold())));
    let width = lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 4;
    let height = (lines.len() as u16 + 2).min(area.height);
    let width = width.clamp(30, area.width);
    let rect = Rect::new(area.x + area.width - width, area.y, width, height);
    panel(frame, rect, "Inventory (any key closes)", lines);
}

fn draw_help(frame: &mut Frame, area: Rect, page: usize) {
    let mut lines = Vec::new();
    let mut row = |keys: String, what: &str| {
        lines.push(Line::from(vec![
            Span::styled(format!("{keys:<24}"), Style::default().fg(Color::Yellow)),
            Span::raw(what.to_string()),
        ]));
    };
    for v in table() {
        row(v.help_keys(v.keys(), terminal_has), v.help());
    }
    for (keys, what) in OWN_KEYS {
        row(keys.to_string(), what);
    }
    let per_page = (area.height.saturating_sub(2) as usize).max(1);
    let pages = lines.len().div_ceil(per_page);
    let page = page.min(pages - 1);
    let shown: Vec<Line> = lines
        .into_iter()
        .skip(page * per_page)
        .take(per_page)
        .collect();
    let title = format!(
        "Keys, page {} of {pages} (Space or PgDn: next, < or PgUp: back, any other key closes)",
        page + 1
    );
    panel(frame, area, &title, shown);
}

/// A key of the game's that a terminal can tell apart: not the number
/// pad's (it types digits; `number_pad` makes them moves).
fn terminal_has(key: GameKey) -> bool {
    match key {
        GameKey::Ctrl(_) | GameKey::Alt(_) | GameKey::Arrows => true,
        GameKey::NumpadDirections | GameKey::Numpad(_) => false,
    }
}

/// The message history, a page of it: the options' `history_page`
/// messages, or as many as the panel holds.
fn draw_history(frame: &mut Frame, area: Rect, run: &Dungeon, back: usize, per_page: usize) {
    let room = area.height.saturating_sub(2) as usize;
    let page = run.log().page(back, per_page.min(room));
    let lines = page.lines.into_iter().map(Line::from).collect();
    let title = format!(
        "Messages, page {} of {} (PgUp/PgDn or < > page, any other key closes)",
        page.number, page.pages
    );
    panel(frame, area, &title, lines);
}

/// The run's end over the map: how it ended, where it is kept, and what
/// the keys do now.
fn draw_ending(frame: &mut Frame, area: Rect, session: &Session) {
    let Some(end) = Ending::of(session.run()) else {
        return;
    };
    let mut lines = vec![
        Line::from(end.how),
        Line::from(format!("{}  {}", end.after, end.seed)),
    ];
    if let Some(path) = session.kept() {
        lines.push(Line::from(format!("Kept as {}", path.display())));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(
        "Ctrl+N: a new run    S: quit    Ctrl+P: the messages",
    ));
    let width = 76.min(area.width);
    let height = lines.len() as u16 + 2;
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + area.height.saturating_sub(height) / 2,
        width,
        height,
    );
    panel(frame, rect, end.title, lines);
}

/// The screen at `w` x `h` after `keys`, one string a row, for tests that
/// hold the terminal beside the window.
#[cfg(all(test, feature = "play"))]
pub(crate) fn rows_after(
    session: &mut Session,
    keys: &[super::app::Key],
    w: u16,
    h: u16,
) -> Vec<String> {
    let mut ui = Ui::new(session.run().setup().clone(), false);
    for &key in keys {
        ui.press(key, session);
    }
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).expect("a test backend");
    terminal.draw(|f| draw(f, session, &mut ui)).expect("drawn");
    let buf = terminal.backend().buffer().clone();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use crate::dungeon::RunSetup;
    use crate::dungeon::hero::Hero;
    use crate::tui::Key;

    /// A Valkyrie's run of seed 14, unsaved, and the terminal's state.
    fn valkyrie(width: usize, height: usize) -> (Session, Ui) {
        let content = crate::dungeon::built_in_content();
        let hero = Hero::parse(content.heroes(), "valkyrie human lawful").unwrap();
        let setup = RunSetup {
            hero: Some(hero),
            width,
            height,
            ..RunSetup::default()
        };
        let run = Dungeon::new(14, setup.clone()).unwrap();
        (Session::new(run), Ui::new(setup, false))
    }

    /// The screen drawn at `w` x `h`, one string a row.
    fn screen(session: &Session, ui: &mut Ui, w: u16, h: u16) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|f| draw(f, session, ui)).unwrap();
        let buf = terminal.backend().buffer().clone();
        (0..h)
            .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
            .collect()
    }

    #[test]
    fn the_screen_is_nethack_s_message_map_and_two_status_lines() {
        for (w, h) in [(80, 24), (120, 40)] {
            let (session, mut ui) = valkyrie(80, 21);
            let rows = screen(&session, &mut ui, w, h);
            assert_eq!(rows.len(), h as usize);
            assert!(
                rows[0].starts_with("Welcome to the Gnomish Mines!"),
                "{}",
                rows[0]
            );
            let status = &rows[h as usize - 2..];
            assert!(
                status[0].starts_with("lawful human Valkyrie  seed 14  Dlvl "),
                "{}",
                status[0]
            );
            assert!(status[0].contains("level 1 of 8"), "{}", status[0]);
            assert!(status[1].starts_with("HP 16(16)  AC 9"), "{}", status[1]);
            // You, on the map rows, where the run says (the map from its
            // corner: it fits).
            let me = session.run().player().pos;
            let row = &rows[1 + me.y as usize];
            assert_eq!(row.chars().nth(me.x as usize), Some('@'), "{row}");
        }
    }

    #[test]
    fn a_letter_prompt_the_inventory_and_the_help_show_over_the_map() {
        let (mut session, mut ui) = valkyrie(80, 21);
        ui.press(Key::Char('d'), &mut session);
        let rows = screen(&session, &mut ui, 80, 24);
        assert_eq!(rows[0].trim_end(), "What do you want to drop? [abcd or ?*]");
        // `?` at the prompt shows what you carry, the prompt still asking.
        ui.press(Key::Char('?'), &mut session);
        let rows = screen(&session, &mut ui, 80, 24);
        assert!(rows[0].starts_with("What do you want to drop?"));
        assert!(
            rows.iter()
                .any(|r| r.contains("a - a spear (weapon in hands)"))
        );
        assert!(rows.iter().any(|r| r.contains("Inventory")));
        ui.press(Key::Esc, &mut session);
        let rows = screen(&session, &mut ui, 80, 24);
        assert_eq!(rows[0].trim_end(), "Never mind.");
        assert!(!rows.iter().any(|r| r.contains("Inventory")));
        // `i` alone, then the help: its first page lists the moves, at 80 x
        // 24 and at a larger size.
        ui.press(Key::Char('i'), &mut session);
        assert!(
            screen(&session, &mut ui, 80, 24)
                .iter()
                .any(|r| r.contains("c - a small shield"))
        );
        ui.press(Key::Esc, &mut session);
        ui.press(Key::Char('?'), &mut session);
        for (w, h) in [(80, 24), (120, 40)] {
            let rows = screen(&session, &mut ui, w, h);
            assert!(rows[1].contains("Keys, page 1 of"), "{}", rows[1]);
            assert!(
                rows.iter()
                    .any(|r| r.contains(&format!("{:<24}move or attack", "hjklyubn, arrows"))),
                "{rows:?}"
            );
        }
        // F3: the options in force.
        ui.press(Key::Esc, &mut session);
        ui.options = crate::options::Loaded {
            options: crate::options::Options::default(),
            file: None,
        }
        .summary();
        ui.press(Key::F(3), &mut session);
        let rows = screen(&session, &mut ui, 80, 24);
        assert!(rows.iter().any(|r| r.contains("Options (F3 closes)")));
        assert!(
            rows.iter()
                .any(|r| r.contains("symset: Plain (the terminal's)"))
        );
        ui.press(Key::F(3), &mut session);
        ui.press(Key::Char('?'), &mut session);
        // The help's last page holds the terminal's own keys.
        for _ in 0..5 {
            ui.press(Key::PageDown, &mut session);
        }
        let rows = screen(&session, &mut ui, 80, 24);
        assert!(rows.iter().any(|r| r.contains("save and quit")));
        // No key of these took a turn.
        assert_eq!(session.run().turn(), 1);
    }

    #[test]
    fn a_terminal_under_80_by_24_is_told_so_not_garbled() {
        let (session, mut ui) = valkyrie(80, 21);
        let rows = screen(&session, &mut ui, 60, 20);
        let text = rows.join(" ");
        assert!(text.contains("needs a terminal of at least 80 x 24; this one is 60 x 20"));
        assert!(!text.contains("Dlvl "));
    }

    #[test]
    fn a_map_larger_than_the_screen_scrolls_with_you() {
        let (mut session, mut ui) = valkyrie(200, 60);
        for (w, h) in [(80u16, 24u16), (120, 40)] {
            let rows = screen(&session, &mut ui, w, h);
            let at: Vec<(usize, usize)> = rows[1..h as usize - 2]
                .iter()
                .enumerate()
                .filter_map(|(y, r)| r.chars().position(|c| c == '@').map(|x| (x, y)))
                .collect();
            assert_eq!(at.len(), 1, "you, once");
            let me = session.run().player().pos;
            let (x0, y0) = (
                scroll(200, w as usize, me.x),
                scroll(60, h as usize - 3, me.y),
            );
            assert_eq!(at[0], (me.x as usize - x0, me.y as usize - y0));
        }
        ui.press(Key::Char('s'), &mut session);
        assert_eq!(session.run().turn(), 2);
    }

    #[test]
    fn more_waits_for_space_but_a_key_typed_ahead_is_played() {
        let (mut session, mut ui) = valkyrie(80, 21);
        ui.more_chunks = 3;
        ui.press(Key::Char(' '), &mut session);
        assert_eq!((ui.more_passed, session.run().turn()), (1, 1));
        assert!(ui.more_waiting());
        // `s` passes the rest and searches: the keys typed are the run's.
        ui.press(Key::Char('s'), &mut session);
        assert!(!ui.more_waiting());
        assert_eq!(session.run().turn(), 2);
        ui.more_chunks = 2;
        ui.more_passed = 0;
        ui.press(Key::Esc, &mut session);
        assert!(!ui.more_waiting());
        assert_eq!(session.run().turn(), 2);
    }

    #[test]
    fn the_overlay_colours_known_cells_by_their_stage_with_a_legend() {
        let (mut session, mut ui) = valkyrie(80, 21);
        ui.press(Key::Char('M'), &mut session);
        ui.press(Key::Char('O'), &mut session);
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|f| draw(f, &session, &mut ui)).unwrap();
        let buf = terminal.backend().buffer().clone();
        let history = session.run().history().expect("level 1 is grown").clone();
        let marks = crate::palette::Palette::Default.marks();
        // Every map cell above the legend has its stage's background.
        for y in 0..20u16 {
            for x in 0..80u16 {
                let (r, g, b) = marks.provenance(history.provenance(Pos::new(x as i32, y as i32)));
                assert_eq!(buf[(x, y + 1)].bg, Color::Rgb(r, g, b), "({x}, {y})");
            }
        }
        let legend: String = (0..80u16)
            .map(|x| buf[(x, 21)].symbol().to_string())
            .collect();
        assert!(legend.starts_with("stages: "), "{legend}");
        assert!(
            legend.contains(" init ") && legend.contains(" corridor "),
            "{legend}"
        );
        // No key of these took a turn.
        assert_eq!(session.run().turn(), 1);
    }

    #[test]
    fn the_options_keys_play_their_verbs() {
        let (mut session, mut ui) = valkyrie(80, 21);
        let options = crate::options::Options {
            keys: [("Search".to_string(), "z".to_string())].into(),
            number_pad: true,
            ..Default::default()
        };
        ui.typed_keys = options.typed_keys();
        ui.press(Key::Char('z'), &mut session);
        assert_eq!(session.run().turn(), 2, "z searches");
        // number_pad: 6 is `l`, 4 is `h` (each journalled as its verb's
        // key, whether or not a wall was in the way).
        ui.press(Key::Char('6'), &mut session);
        ui.press(Key::Char('4'), &mut session);
        assert_eq!(
            session
                .run()
                .commands()
                .iter()
                .map(|c| c.keys())
                .collect::<String>(),
            "slh"
        );
    }

    #[test]
    fn the_stage_keys_show_the_cave_as_it_grew() {
        let (mut session, mut ui) = valkyrie(80, 21);
        let history = session.run().history().unwrap().clone();
        ui.press(Key::Char('['), &mut session);
        assert_eq!(ui.stage, Some(history.last_stage()));
        ui.press(Key::Char('['), &mut session);
        ui.press(Key::Char('['), &mut session);
        let s = ui.stage.unwrap();
        let rows = screen(&session, &mut ui, 80, 24);
        assert!(
            rows[0].starts_with(&format!("Stage {}", history.stage_name(s))),
            "{}",
            rows[0]
        );
        // Every cell is the stage's, you and all.
        let tiles = history.tiles_at(s);
        let map = session.run().map().clone();
        for y in 0..21 {
            for x in 0..80 {
                let want = tiles[map.index(Pos::new(x, y))].glyph();
                assert_eq!(
                    rows[1 + y as usize].chars().nth(x as usize),
                    Some(want),
                    "({x}, {y})"
                );
            }
        }
        // A key that plays shows the level as it is.
        ui.press(Key::Char('s'), &mut session);
        assert_eq!(ui.stage, None);
        assert_eq!(session.run().turn(), 2);
    }

    #[test]
    fn dec_graphics_draws_walls_as_lines() {
        let wall = CellView {
            glyph: '-',
            colour: None,
            tile: Some(crate::generation::Tile::TopLeftCorner),
            seen_now: true,
        };
        assert_eq!(look(&wall, true).0, '┌');
        assert_eq!(look(&wall, false).0, '-');
    }

    #[test]
    fn a_small_map_stays_put_and_a_large_one_follows_you() {
        assert_eq!(scroll(80, 80, 79), 0);
        assert_eq!(scroll(80, 100, 40), 0);
        // 200 cells in a view of 80: you in the middle, the edges held.
        assert_eq!(scroll(200, 80, 100), 60);
        assert_eq!(scroll(200, 80, 5), 0);
        assert_eq!(scroll(200, 80, 199), 120);
    }
}
