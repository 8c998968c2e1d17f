import { useParams, useSearchParams } from 'react-router';
import { useMeasurementsForHub } from '../api/get-measurements-for-hub';
import { ReportView } from '../components/ReportView';

/** /measurements/:hubIdentifier?link=<token> (public, no sign-in): the share link's report restricted to one hub's readings. */
export default function HubMeasurementsReportPage() {
  const [params] = useSearchParams();
  const { hubIdentifier = '' } = useParams();
  const token = params.get('link');
  const query = useMeasurementsForHub(token, hubIdentifier);
  return <ReportView token={token} query={query} />;
}
