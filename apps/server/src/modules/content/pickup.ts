import type { Db } from '../../db/database.js';
import './tables.js';

/** A warehouse of the «Склады» page as a pickup point of an order (decision 064). */
export interface PickupPoint {
  id: number;
  name: string;
  address: string;
  working: string;
}

/** The active warehouses in the order of the «Склады» page: where a dealer may collect a pickup order. */
export async function pickupPoints(db: Db): Promise<PickupPoint[]> {
  return db
    .selectFrom('storages')
    .select(['id', 'name', 'address', 'working'])
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
