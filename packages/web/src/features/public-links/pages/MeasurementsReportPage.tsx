import { useLinkToken } from '../../../lib/link-token';
import { useMeasurementsFromLink } from '../api/public-links';
import { ReportView } from '../components/ReportView';

/** /measurements#link=<token> (public, no sign-in; the token in the fragment, docs/security.md "Tokens stay out of addresses"): the measurements a share link covers, as a printable report. */
export default function MeasurementsReportPage() {
  const token = useLinkToken('link');
  const query = useMeasurementsFromLink(token);
  // Never indexed (docs/security.md "Headers"): React 19 hoists this tag into <head>; the server also sends X-Robots-Tag.
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <ReportView token={token} query={query} />
    </>
  );
}
