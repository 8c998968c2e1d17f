/** The ECP web feature (docs/integrations.md "ECP"): the mapping screens and the readings sent to the ECP. */
export {};
