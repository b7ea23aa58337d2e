import { z } from 'zod';
import { singleLineText } from './text.ts';

// Issue 5 item 9: outstanding balance and copay (decision 0021). There is no real processor: the card
// is typed into our own form and charged by the configured adapter (the local test processor by
// default). Only the brand and the last four digits are kept.

/** Luhn check of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) {
        digit -= 9;
      }
    }
    sum += digit;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const CARD_NUMBER_INVALID_TEXT = 'Please enter a valid card number.';
export const CARD_EXPIRY_INVALID_TEXT = 'Please enter a valid expiry date.';
export const CARD_EXPIRED_TEXT = 'This card has expired.';
export const CARD_CVC_INVALID_TEXT = 'Please enter the 3 or 4 digit security code.';
export const CARD_NAME_REQUIRED_TEXT = 'Please enter the name on the card.';

export const cardInputSchema = z.object({
  cardNumber: singleLineText()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => /^\d{12,19}$/.test(value) && passesLuhn(value), CARD_NUMBER_INVALID_TEXT),
  expMonth: z
    .number({ error: CARD_EXPIRY_INVALID_TEXT })
    .int()
    .min(1, CARD_EXPIRY_INVALID_TEXT)
    .max(12, CARD_EXPIRY_INVALID_TEXT),
  expYear: z
    .number({ error: CARD_EXPIRY_INVALID_TEXT })
    .int()
    .min(2000, CARD_EXPIRY_INVALID_TEXT)
    .max(2100, CARD_EXPIRY_INVALID_TEXT),
  cvc: singleLineText().regex(/^\d{3,4}$/, CARD_CVC_INVALID_TEXT),
  nameOnCard: singleLineText().trim().min(1, CARD_NAME_REQUIRED_TEXT).max(100),
});
export type CardInput = z.input<typeof cardInputSchema>;

export const payBalancesSchema = z.object({
  balanceIds: z.array(z.uuid('A balance id is not valid')).min(1, 'Choose at least one balance.').max(50),
  card: cardInputSchema,
});
export type PayBalancesInput = z.input<typeof payBalancesSchema>;

export const payCopaySchema = z.object({ card: cardInputSchema });
export type PayCopayInput = z.input<typeof payCopaySchema>;

export const balanceItemSchema = z.object({
  id: z.string(),
  clinicUuid: z.string(),
  appointmentId: z.string().nullable(),
  description: z.string(),
  amountCents: z.number().int(),
  createdAt: z.string(),
});
export type BalanceItem = z.infer<typeof balanceItemSchema>;
export const balanceListSchema = z.object({
  items: z.array(balanceItemSchema),
  totalCents: z.number().int(),
});
export type BalanceList = z.infer<typeof balanceListSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(['balance', 'copay']),
  status: z.enum(['succeeded', 'declined']),
  amountCents: z.number().int(),
  cardBrand: z.string(),
  cardLast4: z.string(),
  receiptNumber: z.string().nullable(),
  clinicName: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const copayInfoSchema = z.object({
  amountCents: z.number().int(),
  /** The successful copay payment of this task, if any. */
  paid: transactionSchema.nullable(),
});
export type CopayInfo = z.infer<typeof copayInfoSchema>;

export const transactionParamsSchema = z.object({ transactionId: z.uuid('The transaction id is not valid') });
export const paymentTaskParamsSchema = z.object({ taskId: z.uuid('The task id is not valid') });
export const balanceQuerySchema = z.object({ clinicUuid: z.uuid('The clinic id is not valid').optional() });

export const PAYMENT_DECLINED_TEXT = 'Your card was declined.';
export const PAYMENT_INSUFFICIENT_FUNDS_TEXT = 'Your card has insufficient funds.';
export const TRANSACTION_NOT_FOUND_TEXT = 'Payment not found.';
export const BALANCE_NOT_FOUND_TEXT = 'Balance not found.';
export const COPAY_NOT_SET_TEXT = 'This clinic has not set a copay amount.';
export const COPAY_ALREADY_PAID_TEXT = 'This copay is already paid.';

/** The local test processor's cards (decision 0021). */
export const TEST_CARDS = {
  success: '4242424242424242',
  successMastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export { formatCents } from './money.ts';
