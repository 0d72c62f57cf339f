const drift: string[] = [];

/** Notes an answer of a fake that its route would never send (see `fakeRoutes`). */
export function recordDrift(text: string): void {
  drift.push(text);
}

/** The answers that did not match their route's response schema since the last call; clears them. */
export function takeDrift(): string[] {
  return drift.splice(0);
}
