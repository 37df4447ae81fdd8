import { type ResolveResult } from '@portal/contract';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { useActiveBasket } from '../../lib/active-basket';
import { notifyError } from '../../lib/notify';
import { resolveText } from './api';
import { AddFailedDialog } from './components/AddFailedDialog';
import { ResolvePreview } from './components/ResolvePreview';
import { useAddLines } from './components/use-add-lines';

/** 'Заказ по номерам': paste part numbers with quantities, check them, add the chosen ones. */
export default function QuickOrderPage() {
  const { t } = useTranslation('baskets');
  const { active } = useActiveBasket();
  const [text, setText] = useState('');
  const [result, setResult] = useState<ResolveResult | null>(null);
  const [checking, setChecking] = useState(false);
  const { add, busy, failed, clearFailed } = useAddLines();
  const lineCount = text.split(/\n/).filter((l) => l.trim()).length;

  const check = async () => {
    setChecking(true);
    try {
      setResult(await resolveText(text));
    } catch (err) {
      notifyError(err);
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <PageHeader title={t('quick.title')} />
      <Paper sx={{ p: 2 }}>
        <Typography sx={{ mb: 1 }}>{t('quick.hint')}</Typography>
        <TextField
          multiline
          minRows={8}
          maxRows={20}
          fullWidth
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setResult(null);
          }}
          placeholder={'RE504836 2\nAL-156625 1\n6005028743 4'}
          slotProps={{
            htmlInput: { 'aria-label': t('quick.label'), spellCheck: false, style: { fontFamily: 'monospace' } },
          }}
        />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<FactCheckOutlined />}
            disabled={checking || lineCount === 0}
            onClick={() => void check()}
          >
            {checking ? t('quick.checking') : t('quick.check')}
          </Button>
          <Typography color="text.secondary">
            {t('quick.lines', { count: lineCount })} · {t('quick.target', { name: active?.name ?? t('newBasket') })}
          </Typography>
        </Box>
      </Paper>
      {result && (
        <ResolvePreview
          key={JSON.stringify(result.lines.length) + text.length}
          result={result}
          busy={busy}
          onAdd={add}
        />
      )}
      <AddFailedDialog failed={failed} onClose={clearFailed} />
    </>
  );
}
