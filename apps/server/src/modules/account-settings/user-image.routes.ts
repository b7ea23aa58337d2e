import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMAGE_MISSING_TEXT,
  USER_IMAGE_MAX_BYTES,
  imageParamsSchema,
  imageUploadResultSchema,
} from '@app/contracts/account-settings';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { readUserImage, uploadUserImage } from './user-image.service.ts';

/** spec 1 §7 User image upload (account settings) and reading the picture back. */
export async function userImageRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  // Only this plugin's routes accept multipart bodies: one file, at most the size limit.
  await app.register(multipart, {
    limits: { fileSize: USER_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/user/image',
    { config: { access: access.authenticated }, schema: { response: { 201: imageUploadResultSchema } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) {
        throw new HttpError(400, IMAGE_MISSING_TEXT, { code: 'file_required' });
      }
      const file = await request.file();
      if (!file) {
        throw new HttpError(400, IMAGE_MISSING_TEXT, { code: 'file_required' });
      }
      // A file over the limit is cut short rather than failing: look at `truncated`.
      const bytes = await file.toBuffer().catch(() => null);
      const href = await uploadUserImage(
        context,
        auth,
        bytes ?? Buffer.alloc(0),
        bytes === null || file.file.truncated,
      );
      return reply.status(201).send({ href });
    },
  );

  routes.get(
    '/api/user/images/:imageId',
    {
      config: { access: access.authenticated },
      schema: { params: imageParamsSchema, response: { 200: z.any() } },
    },
    async (request, reply) => {
      const image = await readUserImage(context, requireAuth(request), request.params.imageId);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .send(image.bytes);
    },
  );
}
