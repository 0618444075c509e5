//! Messages as data: a [`Code`] and its arguments. The command line shows
//! a message in English (its code's template, filled); the page receives
//! the code and the arguments (serde) and its catalogues translate by
//! code, formatting numbers and ranges in the reader's language: no page
//! reads English back out of a sentence.
//!
//! Every message a user of the page can cause has its own code. What only
//! the command line, or a page misusing the module, can cause is
//! [`Code::Plain`]: its one argument is the sentence, shown as written.

use std::fmt;

/// One argument of a message.
#[derive(Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Arg {
    /// Text: a file's name, a token, a setting's label. The page shows the
    /// catalogue's translation of it when there is one, else the text.
    Text(String),
    /// A real number: the page writes it in the reader's language.
    Number(f64),
    /// A whole number (a count, a line, a bound).
    Whole(u64),
    /// Names, joined with commas.
    List(Vec<String>),
    /// A message within the message (a range, a reason).
    Message(Box<Message>),
    /// Messages, joined with semicolons (the first bad lines of a file).
    Messages(Vec<Message>),
}

impl From<String> for Arg {
    fn from(text: String) -> Self {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Self {
        Arg::Text(text.to_string())
    }
}

impl From<f64> for Arg {
    fn from(v: f64) -> Self {
        Arg::Number(v)
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Self {
        Arg::Whole(n as u64)
    }
}

impl From<u64> for Arg {
    fn from(n: u64) -> Self {
        Arg::Whole(n)
    }
}

impl From<Vec<&str>> for Arg {
    fn from(names: Vec<&str>) -> Self {
        Arg::List(names.into_iter().map(String::from).collect())
    }
}

impl From<Vec<Message>> for Arg {
    fn from(messages: Vec<Message>) -> Self {
        Arg::Messages(messages)
    }
}

impl From<Message> for Arg {
    fn from(message: Message) -> Self {
        Arg::Message(Box::new(message))
    }
}

/// As its text: a derived `Debug` would write the f64 with core's float
/// formatting, which an `expect` on an error would bring into the page's
/// module (11 KB gzip, measured with twiggy); `number::text` uses ryu.
impl fmt::Debug for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Text(text) => f.write_str(text),
            Arg::Number(v) => f.write_str(&crate::number::text(*v)),
            Arg::Whole(n) => write!(f, "{n}"),
            Arg::List(names) => f.write_str(&names.join(", ")),
            Arg::Message(message) => message.fmt(f),
            Arg::Messages(messages) => {
                for (i, message) in messages.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    message.fmt(f)?;
                }
                Ok(())
            }
        }
    }
}

/// A message: its code, and its arguments by the names its template uses.
#[derive(Clone, PartialEq)]
pub struct Message {
    pub code: Code,
    pub args: Vec<(&'static str, Arg)>,
}

/// As its English text (as [`Arg`]'s, and to keep core's debug builders
/// out of the page's module: an `expect` on an error formats it).
impl fmt::Debug for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {self}", self.code.name())
    }
}

impl Message {
    pub fn new(code: Code, args: Vec<(&'static str, Arg)>) -> Self {
        Self { code, args }
    }

    /// An argument by name.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }
}

/// `msg!(Code, name = value, ...)`: a [`Message`], each value into an [`Arg`].
#[macro_export]
macro_rules! msg {
    ($code:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::error::Message::new(
            $code,
            vec![$((stringify!($name), $crate::error::Arg::from($value))),*],
        )
    };
}

/// A sentence with no code of its own (see the module's note).
impl From<String> for Message {
    fn from(text: String) -> Self {
        Message::new(Code::Plain, vec![("text", Arg::Text(text))])
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Self {
        Message::from(text.to_string())
    }
}

impl fmt::Display for Message {
    /// The English text: the template with each `{name}` filled.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // split_once, not slices by index (see number::parse).
        let mut rest = self.code.template();
        while let Some((text, slot)) = rest.split_once('{') {
            let (name, after) = slot.split_once('}').expect("templates close their slots");
            f.write_str(text)?;
            match self.arg(name) {
                Some(arg) => arg.fmt(f)?,
                None => write!(f, "{{{name}}}")?,
            }
            rest = after;
        }
        f.write_str(rest)
    }
}

impl serde::Serialize for Message {
    /// `{code, template, args: {name: {kind: value}}}`: the page's
    /// catalogues translate `code`; `template` is the English.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        struct Args<'a>(&'a [(&'static str, Arg)]);
        impl serde::Serialize for Args<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_map(self.0.iter().map(|(name, arg)| (name, arg)))
            }
        }
        let mut out = serializer.serialize_struct("Message", 3)?;
        out.serialize_field("code", self.code.name())?;
        out.serialize_field("template", self.code.template())?;
        out.serialize_field("args", &Args(&self.args))?;
        out.end()
    }
}

macro_rules! codes {
    ($($(#[doc = $doc:literal])* $code:ident $name:literal => $template:literal,)+) => {
        /// What a message says, whatever its language.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Code {
            $($(#[doc = $doc])* $code,)+
        }

        impl Code {
            pub const ALL: &'static [Code] = &[$(Code::$code,)+];

            /// The code as the page's catalogues key it.
            pub fn name(self) -> &'static str {
                match self { $(Code::$code => $name,)+ }
            }

            /// The English, with a `{name}` slot for each argument.
            pub fn template(self) -> &'static str {
                match self { $(Code::$code => $template,)+ }
            }
        }
    };
}

codes! {
    /// A sentence with no code of its own, shown as written.
    Plain "plain" => "{text}",
    SettingRange "setting-range" => "{name} must be {range}, got {value}",
    UnknownName "unknown-name" => "unknown {what} '{got}' (expected one of: {expected})",
    RangePositive "range-positive" => "positive and finite",
    RangeNonNegative "range-non-negative" => "non-negative and finite",
    RangeBetween "range-between" => "between {low} and {high}",
    RangeStrictly "range-strictly" => "strictly between {low} and {high}",
    RangeUpTo "range-up-to" => "greater than {low} and at most {high}",
    RangeAbove "range-above" => "greater than {low} and finite",
    RangeFinite "range-finite" => "finite",
    RangeWhole "range-whole" => "a whole number from {low} to {high}",
    RangeWholeOrNone "range-whole-or-none" => "a whole number from {low} to {high}, or none",
    RangeWholeOrLength "range-whole-or-length" => "a whole number from {low} to {high}, or none for the data's length",
    RangeChoice "range-choice" => "one of its words",
    ReductionRefuses "reduction-refuses" => "{learner} cannot learn {k} classes by {reduction}; the learners that can: {list}",
    TaskRefused "task-refused" => "{learner} does not do {task}; the learners that do: {list}",
    PresetRefused "preset-refused" => "{learner} cannot learn {preset} ({task}); choose PA, PA-I or PA-II",
    PresetClasses "preset-classes" => "{preset} has {k} classes; classes must be from {least} to 6",
    PointsFit "points-fit" => "points of class {k} were learned since the plane was last emptied: press Clear to empty it before lowering classes to {n}",
    KernelRefused "kernel-refused" => "{learner} needs the Gaussian kernel: its random Fourier features approximate that kernel alone",
    MergingKernel "merging-kernel" => "{learner} merges only under the Gaussian kernel: choose removal or projection",
    TaskFixed "task-fixed" => "the task cannot change mid-stream; reset the learner",
    PlaneRegression "plane-regression" => "the plane shows 1-D regression; use regression-1d",
    FileOffPlane "file-off-plane" => "{file} has {n} features: the plane cannot show its points, so clicks cannot add any",
    NoRows "no-rows" => "{file}: no valid rows to learn from",
    /// A file read in the page with no valid line: the first bad ones.
    NoValidRows "no-valid-rows" => "{file}: no valid rows; {first}",
    NoData "no-data" => "{file}: the file holds no data",
    FileClasses "file-classes" => "{file} has {k} classes; the page shows up to 6 (the command line learns any number)",
    FileKey "file-key" => "file '{value}' is not a file's name and fingerprint (name:16 hex digits)",
    SharedLink "shared-link" => "shared link: {why}",
    SharedState "shared-state" => "shared state: {why}",
    LeftOut "left-out" => "the link's {keys} left out: not a setting, and not in a link's characters",
    OlderLink "older-link" => "This link was made with an older version of the playground: {changes}. Its replay differs from what its author saw.",
    /// Two notices of one link, one after the other.
    Notices "notices" => "{first}. {then}",
    /// A Compare panel's run leaves out setting changes its learner refuses.
    PanelKept "panel-kept" => "{learner}'s panel kept its settings where the session changed one it refuses: {why}",
    SwitchedTask "switched-task" => "{learner} cannot learn {task}; switched to PA-I",
    SwitchedReduction "switched-reduction" => "{learner} cannot learn {k} classes by {reduction}; switched to {to}",
    ReplayedOnFile "replayed-on-file" => "replayed the shared session on {file}",
    NotTheFile "not-the-file" => "{file} is not the file the link was made with ({wanted}, same name and contents); starting afresh",
    /// A malformed line: where, and why (a message of the codes below).
    Line "line" => "{file}:{line}:{column}: {message}",
    ExpectedPair "expected-pair" => "expected index:value, found '{token}'",
    IndexMissing "index-missing" => "feature index missing before ':{value}' (expected index:value)",
    IndexNotWhole "index-not-whole" => "feature index '{token}' is not a whole number",
    IndexZero "index-zero" => "feature index 0 is not allowed (LIBSVM indices start at 1)",
    IndexTooLarge "index-too-large" => "feature index {index} is above the largest supported, {most}",
    IndexOrder "index-order" => "feature index {index} follows {previous} (LIBSVM indices must be strictly ascending)",
    FieldCount "field-count" => "expected {n} fields, found {found}",
    /// A test file's line against its training file's (both CSV).
    TrainingWidth "training-width" => "expected {n} fields as the training file's lines have (the same features and a label), found {found}",
    TooFewFields "too-few-fields" => "a line needs at least one feature and a label, found {n} field(s)",
    NoLabelColumn "no-label-column" => "label column {n} does not exist, lines have {width} fields",
    LabelNotNumber "label-not-number" => "label '{token}' is not a number",
    LabelNotFinite "label-not-finite" => "label '{token}' is not a finite number",
    LabelNotSign "label-not-sign" => "label '{token}' is not a class label (classes are 0/1 or -1/+1; read the labels as numbers for a regression)",
    LabelNotWhole "label-not-whole" => "label '{token}' is not a class label (classes are whole numbers; read the labels as numbers for a regression)",
    ValueNotFinite "value-not-finite" => "value '{token}' is not finite (NaN and infinities cannot be learned from)",
    ValueNotNumber "value-not-number" => "value '{token}' is not a number",
    /// Reading a file failed: the system's words.
    Io "io" => "{path}: {message}",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_slots_are_unique_and_filled_in_english() {
        let names: std::collections::HashSet<_> = Code::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), Code::ALL.len());
        let m = msg!(
            Code::SettingRange,
            name = "C",
            range = msg!(Code::RangePositive),
            value = -1.0
        );
        assert_eq!(m.to_string(), "C must be positive and finite, got -1");
        let list = msg!(
            Code::TaskRefused,
            learner = "arow",
            task = "regression",
            list = vec!["pa", "pa1"]
        );
        assert_eq!(
            list.to_string(),
            "arow does not do regression; the learners that do: pa, pa1"
        );
        // A slot with no argument stays as written, never a panic.
        assert_eq!(
            msg!(Code::NoRows).to_string(),
            "{file}: no valid rows to learn from"
        );
    }

    #[test]
    fn a_message_serialises_as_code_template_and_tagged_arguments() {
        let m = msg!(
            Code::Line,
            file = "a.csv",
            line = 3usize,
            column = 7usize,
            message = msg!(Code::LabelNotNumber, token = "x")
        );
        let json = serde_json::to_value(&m).unwrap();
        assert_eq!(json["code"], "line");
        assert_eq!(json["args"]["line"]["whole"], 3);
        assert_eq!(json["args"]["file"]["text"], "a.csv");
        assert_eq!(
            json["args"]["message"]["message"]["code"],
            "label-not-number"
        );
        assert_eq!(json["template"], Code::Line.template());
    }
}
