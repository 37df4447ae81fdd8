import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider, closeSnackbar } from 'notistack';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { NOTIFICATION_TIMEOUT_MS } from '@portal/contract';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import i18n from '../lib/i18n';
import { onUpdateWithoutEntity, retryQuery } from '../lib/rest';
import { SlotsProvider } from '../lib/slots';
import { PreferencesProvider } from './preferences';
import { FEATURE_SLOTS } from './slots';
import { createRouter } from './router';

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
    // Spec §7: an update that answers no entity refetches what is on screen (the detail).
    onUpdateWithoutEntity(() => void queryClient.invalidateQueries({ refetchType: 'active' }));
    // Server texts (forms, bill, units, statuses, notices) come in the page's language: a switch refetches
    // them in the new one (decision 145).
    i18n.on('languageChanged', () => void queryClient.invalidateQueries());
    return createRouter(queryClient);
  });
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        <SnackbarProvider
          maxSnack={4}
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
