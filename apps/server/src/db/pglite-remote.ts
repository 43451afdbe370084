import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  addArrayParsers,
  ARRAY_TYPES_SQL,
  baseParsers,
  channelName,
  readAnswer,
  statementMessages,
  type Notification,
  type Parsers,
} from './pglite-wire.js';

/** Answers from the thread: to a call (`id`), or a notification for a listener. */
type Message =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } }
  | { listener: number; payload: string };

type Call =
  | { op: 'statement'; bytes: Uint8Array; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
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
  readonly #listeners = new Map<number, { channel: string; onNotify: (payload: string) => void }>();
  /** The type parsers, with the database's array types once they are read (first thing, in the constructor). */
  readonly #parsers: Promise<Parsers>;
  #nextId = 1;
  #nextTransaction = 1;
  #closed = false;
  #closing = false;
  /** Why calls fail from now on, once the thread is gone. */
  #gone: Error | undefined;

  /** `maintenanceIntervalMs`: how often the thread vacuums and analyses (pglite-maintenance.js); tests shorten it. */
  constructor(options: { dataDir?: string; postgresqlconf: string[]; maintenanceIntervalMs?: number }) {
    this.#worker = new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: options });
    this.#worker.on('message', (message: Message) => this.#receive(message));
    this.#worker.on('error', (error) =>
      this.#fail(new Error(`PGlite is closed: its thread failed (${error.message})`, { cause: error })),
    );
    this.#worker.on('exit', (code) => this.#fail(new Error(`PGlite is closed: its thread exited with code ${code}`)));
    const base = baseParsers();
    this.#parsers = this.#statement<{ oid: number; typarray: number }>(base, ARRAY_TYPES_SQL, []).then(({ rows }) =>
      addArrayParsers(base, rows),
    );
    // A database that cannot even be read fails each query with its own error; this one is not left unhandled.
    this.#parsers.catch(() => undefined);
  }

  get closed(): boolean {
    return this.#closed;
  }

  async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.#statement<T>(await this.#parsers, sql, params, options, tx);
  }

  async #statement<T>(
    parsers: Parsers,
    sql: string,
    params: unknown[],
    options?: QueryOptions,
    tx?: number,
  ): Promise<Results<T>> {
    const bytes = statementMessages(sql, params);
    const answer = await this.#call<Uint8Array>({ op: 'statement', bytes, ...(tx === undefined ? {} : { tx }) }, [
      bytes.buffer as ArrayBuffer,
    ]);
    const { result, notifications } = readAnswer(answer, parsers, sql, options);
    for (const notification of notifications) this.#notify(notification);
    return result as Results<T>;
  }

  /**
   * A NOTIFY that a statement outside a transaction sent comes back with its answer, never to the thread's
   * listeners (pglite-worker.js does not parse answers); a COMMIT's come from them (see `listen`).
   */
  #notify({ channel, payload }: Notification): void {
    for (const listener of this.#listeners.values())
      if (listener.channel === channel) queueMicrotask(() => listener.onNotify(payload));
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) });
  }

  /**
   * An interactive transaction: `work`'s statements forwarded to the thread under the transaction's number
   * (the first one begins it there, so BEGIN costs no round trip of its own), then COMMIT when `work` resolves
   * or ROLLBACK when it throws. PGlite holds every other statement back while a transaction is open, so each
   * round trip saved is time the database is not idle.
   */
  async transaction<T>(work: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    if (this.#closed || this.#gone) throw this.#gone ?? new Error('PGlite is closed');
    const id = this.#nextTransaction++;
    let ended = false;
    // A statement after the end would begin the number again in the thread, and hold PGlite for good.
    const over = () => Promise.reject(new Error('this transaction has ended'));
    const tx: RemoteTransaction = {
      query: (sql, params, options) => (ended ? over() : this.query(sql, params, options, id)),
      exec: (sql) => (ended ? over() : this.exec(sql, id)),
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
    this.#listeners.set(listener, { channel: channelName(channel), onNotify });
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

  #call<T>(call: Call, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.#closed || this.#gone) return Promise.reject(this.#gone ?? new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...call, id }, transfer);
    });
  }

  #receive(message: Message): void {
    if ('listener' in message) {
      this.#listeners.get(message.listener)?.onNotify(message.payload);
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
