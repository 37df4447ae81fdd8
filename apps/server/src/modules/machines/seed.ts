import type { Db } from '../../db/database.js';
import './tables.js';

/**
 * The demo dealer's two machines (decision 208): a tractor with its VIN (it fills the order's VIN at checkout)
 * and a combine known by its serial number. Both models are values of the demo catalogue's machine-model facet.
 */
export async function seedMachines(db: Db): Promise<void> {
  const dealer = await db.selectFrom('users').select('id').where('login', '=', 'dealer').executeTakeFirst();
  if (!dealer) return;
  await db
    .insertInto('machines')
    .values([
      { user_id: dealer.id, name: 'Трактор №1', model: 'John Deere 8R 410', serial: '1RW8410DXKD012345', year: 2019 },
      { user_id: dealer.id, name: 'Комбайн на ячмене', model: 'Lexion 760', serial: 'C7600458', year: 2016 },
    ])
    .execute();
}
