import { BUSINESS_TIME_ZONE } from '@portal/contract';
import { sql } from 'kysely';

/**
 * The bounds of a date filter's days (`YYYY-MM-DD`, validated by the contract) as instants: the supplier's
 * day in Moscow (decision 180), computed by the database so the server's own zone never matters.
 */
export const dayStart = (date: string) => sql<Date>`((${date}::date)::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE})`;

/** The first instant after the day: `created_at < dayEnd(to)` keeps the whole last day. */
export const dayEnd = (date: string) => sql<Date>`((${date}::date + 1)::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE})`;
