import { api } from '../../platform/api';

export type DeviceState = 'active' | 'disabled' | 'released';

/** One tablet (`GET /devices`, console-contract.md): its branch, state and what it last did. */
export interface Device {
  id: number;
  deviceId: string;
  branchId: number;
  branchName: string;
  state: DeviceState;
  registeredAt: string;
  lastSeenAt: string | null;
  lastSyncAt: string | null;
  lastUploadAt: string | null;
  /** Responses the tablet said it holds on its last call; null: it has not said. */
  heldResponses: number | null;
}

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
