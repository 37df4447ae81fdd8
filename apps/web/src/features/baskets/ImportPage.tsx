import { ORDER_FILE_TYPES, type ResolveResult } from '@portal/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { useActiveBasket } from '../../lib/active-basket';
import { articlesOfFile, saveImportFile } from './api';
import { AddFailedDialog } from './components/AddFailedDialog';
import { ResolvePreview } from './components/ResolvePreview';
import { useAddLines } from './components/use-add-lines';

type Stage = 'idle' | 'upload' | 'parse';

/** 'Заказ из Excel': upload a spreadsheet (files/save, then product/get-articles-xls), see the report. */
export default function ImportPage() {
  const { t } = useTranslation('baskets');
  const { active } = useActiveBasket();
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [error, setError] = useState('');
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState<ResolveResult | null>(null);
  const { add, busy, failed, clearFailed } = useAddLines();

  const upload = async (file: File) => {
    setError('');
    setResult(null);
    setFileName(file.name);
    try {
      setStage('upload');
      const id = await saveImportFile(file);
      if (!id) throw new Error(t('import.failed'));
      setStage('parse');
      setResult(await articlesOfFile(id));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setStage('idle');
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <PageHeader title={t('import.title')} />
      <Paper sx={{ p: 2 }}>
        <Typography sx={{ mb: 1 }}>{t('import.hint')}</Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button component="label" variant="contained" startIcon={<UploadFileOutlined />} disabled={stage !== 'idle'}>
            {t('import.choose')}
            <input
              ref={input}
              type="file"
              hidden
              accept={ORDER_FILE_TYPES.join(',')}
              data-testid="import-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void upload(f);
              }}
            />
          </Button>
          <Button href="/upload/main/templateBasket.xlsx" download startIcon={<DownloadOutlined />}>
            {t('import.template')}
          </Button>
          <Typography color="text.secondary">{t('quick.target', { name: active?.name ?? t('newBasket') })}</Typography>
        </Box>
        {stage !== 'idle' && (
          <Box sx={{ mt: 2 }} role="status">
            <Typography>{t(`import.stage_${stage}`, { name: fileName })}</Typography>
            <LinearProgress sx={{ mt: 1 }} />
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </Paper>
      {result && <ResolvePreview key={fileName + result.lines.length} result={result} busy={busy} onAdd={add} />}
      <AddFailedDialog failed={failed} onClose={clearFailed} />
    </>
  );
}
