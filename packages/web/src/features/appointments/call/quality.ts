/** A call's connection quality as the room shows it. */
export type CallQuality = 'good' | 'fair' | 'poor';

/**
 * Connection quality from the selected candidate pair's round-trip time (seconds) and the inbound
 * packet loss (fraction 0..1), after ITU-T G.114's one-way delay bands (150 ms good for interactive
 * speech, 400 ms the limit) and the usual loss bands for WebRTC audio and video (below 2 % hardly
 * noticed, above 8 % disruptive). A round trip is twice the one-way delay, so the bands are
 * 300 ms and 800 ms of RTT. Unknown values count as good. docs/video-visits.md "Connection quality".
 */
export function qualityOf(rttSeconds: number | null, lossFraction: number | null): CallQuality {
  const rtt = rttSeconds ?? 0;
  const loss = lossFraction ?? 0;
  if (rtt > 0.8 || loss > 0.08) { return 'poor'; }
  if (rtt > 0.3 || loss > 0.02) { return 'fair'; }
  return 'good';
}

/** What the room reads from one peer connection's getStats(). */
export interface PeerStats {
  /** currentRoundTripTime of the selected candidate pair, seconds */
  rttSeconds: number | null;
  /** packetsLost / (packetsLost + packetsReceived) over the inbound RTP streams */
  lossFraction: number | null;
  /** framesDecoded of the inbound video stream */
  framesDecoded: number;
  /** the local candidate type of the selected pair: 'relay' when through TURN */
  route: string | null;
}

type Stat = Record<string, unknown> & { id: string; type: string };

/** Summarises an RTCStatsReport (a Map of stats objects by id, W3C webrtc-stats). */
export function summariseStats(report: Iterable<[string, Stat]> | Map<string, Stat>): PeerStats {
  const stats = new Map<string, Stat>(report as Iterable<[string, Stat]>);
  let pair: Stat | undefined;
  for (const s of stats.values()) {
    if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') { pair = stats.get(s.selectedCandidatePairId); }
  }
  if (!pair) { for (const s of stats.values()) { if (s.type === 'candidate-pair' && s.nominated === true && s.state === 'succeeded') { pair = s; } } }
  let lost = 0;
  let received = 0;
  let framesDecoded = 0;
  for (const s of stats.values()) {
    if (s.type !== 'inbound-rtp') { continue; }
    lost += Math.max(0, Number(s.packetsLost ?? 0));
    received += Number(s.packetsReceived ?? 0);
    if (s.kind === 'video') { framesDecoded += Number(s.framesDecoded ?? 0); }
  }
  const local = pair && typeof pair.localCandidateId === 'string' ? stats.get(pair.localCandidateId) : undefined;
  return {
    rttSeconds: pair && typeof pair.currentRoundTripTime === 'number' ? pair.currentRoundTripTime : null,
    lossFraction: lost + received > 0 ? lost / (lost + received) : null,
    framesDecoded,
    route: local && typeof local.candidateType === 'string' ? local.candidateType : null,
  };
}

/** Where the media connection with one participant stands, as the tile shows it. */
export type MediaLink = 'connecting' | 'connected' | 'failed';

/**
 * The tile's media state from its RTCPeerConnection (W3C webrtc-pc): `connected` while
 * `connectionState` is connected; `failed` when it failed, or when candidate gathering completed
 * without a single local candidate, since then no path can exist (with relay-only ICE: the TURN
 * server refused the credential, e.g. another secret, or cannot be reached; docs/video-visits.md
 * "Proving the media"); otherwise `connecting` (also while disconnected, which ICE may recover).
 */
export function mediaLinkOf(connectionState: RTCPeerConnectionState, gatheringComplete: boolean, localCandidates: number): MediaLink {
  if (connectionState === 'connected') { return 'connected'; }
  if (connectionState === 'failed') { return 'failed'; }
  if (gatheringComplete && localCandidates === 0) { return 'failed'; }
  return 'connecting';
}
