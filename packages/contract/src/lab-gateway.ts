/** Paths served on a lab's own origin by the gateway. */
export const labGatewayPaths = {
  /** `?t=<ticket>&next=<path>`: trades a ticket for the lab's cookie, then redirects to `next`. */
  ticket: '/__lab/ticket',
  /** JSON `LabPageInfo` for the lab's own pages. */
  info: '/__lab/info',
  /** The terminal or simulation-panel WebSocket. */
  socket: '/__lab/ws',
} as const;

/** WebSocket close codes of the lab gateway; after these a page must not reconnect. */
export const labCloseCodes = {
  forbidden: 4403,
  gone: 4404,
} as const;
