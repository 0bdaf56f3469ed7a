import type { FastifyReply, FastifyRequest } from 'fastify';

/** Browsers keep a places answer five minutes, then revalidate it with If-None-Match. */
const CACHE_CONTROL = 'private, max-age=300';

/**
 * Sets the caching headers of a revalidatable answer and tells whether the caller's copy is current
 * (then the route answers 304 without building the body).
 */
export function isCachedCopyFresh(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
