// What the surveys feature offers other features and the jobs (shared11.md: cross-feature imports go through here).
export { createDueSurveys } from './assignments.service';
