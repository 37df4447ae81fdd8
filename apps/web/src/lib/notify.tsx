import { NOTIFICATION_TIMEOUT_MS } from '@portal/contract';
import { enqueueSnackbar } from 'notistack';
import { useCallback } from 'react';
import { message } from './i18n';

/** Below this width a toast takes the screen's width, so both kinds share one stack (decision 192). */
const PHONE_QUERY = '(max-width: 599.95px)';
const onPhone = () => typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches === true;

/**
 * Errors bottom right, successes bottom left (docs/spec/04-states.md). On a phone both corners are the full width, so an
 * error and a success would lie on top of each other: there both stack at the bottom centre instead.
 */
const anchorFor = (horizontal: 'left' | 'right') =>
  ({ vertical: 'bottom', horizontal: onPhone() ? 'center' : horizontal }) as const;

const errorOptions = () =>
  ({ variant: 'error', anchorOrigin: anchorFor('right'), autoHideDuration: NOTIFICATION_TIMEOUT_MS }) as const;

/**
 * Errors bottom right in red, successes bottom left (docs/spec/04-states.md); each hides after 5 s and can be closed.
 * Error text may carry server HTML: it is sanitised before it is inserted (docs/spec/08-errors.md). The sanitiser is loaded
 * only for text with markup, so plain messages (nearly all) keep it out of the first load.
 */
export function notifyError(error: unknown): void {
  const text = (error instanceof Error ? error.message : String(error)) || message('error.internal');
  if (!/[<&]/.test(text)) {
    enqueueSnackbar(text, errorOptions());
    return;
  }
  void import('./sanitize').then(({ sanitizeHtml }) =>
    enqueueSnackbar(<span dangerouslySetInnerHTML={{ __html: sanitizeHtml(text) }} />, errorOptions()),
  );
}

export function notifySuccess(text: string): void {
  enqueueSnackbar(text, {
    variant: 'success',
    anchorOrigin: anchorFor('left'),
    autoHideDuration: NOTIFICATION_TIMEOUT_MS,
  });
}

/** The CSS variable the toast stacks add to their distance from the bottom (set in app/App.tsx). */
export const TOASTS_OFFSET_VAR = '--portal-toasts-offset';

/**
 * Keeps the toasts above a bar held at the bottom of the screen (the settings' sticky save bar) while the
 * bar is shown, so a toast never covers its buttons (decision 192). Returns the bar's ref.
 */
export function useToastsAbove(): (bar: HTMLElement | null) => (() => void) | undefined {
  return useCallback((bar: HTMLElement | null) => {
    if (!bar) return undefined;
    const root = document.documentElement;
    const place = () => root.style.setProperty(TOASTS_OFFSET_VAR, `${bar.offsetHeight}px`);
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOASTS_OFFSET_VAR);
    };
  }, []);
}
