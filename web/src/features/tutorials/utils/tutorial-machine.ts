import type { TutorialId } from '@parallels/contract/tutorials';
import { tutorialsForPath, type Tutorial } from './tutorial-catalog';

// Spec core.md sections 4 and 9 (reports.md section 9): queue delay 1.5 s, start delay 0.5 s.
export const QUEUE_DELAY_MS = 1500;
export const START_DELAY_MS = 500;

export interface TutorialState {
  /** true for the session of a user's first login (loginCount 1); cleared when the session ends */
  isFirstTime: boolean;
  active: { id: TutorialId; step: number } | null;
  queue: TutorialId[];
  completed: Partial<Record<TutorialId, true>>;
}

export interface MachineOptions {
  catalog: Tutorial[];
  /** a tutorial was finished or stopped: remember it (the server) */
  onComplete?: (id: TutorialId) => void;
  /** timers (tests pass fake ones through vi.useFakeTimers) */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

const INITIAL: TutorialState = { isFirstTime: false, active: null, queue: [], completed: {} };

/**
 * The tutorial state machine, apart from React and driver.js so its timings can be tested with fake timers.
 * Screens report the path (`visit`) and the element lookups (`showStep`); the runner renders `active`.
 */
export class TutorialMachine {
  private state: TutorialState = INITIAL;
  private readonly listeners = new Set<() => void>();
  /** tutorials already queued by a visit this session: each is queued once */
  private readonly offered = new Set<TutorialId>();
  /** reset from the profile: queued again on the next visit to their route, first login or not */
  private readonly replay = new Set<TutorialId>();
  private queueTimer: unknown;
  private startTimer: unknown;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: MachineOptions) {
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  get = (): TutorialState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<TutorialState>): void {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  private tutorial(id: TutorialId): Tutorial | undefined {
    return this.options.catalog.find((t) => t.id === id);
  }

  /** Sign-in: first-time when loginCount is 1; what the server says is already done. */
  startSession(input: { loginCount: number; completed: TutorialId[] }): void {
    this.set({ isFirstTime: input.loginCount === 1, completed: Object.fromEntries(input.completed.map((id) => [id, true])) });
  }

  /** The server's list arrived (or changed on another device): completed ones never play. */
  setCompleted(ids: TutorialId[]): void {
    const completed = Object.fromEntries(ids.map((id) => [id, true])) as TutorialState['completed'];
    const active = this.state.active && completed[this.state.active.id] ? null : this.state.active;
    this.set({ completed, active, queue: this.state.queue.filter((id) => !completed[id]) });
    this.scheduleStart();
  }

  /** The session ended: the first-time flag clears, nothing stays queued or running. */
  endSession(): void {
    this.cancelTimers();
    this.offered.clear();
    this.replay.clear();
    this.state = INITIAL;
    for (const l of this.listeners) l();
  }

  /** A screen was opened: 1.5 s later its tutorials are queued (once each), then auto-start. */
  visit(path: string): void {
    if (this.queueTimer !== undefined) this.clearTimer(this.queueTimer);
    this.queueTimer = this.setTimer(() => {
      this.queueTimer = undefined;
      const fresh = tutorialsForPath(this.options.catalog, path)
        .map((t) => t.id)
        .filter((id) => (this.state.isFirstTime && !this.offered.has(id)) || this.replay.has(id));
      for (const id of fresh) {
        this.offered.add(id);
        this.replay.delete(id);
      }
      this.enqueue(fresh);
    }, QUEUE_DELAY_MS);
  }

  private enqueue(ids: TutorialId[]): void {
    const add = ids.filter((id) => !this.state.completed[id] && !this.state.queue.includes(id) && this.state.active?.id !== id);
    if (add.length) this.set({ queue: [...this.state.queue, ...add] });
    this.scheduleStart();
  }

  /** A queued tutorial starts 0.5 s after the queue has one and none is active. */
  private scheduleStart(): void {
    if (this.state.active || this.state.queue.length === 0 || this.startTimer !== undefined) return;
    this.startTimer = this.setTimer(() => {
      this.startTimer = undefined;
      if (!this.state.active) this.startNext();
    }, START_DELAY_MS);
  }

  private startNext(): void {
    const [id, ...rest] = this.state.queue.filter((q) => !this.state.completed[q]);
    this.set({ active: id ? { id, step: 0 } : null, queue: rest });
  }

  private complete(id: TutorialId): void {
    this.set({ completed: { ...this.state.completed, [id]: true } });
    this.options.onComplete?.(id);
  }

  /**
   * The runner looked for the active step's element: a missing one is skipped (the next step is tried, and
   * past the last step the tutorial ends as if Next had been pressed on it).
   */
  showStep(elementExists: (selector: string) => boolean): TutorialState['active'] {
    const active = this.state.active;
    if (!active) return null;
    const steps = this.tutorial(active.id)?.steps ?? [];
    let step = active.step;
    while (step < steps.length && !elementExists(steps[step]!.element)) step += 1;
    if (step >= steps.length) {
      this.next();
      return this.state.active && this.showStep(elementExists);
    }
    if (step !== active.step) this.set({ active: { id: active.id, step } });
    return this.state.active;
  }

  /** Next on a step: the following step, or after the last one the tutorial ends. */
  nextStep(): void {
    const active = this.state.active;
    if (!active) return;
    const steps = this.tutorial(active.id)?.steps.length ?? 0;
    if (active.step + 1 < steps) this.set({ active: { id: active.id, step: active.step + 1 } });
    else this.next();
  }

  /**
   * Next on a tutorial: it is complete, its related tutorials are queued, and the next in the queue starts
   * (or nothing is active any more).
   */
  next(): void {
    const active = this.state.active;
    if (!active) return;
    this.complete(active.id);
    const related = (this.tutorial(active.id)?.related ?? []).filter((id) => !this.state.completed[id] && !this.state.queue.includes(id));
    this.set({ queue: [...this.state.queue, ...related], active: null });
    this.startNext();
  }

  /** Stop: the current tutorial counts as complete and the queue is cleared. */
  stop(): void {
    const active = this.state.active;
    if (this.startTimer !== undefined) this.clearTimer(this.startTimer);
    this.startTimer = undefined;
    if (active) this.complete(active.id);
    this.set({ active: null, queue: [] });
  }

  /** Profile: one tutorial, or all, play again (on the next visit to their screen). */
  reset(id?: TutorialId): void {
    const ids = id ? [id] : this.options.catalog.map((t) => t.id);
    const completed = { ...this.state.completed };
    for (const r of ids) {
      delete completed[r];
      this.replay.add(r);
    }
    this.set({ completed });
  }

  private cancelTimers(): void {
    if (this.queueTimer !== undefined) this.clearTimer(this.queueTimer);
    if (this.startTimer !== undefined) this.clearTimer(this.startTimer);
    this.queueTimer = undefined;
    this.startTimer = undefined;
  }
}
