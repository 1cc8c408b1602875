//! Reading a UCI engine's answers as the protocol's: the legal moves, the
//! position, check and the game's end after an action (`d`, `go perft 1`,
//! `go depth 1`), and `Responder` for [`UciEngine`].

use crate::variant::{Report, Status, UciEnd};

use super::{position_command, Shown, Snapshot, UciEngine, REFUSED, UCI_FIELDS};
use crate::protocol::client::ClientError;
use crate::protocol::messages::{ActionResult, Request, Response};
use crate::protocol::responder::{Answers, Responder};

impl UciEngine {
    /// The legal moves after `position` (`go perft 1`), in the engine's
    /// spelling.
    fn legal(&mut self, position: &str) -> Result<Vec<String>, ClientError> {
        let (divide, total) = self.perft_lines(position, 1)?;
        if divide.len() as u64 != total || divide.iter().any(|(_, count)| *count != 1) {
            return Err(ClientError::Invalid(format!(
                "`go perft 1` listed {} moves but counted {total} nodes",
                divide.len()
            )));
        }
        Ok(divide.into_iter().map(|(mv, _)| mv).collect())
    }

    /// `d` after `position`, closed by `isready`/`readyok`.
    pub(super) fn display(&mut self, position: &str) -> Result<Shown, ClientError> {
        self.send(&[position, "d", "isready"])?;
        let lines = self.read_until(|line| line == "readyok")?;
        let mut shown = Shown::default();
        for line in &lines {
            if let Some(fen) = line.strip_prefix("Fen:") {
                shown.fen = Some(fen.trim().to_string());
            }
            if let Some(checkers) = line.strip_prefix("Checkers:") {
                shown.in_check = Some(!checkers.trim().is_empty());
            }
        }
        Ok(shown)
    }

    /// `go depth 1` on a position without legal moves: whether the engine
    /// calls the game decided (a mate score) rather than drawn.
    fn decided(&mut self, position: &str) -> Result<bool, ClientError> {
        self.send(&[position, "go depth 1"])?;
        let lines = self.read_until(|line| line.starts_with("bestmove"))?;
        let mut decided = false;
        for line in &lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(at) = words.iter().position(|w| *w == "score") {
                decided = words.get(at + 1) == Some(&"mate");
            }
        }
        Ok(decided)
    }

    /// The legal moves and what `d` shows, cached per position command.
    fn snapshot(&mut self, position: &str) -> Result<Snapshot, ClientError> {
        if let Some(known) = self.cache.get(position) {
            return Ok(known.clone());
        }
        let moves = self.legal(position)?;
        let shown = if self.offers_fen {
            self.display(position)?
        } else {
            Shown::default()
        };
        let snapshot = Snapshot { moves, shown };
        if self.cache.len() > 4096 {
            self.cache.clear();
        }
        self.cache.insert(position.to_string(), snapshot.clone());
        Ok(snapshot)
    }

    /// A move text in our canonical notation, if it is one.
    fn canonical(&self, text: &str) -> Option<String> {
        self.notation.canonical_action(text).ok()
    }

    /// The game's status after a move into `position`, from the engine's
    /// answers: going on while it lists moves. Without moves, `go depth 1`
    /// says whether the game is decided (`score mate 0`, which Stockfish
    /// prints for a won and for a lost end alike) or drawn (any other
    /// answer). Who won and why is read off the engine's own FEN the only
    /// way each variant allows: Grand Chess is decided by checkmate only,
    /// so the side to move lost; Racing Kings by the goal only, so the side
    /// whose king stands on rank 8 won. A draw is a stalemate, or a tie on
    /// the goal when both kings stand on rank 8.
    fn status(
        &mut self,
        position: &str,
        snapshot: &Snapshot,
        to_move: &str,
    ) -> Result<Status, ClientError> {
        if !snapshot.moves.is_empty() {
            return Ok(Status::Ongoing);
        }
        let decided = self.decided(position)?;
        let other = if to_move == "white" { "black" } else { "white" };
        let fen = snapshot.shown.fen.clone().unwrap_or_default();
        let home = kings_on_last_rank(&fen);
        let end = crate::variant::info(self.variant)
            .uci
            .map_or(UciEnd::Checkmate, |uci| uci.end);
        Ok(match (end, decided, home) {
            (UciEnd::Goal, true, (true, false)) => Status::won_by("white", "goal"),
            (UciEnd::Goal, true, (false, true)) => Status::won_by("black", "goal"),
            (UciEnd::Goal, true, _) => Status::won_by("(unknown)", "goal"),
            (UciEnd::Checkmate, true, _) => Status::won_by(other, "checkmate"),
            (UciEnd::Goal, false, (true, true)) => Status::Drawn {
                reason: "goal-tie".to_string(),
            },
            (_, false, _) => Status::Drawn {
                reason: "stalemate".to_string(),
            },
        })
    }

    /// The answer to `apply`: each action checked against the engine's
    /// legal moves of the position reached so far (from `start` with the
    /// accepted moves), the last one also for the position after it.
    fn apply(
        &mut self,
        seq: u64,
        start: &str,
        actions: &[String],
    ) -> Result<Response, ClientError> {
        let mut played: Vec<String> = Vec::new();
        let mut results = Vec::new();
        for action in actions {
            let canonical = self.canonical(action);
            if canonical.as_deref() == Some("claim") || action.trim() == "claim" {
                return Ok(Response::Skipped {
                    seq,
                    reason: "a draw claim (`claim`) has no UCI question".to_string(),
                });
            }
            let before_command = position_command(&self.notation.position_text(), start, &played);
            let before = self.snapshot(&before_command)?;
            let before_fen = before.shown.fen.clone().unwrap_or_default();
            let hit = canonical.as_ref().and_then(|wanted| {
                before
                    .moves
                    .iter()
                    .find(|mv| self.canonical(mv).as_ref() == Some(wanted))
                    .cloned()
            });
            let Some(mv) = hit else {
                results.push(ActionResult {
                    result: REFUSED.to_string(),
                    report: None,
                    position: before_fen.clone(),
                });
                continue;
            };
            played.push(mv.clone());
            let after_command = position_command(&self.notation.position_text(), start, &played);
            let after = self.snapshot(&after_command)?;
            let actor = side_of(&before_fen).unwrap_or("white");
            let to_move = if actor == "white" { "black" } else { "white" };
            let status = self.status(&after_command, &after, to_move)?;
            // The engine's FEN as it wrote it: a difference (such as
            // F-G-EP-FEN's en-passant field) is compared and declared, never
            // rewritten away (docs/uci.md).
            let position = after.shown.fen.clone().unwrap_or_default();
            let checks = if after.shown.in_check == Some(true) {
                vec![to_move.to_string()]
            } else {
                Vec::new()
            };
            let report = Report {
                action: canonical.unwrap_or(mv),
                actor: actor.to_string(),
                capture: None,
                promotion: None,
                checks,
                eliminations: Vec::new(),
                control: Vec::new(),
                next: (!status.is_over()).then(|| to_move.to_string()),
                status,
                events: Vec::new(),
                clocks: Default::default(),
                position: position.clone(),
            };
            results.push(ActionResult {
                result: "legal".to_string(),
                report: Some(report),
                position,
            });
        }
        Ok(Response::Applied { seq, results })
    }

    /// The answer to `status` (2.2): the actions played as [`Self::apply`]
    /// plays them; the status is the last accepted move's, or, when none
    /// was accepted, the one the engine's answers give the position itself.
    fn status_after(
        &mut self,
        seq: u64,
        start: &str,
        actions: &[String],
    ) -> Result<Response, ClientError> {
        let results = match self.apply(seq, start, actions)? {
            Response::Applied { results, .. } => results,
            other => return Ok(other),
        };
        if let Some(report) = results.iter().rev().find_map(|r| r.report.as_ref()) {
            let (status, to_move) = (report.status.clone(), report.next.clone());
            return Ok(Response::Status {
                seq,
                status,
                to_move,
            });
        }
        let command = position_command(&self.notation.position_text(), start, &[]);
        let snapshot = self.snapshot(&command)?;
        let to_move = side_of(start).unwrap_or("white");
        let status = self.status(&command, &snapshot, to_move)?;
        let to_move = (!status.is_over()).then(|| to_move.to_string());
        Ok(Response::Status {
            seq,
            status,
            to_move,
        })
    }

    fn answer(&mut self, request: &Request) -> Result<Response, ClientError> {
        let (seq, variant, rulings) = match request {
            Request::Apply {
                seq,
                variant,
                rulings,
                ..
            }
            | Request::Moves {
                seq,
                variant,
                rulings,
                ..
            }
            | Request::Perft {
                seq,
                variant,
                rulings,
                ..
            }
            | Request::Status {
                seq,
                variant,
                rulings,
                ..
            } => (*seq, *variant, rulings),
            Request::Start { .. } | Request::Stop => {
                return Err(ClientError::Invalid(
                    "start and stop are not sent to a UCI engine".to_string(),
                ))
            }
        };
        if variant != self.variant {
            return Ok(Response::Skipped {
                seq,
                reason: format!("the engine was started for {}, not {variant}", self.variant),
            });
        }
        if !rulings.is_empty() {
            return Ok(Response::Skipped {
                seq,
                reason: "UCI has no ruling settings".to_string(),
            });
        }
        let start = self.notation.position_text();
        match request {
            Request::Moves { position, from, .. } => {
                let snapshot = self.snapshot(&position_command(&start, position, &[]))?;
                let moves = snapshot
                    .moves
                    .into_iter()
                    .filter(|mv| from.as_ref().is_none_or(|from| split_move(mv).0 == from))
                    .collect();
                Ok(Response::Moves { seq, moves })
            }
            Request::Perft {
                position, depth, ..
            } => {
                if *depth == 0 {
                    return Ok(Response::Skipped {
                        seq,
                        reason: "`go perft 0` is not a UCI question".to_string(),
                    });
                }
                let (_, nodes) =
                    self.perft_lines(&position_command(&start, position, &[]), *depth)?;
                Ok(Response::Perft { seq, nodes })
            }
            Request::Apply {
                position, actions, ..
            } => self.apply(seq, position, actions),
            Request::Status {
                position, actions, ..
            } => self.status_after(seq, position, actions),
            Request::Start { .. } | Request::Stop => {
                unreachable!("answered above")
            }
        }
    }
}

impl Responder for UciEngine {
    fn respond(&mut self, request: &Request) -> Result<Response, ClientError> {
        match self.answer(request) {
            Ok(response) => Ok(response),
            Err(error) => {
                // Best effort: a failed restart shows up on the next request.
                let _ = self.restart();
                Err(error)
            }
        }
    }

    fn stderr_tail(&self) -> String {
        UciEngine::stderr_tail(self)
    }

    /// Its `status` is read off the engine's answers (`UciEngine::status`).
    fn answers_status(&self) -> bool {
        true
    }

    fn answers(&self) -> Answers {
        Answers {
            refusal_codes: false,
            fields: Some(if self.offers_fen {
                UCI_FIELDS
            } else {
                &UCI_FIELDS[..UCI_FIELDS.len() - 1]
            }),
            position: self.offers_fen,
            refuses_positions: false,
            special_actions: false,
        }
    }
}

/// The from- and to-squares of a coordinate move (`e10e9q` gives `e10`,
/// `e9`).
pub(super) fn split_move(mv: &str) -> (&str, &str) {
    let bytes = mv.as_bytes();
    let mut at = 1;
    while at < bytes.len() && bytes[at].is_ascii_digit() {
        at += 1;
    }
    let (from, rest) = mv.split_at(at.min(mv.len()));
    let mut end = 1.min(rest.len());
    while end < rest.len() && rest.as_bytes()[end].is_ascii_digit() {
        end += 1;
    }
    (from, &rest[..end])
}

/// The side to move of a FEN, as a party key.
pub(super) fn side_of(fen: &str) -> Option<&'static str> {
    match fen.split_whitespace().nth(1) {
        Some("w") => Some("white"),
        Some("b") => Some("black"),
        _ => None,
    }
}

/// Whether White's and Black's kings stand on the top rank of the FEN's
/// board.
pub(super) fn kings_on_last_rank(fen: &str) -> (bool, bool) {
    let top = fen.split('/').next().unwrap_or("");
    (top.contains('K'), top.contains('k'))
}
