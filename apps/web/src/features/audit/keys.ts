import type { AuditFilter } from '@portal/contract';

/** Every query key of the audit feature; `all` covers them all. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (page: number, size: number, filter: AuditFilter) => ['audit', 'list', page, size, filter] as const,
};
