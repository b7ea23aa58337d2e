import type { OperationOutcome } from './fhir-types.ts';

/**
 * A refusal of the FHIR API, answered as an OperationOutcome with its HTTP status (decision 0081):
 * `code` is the issue type of the FHIR IssueType value set (invalid, not-supported, not-found,
 * login, forbidden, processing…).
 */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issueCode: string,
    message: string,
    /** RFC 6750's error code for the `WWW-Authenticate` header of a 401, when a token was refused. */
    readonly bearerError?: 'invalid_token',
  ) {
    super(message);
    this.name = 'FhirError';
  }
}

export function operationOutcome(issueCode: string, diagnostics: string): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: issueCode, diagnostics }] };
}

export const fhirErrors = {
  badRequest: (message: string) => new FhirError(400, 'invalid', message),
  notSupported: (message: string) => new FhirError(400, 'not-supported', message),
  unauthenticated: (message = 'A bearer token is required.') => new FhirError(401, 'login', message),
  expired: () => new FhirError(401, 'expired', 'The access token has expired.'),
  /** An app's token that is no longer valid; answered with `WWW-Authenticate: Bearer error="invalid_token"`. */
  invalidToken: (message: string) => new FhirError(401, 'login', message, 'invalid_token'),
  forbidden: (message: string) => new FhirError(403, 'forbidden', message),
  // Never says whether the record exists and is another patient's (decision 0081).
  notFound: (type: string, id: string) => new FhirError(404, 'not-found', `${type}/${id} is not known.`),
  notServed: () => new FhirError(404, 'not-found', 'Nothing is served at this address.'),
  unknownType: (type: string) => new FhirError(404, 'not-supported', `Resource type ${type} is not served.`),
  readOnly: (method: string) =>
    new FhirError(405, 'not-supported', `This FHIR API is read-only: ${method} is not supported.`),
} as const;
