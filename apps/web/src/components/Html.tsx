import Box, { type BoxProps } from '@mui/material/Box';
import { sanitizeHtml } from '../lib/sanitize';

/**
 * What server HTML may not do to the page around it (decision 190): a picture, a table or a frame written
 * 1,200 px wide, or a long link, stays inside its container instead of widening the whole page.
 */
const CONTAINED = {
  maxWidth: '100%',
  overflowWrap: 'anywhere',
  '& img, & video, & iframe, & embed, & object': { maxWidth: '100%', height: 'auto' },
  // A wide table scrolls by itself rather than the page; its cells wrap between words, never inside them.
  '& table': { display: 'block', maxWidth: '100%', overflowX: 'auto', overflowWrap: 'normal' },
  '& pre': { maxWidth: '100%', overflowX: 'auto', whiteSpace: 'pre-wrap' },
} as const;

/** Server HTML, sanitised before it reaches the DOM, its pictures and tables kept to the container's width. */
export function Html({ html, sx, ...props }: { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML'>) {
  return (
    <Box
      {...props}
      sx={[CONTAINED, ...(Array.isArray(sx) ? sx : [sx])]}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
