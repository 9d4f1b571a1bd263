import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard, AUTHENTICATOR, type Authenticator } from './auth.guard.js';
import { RequestContext } from './request-context.js';

/** Placeholder until sessions exist: everybody is anonymous. */
class AnonymousAuthenticator implements Authenticator {
  async authenticate(): Promise<RequestContext> {
    return RequestContext.anonymous();
  }
}

@Global()
@Module({})
export class AuthModule {
  /** @param authenticator replaces the real one (tests). */
  static forRoot(authenticator?: Authenticator): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        authenticator ? { provide: AUTHENTICATOR, useValue: authenticator } : { provide: AUTHENTICATOR, useClass: AnonymousAuthenticator },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      exports: [AUTHENTICATOR],
    };
  }
}
