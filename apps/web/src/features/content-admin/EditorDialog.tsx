import EditIcon from '@mui/icons-material/EditOutlined';
import PreviewIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import type { FieldError, FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { RestError } from '../../lib/rest';

/** A form field's error by its dotted path (`gallery.0.src`). */
export function errorAt(errors: FieldErrors, path: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node as FieldError | undefined;
}

/**
 * The dialog every content editor uses: full screen on a phone, the form's fields, «Сохранить» and
 * «Отмена». A refusal from the server lands on the fields it names (`fields.title` → `title`). With
 * `preview`, «Предпросмотр» shows the values as the site will (decision 190); the fields stay mounted.
 */
export function EditorDialog<V extends FieldValues>({
  title,
  form,
  save,
  onClose,
  onSaved,
  children,
  wide = false,
  preview,
}: {
  title: string;
  form: UseFormReturn<V>;
  save: (values: V) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
  children: ReactNode;
  wide?: boolean;
  /** What the site will show of the current values. */
  preview?: (values: V) => ReactNode;
}) {
  const { t } = useTranslation('contentAdmin');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [error, setError] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const submit = async (values: V) => {
    setError('');
    try {
      await save(values);
      notifySuccess(t('content.saved'));
      onSaved();
    } catch (e) {
      let applied = false;
      if (e instanceof RestError) {
        for (const [name, message] of Object.entries(e.fields)) {
          form.setError(name.replace(/^fields\./, '') as Path<V>, { type: 'server', message });
          applied = true;
        }
      }
      setError(applied ? t('content.checkFields') : e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth={wide ? 'lg' : 'md'}
      aria-labelledby="editor-title"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void form.handleSubmit(submit, () => setError(t('content.checkFields')))(e)}
        sx={{ display: 'contents' }}
      >
        <DialogTitle id="editor-title">{title}</DialogTitle>
        <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <Box sx={{ display: previewing ? 'none' : 'contents' }}>{children}</Box>
          {previewing && preview && (
            <Box data-testid="editor-preview" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <Alert severity="info">{t('content.previewHint')}</Alert>
              {preview(form.getValues())}
            </Box>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {preview && (
            <Button
              onClick={() => setPreviewing((v) => !v)}
              aria-pressed={previewing}
              startIcon={previewing ? <EditIcon /> : <PreviewIcon />}
              sx={{ mr: 'auto' }}
            >
              {previewing ? t('content.backToEdit') : t('content.preview')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('common:save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
