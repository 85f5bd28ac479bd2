/**
 * Staff thumbnails kept on the tablet (D4.8): each current member's thumbnail is stored in Cache
 * Storage, and those no current member uses any more are deleted (the domain's `staleThumbnails`).
 */
import { type StaffMember, staleThumbnails } from '@venue-voice/domain';
import { logError } from '../../platform/log';

export const THUMBNAIL_CACHE = 'venue-voice-staff-thumbnails';

const absolute = (url: string) => new URL(url, globalThis.location?.href ?? 'http://localhost/').href;

/** Caches the staff's thumbnails and prunes the others; without Cache Storage it does nothing. */
export async function syncThumbnails(
  staff: readonly Pick<StaffMember, 'thumbnailUrl'>[],
  storage: CacheStorage | null = globalThis.caches ?? null,
): Promise<{ added: number; removed: number }> {
  if (!storage) return { added: 0, removed: 0 };
  const cache = await storage.open(THUMBNAIL_CACHE);
  const cached = (await cache.keys()).map((request) => request.url);
  const current = staff.map((member) => ({
    thumbnailUrl: member.thumbnailUrl === null ? null : absolute(member.thumbnailUrl),
  }));
  const stale = staleThumbnails(cached, current);
  await Promise.all(stale.map((url) => cache.delete(url)));
  const have = new Set(cached);
  const missing = [
    ...new Set(current.flatMap((m) => (m.thumbnailUrl && !have.has(m.thumbnailUrl) ? [m.thumbnailUrl] : []))),
  ];
  const added = await Promise.all(
    missing.map((url) =>
      cache.add(url).then(
        () => 1,
        // One missing picture must not stop the others (the staff list shows initials instead).
        (error: unknown) => {
          logError('staff thumbnail not cached', { url, error: String(error) });
          return 0;
        },
      ),
    ),
  );
  return { added: added.reduce<number>((sum, one) => sum + one, 0), removed: stale.length };
}

/** Object URLs made for cached thumbnails, one per address, reused (a thumbnail's address names its content). */
const pictures = new Map<string, string>();

/**
 * The members with their cached thumbnails as object URLs, so the staff list shows them offline (the
 * service worker does not serve this cache); a thumbnail not cached keeps its address.
 */
export async function withCachedThumbnails<M extends { thumbnailUrl: string | null }>(
  members: readonly M[],
  storage: CacheStorage | null = globalThis.caches ?? null,
): Promise<M[]> {
  if (!storage || typeof URL.createObjectURL !== 'function') return [...members];
  const cache = await storage.open(THUMBNAIL_CACHE);
  const local = async (url: string): Promise<string> => {
    const key = absolute(url);
    const made = pictures.get(key);
    if (made) return made;
    const stored = await cache.match(key);
    if (!stored) return url;
    const objectUrl = URL.createObjectURL(await stored.blob());
    pictures.set(key, objectUrl);
    return objectUrl;
  };
  return Promise.all(
    members.map(async (member) =>
      member.thumbnailUrl === null ? member : { ...member, thumbnailUrl: await local(member.thumbnailUrl) },
    ),
  );
}
