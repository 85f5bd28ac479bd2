import { afterUpdateReload } from '@venue-voice/domain';

/** Session-storage key of the refresh flag (D4.52): set just before the reload an update causes. */
export const REFRESH_FLAG_KEY = 'venue-voice-app-updated';

export function setRefreshFlag(): void {
  try {
    sessionStorage.setItem(REFRESH_FLAG_KEY, '1');
  } catch {
    // Storage refused (private mode, quota): the update still runs, only the banner is lost.
  }
}

let taken: { showBanner: boolean; bannerMs: number } | null = null;

/**
 * Whether this page load follows an update (D4.52), read once per page load and then cleared, so a
 * later reload shows no banner. Kept in memory: React may mount the banner twice (StrictMode) and
 * both mounts must get the same answer.
 */
export function takeRefreshFlag(): { showBanner: boolean; bannerMs: number } {
  if (taken) return taken;
  let flag = false;
  try {
    flag = sessionStorage.getItem(REFRESH_FLAG_KEY) === '1';
  } catch {
    flag = false;
  }
  const { showBanner, bannerMs, clearFlag } = afterUpdateReload(flag);
  if (clearFlag) {
    try {
      sessionStorage.removeItem(REFRESH_FLAG_KEY);
    } catch {
      // Nothing to clear when storage is refused.
    }
  }
  taken = { showBanner, bannerMs };
  return taken;
}
