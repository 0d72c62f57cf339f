export function StudentManagement() {
  return null;
}
