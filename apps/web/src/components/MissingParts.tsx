import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { notifyError, notifySuccess } from '../lib/notify';
import { useFileMissingParts } from '../lib/missing-parts';
import { mayOpen } from '../lib/routing';

const SHOWN = 30;

/**
 * Part numbers the catalogue does not have (quick order, file import, an empty search): listed, with one
 * click that files them with their quantities as a «Заявка по номерам деталей» (wishes, docs/spec/02-screens.md).
 */
export function MissingParts({ items }: { items: Array<{ article: string; count: number }> }) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const fileParts = useFileMissingParts();
  const [busy, setBusy] = useState(false);
  const [filed, setFiled] = useState(0);
  // One line per number: the same number twice asks for the sum; the wishes method takes up to 200.
  const lines = [
    ...items
      .filter((i) => i.article.trim() !== '')
      .reduce((m, i) => {
        const key = i.article.trim();
        return m.set(key, Math.min(10000, (m.get(key) ?? 0) + Math.max(1, i.count)));
      }, new Map<string, number>()),
  ].map(([article, count]) => ({ article: article.slice(0, 100), count }));
  if (lines.length === 0) return null;
  const mayFile = mayOpen('wishes-create', user);

  const file = async () => {
    setBusy(true);
    try {
      const r = await fileParts.mutateAsync(lines.slice(0, 200));
      setFiled(r.items.length);
      notifySuccess(t('missingParts.filed', { count: r.items.length }));
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert severity="warning" data-testid="missing-parts" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('missingParts.title', { count: lines.length })}</AlertTitle>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {lines
          .slice(0, SHOWN)
          .map((l) => `${l.article} × ${l.count}`)
          .join(', ')}
        {lines.length > SHOWN && ` ${t('missingParts.more', { count: lines.length - SHOWN })}`}
      </Typography>
      {mayFile && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          {filed > 0 ? (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('missingParts.filed', { count: filed })} ·{' '}
              <Link component={RouterLink} to="/wishes/">
                {t('missingParts.open')}
              </Link>
            </Typography>
          ) : (
            <>
              <Button variant="outlined" color="inherit" size="small" disabled={busy} onClick={() => void file()}>
                {t('missingParts.file', { count: Math.min(lines.length, 200) })}
              </Button>
              <Typography variant="body2">{t('missingParts.text')}</Typography>
            </>
          )}
        </Box>
      )}
    </Alert>
  );
}
