import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { Public } from '../core/decorators.js';
import { TransactionalConnection } from '../core/transaction.js';

const TIMEOUT_MS = 2000;

const readySchema = {
  schema: {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: ['status', 'database'],
        properties: {
          status: { type: 'string', enum: ['ok'] },
          database: { type: 'string', enum: ['ok'] },
        },
      },
    },
  },
};

/**
 * Liveness and readiness. `live` never waits on the database: a busy database (an order burst on the
 * embedded one) must not make a supervisor restart a process that works. `ready` (and `/api/health`, its
 * older name that the web app, the desktop app and monitoring call) asks the database.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly connection: TransactionalConnection) {}

  /** `{ status: 'ok', database: 'ok' }`, or 503 when the database does not answer within two seconds. */
  @Public()
  @Get()
  @ApiOperation({
    summary: 'Betriebszustand von Server und Datenbank (wie /api/health/ready)',
    description: 'Bereitschaft: fragt die Datenbank. Älterer Name von `/api/health/ready`, bleibt erhalten.',
  })
  @ApiOkResponse(readySchema)
  @ApiResponse({ status: 503, description: 'Datenbank nicht erreichbar' })
  health(): Promise<{ status: 'ok'; database: 'ok' }> {
    return this.ready();
  }

  /** `{ status: 'ok' }` while the process serves requests; touches neither the database nor a file. */
  @Public()
  @Get('live')
  @ApiOperation({
    summary: 'Lebendigkeit: der Prozess beantwortet Anfragen',
    description:
      'Wartet nie auf die Datenbank (für Neustart-Entscheidungen von Supervisor, systemd oder Kubernetes).',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['status'],
          properties: { status: { type: 'string', enum: ['ok'] } },
        },
      },
    },
  })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** `{ status: 'ok', database: 'ok' }`, or 503 when the database does not answer within two seconds. */
  @Public()
  @Get('ready')
  @ApiOperation({
    summary: 'Bereitschaft: Server und Datenbank beantworten Anfragen',
    description: '503 mit deutscher Meldung, wenn die Datenbank nicht binnen 2 Sekunden antwortet.',
  })
  @ApiOkResponse(readySchema)
  @ApiResponse({ status: 503, description: 'Datenbank nicht erreichbar' })
  async ready(): Promise<{ status: 'ok'; database: 'ok' }> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.connection.manager().query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw new DomainError('unavailable', HTTP_MESSAGES.databaseUnavailable, 'database');
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok', database: 'ok' };
  }
}
