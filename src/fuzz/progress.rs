//! How a fuzz run goes while it runs: games done of the total, the
//! differences so far, games per second and the time left, on stderr.
//! On a terminal one line is redrawn in place; anywhere else (a CI log, a
//! file) a plain line is written every few seconds, so that a long healthy
//! run is never silent. `--quiet` writes nothing.

use std::io::Write;
use std::time::{Duration, Instant};

/// Where and how progress is shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mode {
    /// Nothing (`--quiet`).
    Silent,
    /// One line redrawn in place (stderr is a terminal).
    Live,
    /// A plain line every `Duration` (stderr is a file or a pipe).
    Lines(Duration),
}

/// The shortest time between two redraws of the live line.
const REDRAW: Duration = Duration::from_millis(100);

/// A plain line comes at the latest this often (or at each new tenth of
/// the games): a log gets at most about a dozen lines for a healthy run.
const LINE_AT_LEAST: Duration = Duration::from_secs(30);

/// A progress report for `total` games.
pub struct Progress<W: Write> {
    out: W,
    mode: Mode,
    total: u64,
    /// What the differences are called (`differences`, `violations`).
    noun: &'static str,
    started: Instant,
    last: Instant,
    /// A live line is on the screen.
    drawn: bool,
    /// The tenth of the games the last plain line reported.
    tenth: u64,
}

/// `90 s`, `4 min 05 s`, `2 h 07 min`.
fn duration_text(seconds: f64) -> String {
    let seconds = seconds.max(0.0).round() as u64;
    match seconds {
        0..=119 => format!("{seconds} s"),
        120..=7199 => format!("{} min {:02} s", seconds / 60, seconds % 60),
        _ => format!("{} h {:02} min", seconds / 3600, seconds % 3600 / 60),
    }
}

/// The progress line: `fuzz: 40/200 games, 1 difference, 3.2 games/s,
/// ETA 50 s` (the rate and ETA once a game is done).
pub fn line(done: u64, total: u64, differences: u64, noun: &str, elapsed: Duration) -> String {
    let noun = if differences == 1 {
        noun.strip_suffix('s').unwrap_or(noun)
    } else {
        noun
    };
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        done as f64 / seconds
    } else {
        0.0
    };
    let eta = if done == 0 || rate <= 0.0 {
        "ETA unknown".to_string()
    } else {
        format!(
            "ETA {}",
            duration_text(total.saturating_sub(done) as f64 / rate)
        )
    };
    format!("fuzz: {done}/{total} games, {differences} {noun}, {rate:.1} games/s, {eta}")
}

impl<W: Write> Progress<W> {
    /// A report of `total` games written to `out`, starting now; `noun`
    /// names the differences (plural).
    pub fn new(out: W, mode: Mode, total: u64, noun: &'static str) -> Progress<W> {
        let now = Instant::now();
        Progress {
            out,
            mode,
            total,
            noun,
            started: now,
            last: now,
            drawn: false,
            tenth: 0,
        }
    }

    /// `done` games are played and `differences` found: shows it if it is
    /// time to.
    pub fn update(&mut self, done: u64, differences: u64) {
        self.update_at(done, differences, Instant::now());
    }

    /// [`Progress::update`] at the time `now`.
    pub fn update_at(&mut self, done: u64, differences: u64, now: Instant) {
        let since = now.saturating_duration_since(self.last);
        let text = line(
            done,
            self.total,
            differences,
            self.noun,
            now.saturating_duration_since(self.started),
        );
        // Progress is best effort: a stderr that cannot be written to does
        // not stop the run.
        match self.mode {
            Mode::Silent => {}
            Mode::Live if since >= REDRAW || !self.drawn => {
                let _ = write!(self.out, "\r{text}\x1b[K");
                let _ = self.out.flush();
                self.drawn = true;
                self.last = now;
            }
            Mode::Lines(every)
                if since >= every.max(LINE_AT_LEAST) || self.tenth_of(done) > self.tenth =>
            {
                let _ = writeln!(self.out, "{text}");
                let _ = self.out.flush();
                self.last = now;
                self.tenth = self.tenth_of(done);
            }
            Mode::Live | Mode::Lines(_) => {}
        }
    }

    /// Which tenth of the games `done` reaches (0 to 10).
    fn tenth_of(&self, done: u64) -> u64 {
        (done.saturating_mul(10))
            .checked_div(self.total)
            .unwrap_or(0)
            .min(10)
    }

    /// Clears the live line (before the summary, or a message, is
    /// printed).
    pub fn finish(&mut self) {
        if self.drawn {
            let _ = write!(self.out, "\r\x1b[K");
            let _ = self.out.flush();
            self.drawn = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_gives_done_total_differences_rate_and_eta() {
        assert_eq!(
            line(40, 200, 1, "differences", Duration::from_secs(10)),
            "fuzz: 40/200 games, 1 difference, 4.0 games/s, ETA 40 s"
        );
        assert_eq!(
            line(0, 200, 0, "differences", Duration::from_secs(3)),
            "fuzz: 0/200 games, 0 differences, 0.0 games/s, ETA unknown"
        );
        // 10 of 1000 in 20 s: 990 games at 0.5 games/s is 1980 s.
        assert_eq!(
            line(10, 1000, 2, "violations", Duration::from_secs(20)),
            "fuzz: 10/1000 games, 2 violations, 0.5 games/s, ETA 33 min 00 s"
        );
        assert_eq!(duration_text(7300.0), "2 h 01 min");
    }

    #[test]
    fn plain_lines_come_every_interval_and_live_lines_are_cleared() {
        let start = Instant::now();
        // 200 games, one a second: a line at each tenth (every 20 games),
        // none in between although 5 s pass.
        let mut plain = Progress::new(Vec::new(), Mode::Lines(Duration::from_secs(5)), 200, "d");
        plain.started = start;
        plain.last = start;
        for second in 1..=200 {
            plain.update_at(second, 0, start + Duration::from_secs(second));
        }
        let text = String::from_utf8(plain.out.clone()).expect("utf-8");
        assert_eq!(text.lines().count(), 10, "{text}");
        assert!(text.starts_with("fuzz: 20/200 games"), "{text}");
        assert!(!text.contains('\r'));
        // 1000 games, one every 10 s: a tenth takes 1000 s, so a line
        // every 30 s.
        let mut slow = Progress::new(Vec::new(), Mode::Lines(Duration::from_secs(5)), 1000, "d");
        slow.started = start;
        slow.last = start;
        for game in 1..=12 {
            slow.update_at(game, 0, start + Duration::from_secs(10 * game));
        }
        let text = String::from_utf8(slow.out.clone()).expect("utf-8");
        assert_eq!(text.lines().count(), 4, "{text}");

        let mut live = Progress::new(Vec::new(), Mode::Live, 10, "d");
        live.update_at(1, 0, Instant::now());
        live.finish();
        let text = String::from_utf8(live.out).expect("utf-8");
        assert!(text.starts_with("\rfuzz: 1/10 games"), "{text:?}");
        assert!(text.ends_with("\r\x1b[K"), "{text:?}");

        let mut silent = Progress::new(Vec::new(), Mode::Silent, 10, "d");
        silent.update_at(10, 0, Instant::now() + Duration::from_secs(60));
        silent.finish();
        assert!(silent.out.is_empty());
    }
}
