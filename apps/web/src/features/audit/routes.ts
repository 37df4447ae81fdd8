import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

/** The back office's audit log (decision 101): administrators only, its own lazy chunk. */
export const auditRoutes: PortalRoute[] = [
  { path: '/audit/', name: 'audit/AuditLog', access: 'user-create', component: lazy(() => import('./AuditPage')) },
];
