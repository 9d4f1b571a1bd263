import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Allow, Ctx } from '../../core/decorators.js';
import type { RequestContext } from '../../core/request-context.js';
import { jsonSchemaOf } from '../../core/openapi.js';
import { parseId } from '../../core/input.js';
import { HOLIDAY_BALANCE_NAMES, holidayBalanceInput } from './holiday-balance.resource.js';
import { HolidayBalanceService } from './holiday-balance.service.js';
import { WorkingTimeService } from './working-time.service.js';
import { errorSchema } from '../../core/openapi.js';

const numbers = {
  entitlementDays: { type: 'number' },
  carriedOverDays: { type: 'number' },
  days: { type: 'number', description: 'Anspruch (wie entitlementDays)' },
  takenDays: {
    type: 'number',
    description: 'Genommene Urlaubstage (aus den Urlaubs-Aktivitäten des Jahres)',
  },
  usedDays: { type: 'number', description: 'wie takenDays' },
  remainingDays: { type: 'number', description: 'entitlementDays + carriedOverDays − takenDays' },
};
const balanceSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    user: { type: 'object', properties: { id: { type: 'integer' } } },
    year: { type: 'integer' },
    comment: { type: 'string' },
    ...numbers,
  },
};
const sheetRowSchema = {
  type: 'object',
  properties: {
    id: { type: ['integer', 'null'] },
    user: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        username: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
      },
    },
    year: { type: 'integer' },
    ...numbers,
  },
};
/** CRUD of holiday balances (Urlaubskonten): employees read their own, the management writes. */
@ApiTags('holiday-balances')
@Controller('holiday-balances')
export class HolidayBalanceController {
  constructor(private readonly balances: HolidayBalanceService) {}

  @Get()
  @Allow('time-tracking:read')
  @ApiOperation({ summary: `${HOLIDAY_BALANCE_NAMES.plural} auflisten` })
  @ApiQuery({ name: 'user', required: false, type: 'integer' })
  @ApiQuery({ name: 'year', required: false, type: 'integer' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiQuery({
    name: 'sort',
    required: false,
    type: 'string',
    description: 'year, entitlementDays (mit - absteigend)',
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { data: { type: 'array', items: balanceSchema } } },
  })
  async list(
    @Ctx() ctx: RequestContext,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await this.balances.list(ctx, query);
    res.setHeader('X-Total-Count', String(result.total));
    return result.items;
  }

  @Get(':id')
  @Allow('time-tracking:read')
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: `${HOLIDAY_BALANCE_NAMES.singular} lesen` })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: balanceSchema } } })
  @ApiResponse({ status: 404, description: 'Nicht gefunden', schema: errorSchema })
  get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.balances.get(ctx, parseId(id, HOLIDAY_BALANCE_NAMES.singular));
  }

  @Post()
  @Allow('time-tracking:write')
  @ApiOperation({ summary: `${HOLIDAY_BALANCE_NAMES.singular} erstellen` })
  @ApiBody({ schema: jsonSchemaOf(holidayBalanceInput) })
  @ApiResponse({ status: 201, schema: { type: 'object', properties: { data: balanceSchema } } })
  @ApiResponse({ status: 400, description: 'Ungültige Eingabe', schema: errorSchema })
  @ApiResponse({
    status: 409,
    description: 'Für diesen Benutzer und dieses Jahr gibt es schon ein Urlaubskonto',
    schema: errorSchema,
  })
  create(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.balances.create(ctx, body);
  }

  @Put(':id')
  @Allow('time-tracking:write')
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: `${HOLIDAY_BALANCE_NAMES.singular} aktualisieren` })
  @ApiBody({ schema: jsonSchemaOf(holidayBalanceInput) })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: balanceSchema } } })
  @ApiResponse({ status: 404, description: 'Nicht gefunden', schema: errorSchema })
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.balances.update(ctx, parseId(id, HOLIDAY_BALANCE_NAMES.singular), body);
  }

  @Delete(':id')
  @Allow('time-tracking:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: `${HOLIDAY_BALANCE_NAMES.singular} löschen` })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'null' } } } })
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.balances.remove(ctx, parseId(id, HOLIDAY_BALANCE_NAMES.singular));
    return null;
  }
}

/** The holiday sheet: balances with days taken and remaining, per user, for one year. */
@ApiTags('time-sheets')
@Controller('time-sheets')
export class TimeSheetController {
  constructor(
    private readonly balances: HolidayBalanceService,
    private readonly workingTime: WorkingTimeService,
  ) {}

  @Get('working-time')
  @Allow('time-tracking:read')
  @ApiOperation({
    summary:
      'Arbeitszeiten einer Woche (Montag bis Sonntag) je Mitarbeiter und Tag in ganzen Minuten, ohne Pausen',
  })
  @ApiQuery({
    name: 'week',
    required: false,
    type: 'string',
    description: 'ein Tag der Woche (YYYY-MM-DD); Standard: heute',
  })
  @ApiQuery({ name: 'branch', required: false, type: 'integer' })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'object' } } } })
  workingWeek(@Ctx() ctx: RequestContext, @Query() query: Record<string, unknown>) {
    return this.workingTime.week(ctx, query);
  }

  @Get('holiday-balances')
  @Allow('time-tracking:read')
  @ApiOperation({ summary: 'Urlaubskonten eines Jahres mit genommenen und verbleibenden Tagen' })
  @ApiQuery({ name: 'year', required: false, type: 'integer', description: 'Standard: das laufende Jahr' })
  @ApiQuery({ name: 'user', required: false, type: 'integer' })
  @ApiOkResponse({
    schema: { type: 'object', properties: { data: { type: 'array', items: sheetRowSchema } } },
  })
  sheet(@Ctx() ctx: RequestContext, @Query() query: unknown) {
    return this.balances.sheet(ctx, query);
  }
}
