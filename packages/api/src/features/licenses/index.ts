/** What other parts of the API use of the licences feature: the expiry job's work. */
export { expireDueLicenses } from './licenses.service';
