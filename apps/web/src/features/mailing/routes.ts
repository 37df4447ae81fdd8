import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const mailingRoutes: PortalRoute[] = [
  { path: '/mailing/', name: 'mailing/Mailing', access: 'auth', component: lazy(() => import('./MailingPage')) },
];
