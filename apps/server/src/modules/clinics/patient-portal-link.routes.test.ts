import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';

describe('the external patient portal link of the side menu (spec 1 §2) comes from configuration', () => {
  it('is delivered in the app configuration when PATIENT_PORTAL_URL is set', async () => {
    const t = await buildTestApp({ PATIENT_PORTAL_URL: 'https://portal.example.org/login' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/public/app-config' });
      expect(response.json()).toMatchObject({ patientPortalUrl: 'https://portal.example.org/login' });
    } finally {
      await t.close();
    }
  });

  it('is absent otherwise', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/public/app-config' });
      expect(response.json()).not.toHaveProperty('patientPortalUrl');
    } finally {
      await t.close();
    }
  });
});
