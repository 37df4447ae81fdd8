import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../components/States';
import { notifyError, notifySuccess } from '../../lib/notify';
import { noticeSettingsQuery, useSaveNoticeSettings } from './api';

/**
 * The profile's «Уведомления о заказах»: each kind of tidings on or off, in the portal, by e-mail and in the
 * linked Telegram (decision 226) separately. A switch saves at once.
 */
export default function NoticeSettingsCard() {
  const { t } = useTranslation('notices');
  // Three channels of switches fit a phone only small (decision 226 added Telegram).
  const compact = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const settings = useQuery(noticeSettingsQuery);
  const save = useSaveNoticeSettings({ onSuccess: () => notifySuccess(t('settings.saved')), onError: notifyError });
  const toggle = (kind: string, channel: 'notice' | 'email' | 'telegram', value: boolean) => {
    const items = (settings.data?.items ?? []).map((i) => (i.kind === kind ? { ...i, [channel]: value } : i));
    save.mutate(items);
  };
  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }} aria-labelledby="notice-settings">
      <Typography variant="h2" id="notice-settings" sx={{ mb: 1 }}>
        {t('settings.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('settings.hint')}
      </Typography>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('settings.kind')}</TableCell>
                <TableCell align="center">{t('settings.notice')}</TableCell>
                <TableCell align="center">{t('settings.email')}</TableCell>
                <TableCell align="center">{t('settings.telegram')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {settings.data.items.map((item) => (
                <TableRow key={item.kind}>
                  <TableCell>{item.label}</TableCell>
                  {(['notice', 'email', 'telegram'] as const).map((channel) => (
                    <TableCell key={channel} align="center" padding="checkbox" sx={{ px: { xs: 0, sm: 0.5 } }}>
                      <Switch
                        size={compact ? 'small' : 'medium'}
                        checked={item[channel]}
                        disabled={save.isPending}
                        onChange={(e) => toggle(item.kind, channel, e.target.checked)}
                        slotProps={{ input: { 'aria-label': `${item.label}: ${t(`settings.${channel}`)}` } }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
