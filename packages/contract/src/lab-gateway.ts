/** Paths served on a lab's own origin by the gateway. */
export const labGatewayPaths = {
  /** `?t=<ticket>&next=<path>`: trades a ticket for the lab's cookie, then redirects to `next`. */
  ticket: '/__lab/ticket',
  /** JSON `LabPageInfo` for the lab's own pages. */
  info: '/__lab/info',
  /** The terminal or simulation-panel WebSocket. */
  socket: '/__lab/ws',
} as const;

/**
 * The platform page that opens a lab in a tab of its own: `<path>/<containerId>?next=<path on the
 * lab origin>`. It asks for a ticket as the signed-in student and goes to it. The gateway sends a
 * tab that reaches a lab origin without the lab's cookie here (a file Jupyter opens in a new tab:
 * the frame's cookie is partitioned to the platform's page).
 */
export const labOpenPath = '/lab';

/** WebSocket close codes of the lab gateway; after these a page must not reconnect. */
export const labCloseCodes = {
  forbidden: 4403,
  gone: 4404,
} as const;

/**
 * A message the platform page posts to a lab's terminal frame: the text is pasted at the prompt,
 * not run (the student presses Enter). The terminal takes it only from the window that frames it,
 * which the lab's `frame-ancestors` limits to the platform.
 */
export const labPasteMessage = 'platform.lab.paste' as const;
export interface LabPaste {
  type: typeof labPasteMessage;
  text: string;
}
/** Longest text a paste message carries (a command of the command configuration). */
export const labPasteMaxLength = 2000;
