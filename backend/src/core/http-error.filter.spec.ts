import { NotFoundException } from '@nestjs/common';
import {
  QueryFailedError,
  QueryRunnerAlreadyReleasedError,
  QueryRunnerProviderAlreadyReleasedError,
} from 'typeorm';
import { DomainError } from './errors.js';
import { toErrorResponse } from './http-error.filter.js';

describe('toErrorResponse', () => {
  it('answers an unexpected error with a German 500 that leaks neither SQL nor the stack', () => {
    const error = new Error('relation "app_user" does not exist at SELECT password_hash FROM app_user');
    const { status, body, log } = toErrorResponse(error);
    expect(status).toBe(500);
    expect(body).toEqual({ errors: [{ message: 'Leider ist ein interner Fehler aufgetreten.' }] });
    expect(log).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/SELECT|app_user|at /);
  });

  it('answers a unique violation with 409 and a foreign-key violation with 409, without SQL', () => {
    const unique = new QueryFailedError(
      'INSERT INTO branch ...',
      [],
      Object.assign(new Error('dup'), { code: '23505' }),
    );
    expect(toErrorResponse(unique)).toMatchObject({
      status: 409,
      body: { errors: [{ message: 'Dieser Wert wird bereits verwendet.', code: 'duplicate' }] },
    });
    const fk = new QueryFailedError(
      'DELETE FROM tag ...',
      [],
      Object.assign(new Error('fk'), { code: '23503' }),
    );
    expect(toErrorResponse(fk).status).toBe(409);
    expect(JSON.stringify(toErrorResponse(fk).body)).not.toContain('DELETE');
  });

  it('keeps domain errors as they are, with their field', () => {
    const res = toErrorResponse(new DomainError('validation', 'Dieser Wert sollte nicht leer sein.', 'name'));
    expect(res).toEqual({
      status: 400,
      body: { errors: [{ message: 'Dieser Wert sollte nicht leer sein.', field: 'name' }] },
      log: false,
    });
  });

  it('turns Nest HTTP exceptions into the German text of their status', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /api/x')).body).toEqual({
      errors: [{ message: 'Leider wurde die angeforderte Seite nicht gefunden.' }],
    });
  });

  it('sends the machine code a domain error names, beside its German message', () => {
    const res = toErrorResponse(
      new DomainError(
        'conflict',
        'Dieses Zeitfenster ist leider ausgebucht.',
        'appointmentDate',
        'slot_full',
      ),
    );
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toEqual({
      message: 'Dieses Zeitfenster ist leider ausgebucht.',
      field: 'appointmentDate',
      code: 'slot_full',
    });
  });

  it('maps body-parser failures (too large) to 413 in German', () => {
    expect(toErrorResponse({ type: 'entity.too.large', status: 413 })).toMatchObject({
      status: 413,
      body: { errors: [{ message: 'Die Anfrage ist zu groß.' }] },
    });
  });

  describe('database faults', () => {
    const unavailable = {
      status: 503,
      body: {
        errors: [
          {
            message:
              'Der Dienst ist gerade vorübergehend nicht erreichbar. Bitte versuchen Sie es in wenigen Sekunden erneut.',
            code: 'database_unavailable',
          },
        ],
      },
      headers: { 'Retry-After': '5' },
    };
    const sqlState = (code: string) =>
      new QueryFailedError('INSERT INTO orders ...', [], Object.assign(new Error('fault'), { code }));

    it.each([
      ['a session ended by a restart (57P01 admin_shutdown)', sqlState('57P01')],
      ['a server that is starting (57P03 cannot_connect_now)', sqlState('57P03')],
      ['a connection exception (class 08)', sqlState('08006')],
      ['too many connections (53300)', sqlState('53300')],
      [
        'a refused connection',
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ],
      ['a connection that broke mid-query', new Error('Connection terminated unexpectedly')],
      ["the pool's connect timeout under load", new Error('timeout exceeded when trying to connect')],
      [
        "a transaction whose connection broke before its COMMIT (TypeORM's released query runner)",
        new QueryRunnerAlreadyReleasedError(),
      ],
      ['a statement on the released query runner', new QueryRunnerProviderAlreadyReleasedError()],
      [
        'a pool timeout wrapped as a cause',
        new Error('query failed', { cause: new Error('Connection terminated due to connection timeout') }),
      ],
    ])('answers %s with a German 503 and Retry-After', (_label, error) => {
      expect(toErrorResponse(error)).toMatchObject(unavailable);
    });

    it.each([
      ['a full disk on the server (53100)', sqlState('53100')],
      [
        'a full media or data folder (ENOSPC)',
        Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
      ],
      [
        'an ENOSPC the embedded database reports in its message',
        new Error('could not extend file "base/5/1259": No space left on device'),
      ],
    ])('answers %s with a German 507 without SQL', (_label, error) => {
      const res = toErrorResponse(error);
      expect(res.status).toBe(507);
      expect(res.body.errors).toEqual([
        {
          message:
            'Der Speicherplatz des Servers ist voll. Es wurde nichts gespeichert; bitte versuchen Sie es später erneut.',
          code: 'storage_full',
        },
      ]);
    });

    it('keeps other SQL errors a 500', () => {
      expect(toErrorResponse(sqlState('42P01')).status).toBe(500);
    });
  });
});
