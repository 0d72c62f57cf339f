export function StudentDetail() {
  return null;
}
