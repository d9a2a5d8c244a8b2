import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';

type CompileQuery = QueryCompiler['compileQuery'];

/**
 * One pooled connection as the rest of kysely sees it. A transaction on it is only marked as asked
 * for; `begin` is sent right before its first statement, so a transaction that never queries
 * (a cached string, a template) costs no round trip and no lock.
 */
class LazyConnection implements DatabaseConnection {
  /** The settings of a transaction asked for but not yet begun. */
  pending: TransactionSettings | null = null;
  begun = false;

  constructor(
    readonly real: DatabaseConnection,
    private readonly driver: Driver,
  ) {}

  async ensureBegun(): Promise<void> {
    if (!this.pending) return;
    const settings = this.pending;
    this.pending = null;
    await this.driver.beginTransaction(this.real, settings);
    this.begun = true;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.ensureBegun();
    return this.real.executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.ensureBegun();
    yield* this.real.streamQuery<R>(query, chunkSize);
  }
}

class LazyTransactionDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, LazyConnection>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const real = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(real);
    if (!wrapper) {
      wrapper = new LazyConnection(real, this.inner);
      this.wrappers.set(real, wrapper);
    }
    return wrapper;
  }

  private lazy(connection: DatabaseConnection): LazyConnection {
    if (!(connection instanceof LazyConnection)) throw new Error('A connection this driver did not hand out');
    return connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const lazy = this.lazy(connection);
    lazy.pending = settings;
    lazy.begun = false;
    return Promise.resolve();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lazy = this.lazy(connection);
    lazy.pending = null;
    if (!lazy.begun) return;
    lazy.begun = false;
    await this.inner.commitTransaction(lazy.real);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lazy = this.lazy(connection);
    lazy.pending = null;
    if (!lazy.begun) return;
    lazy.begun = false;
    await this.inner.rollbackTransaction(lazy.real);
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    const lazy = this.lazy(connection);
    if (!this.inner.savepoint) throw new Error('This database driver has no savepoints');
    await lazy.ensureBegun();
    await this.inner.savepoint(lazy.real, name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    const lazy = this.lazy(connection);
    if (!this.inner.rollbackToSavepoint) throw new Error('This database driver has no savepoints');
    await this.inner.rollbackToSavepoint(lazy.real, name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    const lazy = this.lazy(connection);
    if (!this.inner.releaseSavepoint) throw new Error('This database driver has no savepoints');
    await this.inner.releaseSavepoint(lazy.real, name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lazy = this.lazy(connection);
    // A transaction left open by an error in kysely itself must not leak into the next user.
    if (lazy.begun) {
      lazy.begun = false;
      await this.inner.rollbackTransaction(lazy.real);
    }
    lazy.pending = null;
    await this.inner.releaseConnection(lazy.real);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * The dialect with transactions that begin at their first statement. Every web-service call runs in
 * a transaction; many read only cached data and never touch the database, and now cost nothing there.
 */
export function withLazyTransactions(dialect: Dialect): Dialect {
  return {
    createDriver: () => new LazyTransactionDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
