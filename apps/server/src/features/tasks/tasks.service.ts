/** What other features do to teaching tasks and student tasks. */
export { deleteStudentTasks } from './tasks.repo';
