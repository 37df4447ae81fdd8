import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { News } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../lib/format';
import { htmlToText } from '../lib/sanitize';
import { Picture } from './Picture';

/** What a card shows of an item. */
export type NewsCardView = Pick<News, 'date' | 'title' | 'previewText' | 'image' | 'isView'>;

/**
 * A news item in the list: picture, date, «Новое», title and the summary. The card is one link, so the
 * summary written in the editor shows as its text, three lines at most, never as tags (decision 190).
 * Without `to` (the editor's preview) the card is not a link.
 */
export function NewsCard({ item, to }: { item: NewsCardView; to?: string }) {
  const { t } = useTranslation('content');
  const body = (
    <>
      {item.image.preview && (
        <Picture image={item.image.preview} alt="" sizes="(min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw" />
      )}
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {formatDate(item.date)}
          </Typography>
          {!item.isView && <Chip size="small" color="secondary" label={t('news.unread')} />}
        </Box>
        <Typography variant="h3" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {item.title}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="news-card-summary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {htmlToText(item.previewText)}
        </Typography>
      </CardContent>
    </>
  );
  let content: ReactNode = body;
  if (to)
    content = (
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        {body}
      </CardActionArea>
    );
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      {content}
    </Card>
  );
}
