import type { TFunction } from 'i18next';
import {
  AUDIT_RESOURCE_TYPES,
  type AuditAction,
  type AuditEventView,
  type AuditResourceType,
} from '@app/contracts/audit';

// The trail stores keys (decision 0057); both screens read them through the catalogue.

type AuditT = TFunction<'audit'>;

function isResourceType(value: string): value is AuditResourceType {
  return (AUDIT_RESOURCE_TYPES as readonly string[]).includes(value);
}

/** "Appointments", "Personal details"…; a type added to the trail later still reads as something. */
export function resourceLabel(t: AuditT, type: string): string {
  return isResourceType(type) ? t(`resource_${type}`) : t('unknownResource', { type });
}

export function actionLabel(t: AuditT, action: AuditAction): string {
  return t(`action_${action}`);
}

/** First and last name, or the catalogue's word for an account the trail no longer names. */
export function personName(
  t: AuditT,
  person: { firstName: string; lastName: string } | null,
  fallback: 'nobody' | 'noPatient' = 'nobody',
): string {
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  return name || t(fallback);
}

/**
 * The line under an actor who acted for someone else. An app a user connected (SMART, decision 0084)
 * is called what the patient's access history calls it ("Connected app") and names the user it read
 * for; a person inside a patient's session (a provider switched in) acts for the patient's account.
 */
export function actingForLabel(t: AuditT, event: Pick<AuditEventView, 'actor' | 'actingFor'>): string | null {
  if (event.actor?.kind === 'app') {
    return t('appActingFor', { app: t('role_app'), name: personName(t, event.actingFor) });
  }
  return event.actingFor ? t('actingFor') : null;
}
