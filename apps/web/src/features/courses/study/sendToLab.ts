import { labPasteMessage, type LabPaste } from '@platform/contract';
import { frameLoadedAttribute } from '../../labs/frameLoaded';

/**
 * Posts a command to the lab frames inside `lab`, each at its own origin; the terminal pastes it
 * at its prompt (see `labPasteMessage`), and the lab's tabs show the terminal. A frame whose page
 * is still loading gets it once loaded. False when no lab frame is open.
 */
export function sendToLab(lab: HTMLElement | null, command: string): boolean {
  const frames = Array.from(lab?.querySelectorAll('iframe') ?? []);
  const message: LabPaste = { type: labPasteMessage, text: command };
  let sent = false;
  for (const frame of frames) {
    if (!frame.src) continue;
    const post = () =>
      frame.contentWindow?.postMessage(message, new URL(frame.src, window.location.href).origin);
    if (frame.hasAttribute(frameLoadedAttribute)) post();
    else frame.addEventListener('load', post, { once: true });
    frame.dispatchEvent(new Event(labPasteMessage, { bubbles: true }));
    sent = true;
  }
  return sent;
}
