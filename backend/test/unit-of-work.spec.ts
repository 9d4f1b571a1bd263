import { jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { EventBus, type DomainEvent, type EntityChange } from '../src/core/events.js';
import { RequestContext } from '../src/core/request-context.js';
import { TransactionalConnection, writeLater } from '../src/core/transaction.js';
import { EventLogWriter } from '../src/events/event-log.writer.js';
import { JobQueue } from '../src/jobs/job-queue.service.js';
import { AuditService } from '../src/logs/audit.service.js';
import { CrudService } from '../src/crud/crud.service.js';
import { divisionResource } from '../src/divisions/division.resource.js';
import { AuditLog } from '../src/logs/audit-log.entity.js';
import { tagResource } from '../src/tags/tag.resource.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);
const adminCtx = () =>
  new RequestContext({ id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branchIds: [] }, 'token');

describe('TransactionalConnection', () => {
  let t: TestApp;
  let connection: TransactionalConnection;
  let events: EventBus;
  let divisions: CrudService<any>;
  let tags: CrudService<any>;
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
    connection = t.app.get(TransactionalConnection);
    events = t.app.get(EventBus);
    divisions = new CrudService(divisionResource, connection, events);
    tags = new CrudService(tagResource, connection, events);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Records what commit subscribers receive, and whether the data was visible to them. */
  function watchCommits() {
    const seen: Array<{ event: DomainEvent; divisions: number; tags: number }> = [];
    const off = events.afterCommit(['entity.created'], async (event) => {
      // Outside the transaction: on the pool's own manager (the transaction has released it).
      const [d, tg] = await Promise.all([
        t.dataSource.query(`SELECT count(*)::int AS n FROM division WHERE name LIKE 'UoW %'`),
        t.dataSource.query(`SELECT count(*)::int AS n FROM tag WHERE name LIKE 'UoW %'`),
      ]);
      seen.push({ event, divisions: d[0].n, tags: tg[0].n });
    });
    return { seen, off };
  }

  describe('withTransaction', () => {
    it('rolls back the writes of two services together and drops their events when the work fails', async () => {
      const { seen, off } = watchCommits();
      const ctx = adminCtx();
      await expect(
        connection.withTransaction(ctx, async () => {
          await divisions.create(ctx, { identifier: 'uow-rollback', name: 'UoW Rollback' });
          await tags.create(ctx, { name: 'UoW Rollback-Tag' });
          throw new Error('Abbruch nach zwei Schreibvorgängen');
        }),
      ).rejects.toThrow('Abbruch nach zwei Schreibvorgängen');
      off();
      expect(seen).toEqual([]);
      const rows = await t.dataSource.query(
        `SELECT (SELECT count(*)::int FROM division WHERE identifier = 'uow-rollback') AS d,
                (SELECT count(*)::int FROM tag WHERE name = 'UoW Rollback-Tag') AS t`,
      );
      expect(rows[0]).toEqual({ d: 0, t: 0 });
      // The audit entries were written by an in-transaction subscriber: gone with the rollback.
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .createQueryBuilder('a')
        .where(`a.changes::text LIKE '%UoW Rollback%'`)
        .getCount();
      expect(audit).toBe(0);
      expect(ctx.unitOfWork).toBeNull();
    });

    it('commits both writes as one and delivers their events only after the commit', async () => {
      const { seen, off } = watchCommits();
      const ctx = adminCtx();
      let seenInside = -1;
      await connection.withTransaction(ctx, async () => {
        await divisions.create(ctx, { identifier: 'uow-commit', name: 'UoW Commit' });
        await tags.create(ctx, { name: 'UoW Commit-Tag' });
        seenInside = seen.length;
      });
      off();
      expect(seenInside).toBe(0);
      expect(seen.map((s) => [s.event.type, (s.event.payload as EntityChange).entityType])).toEqual([
        ['entity.created', 'divisions'],
        ['entity.created', 'tags'],
      ]);
      // When the first subscriber ran, both rows were already committed and visible outside.
      expect(seen[0]).toMatchObject({ divisions: 1, tags: 1 });
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .createQueryBuilder('a')
        .where(`a.entity_type IN ('divisions', 'tags') AND a.action = 'create'`)
        .andWhere(`a.changes::text LIKE '%UoW Commit%'`)
        .getCount();
      expect(audit).toBe(2);
    });

    it('rolls back a transaction subscriber failure together with the write', async () => {
      const off = events.inTransaction(['entity.created'], (event) => {
        if (event.payload.entityType === 'divisions') throw new Error('Abonnent verweigert');
      });
      const ctx = adminCtx();
      await expect(divisions.create(ctx, { identifier: 'uow-refused', name: 'UoW Refused' })).rejects.toThrow(
        'Abonnent verweigert',
      );
      off();
      const rows = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM division WHERE identifier = 'uow-refused'`,
      );
      expect(rows[0].n).toBe(0);
    });

    it('refuses to publish an event outside a transaction', async () => {
      await expect(
        events.publish(adminCtx(), 'entity.action', { entityType: 'x', entityId: 1, changes: {} }),
      ).rejects.toThrow(/ohne offene Transaktion/);
    });
  });

  describe('writes with the closing statement', () => {
    /** Records the text of every statement the transaction's manager sends from now on. */
    const recordStatements = (em: EntityManager, statements: string[]) => {
      const query = em.query.bind(em);
      jest.spyOn(em, 'query').mockImplementation(((sql: string, params?: unknown[]) => {
        statements.push(sql);
        return query(sql, params);
      }) as never);
    };
    const auditOf = (marker: string) =>
      t.dataSource.query(`SELECT entity_type, entity_id FROM audit_log WHERE entity_type = $1 ORDER BY id`, [
        marker,
      ]);

    it('sends the deferred writes of a transaction as one statement before COMMIT, in the order written', async () => {
      const ctx = adminCtx();
      const log = t.app.get(EventLogWriter);
      const audit = t.app.get(AuditService);
      const statements: string[] = [];
      let returned: Array<Record<string, unknown>> = [];
      await connection.withTransaction(ctx, async (em) => {
        recordStatements(em, statements);
        for (const n of [1, 2, 3])
          await log.append(ctx, em, {
            type: `uow.deferred.${n}`,
            branchId: null,
            orderUid: null,
            payload: { n },
            publicPayload: null,
          });
        await audit.record(em, ctx, {
          action: 'action',
          entityType: 'uow-deferred',
          entityId: 7,
          changes: {},
        });
        await audit.record(em, ctx, {
          action: 'action',
          entityType: 'uow-deferred',
          entityId: 8,
          changes: {},
        });
        await writeLater(ctx, em, {
          sql: `UPDATE collection_version SET version = version WHERE collection = $1 RETURNING collection`,
          params: ['uow-none'],
          then: (rows) => {
            returned = rows;
          },
        });
        // Nothing is written while the work runs: the rows come with the closing statement.
        expect(statements).toEqual([]);
        const inside = await em.query(
          `SELECT count(*)::int AS n FROM event_log WHERE type LIKE 'uow.deferred.%'`,
        );
        expect(inside[0].n).toBe(0);
        statements.length = 0;
      });
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^WITH w0 AS \(INSERT INTO event_log/);
      expect(returned).toEqual([]);
      const rows = await t.dataSource.query(
        `SELECT type, payload FROM event_log WHERE type LIKE 'uow.deferred.%' ORDER BY id`,
      );
      expect(rows.map((r: { type: string }) => r.type)).toEqual([
        'uow.deferred.1',
        'uow.deferred.2',
        'uow.deferred.3',
      ]);
      expect(await auditOf('uow-deferred')).toEqual([
        { entity_type: 'uow-deferred', entity_id: '7' },
        { entity_type: 'uow-deferred', entity_id: '8' },
      ]);
    });

    it('gives an event row the id of a job written after it in the same statement, and no row for a known dedupe key', async () => {
      const ctx = adminCtx();
      const log = t.app.get(EventLogWriter);
      const jobs = t.app.get(JobQueue);
      await jobs.enqueue(ctx, 'print', { reason: 'test', branchId: 0, deviceId: 1 } as never, {
        dedupeKey: 'uow-job-known',
      });
      const statements: string[] = [];
      await connection.withTransaction(ctx, async (em) => {
        recordStatements(em, statements);
        // The event rows are deferred first; their jobs come later, so the jobs must be moved before them.
        await log.append(ctx, em, {
          type: 'uow.job.plain',
          branchId: null,
          orderUid: null,
          payload: { n: 0 },
          publicPayload: null,
        });
        for (const key of ['uow-job-new', 'uow-job-known']) {
          const payload = { reason: 'test', branchId: 0, deviceId: 2 } as never;
          const rows = jobs.enqueueLaterWithRows(ctx, em, [
            { type: 'print', payload, options: { dedupeKey: key } },
          ]);
          expect(rows).not.toBeNull();
          await log.append(ctx, em, {
            type: `uow.job.${key}`,
            branchId: null,
            orderUid: null,
            payload: { key },
            publicPayload: null,
            job: { rows: rows!, dedupeKey: key },
          });
        }
      });
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^WITH w0 AS \(INSERT INTO job/);
      const [job] = await t.dataSource.query(`SELECT id FROM job WHERE dedupe_key = 'uow-job-new'`);
      const rows = await t.dataSource.query(
        `SELECT type, payload FROM event_log WHERE type LIKE 'uow.job.%' ORDER BY id`,
      );
      expect(rows.map((r: { type: string; payload: unknown }) => [r.type, r.payload])).toEqual([
        ['uow.job.plain', { n: 0 }],
        ['uow.job.uow-job-new', { key: 'uow-job-new', jobId: Number(job.id) }],
      ]);
      // Outside the transaction there is no closing statement to join: the caller writes at once.
      expect(jobs.enqueueLaterWithRows(ctx, t.dataSource.manager, [])).toBeNull();
    });

    it('rolls the whole transaction back when the closing statement fails', async () => {
      const ctx = adminCtx();
      const audit = t.app.get(AuditService);
      await expect(
        connection.withTransaction(ctx, async (em) => {
          await divisions.create(ctx, { identifier: 'uow-late-failure', name: 'UoW Late Failure' });
          // entity_type is varchar(60): the deferred entry fails only when it is sent.
          await audit.record(em, ctx, {
            action: 'action',
            entityType: 'x'.repeat(61),
            entityId: 1,
            changes: {},
          });
        }),
      ).rejects.toThrow();
      const rows = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM division WHERE identifier = 'uow-late-failure'`,
      );
      expect(rows[0].n).toBe(0);
      expect(ctx.unitOfWork).toBeNull();
    });

    it('writes at once outside a transaction', async () => {
      const audit = t.app.get(AuditService);
      await audit.record(t.dataSource.manager, adminCtx(), {
        action: 'action',
        entityType: 'uow-at-once',
        entityId: 1,
        changes: {},
      });
      expect(await auditOf('uow-at-once')).toEqual([{ entity_type: 'uow-at-once', entity_id: '1' }]);
    });
  });

  describe('owned children', () => {
    const area = (name: string, price: number) => ({
      area: name,
      price,
      tax: 10,
      free: false,
      freeFromOrderValue: null,
      minimumOrderValue: null,
    });

    it('keeps the ids of a branch’s delivery areas when only the phone changes', async () => {
      const created = await t.request(
        'POST',
        '/api/branches',
        {
          identifier: 'kinder-ids',
          name: 'Kinder',
          street: 'Gasse 1',
          zipCode: '1010',
          city: 'Wien',
          deliveryAreas: [area('Innere Stadt', 2.5), area('Leopoldstadt', 3)],
        },
        admin,
      );
      expect(created.status).toBe(201);
      const before = await t.request('GET', `/api/branches/${created.body.data.id}`, undefined, admin);
      const ids = before.body.data.deliveryAreas.map((a: { id: number }) => a.id);

      const edited = await t.request(
        'PUT',
        `/api/branches/${created.body.data.id}`,
        { ...before.body.data, phone: '+43 1 234567' },
        admin,
      );
      expect(edited.status).toBe(200);
      expect(edited.body.data.phone).toBe('+43 1 234567');
      expect(edited.body.data.deliveryAreas.map((a: { id: number }) => a.id)).toEqual(ids);

      // Keep the first (changed), drop the second, add a new one: the first keeps its id.
      const [first] = edited.body.data.deliveryAreas;
      const changed = await t.request(
        'PUT',
        `/api/branches/${created.body.data.id}`,
        { ...edited.body.data, deliveryAreas: [{ ...first, price: 4 }, area('Wieden', 5)] },
        admin,
      );
      expect(changed.status).toBe(200);
      const after = changed.body.data.deliveryAreas;
      expect(after[0]).toMatchObject({ id: ids[0], area: 'Innere Stadt', price: 4 });
      expect(after[1].area).toBe('Wieden');
      expect(ids).not.toContain(after[1].id);
      const left = await t.dataSource.query(`SELECT id FROM delivery_area WHERE id = $1`, [ids[1]]);
      expect(left).toEqual([]);
      // An id of another branch's area is not taken over: it becomes a new row.
      const other = await t.request(
        'POST',
        '/api/branches',
        {
          identifier: 'kinder-fremd',
          name: 'Fremd',
          street: 'Gasse 2',
          zipCode: '1010',
          city: 'Wien',
          deliveryAreas: [{ ...area('Fremd', 1), id: ids[0] }],
        },
        admin,
      );
      expect(other.status).toBe(201);
      expect(other.body.data.deliveryAreas[0].id).not.toBe(ids[0]);
      const mine = await t.request('GET', `/api/branches/${created.body.data.id}`, undefined, admin);
      expect(mine.body.data.deliveryAreas[0]).toMatchObject({ id: ids[0], area: 'Innere Stadt' });
    });

    it('keeps the ids of a product’s parts and options and a navigation’s items across an edit', async () => {
      const product = await t.request(
        'POST',
        '/api/products',
        {
          name: 'Pizza UoW',
          type: 'configurable',
          price: 8.5,
          tax: 10,
          takeawayTax: 10,
          dineInTax: 10,
          config: {
            parts: [
              {
                name: 'Größe',
                type: 'select',
                options: [
                  { name: 'Klein', modifier: 'add', value: 0 },
                  { name: 'Groß', modifier: 'add', value: 3 },
                ],
              },
            ],
          },
        },
        admin,
      );
      expect([product.status, product.body.errors]).toEqual([201, undefined]);
      const read = await t.request('GET', `/api/products/${product.body.data.id}`, undefined, admin);
      const edited = await t.request(
        'PUT',
        `/api/products/${product.body.data.id}`,
        { ...read.body.data, description: 'Neu beschrieben' },
        admin,
      );
      expect(edited.status).toBe(200);
      expect(edited.body.data.config).toEqual(read.body.data.config);
      const part = edited.body.data.config.parts[0];
      expect(part.id).toEqual(expect.any(Number));
      expect(part.options.map((o: { id: number }) => o.id)).toEqual([expect.any(Number), expect.any(Number)]);

      const nav = await t.request(
        'POST',
        '/api/navigations',
        {
          identifier: 'uow-nav',
          items: [
            { type: 'home', label: 'Start', children: [] },
            {
              type: 'link',
              target: 'https://example.org',
              label: 'Extern',
              children: [{ type: 'home', label: 'Unterpunkt' }],
            },
          ],
        },
        admin,
      );
      expect(nav.status).toBe(201);
      const items = nav.body.data.items;
      expect(items.map((i: { id: number }) => i.id)).toEqual([1, 2]);
      expect(items[1].children[0].id).toBe(3);
      const renamed = await t.request(
        'PUT',
        `/api/navigations/${nav.body.data.id}`,
        {
          ...nav.body.data,
          items: [
            { ...items[1], label: 'Extern neu' },
            { type: 'home', label: 'Neu', children: [] },
          ],
        },
        admin,
      );
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.items.map((i: { id: number; label: string }) => [i.id, i.label])).toEqual([
        [2, 'Extern neu'],
        [4, 'Neu'],
      ]);
      expect(renamed.body.data.items[0].children[0].id).toBe(3);
    });
  });

  describe('error envelope', () => {
    it('sends the machine code of a domain condition beside the German message, and none for plain field errors', async () => {
      const res = await t.request('POST', '/api/divisions', { identifier: '' }, admin);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors[0]).sort()).toEqual(['field', 'message']);
      const fk = await t.request('POST', '/api/divisions', { identifier: 'dup-code', name: 'A' }, admin);
      expect(fk.status).toBe(201);
      const dup = await t.request('POST', '/api/divisions', { identifier: 'dup-code', name: 'B' }, admin);
      expect(dup.status).toBe(409);
      expect(dup.body.errors[0]).toMatchObject({ field: 'identifier', message: expect.any(String) });
    });
  });
});
