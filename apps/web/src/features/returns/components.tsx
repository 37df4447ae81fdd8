import type { PortalFile, ReturnStatus } from '@portal/contract';
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Close from '@mui/icons-material/Close';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify';
import { uploadFiles } from './api';

type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';
const COLORS = new Set(['default', 'primary', 'secondary', 'error', 'info', 'success', 'warning']);

export function StatusChip({ status }: { status: ReturnStatus }) {
  const color = (COLORS.has(status.color) ? status.color : 'default') as ChipColor;
  return <Chip size="small" color={color} label={status.name} title={status.description} />;
}

/** Thumbnails of photos (previews) and links to other files; each opens in a new tab. */
export function FileList({ files }: { files: PortalFile[] }) {
  const { t } = useTranslation('returns');
  if (files.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {files.map((f) =>
        f.preview ? (
          <Link key={f.id} href={f.src} target="_blank" rel="noopener" aria-label={t('openFile', { name: f.name })}>
            <Box
              component="img"
              src={f.preview}
              alt={f.name}
              sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
            />
          </Link>
        ) : (
          <Chip
            key={f.id}
            icon={<InsertDriveFile />}
            label={f.name}
            component="a"
            href={f.src}
            clickable
            variant="outlined"
          />
        ),
      )}
    </Box>
  );
}

/** Picks and uploads photos at once; the parent keeps the uploaded files. */
export function PhotoPicker({ value, onChange }: { value: PortalFile[]; onChange: (files: PortalFile[]) => void }) {
  const { t } = useTranslation('returns');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (list: FileList | null) => {
    if (!list || list.length === 0) return;
    setBusy(true);
    try {
      const { items } = await uploadFiles(Array.from(list));
      onChange([...value, ...items]);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
        {t('photos.hint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {value.map((f) => (
          <Chip
            key={f.id}
            label={f.name}
            onDelete={() => onChange(value.filter((x) => x.id !== f.id))}
            deleteIcon={<Close aria-label={t('photos.remove', { name: f.name })} />}
          />
        ))}
        <Button
          component="label"
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} /> : <AddPhotoAlternate />}
          disabled={busy}
        >
          {t('photos.add')}
          <input
            ref={input}
            hidden
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,application/pdf"
            data-testid="photo-input"
            onChange={(e) => void pick(e.target.files)}
          />
        </Button>
      </Box>
    </Box>
  );
}

export function IconClose({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <IconButton onClick={onClick} aria-label={label} sx={{ position: 'absolute', right: 8, top: 8 }}>
      <Close />
    </IconButton>
  );
}
