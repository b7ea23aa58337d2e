import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  masterPasswordResponseSchema,
  waitingTimeEntrySchema,
  waitingTimeListQuerySchema,
  waitingTimeListResponseSchema,
  waitingTimeParamsSchema,
  waitingTimeUpdateSchema,
} from '@app/contracts/clinic-admin';
import { clinicParamsSchema } from '@app/contracts/provider-workspace';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import {
  findSealedMasterPassword,
  listWaitingTimes,
  updateMasterPassword,
  updateWaitingTime,
} from './clinic-admin.repository.ts';
import { generateMasterPassword, masterPasswordColumns, readableMasterPassword } from './master-password.ts';

/** spec 3 §2 Master password panel and Wait times panel; §7 their calls. */
export async function clinicAdminRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  // spec 3 §2 side menu: MASTER PASSWORD needs no permission; resetting it needs SETTING.
  routes.get(
    '/api/provider/clinics/:clinicId/master-password',
    {
      config: { access: access.provider() },
      schema: { params: clinicParamsSchema, response: { 200: masterPasswordResponseSchema } },
    },
    async (request) => ({
      masterPassword: readableMasterPassword(
        context,
        await findSealedMasterPassword(db, request.params.clinicId),
      ),
    }),
  );

  routes.post(
    '/api/provider/clinics/:clinicId/master-password/refresh',
    {
      config: { access: access.provider('SETTING') },
      schema: { params: clinicParamsSchema, response: { 200: masterPasswordResponseSchema } },
    },
    async (request) => {
      const masterPassword = generateMasterPassword();
      await updateMasterPassword(
        db,
        request.params.clinicId,
        await masterPasswordColumns(context.signingKey, masterPassword),
      );
      return { masterPassword };
    },
  );

  routes.get(
    '/api/provider/clinics/:clinicId/waiting-times',
    {
      config: { access: access.provider('WAIT_TIMES') },
      schema: {
        params: clinicParamsSchema,
        querystring: waitingTimeListQuerySchema,
        response: { 200: waitingTimeListResponseSchema },
      },
    },
    async (request) =>
      listWaitingTimes(db, request.params.clinicId, context.now(), request.query.departmentUuid),
  );

  routes.put(
    '/api/provider/clinics/:clinicId/waiting-times/:entryId',
    {
      config: { access: access.provider('WAIT_TIMES') },
      schema: {
        params: waitingTimeParamsSchema,
        body: waitingTimeUpdateSchema,
        response: { 200: waitingTimeEntrySchema },
      },
    },
    async (request) => {
      const { clinicId, entryId } = request.params;
      const updated = await updateWaitingTime(db, clinicId, entryId, request.body.bufferTime, context.now());
      const [entry] = updated
        ? (await listWaitingTimes(db, clinicId, context.now())).filter((row) => row.id === entryId)
        : [];
      if (!entry) {
        throw new HttpError(404, 'Waiting time entry not found.', { code: 'not_found' });
      }
      return entry;
    },
  );
}
