import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { Allow, Ctx } from '../core/decorators.js';
import { DomainError } from '../core/errors.js';
import { INT32_MAX, parseId } from '../core/input.js';
import type { RequestContext } from '../core/request-context.js';
import { parseInput } from '../core/validation.js';
import { AuditReadRules } from './audit-read-rules.js';
import { AuditLog } from './audit-log.entity.js';
import { TransactionalConnection } from '../core/transaction.js';

const logSchema = {
  type: 'object',
  required: ['id', 'createdAt', 'action', 'entityType', 'changes'],
  properties: {
    id: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    userId: { type: 'integer', nullable: true },
    username: { type: 'string', nullable: true },
    action: { type: 'string' },
    entityType: { type: 'string' },
    entityId: { type: 'string', nullable: true },
    changes: { type: 'object' },
    requestId: { type: 'string', nullable: true },
  },
};

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  entityType: z.string().max(60).optional(),
  entityId: z.string().max(60).optional(),
  userId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
  action: z.string().max(40).optional(),
});

/**
 * The audit log: every create, update and delete, newest first; each reader sees the entries about what
 * it may read directly ({@link AuditReadRules}: a manager sees no user accounts and no configuration).
 */
@ApiTags('logs')
@Controller('logs')
export class LogsController {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly rules: AuditReadRules,
  ) {}

  @Get()
  @Allow('logs:read')
  @ApiOperation({ summary: 'Logs auflisten (neueste zuerst)' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiQuery({ name: 'entityType', required: false, type: 'string' })
  @ApiQuery({ name: 'entityId', required: false, type: 'string' })
  @ApiQuery({ name: 'userId', required: false, type: 'integer' })
  @ApiQuery({ name: 'action', required: false, type: 'string' })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'array', items: logSchema } } } })
  async list(@Ctx() ctx: RequestContext, @Query() query: unknown, @Res({ passthrough: true }) res: Response) {
    const q = parseInput(listQuery, query);
    const qb = this.connection.manager().getRepository(AuditLog).createQueryBuilder('l');
    const readable = this.rules.readableTypes(ctx);
    if (readable !== null) {
      if (readable.length === 0) qb.andWhere('1 = 0');
      else qb.andWhere('l.entityType IN (:...readableTypes)', { readableTypes: readable });
    }
    if (q.entityType) qb.andWhere('l.entityType = :entityType', { entityType: q.entityType });
    if (q.entityId) qb.andWhere('l.entityId = :entityId', { entityId: q.entityId });
    if (q.userId) qb.andWhere('l.userId = :userId', { userId: q.userId });
    if (q.action) qb.andWhere('l.action = :action', { action: q.action });
    const [items, total] = await qb
      .orderBy('l.id', 'DESC')
      .skip((q.page - 1) * q.limit)
      .take(q.limit)
      .getManyAndCount();
    res.setHeader('X-Total-Count', String(total));
    return items;
  }

  @Get(':id')
  @Allow('logs:read')
  @ApiOperation({ summary: 'Log lesen' })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: logSchema } } })
  async get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    const log = await this.connection
      .manager()
      .getRepository(AuditLog)
      .findOne({ where: { id: parseId(id, 'Log') } });
    // An entry about what the reader may not read is the same 404 as a missing one.
    if (!log || !this.rules.mayRead(ctx, log.entityType))
      throw new DomainError('not_found', 'Log wurde nicht gefunden.');
    return log;
  }
}
