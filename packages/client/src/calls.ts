/**
 * Every call of api.md with its method, path and whether the app shows its errors (G8/D8: display is
 * turned off for the config fetch, prompt, upload delete and menu export).
 */
export const CALLS = {
  'survey.branch': { method: 'GET', path: '/api/v1/survey/branch', showErrors: true },
  'survey.config': { method: 'GET', path: '/api/v1/survey/config', showErrors: false },
  'survey.transaction': { method: 'GET', path: '/api/v1/survey/transaction', showErrors: true },
  'survey.submit': { method: 'POST', path: '/api/v1/survey/submit', showErrors: true },
  'survey.prompt': { method: 'GET', path: '/api/v1/survey/prompt', showErrors: false },
  'survey.upload.upsert': { method: 'POST', path: '/api/v1/survey/upload/upsert', showErrors: true },
  'survey.upload.delete': { method: 'POST', path: '/api/v1/survey/upload/delete', showErrors: false },
  'survey.track': { method: 'POST', path: '/api/v1/survey/track', showErrors: true },
  'survey.menu.query': { method: 'GET', path: '/api/v1/survey/menu/query', showErrors: true },
  'survey.menu.export': { method: 'GET', path: '/api/v1/survey/menu/export', showErrors: false },
  'device.register': { method: 'POST', path: '/api/v1/device/register', showErrors: true },
  'device.configure': { method: 'POST', path: '/api/v1/device/configure', showErrors: true },
  'device.deregister': { method: 'POST', path: '/api/v1/device/deregister', showErrors: true },
  'manage.staff.add': { method: 'POST', path: '/api/v1/manage/staff/add', showErrors: true },
  'manage.staff.delete': { method: 'POST', path: '/api/v1/manage/staff/delete', showErrors: true },
  'manage.staff.update': { method: 'POST', path: '/api/v1/manage/staff/update', showErrors: true },
  'manage.staff.listing': { method: 'GET', path: '/api/v1/manage/staff/listing', showErrors: true },
  'manage.team.listing': { method: 'GET', path: '/api/v1/manage/team/listing', showErrors: true },
  health: { method: 'GET', path: '/api/health', showErrors: false },
} as const;
export type CallName = keyof typeof CALLS;

/** Base path of the versioned calls (api.md "Paths"). */
export const API_BASE = '/api/v1';
