import { sql, type Kysely } from 'kysely';

/**
 * One supplier phone (decision 190), the expand step: the settings had a header phone (`phone`) and the
 * supplier's (`supplier.phone`, on the bill). The supplier's is now the one the header, the footer and the
 * bill show; where only the header phone was filled in, it moves there. `phone` stays (the server keeps
 * writing it) while the previous version may run; a later release drops it (docs/migrations.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE site_settings
       SET value = value || jsonb_build_object(
             'supplier', coalesce(value -> 'supplier', '{}'::jsonb) || jsonb_build_object('phone', value ->> 'phone'))
     WHERE key = 'main'
       AND coalesce(value ->> 'phone', '') <> ''
       AND coalesce(value -> 'supplier' ->> 'phone', '') = ''`.execute(db);
}

/** Nothing to undo: the header phone is still where the previous version reads it. */
export async function down(): Promise<void> {}
