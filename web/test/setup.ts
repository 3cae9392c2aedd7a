import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { fakeSocketIo, fakeSockets } from './fake-socket';

// The signed-in shell opens the realtime connection: no test may reach for a real server.
vi.mock('socket.io-client', () => ({ io: fakeSocketIo }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  fakeSockets.length = 0;
  fakeSocketIo.mockClear();
});
