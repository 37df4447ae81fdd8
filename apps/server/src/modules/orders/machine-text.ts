import type { OrderMachineSnapshot } from './tables.js';

/**
 * The machine an order was placed for, in one line as people read it: «Комбайн №3 · Tucano 450 · C4500777 ·
 * 2021» (the web's order page says the same). Used where the order leaves the portal: 1C and the staff e-mail
 * (decision 209).
 */
export const machineText = (m: OrderMachineSnapshot | null | undefined): string =>
  m ? [m.name, m.model, m.serial, m.year === null ? '' : String(m.year)].filter(Boolean).join(' · ') : '';
