import type { Db } from '../db/client.ts';

export interface DemoSummary {
  clinicNumber: number;
  masterPassword: string;
}

// Placeholder replaced in this session by the demo-data work (issue 2 item 4).
export function seedDemoDataIfEmpty(_db: Db): Promise<DemoSummary | null> {
  return Promise.resolve(null);
}
