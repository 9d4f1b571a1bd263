import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { DEVICE_SCOPES_KEY, PERMISSIONS_KEY } from '../../src/core/decorators.js';
import type { DeviceScope } from '../../src/core/device-scopes.js';
import type { Permission } from '../../src/core/permissions.js';
import { IS_PUBLIC } from '../../src/core/decorators.js';
import type { TestApp } from './test-app.js';

export interface Route {
  method: string;
  path: string;
  key: string;
  isPublic: boolean;
  permissions: Permission[];
  /** The device scopes that open the route to a device key (`@ForDevices`); empty: no device. */
  deviceScopes: DeviceScope[];
  controller: object;
}

const asArray = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : v === undefined ? [''] : [String(v)];
const join = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

/** The routes Express actually answers (what a client can reach), as `METHOD /path`. */
export function expressRoutes(t: TestApp): string[] {
  const stack = (
    t.app.getHttpAdapter().getInstance() as {
      router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
    }
  ).router.stack;
  return (
    stack
      // A layer for every HTTP method at once is a middleware mount (Nest binds middleware to the paths the
      // global prefix excludes that way), not an endpoint; an @All() controller route is found by Nest's metadata.
      .filter((layer) => layer.route && Object.keys(layer.route.methods).length < 10)
      .flatMap((layer) =>
        Object.keys(layer.route!.methods)
          .filter((m) => m !== '_all')
          .map((m) => `${m.toUpperCase()} ${layer.route!.path}`),
      )
  );
}

/**
 * Every route of every controller of the running application, as Nest registered it: the path under the
 * global prefix `/api`, or without it where the prefix excludes the route (images, uploads).
 */
export function discoverRoutes(t: TestApp): Route[] {
  const served = new Set(expressRoutes(t));
  const scanner = new MetadataScanner();
  const routes: Route[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const { metatype, instance } = wrapper;
      if (!metatype || !instance) continue;
      const proto = Object.getPrototypeOf(instance) as Record<string, Function>;
      for (const name of scanner.getAllMethodNames(proto)) {
        const handler = proto[name]!;
        const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (methodPaths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const isPublic = !!(
          Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, metatype)
        );
        const permissions = (Reflect.getMetadata(PERMISSIONS_KEY, handler) ??
          Reflect.getMetadata(PERMISSIONS_KEY, metatype) ??
          []) as Permission[];
        const deviceScopes = (Reflect.getMetadata(DEVICE_SCOPES_KEY, handler) ??
          Reflect.getMetadata(DEVICE_SCOPES_KEY, metatype) ??
          []) as DeviceScope[];
        for (const classPath of asArray(Reflect.getMetadata(PATH_METADATA, metatype))) {
          for (const methodPath of asArray(methodPaths)) {
            const prefixed = join('api', classPath, methodPath);
            const bare = join(classPath, methodPath);
            const path =
              !served.has(`${method} ${prefixed}`) && served.has(`${method} ${bare}`) ? bare : prefixed;
            routes.push({
              method,
              path,
              key: `${method} ${path}`,
              isPublic,
              permissions,
              deviceScopes,
              controller: instance as object,
            });
          }
        }
      }
    }
  }
  return routes;
}
