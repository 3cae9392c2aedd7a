/**
 * spec core.md section 9: "Sound is a two-tone beep of 0.2 s": two 0.1 s sine tones, the second higher,
 * made with Web Audio so there is no sound file to download.
 */
export const BEEP_TONES_HZ = [880, 1320] as const;
export const BEEP_SECONDS = 0.2;
const VOLUME = 0.08;

type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | null = null;

function audioContextConstructor(): AudioContextConstructor | undefined {
  // Older Safari only has the prefixed name; jsdom has neither.
  const g = globalThis as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };
  return g.AudioContext ?? g.webkitAudioContext;
}

/** Plays the beep; false where the browser has no Web Audio (jsdom, very old browsers) or refuses it. */
export function playNotificationSound(): boolean {
  const Ctor = audioContextConstructor();
  if (!Ctor) return false;
  try {
    context ??= new Ctor();
    const ctx = context;
    // Browsers start a context suspended until the user has interacted with the page.
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const toneSeconds = BEEP_SECONDS / BEEP_TONES_HZ.length;
    BEEP_TONES_HZ.forEach((frequency, i) => {
      const start = ctx.currentTime + i * toneSeconds;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(VOLUME, start);
      // A short fade avoids the click of a tone cut off mid-wave.
      gain.gain.exponentialRampToValueAtTime(0.001, start + toneSeconds);
      oscillator.connect(gain);
      gain.connect(ctx.destination);
      oscillator.start(start);
      oscillator.stop(start + toneSeconds);
    });
    return true;
  } catch (error) {
    console.debug('notification sound unavailable', error);
    return false;
  }
}

/** Tests: forget the shared context so a stubbed AudioContext is picked up. */
export function resetNotificationSound(): void {
  context = null;
}
