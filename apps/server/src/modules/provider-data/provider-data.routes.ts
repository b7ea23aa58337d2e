import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  PROVIDER_DATA_SCHEMAS,
  providerDataParamsSchema,
  providerDataResponseSchema,
  providerDataSaveSchema,
  type ProviderDataKey,
  type ProviderDataResponse,
} from '@app/contracts/provider-data';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { providerData } from '../../db/schema/provider-data.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema };

async function readValue(db: Db, userId: string, key: ProviderDataKey): Promise<ProviderDataResponse> {
  const [row] = await db
    .select({ value: providerData.value, updatedAt: providerData.updatedAt })
    .from(providerData)
    .where(and(eq(providerData.userId, userId), eq(providerData.key, key)));
  return { key, value: row?.value ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
}

/**
 * spec 3 §7 Provider data storage: GET/PUT /api/provider/data/:key for the signed-in provider (the
 * token names them; nobody reads another provider's data). The value is checked by its key's schema.
 */
export async function providerDataRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/provider/data/:key',
    {
      config: { access: access.provider() },
      schema: { params: providerDataParamsSchema, response: { 200: providerDataResponseSchema, ...errors } },
    },
    async (request) => readValue(db, requireAuth(request).userId, request.params.key),
  );

  routes.put(
    '/api/provider/data/:key',
    {
      config: { access: access.provider() },
      schema: {
        params: providerDataParamsSchema,
        body: providerDataSaveSchema,
        response: { 200: providerDataResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { key } = request.params;
      const parsed = PROVIDER_DATA_SCHEMAS[key].safeParse(request.body.value);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          detail: issue.message,
          field: ['value', ...issue.path].join('.'),
        }));
        throw new HttpError(400, issues[0]?.detail ?? 'The value is not valid.', {
          code: 'validation_error',
          errors: issues,
        });
      }
      const now = context.now();
      await db
        .insert(providerData)
        .values({ userId: auth.userId, key, value: parsed.data, updatedAt: now })
        .onConflictDoUpdate({
          target: [providerData.userId, providerData.key],
          set: { value: parsed.data, updatedAt: now },
        });
      return readValue(db, auth.userId, key);
    },
  );
}
