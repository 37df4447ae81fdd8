import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  contactFields,
  departmentFields,
  type ContactAdmin,
  type ContactFields,
  type DepartmentAdmin,
  type DepartmentFields,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../lib/forms';
import { departmentsQuery, useSaveContact, useSaveDepartment } from './api';
import { AdminList } from './AdminList';
import { type EditorProps, PictureControl } from './EditorFields';
import { EditorDialog, errorAt } from './EditorDialog';

/** Every department, for the pickers (a supplier has a handful). */
const useDepartments = () => useQuery(departmentsQuery);

function DepartmentEditor({ item, onClose, onSaved }: EditorProps<DepartmentAdmin>) {
  const { t } = useTranslation('contentAdmin');
  const save = useSaveDepartment();
  const departments = useDepartments();
  const form = useForm<DepartmentFields>({
    resolver: zodResolver(departmentFields) as never,
    defaultValues: item
      ? { name: item.name, parentId: item.parentId, description: item.description, sort: item.sort }
      : { name: '', parentId: 0, description: '', sort: 500 },
  });
  const errors = form.formState.errors;
  return (
    <EditorDialog
      title={item ? item.name : t('department.new')}
      form={form}
      onClose={onClose}
      onSaved={onSaved}
      save={(fields) => save.mutateAsync({ id: item?.id, fields })}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <TextField
          label={t('department.name')}
          required
          {...form.register('name')}
          error={Boolean(errors.name)}
          helperText={fieldMessage(errors.name)}
        />
        <Controller
          control={form.control}
          name="parentId"
          render={({ field }) => (
            <TextField
              select
              label={t('department.parent')}
              value={field.value}
              onChange={(e) => field.onChange(Number(e.target.value))}
              error={Boolean(errors.parentId)}
              helperText={fieldMessage(errors.parentId)}
            >
              <MenuItem value={0}>{t('department.top')}</MenuItem>
              {(departments.data?.items ?? [])
                .filter((d) => d.id !== item?.id)
                .map((d) => (
                  <MenuItem key={d.id} value={d.id}>
                    {d.name}
                  </MenuItem>
                ))}
            </TextField>
          )}
        />
        <TextField
          label={t('department.description')}
          multiline
          {...form.register('description')}
          error={Boolean(errors.description)}
          helperText={fieldMessage(errors.description)}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <TextField
          label={t('department.sort')}
          type="number"
          {...form.register('sort', { valueAsNumber: true })}
          error={Boolean(errors.sort)}
          helperText={fieldMessage(errors.sort)}
        />
      </Box>
    </EditorDialog>
  );
}

/** Departments of /contacts/: a tree by parent. */
export function DepartmentSection() {
  const { t } = useTranslation('contentAdmin');
  const departments = useDepartments();
  const nameOf = (id: number) => departments.data?.items.find((d) => d.id === id)?.name ?? '';
  return (
    <AdminList<DepartmentAdmin>
      list="departments/admin-list"
      remove="departments/delete"
      nameOf={(d) => d.name}
      columns={[
        { label: t('department.name'), render: (d) => d.name },
        { label: t('department.parent'), wide: true, render: (d) => (d.parentId ? nameOf(d.parentId) : '—') },
        { label: t('department.contacts'), render: (d) => d.contacts },
      ]}
      editor={(props) => <DepartmentEditor {...props} />}
    />
  );
}

function ContactEditor({ item, onClose, onSaved }: EditorProps<ContactAdmin>) {
  const { t } = useTranslation('contentAdmin');
  const save = useSaveContact();
  const departments = useDepartments();
  const form = useForm<ContactFields>({
    resolver: zodResolver(contactFields) as never,
    defaultValues: item
      ? {
          name: item.name,
          jobTitle: item.jobTitle,
          phone: item.phone,
          email: item.email,
          departmentId: item.departmentId,
          img: item.img,
          sort: item.sort,
        }
      : {
          name: '',
          jobTitle: '',
          phone: '',
          email: '',
          departmentId: departments.data?.items[0]?.id ?? 0,
          img: null,
          sort: 500,
        },
  });
  const errors = form.formState.errors;
  const msg = (path: string) => fieldMessage(errorAt(errors, path));
  return (
    <EditorDialog
      title={item ? item.name : t('contact.new')}
      form={form}
      onClose={onClose}
      onSaved={onSaved}
      save={(fields) => save.mutateAsync({ id: item?.id, fields })}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <TextField
          label={t('contact.name')}
          required
          {...form.register('name')}
          error={Boolean(errors.name)}
          helperText={msg('name')}
        />
        <TextField
          label={t('contact.jobTitle')}
          {...form.register('jobTitle')}
          error={Boolean(errors.jobTitle)}
          helperText={msg('jobTitle')}
        />
        <TextField
          label={t('contact.phone')}
          type="tel"
          {...form.register('phone')}
          error={Boolean(errors.phone)}
          helperText={msg('phone')}
        />
        <TextField
          label={t('contact.email')}
          type="email"
          {...form.register('email')}
          error={Boolean(errors.email)}
          helperText={msg('email')}
        />
        <Controller
          control={form.control}
          name="departmentId"
          render={({ field }) => (
            <TextField
              select
              required
              label={t('contact.department')}
              value={field.value || ''}
              onChange={(e) => field.onChange(Number(e.target.value))}
              error={Boolean(errors.departmentId)}
              helperText={msg('departmentId')}
            >
              {(departments.data?.items ?? []).map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label={t('contact.sort')}
          type="number"
          {...form.register('sort', { valueAsNumber: true })}
          error={Boolean(errors.sort)}
          helperText={msg('sort')}
        />
      </Box>
      <PictureControl form={form} name="img" label={t('contact.img')} />
    </EditorDialog>
  );
}

/** People of /contacts/, each in a department. */
export default function ContactsSection() {
  const { t } = useTranslation('contentAdmin');
  const departments = useDepartments();
  const nameOf = (id: number) => departments.data?.items.find((d) => d.id === id)?.name ?? '';
  return (
    <AdminList<ContactAdmin>
      list="contacts/admin-list"
      remove="contacts/delete"
      nameOf={(c) => c.name}
      columns={[
        { label: t('contact.name'), render: (c) => c.name },
        { label: t('contact.jobTitle'), wide: true, render: (c) => c.jobTitle },
        { label: t('contact.department'), wide: true, render: (c) => nameOf(c.departmentId) },
        { label: t('contact.phone'), render: (c) => c.phone },
      ]}
      editor={(props) => <ContactEditor {...props} />}
    />
  );
}
