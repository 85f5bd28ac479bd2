import type { MessageKey } from '../messages';

/**
 * Catalogue keys of the console's setup forms beyond the shared `form.*` ones. The console app's locales
 * hold their texts (the guest app never shows them, so they are not in MessageKey).
 */
export const SetupMessageKey = [
  'setup.colour',
  'setup.language',
  'setup.timeZone',
  'setup.positionPair',
  'setup.syncWhen',
  'setup.syncTooOften',
  'setup.unknownSurvey',
] as const;
export type SetupMessageKey = (typeof SetupMessageKey)[number];

/** One field's fault in a setup form: a catalogue key and the values its text interpolates. */
export interface SetupFault {
  field: string;
  key: MessageKey | SetupMessageKey;
  params?: Record<string, string | number>;
}

/** A checked form: its clean values, or every field's first fault. */
export type SetupResult<T> = { ok: true; value: T } | { ok: false; faults: SetupFault[] };

/** Collects faults one field at a time, keeping only the first of each field. */
export class FaultList {
  readonly faults: SetupFault[] = [];

  add(field: string, key: SetupFault['key'] | null | undefined, params?: SetupFault['params']): void {
    if (!key || this.faults.some((f) => f.field === field)) return;
    this.faults.push(params ? { field, key, params } : { field, key });
  }

  /** Adds a shared-rule error ({ key, params }) under a field name. */
  addError(field: string, error: { key: MessageKey; params?: SetupFault['params'] } | null): void {
    if (error) this.add(field, error.key, error.params);
  }

  result<T>(value: T): SetupResult<T> {
    return this.faults.length === 0 ? { ok: true, value } : { ok: false, faults: this.faults };
  }
}
