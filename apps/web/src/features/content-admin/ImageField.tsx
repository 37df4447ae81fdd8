import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ContentImage } from '@portal/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPicture } from './api';

/** Uploads one picture for a content field: its public address and size (`content-image/upload`). */

function UploadButton({ onUploaded, label }: { onUploaded: (image: ContentImage) => void; label: string }) {
  const { t } = useTranslation('contentAdmin');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      onUploaded(await uploadPicture(file));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box>
      <Button component="label" variant="outlined" size="small" startIcon={<UploadIcon />} disabled={busy}>
        {busy ? t('image.uploading') : t('image.upload')}
        <input
          ref={input}
          hidden
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label={`${label}: ${t('image.upload')}`}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </Button>
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

/** A setting's image as an address (logo, stamp): typed in, or uploaded. */
export function ImageField({
  label,
  value,
  onChange,
  error,
  helper,
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  helper?: string;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('contentAdmin');
  const id = useId();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', ...sx }}>
      <Box
        sx={{
          width: 96,
          height: 64,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          flexShrink: 0,
        }}
      >
        {value ? (
          <img src={value} alt={t('image.preview', { label })} style={{ maxWidth: '100%', maxHeight: '100%' }} />
        ) : (
          <Typography variant="caption" color="text.secondary">
            {t('image.none')}
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: '1 1 220px', display: 'grid', gap: 1 }}>
        <TextField
          id={id}
          label={label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? helper}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <UploadButton label={label} onUploaded={(image) => onChange(image.src)} />
          {value && (
            <Button size="small" onClick={() => onChange('')}>
              {t('image.remove')}
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** A content picture `{src, width, height}` or none: uploaded, previewed, removed. */
export function PictureField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: ContentImage | null;
  onChange: (value: ContentImage | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('contentAdmin');
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 160,
            height: 100,
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          {value ? (
            <img
              src={value.src}
              alt={t('image.preview', { label })}
              width={value.width}
              height={value.height}
              style={{ maxWidth: '100%', maxHeight: '100%', width: 'auto', height: 'auto' }}
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('image.none')}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <UploadButton label={label} onUploaded={onChange} />
          {value && (
            <Button size="small" onClick={() => onChange(null)}>
              {t('image.remove')}
            </Button>
          )}
        </Box>
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
