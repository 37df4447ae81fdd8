import type { DealerCompanyFilter } from '@portal/contract';
import { sql, type RawBuilder } from 'kysely';
import { containsPattern } from '../../rest/paging.js';

/**
 * The dealer and company filters of the staff lists (decision 100), as the order desk reads them: a condition on
 * the column holding the row's dealer. `company` is the dealer's profile company or ИНН; a list whose company
 * comes from elsewhere (returns: the order's counterparty) passes its own condition. Call it for staff only:
 * a dealer's list is their own whatever they send.
 */
export function dealerCompanyCondition(
  userColumn: string,
  f: DealerCompanyFilter | undefined,
  company?: (like: string) => RawBuilder<boolean>,
): RawBuilder<boolean> | undefined {
  const parts: Array<RawBuilder<boolean>> = [];
  const user = sql.ref(userColumn);
  if (f?.dealer) {
    const like = containsPattern(f.dealer);
    parts.push(sql<boolean>`${user} IN (SELECT du.id FROM users du WHERE du.login ILIKE ${like}
      OR du.email ILIKE ${like} OR (du.last_name || ' ' || du.first_name) ILIKE ${like})`);
  }
  if (f?.company) {
    const like = containsPattern(f.company);
    parts.push(
      company?.(like) ??
        sql<boolean>`${user} IN (SELECT cu.id FROM users cu WHERE cu.company ILIKE ${like} OR cu.inn LIKE ${like})`,
    );
  }
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` AND `)})` : undefined;
}
