import { Worker } from 'node:worker_threads';

/** What PGlite answers a query: the rows and their fields. */
export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string) => unknown>;
}

/** The part of PGlite's interface drizzle's PGlite driver and the server use. */
export interface PgliteClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
  transaction<T>(work: (tx: PgliteClient) => Promise<T>): Promise<T>;
}

type Reply = { id: number; result?: unknown; error?: { message: string; name: string } };

/**
 * PGlite in a worker thread (decision 0155), behind the methods drizzle calls. PostgreSQL's
 * WebAssembly runs synchronously: in the server's own thread every statement would stop HTTP for as
 * long as it runs. Statements go to the worker as messages; a transaction stays open in the worker
 * between its statements, and everything else waits for it there, as it would on PGlite itself.
 */
export class ThreadedPglite implements PgliteClient {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  /** Why statements are refused, once the database is closed or its thread has stopped. */
  private closed: string | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    // A crashed thread (a WebAssembly abort, out of memory) fails what waits and all that comes after:
    // the health check then answers 503, so whatever supervises the server restarts it.
    worker.on('error', (error) => this.stop(`the database thread failed: ${error.message}`));
    worker.on('exit', (code) => this.stop(`the database thread stopped (exit code ${code})`));
  }

  /**
   * Starts the worker and opens PGlite in it: in `dataDir`, or in memory without one. A compiled
   * `pgliteWasmModule` is shared with the worker, not compiled again; `startParams` are PGlite's.
   */
  static async open(options: {
    dataDir?: string | undefined;
    pgliteWasmModule?: WebAssembly.Module;
    startParams?: string[];
  }) {
    const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: options });
    const client = new ThreadedPglite(worker);
    await new Promise<unknown>((resolve, reject) => client.pending.set(0, { resolve, reject }));
    return client;
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<QueryResult> {
    // Parser functions cannot cross the thread; drizzle only passes identity parsers (keep these types as
    // text), so their type ids are what the worker needs.
    const textTypes = Object.keys(options.parsers ?? {}).map(Number);
    return this.send({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      textTypes,
      tx,
    }) as Promise<QueryResult>;
  }

  exec(sql: string, tx?: number): Promise<QueryResult[]> {
    return this.send({ op: 'exec', sql, tx }) as Promise<QueryResult[]>;
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: PgliteClient) => Promise<T>): Promise<T> {
    // The transaction is known by the id of the `begin` that opened it.
    const id = this.nextId;
    await this.send({ op: 'begin' }, id);
    const tx: PgliteClient = {
      query: (sql, params, options) => this.query(sql, params, options, id),
      exec: (sql) => this.exec(sql, id),
      transaction: () => Promise.reject(new Error('nested transactions go through savepoints')),
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await this.send({ op: 'end', tx: id, commit: false });
      throw error;
    }
    await this.send({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** Closes PGlite (a clean shutdown of its files), then the worker. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.send({ op: 'close' });
    this.closed = 'the database is closed';
    await this.worker.terminate();
  }

  private send(message: Record<string, unknown>, id = this.nextId): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error(this.closed));
    this.nextId = id + 1;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private settle({ id, result, error }: Reply): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (error) waiting.reject(Object.assign(new Error(error.message), error));
    else waiting.resolve(result);
  }

  private stop(reason: string): void {
    this.closed ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(new Error(reason));
    this.pending.clear();
  }
}
