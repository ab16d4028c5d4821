//! What the player knows of the item kinds: NetHack's discoveries. A potion
//! is "a bubbly potion" and a scroll "a scroll labelled FOOBIE BLETCH" until
//! one of its kind is used or identified; worthless glass is "a red gem"
//! until identified. Which look each shuffled kind has is drawn per run from
//! the seed, as NetHack shuffles its descriptions at the start of a game.

use super::content::{Content, ItemKind, KnownWhen, Rgb};
use super::seeds::{looks_seed, named_stream_seed};
use crate::generation::MineRng;

/// Each item kind's look in this run, and which kinds are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discoveries {
    /// The look of each kind that has one (index [`ItemKind`]).
    looks: Vec<Option<String>>,
    /// The colour of each kind's look, for a shuffled kind (a potion's
    /// colour goes with its look, not its kind).
    colours: Vec<Option<Rgb>>,
    /// Kinds whose name the player has learnt.
    known: Vec<bool>,
    /// What the player has called each kind not yet known (NetHack's
    /// `oc_uname`), as it then reads: "potion called heal".
    called: Vec<Option<String>>,
    /// Every thing's blessing shows (a Priest's sight).
    blessings_seen: bool,
}

/// What a called kind of class `glyph` (look `look`) is named before "called"
/// (NetHack's `xname`): "potion", "scroll", "wand", "ring", "amulet", "gem"
/// or "stone"; another class its look's last word.
fn class_noun(glyph: char, look: &str) -> &str {
    match glyph {
        '!' => "potion",
        '?' => "scroll",
        '/' => "wand",
        '=' => "ring",
        '"' => "amulet",
        '*' if look.ends_with("stone") => "stone",
        '*' => "gem",
        _ => look.rsplit(' ').next().unwrap_or(look),
    }
}

/// The classes whose looks share the run's first stream, in glyph order.
const FIRST_DEALT: [char; 2] = ['!', '?'];

impl Discoveries {
    /// The looks of run `seed`: each class's `appearances` shuffled over its
    /// `shuffled` rows, in the file's order; a row's own `unidentified` look
    /// otherwise.
    pub(crate) fn new(content: &Content, seed: u64) -> Discoveries {
        let mut rng = MineRng::from_seed(looks_seed(seed));
        let n = content.items().len();
        let mut colours: Vec<Option<Rgb>> = vec![None; n];
        let mut looks: Vec<Option<String>> = content
            .items()
            .iter()
            .map(|row| row.unidentified.clone())
            .collect();
        // Class by class, in glyph order, so a class's deal does not depend
        // on where its rows stand in the file.
        let classes: std::collections::BTreeSet<char> = content
            .items()
            .iter()
            .filter(|r| r.shuffled)
            .map(|r| r.glyph)
            .collect();
        for class in classes {
            // Potions and scrolls are dealt from one stream, as they were
            // before any other class had looks; every later class from a
            // stream of its own, so adding one moves no potion's look.
            let mut own;
            let rng = if FIRST_DEALT.contains(&class) {
                &mut rng
            } else {
                let name = format!("looks {class}");
                own = MineRng::from_seed(named_stream_seed(looks_seed(seed), &name));
                &mut own
            };
            let mut deck: Vec<&(String, Rgb)> = content.appearances(class).iter().collect();
            // Fisher-Yates from the end, one draw a card.
            for i in (1..deck.len()).rev() {
                let j = rng.rn2(i as u64 + 1) as usize;
                deck.swap(i, j);
            }
            let rows = (0..n).filter(|&i| {
                let row = &content.items()[i];
                row.shuffled && row.glyph == class
            });
            for (i, (look, colour)) in rows.zip(deck) {
                looks[i] = Some(look.clone());
                colours[i] = Some(*colour);
            }
        }
        Discoveries {
            known: vec![false; n],
            looks,
            colours,
            called: vec![None; n],
            blessings_seen: false,
        }
    }

    /// From now on every thing's blessing shows in its name (a Priest's:
    /// NetHack's `Role_if(PM_CLERIC)` in `doname`).
    pub(crate) fn see_blessings(&mut self) {
        self.blessings_seen = true;
    }

    /// Does every thing's blessing show?
    pub(crate) fn blessings_seen(&self) -> bool {
        self.blessings_seen
    }

    /// Has the player learnt kind `k`'s name (by use or identify)?
    pub fn knows(&self, k: ItemKind) -> bool {
        self.known[k.0 as usize] || self.looks[k.0 as usize].is_none()
    }

    /// Learn kind `k`'s name; returns whether it was news.
    pub(crate) fn discover(&mut self, k: ItemKind) -> bool {
        let was = self.knows(k);
        self.known[k.0 as usize] = true;
        !was
    }

    /// Kind `k`'s look in this run, whether or not it is known.
    pub fn look(&self, k: ItemKind) -> Option<&str> {
        self.looks[k.0 as usize].as_deref()
    }

    /// The colour an item of kind `k` is drawn in: its look's for a shuffled
    /// kind, else its row's.
    pub fn colour(&self, content: &Content, k: ItemKind) -> Rgb {
        self.colours[k.0 as usize].unwrap_or(content.item(k).colour)
    }

    /// How an item of kind `k` on the floor reads, without article: its
    /// look until its kind is known.
    pub fn floor_name<'a>(&'a self, content: &'a Content, k: ItemKind) -> &'a str {
        match (self.look(k), &self.called[k.0 as usize]) {
            (Some(_), Some(called)) if !self.known[k.0 as usize] => called,
            (Some(look), _) if !self.known[k.0 as usize] => look,
            _ => &content.item(k).name,
        }
    }

    /// Call kind `k`, not yet known, `name` ("potion called heal"); an
    /// empty name takes the call back (NetHack's `docall`). Returns whether
    /// the kind can be called at all (it has a look and is not known).
    pub(crate) fn call(&mut self, content: &Content, k: ItemKind, name: &str) -> bool {
        let Some(look) = self.look(k) else {
            return false;
        };
        if self.known[k.0 as usize] {
            return false;
        }
        let name = name.trim();
        self.called[k.0 as usize] = (!name.is_empty()).then(|| {
            let noun = class_noun(content.item(k).glyph, look);
            format!("{noun} called {name}")
        });
        true
    }

    /// How an item of kind `k` in your pack reads: its name once in hand for
    /// a kind known when picked up (a gray stone), else as on the floor.
    pub fn pack_name<'a>(&'a self, content: &'a Content, k: ItemKind) -> &'a str {
        match content.item(k).known_when {
            KnownWhen::PickedUp => &content.item(k).name,
            KnownWhen::Used => self.floor_name(content, k),
        }
    }

    /// Is kind `k` named in your pack (so identify has nothing to tell)?
    pub fn named_in_pack(&self, content: &Content, k: ItemKind) -> bool {
        content.item(k).known_when == KnownWhen::PickedUp || self.knows(k)
    }
}

/// A name made plural as NetHack's `makeplural` does for these: the word
/// before " of ", " labelled " or " called " takes the ending ("potions of
/// healing", "scrolls labelled ZELGO MER", "worthless pieces of red glass").
pub(crate) fn plural(name: &str) -> String {
    // Some words are their own plural (NetHack's `as_is`): "2 ya".
    if ["ya", "shuriken", "samurai", "ninja", "ronin"].contains(&name) {
        return name.to_string();
    }
    let cut = [" of ", " labelled ", " called "]
        .iter()
        .filter_map(|s| name.find(s))
        .min()
        .unwrap_or(name.len());
    let (head, tail) = name.split_at(cut);
    let ending = if head.ends_with('s') || head.ends_with('x') || head.ends_with("ch") {
        "es"
    } else if head.ends_with('y')
        && !head[..head.len() - 1].ends_with(|c: char| "aeiou".contains(c))
    {
        return format!("{}ies{tail}", &head[..head.len() - 1]);
    } else {
        "s"
    };
    format!("{head}{ending}{tail}")
}

/// `n` of a name: "a bubbly potion", "3 scrolls labelled FOOBIE BLETCH".
pub(crate) fn counted(n: u32, name: &str) -> String {
    if n == 1 {
        super::content::with_article(name)
    } else {
        format!("{n} {}", plural(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_follow_nethack_s_rules_for_these_names() {
        assert_eq!(plural("red gem"), "red gems");
        assert_eq!(plural("potion of healing"), "potions of healing");
        assert_eq!(
            plural("scroll labelled FOOBIE BLETCH"),
            "scrolls labelled FOOBIE BLETCH"
        );
        assert_eq!(
            plural("worthless piece of red glass"),
            "worthless pieces of red glass"
        );
        assert_eq!(plural("ruby"), "rubies");
        assert_eq!(plural("gray stone"), "gray stones");
        assert_eq!(counted(1, "orange"), "an orange");
        assert_eq!(counted(2, "clove of garlic"), "2 cloves of garlic");
    }

    #[test]
    fn each_run_deals_the_looks_anew_and_every_shuffled_kind_gets_its_own() {
        let content = Content::built_in();
        let shuffled: Vec<ItemKind> = (0..content.items().len())
            .map(|i| ItemKind(i as u16))
            .filter(|&k| content.item(k).shuffled)
            .collect();
        assert!(
            shuffled.len() >= 4,
            "the built-in content shuffles potions and scrolls"
        );
        let mut differ = 0;
        for seed in 0..20 {
            let d = Discoveries::new(&content, seed);
            let looks: Vec<&str> = shuffled.iter().map(|&k| d.look(k).unwrap()).collect();
            let mut unique = looks.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), looks.len(), "seed {seed}: {looks:?}");
            assert_eq!(
                d,
                Discoveries::new(&content, seed),
                "a function of the seed"
            );
            if d != Discoveries::new(&content, seed + 1) {
                differ += 1;
            }
        }
        assert!(
            differ >= 18,
            "the looks change with the seed ({differ} of 20)"
        );
    }

    #[test]
    fn a_kind_reads_by_its_look_until_known() {
        let content = Content::built_in();
        let mut d = Discoveries::new(&content, 3);
        let healing = content.item_kind("potion_of_healing").unwrap();
        let look = d.look(healing).unwrap().to_string();
        assert!(look.ends_with("potion"), "{look}");
        assert_eq!(d.floor_name(&content, healing), look);
        assert_eq!(d.pack_name(&content, healing), look);
        assert!(d.discover(healing));
        assert!(!d.discover(healing), "no news the second time");
        assert_eq!(d.pack_name(&content, healing), "potion of healing");
        // A gray stone is named in hand, but not on the floor.
        let flint = content.item_kind("flint").unwrap();
        assert_eq!(d.floor_name(&content, flint), "gray stone");
        assert_eq!(d.pack_name(&content, flint), "flint stone");
    }
}
