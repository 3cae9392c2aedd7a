import { completeTutorial } from '../api/tutorial-completions';
import { TUTORIALS } from './tutorial-catalog';
import { TutorialMachine } from './tutorial-machine';

/** One machine for the app: the shell's provider drives it, the profile resets it. */
export const tutorialMachine = new TutorialMachine({
  catalog: TUTORIALS,
  // Remembered on the server so another device does not replay it; a failed call only means a replay there.
  onComplete: (id) => void completeTutorial(id).catch(() => undefined),
});
