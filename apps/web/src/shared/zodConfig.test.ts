import { describe, expect, it } from 'vitest';
import './zodConfig';
import { config } from 'zod';

describe('zod settings of the web app', () => {
  it('runs zod without its eval probe, which the content security policy would report', () => {
    expect(config().jitless).toBe(true);
  });
});
