import { normalizeArticle } from '@portal/contract';
import type { Db } from '../../db/database.js';

let serial = 0;

export async function userId(db: Db, login: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow();
  return row.id;
}

/** An active catalogue product with a unique part number (or the one given). */
export async function newProduct(db: Db, article = `TST-${Date.now()}-${++serial}`, name = 'Тестовая деталь') {
  return db
    .insertInto('products')
    .values({ name, article, article_key: normalizeArticle(article) })
    .returning(['id', 'name', 'article'])
    .executeTakeFirstOrThrow();
}

/**
 * An order of a user with lines; `delivered` per line (defaults to the quantity). By default it is
 * «Выполнен» and was shipped a day ago, so its goods may be returned (decision 061); `status` and
 * `shippedDaysAgo` (null = not shipped) make other cases.
 */
export async function newOrder(
  db: Db,
  login: string,
  lines: Array<{ quantity: number; delivered?: number }> = [{ quantity: 5 }],
  { status: code = 'F', shippedDaysAgo = 1 }: { status?: string; shippedDaysAgo?: number | null } = {},
) {
  const uid = await userId(db, login);
  let status = await db.selectFrom('order_statuses').select('id').where('code', '=', code).executeTakeFirst();
  status ??= await db
    .insertInto('order_statuses')
    .values({ code, name: code === 'F' ? 'Выполнен' : code })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await db
    .insertInto('orders')
    .values({
      user_id: uid,
      status_id: status.id,
      shipped_at: shippedDaysAgo === null ? null : new Date(Date.now() - shippedDaysAgo * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const products = [];
  for (const line of lines) {
    const product = await newProduct(db);
    await db
      .insertInto('order_items')
      .values({
        order_id: order.id,
        product_id: product.id,
        name: product.name,
        article: product.article,
        quantity: line.quantity,
        delivered_quantity: line.delivered ?? line.quantity,
        price: 1000,
      })
      .execute();
    products.push(product);
  }
  return { id: order.id, products };
}

/** A tiny valid PNG (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a Windows executable, named as a photo. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200, 1)]);

/** A multipart body as the web client sends it: a `payload` JSON field plus file parts. */
export function multipart(files: Array<{ name: string; type: string; data: Buffer }>, payload?: unknown) {
  const boundary = `----portal${Date.now()}`;
  const parts: Buffer[] = [];
  if (payload !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${JSON.stringify(payload)}\r\n`,
      ),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
