// Puts a wasm file's functions in an order gzip compresses better: by signature (the
// number and types of parameters and results, then the number of locals), and within
// one by the size of the body, so that the copies of one generic function, which share
// a signature and are about the same size, sit within gzip's 32 KB window of each
// other. Only the order changes; every reference is by name in Binaryen's IR and is
// written back to the new places.
// Run by scripts/split.mjs on each file before wasm-opt (which keeps the order).
import binaryen from 'binaryen';
import { readFileSync, writeFileSync } from 'node:fs';

// The features wasm-opt is run with (scripts/split.mjs), no others.
const F = binaryen.Features;
const FEATURES = F.MutableGlobals | F.NontrappingFPToInt | F.BulkMemory | F.SignExt | F.ReferenceTypes | F.Multivalue;

const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

export function orderFunctions(file) {
  const module = binaryen.readBinary(readFileSync(file));
  try {
    module.setFeatures(module.getFeatures() | FEATURES);
    const defined = [];
    for (let i = 0; i < module.getNumFunctions(); i++) {
      const info = binaryen.getFunctionInfo(module.getFunctionByIndex(i));
      if (info.module) continue;
      // A signature by its types, never by Binaryen's type ids: a tuple's id is an
      // address in Binaryen's memory, which moves with the size of the environment,
      // and the build must be the same in every folder and shell.
      const params = binaryen.expandType(info.params);
      const results = binaryen.expandType(info.results);
      defined.push({ place: i, size: binaryen.emitText(info.body).length, signature: `${params.length} ${results.length} ${params} ${results}`, ...info });
    }
    defined.sort((a, b) => cmp(a.signature, b.signature) || a.vars.length - b.vars.length || a.size - b.size || a.place - b.place);
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
