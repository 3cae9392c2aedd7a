import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEEP_SECONDS, BEEP_TONES_HZ, playNotificationSound, resetNotificationSound } from './notification-sound';

describe('notification sound', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetNotificationSound();
  });

  it('does nothing where there is no Web Audio (jsdom)', () => {
    expect(playNotificationSound()).toBe(false);
  });

  it('plays two tones, one after the other, 0.2 s in all', () => {
    const tones: { frequency: number; start: number; stop: number }[] = [];
    class FakeAudioContext {
      state = 'suspended';
      currentTime = 5;
      destination = {};
      resume = vi.fn(() => Promise.resolve());
      createOscillator() {
        const tone = { frequency: 0, start: 0, stop: 0 };
        tones.push(tone);
        return {
          type: '',
          frequency: {
            set value(v: number) {
              tone.frequency = v;
            },
          },
          connect: vi.fn(),
          start: (t: number) => (tone.start = t),
          stop: (t: number) => (tone.stop = t),
        };
      }
      createGain() {
        return { gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() }, connect: vi.fn() };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    expect(playNotificationSound()).toBe(true);
    expect(tones.map((t) => t.frequency)).toEqual([...BEEP_TONES_HZ]);
    expect(tones[0]!.start).toBe(5);
    expect(tones[1]!.start).toBeCloseTo(tones[0]!.stop);
    expect(tones[1]!.stop - tones[0]!.start).toBeCloseTo(BEEP_SECONDS);
    expect(BEEP_SECONDS).toBe(0.2);
    expect(tones[0]!.frequency).not.toBe(tones[1]!.frequency);
  });

  it('a browser that refuses audio is not an error', () => {
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('not allowed');
        }
      },
    );
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    expect(playNotificationSound()).toBe(false);
  });
});
