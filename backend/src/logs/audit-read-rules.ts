import { Injectable, type OnApplicationBootstrap, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { IS_PUBLIC, PERMISSIONS_KEY } from '../core/decorators.js';
import type { Permission } from '../core/permissions.js';
import type { RequestContext } from '../core/request-context.js';

/** Who may read a collection directly: anybody, or a holder of one of these permissions. */
type ReadRule = 'public' | Permission[];

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

/**
 * One access rule per piece of data, for the audit log: an entry about `products` is shown to whoever may
 * call `GET /api/products`, an entry about `users` only to whoever may list the users. The rules are read
 * from the running router at start (the permission each collection's list route declares), so a new
 * collection brings its rule along. Entity types without a list route (actions the log names by another
 * word) are shown to administrators only.
 */
@Injectable()
export class AuditReadRules implements OnApplicationBootstrap {
  private readonly rules = new Map<string, ReadRule>();

  constructor(private readonly modules: ModulesContainer) {}

  onApplicationBootstrap(): void {
    const scanner = new MetadataScanner();
    for (const module of this.modules.values()) {
      for (const { metatype, instance } of module.controllers.values()) {
        if (!metatype || !instance) continue;
        const classPaths = [Reflect.getMetadata(PATH_METADATA, metatype) as string | string[] | undefined]
          .flat()
          .filter((p): p is string => typeof p === 'string');
        const proto = Object.getPrototypeOf(instance) as Record<string, object>;
        for (const name of scanner.getAllMethodNames(proto)) {
          const handler = proto[name]!;
          if (Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.GET) continue;
          const methodPaths = [
            Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined,
          ].flat();
          if (!methodPaths.some((p) => p === undefined || trimSlashes(String(p)) === '')) continue;
          const isPublic = !!(
            Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, metatype)
          );
          const permissions = (Reflect.getMetadata(PERMISSIONS_KEY, handler) ??
            Reflect.getMetadata(PERMISSIONS_KEY, metatype) ??
            []) as Permission[];
          for (const path of classPaths) {
            const collection = trimSlashes(path);
            if (collection && !collection.includes('/'))
              this.rules.set(collection, isPublic ? 'public' : permissions);
          }
        }
      }
    }
  }

  /** The rule of one entity type, if its collection has a list route. */
  ruleOf(entityType: string): ReadRule | undefined {
    return this.rules.get(entityType);
  }

  /**
   * The entity types whose entries this reader may see, or null for all of them (administrators, who may
   * read everything).
   */
  readableTypes(ctx: RequestContext): string[] | null {
    if (ctx.user?.roles.includes('ROLE_ADMIN')) return null;
    return [...this.rules]
      .filter(([, rule]) => rule === 'public' || rule.some((p) => ctx.can(p)))
      .map(([type]) => type);
  }

  /** Whether this reader may see entries about this entity type. */
  mayRead(ctx: RequestContext, entityType: string): boolean {
    const readable = this.readableTypes(ctx);
    return readable === null || readable.includes(entityType);
  }
}
