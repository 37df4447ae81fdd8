import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { notifyError, notifySuccess } from '../../lib/notify';
import { parseParts, useCreateWishes } from './api';

/**
 * 'Новая заявка по номерам деталей': several parts at once, pasted like the quick order. The quick order and
 * the file import link here with `?parts=` (their 'not found' lines) so a request takes one click.
 */
export default function WishCreatePage() {
  const { t } = useTranslation('wishes');
  const navigate = useNavigate();
  const createWishes = useCreateWishes();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('parts') ?? '');
  const [vin, setVin] = useState('');
  const [model, setModel] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const { items, bad } = parseParts(text);
    if (bad.length) {
      setError(t('form.badLines', { lines: bad.join(', ') }));
      return;
    }
    if (items.length === 0) {
      setError(t('form.empty'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const created = await createWishes.mutateAsync({
        items,
        ...(vin.trim() ? { vin } : {}),
        ...(model.trim() ? { model } : {}),
      });
      notifySuccess(t('form.created', { count: created.items.length }));
      await navigate('/wishes/');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <PageHeader title={t('createTitle')} crumbs={[{ label: t('title'), to: '/wishes/' }]} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <Alert severity="info">{t('form.hint')}</Alert>
          <TextField
            label={t('form.parts')}
            multiline
            minRows={6}
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={'RE504836 2\nAL221453 1'}
            slotProps={{ htmlInput: { 'data-testid': 'wish-parts' } }}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t('field.vin')}
              value={vin}
              onChange={(e) => setVin(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 50 } }}
            />
            <TextField
              label={t('field.model')}
              value={model}
              onChange={(e) => setModel(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('form.submit')}
            </Button>
            <Button onClick={() => void navigate('/wishes/')}>{t('common:cancel')}</Button>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
