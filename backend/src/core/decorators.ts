import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { DeviceScope } from './device-scopes.js';
import type { Permission } from './permissions.js';
import { RequestContext } from './request-context.js';

export const PERMISSIONS_KEY = 'ordering:permissions';

/**
 * The route needs a signed-in user holding any of these permissions. Every non-public route declares
 * one; the guard refuses a route that declares neither `@Allow` nor `@Public`.
 */
export const Allow = (...permissions: Permission[]) => SetMetadata(PERMISSIONS_KEY, permissions);

/** The request's {@link RequestContext} (set by the auth guard; anonymous on public routes). */
export const Ctx = createParamDecorator((_data: unknown, context: ExecutionContext): RequestContext => {
  const req = context.switchToHttp().getRequest<{ ctx?: RequestContext }>();
  return req.ctx ?? RequestContext.anonymous();
});

export const IS_PUBLIC = 'ordering:public';

/** The route needs no sign-in. Every public route carries this, so they can be listed in one place. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const DEVICE_SCOPES_KEY = 'ordering:device-scopes';

/**
 * Devices holding any of these scopes may call the route with their key (the guard's device
 * authenticator puts the device on the context); other devices get a 403. Combined with `@Allow(...)` the
 * route is open to such staff too; alone, it is for devices only.
 */
export const ForDevices = (...scopes: DeviceScope[]) => SetMetadata(DEVICE_SCOPES_KEY, scopes);
