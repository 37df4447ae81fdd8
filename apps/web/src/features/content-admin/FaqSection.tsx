import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { faqFields, type FaqAdmin, type FaqFields } from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../lib/forms';
import { rest } from '../../lib/rest';
import { AdminList } from './AdminList';
import { EditorDialog } from './EditorDialog';
import { RichTextEditor } from './RichTextEditor';

function FaqEditor({ item, onClose, onSaved }: { item: FaqAdmin | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('contentAdmin');
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
      save={(fields) => (item ? rest('faq/update', { id: item.id, fields }) : rest('faq/create', { fields }))}
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
      <Controller
        control={form.control}
        name="answer"
        render={({ field }) => (
          <RichTextEditor
            label={t('faq.answer')}
            value={field.value}
            onChange={field.onChange}
            error={fieldMessage(errors.answer)}
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          label={t('faq.sort')}
          type="number"
          {...form.register('sort', { valueAsNumber: true })}
          error={Boolean(errors.sort)}
          helperText={fieldMessage(errors.sort)}
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('faq.active')}
            />
          )}
        />
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
          render: (f) => (
            <Chip
              size="small"
              color={f.active ? 'success' : 'default'}
              label={f.active ? t('content.published') : t('content.hidden')}
            />
          ),
        },
      ]}
      editor={(props) => <FaqEditor {...props} />}
    />
  );
}
