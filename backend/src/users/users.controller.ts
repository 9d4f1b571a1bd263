import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Allow, Ctx } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { jsonSchemaOf } from '../core/openapi.js';
import { crudController } from '../crud/crud.controller.js';
import { parseId } from '../core/input.js';
import { userInput, userResource } from './user.resource.js';
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
const tokenSchema = {
  type: 'object',
  properties: { data: { type: 'object', properties: { token: { type: 'string' } } } },
};
const idParam = ApiParam({ name: 'id', type: 'integer' });

/**
 * `/api/users`: the current user and its own API token (any signed-in user), and API tokens of
 * everybody (administrators). Registered before {@link UsersCrudController} so that `me` is never read
 * as an id.
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
}

/** List, read, create, update and delete: the generated routes, writes through {@link UsersService}. */
export const UsersCrudController = crudController(userResource, {
  writes: UsersService,
  bodySchema,
  entitySchema: userSchema,
});
