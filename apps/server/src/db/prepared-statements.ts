import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Server-side prepared statements for the statements a connection runs again and again
 * (decision 0066). Planning was most of PostgreSQL's time per command: a permit command's dozen
 * statements (the permit read with its joins, the guard plugins' facts, the update) were parsed and
 * planned on every run (pg sends each as an unnamed statement), ~5.6 ms of planning against ~2.9 ms of
 * execution per command. A named statement is parsed once per connection; PostgreSQL then plans it
 * for its parameters five times and keeps a generic plan only when that is no dearer than those
 * (plan_cache_mode auto) — as pgJDBC does by default (prepareThreshold 5).
 *
 * - Only statements with parameters (what the query builder sends; DDL, BEGIN and COMMIT have none)
 *   run inside a transaction: the commands' and jobs' statements, which look rows up by their keys.
 *   The read routes' queries outside one (the permit index's free-text search and sort hints, the
 *   offline download's pages) keep a plan made for their own parameters, as before.
 * - A statement is named on its PREPARE_AFTER-th run on the connection (one-off texts, such as
 *   IN lists of every length, stay unnamed) and at most MAX_PREPARED per connection (each holds
 *   its plan in the backend's memory); beyond that, statements run unnamed as before.
 * - A schema change that alters a prepared statement's result columns makes PostgreSQL refuse it
 *   ("cached plan must not change result type"): the connection then forgets its names, so the
 *   next run prepares anew (the failed statement's error goes to its caller, as any error would).
 */
const PREPARE_AFTER = 3;
const MAX_PREPARED = 300;
/** Texts counted per connection before the count starts again (bounds the memory of one-off texts). */
const MAX_COUNTED = 2000;

type Query = (...args: unknown[]) => unknown;

export class PreparingClient extends pg.Client {
  private readonly runs = new Map<string, number>();
  private readonly names = new Map<string, string>();
  /** Bumped when the names are forgotten, so a text prepared again gets a new name. */
  private generation = 0;
  /** Between BEGIN and COMMIT/ROLLBACK as this client sent them (what the query builder sends). */
  private inTransaction = false;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // Shadows pg.Client's query (an instance property: its overloads stay as they are for callers).
    const query = (pg.Client.prototype.query as Query).bind(this);
    (this as unknown as { query: Query }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== 'string' || args.length > 2) return query(...args);
      if (!Array.isArray(values) || values.length === 0) {
        this.follow(text);
        return query(...args);
      }
      if (!this.inTransaction) return query(...args);
      const name = this.nameOf(text);
      if (name === undefined) return query(text, values);
      return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
        // SQLSTATE 0A000: a prepared statement whose result columns a schema change altered.
        if ((error as { code?: string }).code === '0A000') this.forget();
        throw error;
      });
    };
  }

  private nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= MAX_PREPARED) return undefined;
    const runs = (this.runs.get(text) ?? 0) + 1;
    if (runs < PREPARE_AFTER) {
      if (this.runs.size >= MAX_COUNTED) this.runs.clear();
      this.runs.set(text, runs);
      return undefined;
    }
    this.runs.delete(text);
    const name = `hasp_${this.generation}_${createHash('sha1').update(text).digest('hex')}`;
    this.names.set(text, name);
    return name;
  }

  /** Whether a statement without parameters begins or ends the transaction (a savepoint's rollback does not). */
  private follow(text: string): void {
    const head = text.trimStart().slice(0, 20).toLowerCase();
    if (head.startsWith('begin') || head.startsWith('start transaction')) this.inTransaction = true;
    else if (/^(commit|end|abort)\b/.test(head) || (/^rollback\b/.test(head) && !/^rollback\s+to\b/.test(head)))
      this.inTransaction = false;
  }

  private forget(): void {
    this.names.clear();
    this.runs.clear();
    this.generation += 1;
  }
}
