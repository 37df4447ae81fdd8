import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { faqFields, type FaqAdmin, type FaqFields } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../lib/forms';
import { useSaveFaq } from './api';
import { AdminList } from './AdminList';
import { ActiveSwitch, type EditorProps, PublishedChip, RichTextControl } from './EditorFields';
import { EditorDialog } from './EditorDialog';

function FaqEditor({ item, onClose, onSaved }: EditorProps<FaqAdmin>) {
  const { t } = useTranslation('contentAdmin');
  const save = useSaveFaq();
  const form = useForm<FaqFields>({
    resolver: zodResolver(faqFields) as never,
    defaultValues: item
      ? { question: item.question, answer: item.answer, sort: item.sort, active: item.active }
      : { question: '', answer: '', sort: 500, active: true },
  });
  const errors = form.formState.errors;
  return (
    <EditorDialog
      title={item ? item.question : t('faq.new')}
      form={form}
      onClose={onClose}
      onSaved={onSaved}
      save={(fields) => save.mutateAsync({ id: item?.id, fields })}
    >
      <TextField
        label={t('faq.question')}
        required
        multiline
        {...form.register('question')}
        error={Boolean(errors.question)}
        helperText={fieldMessage(errors.question)}
        sx={{ mt: 1 }}
      />
      <RichTextControl form={form} name="answer" label={t('faq.answer')} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          label={t('faq.sort')}
          type="number"
          {...form.register('sort', { valueAsNumber: true })}
          error={Boolean(errors.sort)}
          helperText={fieldMessage(errors.sort)}
        />
        <ActiveSwitch form={form} label={t('faq.active')} />
      </Box>
    </EditorDialog>
  );
}

/** Questions and answers of /question/. */
export default function FaqSection() {
  const { t } = useTranslation('contentAdmin');
  return (
    <AdminList<FaqAdmin>
      list="faq/admin-list"
      remove="faq/delete"
      nameOf={(f) => f.question}
      columns={[
        { label: t('faq.sort'), wide: true, render: (f) => f.sort },
        { label: t('faq.question'), render: (f) => f.question },
        {
          label: t('faq.active'),
          render: (f) => <PublishedChip active={f.active} />,
        },
      ]}
      editor={(props) => <FaqEditor {...props} />}
    />
  );
}
