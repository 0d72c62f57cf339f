export function StudentEdit() {
  return null;
}
