import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ProductArrivals } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { num } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { arrivalStoresQuery, useUpdateArrivals } from './api';

interface Row {
  date: string;
  quantity: string;
  /** A warehouse id, or '' for none. */
  store: string;
}
type RowErrors = Partial<Record<keyof Row, string>>;

/** ДД.ММ.ГГГГ of an ISO date, without a time zone's shift. */
const ddmmyyyy = (iso: string) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '');
const quantityOf = (text: string) => Number(text.trim().replace(',', '.'));

/**
 * The back office's editor of a product's expected arrivals (decision 207): the rows set by hand (`MANUAL`),
 * replaced as a whole by «Сохранить»; 1C's rows are shown, not edited (only an exchange changes them). A row
 * is checked here before the call, and the server's field messages land on their row; removing a filled row
 * is confirmed first.
 */
export function ArrivalsEditor({
  article,
  arrivals,
  onClose,
}: {
  article: string;
  arrivals: ProductArrivals;
  onClose: () => void;
}) {
  const { t } = useTranslation('arrivals');
  const phone = useMediaQuery('(max-width:599.95px)');
  const stores = useQuery(arrivalStoresQuery()).data?.items ?? [];
  const update = useUpdateArrivals();
  const [rows, setRows] = useState<Row[]>(() =>
    arrivals.arrivals
      .filter((a) => a.source === 'MANUAL')
      .map((a) => ({ date: a.date, quantity: String(a.quantity), store: a.store === null ? '' : String(a.store) })),
  );
  const [errors, setErrors] = useState<RowErrors[]>([]);
  const [failure, setFailure] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);
  const fromOneC = arrivals.arrivals.filter((a) => a.source === '1C');
  const storeName = (id: string) => stores.find((s) => String(s.id) === id)?.name ?? t('editor.noStore');

  const set = (i: number, patch: Partial<Row>) => {
    setRows((rs) => rs.map((x, k) => (k === i ? { ...x, ...patch } : x)));
    setErrors((es) =>
      es.map((e, k) => (k === i ? { ...e, ...Object.fromEntries(Object.keys(patch).map((f) => [f, undefined])) } : e)),
    );
  };
  const remove = (i: number) => {
    setRows((rs) => rs.filter((_x, k) => k !== i));
    setErrors((es) => es.filter((_x, k) => k !== i));
  };

  const check = (): RowErrors[] =>
    rows.map((r) => {
      const e: RowErrors = {};
      if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date)) e.date = t('editor.dateRequired');
      const q = quantityOf(r.quantity);
      if (r.quantity.trim() === '' || !Number.isFinite(q) || q <= 0) e.quantity = t('editor.quantityInvalid');
      return e;
    });

  const save = () => {
    const found = check();
    setErrors(found);
    setFailure('');
    if (found.some((e) => Object.keys(e).length > 0)) return;
    update.mutate(
      {
        id: arrivals.product,
        arrivals: rows.map((r) => ({
          date: r.date,
          quantity: quantityOf(r.quantity),
          store: r.store === '' ? null : Number(r.store),
        })),
      },
      {
        onSuccess: () => {
          notifySuccess(t('editor.saved'));
          onClose();
        },
        onError: (err) => {
          // The server's field messages name the row: `arrivals.2.store`.
          const byRow: RowErrors[] = rows.map(() => ({}));
          const other: string[] = [];
          if (err instanceof RestError)
            for (const [name, text] of Object.entries(err.fields)) {
              const m = /^arrivals\.(\d+)\.(date|quantity|store)$/.exec(name);
              const row = m ? byRow[Number(m[1])] : undefined;
              if (row && m) row[m[2] as keyof Row] = text;
              else other.push(text);
            }
          setErrors(byRow);
          setFailure([err.message, ...other].join(' · '));
        },
      },
    );
  };

  const asked = removing === null ? undefined : rows[removing];
  return (
    <>
      <Dialog
        open
        onClose={update.isPending ? undefined : onClose}
        fullScreen={phone}
        fullWidth
        maxWidth="sm"
        aria-labelledby="arrivals-editor-title"
      >
        <DialogTitle id="arrivals-editor-title">{t('editor.title', { article })}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('editor.hint')}
          </Typography>
          {fromOneC.length > 0 && (
            <Typography variant="body2" sx={{ mb: 2 }} data-testid="arrivals-1c">
              {t('editor.fromOneC', {
                list: fromOneC
                  .map((a) => `${num(a.quantity)} — ${ddmmyyyy(a.date)}${a.storeName ? ` (${a.storeName})` : ''}`)
                  .join('; '),
              })}
            </Typography>
          )}
          {rows.length === 0 && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('editor.none')}
            </Typography>
          )}
          {rows.map((row, i) => (
            <Box
              key={i}
              data-testid="arrival-row"
              sx={{
                display: 'grid',
                gap: 1,
                mb: 2,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr 1fr auto', sm: '1.3fr 0.9fr 1.6fr auto' },
              }}
            >
              <TextField
                size="small"
                type="date"
                label={t('editor.date')}
                value={row.date}
                error={Boolean(errors[i]?.date)}
                helperText={errors[i]?.date}
                onChange={(e) => set(i, { date: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                size="small"
                label={t('editor.quantity')}
                value={row.quantity}
                error={Boolean(errors[i]?.quantity)}
                helperText={errors[i]?.quantity}
                onChange={(e) => set(i, { quantity: e.target.value })}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                size="small"
                select
                label={t('editor.store')}
                value={row.store}
                error={Boolean(errors[i]?.store)}
                helperText={errors[i]?.store}
                onChange={(e) => set(i, { store: e.target.value })}
                sx={{ gridColumn: { xs: '1 / 3', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('editor.noStore')}</MenuItem>
                {stores.map((s) => (
                  <MenuItem key={s.id} value={String(s.id)}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton
                aria-label={t('editor.remove', { date: ddmmyyyy(row.date) || i + 1 })}
                onClick={() => (row.date || row.quantity.trim() ? setRemoving(i) : remove(i))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
          ))}
          <Button
            startIcon={<AddIcon />}
            onClick={() => {
              setRows((rs) => [...rs, { date: '', quantity: '', store: '' }]);
              setErrors((es) => [...es, {}]);
            }}
          >
            {t('editor.add')}
          </Button>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            {t('editor.cancel')}
          </Button>
          <Button variant="contained" onClick={save} disabled={update.isPending}>
            {t('editor.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('editor.confirmTitle')}
        text={
          asked
            ? t('editor.confirmText', {
                quantity: asked.quantity || '—',
                date: ddmmyyyy(asked.date) || '—',
                store: storeName(asked.store),
              })
            : ''
        }
        confirmLabel={t('editor.confirm')}
        danger
        onConfirm={() => {
          if (removing !== null) remove(removing);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
