/**
 * The PIN the signed-in member typed, held in memory only (decision 0197): manage calls send it as
 * X-Staff-Pin and the server checks it. Nothing stores it, so after a reload, a sign-out or another
 * member's sign-in, Manage team asks for a manager's PIN again.
 */
import { useDevice } from './device-session';

let typed: { memberId: number; pin: string } | null = null;
let unsubscribe: (() => void) | null = null;

/** Keeps the PIN a member just signed in with, until that member is no longer the signed-in one. */
export function rememberTypedPin(memberId: number, pin: string): void {
  typed = { memberId, pin };
  unsubscribe ??= useDevice.subscribe(({ state }) => {
    if (typed && state.loggedInMember !== typed.memberId) forgetTypedPin();
  });
}

/** The PIN the given member typed at sign-in, or null (someone else, nobody, or not typed since load). */
export const typedPinOf = (memberId: number | null): string | null =>
  typed !== null && memberId !== null && typed.memberId === memberId ? typed.pin : null;

/** Drops the typed PIN. */
export function forgetTypedPin(): void {
  typed = null;
  unsubscribe?.();
  unsubscribe = null;
}
