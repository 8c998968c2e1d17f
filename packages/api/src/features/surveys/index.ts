// What the surveys feature offers other features, the jobs and the server (docs/architecture.md
// "Feature boundaries (API)": cross-feature imports go through here).
export { createDueSurveys } from './assignments.service';
export { seedDemoAssessments } from './demo';
