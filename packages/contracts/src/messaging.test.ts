import { describe, expect, it } from 'vitest';
import { renderSmsText, unknownPlaceholders } from './messaging-constants.ts';
import {
  bulkMessageRequestSchema,
  createThreadRequestSchema,
  smsTemplateRequestSchema,
} from './messaging.ts';

describe('SMS placeholders (decision 0026)', () => {
  it('fills in each known placeholder, every time it appears', () => {
    expect(
      renderSmsText('Hi {firstName} {lastName}, {clinicName} says hi, {firstName}.', {
        firstName: 'Jane',
        lastName: 'Cooper',
        clinicName: 'Riverside',
      }),
    ).toBe('Hi Jane Cooper, Riverside says hi, Jane.');
  });

  it('names unknown placeholders and refuses texts that hold them', () => {
    expect(unknownPlaceholders('Hi {fristName} and {firstName} {}')).toEqual(['fristName', '']);
    const result = smsTemplateRequestSchema.safeParse({ name: 'x', body: 'Hi {fristName}' });
    expect(result.success).toBe(false);
  });
});

describe('message requests', () => {
  it('needs a receiver for a new thread and trims the texts', () => {
    expect(createThreadRequestSchema.safeParse({ subject: 'a', body: 'b' }).success).toBe(false);
    const parsed = createThreadRequestSchema.parse({
      subject: '  Hello ',
      body: ' Body ',
      patientId: '00000000-0000-4000-8000-000000000001',
    });
    expect(parsed).toMatchObject({ subject: 'Hello', body: 'Body', providerIds: [] });
  });

  it('refuses an appointment range that ends before it starts', () => {
    const result = bulkMessageRequestSchema.safeParse({
      selection: { kind: 'appointments', from: '2026-03-02', to: '2026-03-01' },
      body: 'x',
    });
    expect(result.success).toBe(false);
  });
});
