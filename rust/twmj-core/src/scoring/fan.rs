//! The fan list of 003 (九蓮寶燈 88 … 無字 1) as a pattern library: one [`ItemDef`] per pattern
//! the presets' tables ([`crate::scoring::items::ITEMS`]) do not already have. No preset counts
//! them; a custom variant draws one in by name (`tai.<key> = n`, docs/variants.md).

use crate::scoring::items::ItemDef;

/// The fan list's own patterns, in [`crate::scoring::Item`] order after the presets' items.
pub static FAN_ITEMS: [ItemDef; 0] = [];
