//! One hand (局) of the taiwan preset (or american: 換三張 and 起胡; `three_player` / `two_player`:
//! the 004 tile sets over 3 or 2 seated players, see [`State::from_seed`] and
//! [`State::seats`]; traditional: 001's flow — 攔胡, 流局 options, 特殊流局, 詐胡, 過手 and the
//! dice deal, all read from the variant's [`crate::rules::Flow`] and `multi_win`) as a
//! deterministic state machine: the action space,
//! the state and its flow, legality, the event log and its replay, and the hand's outcome.
//!
//! [`action`] the action space; [`state`] the deal and the state ([`State::apply`] in the
//! flow); [`legality`] legal actions, masks and the rule an illegal action breaks;
//! [`deal`] the deal and the rules a hand is played under; [`event`] the log and
//! [`replay()`]; [`record`] the JSON-lines record; [`result`] the
//! outcome handed to scoring; [`view`] one seat's view; [`snapshot`] legality without a log;
//! [`series`] a match of hands (dealer rotation, 連莊, round winds); [`observe`] a seat's view
//! as a fixed-shape array, [`vector`] many tables stepped together, [`bots`] players.
//!
//! ```
//! use twmj_core::game::{legal_actions, State};
//! let mut st = State::from_seed(7, &twmj_core::TAIWAN);
//! while !st.is_over() {
//!     let seat = st.pending().trailing_zeros() as u8;
//!     let action = legal_actions(&st, seat)[0];
//!     st.apply(seat, action).unwrap();
//! }
//! assert!(st.result().is_some());
//! ```

pub mod action;
pub mod bots;
/// The evaluator and the `search` bot's sampling ([`bots::search`]).
pub use bots::search;
pub mod deal;
pub mod event;
mod flow;
pub mod furiten;
pub mod legality;
pub mod observe;
pub mod quiz;
pub mod record;
pub mod replay;
pub mod report;
pub mod result;
pub mod review;
pub mod series;
pub mod settle;
pub mod simulate;
pub mod snapshot;
mod snapshot_json;
pub mod state;
pub mod vector;
pub mod view;

pub use action::{Action, ChiPos, ACTION_COUNT, ACTION_TERMS};

/// The table's fixed numbers, for the layers above to bound their inputs by (the binding's
/// vocabulary `limits`, the HTTP schema): one owner each, here.
pub const LIMITS: [crate::vocab::Limit; 7] = [
    crate::vocab::Limit {
        key: "seats",
        name: "座位",
        value: deal::SEATS as u32,
        doc: "seats at the table (0 to seats − 1); the 4 winds 東南西北 are as many",
    },
    crate::vocab::Limit {
        key: "full_set",
        name: "一副牌",
        value: deal::FULL_SET as u32,
        doc: "pieces in a full set (34 kinds × 4 + 8 flowers): no count of tiles exceeds it",
    },
    crate::vocab::Limit {
        key: "kept_back",
        name: "留牌",
        value: deal::KEPT_BACK as u32,
        doc: "tiles at the end of the wall never drawn (000 牌與發牌: 牌牆最後 16 張不摸)",
    },
    crate::vocab::Limit {
        key: "max_streak",
        name: "連莊上限",
        value: series::MAX_STREAK as u32,
        doc:
            "most 連莊 in a row in a match (000 連莊); a score's own cap is the setting streak_cap",
    },
    crate::vocab::Limit {
        key: "die_faces",
        name: "骰子點數",
        value: crate::vocab::DIE_FACES as u32,
        doc: "faces of each of the three opening dice, 1 to this (骰規台, 換三張's direction, the wall's break)",
    },
    crate::vocab::Limit {
        key: "melds",
        name: "副露上限",
        value: observe::MELDS as u32,
        doc: "most open melds one hand holds: the five sets of a 16-tile hand (the largest hand_size)",
    },
    crate::vocab::Limit {
        key: "review_samples",
        name: "復盤模擬上限",
        value: bots::search::MAX_REVIEW_SAMPLES as u32,
        doc: "most samples one review draws in all (its decisions × samples per decision): a bound on the work one call may ask for",
    },
];
pub use bots::{
    arena_count, arena_hand, check_agents, danger_class, discard_facts, duplicate_count,
    duplicate_hand, play_hand, settled, Bot, DiscardFacts, Played,
};
pub use event::Event;
pub use furiten::Furiten;
pub use legality::{check, is_legal, legal_actions, legal_mask};
pub use observe::{observe, observe_into, OBS_LEN};
pub use record::{
    from_json, read_log, read_seen_log, record_lines, seen, seen_from_json, seen_to_json, to_json,
    to_json_seen, write_log, write_seen_log, HiddenAction, SeenEvent, SeenHand,
};
pub use replay::{replay, replay_record};
pub use result::{DrawReason, FalseWin, FirstTurn, HandResult, Win, WinKind};
pub use series::{Match, SeatDraw, MAX_STREAK};
pub use settle::{settle_hand, Settled, Table};
pub use simulate::{simulate, Summary};
pub use snapshot::{Decision, Situation, Snapshot};
pub use state::{
    exchange_offset, CallLock, Deal, DealSeed, Declaration, Discarded, Exchange, Offer, OfferKind,
    Opening, Options, Phase, Piece, Player, Rules, SplitMix64, State, Turn, WallBreak, KEPT_BACK,
    SEATS,
};
pub use vector::{hand_reward, paid_reward, Reward, Slot};
pub use view::{SeenMeld, SeenSeat, View};
