import { useSearchParams } from 'react-router';
import { useMeasurementsFromLink } from '../api/public-links';
import { ReportView } from '../components/ReportView';

/** /measurements?link=<token> (public, no sign-in): the measurements a share link covers, as a printable report. */
export default function MeasurementsReportPage() {
  const [params] = useSearchParams();
  const token = params.get('link');
  const query = useMeasurementsFromLink(token);
  // Never indexed (docs/security.md "Headers"): React 19 hoists this tag into <head>; the server also sends X-Robots-Tag.
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <ReportView token={token} query={query} />
    </>
  );
}
