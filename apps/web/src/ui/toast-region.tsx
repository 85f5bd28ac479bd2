import { useEffect } from 'react';
import { useToasts } from './toasts';
import './ui.css';

/**
 * The toasts at the top of the screen (G2), in a polite live region so they are read without moving
 * the focus. One timer, set for the next toast due to close, drives the store's tick.
 */
export function ToastRegion({ dismissLabel }: { dismissLabel: string }) {
  const toasts = useToasts((store) => store.state.toasts);
  const dismiss = useToasts((store) => store.dismiss);
  const tick = useToasts((store) => store.tick);

  useEffect(() => {
    const due = toasts.flatMap((toast) => (toast.closesAt === null ? [] : [toast.closesAt]));
    if (due.length === 0) return;
    const timer = setTimeout(tick, Math.max(0, Math.min(...due) - Date.now()));
    return () => clearTimeout(timer);
  }, [toasts, tick]);

  return (
    <section className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.message.tone ?? 'info'}`} role="status">
          <p className="toast__text">
            {toast.message.text}
            {toast.message.link && (
              <>
                {' '}
                <a href={toast.message.link.href} rel="noopener noreferrer" target="_blank">
                  {toast.message.link.label}
                </a>
              </>
            )}
          </p>
          <button
            type="button"
            className="toast__dismiss"
            aria-label={dismissLabel}
            onClick={() => dismiss(toast.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}
