import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider, closeSnackbar } from 'notistack';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { NOTIFICATION_TIMEOUT_MS } from '@portal/contract';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import i18n from '../lib/i18n';
import { TOASTS_OFFSET_VAR } from '../lib/notify';
import { onUpdateWithoutEntity, retryQuery } from '../lib/rest';
import { SlotsProvider } from '../lib/slots';
import { PreferencesProvider } from './preferences';
import { FEATURE_SLOTS } from './slots';
import { createRouter } from './router';

/**
 * The bottom toast stacks rise above a bar held at the bottom of the screen (decision 192): notistack puts
 * them 14 px from the bottom, the bar adds its height. Two classes, so this wins over notistack's own rule.
 */
const BOTTOM_STACK = 'portal-toasts-bottom';
const toastStyles = (
  <GlobalStyles
    styles={{
      [`.notistack-SnackbarContainer.${BOTTOM_STACK}`]: { bottom: `calc(14px + var(${TOASTS_OFFSET_VAR}, 0px))` },
    }}
  />
);
const bottomStacks = {
  containerAnchorOriginBottomLeft: BOTTOM_STACK,
  containerAnchorOriginBottomRight: BOTTOM_STACK,
  containerAnchorOriginBottomCenter: BOTTOM_STACK,
};

function CloseButton({ id }: { id: string | number }) {
  const { t } = useTranslation();
  return (
    <IconButton size="small" color="inherit" aria-label={t('close')} onClick={() => closeSnackbar(id)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: retryQuery, refetchOnWindowFocus: false, staleTime: 15_000 },
        },
      }),
  );
  const [router] = useState(() => {
    // docs/spec/07-calls.md: an update that answers no entity refetches what is on screen (the detail).
    onUpdateWithoutEntity(() => void queryClient.invalidateQueries({ refetchType: 'active' }));
    // Server texts (forms, bill, units, statuses, notices) come in the page's language: a switch refetches
    // them in the new one (decision 145).
    i18n.on('languageChanged', () => void queryClient.invalidateQueries());
    return createRouter(queryClient);
  });
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        {toastStyles}
        <SnackbarProvider
          maxSnack={3}
          preventDuplicate
          classes={bottomStacks}
          autoHideDuration={NOTIFICATION_TIMEOUT_MS}
          action={(id) => <CloseButton id={id} />}
        >
          <SlotsProvider value={FEATURE_SLOTS}>
            <RouterProvider router={router} />
          </SlotsProvider>
        </SnackbarProvider>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
