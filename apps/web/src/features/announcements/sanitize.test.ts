import { describe, expect, it } from 'vitest';
import { sanitizeAnnouncementHtml } from './AnnouncementOverlay';

describe('announcement HTML', () => {
  it('keeps formatting and drops scripts and event handlers', () => {
    const html = sanitizeAnnouncementHtml(
      '<p onclick="alert(1)">维护<b>通知</b></p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">x</a>',
    );
    expect(html).toContain('<p>维护<b>通知</b></p>');
    expect(html).not.toContain('script');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
  });
});
