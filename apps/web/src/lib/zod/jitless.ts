// Zod compiles fast object parsers with `new Function` unless told not to. The portal's
// Content-Security-Policy forbids eval, so each signed-in page logged a CSP violation (issue 18,
// Lighthouse best practices). Zod reads its configuration from this global when it first loads, which
// in the browser is always after this module (main.tsx imports it first; zod only comes with lazy
// chunks, decision 0006). Jitless parsing needs no eval; the server keeps the compiled parsers.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// The same object zod keeps (it captures it when it loads), so the order of loading cannot matter.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
