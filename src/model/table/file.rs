//! A table as a file: exported whole (members, foes, the fight) and read back all or
//! nothing.

use super::{read_table, Table};
use crate::model::transfer::{check_size, slug};

/// The file's name for table `t`: `thistle-hold.sheetwright-table.json`.
pub fn file_name(t: &Table) -> String {
    format!("{}.sheetwright-table.json", slug(&t.name, "table"))
}

/// A table file's bytes, read for import: refused in words, nothing stored.
pub fn read_table_file(bytes: &[u8]) -> Result<Table, String> {
    check_size(bytes.len() as u64)?;
    let text = std::str::from_utf8(bytes).map_err(|_| {
        "This is not a text file, so it cannot be a table. Nothing was imported.".to_string()
    })?;
    read_table(text.strip_prefix('\u{feff}').unwrap_or(text))
        .map_err(|why| format!("This file cannot be imported: {why}. Nothing was imported."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::table::foe::{goblin, stig_facing};

    fn table() -> Table {
        stig_facing(vec![goblin()])
    }

    #[test]
    fn an_exported_table_reads_back_whole() {
        let t = table();
        assert_eq!(read_table_file(t.to_text().as_bytes()), Ok(t.clone()));
        let with_bom = format!("\u{feff}{}", t.to_text());
        assert_eq!(read_table_file(with_bom.as_bytes()), Ok(t.clone()));
        assert_eq!(file_name(&t), "thistle-hold.sheetwright-table.json");
        let mut odd = t;
        odd.name = "../Å/b:c".into();
        assert_eq!(file_name(&odd), "å-b-c.sheetwright-table.json");
        odd.name = "///".into();
        assert_eq!(file_name(&odd), "table.sheetwright-table.json");
    }

    #[test]
    fn what_is_not_a_table_is_refused_in_words() {
        let said = |b: &[u8]| read_table_file(b).unwrap_err();
        assert_eq!(
            said(&[0xff, 0xfe, 0x00]),
            "This is not a text file, so it cannot be a table. Nothing was imported."
        );
        assert!(said(b"{").starts_with("This file cannot be imported: it is not valid JSON"));
        assert_eq!(
            said(br#"{"format":"sheetwright","characters":[]}"#),
            "This file cannot be imported: it is not a Sheetwright table. Nothing was imported."
        );
        let big = vec![b' '; 6 * 1024 * 1024];
        assert!(said(&big).contains("imports are limited to 5 MB"));
        let newer = table().to_text().replace("\"schema\":1", "\"schema\":9");
        assert!(
            said(newer.as_bytes()).contains("newer Sheetwright"),
            "{}",
            said(newer.as_bytes())
        );
    }
}
