//! Native micro-benchmarks of the rules (`cargo bench --bench rules`): deriving a full
//! Symbaroum-family sheet (every modifier, abilities, encumbrance), and the exact Heimr
//! distribution for each consistency from −10 to 10.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{black_box, Criterion};
    use sheetwright::model::load_document;
    use sheetwright::rules::heimr::dice::distribution;

    pub fn derive(c: &mut Criterion) {
        let text = include_str!("../tests/fixtures/v1-full.json");
        let character = load_document(text).expect("the fixture loads");
        c.bench_function("derive a full sheet (v1-full fixture)", |b| {
            b.iter(|| black_box(&character).derived())
        });
        c.bench_function("encumbrance of the full sheet", |b| {
            b.iter(|| black_box(&character).encumbrance())
        });
    }

    pub fn heimr(c: &mut Criterion) {
        let mut group = c.benchmark_group("Heimr distribution");
        for consistency in [-10, -5, 0, 5, 10] {
            group.bench_function(format!("consistency {consistency}"), |b| {
                b.iter(|| distribution(black_box(consistency)))
            });
        }
        group.finish();
        c.bench_function("Heimr distributions −10…10, all 21", |b| {
            b.iter(|| {
                (-10..=10)
                    .map(|k| distribution(black_box(k)))
                    .collect::<Vec<_>>()
            })
        });
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::derive, native::heimr);
#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
