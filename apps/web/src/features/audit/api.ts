import type { AuditFilter } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { rest } from '../../lib/rest';
import { auditKeys } from './keys';

/** A page of the audit log with its filter (the back office reads it; nothing here writes). */
export const auditListQuery = (page: number, size: number, filter: AuditFilter) =>
  queryOptions({
    queryKey: auditKeys.list(page, size, filter),
    queryFn: () => rest('audit/list', { page, size, filter }),
  });
