import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** A section of an info page (a course, a task, a report), under its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="cs-section">
      <Typography.Title level={4}>{title}</Typography.Title>
      {children}
    </section>
  );
}
