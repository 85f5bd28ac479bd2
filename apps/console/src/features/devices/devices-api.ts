import type { ConsoleDevice } from '@venue-voice/domain';
import { api } from '../../platform/api';

export type DeviceState = ConsoleDevice['state'];

/** One tablet (`GET /devices`): its branch, state, what it last did and the responses it said it holds. */
export type Device = ConsoleDevice;

export type DeviceAction = 'disable' | 'enable' | 'release';

export const devicesApi = {
  list: (branchId: number | null) => api.get<{ items: Device[] }>('/devices', { branchId }),
  act: (id: number, action: DeviceAction) => api.post<{ device: Device }>(`/devices/${id}/${action}`),
};

/** What may be done to a tablet in its state: a disabled one enabled again, any not released released. */
export function actionsFor(state: DeviceState): DeviceAction[] {
  if (state === 'active') return ['disable', 'release'];
  if (state === 'disabled') return ['enable', 'release'];
  return [];
}
