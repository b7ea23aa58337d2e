// The drizzle schema of every domain, gathered for the client and for drizzle-kit.
export * from './accounts.ts';
export * from './auth.ts';
export * from './clinics.ts';
export * from './one-time-tokens.ts';
export * from './outbox.ts';
export * from './platform.ts';
export * from './devices.ts';
export * from './sso.ts';
export * from './passkeys.ts';
export * from './totp.ts';
export * from './scheduling.ts';
export * from './check-in.ts';
export * from './questionnaires.ts';
