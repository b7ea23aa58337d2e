// Issue 21 item 1 (decision 0081): the few FHIR R4 shapes our mappers build. Hand-written and
// deliberately small: the conformance tests validate every resource against the R4 definitions, so
// these types only keep the mappers honest about field names, not about the whole standard.

export interface Coding {
  system?: string;
  code?: string;
  display?: string;
}

export interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}

export interface Reference {
  reference?: string;
  display?: string;
}

export interface Quantity {
  value?: number;
  unit?: string;
  system?: string;
  code?: string;
}

export interface Meta {
  profile?: string[];
  lastUpdated?: string;
}

/** Any resource: its type and id, and the elements of its mapper. */
export interface FhirResource {
  resourceType: string;
  id?: string;
  meta?: Meta;
  [element: string]: unknown;
}

export interface OperationOutcomeIssue {
  severity: 'fatal' | 'error' | 'warning' | 'information';
  code: string;
  diagnostics?: string;
}

export interface OperationOutcome extends FhirResource {
  resourceType: 'OperationOutcome';
  issue: OperationOutcomeIssue[];
}

export interface BundleLink {
  relation: string;
  url: string;
}

export interface Bundle extends FhirResource {
  resourceType: 'Bundle';
  type: 'searchset';
  total?: number;
  link: BundleLink[];
  /** Matches, then what `_include` brought in, then (lenient handling) the outcome of what was ignored. */
  entry: { fullUrl: string; resource: FhirResource; search: { mode: 'match' | 'include' | 'outcome' } }[];
}

export const FHIR_JSON = 'application/fhir+json';
