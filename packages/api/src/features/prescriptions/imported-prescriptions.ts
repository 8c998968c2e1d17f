/**
 * Writing an imported FHIR MedicationRequest as a prescription (the FHIR importer,
 * features/import/fhir.medications.ts, maps the resource; this writes it). Runs inside the
 * importer's bundle transaction with the system scope. Matched by `externalRef`
 * ('MedicationRequest/<id>'), so a re-import reports the record unchanged and writes nothing.
 */
import type { MedicationFrequency, PrescriptionStatus } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { systemScope } from '../../db/scope';
import { findDrugProductsByRxcui } from './drug-products.repo';
import { moietiesOf } from './ingredients';
import * as repo from './prescriptions.repo';
import { medicationNameOf } from './prescriptions.service';
import { catalogueDb, tenantDb } from '../../db/handles';

export interface ImportedPrescription {
  externalRef: string;
  patientId: number;
  hospitalId: number;
  /** The RxNorm code of the medication ('' when it has none). */
  rxcui: string;
  /** The medication's text (coding display or CodeableConcept.text), kept when no product matches. */
  text: string;
  dose: string;
  frequency: MedicationFrequency | null;
  route: string;
  startDate: string | null;
  endDate: string | null;
  prescriberId: number | null;
  prescriberText: string;
  status: PrescriptionStatus;
  instructions: string;
}

/**
 * Creates or updates the prescription of `p.externalRef`. The RxNorm code names the drug product
 * when the loaded products know it (the default data set carries the demo bundles' codes);
 * otherwise the medication is kept with its text and no product. Without a route of its own, the
 * product's first route is taken. Answers what happened.
 */
export async function upsertImportedPrescription(tx: Executor, p: ImportedPrescription): Promise<'created' | 'updated' | 'unchanged'> {
  const [product] = await findDrugProductsByRxcui(catalogueDb(tx), p.rxcui);
  const values = {
    patientId: p.patientId,
    hospitalId: p.hospitalId,
    drugProductId: product?.id ?? null,
    medicationName: (product ? medicationNameOf(product) : p.text || 'Unnamed medication').slice(0, 500),
    productNdc: product?.productNdc ?? '',
    rxcui: p.rxcui,
    activeIngredients: product?.activeIngredients ?? [],
    ingredientKeys: product?.ingredientKeys ?? moietiesOf([]),
    dose: p.dose.slice(0, 100),
    frequency: p.frequency,
    route: (p.route || product?.routes[0] || '').slice(0, 100),
    startDate: p.startDate,
    endDate: p.endDate,
    prescriberId: p.prescriberId,
    prescriberText: p.prescriberText.slice(0, 200),
    status: p.status,
    instructions: p.instructions.slice(0, 500),
    source: 'fhir',
    externalRef: p.externalRef,
  };
  const existing = await repo.getPrescriptionByRef(tenantDb(systemScope, tx), p.externalRef);
  if (!existing) {
    await repo.insertPrescription(tenantDb(systemScope, tx), values);
    return 'created';
  }
  const same = (Object.keys(values) as (keyof typeof values)[]).every((k) => JSON.stringify(existing[k]) === JSON.stringify(values[k]));
  if (same) { return 'unchanged'; }
  await repo.updatePrescription(tenantDb(systemScope, tx), existing.id, values);
  return 'updated';
}
