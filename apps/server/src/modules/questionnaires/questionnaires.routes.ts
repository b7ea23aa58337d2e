import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import { NO_PATIENT_ACCESS_TEXT } from '@app/contracts/patient-texts';
import {
  patientQuestionnaireParamsSchema,
  patientQuestionnaireResponseListSchema,
  questionnaireFormParamsSchema,
  questionnaireTaskParamsSchema,
  saveFormAnswersResponseSchema,
  saveFormAnswersSchema,
  taskQuestionnaireSchema,
} from '@app/contracts/questionnaires';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { changedBy, publishAppointmentChangedOnSuccess } from '../../platform/realtime/appointment-events.ts';
import { getTaskQuestionnaire, listPatientResponses, saveFormAnswers } from './questionnaires.service.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Questionnaire calls (paths ours, decision 0020): the task's patient, or a provider of its clinic. */
export async function questionnairesRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/questionnaires/tasks/:taskId',
    {
      config: { access: access.patientOrProvider('PATIENT') },
      schema: {
        params: questionnaireTaskParamsSchema,
        response: { 200: taskQuestionnaireSchema, ...errors },
      },
    },
    async (request) => getTaskQuestionnaire(db, requireAuth(request), request.params.taskId),
  );

  routes.post(
    '/api/questionnaires/tasks/:taskId/forms/:formId',
    {
      config: { access: access.patientOrProvider('PATIENT') },
      schema: {
        params: questionnaireFormParamsSchema,
        body: saveFormAnswersSchema,
        response: { 200: saveFormAnswersResponseSchema, ...errors },
      },
      onResponse: publishAppointmentChangedOnSuccess(context, changedBy.taskParam('taskId')),
    },
    async (request) =>
      saveFormAnswers(db, requireAuth(request), request.params, request.body.answers, context.now()),
  );

  routes.get(
    '/api/questionnaires/patients/:patientUserId/responses',
    {
      config: { access: access.provider('PATIENT', undefined, NO_PATIENT_ACCESS_TEXT) },
      schema: {
        params: patientQuestionnaireParamsSchema,
        response: { 200: patientQuestionnaireResponseListSchema, ...errors },
      },
    },
    async (request) => listPatientResponses(db, requireAuth(request), request.params.patientUserId),
  );
}
