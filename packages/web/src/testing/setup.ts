import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// Setup of the web's test files (vitest.config.ts, project "web"; jsdom): the mock API of
// testing/server.ts for every file, the browser APIs jsdom lacks and Mantine reads, and a clean
// document and API after each test.

// The browser is in Los Angeles and the offices of the fixtures in New York (testing/fixtures.ts):
// a screen that shows the browser's clock instead of the office's shows 3 hours off and fails.
// Node re-reads TZ when it is assigned.
process.env.TZ = 'America/Los_Angeles';

// Mantine reads the media queries and the element sizes; jsdom has neither.
// A file may run in Node instead (`// @vitest-environment node`): then there is no document to patch.
const inBrowser = typeof window !== 'undefined';
if (inBrowser && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
if (inBrowser) {
  Element.prototype.scrollIntoView ??= () => undefined;
  // Mantine's autosize textarea listens for web fonts loading (document.fonts).
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
  }
}

// A screen's first render loads its language namespace (lib/i18n.ts) and its reads: allow 5 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
