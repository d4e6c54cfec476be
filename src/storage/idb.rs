//! The crash-safe copy in IndexedDB (see `storage::mirror` for why and what is taken
//! back at start). Each write is its own transaction with strict durability, so the
//! browser commits it to disk before reporting it done; transactions on one store run
//! in the order they were made, so the last write of a key is the one kept. Writes made
//! before the database is open wait for it. Where IndexedDB is missing or refused, the
//! app carries on with localStorage alone.

use super::mirror::{Record, Stored};
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

type Write = (String, Option<String>, f64);

enum State {
    /// Not opened yet, or opening: writes wait here.
    Waiting(Vec<Write>),
    Open(IdbDatabase),
    /// No IndexedDB here.
    Off,
}

thread_local! {
    static STATE: RefCell<State> = const { RefCell::new(State::Waiting(Vec::new())) };
    /// The keys with a write on its way to the disk, each with the latest write made
    /// meanwhile: the copy is written at every change, but one key never has more than
    /// one write waiting (typing fast into a large character writes only the latest).
    /// (A list: a handful of keys at most, and no map type the start path would carry
    /// just for this.)
    static IN_FLIGHT: RefCell<Vec<(String, Option<Write>)>> = const { RefCell::new(Vec::new()) };
}

/// Writes a character's saved text under its localStorage key, or a tombstone
/// (`None`) when it was removed; `time` is when.
pub fn put(key: &str, value: Option<&str>, time: f64) {
    let write = (key.to_string(), value.map(str::to_string), time);
    STATE.with(|s| match &mut *s.borrow_mut() {
        State::Waiting(queue) => queue.push(write),
        State::Open(db) => send(db, write),
        State::Off => {}
    });
}

/// Writes now, or after the key's write on its way (replacing any write waiting).
fn send(db: &IdbDatabase, write: Write) {
    let busy = IN_FLIGHT.with(|f| {
        let mut f = f.borrow_mut();
        match f.iter_mut().find(|(k, _)| *k == write.0) {
            Some((_, waiting)) => {
                *waiting = Some(write.clone());
                true
            }
            None => {
                f.push((write.0.clone(), None));
                false
            }
        }
    });
    if !busy {
        write_one(db, write);
    }
}

/// The key's write has reached the disk (or failed): the one waiting goes next.
fn landed(db: &IdbDatabase, key: &str) {
    let next = IN_FLIGHT.with(|f| {
        let mut f = f.borrow_mut();
        let i = f.iter().position(|(k, _)| k == key)?;
        let next = f[i].1.take();
        if next.is_none() {
            f.swap_remove(i);
        }
        next
    });
    if let Some(write) = next {
        write_one(db, write);
    }
}

fn write_one(db: &IdbDatabase, (key, value, time): Write) {
    let finished = {
        let (db, key) = (db.clone(), key.clone());
        Closure::once_into_js(move || landed(&db, &key))
    };
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"durability".into(), &"strict".into());
    let db: &Database = db.unchecked_ref();
    let Ok(tx) = db.transaction_with_options(STORE, "readwrite", &options) else {
        landed(db.unchecked_ref(), &key);
        return;
    };
    let f: &js_sys::Function = finished.unchecked_ref();
    // Every transaction ends exactly once: complete, or abort (a failed write aborts
    // its transaction).
    tx.set_oncomplete(Some(f));
    tx.set_onabort(Some(f));
    let Ok(store) = tx.object_store(STORE) else {
        return;
    };
    let record = js_sys::Object::new();
    // A removal says so: only such a record may remove a character at start
    // (`mirror::Record::read`).
    if value.is_none() {
        let _ = js_sys::Reflect::set(&record, &"deleted".into(), &JsValue::TRUE);
    }
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
            let value = match field(&v, "value") {
                Some(x) if x.is_string() => Stored::Text(x.as_string().unwrap_or_default()),
                Some(x) if x.is_null() || x.is_undefined() => Stored::Nothing,
                None => Stored::Nothing,
                Some(_) => Stored::Other,
            };
            let time = field(&v, "time").and_then(|x| x.as_f64());
            let deleted = field(&v, "deleted").is_some_and(|x| x == JsValue::TRUE);
            Record::read(k.as_string(), value, time, deleted)
        })
        .collect())
}

/// Reads the copy whole, through a connection of its own (the packs page's
/// comparison, which may run before or after the characters').
pub async fn read_copy() -> Vec<Record> {
    match open().await {
        Ok(db) => read(&db).await.unwrap_or_default(),
        Err(_) => Vec::new(),
    }
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
                send(db, write);
            }
        }
    });
    records
}
