import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { driver, type Driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import { useSession } from '../../../lib/session-store';
import { useTutorialCompletions } from '../api/tutorial-completions';
import { TUTORIALS } from '../utils/tutorial-catalog';
import { tutorialMachine as machine } from '../utils/tutorial-store';

/**
 * Whether the user is in a dialog: a native <dialog> (modal: everything outside it is inert) or a panel that
 * says role="dialog" (the date picker, the report table's filter popovers, the Meta reports drawer); driver.js's
 * own popover says it too.
 */
function dialogOpen(): boolean {
  return typeof document !== 'undefined' && document.querySelector('dialog[open], [role="dialog"]:not(.driver-popover)') !== null;
}

const watchNothing = () => () => undefined;

function subscribeToDialogs(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open', 'role'] });
  return () => observer.disconnect();
}

/**
 * Mounted once in the app shell: feeds the tutorial machine the session and the path, and shows the active
 * step with driver.js. Renders nothing itself.
 */
export function TutorialProvider() {
  const { user } = useSession();
  const location = useLocation();
  const completions = useTutorialCompletions(user?.id);
  const state = useSyncExternalStore(machine.subscribe, machine.get);
  const tour = useRef<Driver | null>(null);
  // When the step on screen showed, and when Escape last went down: driver.js closes on Escape's keyup, and the
  // Escape that closed a dialog (the date picker closes on keydown) comes up after the waiting step showed
  const shownAt = useRef(0);
  const escapeDownAt = useRef(-1);
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') escapeDownAt.current = performance.now();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  const userId = user?.id;
  const loginCount = user?.loginCount ?? 0;
  useEffect(() => {
    if (!userId) return;
    machine.startSession({ loginCount, completed: [] });
    return () => machine.endSession();
  }, [userId, loginCount]);

  useEffect(() => {
    if (completions.data) machine.setCompleted(completions.data.completed);
  }, [completions.data]);

  useEffect(() => {
    if (userId) machine.visit(location.pathname);
  }, [userId, location.pathname]);

  const activeId = state.active?.id;
  const activeStep = state.active?.step;
  // A step never shows while a dialog is open: behind a modal one it would be out of reach (inert), and over
  // the date picker it would interrupt a choice half made (Stop, a click outside, would close the picker). It
  // waits, and shows when the dialog closes. The page is watched only while a tutorial is playing.
  const blocked = useSyncExternalStore(activeId === undefined ? watchNothing : subscribeToDialogs, dialogOpen, () => false);
  useEffect(() => {
    if (activeId === undefined || activeStep === undefined || blocked) {
      tour.current?.destroy();
      tour.current = null;
      return;
    }
    const shown = machine.showStep((selector) => document.querySelector(selector) !== null);
    // a skipped step moved the machine on: the next render shows where it is now
    if (!shown || shown.id !== activeId || shown.step !== activeStep) return;
    const tutorial = TUTORIALS.find((t) => t.id === activeId)!;
    const step = tutorial.steps[activeStep]!;
    const last = activeStep === tutorial.steps.length - 1;
    tour.current ??= driver({
      allowClose: true,
      overlayClickBehavior: () => undefined,
      stagePadding: 6,
      popoverClass: 'parallels-tutorial',
      // Escape stops the tutorial as the close button does, unless it was pressed before this step showed
      onDestroyStarted: () => {
        if (escapeDownAt.current >= shownAt.current) machine.stop();
      },
    });
    shownAt.current = performance.now();
    tour.current.highlight({
      element: step.element,
      popover: {
        title: step.title,
        description: step.description,
        showButtons: ['next', 'close'],
        nextBtnText: last ? 'Finish' : 'Next',
        progressText: `${activeStep + 1} of ${tutorial.steps.length}`,
        showProgress: tutorial.steps.length > 1,
        onNextClick: () => machine.nextStep(),
        onCloseClick: () => machine.stop(),
        onPopoverRender: (popover) => {
          const stop = document.createElement('button');
          stop.type = 'button';
          stop.textContent = 'Stop';
          stop.className = 'parallels-tutorial-stop';
          // looks like driver.js's own footer buttons (its stylesheet styles only the buttons it renders)
          Object.assign(stop.style, { border: '1px solid #ccc', borderRadius: '3px', padding: '3px 7px', fontSize: '12px', background: '#fff', color: '#2d2d2d', marginRight: '4px', cursor: 'pointer' });
          stop.addEventListener('click', () => machine.stop());
          popover.footerButtons.prepend(stop);
          popover.closeButton.setAttribute('aria-label', 'Stop the tutorial');
        },
      },
    });
  }, [activeId, activeStep, blocked]);

  useEffect(
    () => () => {
      tour.current?.destroy();
      tour.current = null;
    },
    [],
  );
  return null;
}
