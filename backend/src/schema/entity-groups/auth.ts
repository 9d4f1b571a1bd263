import { LoginLink } from '../../auth/login-link.entity.js';
import { LoginThrottle } from '../../auth/login-throttle.entity.js';
import { AuthSession } from '../../auth/session.entity.js';

/** Entities of the auth group (see ../entities.ts). */
export const AUTH_ENTITIES: Function[] = [AuthSession, LoginThrottle, LoginLink];
