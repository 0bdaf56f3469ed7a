import type { FastifyRequest } from 'fastify';
import { errorBody } from '@odonto/domain/contracts/errors';

/** Error answers of a route, for its OpenAPI entry: `errorResponses(400, 401)`. */
export function errorResponses<const T extends number>(...statuses: T[]): Record<T, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<T, typeof errorBody>;
}

/** The caller's address and browser, for sessions and the audit log. */
export function clientOf(request: FastifyRequest): { ip: string; userAgent: string } {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
