import { afterAll, beforeAll } from 'vitest';
import { restoreClock, runClock, setTestClock } from './clock';

// Vitest setup file (vitest.config.ts `setupFiles`, run before each test file): with
// VIGIL_TEST_NOW set, every test file of the run starts on that instant (test/clock.ts), its
// module-level code included. A file that sets its own clock (useTestClock) overrides it; its
// afterAll returns to this one.
const at = runClock();
if (at) {
  setTestClock(at);
  beforeAll(() => setTestClock(at));
  afterAll(() => restoreClock());
}
