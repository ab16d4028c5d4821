//! Shopkeepers at their doors, as NetHack's (`u_entered_shop`): stepping
//! into a shop's door, you are greeted ("Hello, stranger! Welcome to the
//! lighting store!"), unless you carry a pick-axe or a mattock: then the
//! keeper asks you to leave it outside and stands in the way in until you
//! come back without it. Invisible, you are sensed ("Invisible customers
//! are not welcome!") and kept out the same way. The shops are the level kind's (a drawn level's
//! `shops`); the keeper is the peaceful shopkeeper standing in the shop.
//!
//! NetHack's keeper also stands in the door when you would leave with
//! goods you have not paid for; here a ware is paid for as it is picked up,
//! so that never happens.

use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// The shop whose door you stand on, and its keeper, if one keeps it.
fn at_its_door(state: &RunState) -> Option<(usize, usize)> {
    let me = state.player.pos;
    let s = state
        .level()
        .shops
        .iter()
        .position(|shop| shop.door == me)?;
    let shop = &state.level().shops[s];
    let content = state.content();
    let keeper = state.level().monsters.iter().position(|m| {
        m.peaceful && content.monster(m.kind).role.keeps_shop() && shop.floor.contains(&m.pos)
    })?;
    Some((s, keeper))
}

/// The name of the digging tool you carry, if any.
fn digger(state: &RunState) -> Option<String> {
    let content = state.content();
    state
        .player
        .inventory
        .iter()
        .find(|c| content.item(c.kind).on_pick_up.digs())
        .map(|c| content.item(c.kind).name.clone())
}

/// Standing in a shop's door, its keeper stands in the way in while you
/// carry a pick, and at its post when you don't (after every action, so
/// dropping the pick there lets you in).
pub(crate) fn tend(state: &mut RunState) {
    let Some((s, keeper)) = at_its_door(state) else {
        return;
    };
    let shop = &state.level().shops[s];
    let barred = digger(state).is_some() || crate::dungeon::rules::invisible::you_are(state);
    let stand = if barred { shop.inside } else { shop.post };
    if state.level().monster_at(stand).is_none_or(|m| m == keeper) {
        state.level_mut().monsters[keeper].pos = stand;
    }
}

/// You stepped from `from` onto `to`: at a shop's door, coming from outside,
/// its keeper greets you or asks you to leave your pick outside.
pub(crate) fn at_door(state: &mut RunState, from: Pos, to: Pos) {
    let Some((s, _)) = at_its_door(state) else {
        return;
    };
    let shop = state.level().shops[s].clone();
    if shop.door != to || shop.floor.contains(&from) {
        return; // leaving, not coming in
    }
    tend(state);
    if crate::dungeon::rules::invisible::you_are(state) {
        state.say("The shopkeeper senses your presence.");
        state.say("\"Invisible customers are not welcome!\"");
        return;
    }
    match digger(state) {
        Some(tool) => state.say(format!("\"Will you please leave your {tool} outside?\"")),
        None => state.say(format!(
            "\"Hello, stranger! Welcome to the {}!\"",
            shop.name
        )),
    }
}

/// What a shopkeeper asks you for `item`, a ware priced `base` (NetHack
/// 3.7's `get_cost`, for a hero; the nameless hero pays the base, as it
/// always did). From the base (a cancelled wand's is 0, an enchanted
/// weapon or armour 10 a point more, and nothing costs under 5): a third
/// more for a thing whose kind you don't know one time in four (by its
/// id, so a ware keeps its price: NetHack's `oid_price_adjustment`; an
/// unknown piece of glass asks a real gem's price instead, its row's
/// `priced_as`), a
/// third more for a Tourist below level 15 or a hero showing a shirt with
/// no armour or cloak over it, and by Charisma: half over 18, two thirds at
/// 18, three quarters at 16 and 17, a third more at 8 to 10, a half more
/// at 6 and 7, twice at 5 or less. So the prices of one kind fall in a few
/// sets, and a kind can be told by its price.
pub(crate) fn asking_price(state: &RunState, item: &crate::dungeon::items::Item, base: u32) -> u32 {
    let Some((hero, growth)) = state.player.hero.zip(state.player.growth.as_ref()) else {
        return base;
    };
    let content = state.content();
    let effect = &content.item(item.kind).on_pick_up;
    let mut price = i64::from(base);
    if effect.charges().is_some() && item.spe < 0 {
        price = 0;
    } else if (effect.weapon().is_some() || effect.armour().is_some()) && item.spe > 0 {
        price += 10 * i64::from(item.spe);
    }
    if price == 0 {
        price = 5;
    }
    let (mut times, mut over) = (1i64, 1i64);
    let known = state.discoveries.knows(item.kind);
    if let Some(dear) = content
        .item(item.kind)
        .priced_as
        .as_ref()
        .filter(|_| !known)
    {
        price = i64::from(posing_price(state, item.kind, dear));
    } else if !known && item.id.is_multiple_of(4) {
        (times, over) = (times * 4, over * 3);
    }
    let rows = content.heroes();
    let tourist = hero.role(rows).id == "tourist" && growth.level < 15;
    let worn = |slot| state.player.worn_in(content, slot).is_some();
    use crate::dungeon::effects::Slot;
    let shirt_shows = worn(Slot::Shirt) && !worn(Slot::Body) && !worn(Slot::Cloak);
    if tourist || shirt_shows {
        (times, over) = (times * 4, over * 3);
    }
    let cha = growth.attribute(crate::dungeon::hero::attributes::Attribute::Cha);
    let (t, o) = match cha {
        c if c > 18 => (1, 2),
        18 => (2, 3),
        16 | 17 => (3, 4),
        c if c <= 5 => (2, 1),
        6 | 7 => (3, 2),
        8..=10 => (4, 3),
        _ => (1, 1),
    };
    (times, over) = (times * t, over * o);
    price *= times;
    if over > 1 {
        price = (price * 10 / over + 5) / 10;
    }
    price.max(1) as u32
}

/// The price an unknown kind of `kind` (a piece of glass) asks as one of
/// the two items `pair` names: the first or the second, dealt per run and
/// kind, one as likely as the other (NetHack's `pseudorand`, which reads
/// the game's start time).
fn posing_price(
    state: &RunState,
    kind: crate::dungeon::content::ItemKind,
    pair: &(String, String),
) -> u32 {
    let content = state.content();
    let stream = format!("priced as:{}", content.item(kind).id);
    let first = crate::dungeon::seeds::named_stream_seed(state.seed, &stream) & 1 == 1;
    let id = if first { &pair.0 } else { &pair.1 };
    content.item_kind(id).map_or(0, |k| content.item(k).price)
}
