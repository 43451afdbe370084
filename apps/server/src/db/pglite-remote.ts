import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
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
import { statementTimings, TRANSACTION_HELD, wallClock, type StatementTiming } from './pglite-timings.js';

/**
 * How long the main thread sleeps, at most, for the answer to a statement of a transaction already begun. A
 * single-book write's statements run in 0.4–1 ms (bench/load's breakdown); a longer one (an import's batch)
 * then arrives as any other answer, so the main thread is never held for long.
 */
const WAIT_IN_TRANSACTION_MS = 5;

/** Answers from the thread: to a call (`id`), or a notification for a listener. */
type Message =
  | { id: number; ok: true; value: unknown; ran?: [number, number] }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } }
  | { listener: number; payload: string };

type Call =
  | { op: 'statement'; bytes: Uint8Array; tx?: number; waiting?: true }
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
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; timed?: (ran: [number, number]) => void }
  >();
  readonly #listeners = new Map<number, { channel: string; onNotify: (payload: string) => void }>();
  /** The type parsers, with the database's array types once they are read (first thing, in the constructor). */
  readonly #parsers: Promise<Parsers>;
  /** Where the thread answers a statement the main thread waits for asleep, and its count of those answers. */
  readonly #answers: MessagePort;
  readonly #answersPosted = new Int32Array(new SharedArrayBuffer(4));
  /** Transactions whose first statement was answered: begun in the thread, so PGlite is theirs until they end. */
  readonly #begun = new Set<number>();
  readonly #waitMs: number;
  #nextId = 1;
  #nextTransaction = 1;
  #closed = false;
  #closing = false;
  /** Why calls fail from now on, once the thread is gone. */
  #gone: Error | undefined;

  /**
   * `maintenanceIntervalMs`: how often the thread vacuums and analyses (pglite-maintenance.js); tests shorten it.
   * `waitInTransactionMs`: how long the main thread may sleep for the answer to a statement of a begun
   * transaction (see `#statement`); 0 never.
   */
  constructor({
    waitInTransactionMs = WAIT_IN_TRANSACTION_MS,
    ...options
  }: {
    dataDir?: string;
    postgresqlconf: string[];
    maintenanceIntervalMs?: number;
    waitInTransactionMs?: number;
  }) {
    this.#waitMs = waitInTransactionMs;
    const { port1, port2 } = new MessageChannel();
    this.#answers = port1;
    this.#worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
      workerData: { ...options, answers: { port: port2, posted: this.#answersPosted.buffer } },
      transferList: [port2],
    });
    // An answer that came after the main thread stopped waiting for it arrives as any other.
    this.#answers.on('message', (message: Message) => this.#receive(message));
    this.#answers.unref();
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
    // Inside a begun transaction PGlite runs nothing else until it ends, and its statements are short: the main
    // thread sleeps for the answer rather than take its next turn for it, as many turns later as other requests'
    // work puts it. The rest of the transaction (the next statement, COMMIT) then follows in the same turn.
    const waiting = tx !== undefined && this.#begun.has(tx) && this.#waitMs > 0;
    const call: Call = {
      op: 'statement',
      bytes,
      ...(tx === undefined ? {} : { tx }),
      ...(waiting ? { waiting: true as const } : {}),
    };
    const transfer = [bytes.buffer as ArrayBuffer];
    if (!statementTimings.hasSubscribers) {
      const answer = await this.#call<Uint8Array>(call, transfer);
      if (tx !== undefined) this.#begun.add(tx);
      return this.#read<T>(answer, parsers, sql, options);
    }
    const posted = wallClock();
    let ran: [number, number] = [NaN, NaN];
    const answer = await this.#call<Uint8Array>(call, transfer, (r) => (ran = r));
    if (tx !== undefined) this.#begun.add(tx);
    const received = wallClock();
    const result = this.#read<T>(answer, parsers, sql, options);
    const [started, ended] = ran;
    const timing: StatementTiming = {
      sql,
      inTransaction: tx !== undefined,
      posted,
      started,
      ended,
      received,
      decoded: wallClock(),
      bytes: answer.byteLength,
    };
    statementTimings.publish(timing);
    return result;
  }

  #read<T>(answer: Uint8Array, parsers: Parsers, sql: string, options?: QueryOptions): Results<T> {
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
      this.#begun.delete(id);
      throw error;
    }
    ended = true;
    try {
      if (!statementTimings.hasSubscribers) await this.#call({ op: 'end', tx: id, commit: true });
      else await this.#timedEnd(id);
    } finally {
      this.#begun.delete(id);
    }
    return result;
  }

  /** COMMIT, published as the time the transaction held PGlite (from its BEGIN to its COMMIT). */
  async #timedEnd(id: number): Promise<void> {
    const posted = wallClock();
    let held: [number, number] = [NaN, NaN];
    await this.#call({ op: 'end', tx: id, commit: true }, [], (ran) => (held = ran));
    const received = wallClock();
    const timing: StatementTiming = {
      sql: TRANSACTION_HELD,
      inTransaction: true,
      posted,
      started: held[0],
      ended: held[1],
      received,
      decoded: received,
      bytes: 0,
    };
    statementTimings.publish(timing);
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

  /** `timed`: told when the statement ran in the thread, before the call resolves. */
  #call<T>(call: Call, transfer: ArrayBuffer[] = [], timed?: (ran: [number, number]) => void): Promise<T> {
    if (this.#closed || this.#gone) return Promise.reject(this.#gone ?? new Error('PGlite is closed'));
    const id = this.#nextId++;
    const answered = new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, ...(timed ? { timed } : {}) });
    });
    const seen = Atomics.load(this.#answersPosted, 0);
    this.#worker.postMessage({ ...call, id }, transfer);
    if (call.op === 'statement' && call.waiting) this.#sleepUntilAnswered(id, seen);
    return answered;
  }

  /**
   * Sleeps (Atomics.wait) until the thread has answered call `id` on the answers' port, for `waitInTransactionMs`
   * at most, and takes the answer from there; the promise of the call is then settled, and its continuation runs
   * before anything else on this thread. Past the limit (a long statement) the answer comes as any other.
   */
  #sleepUntilAnswered(id: number, seen: number): void {
    const until = performance.now() + this.#waitMs;
    for (;;) {
      for (let got = receiveMessageOnPort(this.#answers); got; got = receiveMessageOnPort(this.#answers))
        this.#receive(got.message as Message);
      if (!this.#pending.has(id)) return;
      const left = until - performance.now();
      if (left <= 0) return;
      Atomics.wait(this.#answersPosted, 0, seen, left);
      seen = Atomics.load(this.#answersPosted, 0);
    }
  }

  #receive(message: Message): void {
    if ('listener' in message) {
      this.#listeners.get(message.listener)?.onNotify(message.payload);
      return;
    }
    const pending = this.#pending.get(message.id);
    this.#pending.delete(message.id);
    if (!pending) return;
    if (message.ok) {
      if (message.ran) pending.timed?.(message.ran);
      pending.resolve(message.value);
    }
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
    this.#answers.close();
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
