import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { AppConfig } from '../env/config.js';
import { APP_CONFIG } from '../core/core.module.js';
import { MailModule } from '../mail/mail.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard, AUTHENTICATOR, type Authenticator } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { DeviceAuthenticator } from './device-authenticator.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { PasswordHasher } from './passwords.js';
import { SessionAuthenticator } from './session-authenticator.js';
import { SessionService } from './session.service.js';

/** Sign-in, sessions, API tokens and the global guard that checks every route's permission. */
@Global()
@Module({})
export class AuthModule {
  /** @param authenticator replaces the session/token authenticator (tests of other areas only). */
  static forRoot(authenticator?: Authenticator): DynamicModule {
    return {
      module: AuthModule,
      imports: [MailModule],
      controllers: [AuthController],
      providers: [
        {
          provide: PasswordHasher,
          useFactory: (config: AppConfig) => new PasswordHasher(config.bcryptCost),
          inject: [APP_CONFIG],
        },
        LoginThrottleService,
        SessionService,
        AuthService,
        SessionAuthenticator,
        DeviceAuthenticator,
        authenticator
          ? { provide: AUTHENTICATOR, useValue: authenticator }
          : { provide: AUTHENTICATOR, useExisting: SessionAuthenticator },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      exports: [AUTHENTICATOR, DeviceAuthenticator, PasswordHasher, SessionService, LoginThrottleService],
    };
  }
}
