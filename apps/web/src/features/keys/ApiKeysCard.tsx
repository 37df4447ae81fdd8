import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApiKey, ApiKeyScope } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LocalPagination, useListPaging } from '../../components/ListPagination';
import { ErrorState, Loading } from '../../components/States';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { apiKeyListQuery, useCreateApiKey, useRevokeApiKey } from './api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton, SecretField } from '../../components/SecretShownOnce';

const SIZES = [10, 20, 50] as const;

/**
 * The profile's «Ключи API» (decision 210): the user's keys for their own systems, a new key shown once,
 * revoking after a confirmation. With `userId`, staff see and revoke that dealer's keys.
 */
export default function ApiKeysCard({ userId }: { userId?: number }) {
  const { t } = useTranslation('keys');
  const paging = useListPaging(SIZES);
  const { page, size } = paging;
  const list = useQuery(apiKeyListQuery(page, size, userId));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();

  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }} aria-labelledby="api-keys">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, justifyContent: 'space-between' }}>
        <Typography variant="h2" id="api-keys">
          {t('title')}
        </Typography>
        {!userId && (
          <Button variant="outlined" onClick={() => setCreating(true)} sx={{ alignSelf: { xs: 'flex-start' } }}>
            {t('create')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('hint')}{' '}
        <Link component={RouterLink} to="/api/">
          {t('reference')}
        </Link>
      </Typography>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.count === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('empty')}
        </Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('name')}</TableCell>
                  <TableCell>{t('scope')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('created')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('lastUsed')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }} align="right">
                    {t('calls')}
                  </TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((key) => (
                  <TableRow key={key.id}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
                        {key.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                        {key.prefix}…
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                        {' · '}
                        {key.lastUsedAt ? formatDate(key.lastUsedAt, true) : t('never')}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={t(`scopes.${key.scope}`)} />
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {formatDate(key.dateCreate)}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {key.lastUsedAt ? formatDate(key.lastUsedAt, true) : t('never')}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }} align="right">
                      {key.calls}
                    </TableCell>
                    <TableCell align="right">
                      {key.dateRevoke ? (
                        <Typography
                          variant="body2"
                          color="text.secondary"
                          sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}
                        >
                          {t('revokedAt', { date: formatDate(key.dateRevoke) })}
                        </Typography>
                      ) : (
                        <Button
                          color="error"
                          size="small"
                          onClick={() => setRevoking(key)}
                          aria-label={t('revokeNamed', { name: key.name })}
                        >
                          {t('revoke')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <LocalPagination count={list.data.count} paging={paging} />
        </>
      )}
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={t('revokeTitle')}
        text={t('revokeText', { name: revoking?.name ?? '' })}
        confirmLabel={t('revoke')}
        danger
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              notifySuccess(t('revoked'));
            },
          })
        }
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}

function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('keys');
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const create = useCreateApiKey();
  const fields = create.error instanceof RestError ? create.error.fields : {};
  const token = create.data?.token;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ name, scope });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="create-key-title" fullWidth maxWidth="sm">
      <DialogTitle id="create-key-title">{token ? t('createdTitle') : t('createTitle')}</DialogTitle>
      {token ? (
        <>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('shownOnce')}
            </Alert>
            <SecretField label={t('key')} value={token} autoFocus />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('usage')}
            </Typography>
            <Box
              component="pre"
              sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 12, mb: 0 }}
            >
              {`curl -X POST ${window.location.origin}/rest/product/list \\\n  -H 'Authorization: Bearer ${token}' \\\n  -H 'Content-Type: application/json' -d '{"size": 10}'`}
            </Box>
          </DialogContent>
          <DialogActions>
            <CopyButton text={token} label={t('copy')} copied={t('copied')} />
            <Button variant="contained" onClick={onClose}>
              {t('done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            {create.error && !Object.keys(fields).length && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {create.error.message}
              </Alert>
            )}
            <TextField
              label={t('name')}
              helperText={fields.name ?? t('nameHint')}
              error={Boolean(fields.name)}
              value={name}
              onChange={(e) => setName(e.target.value)}
              fullWidth
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: 100 } }}
              sx={{ mb: 2 }}
            />
            <FormLabel id="key-scope">{t('scope')}</FormLabel>
            <RadioGroup
              aria-labelledby="key-scope"
              value={scope}
              onChange={(e) => setScope(e.target.value as ApiKeyScope)}
            >
              <FormControlLabel value="read" control={<Radio />} label={t('scopeRead')} />
              <FormControlLabel value="order" control={<Radio />} label={t('scopeOrder')} />
            </RadioGroup>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              {t('createSubmit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
