import type { AppContext } from '../../context';

/**
 * Imports the demo data on the first start (FHIR bundles from Synthea) and creates the demo
 * logins. Filled in by the importer work; returns whether anything was created.
 */
export async function seedDemo(_ctx: AppContext): Promise<{ created: boolean; summary: string }> {
  return { created: false, summary: '' };
}
