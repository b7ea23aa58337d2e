import { randomBytes } from 'node:crypto';
import { TEST_CARDS } from '@app/contracts/payments';

// Issue 5 item 9 (decision 0021): the one seam to a card processor. There is no real processor yet, so
// the card is typed into our own form and handed to the adapter; a hosted-field processor (Stripe,
// Square...) would replace `card` with its token and keep the same result shape.

export interface ChargeRequest {
  amountCents: number;
  description: string;
  card: { number: string; expMonth: number; expYear: number; cvc: string; nameOnCard: string };
}

export type ChargeResult =
  | { ok: true; reference: string; brand: string; last4: string }
  | { ok: false; code: 'card_declined' | 'insufficient_funds'; brand: string; last4: string };

export interface PaymentProcessor {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export function cardBrand(number: string): string {
  if (number.startsWith('4')) {
    return 'Visa';
  }
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) {
    return 'Mastercard';
  }
  if (/^3[47]/.test(number)) {
    return 'American Express';
  }
  if (/^6(011|5)/.test(number)) {
    return 'Discover';
  }
  return 'Card';
}

/**
 * The local test processor (the default): every Luhn-valid card succeeds except the decline card
 * (4000 0000 0000 0002) and the insufficient-funds card (4000 0000 0000 9995), as in the processors'
 * own test modes. Nothing leaves the machine.
 */
export const testPaymentProcessor: PaymentProcessor = {
  name: 'test',
  charge(request) {
    const { number } = request.card;
    const brand = cardBrand(number);
    const last4 = number.slice(-4);
    if (number === TEST_CARDS.declined) {
      return Promise.resolve({ ok: false, code: 'card_declined', brand, last4 });
    }
    if (number === TEST_CARDS.insufficientFunds) {
      return Promise.resolve({ ok: false, code: 'insufficient_funds', brand, last4 });
    }
    return Promise.resolve({ ok: true, reference: `test_${randomBytes(8).toString('hex')}`, brand, last4 });
  },
};
