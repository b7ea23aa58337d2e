import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  APP_ICONS_PATH,
  WEB_APP_MANIFEST_PATH,
  isAppIconFile,
  webAppManifestSchema,
} from '@app/contracts/installable-app';
import { singleLineText } from '@app/contracts/text';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { buildAppConfig, readBranding } from '../clinics/app-config.service.ts';
import { renderAppIcon } from './app-icon.ts';
import { buildWebAppManifest } from './web-app-manifest.ts';

const iconParamsSchema = z.object({ file: singleLineText().max(100) });

/**
 * The installable app (issue 16 item 4, decision 0038): the web app manifest and its icons, written
 * from the variant's configuration and the clinic's branding. Public: the browser reads them before
 * anyone signs in, and they hold nothing but the app's name and colours.
 */
export async function installableAppRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    WEB_APP_MANIFEST_PATH,
    { config: { access: access.public }, schema: { response: { 200: webAppManifestSchema } } },
    async (_request, reply) => {
      const manifest = buildWebAppManifest(await buildAppConfig(context.env, context.db));
      // Branding can change: the browser revalidates (it re-reads a manifest rarely anyway).
      void reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8');
      return webAppManifestSchema.parse(manifest);
    },
  );

  routes.get(
    `${APP_ICONS_PATH}:file`,
    {
      config: { access: access.public },
      // 200: the image bytes (PNG or SVG); 304 when the browser holds the same picture.
      schema: { params: iconParamsSchema, response: { 200: z.any(), 304: z.null(), 404: apiErrorSchema } },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!isAppIconFile(file)) {
        throw new HttpError(404, 'Not found.', { code: 'not_found' });
      }
      const branding = await readBranding(context.db);
      const bytes = await renderAppIcon(file, branding.backgroundColor);
      const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
      void reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) {
        return reply.code(304).send(null);
      }
      return reply.type(file.endsWith('.svg') ? 'image/svg+xml' : 'image/png').send(bytes);
    },
  );
}
