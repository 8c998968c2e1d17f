/** The fhir-api feature's public surface (docs/architecture.md "Feature boundaries"): nothing yet; the FHIR API is reached over HTTP only. */
export {};
