/**
 * @module rest/schema/cache — keeps the schema cache current: loads it at start, reloads on
 * `NOTIFY pgrst, 'reload schema'` (which an event trigger sends after every DDL), debounced.
 */
import type { Sql } from 'postgres';
import type { Logger } from '../../context.ts';
import { loadSchemaCache } from './load.ts';
import type { SchemaCache } from './types.ts';

/** Like the Supabase image's pgrst_ddl_watch: DDL anywhere tells PostgREST to reload its cache. */
const DDL_WATCH = `
create or replace function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql as $$
begin
  notify pgrst, 'reload schema';
end $$;
do $$ begin
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop execute procedure extensions.pgrst_ddl_watch();
  end if;
end $$;`;

export class SchemaCacheHolder {
  current!: SchemaCache;
  readonly #sql: Sql;
  readonly #schemas: string[];
  readonly #log: Logger;
  readonly #onReload: () => void;
  #timer: NodeJS.Timeout | undefined;
  #unlisten: (() => Promise<void>) | undefined;
  #loading: Promise<void> | undefined;

  constructor(sql: Sql, schemas: string[], log: Logger, onReload: () => void) {
    this.#sql = sql;
    this.#schemas = schemas;
    this.#log = log;
    this.#onReload = onReload;
  }

  /** Installs the DDL watch (as `admin`), loads the cache and starts listening. */
  async start(admin: Sql): Promise<void> {
    await admin
      .unsafe(DDL_WATCH)
      .catch((e) => this.#log('rest', `could not install the DDL watch: ${e.message}`));
    await this.reload();
    let connected = false;
    const listener = await this.#sql.listen(
      'pgrst',
      (payload) => {
        if (payload === '' || payload === 'reload schema') this.#schedule();
      },
      // After a lost connection notifications may have been missed: reload on every re-listen.
      () => {
        if (connected) this.#schedule();
        connected = true;
      },
    );
    this.#unlisten = listener.unlisten;
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    // A migration sends many notifications; one reload after the burst is enough.
    this.#timer = setTimeout(() => void this.reload(), 30);
  }

  /** Loads the cache from the catalog; requests keep the old one until the new one is ready. */
  reload(): Promise<void> {
    this.#loading ??= (async () => {
      try {
        this.current = await loadSchemaCache(this.#sql, this.#schemas);
        this.#onReload();
      } catch (error) {
        this.#log('rest', `schema cache load failed: ${(error as Error).message}`);
        if (!this.current) throw error;
      } finally {
        this.#loading = undefined;
      }
    })();
    return this.#loading;
  }

  /** Resolves once a reload that is pending or running has finished. */
  async settled(): Promise<void> {
    await this.#loading;
  }

  async close(): Promise<void> {
    clearTimeout(this.#timer);
    await this.#unlisten?.().catch(() => {});
  }
}
