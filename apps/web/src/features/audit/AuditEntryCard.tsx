import type { AuditEntry } from '@portal/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../lib/format';
import en from '../../locales/en/back-office/audit.json';
import ru from '../../locales/ru/back-office/audit.json';
import { auditChanges, objectPath, objectTitle, type AuditChange, type AuditNames } from './audit-format';

i18n.addResourceBundle('ru', 'audit', ru, true, true);
i18n.addResourceBundle('en', 'audit', en, true, true);

/** A create or a delete lists every value: the first ones show, the rest on a click. */
const SHOWN = 8;

function ChangeLine({ change }: { change: AuditChange }) {
  const both = change.before !== null && change.after !== null;
  return (
    <Box
      data-testid="audit-change"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 34%) minmax(0, 1fr)' },
        columnGap: 2,
        py: 0.5,
        borderTop: 1,
        borderColor: 'divider',
        overflowWrap: 'anywhere',
      }}
    >
      <Typography variant="body2" color="text.secondary" data-testid="audit-field">
        {change.label}
      </Typography>
      <Typography variant="body2" component="div">
        {change.before !== null && (
          <Box
            component="span"
            data-testid="audit-before"
            sx={both ? { color: 'text.secondary' } : { textDecoration: 'line-through', color: 'text.secondary' }}
          >
            {change.before}
          </Box>
        )}
        {both && ' → '}
        {change.after !== null && (
          <Box component="span" data-testid="audit-after" sx={{ fontWeight: 500 }}>
            {change.after}
          </Box>
        )}
      </Typography>
    </Box>
  );
}

/**
 * One audit entry as a staff member reads it (decision 194): when, who (name and login), which object with
 * a link to it, the action, and each changed field by its name with its value before → after. A card that
 * fits a phone: on a wide screen its head stands beside the changes, on a phone above them.
 */
export function AuditEntryCard({ entry, names }: { entry: AuditEntry; names?: AuditNames }) {
  const { t } = useTranslation('audit');
  const [all, setAll] = useState(false);
  const tr = (key: string, options?: Record<string, unknown>) => t(key, options ?? {});
  const changes = auditChanges(entry, tr, names);
  const path = objectPath(entry);
  const entity = t(`entities.${entry.entity}`, { defaultValue: entry.entity });
  const object = entry.entityId ? t('object', { entity, id: entry.entityId }) : entity;
  const title = objectTitle(entry);
  const who = entry.user.login ? (
    <>
      {entry.user.name && entry.user.name !== entry.user.login ? `${entry.user.name} ` : ''}
      <Box component="span" sx={{ color: 'text.secondary' }}>
        ({entry.user.login})
      </Box>
    </>
  ) : (
    t('system')
  );
  const shown = all ? changes : changes.slice(0, SHOWN);
  return (
    <Box
      data-testid="audit-row"
      sx={{
        p: 2,
        display: 'grid',
        gap: { xs: 1, md: 3 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr)' },
      }}
    >
      <Box sx={{ display: 'grid', gap: 0.5, alignContent: 'start' }}>
        <Typography variant="body2" color="text.secondary">
          {formatDate(entry.date, true)}
        </Typography>
        <Typography variant="body2" data-testid="audit-user">
          {entry.user.id !== null ? (
            <Link component={RouterLink} to={`/user/${entry.user.id}/`} color="inherit">
              {who}
            </Link>
          ) : (
            who
          )}
        </Typography>
        <Box>
          <Chip size="small" label={t(`actions.${entry.action}`, { defaultValue: entry.action })} />
        </Box>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" sx={{ mb: 0.5, overflowWrap: 'anywhere' }} data-testid="audit-object">
          {path ? (
            <Link component={RouterLink} to={path}>
              {object}
            </Link>
          ) : (
            object
          )}
          {title && (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {` · ${title}`}
            </Box>
          )}
        </Typography>
        {changes.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('noChanges')}
          </Typography>
        ) : (
          shown.map((c) => <ChangeLine key={c.key} change={c} />)
        )}
        {!all && changes.length > SHOWN && (
          <Button size="small" onClick={() => setAll(true)} sx={{ mt: 0.5 }}>
            {t('more', { count: changes.length - SHOWN })}
          </Button>
        )}
      </Box>
    </Box>
  );
}
