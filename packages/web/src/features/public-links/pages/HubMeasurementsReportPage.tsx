import { useParams } from 'react-router';
import { useLinkToken } from '../../../lib/link-token';
import { useMeasurementsForHub } from '../api/public-links';
import { ReportView } from '../components/ReportView';

/** /measurements/:hubIdentifier#link=<token> (public, no sign-in): the share link's report restricted to one hub's readings. */
export default function HubMeasurementsReportPage() {
  const { hubIdentifier = '' } = useParams();
  const token = useLinkToken('link');
  const query = useMeasurementsForHub(token, hubIdentifier);
  // Never indexed (docs/security.md "Headers"): React 19 hoists this tag into <head>; the server also sends X-Robots-Tag.
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <ReportView token={token} query={query} />
    </>
  );
}
