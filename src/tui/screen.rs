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
use crate::dungeon::shared::inventory_letter;
use crate::dungeon::status::{Ending, Status};
use crate::dungeon::verbs::{GameKey, table};
use crate::generation::CaveHistory;
use crate::lab::compare::{CellDiff, Comparison};
use crate::saves::Session;

use super::app::{Panel, Ui, prompt_line};
use super::colours::Colours;
use super::layout::{MIN_SIZE, map_area};
use super::map::{self, Views};

/// The keys of the terminal's own, for the help panel: what the window does
/// with its view keys.
const OWN_KEYS: &[(&str, &str)] = &[
    ("i", "what you carry"),
    ("?", "this help"),
    ("Ctrl+P", "the message history (PgUp, PgDn or < > to page)"),
    ("M", "show the whole level (again: what you know)"),
    ("O", "colour each cell by the stage that last changed it"),
    ("[ ]", "the level a stage earlier, later (a move: as it is)"),
    ("Space", "play the stages of the level's making in turn"),
    ("C", "the level without pass 2 (or --compare's), the diff"),
    ("F", "fly: moves move the view, the run waits (F: land)"),
    ("Home", "frame the whole map (again: back to you)"),
    ("+ - wheel", "zoom between the whole map and close up"),
    ("Tab", "a minimap, when the map is larger than the screen"),
    ("mouse", "click: travel (on you: search); right click: look"),
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
    let mut map = map_area(area);
    // A legend takes the map's last row rather than hide the cells there;
    // the view keeps you in what is left.
    let has_legend = ui.comparison.is_some() || (ui.overlay && run.history().is_some());
    let legend = has_legend.then(|| {
        map.height -= 1;
        Rect::new(map.x, map.y + map.height, map.width, 1)
    });
    let status = Rect::new(area.x, area.y + area.height - 2, area.width, 2);
    ui.map_area = map;
    draw_message(frame, message, session, ui);
    draw_map(frame, map, legend, run, ui);
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
    } else if let Some(line) = ui.words_line(run) {
        line
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

/// The map as the views say (close up or far, the generator's views),
/// the legend of the overlay or the comparison at its foot, and the
/// minimap in a corner.
fn draw_map(frame: &mut Frame, area: Rect, legend: Option<Rect>, run: &Dungeon, ui: &Ui) {
    let history = run.history();
    let stage_tiles = ui.stage.zip(history).map(|(s, h)| h.tiles_at(s));
    let stage_provenance = ui
        .stage
        .zip(history)
        .filter(|_| ui.overlay)
        .map(|(s, h)| h.provenance_at(s));
    let comparison = ui.comparison.as_deref();
    let views = Views {
        // A stage, the overlay and flying are about the map: all of it.
        reveal: ui.reveal || ui.fly || stage_tiles.is_some(),
        overlay: history
            .map(|h| &**h)
            .filter(|_| ui.overlay && comparison.is_none()),
        stage: stage_tiles
            .as_deref()
            .map(|t| (t, stage_provenance.as_deref())),
        comparison,
        dec_graphics: ui.dec_graphics,
    };
    let buf = frame.buffer_mut();
    map::draw_map(buf, area, run, views, ui.colours, ui.viewport);
    match (legend, comparison, views.overlay) {
        (Some(line), Some(c), _) => draw_comparison_legend(frame, line, c, ui.colours),
        (Some(line), None, Some(h)) => draw_legend(frame, line, h, ui.colours),
        _ => {}
    }
    if ui.minimap {
        map::draw_minimap(frame.buffer_mut(), area, run, views, ui.colours);
    }
}

/// The overlay's legend, the line under the map: each stage's colour and
/// name.
fn draw_legend(frame: &mut Frame, area: Rect, history: &CaveHistory, colours: Colours) {
    let marks = colours.palette.marks();
    let mut spans = vec![Span::raw("stages: ")];
    for kind in history.provenance_kinds() {
        let mark = colours.mark(marks.provenance(kind));
        spans.push(Span::styled(" ", Style::default().bg(mark)));
        spans.push(Span::raw(format!("{} ", history.provenance_name(kind))));
    }
    legend_line(frame, area, spans);
}

/// The comparison's legend: what it compares with, and each kind of cell
/// that differs, its colour and how many; in short words when the long
/// ones don't fit the line (the message line names the other level too).
fn draw_comparison_legend(frame: &mut Frame, line: Rect, c: &Comparison, colours: Colours) {
    let spans = |long: bool| {
        let mut spans = vec![Span::raw(if long {
            format!("vs {}: ", c.label)
        } else {
            "differs: ".to_string()
        })];
        for diff in CellDiff::ALL.into_iter().filter(|&d| d != CellDiff::Same) {
            let mark = colours.mark(map::diff_mark(colours, diff));
            let name = if long {
                diff.describe()
            } else {
                short_name(diff)
            };
            spans.push(Span::styled(" ", Style::default().bg(mark)));
            spans.push(Span::raw(format!("{name} {}  ", c.count(diff))));
        }
        spans
    };
    let long = spans(true);
    let fits = long.iter().map(Span::width).sum::<usize>() <= line.width as usize;
    legend_line(frame, line, if fits { long } else { spans(false) });
}

/// A kind of difference in a few words, for a narrow legend.
fn short_name(diff: CellDiff) -> &'static str {
    match diff {
        CellDiff::Same => "same",
        CellDiff::FloorOnlyHere => "floor here only",
        CellDiff::FloorOnlyThere => "floor there only",
        CellDiff::OtherTile => "walls, stairs moved",
    }
}

/// A legend on its line, under the map.
fn legend_line(frame: &mut Frame, line: Rect, spans: Vec<Span>) {
    frame.render_widget(Clear, line);
    frame.render_widget(Paragraph::new(Line::from(spans)), line);
}

/// The two status lines, NetHack's place for them: who you are and
/// where, then how you stand (the window's status bar has the same
/// fields, [`Status::fields`]).
fn draw_status(frame: &mut Frame, area: Rect, run: &Dungeon) {
    let status = Status::of(run);
    let lines = match status.nethack_lines() {
        // A hero's: NetHack's two lines, the Mines' own fields after the
        // second where the screen is wide enough.
        Some([first, second, mines]) => {
            vec![Line::from(first), Line::from(format!("{second}  {mines}"))]
        }
        None => {
            let fields = status.fields();
            let (first, second) = fields.split_at(status.split());
            vec![Line::from(first.join("  ")), Line::from(second.join("  "))]
        }
    };
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
        // A key a view takes first is not the verb's here.
        let own: String = v
            .keys()
            .chars()
            .filter(|c| !super::views::VIEW_CHARS.contains(c))
            .collect();
        row(v.help_keys(&own, terminal_has), v.help());
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

/// The screen drawn at `w` x `h`, as text with the terminal's escape codes
/// for its colours (what `--screenshot` writes in the terminal).
pub(crate) fn ansi_screen(session: &Session, ui: &mut Ui, w: u16, h: u16) -> String {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h))
        .expect("a test backend draws");
    terminal
        .draw(|f| draw(f, session, ui))
        .expect("a test backend draws");
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..h {
        let mut last: Option<(Color, Color)> = None;
        for x in 0..w {
            let cell = &buf[(x, y)];
            if last != Some((cell.fg, cell.bg)) {
                out += &format!("\x1b[0;{};{}m", sgr(cell.fg, false), sgr(cell.bg, true));
                last = Some((cell.fg, cell.bg));
            }
            out += cell.symbol();
        }
        out += "\x1b[0m\n";
    }
    out
}

/// The SGR parameters of a colour, as foreground or background.
fn sgr(colour: Color, background: bool) -> String {
    let base = if background { 40 } else { 30 };
    let named = |i: u8, bright: bool| (if bright { base + 60 } else { base } + i).to_string();
    match colour {
        Color::Reset => (base + 9).to_string(),
        Color::Black => named(0, false),
        Color::Red => named(1, false),
        Color::Green => named(2, false),
        Color::Yellow => named(3, false),
        Color::Blue => named(4, false),
        Color::Magenta => named(5, false),
        Color::Cyan => named(6, false),
        Color::Gray => named(7, false),
        Color::DarkGray => named(0, true),
        Color::LightRed => named(1, true),
        Color::LightGreen => named(2, true),
        Color::LightYellow => named(3, true),
        Color::LightBlue => named(4, true),
        Color::LightMagenta => named(5, true),
        Color::LightCyan => named(6, true),
        Color::White => named(7, true),
        Color::Indexed(i) => format!("{};5;{i}", base + 8),
        Color::Rgb(r, g, b) => format!("{};2;{r};{g};{b}", base + 8),
    }
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
    use crate::generation::Pos;
    use crate::tui::Key;
    use crate::tui::map::scroll;

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
            // NetHack's two lines: the title padded to 30 columns, the six
            // attributes and the alignment; then the dungeon level, gold,
            // HP, Pw, AC (the +3 small shield's 6), Xp and the turn; the
            // Mines' own fields after it where the screen is wide enough.
            let status = &rows[h as usize - 2..];
            assert!(
                status[0].starts_with("Valkyrie the Stripling         St:"),
                "{}",
                status[0]
            );
            assert!(status[0].trim_end().ends_with(" Lawful"), "{}", status[0]);
            let dlvl = session.run().dlvl(1);
            let second = format!("Dlvl:{dlvl} $:0 HP:16(16) Pw:2(2) AC:6 Xp:1/0 T:1  seed 14");
            assert!(status[1].starts_with(&second), "{}", status[1]);
            assert!(status[1].contains("level 1 of 8"), "{}", status[1]);
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
                .any(|r| r.contains("a - a +1 spear (weapon in hand)"))
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
                .any(|r| r.contains("c - an uncursed +3 small shield (being worn)"))
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
        ui.colours.depth = crate::tui::colours::Depth::True;
        ui.press(Key::Char('M'), &mut session);
        ui.press(Key::Char('O'), &mut session);
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|f| draw(f, &session, &mut ui)).unwrap();
        let buf = terminal.backend().buffer().clone();
        let history = session.run().history().expect("level 1 is grown").clone();
        let marks = crate::palette::Palette::Default.marks();
        // The legend takes the map's last row: twenty rows of map are left,
        // scrolled to keep you in them, each cell on its stage's colour.
        assert_eq!(ui.map_area, Rect::new(0, 1, 80, 20));
        let me = session.run().player().pos;
        let (x0, y0) = ui.viewport.origin(session.run().map(), ui.map_area, me);
        assert!((y0..y0 + 20).contains(&(me.y as usize)), "you in view");
        for sy in 0..20u16 {
            for x in 0..80u16 {
                let p = Pos::new(x as i32 + x0 as i32, (sy as usize + y0) as i32);
                let (r, g, b) = marks.provenance(history.provenance(p));
                assert_eq!(buf[(x, sy + 1)].bg, Color::Rgb(r, g, b), "{p:?}");
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

    /// On a taller terminal the legends sit under a whole map; on 80 × 24
    /// the comparison's says in short words what fits the line.
    #[test]
    fn a_legend_is_under_the_map_and_fits_its_line() {
        let (mut session, mut ui) = valkyrie(80, 21);
        ui.press(Key::Char('M'), &mut session);
        ui.press(Key::Char('C'), &mut session);
        for (w, h) in [(80u16, 24u16), (140, 30)] {
            let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
            terminal.draw(|f| draw(f, &session, &mut ui)).unwrap();
            let buf = terminal.backend().buffer().clone();
            let map_rows = (h - 3 - 1).min(h);
            assert_eq!(ui.map_area, Rect::new(0, 1, w, map_rows));
            let legend: String = (0..w)
                .map(|x| buf[(x, 1 + map_rows)].symbol().to_string())
                .collect();
            let legend = legend.trim_end();
            let counted = ["only", "moved"].iter().all(|word| legend.contains(word));
            assert!(counted, "{legend}");
            // The last kind's count is on the line, not cut off.
            let c = ui.comparison.as_deref().unwrap();
            let last = c.count(CellDiff::OtherTile).to_string();
            assert!(legend.ends_with(&last), "{legend}");
            assert_eq!(legend.starts_with("vs "), w >= 140, "{legend}");
        }
    }

    /// A way from you to a free floor cell, and the key that steps there.
    fn free_step(session: &Session) -> (crate::generation::Dir, char) {
        let run = session.run();
        let at = run.player().pos;
        let d = crate::generation::Dir::ALL
            .into_iter()
            .find(|&d| {
                run.level().map().is_walkable(at.step(d))
                    && run.level().monster_at(at.step(d)).is_none()
            })
            .expect("a free cell beside you");
        let key = crate::dungeon::Command::Move(d)
            .keys()
            .chars()
            .next()
            .unwrap();
        (d, key)
    }

    #[test]
    fn alt_c_talks_and_a_priest_asks_the_sum_typed_to_enter() {
        let (mut session, mut ui) = valkyrie(80, 21);
        let at = session.run().player().pos;
        let (d, step) = free_step(&session);
        let priest = session.run().content().monster_kind("priest").unwrap();
        {
            let mut wizard = session.wizard();
            wizard
                .set_gold(300)
                .set_altar(at, crate::dungeon::hero::Alignment::Lawful);
            wizard
                .level()
                .monsters_mut()
                .push(crate::dungeon::Monster::new(
                    99_999,
                    priest,
                    at.step(d),
                    90,
                    true,
                ));
        }
        ui.press(Key::Alt('c'), &mut session);
        ui.press(Key::Char(step), &mut session);
        assert_eq!(
            ui.words_line(session.run()).as_deref(),
            Some("How much will you offer? _")
        );
        for c in "25".chars() {
            ui.press(Key::Char(c), &mut session);
        }
        ui.press(Key::Enter, &mut session);
        assert_eq!(session.run().gold(), 275);
        assert_eq!(ui.words_line(session.run()), None);
        assert_eq!(session.run().commands().last().unwrap().keys(), "$25");
        // Esc at the sum refuses.
        ui.press(Key::Alt('c'), &mut session);
        ui.press(Key::Char(step), &mut session);
        ui.press(Key::Esc, &mut session);
        assert_eq!(ui.words_line(session.run()), None);
        assert_eq!(session.run().gold(), 275);
        assert!(session.run().log().line().contains("You refuse."));
    }

    #[test]
    fn teleport_control_asks_a_cell_by_cursor_and_a_level_in_words() {
        let (mut session, mut ui) = valkyrie(80, 21);
        let at = session.run().player().pos;
        let (d, step) = free_step(&session);
        let content = session.run().content().clone();
        let mut ring = crate::dungeon::Carried::new(
            99_000,
            content.item_kind("ring_of_teleport_control").unwrap(),
            1,
        );
        ring.worn = true;
        ring.hand = Some(crate::dungeon::Hand::Left);
        let trap = |id: &str, pos| crate::dungeon::Trap {
            kind: content.trap_kind(id).unwrap(),
            pos,
            seen: false,
            launch: None,
        };
        {
            let mut wizard = session.wizard();
            wizard.give(ring);
            wizard
                .level()
                .traps_mut()
                .push(trap("teleportation_trap", at.step(d)));
        }
        ui.press(Key::Char(step), &mut session);
        assert_eq!(
            session.run().cursor_question(),
            Some("Where do you want to be teleported? (. or , to land)")
        );
        // Back onto the cell you came from, and land there.
        let back = crate::dungeon::Command::Move(d.opposite())
            .keys()
            .chars()
            .next()
            .unwrap();
        ui.press(Key::Char(back), &mut session);
        ui.press(Key::Char('.'), &mut session);
        assert_eq!(session.run().player().pos, at);
        assert!(!session.run().is_asking());
        // A level teleporter: the level typed, then Enter.
        {
            let mut wizard = session.wizard();
            wizard.level().traps_mut().clear();
            wizard
                .level()
                .traps_mut()
                .push(trap("level_teleporter", at.step(d)));
        }
        ui.press(Key::Char(step), &mut session);
        assert_eq!(
            ui.words_line(session.run()).as_deref(),
            Some("To what level do you want to teleport? _")
        );
        let dlvl = session.run().dlvl(3).to_string();
        for c in dlvl.chars() {
            ui.press(Key::Char(c), &mut session);
        }
        ui.press(Key::Enter, &mut session);
        assert_eq!(session.run().depth(), 3);
        assert_eq!(ui.words_line(session.run()), None);
        assert_eq!(
            session.run().commands().last().unwrap().keys(),
            format!("${dlvl}")
        );
    }

    #[test]
    fn a_cursor_question_shows_its_cell_reversed_as_it_moves() {
        let (mut session, mut ui) = valkyrie(80, 21);
        let reversed = |session: &Session, ui: &mut Ui| {
            let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
            terminal.draw(|f| draw(f, session, ui)).unwrap();
            let buf = terminal.backend().buffer().clone();
            let cells: Vec<(u16, u16)> = (0..24u16)
                .flat_map(|y| (0..80u16).map(move |x| (x, y)))
                .filter(|&xy| {
                    buf[xy]
                        .modifier
                        .contains(ratatui::style::Modifier::REVERSED)
                })
                .collect();
            cells
        };
        assert!(reversed(&session, &mut ui).is_empty());
        ui.press(Key::Char('_'), &mut session);
        let me = session.run().player().pos;
        let on_you = reversed(&session, &mut ui);
        let at = ui
            .viewport
            .screen_of(session.run().map(), ui.map_area, me, me)
            .unwrap();
        assert_eq!(on_you, vec![at]);
        ui.press(Key::Char('L'), &mut session);
        let moved = reversed(&session, &mut ui);
        assert_eq!(moved, vec![(at.0 + 8, at.1)]);
        ui.press(Key::Esc, &mut session);
        assert!(reversed(&session, &mut ui).is_empty());
    }

    #[test]
    fn e_asks_what_with_then_the_words_typed_to_enter() {
        let (mut session, mut ui) = valkyrie(80, 21);
        let at = session.run().player().pos;
        ui.press(Key::Char('E'), &mut session);
        assert!(
            prompt_line('E', &session).starts_with("What do you want to write with? [- "),
            "{}",
            prompt_line('E', &session)
        );
        ui.press(Key::Char('-'), &mut session);
        for c in "Elberx".chars() {
            ui.press(Key::Char(c), &mut session);
        }
        ui.press(Key::Backspace, &mut session);
        for c in "eth".chars() {
            ui.press(Key::Char(c), &mut session);
        }
        assert_eq!(
            ui.words_line(session.run()).as_deref(),
            Some("What do you want to write here? Elbereth_")
        );
        ui.press(Key::Enter, &mut session);
        assert_eq!(session.run().level().engraving_at(at), Some("Elbereth"));
        assert_eq!(ui.words_line(session.run()), None);
        assert!(session.run().commands().last().unwrap().keys() == "E-Elbereth");
        // Esc: never mind.
        ui.press(Key::Char('E'), &mut session);
        ui.press(Key::Char('-'), &mut session);
        ui.press(Key::Char('x'), &mut session);
        ui.press(Key::Esc, &mut session);
        assert_eq!(ui.words_line(session.run()), None);
        assert_eq!(session.run().level().engraving_at(at), Some("Elbereth"));
    }

    #[test]
    fn the_options_keys_play_their_verbs() {
        let (mut session, mut ui) = valkyrie(80, 21);
        let options = crate::options::Options {
            keys: [("Search".to_string(), "v".to_string())].into(),
            number_pad: true,
            ..Default::default()
        };
        ui.typed_keys = options.typed_keys();
        ui.press(Key::Char('v'), &mut session);
        assert_eq!(session.run().turn(), 2, "v searches");
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
        let (session, mut ui) = valkyrie(80, 21);
        ui.reveal = true;
        let plain = screen(&session, &mut ui, 80, 24);
        ui.dec_graphics = true;
        let dec = screen(&session, &mut ui, 80, 24);
        let count =
            |rows: &[String], c: char| rows.iter().map(|r| r.matches(c).count()).sum::<usize>();
        assert!(count(&dec, '─') > 0 && count(&dec, '·') > 0, "{dec:?}");
        assert_eq!(count(&plain, '─') + count(&plain, '·'), 0);
    }

    /// Space plays the stages in turn, time alone moving them on, then the
    /// level as it is; no key is played.
    #[test]
    fn space_plays_the_stages_as_time_passes() {
        let (mut session, mut ui) = valkyrie(80, 21);
        let history = session.run().history().unwrap().clone();
        ui.press(Key::Char(' '), &mut session);
        assert_eq!(ui.stage, Some(crate::generation::Stage::INIT));
        let first = screen(&session, &mut ui, 80, 24);
        let mut now = ui.playing.unwrap();
        let mut shown = vec![ui.stage];
        while ui.playing.is_some() {
            now += super::super::views::STAGE_TIME;
            assert!(ui.tick(&session, now));
            shown.push(ui.stage);
        }
        assert_eq!(shown.len(), history.stage_count(), "{shown:?}");
        assert_eq!(shown.last(), Some(&None), "then the level as it is");
        assert_ne!(screen(&session, &mut ui, 80, 24), first);
        assert_eq!(session.run().turn(), 1);
    }

    /// `C` draws the level without pass 2 in its place, the cells that
    /// differ marked and counted; `C` again puts it back.
    #[test]
    fn c_compares_the_level_with_another_pipeline() {
        let (mut session, mut ui) = valkyrie(80, 21);
        ui.colours.depth = crate::tui::colours::Depth::True;
        let before = screen(&session, &mut ui, 80, 24);
        ui.press(Key::Char('C'), &mut session);
        let c = ui.comparison.clone().expect("a comparison");
        let rows = screen(&session, &mut ui, 80, 24);
        assert!(rows[0].contains("cells differ"), "{}", rows[0]);
        assert!(rows[21].starts_with("differs: "), "{}", rows[21]);
        // Every map cell on screen shows the other level's glyph.
        let me = session.run().player().pos;
        let (_, y0) = ui.viewport.origin(session.run().map(), ui.map_area, me);
        for sy in 0..20 {
            for x in 0..80 {
                let want = c.map.tile(Pos::new(x, (sy + y0) as i32)).glyph();
                assert_eq!(rows[1 + sy].chars().nth(x as usize), Some(want));
            }
        }
        ui.press(Key::Char('C'), &mut session);
        assert!(ui.comparison.is_none());
        ui.said = None;
        assert_eq!(screen(&session, &mut ui, 80, 24)[1..], before[1..]);
    }

    /// `Home` frames a map larger than the screen whole in half-blocks,
    /// flying; `Home` again lands, close up on you. The run waits.
    #[test]
    fn home_frames_the_whole_map_and_home_again_lands() {
        let (mut session, mut ui) = valkyrie(400, 200);
        let close = screen(&session, &mut ui, 80, 24);
        ui.press(Key::Home, &mut session);
        assert!(ui.fly);
        let far = screen(&session, &mut ui, 80, 24);
        let blocks: usize = far[1..22].iter().map(|r| r.matches('▀').count()).sum();
        assert!(blocks > 80 * 21 / 2, "{blocks} half-blocks: {far:?}");
        // The whole map: its corners' blocks are drawn (400 across in 80
        // columns, 200 down in 21 rows of two blocks).
        assert_eq!(ui.viewport.zoom, crate::tui::map::Zoom::Blocks(5));
        // Flying, a move key moves the view, not you.
        ui.press(Key::Char('+'), &mut session);
        ui.press(Key::Char('l'), &mut session);
        assert_eq!(session.run().turn(), 1);
        ui.press(Key::Char('-'), &mut session);
        ui.press(Key::Home, &mut session);
        assert!(!ui.fly);
        ui.said = None;
        assert_eq!(screen(&session, &mut ui, 80, 24), close);
    }

    /// `Tab` shows the whole map small in a corner when it is larger than
    /// the screen, and says there is none when it fits.
    #[test]
    fn tab_shows_a_minimap_of_a_large_map() {
        let (mut session, mut ui) = valkyrie(400, 200);
        ui.press(Key::Tab, &mut session);
        let rows = screen(&session, &mut ui, 80, 24);
        assert!(rows[1].contains(" Map "), "{}", rows[1]);
        let (mut session, mut ui) = valkyrie(80, 21);
        screen(&session, &mut ui, 80, 24);
        ui.press(Key::Tab, &mut session);
        assert!(!ui.minimap);
        assert!(ui.said.as_deref().unwrap().contains("no minimap"));
    }

    /// A click on a cell you know travels there, as the keys a player would
    /// type; a click on you searches; the mouse over a cell names it.
    #[test]
    fn the_mouse_travels_searches_and_names() {
        use crate::tui::Mouse;
        let (mut session, mut ui) = valkyrie(80, 21);
        ui.reveal = true;
        let rows = screen(&session, &mut ui, 80, 24);
        let me = session.run().player().pos;
        // A floor cell you have seen, a few steps off.
        let to = session
            .run()
            .map()
            .cells()
            .find(|&p| {
                session.run().level().is_seen(p)
                    && session.run().map().is_walkable(p)
                    && (p.x - me.x).abs() + (p.y - me.y).abs() >= 2
            })
            .expect("a seen floor cell");
        assert!(!rows.is_empty());
        let at = |p: Pos| (p.x as u16, p.y as u16 + 1);
        let (column, row) = at(to);
        ui.press(Key::Mouse(Mouse::Over { column, row }), &mut session);
        assert!(ui.said.is_some());
        ui.press(Key::Mouse(Mouse::Left { column, row }), &mut session);
        let keys: String = session.run().commands().iter().map(|c| c.keys()).collect();
        assert!(keys.starts_with('_') && keys.ends_with('.'), "{keys}");
        let played = session.run().commands().len();
        let (column, row) = at(session.run().player().pos);
        ui.press(Key::Mouse(Mouse::Left { column, row }), &mut session);
        assert_eq!(session.run().commands().len(), played + 1);
        assert_eq!(
            session.run().commands().last(),
            Some(&crate::dungeon::Command::Search)
        );
    }

    /// The options' palette draws in the terminal's colours: the
    /// colour-blind palette's escape codes differ from the default's.
    #[test]
    fn the_palette_changes_the_colours_on_screen() {
        let codes = |palette| {
            let (session, mut ui) = valkyrie(80, 21);
            ui.reveal = true;
            ui.colours = crate::tui::colours::Colours {
                depth: crate::tui::colours::Depth::True,
                palette,
            };
            ansi_screen(&session, &mut ui, 80, 24)
        };
        let default = codes(crate::palette::Palette::Default);
        let blind = codes(crate::palette::Palette::ColourBlind);
        assert!(default.contains("\x1b[0;38;2;"), "24-bit escapes");
        assert_ne!(default, blind);
        // The characters are the same; only their colours differ.
        let strip = |t: &str| {
            let mut out = String::new();
            let mut esc = false;
            for c in t.chars() {
                match (esc, c) {
                    (false, '\x1b') => esc = true,
                    (true, 'm') => esc = false,
                    (false, c) => out.push(c),
                    _ => {}
                }
            }
            out
        };
        assert_eq!(strip(&default), strip(&blind));
    }
}
