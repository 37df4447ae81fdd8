import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Machine } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalPagination, useListPaging } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { notifySuccess } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { machineLabel } from './labels';
import { machineModelsQuery, machinesQuery, useCreateMachine, useDeleteMachine, useUpdateMachine } from './api';
import { ConfirmDialog } from '../../components/ConfirmDialog';

const SIZES = [20, 50, 100] as const;

/**
 * «Моя техника» (decision 208): the dealer's machines — model from the catalogue, serial number or VIN, year,
 * own name — added, changed and removed (after a confirmation) here; the catalogue and checkout use them.
 */
export default function MachinesPage() {
  const { t } = useTranslation('machines');
  const list = useQuery(machinesQuery());
  const paging = useListPaging(SIZES);
  const { page, size } = paging;
  const [editing, setEditing] = useState<Machine | 'new' | null>(null);
  const [removing, setRemoving] = useState<Machine | null>(null);
  const remove = useDeleteMachine();
  const rows = list.data?.items.slice((page - 1) * size, page * size) ?? [];

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 820 }}>
        {t('hint')}
      </Typography>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.count === 0 ? (
        <EmptyState title={t('empty')}>
          <Button variant="outlined" onClick={() => setEditing('new')} sx={{ mt: 1 }}>
            {t('add')}
          </Button>
        </EmptyState>
      ) : (
        <Paper sx={{ minWidth: 0 }}>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('name')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('model')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('serial')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('year')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((m) => (
                  <TableRow key={m.id} data-testid="machine-row">
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
                        {machineLabel(m)}
                      </Typography>
                      {/* On a phone the model, serial and year go under the name. */}
                      <Typography variant="caption" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                        {[m.name ? m.model : '', m.serial, m.year ?? ''].filter(Boolean).join(' · ')}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{m.model}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace' }}>
                      {m.serial || '—'}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{m.year ?? '—'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        onClick={() => setEditing(m)}
                        aria-label={t('editNamed', { name: machineLabel(m) })}
                      >
                        {t('edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setRemoving(m)}
                        aria-label={t('deleteNamed', { name: machineLabel(m) })}
                      >
                        {t('delete')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <LocalPagination count={list.data.count} paging={paging} />
        </Paper>
      )}
      {editing && <MachineDialog machine={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={t('deleteTitle')}
        text={t('deleteText', { name: removing ? machineLabel(removing) : '' })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              notifySuccess(t('deleted'));
            },
          })
        }
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

/** Adding or changing a machine: the model from the catalogue's list, the rest typed; Enter saves. */
function MachineDialog({ machine, onClose }: { machine: Machine | null; onClose: () => void }) {
  const { t } = useTranslation('machines');
  const models = useQuery(machineModelsQuery());
  const [model, setModel] = useState<string | null>(machine?.model ?? null);
  const [serial, setSerial] = useState(machine?.serial ?? '');
  const [year, setYear] = useState(machine?.year ? String(machine.year) : '');
  const [name, setName] = useState(machine?.name ?? '');
  const create = useCreateMachine();
  const update = useUpdateMachine();
  const saving = machine ? update : create;
  const fields = saving.error instanceof RestError ? saving.error.fields : {};
  const generalError = saving.error && Object.keys(fields).length === 0 ? saving.error.message : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { name, model: model ?? '', serial, year: year.trim() ? Number(year) : null };
    const done = {
      onSuccess: () => {
        notifySuccess(t('saved'));
        onClose();
      },
    };
    if (machine) update.mutate({ id: machine.id, ...input }, done);
    else create.mutate(input, done);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="machine-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="machine-dialog-title">{machine ? t('editTitle') : t('createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Autocomplete
              options={models.data?.items ?? []}
              loading={models.isPending}
              value={model}
              onChange={(_e, v) => setModel(v)}
              noOptionsText={t('noModels')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('model')}
                  required
                  autoFocus
                  error={Boolean(fields.model)}
                  helperText={fields.model || t('modelHint')}
                />
              )}
            />
            <TextField
              label={t('serial')}
              value={serial}
              onChange={(e) => setSerial(e.target.value)}
              error={Boolean(fields.serial)}
              helperText={fields.serial || t('serialHint')}
              slotProps={{ htmlInput: { maxLength: 50, style: { textTransform: 'uppercase' } } }}
            />
            <TextField
              label={t('year')}
              value={year}
              onChange={(e) => setYear(e.target.value.replace(/\D/g, '').slice(0, 4))}
              error={Boolean(fields.year)}
              helperText={fields.year}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label={t('name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={t('namePlaceholder')}
              error={Boolean(fields.name)}
              helperText={fields.name}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            {generalError && (
              <Typography color="error" role="alert">
                {generalError}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving.isPending}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
