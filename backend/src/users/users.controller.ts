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
import { Allow, Ctx } from '../auth/decorators.js';
import type { RequestContext } from '../auth/request-context.js';
import { jsonSchemaOf } from '../crud/crud.controller.js';
import { parseId } from '../crud/crud.service.js';
import { userInput } from './user.resource.js';
import { UsersService } from './users.service.js';

const SINGULAR = 'Benutzer';
const bodySchema = jsonSchemaOf(userInput);
// The answer has every input field but the write-only password.
const { password: _password, ...readable } = bodySchema.properties as Record<string, object>;
const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    ...readable,
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    lastLoginAt: { type: 'string', format: 'date-time', nullable: true },
  },
};
const errorSchema = {
  type: 'object',
  properties: {
    errors: {
      type: 'array',
      items: { type: 'object', properties: { message: { type: 'string' }, field: { type: 'string' } } },
    },
  },
};
const tokenSchema = {
  type: 'object',
  properties: { data: { type: 'object', properties: { token: { type: 'string' } } } },
};
const idParam = ApiParam({ name: 'id', type: 'integer' });

/**
 * `/api/users`: the current user and its own API token (any signed-in user), and the accounts of
 * everybody (administrators). The `me` routes come first so that `me` is never read as an id.
 */
@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('me')
  @Allow('authenticated')
  @ApiOperation({ summary: 'Angemeldeter Benutzer: Rollen und Benutzer mit Filialen' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          required: ['roles', 'user'],
          properties: { roles: { type: 'array', items: { type: 'string' } }, user: userSchema },
        },
      },
    },
  })
  me(@Ctx() ctx: RequestContext) {
    return this.users.me(ctx);
  }

  @Post('me/api-token')
  @Allow('authenticated')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Eigenen API-Token ausstellen (ersetzt den bisherigen; wird nur jetzt angezeigt)',
  })
  @ApiOkResponse({ schema: tokenSchema })
  issueOwnToken(@Ctx() ctx: RequestContext) {
    return this.users.issueToken(ctx, ctx.user!.id);
  }

  @Delete('me/api-token')
  @Allow('authenticated')
  @HttpCode(200)
  @ApiOperation({ summary: 'Eigenen API-Token widerrufen' })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'null' } } } })
  async revokeOwnToken(@Ctx() ctx: RequestContext) {
    await this.users.revokeToken(ctx, ctx.user!.id);
    return null;
  }

  @Post(':id/api-token')
  @Allow('users:write')
  @HttpCode(200)
  @idParam
  @ApiOperation({
    summary: 'API-Token eines Benutzers ausstellen (ersetzt den bisherigen; wird nur jetzt angezeigt)',
  })
  @ApiOkResponse({ schema: tokenSchema })
  issueToken(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.users.issueToken(ctx, parseId(id, SINGULAR));
  }

  @Delete(':id/api-token')
  @Allow('users:write')
  @HttpCode(200)
  @idParam
  @ApiOperation({ summary: 'API-Token eines Benutzers widerrufen' })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'null' } } } })
  async revokeToken(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.users.revokeToken(ctx, parseId(id, SINGULAR));
    return null;
  }

  @Get()
  @Allow('users:read')
  @ApiOperation({ summary: 'Benutzer auflisten' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiQuery({
    name: 'sort',
    required: false,
    type: 'string',
    description: 'username, email, firstName, lastName, lastLoginAt; mit - absteigend',
  })
  @ApiQuery({ name: 'q', required: false, type: 'string' })
  @ApiQuery({ name: 'role', required: false, type: 'string' })
  @ApiQuery({ name: 'branch', required: false, type: 'integer' })
  @ApiQuery({ name: 'isEnabled', required: false, type: 'boolean' })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'array', items: userSchema } } } })
  async list(
    @Ctx() ctx: RequestContext,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await this.users.crud.list(ctx, query);
    res.setHeader('X-Total-Count', String(result.total));
    return result.items;
  }

  @Get(':id')
  @Allow('users:read')
  @idParam
  @ApiOperation({ summary: 'Benutzer lesen' })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: userSchema } } })
  @ApiResponse({ status: 404, description: 'Nicht gefunden', schema: errorSchema })
  get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.users.crud.get(ctx, parseId(id, SINGULAR));
  }

  @Post()
  @Allow('users:write')
  @ApiOperation({ summary: 'Benutzer erstellen' })
  @ApiBody({ schema: bodySchema })
  @ApiResponse({ status: 201, schema: { type: 'object', properties: { data: userSchema } } })
  @ApiResponse({ status: 400, description: 'Ungültige Eingabe', schema: errorSchema })
  @ApiResponse({ status: 409, description: 'Benutzername oder E-Mail bereits vergeben', schema: errorSchema })
  create(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.users.crud.create(ctx, body);
  }

  @Put(':id')
  @Allow('users:write')
  @idParam
  @ApiOperation({ summary: 'Benutzer aktualisieren (ohne password bleibt das Passwort)' })
  @ApiBody({ schema: bodySchema })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: userSchema } } })
  @ApiResponse({ status: 400, description: 'Ungültige Eingabe', schema: errorSchema })
  @ApiResponse({ status: 404, description: 'Nicht gefunden', schema: errorSchema })
  @ApiResponse({ status: 409, description: 'Benutzername oder E-Mail bereits vergeben', schema: errorSchema })
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.users.crud.update(ctx, parseId(id, SINGULAR), body);
  }

  @Delete(':id')
  @Allow('users:write')
  @HttpCode(200)
  @idParam
  @ApiOperation({ summary: 'Benutzer löschen' })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'null' } } } })
  @ApiResponse({ status: 404, description: 'Nicht gefunden', schema: errorSchema })
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.users.crud.remove(ctx, parseId(id, SINGULAR));
    return null;
  }
}
