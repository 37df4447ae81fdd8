import { sql, type Kysely } from 'kysely';

/**
 * Each instance keeps the sessions it has just read, with their users (decision 251). These triggers announce
 * on `portal_changes` what such a copy must drop: a session deleted or taken back (its expiry moved earlier, its
 * user changed), a user changed or deleted. A statement that changes more than 100 rows announces `all`. The
 * expiry a call pushes forward (`TOUCH_EVERY_MS` in sessions/session-store.ts) announces nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION portal_changes_announce(kind text, ids text[]) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE id text;
    BEGIN
      IF cardinality(ids) > 100 THEN
        PERFORM pg_notify('portal_changes', 'all');
      ELSE
        FOREACH id IN ARRAY ids LOOP PERFORM pg_notify('portal_changes', kind || ':' || id); END LOOP;
      END IF;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION sessions_gone_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM portal_changes_announce('session', ARRAY(SELECT id FROM gone));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION sessions_changed_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM portal_changes_announce('session', ARRAY(
        SELECT o.id FROM gone o JOIN fresh n ON n.id = o.id
        WHERE n.expires_at < o.expires_at OR n.user_id IS DISTINCT FROM o.user_id
          OR n.sessid <> o.sessid OR n.persistent <> o.persistent));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION users_changed_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM portal_changes_announce('user', ARRAY(SELECT id::text FROM gone));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION all_changed_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('portal_changes', 'all');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sessions_deleted_announce AFTER DELETE ON sessions
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION sessions_gone_announce()`.execute(db);
  await sql`
    CREATE TRIGGER sessions_updated_announce AFTER UPDATE ON sessions
    REFERENCING OLD TABLE AS gone NEW TABLE AS fresh FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_announce()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER users_updated_announce AFTER UPDATE ON users
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION users_changed_announce()`.execute(db);
  await sql`
    CREATE TRIGGER users_deleted_announce AFTER DELETE ON users
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION users_changed_announce()`.execute(db);
  await sql`
    CREATE TRIGGER sessions_truncated_announce AFTER TRUNCATE ON sessions
    FOR EACH STATEMENT EXECUTE FUNCTION all_changed_announce()`.execute(db);
  await sql`
    CREATE TRIGGER users_truncated_announce AFTER TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION all_changed_announce()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ['sessions_deleted_announce', 'sessions'],
    ['sessions_updated_announce', 'sessions'],
    ['sessions_truncated_announce', 'sessions'],
    ['users_updated_announce', 'users'],
    ['users_deleted_announce', 'users'],
    ['users_truncated_announce', 'users'],
  ] as const) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)} ON ${sql.id(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS sessions_gone_announce, sessions_changed_announce, users_changed_announce,
    all_changed_announce, portal_changes_announce`.execute(db);
}
