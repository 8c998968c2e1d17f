/**
 * The fhir-api feature's public surface (docs/architecture.md "Feature boundaries"): the FHIR API is
 * reached over HTTP; the app's not-found handler answers an unknown /fhir/R4 path in FHIR's form.
 */
export { FHIR_BASE_PATH, sendFhirNotSupported } from './fhir.routes';
