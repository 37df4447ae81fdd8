import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PRICE_LIST_MAIL_CONTENTS,
  PRICE_LIST_MAIL_FORMATS,
  PRICE_LIST_MAIL_SCHEDULES,
  type PriceListMail,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../components/States';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { priceListMailQuery, useSavePriceListMail, type PriceListMailInput } from './api';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The scheduled price-list e-mail (decision 219): daily or weekly, the whole list or the changes, .xlsx or .csv. */
export function PriceListMailSettings() {
  const { t } = useTranslation('catalog');
  const current = useQuery(priceListMailQuery());
  if (current.isPending) return <Loading />;
  if (current.isError) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  return <MailForm key={JSON.stringify(current.data)} saved={current.data} title={t('priceList.mail')} />;
}

function MailForm({ saved, title }: { saved: PriceListMail; title: string }) {
  const { t } = useTranslation('catalog');
  const [form, setForm] = useState<PriceListMailInput>({
    schedule: saved.schedule,
    weekday: saved.weekday,
    content: saved.content,
    format: saved.format,
  });
  const save = useSavePriceListMail();
  const off = form.schedule === 'off';
  const set = <K extends keyof PriceListMailInput>(key: K, value: PriceListMailInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  return (
    <Box component="section" sx={{ mt: 3 }} aria-labelledby="price-list-mail">
      <Typography variant="h3" id="price-list-mail" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('priceList.mailHint', { email: saved.email })}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' } }}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(form, { onSuccess: () => notifySuccess(t('priceList.mailSaved')) });
        }}
      >
        <TextField
          select
          size="small"
          label={t('priceList.mailSchedule')}
          value={form.schedule}
          onChange={(e) => set('schedule', e.target.value as PriceListMailInput['schedule'])}
          sx={{ minWidth: 160, flex: { md: 1 } }}
        >
          {PRICE_LIST_MAIL_SCHEDULES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`priceList.mailSchedules.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {form.schedule === 'weekly' && (
          <TextField
            select
            size="small"
            label={t('priceList.mailWeekday')}
            value={form.weekday}
            onChange={(e) => set('weekday', Number(e.target.value))}
            sx={{ minWidth: 140, flex: { md: 1 } }}
          >
            {WEEKDAYS.map((d) => (
              <MenuItem key={d} value={d}>
                {t(`priceList.mailWeekdays.${d}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          size="small"
          label={t('priceList.mailContent')}
          value={form.content}
          disabled={off}
          onChange={(e) => set('content', e.target.value as PriceListMailInput['content'])}
          sx={{ minWidth: 160, flex: { md: 1 } }}
        >
          {PRICE_LIST_MAIL_CONTENTS.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`priceList.mailContents.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('priceList.mailFormat')}
          value={form.format}
          disabled={off}
          onChange={(e) => set('format', e.target.value as PriceListMailInput['format'])}
          sx={{ minWidth: 140, flex: { md: 1 } }}
        >
          {PRICE_LIST_MAIL_FORMATS.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`priceList.formats.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={save.isPending} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {t('priceList.mailSave')}
        </Button>
      </Stack>
      {!off && form.content === 'changes' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('priceList.mailChangesHint')}
        </Typography>
      )}
      {saved.lastSentAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('priceList.mailLast', { date: formatDate(saved.lastSentAt, true) })}
        </Typography>
      )}
    </Box>
  );
}
