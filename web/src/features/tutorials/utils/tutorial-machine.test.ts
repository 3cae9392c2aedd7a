import { TUTORIAL_IDS } from '@parallels/contract/tutorials';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tutorial } from './tutorial-catalog';
import { TUTORIALS, tutorialsForPath } from './tutorial-catalog';
import { QUEUE_DELAY_MS, START_DELAY_MS, TutorialMachine } from './tutorial-machine';

const step = (element: string) => ({ element, title: element, description: element });
const catalog: Tutorial[] = [
  { id: 'dashboard-overview', title: 'D', routes: ['/dashboard'], description: '', priority: 1, related: ['dashboard-support'], componentId: 'd', steps: [step('#a'), step('#b'), step('#c')] },
  { id: 'conversion-demographics', title: 'C', routes: ['/dashboard'], description: '', priority: 2, related: [], componentId: 'c', steps: [step('#x')] },
  { id: 'dashboard-support', title: 'S', routes: [], description: '', priority: 3, related: [], componentId: 's', steps: [step('#s')] },
  { id: 'ad-metrics-overview', title: 'A', routes: ['/ad-metrics/:brandId', '/admetrics/:brandId'], description: '', priority: 1, related: [], componentId: 'a', steps: [step('#m')] },
];

describe('tutorial state machine (spec core.md section 4)', () => {
  let completedOnServer: string[];
  let m: TutorialMachine;
  beforeEach(() => {
    vi.useFakeTimers();
    completedOnServer = [];
    m = new TutorialMachine({ catalog, onComplete: (id) => completedOnServer.push(id) });
  });
  afterEach(() => vi.useRealTimers());

  it('is first-time only when loginCount is 1', () => {
    m.startSession({ loginCount: 1, completed: [] });
    expect(m.get().isFirstTime).toBe(true);
    m.startSession({ loginCount: 2, completed: [] });
    expect(m.get().isFirstTime).toBe(false);
  });

  it("queues the path's tutorials 1.5 s after the visit and starts the first 0.5 s later", () => {
    m.startSession({ loginCount: 1, completed: [] });
    m.visit('/dashboard');
    vi.advanceTimersByTime(QUEUE_DELAY_MS - 1);
    expect(m.get().queue).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(m.get().queue).toEqual(['dashboard-overview', 'conversion-demographics']);
    expect(m.get().active).toBeNull();
    vi.advanceTimersByTime(START_DELAY_MS - 1);
    expect(m.get().active).toBeNull();
    vi.advanceTimersByTime(1);
    expect(m.get().active).toEqual({ id: 'dashboard-overview', step: 0 });
    expect(m.get().queue).toEqual(['conversion-demographics']);
  });

  it('queues nothing for a returning user, nor tutorials already completed on another device', () => {
    m.startSession({ loginCount: 3, completed: [] });
    m.visit('/dashboard');
    vi.advanceTimersByTime(5000);
    expect(m.get()).toMatchObject({ queue: [], active: null });

    m.startSession({ loginCount: 1, completed: ['dashboard-overview'] });
    m.visit('/dashboard');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    expect(m.get().active).toEqual({ id: 'conversion-demographics', step: 0 });
  });

  it("queues a path's tutorials once: revisiting the screen does not queue them again", () => {
    m.startSession({ loginCount: 1, completed: [] });
    m.visit('/dashboard');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    m.stop();
    m.visit('/dashboard');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    expect(m.get()).toMatchObject({ active: null, queue: [] });
  });

  it('only the last screen visited within 1.5 s gets its tutorials queued', () => {
    m.startSession({ loginCount: 1, completed: [] });
    m.visit('/dashboard');
    vi.advanceTimersByTime(1000);
    m.visit('/admetrics/b1');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    expect(m.get().active).toEqual({ id: 'ad-metrics-overview', step: 0 });
  });

  it('matches the AdMetrics tutorial on /ad-metrics/{brandId} (the spec) and /admetrics/{brandId} (the app)', () => {
    expect(tutorialsForPath(catalog, '/ad-metrics/b1').map((t) => t.id)).toEqual(['ad-metrics-overview']);
    expect(tutorialsForPath(catalog, '/admetrics/b1').map((t) => t.id)).toEqual(['ad-metrics-overview']);
    expect(tutorialsForPath(TUTORIALS, '/conversion-reports/b1/demographics').map((t) => t.id)).toEqual(['conversion-demographics']);
    expect(tutorialsForPath(catalog, '/dashboard/extra')).toEqual([]);
  });

  it('every report screen built so far has its tutorial, and every tutorial id is one the server accepts', () => {
    expect(tutorialsForPath(TUTORIALS, '/marketing-insights/b1').map((t) => t.id)).toEqual(['marketing-insights-overview']);
    expect(tutorialsForPath(TUTORIALS, '/google-reports/b1').map((t) => t.id)).toEqual(['google-reports-overview']);
    for (const [path, id] of [
      ['/ecommerce-reports/b1', 'ecommerce-reports-overview'],
      ['/segment-dashboard/b1', 'segment-dashboard-overview'],
      ['/meta-reports/b1', 'meta-reports-overview'],
      ['/meta-campaigns/b1', 'meta-campaigns-overview'],
      ['/meta-interest/b1', 'meta-interest-overview'],
    ]) expect(tutorialsForPath(TUTORIALS, path!).map((t) => t.id)).toEqual([id]);
    expect(TUTORIALS.map((t) => t.id).sort()).toEqual([...TUTORIAL_IDS].sort());
  });

  it('Next completes the tutorial, queues its related ones and starts the next in the queue', () => {
    m.startSession({ loginCount: 1, completed: [] });
    m.visit('/dashboard');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    m.next();
    expect(completedOnServer).toEqual(['dashboard-overview']);
    expect(m.get().completed).toEqual({ 'dashboard-overview': true });
    expect(m.get().active).toEqual({ id: 'conversion-demographics', step: 0 });
    expect(m.get().queue).toEqual(['dashboard-support']);
    m.next();
    expect(m.get().active).toEqual({ id: 'dashboard-support', step: 0 });
    m.next();
    expect(m.get()).toMatchObject({ active: null, queue: [] });
    expect(completedOnServer).toEqual(['dashboard-overview', 'conversion-demographics', 'dashboard-support']);
  });

  it('steps through with Next and ends the tutorial after the last step', () => {
    m.startSession({ loginCount: 1, completed: [] });
    m.visit('/dashboard');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    m.nextStep();
    m.nextStep();
    expect(m.get().active).toEqual({ id: 'dashboard-overview', step: 2 });
    m.nextStep();
    expect(completedOnServer).toEqual(['dashboard-overview']);
    expect(m.get().active?.id).toBe('conversion-demographics');
  });

  it('Stop completes the current tutorial and clears the queue', () => {
    m.startSession({ loginCount: 1, completed: [] });
    m.visit('/dashboard');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    m.stop();
    expect(m.get()).toMatchObject({ active: null, queue: [], completed: { 'dashboard-overview': true } });
    expect(completedOnServer).toEqual(['dashboard-overview']);
    vi.advanceTimersByTime(10_000);
    expect(m.get().active).toBeNull();
  });

  it("skips a step whose element is missing, and a tutorial with none of its elements", () => {
    m.startSession({ loginCount: 1, completed: [] });
    m.visit('/dashboard');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    const present = new Set(['#b', '#c']);
    expect(m.showStep((s) => present.has(s))).toEqual({ id: 'dashboard-overview', step: 1 });
    m.nextStep();
    expect(m.showStep((s) => present.has(s))).toEqual({ id: 'dashboard-overview', step: 2 });
    m.nextStep();
    // conversion-demographics' only element (#x) is missing: it ends, and its turn passes to the related one
    expect(m.showStep((s) => s === '#s')).toEqual({ id: 'dashboard-support', step: 0 });
    expect(completedOnServer).toEqual(['dashboard-overview', 'conversion-demographics']);
  });

  it('a tutorial queued while another is active waits for it, then starts after 0.5 s', () => {
    m.startSession({ loginCount: 1, completed: [] });
    m.visit('/admetrics/b1');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    expect(m.get().active?.id).toBe('ad-metrics-overview');
    m.visit('/dashboard');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    expect(m.get().active?.id).toBe('ad-metrics-overview');
    expect(m.get().queue).toEqual(['dashboard-overview', 'conversion-demographics']);
    m.stop();
    expect(m.get().queue).toEqual([]);
  });

  it('clears the first-time flag, the queue and pending timers when the session ends', () => {
    m.startSession({ loginCount: 1, completed: [] });
    m.visit('/dashboard');
    m.endSession();
    vi.advanceTimersByTime(10_000);
    expect(m.get()).toEqual({ isFirstTime: false, active: null, queue: [], completed: {} });
  });

  it('reset one or all: they play again on the next visit, even after the first login', () => {
    m.startSession({ loginCount: 5, completed: ['dashboard-overview', 'ad-metrics-overview'] });
    m.reset('ad-metrics-overview');
    expect(m.get().completed).toEqual({ 'dashboard-overview': true });
    m.visit('/admetrics/b1');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    expect(m.get().active).toEqual({ id: 'ad-metrics-overview', step: 0 });
    m.stop();
    m.reset();
    expect(m.get().completed).toEqual({});
    m.visit('/dashboard');
    vi.advanceTimersByTime(QUEUE_DELAY_MS + START_DELAY_MS);
    expect(m.get().active?.id).toBe('dashboard-overview');
  });

  it('every step of the real catalog says something and points somewhere', () => {
    for (const t of TUTORIALS) {
      expect(t.steps.length).toBeGreaterThan(0);
      for (const s of t.steps) {
        expect(s.element).not.toBe('');
        expect(() => document.querySelector(s.element)).not.toThrow();
        expect(s.description.length).toBeGreaterThan(20);
      }
      for (const r of t.related) expect(TUTORIALS.some((x) => x.id === r)).toBe(true);
    }
  });
});
