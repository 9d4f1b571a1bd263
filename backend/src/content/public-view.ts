import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
  type Type,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { mergeMap, type Observable } from 'rxjs';
import type { DataSource, EntityManager } from 'typeorm';
import { RequestContext } from '../auth/request-context.js';
import { DomainError } from '../core/errors.js';
import type { ResourceDefinition } from '../crud/resource.js';

/**
 * How a public collection looks to readers without its read permission (the storefront), and what every
 * reader's JSON still needs after the generic serialisation.
 */
export interface PublicView {
  /** List filters forced for such readers (their own values for these parameters are overridden). */
  publicQuery?: Record<string, string>;
  /** Whether such readers may see this one entity (a hidden one is a 404). */
  isVisible?: (json: Record<string, unknown>) => boolean;
  /** Completes serialised entities in place (e.g. current picture versions for stored references). */
  finish?: (em: EntityManager, items: Record<string, unknown>[]) => Promise<void>;
}

const VIEW = 'ordering:public-view';

/** Applies a resource's {@link PublicView} to its generated CRUD controller. */
@Injectable()
export class PublicViewInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const meta = this.reflector.get<{ def: ResourceDefinition; view: PublicView } | undefined>(
      VIEW,
      context.getClass(),
    );
    if (!meta) return next.handle();
    const req = context.switchToHttp().getRequest<Request & { ctx?: RequestContext }>();
    const ctx = req.ctx ?? RequestContext.anonymous();
    const restricted = req.method === 'GET' && !ctx.can(meta.def.read);
    if (restricted && meta.view.publicQuery) {
      // Express 5 computes req.query in a getter: shadow it on this request.
      Object.defineProperty(req, 'query', {
        value: { ...req.query, ...meta.view.publicQuery },
        configurable: true,
        writable: true,
        enumerable: true,
      });
    }
    return next.handle().pipe(
      mergeMap(async (result: unknown) => {
        if (!result || typeof result !== 'object') return result;
        const items = (Array.isArray(result) ? result : [result]) as Record<string, unknown>[];
        if (
          restricted &&
          !Array.isArray(result) &&
          meta.view.isVisible &&
          !meta.view.isVisible(result as Record<string, unknown>)
        ) {
          throw new DomainError('not_found', `${meta.def.names.singular} wurde nicht gefunden.`);
        }
        if (meta.view.finish) await meta.view.finish(this.dataSource.manager, items);
        return result;
      }),
    );
  }
}

/** Marks a generated controller with its resource's view and puts the interceptor on it. */
export function withPublicView<T extends Type<unknown>>(
  controller: T,
  def: ResourceDefinition<any, any>,
  view: PublicView,
): T {
  SetMetadata(VIEW, { def, view })(controller);
  UseInterceptors(PublicViewInterceptor)(controller);
  return controller;
}
