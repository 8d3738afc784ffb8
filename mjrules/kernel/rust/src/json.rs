//! A reader of the JSON lines `batch` and `compare` take, for the lines the kernel can answer alone.
//! It reads what Python's `json` reads to the same values, or gives None: a string with an escape or
//! a control character, a number too long, a line nested deeply, anything it is unsure of. The
//! caller then hands the line to the Python path, which reads it (or names its error) as before.

/// A JSON value; `Other` is a valid value the kernel does not use (a float, an escaped string).
pub enum Value<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Str(&'a str),
    Arr(Vec<Value<'a>>),
    Obj(Vec<(&'a str, Value<'a>)>),
    Other,
}

const MAX_DEPTH: usize = 64;

impl<'a> Value<'a> {
    /// The value of `key` in an object: Ok(None) when absent, Err when the key is there twice (Python
    /// keeps the last; the kernel leaves such a line to Python) or this is no object.
    pub fn get(&self, key: &str) -> Result<Option<&Value<'a>>, ()> {
        match self {
            Value::Obj(items) => {
                let mut found = None;
                for (k, v) in items {
                    if *k == key {
                        if found.is_some() {
                            return Err(());
                        }
                        found = Some(v);
                    }
                }
                Ok(found)
            }
            _ => Err(()),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Value::Obj(items) => items.len(),
            Value::Arr(items) => items.len(),
            _ => 0,
        }
    }
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn ws(&mut self) {
        while self.pos < self.bytes.len() && matches!(self.bytes[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
    }

    fn literal(&mut self, word: &str) -> Option<()> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Some(())
        } else {
            None
        }
    }

    fn string(&mut self) -> Option<&'a str> {
        // at the opening quote
        let start = self.pos + 1;
        let mut i = start;
        while i < self.bytes.len() {
            match self.bytes[i] {
                b'"' => {
                    self.pos = i + 1;
                    return Some(&self.text[start..i]);
                }
                b'\\' => return None,
                c if c < 0x20 => return None,
                _ => i += 1,
            }
        }
        None
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Option<Value<'a>> {
        let start = self.pos;
        if self.bytes[self.pos] == b'-' {
            self.pos += 1;
        }
        let first = *self.bytes.get(self.pos)?;
        let n = self.digits();
        if n == 0 || (first == b'0' && n > 1) {
            return None;
        }
        let mut integer = true;
        if self.bytes.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return None;
            }
            integer = false;
        }
        if matches!(self.bytes.get(self.pos), Some(b'e') | Some(b'E')) {
            self.pos += 1;
            if matches!(self.bytes.get(self.pos), Some(b'+') | Some(b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return None;
            }
            integer = false;
        }
        if !integer {
            return Some(Value::Other);
        }
        if n > 18 {
            return None; // Python names a number of absurd length; leave it to it
        }
        self.text[start..self.pos].parse::<i64>().ok().map(Value::Int)
    }

    fn value(&mut self, depth: usize) -> Option<Value<'a>> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.ws();
        match *self.bytes.get(self.pos)? {
            b'{' => {
                self.pos += 1;
                let mut items = Vec::with_capacity(8);
                self.ws();
                if self.bytes.get(self.pos) == Some(&b'}') {
                    self.pos += 1;
                    return Some(Value::Obj(items));
                }
                loop {
                    self.ws();
                    if self.bytes.get(self.pos) != Some(&b'"') {
                        return None;
                    }
                    let key = self.string()?;
                    self.ws();
                    if self.bytes.get(self.pos) != Some(&b':') {
                        return None;
                    }
                    self.pos += 1;
                    let v = self.value(depth + 1)?;
                    items.push((key, v));
                    self.ws();
                    match self.bytes.get(self.pos) {
                        Some(b',') => self.pos += 1,
                        Some(b'}') => {
                            self.pos += 1;
                            return Some(Value::Obj(items));
                        }
                        _ => return None,
                    }
                }
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::with_capacity(4);
                self.ws();
                if self.bytes.get(self.pos) == Some(&b']') {
                    self.pos += 1;
                    return Some(Value::Arr(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    match self.bytes.get(self.pos) {
                        Some(b',') => self.pos += 1,
                        Some(b']') => {
                            self.pos += 1;
                            return Some(Value::Arr(items));
                        }
                        _ => return None,
                    }
                }
            }
            b'"' => self.string().map(Value::Str),
            b't' => self.literal("true").map(|_| Value::Bool(true)),
            b'f' => self.literal("false").map(|_| Value::Bool(false)),
            b'n' => self.literal("null").map(|_| Value::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None, // NaN, Infinity and the like: Python's to read
        }
    }
}

/// The value of a whole line, or None when the kernel leaves the line to Python.
pub fn parse(text: &str) -> Option<Value<'_>> {
    let mut r = Reader { text, bytes: text.as_bytes(), pos: 0 };
    let v = r.value(0)?;
    r.ws();
    if r.pos != r.bytes.len() {
        return None;
    }
    Some(v)
}
