import { useSyncExternalStore } from 'react';

const QUERY = '(pointer: coarse)';

const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void) {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * True on touch-first devices (G2: scroll pickers on touch, dropdowns on desktop). Decided by the
 * primary pointer, not the screen width: a tablet in landscape is still a finger.
 */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
