import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { Loading } from '../components/States';
import { useCurrentUser } from '../lib/current-user';
import { notifyError } from '../lib/notify';
import { mayOpen, type RouteAccess } from '../lib/routing';

/**
 * The navigation guard of docs/spec/04-states.md: the current user is fetched on entering an auth route; a route with
 * a token parameter proceeds; nobody signed in goes to login; a signed-in user opening login or
 * registration goes to the dashboard; a missing permission sends the user to the dashboard.
 */
export function Guard({
  access,
  numericParams = [],
  children,
}: {
  access: RouteAccess;
  numericParams?: string[];
  children: ReactNode;
}) {
  const params = useParams();
  const location = useLocation();
  const user = useCurrentUser();
  const { t } = useTranslation();

  const badParam = numericParams.some((p) => params[p] !== undefined && !/^\d+$/.test(params[p] ?? ''));
  const denied = access !== 'guest' && !!user.data && !mayOpen(access, user.data);

  useEffect(() => {
    if (denied) notifyError(new Error(t('errors.noAccess')));
  }, [denied, t]);

  if (badParam) return <Navigate to="/404" replace />;
  if (access === 'public') return <>{children}</>;
  if (user.isPending) return <Loading />;
  if (access === 'guest') return user.data ? <Navigate to="/" replace /> : <>{children}</>;
  if (params.token) return <>{children}</>;
  if (!user.data) {
    const back = location.pathname + location.search;
    return <Navigate to={back === '/' ? '/auth/' : `/auth/?back=${encodeURIComponent(back)}`} replace />;
  }
  if (denied) return <Navigate to="/" replace />;
  return <>{children}</>;
}
