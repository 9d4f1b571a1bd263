import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, type Observable } from 'rxjs';

const RAW = 'ordering:raw-response';

/** The handler's result is sent as it is, not wrapped in `{ data }` (OpenAPI document, files). */
export const RawResponse = () => SetMetadata(RAW, true);

/** Every JSON response is `{ "data": ... }`. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const raw = this.reflector.getAllAndOverride<boolean>(RAW, [context.getHandler(), context.getClass()]);
    if (raw) return next.handle();
    return next.handle().pipe(map((data: unknown) => ({ data: data ?? null })));
  }
}
