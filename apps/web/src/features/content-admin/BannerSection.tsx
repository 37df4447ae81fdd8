import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { bannerFields, type BannerAdmin, type BannerFields } from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../lib/forms';
import { formatDate } from '../../lib/format';
import { useSaveBanner } from './api';
import { AdminList } from './AdminList';
import { ActiveSwitch, type EditorProps, PictureControl, PublishedChip } from './EditorFields';
import { EditorDialog, errorAt } from './EditorDialog';

function BannerEditor({ item, onClose, onSaved }: EditorProps<BannerAdmin>) {
  const { t } = useTranslation('contentAdmin');
  const save = useSaveBanner();
  const form = useForm<BannerFields>({
    resolver: zodResolver(bannerFields) as never,
    defaultValues: item
      ? {
          name: item.name,
          text: item.text,
          link: item.link,
          img: item.img,
          sort: item.sort,
          active: item.active,
          activeFrom: item.activeFrom,
          activeTo: item.activeTo,
        }
      : { name: '', text: '', link: '', img: null, sort: 500, active: true, activeFrom: null, activeTo: null },
  });
  const errors = form.formState.errors;
  const msg = (path: string) => fieldMessage(errorAt(errors, path));
  const dateField = (name: 'activeFrom' | 'activeTo') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          label={t(`banner.${name}`)}
          type="date"
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
          error={Boolean(errorAt(errors, name))}
          helperText={msg(name) ?? t(`banner.${name}Hint`)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );
  return (
    <EditorDialog
      title={item ? item.name : t('banner.new')}
      form={form}
      onClose={onClose}
      onSaved={onSaved}
      save={(fields) => save.mutateAsync({ id: item?.id, fields })}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <TextField
          label={t('banner.name')}
          required
          {...form.register('name')}
          error={Boolean(errors.name)}
          helperText={msg('name')}
        />
        <TextField
          label={t('banner.link')}
          {...form.register('link')}
          error={Boolean(errors.link)}
          helperText={msg('link') ?? t('banner.linkHint')}
        />
        <TextField
          label={t('banner.text')}
          {...form.register('text')}
          multiline
          error={Boolean(errors.text)}
          helperText={msg('text')}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        {dateField('activeFrom')}
        {dateField('activeTo')}
        <TextField
          label={t('banner.sort')}
          type="number"
          {...form.register('sort', { valueAsNumber: true })}
          error={Boolean(errors.sort)}
          helperText={msg('sort') ?? t('banner.sortHint')}
        />
        <ActiveSwitch form={form} label={t('banner.active')} />
      </Box>
      <PictureControl form={form} name="img" label={t('banner.img')} />
    </EditorDialog>
  );
}

const period = (b: BannerAdmin) =>
  b.activeFrom || b.activeTo
    ? `${b.activeFrom ? formatDate(b.activeFrom) : '…'} – ${b.activeTo ? formatDate(b.activeTo) : '…'}`
    : '';

/** Banners of the dashboard: picture, link, order, active period. */
export default function BannerSection() {
  const { t } = useTranslation('contentAdmin');
  return (
    <AdminList<BannerAdmin>
      list="banner/admin-list"
      remove="banner/delete"
      nameOf={(b) => b.name}
      columns={[
        { label: t('banner.sort'), wide: true, render: (b) => b.sort },
        { label: t('banner.name'), render: (b) => b.name },
        { label: t('banner.period'), wide: true, render: period },
        {
          label: t('banner.active'),
          render: (b) => <PublishedChip active={b.active} />,
        },
      ]}
      editor={(props) => <BannerEditor {...props} />}
    />
  );
}
