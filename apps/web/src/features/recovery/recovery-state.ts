import type { RecoveryChannel, SentInfo } from '@app/contracts/recovery';

// What the recovery steps carry from one route to the next, in this tab only (sessionStorage). The
// tokens are the server's proof that the earlier step was passed; the guards read them (spec 1 §2:
// later steps are guarded).

export interface ForgotUsernameState {
  firstName: string;
  lastName: string;
  birthDate: string;
  /** Set when both channels exist and the person chooses (channel-step). */
  token: string | null;
  email: string | null;
  phone: string | null;
  sent: SentInfo | null;
}

export interface ForgotPasswordState {
  username: string;
  /** The security-question step's token and question. */
  questionToken: string | null;
  question: string | null;
  /** After a correct answer: the channel step's token, the branch and the contacts. */
  channelToken: string | null;
  activated: boolean | null;
  email: string | null;
  mobilePhone: string | null;
  sent: (SentInfo & { kind: 'password' | 'activation' }) | null;
}

const KEYS = { username: 'recovery.forgotUsername', password: 'recovery.forgotPassword' } as const;

function read(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  sessionStorage.setItem(key, JSON.stringify(value));
}

export const readForgotUsername = () => read(KEYS.username) as ForgotUsernameState | null;
export const saveForgotUsername = (state: ForgotUsernameState) => {
  write(KEYS.username, state);
};
export const readForgotPassword = () => read(KEYS.password) as ForgotPasswordState | null;
export const saveForgotPassword = (state: ForgotPasswordState) => {
  write(KEYS.password, state);
};

/** spec 1 §2: Next on credential-recovery-select resets any previously chosen channel. */
export function resetRecovery(): void {
  sessionStorage.removeItem(KEYS.username);
  sessionStorage.removeItem(KEYS.password);
}

export type { RecoveryChannel };
