import { describe, expect, it } from 'vitest';
import { mediaLinkOf, qualityOf, summariseStats } from './quality';

describe('call quality', () => {
  it('bands round-trip time and packet loss into good, fair and poor', () => {
    expect(qualityOf(0.05, 0)).toBe('good');
    expect(qualityOf(0.3, 0.02)).toBe('good');
    expect(qualityOf(0.31, 0)).toBe('fair');
    expect(qualityOf(0.05, 0.03)).toBe('fair');
    expect(qualityOf(0.81, 0)).toBe('poor');
    expect(qualityOf(0.1, 0.09)).toBe('poor');
    expect(qualityOf(null, null)).toBe('good');
  });

  it("reads the selected pair's RTT and route, inbound loss and decoded video frames from a stats report", () => {
    const report = new Map<string, { id: string; type: string } & Record<string, unknown>>([
      ['T1', { id: 'T1', type: 'transport', selectedCandidatePairId: 'P2' }],
      ['P1', { id: 'P1', type: 'candidate-pair', localCandidateId: 'L1', currentRoundTripTime: 0.9 }],
      ['P2', { id: 'P2', type: 'candidate-pair', localCandidateId: 'L2', currentRoundTripTime: 0.12, nominated: true, state: 'succeeded' }],
      ['L1', { id: 'L1', type: 'local-candidate', candidateType: 'host' }],
      ['L2', { id: 'L2', type: 'local-candidate', candidateType: 'relay' }],
      ['A', { id: 'A', type: 'inbound-rtp', kind: 'audio', packetsLost: 3, packetsReceived: 97 }],
      ['V', { id: 'V', type: 'inbound-rtp', kind: 'video', packetsLost: 0, packetsReceived: 100, framesDecoded: 42 }],
    ]);
    expect(summariseStats(report)).toEqual({ rttSeconds: 0.12, lossFraction: 3 / 200, framesDecoded: 42, route: 'relay' });
    expect(summariseStats(new Map())).toEqual({ rttSeconds: null, lossFraction: null, framesDecoded: 0, route: null });
  });

  it('tells connecting, connected and failed apart, a gathering that found no candidate (TURN refused) failing at once', () => {
    expect(mediaLinkOf('new', false, 0)).toBe('connecting');
    expect(mediaLinkOf('connecting', true, 1)).toBe('connecting');
    expect(mediaLinkOf('connected', true, 1)).toBe('connected');
    expect(mediaLinkOf('disconnected', true, 2)).toBe('connecting');
    expect(mediaLinkOf('failed', true, 2)).toBe('failed');
    expect(mediaLinkOf('new', true, 0)).toBe('failed');
    expect(mediaLinkOf('connecting', false, 0)).toBe('connecting');
  });
});
