import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import ActiveBasketWidget from '../features/baskets/ActiveBasketWidget';
import ProductOrderControl from '../features/baskets/ProductOrderControl';
import { LastOrders, OrderHistory } from '../features/orders/DashboardBlocks';
import type { Slots } from '../lib/slots';
import NoticeBell from '../features/notices/NoticeBell';
import UnreadNoticesBlock from '../features/notices/UnreadNoticesBlock';

/**
 * What features put into other features and into the frame. The app composes them here so that features
 * never import each other. Each feature adds its entries:
 * - catalogue: the top bar's quick search (`TopBarSlots.Search`), the dashboard's payment-method prompt;
 * - ordering: `FEATURE_SLOTS.ProductOrder`, the active basket in the top bar, dashboard order blocks;
 * - after-sales: the notices bell in the top bar, the dashboard's unread notices.
 */
function SearchSlot() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) void navigate(`/search/?search=${encodeURIComponent(text.trim())}`);
      }}
      style={{ width: '100%', maxWidth: 560 }}
    >
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
}

/** Icons and widgets at the right of the top bar, in order. */
const TOP_BAR_ACTIONS: Array<() => React.ReactElement | null> = [ActiveBasketWidget, NoticeBell];

function ActionsSlot() {
  return (
    <>
      {TOP_BAR_ACTIONS.map((Action, i) => (
        <Action key={i} />
      ))}
    </>
  );
}

// The catalogue's quick search with suggestions, loaded after the frame; the plain field stands in meanwhile.
const QuickSearch = lazy(() => import('../features/catalog/QuickSearch'));
function QuickSearchSlot() {
  return (
    <Suspense fallback={<SearchSlot />}>
      <QuickSearch />
    </Suspense>
  );
}
const PaymentPromptBlock = lazy(() => import('../features/catalog/PaymentPrompt'));

export const TopBarSlots = { Search: QuickSearchSlot, Actions: ActionsSlot };

export const FEATURE_SLOTS: Slots = {
  dashboardBlocks: [
    { id: 'notices.unread', order: 50, width: 6, Component: UnreadNoticesBlock },
    {
      id: 'catalog.paymentPrompt',
      order: 1,
      width: 12,
      Component: () => (
        <Suspense fallback={null}>
          <PaymentPromptBlock />
        </Suspense>
      ),
    },
    { id: 'orders.last', order: 30, width: 6, Component: LastOrders },
    { id: 'orders.history', order: 31, width: 6, Component: OrderHistory },
  ],
  ProductOrder: ProductOrderControl,
};
