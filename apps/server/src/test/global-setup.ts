import type { TestProject } from 'vitest/node';
import { createTemplate } from './template-database.ts';

/**
 * Vitest globalSetup of the server project: migrates one template database for the whole run
 * (template-database.ts); every buildTestApp starts from a copy of it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await createTemplate(process.env.TEST_DATABASE_URL);
  project.provide('testDatabaseTemplate', template);
  return remove;
}
