import { can } from '@odonto/domain/roles';

/** /statie-semnatura: staff who may write patient records (a tablet signed in by one of them). */
export function canOpenSignatureStation(roles: readonly string[]): boolean {
  return can(roles, 'write:patient');
}
