/**
 * Every action the server writes to the console's audit log (issue 28 item 5), `<subject>.<verb>`.
 * The server's audit writes take only these, and the console has a label for each in every language
 * (O2.8): a new action added here without its texts fails the console's catalogue test.
 */
export const AUDIT_ACTIONS = [
  'company.create',
  'company.update',
  'company.logo',
  'operator.invite',
  'operator.reinvite',
  'operator.accept',
  'operator.reset',
  'operator.update',
  'operator.remove',
  'operator.profile',
  'operator.digest',
  'operator.sign-out-everywhere',
  'branch.create',
  'branch.update',
  'passcode.rotate',
  'staff.add',
  'staff.update',
  'staff.delete',
  'device.disable',
  'device.enable',
  'device.release',
  'integrationKey.create',
  'integrationKey.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'alertRule.create',
  'alertRule.update',
  'alertRule.delete',
  'menu.import',
  'case.note',
  'case.reply',
  'case.update',
  'survey.create',
  'survey.publish',
  'survey.restore',
  'survey.voucherCodes',
  'survey.update',
] as const;
/** One action of the audit log (not the guest spec's `AuditAction` enumeration of enums.ts). */
export type ConsoleAuditAction = (typeof AUDIT_ACTIONS)[number];
