// The web's one calendar module (docs/dates.md "One calendar module"): the office's today and day
// boundaries (zone.ts), instants shown in a named zone and dates in the UI language (format.ts),
// and the hooks that bind them to the signed-in user's office and language (hooks.ts).
export * from './zone';
export * from './format';
export * from './hooks';
