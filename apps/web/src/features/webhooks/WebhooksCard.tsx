import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryState,
  type WebhookEvent,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalPagination, useListPaging } from '../../components/ListPagination';
import { ErrorState, Loading } from '../../components/States';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import {
  deliveryListQuery,
  useCreateWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  webhookListQuery,
} from './api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton, SecretField } from '../../components/SecretShownOnce';

const SIZES = [10, 20, 50] as const;
const STATE_COLOR: Record<WebhookDeliveryState, 'default' | 'success' | 'warning' | 'error'> = {
  queued: 'default',
  ok: 'success',
  retrying: 'warning',
  failed: 'error',
};
const hide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * The profile's «Веб-хуки» (decision 225): the dealer's endpoints, the secret shown once, a test delivery,
 * turning an endpoint off and on, deleting after a confirmation, and the delivery log with each answer.
 */
export default function WebhooksCard() {
  const { t } = useTranslation('webhooks');
  const paging = useListPaging(SIZES);
  const { page, size } = paging;
  const list = useQuery(webhookListQuery(page, size));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const remove = useDeleteWebhook();
  const test = useTestWebhook();

  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }} aria-labelledby="webhooks-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, justifyContent: 'space-between' }}>
        <Typography variant="h2" id="webhooks-title">
          {t('title')}
        </Typography>
        <Button variant="outlined" onClick={() => setCreating(true)} sx={{ alignSelf: { xs: 'flex-start' } }}>
          {t('create')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('hint')}
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
            <Table size="small" aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('url')}</TableCell>
                  <TableCell sx={hide}>{t('lastDelivery')}</TableCell>
                  <TableCell sx={hide}>{t('state')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((hook) => (
                  <TableRow key={hook.id}>
                    <TableCell sx={{ maxWidth: { xs: 150, sm: 360 } }}>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                        {hook.url}
                      </Typography>
                      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                        {hook.events.map((e) => (
                          <Chip key={e} size="small" variant="outlined" label={t(`events.${e}`)} />
                        ))}
                      </Stack>
                      {hook.dateDisabled && (
                        <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
                          {t('disabledByPortal', { date: formatDate(hook.dateDisabled, true), count: hook.failures })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={hide}>
                      {hook.lastDeliveryAt ? (
                        <>
                          {formatDate(hook.lastDeliveryAt, true)}
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                            {hook.lastStatus === null ? t('noAnswer') : t('httpStatus', { status: hook.lastStatus })}
                          </Typography>
                        </>
                      ) : (
                        t('never')
                      )}
                    </TableCell>
                    <TableCell sx={hide}>
                      <ActiveSwitch hook={hook} />
                    </TableCell>
                    <TableCell align="right">
                      <Stack direction={{ xs: 'column', md: 'row' }} spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                        <Box sx={{ display: { sm: 'none' } }}>
                          <ActiveSwitch hook={hook} />
                        </Box>
                        <Button
                          size="small"
                          disabled={test.isPending}
                          onClick={() => test.mutate(hook.id, { onSuccess: () => notifySuccess(t('testSent')) })}
                          aria-label={t('testNamed', { url: hook.url })}
                        >
                          {t('test')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setDeleting(hook)}
                          aria-label={t('deleteNamed', { url: hook.url })}
                        >
                          {t('delete')}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <LocalPagination count={list.data.count} paging={paging} />
          <DeliveryLog />
        </>
      )}
      {creating && <CreateWebhookDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        text={t('deleteText', { url: deleting?.url ?? '' })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notifySuccess(t('deleted'));
            },
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}

/** An endpoint on or off; on again clears the failures that turned it off. */
function ActiveSwitch({ hook }: { hook: Webhook }) {
  const { t } = useTranslation('webhooks');
  const update = useUpdateWebhook();
  return (
    <FormControlLabel
      sx={{ mr: 0 }}
      control={
        <Switch
          checked={hook.active}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ id: hook.id, active: e.target.checked })}
          slotProps={{ input: { 'aria-label': t('activeNamed', { url: hook.url }) } }}
        />
      }
      label={hook.active ? t('on') : t('off')}
    />
  );
}

function DeliveryLog() {
  const { t } = useTranslation('webhooks');
  const paging = useListPaging(SIZES);
  const { page, size } = paging;
  const log = useQuery(deliveryListQuery(page, size));
  const answer = (d: WebhookDelivery) =>
    d.httpStatus !== null ? t('httpStatus', { status: d.httpStatus }) : d.error || '—';
  return (
    <Box component="section" aria-labelledby="webhook-log-title" sx={{ mt: 3 }}>
      <Typography variant="h3" id="webhook-log-title" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('log')}
      </Typography>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.count === 0 ? (
        <Typography color="text.secondary">{t('logEmpty')}</Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('log')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={hide}>{t('time')}</TableCell>
                  <TableCell>{t('event')}</TableCell>
                  <TableCell sx={hide}>{t('url')}</TableCell>
                  <TableCell>{t('result')}</TableCell>
                  <TableCell sx={hide} align="right">
                    {t('attempts')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {log.data.items.map((d) => (
                  <TableRow key={d.id}>
                    <TableCell sx={{ ...hide, whiteSpace: 'nowrap' }}>
                      {formatDate(d.dateDelivered ?? d.dateCreate, true)}
                    </TableCell>
                    <TableCell>
                      {t(`events.${d.event}`, { defaultValue: d.event })}
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: { xs: 'block', sm: 'none' } }}
                      >
                        {formatDate(d.dateDelivered ?? d.dateCreate, true)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ ...hide, maxWidth: 260, wordBreak: 'break-all', fontFamily: 'monospace' }}>
                      {d.url}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={STATE_COLOR[d.state]} label={t(`states.${d.state}`)} />
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {answer(d)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={hide} align="right">
                      {d.attempts}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <LocalPagination count={log.data.count} paging={paging} />
        </>
      )}
    </Box>
  );
}

function CreateWebhookDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const [url, setUrl] = useState('https://');
  const [events, setEvents] = useState<WebhookEvent[]>(['order.status', 'order.shipped']);
  const create = useCreateWebhook();
  const fields = create.error instanceof RestError ? create.error.fields : {};
  const secret = create.data?.secret;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ url: url.trim(), events });
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((now) => (on ? [...now, event] : now.filter((e) => e !== event)));
  return (
    <Dialog open onClose={onClose} aria-labelledby="create-webhook-title" fullWidth maxWidth="sm">
      <DialogTitle id="create-webhook-title">{secret ? t('createdTitle') : t('createTitle')}</DialogTitle>
      {secret ? (
        <>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('shownOnce')}
            </Alert>
            <SecretField label={t('secret')} value={secret} autoFocus />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('verify', {
                signature: WEBHOOK_HEADERS.signature,
                timestamp: WEBHOOK_HEADERS.timestamp,
                event: WEBHOOK_HEADERS.event,
              })}
            </Typography>
          </DialogContent>
          <DialogActions>
            <CopyButton text={secret} label={t('copy')} copied={t('copied')} />
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
              label={t('url')}
              helperText={fields.url ?? t('urlHint')}
              error={Boolean(fields.url)}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              fullWidth
              required
              autoFocus
              type="url"
              slotProps={{ htmlInput: { maxLength: 2000 } }}
              sx={{ mb: 2 }}
            />
            <FormControl component="fieldset" error={Boolean(fields.events)}>
              <FormLabel component="legend">{t('eventsLabel')}</FormLabel>
              <FormGroup>
                {WEBHOOK_EVENTS.map((event) => (
                  <FormControlLabel
                    key={event}
                    control={
                      <Checkbox checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
                    }
                    label={t(`events.${event}`)}
                  />
                ))}
              </FormGroup>
              {fields.events && <FormHelperText>{fields.events}</FormHelperText>}
            </FormControl>
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
