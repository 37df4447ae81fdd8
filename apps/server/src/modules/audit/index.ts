/** The audit log's face: every back-office write calls `recordAudit` in its own transaction (decision 101). */
export { recordAudit, type AuditEntry, type AuditWho } from './record.js';
export { nameAuditIdsWith, type AuditNames } from './handlers.js';
