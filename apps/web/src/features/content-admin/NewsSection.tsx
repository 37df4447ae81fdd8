import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { businessDay, newsFields, type NewsAdmin, type NewsFields } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NewsArticle } from '../../components/NewsArticle';
import { NewsCard } from '../../components/NewsCard';
import { fieldMessage } from '../../lib/forms';
import { formatDate } from '../../lib/format';
import { useSaveNews } from './api';
import { AdminList } from './AdminList';
import { ActiveSwitch, type EditorProps, PictureControl, PublishedChip, RichTextControl } from './EditorFields';
import { EditorDialog } from './EditorDialog';

/** Today in the supplier's calendar (decision 180). */
const today = () => businessDay();

/** The item as the news list and the news page will show it, from the form's unsaved values. */
function NewsPreview({ values }: { values: NewsFields }) {
  const { t } = useTranslation('contentAdmin');
  const title = values.title.trim() || t('news.untitled');
  const image = { preview: values.previewImage ?? null, detail: values.detailImage ?? null };
  const item = { ...values, title, image, isView: true };
  return (
    <>
      <Typography variant="overline" component="h3">
        {t('news.previewCard')}
      </Typography>
      <Box sx={{ maxWidth: 380 }}>
        <NewsCard item={item} />
      </Box>
      <Typography variant="overline" component="h3">
        {t('news.previewPage')}
      </Typography>
      <Typography variant="h1" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <NewsArticle item={item} />
    </>
  );
}

export function NewsEditor({ item, onClose, onSaved }: EditorProps<NewsAdmin>) {
  const { t } = useTranslation('contentAdmin');
  const save = useSaveNews();
  const form = useForm<NewsFields>({
    resolver: zodResolver(newsFields) as never,
    defaultValues: item
      ? {
          title: item.title,
          date: item.date,
          previewText: item.previewText,
          detailText: item.detailText,
          previewImage: item.previewImage,
          detailImage: item.detailImage,
          active: item.active,
        }
      : {
          title: '',
          date: today(),
          previewText: '',
          detailText: '',
          previewImage: null,
          detailImage: null,
          // A new item is a draft until the administrator publishes it (decision 190).
          active: false,
        },
  });
  const errors = form.formState.errors;
  const active = form.watch('active');
  return (
    <EditorDialog
      title={item ? item.title : t('news.new')}
      form={form}
      wide
      onClose={onClose}
      onSaved={onSaved}
      save={(fields) => save.mutateAsync({ id: item?.id, fields })}
      preview={(values) => <NewsPreview values={values} />}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 180px' }, pt: 1 }}>
        <TextField
          label={t('news.title')}
          required
          {...form.register('title')}
          error={Boolean(errors.title)}
          helperText={fieldMessage(errors.title)}
        />
        <TextField
          label={t('news.date')}
          type="date"
          required
          {...form.register('date')}
          error={Boolean(errors.date)}
          helperText={fieldMessage(errors.date)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <Box>
        <ActiveSwitch form={form} label={t('news.active')} />
        {!active && (
          <Typography variant="body2" color="text.secondary" data-testid="news-draft-hint">
            {t('news.draftHint')}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {(['previewImage', 'detailImage'] as const).map((name) => (
          <PictureControl key={name} form={form} name={name} label={t(`news.${name}`)} />
        ))}
      </Box>
      <RichTextControl form={form} name="previewText" label={t('news.previewText')} minHeight={80} />
      <RichTextControl form={form} name="detailText" label={t('news.detailText')} minHeight={220} />
    </EditorDialog>
  );
}

/** News: title, date, preview and text in the rich-text editor, pictures, published or not. */
export default function NewsSection() {
  const { t } = useTranslation('contentAdmin');
  return (
    <AdminList<NewsAdmin>
      list="news/admin-list"
      remove="news/delete"
      nameOf={(n) => n.title}
      columns={[
        { label: t('news.date'), render: (n) => formatDate(n.date) },
        { label: t('news.title'), render: (n) => n.title },
        {
          label: t('news.active'),
          wide: true,
          render: (n) => <PublishedChip active={n.active} />,
        },
      ]}
      editor={(props) => <NewsEditor {...props} />}
    />
  );
}
