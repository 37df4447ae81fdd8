import { createContext, useContext, useEffect, type ComponentType, type ReactNode } from 'react';
import { useCurrentUser } from './current-user';
import { mayOpen } from './routing';

/**
 * Places where one feature shows another's component without importing it (features never import each
 * other). The app fills the slots at the root (`app/slots.tsx`); a slot nobody fills renders nothing.
 */
export interface ProductOrderProps {
  productId: number;
  /** Catalogue limits of the quantity input (site settings). */
  min?: number;
  max?: number;
  /** The product's least quantity to buy (tea, coffee: docs/spec/09-constants.md, decision 140): shown, and the field starts there. */
  minQuantity?: number;
  /** Small variant for tiles and table rows. */
  compact?: boolean;
}

export interface DashboardBlock {
  /** Stable key, e.g. 'orders.last'. */
  id: string;
  /** Lower comes first. */
  order: number;
  /** Grid width on a wide screen: 12 = full row, 6 = half. */
  width: 4 | 6 | 8 | 12;
  Component: ComponentType;
}

/** An order's lines as the order page knows them, for the account's shipped / remaining (decision 200). */
export interface OrderShipmentsProps {
  orderId: number;
  lines: Array<{ productId: number | null; article: string; name: string; quantity: number }>;
}

/** «Для моей техники» (decision 208): the `F_MACHINE` values of the catalogue's URL — machine ids, or `all`. */
export interface MachineFilterProps {
  value: string[];
  onChange: (value: string[]) => void;
}

/** The machine chosen at checkout (decision 208) and «Машина стоит» (decision 209). */
export interface CheckoutMachineProps {
  machine: number | undefined;
  urgent: boolean;
  /** The server's message for the `machine` field. */
  error?: string;
  /** A machine chosen (its model and serial fill the order's fields) or cleared; the urgent flag. */
  onChange: (next: { machine?: { id: number; model: string; serial: string }; urgent: boolean }) => void;
}

/** A product's stock and expected arrivals, with «сообщить о поступлении» (decision 207). */
export interface ProductArrivalProps {
  productId: number;
  /** The quantity wanted (a basket line's): the request is offered when the warehouses hold less. */
  needed?: number;
  compact?: boolean;
  /** The product card's number: there an administrator edits the arrivals set by hand (decision 207). */
  editArticle?: string;
}

export interface Slots {
  /** Expected arrivals and «сообщить о поступлении» of a product (parts fills it, decision 207). */
  ProductArrival?: ComponentType<ProductArrivalProps>;
  /** The chosen company's available credit at checkout (the account fills it, decision 200). */
  CheckoutCredit?: ComponentType<{ counterpartyId: number; sum: number }>;
  /** An order's shipments, shipped / remaining per line and closing documents (the account fills it). */
  OrderShipments?: ComponentType<OrderShipmentsProps>;
  /** Quantity input and add-to-basket button on every product view (ordering fills it). */
  ProductOrder?: ComponentType<ProductOrderProps>;
  /** Starts loading the order control's code, so that it arrives with the product view's data. */
  preloadProductOrder?: () => void;
  /** Blocks of the dashboard besides its own (last orders, order history, notices, payment prompt…). */
  dashboardBlocks?: DashboardBlock[];
  /** Sections of the own profile page besides its forms (notification settings…). */
  profileBlocks?: Array<{ id: string; Component: ComponentType }>;
  /** «Для моей техники» in the catalogue's and search's toolbar (the machines feature fills it, decision 208). */
  MachineFilter?: ComponentType<MachineFilterProps>;
  /** Which of the dealer's machines a product of this machine model fits, on its card (decision 208). */
  ProductMachines?: ComponentType<{ model: string }>;
  /** The machine and «Машина стоит» at checkout (decisions 208, 209). */
  CheckoutMachine?: ComponentType<CheckoutMachineProps>;
  /** A company's account with the supplier for staff: the desk's order, the company card (decision 202). */
  CompanyAccount?: ComponentType<{ counterpartyId: number }>;
  /** Sections of another user's card that staff see (the dealer's API keys…). */
  staffUserBlocks?: Array<{ id: string; Component: ComponentType<{ userId: number }> }>;
  /** Sections of the site settings page that save on their own (the Telegram bot…). */
  siteSettingsBlocks?: Array<{ id: string; Component: ComponentType }>;
}

const SlotsContext = createContext<Slots>({});

export function SlotsProvider({ value, children }: { value: Slots; children: ReactNode }) {
  return <SlotsContext.Provider value={value}>{children}</SlotsContext.Provider>;
}

export const useSlots = () => useContext(SlotsContext);

/**
 * The order control of a product view, for users who may fill baskets (docs/spec/06-roles.md `basket/items`): staff
 * without it see no control and the page makes no `basket/*` call. The control's code may still be loading:
 * it suspends, and the screen shows its loading state until the product can be shown with it.
 */
export function ProductOrderSlot(props: ProductOrderProps) {
  const Control = useSlots().ProductOrder;
  const user = useCurrentUser().data;
  return Control && mayOpen('basket/items', user) ? <Control {...props} /> : null;
}

/** Product views call this first: the order control's code loads while their data does. */
export function usePreloadProductOrder(): void {
  const { preloadProductOrder } = useSlots();
  const user = useCurrentUser().data;
  const may = mayOpen('basket/items', user);
  useEffect(() => {
    if (may) preloadProductOrder?.();
  }, [may, preloadProductOrder]);
}

/** The order page's shipments and documents, when a feature fills the slot. */
export function OrderShipmentsSlot(props: OrderShipmentsProps) {
  const Block = useSlots().OrderShipments;
  return Block ? <Block {...props} /> : null;
}

/** The available credit of the company chosen at checkout, when a feature fills the slot. */
export function CheckoutCreditSlot({ counterpartyId, sum }: { counterpartyId: number; sum: number }) {
  const Block = useSlots().CheckoutCredit;
  return Block && counterpartyId > 0 ? <Block counterpartyId={counterpartyId} sum={sum} /> : null;
}

/** «Для моей техники» in a product list's toolbar, when a feature fills the slot. */
export function MachineFilterSlot(props: MachineFilterProps) {
  const Block = useSlots().MachineFilter;
  return Block ? <Block {...props} /> : null;
}

/** The dealer's machines a product fits, when a feature fills the slot and the product names a machine model. */
export function ProductMachinesSlot({ model }: { model: string | undefined }) {
  const Block = useSlots().ProductMachines;
  return Block && model ? <Block model={model} /> : null;
}

/** The machine and «Машина стоит» at checkout, when a feature fills the slot. */
export function CheckoutMachineSlot(props: CheckoutMachineProps) {
  const Block = useSlots().CheckoutMachine;
  return Block ? <Block {...props} /> : null;
}

/** A product's expected arrivals and the arrival request, when a feature fills the slot. */
export function ProductArrivalSlot(props: ProductArrivalProps) {
  const Block = useSlots().ProductArrival;
  return Block ? <Block {...props} /> : null;
}

/** A company's account with the supplier (staff), when a feature fills the slot. */
export function CompanyAccountSlot({ counterpartyId }: { counterpartyId: number }) {
  const Block = useSlots().CompanyAccount;
  return Block && counterpartyId > 0 ? <Block counterpartyId={counterpartyId} /> : null;
}
