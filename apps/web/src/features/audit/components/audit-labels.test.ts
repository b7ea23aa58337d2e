import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { AuditEventView } from '@app/contracts/audit';
import { auditEn } from '../i18n/en.ts';
import { auditEs } from '../i18n/es.ts';
import { actingForLabel } from './audit-labels.ts';

// Decision 0088: the clinic admin's audit search names an app that read for a user the way the
// patient's access history does ("Connected app"), with the user it acted for, in en and es.

async function tOf(language: 'en' | 'es') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { audit: language === 'en' ? auditEn : auditEs } },
    keySeparator: false,
    nsSeparator: false,
    showSupportNotice: false,
  });
  return i18n.getFixedT(language, 'audit');
}

const JANE = { id: '33333333-3333-4333-8333-333333333333', firstName: 'Jane', lastName: 'Patient' };
const APP: AuditEventView['actor'] = {
  id: '55555555-5555-4555-8555-555555555555',
  firstName: 'Health Diary',
  lastName: '',
  kind: 'app',
};
const SMITH: AuditEventView['actor'] = {
  id: '22222222-2222-4222-8222-222222222222',
  firstName: 'Alice',
  lastName: 'Smith',
  kind: 'person',
};

describe('actingForLabel', () => {
  it('names the app as a connected app and the user it acted for, in en and es', async () => {
    expect(actingForLabel(await tOf('en'), { actor: APP, actingFor: JANE })).toBe(
      'Connected app, acting for Jane Patient',
    );
    expect(actingForLabel(await tOf('es'), { actor: APP, actingFor: JANE })).toBe(
      'Aplicación conectada, en nombre de Jane Patient',
    );
  });

  it('keeps a person acting in a patient’s session as before, and says nothing for a person alone', async () => {
    const t = await tOf('en');
    expect(actingForLabel(t, { actor: SMITH, actingFor: JANE })).toBe('acting for the patient’s account');
    expect(actingForLabel(t, { actor: SMITH, actingFor: null })).toBeNull();
  });

  it('names an app whose user the trail no longer names by the catalogue’s word', async () => {
    expect(actingForLabel(await tOf('en'), { actor: APP, actingFor: null })).toBe(
      'Connected app, acting for Unknown account',
    );
  });
});
