import type { Db } from '../../db/database.js';
import './tables.js';

/** The file staff attached as the order's bill (decision 131), if any. */
export async function billFileIdOf(db: Db, orderId: number): Promise<number | null> {
  const order = await db.selectFrom('orders').select('bill_file_id').where('id', '=', orderId).executeTakeFirst();
  return order?.bill_file_id ?? null;
}

/** Whether the file is the attached bill or offer (decision 146) of an order of `userId` (null: of any order). */
export async function orderHoldsBillFile(db: Db, fileId: number, userId: number | null): Promise<boolean> {
  let q = db
    .selectFrom('orders')
    .select('id')
    .where((eb) => eb.or([eb('bill_file_id', '=', fileId), eb('offer_file_id', '=', fileId)]));
  if (userId !== null) q = q.where('user_id', '=', userId);
  return Boolean(await q.executeTakeFirst());
}
