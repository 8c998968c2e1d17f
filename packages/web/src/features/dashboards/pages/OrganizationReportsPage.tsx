import ReportsPage from './ReportsPage';

/** /OaReports: the organization admin's reports of their organization (docs/dashboards.md "Reports"). */
export default function OrganizationReportsPage() {
  return <ReportsPage />;
}
