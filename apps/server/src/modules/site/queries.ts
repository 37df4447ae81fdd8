import type { Db } from '../../db/database.js';
import './tables.js';

/** The SQL of the site module: the menu (the settings rows live in the settings module). */

/** The entries of one menu, in their order. */
export const menuItems = (db: Db, menu: string) =>
  db.selectFrom('menu_items').selectAll().where('menu', '=', menu).orderBy('sort').orderBy('id').execute();
