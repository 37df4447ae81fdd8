import type { Db } from '../../db/database.js';
import { isAdmin, type Actor } from '../auth/index.js';
import { allowFileReaders, downloadPath, fileById } from '../files/index.js';
import { billFileIdOf, orderHoldsBillFile } from './bill-queries.js';
import './tables.js';

/**
 * The bill file staff attached to an order (decision 131): it wins over the generated bill wherever the bill
 * is opened, and it opens through the files route for the order's dealer and for administrators.
 */
export async function attachedBill(
  db: Db,
  orderId: number,
): Promise<{ id: number; path: string; name: string; size: number } | null> {
  const billFileId = await billFileIdOf(db, orderId);
  const row = billFileId == null ? undefined : await fileById(db, billFileId);
  return row ? { id: row.id, path: downloadPath(row), name: row.name, size: Number(row.size) } : null;
}

/**
 * Whether the file is the attached bill or commercial offer (decision 146) of an order the actor may see
 * (their own, or any for an administrator).
 */
async function isReadableBill(db: Db, actor: Actor, fileId: number): Promise<boolean> {
  return orderHoldsBillFile(db, fileId, isAdmin(actor) ? null : actor.id);
}

allowFileReaders(isReadableBill);
