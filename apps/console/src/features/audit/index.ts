export { AuditScreen } from './audit-screen';
