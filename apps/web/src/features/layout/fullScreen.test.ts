import { describe, expect, it } from 'vitest';
import { isFullScreenPath } from './fullScreen';

describe('full-screen paths', () => {
  it('hide the header and side menu on /task, /experiment, /reportInfo and /exam', () => {
    for (const path of [
      '/sch_edu/course/task',
      '/sch_edu/env/experiment',
      '/sch_edu/my/reportInfo',
      '/sch_edu/exam',
    ]) {
      expect(isFullScreenPath(path)).toBe(true);
    }
    for (const path of [
      '/sch_edu/workbench',
      '/sch_edu/task/list',
      '/sch_edu/examine',
      '/sch_edu/tasks',
    ]) {
      expect(isFullScreenPath(path)).toBe(false);
    }
  });
});
