//! Selling (NetHack 3.7's `sellobj` and `set_cost`): a thing you drop on a
//! shop's floor, its keeper watching, is offered for: "The shopkeeper
//! offers 5 gold pieces for your dagger.  Sell it? [yn] (n)". Yes, and the
//! gold is yours and the thing the shop's (for sale at its asking price);
//! no, and it stays yours to pick up again.
//!
//! A shop buys only what it sells (`saleable`): a general store anything,
//! the others what [`BUYS`] lists. The offer is half the base price (a
//! third for a Tourist below level 15 or a hero showing a shirt), an
//! enchanted weapon or armour 10 a point more, for the whole stack, rounded
//! half up; a thing whose kind you don't know gets three quarters of that
//! from one keeper in four (by the keeper, so dropping it again tells you
//! nothing new), and an unknown gem, real or glass, 3 to 8 a gem by its
//! place in the gem list and the keeper (which is how glass sells as a gem).
//! A cancelled wand, uncursed water, food partly eaten or a candle partly
//! burnt is worth nothing: "The shopkeeper seems uninterested." A keeper
//! short of gold offers "only" what he has; one with none "cannot pay you at
//! present" (NetHack would offer credit, which this game's shops, paid as
//! you pick up, do not keep). An angry keeper takes it: "Thank you, scum!"

use crate::dungeon::content::Content;
use crate::dungeon::discoveries::{counted, plural};
use crate::dungeon::effects::Slot;
use crate::dungeon::items::Item;
use crate::dungeon::state::{Question, RunState};

/// What each of NetHack's shops in the Mines buys (`shknam.c`'s `shtypes`,
/// where a shop buys only what it stocks): by its name as a level's shop
/// line gives it, the classes (glyphs; `*` for all) and the single kinds
/// (row ids). A shop not listed buys nothing.
pub(crate) const BUYS: &[(&str, &str, &[&str])] = &[
    ("general store", "*", &[]),
    ("second-hand bookstore", "?+", &[]),
    ("rare books", "+?", &[]),
    // (NetHack's delicatessen takes ice boxes too, which this game lacks.)
    (
        "delicatessen",
        "%",
        &[
            "potion_of_fruit_juice",
            "potion_of_booze",
            "potion_of_water",
        ],
    ),
    (
        "quality apparel and accessories",
        "/",
        &["leather_gloves", "elven_cloak"],
    ),
    ("hardware store", "(", &[]),
    (
        "lighting store",
        "",
        &[
            "wax_candle",
            "tallow_candle",
            "brass_lantern",
            "oil_lamp",
            "magic_lamp",
            "potion_of_oil",
            "wand_of_light",
            "scroll_of_light",
        ],
    ),
    ("liquor emporium", "!", &[]),
    ("antique weapons outlet", ")[", &[]),
    ("used armor dealership", "[)", &[]),
    ("jewelers", "=*\"", &[]),
];

/// The gems in NetHack's order (`objects.h`, from the dilithium crystal):
/// an unknown gem's offer goes by its place here.
const GEMS: [&str; 31] = [
    "dilithium_crystal",
    "diamond",
    "ruby",
    "jacinth",
    "sapphire",
    "black_opal",
    "emerald",
    "turquoise",
    "citrine",
    "aquamarine",
    "amber",
    "topaz",
    "jet",
    "opal",
    "chrysoberyl",
    "garnet",
    "amethyst",
    "jasper",
    "fluorite",
    "obsidian",
    "agate",
    "jade",
    "white_glass",
    "blue_glass",
    "red_glass",
    "yellowish_brown_glass",
    "orange_glass",
    "yellow_glass",
    "black_glass",
    "green_glass",
    "violet_glass",
];

/// You dropped the thing of id `item` where you stand: a shop's keeper
/// offers for it, or says why not. Nothing happens outside a shop, nor for
/// the nameless hero (whose runs keep the rules they were played by).
pub(crate) fn offered(state: &mut RunState, item: u32) {
    if state.player.hero.is_none() {
        return;
    }
    let here = state.player.pos;
    let Some(s) = state
        .level()
        .shops
        .iter()
        .position(|shop| shop.floor.contains(&here) && shop.post != here)
    else {
        return;
    };
    let content = state.setup.content.clone();
    let shop = &state.level().shops[s];
    let Some(k) = state
        .level()
        .monsters
        .iter()
        .position(|m| content.monster(m.kind).role.keeps_shop() && shop.floor.contains(&m.pos))
    else {
        return;
    };
    let Some(i) = state.level().items.iter().position(|it| it.id == item) else {
        return;
    };
    let keeper = state.level().monsters[k];
    let thing = state.level().items[i];
    let base = content.item(thing.kind).price;
    if !keeper.peaceful {
        state.say("\"Thank you, scum!\"");
        state.level_mut().items[i].price = Some(base);
        return;
    }
    let name = state.level().shops[s].name.clone();
    let offer = if buys(&name, &content, &thing) {
        value(state, &thing, keeper.id)
    } else {
        0
    };
    if offer == 0 {
        state.say("The shopkeeper seems uninterested.");
        return;
    }
    if keeper.gold == 0 {
        state.say("The shopkeeper cannot pay you at present.");
        return;
    }
    let (offer, only) = if offer > keeper.gold {
        (keeper.gold, " only")
    } else {
        (offer, "")
    };
    // (A corpse is worth nothing to a keeper, so a thing offered for is
    // named by its kind alone.)
    let called = state
        .discoveries
        .pack_name(&content, thing.kind)
        .to_string();
    let (called, it) = match thing.quantity {
        1 => (called, "it"),
        _ => (plural(&called), "them"),
    };
    let coins = if offer == 1 { "piece" } else { "pieces" };
    state.say(format!(
        "The shopkeeper offers{only} {offer} gold {coins} for your {called}.  Sell {it}? [yn] (n)"
    ));
    state.question = Some(Question::Sell { item, offer });
}

/// The answer to "Sell it?": yes, and the thing of id `item` is the shop's,
/// `offer` gold yours. Takes no turn (the drop took it).
pub(crate) fn answer(state: &mut RunState, item: u32, offer: u32, yes: bool) -> bool {
    if !yes {
        return false;
    }
    let Some(i) = state.level().items.iter().position(|it| it.id == item) else {
        return false;
    };
    let content = state.setup.content.clone();
    let Some(k) =
        state.level().monsters.iter().position(|m| {
            m.peaceful && content.monster(m.kind).role.keeps_shop() && m.gold >= offer
        })
    else {
        return false;
    };
    let thing = state.level().items[i];
    let sold = counted(
        thing.quantity,
        state.discoveries.pack_name(&content, thing.kind),
    );
    let base = content.item(thing.kind).price;
    state.level_mut().items[i].price = Some(base);
    state.level_mut().monsters[k].gold -= offer;
    state.player.gold += offer;
    let coins = if offer == 1 { "piece" } else { "pieces" };
    state.say(format!("You sold {sold} for {offer} gold {coins}."));
    false
}

/// Does the shop called `shop` buy `thing` (NetHack's `saleable`)?
fn buys(shop: &str, content: &Content, thing: &Item) -> bool {
    let row = content.item(thing.kind);
    BUYS.iter()
        .find(|(name, _, _)| *name == shop)
        .is_some_and(|(_, classes, kinds)| {
            *classes == "*" || classes.contains(row.glyph) || kinds.contains(&row.id.as_str())
        })
}

/// What the keeper of id `keeper` pays for the whole of `thing` (NetHack's
/// `set_cost` over the seller's `getprice`).
fn value(state: &RunState, thing: &Item, keeper: u32) -> u32 {
    let content = state.content();
    let row = content.item(thing.kind);
    let effect = &row.on_pick_up;
    // What it is worth at all (`getprice`, `sellobj`'s refusals).
    let mut unit = i64::from(row.price);
    let water = row.id == "potion_of_water"
        && thing.blessing == crate::dungeon::blessing::Blessing::Uncursed;
    let burnt = effect
        .light()
        .is_some_and(|l| !l.endless && thing.burn_left.is_some_and(|left| left < l.turns));
    if (effect.charges().is_some() && thing.spe < 0)
        || water
        || thing.nutrition_left.is_some()
        || burnt
    {
        return 0;
    } else if (effect.weapon().is_some() || effect.armour().is_some()) && thing.spe > 0 {
        unit += 10 * i64::from(thing.spe);
    }
    let mut total = unit * i64::from(thing.quantity);
    let (mut times, mut over) = (1i64, 2i64);
    if showing_off(state) {
        over = 3;
    }
    if !state.discoveries.knows(thing.kind) {
        if let Some(place) = GEMS.iter().position(|&g| g == row.id) {
            // An unknown gem, real or glass: 3 to 8 a gem.
            total = (place as i64 % (6 - i64::from(keeper % 3)) + 3) * i64::from(thing.quantity);
            over = 1;
        } else if total > 1 && keeper.is_multiple_of(4) {
            (times, over) = (3, over * 4);
        }
    }
    if total < 1 {
        return 0;
    }
    total *= times;
    if over > 1 {
        total = (total * 10 / over + 5) / 10;
    }
    total.max(1) as u32
}

/// A Tourist below level 15, or a hero whose shirt shows (no body armour
/// or cloak over it): a keeper's mark.
fn showing_off(state: &RunState) -> bool {
    let Some((hero, growth)) = state.player.hero.zip(state.player.growth.as_ref()) else {
        return false;
    };
    let content = state.content();
    let tourist = hero.role(content.heroes()).id == "tourist" && growth.level < 15;
    let worn = |slot| state.player.worn_in(content, slot).is_some();
    tourist || (worn(Slot::Shirt) && !worn(Slot::Body) && !worn(Slot::Cloak))
}

#[cfg(test)]
mod tests {
    use super::BUYS;

    #[test]
    fn every_shop_of_the_mines_buys_something() {
        let content = crate::dungeon::built_in_content();
        for (shop, classes, kinds) in BUYS {
            assert!(!classes.is_empty() || !kinds.is_empty(), "{shop}");
            for k in *kinds {
                assert!(content.item_kind(k).is_some(), "{shop}: no row {k}");
            }
        }
        for g in super::GEMS {
            assert!(content.item_kind(g).is_some(), "no gem {g}");
        }
    }
}
