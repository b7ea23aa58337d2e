import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { describeDatabaseError } from './db-errors.ts';
import { logRedactPaths, serializeError } from './logging.ts';

/** A PostgreSQL error as PGlite and node-postgres raise it, wrapped the way drizzle wraps it. */
function drizzleError(pg: Record<string, unknown>, params: unknown[]) {
  const cause = Object.assign(new Error(String(pg.message)), pg);
  const query = 'insert into "users" ("email", "mobile_phone") values ($1, $2)';
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`), {
    query,
    params,
    cause,
  });
}

describe('database errors in logs (issue 19 item 4)', () => {
  it('keeps the SQLSTATE, constraint and table; drops the query, parameters and row values', () => {
    const error = drizzleError(
      {
        message: 'duplicate key value violates unique constraint "users_email_unique"',
        code: '23505',
        constraint: 'users_email_unique',
        table: 'users',
        schema: 'public',
        detail: 'Key (email)=(ann.secret@example.com) already exists.',
      },
      ['ann.secret@example.com', '+12125550123'],
    );
    const serialized = serializeError(error);
    expect(serialized.db).toEqual({
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
      schema: 'public',
      message: 'duplicate key value violates unique constraint "users_email_unique"',
    });
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('ann.secret@example.com');
    expect(text).not.toContain('2125550123');
    expect(text).not.toContain('insert into');
    expect(serialized.stack).toContain('at ');
  });

  it('blanks values the database quotes in its own message', () => {
    const summary = describeDatabaseError(
      drizzleError({ message: 'invalid input syntax for type date: "1961-03-09x"', code: '22007' }, [
        '1961-03-09x',
      ]),
    );
    expect(summary).toEqual({ code: '22007', message: 'invalid input syntax for type date: "?"' });
    const check = describeDatabaseError(
      drizzleError(
        {
          message: 'new row for relation "thread_messages" violates check constraint "body_check"',
          code: '23514',
          table: 'thread_messages',
          constraint: 'body_check',
          detail: 'Failing row contains (I feel very low).',
        },
        ['I feel very low'],
      ),
    );
    expect(check?.message).toBe(
      'new row for relation "thread_messages" violates check constraint "body_check"',
    );
    expect(JSON.stringify(check)).not.toContain('very low');
  });

  it('a query that never reached the database: the driver message, never the wrapper', () => {
    const summary = describeDatabaseError(
      Object.assign(new Error('Failed query: select $1\nparams: jane@example.com'), {
        query: 'select $1',
        params: ['jane@example.com'],
        cause: new Error('connect ECONNREFUSED 127.0.0.1:5432'),
      }),
    );
    expect(summary).toEqual({ code: null, message: 'connect ECONNREFUSED 127.0.0.1:5432' });
  });

  it('is not a database error: message and stack kept, attached properties dropped', () => {
    const error = Object.assign(new Error('gateway answered 502'), {
      code: 'E_GATEWAY',
      config: { data: 'to=+12125550123&body=Your code is 123456' },
      response: { body: 'jane@example.com' },
    });
    expect(describeDatabaseError(error)).toBeNull();
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({ type: 'Error', message: 'gateway answered 502', code: 'E_GATEWAY' });
    expect(JSON.stringify(serialized)).not.toMatch(/2125550123|123456|jane@example/);
  });

  it('redacts tokens, contact data and bodies that a module might hand to the logger', () => {
    const stream = new PassThrough();
    let out = '';
    stream.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const log = pino({ redact: { paths: logRedactPaths, censor: '[redacted]' } }, stream);
    log.info(
      {
        email: 'jane@example.com',
        user: { phone: '+12125550123', password: 'Secret#1' },
        message: { body: 'My results' },
        refresh_token: 'rt-123',
        outboxId: 42,
      },
      'sent',
    );
    expect(out).not.toMatch(/jane@example|2125550123|Secret#1|My results|rt-123/);
    expect(out).toContain('"outboxId":42');
  });
});
