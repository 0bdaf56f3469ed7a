import { controlCharacterMessage } from '@odonto/domain/messages';
import { controlCharacterPath } from '@odonto/domain/text';
import type { App } from '../app-types';
import { AppError } from './errors';

/** A 400 naming the field of `value` that holds a control character, or nothing when there is none. */
export function refuseControlCharacters(value: unknown, prefix = ''): void {
  const path = controlCharacterPath(value);
  if (path === null) return;
  const field = prefix === '' ? path : path === '_' ? prefix : `${prefix}.${path}`;
  const message = controlCharacterMessage(field);
  throw new AppError(400, 'invalid_input', message, { fields: { [field]: message } });
}

/**
 * No call stores a NUL, an escape or another control character a person never types (line breaks and
 * tabs are text): every JSON body, query and path parameter is checked before its route validates it.
 * Multipart forms check their JSON fields where they parse them.
 */
export function registerTextGuard(app: App): void {
  // Callback style, not async: no promise and microtask on every request for a check that never waits
  // (Fastify answers a throw here as it does a rejected hook).
  app.addHook('preValidation', (request, _reply, done) => {
    refuseControlCharacters(request.params);
    refuseControlCharacters(request.query);
    if (!request.isMultipart()) refuseControlCharacters(request.body);
    done();
  });
}
