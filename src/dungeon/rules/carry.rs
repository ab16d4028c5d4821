//! What you carry: gold and the inventory, picking up (and buying, in a
//! shop), lights that burn, applying and dropping. What an item does is its
//! effect's ([`crate::dungeon::effects`]): the rules here ask it.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::{Content, ItemRow, with_article};
use crate::dungeon::discoveries::{Discoveries, counted};
use crate::dungeon::effects::PickUp;
use crate::dungeon::items::{Corpse, Item};
use crate::dungeon::messages::MessageLog;
use crate::dungeon::shared::RunStatus;
use crate::dungeon::state::{Carried, Player, RunState};

/// Gems carried.
pub(crate) fn gems(player: &Player, content: &Content) -> usize {
    player
        .inventory
        .iter()
        .filter(|c| content.item(c.kind).on_pick_up.counts_as_gem())
        .map(|c| c.quantity as usize)
        .sum()
}

/// The radius of the light you carry, if one is burning.
pub(crate) fn light_radius(player: &Player, content: &Content) -> Option<u32> {
    player
        .inventory
        .iter()
        .filter(|c| c.lit)
        .filter_map(|c| content.item(c.kind).on_pick_up.light())
        .map(|l| l.radius)
        .max()
}

/// Are you slowed (carrying something cursed and heavy)?
pub(crate) fn is_slowed(player: &Player, content: &Content) -> bool {
    player
        .inventory
        .iter()
        .any(|c| content.item(c.kind).on_pick_up.cursed())
}

/// How an inventory item reads: "a wax candle (lit, 380 turns left)",
/// "3 red gems", "a bubbly potion", "a ring mail (being worn)".
pub(crate) fn describe_carried(content: &Content, known: &Discoveries, c: &Carried) -> String {
    let row = content.item(c.kind);
    let charged = c.spe_known && row.on_pick_up.shows_charges();
    let name = format!(
        "{}{}{}{}{}",
        blessing_word(
            c.blessing,
            c.blessing_known || known.blessings_seen(),
            charged
        ),
        rust_word(c.eroded),
        enchantment(row, c.spe, c.spe_known),
        partly(c.nutrition_left),
        named(content, c.corpse, known.pack_name(content, c.kind))
    );
    let mut text = counted(c.quantity, &name) + &charges(row, c.spe, c.spe_known);
    let light = row.on_pick_up.light();
    // A potion of oil reads as NetHack's does: "(lit)", no turns (how full
    // a flask is would give away what an unknown potion is).
    if light.is_some_and(|l| l.endless || l.burns_away) {
        text += if c.lit { " (lit)" } else { "" };
    } else if let Some(left) = c.burn_left {
        text += &match (c.lit, left) {
            (_, 0) => " (burnt out)".to_string(),
            (true, n) => format!(" (lit, {n} turns left)"),
            (false, n) => format!(" ({n} turns of burning left)"),
        };
    }
    if c.wielded {
        let two_handed = row.on_pick_up.wielded_as().is_some_and(|w| w.two_handed);
        text += if two_handed {
            " (weapon in hands)"
        } else {
            " (weapon in hand)"
        };
    }
    match c.hand {
        Some(hand) if c.worn => text += &format!(" (on {} hand)", hand.name()),
        _ if c.worn => text += " (being worn)",
        _ => {}
    }
    if c.quivered {
        let ammo = row.on_pick_up.wielded_as().is_some_and(|w| {
            matches!(
                w.ranged,
                crate::dungeon::effects::Ranged::Ammo | crate::dungeon::effects::Ranged::Missile
            )
        });
        text += if ammo {
            " (in quiver)"
        } else {
            " (at the ready)"
        };
    }
    text
}

/// How an item on the floor reads: "a gray stone", "23 gold pieces", "a
/// wax candle (for sale, 20 zorkmids)".
pub(crate) fn floor_item_name(state: &RunState, item: &Item) -> String {
    let (content, known) = (state.content(), &state.discoveries);
    let row = content.item(item.kind);
    let charged = item.spe_known && row.on_pick_up.shows_charges();
    let look = format!(
        "{}{}{}{}{}",
        blessing_word(
            item.blessing,
            item.blessing_known || known.blessings_seen(),
            charged
        ),
        rust_word(item.eroded),
        enchantment(row, item.spe, item.spe_known),
        partly(item.nutrition_left),
        named(content, item.corpse, known.floor_name(content, item.kind))
    );
    let name = counted(item.quantity, &look) + &charges(row, item.spe, item.spe_known);
    match item.price {
        Some(base) => {
            let price = crate::dungeon::rules::shop::asking_price(state, item, base);
            format!("{name} (for sale, {price} zorkmids)")
        }
        None => name,
    }
}

/// How a known blessing reads before a name: "cursed ", "blessed ",
/// "uncursed ". As NetHack's `implicit_uncursed`, "uncursed" goes unsaid
/// on a thing whose enchantment or charges are known (`charged`): known
/// that far, it would say if it were blessed or cursed.
fn blessing_word(blessing: Blessing, known: bool, charged: bool) -> &'static str {
    if !known {
        return "";
    }
    match blessing {
        Blessing::Cursed => "cursed ",
        Blessing::Blessed => "blessed ",
        Blessing::Uncursed if charged => "",
        Blessing::Uncursed => "uncursed ",
    }
}

/// How a known enchantment reads before a name: "+1 ", "-2 "; nothing
/// when unknown, or for a charged thing (its charges follow the name).
fn enchantment(row: &ItemRow, spe: i8, known: bool) -> String {
    // A ring's only if it is charged (an uncharged one has no number).
    let numbered = row.on_pick_up.accessory().is_none_or(|a| a.charged);
    if known && numbered && row.on_pick_up.charges().is_none() {
        format!("{spe:+} ")
    } else {
        String::new()
    }
}

/// How a charged thing's known charges read after its name, as NetHack
/// writes them: " (0:5)", times recharged (never, here) and charges left.
fn charges(row: &ItemRow, spe: i8, known: bool) -> String {
    if known && row.on_pick_up.charges().is_some() {
        format!(" (0:{spe})")
    } else {
        String::new()
    }
}

/// How rust reads before a name, as NetHack's: "rusty ", "very rusty ",
/// "thoroughly rusty ".
pub(crate) fn rust_word(eroded: u8) -> &'static str {
    match eroded {
        0 => "",
        1 => "rusty ",
        2 => "very rusty ",
        _ => "thoroughly rusty ",
    }
}

/// An item's name: a corpse's is its monster's ("gnome corpse"), any
/// other's is `name`.
pub(crate) fn named(content: &Content, corpse: Option<Corpse>, name: &str) -> String {
    match corpse {
        Some(c) => content.corpse_name(c.of),
        None => name.to_string(),
    }
}

/// "partly eaten " before a food a meal was stopped in.
fn partly(left: Option<u32>) -> &'static str {
    if left.is_some() { "partly eaten " } else { "" }
}

/// The place in the pack of the item with inventory letter `letter`.
pub(crate) fn find(player: &Player, letter: u8) -> Option<usize> {
    player.inventory.iter().position(|c| c.letter == letter)
}

/// The place in the pack of the item with inventory letter `letter`, or
/// None after saying "You don't have that object." (a verb's first check).
pub(crate) fn held(state: &mut RunState, letter: u8) -> Option<usize> {
    let found = find(&state.player, letter);
    if found.is_none() {
        state.say("You don't have that object.");
    }
    found
}

/// The letter the next item into the pack gets: the first free one after
/// the last given, round from `a` after `Z` (NetHack's `assigninvlet`).
fn next_letter(player: &Player) -> Option<u8> {
    let start = player.last_letter.map_or(0, |l| l + 1);
    (0..LETTERS)
        .map(|k| (start + k) % LETTERS)
        .find(|&l| find(player, l).is_none())
}

/// Letters `a` to `z` and `A` to `Z`.
const LETTERS: u8 = 52;

/// One of the item at pack place `i` is used up (a potion quaffed, a scroll
/// read, a meal eaten): the last of a stack leaves the pack.
pub(crate) fn use_up(player: &mut Player, i: usize) {
    if player.inventory[i].quantity > 1 {
        player.inventory[i].quantity -= 1;
    } else {
        player.inventory.remove(i);
    }
}

/// A turn of burning for every lit light; one that burns out says so.
/// Returns whether one did (what you see changes).
pub(crate) fn burn_lights(
    player: &mut Player,
    content: &Content,
    turn: u64,
    log: &mut MessageLog,
) -> bool {
    let mut out = Vec::new();
    for (i, c) in player
        .inventory
        .iter_mut()
        .enumerate()
        .filter(|(_, c)| c.lit)
    {
        let Some(light) = content.item(c.kind).on_pick_up.light() else {
            continue;
        };
        if light.endless {
            continue;
        }
        let left = c.burn_left.unwrap_or(0).saturating_sub(1);
        c.burn_left = Some(left);
        if left == 0 {
            c.lit = false;
            out.push((i, c.kind, light.burns_away));
        }
    }
    // Used up from the last, so the places still to use stay put; the rest
    // of a stack of oil is a full flask each, unlit.
    for &(i, kind, burns_away) in out.iter().rev() {
        let name = &content.item(kind).name;
        if burns_away {
            use_up(player, i);
            if let Some(rest) = player.inventory.get_mut(i).filter(|c| c.kind == kind) {
                rest.burn_left = content.item(kind).on_pick_up.light().map(|l| l.turns);
            }
            log.push(turn, format!("Your {name} has burnt away."));
        } else {
            log.push(turn, format!("Your {name} has burnt out."));
        }
    }
    !out.is_empty()
}

/// A turn of burning for the lights this level's monsters carry lit; one
/// that burns out is used up. Returns whether any burns still (so what you
/// see moves with them).
pub(crate) fn burn_monster_lights(monsters: &mut [crate::dungeon::monsters::Monster]) -> bool {
    let mut burning = false;
    for m in monsters.iter_mut() {
        if let Some(left) = m.tool_burning {
            let left = left.saturating_sub(1);
            if left == 0 {
                m.tool = None;
                m.tool_burning = None;
            } else {
                m.tool_burning = Some(left);
                burning = true;
            }
        }
    }
    burning
}

/// What an item's effect may change while it is picked up.
struct Picking<'a> {
    quantity: u32,
    player: &'a mut Player,
    won: bool,
    turn: u64,
    log: &'a mut MessageLog,
}

impl PickUp for Picking<'_> {
    fn quantity(&self) -> u32 {
        self.quantity
    }

    fn add_gold(&mut self, pieces: u32) {
        self.player.gold = self.player.gold.saturating_add(pieces);
    }

    fn win(&mut self) {
        self.won = true;
    }

    fn say(&mut self, text: String) {
        self.log.push(self.turn, text);
    }
}

/// `,`: pick up what lies here, paying first if a shopkeeper is watching.
pub(crate) fn pick_up(state: &mut RunState) -> bool {
    let pos = state.player.pos;
    let Some(i) = state.level().item_at(pos) else {
        state.say("There is nothing here to pick up.");
        return false;
    };
    if levitating(state) {
        state.say(format!("You cannot reach the {}.", floor_word(state)));
        return false;
    }
    take(state, i)
}

/// Do you float above the floor, out of reach of it (NetHack's
/// `can_reach_floor`; flying, you reach it)?
pub(crate) fn levitating(state: &RunState) -> bool {
    crate::dungeon::rules::powers::has(
        &state.player,
        state.content(),
        crate::dungeon::rules::powers::Power::Levitation,
    )
}

/// What you stand on, as NetHack's `surface` names it: "stairs" or
/// "floor".
pub(crate) fn floor_word(state: &RunState) -> &'static str {
    let pos = Some(state.player.pos);
    if state.level().down_stairs() == pos || state.level().map.up_stairs() == pos {
        "stairs"
    } else {
        "floor"
    }
}

/// Autopickup, as NetHack's `pickup(1)` after a step: each item where you
/// stand whose glyph the run's `autopickup` kinds name, one at a time,
/// never one for sale; it stops when the pack is full.
pub(crate) fn autopickup(state: &mut RunState) {
    let Some(kinds) = state.autopickup else {
        return;
    };
    if levitating(state) {
        return;
    }
    let content = state.setup.content.clone();
    let here = state.player.pos;
    while let Some(i) = state.level().items.iter().position(|it| {
        it.pos == here && it.price.is_none() && kinds.takes(content.item(it.kind).glyph)
    }) {
        if !take(state, i) || state.is_over() {
            break;
        }
    }
}

/// `@`: autopickup on or off, as NetHack's `dotogglepickup`: on, it takes
/// the run's `pickup_types` (all kinds if it began with none). No turn.
pub(crate) fn toggle_autopickup(state: &mut RunState) -> bool {
    state.autopickup = match state.autopickup {
        Some(_) => None,
        None => Some(
            state
                .setup
                .options
                .autopickup
                .unwrap_or(crate::dungeon::shared::PickupTypes::ALL),
        ),
    };
    let said = match state.autopickup {
        None => "Autopickup: OFF.".to_string(),
        Some(k) if k == crate::dungeon::shared::PickupTypes::ALL => {
            "Autopickup: ON, for all objects.".to_string()
        }
        Some(k) => format!("Autopickup: ON, for {} objects.", k.text()),
    };
    state.say(said);
    false
}

/// Pick up the item at index `i` of this level's items (it lies where you
/// stand), paying first if a shopkeeper is watching. Returns whether it was
/// taken.
fn take(state: &mut RunState, i: usize) -> bool {
    let item = state.level().items[i];
    let content = state.setup.content.clone();
    let row = content.item(item.kind);
    let probe = Carried {
        blessing: item.blessing,
        blessing_known: item.blessing_known,
        burn_left: item.burn_left,
        nutrition_left: item.nutrition_left,
        corpse: item.corpse,
        ..Carried::new(item.id, item.kind, item.quantity)
    };
    let room =
        stack_of(&state.player, row, &probe).is_some() || next_letter(&state.player).is_some();
    if !room && !row.on_pick_up.is_money() {
        state.say("Your knapsack cannot accommodate any more items.");
        return false;
    }
    if let Some(base) = item.price {
        let price = crate::dungeon::rules::shop::asking_price(state, &item, base);
        let keeper = state
            .level()
            .monsters
            .iter()
            .any(|m| m.peaceful && content.monster(m.kind).role.keeps_shop());
        // Named as you see it: a shop tells no one what an unknown potion
        // or wand is.
        let seen = with_article(state.discoveries.floor_name(&content, item.kind));
        if keeper && state.player.gold < price {
            state.say(format!(
                "\"{seen} costs {price} zorkmids, and you have {},\" says the shopkeeper.",
                state.player.gold
            ));
            return false;
        }
        if keeper {
            state.player.gold -= price;
            state.say(format!("You bought {seen} for {price} zorkmids."));
        }
    }
    state.level_mut().items.remove(i);
    let mut picking = Picking {
        quantity: item.quantity,
        player: &mut state.player,
        won: false,
        turn: state.turn,
        log: &mut state.log,
    };
    let into_pack = row.on_pick_up.picked_up(&mut picking);
    let won = picking.won;
    if !into_pack {
        return true;
    }
    let c = Carried {
        eroded: item.eroded,
        spe: item.spe,
        spe_known: item.spe_known,
        blessing: item.blessing,
        blessing_known: item.blessing_known,
        ..probe
    };
    carry(&mut state.player, row, c);
    if item.price.is_none() {
        let known = &state.discoveries;
        let look = counted(
            item.quantity,
            &named(&content, item.corpse, known.floor_name(&content, item.kind)),
        );
        let named = counted(
            item.quantity,
            &named(&content, item.corpse, known.pack_name(&content, item.kind)),
        );
        if named == look {
            state.say(format!("You pick up {look}."));
        } else {
            state.say(format!("You pick up {look}: {named}."));
        }
    }
    if let Some(message) = &row.message {
        state.say(message.clone());
    }
    if won {
        state.status = RunStatus::Won {
            item: item.kind,
            depth: state.depth,
        };
    }
    true
}

/// Put an item in the pack: on the stack of its kind, else under the next
/// free letter. Returns the letter it is under; None when every letter is
/// taken (NetHack's 52), and then it is not put in.
fn carry(player: &mut Player, row: &ItemRow, c: Carried) -> Option<u8> {
    if let Some(i) = stack_of(player, row, &c) {
        let stack = &mut player.inventory[i];
        stack.quantity = stack.quantity.saturating_add(c.quantity);
        return Some(stack.letter);
    }
    let letter = next_letter(player)?;
    player.last_letter = Some(letter);
    insert(player, Carried { letter, ..c });
    Some(letter)
}

/// One of the stack at pack place `i` goes under a letter of its own, as
/// id `id`, unwielded and out of the quiver, not to join the stack again
/// (NetHack's `splitobj`, then `hold_another_object`); its place, or None
/// with every letter taken.
pub(crate) fn split_off(player: &mut Player, i: usize, id: u32) -> Option<usize> {
    let letter = next_letter(player)?;
    let c = player.inventory[i];
    player.inventory[i].quantity -= 1;
    player.last_letter = Some(letter);
    insert(
        player,
        Carried {
            id,
            letter,
            quantity: 1,
            wielded: false,
            quivered: false,
            ..c
        },
    );
    player.inventory.iter().position(|c| c.id == id)
}

/// Put `c` in the pack in letter order, under its own letter.
fn insert(player: &mut Player, c: Carried) {
    let at = player
        .inventory
        .iter()
        .position(|d| d.letter > c.letter)
        .unwrap_or(player.inventory.len());
    player.inventory.insert(at, c);
}

/// Put `c` back under `letter` if that is still free (a meal stopped keeps
/// its food's letter, as NetHack's food never leaves the pack), else as
/// anything picked up.
pub(crate) fn put_back(player: &mut Player, content: &Content, c: Carried, letter: u8) {
    if find(player, letter).is_none() {
        insert(player, Carried { letter, ..c });
    } else {
        carry(player, content.item(c.kind), c);
    }
}

/// Put `c`, changed into another kind, back in the pack: onto a stack it
/// now joins, else under its own `letter` (NetHack's merge after
/// stone to flesh, which leaves wielded and quivered things alone).
pub(crate) fn rejoin(player: &mut Player, content: &Content, c: Carried) {
    let row = content.item(c.kind);
    match stack_of(player, row, &c) {
        Some(i) if !c.wielded && !c.quivered => {
            let stack = &mut player.inventory[i];
            stack.quantity = stack.quantity.saturating_add(c.quantity);
        }
        _ => insert(player, c),
    }
}

/// The stack in the pack that `c` would join, if it stacks (lights,
/// weapons and armour don't: each burns, is wielded or is worn on its own).
fn stack_of(player: &Player, row: &ItemRow, c: &Carried) -> Option<usize> {
    let effect = &row.on_pick_up;
    // Corpses never stack: each has its own age.
    let whole =
        |d: &Carried| d.burn_left.is_none() && d.nutrition_left.is_none() && d.corpse.is_none();
    // A hero's ammunition, missiles, daggers and spears stack too, when
    // alike in enchantment and rust (NetHack's `mergable`); the nameless
    // hero's weapons never do, as before.
    let merges = player.hero.is_some() && effect.wielded_as().is_some_and(|w| w.ranged.stacks());
    let stacks = whole(c) && (effect.weapon().is_none() || merges) && effect.armour().is_none();
    // Only things as blessed, and known to be, stack (NetHack's `mergable`).
    let alike = |d: &Carried| {
        d.blessing == c.blessing
            && d.blessing_known == c.blessing_known
            && (d.spe, d.spe_known, d.eroded) == (c.spe, c.spe_known, c.eroded)
    };
    player
        .inventory
        .iter()
        .position(|d| stacks && d.kind == c.kind && whole(d) && alike(d))
}

/// Put `c` in the pack under the next letter, as picking it up does (for
/// the wizard); with every letter taken, it is not put anywhere.
pub(crate) fn give(player: &mut Player, content: &Content, c: Carried) -> Option<u8> {
    carry(player, content.item(c.kind), c)
}

/// `a` and a letter: light or snuff the light at inventory place `i`. (A
/// digging tool is [`crate::dungeon::rules::dig`]'s.)
pub(crate) fn apply(
    player: &mut Player,
    content: &Content,
    letter: u8,
    turn: u64,
    log: &mut MessageLog,
) -> bool {
    let Some(c) = find(player, letter).map(|i| &mut player.inventory[i]) else {
        log.push(turn, "You don't have that object.");
        return false;
    };
    let row = content.item(c.kind);
    let name = row.name.clone();
    let Some(left) = c.burn_left else {
        log.push(turn, "Sorry, I don't know how to use that.");
        return false;
    };
    let flask = row.on_pick_up.light().is_some_and(|l| l.burns_away);
    if c.lit {
        c.lit = false;
        log.push(
            turn,
            match flask {
                true => "You snuff the lit potion.".to_string(),
                false => format!("Your {name} is now out."),
            },
        );
        return true;
    }
    if left == 0 {
        log.push(turn, format!("Your {name} has burnt out."));
        return false;
    }
    c.lit = true;
    log.push(
        turn,
        match flask {
            true => "You light your potion. It gives off a dim light.".to_string(),
            false => format!("Your {name} is now lit."),
        },
    );
    true
}

/// `d` and a letter: put the item of that letter down here (a lit light
/// goes out; a wielded weapon leaves your hands). Worn armour must be taken
/// off first.
pub(crate) fn drop(state: &mut RunState, letter: u8) -> bool {
    let Some(i) = held(state, letter) else {
        return false;
    };
    let c = state.player.inventory[i];
    let content = state.setup.content.clone();
    let row = content.item(c.kind);
    if row.on_pick_up.cursed() && c.blessing == Blessing::Cursed {
        // NetHack's `canletgo`: the stone won't go, and now you know why.
        state.say("For some reason, you cannot drop the stone!");
        state.player.inventory[i].blessing_known = true;
        return false;
    }
    if crate::dungeon::rules::weld::welded(&content, &c) {
        crate::dungeon::rules::weld::weld_message(state, &c);
        return false;
    }
    if c.worn {
        state.say("You cannot drop something you are wearing.");
        return false;
    }
    state.player.inventory.remove(i);
    let pos = state.player.pos;
    state.level_mut().items.push(laid_down(&c, pos));
    let what = describe_carried(
        &content,
        &state.discoveries,
        &Carried {
            lit: false,
            wielded: false,
            ..c
        },
    );
    if state.level().map.tile(pos) == crate::generation::Tile::Altar && !row.on_pick_up.is_money() {
        on_the_altar(state, c, &what);
    } else {
        state.say(format!("You drop {what}."));
        // In a shop, its keeper offers for it.
        crate::dungeon::rules::sell::offered(state, c.id);
    }
    true
}

/// `c` out of the pack, lying at `at` as it was carried (not for sale,
/// not burning).
pub(crate) fn laid_down(c: &Carried, at: crate::generation::Pos) -> Item {
    Item {
        burn_left: c.burn_left,
        eroded: c.eroded,
        spe: c.spe,
        spe_known: c.spe_known,
        blessing: c.blessing,
        blessing_known: c.blessing_known,
        nutrition_left: c.nutrition_left,
        corpse: c.corpse,
        ..Item::new(c.id, c.kind, at, c.quantity)
    }
}

/// The pack place of the weapon you wield, if you wield one.
pub(crate) fn wielded_weapon(player: &Player, content: &Content) -> Option<usize> {
    player
        .inventory
        .iter()
        .position(|c| c.wielded && content.item(c.kind).on_pick_up.weapon().is_some())
}

/// Dropped on an altar (`doaltarobj`): a blessed thing hits it with an
/// amber flash, a cursed one with a black flash, an uncursed one just lands;
/// either way you know which it is now.
fn on_the_altar(state: &mut RunState, c: Carried, what: &str) {
    let hits = if c.quantity == 1 { "hits" } else { "hit" };
    let lands = if c.quantity == 1 { "lands" } else { "land" };
    state.say(match c.blessing {
        Blessing::Blessed => format!("There is an amber flash as {what} {hits} the altar."),
        Blessing::Cursed => format!("There is a black flash as {what} {hits} the altar."),
        Blessing::Uncursed => format!(
            "{} {lands} on the altar.",
            crate::dungeon::shared::capitalised(what)
        ),
    });
    if let Some(dropped) = state
        .level_mut()
        .items
        .iter_mut()
        .rev()
        .find(|i| i.id == c.id)
    {
        dropped.blessing_known = true;
    }
}
