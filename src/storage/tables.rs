//! Where game masters' tables are kept (issue #60): one key per table,
//! `sheetwright.table.<id>`, by the store of documents kept beside the characters
//! ([`super::documents`]): mirrored in the crash-safe copy, a table that cannot be
//! read set aside byte for byte under `sheetwright.table-quarantine.<id>`, a deleted
//! one kept under `sheetwright.table-trash.<id>` while its Undo is offered, two tabs'
//! edits merged.

use super::documents::{DocStore, DocTab, Document, Fix, LoadedDocs, Remote};
use crate::model::table::{read_table_tree, Table};
use serde_json::Value;

pub use super::TABLE_PREFIX;
/// Tables that could not be read (numbered `.2`, `.3` … when one is there already).
pub const TABLE_QUARANTINE_PREFIX: &str = "sheetwright.table-quarantine.";
/// A deleted table, while its Undo is offered.
pub const TABLE_TRASH_PREFIX: &str = "sheetwright.table-trash.";

/// The field a stored table's text carries beside the table: the `updated` of the
/// version it was written over. Reading takes it out.
const SAVED_OVER: &str = "saved_over";

pub type TableStore<B> = DocStore<Table, B>;
pub type TableTab = DocTab<Table>;
pub type TableRemote = Remote<Table>;
pub type TableFix = Fix<Table>;
pub type LoadedTables = LoadedDocs<Table>;

impl Document for Table {
    const PREFIX: &'static str = TABLE_PREFIX;
    const QUARANTINE_PREFIX: &'static str = TABLE_QUARANTINE_PREFIX;
    const TRASH_PREFIX: &'static str = TABLE_TRASH_PREFIX;
    type Refusal = String;

    fn id(&self) -> &str {
        &self.id
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn updated(&self) -> f64 {
        self.updated
    }

    fn set_updated(&mut self, now: f64) {
        self.updated = now;
    }

    fn read_stored(text: &str) -> Result<(Table, Option<f64>), String> {
        let mut doc: Value =
            serde_json::from_str(text).map_err(|e| format!("it is not valid JSON ({e})"))?;
        let over = doc
            .as_object_mut()
            .and_then(|d| d.remove(SAVED_OVER))
            .and_then(|v| v.as_f64());
        Ok((read_table_tree(doc)?, over))
    }

    fn text_over(&self, over: Option<f64>) -> String {
        let mut tree = self.saved_tree();
        if let (Some(t), Some(doc)) = (over, tree.as_object_mut()) {
            doc.insert(SAVED_OVER.into(), t.into());
        }
        tree.to_string()
    }

    fn merge(base: &Table, ours: &Table, theirs: &Table) -> Option<(Table, Vec<String>)> {
        Table::merge(base, ours, theirs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::load_document;
    use crate::model::table::Family;
    use crate::storage::mirror::Record;
    use crate::storage::{Backend, MemoryBackend};

    fn table(id: &str, name: &str, at: f64) -> Table {
        Table::new(id.into(), name, Family::Symbaroum, at)
    }

    fn stig() -> crate::model::Character {
        load_document(include_str!("../../tests/fixtures/v1-full.json")).unwrap()
    }

    #[test]
    fn tables_are_kept_by_name_and_a_damaged_one_is_set_aside_byte_for_byte() {
        let mut s = TableStore::new(MemoryBackend::default());
        s.save(&table("b", "Zed's table", 1.0)).unwrap();
        let mut a = table("a", "after the ruins", 2.0);
        a.add_member(stig(), 3.0).unwrap();
        s.save(&a).unwrap();
        let damaged = "{\"format\":\"sheetwright-table\",\"schema\":1,\"id\":\"c\",\"name\":";
        s.backend.set("sheetwright.table.c", damaged).unwrap();
        let loaded = s.load_all();
        let names: Vec<&str> = loaded.docs.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["after the ruins", "Zed's table"]);
        assert_eq!(loaded.docs[0], a);
        assert_eq!(loaded.quarantined.len(), 1);
        let (key, text, why) = &loaded.quarantined[0];
        assert_eq!(key, "sheetwright.table-quarantine.c");
        assert_eq!(text, damaged);
        assert!(why.starts_with("it is not valid JSON"), "{why}");
        assert_eq!(s.backend.get(key).as_deref(), Some(damaged));
        assert!(s.backend.get("sheetwright.table.c").is_none());
    }

    #[test]
    fn a_deleted_table_comes_back_with_undo() {
        let mut s = TableStore::new(MemoryBackend::default());
        s.save(&table("a", "Table", 1.0)).unwrap();
        s.trash("a").unwrap();
        assert!(s.load_all().docs.is_empty());
        s.restore("a", 5.0).unwrap();
        let back = s.load_all().docs;
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].updated, 5.0);
    }

    #[test]
    fn the_crash_safe_copy_brings_back_a_later_table() {
        let here = vec![table("a", "Table", 10.0)];
        let mut later = table("a", "Table, renamed", 20.0);
        later.add_member(stig(), 20.0).unwrap();
        let records = vec![Record {
            key: "sheetwright.table.a".into(),
            value: Some(later.text_over(Some(10.0))),
            time: 20.0,
        }];
        assert_eq!(
            crate::storage::documents::reconcile(&here, &records),
            [TableFix::Restore(Box::new(later))]
        );
    }

    #[test]
    fn two_tabs_edits_of_one_table_merge() {
        let mut base = table("a", "Table", 1.0);
        base.add_member(stig(), 1.0).unwrap();
        let mut ours = base.clone();
        ours.members[0].character.combat.damage = 6;
        ours.updated = 10.0;
        let mut theirs = base.clone();
        theirs.name = "The Iron Pact".into();
        theirs.updated = 11.0;
        let mut tab = TableTab::new(&base);
        // Their write crossed ours: both were written over the base.
        tab.learn(&ours);
        match tab.heard(&ours, theirs, Some(1.0)) {
            TableRemote::Merged { doc, conflicts } => {
                assert_eq!(doc.name, "The Iron Pact");
                assert_eq!(doc.members[0].character.combat.damage, 6);
                assert!(conflicts.is_empty(), "{conflicts:?}");
            }
            other => panic!("{other:?}"),
        }
    }
}
