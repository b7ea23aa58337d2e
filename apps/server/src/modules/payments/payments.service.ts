import { randomBytes } from 'node:crypto';
import {
  BALANCE_NOT_FOUND_TEXT,
  CARD_EXPIRED_TEXT,
  COPAY_ALREADY_PAID_TEXT,
  COPAY_NOT_SET_TEXT,
  PAYMENT_DECLINED_TEXT,
  PAYMENT_INSUFFICIENT_FUNDS_TEXT,
  TRANSACTION_NOT_FOUND_TEXT,
  type BalanceList,
  type CopayInfo,
  type Transaction,
  type cardInputSchema,
} from '@app/contracts/payments';
import { TASK_NOT_FOUND_TEXT } from '@app/contracts/check-in';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { requireTask } from '../check-in/check-in.service.ts';
import type { PaymentProcessor } from './payment-processor.ts';
import {
  findOpenBalances,
  findPaidCopayOfTask,
  findPatientTransactions,
  findTransaction,
  insertTransaction,
  lockOpenBalances,
  lockTask,
  markBalancesPaid,
  type TransactionRow,
} from './payments.repository.ts';

// Issue 5 item 9 (decision 0021). Every charge attempt is recorded (declines too, for the clinic's
// books); a successful one gets a receipt number. The full card number never reaches the database.

type Card = z.output<typeof cardInputSchema>;

function toTransaction(row: TransactionRow, clinicName: string, description: string): Transaction {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amountCents: row.amountCents,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    receiptNumber: row.receiptNumber,
    clinicName,
    description,
    createdAt: row.createdAt.toISOString(),
  };
}

function receiptNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `R-${day}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

function refuseExpired(card: Card, now: Date): void {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (card.expYear < year || (card.expYear === year && card.expMonth < month)) {
    throw new HttpError(400, CARD_EXPIRED_TEXT, {
      code: 'validation_error',
      errors: [{ detail: CARD_EXPIRED_TEXT, field: 'card.expYear' }],
    });
  }
}

const DESCRIPTION = { balance: 'Outstanding balance', copay: 'Copay' } as const;

/** Charges the card and records the attempt; a decline answers 402 after it is recorded. */
async function charge(
  db: Db,
  processor: PaymentProcessor,
  input: {
    auth: AuthContext;
    userId: string;
    clinicId: string;
    kind: 'balance' | 'copay';
    amountCents: number;
    taskId?: string | null;
    appointmentId?: string | null;
    card: Card;
  },
  now: Date,
): Promise<TransactionRow> {
  const result = await processor.charge({
    amountCents: input.amountCents,
    description: DESCRIPTION[input.kind],
    card: {
      number: input.card.cardNumber,
      expMonth: input.card.expMonth,
      expYear: input.card.expYear,
      cvc: input.card.cvc,
      nameOnCard: input.card.nameOnCard,
    },
  });
  return insertTransaction(db, {
    userId: input.userId,
    clinicId: input.clinicId,
    kind: input.kind,
    taskId: input.taskId ?? null,
    appointmentId: input.appointmentId ?? null,
    amountCents: input.amountCents,
    status: result.ok ? 'succeeded' : 'declined',
    declineCode: result.ok ? null : result.code,
    processor: processor.name,
    processorReference: result.ok ? result.reference : null,
    cardBrand: result.brand,
    cardLast4: result.last4,
    receiptNumber: result.ok ? receiptNumber(now) : null,
    paidByUserId: input.auth.userId,
    createdAt: now,
  });
}

function declined(row: TransactionRow): HttpError {
  const text =
    row.declineCode === 'insufficient_funds' ? PAYMENT_INSUFFICIENT_FUNDS_TEXT : PAYMENT_DECLINED_TEXT;
  return new HttpError(402, text, {
    code: row.declineCode ?? 'card_declined',
    errors: [{ detail: text, field: 'card.cardNumber' }],
  });
}

export async function listBalances(db: Db, auth: AuthContext, clinicId?: string): Promise<BalanceList> {
  const rows = await findOpenBalances(db, auth.userId, clinicId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      clinicUuid: row.clinicId,
      appointmentId: row.appointmentId,
      description: row.description,
      amountCents: row.amountCents,
      createdAt: row.createdAt.toISOString(),
    })),
    totalCents: rows.reduce((sum, row) => sum + row.amountCents, 0),
  };
}

/** Pays the patient's chosen open balances of one clinic in one charge. Not theirs or paid: 404. */
export async function payBalances(
  db: Db,
  processor: PaymentProcessor,
  auth: AuthContext,
  input: { balanceIds: string[]; card: Card },
  now: Date,
): Promise<Transaction> {
  refuseExpired(input.card, now);
  const ids = [...new Set(input.balanceIds)];
  const outcome = await db.transaction(async (tx) => {
    const items = await lockOpenBalances(tx, auth.userId, ids);
    const clinicIds = new Set(items.map((item) => item.clinicId));
    const [clinicId] = [...clinicIds];
    if (items.length !== ids.length || clinicIds.size !== 1 || !clinicId) {
      throw new HttpError(404, BALANCE_NOT_FOUND_TEXT, { code: 'balance_not_found' });
    }
    const row = await charge(
      tx,
      processor,
      {
        auth,
        userId: auth.userId,
        clinicId,
        kind: 'balance',
        amountCents: items.reduce((sum, item) => sum + item.amountCents, 0),
        appointmentId: items.length === 1 ? (items[0]?.appointmentId ?? null) : null,
        card: input.card,
      },
      now,
    );
    if (row.status === 'succeeded') {
      await markBalancesPaid(tx, ids, row.id, now);
    }
    return row;
  });
  if (outcome.status !== 'succeeded') {
    throw declined(outcome);
  }
  return receiptOf(db, outcome.id);
}

async function requireCopayTask(db: Db, auth: AuthContext, taskId: string) {
  const row = await requireTask(db, auth, taskId);
  if (row.setting.actionType !== 'copay') {
    throw new HttpError(404, TASK_NOT_FOUND_TEXT, { code: 'task_not_found' });
  }
  const amount = row.setting.config.amountCents;
  const amountCents = typeof amount === 'number' && Number.isInteger(amount) && amount > 0 ? amount : null;
  return { ...row, amountCents };
}

export async function getCopay(db: Db, auth: AuthContext, taskId: string): Promise<CopayInfo> {
  const { amountCents } = await requireCopayTask(db, auth, taskId);
  const paid = await findPaidCopayOfTask(db, taskId);
  return {
    amountCents: amountCents ?? 0,
    paid: paid ? toTransaction(paid.transaction, paid.clinicName, DESCRIPTION.copay) : null,
  };
}

/** The copay of a task, at the amount of the task's setting (never the client's). */
export async function payCopay(
  db: Db,
  processor: PaymentProcessor,
  auth: AuthContext,
  taskId: string,
  card: Card,
  now: Date,
): Promise<Transaction> {
  const { task, amountCents } = await requireCopayTask(db, auth, taskId);
  if (amountCents === null) {
    throw new HttpError(409, COPAY_NOT_SET_TEXT, { code: 'copay_not_set' });
  }
  refuseExpired(card, now);
  const outcome = await db.transaction(async (tx) => {
    await lockTask(tx, task.id);
    if (await findPaidCopayOfTask(tx, task.id)) {
      throw new HttpError(409, COPAY_ALREADY_PAID_TEXT, { code: 'copay_already_paid' });
    }
    return charge(
      tx,
      processor,
      {
        auth,
        userId: task.userId,
        clinicId: task.clinicId,
        kind: 'copay',
        amountCents,
        taskId: task.id,
        appointmentId: task.appointmentId,
        card,
      },
      now,
    );
  });
  if (outcome.status !== 'succeeded') {
    throw declined(outcome);
  }
  return receiptOf(db, outcome.id);
}

async function receiptOf(db: Db, transactionId: string): Promise<Transaction> {
  const found = await findTransaction(db, transactionId);
  if (!found) {
    throw new HttpError(404, TRANSACTION_NOT_FOUND_TEXT, { code: 'transaction_not_found' });
  }
  return toTransaction(found.transaction, found.clinicName, DESCRIPTION[found.transaction.kind]);
}

/** A receipt: the patient's own, or a provider's clinic's; anyone else 404. */
export async function getReceipt(db: Db, auth: AuthContext, transactionId: string): Promise<Transaction> {
  const found = await findTransaction(db, transactionId);
  const allowed =
    found !== null &&
    (auth.role === 'provider'
      ? auth.clinicIds.includes(found.transaction.clinicId)
      : found.transaction.userId === auth.userId);
  if (!found || !allowed) {
    throw new HttpError(404, TRANSACTION_NOT_FOUND_TEXT, { code: 'transaction_not_found' });
  }
  return toTransaction(found.transaction, found.clinicName, DESCRIPTION[found.transaction.kind]);
}

/**
 * The provider's payments tab (spec 3 §2 patient view): the patient's open balance and payment history
 * at one clinic. The caller has already checked that the provider may see this patient there.
 */
export async function patientPaymentsAtClinic(
  db: Db,
  patientUserId: string,
  clinicId: string,
): Promise<{ balance: BalanceList; transactions: Transaction[] }> {
  const open = await findOpenBalances(db, patientUserId, clinicId);
  const rows = await findPatientTransactions(db, patientUserId, clinicId);
  return {
    balance: {
      items: open.map((row) => ({
        id: row.id,
        clinicUuid: row.clinicId,
        appointmentId: row.appointmentId,
        description: row.description,
        amountCents: row.amountCents,
        createdAt: row.createdAt.toISOString(),
      })),
      totalCents: open.reduce((sum, row) => sum + row.amountCents, 0),
    },
    transactions: rows.map((row) =>
      toTransaction(row.transaction, row.clinicName, DESCRIPTION[row.transaction.kind]),
    ),
  };
}
