import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { pageFields, type PageAdmin, type PageFields } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../lib/forms';
import { useSavePage } from './api';
import { AdminList } from './AdminList';
import { ActiveSwitch, type EditorProps, PublishedChip, RichTextControl } from './EditorFields';
import { EditorDialog } from './EditorDialog';

function PageEditor({ item, onClose, onSaved }: EditorProps<PageAdmin>) {
  const { t } = useTranslation('contentAdmin');
  const save = useSavePage();
  const form = useForm<PageFields>({
    resolver: zodResolver(pageFields) as never,
    defaultValues: item
      ? { url: item.url, title: item.title, content: item.content, active: item.active }
      : { url: '', title: '', content: '', active: true },
  });
  const errors = form.formState.errors;
  return (
    <EditorDialog
      title={item ? item.title : t('page.new')}
      form={form}
      wide
      onClose={onClose}
      onSaved={onSaved}
      save={(fields) => save.mutateAsync({ id: item?.id, fields })}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <TextField
          label={t('page.title')}
          required
          {...form.register('title')}
          error={Boolean(errors.title)}
          helperText={fieldMessage(errors.title)}
        />
        <TextField
          label={t('page.url')}
          required
          {...form.register('url')}
          error={Boolean(errors.url)}
          helperText={fieldMessage(errors.url) ?? t('page.urlHint')}
        />
      </Box>
      <ActiveSwitch form={form} label={t('page.active')} />
      <RichTextControl form={form} name="content" label={t('page.content')} minHeight={260} />
    </EditorDialog>
  );
}

/** Content pages `/{path}` (docs/spec/02-screens.md): shown under «Информация» in the menu. */
export default function PageSection() {
  const { t } = useTranslation('contentAdmin');
  return (
    <AdminList<PageAdmin>
      list="page/admin-list"
      remove="page/delete"
      nameOf={(p) => p.title}
      columns={[
        { label: t('page.title'), render: (p) => p.title },
        {
          label: t('page.url'),
          wide: true,
          render: (p) => (
            <Link href={`/${p.url}`} target="_blank" rel="noopener">
              /{p.url}
            </Link>
          ),
        },
        {
          label: t('page.active'),
          render: (p) => <PublishedChip active={p.active} />,
        },
      ]}
      editor={(props) => <PageEditor {...props} />}
    />
  );
}
