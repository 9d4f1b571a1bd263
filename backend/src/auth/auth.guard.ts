import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { IS_PUBLIC } from '../core/decorators.js';
import { DEVICE_SCOPES_KEY, PERMISSIONS_KEY } from '../core/decorators.js';
import { deviceMay, type DeviceScope } from '../core/device-scopes.js';
import type { Permission } from '../core/permissions.js';
import { RequestContext } from '../core/request-context.js';
import { DeviceAuthenticator } from './device-authenticator.js';

/**
 * Finds out who sent a request (session cookie, bearer token ...); never throws for "nobody". It may throw
 * a {@link DomainError} with code `forbidden` for a request it refuses outright (a cookie write without
 * the CSRF token): the guard passes that on for protected routes and treats the caller as anonymous on
 * public ones (a signed-in employee may still order in the storefront like anybody else).
 */
export interface Authenticator {
  authenticate(req: Request): Promise<RequestContext>;
}
export const AUTHENTICATOR = Symbol('AUTHENTICATOR');

/**
 * Every route is closed unless it says otherwise: `@Public()` routes are open (the context may still
 * carry a user or a device), `@Allow(...)` routes need a signed-in user with one of the permissions (401
 * without a user, 403 without the permission), `@ForDevices(...)` routes a device key whose type holds one
 * of the scopes (403 for other devices; a device on any other route is a 403 too), and a route with none
 * of them is refused (403) so that a forgotten declaration never opens data.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AUTHENTICATOR) private readonly authenticator: Authenticator,
    private readonly devices: DeviceAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { ctx?: RequestContext }>();
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const permissions = this.reflector.getAllAndOverride<Permission[]>(PERMISSIONS_KEY, targets);
    const deviceScopes = this.reflector.getAllAndOverride<DeviceScope[]>(DEVICE_SCOPES_KEY, targets);
    try {
      req.ctx = (await this.devices.authenticate(req)) ?? (await this.authenticator.authenticate(req));
    } catch (error) {
      if (!isPublic || !(error instanceof DomainError) || error.code !== 'forbidden') throw error;
      req.ctx = RequestContext.anonymous();
    }
    if (isPublic) return true;
    const device = req.ctx.device;
    if (device) {
      if (deviceScopes && deviceMay(device, deviceScopes)) return true;
      throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    }
    if (!permissions || permissions.length === 0) {
      if (deviceScopes && !req.ctx.user) throw new DomainError('unauthorized', HTTP_MESSAGES.unauthorized);
      throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    }
    if (!req.ctx.user) throw new DomainError('unauthorized', HTTP_MESSAGES.unauthorized);
    if (!permissions.some((p) => req.ctx!.can(p)))
      throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    return true;
  }
}
