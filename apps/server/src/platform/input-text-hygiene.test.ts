import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { uncheckedStrings } from '../test/zod-inputs.ts';

// Issue 19 item 5 (decision 0059): every string a route takes in (body, query, params) goes through
// the contracts' singleLineText() or multiLineText(), or is a format (uuid, email, date…) whose
// pattern refuses control characters. Walks every registered route, so a new route is checked too.

describe('the text hygiene of every route input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses control characters in every string of every body, query and params schema', () => {
    const routes = t.app.routeAccess.filter((route) => route.schema);
    expect(routes.length).toBeGreaterThan(100);
    const unchecked = routes.flatMap((route) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) => {
        const schema = route.schema?.[part] as z.ZodType | undefined;
        return schema
          ? uncheckedStrings(schema).map((path) => `${route.method} ${route.url} ${part}: ${path}`)
          : [];
      }),
    );
    expect(unchecked).toEqual([]);
  });
});
