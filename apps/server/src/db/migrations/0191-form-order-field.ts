import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';

interface StoredField {
  code: string;
  type: string;
  label: string;
  rules?: Array<{ regex: string; message: string }>;
}
interface StoredTranslation {
  fields?: Record<string, { label?: string; messages?: string[] }>;
}

/**
 * The shipped support and delivery-claim forms as decision 191 has them, where an administrator has not
 * changed them: the order is chosen from the dealer's own orders (field type ORDER), and the support form's
 * category no longer reads «Тема обращения» beside its «Тема». A field changed by hand is left as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await modernizeShippedForms(db);
}

export async function down(): Promise<void> {
  // The new texts stay: the previous ones are no better for a rolled-back portal.
}

export async function modernizeShippedForms(db: QueryExecutorProvider): Promise<void> {
  const forms = await sql<{ id: number; code: string; fields: StoredField[]; translation_en: StoredTranslation }>`
    SELECT id, code, fields, translation_en FROM forms WHERE code IN ('USER_SUPPORT', 'DELIVERY_CLAIM')`.execute(db);
  for (const form of forms.rows) {
    let changed = false;
    const fields = form.fields.map((f) => {
      if (f.code === 'ORDER_NUMBER' && f.type === 'TEXT' && f.label === 'Номер заказа') {
        changed = true;
        return {
          ...f,
          type: 'ORDER',
          label: 'Заказ',
          rules: (f.rules ?? []).map((r) =>
            r.message === 'Укажите номер заказа цифрами' ? { ...r, message: 'Выберите заказ' } : r,
          ),
        };
      }
      if (form.code === 'USER_SUPPORT' && f.code === 'TOPIC' && f.label === 'Тема обращения') {
        changed = true;
        return {
          ...f,
          label: 'Категория',
          rules: (f.rules ?? []).map((r) =>
            r.message === 'Выберите тему обращения' ? { ...r, message: 'Выберите категорию' } : r,
          ),
        };
      }
      return f;
    });
    if (!changed) continue;
    const en = structuredClone(form.translation_en);
    const order = en.fields?.['ORDER_NUMBER'];
    if (order?.label === 'Order number') Object.assign(order, { label: 'Order', messages: ['Choose the order'] });
    const topic = en.fields?.['TOPIC'];
    if (form.code === 'USER_SUPPORT' && topic?.label === 'Topic')
      Object.assign(topic, { label: 'Category', messages: ['Choose the category'] });
    await sql`UPDATE forms SET fields = ${JSON.stringify(fields)}::jsonb, translation_en = ${JSON.stringify(en)}::jsonb
      WHERE id = ${form.id}`.execute(db);
  }
}
