/**
 * A polite live region announcing that something is on its way. The spinner is decoration only;
 * the label is what assistive technology reads.
 */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <div className="loading-status" role="status" aria-live="polite">
      <span className="loading-status__spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
