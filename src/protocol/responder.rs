//! What the campaigns ask an engine through: [`Responder`], something
//! that answers protocol requests (an engine process through
//! [`super::client`], a UCI engine through [`super::uci`], or the
//! reference in this process, [`InProcess`]), and [`Answers`], what its
//! answers can be compared in.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::client::{ClientError, Engine};
use super::messages::{Request, Response};

/// Something that answers protocol requests: an engine process, or the
/// reference engine in this process.
pub trait Responder {
    /// Answers one request.
    ///
    /// # Errors
    /// [`ClientError`] when no usable answer came.
    fn respond(&mut self, request: &Request) -> Result<Response, ClientError>;
    /// The last lines of the responder's stderr, for reports.
    fn stderr_tail(&self) -> String;
    /// What its answers can be compared in; everything unless it says
    /// otherwise (a UCI engine answers less, `docs/uci.md`).
    fn answers(&self) -> Answers {
        Answers::ALL
    }
    /// Whether it may be asked `status` (protocol 2.2): the status of a
    /// position a `state` step pins. No, unless it says so.
    fn answers_status(&self) -> bool {
        false
    }
    /// The seqs of the requests it answered more than once since the
    /// last call (an answer it owed once came twice); none unless it
    /// says so.
    fn take_repeated(&mut self) -> Vec<u64> {
        Vec::new()
    }
}

/// What a responder's answers can be compared in. The runners compare
/// nothing else, so that a field a route cannot answer is neither failed
/// nor counted as agreeing; `conform::not_compared` lists what a scenario loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answers {
    /// Whether refusals carry the variant's reason codes; without, a
    /// refusal is compared only as "not legal".
    pub refusal_codes: bool,
    /// The report fields it answers (`None`: all of them).
    pub fields: Option<&'static [&'static str]>,
    /// Whether it answers the position after an action.
    pub position: bool,
    /// Whether it refuses impossible positions (answers `errored`).
    pub refuses_positions: bool,
    /// Whether it plays the variant's special actions (`claim`,
    /// `timeout`).
    pub special_actions: bool,
}

impl Answers {
    /// A protocol engine: every field.
    pub const ALL: Answers = Answers {
        refusal_codes: true,
        fields: None,
        position: true,
        refuses_positions: true,
        special_actions: true,
    };

    /// Whether it answers report field `name`.
    pub fn answers_field(&self, name: &str) -> bool {
        self.fields.is_none_or(|fields| fields.contains(&name))
    }

    /// Keeps only the comparable fields of a compared map, with every
    /// refusal code written `refused` when codes are not answered.
    pub fn restrict(&self, map: &mut BTreeMap<&'static str, Value>) {
        map.retain(|key, _| *key == "result" || self.answers_field(key));
        if !self.position {
            map.remove("position");
        }
        if !self.refusal_codes {
            if let Some(result) = map.get_mut("result") {
                if result != "legal" {
                    *result = json!("refused");
                }
            }
        }
    }
}

impl Responder for Engine {
    fn respond(&mut self, request: &Request) -> Result<Response, ClientError> {
        self.request(request)
    }
    fn stderr_tail(&self) -> String {
        Engine::stderr_tail(self)
    }
    fn answers_status(&self) -> bool {
        self.info().answers_status()
    }
    fn take_repeated(&mut self) -> Vec<u64> {
        Engine::take_repeated(self)
    }
}

/// The reference engine in this process, with ruling settings forced on
/// top of each request's (as `regelwerk serve --ruling` does).
pub struct InProcess {
    /// The forced settings.
    pub forced: Vec<String>,
}

impl Responder for InProcess {
    fn respond(&mut self, request: &Request) -> Result<Response, ClientError> {
        super::serve::answer(request.clone(), &self.forced).ok_or(ClientError::Closed)
    }
    fn stderr_tail(&self) -> String {
        String::new()
    }
    fn answers_status(&self) -> bool {
        true
    }
}
