import { useEffect } from 'react';

const TOUCHES = ['pointerdown', 'keydown'] as const;

/**
 * Runs `action` once, on the guest's first press or key anywhere on the page, so code the next steps
 * need is requested long before them without being part of what the first screen costs (decision 0078:
 * the budget counts what loads until the network is idle). Focus is not a touch: the router may move
 * it on its own.
 */
export function useFirstTouch(action: () => void): void {
  useEffect(() => {
    const touched = () => {
      stop();
      action();
    };
    const stop = () => {
      for (const type of TOUCHES) document.removeEventListener(type, touched, true);
    };
    for (const type of TOUCHES) document.addEventListener(type, touched, true);
    return stop;
  }, [action]);
}
