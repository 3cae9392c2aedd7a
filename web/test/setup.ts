import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { fakeSocketIo, fakeSockets } from './fake-socket';
import { apiLifecycle } from './api';

// The signed-in shell opens the realtime connection: no test may reach for a real server.
vi.mock('socket.io-client', () => ({ io: fakeSocketIo }));

// Every HTTP call is answered by the contract-typed handlers of test/api.ts; one nobody answers fails the test.
beforeAll(() => apiLifecycle.start());
afterAll(() => apiLifecycle.stop());

afterEach(() => {
  cleanup();
  localStorage.clear();
  fakeSockets.length = 0;
  fakeSocketIo.mockClear();
  apiLifecycle.reset();
});
