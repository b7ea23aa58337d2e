import type {
  ForgotPasswordStartResponse,
  ForgotUsernameLookup,
  ForgotUsernameLookupResponse,
  RecoveryChannel,
  SecurityAnswerResponse,
  SentInfo,
} from '@app/contracts/recovery';
import { anyBody, apiRequest } from '../../../lib/api/api-client.ts';

// The recovery calls of spec 1 §7 ("Find user for recovery", "Send username", "Get security question,
// reply, send password, send activation link"); paths are ours (decision 0008). Public: no token.

export async function lookupUsername(body: ForgotUsernameLookup): Promise<ForgotUsernameLookupResponse> {
  const { forgotUsernameLookupResponseSchema } = await import('@app/contracts/recovery');
  return apiRequest('/public/recovery/username/lookup', forgotUsernameLookupResponseSchema, {
    method: 'POST',
    body,
    auth: false,
  });
}

async function sendByChannel(path: string, token: string, channel: RecoveryChannel): Promise<SentInfo> {
  const { sentInfoSchema } = await import('@app/contracts/recovery');
  return apiRequest(path, sentInfoSchema, { method: 'POST', body: { token, channel }, auth: false });
}

export function sendUsername(token: string, channel: RecoveryChannel): Promise<SentInfo> {
  return sendByChannel('/public/recovery/username/send', token, channel);
}

export async function startPasswordRecovery(username: string): Promise<ForgotPasswordStartResponse> {
  const { forgotPasswordStartResponseSchema } = await import('@app/contracts/recovery');
  return apiRequest('/public/recovery/password/start', forgotPasswordStartResponseSchema, {
    method: 'POST',
    body: { username },
    auth: false,
  });
}

export async function answerSecurityQuestion(token: string, answer: string): Promise<SecurityAnswerResponse> {
  const { securityAnswerResponseSchema } = await import('@app/contracts/recovery');
  return apiRequest('/public/recovery/password/answer', securityAnswerResponseSchema, {
    method: 'POST',
    body: { token, answer },
    auth: false,
  });
}

export function sendTemporaryPassword(token: string, channel: RecoveryChannel): Promise<SentInfo> {
  return sendByChannel('/public/recovery/password/send', token, channel);
}

export function sendActivationLink(token: string, channel: RecoveryChannel): Promise<SentInfo> {
  return sendByChannel('/public/recovery/activation/send', token, channel);
}

export async function activateAccount(token: string): Promise<{ message: string }> {
  const { activateAccountResponseSchema } = await import('@app/contracts/recovery');
  return apiRequest('/public/recovery/activate', activateAccountResponseSchema, {
    method: 'POST',
    body: { token },
    auth: false,
  });
}

/** The security page's saves: patients through /api/user/security/*, doctors through their own calls. */
export async function savePatientPassword(newPassword: string): Promise<void> {
  await apiRequest('/api/user/security/password', anyBody, { method: 'POST', body: { newPassword } });
}

export async function savePatientSecurityQuestion(question: string, answer: string): Promise<void> {
  await apiRequest('/api/user/security/question', anyBody, { method: 'PATCH', body: { question, answer } });
}
