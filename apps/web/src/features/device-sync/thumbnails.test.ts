import { describe, expect, it, vi } from 'vitest';
import { syncThumbnails, THUMBNAIL_CACHE, withCachedThumbnails } from './thumbnails';

/** Cache Storage over a map: `add` fetches nothing, a URL with 'broken' in it fails as a 404 would. */
function fakeCaches(initial: string[]) {
  const stored = new Set(initial);
  const cache = {
    keys: async () => [...stored].map((url) => new Request(url)),
    delete: async (url: string) => stored.delete(url),
    match: async (url: string) => (stored.has(url) ? new Response(url) : undefined),
    add: async (url: string) => {
      if (url.includes('broken')) throw new TypeError('404');
      stored.add(url);
    },
  };
  const opened: string[] = [];
  const storage = {
    open: async (name: string) => {
      opened.push(name);
      return cache;
    },
  } as unknown as CacheStorage;
  return { stored, opened, storage };
}

describe('staff thumbnails on the tablet (D4.8)', () => {
  it('D4.8 caches the current staff thumbnails and removes those no member uses any more', async () => {
    const caches = fakeCaches(['https://cdn.test/old.png', 'https://cdn.test/kept.png']);
    const result = await syncThumbnails(
      [
        { thumbnailUrl: 'https://cdn.test/kept.png' },
        { thumbnailUrl: 'https://cdn.test/new.png' },
        { thumbnailUrl: 'https://cdn.test/new.png' },
        { thumbnailUrl: null },
        { thumbnailUrl: 'https://cdn.test/broken.png' },
      ],
      caches.storage,
    );
    expect(caches.opened).toEqual([THUMBNAIL_CACHE]);
    expect([...caches.stored].sort()).toEqual(['https://cdn.test/kept.png', 'https://cdn.test/new.png']);
    expect(result).toEqual({ added: 1, removed: 1 });
  });

  it('without Cache Storage nothing is cached and nothing fails', async () => {
    expect(await syncThumbnails([{ thumbnailUrl: 'https://cdn.test/a.png' }], null)).toEqual({
      added: 0,
      removed: 0,
    });
  });
});

describe('cached thumbnails offline', () => {
  it('D4.8 a cached thumbnail is shown from the cache (an object URL, made once); others keep their address', async () => {
    const caches = fakeCaches(['https://cdn.test/sam.png']);
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:sam');
    const team = [
      { id: 1, thumbnailUrl: 'https://cdn.test/sam.png' },
      { id: 2, thumbnailUrl: 'https://cdn.test/alex.png' },
      { id: 3, thumbnailUrl: null },
    ];
    const shown = await withCachedThumbnails(team, caches.storage);
    expect(shown.map((member) => member.thumbnailUrl)).toEqual([
      'blob:sam',
      'https://cdn.test/alex.png',
      null,
    ]);
    await withCachedThumbnails(team, caches.storage);
    expect(created).toHaveBeenCalledTimes(1);
    created.mockRestore();
  });
});
