// Loaded into each soak instance (`node --expose-gc --import tests/bench/soak-gc.mjs …`, tests/bench/soak.ts), never
// in production: SIGWINCH (ignored by default, and not a signal close-with-grace stops the server on) runs a full
// garbage collection, so the bench reads the heap as what is still alive (a growing floor is a leak), not wherever
// the saw of allocation and collection happens to be.
process.on('SIGWINCH', () => globalThis.gc?.());
