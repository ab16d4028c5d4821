//! What worn rings and amulets give (NetHack's extrinsics from `W_RING` and
//! `W_AMUL`): one power a row of [`POWERS`], named by the rows' `does`. The
//! rules ask [`has`] or [`enchantment`] where a power changes them:
//! levitation at the stairs and the floor, protection in your armour class,
//! a resistance where a ray or a poison hits you.

use crate::dungeon::content::{Content, ContentError, Worn};
use crate::dungeon::hero::Intrinsic;
use crate::dungeon::state::{Carried, Hand, Player};
use crate::generation::MineRng;

/// One thing a ring or an amulet gives while worn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Power {
    /// Charisma up by the ring's enchantment.
    Adornment,
    /// Strength up by the ring's enchantment.
    GainStrength,
    /// Constitution up by the ring's enchantment.
    GainConstitution,
    /// Your to-hit up by the ring's enchantment (`u.uhitinc`).
    IncreaseAccuracy,
    /// Your damage up by the ring's enchantment (`u.udaminc`).
    IncreaseDamage,
    /// Armour class down by the ring's enchantment.
    Protection,
    /// A hit point back every turn, and food with it.
    Regeneration,
    /// A search of the cells round you every turn.
    Searching,
    /// A monster asleep until disturbed is not woken by you (`disturb.rs`).
    Stealth,
    /// Your attributes do not change (nothing here lowers them).
    SustainAbility,
    /// You float: no stairs down, no floor within reach, no floor traps.
    Levitation,
    /// Food goes twice as fast.
    Hunger,
    /// A monster asleep until disturbed wakes more readily (`disturb.rs`).
    AggravateMonster,
    /// Monsters fight whatever is next to them (`conflict.rs`).
    Conflict,
    /// Dangerous hostile monsters out of sight show as digits
    /// (`warning.rs`).
    Warning,
    PoisonResistance,
    FireResistance,
    ColdResistance,
    ShockResistance,
    /// A ghoul's claw does not freeze you, a potion of sleeping only makes
    /// you yawn.
    FreeAction,
    /// No food a turn, only the ring's own.
    SlowDigestion,
    /// Now and then you are teleported (one turn in 85).
    Teleportitis,
    /// Your teleports go where you choose (`teleport.rs`).
    TeleportControl,
    /// Polymorphing (not built here).
    Polymorph,
    PolymorphControl,
    /// Monsters that don't see invisible things guess where you are
    /// (`invisible.rs`).
    Invisibility,
    /// Invisible monsters are drawn.
    SeeInvisible,
    ProtectionFromShapeChangers,
    /// Telepathy while blind (nothing blinds you here).
    Esp,
    /// Dying, you live on once, and the amulet is gone.
    LifeSaving,
    /// It strangles you to death in six turns unless taken off.
    Strangulation,
    /// You fall asleep now and then.
    RestfulSleep,
    /// You need no air (nothing here drowns you).
    MagicalBreathing,
    /// It changes your sex, and is gone (this game has no sexes).
    Change,
    /// Your form does not change (nothing here changes it).
    Unchanging,
    /// Rays bounce off you.
    Reflection,
    /// Armour class down by 2.
    Guarding,
    /// You fly: floor traps pass under you, stairs still take you.
    Flying,
    /// Monsters see you beside where you are (a cloak of displacement's,
    /// `invisible.rs`).
    Displacement,
}

/// Every power a ring's or an amulet's `does` may name.
const POWERS: &[(&str, Power)] = &[
    ("adornment", Power::Adornment),
    ("gain strength", Power::GainStrength),
    ("gain constitution", Power::GainConstitution),
    ("increase accuracy", Power::IncreaseAccuracy),
    ("increase damage", Power::IncreaseDamage),
    ("protection", Power::Protection),
    ("regeneration", Power::Regeneration),
    ("searching", Power::Searching),
    ("stealth", Power::Stealth),
    ("sustain ability", Power::SustainAbility),
    ("levitation", Power::Levitation),
    ("hunger", Power::Hunger),
    ("aggravate monster", Power::AggravateMonster),
    ("conflict", Power::Conflict),
    ("warning", Power::Warning),
    ("poison resistance", Power::PoisonResistance),
    ("fire resistance", Power::FireResistance),
    ("cold resistance", Power::ColdResistance),
    ("shock resistance", Power::ShockResistance),
    ("free action", Power::FreeAction),
    ("slow digestion", Power::SlowDigestion),
    ("teleportation", Power::Teleportitis),
    ("teleport control", Power::TeleportControl),
    ("polymorph", Power::Polymorph),
    ("polymorph control", Power::PolymorphControl),
    ("invisibility", Power::Invisibility),
    ("see invisible", Power::SeeInvisible),
    (
        "protection from shape changers",
        Power::ProtectionFromShapeChangers,
    ),
    ("ESP", Power::Esp),
    ("life saving", Power::LifeSaving),
    ("strangulation", Power::Strangulation),
    ("restful sleep", Power::RestfulSleep),
    ("versus poison", Power::PoisonResistance),
    ("change", Power::Change),
    ("unchanging", Power::Unchanging),
    ("reflection", Power::Reflection),
    ("magical breathing", Power::MagicalBreathing),
    ("guarding", Power::Guarding),
    ("flying", Power::Flying),
    ("displacement", Power::Displacement),
];

/// The power `does` names.
pub(crate) fn power_named(does: &str) -> Option<Power> {
    POWERS.iter().find(|(n, _)| *n == does).map(|&(_, p)| p)
}

/// Every ring and amulet row, and every armour row that gives a power,
/// names a power of [`POWERS`].
pub(crate) fn check_rows(content: &Content, text: &str) -> Result<(), ContentError> {
    let names: Vec<&str> = POWERS.iter().map(|(n, _)| *n).collect();
    crate::dungeon::rules::check_item_rules(
        content,
        text,
        "ring, amulet or armour",
        |row| row.on_pick_up.gives(),
        &names,
    )
}

/// The power of `c`, if it gives one worn (a ring, an amulet, a cloak of
/// displacement).
pub(crate) fn power_of(content: &Content, c: &Carried) -> Option<Power> {
    power_named(content.item(c.kind).on_pick_up.gives()?)
}

/// Is `c` worn, and giving `power`?
fn worn_giving(content: &Content, c: &Carried, power: Power) -> bool {
    c.worn && power_of(content, c) == Some(power)
}

/// Does something you wear give `power` (or, for levitation, a spell's
/// levitation lasting)?
pub(crate) fn has(player: &Player, content: &Content, power: Power) -> bool {
    (power == Power::Levitation && player.levitation > 0)
        || player
            .inventory
            .iter()
            .any(|c| worn_giving(content, c, power))
}

/// Does something you wear give `power` (a spell's levitation aside)?
pub(crate) fn worn_gives(player: &Player, content: &Content, power: Power) -> bool {
    player
        .inventory
        .iter()
        .any(|c| worn_giving(content, c, power))
}

/// What the worn rings of `power` add up to by their enchantment
/// (protection, gain strength...); an amulet of guarding is 2.
pub(crate) fn enchantment(player: &Player, content: &Content, power: Power) -> i32 {
    let rings: i32 = player
        .inventory
        .iter()
        .filter(|c| worn_giving(content, c, power))
        .map(|c| i32::from(c.spe))
        .sum();
    let guarding = if power == Power::Protection && has(player, content, Power::Guarding) {
        2
    } else {
        0
    };
    rings + guarding
}

/// Where `c` is worn, if it is a ring or an amulet.
pub(crate) fn worn_as(content: &Content, c: &Carried) -> Option<Worn> {
    content.item(c.kind).on_pick_up.accessory().map(|a| a.worn)
}

/// Do you float or fly above the floor (its traps pass under you)?
pub(crate) fn above_the_floor(player: &Player, content: &Content) -> bool {
    has(player, content, Power::Levitation) || has(player, content, Power::Flying)
}

/// Does something you wear give what a hero may also have by role, race
/// and level (a ring of searching, of poison resistance...)?
pub(crate) fn gives(player: &Player, content: &Content, which: Intrinsic) -> bool {
    let power = match which {
        Intrinsic::Stealth => Power::Stealth,
        Intrinsic::Searching => Power::Searching,
        Intrinsic::PoisonResistance => Power::PoisonResistance,
        Intrinsic::ColdResistance => Power::ColdResistance,
        Intrinsic::FireResistance => Power::FireResistance,
        Intrinsic::ShockResistance => Power::ShockResistance,
        Intrinsic::Warning => Power::Warning,
        Intrinsic::SeeInvisible => Power::SeeInvisible,
        Intrinsic::TeleportControl => Power::TeleportControl,
        Intrinsic::Fast | Intrinsic::SleepResistance | Intrinsic::Jumping => return false,
    };
    has(player, content, power)
}

/// The nutrition worn rings and amulets burn this turn (NetHack 3.7's
/// `gethungry`: one draw of 20 a turn, made only while something is worn).
/// On an odd draw regeneration burns one; on an even one a ring of hunger
/// and conflict one each; a draw of 4 the left ring, 12 the right and 8
/// the amulet, one each. A charged ring at +0 burns nothing.
pub(crate) fn hunger_cost(player: &Player, content: &Content, rng: &mut MineRng) -> i32 {
    if !player
        .inventory
        .iter()
        .any(|c| c.worn && worn_as(content, c).is_some())
    {
        return 0;
    }
    let time = rng.rn2(20);
    let costs = |p| i32::from(has(player, content, p));
    if time % 2 == 1 {
        return costs(Power::Regeneration);
    }
    let ring_on = |hand| {
        player.inventory.iter().any(|c| {
            c.worn
                && c.hand == Some(hand)
                && content
                    .item(c.kind)
                    .on_pick_up
                    .accessory()
                    .is_some_and(|a| !a.charged || c.spe != 0)
        })
    };
    let amulet = player
        .inventory
        .iter()
        .any(|c| c.worn && worn_as(content, c) == Some(Worn::Amulet));
    let worn = match time {
        4 => i32::from(ring_on(Hand::Left)),
        12 => i32::from(ring_on(Hand::Right)),
        8 => i32::from(amulet),
        _ => 0,
    };
    costs(Power::Hunger) + costs(Power::Conflict) + worn
}
