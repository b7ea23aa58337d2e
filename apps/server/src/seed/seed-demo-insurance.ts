import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { InsuranceCardKind } from '@app/contracts/insurance';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { clinics } from '../db/schema/clinics.ts';
import { storedFiles } from '../db/schema/files.ts';
import { insuranceCards } from '../db/schema/insurance.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import { sha256Hex } from '../platform/files/stored-files.ts';
import { loadSharp } from '../platform/lazy/sharp.ts';

// Issue 6: insurance cards waiting for review in the demo clinic (spec 3 §2 Insurance cards), so
// dr.smith's list and its red dot are not empty. Photos are real JPEGs in the file store; the seed
// runs after the demo clinic exists and only once (it skips a clinic that has cards already).

/** A plain card picture: a coloured card with a band and lines (no text, so no font is needed). */
async function cardPicture(hue: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="28" fill="#f4f6fb"/>
    <rect width="640" height="96" rx="28" fill="${hue}"/>
    <rect x="40" y="150" width="320" height="22" rx="6" fill="#4a5568"/>
    <rect x="40" y="200" width="240" height="18" rx="6" fill="#718096"/>
    <rect x="40" y="240" width="280" height="18" rx="6" fill="#718096"/>
    <rect x="460" y="150" width="130" height="130" rx="12" fill="${hue}" opacity="0.35"/>
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export interface DemoCardInput {
  clinicId: string;
  userId: string;
  kind: InsuranceCardKind;
  ircName: string;
  planName: string;
  insuranceNumber: string;
  policyHolderName: string;
  appointmentIds?: string[];
  /** When the patient uploaded the card (the server's clock): the photo's and the card's time. */
  updatedAt: Date;
  hue?: string;
}

/** Stores the card photo (bytes, then its row with the hash) and writes a card in status new. */
export async function storeCardWithPhoto(db: Db, store: FileStore, input: DemoCardInput): Promise<string> {
  const bytes = await cardPicture(input.hue ?? '#2b6cb0');
  const storageKey = `insurance-cards/${randomUUID()}.jpg`;
  await store.put(storageKey, bytes);
  const [file] = await db
    .insert(storedFiles)
    .values({
      storageKey,
      purpose: 'insurance-card',
      contentType: 'image/jpeg',
      downloadName: 'insurance-card.jpg',
      sizeBytes: bytes.length,
      sha256: sha256Hex(bytes),
      ownerUserId: input.userId,
      clinicId: input.clinicId,
      uploadedByUserId: input.userId,
      createdAt: input.updatedAt,
    })
    .returning({ id: storedFiles.id });
  if (!file) {
    throw new Error('insurance card photo row was not stored');
  }
  const values = {
    frontFileId: file.id,
    backFileId: null,
    insuranceNumber: input.insuranceNumber,
    ircName: input.ircName,
    planName: input.planName,
    policyHolderName: input.policyHolderName,
    status: 'new' as const,
    listAppointmentId: input.appointmentIds ?? [],
    updatedAt: input.updatedAt,
  };
  const [card] = await db
    .insert(insuranceCards)
    .values({
      clinicId: input.clinicId,
      userId: input.userId,
      kind: input.kind,
      ...values,
      createdAt: input.updatedAt,
    })
    .onConflictDoUpdate({
      target: [insuranceCards.clinicId, insuranceCards.userId, insuranceCards.kind],
      set: values,
    })
    .returning({ id: insuranceCards.id });
  if (!card) {
    throw new Error('insurance card was not stored');
  }
  return card.id;
}

const DEMO_CARDS: {
  username: string;
  kind: InsuranceCardKind;
  ircName: string;
  planName: string;
  insuranceNumber: string;
  hue: string;
}[] = [
  {
    username: 'john.twofactor',
    kind: 'primary',
    ircName: 'Aetna',
    planName: 'Choice POS II',
    insuranceNumber: 'W123456789',
    hue: '#6b46c1',
  },
  {
    username: 'olive.balance',
    kind: 'primary',
    ircName: 'Blue Cross Blue Shield',
    planName: 'PPO Plus',
    insuranceNumber: 'XYZ884421007',
    hue: '#2b6cb0',
  },
  {
    username: 'reset.required',
    kind: 'secondary',
    ircName: 'Medicare',
    planName: 'Part B',
    insuranceNumber: '1EG4-TE5-MK72',
    hue: '#2f855a',
  },
];

/** Three new cards in the demo clinic; nothing when the clinic already has cards (idempotent). */
export async function seedDemoInsuranceCards(
  db: Db,
  store: FileStore,
  clinicNumber: number,
  /** The server's clock (context.now, decision 0031). */
  now: Date,
): Promise<void> {
  const [clinic] = await db
    .select({ id: clinics.id })
    .from(clinics)
    .where(eq(clinics.clinicNumber, clinicNumber));
  if (!clinic) {
    return;
  }
  const [existing] = await db
    .select({ id: insuranceCards.id })
    .from(insuranceCards)
    .where(eq(insuranceCards.clinicId, clinic.id))
    .limit(1);
  if (existing) {
    return;
  }
  const people = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        inArray(
          users.username,
          DEMO_CARDS.map((card) => card.username),
        ),
      ),
    );
  for (const [index, card] of DEMO_CARDS.entries()) {
    const person = people.find((row) => row.username === card.username);
    if (!person) {
      continue;
    }
    await storeCardWithPhoto(db, store, {
      clinicId: clinic.id,
      userId: person.id,
      kind: card.kind,
      ircName: card.ircName,
      planName: card.planName,
      insuranceNumber: card.insuranceNumber,
      policyHolderName: `${person.firstName} ${person.lastName}`,
      updatedAt: new Date(now.getTime() - (index + 1) * 3_600_000),
      hue: card.hue,
    });
  }
}
