/**
 * zod's `jitless` setting, made before zod itself loads (zod is a lazy chunk, decision 0078): zod
 * keeps its settings in `globalThis.__zod_globalConfig` and adopts one that is already there. Set at
 * the start (main.tsx), it holds for every schema any chunk makes later. Why jitless: zod's compiled
 * parsers probe for `new Function`, which the page's Content-Security-Policy refuses and reports as a
 * violation (decision 0137); the interpreted parsers give the same results, only a little slower.
 * `zod-jitless.test.ts` checks that zod still reads the setting from there.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

// A module (main.tsx imports it for its effect), not a script.
export {};
