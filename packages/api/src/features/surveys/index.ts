// What the surveys feature offers other features, the jobs and the server (shared11.md: cross-feature imports go through here).
export { createDueSurveys } from './assignments.service';
export { seedDemoAssessments } from './demo';
