import type { Kysely } from 'kysely';
import type { TwoFactorPolicy } from '@odonto/domain/contracts/two-factor';
import { isTwoFactorRequired, normaliseRequiredRoles } from '@odonto/domain/two-factor';
import type { Database } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import type { AuthDeps } from './auth.service';
import { readPolicyText, swapPolicyText } from './two-factor.queries';

const STALE_POLICY = 'Setările au fost modificate între timp de altcineva. Reîncărcați pagina.';

/** The clinic's rule and the text it was read from (for the next save's comparison). */
export async function readPolicy(
  db: Kysely<Database>,
): Promise<{ policy: TwoFactorPolicy; text: string | null }> {
  const text = await readPolicyText(db);
  if (text === null) return { policy: { requiredRoles: [], version: 0 }, text };
  const stored = JSON.parse(text) as { requiredRoles?: string[]; version?: number };
  return {
    policy: {
      requiredRoles: normaliseRequiredRoles(stored.requiredRoles ?? []),
      version: stored.version ?? 1,
    },
    text,
  };
}

/** PUT /api/settings/two-factor: 409 when someone saved since `version`. */
export async function savePolicy(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  actor: AuditActor,
  update: { requiredRoles: string[]; version: number },
): Promise<TwoFactorPolicy> {
  const { policy, text } = await readPolicy(deps.db);
  if (update.version !== policy.version) throw new AppError(409, 'conflict', STALE_POLICY);
  const next: TwoFactorPolicy = {
    requiredRoles: normaliseRequiredRoles(update.requiredRoles),
    version: policy.version + 1,
  };
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await swapPolicyText(trx, text, JSON.stringify(next), at.toISOString()))) {
      throw new AppError(409, 'conflict', STALE_POLICY);
    }
    await writeAudit(trx, at, actor, {
      action: 'two_factor_policy_change',
      entity: 'settings',
      entityId: 'two-factor',
      details: { requiredRoles: next.requiredRoles },
    });
  });
  return next;
}

/** Whether the clinic requires TOTP of an account with these roles. */
export async function isRequiredFor(db: Kysely<Database>, roles: readonly string[]): Promise<boolean> {
  return isTwoFactorRequired(roles, (await readPolicy(db)).policy.requiredRoles);
}
