import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { auth as authApi, can, type RoleId } from '@vigil/contract';
import { call } from './api-client';
import { useAuth } from './auth';
import {
  attachRealtime,
  currentRealtime,
  RealtimeConnection,
  realtimeStatus,
  subscribeRealtime,
  subscribeRealtimeStatus,
  type RealtimeListener,
  type RealtimeStatus,
} from './realtime';

/**
 * The real-time socket of the signed-in layout (spec section 7), rendered once inside it: connected
 * while a user who reads notifications is signed in, closed (and not reconnected) on sign-out or
 * when the layout goes. When the server refuses the init (4401) the session is checked, and an
 * ended session signs the user out (the guard then shows the login page).
 */
export function RealtimeSocket(): null {
  const { session, user, logout } = useAuth();
  const logoutRef = useRef(logout);
  useLayoutEffect(() => {
    logoutRef.current = logout;
  });
  const token = session?.sessionGuid ?? null;
  const userId = user?.id ?? null;
  const enabled = !!user && can(user.roleId as RoleId, 'notifications.read');

  useEffect(() => {
    if (!token || userId === null || !enabled) { return; }
    const connection = new RealtimeConnection({
      sessionToken: token,
      userId,
      onRefused: () => {
        call(authApi.checkAuthentication).then(
          (r) => {
            if (!r.authenticated) { logoutRef.current(); }
          },
          () => undefined, // offline: keep trying every 3000 ms
        );
      },
    });
    attachRealtime(connection);
    connection.start();
    return () => {
      connection.stop();
      if (currentRealtime() === connection) { attachRealtime(null); }
    };
  }, [token, userId, enabled]);

  return null;
}

/** Calls `handler` for every event of the real-time socket while the component is mounted. */
export function useRealtimeEvent(handler: RealtimeListener): void {
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useEffect(() => subscribeRealtime((event) => ref.current(event)), []);
}

/** The socket's state: 'ready' once the server accepted the init. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeRealtimeStatus, realtimeStatus);
}
