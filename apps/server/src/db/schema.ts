import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Each module declares its own tables by augmenting this interface
 * (`declare module '../../db/schema.js'`), so a domain's tables live beside its queries.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}

export type Id = Generated<number>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Json<T> = ColumnType<T, string, string>;
