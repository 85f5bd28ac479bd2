import { type ReactNode, useId } from 'react';

/** One titled section of the tablet's settings panel (docs/design.md "Tablet (kiosk)"). */
export function SettingsGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="settings__group" aria-labelledby={id}>
      <h3 id={id} className="settings__title">
        {title}
      </h3>
      {children}
    </section>
  );
}
