// Stands in for a module the bundle leaves out (see UNUSED in build.mjs): any use throws.
module.exports = new Proxy({}, {
  get(_target, name) {
    if (name === '__esModule' || typeof name === 'symbol') return undefined;
    throw new Error(`rootline: ${String(name)} comes from a module left out of this build`);
  },
});
