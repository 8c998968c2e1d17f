import { useCallback, useEffect, useRef, useState } from 'react';
import type { IceServers, VisitPeer, VisitSocketMessage } from '@vigil/contract';
import { mediaLinkOf, qualityOf, summariseStats, type CallQuality, type MediaLink } from './quality';
import type { VisitSocket } from './visit-socket';

/** Mesh: each browser holds one connection per other participant; a visit has at most 4 (issue scope). */
export const MAX_PARTICIPANTS = 4;
const STATS_INTERVAL_MS = 2000;

export interface RemoteParticipant {
  peerId: string;
  name: string;
  guest: boolean;
  stream: MediaStream | null;
  quality: CallQuality | null;
  framesDecoded: number;
  /** 'relay' when the media goes through TURN */
  route: string | null;
  /** the media connection with this participant (quality.ts mediaLinkOf) */
  link: MediaLink;
}

interface PeerEntry {
  pc: RTCPeerConnection;
  info: Pick<VisitPeer, 'peerId' | 'name' | 'guest'>;
  /** messages of one peer are handled in order (a candidate waits for its description) */
  chain: Promise<void>;
}

export interface VisitCall {
  local: MediaStream | null;
  mediaError: boolean;
  remotes: RemoteParticipant[];
  micOn: boolean;
  cameraOn: boolean;
  audioOnly: boolean;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  cameraId: string | null;
  microphoneId: string | null;
  ended: boolean;
  toggleMic(): void;
  toggleCamera(): void;
  setAudioOnly(on: boolean): void;
  chooseCamera(deviceId: string): void;
  chooseMicrophone(deviceId: string): void;
}

/**
 * The browser side of a visit (docs/video-visits.md "The room"): camera and microphone
 * (getUserMedia), one RTCPeerConnection per other participant (mesh, up to 4), signaling through
 * `socket` for `appointmentId`. A participant already in the room offers to each newcomer (so two
 * peers never offer to each other at once). Quality and the media route come from getStats()
 * every 2 s. `ended` turns true when the visit is stopped (`stopvideocall` reaches everyone).
 */
export function useVisitCall(opts: { socket: VisitSocket | null; appointmentId: number; ice: IceServers | undefined; startAudioOnly: boolean; active: boolean }): VisitCall {
  const { socket, appointmentId, ice, active } = opts;
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [mediaError, setMediaError] = useState(false);
  const [remotes, setRemotes] = useState<RemoteParticipant[]>([]);
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [audioOnly, setAudioOnlyState] = useState(opts.startAudioOnly);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(null);
  const [microphoneId, setMicrophoneId] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  /** getUserMedia answered (with a stream or a refusal): the room may be joined. */
  const [mediaReady, setMediaReady] = useState(false);
  const peers = useRef(new Map<string, PeerEntry>());
  const localRef = useRef<MediaStream | null>(null);

  const patchRemote = useCallback((peerId: string, patch: Partial<RemoteParticipant>) => {
    setRemotes((list) => list.map((r) => (r.peerId === peerId ? { ...r, ...patch } : r)));
  }, []);

  // Camera and microphone, once the call is active.
  useEffect(() => {
    if (!active) { return; }
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ audio: true, video: !opts.startAudioOnly })
      .then(
        (stream) => {
          if (cancelled) { return stream.getTracks().forEach((t) => t.stop()); }
          localRef.current = stream;
          setLocal(stream);
          setCameraId(stream.getVideoTracks()[0]?.getSettings().deviceId ?? null);
          setMicrophoneId(stream.getAudioTracks()[0]?.getSettings().deviceId ?? null);
          setMediaReady(true);
        },
        () => {
          if (cancelled) { return; }
          localRef.current = new MediaStream();
          setLocal(localRef.current);
          setMediaError(true); // receive-only: the others are still seen and heard
          setMediaReady(true);
        },
      )
      .then(() => navigator.mediaDevices.enumerateDevices())
      .then((list) => !cancelled && list && setDevices(list))
      .catch(() => undefined);
    return () => {
      cancelled = true;
      localRef.current?.getTracks().forEach((t) => t.stop());
      localRef.current = null;
    };
  }, [active, opts.startAudioOnly]);

  // Signaling: join once the local media (or its failure) is known; one connection per peer.
  useEffect(() => {
    if (!active || !socket || !ice || !mediaReady) { return; }
    const config: RTCConfiguration = { iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy };
    const current = peers.current;

    const closePeer = (peerId: string) => {
      current.get(peerId)?.pc.close();
      current.delete(peerId);
      setRemotes((list) => list.filter((r) => r.peerId !== peerId));
    };

    const makePeer = (info: PeerEntry['info']): PeerEntry | null => {
      const existing = current.get(info.peerId);
      if (existing) { return existing; }
      if (current.size >= MAX_PARTICIPANTS - 1) { return null; }
      const pc = new RTCPeerConnection(config);
      const entry: PeerEntry = { pc, info, chain: Promise.resolve() };
      current.set(info.peerId, entry);
      setRemotes((list) => [...list, { ...info, stream: null, quality: null, framesDecoded: 0, route: null, link: 'connecting' }]);
      let localCandidates = 0;
      const updateLink = () => patchRemote(info.peerId, { link: mediaLinkOf(pc.connectionState, pc.iceGatheringState === 'complete', localCandidates) });
      pc.onconnectionstatechange = updateLink;
      pc.onicegatheringstatechange = updateLink;
      pc.onicecandidate = (e) => {
        if (e.candidate) { localCandidates += 1; }
        if (e.candidate) { socket.send({ type: 'visit', action: 'ice', appointmentId, to: info.peerId, candidate: { ...e.candidate.toJSON(), candidate: e.candidate.candidate } }); }
      };
      pc.ontrack = (e) => {
        const stream = e.streams[0] ?? new MediaStream([e.track]);
        patchRemote(info.peerId, { stream });
      };
      return entry;
    };

    const addLocalTracks = (pc: RTCPeerConnection, offering: boolean) => {
      const stream = localRef.current;
      for (const kind of ['audio', 'video'] as const) {
        const track = stream?.getTracks().find((t) => t.kind === kind);
        if (track && stream) { pc.addTrack(track, stream); }
        else if (offering) { pc.addTransceiver(kind, { direction: 'recvonly' }); }
      }
    };

    const onMessage = (m: VisitSocketMessage) => {
      if (m.appointmentId !== appointmentId) { return; }
      switch (m.action) {
        case 'peerJoined': {
          const entry = makePeer(m.peer);
          if (!entry) { return; }
          entry.chain = entry.chain.then(async () => {
            addLocalTracks(entry.pc, true);
            await entry.pc.setLocalDescription(await entry.pc.createOffer());
            const d = entry.pc.localDescription!;
            socket.send({ type: 'visit', action: 'offer', appointmentId, to: m.peer.peerId, description: { type: 'offer', sdp: d.sdp } });
          });
          return;
        }
        case 'offer': {
          const entry = makePeer({ peerId: m.from, name: m.peer?.name ?? '', guest: m.peer?.guest ?? false });
          if (!entry) { return; }
          if (m.peer) { patchRemote(m.from, { name: m.peer.name, guest: m.peer.guest }); }
          entry.chain = entry.chain.then(async () => {
            await entry.pc.setRemoteDescription(m.description);
            addLocalTracks(entry.pc, false);
            await entry.pc.setLocalDescription(await entry.pc.createAnswer());
            socket.send({ type: 'visit', action: 'answer', appointmentId, to: m.from, description: { type: 'answer', sdp: entry.pc.localDescription!.sdp } });
          });
          return;
        }
        case 'answer': {
          const entry = current.get(m.from);
          if (entry) { entry.chain = entry.chain.then(() => entry.pc.setRemoteDescription(m.description)); }
          return;
        }
        case 'ice': {
          const entry = current.get(m.from);
          if (entry) { entry.chain = entry.chain.then(() => entry.pc.addIceCandidate(m.candidate)).catch(() => undefined); }
          return;
        }
        case 'peerLeft':
          return closePeer(m.peerId);
        case 'ended':
          setEnded(true);
          return;
        default:
          return;
      }
    };

    const off = socket.subscribe((event) => {
      if (event.type === 'ready') { socket.send({ type: 'visit', action: 'join', appointmentId }); }
      else if (event.type === 'visit') { onMessage(event); }
    });
    socket.send({ type: 'visit', action: 'join', appointmentId });
    return () => {
      off();
      socket.send({ type: 'visit', action: 'leave', appointmentId });
      for (const peerId of [...current.keys()]) { closePeer(peerId); }
    };
  }, [active, socket, ice, mediaReady, appointmentId, patchRemote]);

  // The offerer learns the answerer's name from peerJoined; the answerer only from the offer's sender: keep names as known.
  useEffect(() => {
    if (!socket) { return; }
    return socket.subscribe((event) => {
      if (event.type === 'visit' && event.action === 'peerJoined') { patchRemote(event.peer.peerId, { name: event.peer.name, guest: event.peer.guest }); }
    });
  }, [socket, patchRemote]);

  // Connection quality and route from getStats().
  useEffect(() => {
    if (!active) { return; }
    const timer = setInterval(() => {
      for (const [peerId, entry] of peers.current) {
        entry.pc.getStats().then(
          (report) => {
            const s = summariseStats(report as unknown as Map<string, { id: string; type: string }>);
            patchRemote(peerId, { quality: qualityOf(s.rttSeconds, s.lossFraction), framesDecoded: s.framesDecoded, route: s.route });
          },
          () => undefined,
        );
      }
    }, STATS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [active, patchRemote]);

  // The visit ended: release camera and microphone at once.
  useEffect(() => {
    if (!ended) { return; }
    for (const entry of peers.current.values()) { entry.pc.close(); }
    peers.current.clear();
    localRef.current?.getTracks().forEach((t) => t.stop());
  }, [ended]);

  const replaceTrack = useCallback(async (kind: 'audio' | 'video', constraints: MediaTrackConstraints | false) => {
    const stream = localRef.current;
    if (!stream) { return; }
    for (const old of stream.getTracks().filter((t) => t.kind === kind)) {
      old.stop();
      stream.removeTrack(old);
    }
    let track: MediaStreamTrack | null = null;
    if (constraints !== false) {
      const got = await navigator.mediaDevices.getUserMedia(kind === 'audio' ? { audio: constraints } : { video: constraints });
      track = got.getTracks()[0] ?? null;
      if (track) { stream.addTrack(track); }
    }
    for (const entry of peers.current.values()) {
      const sender = entry.pc.getTransceivers().find((t) => t.receiver.track.kind === kind)?.sender;
      if (sender) { await sender.replaceTrack(track); }
    }
    setLocal(new MediaStream(stream.getTracks()));
    return track;
  }, []);

  return {
    local,
    mediaError,
    remotes,
    micOn,
    cameraOn,
    audioOnly,
    cameras: devices.filter((d) => d.kind === 'videoinput'),
    microphones: devices.filter((d) => d.kind === 'audioinput'),
    cameraId,
    microphoneId,
    ended,
    toggleMic: () => {
      const next = !micOn;
      localRef.current?.getAudioTracks().forEach((t) => (t.enabled = next));
      setMicOn(next);
    },
    toggleCamera: () => {
      const next = !cameraOn;
      localRef.current?.getVideoTracks().forEach((t) => (t.enabled = next));
      setCameraOn(next);
    },
    setAudioOnly: (on) => {
      setAudioOnlyState(on);
      replaceTrack('video', on ? false : cameraId ? { deviceId: { exact: cameraId } } : {}).then(
        () => setCameraOn(!on),
        () => setMediaError(true),
      );
    },
    chooseCamera: (deviceId) => {
      setCameraId(deviceId);
      if (!audioOnly) { replaceTrack('video', { deviceId: { exact: deviceId } }).catch(() => setMediaError(true)); }
    },
    chooseMicrophone: (deviceId) => {
      setMicrophoneId(deviceId);
      replaceTrack('audio', { deviceId: { exact: deviceId } }).then(
        (track) => {
          if (track) { track.enabled = micOn; }
        },
        () => setMediaError(true),
      );
    },
  };
}
