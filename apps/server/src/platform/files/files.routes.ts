import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/errors';
import { fileParamsSchema } from '@app/contracts/files';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../access.ts';
import { readFileChecked, TamperedFileError } from './stored-files.ts';

/** GET /api/files/:fileId: a stored file for the people allowed to see it (decision 0022). */
export async function filesRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/files/:fileId',
    {
      // Card images, attachments and signed documents are a patient's data: theirs, or a provider's
      // with PATIENT, or with PROVIDER_INSURANCE for the card images of the review (decision 0060).
      config: { access: access.patientOrProvider({ anyOf: ['PATIENT', 'PROVIDER_INSURANCE'] }) },
      schema: {
        params: fileParamsSchema,
        response: { 200: z.any(), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      try {
        const { row, bytes } = await readFileChecked(context, auth, request.params.fileId);
        const disposition = row.contentType === 'application/pdf' ? 'attachment' : 'inline';
        return await reply
          .header('content-type', row.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `${disposition}; filename="${row.downloadName}"`)
          .header('cache-control', 'private, no-store')
          .send(bytes);
      } catch (error) {
        if (error instanceof TamperedFileError) {
          request.log.error(
            { fileId: error.fileId, userId: auth.userId },
            'stored file failed its hash check',
          );
        }
        throw error;
      }
    },
  );
}
