//! The terminal itself: raw mode and the alternate screen, taken at the start
//! and given back on every way out (quit, the run's end and a new one, a
//! panic, SIGTERM, SIGHUP), and the loop that reads keys and draws. The
//! journal is on disk after every command, so a closed SSH session or a kill
//! loses no turn.

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use crossterm::{cursor, execute};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::app::{Key, Mouse, Ui};
use super::colours::{Colours, Depth};
use super::screen::draw;
use crate::generation::Dir;
use crate::options::{Loaded, Symset};
use crate::saves::Session;

/// What the terminal plays, and how.
#[derive(Debug)]
pub struct TuiConfig {
    /// The run and its journal (new, resumed or replayed).
    pub session: Session,
    /// Ask who you are first (a new game that names no hero).
    pub pick_hero: bool,
    /// Start with the whole level shown (`--reveal`, as `M`).
    pub reveal: bool,
    /// The views to start in, as the command line chose them.
    pub views: StartViews,
    /// Show level D of the run as first made (`--depth D` with
    /// `--screenshot`): a wizard's jump, not a move of the run.
    pub depth: Option<usize>,
    /// Draw one screen into this file (`--screenshot`: the characters and
    /// their colours as the terminal's escape codes) and stop.
    pub screenshot: Option<std::path::PathBuf>,
    /// The options file's options, and where it was.
    pub options: Loaded,
}

/// The generator's views to start in (`--overlay`, `--stage`,
/// `--compare`, `--compare-view`).
#[derive(Clone, Debug, Default)]
pub struct StartViews {
    /// The provenance overlay on.
    pub overlay: bool,
    /// The level as it was after this stage.
    pub stage: Option<String>,
    /// The pipeline the comparison view (`C`) compares with.
    pub compare: Option<crate::generation::Pipeline>,
    /// Start in the comparison view.
    pub compare_view: bool,
}

/// The terminal given back as it was: raw mode off, the mouse its own
/// again, the main screen back, the cursor shown. Safe to call more than
/// once.
fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        cursor::Show
    );
}

/// The session and the terminal's state as `config` starts them: the
/// options' keys, symbols and palette (at the terminal's `depth`), the
/// views the command line chose, the pick screen.
fn start(config: TuiConfig, depth: Depth) -> Result<(Session, Ui), String> {
    let mut session = config.session;
    if let Some(d) = config.depth {
        session
            .wizard()
            .go_to(d)
            .map_err(|e| format!("--depth {d}: {e}"))?;
    }
    let options = &config.options.options;
    let mut ui = Ui::new(
        session.run().setup().clone(),
        options.symset == Symset::DECgraphics,
    );
    ui.reveal = config.reveal;
    ui.typed_keys = options.typed_keys();
    ui.history_page = options.history_page;
    ui.options = config.options.summary();
    ui.colours = Colours {
        depth,
        palette: options.palette,
    };
    if config.pick_hero {
        ui.pick = Some(crate::dungeon::hero::Pick::default());
    }
    let views = config.views;
    ui.overlay = views.overlay;
    ui.stage = views
        .stage
        .as_deref()
        .zip(session.run().history())
        .and_then(|(name, h)| h.stage_named(name));
    ui.say_stage(&session);
    ui.compare_with = views.compare;
    if views.compare_view {
        ui.toggle_comparison(&session);
    }
    Ok((session, ui))
}

/// `--screenshot` in the terminal: one screen, at the terminal's size (80
/// × 24 when there is none), written to `path` as the characters and
/// their colours in the terminal's escape codes (`cat` shows it); a path
/// ending in `.png` gets the text beside it (`.txt`) and its picture.
/// Nothing is played, and the run's journal is untouched.
fn screenshot(config: TuiConfig, path: &std::path::Path) -> Result<(), String> {
    let (w, h) = crossterm::terminal::size()
        .ok()
        .filter(|_| io::stdout().is_terminal())
        .unwrap_or(super::layout::MIN_SIZE);
    let text = screen_after(config, (w, h), &[])?;
    let is_png = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    let text_path = if is_png {
        path.with_extension("txt")
    } else {
        path.to_path_buf()
    };
    std::fs::write(&text_path, text)
        .map_err(|e| format!("--screenshot {}: {e}", text_path.display()))?;
    if is_png {
        draw_png(&text_path, path)?;
    }
    Ok(())
}

/// The terminal's screen after `keys`, with no terminal: `size` columns
/// and rows, as text with its colours in escape codes, as `--screenshot`
/// writes it (NetHack's sixteen colours where the environment says so,
/// else 24-bit: a file is read later, anywhere). The keys are played as
/// typed, the views' keys too, and journalled as play is. For scripts, bug
/// reports, and a front end's tests and benchmarks.
pub fn screen_after(config: TuiConfig, size: (u16, u16), keys: &[Key]) -> Result<String, String> {
    let depth = match Depth::of_env() {
        Depth::Ansi16 => Depth::Ansi16,
        _ => Depth::True,
    };
    let (mut session, mut ui) = start(config, depth)?;
    // The views size themselves to the screen they were last drawn on.
    super::screen::ansi_screen(&session, &mut ui, size.0, size.1);
    for &key in keys {
        ui.press(key, &mut session);
    }
    Ok(super::screen::ansi_screen(
        &session, &mut ui, size.0, size.1,
    ))
}

/// A `.png` screenshot: the text drawn by `tools/term_png.py` (Python and
/// ImageMagick), which a checkout has; without them the text stays and
/// the error says how to draw it later.
fn draw_png(text: &std::path::Path, png: &std::path::Path) -> Result<(), String> {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/term_png.py");
    let drawn = std::process::Command::new("python3")
        .arg(&script)
        .arg(text)
        .arg(png)
        .output();
    match drawn {
        Ok(out) if out.status.success() => Ok(()),
        failed => {
            let why = match failed {
                Ok(out) => String::from_utf8_lossy(&out.stderr)
                    .lines()
                    .last()
                    .unwrap_or("it failed")
                    .to_string(),
                Err(e) => e.to_string(),
            };
            Err(format!(
                "--screenshot {}: the screen is in {} as text, but no PNG ({why}): \
                 a PNG needs python3, ImageMagick and {}",
                png.display(),
                text.display(),
                script.display()
            ))
        }
    }
}

/// Restores the terminal when dropped, so every return and unwind does.
struct Taken;

impl Drop for Taken {
    fn drop(&mut self) {
        restore();
    }
}

/// Play `config`'s run in this terminal until you quit (or, with a
/// screenshot to take, draw one screen into its file).
pub fn play(config: TuiConfig) -> Result<(), String> {
    if let Some(path) = config.screenshot.clone() {
        return screenshot(config, &path);
    }
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return Err("--tui needs a terminal (stdin and stdout are not one)".into());
    }
    // SIGTERM and SIGHUP end the loop; the terminal is given back on the way
    // out (a hung-up one no longer cares, but the journal is already saved).
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        signal_hook::flag::register(signal, Arc::clone(&stop))
            .map_err(|e| format!("cannot watch for signal {signal}: {e}"))?;
    }
    // A panic gives the terminal back before it prints.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        hook(info);
    }));
    watch_for_hangup(Arc::clone(&stop));
    enable_raw_mode().map_err(|e| format!("cannot put the terminal in raw mode: {e}"))?;
    let taken = Taken;
    execute!(
        io::stdout(),
        EnterAlternateScreen,
        cursor::Hide,
        EnableMouseCapture
    )
    .map_err(|e| format!("cannot open the terminal's alternate screen: {e}"))?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))
        .map_err(|e| format!("cannot draw in this terminal: {e}"))?;
    let (mut session, mut ui) = start(config, Depth::of_env())?;
    let result = run_loop(&mut terminal, &mut session, &mut ui, &stop);
    let _ = terminal.flush();
    drop(taken);
    let _ = io::stdout().flush();
    result
}

fn run_loop(
    terminal: &mut Terminal<CrosstermBackend<io::Stdout>>,
    session: &mut Session,
    ui: &mut Ui,
    stop: &AtomicBool,
) -> Result<(), String> {
    let trouble = |e: io::Error| format!("the terminal failed: {e}");
    let events = read_events();
    loop {
        if stop.load(Ordering::Relaxed) || ui.quit {
            return Ok(());
        }
        terminal
            .draw(|frame| draw(frame, session, ui))
            .map_err(trouble)?;
        // Keys typed ahead are each played, in order, before the next draw;
        // while the stages play, time alone moves them on.
        let wait = if ui.playing.is_some() { 50 } else { 250 };
        let first = match events.recv_timeout(Duration::from_millis(wait)) {
            Ok(event) => event,
            Err(RecvTimeoutError::Timeout) => {
                ui.tick(session, std::time::Instant::now());
                continue;
            }
            // The reader stopped: the terminal can no longer be read.
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        };
        for event in std::iter::once(first).chain(events.try_iter()) {
            match event.map_err(trouble)? {
                Event::Key(k) if k.kind != KeyEventKind::Release => {
                    if let Some(key) = key_of(k) {
                        ui.press(key, session);
                    }
                }
                Event::Mouse(m) => {
                    if let Some(mouse) = mouse_of(m) {
                        ui.press(Key::Mouse(mouse), session);
                    }
                }
                // A resize redraws at the new size (the next draw).
                Event::Resize(..) => terminal.autoresize().map_err(trouble)?,
                _ => {}
            }
            if ui.quit || stop.load(Ordering::Relaxed) {
                break;
            }
        }
    }
}

/// The terminal's events, read on a thread of their own: a hung-up
/// terminal can leave crossterm's read waiting for ever, and the loop must
/// still see a signal or the watchdog's stop and end the run the usual way
/// (the thread ends with the process).
fn read_events() -> Receiver<io::Result<Event>> {
    let (send, events) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        loop {
            let event = event::read();
            let failed = event.is_err();
            if send.send(event).is_err() || failed {
                return;
            }
        }
    });
    events
}

/// Stop the game when a signal asks or the terminal is gone, even while no
/// key comes: a hung-up terminal reads as endless nothing. A process that
/// had a controlling terminal loses it when the terminal hangs up
/// (`/dev/tty` no longer opens), whether or not a SIGHUP reached it (a
/// wrapper may have taken it). It raises the same flag SIGHUP does, so the
/// loop ends the run as it ends it for SIGHUP; the journal is on disk after
/// every command, so stopping loses nothing.
fn watch_for_hangup(stop: Arc<AtomicBool>) {
    let had_tty = std::fs::File::open("/dev/tty").is_ok();
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(300));
            if had_tty && std::fs::File::open("/dev/tty").is_err() {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
}

/// A crossterm key as the front end reads it; None for keys it has no use
/// for.
fn key_of(k: KeyEvent) -> Option<Key> {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    Some(match k.code {
        KeyCode::Char(c) if ctrl => Key::Ctrl(c.to_ascii_lowercase()),
        KeyCode::Char(c) if k.modifiers.contains(KeyModifiers::ALT) => {
            Key::Alt(c.to_ascii_lowercase())
        }
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Esc => Key::Esc,
        KeyCode::Enter => Key::Enter,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Left => Key::Arrow(Dir::W),
        KeyCode::Right => Key::Arrow(Dir::E),
        KeyCode::Up => Key::Arrow(Dir::N),
        KeyCode::Down => Key::Arrow(Dir::S),
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::F(n) => Key::F(n),
        KeyCode::Home => Key::Home,
        KeyCode::Tab => Key::Tab,
        _ => return None,
    })
}

/// A crossterm mouse event as the front end reads it; None for those it has
/// no use for (a button let go, a drag).
fn mouse_of(m: MouseEvent) -> Option<Mouse> {
    let (column, row) = (m.column, m.row);
    Some(match m.kind {
        MouseEventKind::Down(MouseButton::Left) => Mouse::Left { column, row },
        MouseEventKind::Down(MouseButton::Right) => Mouse::Right { column, row },
        MouseEventKind::Moved => Mouse::Over { column, row },
        MouseEventKind::ScrollUp => Mouse::Wheel { closer: true },
        MouseEventKind::ScrollDown => Mouse::Wheel { closer: false },
        _ => return None,
    })
}
