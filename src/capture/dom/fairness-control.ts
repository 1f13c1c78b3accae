// Whether a trusted action was on a control the page labels, in its text, as a fairness control:
// rotate the seed pair, show or hide it, set the client seed, or the client seed field itself.
// It is still the round's first action like any other (the page decides what a control says: see
// session/round-tracker.ts); the label only decides which reveals retire a pair there, and finds the
// client seed field whose typing session/player-seed.ts follows. Read from the text the page gives
// the control, never from its position or style: reading text runs no page code and tells the page
// nothing.
import { labelKey } from '../../shared/label-key.js';
import { CONTROL_WORDS, matchLabel } from '../readers/labels.js';

const CONTROLS = 'button,a,summary,label,input,textarea,[role=button],[role=tab],[role=switch]';

/** What a trusted action was on: the client seed field, another fairness control, or neither. Never throws: the action must count whatever the page put under it. */
export function fairnessControlOf(event: Event): 'client-seed' | 'control' | undefined {
  try {
    // Inside an open shadow root the window sees the host as the target: the path starts at the node itself.
    const target = event.composedPath()[0];
    const control = target instanceof Element ? target.closest(CONTROLS) : null;
    if (control === null) return undefined;
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      // The client seed field: named by its label, or by its own aria-label or placeholder.
      const name = control.labels?.[0]?.textContent ?? control.getAttribute('aria-label') ?? control.placeholder;
      return matchLabel(name)?.field === 'clientSeed' ? 'client-seed' : undefined;
    }
    const text = control.textContent ?? '';
    return text.length <= 80 && CONTROL_WORDS.has(labelKey(text)) ? 'control' : undefined;
  } catch {
    return undefined;
  }
}
