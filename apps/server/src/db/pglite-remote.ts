import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/** Answers from the thread: to a call (`id`), or a notification for a listener. */
type Message =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } }
  | { listener: number; payload: string };

type Call =
  | { op: 'query'; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; keepText?: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'migrate'; folder: string }
  | { op: 'close' };

/** The part of a PGlite transaction Drizzle uses. */
export interface RemoteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  readonly closed: boolean;
}

/**
 * PGlite in a worker thread (pglite-worker.js), with the part of PGlite's API that Drizzle's pglite driver
 * and the app use: query, exec, interactive transactions, listen, close; and the migrations, run there.
 */
export class RemotePglite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #closed = false;
  #closing = false;
  /** Why calls fail from now on, once the thread is gone. */
  #gone: Error | undefined;

  constructor(options: { dataDir?: string; postgresqlconf: string[] }) {
    this.#worker = new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: options });
    this.#worker.on('message', (message: Message) => this.#receive(message));
    this.#worker.on('error', (error) =>
      this.#fail(new Error(`PGlite is closed: its thread failed (${error.message})`, { cause: error })),
    );
    this.#worker.on('exit', (code) => this.#fail(new Error(`PGlite is closed: its thread exited with code ${code}`)));
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.#call({ op: 'query', sql, params, ...queryOptions(options), ...(tx === undefined ? {} : { tx }) });
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) });
  }

  /**
   * An interactive transaction: BEGIN in the thread, `work`'s statements forwarded to it by the
   * transaction's id, then COMMIT when `work` resolves or ROLLBACK when it throws.
   */
  async transaction<T>(work: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    let ended = false;
    const tx: RemoteTransaction = {
      query: (sql, params, options) => this.query(sql, params, options, id),
      exec: (sql) => this.exec(sql, id),
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      ended = true;
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    ended = true;
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** LISTEN on the thread's connection; resolves to the function that stops listening. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = await this.#call<number>({ op: 'listen', channel });
    this.#listeners.set(listener, onNotify);
    return async () => {
      this.#listeners.delete(listener);
      if (!this.#closed) await this.#call({ op: 'unlisten', listener });
    };
  }

  migrate(folder: string): Promise<void> {
    return this.#call({ op: 'migrate', folder });
  }

  /** Closes the database (PGlite writes its files), then ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closing = true;
    try {
      if (!this.#gone) await this.#call({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  #call<T>(call: Call): Promise<T> {
    if (this.#closed || this.#gone) return Promise.reject(this.#gone ?? new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...call, id });
    });
  }

  #receive(message: Message): void {
    if ('listener' in message) {
      this.#listeners.get(message.listener)?.(message.payload);
      return;
    }
    const pending = this.#pending.get(message.id);
    this.#pending.delete(message.id);
    if (!pending) return;
    if (message.ok) pending.resolve(message.value);
    // The database error with its own fields (code, detail, constraint…), as errors.ts reads them.
    else pending.reject(Object.assign(new Error(message.error.message), message.error));
  }

  /**
   * The thread is gone: every call fails as on a closed database. When nobody closed it (PGlite aborted),
   * the error is also thrown, uncaught, as a crash of PGlite on the main thread would have been: main.ts
   * logs it and exits, rather than answering 503 until someone restarts the server.
   */
  #fail(error: Error): void {
    if (this.#gone) return;
    this.#gone = error;
    this.#closed = true;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
    if (!this.#closing)
      queueMicrotask(() => {
        throw error;
      });
  }
}

/** What can cross to the thread: functions cannot, so a parser must be one that keeps the text as it is. */
const keptText = new WeakMap<object, number[]>();

function queryOptions(options: QueryOptions | undefined): { rowMode?: 'array' | 'object'; keepText?: number[] } {
  if (!options) return {};
  const { rowMode, parsers, ...rest } = options;
  if (Object.keys(rest).length > 0)
    throw new Error(`PGlite query options ${Object.keys(rest).join(', ')} cannot reach its thread`);
  if (!parsers) return rowMode ? { rowMode } : {};
  let keepText = keptText.get(parsers);
  if (!keepText) {
    const oids = Object.keys(parsers).map(Number);
    // Drizzle passes the same parsers object with every statement of a prepared query, so this runs once.
    for (const oid of oids)
      if (parsers[oid]!('2001-02-03 04:05:06') !== '2001-02-03 04:05:06')
        throw new Error(
          `the parser for type ${oid} does not keep the text; only such parsers can reach PGlite's thread`,
        );
    keepText = oids;
    keptText.set(parsers, keepText);
  }
  return { ...(rowMode ? { rowMode } : {}), keepText };
}
