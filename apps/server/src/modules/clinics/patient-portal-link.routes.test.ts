import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe('the external patient portal link of the side menu (spec 1 §2) comes from configuration', () => {
  describe('with PATIENT_PORTAL_URL set', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ PATIENT_PORTAL_URL: 'https://portal.example.org/login' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('is delivered in the app configuration when PATIENT_PORTAL_URL is set', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/public/app-config' });
      expect(response.json()).toMatchObject({ patientPortalUrl: 'https://portal.example.org/login' });
    });
  });

  describe('without PATIENT_PORTAL_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    it('is absent otherwise', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/public/app-config' });
      expect(response.json()).not.toHaveProperty('patientPortalUrl');
    });
  });
});
