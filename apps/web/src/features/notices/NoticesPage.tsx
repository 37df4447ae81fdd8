import { messageCreateInput } from '@portal/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RefText } from '../../components/RefText';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { fieldMessage } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { isStaff, messageListQuery, noticeListQuery, useReadAllNotices, useSendMessage } from './api';
import { useOpenNotice } from './use-open-notice';

const PAGE = 20;

function Notices() {
  const { t } = useTranslation('notices');
  const [page, setPage] = useState(1);
  const list = useQuery(noticeListQuery(page, PAGE));
  const open = useOpenNotice();
  const readAll = useReadAllNotices();
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.count === 0) return <EmptyState title={t('empty')} />;
  return (
    <>
      {list.data.unread > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: 1 }}>
          <Button
            onClick={() =>
              readAll.mutate(undefined, {
                onSuccess: () => notifySuccess(t('readAll.done')),
                onError: notifyError,
              })
            }
            disabled={readAll.isPending}
          >
            {t('readAll.button', { count: list.data.unread })}
          </Button>
        </Box>
      )}
      <List>
        {list.data.items.map((n) => (
          <ListItemButton
            key={n.id}
            onClick={() => void open(n)}
            data-testid="notice"
            sx={{ borderLeft: 4, borderColor: n.wasRead ? 'transparent' : 'secondary.main', mb: 0.5 }}
          >
            <ListItemText
              primary={n.title}
              secondary={
                <>
                  <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
                    {n.description}
                  </Typography>
                  <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                    {formatDate(n.timestamp, true)}
                    {n.wasRead ? '' : ` · ${t('unread')}`}
                  </Typography>
                </>
              }
              slotProps={{ primary: { sx: { fontWeight: n.wasRead ? 400 : 700, overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        ))}
      </List>
      {list.data.count > PAGE && (
        <Pagination
          count={Math.ceil(list.data.count / PAGE)}
          page={page}
          onChange={(_e, p) => setPage(p)}
          sx={{ p: 2 }}
        />
      )}
    </>
  );
}

function NewMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('notices');
  const sendMessage = useSendMessage();
  const user = useCurrentUser().data;
  const staff = isStaff(user);
  const messages = useQuery(messageListQuery()).data?.items ?? [];
  const dealers = [...new Map(messages.map((m) => [m.dealer.id, m.dealer])).values()];
  const form = useForm({
    resolver: zodResolver(messageCreateInput),
    defaultValues: { message: '' },
  });
  const submit = async (values: { message: string; dealer?: number }) => {
    try {
      await sendMessage.mutateAsync(values);
      notifySuccess(t('messages.sent'));
      form.reset({ message: '' });
      onClose();
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-message-title">
      <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
        <DialogTitle id="new-message-title">{t('messages.new')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {staff && (
            <TextField
              select
              label={t('messages.dealer')}
              defaultValue=""
              {...form.register('dealer', { setValueAs: (v: string) => (v ? Number(v) : undefined) })}
            >
              {dealers.map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={t('messages.text')}
            multiline
            minRows={4}
            autoFocus
            {...form.register('message')}
            error={Boolean(form.formState.errors.message)}
            helperText={fieldMessage(form.formState.errors.message)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('messages.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function Messages() {
  const { t } = useTranslation('notices');
  const list = useQuery(messageListQuery());
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Box sx={{ p: 2, display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setOpen(true)}>
          {t('messages.new')}
        </Button>
      </Box>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.count === 0 ? (
        <EmptyState title={t('messages.empty')} />
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, p: 2 }}>
          {list.data.items.map((m) => (
            <Paper
              key={m.id}
              variant="outlined"
              sx={{ p: 1.5, bgcolor: m.author?.isStaff ? 'action.hover' : 'background.paper' }}
              data-testid="message"
            >
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {m.author?.name ?? t('messages.system')} · {formatDate(m.dateCreate, true)}
                {m.author?.isStaff && m.dealer.id !== m.author.id ? ` → ${m.dealer.name}` : ''}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <RefText text={m.message} />
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
      <NewMessageDialog open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}

/** /notice/: notices (opening one marks it read) and the conversation with the supplier. */
export default function NoticesPage() {
  const { t } = useTranslation('notices');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'messages' ? 'messages' : 'notices';
  return (
    <Box>
      <PageHeader title={t('title')} />
      <Paper>
        <Tabs value={tab} onChange={(_e, v: string) => setParams(v === 'messages' ? { tab: v } : {})}>
          <Tab value="notices" label={t('tabs.notices')} />
          <Tab value="messages" label={t('tabs.messages')} />
        </Tabs>
        {tab === 'notices' ? <Notices /> : <Messages />}
      </Paper>
    </Box>
  );
}
