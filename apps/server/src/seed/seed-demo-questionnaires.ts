import { and, eq, sql } from 'drizzle-orm';
import { formSchema, type Field, type Form, type Variant } from '@app/contracts/questionnaires';
import type { Db } from '../db/client.ts';
import { taskSettings } from '../db/schema/check-in.ts';
import { clinics } from '../db/schema/clinics.ts';
import { questionnaireForms } from '../db/schema/questionnaires.ts';

// Issue 5: the demo clinic's questionnaire task asks for a realistic intake form (spec 2 §3 model):
// numbers, date parts, a calendar date, single and multiple choice, exclusions and a conditional field.

function field(fieldId: string, label: string, rest: Partial<Field> & Pick<Field, 'type'>): Field {
  return {
    fieldId,
    label,
    typeView: null,
    answer: rest.type === 'variant' ? [] : null,
    required: false,
    invalid: false,
    multi: false,
    variantList: [],
    ...rest,
  };
}

function variant(id: string, label: string, rest: Partial<Variant> = {}): Variant {
  return {
    id,
    label,
    isExcluded: false,
    excludingVariantList: [],
    excludingQuestionList: [],
    conditionalFieldList: [],
    ...rest,
  };
}

function question(id: string, text: string, fieldList: Field[]) {
  return { id, text, fieldList, isExcluded: false, isDeleted: false };
}

export const HEALTH_HISTORY_FORM: Omit<Form, 'formId'> = {
  title: 'Health history',
  description: 'Tell us about your health before your visit. Questions marked required must be answered.',
  groupList: [
    {
      id: 'today',
      title: 'Today’s visit',
      order: 1,
      questionList: [
        question('symptoms', 'What symptoms do you have today?', [
          field('symptoms', 'Current symptoms', {
            type: 'variant',
            typeView: 'checkbox',
            required: true,
            variantList: [
              variant('symptoms-none', 'No symptoms (routine visit)', {
                excludingVariantList: [
                  'symptoms-fever',
                  'symptoms-cough',
                  'symptoms-headache',
                  'symptoms-fatigue',
                ],
                excludingQuestionList: ['pain'],
              }),
              variant('symptoms-fever', 'Fever'),
              variant('symptoms-cough', 'Cough'),
              variant('symptoms-headache', 'Headache'),
              variant('symptoms-fatigue', 'Fatigue'),
            ],
          }),
        ]),
        question('pain', 'How bad is your pain right now?', [
          field('pain-scale', 'Pain scale (0 = no pain, 10 = worst pain)', {
            type: 'numeric',
            required: true,
            min: 0,
            max: 10,
          }),
        ]),
        question('symptoms-since', 'Since when have you had these symptoms?', [
          field('symptoms-since', 'Symptoms started (year, month and day if you know them)', {
            type: 'date_part',
          }),
        ]),
      ],
    },
    {
      id: 'habits',
      title: 'Smoking',
      order: 2,
      questionList: [
        question('smoking', 'Do you smoke?', [
          field('smoking', 'Smoking', {
            type: 'variant',
            required: true,
            variantList: [
              variant('smoking-never', 'Never smoked', {
                excludingQuestionList: ['packs'],
                excludingVariantList: ['smoking-former', 'smoking-current'],
              }),
              variant('smoking-former', 'Former smoker'),
              variant('smoking-current', 'Current smoker'),
            ],
          }),
        ]),
        question('packs', 'How many packs a day do you (or did you) smoke?', [
          field('packs-per-day', 'Packs per day', { type: 'numeric', required: true, min: 0, max: 10 }),
        ]),
      ],
    },
    {
      id: 'allergies',
      title: 'Allergies',
      order: 3,
      questionList: [
        question('allergies', 'Are you allergic to any of these?', [
          field('allergies', 'Allergies', {
            type: 'variant',
            typeView: 'checkbox',
            required: true,
            variantList: [
              variant('allergy-none', 'No known allergies', {
                excludingVariantList: [
                  'allergy-penicillin',
                  'allergy-latex',
                  'allergy-nuts',
                  'allergy-other',
                ],
              }),
              variant('allergy-penicillin', 'Penicillin'),
              variant('allergy-latex', 'Latex'),
              variant('allergy-nuts', 'Nuts'),
              variant('allergy-other', 'Other', {
                conditionalFieldList: [
                  field('allergy-other-text', 'Other: please specify', { type: 'text', required: true }),
                ],
              }),
            ],
          }),
        ]),
      ],
    },
    {
      id: 'history',
      title: 'Visits',
      order: 4,
      questionList: [
        question('last-visit', 'When did you last see a doctor?', [
          field('last-visit', 'Date of last visit', {
            type: 'date_part',
            typeView: 'calendar_date',
            required: true,
          }),
        ]),
      ],
    },
  ],
};

/** Stores the intake form and points the demo clinic's questionnaire task (demoKey 'questionnaire') at it. */
export async function seedDemoQuestionnaires(tx: Db, clinicName: string): Promise<void> {
  const [clinic] = await tx.select({ id: clinics.id }).from(clinics).where(eq(clinics.name, clinicName));
  if (!clinic) {
    throw new Error(`Demo questionnaires: clinic ${clinicName} is missing`);
  }
  // Parse through the contract so a broken definition fails the seed, not a patient's screen.
  formSchema.parse({ ...HEALTH_HISTORY_FORM, formId: 'seed' });
  const [form] = await tx
    .insert(questionnaireForms)
    .values({ clinicId: clinic.id, title: HEALTH_HISTORY_FORM.title, definition: HEALTH_HISTORY_FORM })
    .returning({ id: questionnaireForms.id });
  if (!form) {
    throw new Error('Demo questionnaires: the form was not stored');
  }
  await tx
    .update(taskSettings)
    .set({ config: { demoKey: 'questionnaire', formIds: [form.id] } })
    .where(
      and(eq(taskSettings.clinicId, clinic.id), sql`${taskSettings.config}->>'demoKey' = 'questionnaire'`),
    );
}
