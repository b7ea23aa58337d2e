// Device settings as plain data (no zod): every signed-in page registers the device, and must not
// load the schema library for it (decisions 0006, 0074). Schemas: ./devices.ts.

/** spec 1 §9: push registration is debounced 500 ms. */
export const PUSH_REGISTRATION_DEBOUNCE_MS = 500;
