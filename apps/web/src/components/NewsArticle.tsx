import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { News } from '@portal/contract';
import { formatDate } from '../lib/format';
import { Html } from './Html';
import { Picture } from './Picture';

/** What the news page and the editor's preview show of an item. */
export type NewsView = Pick<News, 'date' | 'title' | 'previewText' | 'detailText' | 'image'>;

/**
 * A news item as its page shows it: date, picture, summary and text. The summary and the text are HTML
 * written in the editor, sanitised and kept to the page's width (decision 190). The editor's «Предпросмотр»
 * shows the same component, so what the administrator sees is what dealers will.
 */
export function NewsArticle({ item }: { item: NewsView }) {
  return (
    <Paper sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }} component="article" data-testid="news-article">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {formatDate(item.date)}
      </Typography>
      {item.image.detail && (
        <Box sx={{ mb: 3, borderRadius: 1, overflow: 'hidden', maxWidth: 960 }}>
          <Picture image={item.image.detail} alt={item.title} sizes="(min-width: 1200px) 960px, 100vw" eager />
        </Box>
      )}
      <Html
        html={item.previewText}
        data-testid="news-summary"
        sx={{ mb: 2, fontWeight: 500, maxWidth: 800, '& p': { mt: 0, mb: 1 } }}
      />
      <Html html={item.detailText} sx={{ '& p': { mt: 0 }, maxWidth: 800, lineHeight: 1.6 }} />
    </Paper>
  );
}
