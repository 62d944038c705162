//! Which required field a refused line lacks, found without reading any error message (issue
//! #34): serde's derived readers report a missing field through the error type's
//! `missing_field` constructor, which `serde_json` turns into text. A refused line is read
//! again here, through the same derived reader, from a tree of its JSON that keeps every key
//! in order and every repeat ([`Node`]), by a deserializer whose error type keeps what serde
//! reports as data ([`Fault`]). The reader sees the same calls in the same order as it did
//! from the text, so it stops at the same place; when that is a missing field, its name and
//! its object's path come back as they are. Only a refused line pays for this; a good line
//! is read once, straight from the text.

use std::fmt;

use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{self, DeserializeOwned, Deserializer, IntoDeserializer, MapAccess, SeqAccess};
use serde::{forward_to_deserialize_any, Deserialize};

/// A JSON value as written: an object's keys in order, repeats kept.
#[derive(Debug, Clone, PartialEq)]
enum Node {
    Null,
    Bool(bool),
    U64(u64),
    I64(i64),
    F64(f64),
    Str(String),
    Seq(Vec<Node>),
    Map(Vec<(String, Node)>),
}

struct NodeVisitor;

impl<'de> de::Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }

    fn visit_none<E>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        Node::deserialize(d)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Node, E> {
        Ok(Node::Bool(b))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Node, E> {
        Ok(Node::U64(n))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Node, E> {
        Ok(Node::I64(n))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Node, E> {
        Ok(Node::F64(n))
    }

    fn visit_str<E>(self, s: &str) -> Result<Node, E> {
        Ok(Node::Str(s.to_owned()))
    }

    fn visit_string<E>(self, s: String) -> Result<Node, E> {
        Ok(Node::Str(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::new();
        while let Some(x) = seq.next_element()? {
            items.push(x);
        }
        Ok(Node::Seq(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Node::Map(entries))
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Node, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

/// What stopped the reader: a required field missing (its name, as serde reports it), or
/// anything else (its text, unused here: the caller keeps `serde_json`'s own error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Fault {
    Missing(&'static str),
    Other(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Missing(name) => write!(f, "missing {name}"),
            Fault::Other(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for Fault {}

impl de::Error for Fault {
    fn custom<T: fmt::Display>(msg: T) -> Fault {
        Fault::Other(msg.to_string())
    }

    fn missing_field(field: &'static str) -> Fault {
        Fault::Missing(field)
    }
}

/// A [`Node`] read again, with [`Fault`] as its error.
struct Replay(Node);

impl IntoDeserializer<'_, Fault> for Replay {
    type Deserializer = Replay;

    fn into_deserializer(self) -> Replay {
        self
    }
}

impl<'de> Deserializer<'de> for Replay {
    type Error = Fault;

    fn deserialize_any<V: de::Visitor<'de>>(self, v: V) -> Result<V::Value, Fault> {
        match self.0 {
            Node::Null => v.visit_unit(),
            Node::Bool(b) => v.visit_bool(b),
            Node::U64(n) => v.visit_u64(n),
            Node::I64(n) => v.visit_i64(n),
            Node::F64(n) => v.visit_f64(n),
            Node::Str(s) => v.visit_string(s),
            Node::Seq(items) => {
                let mut seq = SeqDeserializer::new(items.into_iter().map(Replay));
                let out = v.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(out)
            }
            Node::Map(entries) => {
                let mut map =
                    MapDeserializer::new(entries.into_iter().map(|(k, n)| (k, Replay(n))));
                let out = v.visit_map(&mut map)?;
                map.end()?;
                Ok(out)
            }
        }
    }

    fn deserialize_option<V: de::Visitor<'de>>(self, v: V) -> Result<V::Value, Fault> {
        match self.0 {
            Node::Null => v.visit_none(),
            _ => v.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: de::Visitor<'de>>(
        self,
        _name: &'static str,
        v: V,
    ) -> Result<V::Value, Fault> {
        v.visit_newtype_struct(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

/// The required field `T`'s reader finds missing in `line` first, if that is what stops it:
/// the path of the object that lacks it (`""` for the line itself, `wins[0]`) and its name.
/// `None` when the line is not JSON or stops for another reason.
pub(super) fn missing_field<T: DeserializeOwned>(line: &str) -> Option<(String, &'static str)> {
    let node: Node = serde_json::from_str(line).ok()?;
    match serde_path_to_error::deserialize::<_, T>(Replay(node)) {
        Err(e) => {
            let path = e.path().to_string();
            match e.into_inner() {
                Fault::Missing(name) => {
                    Some((if path == "." { String::new() } else { path }, name))
                }
                Fault::Other(_) => None,
            }
        }
        Ok(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)] // read for its errors
    struct Inner {
        a: u8,
        b: Option<u8>,
        #[serde(default)]
        c: u8,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Outer {
        seat: u8,
        items: Vec<Inner>,
    }

    #[test]
    fn the_missing_field_and_its_object_are_named_as_data() {
        // A missing required field, at the top and inside a list's object; an `Option` or a
        // defaulted field absent is no error.
        assert_eq!(
            missing_field::<Outer>(r#"{"items":[]}"#),
            Some((String::new(), "seat"))
        );
        assert_eq!(
            missing_field::<Outer>(r#"{"seat":1,"items":[{"a":1},{"b":2}]}"#),
            Some(("items[1]".to_owned(), "a"))
        );
        // Stopped by anything else first: a wrong type, a field written twice, not JSON.
        assert_eq!(missing_field::<Outer>(r#"{"seat":"x"}"#), None);
        assert_eq!(missing_field::<Outer>(r#"{"seat":1,"seat":2}"#), None);
        assert_eq!(missing_field::<Outer>(r#"{"seat":"#), None);
        assert_eq!(missing_field::<Outer>(r#"{"seat":1,"items":[]}"#), None);
    }

    #[test]
    fn the_tree_keeps_order_and_repeats() {
        let node: Node =
            serde_json::from_str(r#"{"b":1,"a":[null,-2,1.5,"x"],"b":true}"#).expect("JSON");
        assert_eq!(
            node,
            Node::Map(vec![
                ("b".to_owned(), Node::U64(1)),
                (
                    "a".to_owned(),
                    Node::Seq(vec![
                        Node::Null,
                        Node::I64(-2),
                        Node::F64(1.5),
                        Node::Str("x".to_owned())
                    ])
                ),
                ("b".to_owned(), Node::Bool(true)),
            ])
        );
    }
}
