import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
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
