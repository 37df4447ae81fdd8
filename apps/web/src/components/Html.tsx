import Box, { type BoxProps } from '@mui/material/Box';
import { sanitizeHtml } from '../lib/sanitize';

/** Server HTML, sanitised before it reaches the DOM. */
export function Html({ html, ...props }: { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML'>) {
  return <Box {...props} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
