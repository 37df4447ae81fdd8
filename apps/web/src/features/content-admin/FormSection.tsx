import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FORM_FIELD_TYPES, formFields, type FormAdmin, type FormFieldInput, type FormFields } from '@portal/contract';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../lib/forms';
import { useSaveForm } from './api';
import { AdminList } from './AdminList';
import { EditorDialog, errorAt } from './EditorDialog';

const NEW_FIELD: FormFieldInput = {
  code: '',
  type: 'TEXT',
  label: '',
  labelEn: '',
  mask: '',
  readonly: false,
  options: [],
  rules: [],
  conditions: [],
  value: null,
  valueEn: '',
  agreementId: null,
};

/** Rows of a field's sub-list (options, rules, conditions): two text boxes each, added and removed. */
function PairList({
  control,
  name,
  keys,
  labels,
  addLabel,
  blank,
  errors,
}: {
  control: Control<FormFields>;
  name: `fields.${number}.options` | `fields.${number}.rules` | `fields.${number}.conditions`;
  keys: [string, string];
  labels: [string, string];
  addLabel: string;
  /** A new row: its keys with empty texts (and an empty English text for options and rules). */
  blank: Record<string, string>;
  errors: FieldErrors<FormFields>;
}) {
  const { t } = useTranslation('contentAdmin');
  const rows = useFieldArray({ control, name: name as `fields.${number}.options` });
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {rows.fields.map((row, i) => (
        <Box key={row.id} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr auto', sm: '1fr 1fr auto' } }}>
          {keys.map((k, j) => (
            <Controller
              key={k}
              control={control}
              name={`${name}.${i}.${k}` as `fields.${number}.options.${number}.title`}
              render={({ field }) => (
                <TextField
                  size="small"
                  label={labels[j]}
                  value={typeof field.value === 'string' ? field.value : ''}
                  onChange={field.onChange}
                  error={Boolean(errorAt(errors, `${name}.${i}.${k}`))}
                  helperText={fieldMessage(errorAt(errors, `${name}.${i}.${k}`))}
                />
              )}
            />
          ))}
          <IconButton
            aria-label={t('content.removeItem', { label: `${labels[0]} ${i + 1}` })}
            onClick={() => rows.remove(i)}
          >
            <CloseIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={() => rows.append({ ...blank } as never)}>
          {addLabel}
        </Button>
      </Box>
      {fieldMessage(errorAt(errors, name)) && (
        <Typography variant="caption" color="error">
          {fieldMessage(errorAt(errors, name))}
        </Typography>
      )}
    </Box>
  );
}

/** A text box of the English section: the Russian text it translates is its placeholder and hint. */
function EnglishText({
  control,
  name,
  label,
  russian,
  errors,
  multiline = false,
}: {
  control: Control<FormFields>;
  name: string;
  label: string;
  russian: string;
  errors: FieldErrors<FormFields>;
  multiline?: boolean;
}) {
  const { t } = useTranslation('contentAdmin');
  const error = errorAt(errors, name);
  return (
    <Controller
      control={control}
      name={name as `fields.${number}.labelEn`}
      render={({ field }) => (
        <TextField
          size="small"
          label={label}
          multiline={multiline}
          lang="en"
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={russian}
          error={Boolean(error)}
          helperText={fieldMessage(error) ?? (russian ? t('form.en.russian', { text: russian }) : undefined)}
        />
      )}
    />
  );
}

/**
 * A field's English texts (decision 148), folded by default: its label, a readonly value, each option's title
 * and each rule's message beside the Russian text it translates. Empty = the Russian text shows.
 */
function EnglishSection({
  control,
  index: i,
  errors,
}: {
  control: Control<FormFields>;
  index: number;
  errors: FieldErrors<FormFields>;
}) {
  const { t } = useTranslation('contentAdmin');
  const field = useWatch({ control, name: `fields.${i}` });
  const [open, setOpen] = useState(false);
  const hasError =
    (['labelEn', 'valueEn'] as const).some((k) => errorAt(errors, `fields.${i}.${k}`)) ||
    (field?.options ?? []).some((_, j) => errorAt(errors, `fields.${i}.options.${j}.titleEn`)) ||
    (field?.rules ?? []).some((_, j) => errorAt(errors, `fields.${i}.rules.${j}.messageEn`));
  if (!field) return null;
  const showOptions = field.type === 'SELECT' || field.type === 'RADIO';
  const options = showOptions ? (field.options ?? []) : [];
  const rules = field.rules ?? [];
  const texts = [
    field.labelEn,
    ...(field.readonly && typeof field.value === 'string' ? [field.valueEn] : []),
    ...options.map((o) => o.titleEn),
    ...rules.map((r) => r.messageEn),
  ];
  const filled = texts.filter((x) => x && x.trim()).length;
  return (
    <Accordion
      disableGutters
      variant="outlined"
      expanded={open || hasError}
      onChange={(_, expanded) => setOpen(expanded)}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`form-field-${i}-en`}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {t('form.en.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('form.en.filled', { n: filled, of: texts.length })}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <EnglishText
          control={control}
          name={`fields.${i}.labelEn`}
          label={t('form.en.label')}
          russian={field.label ?? ''}
          errors={errors}
        />
        {field.readonly && typeof field.value === 'string' && (
          <EnglishText
            control={control}
            name={`fields.${i}.valueEn`}
            label={t('form.en.value')}
            russian={field.value}
            errors={errors}
          />
        )}
        {options.map((o, j) => (
          <EnglishText
            key={`o${j}`}
            control={control}
            name={`fields.${i}.options.${j}.titleEn`}
            label={t('form.en.option', { n: j + 1 })}
            russian={o.title ?? ''}
            errors={errors}
          />
        ))}
        {rules.map((r, j) => (
          <EnglishText
            key={`r${j}`}
            control={control}
            name={`fields.${i}.rules.${j}.messageEn`}
            label={t('form.en.message', { n: j + 1 })}
            russian={r.message ?? ''}
            errors={errors}
          />
        ))}
      </AccordionDetails>
    </Accordion>
  );
}

export function FormEditor({
  item,
  onClose,
  onSaved,
}: {
  item: FormAdmin | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('contentAdmin');
  const save = useSaveForm();
  const form = useForm<FormFields>({
    resolver: zodResolver(formFields) as never,
    defaultValues: item
      ? {
          code: item.code,
          title: item.title,
          titleEn: item.titleEn,
          description: item.description,
          descriptionEn: item.translationEn.description ?? '',
          sort: item.sort,
          fields: item.fields.map((f) => {
            const en = item.translationEn.fields?.[f.code];
            return {
              code: f.type === 'AGREEMENT' ? 'AGREEMENT' : f.code,
              type: f.type,
              label: f.label,
              labelEn: en?.label ?? '',
              mask: f.mask ?? '',
              readonly: f.readonly,
              options: f.options.map((o) => ({
                title: o.title,
                value: o.value,
                titleEn: en?.options?.[o.value] ?? '',
              })),
              rules: f.rules.map((r, j) => ({
                regex: r.regex,
                message: r.message,
                messageEn: en?.messages?.[j] ?? '',
              })),
              conditions: f.conditions.map((c) => ({ field: c.field, value: c.value })),
              value: f.value,
              valueEn: en?.value ?? '',
              agreementId: f.agreementId,
            };
          }),
        }
      : { code: '', title: '', titleEn: '', description: '', descriptionEn: '', sort: 500, fields: [] },
  });
  const errors = form.formState.errors;
  const msg = (path: string) => fieldMessage(errorAt(errors, path));
  const fields = useFieldArray({ control: form.control, name: 'fields' });
  const types = form.watch('fields').map((f) => f.type);
  return (
    <EditorDialog
      title={item ? item.title : t('form.new')}
      form={form}
      wide
      onClose={onClose}
      onSaved={onSaved}
      save={(values) => save.mutateAsync({ id: item?.id, fields: values })}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <TextField
          label={t('form.title')}
          required
          {...form.register('title')}
          error={Boolean(errors.title)}
          helperText={msg('title')}
        />
        <TextField
          label={t('form.code')}
          required
          {...form.register('code')}
          error={Boolean(errors.code)}
          helperText={msg('code') ?? t('form.codeHint')}
        />
        <TextField
          label={t('form.titleEn')}
          {...form.register('titleEn')}
          error={Boolean(errors.titleEn)}
          helperText={msg('titleEn')}
        />
        <TextField
          label={t('form.sort')}
          type="number"
          {...form.register('sort', { valueAsNumber: true })}
          error={Boolean(errors.sort)}
          helperText={msg('sort')}
        />
        <TextField
          label={t('form.description')}
          multiline
          {...form.register('description')}
          error={Boolean(errors.description)}
          helperText={msg('description')}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <TextField
          label={t('form.descriptionEn')}
          multiline
          slotProps={{ htmlInput: { lang: 'en' } }}
          {...form.register('descriptionEn')}
          error={Boolean(errors.descriptionEn)}
          helperText={msg('descriptionEn')}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </Box>
      <Typography variant="h3" component="h3">
        {t('form.fields')}
      </Typography>
      {fields.fields.map((f, i) => {
        const type = types[i] ?? 'TEXT';
        return (
          <Paper
            key={f.id}
            variant="outlined"
            sx={{ p: 2, display: 'grid', gap: 2 }}
            aria-label={t('form.field', { n: i + 1 })}
            role="group"
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 500, flex: 1 }}>{t('form.field', { n: i + 1 })}</Typography>
              <IconButton aria-label={t('form.up')} disabled={i === 0} onClick={() => fields.move(i, i - 1)}>
                <ArrowUpward />
              </IconButton>
              <IconButton
                aria-label={t('form.down')}
                disabled={i === fields.fields.length - 1}
                onClick={() => fields.move(i, i + 1)}
              >
                <ArrowDownward />
              </IconButton>
              <IconButton
                aria-label={t('content.removeItem', { label: t('form.field', { n: i + 1 }) })}
                color="error"
                onClick={() => fields.remove(i)}
              >
                <CloseIcon />
              </IconButton>
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
              <TextField
                label={t('form.fieldLabel')}
                required
                {...form.register(`fields.${i}.label`)}
                error={Boolean(errorAt(errors, `fields.${i}.label`))}
                helperText={msg(`fields.${i}.label`)}
              />
              <Controller
                control={form.control}
                name={`fields.${i}.type`}
                render={({ field }) => (
                  <TextField select label={t('form.fieldType')} value={field.value} onChange={field.onChange}>
                    {FORM_FIELD_TYPES.map((ft) => (
                      <MenuItem key={ft} value={ft}>
                        {t(`form.types.${ft}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              {type === 'AGREEMENT' ? (
                <Controller
                  control={form.control}
                  name={`fields.${i}.agreementId`}
                  render={({ field }) => (
                    <TextField
                      label={t('form.agreementId')}
                      type="number"
                      value={field.value ?? ''}
                      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                      error={Boolean(errorAt(errors, `fields.${i}.agreementId`))}
                      helperText={msg(`fields.${i}.agreementId`)}
                    />
                  )}
                />
              ) : (
                <TextField
                  label={t('form.fieldCode')}
                  required
                  {...form.register(`fields.${i}.code`)}
                  error={Boolean(errorAt(errors, `fields.${i}.code`))}
                  helperText={msg(`fields.${i}.code`)}
                />
              )}
              <TextField
                label={t('form.mask')}
                {...form.register(`fields.${i}.mask`)}
                helperText={t('form.maskHint')}
              />
              <Controller
                control={form.control}
                name={`fields.${i}.value`}
                render={({ field }) => (
                  <TextField
                    label={t('form.value')}
                    value={typeof field.value === 'string' ? field.value : ''}
                    onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
                  />
                )}
              />
              <Controller
                control={form.control}
                name={`fields.${i}.readonly`}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                    label={t('form.readonly')}
                  />
                )}
              />
            </Box>
            {(type === 'SELECT' || type === 'RADIO') && (
              <Box>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t('form.options')}
                </Typography>
                <PairList
                  control={form.control}
                  name={`fields.${i}.options`}
                  keys={['title', 'value']}
                  labels={[t('form.optionTitle'), t('form.optionValue')]}
                  addLabel={t('form.addOption')}
                  blank={{ title: '', value: '', titleEn: '' }}
                  errors={errors}
                />
              </Box>
            )}
            <Box>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('form.rules')}
              </Typography>
              <PairList
                control={form.control}
                name={`fields.${i}.rules`}
                keys={['regex', 'message']}
                labels={[t('form.ruleRegex'), t('form.ruleMessage')]}
                addLabel={t('form.addRule')}
                blank={{ regex: '', message: '', messageEn: '' }}
                errors={errors}
              />
            </Box>
            <Box>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('form.conditions')}
              </Typography>
              <PairList
                control={form.control}
                name={`fields.${i}.conditions`}
                keys={['field', 'value']}
                labels={[t('form.conditionField'), t('form.conditionValue')]}
                addLabel={t('form.addCondition')}
                blank={{ field: '', value: '' }}
                errors={errors}
              />
            </Box>
            <EnglishSection control={form.control} index={i} errors={errors} />
          </Paper>
        );
      })}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => fields.append({ ...NEW_FIELD })}>
          {t('form.addField')}
        </Button>
      </Box>
    </EditorDialog>
  );
}

/** Support forms (decision 043): fields, rules, options, conditions; the same definition checks the browser and the server. */
export default function FormSection() {
  const { t } = useTranslation('contentAdmin');
  return (
    <AdminList<FormAdmin>
      list="form/admin-list"
      remove="form/delete"
      nameOf={(f) => f.title}
      columns={[
        { label: t('form.title'), render: (f) => f.title },
        { label: t('form.code'), wide: true, render: (f) => f.code },
        { label: t('form.fields'), wide: true, render: (f) => f.fields.length },
        { label: t('form.answers'), render: (f) => f.answers },
      ]}
      editor={(props) => <FormEditor {...props} />}
    />
  );
}
