/** The Terra web feature (docs/integrations.md): the /terraPatientIntegration screen. */
export {};
