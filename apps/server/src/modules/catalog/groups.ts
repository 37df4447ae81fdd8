import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import './tables.js';

/**
 * Which configured product group (tea, coffee… — decision 140) each product is in: a group is a list of
 * catalogue sections, and a product belongs to it when its section or any section above it is listed. One
 * query walking down from the listed sections; the first group listed wins when sections overlap.
 */
export async function productGroupsOf<G extends string>(
  db: Db,
  productIds: number[],
  groups: ReadonlyArray<readonly [G, number[]]>,
): Promise<Map<number, G>> {
  const result = new Map<number, G>();
  const seeds = groups.flatMap(([name, sections], rank) => sections.map((id) => ({ id, name, rank })));
  if (productIds.length === 0 || seeds.length === 0) return result;
  const { rows } = await sql<{ id: number; grp: G }>`
    WITH RECURSIVE listed AS (
      SELECT s.id, g.name AS grp, g.rank
      FROM unnest(${seeds.map((s) => s.id)}::int[], ${seeds.map((s) => s.name)}::text[], ${seeds.map((s) => s.rank)}::int[])
        AS g(id, name, rank)
      JOIN sections s ON s.id = g.id
      UNION
      SELECT s.id, l.grp, l.rank FROM sections s JOIN listed l ON s.parent_id = l.id
    )
    SELECT DISTINCT ON (p.id) p.id, l.grp
    FROM products p JOIN listed l ON l.id = p.section_id
    WHERE p.id = ANY(${productIds}::int[])
    ORDER BY p.id, l.rank
  `.execute(db);
  for (const r of rows) result.set(r.id, r.grp);
  return result;
}
