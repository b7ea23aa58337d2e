import { z } from 'zod';
import { singleLineText, singleLineUrl } from './text.ts';

// Issue 21 item 3 (decision 0082): SMART App Launch, standalone patient launch. The server checks an
// app's authorization request, the portal's consent screen answers it, the token endpoint issues
// tokens bound to the patient, and the patient sees and revokes connected apps in account settings.

export const SMART_AUTHORIZE_PATH = '/oauth/smart/authorize';
export const SMART_TOKEN_PATH = '/oauth/smart/token';
export const SMART_CONFIGURATION_PATH = '/.well-known/smart-configuration';
export const SMART_JWKS_PATH = '/oauth/smart/jwks';
export const FHIR_BASE_PATH = '/fhir/R4';
/** The portal's consent screen for one authorization request (`patient/` scopes: the patient's own). */
export const CONNECT_APP_ROUTE = '/user/connect-app';
/** The provider area's consent screen, for `user/` scopes: the records of the provider's clinics (0089). */
export const PROVIDER_CONNECT_APP_ROUTE = '/provider/connect-app';
export const CONNECTED_APPS_PATH = '/api/account/connected-apps';

/** FHIR resources an app may ask for, each with the line of the consent screen that names it. */
export const SMART_RESOURCE_GROUPS = {
  Patient: 'profile',
  Appointment: 'appointments',
  Observation: 'vitals',
  Coverage: 'insurance',
  Questionnaire: 'questionnaires',
  QuestionnaireResponse: 'questionnaires',
  DocumentReference: 'documents',
  // A document's file (decision 0088); a DocumentReference scope reads it too.
  Binary: 'documents',
  Communication: 'messages',
  Practitioner: 'careTeam',
  Organization: 'careTeam',
  Location: 'careTeam',
  Schedule: 'careTeam',
  Slot: 'careTeam',
} as const;
export type SmartResource = keyof typeof SMART_RESOURCE_GROUPS;

/** One line of the consent screen (and of a connected app), translated by the web catalogue. */
export const SCOPE_GROUPS = [
  'profile',
  'appointments',
  'vitals',
  'insurance',
  'questionnaires',
  'documents',
  'messages',
  'careTeam',
  'identity',
  'offline',
] as const;
export const scopeGroupSchema = z.enum(SCOPE_GROUPS);
export type ScopeGroup = z.infer<typeof scopeGroupSchema>;

/** A parsed resource scope: SMART v2 `patient/Observation.rs`, `patient/*.rs`, `user/*.rs`. */
export interface ResourceScope {
  context: 'patient' | 'user';
  /** '*' for every resource. */
  resource: SmartResource | '*';
  read: boolean;
  search: boolean;
}

const RESOURCE_SCOPE = /^(patient|user)\/([A-Za-z]+|\*)\.(rs|r|s)$/;
/** Scopes that carry no resource: identity, refresh, and the standalone launch's patient picker. */
export const SMART_CONTEXT_SCOPES = ['openid', 'fhirUser', 'offline_access', 'launch/patient'] as const;

/** The resource scope a string names, or null when it is not one we know. */
export function parseResourceScope(scope: string): ResourceScope | null {
  const match = RESOURCE_SCOPE.exec(scope);
  if (!match) {
    return null;
  }
  const [, context, resource, rights] = match;
  if (resource !== '*' && !Object.hasOwn(SMART_RESOURCE_GROUPS, resource ?? '')) {
    return null;
  }
  return {
    context: context === 'user' ? 'user' : 'patient',
    resource: resource as SmartResource | '*',
    read: rights?.includes('r') ?? false,
    search: rights?.includes('s') ?? false,
  };
}

/** True for every scope the server grants (the others are refused with invalid_scope). */
export function isKnownScope(scope: string): boolean {
  return (SMART_CONTEXT_SCOPES as readonly string[]).includes(scope) || parseResourceScope(scope) !== null;
}

/**
 * The consent screen's lines for a set of scopes, in the order of SCOPE_GROUPS, each once. A `user/`
 * scope names the same kinds of data as a `patient/` one; the screen words them as the clinic
 * patients' rather than the person's own (decision 0089).
 */
export function scopeGroupsOf(scopes: readonly string[]): ScopeGroup[] {
  const groups = new Set<ScopeGroup>();
  for (const scope of scopes) {
    if (scope === 'openid' || scope === 'fhirUser') {
      groups.add('identity');
      continue;
    }
    if (scope === 'offline_access') {
      groups.add('offline');
      continue;
    }
    const parsed = parseResourceScope(scope);
    if (!parsed) {
      continue;
    }
    const named =
      parsed.resource === '*'
        ? Object.values(SMART_RESOURCE_GROUPS)
        : [SMART_RESOURCE_GROUPS[parsed.resource]];
    for (const group of named) {
      // A provider's app reads no clinic's messages (decision 0084), so the screen does not offer them.
      if (parsed.context === 'user' && group === 'messages') {
        continue;
      }
      groups.add(group);
    }
  }
  return SCOPE_GROUPS.filter((group) => groups.has(group));
}

/** Whose records a set of scopes reaches: the person's own (`patient/`) or their clinics' (`user/`). */
export type SmartReach = 'own' | 'clinics';

/** 'clinics' when a resource scope is `user/` (authorize refuses a mix of the two, decision 0089). */
export function reachOf(scopes: readonly string[]): SmartReach {
  return scopes.some((scope) => parseResourceScope(scope)?.context === 'user') ? 'clinics' : 'own';
}

const reachSchema = z.enum(['own', 'clinics']);

// --- The consent screen's API ---

export const smartRequestParamsSchema = z.object({ requestId: z.uuid('requestId is not valid') });

export const smartConsentRequestSchema = z.object({
  id: z.uuid(),
  appName: z.string(),
  /** Where the answer goes (its origin), so the patient can recognise the app. */
  redirectOrigin: z.string(),
  scopes: z.array(z.string()),
  scopeGroups: z.array(scopeGroupSchema),
  /**
   * Whose records: 'own' (a patient's `patient/` scopes) or 'clinics' (a provider's `user/` scopes,
   * the patients of `clinics`).
   */
  reach: reachSchema,
  /**
   * For 'clinics': the clinics where the provider holds PATIENT now, whose patients the app may read.
   * Empty when they hold it nowhere: the app would read nothing, so Allow is refused (decision 0089).
   */
  clinics: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type SmartConsentRequest = z.infer<typeof smartConsentRequestSchema>;

export const smartDecisionSchema = z.object({ allow: z.boolean({ error: 'allow must be true or false.' }) });
export type SmartDecision = z.infer<typeof smartDecisionSchema>;
/** The app's redirect URI with a code (allowed) or error=access_denied (denied), and the state. */
export const smartDecisionResultSchema = z.object({ redirectUrl: z.string() });

export const SMART_NO_PATIENT_PERMISSION_TEXT =
  'You hold the Patient permission at no clinic, so this app would have no records to read. Deny to return to the app.';

export const SMART_REQUEST_GONE_TEXT =
  'This connection request has expired or was already answered. Start again from the app.';

// --- Connected apps (account settings) ---

export const connectedAppSchema = z.object({
  id: z.uuid(),
  appName: z.string(),
  scopeGroups: z.array(scopeGroupSchema),
  reach: reachSchema,
  connectedAt: z.string(),
});
export type ConnectedApp = z.infer<typeof connectedAppSchema>;
export const connectedAppListSchema = z.array(connectedAppSchema);
export const connectedAppParamsSchema = z.object({ grantId: z.uuid('grantId is not valid') });
export const CONNECTED_APP_NOT_FOUND_TEXT = 'This app is not connected to your account.';

// --- Registered apps (clinic admin, permission SETTING) ---

export const registeredAppSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  clientId: z.string(),
  redirectUris: z.array(z.string()),
  /** True for an app registered for the whole network rather than this clinic. */
  networkWide: z.boolean(),
  createdAt: z.string(),
});
export type RegisteredApp = z.infer<typeof registeredAppSchema>;
export const registeredAppListSchema = z.array(registeredAppSchema);

// --- Authorization endpoint (a browser navigation; the service checks each value itself) ---

const authorizeValue = singleLineText().max(2048).optional();

/**
 * The parameters of GET /oauth/smart/authorize. All optional here: what is missing or wrong is
 * answered as OAuth says (back to the app with `error`, or a page when the app cannot be trusted),
 * not as a 400 of the portal's API. Other parameters are let through and ignored.
 */
export const smartAuthorizeQuerySchema = z.looseObject({
  response_type: authorizeValue,
  client_id: authorizeValue,
  redirect_uri: authorizeValue,
  scope: authorizeValue,
  state: authorizeValue,
  aud: authorizeValue,
  code_challenge: authorizeValue,
  code_challenge_method: authorizeValue,
  launch: authorizeValue,
});

// --- Token endpoint (RFC 6749 + PKCE RFC 7636 + SMART) ---

const formText = (name: string) =>
  singleLineText({ error: `${name} is required.` })
    .min(1, `${name} is required.`)
    .max(2048);

export const smartTokenRequestSchema = z.discriminatedUnion(
  'grant_type',
  [
    z.object({
      grant_type: z.literal('authorization_code'),
      code: formText('code'),
      redirect_uri: formText('redirect_uri'),
      client_id: formText('client_id'),
      code_verifier: formText('code_verifier'),
    }),
    z.object({
      grant_type: z.literal('refresh_token'),
      refresh_token: formText('refresh_token'),
      client_id: formText('client_id'),
      scope: singleLineText().max(2048).optional(),
    }),
  ],
  { error: 'grant_type must be authorization_code or refresh_token.' },
);
export type SmartTokenRequest = z.infer<typeof smartTokenRequestSchema>;

export const smartTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
  /** The FHIR Patient id: the patient's user id (a patient's own launch). */
  patient: z.string().optional(),
  refresh_token: z.string().optional(),
  id_token: z.string().optional(),
});
export type SmartTokenResponse = z.infer<typeof smartTokenResponseSchema>;

// --- Registration (development fixture and the registration script) ---

export const smartAppRegistrationSchema = z.object({
  name: singleLineText().trim().min(1, 'name is required.').max(120, 'name is at most 120 characters.'),
  redirectUris: z
    .array(singleLineUrl({ protocol: /^https?$/, error: 'Each redirect URI must be an http(s) URL.' }))
    .min(1, 'At least one redirect URI is required.')
    .max(10),
  /** Omit for an app of the whole network. */
  clinicId: z.uuid().optional(),
});
export type SmartAppRegistration = z.infer<typeof smartAppRegistrationSchema>;
export const smartAppRegisteredSchema = z.object({ id: z.uuid(), clientId: z.string() });
