import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';

/** A short list of strings (phones, e-mails): one field each, added and removed. */
export function StringListField({
  label,
  addLabel,
  value,
  onChange,
  errorOf,
  type = 'text',
}: {
  label: string;
  addLabel: string;
  value: string[];
  onChange: (value: string[]) => void;
  errorOf: (index: number) => string | undefined;
  type?: string;
}) {
  const { t } = useTranslation('contentAdmin');
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1 }}>
        {value.map((v, i) => (
          <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              type={type}
              fullWidth
              value={v}
              label={`${label} ${i + 1}`}
              onChange={(e) => onChange(value.map((x, j) => (j === i ? e.target.value : x)))}
              error={Boolean(errorOf(i))}
              helperText={errorOf(i)}
            />
            <IconButton
              aria-label={t('content.removeItem', { label: `${label} ${i + 1}` })}
              onClick={() => onChange(value.filter((_x, j) => j !== i))}
            >
              <CloseIcon />
            </IconButton>
          </Box>
        ))}
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...value, ''])}>
            {addLabel}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
