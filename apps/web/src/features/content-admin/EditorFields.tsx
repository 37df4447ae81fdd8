import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../lib/forms';
import { errorAt } from './EditorDialog';
import { PictureField } from './ImageField';
import { RichTextEditor } from './RichTextEditor';

/** What AdminList gives an item's editor: the item (`null` for a new one), and what to do after. */
export interface EditorProps<T> {
  item: T | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The «published» switch of an item's form (its `active` field). */
export function ActiveSwitch<V extends FieldValues>({ form, label }: { form: UseFormReturn<V>; label: string }) {
  return (
    <Controller
      control={form.control}
      name={'active' as Path<V>}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          label={label}
        />
      )}
    />
  );
}

/** A rich-text field of the form, its error under it. */
export function RichTextControl<V extends FieldValues>({
  form,
  name,
  label,
  minHeight,
}: {
  form: UseFormReturn<V>;
  name: Path<V>;
  label: string;
  minHeight?: number;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <RichTextEditor
          label={label}
          value={field.value}
          onChange={field.onChange}
          error={fieldMessage(errorAt(form.formState.errors, name))}
          minHeight={minHeight}
        />
      )}
    />
  );
}

/** A picture field of the form (`null`: none), the error of its address or of the picture. */
export function PictureControl<V extends FieldValues>({
  form,
  name,
  label,
}: {
  form: UseFormReturn<V>;
  name: Path<V>;
  label: string;
}) {
  const errors = form.formState.errors;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <PictureField
          label={label}
          value={field.value ?? null}
          onChange={field.onChange}
          error={fieldMessage(errorAt(errors, `${name}.src`)) ?? fieldMessage(errorAt(errors, name))}
        />
      )}
    />
  );
}

/** «Опубликовано» / «Скрыто» in a list row. */
export function PublishedChip({ active }: { active: boolean }) {
  const { t } = useTranslation('contentAdmin');
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      label={active ? t('content.published') : t('content.hidden')}
    />
  );
}
