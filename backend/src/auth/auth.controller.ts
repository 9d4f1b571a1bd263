import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../core/decorators.js';
import { AuthService, type SignIn } from './auth.service.js';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './cookies.js';
import { Allow, Ctx } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { RetryLater } from './login-throttle.service.js';
import type { ClientInfo } from './session.service.js';
import { errorSchema } from '../core/openapi.js';

const clientOf = (req: Request): ClientInfo => ({
  ip: req.ip ?? null,
  userAgent: req.header('user-agent') ?? null,
});

const signInSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      required: ['user', 'csrfToken'],
      properties: {
        user: { type: 'object' },
        csrfToken: { type: 'string', description: 'Für X-CSRF-Token bei Schreibzugriffen' },
      },
    },
  },
};

/** Sign-in and sign-out of the back office (session cookie `sid`). */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Anmelden (setzt das Sitzungs-Cookie sid)' })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['username', 'password'],
      properties: {
        username: { type: 'string', description: 'Benutzername oder E-Mail-Adresse' },
        password: { type: 'string' },
      },
    },
  })
  @ApiOkResponse({ schema: signInSchema })
  @ApiResponse({ status: 401, description: 'Ungültige Zugangsdaten', schema: errorSchema })
  @ApiResponse({
    status: 403,
    description: 'Konto deaktiviert, gesperrt oder abgelaufen',
    schema: errorSchema,
  })
  @ApiResponse({
    status: 429,
    description: 'Zu viele Fehlversuche (Adresse, Konto oder insgesamt); Retry-After nennt die Sekunden',
    schema: errorSchema,
  })
  async login(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    let signIn: SignIn;
    try {
      signIn = await this.auth.login(body, clientOf(req), sessionTokenOf(req));
    } catch (error) {
      if (error instanceof RetryLater) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
    setSessionCookie(req, res, signIn.sessionToken);
    return { user: signIn.user, csrfToken: signIn.csrfToken };
  }

  @Post('logout')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Abmelden: beendet die Sitzung auf dem Server und löscht das Cookie' })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'null' } } } })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.auth.logout(sessionTokenOf(req));
    clearSessionCookie(req, res);
    return null;
  }

  @Get('session')
  @Allow('authenticated')
  @ApiOperation({
    summary: 'Angemeldeter Benutzer mit Rollen und dem CSRF-Token der Sitzung (nach einem Neuladen)',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            roles: { type: 'array', items: { type: 'string' } },
            user: { type: 'object' },
            csrfToken: { type: 'string', nullable: true },
          },
        },
      },
    },
  })
  session(@Ctx() ctx: RequestContext, @Req() req: Request) {
    return this.auth.current(ctx, sessionTokenOf(req));
  }

  @Post('login-link')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Einmaligen Anmeldelink per E-Mail anfordern (gleiche Antwort, ob das Konto existiert oder nicht)',
  })
  @ApiBody({
    schema: { type: 'object', properties: { email: { type: 'string' }, username: { type: 'string' } } },
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: { data: { type: 'object', properties: { message: { type: 'string' } } } },
    },
  })
  requestLoginLink(@Body() body: unknown) {
    return this.auth.requestLoginLink(body);
  }

  @Get('login-link/:token')
  @Public()
  @ApiOperation({
    summary:
      'Mit einem Anmeldelink anmelden (einmal): leitet nach /backend weiter; mit Accept: application/json antwortet es wie /api/auth/login',
  })
  @ApiResponse({
    status: 200,
    description: 'Angemeldet (nur mit Accept: application/json)',
    schema: {
      type: 'object',
      properties: {
        data: { type: 'object', properties: { user: { type: 'object' }, csrfToken: { type: 'string' } } },
      },
    },
  })
  @ApiResponse({
    status: 302,
    description:
      'Angemeldet, weiter nach /backend (ungültiger Link: /backend/login?error=login-link-invalid)',
  })
  @ApiResponse({
    status: 401,
    description: 'Link ungültig, benutzt oder abgelaufen (JSON-Clients)',
    schema: errorSchema,
  })
  async loginWithLink(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    const wantsJson = (req.header('accept') ?? '').includes('application/json');
    try {
      const signIn = await this.auth.consumeLoginLink(token, clientOf(req), sessionTokenOf(req));
      setSessionCookie(req, res, signIn.sessionToken);
      if (wantsJson) res.status(200).json({ data: { user: signIn.user, csrfToken: signIn.csrfToken } });
      else res.redirect(302, '/backend');
    } catch (error) {
      if (wantsJson) throw error;
      // A person clicked the link in a mail: show the sign-in page, which names the problem.
      res.redirect(302, '/backend/login?error=login-link-invalid');
    }
  }
}
