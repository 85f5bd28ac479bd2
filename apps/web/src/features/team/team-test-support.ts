import type { StaffMember } from '@venue-voice/domain';
import { rememberTypedPin } from '../../platform/typed-pin';
import { deviceConfig, installModalClosed, pinFields, registeredDevice } from '../../test/device';
import { useErrorQueue } from '../../ui/error-queue';
import { useToasts } from '../../ui/toasts';

/** A member as manage.staff.listing answers it. */
export const member = (id: number, displayName: string, changes: Partial<StaffMember> = {}): StaffMember => ({
  id,
  displayName,
  fullName: `${displayName} Example`,
  status: 1,
  teamId: 0,
  gender: null,
  type: null,
  imageUrl: null,
  thumbnailUrl: null,
  tags: [],
  hasPin: false,
  weight: 50,
  hasSettingsAccess: false,
  ...changes,
});

export const alex = member(7, 'Alex', { hasPin: true, hasSettingsAccess: true });

/** A registered, online tablet with Alex (settings access) signed in by typing PIN 1111. */
export function tabletWithAlex(isAdmin = true): void {
  useErrorQueue.setState(useErrorQueue.getInitialState());
  useToasts.setState(useToasts.getInitialState());
  installModalClosed();
  registeredDevice({
    loggedInMember: alex.id,
    hasConnectivity: true,
    authUser: { isAdmin },
    config: { ...deviceConfig(), staff: [{ ...alex, ...pinFields('1111') }] },
  });
  rememberTypedPin(alex.id, '1111');
}

/** A 10025 answer with per-field detail, as the server sends it. */
export const fieldErrors = (fields: Record<string, string>) => ({
  status: 400,
  body: {
    error: {
      code: 10025,
      message: 'The form has errors',
      detail: { fields: Object.entries(fields).map(([field, message]) => ({ field, in: 'body', message })) },
      ui: false,
    },
  },
});
