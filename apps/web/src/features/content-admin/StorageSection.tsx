import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { storageFields, type StorageAdmin, type StorageFields } from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../lib/forms';
import { useSaveStorage } from './api';
import { AdminList } from './AdminList';
import { ActiveSwitch, type EditorProps, PictureControl, PublishedChip, RichTextControl } from './EditorFields';
import { EditorDialog, errorAt } from './EditorDialog';
import { PictureField } from './ImageField';
import { StringListField } from './ListField';

const EMPTY: StorageFields = {
  name: '',
  address: '',
  lat: null,
  lon: null,
  working: '',
  description: '',
  phones: [],
  emails: [],
  preview: null,
  gallery: [],
  scheme: null,
  sort: 500,
  active: true,
};

function StorageEditor({ item, onClose, onSaved }: EditorProps<StorageAdmin>) {
  const { t } = useTranslation('contentAdmin');
  const save = useSaveStorage();
  const form = useForm<StorageFields>({
    resolver: zodResolver(storageFields) as never,
    defaultValues: item
      ? {
          name: item.name,
          address: item.address,
          lat: item.lat,
          lon: item.lon,
          working: item.working,
          description: item.description,
          phones: item.phones,
          emails: item.emails,
          preview: item.preview,
          gallery: item.gallery,
          scheme: item.scheme,
          sort: item.sort,
          active: item.active,
        }
      : EMPTY,
  });
  const errors = form.formState.errors;
  const msg = (path: string) => fieldMessage(errorAt(errors, path));
  const coordinate = (name: 'lat' | 'lon') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          label={t(`storage.${name}`)}
          type="number"
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
          error={Boolean(errorAt(errors, name))}
          helperText={msg(name)}
          slotProps={{ htmlInput: { step: 'any' }, inputLabel: { shrink: true } }}
        />
      )}
    />
  );
  return (
    <EditorDialog
      title={item ? item.name : t('storage.new')}
      form={form}
      wide
      onClose={onClose}
      onSaved={onSaved}
      save={(fields) => save.mutateAsync({ id: item?.id, fields })}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <TextField
          label={t('storage.name')}
          required
          {...form.register('name')}
          error={Boolean(errors.name)}
          helperText={msg('name')}
        />
        <TextField
          label={t('storage.sort')}
          type="number"
          {...form.register('sort', { valueAsNumber: true })}
          error={Boolean(errors.sort)}
          helperText={msg('sort') ?? t('storage.sortHint')}
        />
        <TextField
          label={t('storage.address')}
          {...form.register('address')}
          error={Boolean(errors.address)}
          helperText={msg('address')}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        {coordinate('lat')}
        {coordinate('lon')}
        <TextField
          label={t('storage.working')}
          {...form.register('working')}
          error={Boolean(errors.working)}
          helperText={msg('working')}
          multiline
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <Controller
          control={form.control}
          name="phones"
          render={({ field }) => (
            <StringListField
              label={t('storage.phone')}
              addLabel={t('storage.addPhone')}
              type="tel"
              value={field.value}
              onChange={field.onChange}
              errorOf={(i) => msg(`phones.${i}`)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="emails"
          render={({ field }) => (
            <StringListField
              label={t('storage.email')}
              addLabel={t('storage.addEmail')}
              type="email"
              value={field.value}
              onChange={field.onChange}
              errorOf={(i) => msg(`emails.${i}`)}
            />
          )}
        />
      </Box>
      <ActiveSwitch form={form} label={t('storage.active')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {(['preview', 'scheme'] as const).map((name) => (
          <PictureControl key={name} form={form} name={name} label={t(`storage.${name}`)} />
        ))}
      </Box>
      <Controller
        control={form.control}
        name="gallery"
        render={({ field }) => (
          <Box>
            <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }}>
              {t('storage.gallery')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {field.value.map((image, i) => (
                <PictureField
                  key={`${image.src.slice(-40)}-${i}`}
                  label={t('storage.photo', { n: i + 1 })}
                  value={image}
                  onChange={(next) =>
                    field.onChange(
                      next ? field.value.map((x, j) => (j === i ? next : x)) : field.value.filter((_x, j) => j !== i),
                    )
                  }
                  error={msg(`gallery.${i}.src`)}
                />
              ))}
              <PictureField
                label={t('storage.addPhoto')}
                value={null}
                onChange={(next) => next && field.onChange([...field.value, next])}
              />
            </Box>
          </Box>
        )}
      />
      <RichTextControl form={form} name="description" label={t('storage.description')} />
      {item && (
        <Box>
          <Button href={`/storage/${item.id}/`} target="_blank" rel="noopener">
            {t('content.open')}
          </Button>
        </Box>
      )}
    </EditorDialog>
  );
}

/** Warehouses: address, coordinates, hours, phones, e-mails, photos, the scheme; shown on /storage/ and as pickup points. */
export default function StorageSection() {
  const { t } = useTranslation('contentAdmin');
  return (
    <AdminList<StorageAdmin>
      list="storage/admin-list"
      remove="storage/delete"
      nameOf={(s) => s.name}
      columns={[
        { label: t('storage.name'), render: (s) => s.name },
        { label: t('storage.address'), wide: true, render: (s) => s.address },
        { label: t('storage.working'), wide: true, render: (s) => s.working },
        {
          label: t('storage.active'),
          render: (s) => <PublishedChip active={s.active} />,
        },
      ]}
      editor={(props) => <StorageEditor {...props} />}
    />
  );
}
