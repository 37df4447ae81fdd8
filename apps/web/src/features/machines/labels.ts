import type { Machine } from '@portal/contract';

/** A machine's name for lists: the dealer's own name, else the model. */
export const machineLabel = (m: Pick<Machine, 'name' | 'model'>) => m.name || m.model;
