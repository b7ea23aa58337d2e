import type { FhirResource } from '../fhir/fhir-types.ts';

// The PDF's content (decision 0086), gathered from the same resources as the FHIR file while they
// stream past: the whole series is summarised per vital sign, so five years of readings make a
// table of a few lines, not hundreds of pages (the FHIR file carries every reading).

export interface VitalSummary {
  /** LOINC code (the PDF names it in the reader's language); `name` is FHIR's text, the fallback. */
  code: string | null;
  name: string;
  /** UCUM code; `unit` is FHIR's human unit, the fallback. */
  unitCode: string | null;
  unit: string;
  count: number;
  /** The latest reading's values (systolic and diastolic for blood pressure); null when absent. */
  latest: { values: (number | null)[]; at: string };
  lowest: number;
  highest: number;
}

export interface RecordSummary {
  patient: {
    name: string;
    birthDate: string | null;
    gender: string | null;
    email: string | null;
    phone: string | null;
    memberId: string | null;
  } | null;
  /** `kindCode` is the v3-ActCode of appointmentType (AMB, VR); `kind` its display, the fallback. */
  appointments: { start: string; status: string; service: string; kindCode: string | null; kind: string }[];
  vitals: VitalSummary[];
  coverages: { payor: string; plan: string; memberNumber: string; order: number }[];
  messages: { sent: string; topic: string; fromPatient: boolean }[];
  messageCount: number;
  practitioners: Map<string, string>;
}

/** Most recent messages listed in the summary; all are counted (and all are in the FHIR file). */
export const SUMMARY_MESSAGE_LIST = 50;

interface NumericVital {
  code: string | null;
  name: string;
  unitCode: string | null;
  unit: string;
  count: number;
  latestAt: string;
  latest: (number | null)[];
  lowest: number;
  highest: number;
}

type Obj = Record<string, unknown>;

const asObj = (value: unknown): Obj => (value !== null && typeof value === 'object' ? (value as Obj) : {});
const asArr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asStr = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function nameOf(resource: FhirResource): string {
  const name = asObj(asArr(resource.name)[0]);
  const given = asArr(name.given).map(asStr).filter(Boolean).join(' ');
  return [given, asStr(name.family) ?? ''].filter(Boolean).join(' ').trim();
}

function telecomOf(resource: FhirResource, system: string): string | null {
  const found = asArr(resource.telecom)
    .map(asObj)
    .find((item) => item.system === system);
  return found ? asStr(found.value) : null;
}

export class RecordSummaryBuilder {
  private readonly summary: RecordSummary = {
    patient: null,
    appointments: [],
    vitals: [],
    coverages: [],
    messages: [],
    messageCount: 0,
    practitioners: new Map(),
  };
  private readonly vitals = new Map<string, NumericVital>();

  add(resource: FhirResource): void {
    switch (resource.resourceType) {
      case 'Patient':
        this.summary.patient = {
          name: nameOf(resource),
          birthDate: asStr(resource.birthDate),
          gender: asStr(resource.gender),
          email: telecomOf(resource, 'email'),
          phone: telecomOf(resource, 'phone'),
          memberId: asStr(asObj(asArr(resource.identifier)[0]).value),
        };
        break;
      case 'Observation':
        this.addObservation(resource);
        break;
      case 'Appointment':
        this.summary.appointments.push({
          start: asStr(resource.start) ?? '',
          status: asStr(resource.status) ?? '',
          service: asStr(asObj(asArr(resource.serviceType)[0]).text) ?? '',
          kindCode: asStr(asObj(asArr(asObj(resource.appointmentType).coding)[0]).code),
          kind: asStr(asObj(asArr(asObj(resource.appointmentType).coding)[0]).display) ?? '',
        });
        break;
      case 'Coverage':
        this.summary.coverages.push({
          payor: asStr(asObj(asArr(resource.payor)[0]).display) ?? '',
          plan: asStr(asObj(asArr(resource.class)[0]).name) ?? '',
          memberNumber: asStr(resource.subscriberId) ?? '',
          order: typeof resource.order === 'number' ? resource.order : 1,
        });
        break;
      case 'Communication': {
        this.summary.messageCount += 1;
        const sender = asStr(asObj(resource.sender).reference) ?? '';
        this.summary.messages.push({
          sent: asStr(resource.sent) ?? '',
          topic: asStr(asObj(resource.topic).text) ?? '',
          fromPatient: sender.startsWith('Patient/'),
        });
        // Keep the newest only (messages arrive oldest first).
        if (this.summary.messages.length > SUMMARY_MESSAGE_LIST * 2) {
          this.summary.messages.splice(0, this.summary.messages.length - SUMMARY_MESSAGE_LIST);
        }
        break;
      }
      case 'Practitioner':
        this.summary.practitioners.set(resource.id ?? '', nameOf(resource));
        break;
      default:
        break;
    }
  }

  private addObservation(resource: FhirResource): void {
    const at = asStr(resource.effectiveDateTime) ?? '';
    const code = asObj(resource.code);
    const name = asStr(code.text) ?? 'Observation';
    const loinc = asStr(asObj(asArr(code.coding)[0]).code);
    const components = asArr(resource.component).map(asObj);
    const numberOf = (value: unknown) => (typeof value === 'number' ? value : null);
    let values: (number | null)[];
    let quantity: Obj;
    if (components.length > 0) {
      values = components.map((component) => numberOf(asObj(component.valueQuantity).value));
      quantity = asObj(components.map((component) => asObj(component.valueQuantity)).find((q) => q.unit));
    } else {
      quantity = asObj(resource.valueQuantity);
      values = [numberOf(quantity.value)];
    }
    // Blood pressure's range is its systolic one (the first value).
    const numeric = values[0] ?? null;
    const unit = asStr(quantity.unit) ?? (components.length > 0 ? 'mmHg' : '');
    const unitCode = asStr(quantity.code);
    const key = loinc ?? name;
    const current = this.vitals.get(key);
    if (!current) {
      this.vitals.set(key, {
        code: loinc,
        name,
        unitCode,
        unit,
        count: 1,
        latestAt: at,
        latest: values,
        lowest: numeric ?? Number.POSITIVE_INFINITY,
        highest: numeric ?? Number.NEGATIVE_INFINITY,
      });
      return;
    }
    current.count += 1;
    if (at > current.latestAt) {
      current.latestAt = at;
      current.latest = values;
    }
    if (numeric !== null) {
      current.lowest = Math.min(current.lowest, numeric);
      current.highest = Math.max(current.highest, numeric);
    }
  }

  result(): RecordSummary {
    const messages = this.summary.messages.slice(-SUMMARY_MESSAGE_LIST).reverse();
    return {
      ...this.summary,
      messages,
      appointments: [...this.summary.appointments].sort((a, b) => a.start.localeCompare(b.start)),
      coverages: [...this.summary.coverages].sort((a, b) => a.order - b.order),
      vitals: [...this.vitals.values()]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((vital) => ({
          code: vital.code,
          name: vital.name,
          unitCode: vital.unitCode,
          unit: vital.unit,
          count: vital.count,
          latest: { values: vital.latest, at: vital.latestAt },
          lowest: vital.lowest,
          highest: vital.highest,
        })),
    };
  }
}
