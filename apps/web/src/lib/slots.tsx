import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * Places where one feature shows another's component without importing it (features never import each
 * other). The app fills the slots at the root (`app/slots.tsx`); a slot nobody fills renders nothing.
 */
export interface ProductOrderProps {
  productId: number;
  /** Catalogue limits of the quantity input (site settings). */
  min?: number;
  max?: number;
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

export interface Slots {
  /** Quantity input and add-to-basket button on every product view (ordering fills it). */
  ProductOrder?: ComponentType<ProductOrderProps>;
  /** Blocks of the dashboard besides its own (last orders, order history, notices, payment prompt…). */
  dashboardBlocks?: DashboardBlock[];
}

const SlotsContext = createContext<Slots>({});

export function SlotsProvider({ value, children }: { value: Slots; children: ReactNode }) {
  return <SlotsContext.Provider value={value}>{children}</SlotsContext.Provider>;
}

export const useSlots = () => useContext(SlotsContext);

export function ProductOrderSlot(props: ProductOrderProps) {
  const Control = useSlots().ProductOrder;
  return Control ? <Control {...props} /> : null;
}
