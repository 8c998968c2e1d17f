import ReportsPage from './ReportsPage';

/** /SaReports: the system admin's reports, every organization or one (docs/dashboards.md "Reports"). */
export default function SystemReportsPage() {
  return <ReportsPage system />;
}
