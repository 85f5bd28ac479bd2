import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
const original = globalThis.Function;
let constructed = 0;

/** Makes and uses an object schema (where zod decides between compiled and interpreted parsing). */
const useZod = async () => {
  const { z } = await import('zod');
  expect(z.object({ name: z.string() }).parse({ name: 'x', extra: 1 })).toEqual({ name: 'x' });
  return z.config();
};

beforeEach(() => {
  // A fresh zod each time, as the lazy chunk is: it reads its settings when it loads.
  vi.resetModules();
  delete holder.__zod_globalConfig;
  constructed = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args) {
      constructed += 1;
      return Reflect.construct(target, args);
    },
  });
});

afterEach(() => {
  globalThis.Function = original;
});

describe('zod-jitless: set before zod loads (decisions 0078, 0137)', () => {
  it('zod loaded later reads jitless and never builds a function (the CSP probe)', async () => {
    await import('./zod-jitless');
    expect((await useZod()).jitless).toBe(true);
    expect(constructed).toBe(0);
  });

  it('without it zod probes with new Function (what the CSP reports)', async () => {
    expect((await useZod()).jitless).toBeUndefined();
    expect(constructed).toBeGreaterThan(0);
  });

  it('keeps settings zod made before it', async () => {
    holder.__zod_globalConfig = { customError: undefined, locale: 'x' };
    await import('./zod-jitless');
    expect(holder.__zod_globalConfig).toEqual({ customError: undefined, locale: 'x', jitless: true });
  });
});
