//! A QR code of a link, as one SVG path: the table's update link, for a player's phone
//! to scan off the game master's screen, drawn in the page with no network (Project
//! Nayuki's `qrcodegen`).

use qrcodegen::{QrCode, QrCodeEcc};

/// A QR code: its width in modules, and the SVG path of its dark modules (one
/// rectangle for each run of them along a row), unit-sized, with no quiet zone.
#[derive(Clone, Debug, PartialEq)]
pub struct Qr {
    pub size: i32,
    pub path: String,
}

/// The QR code of `text` in byte mode at the lowest error correction that leaves the
/// code no larger (scanned off a screen, not a worn label); `None` when it is too long
/// for any QR code (about 2,900 bytes).
pub fn qr(text: &str) -> Option<Qr> {
    let code = QrCode::encode_binary(text.as_bytes(), QrCodeEcc::Low).ok()?;
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if !code.get_module(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < size && code.get_module(x, y) {
                x += 1;
            }
            path.push_str(&format!("M{start} {y}h{}v1H{start}z", x - start));
        }
    }
    Some(Qr { size, path })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dark modules of row `y` as the path draws them.
    fn row(q: &Qr, y: i32) -> Vec<(i32, i32)> {
        q.path
            .split('M')
            .filter(|p| !p.is_empty())
            .filter_map(|p| {
                let (xy, rest) = p.split_once('h')?;
                let (x, ry) = xy.split_once(' ')?;
                let run = rest.split_once('v')?.0;
                let (x, ry, run) = (x.parse().ok()?, ry.parse::<i32>().ok()?, run.parse().ok()?);
                (ry == y).then_some((x, run))
            })
            .collect()
    }

    #[test]
    fn a_link_is_drawn_with_the_three_finder_squares_a_phone_looks_for() {
        let q =
            qr("https://example.org/sheetwright/#/update/H4sIAAAAAAAAA6tWKkktLlGyUlAqzs8tSFWoBQAa")
                .unwrap();
        // 21 modules across at version 1, and 4 more for each version after it.
        assert!(q.size >= 21 && (q.size - 17) % 4 == 0, "{}", q.size);
        let s = q.size;
        // Each finder's top row is 7 dark modules: at the top left and top right.
        let top = row(&q, 0);
        assert_eq!(top.first(), Some(&(0, 7)));
        assert_eq!(top.last(), Some(&(s - 7, 7)));
        // Its second row: dark, light 5, dark.
        let second = row(&q, 1);
        assert_eq!(&second[..2], &[(0, 1), (6, 1)]);
        // The bottom left finder's last row.
        assert_eq!(row(&q, s - 1).first(), Some(&(0, 7)));
    }

    #[test]
    fn a_longer_link_needs_a_larger_code_and_one_too_long_has_none() {
        let short = qr(&"a".repeat(100)).unwrap();
        let long = qr(&"a".repeat(1500)).unwrap();
        assert!(long.size > short.size);
        assert_eq!(qr(&"a".repeat(3000)), None);
    }
}
