import { openDB, type IDBPDatabase } from 'idb';
import { formSchema, type Form } from '@app/contracts/questionnaires';

// spec 2 §3 "Local store for forms: a browser database 'mobile-db' version 2, one store 'mobile-store'
// keyed by string". Drafts live here while the patient answers, so a reload loses nothing; the flow
// clears them after the last form (spec 2 §4).

export const FORM_DB_NAME = 'mobile-db';
export const FORM_DB_VERSION = 2;
export const FORM_STORE = 'mobile-store';

let database: Promise<IDBPDatabase> | null = null;

function db(): Promise<IDBPDatabase> {
  database ??= openDB(FORM_DB_NAME, FORM_DB_VERSION, {
    upgrade(upgrading) {
      if (!upgrading.objectStoreNames.contains(FORM_STORE)) {
        upgrading.createObjectStore(FORM_STORE);
      }
    },
  });
  return database;
}

const PREFIX = 'questionnaire';

export function draftKey(taskId: string, formId: string): string {
  return `${PREFIX}:${taskId}:${formId}`;
}

/** The draft of a form, or null (none, or not a form any more). Storage failures read as no draft. */
export async function readDraft(taskId: string, formId: string): Promise<Form | null> {
  try {
    const stored: unknown = await (await db()).get(FORM_STORE, draftKey(taskId, formId));
    const parsed = formSchema.safeParse(stored);
    return parsed.success && parsed.data.formId === formId ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function writeDraft(taskId: string, form: Form): Promise<void> {
  try {
    await (await db()).put(FORM_STORE, form, draftKey(taskId, form.formId));
  } catch {
    // Private browsing may refuse storage: the form still works, only the reload safety is lost.
  }
}

/** spec 2 §4 "After the last form, form storage is cleared". */
export async function clearTaskDrafts(taskId: string): Promise<void> {
  try {
    const store = await db();
    const keys = await store.getAllKeys(FORM_STORE);
    const prefix = `${PREFIX}:${taskId}:`;
    await Promise.all(
      keys
        .filter((key) => typeof key === 'string' && key.startsWith(prefix))
        .map((key) => store.delete(FORM_STORE, key)),
    );
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
