import type * as FastifySwagger from '@fastify/swagger';

// Imported when first used (decision 0080): only the API description at /docs/openapi.json needs it,
// and it is built on the first request for it.
let loading: Promise<typeof FastifySwagger> | undefined;

export function loadFastifySwagger(): Promise<typeof FastifySwagger> {
  loading ??= import('@fastify/swagger');
  return loading;
}
