// Puts a wasm file's functions in an order gzip compresses better: by signature (the
// number of parameters, results and locals), and within one by the size of the body,
// so that the copies of one generic function, which share a signature and are about
// the same size, sit within gzip's 32 KB window of each other. Only the order changes;
// every reference is by name in Binaryen's IR and is written back to the new places.
// Run by scripts/split.mjs on each file before wasm-opt (which keeps the order).
import binaryen from 'binaryen';
import { readFileSync, writeFileSync } from 'node:fs';

// The features wasm-opt is run with (scripts/split.mjs), no others.
const F = binaryen.Features;
const FEATURES = F.MutableGlobals | F.NontrappingFPToInt | F.BulkMemory | F.SignExt | F.ReferenceTypes | F.Multivalue;

export function orderFunctions(file) {
  const module = binaryen.readBinary(readFileSync(file));
  try {
    module.setFeatures(module.getFeatures() | FEATURES);
    const defined = [];
    for (let i = 0; i < module.getNumFunctions(); i++) {
      const info = binaryen.getFunctionInfo(module.getFunctionByIndex(i));
      if (!info.module) defined.push({ place: i, size: binaryen.emitText(info.body).length, ...info });
    }
    defined.sort((a, b) => a.params - b.params || a.results - b.results || a.vars.length - b.vars.length || a.size - b.size || a.place - b.place);
    // Taken out and added again in that order: a function added goes last.
    for (const f of defined) {
      module.removeFunction(f.name);
      module.addFunction(f.name, f.params, f.results, f.vars, f.body);
    }
    if (!module.validate()) throw new Error(`${file}: not valid once its functions were put in order`);
    // Function names go on to wasm-opt only for a build that keeps them
    // (SPLIT_KEEP_NAMES, scripts/split.mjs); Binaryen drops them otherwise.
    binaryen.setDebugInfo(Boolean(process.env.SPLIT_KEEP_NAMES));
    writeFileSync(file, module.emitBinary());
  } finally {
    module.dispose();
  }
}
