import { NOTIFICATION_TIMEOUT_MS } from '@portal/contract';
import { enqueueSnackbar } from 'notistack';
import { message } from './i18n';

const errorOptions = {
  variant: 'error',
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
  autoHideDuration: NOTIFICATION_TIMEOUT_MS,
} as const;

/**
 * Errors bottom right in red, successes bottom left (spec §4); each hides after 5 s and can be closed.
 * Error text may carry server HTML: it is sanitised before it is inserted (spec §8). The sanitiser is loaded
 * only for text with markup, so plain messages (nearly all) keep it out of the first load.
 */
export function notifyError(error: unknown): void {
  const text = (error instanceof Error ? error.message : String(error)) || message('error.internal');
  if (!/[<&]/.test(text)) {
    enqueueSnackbar(text, errorOptions);
    return;
  }
  void import('./sanitize').then(({ sanitizeHtml }) =>
    enqueueSnackbar(<span dangerouslySetInnerHTML={{ __html: sanitizeHtml(text) }} />, errorOptions),
  );
}

export function notifySuccess(text: string): void {
  enqueueSnackbar(text, {
    variant: 'success',
    anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
    autoHideDuration: NOTIFICATION_TIMEOUT_MS,
  });
}
