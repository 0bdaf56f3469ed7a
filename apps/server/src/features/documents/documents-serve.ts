import type { FastifyReply } from 'fastify';
import type { FileRow } from '../../db/database';

/** `inline`/`attachment` with the saved name: an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(name: string, download: boolean): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\;]/g, '_') || 'document';
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/**
 * The headers of a served document. The app's own pages may show it in a frame (the PDF viewer of the
 * docs screen), no other site may; the document itself may run nothing (its own CSP). Views are audited,
 * so the browser keeps no copy that would skip the server.
 */
export function documentHeaders(reply: FastifyReply, file: FileRow, disposition: string): FastifyReply {
  return reply
    .header('content-type', file.content_type)
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', disposition)
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    )
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cross-origin-resource-policy', 'same-origin');
}
