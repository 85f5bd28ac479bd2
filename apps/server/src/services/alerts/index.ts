// Alerts (issue 30 item 1): rules, the pass over new responses, and the alert mails (docs/alerts.md).
export { type AlertMailFacts, alertMail } from './alert-mail';
export { ALERT_BATCH, type AlertPassHooks, type AlertPassResult, runAlertPass, unseenRemain } from './pass';
export {
  type AlertRuleContext,
  companyIndicators,
  companyOperators,
  createAlertRule,
  deleteAlertRule,
  listAlertRules,
  updateAlertRule,
} from './rules';
export { type AlertRunner, type AlertRunnerDeps, alertRunner, coalesced } from './runner';
export {
  ALERT_LEASE_MS,
  ALERT_SEND_BATCH,
  type AlertSendDeps,
  type AlertSendResult,
  sendDueAlertMails,
  wallClock,
} from './send';
