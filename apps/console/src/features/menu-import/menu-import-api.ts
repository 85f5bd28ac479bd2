import type { Menu, MenuReplaced } from '@venue-voice/domain';
import { api } from '../../platform/api';

export const menuImportApi = {
  /** Replaces the company's whole menu (the owner's; the till's PUT /integrations/menu does the same). */
  replace: (menu: Menu) => api.put<MenuReplaced>('/menu', menu),
};
