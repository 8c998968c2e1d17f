import { setupServer } from 'msw/node';

/**
 * The one mock API of the web's tests (msw in Node): started by testing/setup.ts for every web test
 * file, reset after each test. A test declares what the API answers with `server.use(answer(...))`
 * (testing/handlers.ts); a request nobody declared fails the test (onUnhandledRequest: 'error').
 */
export const server = setupServer();
