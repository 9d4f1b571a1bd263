import { NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
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
});
