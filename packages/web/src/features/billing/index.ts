// What app/ and other features may compose from billing: the dashboard's billing readiness card,
// and a patient's month of codes with their evidence (the monthly review reads it too).
// The /billings and /partnerBillingReports pages are routes in app/router.tsx.
export { BillingReadinessCard } from './components/BillingReadinessCard';
export { useBillingDetails } from './api/billing';
