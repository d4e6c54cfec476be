//! The crash-safe copy in IndexedDB (see `storage::mirror` for why and what is taken
//! back at start). Each write is its own transaction with strict durability, so the
//! browser commits it to disk before reporting it done; transactions on one store run
//! in the order they were made, so the last write of a key is the one kept. Writes made
//! before the database is open wait for it. Where IndexedDB is missing or refused, the
//! app carries on with localStorage alone.

use super::mirror::Record;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbObjectStore, IdbRequest, IdbTransaction};

const DB_NAME: &str = "sheetwright";
const STORE: &str = "characters";

#[wasm_bindgen]
extern "C" {
    /// The database, for `transaction(store, mode, { durability })`: web-sys has the
    /// options only behind its unstable-API flag.
    #[wasm_bindgen(extends = IdbDatabase)]
    type Database;

    #[wasm_bindgen(method, catch, js_name = transaction)]
    fn transaction_with_options(
        this: &Database,
        store: &str,
        mode: &str,
        options: &JsValue,
    ) -> Result<IdbTransaction, JsValue>;
}

enum State {
    /// Not opened yet, or opening: writes wait here.
    Waiting(Vec<(String, Option<String>, f64)>),
    Open(IdbDatabase),
    /// No IndexedDB here.
    Off,
}

thread_local! {
    static STATE: RefCell<State> = const { RefCell::new(State::Waiting(Vec::new())) };
}

/// Writes a character's saved text under its localStorage key, or a tombstone
/// (`None`) when it was removed; `time` is when.
pub fn put(key: &str, value: Option<&str>, time: f64) {
    let write = (key.to_string(), value.map(str::to_string), time);
    STATE.with(|s| match &mut *s.borrow_mut() {
        State::Waiting(queue) => queue.push(write),
        State::Open(db) => write_one(db, write),
        State::Off => {}
    });
}

fn write_one(db: &IdbDatabase, (key, value, time): (String, Option<String>, f64)) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"durability".into(), &"strict".into());
    let db: &Database = db.unchecked_ref();
    let Ok(tx) = db.transaction_with_options(STORE, "readwrite", &options) else {
        return;
    };
    let Ok(store) = tx.object_store(STORE) else {
        return;
    };
    let record = js_sys::Object::new();
    let value = value.map_or(JsValue::NULL, |v| JsValue::from_str(&v));
    let _ = js_sys::Reflect::set(&record, &"value".into(), &value);
    let _ = js_sys::Reflect::set(&record, &"time".into(), &time.into());
    let _ = store.put_with_key(&record, &JsValue::from_str(&key));
}

/// Resolves when `request` succeeds, with its result.
async fn done(request: &IdbRequest) -> Result<JsValue, JsValue> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let ok = Closure::once_into_js(move |ev: web_sys::Event| {
            let result = ev
                .target()
                .and_then(|t| t.dyn_into::<IdbRequest>().ok())
                .and_then(|r| r.result().ok())
                .unwrap_or(JsValue::UNDEFINED);
            let _ = resolve.call1(&JsValue::NULL, &result);
        });
        let fail = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = reject.call0(&JsValue::NULL);
        });
        request.set_onsuccess(Some(ok.unchecked_ref()));
        request.set_onerror(Some(fail.unchecked_ref()));
    });
    JsFuture::from(promise).await
}

async fn open() -> Result<IdbDatabase, JsValue> {
    let factory = web_sys::window()
        .ok_or(JsValue::NULL)?
        .indexed_db()?
        .ok_or(JsValue::NULL)?;
    let request = factory.open_with_u32(DB_NAME, 1)?;
    let upgrade = Closure::once_into_js(move |ev: web_sys::Event| {
        let db = ev
            .target()
            .and_then(|t| t.dyn_into::<IdbRequest>().ok())
            .and_then(|r| r.result().ok())
            .and_then(|r| r.dyn_into::<IdbDatabase>().ok());
        if let Some(db) = db {
            if !db.object_store_names().contains(STORE) {
                let _ = db.create_object_store(STORE);
            }
        }
    });
    request.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    done(&request).await?.dyn_into::<IdbDatabase>()
}

async fn read(db: &IdbDatabase) -> Result<Vec<Record>, JsValue> {
    let tx = db.transaction_with_str(STORE)?;
    let store: IdbObjectStore = tx.object_store(STORE)?;
    let keys = done(&store.get_all_keys()?).await?;
    let values = done(&store.get_all()?).await?;
    let (keys, values) = (js_sys::Array::from(&keys), js_sys::Array::from(&values));
    let field = |v: &JsValue, name: &str| js_sys::Reflect::get(v, &name.into()).ok();
    Ok(keys
        .iter()
        .zip(values.iter())
        .filter_map(|(k, v)| {
            Some(Record {
                key: k.as_string()?,
                value: field(&v, "value").and_then(|x| x.as_string()),
                time: field(&v, "time").and_then(|x| x.as_f64())?,
            })
        })
        .collect())
}

/// Opens the copy and reads it whole (for the start-up comparison); the writes made
/// meanwhile then go out in order. Empty where IndexedDB is missing or refused.
pub async fn start() -> Vec<Record> {
    let opened = open().await;
    let records = match &opened {
        Ok(db) => read(db).await.unwrap_or_default(),
        Err(_) => Vec::new(),
    };
    STATE.with(|s| {
        let before = std::mem::replace(
            &mut *s.borrow_mut(),
            match &opened {
                Ok(db) => State::Open(db.clone()),
                Err(_) => State::Off,
            },
        );
        if let (State::Waiting(queue), Ok(db)) = (before, &opened) {
            for write in queue {
                write_one(db, write);
            }
        }
    });
    records
}
