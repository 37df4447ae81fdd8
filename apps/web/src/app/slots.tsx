import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { useHeaderSearchText } from '../lib/search-text';
import { isAdmin, isDealer, isStaff } from '../lib/roles';
import type {
  CheckoutMachineProps,
  MachineFilterProps,
  ProductArrivalProps,
  ProductOrderProps,
  Slots,
} from '../lib/slots';

/**
 * Every feature component shown in a slot is its own chunk, loaded when first shown: the frame's first
 * load stays small (the catalogue's budget is 300 KB of compressed JavaScript).
 */
function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Component = lazy(load);
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}

const BasketWidget = deferred(() => import('../features/baskets/ActiveBasketWidget'));
/** The buyer's basket in the top bar: not for staff, unless they buy as a dealer too (decision 194). */
function ActiveBasketWidget() {
  const user = useCurrentUser().data;
  return isStaff(user) && !isDealer(user) ? null : <BasketWidget />;
}
const LanguageCard = deferred(() => import('./LanguageCard'));
const ProductArrival = deferred<ProductArrivalProps>(() => import('../features/arrivals/ArrivalNote'));
const loadProductOrder = () => import('../features/baskets/ProductOrderControl');
// Not deferred like the others: a product view waits for its quantity and «В корзину» (it suspends into the
// screen's loading state), so a dealer never sees a product without the order control.
const ProductOrderControl = lazy<ComponentType<ProductOrderProps>>(loadProductOrder);
const MyManager = deferred(async () => ({
  default: (await import('../features/orders/components/ManagerCard')).ManagerCard,
}));
const LastOrders = deferred(async () => ({ default: (await import('../features/orders/DashboardBlocks')).LastOrders }));
const OrderHistory = deferred(async () => ({
  default: (await import('../features/orders/DashboardBlocks')).OrderHistory,
}));
const NoticeBell = deferred(() => import('../features/notices/NoticeBell'));
const UnreadNoticesBlock = deferred(() => import('../features/notices/UnreadNoticesBlock'));
const PaymentPromptBlock = deferred(() => import('../features/catalog/PaymentPrompt'));
const NoticeSettingsCard = deferred(() => import('../features/notices/NoticeSettingsCard'));
const ApiKeysCard = deferred(() => import('../features/keys/ApiKeysCard'));
const DealerApiKeys = deferred<{ userId: number }>(() => import('../features/keys/ApiKeysCard'));
const WebhooksCard = deferred(() => import('../features/webhooks/WebhooksCard'));
const TelegramCard = deferred(() => import('../features/telegram/TelegramCard'));
const TelegramBotSettings = deferred(() => import('../features/telegram/TelegramBotSettings'));
const StaffWaiting = deferred(() => import('../features/orders/desk/StaffWaiting'));
const AccountTile = deferred(() => import('../features/account/AccountTile'));
const OrderShipments = deferred(() => import('../features/account/OrderShipments'));
const CheckoutCredit = deferred(() => import('../features/account/CheckoutCredit'));
const MachineFilter = deferred<MachineFilterProps>(() => import('../features/machines/MachineFilter'));
const ProductMachines = deferred<{ model: string }>(() => import('../features/machines/ProductMachines'));
const CheckoutMachine = deferred<CheckoutMachineProps>(() => import('../features/machines/CheckoutMachine'));

/** The dealer's machines (decision 208) are a dealer's own: staff see none of their slots. */
function dealersOnly<P extends object>(Block: ComponentType<P>): ComponentType<P> {
  return function DealersOnly(props: P) {
    return isDealer(useCurrentUser().data) ? <Block {...props} /> : null;
  };
}
const CompanyAccount = deferred<{ counterpartyId: number }>(() => import('../features/account/CompanyAccount'));
const DealerAccount = deferred<{ userId: number }>(() => import('../features/account/CompanyAccount'));

/** A dealer's dashboard block: an administrator's dashboard shows what waits for staff instead (decision 193). */
function dealerOnly(Block: ComponentType): ComponentType {
  return function DealerBlock() {
    return isAdmin(useCurrentUser().data) ? null : <Block />;
  };
}

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
  const [text, setText] = useHeaderSearchText();
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
const TOP_BAR_ACTIONS: ComponentType[] = [ActiveBasketWidget, NoticeBell];

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

export const TopBarSlots = { Search: QuickSearchSlot, Actions: ActionsSlot };

export const FEATURE_SLOTS: Slots = {
  dashboardBlocks: [
    { id: 'notices.unread', order: 50, width: 6, Component: UnreadNoticesBlock },
    { id: 'desk.waiting', order: 0, width: 12, Component: StaffWaiting },
    { id: 'catalog.paymentPrompt', order: 1, width: 12, Component: dealerOnly(PaymentPromptBlock) },
    // The dealer's debt, overdue and available credit (decision 200).
    { id: 'account.tile', order: 2, width: 12, Component: dealerOnly(AccountTile) },
    { id: 'orders.last', order: 30, width: 6, Component: dealerOnly(LastOrders) },
    // The dealer's personal manager (decision 199).
    { id: 'orders.manager', order: 3, width: 12, Component: dealerOnly(MyManager) },
    { id: 'orders.history', order: 31, width: 6, Component: dealerOnly(OrderHistory) },
  ],
  OrderShipments,
  CheckoutCredit,
  // «Моя техника» (decisions 208, 209): the catalogue's filter, the product card, checkout.
  MachineFilter: dealersOnly(MachineFilter),
  ProductMachines: dealersOnly(ProductMachines),
  CheckoutMachine: dealersOnly(CheckoutMachine),
  CompanyAccount,
  ProductOrder: ProductOrderControl,
  ProductArrival,
  preloadProductOrder: () => void loadProductOrder(),
  profileBlocks: [
    { id: 'app.language', Component: LanguageCard },
    { id: 'notices.settings', Component: NoticeSettingsCard },
    { id: 'keys.apiKeys', Component: ApiKeysCard },
    { id: 'webhooks.endpoints', Component: WebhooksCard },
    { id: 'telegram.link', Component: TelegramCard },
  ],
  staffUserBlocks: [
    { id: 'keys.apiKeys', Component: DealerApiKeys },
    // The dealer's account with the supplier on their card (decision 202).
    { id: 'account.dealer', Component: DealerAccount },
  ],
  siteSettingsBlocks: [{ id: 'telegram.bot', Component: TelegramBotSettings }],
};
