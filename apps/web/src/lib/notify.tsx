import { NOTIFICATION_TIMEOUT_MS } from '@portal/contract';
import { enqueueSnackbar } from 'notistack';
import { message } from './i18n';
import { sanitizeHtml } from './sanitize';

/**
 * Errors bottom right in red, successes bottom left (spec §4); each hides after 5 s and can be closed.
 * Error text may carry server HTML: it is sanitised before it is inserted (spec §8).
 */
export function notifyError(error: unknown): void {
  const text = error instanceof Error ? error.message : String(error);
  enqueueSnackbar(<span dangerouslySetInnerHTML={{ __html: sanitizeHtml(text || message('error.internal')) }} />, {
    variant: 'error',
    anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
    autoHideDuration: NOTIFICATION_TIMEOUT_MS,
  });
}

export function notifySuccess(text: string): void {
  enqueueSnackbar(text, {
    variant: 'success',
    anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
    autoHideDuration: NOTIFICATION_TIMEOUT_MS,
  });
}
