import type { Db } from '../../db/database.js';
import { isAdmin, type Actor } from '../auth/index.js';
import { allowFileReaders, downloadPath, fileById } from '../files/index.js';
import './tables.js';

/**
 * The bill file staff attached to an order (decision 131): it wins over the generated bill wherever the bill
 * is opened, and it opens through the files route for the order's dealer and for administrators.
 */
export async function attachedBill(
  db: Db,
  orderId: number,
): Promise<{ id: number; path: string; name: string; size: number } | null> {
  const order = await db.selectFrom('orders').select('bill_file_id').where('id', '=', orderId).executeTakeFirst();
  const row = order?.bill_file_id == null ? undefined : await fileById(db, order.bill_file_id);
  return row ? { id: row.id, path: downloadPath(row), name: row.name, size: Number(row.size) } : null;
}

/**
 * Whether the file is the attached bill or commercial offer (decision 146) of an order the actor may see
 * (their own, or any for an administrator).
 */
async function isReadableBill(db: Db, actor: Actor, fileId: number): Promise<boolean> {
  let q = db
    .selectFrom('orders')
    .select('id')
    .where((eb) => eb.or([eb('bill_file_id', '=', fileId), eb('offer_file_id', '=', fileId)]));
  if (!isAdmin(actor)) q = q.where('user_id', '=', actor.id);
  return Boolean(await q.executeTakeFirst());
}

allowFileReaders(isReadableBill);
