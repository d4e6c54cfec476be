use super::*;
use crate::model::load_document;
use crate::model::table::act::Action;
use crate::model::table::Family;
use crate::rules::dice::FixedDice;

fn ylva() -> Character {
    let mut c = load_document(include_str!("../../../../tests/fixtures/v1-full.json")).unwrap();
    c.id = "ylva".into();
    c.name = "Ylva".into();
    c.combat.damage = 0;
    c.combat.life = Default::default();
    c
}

/// The game master's table after a hit of 2d6 (5 + 4, her armor 1d4 rolls 1: 8
/// taken) and 3 Experience; the player's character as she shared it.
fn acted() -> (Table, Character) {
    let mut t = Table::new("t1".into(), "Thistle Hold", Family::Symbaroum, 0.0);
    t.add_member(ylva(), 0.0).unwrap();
    let hit = Action::Damage {
        expr: "2d6".parse().unwrap(),
        no_armor: false,
    };
    let mut dice = FixedDice::new(&[(5, 6), (4, 6), (1, 4)]);
    t.act(&[1], &hit, "2026-11-28", &mut dice, 10.0).unwrap();
    let xp = Action::Experience {
        amount: 3,
        note: String::new(),
    };
    t.act(&[1], &xp, "2026-11-28", &mut dice, 11.0).unwrap();
    (t, ylva())
}

fn text(u: &Update) -> Vec<u8> {
    serde_json::to_vec(u).unwrap()
}

fn mine(c: &Character) -> impl Fn(&str) -> Option<Character> + '_ {
    move |id| (id == c.id).then(|| c.clone())
}

#[test]
fn the_player_sees_each_change_and_accepts_all_of_them() {
    let (t, player) = acted();
    let u = t.update_for(1, 12.0).unwrap();
    let (u, c) = read_update(&text(&u), &mine(&player), &|_, _| None).unwrap();
    let offered = u.offered(&c);
    let damage = offered.iter().find(|o| o.field == "Damage taken").unwrap();
    assert_eq!((damage.now.as_str(), damage.table.as_str()), ("0", "8"));
    assert!(!damage.clash && !damage.done);
    assert!(
        offered
            .iter()
            .any(|o| o.field == "Experience" && o.table.starts_with("added: 3")),
        "{offered:?}"
    );
    assert!(offered.iter().any(|o| o.field == "Roll log"), "{offered:?}");
    // A change inside the combat's fields is that field's, not all of them at once.
    assert!(offered.iter().all(|o| o.field != "Combat"), "{offered:?}");
    let all: Vec<usize> = (0..offered.len()).collect();
    let after = u.apply(&c, &all, 20.0).unwrap();
    assert_eq!(after.combat.damage, 8);
    assert_eq!(after.advance.totals().earned, c.advance.totals().earned + 3);
    assert_eq!(after.roll_log[0].what, "Experience at the table");
    assert_eq!(after.updated, 20.0);
    // Applying it again changes nothing more.
    let again = u.apply(&after, &all, 20.0).unwrap();
    assert_eq!(again, after);
    assert!(u.offered(&after).iter().all(|o| o.done));
}

#[test]
fn undo_takes_back_the_update_and_keeps_what_changed_since() {
    let (t, player) = acted();
    let u = t.update_for(1, 12.0).unwrap();
    let all: Vec<usize> = (0..u.offered(&player).len()).collect();
    let after = u.apply(&player, &all, 20.0).unwrap();
    // Nothing changed since: the character as before, stamped anew.
    let back = take_back(&player, &after, &after, 30.0);
    assert_eq!(back.combat.damage, 0);
    assert_eq!(back.advance.totals(), player.advance.totals());
    assert_eq!(back.roll_log, player.roll_log);
    assert_eq!(back.updated, 30.0);
    // Another tab wrote notes and healed 3 since Accept: both kept, the rest taken back.
    let mut since = after.clone();
    since.notes = "Owes Stig a drink".into();
    since.combat.damage = 5;
    since.updated = 25.0;
    let back = take_back(&player, &after, &since, 30.0);
    assert_eq!(back.notes, "Owes Stig a drink");
    assert_eq!(
        back.combat.damage, 5,
        "the field changed since keeps that change"
    );
    assert_eq!(back.advance.totals(), player.advance.totals());
}

#[test]
fn only_the_ticked_fields_change() {
    let (t, player) = acted();
    let u = t.update_for(1, 12.0).unwrap();
    let offered = u.offered(&player);
    let xp = offered
        .iter()
        .position(|o| o.field == "Experience")
        .unwrap();
    let after = u.apply(&player, &[xp], 20.0).unwrap();
    assert_eq!(after.combat.damage, 0, "the damage was not ticked");
    assert_eq!(
        after.advance.totals().earned,
        player.advance.totals().earned + 3
    );
}

#[test]
fn a_field_the_player_changed_since_is_a_clash_never_overwritten_unseen() {
    let (t, mut player) = acted();
    // Meanwhile the player took 2 damage on their own sheet.
    player.combat.damage = 2;
    let u = t.update_for(1, 12.0).unwrap();
    let offered = u.offered(&player);
    let i = offered
        .iter()
        .position(|o| o.field == "Damage taken")
        .unwrap();
    assert!(offered[i].clash);
    assert_eq!(
        (offered[i].now.as_str(), offered[i].table.as_str()),
        ("2", "8")
    );
    // Applying what is not a clash keeps the player's 2.
    let ticked: Vec<usize> = (0..offered.len()).filter(|&j| !offered[j].clash).collect();
    assert_eq!(u.apply(&player, &ticked, 20.0).unwrap().combat.damage, 2);
}

#[test]
fn refused_in_words_changing_nothing() {
    let (t, player) = acted();
    let u = t.update_for(1, 12.0).unwrap();
    let none = |_: &str| None;
    let e = read_update(&text(&u), &none, &|_, _| None).unwrap_err();
    assert!(
        e.contains("for a character this browser does not have"),
        "{e}"
    );
    let e = read_update(&text(&u), &mine(&player), &|_, _| Some(13.0)).unwrap_err();
    assert!(e.contains("this one is older"), "{e}");
    let e = read_update(&text(&u), &mine(&player), &|_, _| Some(12.0)).unwrap_err();
    assert!(e.contains("You accepted this update"), "{e}");
    assert!(read_update(&text(&u), &mine(&player), &|_, _| Some(11.0)).is_ok());
    let mut tampered = u.clone();
    for fc in &mut tampered.changes {
        if let Change::Set { to, .. } = &mut fc.change {
            *to = Value::from(1);
        }
    }
    let e = read_update(&text(&tampered), &mine(&player), &|_, _| None).unwrap_err();
    assert!(e.contains("changed after the game master made it"), "{e}");
    let e = read_update(b"{\"format\":\"x\"}", &mine(&player), &|_, _| None).unwrap_err();
    assert!(e.starts_with("This link holds no update"), "{e}");
    // A change that would not leave a valid character is refused whole.
    let mut bad = u.clone();
    bad.changes = vec![FieldChange {
        path: vec![Step::Key("attributes".into()), Step::Key("might".into())],
        change: Change::Set {
            from: Value::from(11),
            to: Value::from(99),
        },
    }];
    bad.check = checksum(&bad);
    let (bad, c) = read_update(&text(&bad), &mine(&player), &|_, _| None).unwrap();
    let e = bad.apply(&c, &[0], 1.0).unwrap_err();
    assert!(e.ends_with("Nothing was changed."), "{e}");
}

#[test]
fn nothing_changed_makes_no_update() {
    let mut t = Table::new("t1".into(), "Thistle Hold", Family::Symbaroum, 0.0);
    t.add_member(ylva(), 0.0).unwrap();
    assert_eq!(t.update_for(1, 1.0), None);
    assert_eq!(t.update_for(9, 1.0), None);
    assert!(!t.has_update_for(1) && !t.has_update_for(9));
    // When the copy was last edited is no change to send.
    t.members[0].character.updated = 99.0;
    assert!(!t.has_update_for(1));
    assert_eq!(t.update_for(1, 1.0), None);
}

#[test]
fn a_member_the_table_changed_has_an_update_to_send() {
    let (t, _) = acted();
    assert!(t.has_update_for(1));
    assert!(t.update_for(1, 12.0).is_some());
}

#[test]
fn a_player_s_new_link_refreshes_the_table_s_copy_field_by_field() {
    let (mut t, mut player) = acted();
    // Since the copy: the player renamed her and took 1 damage on her own sheet; the
    // table damaged her (8).
    player.name = "Ylva the Bold".into();
    player.combat.damage = 1;
    let (id, offer) = t.refresh_offer(&player, 30.0).unwrap();
    let offered = offer.offered(&t.members[0].character);
    let name = offered.iter().position(|o| o.field == "Name").unwrap();
    let damage = offered
        .iter()
        .position(|o| o.field == "Damage taken")
        .unwrap();
    assert!(!offered[name].clash);
    assert!(
        offered[damage].clash,
        "the table changed it too: {offered:?}"
    );
    t.refresh(id, &offer, &[name], player.clone(), 31.0)
        .unwrap();
    assert_eq!(t.members[0].character.name, "Ylva the Bold");
    assert_eq!(
        t.members[0].character.combat.damage, 8,
        "the table's damage stays"
    );
    assert_eq!(t.members[0].taken, player);
    // A character not at the table offers nothing.
    let mut other = player.clone();
    other.id = "other".into();
    assert_eq!(t.refresh_offer(&other, 32.0), None);
}
