import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { TimeClockAction } from '@ordering/common';
import type { Request, Response } from 'express';
import { RetryLater } from '../../auth/login-throttle.service.js';
import { Allow, Ctx, Public } from '../../core/decorators.js';
import type { RequestContext } from '../../core/request-context.js';
import { parseId } from '../../core/input.js';
import { type ClockCredentials, TimeClockService } from './time-clock.service.js';
import { errorSchema } from '../../core/openapi.js';

const activitySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    user: { type: 'object', properties: { id: { type: 'integer' } } },
    branch: { type: 'object', properties: { id: { type: 'integer' } } },
    type: { type: 'string' },
    startedAt: { type: 'string', format: 'date-time' },
    endedAt: { type: ['string', 'null'], format: 'date-time' },
    pauses: { type: 'array', items: { type: 'object' } },
    status: { type: 'string', enum: ['running', 'paused', 'ended'] },
    pauseMinutes: { type: 'integer' },
    workedMinutes: { type: 'integer', description: 'Gearbeitete ganze Minuten ohne Pausen, bis jetzt' },
    comment: { type: 'string' },
  },
};
const one = (schema: object) => ({ schema: { type: 'object', properties: { data: schema } } });
const headers = [
  ApiHeader({
    name: 'X-User-Id',
    required: false,
    description: 'Id aus der Namensliste (…/staff); statt X-Username',
  }),
  ApiHeader({
    name: 'X-Username',
    required: false,
    description: 'Benutzername der Mitarbeiterin (ohne X-User-Id)',
  }),
  ApiHeader({ name: 'X-Access-Token', required: true, description: 'Zeiterfassungs-PIN (4–8 Ziffern)' }),
];
const pathParams = [
  ApiParam({ name: 'branchId', type: 'integer' }),
  ApiParam({
    name: 'apiKey',
    type: 'string',
    description: 'API-Schlüssel der Filiale oder eines Front-Desk-/Back-Office-Geräts der Filiale',
  }),
];
const refusals = [
  ApiResponse({ status: 401, description: 'Schlüssel, Benutzername oder PIN falsch', schema: errorSchema }),
  ApiResponse({
    status: 403,
    description: 'Konto gesperrt oder nicht dieser Filiale zugeordnet',
    schema: errorSchema,
  }),
  ApiResponse({
    status: 429,
    description: 'Zu viele Fehlversuche; Retry-After nennt die Sekunden',
    schema: errorSchema,
  }),
];
const stepAnswers = [
  ApiOkResponse(one(activitySchema)),
  ApiResponse({
    status: 409,
    description: 'Schritt im aktuellen Zustand nicht erlaubt',
    schema: errorSchema,
  }),
];
const documented =
  (...decorators: MethodDecorator[]): MethodDecorator =>
  (target, key, descriptor) => {
    for (const d of [...decorators, ...headers, ...pathParams, ...refusals]) d(target, key, descriptor);
  };

/**
 * The staff time clock (SPEC section 7: `/api/time-tracking/{branchId}/{apiKey}/…`, with user name and
 * access token = PIN in headers). Public for the guard: the service checks key, name and PIN itself.
 */
@ApiTags('time-clock')
@Controller('time-tracking')
export class TimeClockController {
  constructor(private readonly clock: TimeClockService) {}

  @Get(':branchId/:apiKey/staff')
  @Public()
  @ApiOperation({
    summary:
      'Zeiterfassung: die Mitarbeiter dieser Filiale, die einstempeln können (nur Name und Initialen, für die Namenskacheln)',
  })
  @ApiParam({ name: 'branchId', type: 'integer' })
  @ApiParam({
    name: 'apiKey',
    type: 'string',
    description: 'API-Schlüssel der Filiale oder eines Front-Desk-/Back-Office-Geräts der Filiale',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer', description: 'als X-User-Id mit der PIN senden' },
              name: { type: 'string' },
              initials: { type: 'string' },
            },
          },
        },
      },
    },
  })
  @ApiResponse({ status: 401, description: 'Filiale oder Schlüssel ungültig', schema: errorSchema })
  @ApiResponse({
    status: 429,
    description: 'Zu viele falsche Schlüssel von dieser Adresse',
    schema: errorSchema,
  })
  staff(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { branchId, apiKey, ip } = credentialsOf(req);
    return this.run(res, () => this.clock.staff({ branchId, apiKey, ip }));
  }

  @Get(':branchId/:apiKey/me')
  @Public()
  @documented(
    ApiOperation({
      summary: 'Zeiterfassung: Mitarbeiter, Filiale, offene Aktivität, heute gearbeitete Minuten',
    }),
    ApiOkResponse(one({ type: 'object' })),
  )
  me(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.run(res, () => this.clock.me(credentialsOf(req)));
  }

  @Get(':branchId/:apiKey/working-schedules')
  @Public()
  @documented(
    ApiOperation({ summary: 'Zeiterfassung: eigene Schichten dieser Filiale ab heute (7 Tage)' }),
    ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'array' } } } }),
  )
  schedules(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.run(res, () => this.clock.schedules(credentialsOf(req)));
  }

  @Get(':branchId/:apiKey/working-activities')
  @Public()
  @documented(
    ApiOperation({ summary: 'Zeiterfassung: eigene Arbeitszeiten dieser Filiale der letzten 7 Tage' }),
    ApiOkResponse({
      schema: { type: 'object', properties: { data: { type: 'array', items: activitySchema } } },
    }),
  )
  activities(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.run(res, () => this.clock.activities(credentialsOf(req)));
  }

  @Post(':branchId/:apiKey/working-activities/start')
  @Public()
  @HttpCode(200)
  @documented(
    ApiOperation({
      summary: 'Zeiterfassung: Kommen — öffnet eine Arbeitszeit (409, wenn schon eine offen ist)',
    }),
    ...stepAnswers,
  )
  start(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.step(req, res, 'start');
  }

  @Post(':branchId/:apiKey/working-activities/pause')
  @Public()
  @HttpCode(200)
  @documented(ApiOperation({ summary: 'Zeiterfassung: Pause — nur während der Arbeit' }), ...stepAnswers)
  pause(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.step(req, res, 'pause');
  }

  @Post(':branchId/:apiKey/working-activities/resume')
  @Public()
  @HttpCode(200)
  @documented(ApiOperation({ summary: 'Zeiterfassung: Weiter — beendet die laufende Pause' }), ...stepAnswers)
  resume(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.step(req, res, 'resume');
  }

  @Post(':branchId/:apiKey/working-activities/end')
  @Public()
  @HttpCode(200)
  @documented(
    ApiOperation({
      summary: 'Zeiterfassung: Gehen — beendet die Arbeitszeit (eine laufende Pause endet mit)',
    }),
    ...stepAnswers,
  )
  end(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.step(req, res, 'end');
  }

  @Get('pins')
  @Allow('time-tracking:write')
  @ApiOperation({
    summary:
      'Benutzer, deren Zeiterfassungs-PIN der Aufrufer setzen darf, mit „PIN vorhanden“ (nie die PIN selbst)',
  })
  @ApiQuery({ name: 'branch', required: false, type: 'integer', description: 'nur Benutzer dieser Filiale' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              username: { type: 'string' },
              firstName: { type: 'string' },
              lastName: { type: 'string' },
              branches: { type: 'array', items: { type: 'object' } },
              hasPin: { type: 'boolean' },
            },
          },
        },
      },
    },
  })
  pins(@Ctx() ctx: RequestContext, @Query('branch') branch: unknown) {
    return this.clock.pinHolders(ctx, branch);
  }

  @Put('pins/:userId')
  @Allow('time-tracking:write')
  @ApiOperation({
    summary: 'Zeiterfassungs-PIN eines Benutzers setzen (pin: 4–8 Ziffern) oder löschen (null)',
  })
  @ApiParam({ name: 'userId', type: 'integer' })
  @ApiBody({ schema: { type: 'object', properties: { pin: { type: ['string', 'null'] } } } })
  @ApiOkResponse(one({ type: 'object', properties: { hasPin: { type: 'boolean' } } }))
  setPin(@Ctx() ctx: RequestContext, @Param('userId') userId: string, @Body() body: unknown) {
    return this.clock.setPin(ctx, parseId(userId, 'Benutzer'), body);
  }

  private step(req: Request, res: Response, action: TimeClockAction) {
    return this.run(res, () => this.clock.act(credentialsOf(req), action));
  }

  private async run<T>(res: Response, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof RetryLater) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }
}

function credentialsOf(req: Request): ClockCredentials {
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    branchId: String(req.params.branchId),
    apiKey: String(req.params.apiKey),
    userId: header('x-user-id'),
    username: header('x-username'),
    accessToken: header('x-access-token'),
    ip: req.ip ?? null,
  };
}
