import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod in the browser', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('parses objects without compiling code with new Function (the CSP forbids eval)', async () => {
    await import('./jitless.ts');
    const functionSpy = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    const schema = z.object({ id: z.string(), count: z.number() });
    expect(schema.parse({ id: 'a', count: 1 })).toEqual({ id: 'a', count: 1 });
    expect(globalThis.__zod_globalConfig?.jitless).toBe(true);
    expect(functionSpy).not.toHaveBeenCalled();
  });
});
