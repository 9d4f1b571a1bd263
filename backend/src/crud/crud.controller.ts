import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  type Type,
} from '@nestjs/common';
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
import type { ObjectLiteral } from 'typeorm';
import { Allow, Ctx, Public } from '../core/decorators.js';
import { errorSchema, jsonSchemaOf } from '../core/openapi.js';
import type { RequestContext } from '../core/request-context.js';
import { EventBus } from '../core/events.js';
import { TransactionalConnection } from '../core/transaction.js';
import { ModuleRef } from '@nestjs/core';
import { CrudService } from './crud.service.js';
import { parseId } from '../core/input.js';
import type { ResourceDefinition } from './resource.js';

const pascal = (path: string) =>
  path
    .split(/[^a-zA-Z0-9]+/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');

/** Applies decorators to a method of a class made at run time. */
function decorate(target: object, method: string, decorators: Array<MethodDecorator>) {
  const descriptor = Object.getOwnPropertyDescriptor(target, method)!;
  for (const d of decorators.reverse()) d(target, method, descriptor);
  Object.defineProperty(target, method, descriptor);
}

/** The writes of a domain with behaviour (media files, passwords): the generated routes hand them over. */
export interface WriteService {
  create(ctx: RequestContext, body: unknown): Promise<unknown>;
  update(ctx: RequestContext, id: number, body: unknown): Promise<unknown>;
  remove(ctx: RequestContext, id: number): Promise<void>;
}

export interface CrudControllerOptions {
  /** Provider (class) whose create/update/remove replace the generic ones; reads stay generic. */
  writes?: Type<WriteService>;
  /** OpenAPI schema of the request body, when it is not the resource's input (e.g. a file as data URL). */
  bodySchema?: Record<string, unknown>;
  /** OpenAPI schema of one entity, when it is not the input plus id. */
  entitySchema?: Record<string, unknown>;
}

/**
 * A Nest controller class for one resource: `GET /api/{path}`, `GET/PUT/DELETE /api/{path}/{id}`,
 * `POST /api/{path}`; the list's total count goes in `X-Total-Count`.
 */
export function crudController<E extends ObjectLiteral>(
  def: ResourceDefinition<E>,
  options: CrudControllerOptions = {},
): Type<unknown> {
  const readGuards = def.publicRead ? [Public()] : [Allow(def.read)];
  const bodySchema = options.bodySchema ?? jsonSchemaOf(def.input);
  const entitySchema = options.entitySchema ?? {
    type: 'object',
    properties: { id: { type: 'integer' }, ...(jsonSchemaOf(def.input).properties as object) },
  };

  class ResourceController {
    readonly service: CrudService<E>;
    private writer: WriteService;
    constructor(connection: TransactionalConnection, events: EventBus, moduleRef: ModuleRef) {
      this.service = new CrudService(def, connection, events);
      this.writer = this.service;
      if (options.writes) {
        const writes = options.writes;
        // Resolved lazily: the write service may live in the same module as this controller.
        Object.defineProperty(this, 'writer', {
          get: () => moduleRef.get(writes, { strict: false }),
        });
      }
    }

    async list(ctx: RequestContext, query: Record<string, unknown>, res: Response) {
      const result = await this.service.list(ctx, query);
      res.setHeader('X-Total-Count', String(result.total));
      return result.items;
    }
    get(ctx: RequestContext, id: string) {
      return this.service.get(ctx, parseId(id, def.names.singular));
    }
    create(ctx: RequestContext, body: unknown) {
      return this.writer.create(ctx, body);
    }
    update(ctx: RequestContext, id: string, body: unknown) {
      return this.writer.update(ctx, parseId(id, def.names.singular), body);
    }
    async remove(ctx: RequestContext, id: string) {
      await this.writer.remove(ctx, parseId(id, def.names.singular));
      return null;
    }
  }
  Object.defineProperty(ResourceController, 'name', { value: `${pascal(def.path)}Controller` });

  // Constructor injection and parameter decorators, as the decorator syntax would write them.
  Reflect.defineMetadata(
    'design:paramtypes',
    [TransactionalConnection, EventBus, ModuleRef],
    ResourceController,
  );
  const proto = ResourceController.prototype;
  const param = (method: string, index: number, decorator: ParameterDecorator) =>
    decorator(proto, method, index);
  param('list', 0, Ctx());
  param('list', 1, Query());
  param('list', 2, Res({ passthrough: true }));
  param('get', 0, Ctx());
  param('get', 1, Param('id'));
  param('create', 0, Ctx());
  param('create', 1, Body());
  param('update', 0, Ctx());
  param('update', 1, Param('id'));
  param('update', 2, Body());
  param('remove', 0, Ctx());
  param('remove', 1, Param('id'));

  const idParam = ApiParam({ name: 'id', type: 'integer' });
  const errors = [
    ApiResponse({ status: 400, description: 'Ungültige Eingabe', schema: errorSchema }),
    ApiResponse({ status: 401, description: 'Nicht angemeldet', schema: errorSchema }),
    ApiResponse({ status: 403, description: 'Keine Berechtigung', schema: errorSchema }),
  ];
  const filterQueries = Object.entries(def.filters ?? {}).map(([name, f]) =>
    ApiQuery({
      name,
      required: false,
      type: f.type === 'number' ? 'number' : f.type === 'boolean' ? 'boolean' : 'string',
    }),
  );
  decorate(proto, 'list', [
    Get(),
    ...readGuards,
    ApiOperation({ summary: `${def.names.plural} auflisten` }),
    ApiQuery({ name: 'page', required: false, type: 'integer' }),
    ApiQuery({ name: 'limit', required: false, type: 'integer' }),
    ApiQuery({
      name: 'sort',
      required: false,
      type: 'string',
      description: `Feld, mit - absteigend: ${(def.sortable ?? []).join(', ')}`,
    }),
    ...(def.searchable?.length ? [ApiQuery({ name: 'q', required: false, type: 'string' })] : []),
    ...filterQueries,
    ApiOkResponse({
      schema: { type: 'object', properties: { data: { type: 'array', items: entitySchema } } },
    }),
    ...errors,
  ]);
  decorate(proto, 'get', [
    Get(':id'),
    ...readGuards,
    idParam,
    ApiOperation({ summary: `${def.names.singular} lesen` }),
    ApiOkResponse({ schema: { type: 'object', properties: { data: entitySchema } } }),
    ApiResponse({ status: 404, description: 'Nicht gefunden', schema: errorSchema }),
  ]);
  decorate(proto, 'create', [
    Post(),
    Allow(def.write),
    ApiOperation({ summary: `${def.names.singular} erstellen` }),
    ApiBody({ schema: bodySchema }),
    ApiResponse({ status: 201, schema: { type: 'object', properties: { data: entitySchema } } }),
    ApiResponse({ status: 409, description: 'Doppelter Wert', schema: errorSchema }),
    ...errors,
  ]);
  decorate(proto, 'update', [
    Put(':id'),
    Allow(def.write),
    idParam,
    ApiOperation({ summary: `${def.names.singular} aktualisieren` }),
    ApiBody({ schema: bodySchema }),
    ApiOkResponse({ schema: { type: 'object', properties: { data: entitySchema } } }),
    ApiResponse({ status: 404, description: 'Nicht gefunden', schema: errorSchema }),
    ApiResponse({ status: 409, description: 'Doppelter Wert', schema: errorSchema }),
    ...errors,
  ]);
  decorate(proto, 'remove', [
    Delete(':id'),
    Allow(def.write),
    HttpCode(200),
    idParam,
    ApiOperation({ summary: `${def.names.singular} löschen` }),
    ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'null' } } } }),
    ApiResponse({ status: 404, description: 'Nicht gefunden', schema: errorSchema }),
    ...errors,
  ]);
  ApiTags(def.path)(ResourceController);
  Controller(def.path)(ResourceController);
  return ResourceController;
}
