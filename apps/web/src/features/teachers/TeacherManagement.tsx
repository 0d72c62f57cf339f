export function TeacherManagement() {
  return null;
}
