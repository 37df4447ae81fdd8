import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { refPath, type RefKind } from '../lib/routing';

/**
 * A reference to an order, a return or an appeal as a link to its screen (decision 192); plain text for a
 * user who may not open it. A click does not reach a clickable row around it.
 */
export function RefLink({ kind, id, children }: { kind: RefKind; id: number; children?: ReactNode }) {
  const to = refPath(kind, id, useCurrentUser().data);
  const text = children ?? id;
  if (!to) return <>{text}</>;
  return (
    <Link component={RouterLink} to={to} onClick={(e) => e.stopPropagation()} data-testid={`ref-${kind}`}>
      {text}
    </Link>
  );
}
