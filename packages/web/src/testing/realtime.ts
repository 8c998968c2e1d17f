import { act } from '@testing-library/react';
import { attachRealtime, type RealtimeConnection, type RealtimeEvent, type RealtimeListener } from '../lib/realtime';

/**
 * A stand-in for the real-time socket (lib/realtime.ts), attached as the current connection, so a
 * test pushes the server's messages (`emit`) to every `useRealtimeEvent` of the rendered screen.
 * `detach()` removes it (call it after the test).
 */
export function fakeRealtime(): { emit(event: RealtimeEvent): void; detach(): void } {
  const listeners = new Set<RealtimeListener>();
  const connection = {
    status: 'ready',
    subscribe(listener: RealtimeListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus() {
      return () => undefined;
    },
  } as unknown as RealtimeConnection;
  attachRealtime(connection);
  return {
    emit: (event) => act(() => listeners.forEach((l) => l(event))),
    detach: () => attachRealtime(null),
  };
}
